"""The rules as a checklist, in pzprjs's order for its `slither` genre: read the answer's shape,
then some loop is drawn, no branch, no dead end, every number counted, one loop.

Each check names the first place its rule breaks. The checker reads the printed numbers and the
answer only: it shares nothing with the solver, the grader or the generator.
"""

from __future__ import annotations

from pipeline.common.loops import degrees, pieces
from pipeline.interface.checks import Check, cell_name
from pipeline.puzzles.slitherlink.model import SlitherlinkPuzzle, cell_edges, point_name


def _is_edge(edge: object, rows: int, cols: int) -> bool:
    if not (isinstance(edge, tuple) and len(edge) == 2):
        return False
    for point in edge:
        if not (isinstance(point, tuple) and len(point) == 2 and all(type(v) is int for v in point)):
            return False
        if not (0 <= point[0] <= rows and 0 <= point[1] <= cols):
            return False
    (y1, x1), (y2, x2) = edge
    return (y2 - y1, x2 - x1) in ((0, 1), (1, 0))


def bad_shape(puzzle: SlitherlinkPuzzle, answer: object) -> str | None:
    if not isinstance(answer, frozenset):
        return "the answer is not a set of edges"
    for edge in sorted(answer, key=repr):
        if not _is_edge(edge, puzzle.rows, puzzle.cols):
            return f"{edge!r} is not an edge between two neighbouring grid points of this grid"
    return None


def no_line(puzzle: SlitherlinkPuzzle, answer: frozenset) -> str | None:
    return "no line is drawn" if not answer else None


def branch(puzzle: SlitherlinkPuzzle, answer: frozenset) -> str | None:
    for point, degree in sorted(degrees(answer).items()):
        if degree > 2:
            return f"the loop branches at {point_name(point, puzzle.rows, puzzle.cols)}"
    return None


def dead_end(puzzle: SlitherlinkPuzzle, answer: frozenset) -> str | None:
    for point, degree in sorted(degrees(answer).items()):
        if degree == 1:
            return f"the line stops at {point_name(point, puzzle.rows, puzzle.cols)}"
    return None


def clue_count(puzzle: SlitherlinkPuzzle, answer: frozenset) -> str | None:
    for r, row in enumerate(puzzle.clues):
        for c, number in enumerate(row):
            if number is None:
                continue
            around = sum(edge in answer for edge in cell_edges((r, c)))
            if around != number:
                edges = "edge" if around == 1 else "edges"
                return f"the {number} at {cell_name((r, c))} has {around} loop {edges} around it"
    return None


def one_loop(puzzle: SlitherlinkPuzzle, answer: frozenset) -> str | None:
    count = len(pieces(answer))
    if count == 2:
        return "two separate loops"
    return f"{count} separate loops" if count > 2 else None


CHECKS = (
    Check("bad-shape", "the answer is edges of this grid", bad_shape, stops=True),
    Check("no-line", "a loop is drawn", no_line, stops=True),
    Check("branch", "the loop never branches", branch),
    Check("dead-end", "the loop never stops", dead_end),
    Check("clue-count", "each number counts the loop's edges around its cell", clue_count),
    Check("one-loop", "there is one loop", one_loop),
)
