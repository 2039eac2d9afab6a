"""The optional compiled line computations (grade.c) against the pure-Python code they stand in
for: the same fit, packings, simple masks and placements on every line, and the same grades."""

from __future__ import annotations

import itertools
import json
import random
from functools import lru_cache
from pathlib import Path

import pytest

from pipeline.budget import Budget
from pipeline.errors import StepLimit
from pipeline.interface.grades import TIERS, Contradiction
from pipeline.puzzles.nonogram import grade, line
from pipeline.puzzles.nonogram.model import Nonogram, from_picture, runs_of

GOLDEN = Path(__file__).parents[2] / "golden"

needs_compiled = pytest.mark.skipif(
    grade._compiled is None, reason="the compiled Nonogram core is not built here (pip install . builds it where a C compiler is)"
)


@pytest.fixture
def python_only(monkeypatch):
    """Switches the grader's line computations to Python: fresh caches of the reference functions
    (grade.placements reads grade.extremes, which reads the cached fit)."""

    def use():
        monkeypatch.setattr(grade, "_fit", lru_cache(maxsize=None)(line.fit))
        monkeypatch.setattr(grade, "extremes", lru_cache(maxsize=None)(grade.extremes.__wrapped__))
        monkeypatch.setattr(grade, "_placements", lru_cache(maxsize=None)(grade.placements))
        monkeypatch.setattr(grade, "_simple", lru_cache(maxsize=None)(grade.simple))
        monkeypatch.setattr(grade, "line_logic", lru_cache(maxsize=None)(grade.line_logic.__wrapped__))

    return use


def _same_everywhere(clue, n, filled, empty):
    compiled = grade._compiled
    assert compiled.fit(clue, n, filled, empty) == line.fit(clue, n, filled, empty), (clue, n, bin(filled), bin(empty))
    assert compiled.placements(clue, n, filled, empty) == grade.placements(clue, n, filled, empty), (clue, n, filled, empty)
    assert compiled.packed(clue, n, empty) == grade.packed(clue, n, empty), (clue, n, bin(empty))
    assert compiled.simple(clue, n, empty) == grade.simple(clue, n, empty), (clue, n, bin(empty))


