"""Grading a Slitherlink by how a person solves it, in the tiers of Simon Tatham's Loopy.

A position knows each edge (a line, ruled out, or open) and, for some cell corners, that exactly
one of the corner's two edges is a line (a *pair* fact: board.py). Techniques, easiest first
(pipeline.interface.grades runs them):
- easy: "zeros": a 0 has no line around it; "corner-clues": a 3 in a corner of the grid has both
  outer edges, a 1 there neither; "clue-count": a number with all its lines has no more, one
  with just enough open edges left has them all; "vertex-degree": a grid point has two lines or
  none.
- medium: "adjacent-3s": two 3s side by side have the edge between them and both outer edges
  parallel to it, and the line between them goes no further; "diagonal-3s": two 3s corner to
  corner have both outer edges at their far corners; "corner-pairs": what a cell corner's two
  edges can hold, read from the grid point (two lines or none: a line coming in from outside
  leaves by exactly one of them) and from the number (the other corner pair holds the rest),
  which carries 1s, 2s and 3s across a grid point and along a line into a corner.
- hard: "no-small-loop": an edge that would close a loop while lines or unmet numbers remain
  elsewhere is ruled out; "inside-outside": the loop splits the cells into inside and outside
  (the grid's outside is outside): a line's two cells differ, an open edge's are alike, so cells
  joined by known edges are known relative to one another, and an edge between two cells so
  joined is decided; a number's open edges take only the values some inside/outside choice of
  the cells around it allows (the Jordan curve theorem: this is the parity reasoning).
- expert: "trial": suppose an edge is a line (or not); when the techniques of the tiers below
  break a rule from there, it is the other way (one supposition at a time, never nested).

This module imports only the model, the board and the shared loop helpers: the grader shares no
code with the solver.
"""

from __future__ import annotations

from functools import cache

from pipeline.budget import Budget
from pipeline.interface.grades import Contradiction, Grade, Solve, Technique, grade_of, run_techniques, up_to
from pipeline.puzzles.slitherlink.board import Board, board_for
from pipeline.puzzles.slitherlink.model import SlitherlinkPuzzle

OPEN, LINE, NO_LINE = 0, 1, 2
NO_CLUE = -1


