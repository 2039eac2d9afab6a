"""Loops drawn on a grid's graph, for every loop genre: through cell centres (Kuralin, Masyu) or
along cell edges between grid points (Slitherlink).

A loop is a set of edges, each a pair of nodes (a node is a cell or a grid point, any hashable
value that sorts). The rules checks and the SAT encodings of every loop genre are built from
these; none of it knows a genre.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Hashable, Iterable, Mapping, Sequence, TypeVar
from typing import Any, Callable

from pipeline.interface.checks import Check

Node = TypeVar("Node", bound=Hashable)
Edge = tuple[Node, Node]


def degrees(edges: Iterable[Edge]) -> Counter:
    """How many drawn edges meet at each node touched."""
    return Counter(node for edge in edges for node in edge)


def pieces(edges: Iterable[Edge]) -> list[set]:
    """The connected pieces of the drawn edges, each a set of nodes, ordered by their least node."""
    links: dict = {}
    for a, b in edges:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    found: list[set] = []
    seen: set = set()
    for start in sorted(links):
        if start in seen:
            continue
        piece, stack = {start}, [start]
        while stack:
            for nxt in links[stack.pop()]:
                if nxt not in piece:
                    piece.add(nxt)
                    stack.append(nxt)
        seen |= piece
        found.append(piece)
    return found


def loop_cuts(edge_vars: Mapping[Edge, int], true: set[int], node_vars: Mapping | None = None) -> list[list[int]]:
    """SAT clauses that forbid a model's split into several closed pieces (lazy cuts), or [] when
    its drawn edges form one piece.

    For each piece S and a node x of another piece: "x unused, or S's least node unused, or an edge
    leaving S is drawn". Any single loop through both nodes crosses out of S, so a cut never removes
    a real answer, and it forbids this split for good. `node_vars` gives a variable per node that is
    true when the loop passes it; without them a node is "used" when an edge at it is drawn.
    """
    drawn = [edge for edge, var in edge_vars.items() if var in true]
    split = pieces(drawn)
    if len(split) < 2:
        return []
    at: dict = {}
    for edge, var in edge_vars.items():
        for node in edge:
            at.setdefault(node, []).append(var)
    cuts = []
    for i, piece in enumerate(split):
        other = split[(i + 1) % len(split)]
        leaving = [var for (a, b), var in edge_vars.items() if (a in piece) != (b in piece)]
        if node_vars is not None:
            cuts.append([-node_vars[min(other)], -node_vars[min(piece)], *leaving])
        else:
            # no node variables: "some edge at x is off, or ..." cannot be one clause, so cut on
            # two drawn edges, one at each piece's least node
            a = next(var for var in at[min(piece)] if var in true)
            b = next(var for var in at[min(other)] if var in true)
            cuts.append([-a, -b, *leaving])
    return cuts


def sorted_edges(edges: Iterable[Sequence]) -> list[Edge]:
    """Edges with their nodes in order and the list sorted, for records and comparisons."""
    return sorted(tuple(sorted(edge)) for edge in edges)  # type: ignore[misc]


def branch(edges: Iterable[Edge]) -> Node | None:
    """The least node where three or more drawn edges meet (the loop branches or crosses), or None."""
    return min((node for node, count in degrees(edges).items() if count > 2), default=None)


def dead_end(edges: Iterable[Edge]) -> Node | None:
    """The least node where the drawn edges stop (one edge meets it), or None."""
    return min((node for node, count in degrees(edges).items() if count == 1), default=None)


def is_one_loop(edges: Iterable[Edge]) -> bool:
    """Whether the drawn edges form exactly one closed loop: two at every node touched, one piece."""
    drawn = list(edges)
    return bool(drawn) and all(count == 2 for count in degrees(drawn).values()) and len(pieces(drawn)) == 1


def cycle_order(edges: Iterable[Edge]) -> list:
    """The nodes of one loop in order, from its least node towards the lesser of its two
    neighbours there; ValueError unless the edges form exactly one loop. On a grid, nodes (row,
    column) in reading order: the first has no loop node above it or to its left, so the loop
    leaves it rightwards, which is what records and drawings of every loop genre write."""
    drawn = list(edges)
    if not is_one_loop(drawn):
        raise ValueError("the edges do not form exactly one loop")
    links: dict = {}
    for a, b in drawn:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    start = min(links)
    order, previous, here = [start], start, min(links[start])
    while here != start:
        order.append(here)
        a, b = links[here]
        previous, here = here, (b if a == previous else a)
    return order


def roots(count: int, joined: Iterable[tuple[int, int]]) -> list[int]:
    """A representative per node 0..count-1: nodes joined, directly or through others, by the
    given pairs (a grid's drawn lines, by their nodes' numbers) share one. The graders' "no
    small loop" reads it: an open edge between two nodes of one piece would close a loop."""
    parent = list(range(count))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in joined:
        parent[find(a)] = find(b)
    return [find(x) for x in range(count)]


