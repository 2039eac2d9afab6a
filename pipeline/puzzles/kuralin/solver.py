"""The Kuralin solver of the product document: a search over cells in reading order.

Each cell picks whether its line runs right and whether it runs down, so that with the lines
coming in from the left and from above it has two lines or none. Each open path end knows the
other end of its path, so two paths that meet in a cell join by pairing their far ends (the
product document's union-find, kept as partners: see _Search). A loop may close only when it
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

from pipeline.budget import Budget
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
    """Derived structure for one grid and its limits, built once and read by every search.

    The colour counts of all limits are one integer, a 4-bit field per limit: a limit holds at
    most 4 cells, and a field starts at 7 minus the limit's maximum, so its top bit comes on
    exactly when the count passes that maximum. Adding a cell is one addition and one test
    against `over` however many limits it touches, and the counts a state must remember are
    one mask away.
    """

    def __init__(self, rows: int, cols: int, limits: Sequence[Limit]):
        self.rows, self.cols = rows, cols
        n = rows * cols
        self.black_start = sum((7 - lim.max_black) << 4 * i for i, lim in enumerate(limits))
        self.white_start = sum((7 - lim.max_white) << 4 * i for i, lim in enumerate(limits))
        self.over = sum(8 << 4 * i for i in range(len(limits)))
        self.adds = [0] * n  # one more black (or white) cell here, in every limit it is in
        first, last = [], []
        for i, lim in enumerate(limits):
            indices = [r * cols + c for r, c in lim.cells]
            for p in indices:
                self.adds[p] += 1 << 4 * i
            first.append(min(indices))
            last.append(max(indices))
        # The limits whose counts a state at cell p must remember: some cells decided, some not.
        self.active = [
            sum(15 << 4 * i for i in range(len(limits)) if first[i] < p <= last[i]) for p in range(n + 1)
        ]
        can_right = [p % cols < cols - 1 for p in range(n)]
        can_down = [p < n - cols for p in range(n)]
        self.turns = [(_RIGHT,) * can_right[p] + (_DOWN,) * can_down[p] for p in range(n)]
        self.can_start = [can_right[p] and can_down[p] for p in range(n)]


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
    """A depth-first search over cells in reading order, one choice of lines per cell.

    Open paths are kept as partners of their ends: `mates` has a slot per column for the line
    coming down into that column's next cell, and a last slot for the line coming in from the
    left; a slot holds the slot of its path's other end, or -1. Two states with the same
    partners have the same paths in every way that matters to the rest of the search, so the
    partners are the paths' part of a dead state's key as they stand, nothing to rename.
    """

    def __init__(self, board: Board, limit: int, budget: Budget, rng: random.Random | None, min_length: int):
        self.board = board
        self.limit = limit
        self.spend = budget.spend
        self.rng = rng
        self.min_length = min_length
        self.cols = board.cols
        self.n = board.rows * board.cols
        self.active, self.adds, self.over = board.active, board.adds, board.over
        self.mates = [-1] * (board.cols + 1)
        self.black = board.black_start  # every limit's count of decided black cells
        self.white = board.white_start  # and of cells known white
        self.known_white = [0] * self.n  # lines into a cell, or 1 for a cell that starts a path
        self.went_right = [0] * self.n
        self.went_down = [0] * self.n
        self.dead: set[tuple] = set()
        self.found: list[Solution] = []

    def run(self) -> list[Solution]:
        self.visit(0, 0, False, 0)
        return self.found

    def visit(self, p: int, open_ends: int, done: bool, length: int) -> None:
        found = self.found
        if p == self.n:
            if done:
                found.append(self.answer())
            return
        if length + self.n - p < self.min_length and not done:
            return
        shortest = self.min_length  # lengths past it all complete alike; min() cost 18% of a step
        key = (p, done, length if length < shortest else shortest, tuple(self.mates), self.black & self.active[p])
        if key in self.dead:
            return
        before = len(found)
        c = p % self.cols
        for go_right, go_down in self.choices(p, c, done):
            self.spend()
            self.place(p, c, go_right, go_down, open_ends, done, length)
            if len(found) >= self.limit:
                return
        if len(found) == before:
            self.dead.add(key)

    def choices(self, p: int, c: int, done: bool) -> Sequence[tuple[int, int]]:
        right_in, up_in = self.mates[self.cols] >= 0, self.mates[c] >= 0
        if right_in and up_in:
            return (_NONE,)
        if right_in or up_in:
            options = self.board.turns[p]
        elif not done and self.board.can_start[p]:
            options = (_NONE, _BOTH)
        else:
            options = (_NONE,)
        if self.rng is not None and len(options) > 1:
            options = list(options)
            self.rng.shuffle(options)
            starts = not right_in and not up_in
            options.sort(key=lambda choice: self.blocks_closed_by(p, choice, starts))
        return options

    def place(self, p, c, go_right, go_down, open_ends, done, length) -> None:
        self.went_right[p], self.went_down[p] = go_right, go_down
        right, up = self.mates[self.cols], self.mates[c]
        starts = right < 0 and up < 0
        if starts and not go_right:
            self.leave_black(p, open_ends, done, length)
            return
        if starts:  # leaving right and down
            whitened: tuple[int, ...] = (p, p + 1, p + self.cols)
        elif go_right:
            whitened = (p + 1,)
        elif go_down:
            whitened = (p + self.cols,)
        else:  # two lines in, none out
            self.draw_lines(p, c, right, up, go_right, open_ends, done, length)
            return
        white = self.white
        if self.mark_white(whitened):
            self.draw_lines(p, c, right, up, go_right, open_ends, done, length)
            self.unmark_white(whitened)
            self.white = white

    def leave_black(self, p: int, open_ends: int, done: bool, length: int) -> None:
        black = self.black
        more = black + self.adds[p]
        if not more & self.over:
            self.black = more
            self.visit(p + 1, open_ends, done, length)
            self.black = black

    def mark_white(self, cells: tuple[int, ...]) -> bool:
        """One more line into each cell (or it starts a path): they are white from now on."""
        known_white, adds = self.known_white, self.adds
        more = self.white
        for x in cells:
            if not known_white[x]:
                more += adds[x]
        if more & self.over:
            return False
        self.white = more
        for x in cells:
            known_white[x] += 1
        return True

    def unmark_white(self, cells: tuple[int, ...]) -> None:
        known_white = self.known_white
        for x in cells:
            known_white[x] -= 1

    def draw_lines(self, p, c, right, up, go_right, open_ends, done, length) -> None:
        """Carry the paths through cell p into the next cell's slots, then search on."""
        mates, last = self.mates, self.cols
        if right >= 0 and up >= 0:
            mates[last] = mates[c] = -1
            if right != c:  # two paths meet: their far ends become partners
                mates[right], mates[up] = up, right
                self.visit(p + 1, open_ends - 2, done, length + 1)
                mates[right], mates[up] = last, c
            elif open_ends == 2 and length + 1 >= self.min_length:  # closing: it holds every line
                self.visit(p + 1, 0, True, length + 1)
            mates[last], mates[c] = right, up
        elif right < 0 and up < 0:  # a new path, leaving right and down
            mates[last], mates[c] = c, last
            self.visit(p + 1, open_ends + 2, done, length + 1)
            mates[last] = mates[c] = -1
        else:
            came, far = (last, right) if right >= 0 else (c, up)
            goes = last if go_right else c
            if came != goes:
                mates[came], mates[goes], mates[far] = -1, far, goes
            self.visit(p + 1, open_ends, done, length + 1)
            if came != goes:
                mates[came], mates[goes], mates[far] = far, -1, came

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

    def blocks_closed_by(self, p: int, choice: tuple[int, int], starts: bool) -> int:
        """How many 2x2 blocks of known loop cells this choice would complete."""
        go_right, go_down = choice
        known_white = self.known_white
        newly = []
        if starts and go_right:
            newly.append(p)
        if go_right and not known_white[p + 1]:
            newly.append(p + 1)
        if go_down:
            newly.append(p + self.cols)
        for x in newly:
            known_white[x] += 1
        count = self.completed_blocks(newly)
        for x in newly:
            known_white[x] -= 1
        return count

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
