"""Saddle-stitch imposition: two booklet pages per side of a landscape sheet, in folding order.

For n pages (padded with blanks to a multiple of 4) sheet k (from 0) carries pages
[n - 2k, 2k + 1] on its front and [2k + 2, n - 2k - 1] on its back; printed duplex (flip on the
short edge), stacked, folded in half and stapled, the pages read 1, 2, 3, ... in order.

The imposed PDF is the booklet PDF plus one incremental update (the standard way to amend a
PDF): each booklet page's content becomes a form XObject clipped to its TrimBox (bleed is for
the print shop's guillotine, not a home printer), and a new page tree of sheets places two forms
per side. Fonts and pictures are the booklet's own objects, referenced rather than copied, so
imposing costs milliseconds instead of re-reading and rewriting tens of thousands of objects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

Side = tuple[int | None, int | None]  # 1-based page numbers on the left and right half; None: blank

_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")


@dataclass(frozen=True)
class PageSource:
    """What imposition needs of one booklet page, taken while the booklet PDF was written."""

    content: bytes  # the page's content stream object: b"<<...>>\nstream\n...\nendstream"
    resources: bytes  # reference to its resource dictionary, b"5 0 R"
    trim: tuple[float, float, float, float]  # TrimBox in points: left, bottom, right, top


FOLD = 4  # pages on one folded sheet


def padded(pages: int, multiple: int = FOLD) -> int:
    """The page count with blank pages added at the end to a whole number of `multiple`: the
    imposition's sheets, a print service's leaves (2), an offset printer's folds or signatures."""
    return -(-pages // multiple) * multiple


def saddle_order(pages: int) -> list[Side]:
    """Sheet sides in print order (front, back, front, back, ...) for a booklet of `pages` pages."""
    padded_count = padded(pages)

    def real(number: int) -> int | None:
        return number if number <= pages else None

    sides: list[Side] = []
    for k in range(padded_count // FOLD):
        sides.append((real(padded_count - 2 * k), real(2 * k + 1)))
        sides.append((real(2 * k + 2), real(padded_count - 2 * k - 1)))
    return sides


def _num(value: float) -> bytes:
    return f"{value:.4f}".rstrip("0").rstrip(".").encode()


def _form(page: PageSource) -> bytes:
    """The page's content stream, re-declared as a form XObject clipped to the trim."""
    head_end = page.content.index(b">>\nstream\n")
    entries = page.content[2:head_end]
    box = b" ".join(_num(v) for v in page.trim)
    return b"<</Type/XObject/Subtype/Form/BBox[" + box + b"]/Resources " + page.resources + entries + page.content[head_end:]


def _stream(data: bytes, extra: bytes = b"") -> bytes:
    return b"<<" + extra + b"/Length " + str(len(data)).encode() + b">>\nstream\n" + data + b"\nendstream"


class _Update:
    """New objects numbered from the original's /Size, written after the original bytes."""

    def __init__(self, first: int):
        self.first = first
        self.bodies: list[bytes] = []

    def reserve(self) -> int:
        self.bodies.append(b"")
        return self.first + len(self.bodies) - 1

    def set(self, number: int, body: bytes) -> None:
        self.bodies[number - self.first] = body

    def add(self, body: bytes) -> int:
        number = self.reserve()
        self.set(number, body)
        return number


def _ref(number: int) -> bytes:
    return f"{number} 0 R".encode()


def impose(booklet: bytes, pages: Sequence[PageSource]) -> bytes:
    """The imposed PDF: the booklet's bytes and an update whose page tree holds the sheets."""
    match = _STARTXREF.search(booklet)
    if match is None or not pages:
        raise ValueError("not a PDF written by the layout stage")
    prev = int(match.group(1))
    trailer = booklet[prev : booklet.index(b"stream", prev)]
    size = int(re.search(rb"/Size (\d+)", trailer).group(1))
    info = re.search(rb"/Info (\d+ \d+ R)", trailer)

    update = _Update(size)
    forms = [update.add(_form(page)) for page in pages]
    left, bottom, right, top = pages[0].trim
    width, height = right - left, top - bottom
    tree = update.reserve()
    kids = []
    for side in saddle_order(len(pages)):
        ops, xobjects = [], []
        for half, number in enumerate(side):
            if number is None:
                continue
            trim = pages[number - 1].trim
            name = f"/P{number}".encode()
            xobjects.append(name + b" " + _ref(forms[number - 1]))
            ops.append(b"q 1 0 0 1 " + _num(half * width - trim[0]) + b" " + _num(-trim[1]) + b" cm " + name + b" Do Q")
        content = update.add(_stream(b"\n".join(ops)))
        kids.append(update.add(
            b"<</Type/Page/Parent " + _ref(tree) + b"/MediaBox[0 0 " + _num(2 * width) + b" " + _num(height) + b"]"
            + b"/Contents " + _ref(content) + b"/Resources<</XObject<<" + b"".join(xobjects) + b">>>>>>"
        ))
    update.set(tree, b"<</Type/Pages/Count " + str(len(kids)).encode() + b"/Kids[" + b" ".join(_ref(k) for k in kids) + b"]>>")
    catalog = update.add(b"<</Type/Catalog/Pages " + _ref(tree) + b">>")
    return _append(booklet, update, prev, catalog, info.group(1) if info else None)


def _append(booklet: bytes, update: _Update, prev: int, catalog: int, info: bytes | None) -> bytes:
    """Write the update's objects and a cross-reference stream that points back to the original's."""
    out = bytearray(booklet if booklet.endswith(b"\n") else booklet + b"\n")
    offsets = []
    for k, body in enumerate(update.bodies):
        offsets.append(len(out))
        out += f"{update.first + k} 0 obj\n".encode() + body + b"\nendobj\n"
    xref_number = update.first + len(update.bodies)
    xref_offset = len(out)
    rows = b"".join(b"\x01" + offset.to_bytes(4, "big") + b"\x00" for offset in offsets + [xref_offset])
    extra = (
        b"/Type/XRef/Size " + str(xref_number + 1).encode()
        + b"/Index[" + str(update.first).encode() + b" " + str(len(offsets) + 1).encode() + b"]/W[1 4 1]"
        + b"/Root " + _ref(catalog) + (b"/Info " + info if info else b"") + b"/Prev " + str(prev).encode()
    )
    out += f"{xref_number} 0 obj\n".encode() + _stream(rows, extra) + b"\nendobj\n"
    out += b"startxref\n" + str(xref_offset).encode() + b"\n%%EOF\n"
    return bytes(out)
