"""preflight.json: every rule of the job's print service, checked on the PDF as written.

The page plan (pageplan.py) is checked before generation, on sizes alone; this check runs
after layout and measures what a print service's own preflight would: the PDF's boxes, margins,
the gutter for the final page count, the thinnest line and smallest text as printed, the fonts
embedded and every colour the pages set. Each check carries the rule, the measured value and
whether it holds; the screen gets one line per failure and a count.
"""

from __future__ import annotations

import io
import json
import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:  # read only after a layout: an unchanged build prints its summary without it (0.15 s)
    from pypdf import PdfReader

from pipeline.files import write_atomic
from pipeline.pages import PAGE_PRESETS, PrintProfile
from pipeline.render.cover import CoverBox
from pipeline.render.geometry import MIN_LINE_PT, PageBox, Unfit, auto_gutter_mm
from pipeline.render.strokes import Measured
from pipeline.spec import JobSpec
from pipeline.units import MM_PER_IN, PT_PER_IN, PT_PER_MM

PREFLIGHT = "preflight.json"
# Colour operators in a content stream: "r g b rg" / "RG" and "v g" / "G" (WeasyPrint writes these).
_RGB = re.compile(rb"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b")
_GREY = re.compile(rb"(?<![\d.])([\d.]+) (?:g|G)\b")


@dataclass(frozen=True)
class PrintRule:
    name: str
    rule: str
    measured: Any
    ok: bool


def _inches(mm: float) -> str:
    return f"{mm / MM_PER_IN:.3f} in"


def _edges(page: Any, number: int, box: PageBox) -> dict[str, float]:
    """Bleed beyond the trim on each edge of one page, in inches, named as bound or not."""
    trim = [float(v) for v in page.trimbox]
    bleed = [float(v) for v in page.bleedbox]
    left, right = ("inside", "outside") if box.inside_is_left(number) else ("outside", "inside")
    raw = {left: trim[0] - bleed[0], "bottom": trim[1] - bleed[1], right: bleed[2] - trim[2], "top": bleed[3] - trim[3]}
    return {edge: round(raw[edge] / PT_PER_IN, 3) for edge in ("top", "bottom", "outside", "inside")}


def _trim_check(reader: PdfReader, profile: PrintProfile) -> Iterator[PrintRule]:
    sizes = {(round(float(p.trimbox.width) / PT_PER_MM, 1), round(float(p.trimbox.height) / PT_PER_MM, 1)) for p in reader.pages}
    offered = {(round(w, 1), round(h, 1)) for w, h in (PAGE_PRESETS[t] for t in profile.trims)}
    width, height = next(iter(sizes))
    ok = len(sizes) == 1 and (not profile.trims or (width, height) in offered or _custom_ok(profile, width, height))
    rule = f"one trim on every page{'; offered: ' + ', '.join(profile.trims) if profile.trims else ''}"
    yield PrintRule("trim", rule, f"{_inches(width)} × {_inches(height)}", ok)
    media = {(round(float(p.mediabox.width) / PT_PER_IN, 3), round(float(p.mediabox.height) / PT_PER_IN, 3)) for p in reader.pages}
    yield PrintRule("page size (media)", "trim plus the bleed on the edges that have it", sorted(f"{w:g} × {h:g} in" for w, h in media), True)


def _custom_ok(profile: PrintProfile, width_mm: float, height_mm: float) -> bool:
    if profile.custom_trim_in is None:
        return False
    lw, mw, lh, mh = profile.custom_trim_in
    return lw <= width_mm / MM_PER_IN + 1e-3 and width_mm / MM_PER_IN <= mw + 1e-3 and lh <= height_mm / MM_PER_IN + 1e-3 and height_mm / MM_PER_IN <= mh + 1e-3


def _bleed_check(reader: PdfReader, box: PageBox, profile: PrintProfile) -> PrintRule:
    want = {edge: round(box.bleed_on(edge) / MM_PER_IN, 3) for edge in ("top", "bottom", "outside", "inside")}
    found = [_edges(page, number, box) for number, page in enumerate(reader.pages, start=1)]
    ok = all(edges == want for edges in found)
    where = ", ".join(profile.bleed_edges) if box.bleed else "no edge (page.bleed is off)"
    return PrintRule("bleed per edge", f"0.125 in on {where}", found[0] if ok else [f for f in found if f != want][0], ok)


