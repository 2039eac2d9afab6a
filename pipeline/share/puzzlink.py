"""puzz.link URLs: each printed puzzle (never its answer) in pzprjs's own compact form.

A URL is `https://puzz.link/p?<genre>/<cols>/<rows>/<body>`. The body follows pzprjs's encoders
(src/variety/nonogram.js, shimaguni.js for nuritwin, kurarin.js and the shared
src/variety-common/Encode.js), read and written again here:

- numbers are "number16" tokens: one hex digit for 0-15, `-` and two hex digits for 16-255, `+` and
  three for 256-4095; a run of 1-20 empty places is one letter `g`-`z`;
- nonogram: the clue numbers outside the grid, column clues first (column by column), then row
  clues (row by row); each line's numbers start next to the grid, so a clue is written last number
  first, and each line has room for (length + 1) // 2 numbers, the empty places after its numbers;
- nuritwin: the region borders as bits, five to a base-32 digit, first the borders between side-by-
  side cells (row by row), then those between cells above one another; then one number16 token per
  region, regions ordered by their first cell in reading order;
- kurarin: every grid point inside the grid, row by row over the doubled grid (cell centres
  included), as 0 (none), 1 black, 2 grey, 3 white; two points to a token (first point times four
  plus the second), empty pairs as skip letters.

Functions take and give record fields (the type's clue fields, as in puzzles/<id>.json), so they
stay independent of each type's model classes.
"""

from __future__ import annotations

from typing import Any

from pipeline.errors import InputError

HOST = "https://puzz.link/p?"
GENRES = {"nonogram": "nonogram", "nuritwin": "nuritwin", "kuralin": "kurarin"}
TYPES = {genre: name for name, genre in GENRES.items()}

BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
BASE32 = BASE36[:32]
SKIP_MOST = 20  # skip letters: `g` (base-36 digit 16) skips one place, `z` (35) twenty
KURARIN_DOTS = {"black": 1, "grey": 2, "white": 3}
KURARIN_KINDS = {value: kind for kind, value in KURARIN_DOTS.items()}


class UrlError(InputError):
    """A puzz.link URL this module cannot read: the message says what and where."""


# ---- the public pair ------------------------------------------------------------------------


def puzzle_url(record: dict[str, Any]) -> str:
    """The puzz.link URL of a record's printed puzzle."""
    name = record["type"]
    if name not in GENRES:
        raise UrlError(f"puzz.link has no genre for puzzle type {name!r}")
    rows, cols = record["rows"], record["cols"]
    return url_prefix(name, rows, cols) + _ENCODERS[name](record, rows, cols)


def read_url(url: str) -> dict[str, Any]:
    """The record fields a puzz.link URL describes: type, rows, cols and the type's clue fields."""
    if not url.startswith(HOST):
        raise UrlError(f"{url!r}: a puzz.link URL starts with {HOST}")
    parts = url[len(HOST):].split("/")
    if len(parts) != 4:
        raise UrlError(f"{url!r}: expected <genre>/<cols>/<rows>/<body> after {HOST}")
    genre, cols_text, rows_text, body = parts
    if genre not in TYPES:
        raise UrlError(f"{url!r}: genre {genre!r} is not one of {', '.join(TYPES)}")
    if not (cols_text.isdigit() and rows_text.isdigit()) or not (0 < int(cols_text) <= 100 and 0 < int(rows_text) <= 100):
        raise UrlError(f"{url!r}: columns and rows must be whole numbers from 1 to 100")
    rows, cols = int(rows_text), int(cols_text)
    name = TYPES[genre]
    fields = _DECODERS[name](_Reader(body, url), rows, cols)
    return {"type": name, "rows": rows, "cols": cols, **fields}


def longest_url(name: str, rows: int, cols: int) -> int:
    """The most characters a puzzle of this type and grid can take as a URL, known before any
    puzzle is made: what the page plan reserves for a printed link."""
    body = {"nonogram": _longest_nonogram, "nuritwin": _longest_nuritwin, "kuralin": _longest_kuralin}[name](rows, cols)
    return len(url_prefix(name, rows, cols)) + body


