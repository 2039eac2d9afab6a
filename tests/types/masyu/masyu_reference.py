"""Masyu test helpers: text pictures, a brute force and an outside SAT check, sharing nothing with
the type's solver, grader, checklist or proof.

A picture draws pearls and loop together, one character a cell at even columns of even lines:
"B" and "W" pearls, "o" a loop cell without a pearl, "." or a space an empty cell; "-" between
two cells on a line joins them side by side, "|" on the line between two rows joins them above
one another.

The brute force lists every loop of a small grid once and keeps those obeying its own reading of
the rules (`obeys`); `pearl_walk` is the same brute force for Masyu's smallest size, 6x6 (1.2
million loops there), walking only the loops through the first pearl and leaving a walk as soon
as a pearl's own cell breaks its rule. The outside check is a SAT encoding of its own: each cell takes one of seven
shapes (empty, two straights, four turns), neighbours agree on the line between them, pearls
restrict their own shape and their neighbours'. In a model of several loops, the loop through
every pearl, if one is, is the answer; where the pearls are split, each loop is cut by a clause on
the shapes of its cells.
"""

from __future__ import annotations

import textwrap
from functools import cache
from itertools import combinations

from pysat.formula import IDPool
from pysat.solvers import Solver

Cell = tuple[int, int]
UP, RIGHT, DOWN, LEFT = (-1, 0), (0, 1), (1, 0), (0, -1)


def picture(text: str) -> tuple[tuple[str, ...], frozenset]:
    """(pearl rows, loop lines) from a picture."""
    lines = [line.rstrip() for line in textwrap.dedent(text).strip("\n").splitlines()]
    width = max(len(line) for line in lines)
    lines = [line.ljust(width) for line in lines]
    rows, cols = (len(lines) + 1) // 2, (width + 1) // 2
    pearls = tuple("".join(lines[2 * r][2 * c] if lines[2 * r][2 * c] in "BW" else "." for c in range(cols)) for r in range(rows))
    drawn = set()
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and lines[2 * r][2 * c + 1] == "-":
                drawn.add(((r, c), (r, c + 1)))
            if r + 1 < rows and lines[2 * r + 1][2 * c] == "|":
                drawn.add(((r, c), (r + 1, c)))
    return pearls, frozenset(drawn)


def _ways(cell: Cell, drawn: frozenset) -> list[tuple[int, int]]:
    r, c = cell
    out = []
    for dr, dc in (UP, RIGHT, DOWN, LEFT):
        other = (r + dr, c + dc)
        if (min(cell, other), max(cell, other)) in drawn:
            out.append((dr, dc))
    return out


def _straight(cell: Cell, drawn: frozenset) -> bool:
    ways = _ways(cell, drawn)
    return len(ways) == 2 and ways[0][0] == -ways[1][0] and ways[0][1] == -ways[1][1]


def obeys(pearls: tuple[str, ...], loop: frozenset) -> bool:
    """Whether a loop (one closed loop, as `all_loops` lists them) keeps every pearl's rule."""
    for r, row in enumerate(pearls):
        for c, mark in enumerate(row):
            if mark == ".":
                continue
            cell = (r, c)
            ways = _ways(cell, loop)
            if len(ways) != 2:
                return False
            beside = [(r + dr, c + dc) for dr, dc in ways]
            if mark == "W" and (not _straight(cell, loop) or all(_straight(b, loop) for b in beside)):
                return False
            if mark == "B" and (_straight(cell, loop) or not all(_straight(b, loop) for b in beside)):
                return False
    return True