def _margin_checks(box: PageBox, profile: PrintProfile, pages: int) -> Iterator[PrintRule]:
    least = (profile.min_margin_bleed_in if box.bleed else profile.min_margin_in) * MM_PER_IN
    measured = {"top": box.top, "bottom": box.bottom, "outside": box.outside, "inside (with gutter)": box.inside}
    yield PrintRule(
        "margins", f"top, bottom and outside at least {_inches(least)} from the trim",
        {k: _inches(v) for k, v in measured.items()}, min(box.top, box.bottom, box.outside) >= least - 1e-6,
    )
    try:
        table = auto_gutter_mm(pages, profile.gutters)
        yield PrintRule("gutter for the page count", f"at least {_inches(table)} for {pages} pages", _inches(box.gutter), box.gutter >= table - 1e-6 or box.gutter == 0.0 and not box.facing)
    except Unfit as exc:
        yield PrintRule("gutter for the page count", str(exc), _inches(box.gutter), False)


def _page_count_check(pages: int, profile: PrintProfile) -> PrintRule:
    rule = f"{profile.min_pages} to {profile.max_pages} pages" + (f", a multiple of {profile.page_multiple}" if profile.page_multiple > 1 else "")
    ok = profile.min_pages <= pages <= profile.max_pages and pages % profile.page_multiple == 0
    return PrintRule("page count", rule, pages, ok)


