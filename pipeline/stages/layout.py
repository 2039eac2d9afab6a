"""layout: verified records -> SVGs -> booklet.pdf (and answers.pdf, booklet-imposed.pdf).

Only puzzles whose verdict is "proved" for exactly the record on disk are printed; anything else
stops the stage naming the puzzles. The page plan (pipeline/render/book.py) fixes every page
before WeasyPrint runs, so `gutter: auto` can take the gutter from the page count: the book is
planned with a guess, rendered, and rendered again only if its real page count calls for
another gutter.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from weasyprint import Document

from pipeline import checkpoint, outdir as outdir_rules, trust
from pipeline.errors import LayoutError, RecordError, SpecError
from pipeline.manifest import MANIFEST, Entry, Manifest, read_manifest, record_path
from pipeline.records import check_common_fields, write_atomic
from pipeline.registry import puzzle_types
from pipeline.render import pdf
from pipeline.render.assets import layouts_dir
from pipeline.render.book import (
    MASTHEAD_MM,
    BookPlan,
    NewsletterPlan,
    Printed,
    long_date,
    plan_book,
    plan_newsletter,
    plan_separate_answers,
    types_in_order,
)
from pipeline.render.figures import Drawn, draw_example, draw_figures
from pipeline.render.geometry import (
    FOOTER_MM,
    GAP_MM,
    HEADER_MM,
    PageBox,
    Placement,
    Unfit,
    gutter_guess,
    page_box,
)
from pipeline.render.impose import impose
from pipeline.spec import MM_PER_IN, JobSpec

MM_PER_PX = MM_PER_IN / 96  # WeasyPrint measures in CSS pixels

Progress = Callable[[int, int], None]

BOOKLET = "booklet.pdf"
ANSWERS = "answers.pdf"
IMPOSED = "booklet-imposed.pdf"


@dataclass
class LayoutReport:
    files: list[Path]
    pages: int  # all pages laid out (booklet and answers.pdf)
    seconds: float
    booklet_pages: int = 0
    answer_pages: int = 0
    gutter_mm: float = 0.0
    scales: dict[str, float] = field(default_factory=dict)  # "sections[0]" -> printed scale
    per_page: dict[str, int] = field(default_factory=dict)


# ---- reading what to print ------------------------------------------------------------------


def printed_entries(manifest: Manifest) -> tuple[list[Entry], list[Entry]]:
    """This issue's puzzles, and the previous issue's when their answers are to be printed."""
    previous = manifest.puzzles("previous") if manifest.job.answers.placement == "previous" else []
    return manifest.puzzles("puzzle"), previous


def refuse_unverified(loaded: list["Loaded"]) -> None:
    """Never print a puzzle unless its verdict was made for exactly the record bytes read for
    printing, by this version's verifier (pipeline/trust.py)."""
    refused = []
    for item in loaded:
        problem = trust.verdict_problem(item.entry.verdict, item.sha256)
        if problem is not None:
            refused.append(f"{item.entry.id} ({problem})")
    if refused:
        raise LayoutError(
            "refusing to print puzzles that have not been proved; run `puzzlepress verify` first:\n"
            + "\n".join(f"  - {line}" for line in refused)
        )


@dataclass(frozen=True)
class Loaded:
    entry: Entry
    ptype: Any
    puzzle: Any
    sha256: str  # of the record bytes the puzzle was read from


def load_puzzle(outdir: Path, entry: Entry) -> Loaded:
    """The entry's puzzle from its record; a bad record names its file and field."""
    path = record_path(outdir, entry.id)
    sha256, record = trust.read_record(path)
    ptype = check_common_fields(record, str(path), puzzle_types())
    trust.check_matches_entry(record, str(path), puzzle_id=entry.id, type_name=entry.type, size=entry.size, code=entry.code)
    try:
        return Loaded(entry, ptype, ptype.from_record(record), sha256)
    except RecordError as exc:
        raise RecordError(f"{path}: field '{exc.where}'", exc.problem) from None


def load_all(outdir: Path, entries: list[Entry]) -> list[Loaded]:
    return [load_puzzle(outdir, entry) for entry in entries]


def draw_all(outdir: Path, loaded: list[Loaded], tick: Callable[[], None]) -> list[Printed]:
    printed = []
    for item in loaded:
        puzzle_drawn, answer_drawn = draw_figures(outdir, item.ptype, item.puzzle, item.entry.id)
        printed.append(Printed(item.entry, item.ptype.title, puzzle_drawn, answer_drawn))
        checkpoint.reached("layout:figure")
        tick()
    return printed


# ---- documents ----------------------------------------------------------------------------


