"""Loops drawn on a grid's graph, for every loop genre: through cell centres (Kuralin, Masyu) or
along cell edges between grid points (Slitherlink).

A loop is a set of edges, each a pair of nodes (a node is a cell or a grid point, any hashable
value that sorts). The rules checks and the SAT encodings of every loop genre are built from
these; none of it knows a genre.
"""

from __future__ import annotations

from collections import Counter
from typing import Hashable, Iterable, Mapping, Sequence, TypeVar

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
