"""How a Nuritwin is shared: its puzz.link link (genre `nuritwin`) and its pzprv3 file.

- The link follows pzprjs's src/variety/shimaguni.js, which writes nuritwin too: the region
  borders as bits, five to a base-32 digit, first the borders between side-by-side cells (row by
  row), then those between cells above one another; then one number16 token per region, regions
  ordered by their first cell in reading order.
- pzprv3 (header `pzprv3.1`): the borders (side by side, then above one another), the numbers,
  and an empty answer grid.
"""

from __future__ import annotations

from typing import Any

from pipeline.interface.sharing import Link, Share
from pipeline.share.formats import pzprv3_format, tokens
from pipeline.share.puzzlink import Reader, bits_text, numbers16

GENRE = "nuritwin"


# ---- the link -------------------------------------------------------------------------------


def encode(record: dict[str, Any], rows: int, cols: int) -> str:
    regions, clues = record["regions"], record["clues"]
    side_by_side = [int(regions[r][c] != regions[r][c + 1]) for r in range(rows) for c in range(cols - 1)]
    above = [int(regions[r][c] != regions[r + 1][c]) for r in range(rows - 1) for c in range(cols)]
    numbers = [clues[r][c] for r, c in _first_cells(regions)]
    return bits_text(side_by_side) + bits_text(above) + numbers16(numbers)


def _first_cells(regions: list[list[int]]) -> list[tuple[int, int]]:
    """Each region's first cell in reading order, the regions in the order of those cells."""
    seen: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(regions):
        for c, label in enumerate(row):
            seen.setdefault(label, (r, c))
    return list(seen.values())


def decode(reader: Reader, rows: int, cols: int) -> dict[str, Any]:
    side_by_side = reader.bits((cols - 1) * rows)
    above = reader.bits(cols * (rows - 1))
    regions = _label_regions(rows, cols, side_by_side, above)
    count = 1 + max(max(row) for row in regions)
    numbers = reader.numbers16(count)
    clues: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for (r, c), number in zip(_first_cells(regions), numbers):
        clues[r][c] = number
    return {"regions": regions, "clues": clues}


def _label_regions(rows: int, cols: int, side_by_side: list[int], above: list[int]) -> list[list[int]]:
    """Region ids 0.. in reading order of each region's first cell, regions cut by the border bits."""
    labels = [[-1] * cols for _ in range(rows)]
    count = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if labels[r0][c0] >= 0:
                continue
            labels[r0][c0] = count
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                steps = (
                    (r, c + 1, c + 1 < cols and not side_by_side[r * (cols - 1) + c]),
                    (r, c - 1, c > 0 and not side_by_side[r * (cols - 1) + c - 1]),
                    (r + 1, c, r + 1 < rows and not above[r * cols + c]),
                    (r - 1, c, r > 0 and not above[(r - 1) * cols + c]),
                )
                for nr, nc, open_side in steps:
                    if open_side and labels[nr][nc] < 0:
                        labels[nr][nc] = count
                        stack.append((nr, nc))
            count += 1
    return labels


def longest(rows: int, cols: int) -> int:
    # Border bits five to a digit, then a token of at most three characters per region; a region
    # holds two blocks that do not touch and is connected, so it has three cells or more.
    return -(-(cols - 1) * rows // 5) + -(-cols * (rows - 1) // 5) + 3 * (rows * cols // 3)


# ---- pzprv3 ---------------------------------------------------------------------------------


def pzprv3_grids(record: dict[str, Any], rows: int, cols: int) -> tuple[str, list[str]]:
    """Borders (side-by-side, then above one another), numbers, and an empty answer grid.

    pzprjs keeps a region's number in the region's leftmost column, topmost there (its
    getTopCell), and moves any other to it when it reads a file; the file puts it there already.
    """
    regions, clues = record["regions"], record["clues"]
    lines = [tokens([int(regions[r][c] != regions[r][c + 1]) for c in range(cols - 1)]) for r in range(rows)]
    lines += [tokens([int(regions[r][c] != regions[r + 1][c]) for c in range(cols)]) for r in range(rows - 1)]
    numbers = [["."] * cols for _ in range(rows)]
    for r, row in enumerate(clues):
        for c, number in enumerate(row):
            if number is not None:
                top_r, top_c = _top_cell(regions, regions[r][c])
                numbers[top_r][top_c] = str(number)
    lines += [tokens(row) for row in numbers]
    lines += [tokens(["."] * cols) for _ in range(rows)]
    return "pzprv3.1", lines


def _top_cell(regions: list[list[int]], label: int) -> tuple[int, int]:
    return min((c, r) for r, row in enumerate(regions) for c, value in enumerate(row) if value == label)[::-1]


SHARE = Share(link=Link(GENRE, encode, decode, longest), files=(pzprv3_format(GENRE, pzprv3_grids),))
