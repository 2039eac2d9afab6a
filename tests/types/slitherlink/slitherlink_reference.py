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


def outside_count(rows: int, cols: int, clues, limit: int = 2) -> list[frozenset[Edge]]:
    """Up to `limit` answers by this file's own SAT encoding, on cells rather than edges (the
    type's proof is on edges): a variable per cell, true inside the loop, the grid's outside
    outside. A number counts the neighbours on the other side (every choice of the cell and its
    neighbours with another count is a clause). The boundary is one loop exactly when the inside
    is one piece, the outside has no hole and no 2x2 block is a checkerboard (two loops touching
    at a corner): the checkerboards are clauses, the rest lazy cuts. A model whose inside splits
    gets "a cell of this piece outside, a cell next to it inside, or that cell of another piece
    outside"; one with a hole, "a cell of the hole inside or a cell next to it outside". Every
    answer is still found, and each once: the inside decides the loop."""
    from itertools import product

    from pysat.formula import IDPool
    from pysat.solvers import Solver

    pool = IDPool()
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    var = {cell: pool.id(cell) for cell in cells}
    near = {(r, c): [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))] for r, c in cells}
    clauses: list[list[int]] = [list(var.values())]
    for cell in cells:
        number = clues[cell[0]][cell[1]]
        if number is None:
            continue
        inner = [n for n in near[cell] if n in var]
        border = len(near[cell]) - len(inner)  # outside neighbours: they differ when the cell is inside
        for values in product((False, True), repeat=len(inner) + 1):
            mine, theirs = values[0], values[1:]
            differ = sum(v != mine for v in theirs) + (border if mine else 0)
            if differ != number:
                lits = [var[cell]] + [var[n] for n in inner]
                clauses.append([-lit if v else lit for lit, v in zip(lits, values)])
    for r in range(rows - 1):
        for c in range(cols - 1):
            a, b, x, y = var[(r, c)], var[(r + 1, c + 1)], var[(r, c + 1)], var[(r + 1, c)]
            clauses += [[-a, -b, x, y], [a, b, -x, -y]]
    found: list[frozenset[Edge]] = []
    with Solver(name="minisat22", bootstrap_with=clauses) as sat:
        while len(found) < limit and sat.solve():
            true = {v for v in sat.get_model() if v > 0}
            inside = {cell for cell in cells if var[cell] in true}
            cut = _cut(inside, cells, near, var)
            if cut:
                sat.add_clause(cut)
                continue
            edges = edges_between(inside)
            assert is_one_loop(edges)  # what the clauses and cuts promise
            found.append(edges)
            sat.add_clause([-var[cell] if cell in inside else var[cell] for cell in cells])
    return found


def _cut(inside: set[Cell], cells: list[Cell], near: dict, var: dict) -> list[int] | None:
    """A clause this model breaks and every answer keeps, or None when its inside is one piece
    and its outside reaches the grid's edge everywhere."""
    for side in (True, False):
        group = inside if side else set(cells) - inside
        seen: set[Cell] = set()
        for start in sorted(group):
            if start in seen:
                continue
            piece, todo, touches_edge = {start}, [start], False
            while todo:
                for n in near[todo.pop()]:
                    if n not in var:
                        touches_edge = True
                    elif n in group and n not in piece:
                        piece.add(n)
                        todo.append(n)
            seen |= piece
            rim = {n for cell in piece for n in near[cell] if n in var and n not in piece}
            sign = 1 if side else -1
            if side and len(piece) < len(inside):
                other = min(inside - piece)
                return [-sign * var[c] for c in sorted(piece)] + [sign * var[n] for n in sorted(rim)] + [-var[other]]
            if not side and not touches_edge:
                return [-sign * var[c] for c in sorted(piece)] + [sign * var[n] for n in sorted(rim)]
    return None
