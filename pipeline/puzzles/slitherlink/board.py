"""A grid's fixed structure by index, built once per grid size and read by the solver and the
grader: edges numbered as model.all_edges lists them, cells r * cols + c, grid points
y * (cols + 1) + x.

Each cell corner is a *pair*: the cell's two edges at that grid point. Its *outs* are the point's
other edges, and its *far pair* the cell's two other edges, which meet at the opposite corner.
The corner reasoning of the grader (and of people: "a line into the corner of a 3") reads these.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pipeline.puzzles.slitherlink.model import Edge, all_edges, cell_edges


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    edges: tuple[Edge, ...]
    index: dict  # Edge -> its number
    ends: tuple[tuple[int, int], ...]  # each edge's two points
    sides: tuple[tuple[int, ...], ...]  # each edge's one or two cells
    cell_edges: tuple[tuple[int, int, int, int], ...]  # top, bottom, left, right
    point_edges: tuple[tuple[int, ...], ...]
    # pairs: (cell, point, (a, b), outs, far pair index) for every corner of every cell; a cell's
    # four pairs are 4 * cell + (top-left, top-right, bottom-left, bottom-right)
    pairs: tuple[tuple[int, int, tuple[int, int], tuple[int, ...], int], ...]
    pairs_at_point: tuple[tuple[int, ...], ...]  # the pairs whose corner is this point
    opposite: tuple[int, ...]  # per pair: the pair of the cell diagonally across its point, or -1

    @property
    def points(self) -> int:
        return (self.rows + 1) * (self.cols + 1)


@cache
def board_for(rows: int, cols: int) -> Board:
    edges = tuple(all_edges(rows, cols))
    index = {edge: i for i, edge in enumerate(edges)}
    width = cols + 1
    ends = tuple((a[0] * width + a[1], b[0] * width + b[1]) for a, b in edges)
    point_edges: list[list[int]] = [[] for _ in range((rows + 1) * width)]
    for i, (a, b) in enumerate(ends):
        point_edges[a].append(i)
        point_edges[b].append(i)
    sides: list[list[int]] = [[] for _ in edges]
    own = []
    for r in range(rows):
        for c in range(cols):
            numbers = tuple(index[edge] for edge in cell_edges((r, c)))
            own.append(numbers)
            for i in numbers:
                sides[i].append(r * cols + c)
    pairs = []
    for cell, (top, bottom, left, right) in enumerate(own):
        r, c = divmod(cell, cols)
        corners = (
            (r * width + c, (top, left)), (r * width + c + 1, (top, right)),
            ((r + 1) * width + c, (bottom, left)), ((r + 1) * width + c + 1, (bottom, right)),
        )
        for k, (point, pair) in enumerate(corners):
            outs = tuple(e for e in point_edges[point] if e not in pair)
            pairs.append((cell, point, pair, outs, 4 * cell + 3 - k))
    pairs_at_point: list[list[int]] = [[] for _ in point_edges]
    for p, (_, point, _, _, _) in enumerate(pairs):
        pairs_at_point[point].append(p)
    opposite = []
    for p, (cell, point, _, _, _) in enumerate(pairs):
        r, c = divmod(cell, cols)
        k = p % 4
        dr, dc = (-1 if k < 2 else 1), (-1 if k % 2 == 0 else 1)
        rr, cc = r + dr, c + dc
        opposite.append(4 * (rr * cols + cc) + 3 - k if 0 <= rr < rows and 0 <= cc < cols else -1)
    return Board(
        rows, cols, edges, index, ends, tuple(map(tuple, sides)), tuple(own), tuple(map(tuple, point_edges)),
        tuple(pairs), tuple(map(tuple, pairs_at_point)), tuple(opposite),
    )
