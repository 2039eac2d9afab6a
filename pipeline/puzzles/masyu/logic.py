"""What a Masyu solver knows and how it reasons: a position of lines, and the deductions in families.

A position knows each line between side-by-side cells as drawn, ruled out or open, and keeps the
drawn lines' paths as pairs of ends (each end knows the other, the path's cell count and how many
pearls it passes), as Simon Tatham's Pearl keeps a dsf of connected squares. Drawing a line that
closes a path into a loop is allowed only when that loop holds every drawn line and every pearl:
then every open line is ruled out, and the position is finished.

The deductions come in families, easiest first; `propagate` applies the enabled ones until
nothing changes (the grader enables them tier by tier, the solver all but trials):
- LINES: a cell with two lines has no more; a cell with one line and one way on takes it; a
  cell with one way out has no line there; a pearl with only two ways out uses both.
- PEARLS: a black pearl turns and runs straight through the next cell on both sides, so it
  cannot go where the next cell cannot run straight (the border, a ruled-out line, a side line
  already drawn there); a white pearl runs straight through, so it cannot run along an axis
  with a ruled-out line or a side line drawn, and turns in one of its two neighbours, so when
  one neighbour runs straight on, the other turns.
- PATTERNS (what people learn): two black pearls side by side point away from each other (the
  cell after a black pearl runs straight, which a black pearl never does); three or more white
  pearls in a row cross that row (all of them would run straight along it, and the middle one
  would have no turn beside it); a white pearl between a white pearl and a straight run cannot
  run along them.
- CLOSURE: a line joining the two ends of one path is ruled out unless that loop would hold
  every drawn line and every pearl (no early loop).
- PARITY: a closed loop crosses any straight cut across the grid an even number of times, so
  when one line across a cut is open, the others decide it.
Trials (the expert tier) live in grade.py; the search in solver.py.
"""

from __future__ import annotations

from functools import cache

from pipeline.interface.grades import Contradiction
from pipeline.puzzles.masyu.model import BLACK, WHITE, Line, MasyuPuzzle

OPEN, ON, OFF = 0, 1, 2
UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
LINES, PEARLS, PATTERNS, CLOSURE, PARITY = 1, 2, 4, 8, 16
NO_PEARL, WHITE_PEARL, BLACK_PEARL = 0, 1, 2


