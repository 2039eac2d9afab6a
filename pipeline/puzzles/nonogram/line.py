"""One line of a nonogram: where its clue's runs can sit, given the cells known so far.

The product document's dynamic program, with each row of its table held as one bitmask (bit i is
cell i) so that a whole row is computed in a few integer operations instead of a loop per cell:

- fwd[j], bit i: the first j runs fit in cells [0, i) (every filled cell there covered);
- bwd[j], bit i: runs j.. fit in cells [i, n).

A run can sit at a start if its cells are not known empty and both sides are feasible; a cell can
be filled if such a placement covers it, and empty if for some j the first j runs fit before it
and the rest after it.

Two readers share it: the solver keeps what every placement agrees on, and the grader's
techniques read the extreme starts of each run as a person does (its own copy was 80% of its
time: docs/notes/nonogram-line.md).
"""

from __future__ import annotations

from functools import cache

from pipeline.puzzles.nonogram.model import Clue

# Where each run can start (one mask per run), the cells some placement fills, the cells some
# placement leaves empty; a line that cannot hold its clue has no Fit (None).
Fit = tuple[tuple[int, ...], int, int]


def fit(clue: Clue, n: int, filled: int, empty: int) -> Fit | None:
    """Every placement of `clue` in an n-cell line with these known cells, summed up."""
    if filled & empty:
        return None
    cells = (1 << n) - 1
    not_filled = cells & ~filled
    fits = [windows(cells & ~empty, length) for length in clue]
    fwd = _forward(clue, n, filled, not_filled, fits)
    if not (fwd[-1] >> n) & 1:
        return None
    return _backward(clue, n, filled, not_filled, fits, fwd)


@cache
def _doublings(n: int) -> tuple[int, ...]:
    """Shift amounts 1, 2, 4, ... whose sum reaches n: enough to carry a bit across a line."""
    shifts = []
    shift = 1
    while shift <= n:
        shifts.append(shift)
        shift <<= 1
    return tuple(shifts)


def windows(not_empty: int, length: int) -> int:
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


def _backward(clue: Clue, n: int, filled: int, not_filled: int, fits: list[int], fwd: list[int]) -> Fit:
    """Where each run can start, the cells some placement fills and the cells some placement
    leaves empty.

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
    starts = []
    for j in range(k - 1, -1, -1):
        length = clue[j]
        room_after = after if j == k - 1 else (after >> 1) & not_filled  # run j may end before e
        room_before = fwd[0] if j == 0 else (fwd[j] & not_filled) << 1  # run j may start at s
        reach = fits[j] & (room_after >> length)  # starts of run j, as the runs after it allow
        starts.append(room_before & reach)
        can_fill |= _spread(starts[-1], length)
        allow = not_filled  # bit i: the boundary may move from i+1 to i, leaving cell i empty
        for shift in shifts:
            reach |= (reach >> shift) & allow
            allow &= allow >> shift
        after = reach
        can_empty |= fwd[j] & (after >> 1)
    return tuple(reversed(starts)), can_fill, can_empty
