"""The rules checker: reads an answer and tests every rule, sharing nothing with the solver.

The rules, in the order the checklist (CHECKS) tests them, each with its failure code (also used
by tests and by verify's report):
- bad-shape: the answer is not a colouring of this grid plus lines between side-by-side cells;
- branch: a cell with more than two lines, or a line that stops in a cell (a dead end);
- one-loop: no loop at all, or the lines form more than one loop;
- black-off-loop: the cells marked black are not exactly the cells the loop misses;
- circle-black / circle-grey / circle-white: a circle of that colour whose touched cells do not
  have the balance it asks for, counted with the colouring the loop gives.

The loop rules are the shared ones of pipeline/common/loops.py.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pipeline.common.loops import degree_check, one_loop_check
from pipeline.interface.checks import Check, cell_name, run_checks
from pipeline.puzzles.kuralin.model import BLACK, ON_LOOP, Circle, KuralinPuzzle, Solution, kind_for

BAD_SHAPE = "bad-shape"
BRANCH = "branch"
ONE_LOOP = "one-loop"
BLACK_OFF_LOOP = "black-off-loop"
CIRCLE_CODES = {"black": "circle-black", "grey": "circle-grey", "white": "circle-white"}
WANTS = {"black": "more black cells than white", "white": "more white cells than black", "grey": "as many black cells as white"}


def _bad_shape(puzzle: KuralinPuzzle, answer: Any) -> str | None:
    rows, cols = puzzle.rows, puzzle.cols
    if not isinstance(answer, Solution):
        return "the answer is not a colouring of the cells with a loop"
    cells, lines = answer.cells, answer.lines
    if not isinstance(cells, tuple) or len(cells) != rows:
        return f"the answer does not colour the grid's {rows} rows"
    for r, row in enumerate(cells):
        if not isinstance(row, str) or len(row) != cols or set(row) - {BLACK, ON_LOOP}:
            return f"row {r + 1} is not {cols} cells, each '{BLACK}' (black) or '{ON_LOOP}' (on the loop)"
    if not isinstance(lines, frozenset):
        return "the answer's lines are not a set of lines between cells"
    bad = [line for line in lines if not _is_line(line, rows, cols)]
    if bad:  # the first as text sorts, so the message is the same whatever the set's order
        return f"{min(map(repr, bad))} is not a line between two side-by-side cells of the grid"
    return None


def _is_line(line: object, rows: int, cols: int) -> bool:
    if not isinstance(line, tuple) or len(line) != 2:
        return False
    for cell in line:
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)):
            return False
        if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
            return False
    (r1, c1), (r2, c2) = line
    return abs(r1 - r2) + abs(c1 - c2) == 1


def _lines(puzzle: KuralinPuzzle, answer: Solution) -> frozenset:
    return answer.lines


def _on_loop(answer: Solution) -> frozenset:
    return _cells_of(answer.lines)


@lru_cache(maxsize=2)
def _cells_of(lines: frozenset) -> frozenset:
    # found once for the four checks that read it (the lines' set keeps its hash)
    return frozenset(cell for line in lines for cell in line)


def _black_off_loop(puzzle: KuralinPuzzle, answer: Solution) -> str | None:
    on_loop = _on_loop(answer)
    for r, row in enumerate(answer.cells):
        for c, mark in enumerate(row):
            if (mark == BLACK) == ((r, c) in on_loop):
                where = "on the loop but marked black" if mark == BLACK else "off the loop but not marked black"
                return f"{cell_name((r, c))} is {where}"
    return None


def _circle_check(kind: str) -> Check:
    def find(puzzle: KuralinPuzzle, answer: Solution) -> str | None:
        on_loop = _on_loop(answer)
        for circle in puzzle.circles:
            black = sum(1 for cell in circle.cells if cell not in on_loop)
            if circle.kind == kind and kind_for(black, len(circle.cells)) != kind:
                white = len(circle.cells) - black
                return f"the {kind} circle {_place(circle)} touches {black} black and {white} white {'cell' if white == 1 else 'cells'}; it wants {WANTS[kind]}"
        return None

    return Check(CIRCLE_CODES[kind], f"a {kind} circle touches {WANTS[kind]}", find)


def _place(circle: Circle) -> str:
    """Where a circle sits, by the cells it touches: on the line between two, or where four meet."""
    first, last = circle.cells[0], circle.cells[-1]
    if len(circle.cells) == 2:
        return f"between {cell_name(first)} and {cell_name(last)}"
    return f"where {cell_name(first)} and {cell_name(last)} meet at a corner"


CHECKS = (
    Check(BAD_SHAPE, "the answer colours every cell and draws lines between side-by-side cells", _bad_shape, stops=True),
    degree_check(BRANCH, _lines, cell_name),
    one_loop_check(ONE_LOOP, _lines, cell_name),
    Check(BLACK_OFF_LOOP, "the cells the loop misses are black, the others white", _black_off_loop),
    *(_circle_check(kind) for kind in CIRCLE_CODES),
)


def check(puzzle: KuralinPuzzle, answer: Solution) -> list[str]:
    """The failure codes alone, in CHECKS order: what a generator re-checks what it made with."""
    return [failure.code for failure in run_checks(CHECKS, puzzle, answer)]
