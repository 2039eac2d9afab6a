"""What prints beside the booklet: the full-wrap paperback cover (cover.pdf) and the booklet
imposed for saddle stitching (booklet-imposed.pdf).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from weasyprint import Document

from pipeline.files import remove, write_atomic
from pipeline.pages import CoverSpec
from pipeline.render import barcode
from pipeline.stages.frontimage import FRONT, FrontImage, write_front
from pipeline.pages import PrintProfile
from pipeline.render import covertext, pdf
from pipeline.render.book import Printed, src_for
from pipeline.render.cover import ARTWORK_GAP_MM, SAFE_MM, SPINE_SAFE_MM, CoverBox, artwork, cover_box
from pipeline.render.geometry import PageBox
from pipeline.render.impose import impose
from pipeline.spec import JobSpec
from pipeline.stages import printcheck
from pipeline.stages.documents import doc_fields, template_source
from pipeline.units import MM_PER_IN, MM_PER_PT

COVER = "cover.pdf"
IMPOSED = "booklet-imposed.pdf"
COVER_TEXT_ROOM_MM = 95.0  # the front's title, subtitle and author above and below the picture


@dataclass(frozen=True)
class BarcodeBox:
    left: float
    top: float
    width: float
    height: float


def barcode_box(c: CoverBox, profile: PrintProfile) -> BarcodeBox:
    """The keep-clear box at the foot of the back panel, on its spine side, inside the safe area."""
    width, height = (v * MM_PER_IN for v in profile.barcode_in)
    return BarcodeBox(c.trim_width - SAFE_MM - width, c.height - SAFE_MM - height, width, height)


def cover_blurb(job: JobSpec, printed: list[Printed]) -> list[str]:
    lines = [f"{len(printed)} logic puzzles, every one with exactly one answer, proved twice."]
    lines += [f"{section.heading}: {section.count} puzzles." for section in job.sections]
    where = {"end": "Answers at the back of the book.", "section": "Answers after each section.", "previous": "Answers to the previous issue inside."}
    if job.answers.placement in where:
        lines.append(where[job.answers.placement])
    return lines


def cover_page_box(c: CoverBox, crop_marks: bool) -> PageBox:
    return PageBox(
        width=c.width, height=c.height, top=0.0, bottom=0.0, outside=0.0, inside=0.0, gutter=0.0,
        bleed=c.bleed, crop_marks=crop_marks, facing=False,
    )


BARCODE_TEXT_MM = 4.0  # the digits under the bars, and the ISBN line above them


@dataclass(frozen=True)
class CoverPlan:
    """What the cover carries beyond its geometry, as the print check reports it."""

    front_image: FrontImage | None
    front_image_dpi: float | None  # at the size it prints, to the bleed
    barcode: str  # "drawn", "blank box (the service prints its own)", "blank box (no ISBN)" or "none"


BARCODE = "cover-barcode.svg"


def _barcode(job: JobSpec, c: CoverBox, outdir: Path) -> tuple[str, dict[str, object] | None]:
    """How the barcode box prints, and the drawn barcode's fields (OUTDIR/cover-barcode.svg)."""
    spec = job.cover or CoverSpec()
    if not spec.draws_barcode(job.print.service, job.isbn):
        remove(outdir / BARCODE)
        if spec.barcode is False:
            return "none", None
        return ("blank box (no ISBN)" if job.isbn is None else f"blank box ({job.profile.service} prints its own)"), None
    room = barcode_box(c, job.profile)
    drawn = barcode.draw(job.isbn, job.cover.price if job.cover else None, room.width, room.height - 2 * BARCODE_TEXT_MM)
    write_atomic(outdir / BARCODE, drawn.svg.encode())
    digits = barcode.isbn_digits(job.isbn)
    return "drawn", {
        "src": BARCODE, "width": drawn.width_mm, "height": drawn.height_mm, "module": drawn.width_mm / drawn.modules,
        "isbn": job.isbn, "main": (digits[0], digits[1:7], digits[7:]), "price": job.cover.price if job.cover else None,
    }


