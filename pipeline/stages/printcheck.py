"""preflight.json: every rule of the job's print service, checked on the PDF as written.

The page plan (pageplan.py) is checked before generation, on sizes alone; this check runs
after layout and measures what a print service's own preflight would: the PDF's boxes, margins,
the gutter for the final page count, the thinnest line and smallest text as printed, the fonts
embedded and every colour the pages set (scanned on the booklet's content streams as its parts
were painted: render/inks.py). Each check carries the rule, the measured value and
whether it holds; the screen gets one line per failure and a count.
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:  # read only after a layout: an unchanged build prints its summary without it (0.15 s)
    from pypdf import PdfReader

from pipeline.files import write_atomic
from pipeline.pages import PAGE_PRESETS, PrintProfile
from pipeline.render.cover import CoverBox
from pipeline.render.inks import Colour
from pipeline.render.pdfx import VARIANTS
from pipeline.render.geometry import MIN_LINE_PT, PageBox, Unfit, auto_gutter_mm
from pipeline.render.strokes import Measured
from pipeline.spec import JobSpec
from pipeline.units import MM_PER_IN, PT_PER_IN, PT_PER_MM

PREFLIGHT = "preflight.json"
@dataclass(frozen=True)
class PrintRule:
    name: str
    rule: str
    measured: Any
    ok: bool
    code: str = ""  # its name in print.accept (pages.RULE_CODES)
    fix: str = ""  # what to change when it fails


# What to change when a rule fails, by its code.
FIXES = {
    "trim": "set page.size to a trim the service offers",
    "page-size": "lay the book out again; the media size follows the trim and the bleed",
    "bleed": "set page.bleed: true (or false) as the service asks",
    "margins": "widen page.margins",
    "gutter": "set page.gutter: auto, or to at least the table's width",
    "page-count": "add or remove puzzles (sections' count or per_page) to reach the service's range",
    "crop-marks": "set page.crop_marks as the service asks",
    "line-width": "print the figures larger (a section's cell or scale)",
    "text-size": "print the figures larger, or turn page.large_print on",
    "fonts": "use fonts: full",
    "colour": "print in black, white and greys only",
    "pdf-variant": "lay the book out again with this version; report a bug if it still fails",
    "cover-size": "lay the book out again; the cover follows the booklet's final page count",
    "cover-image": "give a front image with more pixels (300 dpi at the size it prints)",
}


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
    yield PrintRule("trim", rule, f"{_inches(width)} × {_inches(height)}", ok, "trim")
    media = {(round(float(p.mediabox.width) / PT_PER_IN, 3), round(float(p.mediabox.height) / PT_PER_IN, 3)) for p in reader.pages}
    yield PrintRule("page size (media)", "trim plus the bleed on the edges that have it", sorted(f"{w:g} × {h:g} in" for w, h in media), True, "page-size")


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
    return PrintRule("bleed per edge", f"0.125 in on {where}", found[0] if ok else [f for f in found if f != want][0], ok, "bleed")


def _margin_checks(box: PageBox, profile: PrintProfile, pages: int) -> Iterator[PrintRule]:
    least = (profile.min_margin_bleed_in if box.bleed else profile.min_margin_in) * MM_PER_IN
    measured = {"top": box.top, "bottom": box.bottom, "outside": box.outside, "inside (with gutter)": box.inside}
    yield PrintRule(
        "margins", f"top, bottom and outside at least {_inches(least)} from the trim",
        {k: _inches(v) for k, v in measured.items()}, min(box.top, box.bottom, box.outside) >= least - 1e-6, "margins",
    )
    try:
        table = auto_gutter_mm(pages, profile.gutters)
        yield PrintRule("gutter for the page count", f"at least {_inches(table)} for {pages} pages", _inches(box.gutter), box.gutter >= table - 1e-6 or box.gutter == 0.0 and not box.facing, "gutter")
    except Unfit as exc:
        yield PrintRule("gutter for the page count", str(exc), _inches(box.gutter), False, "gutter")


def _page_count_check(pages: int, job: JobSpec, blank_pages: int) -> PrintRule:
    """The pages as written, blank pages at the end included; a newsletter is one sheet."""
    profile, multiple = job.profile, job.print.page_multiple
    if job.format == "newsletter":
        return PrintRule("page count", "one sheet: 1 or 2 pages", f"{pages} pages", 1 <= pages <= 2, "page-count")
    what = f"signatures of {multiple}" if job.print.signature else f"a multiple of {multiple}"
    rule = f"{profile.min_pages} to {profile.max_pages} pages" + (f", {what}" if multiple > 1 else "")
    ok = profile.min_pages <= pages <= profile.max_pages and pages % multiple == 0
    shown = f"{pages} pages ({blank_pages} blank at the end)" if blank_pages else f"{pages} pages"
    return PrintRule("page count", rule, shown, ok, "page-count")


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


def _colour_check(colours: set[Colour], measured: Measured, profile: PrintProfile) -> PrintRule:
    neutral = all(r == g == b for r, g, b in colours)
    greys = sorted(1 - r for r, _, _ in colours if 0 < r < 1)
    figure_colours = set(measured.colours) <= {"#000000", "#ffffff"}
    ok = neutral and figure_colours and all(g >= profile.min_grey for g in greys)
    rule = "black, white and greys only" + (f"; greys at least {profile.min_grey:.0%}" if profile.min_grey else "")
    shown = {"page colours": sorted(f"{'grey' if r == g == b else 'colour'} {r:g} {g:g} {b:g}" for r, g, b in colours),
             "greys (ink share)": [f"{g:.0%}" for g in greys], "figure colours": list(measured.colours)}
    return PrintRule("colour space and greys", rule, shown, ok, "colour")


def _variant_check(pdf_bytes: bytes, reader: PdfReader, profile: PrintProfile) -> PrintRule:
    """A plain PDF where the service takes one; else the PDF/X standard it asks for, item by
    item from the file's bytes (pdfxcheck.py)."""
    info = reader.metadata or {}
    marked = str(info.get("/GTS_PDFXVersion", ""))
    if not profile.pdf_variant:
        return PrintRule("PDF variant", "plain PDF", marked or "plain PDF", not marked, "pdf-variant")
    from pipeline.stages import pdfxcheck  # pypdf: only when a layout is checked, never for an unchanged build's summary

    variant = VARIANTS[profile.pdf_variant]
    found = pdfxcheck.problems(pdf_bytes, variant)
    measured = {item: "holds" if not broken else "; ".join(broken[:3]) + (f" (and {len(broken) - 3} more)" if len(broken) > 3 else "")
                for item, broken in found.items()}
    return PrintRule("PDF variant", f"{variant.name}: {', '.join(found)}", measured, not any(found.values()), "pdf-variant")


