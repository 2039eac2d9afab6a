"""The cover's text, fitted to its panels: each title, subtitle and author line is set at the
largest size, down to a floor, at which it stays inside its panel's safe area in the lines it
has room for and no word is broken; the spine's line shrinks to its length. A text that fits at
no size allowed is refused when the spec is read, naming it (a long title ran off the trim and
across the spine while the print check reported every rule holding).

Sizes are chosen from the fonts' advance widths (pipeline.fonts), which bound what WeasyPrint
sets from above, so a text that fits here fits on the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline import fonts
from pipeline.render.cover import SAFE_MM

SIZE_STEP_PT = 0.5
SPINE_LEAST_PT = 6.0  # the smallest spine line KDP's guide shows legible
SPINE_AUTHOR_GAP_MM = 4.0  # print.css: .spine .author's margin


@dataclass(frozen=True)
class Room:
    """Where one text prints on the cover: its size, the smallest it may shrink to, its lines."""

    what: str
    pt: float
    least_pt: float
    lines: int
    bold: bool


FRONT_TITLE = Room("the front cover's title", 26.0, 14.0, 3, True)  # print.css: .front-title
BACK_TITLE = Room("the back cover's title", 16.0, 10.0, 3, True)  # .back-title
SUBTITLE = Room("the front cover's subtitle", 12.0, 9.0, 4, False)  # .front-subtitle
AUTHOR = Room("the front cover's author line", 14.0, 9.0, 1, False)  # .front-author
ROOMS = {"title": (FRONT_TITLE, BACK_TITLE), "subtitle": (SUBTITLE,), "author": (AUTHOR,)}  # by the spec's key


@dataclass(frozen=True)
class CoverText:
    """The sizes, in pt, the cover's texts print at."""

    front_title: float
    back_title: float
    subtitle: float
    author: float


class CoverTextError(ValueError):
    """A cover text that fits its panel at no size allowed."""


def panel_width(trim_width: float) -> float:
    return trim_width - 2 * SAFE_MM


def _longest_word(text: str, pt: float, bold: bool) -> tuple[str, float]:
    return max(((word, fonts.width_mm(word, pt, bold)) for word in text.split()), key=lambda pair: pair[1], default=("", 0.0))


def _fits(text: str, pt: float, room: Room, width: float) -> bool:
    lines = fonts.lines_needed([(text, pt, room.bold)], width)
    return lines == 1 or (lines <= room.lines and _longest_word(text, pt, room.bold)[1] <= width)  # one line breaks no word


def fitted(text: str, room: Room, width: float) -> float:
    """The largest size in SIZE_STEP_PT steps from room.pt down to room.least_pt at which `text`
    fits `width` mm; CoverTextError saying why when none does."""
    pt = room.pt
    while pt >= room.least_pt:
        if _fits(text, pt, room, width):
            return pt
        pt -= SIZE_STEP_PT
    word, wide = _longest_word(text, room.least_pt, room.bold)
    if wide > width:
        why = f"its word {word[:40]!r} is {wide:.0f} mm wide at {room.least_pt:g} pt and the panel {width:.0f} mm"
    else:
        need = fonts.lines_needed([(text, room.least_pt, room.bold)], width)
        why = f"at {room.least_pt:g} pt it needs {need} lines of the {room.lines} {room.what} has room for"
    raise CoverTextError(f"does not fit {room.what}: {why}; shorten it, or give the cover a wider trim")


def cover_text(title: str, subtitle: str | None, author: str | None, trim_width: float) -> CoverText:
    """Every cover text's size for a trim `trim_width` mm wide; CoverTextError naming the first
    text that fits at no size."""
    width = panel_width(trim_width)
    return CoverText(
        front_title=fitted(title, FRONT_TITLE, width),
        back_title=fitted(title, BACK_TITLE, width),
        subtitle=fitted(subtitle, SUBTITLE, width) if subtitle else SUBTITLE.pt,
        author=fitted(author, AUTHOR, width) if author else AUTHOR.pt,
    )


def spine_line_mm(title: str, author: str | None, pt: float) -> float:
    """The spine's one line at `pt`: the title in bold, then the author."""
    wide = fonts.width_mm(title, pt, True)
    return wide + (SPINE_AUTHOR_GAP_MM + fonts.width_mm(author, pt, False) if author else 0.0)


def spine_pt(title: str, author: str | None, length: float, most_pt: float) -> float:
    """The spine line's size: `most_pt` (what the spine's thickness allows) or less, as long as
    the line fits `length` mm."""
    at_one = spine_line_mm(title, author, 1.0)
    return min(most_pt, length / at_one) if at_one else most_pt


def spine_refusal(title: str, height: float) -> str | None:
    """Why the title can never print on the spine of a book `height` mm tall, or None."""
    length = height - 2 * SAFE_MM
    if fonts.surely_within([(title, SPINE_LEAST_PT, True)], length):
        return None
    wide = spine_line_mm(title, None, SPINE_LEAST_PT)
    if wide <= length:
        return None
    return (f"does not fit the spine: at {SPINE_LEAST_PT:g} pt it is {wide:.0f} mm long and the spine "
            f"{length:.0f} mm; shorten it, or give the cover a taller trim")
