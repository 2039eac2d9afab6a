"""The page side of the job spec: trim sizes, lengths, margins, answers and front matter.

Apart from the job schema (spec.py) so that page planning (render/) can read its settings
without importing the puzzle types that the job schema validates sections against.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from pipeline.units import MM_PER_IN, MM_PER_PT

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
_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_IN, "pt": MM_PER_PT}


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


# ---- print services ----------------------------------------------------------------------------
#
# What each service asks of an interior file and a paperback cover. Sources, as read for issue 12:
# KDP: "Set Trim Size, Bleed, and Margins" (kdp.amazon.com/help?topicId=GVBQ3CMEQW3W2VL6) and the
#   KDP Print Publishing Guidelines: bleed 0.125 in on top, bottom and the outside edge only (trim
#   + 0.125 in wide, + 0.25 in high); margins 0.25 in (0.375 in with bleed); the gutter table
#   below; 24 to 828 pages; no crop marks; lines of at least 0.75 pt, grey fills of at least 10 %,
#   text of at least 7 pt; spine 0.002252 in a page on white paper, 0.0025 on cream; spine text
#   only on books of more than 79 pages.
# IngramSpark: help.ingramspark.com "Manufacturing and File Setup Tips" and its File Creation
#   Guide: interior content at least 0.5 in from the trim, fonts embedded, no crop marks,
#   PDF/X-1a:2001 the default it asks for. Not found in the stored pages, so taken as KDP's
#   (unverified): bleed on the three outside edges, the gutter table, the spine a page, the
#   18-page least and the even page count.
# Lulu: help.lulu.com "How do I make my content cover the whole page" and "Tips for formatting":
#   bleed 0.125 in on every side (6.25 x 9.25 in for 6 x 9), a safety margin of 0.5 in, a gutter
#   of 0.2 to 0.3 in, no crop marks; paperbacks of at least 32 pages (its spine calculator).
#   Its spine formula, pages / 444 + 0.06 in, is from memory of that calculator (unverified).
# offset: the trade's usual file for a commercial printer: 0.125 in bleed on every side, crop
#   marks, page counts in whole 4-page folds, PDF/X-4.
# home: what this tool did before profiles: no service's limits.
# Page counts: every service but home prints whole leaves (an even count; KDP adds a blank page to an
#   odd one itself, so we pad first and say so), offset whole 4-page folds or the signature given.
# Spine text from 80 pages is KDP's rule; the others are given the same (their figure not found).


BleedEdge = Literal["top", "bottom", "outside", "inside"]
ALL_EDGES: tuple[BleedEdge, ...] = ("top", "bottom", "outside", "inside")
NOT_BOUND: tuple[BleedEdge, ...] = ("top", "bottom", "outside")

# (most pages, gutter in inches): the print-on-demand table KDP publishes.
POD_GUTTERS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (828, 0.875))


@dataclass(frozen=True)
class PrintProfile:
    name: str
    service: str  # as a reader would name it
    trims: tuple[str, ...]  # preset names offered; () offers any
    custom_trim_in: tuple[float, float, float, float] | None  # least width, most width, least height, most height
    bleed_edges: tuple[BleedEdge, ...]
    crop_marks: bool  # the default, and whether the service accepts them
    gutters: tuple[tuple[int, float], ...]
    min_pages: int
    max_pages: int
    page_multiple: int
    pdf_variant: str | None  # the PDF/X standard asked for (pipeline/render/pdfx.py's VARIANTS)
    min_margin_in: float  # top, bottom and outside, from the trim
    min_margin_bleed_in: float
    min_line_pt: float  # 0: no floor beyond legibility
    min_grey: float  # the lightest grey fill a page may carry (0..1 of black)
    min_text_pt: float
    spine_in_per_page: dict[str, float]  # paper -> inches a page
    spine_extra_in: float  # the cover's own thickness, added once
    spine_text_min_pages: int  # spine text only on books of more pages than this
    barcode_in: tuple[float, float]  # keep-clear box on the back cover, width x height


PRINT_PROFILES: dict[str, PrintProfile] = {
    "home": PrintProfile(
        "home", "a home or office printer", (), None, ALL_EDGES, False, POD_GUTTERS, 1, 828, 1, None,
        0.25, 0.375, 0.0, 0.0, 7.0, {"white": 0.002252, "cream": 0.0025}, 0.0, 79, (2.0, 1.2),
    ),
    "kdp": PrintProfile(
        "kdp", "Amazon KDP", ("5x8in", "5.5x8.5in", "6x9in", "7x10in", "8x10in", "8.5x11in", "A5", "A4"), (4.0, 8.5, 6.0, 11.69),
        NOT_BOUND, False, POD_GUTTERS, 24, 828, 2, None,
        0.25, 0.375, 0.75, 0.10, 7.0, {"white": 0.002252, "cream": 0.0025}, 0.0, 79, (2.0, 1.2),
    ),
    "ingramspark": PrintProfile(
        "ingramspark", "IngramSpark", ("5x8in", "5.5x8.5in", "6x9in", "7x10in", "8x10in", "8.5x11in", "A5", "A4"),
        (4.0, 8.5, 5.0, 11.69), NOT_BOUND, False, POD_GUTTERS, 18, 1200, 2, "pdf/x-1a:2001",
        0.5, 0.5, 0.0, 0.0, 7.0, {"white": 0.002252, "cream": 0.0025}, 0.0, 79, (2.0, 1.2),
    ),
    "lulu": PrintProfile(
        "lulu", "Lulu", ("5.5x8.5in", "6x9in", "7x10in", "8.5x11in", "A5", "A4"), None,
        ALL_EDGES, False, ((800, 0.3),), 32, 800, 2, None,
        0.5, 0.5, 0.0, 0.0, 7.0, {"white": 1 / 444, "cream": 1 / 444}, 0.06, 79, (2.0, 1.2),
    ),
    "offset": PrintProfile(
        "offset", "an offset printer", (), None, ALL_EDGES, True, POD_GUTTERS, 4, 1200, 4, "pdf/x-4",
        0.25, 0.375, 0.0, 0.0, 6.0, {"white": 0.0025, "cream": 0.0028}, 0.0, 79, (2.0, 1.2),
    ),
}


ServiceName = Literal["home", "kdp", "ingramspark", "lulu", "offset"]

# The print check's rules by the names a spec accepts them by (print.accept) and preflight.json
# lists them under; stages/printcheck.py measures each.
RULE_CODES: dict[str, str] = {
    "trim": "the trim size",
    "page-size": "the page (media) size",
    "bleed": "the bleed on each edge",
    "margins": "the margins from the trim",
    "gutter": "the gutter for the page count",
    "page-count": "the service's least and most pages",
    "crop-marks": "crop marks as the service wants them",
    "line-width": "the thinnest printed line",
    "text-size": "the smallest printed text",
    "fonts": "every font embedded",
    "colour": "black, white and greys only",
    "pdf-variant": "the PDF/X standard the service asks for",
    "cover-size": "the cover's width for the final page count",
    "cover-image": "the front image's resolution at print size",
}


def _rule_code(value: Any) -> Any:
    if isinstance(value, str) and value not in RULE_CODES:
        close = difflib.get_close_matches(value, list(RULE_CODES), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise ValueError(f"'{value}' is not a rule of the print check (rules: {', '.join(RULE_CODES)}){hint}")
    return value


class PrintChoice(Strict):
    """`print:` the service's name, or {service, accept, signature}: the rules the publisher
    knowingly accepts failing (the build then exits 0 and says so), and for offset the pages a
    folded signature holds (the page count is padded to a whole number of them)."""

    service: ServiceName = "home"
    accept: list[Annotated[str, BeforeValidator(_rule_code)]] = []
    signature: int | None = Field(default=None, ge=4, le=64, multiple_of=4)

    @model_validator(mode="before")
    @classmethod
    def _service_only(cls, value: Any) -> Any:
        return {"service": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _signature_for_offset(self) -> "PrintChoice":
        if self.signature is not None and self.service != "offset":
            raise ValueError(f"signature: {PRINT_PROFILES[self.service].service} prints its own page counts; a signature is for offset")
        return self

    @property
    def profile(self) -> PrintProfile:
        return PRINT_PROFILES[self.service]

    @property
    def page_multiple(self) -> int:
        """The page count is padded with blank pages to a multiple of this."""
        return self.signature or self.profile.page_multiple


LinkStyle = Literal["none", "qr", "text"]
MAX_ISSUE_PAGE_CHARS = 300  # a longer address makes a denser code than a 15 mm symbol prints crisply


def _web_address(value: Any, what: str, example: str, most: int) -> Any:
    """A web address a phone can open from a QR code: http(s), printable ASCII, no spaces, at
    most `most` characters."""
    if value is None:
        return value
    if not isinstance(value, str) or not re.fullmatch(r"https?://[!-~]+", value):
        raise ValueError(f"{value!r} is not a web address; write {what} in full, such as '{example}'")
    if len(value) > most:
        raise ValueError(f"the address is {len(value)} characters; at most {most} print as a legible code")
    return value


def _issue_page(value: Any) -> Any:
    return _web_address(value, "it", "https://example.org/weekly/2026-11-30", MAX_ISSUE_PAGE_CHARS)


MAX_BASE_CHARS = 150  # with a dated folder and the longest id, a page address stays under 220


def _base(value: Any) -> Any:
    """The web edition's address (a folder), ending in / (added when missing)."""
    value = _web_address(value, "the web edition's folder", "https://example.org/puzzles/", MAX_BASE_CHARS)
    return value if value is None or value.endswith("/") else value + "/"