class Position:
    """Edges and pair facts as known so far, and a log of the edges each change touched (a pair
    fact logs its two edges), so that a local technique sweeps again only near a change."""

    __slots__ = ("board", "clues", "lines", "ones", "log", "swept", "_sides", "_sides_read", "_pieces", "_pieces_read")

    def __init__(self, board: Board, clues: list[int]):
        self.board = board
        self.clues = clues
        self.lines = bytearray(len(board.edges))
        self.ones = bytearray(len(board.pairs))
        self.log: list[int] = []
        self.swept: dict[str, int] = {}
        self._sides = _Sides(board.rows * board.cols)
        self._sides_read = 0  # how much of the log _sides has read
        self._pieces = _Pieces(board.points, len(board.edges))
        self._pieces_read = 0

    def copy(self) -> "Position":
        twin = Position.__new__(Position)
        twin.board, twin.clues = self.board, self.clues[:]
        twin.lines, twin.ones = bytearray(self.lines), bytearray(self.ones)
        twin.log, twin.swept = self.log[:], dict(self.swept)
        twin._sides, twin._sides_read = self._sides.copy(), self._sides_read
        twin._pieces, twin._pieces_read = self._pieces.copy(), self._pieces_read
        return twin

    def sides(self) -> "_Sides":
        """Cells known alike or different, kept up to date from the log: decided edges stay
        decided, so the union-find only grows (rebuilding it for every inside-outside sweep took
        a quarter of that technique's time)."""
        sides, lines, across = self._sides, self.lines, self.board.sides
        outside = self.board.rows * self.board.cols
        log = self.log
        for e in log[self._sides_read:]:
            value = lines[e]
            if value != OPEN:
                cells = across[e]
                sides.join(cells[0], cells[1] if len(cells) == 2 else outside, int(value == LINE))
        self._sides_read = len(log)
        return sides

    def pieces(self) -> "_Pieces":
        """The grid points joined by lines, kept up to date from the log as sides() is: lines
        stay lines, so the pieces only grow (rebuilding them for every no-small-loop sweep took
        44 ms of the hard techniques' 118 ms in three 20x20 verifies, under cProfile)."""
        pieces, lines, ends, log = self._pieces, self.lines, self.board.ends, self.log
        for e in log[self._pieces_read:]:
            if lines[e] == LINE:
                pieces.draw(e, *ends[e])
        self._pieces_read = len(log)
        return pieces

    def changed_since_sweep(self, technique: str) -> list[int] | None:
        """The edges changed since `technique`'s last sweep began (None before its first sweep:
        look everywhere); a sweep begins here."""
        start = self.swept.get(technique)
        self.swept[technique] = len(self.log)
        return None if start is None else self.log[start:]

    def solved(self) -> bool:
        return OPEN not in self.lines

    def mark(self, edge: int, value: int) -> int:
        current = self.lines[edge]
        if current == value:
            return 0
        if current != OPEN:
            raise Contradiction("an edge cannot be both a line and ruled out")
        self.lines[edge] = value
        self.log.append(edge)
        return 1

    def apply(self, marks: dict[int, int]) -> int:
        return sum(self.mark(edge, value) for edge, value in marks.items())

    def know_one(self, pair: int) -> int:
        if self.ones[pair]:
            return 0
        self.ones[pair] = 1
        self.log.extend(self.board.pairs[pair][2])
        return 1

    def add_clue(self, cell: int, number: int) -> None:
        """A number printed in one more cell: what was known holds, the sweeps look there again."""
        self.clues[cell] = number
        self.log.extend(self.board.cell_edges[cell])


def _count(lines: bytearray, edges) -> tuple[int, int]:
    on = unknown = 0
    for e in edges:
        value = lines[e]
        on += value == LINE
        unknown += value == OPEN
    return on, unknown


def _fill(marks: dict[int, int], lines: bytearray, edges, value: int) -> None:
    for e in edges:
        if lines[e] == OPEN:
            if marks.get(e, value) != value:
                raise Contradiction("an edge is asked to be both a line and ruled out")
            marks[e] = value


def _near_cells(position: Position, changed: list[int] | None) -> list[int] | range:
    board = position.board
    if changed is None:
        return range(board.rows * board.cols)
    return sorted({cell for e in set(changed) for cell in board.sides[e]})


def _near_points(position: Position, changed: list[int] | None) -> list[int] | range:
    board = position.board
    if changed is None:
        return range(board.points)
    return sorted({point for e in set(changed) for point in board.ends[e]})


# --- easy ----------------------------------------------------------------------------------------


def zeros(position: Position) -> int:
    marks: dict[int, int] = {}
    for cell in _near_cells(position, position.changed_since_sweep("zeros")):
        if position.clues[cell] == 0:
            _fill(marks, position.lines, position.board.cell_edges[cell], NO_LINE)
    return position.apply(marks)


def corner_clues(position: Position) -> int:
    """Reads only the grid's corner cells whose edges changed since its last sweep (a new number
    logs its cell's edges): elsewhere it found everything before, as its edges stay decided."""
    board, marks = position.board, {}
    changed = position.changed_since_sweep("corner-clues")
    near = None if changed is None else {cell for e in changed for cell in board.sides[e]}
    for k, cell in enumerate((0, board.cols - 1, (board.rows - 1) * board.cols, board.rows * board.cols - 1)):
        number = position.clues[cell]
        if number in (1, 3) and (near is None or cell in near):  # the grid corner's two edges: both or neither
            _fill(marks, position.lines, board.pairs[4 * cell + k][2], LINE if number == 3 else NO_LINE)
    return position.apply(marks)


