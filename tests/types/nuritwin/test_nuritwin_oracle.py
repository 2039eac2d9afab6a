"""The SAT oracle of Nuritwin's generator (versions 3 on): its yes/no answers are the counting search's,
and its first answer is the one its order lists first, whichever SAT solver finds it."""

from __future__ import annotations

import random

import pytest

from pipeline.budget import Budget
from pipeline.puzzles.nuritwin import oracle, steps
from pipeline.puzzles.nuritwin.steps import block_sizes
from pipeline.puzzles.nuritwin.solver import Layout

MANY = 100_000  # more answers than any 6 x 6 layout here has: the search lists them all


def layouts(count: int, size: int = 6):
    """(layout, its regions, every answer as a mask) of the first `count` grown layouts with fewer
    than MANY answers."""
    rng = random.Random("oracle")
    found = []
    while len(found) < count:
        labels = steps.grow_regions(size, size, rng, (4, 7))
        if labels is None:
            continue
        layout = Layout(size, size, labels)
        every = layout.answers((None,) * len(layout.region_masks), MANY, Budget())
        if 0 < len(every) < MANY:
            found.append((layout, labels, [layout.shaded(answer) for answer in every]))
    return found


LAYOUTS = layouts(8)


@pytest.mark.parametrize("index", range(len(LAYOUTS)))
def test_yes_no_answers_are_the_counting_searchs(index):
    layout, labels, every = LAYOUTS[index]
    asked = oracle.Oracle(layout.rows, layout.cols)
    for shaded in every[:5]:
        sizes = block_sizes(labels, layout.answer(shaded))
        with_sizes = [other for other in every if block_sizes(labels, layout.answer(other)) == sizes]
        assert asked.has_answer(layout, sizes, besides=shaded) == (len(with_sizes) > 1)
        for region in range(len(sizes)):
            without = sizes[:region] + (None,) + sizes[region + 1:]
            expected = bool(layout.answers(without, 1, Budget(), other_than=(region, sizes[region])))
            assert asked.has_answer(layout, without, other_than=(region, sizes[region])) == expected
    assert asked.has_answer(layout, (None,) * len(layout.region_masks))
    asked.close()


@pytest.mark.parametrize("solver", ["cadical195", "minisat22", "glucose4"])
@pytest.mark.parametrize("index", range(len(LAYOUTS)))
def test_the_first_answer_is_the_one_the_order_lists_first_with_any_solver(monkeypatch, solver, index):
    monkeypatch.setattr(oracle, "SOLVER", solver)
    layout, _, every = LAYOUTS[index]
    rng = random.Random(f"order {index}")
    regions = list(range(len(layout.region_masks)))
    rng.shuffle(regions)
    orders = [(region, rng.sample(range(len(layout.options[region])), len(layout.options[region]))) for region in regions]

    def rank(shaded: int) -> list[int]:
        return [
            order.index(next(i for i, option in enumerate(layout.options[region]) if option[0] == shaded & layout.region_masks[region]))
            for region, order in orders
        ]

    asked = oracle.Oracle(layout.rows, layout.cols)
    assert asked.first_answer(layout, (None,) * len(regions), orders) == min(every, key=rank)
    besides = every[0]
    others = [shaded for shaded in every if shaded != besides]
    expected = min(others, key=rank) if others else None
    assert asked.first_answer(layout, (None,) * len(regions), orders, besides=besides) == expected
    asked.close()


def test_one_oracle_answers_as_the_counting_search_across_many_8x8_layouts():
    """The network's cuts name cells by the activation literals of whole regions and stay while the
    layouts change (as reshaping changes them), so one oracle is asked about many 8 x 8 layouts in
    turn: removing random numbers from a drawn answer's, and whether a second answer fits."""
    rng = random.Random("oracle 8x8")
    asked = oracle.Oracle(8, 8)
    questions = 0
    while questions < 150:
        labels = steps.grow_regions(8, 8, rng, (4, 7))
        if labels is None:
            continue
        layout = Layout(8, 8, labels)
        regions = len(layout.region_masks)
        found = layout.answers((None,) * regions, 1, Budget())
        if not found:
            assert not asked.has_answer(layout, (None,) * regions)
            continue
        shaded = layout.shaded(found[0])
        sizes = block_sizes(labels, found[0])
        assert asked.has_answer(layout, sizes, besides=shaded) == (len(layout.answers(sizes, 2, Budget())) > 1)
        numbers = list(sizes)
        for region in rng.sample(range(regions), regions):
            numbers[region] = None
            other_than = (region, sizes[region])
            expected = bool(layout.answers(tuple(numbers), 1, Budget(), other_than=other_than))
            assert asked.has_answer(layout, tuple(numbers), other_than=other_than) == expected
            if expected and rng.random() < 0.5:
                numbers[region] = sizes[region]
            questions += 1
    asked.close()
