"""The rules checker: reads an answer and tests every rule, sharing nothing with the solver.

Failure codes (also used by tests and by verify's report):
- bad-shape: the answer is not a colouring of this grid plus lines between side-by-side cells;
- branch: a cell with more than two lines, or a line that stops in a cell (a dead end);
- one-loop: no loop at all, or the lines form more than one loop;
- black-off-loop: the cells marked black are not exactly the cells the loop misses;
- circle-black / circle-white / circle-grey: a circle of that colour whose touched cells do not
  have the balance it asks for, counted with the colouring the loop gives.
"""

from __future__ import annotations

from collections import Counter

from pipeline.puzzles.kuralin.model import BLACK, ON_LOOP, KuralinPuzzle, Solution, kind_for

BAD_SHAPE = "bad-shape"
BRANCH = "branch"
ONE_LOOP = "one-loop"
BLACK_OFF_LOOP = "black-off-loop"
CIRCLE_CODES = {"black": "circle-black", "white": "circle-white", "grey": "circle-grey"}


def check(puzzle: KuralinPuzzle, answer: Solution) -> list[str]:
    if not _well_shaped(puzzle.rows, puzzle.cols, answer):
        return [BAD_SHAPE]
    degree = Counter(cell for line in answer.lines for cell in line)
    on_loop = set(degree)
    failures = []
    if any(d != 2 for d in degree.values()):
        failures.append(BRANCH)
    if _loop_count(answer.lines) != 1:
        failures.append(ONE_LOOP)
    marked_black = {
        (r, c) for r, row in enumerate(answer.cells) for c, mark in enumerate(row) if mark == BLACK
    }
    every = {(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)}
    if marked_black != every - on_loop:
        failures.append(BLACK_OFF_LOOP)
    for kind in sorted({c.kind for c in puzzle.circles}):
        if any(_circle_broken(circle, on_loop) for circle in puzzle.circles if circle.kind == kind):
            failures.append(CIRCLE_CODES[kind])
    return failures


def _well_shaped(rows: int, cols: int, answer: object) -> bool:
    if not isinstance(answer, Solution):
        return False
    cells, lines = answer.cells, answer.lines
    if not isinstance(cells, tuple) or len(cells) != rows:
        return False
    if any(not isinstance(row, str) or len(row) != cols or set(row) - {BLACK, ON_LOOP} for row in cells):
        return False
    if not isinstance(lines, frozenset):
        return False
    return all(_is_line(line, rows, cols) for line in lines)


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


def _loop_count(lines: frozenset) -> int:
    """Connected pieces of the drawn lines; a single loop is one piece."""
    links: dict = {}
    for a, b in lines:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    seen: set = set()
    pieces = 0
    for start in sorted(links):
        if start in seen:
            continue
        pieces += 1
        stack = [start]
        seen.add(start)
        while stack:
            for nxt in links[stack.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
    return pieces


def _circle_broken(circle, on_loop: set) -> bool:
    black = sum(1 for cell in circle.cells if cell not in on_loop)
    return kind_for(black, len(circle.cells)) != circle.kind
