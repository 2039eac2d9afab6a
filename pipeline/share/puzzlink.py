"""puzz.link URLs: each printed puzzle (never its answer) in pzprjs's own compact form.

A URL is `https://puzz.link/p?<genre>/<cols>/<rows>/<body>`. This module writes and reads the
frame around the body for every type whose record has a `Link` (pipeline/interface/sharing.py);
each type's share.py writes its body by the rules of pzprjs's encoder for its genre, from the
helpers here that pzprjs's shared src/variety-common/Encode.js has too:

- numbers are "number16" tokens: one hex digit for 0-15, `-` and two hex digits for 16-255, `+` and
  three for 256-4095; a run of 1-20 empty places is one letter `g`-`z`;
- bits (region borders, say) go five to a base-32 digit, most significant first.

Bodies take and give record fields (the type's clue fields, as in puzzles/<id>.json), so they
stay independent of each type's model classes. A type without a Link has no URL: its records
carry none and its puzzles print without one.
"""

from __future__ import annotations

from typing import Any

from pipeline.errors import InputError
from pipeline.interface.sharing import Link
from pipeline.registry import get_type, puzzle_types

HOST = "https://puzz.link/p?"

BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
BASE32 = BASE36[:32]
SKIP_MOST = 20  # skip letters: `g` (base-36 digit 16) skips one place, `z` (35) twenty


class UrlError(InputError):
    """A puzz.link URL this module cannot read: the message says what and where."""


# ---- the public pair ------------------------------------------------------------------------


def puzzle_url(record: dict[str, Any]) -> str | None:
    """The puzz.link URL of a record's printed puzzle; None when its type has no puzz.link genre."""
    link = get_type(record["type"]).share.link
    return None if link is None else link_url(link, record)


def link_url(link: Link, record: dict[str, Any]) -> str:
    """The URL of a record's printed puzzle in the genre `link` writes."""
    rows, cols = record["rows"], record["cols"]
    return url_prefix(link, rows, cols) + link.encode(record, rows, cols)


def read_url(url: str) -> dict[str, Any]:
    """The record fields a puzz.link URL describes: type, rows, cols and the type's clue fields."""
    if not url.startswith(HOST):
        raise UrlError(f"{url!r}: a puzz.link URL starts with {HOST}")
    parts = url[len(HOST):].split("/")
    if len(parts) != 4:
        raise UrlError(f"{url!r}: expected <genre>/<cols>/<rows>/<body> after {HOST}")
    genre, cols_text, rows_text, body = parts
    readers = genres()
    if genre not in readers:
        raise UrlError(f"{url!r}: genre {genre!r} is not one of {', '.join(readers)}")
    if not (cols_text.isdigit() and rows_text.isdigit()) or not (0 < int(cols_text) <= 100 and 0 < int(rows_text) <= 100):
        raise UrlError(f"{url!r}: columns and rows must be whole numbers from 1 to 100")
    rows, cols = int(rows_text), int(cols_text)
    name, link = readers[genre]
    reader = Reader(body, url)
    fields = link.decode(reader, rows, cols)
    reader.finish()
    return {"type": name, "rows": rows, "cols": cols, **fields}


def genres() -> dict[str, tuple[str, Link]]:
    """puzz.link genre -> (type name, its Link), for every registered type that has one."""
    return {ptype.share.link.genre: (name, ptype.share.link) for name, ptype in puzzle_types().items() if ptype.share.link}


def longest_url(link: Link, rows: int, cols: int) -> int:
    """The most characters a URL of this genre and grid can take, known before any puzzle is
    made: what the page plan reserves for a printed link."""
    return len(url_prefix(link, rows, cols)) + link.longest(rows, cols)


def url_prefix(link: Link, rows: int, cols: int) -> str:
    """What every URL of this genre and grid starts with: the shortest it can be."""
    return f"{HOST}{link.genre}/{cols}/{rows}/"


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


def bits_text(bits: list[int]) -> str:
    """Bits five to a base-32 digit, most significant first, the last digit padded with zeros."""
    padded = bits + [0] * (-len(bits) % 5)
    return "".join(
        BASE32[sum(bit << (4 - i) for i, bit in enumerate(padded[start:start + 5]))]
        for start in range(0, len(padded), 5)
    )


class Reader:
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
