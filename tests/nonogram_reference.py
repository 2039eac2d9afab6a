"""Brute-force references for the nonogram tests, sharing no code with the puzzle's solvers.

A line's arrangements are listed one by one; a grid's answers are found by trying every
combination of row arrangements and keeping those whose columns show the column clues.
"""

from __future__ import annotations

import itertools

from pipeline.puzzles.nonogram.model import Nonogram


def arrangements(clue: tuple[int, ...], n: int) -> list[str]:
    """Every way to place the runs of `clue` in n cells, as strings of '#' and '.'."""
    if not clue:
        return ["." * n]
    first, rest = clue[0], clue[1:]
    found = []
    for start in range(n - first + 1):
        head = "." * start + "#" * first
        if not rest:
            found.append(head + "." * (n - len(head)))
        elif len(head) < n:
            found.extend(head + "." + tail for tail in arrangements(rest, n - len(head) - 1))
    return found


def runs(cells: str) -> tuple[int, ...]:
    counts, run = [], 0
    for cell in cells + ".":
        if cell == "#":
            run += 1
        elif run:
            counts.append(run)
            run = 0
    return tuple(counts)


def answers(puzzle: Nonogram, limit: int) -> list[tuple[str, ...]]:
    found = []
    options = [arrangements(clue, puzzle.cols) for clue in puzzle.row_clues]
    for rows in itertools.product(*options):
        columns = ("".join(column) for column in zip(*rows))
        if all(runs(col) == clue for col, clue in zip(columns, puzzle.col_clues)):
            found.append(rows)
            if len(found) >= limit:
                break
    return found


def puzzle_from_text(picture: str) -> Nonogram:
    """A puzzle from a text picture (rows of '#' and '.'), with the picture as its answer."""
    rows = tuple(picture.split())
    return Nonogram(
        rows=len(rows),
        cols=len(rows[0]),
        row_clues=tuple(runs(row) for row in rows),
        col_clues=tuple(runs("".join(col)) for col in zip(*rows)),
        answer=rows,
    )
