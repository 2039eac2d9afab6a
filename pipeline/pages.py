"""The page side of the job spec: trim sizes, lengths, margins, answers and front matter.

Apart from the job schema (spec.py) so that page planning (render/) can read its settings
without importing the puzzle types that the job schema validates sections against.
"""

from __future__ import annotations

import difflib
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_validator

MM_PER_IN = 25.4

# Trim sizes in millimetres (width, height). Book trims are the common print-on-demand ones.
PAGE_PRESETS: dict[str, tuple[float, float]] = {
    "A4": (210.0, 297.0),
    "A5": (148.0, 210.0),
    "Letter": (8.5 * MM_PER_IN, 11 * MM_PER_IN),
    "5x8in": (5 * MM_PER_IN, 8 * MM_PER_IN),
    "5.5x8.5in": (5.5 * MM_PER_IN, 8.5 * MM_PER_IN),
    "6x9in": (6 * MM_PER_IN, 9 * MM_PER_IN),
    "7x10in": (7 * MM_PER_IN, 10 * MM_PER_IN),
    "8x10in": (8 * MM_PER_IN, 10 * MM_PER_IN),
    "8.5x11in": (8.5 * MM_PER_IN, 11 * MM_PER_IN),
}
_PRESET_KEYS = {name.lower(): name for name in PAGE_PRESETS}
_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*$")
_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_IN, "pt": MM_PER_IN / 72}


def parse_length(value: Any) -> float:
    """A length in millimetres from '12mm', '0.5in', '1cm', '9pt' (a bare number is mm)."""
    if isinstance(value, bool):
        raise ValueError("must be a length such as '12mm' or '0.5in'")
    if isinstance(value, (int, float)):
        mm = float(value)
    else:
        match = _LENGTH.match(str(value))
        if not match:
            raise ValueError(f"'{value}' is not a length; write it like '12mm' or '0.5in'")
        mm = float(match.group(1)) * _UNIT_MM[match.group(2)]
    if not 0 <= mm <= 500:
        raise ValueError(f"'{value}' is out of range (0 to 500 mm)")
    return round(mm, 3)


def parse_page_size(value: Any) -> tuple[float, float]:
    """(width, height) in mm from a preset name ('A4', '6x9in', 'letter') or 'WxH' with a unit."""
    if not isinstance(value, str):
        raise ValueError("must be a page preset such as 'A4' or a size such as '6x9in'")
    preset = _PRESET_KEYS.get(value.strip().lower()) or _PRESET_KEYS.get(value.strip().lower() + "in")
    if preset:
        return PAGE_PRESETS[preset]
    match = _SIZE.match(value)
    if not match or not match.group(3):
        close = difflib.get_close_matches(value, list(PAGE_PRESETS), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise ValueError(
            f"unknown page size '{value}' (presets: {', '.join(PAGE_PRESETS)}; "
            f"or a custom size such as '150x230mm' or '6x9in'){hint}"
        )
    unit = _UNIT_MM[match.group(3)]
    width, height = float(match.group(1)) * unit, float(match.group(2)) * unit
    if not (50 <= width <= 1000 and 50 <= height <= 1000):
        raise ValueError(f"page size '{value}' is out of range (50 to 1000 mm each way)")
    return round(width, 3), round(height, 3)


Length = Annotated[float, BeforeValidator(parse_length)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# Print services trim up to 1/8 in off each edge: nothing may sit closer to the trim than this.
MIN_MARGIN_MM = 0.25 * MM_PER_IN
MIN_MARGIN_BLEED_MM = 0.375 * MM_PER_IN


class Margins(Strict):
    top: Length = 15.0
    bottom: Length = 15.0
    outside: Length = 13.0
    inside: Length = 6.35  # before the gutter, which is added on the binding side


def _known_page_size(value: str) -> str:
    parse_page_size(value)
    return value


class Page(Strict):
    size: Annotated[str, AfterValidator(_known_page_size)] = "A4"
    bleed: bool = False
    crop_marks: bool = False
    facing: bool = True
    gutter: Annotated[Literal["auto"] | float, BeforeValidator(lambda v: v if v == "auto" else parse_length(v))] = "auto"
    margins: Margins = Margins()
    large_print: bool = False

    @model_validator(mode="before")
    @classmethod
    def _size_only(cls, value: Any) -> Any:
        return {"size": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _safe_margins(self) -> "Page":
        least, why = (MIN_MARGIN_BLEED_MM, "0.375 in with bleed") if self.bleed else (MIN_MARGIN_MM, "0.25 in")
        short = [name for name in ("top", "bottom", "outside") if getattr(self.margins, name) < least - 1e-6]
        if short:
            names = ", ".join(f"margins.{name}" for name in short)
            raise ValueError(f"{names} must be at least {least:.2f} mm ({why}) so that nothing is trimmed off")
        width, height = self.trim_mm
        gutter = 0.0 if self.gutter == "auto" else self.gutter
        if self.margins.top + self.margins.bottom >= height / 2:
            raise ValueError(f"margins.top and margins.bottom take half or more of the {height:g} mm page height")
        if self.margins.inside + gutter + self.margins.outside >= width / 2:
            raise ValueError(f"margins.inside, margins.outside and the gutter take half or more of the {width:g} mm page width")
        return self

    @property
    def trim_mm(self) -> tuple[float, float]:
        return parse_page_size(self.size)


class Answers(Strict):
    """Where answers print: the one policy every stage asks, rather than comparing placements."""

    placement: Literal["end", "section", "separate", "previous", "none"] = "end"
    per_page: int | None = Field(default=None, ge=1, le=24)  # None: as many as print at half size or more, up to 12
    interval_days: int = Field(default=7, ge=1, le=366)  # how far back 'previous' looks

    @model_validator(mode="before")
    @classmethod
    def _placement_only(cls, value: Any) -> Any:
        return {"placement": value} if isinstance(value, str) else value

    @property
    def in_booklet(self) -> bool:
        """Answer pages inside booklet.pdf (after each section, at the end, or last issue's)."""
        return self.placement in ("end", "section", "previous")

    @property
    def after_each_section(self) -> bool:
        return self.placement == "section"

    @property
    def at_end(self) -> bool:
        return self.placement == "end"

    @property
    def separate_file(self) -> bool:
        """Answers in answers.pdf, whose page references point into booklet.pdf."""
        return self.placement == "separate"

    @property
    def from_previous_issue(self) -> bool:
        """This issue prints the previous issue's answers, so that issue's puzzles are made too."""
        return self.placement == "previous"


class FrontMatter(Strict):
    title_page: bool = True
    contents: bool = True
    how_to_play: bool = True


