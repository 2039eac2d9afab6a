"""The book's fonts, as text meets them: which characters they can print, and how wide a line sets.

Every page prints with the package's DejaVu Sans and DejaVu Sans Bold alone (render/pdf.py keeps
system fonts out, so every machine makes the same bytes). A character neither has prints as an
empty box, so text from a spec or a file name is refused when it holds one, naming each
(`unprintable`); Japanese, Thai and emoji are the usual ones. Widths come from the same files'
advance widths, so the plan can tell how many lines a title wraps to before WeasyPrint sets it
(`lines_needed`).
"""

from __future__ import annotations

import functools
import io
import struct
import unicodedata
from dataclasses import dataclass

from pipeline.render.assets import layouts_dir
from pipeline.units import MM_PER_PT

FONT_FILES = {False: "fonts/DejaVuSans.ttf", True: "fonts/DejaVuSans-Bold.ttf"}
FONT_NAME = "DejaVu Sans"
# Kerning and rounding make a set line up to about 1% narrower or wider than its advance widths
# add up to; 3% keeps a line that nearly fills the width counted as the two lines it may become.
WIDTH_SLACK = 1.03
SHOWN_MOST = 8  # characters named in a refusal; more are counted
# The widest character below U+0100 of either face ('m' in bold, 1.103 em): a line of them
# shorter than its length times this needs no font read (reading one takes 0.05-0.17 s).
LATIN1_EM_MOST = 1.11


@dataclass(frozen=True)
class Face:
    characters: frozenset[int]
    advances: dict[int, int]  # code point -> advance width in font units
    units_per_em: int


@functools.cache
def face(bold: bool) -> Face:
    data = (layouts_dir() / FONT_FILES[bold]).read_bytes()
    return _read_face(data) or _face_by_fonttools(data)


def _read_face(data: bytes) -> Face | None:
    """The face read straight from the font's tables (head, hhea, hmtx and the Unicode full
    repertoire cmap, format 12): 4 ms, against 60 ms to import fontTools and decode the same
    (an unchanged build needs the widths and nothing else of a font); None for a font without
    such a cmap. tests/test_fonts.py holds it equal to what fontTools reads."""
    tables = {
        data[12 + 16 * k : 16 + 16 * k]: struct.unpack_from(">II", data, 20 + 16 * k) for k in range(struct.unpack_from(">H", data, 4)[0])
    }
    if not {b"head", b"hhea", b"hmtx", b"cmap"} <= set(tables):
        return None
    units_per_em = struct.unpack_from(">H", data, tables[b"head"][0] + 18)[0]
    long_metrics = struct.unpack_from(">H", data, tables[b"hhea"][0] + 34)[0]
    hmtx = tables[b"hmtx"][0]
    advances_by_glyph = [struct.unpack_from(">H", data, hmtx + 4 * k)[0] for k in range(long_metrics)]
    cmap = tables[b"cmap"][0]
    records = [struct.unpack_from(">HHI", data, cmap + 4 + 8 * k) for k in range(struct.unpack_from(">H", data, cmap + 2)[0])]
    full = [cmap + offset for platform, encoding, offset in records if (platform, encoding) == (3, 10)]
    if not full or struct.unpack_from(">H", data, full[0])[0] != 12:
        return None
    advances: dict[int, int] = {}
    for k in range(struct.unpack_from(">I", data, full[0] + 12)[0]):
        first, last, glyph = struct.unpack_from(">III", data, full[0] + 16 + 12 * k)
        for point in range(first, last + 1):
            advances[point] = advances_by_glyph[min(glyph + point - first, long_metrics - 1)]
    return Face(frozenset(advances), advances, units_per_em)


def _face_by_fonttools(data: bytes) -> Face:
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), lazy=True)
    cmap = font.getBestCmap()
    metrics = font["hmtx"].metrics
    return Face(frozenset(cmap), {point: metrics[glyph][0] for point, glyph in cmap.items()}, font["head"].unitsPerEm)


def _drawn(character: str) -> bool:
    """Whether a character needs a glyph: spaces, line breaks and invisible format marks (bidi
    controls, joiners) take none."""
    return not character.isspace() and unicodedata.category(character) not in ("Cc", "Cf")


# Ranges both faces hold every assigned character of (Latin, Greek, Cyrillic, general
# punctuation; tests/test_text_fit.py checks it): text of them alone needs no font read.
SURELY_HELD = ((0x0000, 0x02E0), (0x0370, 0x0500), (0x2010, 0x2050))


