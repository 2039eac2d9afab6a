"""Drawing a random loop, after the method of Simon Tatham's loopgen.c (used by his Loopy).

The loop is the boundary of a region of cells. Every cell starts undecided, the outside of the
grid counts as outside, and one random cell is inside. Then, one cell at a time, a random side
(inside or outside) grows by an undecided cell that touches it along an edge, chosen among those
with the fewest neighbours on that side already (so the boundary winds), ties broken by a random
rank each cell keeps for the whole run. A cell may join a side only while walking round its eight
neighbours meets that side in one unbroken run: then neither side ever wraps round the other or
touches itself only at a corner, both stay in one piece without holes, and their boundary is a
single loop. When no undecided cell is left, cells are flipped to the other side where they touch
it along exactly one edge (this grows tendrils into large blobs), until none can be; a last pass
flips each cell that may be flipped with chance 1 in 10, so the loop is not locally perfect.
"""

from __future__ import annotations

import random

from pipeline.puzzles.slitherlink.model import Cell, Edge, boundary

UNDECIDED, INSIDE, OUTSIDE = 0, 1, 2
RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))  # round the eight neighbours
SIDES = ((-1, 0), (0, 1), (1, 0), (0, -1))
RANDOM_FLIP = 10  # the last pass flips one flippable cell in this many


class _Colouring:
    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        self.side = [[UNDECIDED] * cols for _ in range(rows)]

    def at(self, r: int, c: int) -> int:
        return self.side[r][c] if 0 <= r < self.rows and 0 <= c < self.cols else OUTSIDE

    def neighbours_on(self, r: int, c: int, side: int) -> int:
        return sum(self.at(r + dr, c + dc) == side for dr, dc in SIDES)

    def may_join(self, r: int, c: int, side: int) -> bool:
        """Whether cell (r, c) may take `side`: it touches that side along an edge, and its eight
        neighbours, walked round, meet that side in one unbroken run."""
        if not self.neighbours_on(r, c, side):
            return False
        ring = [self.at(r + dr, c + dc) == side for dr, dc in RING]
        changes = sum(ring[i] != ring[i - 1] for i in range(len(ring)))
        return changes == 2


def draw_loop(rows: int, cols: int, rng: random.Random) -> frozenset[Edge]:
    colouring = _Colouring(rows, cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rank = {cell: rng.random() for cell in cells}
    first = rng.choice(cells)
    colouring.side[first[0]][first[1]] = INSIDE
    # the undecided cells each side may take, looked at again round every cell decided
    may = {side: {cell for cell in cells if cell != first and colouring.may_join(*cell, side)} for side in (INSIDE, OUTSIDE)}
    while may[INSIDE] or may[OUTSIDE]:
        side = INSIDE if rng.randrange(2) else OUTSIDE
        if not may[side]:
            side = OUTSIDE if side == INSIDE else INSIDE
        r, c = min(may[side], key=lambda cell: (colouring.neighbours_on(*cell, side), rank[cell]))
        colouring.side[r][c] = side
        for choices in may.values():
            choices.discard((r, c))
        for dr, dc in RING:
            near = (r + dr, c + dc)
            if near in rank and colouring.side[near[0]][near[1]] == UNDECIDED:
                for other, choices in may.items():
                    if colouring.may_join(*near, other):
                        choices.add(near)
                    else:
                        choices.discard(near)
    _flip_into_tendrils(colouring, cells, rng)
    return boundary(rows, cols, {cell for cell in cells if colouring.side[cell[0]][cell[1]] == INSIDE})


def _flip_into_tendrils(colouring: _Colouring, cells: list[Cell], rng: random.Random) -> None:
    order = cells[:]
    rng.shuffle(order)
    flipped = True
    while flipped:
        flipped = False
        for r, c in order:
            other = OUTSIDE if colouring.side[r][c] == INSIDE else INSIDE
            if colouring.may_join(r, c, other) and colouring.neighbours_on(r, c, other) == 1:
                colouring.side[r][c] = other
                flipped = True
    for r, c in order:
        other = OUTSIDE if colouring.side[r][c] == INSIDE else INSIDE
        if colouring.may_join(r, c, other) and rng.randrange(RANDOM_FLIP) == 0:
            colouring.side[r][c] = other