@cache
def all_loops(rows: int, cols: int) -> tuple[frozenset, ...]:
    """Every loop of the grid, each once: walks from their least cell, first step to the right."""
    found = []
    for start in ((r, c) for r in range(rows) for c in range(cols)):
        if start[1] + 1 >= cols or start[0] + 1 >= rows:
            continue
        path, seen = [start, (start[0], start[1] + 1)], {start, (start[0], start[1] + 1)}

        def walk() -> None:
            r, c = path[-1]
            for dr, dc in (UP, RIGHT, DOWN, LEFT):
                nxt = (r + dr, c + dc)
                if not (0 <= nxt[0] < rows and 0 <= nxt[1] < cols) or nxt < start:
                    continue
                if nxt == start and len(path) >= 4 and path[-1] == (start[0] + 1, start[1]):
                    found.append(frozenset((min(a, b), max(a, b)) for a, b in zip(path, path[1:] + path[:1])))
                elif nxt not in seen:
                    seen.add(nxt)
                    path.append(nxt)
                    walk()
                    path.pop()
                    seen.discard(nxt)

        walk()
    return tuple(found)


def brute_force(pearls: tuple[str, ...]) -> list[frozenset]:
    return [loop for loop in all_loops(len(pearls), len(pearls[0])) if obeys(pearls, loop)]


SHAPES = ((), (UP, DOWN), (LEFT, RIGHT), (UP, RIGHT), (RIGHT, DOWN), (DOWN, LEFT), (LEFT, UP))


def outside_count(pearls: tuple[str, ...], limit: int = 2) -> list[frozenset]:
    """Up to `limit` answers by this file's own shape encoding."""
    rows, cols = len(pearls), len(pearls[0])
    pool = IDPool()
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    shape = {(cell, k): pool.id((cell, k)) for cell in cells for k in range(len(SHAPES))}
    clauses = []
    for cell in cells:
        options = [shape[(cell, k)] for k in range(len(SHAPES))]
        clauses.append(options)
        clauses += [[-a, -b] for a, b in combinations(options, 2)]
        for k, ways in enumerate(SHAPES):
            for dr, dc in ways:
                other = (cell[0] + dr, cell[1] + dc)
                if not (0 <= other[0] < rows and 0 <= other[1] < cols):
                    clauses.append([-shape[(cell, k)]])
                    continue
                back = (-dr, -dc)
                clauses.append([-shape[(cell, k)], *(shape[(other, j)] for j, w in enumerate(SHAPES) if back in w)])
            for dr, dc in {UP, RIGHT, DOWN, LEFT} - set(ways):
                other = (cell[0] + dr, cell[1] + dc)
                if 0 <= other[0] < rows and 0 <= other[1] < cols:
                    for j, w in enumerate(SHAPES):
                        if (-dr, -dc) in w:
                            clauses.append([-shape[(cell, k)], -shape[(other, j)]])
    for cell in cells:
        mark = pearls[cell[0]][cell[1]]
        if mark == ".":
            continue
        clauses.append([-shape[(cell, 0)]])
        for k, ways in enumerate(SHAPES[1:], 1):
            straight = k in (1, 2)
            if (mark == "W") != straight:
                clauses.append([-shape[(cell, k)]])
                continue
            nexts = [(cell[0] + dr, cell[1] + dc, dr, dc) for dr, dc in ways]
            if any(not (0 <= r < rows and 0 <= c < cols) for r, c, _, _ in nexts):
                continue  # already ruled out by the border
            # the shape "straight on along (dr, dc)" at the next cell
            straight_on = [shape[((r, c), 1 if dc == 0 else 2)] for r, c, dr, dc in nexts]
            if mark == "B":
                clauses += [[-shape[(cell, k)], s] for s in straight_on]
            else:
                clauses.append([-shape[(cell, k)], *(-s for s in straight_on)])
    clauses.append([-shape[(cell, 0)] for cell in cells])
    pearl_cells = [cell for cell in cells if pearls[cell[0]][cell[1]] != "."]
    found: list[frozenset] = []
    with Solver(name="minisat22", bootstrap_with=clauses) as sat:
        while len(found) < limit and sat.solve():
            true = {v for v in sat.get_model() if v > 0}
            chosen = {cell: k for (cell, k), v in shape.items() if v in true}
            drawn = frozenset(
                (min(cell, other), max(cell, other))
                for cell, k in chosen.items() for dr, dc in SHAPES[k] for other in [(cell[0] + dr, cell[1] + dc)]
            )
            pieces = _pieces(drawn)
            whole = next((piece for piece in pieces if all(pearl in piece for pearl in pearl_cells)), None)
            if whole is None:
                # the pearls are split between loops: an answer holds none of these closed loops
                for piece in pieces:
                    sat.add_clause([-shape[(cell, chosen[cell])] for cell in sorted(piece)])
                continue
            # One loop holds every pearl; the others hold none, and taking them away breaks no
            # rule, so that loop alone is an answer. Cutting only the exact model made this check
            # cut small pearl-free loops one by one: over 190,000 solves and more than 10 minutes
            # for one 10x10 Masyu (code bv4546ey).
            found.append(frozenset(line for line in drawn if line[0] in whole))
            sat.add_clause([-shape[(cell, chosen[cell])] for cell in sorted(whole)])
    return found