class Grid:
    """A grid's fixed structure, the same for every puzzle of its size (made once per size): cells
    r * cols + c, their neighbours and lines by direction, and the lines across each straight cut."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols, self.n = rows, cols, rows * cols
        self.ends: list[tuple[int, int]] = []
        index: dict[tuple[int, int], int] = {}
        for r in range(rows):
            for c in range(cols):
                p = r * cols + c
                if c + 1 < cols:
                    index[(p, p + 1)] = len(self.ends)
                    self.ends.append((p, p + 1))
                if r + 1 < rows:
                    index[(p, p + cols)] = len(self.ends)
                    self.ends.append((p, p + cols))
        self.nb = [-1] * (4 * self.n)  # cell p's neighbour in direction d: nb[4p + d], -1 off the grid
        self.ed = [-1] * (4 * self.n)  # and the line to it
        for p in range(self.n):
            r, c = divmod(p, cols)
            for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    q = p + dr * cols + dc
                    self.nb[4 * p + d] = q
                    self.ed[4 * p + d] = index[(min(p, q), max(p, q))]
        self.near = [  # the cells whose deductions read a line: its cells and their neighbours
            sorted({x for end in ends for x in (end, *(self.nb[4 * end + d] for d in range(4))) if x >= 0})
            for ends in self.ends
        ]
        self.cuts = [[index[(r * cols + c, (r + 1) * cols + c)] for c in range(cols)] for r in range(rows - 1)]
        self.cuts += [[index[(r * cols + c, r * cols + c + 1)] for r in range(rows)] for c in range(cols - 1)]
        self.ways = bytearray(sum(1 for d in range(4) if self.ed[4 * p + d] >= 0) for p in range(self.n))


@cache
def grid(rows: int, cols: int) -> Grid:
    return Grid(rows, cols)


class Board:
    """One puzzle's structure: its grid's, and the pearls (what each cell holds, and which white
    pearls sit in a run of three or more)."""

    def __init__(self, puzzle: MasyuPuzzle):
        shape = grid(puzzle.rows, puzzle.cols)
        self.rows, self.cols, self.n = shape.rows, shape.cols, shape.n
        self.ends, self.nb, self.ed, self.near, self.cuts, self.ways = shape.ends, shape.nb, shape.ed, shape.near, shape.cuts, shape.ways
        cols = self.cols
        self.pearl = bytearray(self.n)
        for r, row in enumerate(puzzle.pearls):
            for c, mark in enumerate(row):
                self.pearl[r * cols + c] = BLACK_PEARL if mark == BLACK else WHITE_PEARL if mark == WHITE else NO_PEARL
        self.pearls = sum(1 for kind in self.pearl if kind)
        self.in_white_run = bytearray(4 * self.n)  # [4p + d]: p sits in a run of 3+ whites along d's axis
        for p in range(self.n):
            for d in (UP, RIGHT):
                if self.pearl[p] == WHITE_PEARL and self._white_run(p, d) >= 3:
                    self.in_white_run[4 * p + d] = self.in_white_run[4 * p + d + 2] = 1

    def _white_run(self, p: int, d: int) -> int:
        length = 1
        for way in (d, d ^ 2):
            q = self.nb[4 * p + way]
            while q >= 0 and self.pearl[q] == WHITE_PEARL:
                length += 1
                q = self.nb[4 * q + way]
        return length

    def line_cells(self, e: int) -> Line:
        a, b = self.ends[e]
        return (divmod(a, self.cols), divmod(b, self.cols))


class Position:
    """Lines as known so far, the drawn paths' ends, and a queue of cells to look at again."""

    __slots__ = ("board", "es", "deg", "unk", "mate", "size", "pc", "drawn", "closed", "queue", "queued", "enabled", "moves")

    def __init__(self, board: Board, enabled: int = 0):
        self.board = board
        n = board.n
        self.es = bytearray(len(board.ends))
        self.deg = bytearray(n)
        self.unk = board.ways[:]
        self.mate = [-1] * n
        self.size = [0] * n
        self.pc = [0] * n
        self.drawn = 0
        self.closed = False
        self.queue: list[int] = []
        self.queued = bytearray(n)
        self.enabled = enabled
        self.moves = 0

    def copy(self) -> "Position":
        twin = Position.__new__(Position)
        twin.board = self.board
        twin.es, twin.deg, twin.unk = self.es[:], self.deg[:], self.unk[:]
        twin.mate, twin.size, twin.pc = self.mate[:], self.size[:], self.pc[:]
        twin.drawn, twin.closed = self.drawn, self.closed
        twin.queue, twin.queued = self.queue[:], self.queued[:]
        twin.enabled, twin.moves = self.enabled, 0
        return twin

    def solved(self) -> bool:
        return self.closed

    def answer(self) -> frozenset[Line]:
        return frozenset(self.board.line_cells(e) for e, state in enumerate(self.es) if state == ON)

    # ---- writing lines down ------------------------------------------------------------------

    def _touch(self, e: int) -> None:
        queued, queue = self.queued, self.queue
        for x in self.board.near[e]:
            if not queued[x]:
                queued[x] = 1
                queue.append(x)

    def set_off(self, e: int) -> None:
        state = self.es[e]
        if state == OFF:
            return
        if state == ON:
            raise Contradiction
        self.es[e] = OFF
        a, b = self.board.ends[e]
        self.unk[a] -= 1
        self.unk[b] -= 1
        self.moves += 1
        self._touch(e)

    def set_on(self, e: int) -> None:
        state = self.es[e]
        if state == ON:
            return
        if state == OFF or self.closed:
            raise Contradiction
        board = self.board
        a, b = board.ends[e]
        deg, mate, size, pc = self.deg, self.mate, self.size, self.pc
        if deg[a] == 2 or deg[b] == 2:
            raise Contradiction
        if deg[a]:
            ea, sa, pa = mate[a], size[a], pc[a]
        else:
            ea, sa, pa = a, 1, board.pearl[a] > 0
        if deg[b]:
            eb, sb, pb = mate[b], size[b], pc[b]
        else:
            eb, sb, pb = b, 1, board.pearl[b] > 0
        self.es[e] = ON
        deg[a] += 1
        deg[b] += 1
        self.unk[a] -= 1
        self.unk[b] -= 1
        self.drawn += 1
        self.moves += 1
        if ea == b:  # this line closes a loop: it must be the whole answer
            if self.drawn != sa or pa < board.pearls:
                raise Contradiction
            self.closed = True
            for other, open_state in enumerate(self.es):
                if open_state == OPEN:
                    self.set_off(other)
        else:
            mate[ea], mate[eb] = eb, ea
            size[ea] = size[eb] = sa + sb
            pc[ea] = pc[eb] = pa + pb
        self._touch(e)

    # ---- the deductions ----------------------------------------------------------------------

    def propagate(self) -> None:
        """Apply the enabled families until nothing changes; Contradiction when a rule breaks."""
        board, enabled = self.board, self.enabled
        pearl = board.pearl
        queue, queued = self.queue, self.queued
        while True:
            while queue:
                p = queue.pop()
                queued[p] = 0
                if enabled & LINES:
                    self._cell(p)
                kind = pearl[p]
                if kind and enabled & PEARLS:
                    if kind == BLACK_PEARL:
                        self._black(p)
                    else:
                        self._white(p)
            # whether a loop would close too early depends on every drawn line, not only on the
            # lines near a path's end: look at every end once the queue is empty
            if enabled & CLOSURE and self._early_loops():
                continue
            if not (enabled & PARITY and self._parity()):
                return

    def look_everywhere(self) -> None:
        """Queue every cell, so the next propagate reads the whole grid (after enabling more)."""
        self.queue[:] = range(self.board.n)
        self.queued[:] = b"\x01" * self.board.n

    def _cell(self, p: int) -> None:
        d, u = self.deg[p], self.unk[p]
        if u == 0:
            if d == 1 or (d == 0 and self.board.pearl[p]):
                raise Contradiction
            return
        ed, es = self.board.ed, self.es
        if d == 2:
            for k in range(4 * p, 4 * p + 4):
                e = ed[k]
                if e >= 0 and es[e] == OPEN:
                    self.set_off(e)
        elif d == 1:
            if u == 1:
                for k in range(4 * p, 4 * p + 4):
                    e = ed[k]
                    if e >= 0 and es[e] == OPEN:
                        self.set_on(e)
            elif self.enabled & CLOSURE:
                self._no_early_loop(p)
        elif self.board.pearl[p]:  # a pearl with no line yet: the loop passes it
            if u == 1:
                raise Contradiction
            if u == 2:
                for k in range(4 * p, 4 * p + 4):
                    e = ed[k]
                    if e >= 0 and es[e] == OPEN:
                        self.set_on(e)
        elif u == 1:
            for k in range(4 * p, 4 * p + 4):
                e = ed[k]
                if e >= 0 and es[e] == OPEN:
                    self.set_off(e)

    def _no_early_loop(self, p: int) -> None:
        """p ends a path: the line from p to the path's other end, if there is one, closes a loop."""
        q = self.mate[p]
        board = self.board
        for d in range(4):
            if board.nb[4 * p + d] == q:
                e = board.ed[4 * p + d]
                if self.es[e] == OPEN and (self.drawn + 1 != self.size[p] or self.pc[p] < board.pearls):
                    self.set_off(e)
                return

    def _early_loops(self) -> bool:
        """The no-early-loop deduction at every path end; True when a line was ruled out."""
        before = self.moves
        deg = self.deg
        for p in range(self.board.n):
            if deg[p] == 1 and self.unk[p] > 1:
                self._no_early_loop(p)
        return self.moves != before

    def _runs_straight_from(self, p: int, d: int) -> bool:
        """Whether the loop can leave p in direction d and run straight through the next cell."""
        board, es = self.board, self.es
        e1 = board.ed[4 * p + d]
        if e1 < 0 or es[e1] == OFF:
            return False
        q = board.nb[4 * p + d]
        e2 = board.ed[4 * q + d]
        if e2 < 0 or es[e2] == OFF:
            return False
        for side in ((d + 1) & 3, (d + 3) & 3):
            e = board.ed[4 * q + side]
            if e >= 0 and es[e] == ON:
                return False
        if self.enabled & PATTERNS and board.pearl[q] == BLACK_PEARL:
            return False
        return True

    def _black(self, p: int) -> None:
        board, es = self.board, self.es
        for d in range(4):
            e1 = board.ed[4 * p + d]
            if e1 >= 0 and es[e1] == ON:  # it leaves this way: straight on through the next cell
                beyond = board.ed[4 * board.nb[4 * p + d] + d]
                if beyond < 0:
                    raise Contradiction
                self.set_on(beyond)
                back = board.ed[4 * p + (d ^ 2)]
                if back >= 0:
                    self.set_off(back)
            elif not self._runs_straight_from(p, d):  # it cannot: it leaves the other way
                if e1 >= 0:
                    self.set_off(e1)
                e3 = board.ed[4 * p + (d ^ 2)]
                if e3 < 0:
                    raise Contradiction
                self.set_on(e3)

    def _white(self, p: int) -> None:
        for d in (UP, RIGHT):
            if not self._white_can_run(p, d):
                self._white_runs(p, (d + 1) & 3)
        board, es = self.board, self.es
        for d in range(4):
            e = board.ed[4 * p + d]
            if e >= 0 and es[e] == ON:
                self._white_runs(p, d)
                # it turns beside it: when one neighbour runs straight on, the other turns
                for way in (d, d ^ 2):
                    q = board.nb[4 * p + way]
                    on = board.ed[4 * q + way]
                    if on >= 0 and es[on] == ON:
                        q2 = board.nb[4 * p + (way ^ 2)]
                        other = board.ed[4 * q2 + (way ^ 2)]
                        if other >= 0:
                            self.set_off(other)
                return

    def _white_can_run(self, p: int, d: int) -> bool:
        """Whether a white pearl at p can run along d's axis (d UP or RIGHT)."""
        board, es = self.board, self.es
        straight = 0
        for way in (d, d ^ 2):
            e = board.ed[4 * p + way]
            if e < 0 or es[e] == OFF:
                return False
            q = board.nb[4 * p + way]
            on = board.ed[4 * q + way]
            if on >= 0 and es[on] == ON:
                straight += 1
            elif self.enabled & PATTERNS and board.pearl[q] == WHITE_PEARL:
                straight += 1  # a white neighbour on this axis runs straight along it too
        for side in ((d + 1) & 3, (d + 3) & 3):
            e = board.ed[4 * p + side]
            if e >= 0 and es[e] == ON:
                return False
        if self.enabled & PATTERNS and board.in_white_run[4 * p + d]:
            return False
        return straight < 2

    def _white_runs(self, p: int, d: int) -> None:
        """The white pearl at p runs along d's axis: both lines of it on, the two across off."""
        board = self.board
        for way in (d, d ^ 2):
            e = board.ed[4 * p + way]
            if e < 0:
                raise Contradiction
            self.set_on(e)
        for side in ((d + 1) & 3, (d + 3) & 3):
            e = board.ed[4 * p + side]
            if e >= 0:
                self.set_off(e)

    def _parity(self) -> bool:
        """Each straight cut is crossed an even number of times; True when a line was decided."""
        es = self.es
        for cut in self.board.cuts:
            open_line, drawn = -1, 0
            for e in cut:
                state = es[e]
                if state == OPEN:
                    if open_line >= 0:
                        break
                    open_line = e
                elif state == ON:
                    drawn += 1
            else:
                if open_line < 0:
                    if drawn % 2:
                        raise Contradiction
                elif drawn % 2:
                    self.set_on(open_line)
                    return True
                else:
                    self.set_off(open_line)
                    return True
        return False


def start(puzzle: MasyuPuzzle, enabled: int) -> Position:
    """The position before any deduction, every cell queued."""
    position = Position(Board(puzzle), enabled)
    position.look_everywhere()
    return position
