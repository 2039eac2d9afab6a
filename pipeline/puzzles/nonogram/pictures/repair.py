"""Making a picture line-solvable by flipping the fewest cells, the ones whose flip shows least.

The line solver, run on the picture's own clues, leaves some cells undecided when the picture is
not line-solvable. Only the lines through those cells are stuck, so the search flips cells on
those lines: the undecided cells themselves and the cells at the picture's edge (a cell with a
side neighbour of the other colour; the grid's border counts as empty). Flipping a cell deep
inside the subject or out in the background would punch a visible hole or a stray dot.

The search grows flip sets one cell at a time, breadth first: every candidate for one flip, then,
from the `BEAM` one-flip sets that left the fewest undecided cells, every candidate for a second,
and so on. The first size at which some set finishes the grid is the fewest flips found; among the
sets of that size the one whose cells lie nearest the threshold (summed grey distance) wins, so
a flip turns a half-covered cell rather than a full or an empty one.

The search is not exhaustive, so "fewest" means fewest found: on 160 random stuck pictures of
5x5 to 7x5 cells it matched a brute force over every cell set of up to 3 cells 159 times, and
once used 3 flips where 2 would do.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.budget import Budget
from pipeline.puzzles.nonogram.model import EMPTY, FILLED, Answer, Nonogram, from_picture
from pipeline.puzzles.nonogram.pictures.fit import THRESHOLD, Coverage, Rows
from pipeline.puzzles.nonogram.solver import line_solve

Cell = tuple[int, int]

# Flip sets carried from one size to the next, and line solves one repair may spend. Measured on
# the 102 library pictures not line-solvable as drawn at 20 cells (repaired / flips in all / time
# for all): beam 6 and 1500 tries 86 / 121 / 36 s; 6 and 5000: 95 / 159 / 55 s; 3 and 5000:
# 96 / 166 / 43 s; 3 and 3000: 95 / 161 / 36 s; 12 and 10000: 95 / 157 / 98 s. A beam of 1 (greedy)
# repaired 99 but with longer flip sets (195 flips); 3 keeps the sets short and is fast. The sun
# at 20 cells is a case the try limit decides: it needs 4 flips and about 2300 tries.
BEAM = 3
MAX_TRIES = 5000


@dataclass(frozen=True)
class Repair:
    picture: Rows
    flips: tuple[Cell, ...]  # (row, col) of every flipped cell, sorted
    tries: int  # line solves spent, deterministic


def answer_of(picture: Rows, cols: int) -> Answer:
    return tuple("".join(FILLED if (row >> c) & 1 else EMPTY for c in range(cols)) for row in picture)


def puzzle_of(picture: Rows, cols: int) -> Nonogram:
    return from_picture(answer_of(picture, cols))


def undecided(picture: Rows, cols: int, budget: Budget) -> list[Cell]:
    """The cells the line solver cannot decide from the picture's own clues."""
    grid = line_solve(puzzle_of(picture, cols), budget)
    assert grid is not None, "a picture always fits its own clues"
    return grid.unknown_cells()


def make_line_solvable(
    picture: Rows, cols: int, cover: Coverage, max_flips: int, budget: Budget
) -> Repair | None:
    """The picture made line-solvable with the fewest flips found (at most `max_flips`), or None."""
    stuck = undecided(picture, cols, budget)
    if not stuck:
        return Repair(picture, (), 1)
    spent = 1
    beam: list[tuple[tuple[Cell, ...], list[Cell]]] = [((), stuck)]
    for _size in range(max_flips):
        trials = _extensions(picture, cols, cover, beam)
        partial: list[tuple[int, int, tuple[Cell, ...], list[Cell]]] = []
        for cost, key in trials:
            if spent >= MAX_TRIES:
                return None
            spent += 1
            now = undecided(flipped(picture, key), cols, budget)
            if not now:
                return Repair(flipped(picture, key), key, spent)
            partial.append((len(now), cost, key, now))
        partial.sort(key=lambda entry: entry[:3])
        beam = [(key, now) for _, _, key, now in partial[:BEAM]]
        if not beam:
            return None
    return None


def _extensions(
    picture: Rows, cols: int, cover: Coverage, beam: list[tuple[tuple[Cell, ...], list[Cell]]]
) -> list[tuple[int, tuple[Cell, ...]]]:
    """Every flip set one cell larger than a set in the beam, cheapest first: the first of them
    that finishes the grid is the cheapest of its size."""
    found: dict[tuple[Cell, ...], int] = {}
    for flips, stuck in beam:
        for cell in candidates(flipped(picture, flips), cols, stuck):
            if cell not in flips:
                key = tuple(sorted(flips + (cell,)))
                found[key] = sum(_flip_cost(cover, r, c) for r, c in key)
    return sorted((cost, key) for key, cost in found.items())


def flipped(picture: Rows, cells: tuple[Cell, ...]) -> Rows:
    out = list(picture)
    for r, c in cells:
        out[r] ^= 1 << c
    return out


def candidates(picture: Rows, cols: int, stuck: list[Cell]) -> set[Cell]:
    """Cells worth flipping: the undecided cells, and the edge cells of the lines through them."""
    stuck_rows = {r for r, _ in stuck}
    stuck_cols = {c for _, c in stuck}
    cells = set(stuck)
    for r in range(len(picture)):
        for c in range(cols):
            if (r in stuck_rows or c in stuck_cols) and is_edge(picture, cols, r, c):
                cells.add((r, c))
    return cells


def is_edge(picture: Rows, cols: int, r: int, c: int) -> bool:
    """A cell with a side neighbour of the other colour; beyond the grid everything is empty."""
    rows = len(picture)
    here = (picture[r] >> c) & 1
    for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        there = (picture[y] >> x) & 1 if 0 <= y < rows and 0 <= x < cols else 0
        if there != here:
            return True
    return False


def _flip_cost(cover: Coverage, r: int, c: int) -> int:
    """How far the cell's grey is from the threshold: 0 for a cell half covered, 128 for a full
    or an empty one."""
    return abs(cover[r][c] - THRESHOLD)
