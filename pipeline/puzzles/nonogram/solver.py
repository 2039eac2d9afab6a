"""The nonogram's own solver: the per-line dynamic program, swept to a fixpoint, then branching.

A line's knowledge is two bitmasks over its cells (bit i is cell i): `filled` and `empty`. The
per-line step is the product document's dynamic program, with each row of its table held as one
bitmask so that a whole row is computed in a few integer operations instead of a loop per cell:

- fwd[j], bit i: the first j runs fit in cells [0, i) (every filled cell there covered);
- bwd[j], bit i: runs j.. fit in cells [i, n).

A run can sit at a start if its cells are not known empty and both sides are feasible; a cell can
be filled if such a placement covers it, and empty if for some j the first j runs fit before it
and the rest after it. The line's new knowledge is what every placement agrees on. Results are
cached by (clue, length, filled, empty): generating retries pictures that share most lines, and
every puzzle starts from lines with nothing known.

The grid keeps each row's and each column's masks, and re-examines only the lines that crossed a
newly decided cell. Line solving reaches the same fixpoint in any order; the order here is fixed
anyway (rows, then columns, by index), so step counts are deterministic too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pipeline.puzzles.base import Budget
from pipeline.puzzles.nonogram.model import EMPTY, FILLED, Answer, Clue, Nonogram

LineResult = tuple[int, int] | None  # (filled, empty) masks, or None when the line cannot hold its clue

_CACHE_LIMIT = 200_000  # entries; about 40 MB at worst, and cleared (not evicted) when full
_cache: dict[tuple[Clue, int, int, int], LineResult] = {}


def settle_line(clue: Clue, n: int, filled: int, empty: int) -> LineResult:
    """What every placement of `clue` in an n-cell line with these known cells agrees on."""
    key = (clue, n, filled, empty)
    result = _cache.get(key, key)
    if result is key:
        if len(_cache) >= _CACHE_LIMIT:
            _cache.clear()
        result = _cache[key] = _settle(clue, n, filled, empty)
    return result


@cache
def _doublings(n: int) -> tuple[int, ...]:
    """Shift amounts 1, 2, 4, ... whose sum reaches n: enough to carry a bit across a line."""
    shifts = []
    shift = 1
    while shift <= n:
        shifts.append(shift)
        shift <<= 1
    return tuple(shifts)


def _settle(clue: Clue, n: int, filled: int, empty: int) -> LineResult:
    if filled & empty:
        return None
    cells = (1 << n) - 1
    not_filled = cells & ~filled
    fits = [_windows(cells & ~empty, length) for length in clue]
    fwd = _forward(clue, n, filled, not_filled, fits)
    if not (fwd[-1] >> n) & 1:
        return None
    can_fill, can_empty = _backward(clue, n, filled, not_filled, fits, fwd)
    return cells & ~(can_empty & not_filled), cells & ~can_fill


def _windows(not_empty: int, length: int) -> int:
    """Bit s: cells s .. s+length-1 all lie in the line and none is known empty."""
    window, covered = not_empty, 1
    while covered * 2 <= length:
        window &= window >> covered
        covered *= 2
    if covered < length:
        window &= window >> (length - covered)
    return window


def _spread(starts: int, length: int) -> int:
    """Every cell covered by a run of `length` starting at one of `starts`."""
    cover, covered = starts, 1
    while covered * 2 <= length:
        cover |= cover << covered
        covered *= 2
    if covered < length:
        cover |= cover << (length - covered)
    return cover


def _forward(clue: Clue, n: int, filled: int, not_filled: int, fits: list[int]) -> list[int]:
    """fwd[j] for j = 0..k; bit i of fwd[j]: the first j runs fit in cells [0, i).

    After run j ends at a boundary, the boundary may move up over cells that are not filled
    (bit i of `step`: from i-1 to i). That closure is one addition: in each run of bits of
    m = step | ends, adding the ends carries from the lowest end to the top of the run, so
    m & ~(m + ends) is every boundary from the lowest end up. It replaced a loop of shifts by
    1, 2, 4, ... and made the line step a third faster (12,519 line states met generating
    30x30 puzzles: 14 us each before, 9.5 after).
    """
    room = (1 << (n + 1)) - 1 if not filled else (1 << (filled & -filled).bit_length()) - 1
    fwd = [room]
    step = not_filled << 1
    for j, length in enumerate(clue):
        if j:
            room = (room & not_filled) << 1  # a gap cell, then run j may start
        ends = (room & fits[j]) << length
        m = step | ends
        room = (m & ~(m + ends)) | ends
        fwd.append(room)
    return fwd


def _backward(clue: Clue, n: int, filled: int, not_filled: int, fits: list[int], fwd: list[int]) -> tuple[int, int]:
    """The cells some placement fills and the cells some placement leaves empty.

    Walks the runs from the last, keeping `after` = bwd[j+1] (bit i: runs j+1.. fit in cells
    [i, n)) and meeting fwd on the way: run j may start at s when the runs before it fit left of s
    and the runs after it right of its end; a cell may be empty when for some j the first j runs
    fit before it and the rest after it. Boundaries move down here, which carries cannot do, so
    the closure doubles its shifts. Doing both in this one walk saved 15% of the line step.
    """
    k = len(clue)
    shifts = _doublings(n)
    after = ((1 << (n + 1)) - 1) & ~((1 << filled.bit_length()) - 1)
    can_empty = fwd[k] & (after >> 1)
    can_fill = 0
    for j in range(k - 1, -1, -1):
        length = clue[j]
        room_after = after if j == k - 1 else (after >> 1) & not_filled  # run j may end before e
        room_before = fwd[0] if j == 0 else (fwd[j] & not_filled) << 1  # run j may start at s
        reach = fits[j] & (room_after >> length)  # starts of run j, as the runs after it allow
        can_fill |= _spread(room_before & reach, length)
        allow = not_filled  # bit i: the boundary may move from i+1 to i, leaving cell i empty
        for shift in shifts:
            reach |= (reach >> shift) & allow
            allow &= allow >> shift
        after = reach
        can_empty |= fwd[j] & (after >> 1)
    return can_fill, can_empty


@dataclass
class Grid:
    """What is known about every cell, held twice: per row (bit c) and per column (bit r)."""

    row_filled: list[int]
    row_empty: list[int]
    col_filled: list[int]
    col_empty: list[int]

    @classmethod
    def blank(cls, rows: int, cols: int) -> "Grid":
        return cls([0] * rows, [0] * rows, [0] * cols, [0] * cols)

    def copy(self) -> "Grid":
        return Grid(self.row_filled[:], self.row_empty[:], self.col_filled[:], self.col_empty[:])

    def unknown_cells(self) -> list[tuple[int, int]]:
        """In reading order; visits the undecided cells only."""
        full = (1 << len(self.col_filled)) - 1
        cells = []
        for r, (f, e) in enumerate(zip(self.row_filled, self.row_empty)):
            open_cells = full & ~(f | e)
            while open_cells:
                low = open_cells & -open_cells
                cells.append((r, low.bit_length() - 1))
                open_cells ^= low
        return cells

    def first_unknown(self) -> tuple[int, int] | None:
        full = (1 << len(self.col_filled)) - 1
        for r, (f, e) in enumerate(zip(self.row_filled, self.row_empty)):
            open_cells = full & ~(f | e)
            if open_cells:
                return r, (open_cells & -open_cells).bit_length() - 1
        return None

    def is_complete(self) -> bool:
        full = (1 << len(self.col_filled)) - 1
        return all(f | e == full for f, e in zip(self.row_filled, self.row_empty))

    def picture(self) -> Answer:
        cols = len(self.col_filled)
        return tuple(
            "".join(FILLED if (f >> c) & 1 else EMPTY for c in range(cols)) for f in self.row_filled
        )

    def decide(self, r: int, c: int, filled: bool) -> None:
        if filled:
            self.row_filled[r] |= 1 << c
            self.col_filled[c] |= 1 << r
        else:
            self.row_empty[r] |= 1 << c
            self.col_empty[c] |= 1 << r


def _sweep(
    clues: tuple[Clue, ...], length: int, own_f: list[int], own_e: list[int],
    cross_f: list[int], cross_e: list[int], todo: int, budget: Budget,
) -> int | None:
    """Settle the lines in mask `todo` (rows, or columns); the mask of crossing lines that
    learned something, or None when a line cannot hold its clue."""
    touched = 0
    while todo:
        low = todo & -todo
        todo ^= low
        i = low.bit_length() - 1
        budget.spend()
        result = settle_line(clues[i], length, own_f[i], own_e[i])
        if result is None:
            return None
        new_f, new_e = result
        gain_f = new_f & ~own_f[i]
        gain_e = new_e & ~own_e[i]
        if gain_f | gain_e:
            own_f[i] = new_f
            own_e[i] = new_e
            touched |= gain_f | gain_e
            while gain_f:
                bit = gain_f & -gain_f
                gain_f ^= bit
                cross_f[bit.bit_length() - 1] |= low
            while gain_e:
                bit = gain_e & -gain_e
                gain_e ^= bit
                cross_e[bit.bit_length() - 1] |= low
    return touched


def propagate(puzzle: Nonogram, grid: Grid, rows_todo: int, cols_todo: int, budget: Budget) -> bool:
    """Line-solve to the fixpoint, starting from the given lines; False on a contradiction."""
    while rows_todo or cols_todo:
        if rows_todo:
            cols_more = _sweep(
                puzzle.row_clues, puzzle.cols, grid.row_filled, grid.row_empty,
                grid.col_filled, grid.col_empty, rows_todo, budget,
            )
            if cols_more is None:
                return False
            cols_todo |= cols_more
            rows_todo = 0
        if cols_todo:
            rows_more = _sweep(
                puzzle.col_clues, puzzle.rows, grid.col_filled, grid.col_empty,
                grid.row_filled, grid.row_empty, cols_todo, budget,
            )
            if rows_more is None:
                return False
            rows_todo |= rows_more
            cols_todo = 0
    return True


def line_solve(puzzle: Nonogram, budget: Budget) -> Grid | None:
    """All that single-line deductions decide from the clues; None if they reach a contradiction."""
    grid = Grid.blank(puzzle.rows, puzzle.cols)
    everything = (1 << puzzle.rows) - 1
    if not propagate(puzzle, grid, everything, (1 << puzzle.cols) - 1, budget):
        return None
    return grid


def is_line_solvable(puzzle: Nonogram, budget: Budget) -> bool:
    grid = line_solve(puzzle, budget)
    return grid is not None and grid.is_complete()


def solve(puzzle: Nonogram, limit: int, budget: Budget) -> list[Answer]:
    """Up to `limit` distinct answers: line solving, then branching on an undecided cell.

    Each branch decides one cell and line-solves from there; the two values of a cell split the
    answers between them, so no answer is found twice. The search keeps its own stack: a large
    hand-made record may branch deeper than Python's recursion limit.
    """
    found: list[Answer] = []
    grid = line_solve(puzzle, budget)
    pending: list[tuple[Grid, tuple[int, int, bool] | None]] = [] if grid is None else [(grid, None)]
    while pending and len(found) < limit:
        grid, decision = pending.pop()
        if decision is not None:
            r, c, filled = decision
            grid.decide(r, c, filled)
            if not propagate(puzzle, grid, 1 << r, 1 << c, budget):
                continue
        cell = grid.first_unknown()
        if cell is None:
            found.append(grid.picture())
            continue
        r, c = cell
        pending.append((grid.copy(), (r, c, False)))
        pending.append((grid, (r, c, True)))
    return found
