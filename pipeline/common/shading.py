"""Rules about shaded cells that several genres share (Nonogram, Nuritwin; Nurikabe, Heyawake and
their kin): the answer is a picture of the grid, every shaded cell joins one network side by
side, and no 2×2 square is all shaded.

Each rule is a Check (pipeline/interface/checks.py) built from a function that reads the shaded
cells off an answer, so a type lists `connected_check(...)` and `square_check(...)` beside its
own checks. Cells are (row, column) pairs; nothing here knows a genre.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from pipeline.interface.checks import Check, cell_name

Cell = tuple[int, int]
Shaded = Callable[[Any, Any], Iterable[Cell]]  # (puzzle, answer) -> the shaded cells


def picture_check(code: str, marks: Mapping[str, str]) -> Check:
    """The answer is a picture of the grid: `puzzle.rows` strings of `puzzle.cols` characters,
    each one of `marks` (mark -> what it means). Later checks read it as such, so it stops the
    list when it fails."""
    allowed = " or ".join(f"'{mark}' ({meaning})" for mark, meaning in marks.items())

    def find(puzzle: Any, answer: Any) -> str | None:
        if not isinstance(answer, (tuple, list)):
            return f"the answer is not a list of the grid's {puzzle.rows} rows"
        if len(answer) != puzzle.rows:
            return f"the answer has {len(answer)} row{'s' if len(answer) != 1 else ''}, the grid {puzzle.rows}"
        for r, row in enumerate(answer):
            if not (isinstance(row, str) and len(row) == puzzle.cols and set(row) <= set(marks)):
                return f"row {r + 1} is not {puzzle.cols} cells, each {allowed}"
        return None

    return Check(code, "the answer marks every cell of the grid", find, stops=True)


def networks(cells: Iterable[Cell]) -> list[list[Cell]]:
    """The side-by-side connected groups of `cells`, each in reading order, ordered by first cell."""
    todo = set(cells)
    groups = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.discard(start)
        group, stack = [start], [start]
        while stack:
            r, c = stack.pop()
            for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nxt in todo:
                    todo.discard(nxt)
                    group.append(nxt)
                    stack.append(nxt)
        groups.append(sorted(group))
    return groups


def connected_check(code: str, shaded: Shaded) -> Check:
    """All shaded cells form one network (an answer with no shaded cell keeps it)."""

    def find(puzzle: Any, answer: Any) -> str | None:
        groups = networks(shaded(puzzle, answer))
        if len(groups) < 2:
            return None
        return f"the shaded cells form {len(groups)} separate networks: {cell_name(groups[1][0])} is cut off from {cell_name(groups[0][0])}"

    return Check(code, "all shaded cells join into one network, side by side", find)


def square_check(code: str, shaded: Shaded) -> Check:
    """No 2×2 square of cells is all shaded; the message names the first in reading order."""

    def find(puzzle: Any, answer: Any) -> str | None:
        cells = set(shaded(puzzle, answer))
        for r, c in sorted(cells):
            if (r, c + 1) in cells and (r + 1, c) in cells and (r + 1, c + 1) in cells:
                return f"the 2×2 square from {cell_name((r, c))} to {cell_name((r + 1, c + 1))} is all shaded"
        return None

    return Check(code, "no square of 2 × 2 cells is completely shaded", find)
