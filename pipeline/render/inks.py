"""The colours a page's content stream sets, for the print check's colour rule
(stages/printcheck.py). Each part of a book is scanned in the worker that paints it
(pdf.render_part), on the very bytes the booklet prints, so the serial end of a layout does not
read 612 pages' content back out of the written file.
"""

from __future__ import annotations

import re

Colour = tuple[float, float, float]

# Colour operators in a content stream: "r g b rg" / "RG" and "v g" / "G" (WeasyPrint writes these).
# The colour operators (n n n rg, n g; stroke and fill) are found by name with a plain substring
# search, their operands read back from just before each: 0.2 s for the 1,000-puzzle book's 8.8 MB
# of page content, against 0.8 s for a pattern tried at every byte (`n n n rg` and `n g` matched
# anywhere, leftmost first: what tests/test_colour_scan.py compares this with).
_OPERATORS = {b" rg": 3, b" RG": 3, b" g": 1, b" G": 1}
_OPERANDS = {3: re.compile(rb"([\d.]+) ([\d.]+) ([\d.]+)\Z"), 1: re.compile(rb"(?<![\d.])([\d.]+)\Z")}
_REACH = 96  # bytes before an operator that hold its operands, unless they run on (_RUN) further
_RUN = frozenset(b"0123456789. ")
_WORD = frozenset(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")


def stream_colours(data: bytes) -> set[Colour]:
    """The colours one content stream sets, as (r, g, b) with greys as three equal parts."""
    found: set[Colour] = set()
    for operator, count in _OPERATORS.items():
        at = data.find(operator)
        while at >= 0:
            end = at + len(operator)
            if end == len(data) or data[end] not in _WORD:
                start = max(0, at - _REACH)
                while start > 0 and data[start - 1] in _RUN:  # the reach cut a run of operands: all of it
                    start -= 1
                operands = _OPERANDS[count].search(data, start, at)
                if operands is not None:
                    values = tuple(round(float(v), 3) for v in operands.groups())
                    found.add(values * 3 if count == 1 else values)  # type: ignore[arg-type]
            at = data.find(operator, at + 1)
    return found