def _pieces(drawn: frozenset) -> list[set]:
    """The separate loops of `drawn`, as sets of cells."""
    left, pieces = set(drawn), []
    while left:
        piece = _one_piece(frozenset(left))
        pieces.append(piece)
        left = {line for line in left if line[0] not in piece}
    return pieces


def _one_piece(drawn: frozenset) -> set:
    links: dict = {}
    for a, b in drawn:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    start = min(links)
    seen, stack = {start}, [start]
    while stack:
        for nxt in links[stack.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen
def pearl_walk(pearls):
    """Every answer, by walking loops through the first pearl in reading order (each answer
    passes it), cut short where a pearl's own cell already breaks its rule: a black pearl the
    walk goes straight through, a white one it turns on, or a black one entered or left
    through a cell where it turns. The finished loops are judged by `obeys`."""
    rows, cols = len(pearls), len(pearls[0])
    pearl_cells = [(r, c) for r in range(rows) for c in range(cols) if pearls[r][c] != "."]
    start = pearl_cells[0]
    found = set()
    path, seen = [start], {start}

    def straight(a, b, c):
        return a[0] - b[0] == b[0] - c[0] and a[1] - b[1] == b[1] - c[1]

    def broken(i):
        """Whether cell path[i], its two neighbours on the walk known, breaks a rule."""
        a, b, c = path[i - 1], path[i], path[(i + 1) % len(path)]
        mark = pearls[b[0]][b[1]]
        if mark == "W" and not straight(a, b, c):
            return True
        if mark == "B" and straight(a, b, c):
            return True
        return False

    def black_side(i):
        """path[i] is next to a black pearl at path[i-1] or path[i+1]: it must go straight."""
        a, b, c = path[i - 1], path[i], path[(i + 1) % len(path)]
        return (pearls[a[0]][a[1]] == "B" or pearls[c[0]][c[1]] == "B") and not straight(a, b, c)

    def can_close():
        """Whether the start and every pearl not yet walked through can still be reached from
        the walk's end through cells it has not used: an answer passes every pearl."""
        reach, stack = {path[-1]}, [path[-1]]
        while stack:
            r, c = stack.pop()
            for nxt in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and nxt not in reach and (nxt not in seen or nxt == start):
                    reach.add(nxt)
                    if nxt != start:
                        stack.append(nxt)
        return start in reach and all(p in reach or p in seen for p in pearl_cells)

    def walk():
        r, c = path[-1]
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            nxt = (r + dr, c + dc)
            if not (0 <= nxt[0] < rows and 0 <= nxt[1] < cols):
                continue
            if nxt == start:
                last = len(path) - 1
                if last >= 3 and not any(check(i) for i in (last, 0) for check in (broken, black_side)):
                    loop = frozenset((min(a, b), max(a, b)) for a, b in zip(path, path[1:] + path[:1]))
                    if obeys(pearls, loop):
                        found.add(loop)
                continue
            if nxt in seen:
                continue
            path.append(nxt)
            seen.add(nxt)
            if (len(path) < 3 or not (broken(len(path) - 2) or black_side(len(path) - 2))) and can_close():
                walk()
            path.pop()
            seen.discard(nxt)

    walk()
    return sorted(found, key=sorted)
