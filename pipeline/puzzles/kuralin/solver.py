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
    return _Search(board, limit, budget, rng, min_length).run()


class _Search:
    """A depth-first search over cells in reading order, one choice of lines per cell."""

    def __init__(self, board: Board, limit: int, budget: Budget, rng: random.Random | None, min_length: int):
        self.board = board
        self.limit = limit
        self.spend = budget.spend
        self.rng = rng
        self.min_length = min_length
        n = board.rows * board.cols
        self.black = [0] * len(board.max_black)  # decided black cells of each limit
        self.white = [0] * len(board.max_black)  # its cells known white
        self.ends = [-1] * board.cols  # path id of the line coming down into each column, or -1
        self.parent = list(range(n))  # union-find over path ids (a path's id is the cell it started in)
        self.known_white = [0] * n  # lines into a cell, or 1 for a cell that starts a path
        self.went_right = [0] * n
        self.went_down = [0] * n
        self.dead: set[tuple] = set()
        self.found: list[Solution] = []

    def run(self) -> list[Solution]:
        self.visit(0, -1, 0, False, 0)
        return self.found

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            x = parent[x]
        return x

    def add_black(self, p: int) -> bool:
        limits, black, max_black = self.board.touching[p], self.black, self.board.max_black
        for i in limits:
            if black[i] >= max_black[i]:
                return False
        for i in limits:
            black[i] += 1
        return True

    def take_black(self, p: int) -> None:
        black = self.black
        for i in self.board.touching[p]:
            black[i] -= 1

    def mark_white(self, x: int) -> bool:
        """One more line into cell x (or x starts a path): x is white from now on."""
        if not self.known_white[x]:
            limits, white, max_white = self.board.touching[x], self.white, self.board.max_white
            for i in limits:
                if white[i] >= max_white[i]:
                    return False
            for i in limits:
                white[i] += 1
        self.known_white[x] += 1
        return True

    def unmark_white(self, x: int) -> None:
        self.known_white[x] -= 1
        if not self.known_white[x]:
            white = self.white
            for i in self.board.touching[x]:
                white[i] -= 1

    def state_key(self, p: int, right: int, done: bool, length: int) -> tuple:
        """What the rest of the search depends on; paths are named by first appearance."""
        parent, black = self.parent, self.black
        roots: dict[int, int] = {}
        key = [p, done, min(length, self.min_length)]
        for x in (*self.ends, right):
            if x >= 0:
                while parent[x] != x:  # find(), inlined: this runs at every state
                    x = parent[x]
                x = roots.setdefault(x, len(roots))
            key.append(x)
        for i in self.board.active[p]:  # its whites follow: decided cells not black, plus lines into cells
            key.append(black[i])
        return tuple(key)

    def answer(self) -> Solution:
        rows, cols = self.board.rows, self.board.cols
        lines = set()
        for p in range(rows * cols):
            r, c = divmod(p, cols)
            if self.went_right[p]:
                lines.add(((r, c), (r, c + 1)))
            if self.went_down[p]:
                lines.add(((r, c), (r + 1, c)))
        return solution_from_lines(rows, cols, frozenset(lines))

    def completed_blocks(self, cells: list[int]) -> int:
        rows, cols, known_white = self.board.rows, self.board.cols, self.known_white
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

    def blocks_closed_by(self, p: int, choice: tuple[int, int], right: int, up: int) -> int:
        """How many 2x2 blocks of known loop cells this choice would complete."""
        go_right, go_down = choice
        known_white = self.known_white
        newly = []
        if right < 0 and up < 0 and go_right:
            newly.append(p)
        if go_right and not known_white[p + 1]:
            newly.append(p + 1)
        if go_down:
            newly.append(p + self.board.cols)
        for x in newly:
            known_white[x] += 1
        count = self.completed_blocks(newly)
        for x in newly:
            known_white[x] -= 1
        return count

    def choices(self, p: int, right: int, up: int, done: bool) -> list[tuple[int, int]]:
        board = self.board
        if right >= 0 and up >= 0:
            return [_NONE]
        if right >= 0 or up >= 0:
            options = ([_RIGHT] if board.can_right[p] else []) + ([_DOWN] if board.can_down[p] else [])
        elif not done and board.can_right[p] and board.can_down[p]:
            options = [_NONE, _BOTH]
        else:
            options = [_NONE]
        if self.rng is not None and len(options) > 1:
            self.rng.shuffle(options)
            options.sort(key=lambda choice: self.blocks_closed_by(p, choice, right, up))
        return options

    def visit(self, p: int, right: int, open_ends: int, done: bool, length: int) -> None:
        n = len(self.known_white)
        found = self.found
        if p == n:
            if done:
                found.append(self.answer())
            return
        if length + n - p < self.min_length and not done:
            return
        key = self.state_key(p, right, done, length)
        if key in self.dead:
            return
        before = len(found)
        c = p % self.board.cols
        up = self.ends[c]
        for go_right, go_down in self.choices(p, right, up, done):
            self.spend()
            self.try_cell(p, c, right, up, go_right, go_down, open_ends, done, length)
            if len(found) >= self.limit:
                return
        if len(found) == before:
            self.dead.add(key)

    def try_cell(self, p, c, right, up, go_right, go_down, open_ends, done, length) -> None:
        self.went_right[p], self.went_down[p] = go_right, go_down
        if right < 0 and up < 0 and not go_right:
            if self.add_black(p):
                self.ends[c] = -1
                self.visit(p + 1, -1, open_ends, done, length)
                self.ends[c] = up
                self.take_black(p)
            return
        starts = right < 0 and up < 0
        whitened = [x for x, yes in ((p, starts), (p + 1, go_right), (p + self.board.cols, go_down)) if yes]
        marked = 0
        while marked < len(whitened) and self.mark_white(whitened[marked]):
            marked += 1
        if marked == len(whitened):
            self.continue_lines(p, c, right, up, go_right, go_down, starts, open_ends, done, length)
        for x in whitened[:marked]:
            self.unmark_white(x)

    def continue_lines(self, p, c, right, up, go_right, go_down, starts, open_ends, done, length) -> None:
        ends, parent = self.ends, self.parent
        if right >= 0 and up >= 0:
            a, b = self.find(right), self.find(up)
            ends[c] = -1
            if a != b:
                parent[b] = a
                self.visit(p + 1, -1, open_ends - 2, done, length + 1)
                parent[b] = b
            elif open_ends == 2 and length + 1 >= self.min_length:  # closing: it holds every line
                self.visit(p + 1, -1, 0, True, length + 1)
        else:
            path = p if starts else (right if right >= 0 else up)
            ends[c] = path if go_down else -1
            self.visit(p + 1, path if go_right else -1, open_ends + 2 * starts, done, length + 1)
        ends[c] = up
