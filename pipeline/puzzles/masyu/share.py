"""Masyu beyond the page: puzz.link's `mashu` URL and pzprjs's pzprv3 file.

The URL body (pzprjs src/variety/mashu.js with Encode.js's encodeCircle, read and written again
here) is every cell in reading order as 0 (no pearl), 1 (white) or 2 (black), three cells to a
base-27 digit (9 x the first + 3 x the second + the third); a last group of one or two cells is
weighed as if the missing cells were empty. The pzprv3 file holds the pearls as one token a cell
(1 white, 2 black, "." none) and the lines between cells, all 0 in the printed puzzle: first the
lines between side-by-side cells (a row of cols - 1 a grid row), then those between cells above
one another.
"""

from __future__ import annotations

from typing import Any

from pipeline.interface.sharing import FileFormat, Link, Share

BASE27 = "0123456789abcdefghijklmnopq"
VALUES = {".": 0, "W": 1, "B": 2}
MARKS = {value: mark for mark, value in VALUES.items()}


def encode(record: dict[str, Any], rows: int, cols: int) -> str:
    values = [VALUES[mark] for row in record["pearls"] for mark in row]
    digits = []
    for start in range(0, len(values), 3):
        group = values[start:start + 3] + [0] * (3 - len(values[start:start + 3]))
        digits.append(BASE27[9 * group[0] + 3 * group[1] + group[2]])
    return "".join(digits)


def decode(reader: Any, rows: int, cols: int) -> dict[str, Any]:
    count = rows * cols
    length = -(-count // 3)
    text = reader.body[reader.pos:reader.pos + length]
    if len(text) != length:
        raise reader.fail(f"expected {length} base-27 digits of pearls, found {len(text)}")
    values = []
    for offset, ch in enumerate(text):
        if ch not in BASE27:
            reader.pos += offset
            raise reader.fail(f"{ch!r} is not a base-27 digit of pearls (0-9, a-q)")
        number = BASE27.index(ch)
        values += [number // 9, number // 3 % 3, number % 3]
    reader.pos += length
    if any(values[count:]):
        raise reader.fail("a pearl past the last cell")
    return {"pearls": ["".join(MARKS[values[r * cols + c]] for c in range(cols)) for r in range(rows)]}


def longest(rows: int, cols: int) -> int:
    return -(-rows * cols // 3)


def pzprv3(record: dict[str, Any]) -> str:
    rows, cols = record["rows"], record["cols"]
    lines = ["pzprv3", "mashu", str(rows), str(cols)]
    lines += ["".join(f"{VALUES[mark] or '.'} " for mark in row) for row in record["pearls"]]
    lines += ["0 " * (cols - 1)] * rows
    lines += ["0 " * cols] * (rows - 1)
    return "\n".join(lines) + "\n"


SHARE = Share(
    link=Link(genre="mashu", encode=encode, decode=decode, longest=longest),
    files=(FileFormat("pzprv3", ".pzprv3", pzprv3, "pzprjs's save file (puzz.link opens it)"),),
)