def checks(
    job: JobSpec, pdf_bytes: bytes, smallest_text_pt: float, page_colours: set[Colour], box: PageBox, measured: Measured, blank_pages: int = 0
) -> list[PrintRule]:
    """The print service's rules checked on the written booklet; `smallest_text_pt` is the
    smallest text WeasyPrint set on its pages (pdf.smallest_text_pt), `page_colours` every colour
    its pages' content streams set (inks.stream_colours, scanned as the parts were painted),
    `blank_pages` how many blank pages the layout added at the end."""
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
        _page_count_check(pages, job, blank_pages),
        PrintRule("crop marks", "crop marks" if profile.crop_marks else "no crop marks", "on" if box.crop_marks else "off", box.crop_marks == profile.crop_marks, "crop-marks"),
        PrintRule("thinnest line after scaling", f"at least {least_line:g} pt", f"{measured.thinnest_line_pt:.3f} pt", measured.thinnest_line_pt >= least_line - 1e-3, "line-width"),
        PrintRule("smallest text", f"at least {profile.min_text_pt:g} pt", f"{text:.2f} pt", text >= profile.min_text_pt - 1e-3, "text-size"),
        PrintRule("fonts embedded", "every font embedded", {"embedded": embedded, "not embedded": missing}, not missing, "fonts"),
        _colour_check(page_colours, measured, profile),
        _variant_check(pdf_bytes, reader, profile),
    ]
    return found


def cover_variant_check(pdf_bytes: bytes, profile: PrintProfile) -> PrintRule:
    from pypdf import PdfReader

    rule = _variant_check(pdf_bytes, PdfReader(io.BytesIO(pdf_bytes)), profile)
    return PrintRule("cover PDF variant", rule.rule, rule.measured, rule.ok, rule.code)