def clue_count(position: Position) -> int:
    board, lines, clues = position.board, position.lines, position.clues
    marks: dict[int, int] = {}
    for cell in _near_cells(position, position.changed_since_sweep("clue-count")):
        number = clues[cell]
        if number == NO_CLUE:
            continue
        own = board.cell_edges[cell]
        on, unknown = _count(lines, own)
        if on > number or on + unknown < number:
            raise Contradiction(f"a {number} cannot get its lines")
        if unknown and on == number:
            _fill(marks, lines, own, NO_LINE)
        elif unknown and on + unknown == number:
            _fill(marks, lines, own, LINE)
    return position.apply(marks)


def vertex_degree(position: Position) -> int:
    board, lines = position.board, position.lines
    marks: dict[int, int] = {}
    for point in _near_points(position, position.changed_since_sweep("vertex-degree")):
        around = board.point_edges[point]
        on, unknown = _count(lines, around)
        if on > 2 or (on == 1 and unknown == 0):
            raise Contradiction("a grid point with one line or three")
        if unknown and (on == 2 or (on == 0 and unknown == 1)):
            _fill(marks, lines, around, NO_LINE)
        elif on == 1 and unknown == 1:
            _fill(marks, lines, around, LINE)
    return position.apply(marks)


EASY = (
    Technique("zeros", "easy", zeros),
    Technique("corner-clues", "easy", corner_clues),
    Technique("clue-count", "easy", clue_count),
    Technique("vertex-degree", "easy", vertex_degree),
)


# --- medium --------------------------------------------------------------------------------------


def _near_threes(position: Position, technique: str) -> list[tuple[int, int]]:
    """The 3s whose patterns may say something new: every 3 at the first sweep, then the 3s
    at and above or left of a cell whose edges changed (a new number logs its edges)."""
    board, clues = position.board, position.clues
    cols = board.cols
    changed = position.changed_since_sweep(technique)
    if changed is None:
        threes = [cell for cell, number in enumerate(clues) if number == 3]
    else:  # the cells x with x, x + 1, x + cols, x + cols + 1 or x + cols - 1 near a change
        near = _near_cells(position, changed)
        cells = len(clues)
        found = {x for n in near for x in (n, n - 1, n - cols, n - cols - 1, n - cols + 1) if 0 <= x < cells}
        threes = sorted(x for x in found if clues[x] == 3)
    return [divmod(cell, cols) for cell in threes]


def _domino_fits(position: Position, a: int, b: int) -> bool:
    """Whether the loop round just the two cells a and b (each a 3 then, the edge between them
    off) could still be the answer: it has every line drawn, no edge ruled out, and every number
    counts its edges. Only then is the adjacent 3s pattern not sound."""
    board, lines = position.board, position.lines
    loop = set(board.cell_edges[a]) ^ set(board.cell_edges[b])
    if any((lines[e] == LINE) != (e in loop) and lines[e] != OPEN for e in range(len(lines))):
        return False
    return all(
        number == NO_CLUE or sum(e in loop for e in board.cell_edges[cell]) == number
        for cell, number in enumerate(position.clues)
    )


def adjacent_threes(position: Position) -> int:
    board, clues, marks = position.board, position.clues, {}
    rows, cols, index = board.rows, board.cols, board.index
    for r, c in _near_threes(position, "adjacent-3s"):
        if c + 1 < cols and clues[r * cols + c + 1] == 3 and not _domino_fits(position, r * cols + c, r * cols + c + 1):
            # side by side: three upright edges
            lines = [((r, x), (r + 1, x)) for x in (c, c + 1, c + 2)]
            beyond = [((r - 1, c + 1), (r, c + 1))] * (r > 0) + [((r + 1, c + 1), (r + 2, c + 1))] * (r + 1 < rows)
            _fill(marks, position.lines, [index[e] for e in lines], LINE)
            _fill(marks, position.lines, [index[e] for e in beyond], NO_LINE)
        if r + 1 < rows and clues[(r + 1) * cols + c] == 3 and not _domino_fits(position, r * cols + c, (r + 1) * cols + c):
            # one above the other: three level edges
            lines = [((y, c), (y, c + 1)) for y in (r, r + 1, r + 2)]
            beyond = [((r + 1, c - 1), (r + 1, c))] * (c > 0) + [((r + 1, c + 1), (r + 1, c + 2))] * (c + 1 < cols)
            _fill(marks, position.lines, [index[e] for e in lines], LINE)
            _fill(marks, position.lines, [index[e] for e in beyond], NO_LINE)
    return position.apply(marks)