def render_cover(job: JobSpec, outdir: Path, printed: list[Printed], pages: int) -> tuple[Document, CoverBox, PageBox, CoverPlan]:
    """The full-wrap cover for a book of `pages` interior pages."""
    c = cover_box(job.page.trim_mm, pages, job.profile, job.paper)
    box = cover_page_box(c, job.page.crop_marks)
    spec = job.cover or CoverSpec()
    panel_width = c.trim_width - 2 * SAFE_MM
    art_room = c.height - 2 * SAFE_MM - COVER_TEXT_ROOM_MM
    answers = [(src_for(p.answer.path, outdir), p.answer.figure.width_mm, p.answer.figure.height_mm) for p in printed]
    art = artwork(answers if spec.answers else [], panel_width, art_room)
    front = write_front(outdir, spec.front_image, grey=job.profile.pdf_variant is not None) if spec.front_image else None
    if front is None:
        remove(outdir / f"{FRONT}.png")
        remove(outdir / f"{FRONT}.svg")
    front_size = (c.trim_width + c.bleed, c.height + 2 * c.bleed)  # to the bleed on the outside, top and bottom
    barcode_state, drawn = _barcode(job, c, outdir)
    plan = CoverPlan(front, front.dpi(*front_size) if front else None, barcode_state)
    spine_text_height = max(0.0, c.spine - 2 * SPINE_SAFE_MM)
    spine_length = c.height - 2 * SAFE_MM
    thickest_pt = min(14.0, spine_text_height * 0.8 / MM_PER_PT)  # ascent plus descent of DejaVu Sans: 1.16 em
    spine_pt = covertext.spine_pt(job.title, job.author, spine_length, thickest_pt)
    spine_author = job.author if spine_pt >= covertext.SPINE_LEAST_PT else None  # the title alone, rather than too small to read
    context = dict(
        doc=doc_fields(job, job.title), c=c, safe=round(SAFE_MM, 2), media_bleed=box.media_bleed, crop_marks=box.crop_marks,
        spine_text_length=spine_length, spine_text_height=spine_text_height, spine_author=spine_author,
        spine_font_pt=covertext.spine_pt(job.title, spine_author, spine_length, thickest_pt), barcode=barcode_box(c, job.profile),
        text=covertext.cover_text(job.title, job.subtitle, job.author, c.trim_width),
        art=art, art_gap=ARTWORK_GAP_MM,
        art_width=art.cols * art.cell + (art.cols - 1) * ARTWORK_GAP_MM, art_height=art.rows * art.cell + (art.rows - 1) * ARTWORK_GAP_MM,
        blurb=spec.back_text.split("\n\n") if spec.back_text else cover_blurb(job, printed), front_text=spec.front_text,
        front=front, front_size=front_size, barcode_state=barcode_state, drawn=drawn, barcode_text=BARCODE_TEXT_MM,
    )
    return pdf.render(template_source("cover.html.j2", outdir, **context)), c, box, plan



def write_cover(job: JobSpec, outdir: Path, printed: list[Printed], pages: int) -> tuple[Path, list[printcheck.PrintRule]]:
    """OUTDIR/cover.pdf for a booklet of `pages` pages, and its size and front image checked."""
    document, cover, cover_page, plan = render_cover(job, outdir, printed, pages)
    data = pdf.write(document, job.date, cover_page, job.fonts == "full", job.profile.pdf_variant).data
    path = outdir / COVER
    write_atomic(path, data)
    rules = [printcheck.cover_check(data, cover, job.profile, job.paper, plan.barcode)]
    if job.profile.pdf_variant:
        rules.append(printcheck.cover_variant_check(data, job.profile))
    if plan.front_image is not None:
        rules.append(printcheck.front_image_check(plan.front_image, plan.front_image_dpi))
    return path, rules


def write_imposed(outdir: Path, booklet: pdf.Written) -> Path:
    """OUTDIR/booklet-imposed.pdf: the booklet two pages a side, in folding order."""
    path = outdir / IMPOSED
    write_atomic(path, impose(booklet.data, booklet.pages))
    return path
