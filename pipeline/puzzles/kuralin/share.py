"""How a Kuralin is shared: its puzz.link link (puzz.link calls the genre `kurarin`) and its
pzprv3 file.

- The link follows pzprjs's src/variety/kurarin.js: every grid point inside the grid, row by row
  over the doubled grid (cell centres included), as 0 (none), 1 black, 2 grey, 3 white; two
  points to a token (first point times four plus the second), empty pairs as skip letters.
- pzprv3: the grid points as one character each, an empty answer grid, and no loop lines.
"""

from __future__ import annotations

from typing import Any

from pipeline.interface.sharing import Link, Share
from pipeline.share.formats import pzprv3_format, tokens
from pipeline.share.puzzlink import Reader, numbers16

GENRE = "kurarin"
DOTS = {"black": 1, "grey": 2, "white": 3}
KINDS = {value: kind for kind, value in DOTS.items()}


# ---- the link -------------------------------------------------------------------------------


def encode(record: dict[str, Any], rows: int, cols: int) -> str:
    dots = [0] * ((2 * rows - 1) * (2 * cols - 1))
    for circle in record["circles"]:
        dots[_dot_index(_point(circle["cells"]), cols)] = DOTS[circle["kind"]]
    if len(dots) % 2:
        dots.append(0)
    pairs = [dots[i] * 4 + dots[i + 1] for i in range(0, len(dots), 2)]
    return numbers16([value or None for value in pairs])


def _point(cells: list[list[int]]) -> tuple[int, int]:
    """The doubled coordinates of the grid point the circle's cells share (cell (r, c) is (2r+1, 2c+1))."""
    rs = [r for r, _ in cells]
    cs = [c for _, c in cells]
    return (min(rs) + max(rs) + 1, min(cs) + max(cs) + 1)


def _dot_index(point: tuple[int, int], cols: int) -> int:
    y, x = point
    return (y - 1) * (2 * cols - 1) + (x - 1)


def decode(reader: Reader, rows: int, cols: int) -> dict[str, Any]:
    width, count = 2 * cols - 1, (2 * rows - 1) * (2 * cols - 1)
    pairs = reader.numbers16((count + 1) // 2)
    circles = []
    for index in range(count):
        pair = pairs[index // 2]
        if pair is None:
            continue
        if pair > 15:
            raise reader.fail(f"{pair} is not a pair of grid points (0 to 15)")
        value = pair >> 2 if index % 2 == 0 else pair & 3
        if value == 0:
            continue
        y, x = index // width + 1, index % width + 1
        if y % 2 and x % 2:
            raise reader.fail(f"a circle on the centre of cell ({y // 2}, {x // 2}); Kuralin circles sit on grid lines")
        circles.append({"kind": KINDS[value], "cells": [list(cell) for cell in _touched(y, x)]})
    return {"circles": circles}


def _touched(y: int, x: int) -> list[tuple[int, int]]:
    rows = sorted({(y - 1) // 2, y // 2})
    cols = sorted({(x - 1) // 2, x // 2})
    return [(r, c) for r in rows for c in cols]


def longest(rows: int, cols: int) -> int:
    return ((2 * rows - 1) * (2 * cols - 1) + 1) // 2  # one character for every two grid points


# ---- pzprv3 ---------------------------------------------------------------------------------


def pzprv3_grids(record: dict[str, Any], rows: int, cols: int) -> tuple[str, list[str]]:
    """The grid points as one character each, an empty answer grid, and no loop lines."""
    dots = [["."] * (2 * cols - 1) for _ in range(2 * rows - 1)]
    for circle in record["circles"]:
        rs = [r for r, _ in circle["cells"]]
        cs = [c for _, c in circle["cells"]]
        dots[min(rs) + max(rs)][min(cs) + max(cs)] = str(DOTS[circle["kind"]])
    lines = ["".join(row) for row in dots]
    lines += [tokens(["."] * cols) for _ in range(rows)]
    lines += [tokens([0] * (cols - 1)) for _ in range(rows)]
    lines += [tokens([0] * cols) for _ in range(rows - 1)]
    return "pzprv3", lines


SHARE = Share(link=Link(GENRE, encode, decode, longest), files=(pzprv3_format(GENRE, pzprv3_grids),))