def diagonal_threes(position: Position) -> int:
    """Two 3s corner to corner: the far corner pair of each holds two lines (its two edges)."""
    board, clues, marks = position.board, position.clues, {}
    rows, cols = board.rows, board.cols
    for r, c in _near_threes(position, "diagonal-3s"):
        if r + 1 < rows:
            for dc, (far_a, far_b) in ((1, (0, 3)), (-1, (1, 2))):  # corner pairs: top-left and bottom-right, ...
                if 0 <= c + dc < cols and clues[(r + 1) * cols + c + dc] == 3:
                    below = (r + 1) * cols + c + dc
                    _fill(marks, position.lines, board.pairs[4 * (r * cols + c) + far_a][2], LINE)
                    _fill(marks, position.lines, board.pairs[4 * below + far_b][2], LINE)
    return position.apply(marks)


@cache
def _corners(rows: int, cols: int) -> tuple[tuple[int, int, int, tuple[int, ...], int, int, int, int], ...]:
    """Per pair, what corner_pairs reads: (cell, its two edges, the point's other edges, the far
    pair, its two edges, the pair across the point or -1), flat for speed."""
    board = board_for(rows, cols)
    found = []
    for cell, _, (a, b), outs, far in board.pairs:
        far_a, far_b = board.pairs[far][2]
        found.append((cell, a, b, outs, far, far_a, far_b, board.opposite[len(found)]))
    return tuple(found)


@cache
def _pairs_near(rows: int, cols: int) -> tuple[frozenset[int], ...]:
    """Per edge, the pairs a change to it may tell something new: those at its two grid points
    and every pair of the cells beside it."""
    board = board_for(rows, cols)
    return tuple(
        frozenset(board.pairs_at_point[a]) | frozenset(board.pairs_at_point[b])
        | {pair for cell in board.sides[e] for pair in range(4 * cell, 4 * cell + 4)}
        for e, (a, b) in enumerate(board.ends)
    )


def corner_pairs(position: Position) -> int:
    """Read at the corners of numbered cells only: an unnumbered cell's corner fact could come
    from its grid point alone, which the corner across the point reads as well. The ranges of
    lines are counted inline: as calls they took half its time (docs/notes/slitherlink.md)."""
    board, lines, clues, ones = position.board, position.lines, position.clues, position.ones
    changed = position.changed_since_sweep("corner-pairs")
    if changed is None:
        todo = [pair for cell, number in enumerate(clues) if number != NO_CLUE for pair in range(4 * cell, 4 * cell + 4)]
    else:
        near = set()
        around = _pairs_near(board.rows, board.cols)
        for e in set(changed):
            near.update(around[e])
        todo = sorted(pair for pair in near if clues[pair >> 2] != NO_CLUE)
    marks: dict[int, int] = {}
    found: list[int] = []
    pairs, corners = board.pairs, _corners(board.rows, board.cols)
    for pair in todo:
        cell, a, b, outs, far, far_a, far_b, across = corners[pair]
        number = clues[cell]
        # how many lines each group can hold: (low, high), exactly one where a pair fact says so
        va, vb = lines[a], lines[b]
        on = (va == LINE) + (vb == LINE)
        high = on + (va == OPEN) + (vb == OPEN)
        low = on
        if ones[pair]:
            low, high = max(on, 1), min(high, 1)
        out_low = out_high = 0
        for e in outs:
            value = lines[e]
            out_low += value == LINE
            out_high += value != NO_LINE
        if across >= 0 and ones[across]:
            out_low, out_high = max(out_low, 1), min(out_high, 1)
        va, vb = lines[far_a], lines[far_b]
        far_low = (va == LINE) + (vb == LINE)
        far_high = far_low + (va == OPEN) + (vb == OPEN)
        if ones[far]:
            far_low, far_high = max(far_low, 1), min(far_high, 1)
        sums = _sums(low, high, out_low, out_high, far_low, far_high, number)
        if not sums:
            raise Contradiction("a cell corner can hold no number of lines")
        if sums == (0,) or sums == (2,):
            _fill(marks, lines, pairs[pair][2], LINE if sums == (2,) else NO_LINE)
        elif sums == (1,):
            if not ones[pair]:
                found.append(pair)
            _one_of(marks, lines, pairs[pair][2])
            _one_of(marks, lines, outs)  # the point takes exactly one line from outside
            if number in (1, 3):  # the far pair holds the rest: none or both
                _fill(marks, lines, pairs[far][2], LINE if number == 3 else NO_LINE)
            elif number == 2 and not ones[far]:
                found.append(far)
    return position.apply(marks) + sum(position.know_one(pair) for pair in found)


