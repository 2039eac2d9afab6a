"""Line weights as printed: a figure is drawn once at its natural size and printed at its
section's scale, so a 0.5 pt cell line prints at 0.3 pt in an answer at 60 %.

A print service may ask for a least line weight (KDP: 0.75 pt). The drawings keep their own
weights, and puzzles/<id>.svg stays the same under every profile; once the plan has fixed every
figure's scale, a figure with a stroke under the floor divided by that scale gets a print copy,
<id>.print.svg, with those strokes raised, and its slot points there. Only stroke widths change:
sizes, positions and text stay as drawn, so the page plan holds.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from pipeline.render.book import Sheet
from pipeline.render.figures import write_if_changed
from pipeline.render.svg import Figure
from pipeline.units import MM_PER_PT

STROKE = re.compile(r'stroke-width="([0-9.]+)"')
COLOUR = re.compile(r'(?:fill|stroke)="(#[0-9a-fA-F]{6}|[a-z]+)"')


def floor_strokes(svg: str, least_mm: float) -> str:
    """The drawing with every stroke at least `least_mm` wide (in its own units, mm)."""
    least = math.ceil(least_mm * 100) / 100  # up to 0.01 mm, the precision the drawings write

    def raise_width(match: re.Match[str]) -> str:
        width = float(match.group(1))
        return match.group(0) if width >= least else f'stroke-width="{least:g}"'

    return STROKE.sub(raise_width, svg)


def thinnest_line_pt(svg: str, scale: float) -> float:
    widths = [float(w) for w in STROKE.findall(svg)]
    return min(widths) * scale / MM_PER_PT if widths else 0.0


@dataclass(frozen=True)
class Measured:
    thinnest_line_pt: float  # over every printed figure, after scaling
    smallest_text_pt: float
    colours: tuple[str, ...]  # every fill and stroke colour the figures use


def print_copy(src: str) -> str:
    """puzzles/x-answer.svg -> puzzles/x-answer.print.svg"""
    return src.removesuffix(".svg") + ".print.svg"


def apply_line_floor(sheets: Sequence[Sheet], outdir: Path, drawings: dict[str, Figure], least_pt: float) -> Measured:
    """Point every slot whose figure would print a line under `least_pt` at a print copy with
    its strokes raised (writing the copy, and naming its drawing in `drawings`, which the book's
    parts are weighed by: stages/book.py), and measure the finest print of all the figures."""
    thinnest = math.inf
    smallest = math.inf
    colours: set[str] = set()
    for sheet in sheets:
        for index, slot in enumerate(sheet.slots):
            figure = drawings[slot.src]
            scale = slot.width / figure.width_mm
            svg = floor_strokes(figure.svg, least_pt * MM_PER_PT / scale) if least_pt > 0 else figure.svg
            if svg != figure.svg:
                copy = print_copy(slot.src)
                write_if_changed(outdir / copy, svg)
                drawings[copy] = replace(figure, svg=svg)
                sheet.slots[index] = replace(slot, src=copy)
            if (line := thinnest_line_pt(svg, scale)) > 0:
                thinnest = min(thinnest, line)
            if figure.smallest_text_pt > 0:
                smallest = min(smallest, figure.smallest_text_pt * scale)
            colours.update(c.lower() for c in COLOUR.findall(svg) if c != "none")
    return Measured(
        thinnest if thinnest != math.inf else 0.0, smallest if smallest != math.inf else 0.0, tuple(sorted(colours))
    )
