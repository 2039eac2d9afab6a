"""The Kuralin solver and the independent SAT proof, both against a brute force over every loop."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kuralin_reference import (
    all_loops,
    brute_answers,
    circles_from_picture,
    loop_from_picture,
    obeys,
    puzzle,
    random_circles,
)
from pipeline.errors import StepLimit
from pipeline.budget import Budget
from pipeline.puzzles.kuralin import PUZZLE_TYPE as KURALIN
from pipeline.common.loops import cycle_order
from pipeline.puzzles.kuralin.model import Circle, interior_points, kind_for, solution_from_lines, touched_cells
from pipeline.puzzles.kuralin.proof import _Encoding
from pipeline.puzzles.kuralin import solver
from pipeline.puzzles.kuralin.solver import Board, circle_limit, colour_limits, search

SIZES = [(3, 3), (3, 4), (4, 3), (4, 4), (4, 5), (5, 4)]
SETS_PER_SIZE = 100
ENOUGH = 40  # beyond this many answers, only check that every one found is real


def circle_sets(rows: int, cols: int):
    rng = random.Random(f"kuralin-{rows}x{cols}")
    for _ in range(SETS_PER_SIZE):
        yield random_circles(rows, cols, rng)


def test_brute_force_knows_the_loop_counts_of_small_grids():
    # simple cycles of the grid graphs P3xP3, P3xP4, P4xP4 (OEIS A140517 and relatives)
    assert [len(all_loops(r, c)) for r, c in [(2, 2), (3, 3), (3, 4), (4, 4)]] == [1, 13, 40, 213]


@pytest.mark.parametrize("rows, cols", SIZES)
def test_solver_finds_exactly_the_loops_brute_force_finds(rows, cols):
    seen = Counter()
    for circles in circle_sets(rows, cols):
        want = brute_answers(rows, cols, circles)
        got = KURALIN.solve(puzzle(rows, cols, circles, None), ENOUGH + 1, Budget())
        lines = [answer.lines for answer in got]
        assert len(set(lines)) == len(lines), "answers are distinct loops"
        if len(want) <= ENOUGH:
            assert set(lines) == want, circles
        else:
            assert len(lines) == ENOUGH + 1 and set(lines) <= want
        assert all(obeys(rows, cols, circles, a) for a in got)
        seen[min(len(want), 2)] += 1
    assert seen[0] >= 10 and seen[1] >= 10 and seen[2] >= 10, seen


@pytest.mark.parametrize("rows, cols", SIZES)
def test_proof_counts_match_brute_force(rows, cols):
    for circles in circle_sets(rows, cols):
        want = brute_answers(rows, cols, circles)
        got = KURALIN.prove(puzzle(rows, cols, circles, None), 3)
        assert len(got) == min(len(want), 3), circles
        assert {answer.lines for answer in got} <= want
        assert all(answer == solution_from_lines(rows, cols, answer.lines) for answer in got)


@pytest.mark.parametrize("rows, cols", [(3, 4), (4, 4)])
def test_the_reference_and_the_rules_checker_judge_alike(rows, cols):
    # Both judge loops that fit, loops at random and line sets that are no loop, against circle sets.
    rng = random.Random(f"judges-{rows}x{cols}")
    loops = all_loops(rows, cols)
    verdicts = Counter()
    for circles in circle_sets(rows, cols):
        fitting = sorted(brute_answers(rows, cols, circles), key=sorted)
        lines = rng.choice(fitting) if fitting and rng.random() < 0.5 else rng.choice(loops)
        if rng.random() < 0.3:
            lines = lines ^ rng.choice(loops)
        answer = solution_from_lines(rows, cols, frozenset(lines))
        agreed = obeys(rows, cols, circles, answer)
        assert agreed == (KURALIN.failures(puzzle(rows, cols, circles, answer), answer) == []), (circles, lines)
        verdicts[agreed] += 1
    assert verdicts[True] >= 10 and verdicts[False] >= 10, verdicts


def test_loop_cuts_never_forbid_a_real_loop():
    # Two separate 2x2 loops: the cuts must forbid this model and allow every single loop.
    split = loop_from_picture(
        """
        o-o # #
        | |    
        o-o # #
               
        # # o-o
            | |
        # # o-o
        """
    )
    encoding = _Encoding(puzzle(4, 4, (), None))
    model = {encoding.lines[line] for line in split.lines} | {encoding.on[c] for line in split.lines for c in line}
    cuts = encoding.cuts(model)
    assert cuts and all(not any((lit > 0) == (abs(lit) in model) for lit in cut) for cut in cuts)
    for lines in all_loops(4, 4):
        true = {encoding.lines[line] for line in lines} | {encoding.on[c] for line in lines for c in line}
        assert all(any((lit > 0) == (abs(lit) in true) for lit in cut) for cut in cuts)
    assert encoding.cuts({encoding.lines[line] for line in all_loops(4, 4)[0]}) == []


# From the pzprjs test suite (github.com/robx/pzprjs, test/script/kurarin.js; pzprjs runs the
# puzz.link editor, where Kuralin is "kurarin"): its example 6x6 puzzle with the answer that the
# suite checks as complete and correct. Digits 1/2/3 there are black/grey/white circles; redrawn
# here in our picture format. It is not Nikoli's own worked example, which we could not find.
PUBLISHED_CIRCLES = """
...B.G.....
.........W.
...........
..W....B...
...........
.B.......G.
...........
...G....G..
...........
.B.........
.....G.W...
"""
PUBLISHED_ANSWER = """
# # # o-o-o
      |   |
# o-o-o # o
  |       |
# o-o # # o
    |     |
