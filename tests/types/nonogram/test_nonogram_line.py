"""The per-line step against a brute force over every arrangement of the clue."""

from __future__ import annotations

import random

import pytest

from nonogram_reference import arrangements, runs
from pipeline.puzzles.nonogram.solver import settle_line


def masks(line: str) -> tuple[int, int]:
    """A line in text ('#' filled, '.' empty, '?' unknown) as (filled, empty) bitmasks."""
    filled = sum(1 << i for i, cell in enumerate(line) if cell == "#")
    empty = sum(1 << i for i, cell in enumerate(line) if cell == ".")
    return filled, empty


def text(n: int, result: tuple[int, int] | None) -> str | None:
    if result is None:
        return None
    filled, empty = result
    return "".join("#" if (filled >> i) & 1 else "." if (empty >> i) & 1 else "?" for i in range(n))


def brute_settle(clue: tuple[int, ...], line: str) -> str | None:
    """Cells that every arrangement fitting the known cells agrees on; None when none fits."""
    fitting = [
        a for a in arrangements(clue, len(line))
        if all(known in ("?", cell) for known, cell in zip(line, a))
    ]
    if not fitting:
        return None
    return "".join(cells[0] if len(set(cells)) == 1 else "?" for cells in zip(*fitting))


def settle(clue: tuple[int, ...], line: str) -> str | None:
    return text(len(line), settle_line(clue, len(line), *masks(line)))


@pytest.mark.parametrize(
    "clue, line, expected",
    [
        ((4, 1), "???????", "?###???"),  # the overlap of the two extreme placements
        ((4, 1), "????????", "??##????"),
        ((), "?????", "....."),
        ((5,), "?????", "#####"),
        ((1, 1, 1), "?????", "#.#.#"),
        ((3,), "?#???", "?##?."),
        ((2,), "#???#", None),
        ((1, 2), "??#?.?#", "..#..##"),  # known cells pin both runs
        ((2, 2), "?.???", None),  # the first run cannot start left of the gap, so both do not fit
        ((3,), "??.???", "...###"),  # the run cannot fit before the gap
    ],
)
def test_settles_known_lines(clue, line, expected):
    assert settle(clue, line) == expected
    assert brute_settle(clue, line) == expected


def random_case(rng: random.Random) -> tuple[tuple[int, ...], str]:
    n = rng.randint(1, 12)
    picture = "".join(rng.choice("#.") for _ in range(n))
    clue = runs(picture if rng.random() < 0.8 else "".join(rng.choice("#.") for _ in range(n)))
    known = rng.random()
    cells = []
    for cell in picture:
        roll = rng.random()
        if roll < known * 0.6:
            cells.append(cell)  # true knowledge
        elif roll < known * 0.6 + 0.04:
            cells.append(rng.choice("#."))  # possibly contradictory knowledge
        else:
            cells.append("?")
    return clue, "".join(cells)


def test_agrees_with_brute_force_on_random_lines():
    rng = random.Random(20260401)
    outcomes = {"contradiction": 0, "unchanged": 0, "progress": 0}
    for _ in range(1500):
        clue, line = random_case(rng)
        expected = brute_settle(clue, line)
        assert settle(clue, line) == expected, (clue, line)
        assert settle(clue, line) == expected, (clue, line)  # again, from the cache
        outcomes["contradiction" if expected is None else "unchanged" if expected == line else "progress"] += 1
    assert min(outcomes.values()) >= 100, outcomes