class Links(Strict):
    """Where readers find the puzzles online: each puzzle's link beside its label (`puzzles`:
    none, qr or text), to puzz.link or, with `base`, to its page of the web edition hosted there
    (`puzzlepress export --format web`; see pipeline/share/web.py); and one code for the whole
    issue (`issue_page`, a web page listing the links)."""

    puzzles: LinkStyle = "none"
    issue_page: Annotated[str | None, BeforeValidator(_issue_page)] = None
    base: Annotated[str | None, BeforeValidator(_base)] = None

    @model_validator(mode="before")
    @classmethod
    def _style_only(cls, value: Any) -> Any:
        """`links: qr` is the style alone; `links: {base: ...}` alone prints QR codes."""
        if isinstance(value, str):
            return {"puzzles": value}
        if isinstance(value, dict) and "base" in value and "puzzles" not in value:
            return {**value, "puzzles": "qr"}
        return value


def _price_addon(value: Any) -> Any:
    if value is not None and not (isinstance(value, str) and re.fullmatch(r"\d{5}", value)):
        raise ValueError(f"{value!r} is not a 5-digit price add-on; write it as text, such as '51999' (US$19.99) or '90000' (no price)")
    return value


def _cover_only(value: Any) -> Any:
    """`cover: true` is a cover with the defaults; `cover: false` none."""
    if value is True:
        return {}
    return None if value is False else value


