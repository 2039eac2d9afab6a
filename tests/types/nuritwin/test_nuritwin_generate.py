"""The Nuritwin generator: every puzzle re-checked and proved twice, every number needed.
(Reprints across processes and golden records: test_contract.py and test_golden.py.)"""

from __future__ import annotations

import dataclasses
import random
import statistics
import time
from functools import cache

import pytest

from pipeline.budget import Budget
from pipeline.codes import rng_for
from pipeline.puzzles.nuritwin import PUZZLE_TYPE as NURITWIN
from pipeline.puzzles.nuritwin import generate, steps
from pipeline.puzzles.nuritwin.solver import Layout
from pipeline.puzzles.nuritwin.versions import CURRENT
from pipeline.puzzles.nuritwin.model import NuritwinPuzzle

CODES = {6: ["harbour", "lantern", "2026-11-30"], 7: ["harbour", "lantern"], 8: ["harbour", "lantern"],
         9: ["harbour"], 10: ["harbour"]}
SLOW = pytest.mark.slow  # 9 x 9 and 10 x 10 take 5-7 s each to make and prove on a busy machine
CASES = [pytest.param(size, code, marks=[SLOW] if size >= 9 else []) for size, codes in CODES.items() for code in codes]


@cache
def made(size: int, code: str):
    return NURITWIN.make(size, code, Budget())


def without_number(puzzle: NuritwinPuzzle, region: int) -> NuritwinPuzzle:
    r, c = puzzle.region_cells[region][0]
    clues = [list(row) for row in puzzle.clues]
    clues[r][c] = None
    return NuritwinPuzzle(puzzle.rows, puzzle.cols, puzzle.regions, tuple(map(tuple, clues)), puzzle.answer)


@pytest.mark.parametrize("size, code", CASES)
def test_generated_puzzles_are_valid_unique_and_proved_twice(size, code):
    result = made(size, code)
    puzzle, stats = result.puzzle, result.stats
    assert (puzzle.rows, puzzle.cols) == (size, size)
    assert NURITWIN.failures(puzzle, puzzle.answer) == []
    assert NURITWIN.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert NURITWIN.prove(puzzle, 2) == [puzzle.answer]
    assert NURITWIN.from_record({"rows": size, "cols": size, **NURITWIN.to_record(puzzle)}) == puzzle
    assert all(4 <= len(cells) <= 9 for cells in puzzle.region_cells)
    assert stats["regions"] == len(puzzle.region_cells)
    assert stats["numbers"] == sum(number is not None for number in puzzle.numbers)
    assert 0 <= stats["reshaping_moves"] <= 40
    assert stats["attempts"] >= 1 + stats["dropped_at_step_limit"]


@pytest.mark.parametrize("size, code", [(6, "harbour"), (8, "harbour"), (8, "lantern"), pytest.param(10, "harbour", marks=SLOW)])
def test_every_printed_number_is_needed(size, code):
    puzzle = made(size, code).puzzle
    numbered = [region for region, number in enumerate(puzzle.numbers) if number is not None]
    assert numbered
    for region in numbered:
        assert len(NURITWIN.prove(without_number(puzzle, region), 2)) == 2, region


def test_searches_that_reach_their_step_limit_are_dropped_and_counted():
    tight = dataclasses.replace(CURRENT, count_steps=20, draw_steps=((0, 100),))
    result = generate.generate(7, 7, rng_for("nuritwin", NURITWIN.make_params(7), "dropping"), Budget(), tight)
    puzzle = result.puzzle
    assert result.stats["dropped_at_step_limit"] > 0
    assert NURITWIN.prove(puzzle, 2) == [puzzle.answer] and NURITWIN.failures(puzzle, puzzle.answer) == []


@pytest.mark.parametrize("size, limit", [(11, 30), (12, 60)])
def test_a_draw_visits_up_to_its_grid_sizes_limit_before_its_layout_is_dropped(size, limit):
    version = dataclasses.replace(CURRENT, draw_steps=((0, 30), (144, 60)))
    rng = random.Random("long draws")
    spent = set()
    for _ in range(40):
        labels = steps.grow_regions(size, size, rng, (5, 8))
        if labels is None:
            continue
        budget = Budget()
        try:
            steps.draw(Layout(size, size, labels), budget, rng, version)
        except steps.LayoutDropped:
            spent.add(budget.spent)
    assert spent == {limit + 1}  # a run's last node, which finds its limit reached, counts too


def test_small_puzzles_generate_quickly():
    """Generous bounds (the targets are 0.1 s and 0.5 s), in process time: catches a slowdown."""
    for size, bound in ((6, 0.3), (8, 1.5)):
        times = []
        for index in range(5):
            start = time.process_time()
            NURITWIN.make(size, f"quick-{index}", Budget())
            times.append(time.process_time() - start)
        assert statistics.median(times) < bound, (size, times)