def _clues(n: int):
    """Every clue that fits n cells, and some that do not (one run too many, one cell too long)."""
    for cells in itertools.product("#.", repeat=n):
        clue = runs_of("".join(cells))
        yield clue
    yield (n + 1,)
    yield (1,) * (n // 2 + 2)


@needs_compiled
def test_the_compiled_lines_are_the_python_lines_on_every_small_line(python_only):
    """Every clue of up to 6 cells (and clues too long for the line) against every state of the
    line's cells, contradictions (a cell both filled and empty) included."""
    python_only()
    for n in range(7):
        for clue in set(_clues(n)):
            for states in itertools.product((0, 1, 2, 3), repeat=n):
                filled = sum(1 << i for i, s in enumerate(states) if s & 1)
                empty = sum(1 << i for i, s in enumerate(states) if s & 2)
                _same_everywhere(clue, n, filled, empty)


@needs_compiled
def test_the_compiled_lines_are_the_python_lines_on_random_long_lines(python_only):
    """Random lines of 7 to 62 cells: empty and full clues, lines partly known from a placement
    (so they fit), lines with random known cells (which mostly do not) and wrong cells."""
    python_only()
    rng = random.Random(33)
    for _ in range(6000):
        n = rng.randint(7, 62)
        picture = "".join(rng.choice("#....") if rng.random() < 0.5 else rng.choice("##.") for _ in range(n))
        clue = rng.choice([runs_of(picture), (), (n,), runs_of(picture) + (1,)])
        truth_filled = sum(1 << i for i, c in enumerate(picture) if c == "#")
        known = sum(1 << i for i in range(n) if rng.random() < rng.random())
        filled, empty = truth_filled & known, ~truth_filled & known & ((1 << n) - 1)
        if rng.random() < 0.3:
            flip = 1 << rng.randrange(n)
            filled, empty = filled ^ (flip & ~empty), empty
        if rng.random() < 0.1:
            empty |= filled & -filled  # a cell both filled and empty
        _same_everywhere(clue, n, filled, empty)


@needs_compiled
def test_lines_the_compiled_core_does_not_take_go_to_the_python_code():
    """Over 62 cells, or cells outside the line: grade.c refuses them, and the grader's cached
    line computations answer them as the Python code does."""
    with pytest.raises(ValueError):
        grade._compiled.fit((1,), 63, 0, 0)
    with pytest.raises(ValueError):
        grade._compiled.fit((1,), 4, 1 << 5, 0)
    with pytest.raises(OverflowError):
        grade._compiled.simple((1,), 4, -1)
    for clue, n, filled, empty in [((3, 5, 1), 70, 1 << 66, 1 << 2), ((2,), 4, 0, 1 << 6), ((40, 30), 80, 0, 1 << 45)]:
        assert grade._fit(clue, n, filled, empty) == line.fit(clue, n, filled, empty)
        assert grade._placements(clue, n, filled, empty) == grade.placements(clue, n, filled, empty)
    assert grade._simple((40, 30), 80, 1 << 79) == grade.simple((40, 30), 80, 1 << 79)


def _clear():
    for cached in (grade._fit, grade.extremes, grade._placements, grade._simple, grade.line_logic):
        cached.cache_clear()


def _graded(puzzles, tiers=TIERS):
    """Every puzzle's grade and its grade_as for each tier, or the exception that stopped it."""
    found = []
    for puzzle in puzzles:
        for ask in (None, *tiers):
            try:
                found.append(grade.grade(puzzle, Budget(seconds=600)) if ask is None else grade.grade_as(puzzle, ask, Budget(seconds=600)))
            except (Contradiction, StepLimit) as exc:
                found.append(type(exc).__name__)
    return found


def _random_puzzles(count: int, seed: int):
    """Random pictures of 5 to 12 a side (many not line-solvable), and for one in five a set of
    clues mixed from two pictures of its size (often with no answer)."""
    rng = random.Random(seed)

    def picture(rows: int, cols: int):
        density = rng.uniform(0.3, 0.8)
        return tuple("".join("#" if rng.random() < density else "." for _ in range(cols)) for _ in range(rows))

    puzzles = []
    for index in range(count):
        rows, cols = rng.randint(5, 12), rng.randint(5, 12)
        puzzle = from_picture(picture(rows, cols))
        if index % 5 == 0:
            puzzle = Nonogram(rows, cols, puzzle.row_clues, from_picture(picture(rows, cols)).col_clues)
        puzzles.append(puzzle)
    return puzzles


def _golden_puzzles():
    """Every golden Nonogram record, every kept version (they hold the clues and the picture)."""
    records = [json.loads(path.read_text()) for path in sorted(GOLDEN.glob("nonogram/**/*.json"))]
    return [
        Nonogram(len(r["row_clues"]), len(r["col_clues"]), tuple(map(tuple, r["row_clues"])), tuple(map(tuple, r["col_clues"])), tuple(r["solution"]))
        for r in records
    ]


@needs_compiled
@pytest.mark.parametrize("puzzles", [_golden_puzzles, lambda: _random_puzzles(240, 7)], ids=["golden", "random"])
def test_the_compiled_grades_are_the_python_grades(puzzles, python_only):
    """Every golden record and random sets of clues: grade and grade_as for every tier give the
    same Grade (or the same Contradiction) with the compiled line computations as without."""
    chosen = puzzles()
    assert len(chosen) > 20
    assert grade._placements.__wrapped__ is not grade.placements  # the compiled one, through _compiled_or
    _clear()
    compiled = _graded(chosen)
    python_only()
    assert _graded(chosen) == compiled
