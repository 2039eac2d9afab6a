"""The Masyu rules as an ordered checklist (pipeline/interface/checks.py), after pzprjs's mashu.

Each check reads the answer's lines and the printed pearls only: nothing here knows the solver,
the grader or the generator. The loop's own rules (no branch, no dead end, one
loop) are the shared checks of pipeline/common/loops.py, which every loop genre lists.
"""

from __future__ import annotations

from pipeline.common import loops
from pipeline.common.loops import degree_check, one_loop_check
from pipeline.interface.checks import Check, cell_name
from pipeline.puzzles.masyu.model import BLACK, WHITE, Cell, MasyuPuzzle


def _shape(puzzle: MasyuPuzzle, answer: object) -> str | None:
    if not isinstance(answer, frozenset):
        return "the answer is not a set of lines"
    for item in sorted(answer, key=repr):
        if not _is_line(item, puzzle.rows, puzzle.cols):
            return f"{item!r} is not a line between two side-by-side cells of the grid"
    return None


def _is_line(item: object, rows: int, cols: int) -> bool:
    if not (isinstance(item, tuple) and len(item) == 2):
        return False
    for cell in item:
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)):
            return False
        if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
            return False
    (r1, c1), (r2, c2) = item
    return abs(r1 - r2) + abs(c1 - c2) == 1 and item[0] < item[1]


def _lines(puzzle: MasyuPuzzle, answer: frozenset) -> frozenset:
    return answer


def _ways(cell: Cell, answer: frozenset) -> list[tuple[int, int]]:
    """The directions (row step, column step) of the lines at a cell."""
    r, c = cell
    ways = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        other = (r + dr, c + dc)
        if (min(cell, other), max(cell, other)) in answer:
            ways.append((dr, dc))
    return ways


def _bend(cell: Cell, answer: frozenset) -> str:
    """"straight", "turn", or "" for a cell without exactly two lines."""
    ways = _ways(cell, answer)
    if len(ways) != 2:
        return ""
    (a, b), (c, d) = ways
    return "straight" if (a + c, b + d) == (0, 0) else "turn"


def _pearls(puzzle: MasyuPuzzle, kind: str) -> list[Cell]:
    return [cell for cell in puzzle.pearl_cells() if puzzle.pearl(cell) == kind]


def _white_turns(puzzle: MasyuPuzzle, answer: frozenset) -> str | None:
    for cell in _pearls(puzzle, WHITE):
        if _bend(cell, answer) == "turn":
            return f"the loop turns on the white pearl at {cell_name(cell)}"
    return None


def _black_straight(puzzle: MasyuPuzzle, answer: frozenset) -> str | None:
    for cell in _pearls(puzzle, BLACK):
        if _bend(cell, answer) == "straight":
            return f"the black pearl at {cell_name(cell)} is passed straight"
    return None


def _black_turns_beside(puzzle: MasyuPuzzle, answer: frozenset) -> str | None:
    for cell in _pearls(puzzle, BLACK):
        if _bend(cell, answer) != "":
            for dr, dc in _ways(cell, answer):
                beside = (cell[0] + dr, cell[1] + dc)
                if _bend(beside, answer) == "turn":
                    return f"the loop turns at {cell_name(beside)}, next to the black pearl at {cell_name(cell)}"
    return None


def _white_straight_beside(puzzle: MasyuPuzzle, answer: frozenset) -> str | None:
    for cell in _pearls(puzzle, WHITE):
        if _bend(cell, answer) != "":
            beside = [(cell[0] + dr, cell[1] + dc) for dr, dc in _ways(cell, answer)]
            if all(_bend(other, answer) == "straight" for other in beside):
                return f"the loop runs straight on through both cells beside the white pearl at {cell_name(cell)}"
    return None


def _pearl_missed(puzzle: MasyuPuzzle, answer: frozenset) -> str | None:
    on = loops.degrees(answer)
    for cell in puzzle.pearl_cells():
        if cell not in on:
            return f"the loop misses the {'black' if puzzle.pearl(cell) == BLACK else 'white'} pearl at {cell_name(cell)}"
    return None


CHECKS = (
    Check("bad-shape", "the answer is lines between side-by-side cells", _shape, stops=True),
    degree_check("branch", _lines, cell_name),
    Check("white-turns", "the loop goes straight through a white pearl", _white_turns),
    Check("black-straight", "the loop turns on a black pearl", _black_straight),
    Check("black-turns-beside", "the loop goes straight on through the cells after a black pearl", _black_turns_beside),
    Check("white-straight-beside", "the loop turns in a cell beside a white pearl", _white_straight_beside),
    Check("pearl-missed", "the loop passes every pearl", _pearl_missed),
    one_loop_check("one-loop", _lines, cell_name),
)