class CoverSpec(Strict):
    """cover.pdf's content: a front image placed to the bleed (PNG, JPEG or SVG, read like a
    picture file; a raster must print at 300 dpi or more unless print.accept names
    cover-image), text for the front and the back, and the back's barcode: `auto` draws the
    ISBN's EAN-13 where the service does not print its own and leaves KDP's box blank, `true`
    draws it anyway, `false` leaves no box. `answers: true` puts a picture of some answers on
    the front (off by default: a cover gives nothing away)."""

    front_image: str | None = None
    front_text: str | None = None
    back_text: str | None = None
    barcode: Literal["auto"] | bool = "auto"
    price: Annotated[str | None, BeforeValidator(_price_addon)] = None  # the EAN-5 add-on printed beside it
    answers: bool = False

    def draws_barcode(self, service: str, isbn: str | None) -> bool:
        """The cover carries the ISBN's barcode (else a blank box, or no box at all)."""
        return isbn is not None and (self.barcode is True or (self.barcode == "auto" and service not in PRINTS_OWN_BARCODE))


# Services that print the barcode themselves in the keep-clear box a cover leaves blank.
PRINTS_OWN_BARCODE = {"kdp"}
BARCODE_EXTRA = "cover"


class FrontMatter(Strict):
    title_page: bool = True
    copyright_page: bool = True  # after the title page: imprint, edition, ISBN, how to rebuild every puzzle
    contents: bool = True
    how_to_play: bool = True


