"""Kuralin test helpers: text pictures, and a brute force that shares nothing with the solver.

The brute force has its own rule check too (`obeys`, `fits`): which cells a circle touches, what
its colour asks of them and what makes one loop are written out again here, so an answer it
accepts is judged by neither the solver nor the project's rules checker.

Circle pictures use doubled coordinates, one character per grid position: a grid of R x C cells
is 2R-1 lines of 2C-1 characters, cells at even positions (0, 2, ...), the points between them
at odd ones. "B", "W" and "G" are black, white and grey circles; anything else is empty.

Loop pictures use the same layout: "o" a cell on the loop, "#" a black cell, "-" and "|" the
lines between cells.
"""

from __future__ import annotations

import random
import textwrap
from functools import cache

from pipeline.puzzles.kuralin.model import Cell, Circle, Edge, KuralinPuzzle, Solution, solution_from_lines

LETTERS = {"B": "black", "W": "white", "G": "grey"}


# A 4x4 puzzle and its answer, shared by the rules, record and drawing tests; every circle
# agrees with the loop.
SAMPLE_CIRCLES = """
.B.G...
.G..W..
.......
.......
.......
.....W.
.......
"""
SAMPLE_ANSWER = """
# # o-o
    | |
o-o-o o
|     |
o o-o o
| | | |
o-o o-o
"""


def lines_of(text: str) -> list[str]:
    """The picture's lines, dedented and padded to one width (lines between cells may be blank)."""
    lines = [line.rstrip() for line in textwrap.dedent(text).strip("\n").splitlines()]
    width = max((len(line) for line in lines), default=0)
    return [line.ljust(width) for line in lines]


def cells_around(y: int, x: int) -> tuple[Cell, ...]:
    """The cells a circle at picture position (y, x) touches: the cells at even positions next to it."""
    rows = (y // 2,) if y % 2 == 0 else ((y - 1) // 2, (y + 1) // 2)
    cols = (x // 2,) if x % 2 == 0 else ((x - 1) // 2, (x + 1) // 2)
    return tuple((r, c) for r in rows for c in cols)


def circle_positions(rows: int, cols: int) -> list[tuple[int, int]]:
    """Every picture position a circle may take: any but a cell's own."""
    return [(y, x) for y in range(2 * rows - 1) for x in range(2 * cols - 1) if y % 2 or x % 2]


def circles_from_picture(text: str) -> tuple[Circle, ...]:
    found = []
    for y, line in enumerate(lines_of(text)):
        for x, mark in enumerate(line):
            if mark in LETTERS:
                found.append(Circle(LETTERS[mark], cells_around(y, x)))
    return tuple(found)


def loop_from_picture(text: str) -> Solution:
    picture = lines_of(text)
    rows, cols = (len(picture) + 1) // 2, (len(picture[0]) + 1) // 2
    lines: set[Edge] = set()
    for y, line in enumerate(picture):
        for x, mark in enumerate(line):
            if mark == "-":
                lines.add(((y // 2, (x - 1) // 2), (y // 2, (x + 1) // 2)))
            elif mark == "|":
                lines.add((((y - 1) // 2, x // 2), ((y + 1) // 2, x // 2)))
    solution = solution_from_lines(rows, cols, frozenset(lines))
    drawn = tuple("".join("." if line[x] == "o" else "#" for x in range(0, len(line), 2)) for line in picture[::2])
    assert solution.cells == drawn, "the picture's cells and lines disagree"
    return solution


def puzzle(rows: int, cols: int, circles: tuple[Circle, ...], answer: Solution) -> KuralinPuzzle:
    return KuralinPuzzle(rows, cols, tuple(sorted(circles, key=lambda c: c.point)), answer)


@cache
def all_loops(rows: int, cols: int) -> tuple[frozenset[Edge], ...]:
    """Every simple cycle of the grid graph, each found from its smallest cell."""
    found: set[frozenset[Edge]] = set()

    def extend(start: Cell, path: list[Cell]) -> None:
        r, c = path[-1]
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if not (0 <= nxt[0] < rows and 0 <= nxt[1] < cols):
                continue
            if nxt == start and len(path) >= 4:
                found.add(frozenset(tuple(sorted((path[i], path[i - 1]))) for i in range(len(path))))
            elif nxt > start and nxt not in path:
                path.append(nxt)
                extend(start, path)
                path.pop()

    for r in range(rows):
        for c in range(cols):
            extend((r, c), [(r, c)])
    return tuple(sorted(found, key=sorted))


def colour_of(black: int, touched: int) -> str:
    """The circle kind whose rule `black` black cells out of `touched` keep."""
    white = touched - black
    return "black" if black > white else "white" if white > black else "grey"


def fits(lines: frozenset[Edge], circles: tuple[Circle, ...]) -> bool:
    on = {cell for line in lines for cell in line}
    return all(colour_of(sum(cell not in on for cell in circle.cells), len(circle.cells)) == circle.kind for circle in circles)


def obeys(rows: int, cols: int, circles: tuple[Circle, ...], answer: Solution) -> bool:
    """Whether `answer` is one loop of side steps, black exactly off it, and every circle kept."""
    links: dict[Cell, list[Cell]] = {}
    for a, b in answer.lines:
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 or not all(0 <= r < rows and 0 <= c < cols for r, c in (a, b)):
            return False
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    if not links or any(len(ends) != 2 for ends in links.values()):
        return False
    start = next(iter(links))
    seen, stack = {start}, [start]
    while stack:
        for cell in links[stack.pop()]:
            if cell not in seen:
                seen.add(cell)
                stack.append(cell)
    marks = tuple("".join("." if (r, c) in links else "#" for c in range(cols)) for r in range(rows))
    return len(seen) == len(links) and answer.cells == marks and fits(answer.lines, circles)


def brute_answers(rows: int, cols: int, circles: tuple[Circle, ...]) -> set[frozenset[Edge]]:
    return {lines for lines in all_loops(rows, cols) if fits(lines, circles)}


def random_circles(rows: int, cols: int, rng: random.Random) -> tuple[Circle, ...]:
    """Circle sets with 0, 1 or many answers: some read off a random loop, some at random."""
    positions = circle_positions(rows, cols)
    chosen = sorted(rng.sample(positions, rng.randint(0, len(positions) * 2 // 3)))
    if rng.random() < 0.6:
        loop = rng.choice(all_loops(rows, cols))
        on = {cell for line in loop for cell in line}
        circles = []
        for y, x in chosen:
            cells = cells_around(y, x)
            circles.append(Circle(colour_of(sum(cell not in on for cell in cells), len(cells)), cells))
        return tuple(circles)
    return tuple(Circle(rng.choice(("black", "white", "grey")), cells_around(y, x)) for y, x in chosen)


def sample_puzzle() -> KuralinPuzzle:
    return puzzle(4, 4, circles_from_picture(SAMPLE_CIRCLES), loop_from_picture(SAMPLE_ANSWER))
