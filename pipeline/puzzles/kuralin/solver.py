"""The Kuralin solver of the product document: a search over cells in reading order.

Each cell picks whether its line runs right and whether it runs down, so that with the lines
coming in from the left and from above it has two lines or none. Open paths carry a path id; a
union-find over those ids joins two paths when they meet in a cell. A loop may close only when it
holds every line drawn so far (no other open path end exists), and after that no cell may take a
line. Each circle is checked as its cells are decided.

Pruning that keeps that structure (all sound, none changes what counts as an answer):
- circle bounds: a circle of n cells allows at most so many black and so many white cells, so it
  fails as soon as either count is exceeded, not only when its last cell is decided;
- a line drawn into an undecided cell makes that cell white at once, so a circle (or a fixed
  colour) refuses a line into a cell that must be black the moment the line is drawn;
- dead states: two partial searches at the same cell with the same open path ends, joined the
  same way, and the same circle counts so far have the same completions, so a state whose search
  found nothing is remembered and skipped when met again.

The same search, with the choices of each cell tried in a shuffled order and a minimum loop
length, draws the generator's loops. The shuffle is stably re-sorted so that choices closing a
2x2 block of loop cells come last: inside such blocks a loop can often be rerouted through the
same cells, which no circle can rule out, and a loop with few of them is more often the only
loop through its cells (measured: 69% of 10x10 loops instead of under 1%).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from pipeline.puzzles.base import Budget
from pipeline.puzzles.kuralin.model import Cell, Circle, KuralinPuzzle, Solution, solution_from_lines

# (right, down) choices; which ones a cell may take depends on its incoming lines.
_NONE, _RIGHT, _DOWN, _BOTH = (0, 0), (1, 0), (0, 1), (1, 1)


@dataclass(frozen=True)
class Limit:
    """A colour-count bound on a group of cells: a circle, or a cell whose colour is fixed."""

    cells: tuple[Cell, ...]
    max_black: int
    max_white: int


def circle_limit(circle: Circle) -> Limit:
    n = len(circle.cells)
    if circle.kind == "black":  # more black than white
        return Limit(circle.cells, n, (n - 1) // 2)
    if circle.kind == "white":
        return Limit(circle.cells, (n - 1) // 2, n)
    return Limit(circle.cells, n // 2, n // 2)


def broken_limits(circle: Circle) -> list[Limit]:
    """Limits that together admit exactly the colourings breaking `circle` (one or two ranges)."""
    n, half = len(circle.cells), len(circle.cells) // 2
    if circle.kind == "black":  # at most half black
        return [Limit(circle.cells, half, n)]
    if circle.kind == "white":  # at least half black
        return [Limit(circle.cells, n, half)]
    return [Limit(circle.cells, half - 1, n), Limit(circle.cells, n, half - 1)]


def colour_limits(cells: Sequence[str]) -> list[Limit]:
    """Limits that fix every cell to the colour it has in `cells` ("#" black, "." on the loop)."""
    return [
        Limit(((r, c),), 1, 0) if mark == "#" else Limit(((r, c),), 0, 1)
        for r, row in enumerate(cells)
        for c, mark in enumerate(row)
    ]


class Board:
    """Derived structure for one grid and its limits, built once and read by every search."""

    def __init__(self, rows: int, cols: int, limits: Sequence[Limit]):
        self.rows, self.cols = rows, cols
        n = rows * cols
        self.max_black = [lim.max_black for lim in limits]
        self.max_white = [lim.max_white for lim in limits]
        touching: list[list[int]] = [[] for _ in range(n)]
        first, last = [], []
        for i, lim in enumerate(limits):
            indices = [r * cols + c for r, c in lim.cells]
            for p in indices:
                touching[p].append(i)
            first.append(min(indices))
            last.append(max(indices))
        self.touching = [tuple(t) for t in touching]
        # Limits whose counts a state at cell p must remember: some cells decided, some not.
        self.active = [
            tuple(i for i in range(len(limits)) if first[i] < p <= last[i]) for p in range(n + 1)
        ]
        self.can_right = [p % cols < cols - 1 for p in range(n)]
        self.can_down = [p < n - cols for p in range(n)]


def board_for(puzzle: KuralinPuzzle) -> Board:
    return Board(puzzle.rows, puzzle.cols, [circle_limit(c) for c in puzzle.circles])


def solve(puzzle: KuralinPuzzle, limit: int, budget: Budget) -> list[Solution]:
    return search(board_for(puzzle), limit, budget)


def search(
    board: Board,
    limit: int,
    budget: Budget,
    *,
    rng: random.Random | None = None,
    min_length: int = 0,
) -> list[Solution]:
    """Up to `limit` distinct loops obeying the board's limits, in search order.

    With `rng`, each cell tries its choices in a shuffled order; `min_length` refuses loops
    through fewer cells. Raises StepLimit (or TimeLimit) from `budget`: then it proves nothing.
    """
    rows, cols = board.rows, board.cols
    n = rows * cols
    touching, active = board.touching, board.active
    max_black, max_white = board.max_black, board.max_white
    can_right, can_down = board.can_right, board.can_down
    black = [0] * len(max_black)
    white = [0] * len(max_black)
    ends = [-1] * cols  # path id of the line coming down into each column, or -1
    parent = list(range(n))  # union-find over path ids (a path's id is the cell it started in)
    known_white = [0] * n  # lines into a cell, or 1 for a cell that starts a path
    went_right = [0] * n
    went_down = [0] * n
    dead: set[tuple] = set()
    found: list[Solution] = []
    spend = budget.spend

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    def add_black(p: int) -> bool:
        limits = touching[p]
        for i in limits:
            if black[i] >= max_black[i]:
                return False
        for i in limits:
            black[i] += 1
        return True

    def take_black(p: int) -> None:
        for i in touching[p]:
            black[i] -= 1

    def mark_white(x: int) -> bool:
        """One more line into cell x (or x starts a path): x is white from now on."""
        if not known_white[x]:
            limits = touching[x]
            for i in limits:
                if white[i] >= max_white[i]:
                    return False
            for i in limits:
                white[i] += 1
        known_white[x] += 1
        return True

    def unmark_white(x: int) -> None:
        known_white[x] -= 1
        if not known_white[x]:
            for i in touching[x]:
                white[i] -= 1

    def state_key(p: int, right: int, done: bool, length: int) -> tuple:
        """What the rest of the search depends on; paths are named by first appearance."""
        roots: dict[int, int] = {}
        key = [p, done, min(length, min_length)]
        for x in (*ends, right):
            if x >= 0:
                while parent[x] != x:  # find(), inlined: this runs at every state
                    x = parent[x]
                x = roots.setdefault(x, len(roots))
            key.append(x)
        for i in active[p]:  # its whites follow: decided cells not black, plus lines into cells
            key.append(black[i])
        return tuple(key)

    def answer() -> Solution:
        lines = set()
        for p in range(n):
            r, c = divmod(p, cols)
            if went_right[p]:
                lines.add(((r, c), (r, c + 1)))
            if went_down[p]:
                lines.add(((r, c), (r + 1, c)))
        return solution_from_lines(rows, cols, frozenset(lines))

    def completed_blocks(cells: list[int]) -> int:
        count = 0
        for x in cells:
            r, c = divmod(x, cols)
            for y in (r - 1, r):
                for z in (c - 1, c):
                    if 0 <= y < rows - 1 and 0 <= z < cols - 1:
                        q = y * cols + z
                        count += bool(
                            known_white[q] and known_white[q + 1]
                            and known_white[q + cols] and known_white[q + cols + 1]
                        )
        return count

    def blocks_closed_by(p: int, choice: tuple[int, int], right: int, up: int) -> int:
        """How many 2x2 blocks of known loop cells this choice would complete."""
        go_right, go_down = choice
        newly = []
        if right < 0 and up < 0 and go_right:
            newly.append(p)
        if go_right and not known_white[p + 1]:
            newly.append(p + 1)
        if go_down:
            newly.append(p + cols)
        for x in newly:
            known_white[x] += 1
        count = completed_blocks(newly)
        for x in newly:
            known_white[x] -= 1
        return count

    def choices(p: int, right: int, up: int, done: bool) -> list[tuple[int, int]]:
        if right >= 0 and up >= 0:
            return [_NONE]
        if right >= 0 or up >= 0:
            options = ([_RIGHT] if can_right[p] else []) + ([_DOWN] if can_down[p] else [])
        elif not done and can_right[p] and can_down[p]:
            options = [_NONE, _BOTH]
        else:
            options = [_NONE]
        if rng is not None and len(options) > 1:
            rng.shuffle(options)
            options.sort(key=lambda choice: blocks_closed_by(p, choice, right, up))
        return options

    def visit(p: int, right: int, open_ends: int, done: bool, length: int) -> None:
        if p == n:
            if done:
                found.append(answer())
            return
        if length + n - p < min_length and not done:
            return
        key = state_key(p, right, done, length)
        if key in dead:
            return
        before = len(found)
        c = p % cols
        up = ends[c]
        for go_right, go_down in choices(p, right, up, done):
            spend()
            try_cell(p, c, right, up, go_right, go_down, open_ends, done, length)
            if len(found) >= limit:
                return
        if len(found) == before:
            dead.add(key)

    def try_cell(p, c, right, up, go_right, go_down, open_ends, done, length) -> None:
        went_right[p], went_down[p] = go_right, go_down
        if right < 0 and up < 0 and not go_right:
            if add_black(p):
                ends[c] = -1
                visit(p + 1, -1, open_ends, done, length)
                ends[c] = up
                take_black(p)
            return
        starts = right < 0 and up < 0
        whitened = [x for x, yes in ((p, starts), (p + 1, go_right), (p + cols, go_down)) if yes]
        marked = 0
        while marked < len(whitened) and mark_white(whitened[marked]):
            marked += 1
        if marked == len(whitened):
            continue_lines(p, c, right, up, go_right, go_down, starts, open_ends, done, length)
        for x in whitened[:marked]:
            unmark_white(x)

    def continue_lines(p, c, right, up, go_right, go_down, starts, open_ends, done, length) -> None:
        if right >= 0 and up >= 0:
            a, b = find(right), find(up)
            ends[c] = -1
            if a != b:
                parent[b] = a
                visit(p + 1, -1, open_ends - 2, done, length + 1)
                parent[b] = b
            elif open_ends == 2 and length + 1 >= min_length:  # closing: it holds every line
                visit(p + 1, -1, 0, True, length + 1)
        else:
            path = p if starts else (right if right >= 0 else up)
            ends[c] = path if go_down else -1
            visit(p + 1, path if go_right else -1, open_ends + 2 * starts, done, length + 1)
        ends[c] = up

    visit(0, -1, 0, False, 0)
    return found