def _fonts(reader: PdfReader) -> tuple[list[str], list[str]]:
    embedded, missing = set(), set()
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            descriptors = [font] + [d.get_object() for d in font.get("/DescendantFonts", [])]
            descriptor = next((d["/FontDescriptor"].get_object() for d in descriptors if "/FontDescriptor" in d), {})
            name = str(font.get("/BaseFont", "?"))
            (embedded if any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")) else missing).add(name)
    return sorted(embedded), sorted(missing)


def _colours(reader: PdfReader) -> set[tuple[float, float, float]]:
    found: set[tuple[float, float, float]] = set()
    for page in reader.pages:
        contents = page.get_contents()
        data = contents.get_data() if contents is not None else b""
        found.update(tuple(round(float(v), 3) for v in m.groups()) for m in _RGB.finditer(data))  # type: ignore[misc]
        found.update((round(float(m.group(1)), 3),) * 3 for m in _GREY.finditer(data))
    return found


def _colour_check(reader: PdfReader, measured: Measured, profile: PrintProfile) -> PrintRule:
    colours = _colours(reader)
    neutral = all(r == g == b for r, g, b in colours)
    greys = sorted(1 - r for r, _, _ in colours if 0 < r < 1)
    figure_colours = set(measured.colours) <= {"#000000", "#ffffff"}
    ok = neutral and figure_colours and all(g >= profile.min_grey for g in greys)
    rule = "black, white and greys only" + (f"; greys at least {profile.min_grey:.0%}" if profile.min_grey else "")
    shown = {"page colours": sorted(f"{'grey' if r == g == b else 'colour'} {r:g} {g:g} {b:g}" for r, g, b in colours),
             "greys (ink share)": [f"{g:.0%}" for g in greys], "figure colours": list(measured.colours)}
    return PrintRule("colour space and greys", rule, shown, ok)


def _variant_check(reader: PdfReader, profile: PrintProfile) -> PrintRule:
    """PDF/X is more than its marker: it needs a file identifier and an output intent (the
    printing condition's ICC profile), which WeasyPrint writes only when given a CMYK profile."""
    info = reader.metadata or {}
    xmp = reader.xmp_metadata
    marked = str(info.get("/GTS_PDFXVersion", "")) or ("PDF/X-4" if xmp is not None and b"PDF/X-4" in xmp.stream.get_data() else "")
    if not profile.pdf_variant:
        return PrintRule("PDF variant", "plain PDF", marked or "plain PDF", not marked)
    want = profile.pdf_variant.upper()
    found = {
        "marked": marked or "no", "file identifier": "/ID" in reader.trailer,
        "output intent": "/OutputIntents" in reader.trailer["/Root"],
    }
    ok = marked.upper().startswith(want) and found["file identifier"] and found["output intent"]
    return PrintRule("PDF variant", f"{want}: marker, file identifier and output intent", found, bool(ok))


def checks(job: JobSpec, pdf_bytes: bytes, smallest_text_pt: float, box: PageBox, measured: Measured) -> list[PrintRule]:
    """The print service's rules checked on the written booklet; `smallest_text_pt` is the
    smallest text WeasyPrint set on its pages (pdf.smallest_text_pt)."""
    from pypdf import PdfReader

    profile = job.profile
    reader = PdfReader(io.BytesIO(pdf_bytes))
    pages = len(reader.pages)
    least_line = max(profile.min_line_pt, MIN_LINE_PT)
    text = min(t for t in (smallest_text_pt, measured.smallest_text_pt) if t > 0)
    embedded, missing = _fonts(reader)
    found = [
        *_trim_check(reader, profile),
        _bleed_check(reader, box, profile),
        *_margin_checks(box, profile, pages),
        _page_count_check(pages, profile),
        PrintRule("crop marks", "crop marks" if profile.crop_marks else "no crop marks", "on" if box.crop_marks else "off", box.crop_marks == profile.crop_marks),
        PrintRule("thinnest line after scaling", f"at least {least_line:g} pt", f"{measured.thinnest_line_pt:.3f} pt", measured.thinnest_line_pt >= least_line - 1e-3),
        PrintRule("smallest text", f"at least {profile.min_text_pt:g} pt", f"{text:.2f} pt", text >= profile.min_text_pt - 1e-3),
        PrintRule("fonts embedded", "every font embedded", {"embedded": embedded, "not embedded": missing}, not missing),
        _colour_check(reader, measured, profile),
        _variant_check(reader, profile),
    ]
    return found


def cover_check(pdf_bytes: bytes, cover: CoverBox, profile: PrintProfile, paper: str) -> PrintRule:
    """The cover's trimmed size against two trims plus the spine for the final page count."""
    from pypdf import PdfReader

    page = PdfReader(io.BytesIO(pdf_bytes)).pages[0]
    width, height = float(page.trimbox.width) / PT_PER_MM, float(page.trimbox.height) / PT_PER_MM
    media = (float(page.mediabox.width) / PT_PER_IN, float(page.mediabox.height) / PT_PER_IN)
    spine = cover.spine / MM_PER_IN
    extra = f" + {profile.spine_extra_in:g} in" if profile.spine_extra_in else ""
    rule = (
        f"width 2 × trim + spine, spine {cover.pages} pages × {profile.spine_in_per_page[paper]:g} in ({paper}){extra}; "
        f"bleed 0.125 in all round; spine text from {profile.spine_text_min_pages + 1} pages"
    )
    measured = {
        "pages": cover.pages, "spine": f"{spine:.4f} in", "trimmed": f"{width / MM_PER_IN:.4f} × {height / MM_PER_IN:.4f} in",
        "with bleed": f"{media[0]:.4f} × {media[1]:.4f} in", "spine text": cover.spine_text,
    }
    ok = abs(width - cover.width) < 0.05 and abs(height - cover.height) < 0.05
    return PrintRule("cover", rule, measured, ok)


def write_report(outdir: Path, job: JobSpec, found: list[PrintRule]) -> Path:
    path = outdir / PREFLIGHT
    report = {"print": job.print, "service": job.profile.service, "ok": all(c.ok for c in found), "checks": [asdict(c) for c in found]}
    write_atomic(path, (json.dumps(report, indent=2, ensure_ascii=False) + "\n").encode())
    return path


def summary(outdir: Path) -> list[str]:
    """The screen's lines: a count, then each failed check with its rule and measured value."""
    from pydantic import ValidationError

    from pipeline import safeio, schemas

    if not os.path.lexists(outdir / PREFLIGHT):
        return []  # a newsletter has none
    try:
        report = safeio.load_json(outdir / PREFLIGHT, safeio.STAMP_BYTES)
        schemas.PreflightReport.model_validate(report)
    except (safeio.Unsafe, ValidationError):
        return [f"preflight: {PREFLIGHT} cannot be read; lay the book out again with `puzzlepress layout` to remake it"]
    failed = [c for c in report["checks"] if not c["ok"]]
    lines = [f"preflight for {report['service']}: {len(report['checks']) - len(failed)} of {len(report['checks'])} checks hold ({PREFLIGHT})"]
    lines += [f"  FAILS {c['name']}: wants {c['rule']}; measured {c['measured']}" for c in failed]
    return lines