def front_image_check(front: Any, dpi: float | None) -> PrintRule:
    """The front image's resolution as it prints, filling the front panel to the bleed."""
    from pipeline.stages.frontimage import LEAST_DPI

    if dpi is None:
        return PrintRule("cover front image", f"at least {LEAST_DPI:g} dpi at print size", f"{front.kind.upper()} drawing: sharp at any size", True, "cover-image")
    pixels = f"{front.pixels[0]}×{front.pixels[1]} px"
    return PrintRule("cover front image", f"at least {LEAST_DPI:g} dpi at print size", f"{dpi:g} dpi ({pixels})", dpi >= LEAST_DPI, "cover-image")


def cover_check(pdf_bytes: bytes, cover: CoverBox, profile: PrintProfile, paper: str, barcode: str = "none") -> PrintRule:
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
        "with bleed": f"{media[0]:.4f} × {media[1]:.4f} in", "spine text": cover.spine_text, "barcode": barcode,
    }
    ok = abs(width - cover.width) < 0.05 and abs(height - cover.height) < 0.05
    return PrintRule("cover", rule, measured, ok, "cover-size")


def has_rules(job: JobSpec) -> bool:
    """Home printing has no service to refuse the files: its checks are measurements only."""
    return job.print.service != "home"


def write_report(outdir: Path, job: JobSpec, found: list[PrintRule], pages: int = 0, blank_pages: int = 0) -> Path:
    """preflight.json: every check with its code and whether the spec accepts it failing, and
    whether the files are ready to upload (every rule holds or is accepted)."""
    path = outdir / PREFLIGHT
    accepted = set(job.print.accept)
    failing = [c.code for c in found if not c.ok and c.code not in accepted]
    report = {
        "print": job.print.service, "service": job.profile.service, "rules": has_rules(job),
        "accept": sorted(accepted), "ok": all(c.ok for c in found),
        "upload_ready": has_rules(job) and not failing, "failing": failing if has_rules(job) else [],
        "pages": pages, "blank_pages": blank_pages, "page_multiple": job.print.page_multiple,
        "checks": [{**asdict(c), "accepted": c.code in accepted} for c in found],
    }
    write_atomic(path, (json.dumps(report, indent=2, ensure_ascii=False) + "\n").encode())
    return path


@dataclass(frozen=True)
class Verdict:
    lines: list[str]  # for the screen
    refused: bool  # a rule of the service fails and is not accepted: the command exits 1


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_shown(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value) or "none"
    return str(value)


def verdict(outdir: Path) -> Verdict:
    """What preflight.json says, as the screen shows it: a count, the blank pages added, each
    failing rule on one line (measured, wanted, what to change), each accepted one."""
    from pydantic import ValidationError

    from pipeline import safeio, schemas

    if not os.path.lexists(outdir / PREFLIGHT):
        return Verdict([], False)  # a newsletter has none
    try:
        report = safeio.load_json(outdir / PREFLIGHT, safeio.STAMP_BYTES)
        schemas.PreflightReport.model_validate(report)
    except (safeio.Unsafe, ValidationError):
        return Verdict([f"preflight: {PREFLIGHT} cannot be read; lay the book out again with `puzzlepress layout` to remake it"], True)
    checks = report["checks"]
    failed = [c for c in checks if not c["ok"]]
    held = f"{len(checks) - len(failed)} of {len(checks)} checks hold ({PREFLIGHT})"
    if not report["rules"]:
        return Verdict([f"preflight: home printing has no print service's rules; {held}, measured for reference"], False)
    lines = [f"preflight for {report['service']}: {held}"]
    if report.get("blank_pages"):
        lines.append(f"  {report['blank_pages']} blank pages added at the end: {report['pages']} pages, a multiple of {report['page_multiple']} for {report['service']}")
    refused = [c for c in failed if not c["accepted"]]
    for c in failed:
        if c["accepted"]:
            lines.append(f"  ACCEPTED {c['code']}: {c['name']} measured {_shown(c['measured'])}; {report['service']} wants {c['rule']} (print.accept)")
    for c in refused:
        lines.append(
            f"  FAILS {c['code']}: {c['name']} measured {_shown(c['measured'])}; {report['service']} wants {c['rule']}; "
            f"{FIXES.get(c['code'], 'see ' + PREFLIGHT)}, or accept it: print: {{service: {report['print']}, accept: [{c['code']}]}}"
        )
    lines.append(
        f"NOT upload-ready for {report['service']}: {len(refused)} rule{'s' if len(refused) != 1 else ''} not met" if refused
        else f"upload-ready for {report['service']}" + (f" (accepted: {', '.join(report['accept'])})" if report["accept"] else "")
    )
    return Verdict(lines, bool(refused))