def _doc_fields(job: JobSpec, title: str) -> dict[str, Any]:
    return {
        "title": title,
        "subtitle": job.subtitle,
        "author": job.author,
        "imprint": job.imprint,
        "title_page": job.front_matter.title_page,
        "issue": long_date(job.date) if job.date else "",
        "created": pdf.pdf_date(job.date),
        "generator": pdf.generator(),
    }


def _page_fields(job: JobSpec, box: PageBox) -> dict[str, Any]:
    return {
        "g": box,
        "header": HEADER_MM,
        "footer": FOOTER_MM,
        "gap": GAP_MM,
        "facing": job.page.facing and job.format == "book",
        "large_print": job.page.large_print,
        "content_height": round(box.content_height, 2),
    }


def _source(template: str, outdir: Path, **context: Any) -> pdf.Source:
    html = pdf.templates().get_template(template).render(**context)
    return pdf.Source(html=html, base=outdir, roots=(layouts_dir(), outdir))


def _rendered_with_gutter(job: JobSpec, pages_guess: int, make: Callable[[PageBox], pdf.Source]) -> tuple[Document, PageBox]:
    """Render with the gutter the final page count calls for.

    The first guess comes from the plan's page count and is nearly always right. When the
    count moves the gutter, render again; if a narrower gutter already tried made the book
    thicker, keep the wider one (a gutter wider than the table asks is never wrong).
    """
    gutter = gutter_guess(job, pages_guess)
    tried: list[float] = []
    while True:
        box = page_box(job, gutter)
        document = pdf.render(make(box))
        wanted = gutter_guess(job, len(document.pages))
        if wanted == gutter or (wanted < gutter and wanted in tried):
            return document, box
        tried.append(gutter)
        gutter = wanted


def puzzle_pages(document: Document) -> dict[int, int]:
    """Puzzle number -> the page it printed on, read from the rendered booklet's anchors."""
    pages = {}
    for index, page in enumerate(document.pages, start=1):
        for anchor in page.anchors:
            if anchor.startswith("puzzle-"):
                pages[int(anchor.removeprefix("puzzle-"))] = index
    return pages


def _by_section(job: JobSpec, printed: list[Printed]) -> list[list[Printed]]:
    return [[p for p in printed if p.entry.section == index] for index in range(len(job.sections))]


def _examples(outdir: Path, job: JobSpec) -> dict[str, tuple[Drawn, Drawn]]:
    if job.format != "book" or not job.front_matter.how_to_play:
        return {}
    drawn = {name: draw_example(outdir, puzzle_types()[name]) for name in types_in_order(job)}
    return {name: pair for name, pair in drawn.items() if pair is not None}


@dataclass
class Rendered:
    booklet: Document
    box: PageBox
    answers: Document | None = None
    placements: dict[str, Placement] = field(default_factory=dict)  # "sections[0]" -> grid and scale