class SingleLoop:
    """The SAT encoding of one loop on a graph, for the independent proofs of the loop genres.

    Variables, from the caller's pool: one per node ("the loop passes here"), made first in the
    order given, then one per candidate edge in the order given. Clauses: an edge is drawn only
    if both its nodes are used, a used node has exactly two drawn edges, an unused one none. That
    every model is *one* loop is not a clause: `cuts` is the refine step of
    pipeline.proof.engine.enumerate_models, adding `loop_cuts` for each model that splits.

    Lazy cuts, not a network encoding (a tree of parents with levels): on Masyu proofs the
    network took 14x (8x8) and 27x (10x10) as long (docs/notes/loop-encoding.md); a split
    model is rare once clues pin the loop.
    """

    def __init__(self, pool, nodes: Sequence[Node], edges: Sequence[Edge]):
        self.used = {node: pool.id(("used", node)) for node in nodes}
        self.edges: dict = {edge: pool.id(("edge", edge)) for edge in edges}
        self.at: dict = {node: [] for node in nodes}
        for (a, b), var in self.edges.items():
            self.at[a].append(var)
            self.at[b].append(var)
        self.clauses: list[list[int]] = []
        for node, lines in self.at.items():
            used = self.used[node]
            for line in lines:
                self.clauses.append([-line, used])
                self.clauses.append([-used, *(other for other in lines if other != line)])
            for three in combinations(lines, 3):
                self.clauses.append([-v for v in three])

    def cuts(self, true: set[int]) -> list[list[int]]:
        """Clauses that forbid this model's split into several loops, or [] for one loop."""
        return loop_cuts(self.edges, true, self.used)

    def drawn(self, model: Iterable[int]) -> frozenset:
        """The edges a model (or a projected answer) draws."""
        true = set(model)
        return frozenset(edge for edge, var in self.edges.items() if var in true)


# ---- checks every loop genre lists ----------------------------------------------------------

# (puzzle, answer) -> the drawn edges; (node) -> how a message names it ("r3c5", a grid point)
Lines = Callable[[Any, Any], Iterable[Edge]]
Naming = Callable[[Any], str]


def degree_check(code: str, lines: Lines, name: Naming) -> Check:
    """The lines never branch and never stop: two meet at every node they touch (branch and
    dead_end above find where not)."""

    def find(puzzle: Any, answer: Any) -> str | None:
        drawn = list(lines(puzzle, answer))
        where = branch(drawn)
        if where is not None:
            return f"the lines branch at {name(where)} ({degrees(drawn)[where]} meet there)"
        where = dead_end(drawn)
        return None if where is None else f"a line ends at {name(where)}"

    return Check(code, "the loop never branches and never stops", find)


def one_loop_check(code: str, lines: Lines, name: Naming) -> Check:
    """The drawn lines are one piece: no loop at all, or two apart, breaks it."""

    def find(puzzle: Any, answer: Any) -> str | None:
        split = pieces(lines(puzzle, answer))
        if not split:
            return "no loop is drawn"
        if len(split) == 1:
            return None
        return f"the lines form {len(split)} separate pieces: the one through {name(min(split[1]))} does not join the one through {name(min(split[0]))}"

    return Check(code, "the lines form one single loop", find)