# # o # # o
    |     |
# # o-o o-o
      | |
# # # o-o #
"""


def test_published_example_has_exactly_its_published_loop():
    circles = circles_from_picture(PUBLISHED_CIRCLES)
    answer = loop_from_picture(PUBLISHED_ANSWER)
    example = puzzle(6, 6, circles, answer)
    assert len(circles) == 12
    assert KURALIN.failures(example, answer) == []
    assert KURALIN.solve(example, 5, Budget()) == [answer]
    assert KURALIN.prove(example, 5) == [answer]


def test_two_loops_through_the_same_cells_are_two_answers():
    # White circles on every line make all 16 cells white: the 6 loops through all of a 4x4 grid.
    points = "".join("W" if x % 2 else "." for x in range(7))
    circles = circles_from_picture("\n".join([points, "W.W.W.W"] * 3 + [points]))
    answers = KURALIN.solve(puzzle(4, 4, circles, None), 10, Budget())
    assert len(answers) == 6 and len({a.cells for a in answers}) == 1
    assert len(KURALIN.prove(puzzle(4, 4, circles, None), 10)) == 6
    fixed = Board(4, 4, colour_limits(answers[0].cells))
    assert len(search(fixed, 10, Budget())) == 6


def test_loops_are_listed_from_their_first_cell_rightwards():
    answer = loop_from_picture(PUBLISHED_ANSWER)
    assert cycle_order(answer.lines)[:4] == [(0, 3), (0, 4), (0, 5), (1, 5)]


def test_reaching_the_step_limit_proves_nothing():
    with pytest.raises(StepLimit):
        KURALIN.solve(puzzle(6, 6, (), None), 2, Budget(steps=20))


def test_shuffled_search_draws_long_enough_loops_and_repeats_itself():
    board = Board(7, 7, [])
    first = search(board, 1, Budget(), rng=random.Random(7), min_length=27)
    again = search(board, 1, Budget(), rng=random.Random(7), min_length=27)
    assert first == again
    assert sum(row.count(".") for row in first[0].cells) >= 27
    assert KURALIN.failures(puzzle(7, 7, (), first[0]), first[0]) == []


@pytest.fixture(params=["python", "compiled"])
def engine(request, monkeypatch):
    """Each test that takes it runs with the pure-Python search and with the compiled core."""
    if request.param == "python":
        monkeypatch.setattr(solver, "_compiled", None)
    elif solver._compiled is None:
        pytest.skip("the compiled Kuralin core is not built here (pip install . builds it where a C compiler is)")
    return request.param


def test_searches_take_the_same_steps_as_ever(engine):
    # A search that reaches its step limit drops the generator's attempt, so the steps a search
    # takes are part of what a code makes: a faster search must visit exactly the same states.
    # Pinned from the search before it was a class (commit 43a2fe1).
    spent = []
    for run in (
        lambda budget: KURALIN.solve(puzzle(6, 6, circles_from_picture(PUBLISHED_CIRCLES), None), 5, budget),
        lambda budget: search(Board(7, 7, []), 1, budget, rng=random.Random(7), min_length=27),
        lambda budget: search(Board(5, 6, []), 1000, budget),
        lambda budget: search(Board(6, 6, colour_limits(loop_from_picture(PUBLISHED_ANSWER).cells)), 2, budget),
    ):
        budget = Budget()
        run(budget)
        spent.append(budget.spent)
    assert spent == [106, 51, 10414, 70]


def _searched(board: Board, limit: int, steps: int) -> tuple[object, int]:
    budget = Budget(steps)
    try:
        return search(board, limit, budget), budget.spent
    except StepLimit:
        return StepLimit, budget.spent


def _circles_around_a_drawn_loop(rows: int, cols: int, rng: random.Random) -> list[Circle]:
    """Circles at random points, most of the kind a drawn loop gives them, some of any kind: boards
    too big for the brute force's list of every loop."""
    loop = search(Board(rows, cols, []), 1, Budget(), rng=rng, min_length=rows * cols // 2)[0]
    points = rng.sample(interior_points(rows, cols), rng.randint(0, (rows - 1) * (cols - 1)))
    circles = []
    for point in points:
        cells = touched_cells(point)
        kind = kind_for(sum(loop.cells[r][c] == "#" for r, c in cells), len(cells))
        circles.append(Circle(kind if rng.random() < 0.9 else rng.choice(("black", "white", "grey")), cells))
    return circles


def test_the_compiled_search_is_the_python_search(monkeypatch):
    # The same answers in the same order, the same steps, and StepLimit at the same step with
    # the same steps spent, on boards of circles with no answer, one, or many.
    if solver._compiled is None:
        pytest.skip("the compiled Kuralin core is not built here")
    rng = random.Random(33)
    compared = Counter()
    for rows, cols in [(4, 5), (5, 5), (5, 7), (6, 6), (7, 8)]:
        for _ in range(30):
            circles = random_circles(rows, cols, rng) if rows * cols <= 25 else _circles_around_a_drawn_loop(rows, cols, rng)
            board = Board(rows, cols, [circle_limit(c) for c in circles])
            limit, steps = rng.choice((1, 2, 5, 50)), rng.choice((50, 2_000, 100_000))
            compiled = _searched(board, limit, steps)
            with monkeypatch.context() as python:
                python.setattr(solver, "_compiled", None)
                assert _searched(board, limit, steps) == compiled, (rows, cols, circles, limit, steps)
            compared["stopped" if compiled[0] is StepLimit else min(len(compiled[0]), 2)] += 1
    assert all(compared[kind] >= 5 for kind in (0, 1, 2, "stopped")), compared
