"""Slitherlink beyond the page: its puzz.link link (pzprjs genre `slither`) and pzprjs's file.

The link's body is pzprjs's `encode4Cell` (src/variety-common/Encode.js), cell by cell in reading
order: a number 0-4 followed by a numbered cell is its digit; followed by one empty cell and then
a number, the digit plus 5 (covering the empty cell); otherwise the digit plus 10, covering the
next two cells (also at the grid's end, where the cells covered do not exist). Empty cells not
covered so are counted in runs of up to 20, each run one letter `g`-`z`.

The pzprv3 file is what pzprjs's `slither` FileIO writes: header `pzprv3.1`, the genre, rows,
columns, the numbers (`.` for none), the cells' background marks (all 0), the edges between
side-by-side cells and along the left and right border (rows x (cols + 1)), then the edges
between cells above one another and along the top and bottom (rows + 1 lines of cols), all 0:
the file holds the puzzle, not its answer.
"""

from __future__ import annotations

from typing import Any

from pipeline.interface.sharing import Link, Share
from pipeline.share.formats import pzprv3_format, tokens
from pipeline.share.puzzlink import Reader

SKIP_MOST = 20
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def encode(record: dict[str, Any], rows: int, cols: int) -> str:
    cells = [number for row in record["clues"] for number in row]
    out: list[str] = []
    empty = 0
    c = 0
    while c < len(cells):
        number = cells[c]
        token = ""
        if number is not None:
            if c + 1 < len(cells) and cells[c + 1] is not None:
                token = format(number, "x")
            elif c + 2 < len(cells) and cells[c + 2] is not None:
                token = format(number + 5, "x")
                c += 1
            else:
                token = format(number + 10, "x")
                c += 2
        else:
            empty += 1
        if empty and (token or empty == SKIP_MOST):
            out.append(BASE36[empty + 15])
            empty = 0
        out.append(token)
        c += 1
    if empty:
        out.append(BASE36[empty + 15])
    return "".join(out)


def decode(reader: Reader, rows: int, cols: int) -> dict[str, Any]:
    """The clue fields of a link's body; the frame checks that the body ends there."""
    count = rows * cols
    cells: list[int | None] = [None] * count
    c = 0
    body = reader.body
    while reader.pos < len(body) and c < count:
        ch = body[reader.pos]
        if ch in "0123456789abcde":
            value = int(ch, 16)
            number, covers = value % 5, value // 5  # 0-4 alone, +5 covers one empty cell, +10 two
            if number == 4:
                raise reader.fail("a Slitherlink number is 0, 1, 2 or 3, not 4")
            cells[c] = number
            c += 1 + covers
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 15
            if c > count:
                raise reader.fail(f"skips past the last of {count} cells")
        else:
            raise reader.fail(f"unexpected character {ch!r}")
        reader.pos += 1
    return {"clues": [cells[r * cols:(r + 1) * cols] for r in range(rows)]}


def longest(rows: int, cols: int) -> int:
    return rows * cols  # a character covers at least one cell


def _pzprv3_grids(record: dict[str, Any], rows: int, cols: int) -> tuple[str, list[str]]:
    lines = [tokens("." if n is None else n for n in row) for row in record["clues"]]
    lines += [tokens([0] * cols)] * rows
    lines += [tokens([0] * (cols + 1))] * rows
    lines += [tokens([0] * cols)] * (rows + 1)
    return "pzprv3.1", lines


SHARE = Share(
    link=Link(genre="slither", encode=encode, decode=decode, longest=longest),
    files=(pzprv3_format("slither", _pzprv3_grids),),
)
