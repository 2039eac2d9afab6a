"""What page planning needs to know of a job, and nothing more.

The stages fill this from the job spec; render/ never reads the spec itself, so it stays apart
from the puzzle types the spec validates sections against.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from pipeline.pages import PRINT_PROFILES, Answers, Page, PrintProfile


@dataclass(frozen=True)
class Sizing:
    """How big a section's grids print: as large as their slots allow up to `scale` (times the
    natural size), or at exactly `scale` when the section fixed its cell size."""

    scale: float
    exact: bool = False


@dataclass(frozen=True)
class SectionStyle:
    heading: str  # the running header and the contents line
    per_page: int | None  # puzzles a page; None: the most that print comfortably large
    sizing: Sizing
    cell_mm: float = 0.0  # a cell's side at natural size (the type's cell_mm); 0: not known, no cell floor


@dataclass(frozen=True)
class BookStyle:
    title: str
    page: Page
    newsletter: bool  # a loose dated sheet: no binding side, no gutter
    answers: Answers  # where answers print, and how many a page
    contents: bool  # a contents page
    sections: tuple[SectionStyle, ...]
    previous_issue: dt.date | None  # the issue whose answers this one prints, if any
    front_pages: int = 0  # title and copyright pages before everything: they decide which pages face
    profile: PrintProfile = PRINT_PROFILES["home"]  # the print service's rules