def _surely_held(character: str) -> bool:
    point = ord(character)
    return any(low <= point < high for low, high in SURELY_HELD) and unicodedata.category(character) != "Cn"


def unprintable(text: str) -> list[str]:
    """The characters of `text` the book's fonts cannot print, each once, in order."""
    if all(map(_surely_held, text)):
        return []
    printable = face(False).characters & face(True).characters
    return list(dict.fromkeys(c for c in text if _drawn(c) and ord(c) not in printable))


def refusal(text: str) -> str | None:
    """A one-line reason when `text` holds characters the book's fonts cannot print, else None."""
    missing = unprintable(text)
    if not missing:
        return None
    named = ", ".join(f"{c!r} (U+{ord(c):04X} {unicodedata.name(c, 'unnamed')})" for c in missing[:SHOWN_MOST])
    more = f" and {len(missing) - SHOWN_MOST} more" if len(missing) > SHOWN_MOST else ""
    return f"holds characters the book's font ({FONT_NAME}) has no glyph for, which would print as empty boxes: {named}{more}"


def width_mm(text: str, size_pt: float, bold: bool = False) -> float:
    """The width `text` sets to at `size_pt`, by the font's advance widths (a character it
    lacks counted as one em)."""
    font = face(bold)
    units = sum(font.advances.get(ord(c), font.units_per_em) for c in text if _drawn(c) or c == " ")
    return units / font.units_per_em * size_pt * MM_PER_PT * WIDTH_SLACK


def lines_needed(runs: list[tuple[str, float, bool]], width: float) -> int:
    """The lines a paragraph of runs (text, size in pt, bold) wraps to in `width` mm, broken as
    CSS breaks it with `overflow-wrap: anywhere`: at spaces, and inside a word only when the word
    alone is wider than a line. Only spaces are taken as break chances, so this is never fewer
    lines than are set."""
    if surely_within(runs, width):
        return 1
    words: list[list[tuple[str, float, bool]]] = [[]]
    for text, size, bold in runs:
        for k, piece in enumerate(text.split(" ")):
            if k:
                words.append([])
            if piece:
                words[-1].append((piece, size, bold))
    lines, used = 1, 0.0
    space = width_mm(" ", max(size for _, size, _ in runs), False) if runs else 0.0
    for word in (w for w in words if w):
        wide = sum(width_mm(t, s, b) for t, s, b in word)
        gap = space if used else 0.0
        if used and used + gap + wide <= width:
            used += gap + wide
            continue
        if used:
            lines, used = lines + 1, 0.0
        for text, size, bold in word:  # a word wider than the line breaks between its characters
            for c in text:
                one = width_mm(c, size, bold)
                if used and used + one > width:
                    lines, used = lines + 1, 0.0
                used += one
    return lines


def surely_within(runs: list[tuple[str, float, bool]], width: float) -> bool:
    """Whether runs of characters below U+0100 set within `width` mm by their count alone,
    without reading a font (no such character is wider than LATIN1_EM_MOST)."""
    if not all(ord(c) < 0x100 for text, _, _ in runs for c in text):
        return False
    return sum(len(text) * LATIN1_EM_MOST * size for text, size, _ in runs) * MM_PER_PT * WIDTH_SLACK <= width


def balanced_lines(text: str, size_pt: float, bold: bool, width: float) -> list[str]:
    """`text` broken at spaces into as few lines as fit `width` mm, the lines as even as can be
    (the longest as short as possible): a title never ends on one word alone. A word wider than
    the line is left to the browser's breaking."""
    words = text.split()
    count = lines_needed([(text, size_pt, bold)], width)
    if count <= 1 or len(words) < 2 or any(width_mm(w, size_pt, bold) > width for w in words):
        return [text]
    count = min(count, len(words))
    lines = lambda i, j: width_mm(" ".join(words[i:j]), size_pt, bold)  # noqa: E731
    # best[k][j]: (longest line, breaks) for words[:j] in k lines
    best: dict[tuple[int, int], tuple[float, list[int]]] = {(0, 0): (0.0, [])}
    for k in range(1, count + 1):
        for j in range(k, len(words) + 1):
            options = [
                (max(best[(k - 1, i)][0], lines(i, j)), best[(k - 1, i)][1] + [j])
                for i in range(k - 1, j) if (k - 1, i) in best
            ]
            if options:
                best[(k, j)] = min(options)
    cuts = [0] + best[(count, len(words))][1]
    return [" ".join(words[a:b]) for a, b in zip(cuts, cuts[1:])]
