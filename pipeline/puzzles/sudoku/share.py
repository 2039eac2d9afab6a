"""Sudoku beyond the page: its puzz.link link and its pzprv3 file, as pzprjs writes them.

- The link is `https://puzz.link/p?sudoku/<cols>/<rows>/<body>`; its body is pzprjs's
  `encodeNumber16` over the cells in reading order (src/variety/sudoku.js): a given as one hex
  digit, runs of 1 to 20 empty cells as the letters `g` to `z`, trailing empty cells included.
  pzprjs draws the boxes from the size alone (2 × 2 at 4 × 4, 2 rows × 3 columns at 6 × 6, 3 × 3
  at 9 × 9), as model.BOXES has them.
- The pzprv3 file (src/puzzle/FileData.js, src/variety-common/FileData.js and sudoku.js's
  FileIO) is `pzprv3`, the genre, the size once (a Sudoku is square), then the givens (`.` for an
  empty cell) and the answer grid, each cell a token followed by a space. The file holds the
  puzzle only, so its answer grid is empty and it opens unsolved.

tests/types/sudoku/share_golden/ pins links and files pzprjs itself wrote for the same puzzles.
"""

from __future__ import annotations

from typing import Any

from pipeline.interface.sharing import FileFormat, Link, Share
from pipeline.puzzles.sudoku.model import BOXES, EMPTY
from pipeline.share.puzzlink import numbers16

GENRE = "sudoku"


def encode(record: dict[str, Any], rows: int, cols: int) -> str:
    return numbers16([None if ch == EMPTY else int(ch) for row in record["givens"] for ch in row])


def decode(reader: Any, rows: int, cols: int) -> dict[str, Any]:
    """The givens a link's body holds (reader: pipeline.share.puzzlink's reader of the body)."""
    if rows != cols or rows not in BOXES:
        raise reader.fail(f"a Sudoku is {' or '.join(f'{n}x{n}' for n in BOXES)}, not {cols}x{rows}")
    places = reader.numbers16(rows * cols)  # the URL frame checks that the body ends there
    if any(value is not None and not 1 <= value <= rows for value in places):
        raise reader.fail(f"a given of a {rows}x{rows} Sudoku is a digit from 1 to {rows}")
    cells = [EMPTY if value is None else str(value) for value in places]
    return {"givens": ["".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)]}


def longest(rows: int, cols: int) -> int:
    """A one-character token per cell, the most a body of single digits can take."""
    return rows * cols


def pzprv3(record: dict[str, Any]) -> str:
    size = record["rows"]
    givens = ["".join(f"{ch} " for ch in row) for row in record["givens"]]
    answer = [f"{EMPTY} " * size for _ in range(size)]
    return "\n".join(["pzprv3", GENRE, str(size), *givens, *answer]) + "\n"


SHARE = Share(
    link=Link(genre=GENRE, encode=encode, decode=decode, longest=longest),
    files=(FileFormat("pzprv3", ".pzprv3", pzprv3, "pzprjs's own save file, which puzz.link opens"),),
)