@cache
def _sums(low: int, high: int, out_low: int, out_high: int, far_low: int, far_high: int, number: int) -> tuple[int, ...]:
    """How many lines a cell corner can hold, from its own range, its grid point's other edges
    (two lines or none at the point) and the far pair (the number takes the rest). Remembered:
    grading twenty 10x10 puzzles met 93 distinct readings 17,257 times
    (docs/notes/loop-grading-pace.md)."""
    return tuple(
        s for s in range(low, high + 1)
        if ((s == 0 and out_low == 0) or out_low <= 2 - s <= out_high) and far_low <= number - s <= far_high
    )


def _one_of(marks: dict[int, int], lines: bytearray, edges) -> None:
    """Exactly one of `edges` is a line: decide the rest when that settles it. Counted inline:
    corner-pairs calls it twice per corner it pins (a call to _count was a fifth of its time)."""
    on = unknown = 0
    for e in edges:
        value = lines[e]
        if value == LINE:
            on += 1
        elif value == OPEN:
            unknown += 1
    if on == 1 and unknown:
        _fill(marks, lines, edges, NO_LINE)
    elif on == 0 and unknown == 1:
        _fill(marks, lines, edges, LINE)


MEDIUM = (
    Technique("adjacent-3s", "medium", adjacent_threes),
    Technique("diagonal-3s", "medium", diagonal_threes),
    Technique("corner-pairs", "medium", corner_pairs),
)


# --- hard ----------------------------------------------------------------------------------------


class _Pieces:
    """Grid points joined by lines: a union-find that counts each piece's lines."""

    __slots__ = ("parent", "drawn", "lines_in")

    def __init__(self, points: int, edges: int):
        self.parent = list(range(points))
        self.drawn = bytearray(edges)  # the log may name an edge again (a pair fact logs its edges)
        self.lines_in = [0] * points  # per root

    def copy(self) -> "_Pieces":
        twin = _Pieces.__new__(_Pieces)
        twin.parent, twin.drawn, twin.lines_in = self.parent[:], bytearray(self.drawn), self.lines_in[:]
        return twin

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def draw(self, edge: int, a: int, b: int) -> None:
        if self.drawn[edge]:
            return
        self.drawn[edge] = 1
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb
            self.lines_in[rb] += self.lines_in[ra]
        self.lines_in[rb] += 1

    def roots(self) -> list[int]:
        find = self.find
        return [find(x) for x in range(len(self.parent))]


def no_small_loop(position: Position) -> int:
    board, lines = position.board, position.lines
    pieces = position.pieces()
    root, lines_in = pieces.roots(), pieces.lines_in
    total = lines.count(LINE)
    marks = {}
    for e, (a, b) in enumerate(board.ends):
        if lines[e] == OPEN and root[a] == root[b] and not _closes_the_answer(position, e, lines_in[root[a]] == total):
            marks[e] = NO_LINE
    return position.apply(marks)