def url_prefix(name: str, rows: int, cols: int) -> str:
    """What every URL of this type and grid starts with: the shortest it can be."""
    return f"{HOST}{GENRES[name]}/{cols}/{rows}/"


def _longest_nonogram(rows: int, cols: int) -> int:
    # A line of L cells has (L + 1) // 2 places of one character each. A number of 16 or more
    # takes three, but its 16 cells leave room for seven fewer numbers: a line of 1s is longest.
    return sum(count * ((length + 1) // 2) for count, length in ((cols, rows), (rows, cols)))


def _longest_nuritwin(rows: int, cols: int) -> int:
    # Border bits five to a digit, then a token of at most three characters per region; a region
    # holds two blocks that do not touch and is connected, so it has three cells or more.
    return -(-(cols - 1) * rows // 5) + -(-cols * (rows - 1) // 5) + 3 * (rows * cols // 3)


def _longest_kuralin(rows: int, cols: int) -> int:
    return ((2 * rows - 1) * (2 * cols - 1) + 1) // 2  # one character for every two grid points


# ---- number16 tokens ------------------------------------------------------------------------


def number16(value: int) -> str:
    if 0 <= value < 16:
        return format(value, "x")
    if 16 <= value < 256:
        return "-" + format(value, "02x")
    if 256 <= value < 4096:
        return "+" + format(value, "03x")
    raise UrlError(f"the number {value} is outside what this encoder writes (0 to 4095)")


def numbers16(values: list[int | None]) -> str:
    """Tokens for `values`, each run of empty places (None) as skip letters of up to twenty."""
    out, empty = [], 0
    for value in values:
        if value is None:
            empty += 1
            if empty == SKIP_MOST:
                out.append(_skip_letter(empty))
                empty = 0
            continue
        if empty:
            out.append(_skip_letter(empty))
            empty = 0
        out.append(number16(value))
    if empty:
        out.append(_skip_letter(empty))
    return "".join(out)


def _skip_letter(count: int) -> str:
    return BASE36[15 + count]


class _Reader:
    """The unread rest of a URL body, with the URL kept for messages."""

    def __init__(self, body: str, url: str):
        self.body, self.pos, self.url = body, 0, url

    def fail(self, problem: str) -> UrlError:
        return UrlError(f"{self.url!r}: {problem} (at body character {self.pos + 1})")

    def numbers16(self, length: int) -> list[int | None]:
        """`length` places of number16 tokens and skip letters; places past the body's end stay empty."""
        values: list[int | None] = []
        while len(values) < length and self.pos < len(self.body):
            ch = self.body[self.pos]
            if "g" <= ch <= "z":
                values.extend([None] * (int(ch, 36) - 15))
                self.pos += 1
            elif ch in "0123456789abcdef":
                values.append(int(ch, 16))
                self.pos += 1
            elif ch in "-+":
                width = 2 if ch == "-" else 3
                digits = self.body[self.pos + 1:self.pos + 1 + width]
                if len(digits) != width or any(d not in "0123456789abcdef" for d in digits):
                    raise self.fail(f"{ch!r} must be followed by {width} hex digits")
                values.append(int(digits, 16))
                self.pos += 1 + width
            else:
                raise self.fail(f"unexpected character {ch!r}")
        if len(values) > length:
            raise self.fail(f"skips past the last of {length} places")
        return values + [None] * (length - len(values))

    def bits(self, count: int) -> list[int]:
        """`count` bits, five to a base-32 digit, most significant first."""
        chars = (count + 4) // 5
        text = self.body[self.pos:self.pos + chars]
        if len(text) != chars or any(ch not in BASE32 for ch in text):
            raise self.fail(f"expected {chars} base-32 digits of borders")
        self.pos += chars
        bits = [(int(ch, 32) >> shift) & 1 for ch in text for shift in (4, 3, 2, 1, 0)]
        return bits[:count]

    def finish(self) -> None:
        if self.pos != len(self.body):
            raise self.fail("unexpected characters after the puzzle")


def _bits_text(bits: list[int]) -> str:
    padded = bits + [0] * (-len(bits) % 5)
    return "".join(
        BASE32[sum(bit << (4 - i) for i, bit in enumerate(padded[start:start + 5]))]
        for start in range(0, len(padded), 5)
    )


# ---- nonogram -------------------------------------------------------------------------------


def _encode_nonogram(record: dict[str, Any], rows: int, cols: int) -> str:
    places: list[int | None] = []
    for clues, length in ((record["col_clues"], rows), (record["row_clues"], cols)):
        room = (length + 1) // 2
        for clue in clues:
            places += list(reversed(clue)) + [None] * (room - len(clue))
    return numbers16(places)


def _decode_nonogram(reader: _Reader, rows: int, cols: int) -> dict[str, Any]:
    col_room, row_room = (rows + 1) // 2, (cols + 1) // 2
    places = reader.numbers16(cols * col_room + rows * row_room)
    reader.finish()
    col_places = [places[c * col_room:(c + 1) * col_room] for c in range(cols)]
    row_places = places[cols * col_room:]
    row_places_by_row = [row_places[r * row_room:(r + 1) * row_room] for r in range(rows)]
    return {
        "row_clues": [_nonogram_clue(line, cols, reader) for line in row_places_by_row],
        "col_clues": [_nonogram_clue(line, rows, reader) for line in col_places],
    }


def _nonogram_clue(places: list[int | None], length: int, reader: _Reader) -> list[int]:
    clue = [value for value in reversed(places) if value is not None]
    if any(not 1 <= value <= length for value in clue) or sum(clue) + len(clue) - 1 > length:
        raise reader.fail(f"clue {clue} does not fit a line of {length} cells")
    return clue


# ---- nuritwin -------------------------------------------------------------------------------


def _encode_nuritwin(record: dict[str, Any], rows: int, cols: int) -> str:
    regions, clues = record["regions"], record["clues"]
    side_by_side = [int(regions[r][c] != regions[r][c + 1]) for r in range(rows) for c in range(cols - 1)]
    above = [int(regions[r][c] != regions[r + 1][c]) for r in range(rows - 1) for c in range(cols)]
    numbers = [clues[r][c] for r, c in _first_cells(regions)]
    return _bits_text(side_by_side) + _bits_text(above) + numbers16(numbers)


def _first_cells(regions: list[list[int]]) -> list[tuple[int, int]]:
    """Each region's first cell in reading order, the regions in the order of those cells."""
    seen: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(regions):
        for c, label in enumerate(row):
            seen.setdefault(label, (r, c))
    return list(seen.values())


def _decode_nuritwin(reader: _Reader, rows: int, cols: int) -> dict[str, Any]:
    side_by_side = reader.bits((cols - 1) * rows)
    above = reader.bits(cols * (rows - 1))
    regions = _label_regions(rows, cols, side_by_side, above)
    count = 1 + max(max(row) for row in regions)
    numbers = reader.numbers16(count)
    reader.finish()
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


# ---- kurarin --------------------------------------------------------------------------------


def _encode_kuralin(record: dict[str, Any], rows: int, cols: int) -> str:
    dots = [0] * ((2 * rows - 1) * (2 * cols - 1))
    for circle in record["circles"]:
        dots[_dot_index(_point(circle["cells"]), cols)] = KURARIN_DOTS[circle["kind"]]
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


def _decode_kuralin(reader: _Reader, rows: int, cols: int) -> dict[str, Any]:
    width, count = 2 * cols - 1, (2 * rows - 1) * (2 * cols - 1)
    pairs = reader.numbers16((count + 1) // 2)
    reader.finish()
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
        circles.append({"kind": KURARIN_KINDS[value], "cells": [list(cell) for cell in _touched(y, x)]})
    return {"circles": circles}


def _touched(y: int, x: int) -> list[tuple[int, int]]:
    rows = sorted({(y - 1) // 2, y // 2})
    cols = sorted({(x - 1) // 2, x // 2})
    return [(r, c) for r in rows for c in cols]


_ENCODERS = {"nonogram": _encode_nonogram, "nuritwin": _encode_nuritwin, "kuralin": _encode_kuralin}
_DECODERS = {"nonogram": _decode_nonogram, "nuritwin": _decode_nuritwin, "kuralin": _decode_kuralin}
