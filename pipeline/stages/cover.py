"""What prints beside the booklet: the full-wrap paperback cover (cover.pdf) and the booklet
imposed for saddle stitching (booklet-imposed.pdf).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from weasyprint import Document

from pipeline.files import write_atomic
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


def render_cover(job: JobSpec, outdir: Path, printed: list[Printed], pages: int) -> tuple[Document, CoverBox, PageBox]:
    """The full-wrap cover for a book of `pages` interior pages."""
    c = cover_box(job.page.trim_mm, pages, job.profile, job.paper)
    box = cover_page_box(c, job.page.crop_marks)
    panel_width = c.trim_width - 2 * SAFE_MM
    art_room = c.height - 2 * SAFE_MM - COVER_TEXT_ROOM_MM
    answers = [(src_for(p.answer.path, outdir), p.answer.figure.width_mm, p.answer.figure.height_mm) for p in printed]
    art = artwork(answers, panel_width, art_room)
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
        blurb=cover_blurb(job, printed),
    )
    return pdf.render(template_source("cover.html.j2", outdir, **context)), c, box



def write_cover(job: JobSpec, outdir: Path, printed: list[Printed], pages: int) -> tuple[Path, printcheck.PrintRule]:
    """OUTDIR/cover.pdf for a booklet of `pages` pages, and its size checked on the file."""
    document, cover, cover_page = render_cover(job, outdir, printed, pages)
    data = pdf.write(document, job.date, cover_page, job.fonts == "full", job.profile.pdf_variant).data
    path = outdir / COVER
    write_atomic(path, data)
    return path, printcheck.cover_check(data, cover, job.profile, job.paper)


def write_imposed(outdir: Path, booklet: pdf.Written) -> Path:
    """OUTDIR/booklet-imposed.pdf: the booklet two pages a side, in folding order."""
    path = outdir / IMPOSED
    write_atomic(path, impose(booklet.data, booklet.pages))
    return path
