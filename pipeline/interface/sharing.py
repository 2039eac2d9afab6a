"""How a type is shared beyond the page: its puzz.link genre and the files other tools read.

A type without a `Link` builds, prints and exports what it can; the stages ask this record
and never name a type. The URL frame and the codec helpers every genre uses (number tokens,
base-32 bits, skip letters, the reader) live in pipeline/share/puzzlink.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Link:
    """A puzz.link genre and pzprjs's encoder for it, read and written here."""

    genre: str  # puzz.link's name for the genre: "nonogram", "kurarin"
    encode: Callable[[dict[str, Any], int, int], str]  # (record, rows, cols) -> the URL's body
    decode: Callable[[Any, int, int], dict[str, Any]]  # (puzzlink.Reader, rows, cols) -> the record's clue fields; the frame checks the body ends there
    longest: Callable[[int, int], int]  # (rows, cols) -> the most characters a body of this grid takes


@dataclass(frozen=True)
class FileFormat:
    """A file another puzzle tool reads, written from a record."""

    name: str  # the export format's name: "pzprv3", "non", "xml"
    suffix: str  # ".pzprv3"
    write: Callable[[dict[str, Any]], str]  # record -> the file's text
    describe: str  # one line for `export --help` and the README's table


@dataclass(frozen=True)
class Share:
    link: Link | None = None
    files: tuple[FileFormat, ...] = ()

    def file_format(self, name: str) -> FileFormat | None:
        return next((f for f in self.files if f.name == name), None)
