"""What every file format other puzzle tools read shares; each type's share.py lists its own.

- pzprv3 is pzprjs's own save file (src/puzzle/FileData.js, src/variety-common/FileData.js and
  each genre's `FileIO`): a header (`pzprv3`, or `pzprv3.1` for some genres), the genre, rows,
  columns, then the genre's grids of space-separated tokens. The files hold the puzzle only, so
  they open unsolved. `pzprv3_format` makes a type's FileFormat from the writer of its grids.
- `puzzle_title` and `printable` name a puzzle inside a file, for formats that keep a title.
"""

from __future__ import annotations

from typing import Any, Callable

from pipeline.interface.sharing import FileFormat
from pipeline.registry import get_type

# (record, rows, cols) -> (header, the lines after the grid's size)
Pzprv3Grids = Callable[[dict[str, Any], int, int], tuple[str, list[str]]]


def puzzle_title(record: dict[str, Any], times: str = "×") -> str:
    """"Nonogram 20×15, code harbour": columns × rows, as labels print a grid; a code's
    unprintable characters as escapes (XML cannot hold them). `times` is "x" for a format of
    ASCII text."""
    return f"{get_type(record['type']).title} {record['cols']}{times}{record['rows']}, code {printable(record['code'])}"


def printable(text: str) -> str:
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def pzprv3_format(genre: str, grids: Pzprv3Grids) -> FileFormat:
    """The pzprv3 file of a genre whose grids `grids` writes, as pzprjs itself writes it."""

    def write(record: dict[str, Any]) -> str:
        rows, cols = record["rows"], record["cols"]
        header, lines = grids(record, rows, cols)
        return "\n".join([header, genre, str(rows), str(cols), *lines]) + "\n"

    return FileFormat("pzprv3", ".pzprv3", write, "pzprjs's own save file: the puzzle, unsolved")


def tokens(items: list[Any]) -> str:
    """One pzprv3 line: every token followed by a space, as pzprjs writes them."""
    return "".join(f"{item} " for item in items)
