"""Brute-force references for the nonogram tests, sharing no code with the puzzle's solvers,
its rules check or its generator.

A line's arrangements are listed one by one; a grid's answers are found by trying every
combination of row arrangements and keeping those that show every clue, by this file's own check.
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


def shows_clues(puzzle: Nonogram, answer: tuple[str, ...]) -> bool:
    """The oracle's own rule check: rows x cols cells of '#' and '.', every line showing its clue."""
    if len(answer) != puzzle.rows or any(len(row) != puzzle.cols or set(row) - {"#", "."} for row in answer):
        return False
    columns = ["".join(row[c] for row in answer) for c in range(puzzle.cols)]
    return (
        all(runs(row) == tuple(clue) for row, clue in zip(answer, puzzle.row_clues))
        and all(runs(col) == tuple(clue) for col, clue in zip(columns, puzzle.col_clues))
    )


def answers(puzzle: Nonogram, limit: int) -> list[tuple[str, ...]]:
    found = []
    options = [arrangements(clue, puzzle.cols) for clue in puzzle.row_clues]
    for rows in itertools.product(*options):
        if shows_clues(puzzle, rows):
            found.append(rows)
            if len(found) >= limit:
                break
    return found


def smoothed(picture: list[str]) -> list[str]:
    """One majority pass, cell by cell: filled when more of the (up to 9) cells around it and
    itself are filled than empty, unchanged on a tie."""
    rows, cols = len(picture), len(picture[0])
    out = []
    for r in range(rows):
        line = ""
        for c in range(cols):
            near = [
                picture[y][x]
                for y in range(r - 1, r + 2) for x in range(c - 1, c + 2)
                if 0 <= y < rows and 0 <= x < cols
            ]
            filled, empty = near.count("#"), near.count(".")
            line += "#" if filled > empty else "." if empty > filled else picture[r][c]
        out.append(line)
    return out


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