def _closes_the_answer(position: Position, edge: int, holds_every_line: bool) -> bool:
    """Whether closing the loop with `edge` (every other open edge then ruled out) could be the
    answer: the loop holds every line drawn, and every number counts its lines."""
    if not holds_every_line:
        return False
    board, lines = position.board, position.lines
    for cell, number in enumerate(position.clues):
        if number != NO_CLUE:
            on = sum(lines[e] == LINE or e == edge for e in board.cell_edges[cell])
            if on != number:
                return False
    return True


class _Sides:
    """Cells (and the outside, node `cells`) known alike or different: a union-find with parity."""

    def __init__(self, count: int):
        self.parent = list(range(count + 1))
        self.flip = [0] * (count + 1)  # parity to the parent

    def copy(self) -> "_Sides":
        twin = _Sides.__new__(_Sides)
        twin.parent, twin.flip = self.parent[:], self.flip[:]
        return twin

    def find(self, x: int) -> tuple[int, int]:
        parity = 0
        path = []
        while self.parent[x] != x:
            path.append(x)
            parity ^= self.flip[x]
            x = self.parent[x]
        root, rest = x, parity
        for node in path:  # point every node of the path at the root
            old = self.flip[node]
            self.parent[node], self.flip[node] = root, rest
            rest ^= old
        return root, parity

    def join(self, a: int, b: int, differ: int) -> None:
        (ra, pa), (rb, pb) = self.find(a), self.find(b)
        if ra == rb:
            if pa ^ pb != differ:
                raise Contradiction("cells would be both inside and outside")
            return
        self.parent[ra], self.flip[ra] = rb, pa ^ pb ^ differ


def sides_of(position: Position) -> _Sides:
    board = position.board
    outside = board.rows * board.cols
    sides = _Sides(outside)
    for e, value in enumerate(position.lines):
        if value != OPEN:
            cells = board.sides[e]
            sides.join(cells[0], cells[1] if len(cells) == 2 else outside, int(value == LINE))
    return sides


