"""Slitherlink test helpers: a brute force that shares nothing with the solver, the grader, the
proof or the rules checker, and its own rule check.

Every loop on a grid is the boundary of the cells it encloses, and those cells decide it, so the
brute force runs over sets of cells (inside or not, in reading order), drops a set as soon as a
number whose neighbours are all placed counts wrong, and keeps a finished set when its boundary is
one loop by `is_one_loop`, written again here: every grid point meets 0 or 2 of its edges, and the
edges make one connected cycle.
"""

from __future__ import annotations

Cell = tuple[int, int]
Point = tuple[int, int]
Edge = tuple[Point, Point]


def around(cell: Cell) -> list[Edge]:
    r, c = cell
    return [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]


def edges_between(inside: set[Cell]) -> frozenset[Edge]:
    found: set[Edge] = set()
    for cell in inside:
        found.symmetric_difference_update(around(cell))
    return frozenset(found)


def is_one_loop(edges: frozenset[Edge]) -> bool:
    if not edges:
        return False
    at: dict[Point, list[Point]] = {}
    for a, b in edges:
        at.setdefault(a, []).append(b)
        at.setdefault(b, []).append(a)
    if any(len(v) != 2 for v in at.values()):
        return False
    start = next(iter(at))
    seen, todo = {start}, [start]
    while todo:
        for nxt in at[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(at)


def brute_force(rows: int, cols: int, clues, limit: int = 10**9) -> list[frozenset[Edge]]:
    """Every answer (up to `limit`): loops whose edges around each number are that number."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    inside = [[False] * cols for _ in range(rows)]
    found: list[frozenset[Edge]] = []

    def colour(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and inside[r][c]

    def counts_right(r: int, c: int) -> bool:
        number = clues[r][c]
        if number is None:
            return True
        mine = inside[r][c]
        return sum(colour(r + dr, c + dc) != mine for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))) == number

    def place(k: int) -> None:
        if len(found) >= limit:
            return
        if k == len(cells):
            if all(counts_right(r, c) for r in range(rows) for c in range(cols)):
                edges = edges_between({cell for cell in cells if inside[cell[0]][cell[1]]})
                if is_one_loop(edges):
                    found.append(edges)
            return
        r, c = cells[k]
        for value in (False, True):
            inside[r][c] = value
            # the cell above has all its neighbours placed once this one is
            if r == 0 or counts_right(r - 1, c):
                place(k + 1)
        inside[r][c] = False

    place(0)
    return found
