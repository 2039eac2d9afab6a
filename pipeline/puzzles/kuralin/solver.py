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
from itertools import accumulate
from typing import Sequence

try:  # the optional compiled core, built from search.c when a C compiler is there
    import _puzzlepress_kuralin as _compiled
except ImportError:
    _compiled = None

from pipeline.budget import Budget
from pipeline.puzzles.kuralin.model import Cell, Circle, KuralinPuzzle, Solution, solution_from_lines

_COMPILED_COLS, _COMPILED_WORDS = 62, 64  # the widest grid and the most limits (in words of 16) search.c holds

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
        # Summed as a running total of the fields coming in after their first cell and going out
        # after their last: the generator builds a board per search, and a sum over every limit
        # at every cell took 1 ms of each at 12x12.
        change = [0] * (n + 2)
        for i in range(len(limits)):
            change[first[i] + 1] += 15 << 4 * i
            change[last[i] + 1] -= 15 << 4 * i
        self.active = list(accumulate(change[: n + 1]))
        can_right = [p % cols < cols - 1 for p in range(n)]
        can_down = [p < n - cols for p in range(n)]
        self.turns = [(_RIGHT,) * can_right[p] + (_DOWN,) * can_down[p] for p in range(n)]
        self.can_start = [can_right[p] and can_down[p] for p in range(n)]
        self.words = max(1, -(-len(limits) // 16))  # 64-bit words of 16 fields, for the compiled search

    def as_words(self) -> tuple[bytes, bytes, bytes, bytes, bytes]:
        """adds, active, over, black_start and white_start as little-endian 64-bit words."""
        size = 8 * self.words
        return (
            b"".join(x.to_bytes(size, "little") for x in self.adds),
            b"".join(x.to_bytes(size, "little") for x in self.active),
            *(x.to_bytes(size, "little") for x in (self.over, self.black_start, self.white_start)),
        )


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
    A search without either runs compiled when the optional core is built (search.c): the same
    search, the same steps and answers.
    """
    if _compiled is not None and rng is None and min_length == 0 and board.cols <= _COMPILED_COLS and board.words <= _COMPILED_WORDS:
        return _compiled_search(board, limit, budget)
    return _Search(board, limit, budget, rng, min_length).run()


def _compiled_search(board: Board, limit: int, budget: Budget) -> list[Solution]:
    steps, stopped, found = _compiled.search(board.rows, board.cols, limit, budget.steps_left + 1, *board.as_words())
    budget.spend(steps)  # raises StepLimit, with the steps spent as the Python search spends them, when it stopped
    if stopped:
        raise RuntimeError("the compiled Kuralin search stopped short of its step limit")
    return [_lines_answer(board, went) for went in found]


def _lines_answer(board: Board, went: bytes) -> Solution:
    """An answer from each cell's lines: bit 0 a line right, bit 1 a line down."""
    cols = board.cols
    lines = set()
    for p, lines_out in enumerate(went):
        if lines_out:
            r, c = divmod(p, cols)
            if lines_out & 1:
                lines.add(((r, c), (r, c + 1)))
            if lines_out & 2:
                lines.add(((r, c), (r + 1, c)))
    return solution_from_lines(board.rows, board.cols, frozenset(lines))


class _Search:
    """A depth-first search over cells in reading order, one choice of lines per cell.

    Open paths are kept as partners of their ends: `mates` has a slot per column for the line
    coming down into that column's next cell, and a last slot for the line coming in from the
    left; a slot holds the slot of its path's other end, or -1. Two states with the same
    partners have the same paths in every way that matters to the rest of the search, so the
    partners are the paths' part of a dead state's key as they stand, nothing to rename.

    One step is one choice tried at one cell, as the budget counts them. The whole step (its
    choice, the colour counts, the partners, the recursion and the undoing) is written out in one
    function, `run`'s `visit`, over local names: with a method per part a step cost about 2 us
    and most of it was calls and attribute look-ups. Steps are paid to the budget in batches
    (`pay`), never past the step its limit is reached at, so the same search raises StepLimit at
    the same step with the same steps spent.
    """

    def __init__(self, board: Board, limit: int, budget: Budget, rng: random.Random | None, min_length: int):
        self.board = board
        self.limit = limit
        self.budget = budget
        self.rng = rng
        self.min_length = min_length
        self.known_white = [0] * (board.rows * board.cols)  # lines into a cell, or 1 for a cell that starts a path

    def run(self) -> list[Solution]:
        board, budget, limit, rng, min_length = self.board, self.budget, self.limit, self.rng, self.min_length
        cols, n = board.cols, board.rows * board.cols
        adds, active, over, turns, can_start = board.adds, board.active, board.over, board.turns, board.can_start
        column = [p % cols for p in range(n)]
        last = cols
        mates = [-1] * (cols + 1)
        known_white = self.known_white
        went_right, went_down = [0] * n, [0] * n
        dead: set[tuple] = set()
        found: list[Solution] = []
        black, white = board.black_start, board.white_start  # every limit's count of black cells, and of white
        batch = credit = 1  # steps in this batch, and left of it; the first is paid at once, as Budget reads its clock
        starting = (_NONE, _BOTH)
        shortest = min_length  # lengths past it all complete alike; min() cost 18% of a step

        def pay() -> None:
            nonlocal batch, credit
            budget.spend(batch)
            batch = credit = min(1024, budget.steps_left + 1)

        def visit(p: int, open_ends: int, done: bool, length: int) -> None:
            nonlocal black, white, credit
            if p == n:
                if done:
                    found.append(self.answer(went_right, went_down))
                return
            if length + n - p < min_length and not done:
                return
            key = (p, done, length if length < shortest else shortest, tuple(mates), black & active[p])
            if key in dead:
                return
            before = len(found)
            c = column[p]
            right, up = mates[last], mates[c]
            if right >= 0 and up >= 0:  # two lines in, none out
                credit -= 1
                if not credit:
                    pay()
                went_right[p] = went_down[p] = 0
                mates[last] = mates[c] = -1
                if right != c:  # two paths meet: their far ends become partners
                    mates[right], mates[up] = up, right
                    visit(p + 1, open_ends - 2, done, length + 1)
                    mates[right], mates[up] = last, c
                elif open_ends == 2 and length + 1 >= min_length:  # closing: it holds every line
                    visit(p + 1, 0, True, length + 1)
                mates[last], mates[c] = right, up
            elif right >= 0 or up >= 0:  # one line in: it goes on right or down
                options = turns[p]
                if rng is not None and len(options) > 1:
                    options = self.ordered(rng, p, options, False)
                came, far = (last, right) if right >= 0 else (c, up)
                for go_right, go_down in options:
                    credit -= 1
                    if not credit:
                        pay()
                    went_right[p], went_down[p] = go_right, go_down
                    x = p + 1 if go_right else p + cols
                    was = white
                    if not known_white[x]:
                        white += adds[x]
                        if white & over:
                            white = was
                            continue
                    known_white[x] += 1
                    goes = last if go_right else c
                    if came != goes:
                        mates[came], mates[goes], mates[far] = -1, far, goes
                        visit(p + 1, open_ends, done, length + 1)
                        mates[came], mates[goes], mates[far] = far, -1, came
                    else:
                        visit(p + 1, open_ends, done, length + 1)
                    known_white[x] -= 1
                    white = was
                    if len(found) >= limit:
                        return
            else:  # no line in: the cell is black, or a new path leaves it right and down
                options = starting if not done and can_start[p] else (_NONE,)
                if rng is not None and len(options) > 1:
                    options = self.ordered(rng, p, options, True)
                for choice in options:
                    credit -= 1
                    if not credit:
                        pay()
                    if choice is _NONE:
                        went_right[p] = went_down[p] = 0
                        more = black + adds[p]
                        if not more & over:
                            was, black = black, more
                            visit(p + 1, open_ends, done, length)
                            black = was
                    else:
                        went_right[p] = went_down[p] = 1
                        whitened = (p, p + 1, p + cols)
                        more = white
                        for x in whitened:
                            if not known_white[x]:
                                more += adds[x]
                        if not more & over:
                            was, white = white, more
                            for x in whitened:
                                known_white[x] += 1
                            mates[last], mates[c] = c, last
                            visit(p + 1, open_ends + 2, done, length + 1)
                            mates[last] = mates[c] = -1
                            for x in whitened:
                                known_white[x] -= 1
                            white = was
                    if len(found) >= limit:
                        return
            if len(found) == before:
                dead.add(key)

        visit(0, 0, False, 0)
        budget.spend(batch - credit)  # the steps of the last batch taken so far: fewer than it allows
        return found

    def ordered(self, rng: random.Random, p: int, options: Sequence[tuple[int, int]], starts: bool) -> list[tuple[int, int]]:
        """The choices shuffled, then stably sorted so that those closing 2x2 blocks of loop
        cells come last."""
        shuffled = list(options)
        rng.shuffle(shuffled)
        shuffled.sort(key=lambda choice: self.blocks_closed_by(p, choice, starts))
        return shuffled

    def answer(self, went_right: list[int], went_down: list[int]) -> Solution:
        return _lines_answer(self.board, bytes(r | d << 1 for r, d in zip(went_right, went_down)))

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
            newly.append(p + self.board.cols)
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