@pytest.mark.parametrize("rows, cols", [(6, 9), (9, 6), (7, 8)])
def test_rectangles_are_valid_unique_and_proved_twice(rows, cols):
    result = generate.generate(rows, cols, random.Random(f"rectangle {rows}x{cols}"), Budget())
    puzzle = result.puzzle
    assert (puzzle.rows, puzzle.cols) == (rows, cols)
    assert len(puzzle.regions) == rows and all(len(row) == cols for row in puzzle.regions)
    assert NURITWIN.failures(puzzle, puzzle.answer) == []
    assert NURITWIN.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert NURITWIN.prove(puzzle, 2) == [puzzle.answer]
    assert NURITWIN.from_record({"rows": rows, "cols": cols, **NURITWIN.to_record(puzzle)}) == puzzle
    assert all(4 <= len(cells) <= 9 for cells in puzzle.region_cells)


def drawn(rows: int, cols: int, seed: str):
    """Regions grown and an answer drawn on them, as the current version's reshaping receives them."""
    rng = random.Random(seed)
    while True:
        labels = steps.grow_regions(rows, cols, rng, steps.by_size(CURRENT.grow_targets, rows * cols))
        if labels is None:
            continue
        parts = steps.Parts(rows, cols)
        try:
            answer = steps.draw(Layout(rows, cols, labels, parts), Budget(), rng, CURRENT)
        except steps.LayoutDropped:
            continue
        if answer is not None:
            return labels, answer, parts, rng


def with_every_number(labels, answer) -> NuritwinPuzzle:
    return steps.puzzle_of(labels, steps.block_sizes(labels, answer), answer)


@pytest.mark.parametrize("seed", ["rivals-1", "rivals-4", "rivals-11"])  # 6, 4 and 7 rivals
def test_rivals_are_exactly_the_answers_that_differ_in_one_region(seed):
    labels, answer, parts, _ = drawn(7, 7, seed)
    puzzle = with_every_number(labels, answer)
    layout = Layout(7, 7, labels, parts)
    shaded = layout.shaded(answer)
    listed = {(region, trial) for region, own in enumerate(layout.region_masks) for trial in steps.rivals(layout, own, shaded, parts)}
    every = NURITWIN.solve(puzzle, 10_000, Budget())
    assert answer in every and len(every) < 10_000
    in_one_region = set()
    for other in every:
        differing = {region for region, own in enumerate(layout.region_masks) if (layout.shaded(other) ^ shaded) & own}
        if len(differing) == 1:
            in_one_region.add((differing.pop(), layout.shaded(other)))
    assert listed and listed == in_one_region
    assert all(NURITWIN.failures(puzzle, layout.answer(trial)) == [] for _, trial in listed)


@pytest.mark.parametrize("seed", ["joins-1", "joins-2", "joins-3"])
def test_joining_the_groups_outside_a_region_is_making_one_network(seed):
    labels, answer, parts, _ = drawn(8, 8, seed)
    layout = Layout(8, 8, labels, parts)
    shaded = layout.shaded(answer)
    joined = apart = 0
    for own in layout.region_masks:
        rest = shaded & ~own
        groups = steps.groups(layout, rest)
        assert sum(groups) == rest and all(layout.reach(group & -group, group) == group for group in groups)
        for _, first, second in steps.shadings(layout, own, parts):
            trial = rest | first | second
            if not layout.has_square(trial):
                network = layout.is_network(trial)
                assert steps.joins(groups, layout.spread(first), layout.spread(second)) == network
                joined += network
                apart += not network
    assert joined and apart


@pytest.mark.parametrize("seed", ["reshape-1", "reshape-2", "reshape-3"])
def test_reshaping_leaves_one_answer_with_every_number(seed):
    for attempt in range(100):
        labels, answer, parts, rng = drawn(7, 7, f"{seed}-{attempt}")
        reshaped = CURRENT.reshape(labels, answer, parts, Budget(), rng, CURRENT)
        if reshaped is not None:
            break
    assert reshaped is not None, "no drawn answer in 100 could be reshaped"
    regions, answer, stats = reshaped
    puzzle = with_every_number(regions, answer)
    assert NURITWIN.failures(puzzle, answer) == []
    assert NURITWIN.prove(puzzle, 2) == [answer]
    assert all(4 <= len(cells) <= 9 for cells in puzzle.region_cells)
    assert set(stats) == {"reshaping_moves", "answers_switched"}
    assert stats["reshaping_moves"] + stats["answers_switched"] <= steps.MAX_MOVES