def render_book(job: JobSpec, outdir: Path, printed: list[Printed], previous: list[Printed]) -> Rendered:
    sections = _by_section(job, printed)
    examples = _examples(outdir, job)
    plans: dict[float, BookPlan] = {}

    def make(box: PageBox) -> pdf.Source:
        plan = plans[box.gutter] = plan_book(job, box, sections, previous, examples, outdir)
        context = _page_fields(job, box)
        return _source("book.html.j2", outdir, doc=_doc_fields(job, job.title), plan=plan, **context)

    guess_box = page_box(job, gutter_guess(job, 1))
    guess = plan_book(job, guess_box, sections, previous, examples, outdir).pages + int(job.front_matter.title_page)
    booklet, box = _rendered_with_gutter(job, guess, make)
    rendered = Rendered(booklet, box, placements=plans[box.gutter].placements)
    if job.answers.placement == "separate":
        pages = puzzle_pages(booklet)

        def make_answers(answer_box: PageBox) -> pdf.Source:
            sheets = plan_separate_answers(job, answer_box, sections, pages, outdir)
            return _source("answers.html.j2", outdir, doc=_doc_fields(job, f"Answers · {job.title}"), sheets=sheets, **_page_fields(job, answer_box))

        rendered.answers = _rendered_with_gutter(job, 1 + len(printed) // 6, make_answers)[0]
    return rendered


def room_below(document: Document, anchor: str, page_index: int, box: PageBox) -> float:
    """The height (mm) left under an empty marker element down to the page number's band, on
    the page it should be on (0 when it landed elsewhere)."""
    if page_index >= len(document.pages) or anchor not in document.pages[page_index].anchors:
        return 0.0
    top = document.pages[page_index].anchors[anchor][1] * MM_PER_PX + 0.5  # rounding of lengths in CSS
    return max(0.0, box.height - box.bottom - FOOTER_MM - top)


def render_newsletter(job: JobSpec, outdir: Path, printed: list[Printed], previous: list[Printed]) -> Rendered:
    """Render the sheet, measuring the room under the masthead and under the back's text on a
    first render, then filling it: one to three renders of two pages."""
    box = page_box(job, 0.0)
    placement = job.answers.placement
    answers, answers_from = [], None
    if placement == "end":
        answers = printed
    elif placement == "previous":
        answers, answers_from = previous, job.previous_issue().date
    doc = _doc_fields(job, job.title)

    def render(front_room: float, answers_room: float | None) -> tuple[Document, NewsletterPlan]:
        plan = plan_newsletter(job, box, printed, answers, outdir, answers_from, front_room, answers_room)
        return pdf.render(_source("newsletter.html.j2", outdir, doc=doc, plan=plan, **_page_fields(job, box))), plan

    planned = box.content_height - MASTHEAD_MM
    booklet, plan = render(planned, None)
    front = room_below(booklet, "front-room", 0, box)
    if front < planned:  # a masthead taller than guessed pushed the puzzles over
        booklet, plan = render(front, None)
    else:
        front = planned
    if answers:
        booklet, plan = render(front, room_below(booklet, "answers-room", 1, box))
    if len(booklet.pages) > 2:
        raise SpecError(
            str(outdir / MANIFEST),
            [f"format: newsletter: the issue needs {len(booklet.pages)} pages; a sheet has two. Print fewer puzzles, "
             "set answers.placement to separate, or turn front_matter.how_to_play off"],
        )
    rendered = Rendered(booklet, box, placements=plan.front_placements)
    if placement == "separate":
        pages = {p.entry.number: 1 for p in printed}
        sheets = plan_separate_answers(job, box, _by_section(job, printed), pages, outdir)
        rendered.answers = pdf.render(
            _source("answers.html.j2", outdir, doc=_doc_fields(job, f"Answers · {job.title}"), sheets=sheets, **_page_fields(job, box))
        )
    return rendered


# ---- the stage ------------------------------------------------------------------------------


def layout(outdir: Path, progress: Progress | None = None) -> LayoutReport:
    """Lay out the verified puzzles of OUTDIR into its PDFs; see the module docstring."""
    started = time.perf_counter()
    manifest = read_manifest(outdir)
    outdir_rules.require_ours(outdir)
    job = manifest.job
    entries, previous_entries = printed_entries(manifest)
    if not entries:
        raise LayoutError(f"{outdir / MANIFEST}: no puzzles to print")
    loaded = load_all(outdir, entries)  # a malformed record is bad input (exit 2) before all else
    loaded_previous = load_all(outdir, previous_entries)
    refuse_unverified(loaded + loaded_previous)

    renders = 2 + (job.answers.placement == "separate") + job.imposition
    total = len(entries) + len(previous_entries) + renders
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, total)

    printed = draw_all(outdir, loaded, tick)
    previous = draw_all(outdir, loaded_previous, tick)
    render_job = render_newsletter if job.format == "newsletter" else render_book
    checkpoint.reached("layout:render")
    try:
        rendered = render_job(job, outdir, printed, previous)
    except Unfit as exc:
        raise SpecError(str(outdir / MANIFEST), [str(exc)]) from None
    tick()

    files = []
    full_fonts = job.fonts == "full"
    checkpoint.reached("layout:pdf-write")
    booklet = pdf.write(rendered.booklet, job.date, rendered.box.bleed, full_fonts)
    files.append(_write(outdir / BOOKLET, booklet.data))
    checkpoint.reached("layout:booklet-written")
    tick()
    answer_pages = 0
    if rendered.answers is not None:
        files.append(_write(outdir / ANSWERS, pdf.write(rendered.answers, job.date, rendered.box.bleed, full_fonts).data))
        answer_pages = len(rendered.answers.pages)
        tick()
    else:
        (outdir / ANSWERS).unlink(missing_ok=True)  # a stale key from an earlier placement would mislead
    if job.imposition:
        files.append(_write(outdir / IMPOSED, impose(booklet.data, booklet.pages)))
        tick()
    else:
        (outdir / IMPOSED).unlink(missing_ok=True)

    booklet_pages = len(rendered.booklet.pages)
    return LayoutReport(
        files=files,
        pages=booklet_pages + answer_pages,
        seconds=time.perf_counter() - started,
        booklet_pages=booklet_pages,
        answer_pages=answer_pages,
        gutter_mm=rendered.box.gutter,
        scales={key: round(placed.scale, 3) for key, placed in rendered.placements.items()},
        per_page={key: placed.grid.per_page for key, placed in rendered.placements.items()},
    )


def _write(path: Path, data: bytes) -> Path:
    write_atomic(path, data)
    return path
