"""The paperback's full-wrap cover: back, spine and front on one sheet, with bleed all round.

Its width is the two trims plus the spine, and the spine is the interior's final page count
times the paper's thickness a page (plus the cover stock's own, where the service counts it), so
the cover is planned after the booklet is rendered. Black on white, like the pages: the front
carries the title, subtitle and author, over the publisher's image when one is given, and a
picture of some of the book's answers only when the spec asks for one (a cover gives nothing
away); the back a line on what is inside and the ISBN's barcode, or a keep-clear box where the
service prints its own; the spine its text only when the book is thick enough for the service
to allow it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from pipeline.pages import PrintProfile
from pipeline.units import MM_PER_IN
from pipeline.render.geometry import BLEED_MM

SAFE_MM = 0.375 * MM_PER_IN  # text keeps this far inside each panel's trim (KDP: 0.125 in beyond the 0.25 in it trims)
SPINE_SAFE_MM = 0.0625 * MM_PER_IN  # spine text keeps this far from each fold (KDP)
ARTWORK_MOST = 9  # answers in the front's picture: a 3 x 3 grid at most
ARTWORK_GAP_MM = 3.0


@dataclass(frozen=True)
class CoverBox:
    """The cover's geometry in mm, measured from the left trim edge of the back panel."""

    trim_width: float  # one panel
    height: float
    spine: float
    bleed: float
    pages: int
    spine_text: bool

    @property
    def width(self) -> float:
        """The trimmed wrap: back, spine, front."""
        return 2 * self.trim_width + self.spine

    @property
    def front_left(self) -> float:
        return self.trim_width + self.spine

    @property
    def media_width(self) -> float:
        return self.width + 2 * self.bleed

    @property
    def media_height(self) -> float:
        return self.height + 2 * self.bleed


def spine_mm(pages: int, profile: PrintProfile, paper: str) -> float:
    """The spine's width for `pages` interior pages on the service's paper."""
    return round((pages * profile.spine_in_per_page[paper] + profile.spine_extra_in) * MM_PER_IN, 3)


def cover_box(trim: tuple[float, float], pages: int, profile: PrintProfile, paper: str) -> CoverBox:
    return CoverBox(
        trim_width=trim[0], height=trim[1], spine=spine_mm(pages, profile, paper), bleed=BLEED_MM, pages=pages,
        spine_text=pages > profile.spine_text_min_pages,
    )


@dataclass(frozen=True)
class Artwork:
    """Answers arranged as a picture: cols x rows cells of `cell` mm, each holding one answer."""

    cols: int
    rows: int
    cell: float
    srcs: tuple[str, ...]


def artwork(answers: Sequence[tuple[str, float, float]], width: float, height: float) -> Artwork:
    """Up to nine answers (src, width, height), taken evenly across the book so every section
    shows, in the largest square grid that fits width x height."""
    step = max(1, len(answers) // ARTWORK_MOST)
    chosen = list(answers[::step])[:ARTWORK_MOST]
    if not chosen:
        return Artwork(0, 0, 0.0, ())
    cols = math.ceil(math.sqrt(len(chosen)))
    rows = math.ceil(len(chosen) / cols)
    cell = min((width - ARTWORK_GAP_MM * (cols - 1)) / cols, (height - ARTWORK_GAP_MM * (rows - 1)) / rows)
    return Artwork(cols, rows, math.floor(cell * 100) / 100, tuple(src for src, _, _ in chosen[: cols * rows]))