@cache
def _across(rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    """Each edge's two cells, the grid's outside (node rows * cols) for a border edge."""
    outside = rows * cols
    return tuple((cells[0], cells[1] if len(cells) == 2 else outside) for cells in board_for(rows, cols).sides)


def inside_outside(position: Position) -> int:
    """The choices of inside and outside round a number run as bits of one integer (a dict of
    colours per choice took most of this technique's time)."""
    board, lines, clues = position.board, position.lines, position.clues
    outside = board.rows * board.cols
    sides = position.sides()
    across = _across(board.rows, board.cols)
    marks: dict[int, int] = {}
    for e, (a, b) in enumerate(across):
        if lines[e] == OPEN:
            (ra, pa), (rb, pb) = sides.find(a), sides.find(b)
            if ra == rb:
                marks[e] = LINE if pa != pb else NO_LINE
    out_root, out_parity = sides.find(outside)
    for cell, number in enumerate(clues):
        if number == NO_CLUE:
            continue
        own = board.cell_edges[cell]
        open_edges = [e for e in own if lines[e] == OPEN and e not in marks]
        if len(open_edges) < 2:
            continue
        need = number - sum(lines[e] == LINE or marks.get(e) == LINE for e in own)
        here_root, here_parity = sides.find(cell)
        theirs = [sides.find(b if a == cell else a) for a, b in (across[e] for e in open_edges)]
        free = {root for root, _ in theirs}
        if 0 < need < len(open_edges) and len(free) == len(theirs) and here_root not in free and out_root not in free:
            continue  # each edge's value is its own free choice: some choice has it either way
        roots = sorted({here_root, *free} - {out_root})
        bit = {root: k for k, root in enumerate(roots)}  # the outside keeps its own colour: -1
        here_bit = bit.get(here_root, -1)
        their_bits = [(bit.get(root, -1), parity) for root, parity in theirs]
        seen = [0] * len(open_edges)  # per edge: 1 when off in some choice, 2 when a line in some
        for choice in range(1 << len(roots)):
            mine = (out_parity if here_bit < 0 else (choice >> here_bit) & 1) ^ here_parity
            values = [((out_parity if k < 0 else (choice >> k) & 1) ^ parity) != mine for k, parity in their_bits]
            if sum(values) == need:
                for k, value in enumerate(values):
                    seen[k] |= 2 if value else 1
        if not any(seen):
            raise Contradiction(f"a {number} cannot be met inside and outside")
        for e, values in zip(open_edges, seen):
            if values != 3 and values:
                marks[e] = LINE if values == 2 else NO_LINE
    return position.apply(marks)


HARD = (
    Technique("no-small-loop", "hard", no_small_loop),
    Technique("inside-outside", "hard", inside_outside),
)


# --- expert --------------------------------------------------------------------------------------


def _one_loop(position: Position) -> bool:
    """Whether a finished position's lines are one loop (degrees are checked as it goes)."""
    root = position.pieces().roots()
    return len({root[a] for e, (a, _) in enumerate(position.board.ends) if position.lines[e] == LINE}) == 1


def _breaks_rule(position: Position, edge: int, value: int, budget: Budget) -> bool:
    attempt = position.copy()
    try:
        attempt.mark(edge, value)
        run_techniques(attempt, EASY + MEDIUM + HARD, Position.solved, budget)
    except Contradiction:
        return True
    return attempt.solved() and not finished(attempt)


def trial_order(position: Position) -> list[int]:
    """Open edges at a path's end first (where a person follows the line), then the others."""
    board, lines = position.board, position.lines
    ends = [p for p in range(board.points) if _count(lines, board.point_edges[p])[0] == 1]
    first = sorted({e for p in ends for e in board.point_edges[p] if lines[e] == OPEN})
    taken = set(first)
    return first + [e for e, v in enumerate(lines) if v == OPEN and e not in taken]


def _trial_with(budget: Budget):
    def trial(position: Position) -> int:
        for edge in trial_order(position):
            for supposed, other in ((LINE, NO_LINE), (NO_LINE, LINE)):
                if _breaks_rule(position, edge, supposed, budget):
                    return position.mark(edge, other)
        return 0

    return trial


def techniques(budget: Budget) -> tuple[Technique[Position], ...]:
    return EASY + MEDIUM + HARD + (Technique("trial", "expert", _trial_with(budget)),)


def start(puzzle: SlitherlinkPuzzle) -> Position:
    clues = [NO_CLUE if n is None else n for row in puzzle.clues for n in row]
    return Position(board_for(puzzle.rows, puzzle.cols), clues)


def solve_with(puzzle: SlitherlinkPuzzle, tier: str, budget: Budget) -> tuple[Position, Solve]:
    position = start(puzzle)
    run = run_techniques(position, up_to(tier, techniques(budget)), Position.solved, budget)
    return position, run


def go_on(position: Position, tier: str, budget: Budget) -> Position:
    """The techniques up to `tier` run on from `position` (changed in place)."""
    run_techniques(position, up_to(tier, techniques(budget)), Position.solved, budget)
    return position


def finished(position: Position) -> bool:
    """Whether every edge is decided and the lines keep every rule. The techniques stop as soon
    as the last edge is decided, before a sweep has read it, so the rules are read again here."""
    if not position.solved():
        return False
    board, lines = position.board, position.lines
    for cell, number in enumerate(position.clues):
        if number != NO_CLUE and _count(lines, board.cell_edges[cell])[0] != number:
            return False
    if any(_count(lines, around)[0] not in (0, 2) for around in board.point_edges):
        return False
    return _one_loop(position)


def solves_within(puzzle: SlitherlinkPuzzle, tier: str, budget: Budget) -> bool:
    position, _ = solve_with(puzzle, tier, budget)
    return finished(position)


def grade(puzzle: SlitherlinkPuzzle, budget: Budget) -> Grade:
    position, run = solve_with(puzzle, "expert", budget)
    return grade_of(finished(position), run, {})
