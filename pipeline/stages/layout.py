"""layout: verified records -> SVGs -> booklet.pdf (and answers.pdf, booklet-imposed.pdf).

Only puzzles whose verdict is "proved" for exactly the record on disk are printed; anything else
stops the stage naming the puzzles. The page plan (pipeline/render/book.py) fixes every page
before WeasyPrint runs, so `gutter: auto` can take the gutter from the page count: the book is
planned with a guess, rendered, and rendered again only if its real page count calls for
another gutter. A book is rendered in parts, each in a process of its own, and joined into one
PDF (pipeline/render/join.py); its page references are written as text from the plan.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, TypeVar

from weasyprint import Document

from pipeline import __version__, checkpoint, outdir as outdir_rules, trust
from pipeline.errors import LayoutError, PageError, RecordError
from pipeline.files import write_atomic
from pipeline.interface.grades import grade_label
from pipeline.manifest import MANIFEST, Entry, Manifest, read_manifest, record_path
from pipeline.records import load_puzzle
from pipeline.share.puzzlink import puzzle_url
from pipeline.registry import puzzle_types
from pipeline.render import pdf
from pipeline.render.assets import layouts_dir
from pipeline.parallel import Pool
from pipeline.render.book import (
    MASTHEAD_MM,
    BookPlan,
    FrontPages,
    HowToPlay,
    NewsletterPlan,
    Printed,
    Sheet,
    issue_date,
    page_numbers,
    planned_front,
    src_for,
    with_page_numbers,
    plan_book,
    plan_newsletter,
    plan_separate_answers,
)
from pipeline.render.figures import Drawn
from pipeline.render.join import Part, write_joined
from pipeline.stages.drawing import ISSUE_CODE, draw_figures, draw_issue_code, draw_link, how_to_play
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
from pipeline.render.cover import ARTWORK_GAP_MM, SAFE_MM, SPINE_SAFE_MM, CoverBox, artwork, cover_box
from pipeline.render.impose import impose
from pipeline.render.strokes import Measured, apply_line_floor
from pipeline.render.svg import Figure
from pipeline.pages import MM_PER_IN, PrintProfile
from pipeline.render.style import BookStyle
from pipeline.spec import JobSpec
from pipeline.stages import printcheck
from pipeline.stages.preflight import book_style

MM_PER_PX = MM_PER_IN / 96  # WeasyPrint measures in CSS pixels

Progress = Callable[[int, int], None]
T = TypeVar("T")

# A picture's title (from a manifest: untrusted) is cut at this many characters; the longest
# library title has 27 ("Prescription Bottle Medical"), a publisher's file name may run longer.
MAX_TITLE = 40
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
    previous = manifest.puzzles("previous") if manifest.job.answers.from_previous_issue else []
    return manifest.puzzles("puzzle"), previous


def refuse_unverified(loaded: list["Loaded"]) -> None:
    """Never print a puzzle unless its verdict was made for exactly the record bytes read for
    printing, by this version's verifier (pipeline/trust.py)."""
    refused = []
    for item in loaded:
        problem = trust.verdict_problem(item.entry.verdict, item.sha256, item.entry.grade)
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
    url: str  # where it is played online, written afresh from the record's clues


def load_entry(outdir: Path, entry: Entry) -> Loaded:
    """The entry's puzzle from its record, which must be the puzzle the entry names; a bad record
    names its file and field."""
    path = record_path(outdir, entry.id)
    ptype, puzzle, record, sha256 = load_puzzle(path, puzzle_types())
    for name in entry.describes(record):
        raise RecordError(str(path), f"field '{name}' is {record.get(name)!r} but the manifest says {getattr(entry, name)!r}")
    return Loaded(entry, ptype, puzzle, sha256, puzzle_url(record))


def load_all(outdir: Path, entries: list[Entry]) -> list[Loaded]:
    return [load_entry(outdir, entry) for entry in entries]


def no_links(section: int) -> str:
    return "none"


def draw_all(outdir: Path, loaded: list[Loaded], tick: Callable[[], None], link_style: Callable[[int], str] = no_links) -> list[Printed]:
    """The puzzles' pictures, and their links drawn as each section prints them (`link_style`)."""
    printed = []
    for item in loaded:
        puzzle_drawn, answer_drawn = draw_figures(outdir, item.ptype, item.puzzle, item.entry.id)
        entry = item.entry
        label = f"{item.ptype.title} {entry.label}"
        link = draw_link(outdir, entry.id, item.url, link_style(entry.section))
        printed.append(Printed(entry.number, entry.section, entry.code, label, puzzle_drawn, answer_drawn, link=link, title=picture_title(entry), grade=grade_label(entry.grade)))
        checkpoint.reached("layout:figure")
        tick()
    return printed


def picture_title(entry: Entry) -> str:
    """The name of the picture a puzzle's answer shows ("Anchor"), or "" when it is no picture.
    Read from a manifest, so anything but short text is ignored."""
    picture = entry.stats.get("picture")
    title = picture.get("title") if isinstance(picture, dict) else None
    return " ".join(title.split())[:MAX_TITLE] if isinstance(title, str) else ""


def picture_credits(entries: list[Entry]) -> tuple[str, ...]:
    """The attribution the picture library's licence asks for, when the book prints its pictures."""
    if not any(isinstance(e.stats.get("picture"), dict) and "library" in e.stats["picture"] for e in entries):
        return ()
    from pipeline.puzzles.nonogram.pictures.library import ATTRIBUTION  # Pillow only: no extra needed

    return (ATTRIBUTION,)


# ---- documents ----------------------------------------------------------------------------


def _doc_fields(job: JobSpec, title: str, credits: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "title": title,
        "credits": credits,
        "subtitle": job.subtitle,
        "author": job.author,
        "imprint": job.imprint,
        "title_page": job.front_matter.title_page,
        "copyright_page": job.front_matter.copyright_page and job.format == "book",
        "edition": job.edition,
        "isbn": job.isbn,
        "version": __version__,
        # a section that chose its grade made its codes with the grade in their seeds
        "chosen_grades": any(section.puzzle_params.difficulty for section in job.sections),
        "issue": issue_date(job.date) if job.date else "",
        "created": pdf.pdf_date(job.date),
        "generator": pdf.generator(),
    }


def _page_fields(job: JobSpec, box: PageBox, first_page: int = 1) -> dict[str, Any]:
    return {
        "g": box,
        "first_page": first_page,
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


def _rendered_with_gutter(style: BookStyle, pages_guess: int, render: Callable[[PageBox], T], count: Callable[[T], int]) -> tuple[T, PageBox]:
    """Render with the gutter the final page count calls for.

    The first guess comes from the plan's page count and is nearly always right. When the
    count moves the gutter, render again; if a narrower gutter already tried made the book
    thicker, keep the wider one (a gutter wider than the table asks is never wrong).
    """
    gutter = gutter_guess(style, pages_guess)
    tried: list[float] = []
    while True:
        box = page_box(style, gutter)
        rendered = render(box)
        wanted = gutter_guess(style, count(rendered))
        if wanted == gutter or (wanted < gutter and wanted in tried):
            return rendered, box
        tried.append(gutter)
        gutter = wanted


def _document_pages(document: Document) -> int:
    return len(document.pages)


def _by_section(job: JobSpec, printed: list[Printed]) -> list[list[Printed]]:
    return [[p for p in printed if p.section == index] for index in range(len(job.sections))]


def how_to_play_pages(outdir: Path, job: JobSpec) -> list[HowToPlay]:
    """The how-to-play content for each type of the job, in the order the types appear; a
    newsletter's back page prints the rules without examples."""
    if not job.front_matter.how_to_play:
        return []
    examples = job.format == "book"
    return [how_to_play(outdir, puzzle_types()[name], with_example=examples) for name in job.types_in_order()]


@dataclass
class Booklet:
    """The booklet laid out, its pages counted, ready to be written."""

    pages: int
    smallest_text_pt: float  # the smallest text set on its pages, labels and running heads too
    write: Callable[[], pdf.Written]


@dataclass
class Rendered:
    booklet: Booklet
    box: PageBox
    answers: Document | None = None
    placements: dict[str, Placement] = field(default_factory=dict)  # "sections[0]" -> grid and scale
    figures: Measured | None = None  # the finest print of the figures, after scaling


def drawings_by_file(outdir: Path, printed: list[Printed], examples: list[HowToPlay]) -> dict[str, Figure]:
    """Each picture file (as the plan names it, relative to OUTDIR) and the drawing it holds."""
    drawings = {}
    for item in printed:
        for drawn in (item.puzzle, item.answer):
            drawings[src_for(drawn.path, outdir)] = drawn.figure
    for content in examples:
        for drawn in content.example or ():
            drawings[src_for(drawn.path, outdir)] = drawn.figure
    return drawings


def _plan_sheets(plan: BookPlan) -> list[Sheet]:
    return plan.sheets + [page.example for page in plan.how_to_play if page.example is not None]


# A book is rendered in this many parts, each in its own process when there are cores for them
# (pipeline/render/join.py). Always the same number, so the PDF is the same bytes whatever
# --jobs is. Measured on configs/book.yaml (95 pages) on 2 cores: each extra part costs about
# 0.1 s of CPU (its style sheets, fonts and page tree), so two parts, one a core.
PARTS = 2
MAX_NUMBERINGS = 3  # renders until the front matter's page count settles (a contents page that runs over)


@dataclass
class BookParts:
    parts: list[Part]
    numbers: dict[str, int]  # anchor -> page


# What a page costs to lay out and paint, in bytes of SVG painted on it: configs/book.yaml's two
# parts cost the same (1.6 s of CPU each, best of 3) when cut after its 63rd sheet, where a page
# weighs as much as about 9 kB of SVG (its answer pages hold 27 kB, its puzzle pages 5 kB).
PAGE_COST = 9_000


def _sheet_weight(sheet: Sheet, drawings: dict[str, Figure]) -> int:
    """What a page costs: the page, and its figures by the size of their drawings."""
    return PAGE_COST + sum(len(drawings[slot.src].svg) for slot in sheet.slots if slot.src in drawings)


def part_cuts(plan: BookPlan, parts: int, drawings: dict[str, Figure]) -> list[int]:
    """Where each part's sheets start: part k prints plan.sheets[cuts[k]:cuts[k + 1]], the
    first part after the front matter (title, copyright, contents, how to play); the parts
    cost about the same to render."""
    front = 3 * PAGE_COST + sum(_sheet_weight(page.example, drawings) if page.example else PAGE_COST for page in plan.how_to_play)
    weights = [_sheet_weight(sheet, drawings) for sheet in plan.sheets]
    total = front + sum(weights)
    cuts, done = [0], front
    for index, weight in enumerate(weights):
        if len(cuts) < parts and done >= total * len(cuts) / parts and index > cuts[-1]:
            cuts.append(index)
        done += weight
    return cuts + [len(plan.sheets)]


def _part_source(job: JobSpec, outdir: Path, plan: BookPlan, box: PageBox, credits: tuple[str, ...], first_page: int, first: bool) -> pdf.Source:
    doc = _doc_fields(job, job.title, credits)
    if not first:  # the front matter prints in the first part only
        doc.update(title_page=False, copyright_page=False)
        plan = replace(plan, how_to_play=[], contents=[])
    return _source("book.html.j2", outdir, doc=doc, plan=plan, **_page_fields(job, box, first_page))


def render_parts(
    job: JobSpec, outdir: Path, plan: BookPlan, box: PageBox, credits: tuple[str, ...], drawings: dict[str, Figure], pool: Pool
) -> BookParts:
    """The book in PARTS parts, its page references written as text: numbered as planned, then
    again as rendered until the front matter's page count settles."""
    front = planned_front(plan, book_style(job).front_pages)
    settings = (job.date, box, job.fonts == "full", job.profile.pdf_variant)
    for _ in range(MAX_NUMBERINGS):
        numbers = page_numbers(plan, front)
        resolved = with_page_numbers(plan, numbers)
        cuts = part_cuts(resolved, PARTS, drawings)
        firsts = [1] + [front.first_sheet + cut for cut in cuts[1:-1]]
        tasks = [
            (_part_source(job, outdir, replace(resolved, sheets=resolved.sheets[cuts[k] : cuts[k + 1]]), box, credits, firsts[k], k == 0), firsts[k], *settings)
            for k in range(len(cuts) - 1)
        ]
        parts = [part for _, part in sorted(pool.imap_beside(pdf.render_part, tasks), key=lambda done: done[0])]
        head = parts[0]
        rendered = FrontPages(
            {page.anchor: head.anchors[page.anchor] + 1 for page in plan.how_to_play},
            head.page_count - (cuts[1] - cuts[0]) + 1,
        )
        if rendered == front:
            _check_numbers(parts, numbers)
            return BookParts(parts, numbers)
        front = rendered
    raise LayoutError(f"the book's page numbers did not settle in {MAX_NUMBERINGS} renders")


def _check_numbers(parts: list[Part], numbers: dict[str, int]) -> None:
    """Every page reference printed as text names the page its anchor landed on."""
    first = 1
    for part in parts:
        for anchor, index in part.anchors.items():
            if anchor in numbers and numbers[anchor] != first + index:
                raise LayoutError(f"layout: {anchor} printed on page {first + index}, planned for page {numbers[anchor]}")
        first += part.page_count


def _joined(parts: list[Part]) -> pdf.Written:
    data, joined = write_joined(parts)
    return pdf.Written(data, pdf.page_sources(joined))


def render_book(job: JobSpec, outdir: Path, printed: list[Printed], previous: list[Printed], credits: tuple[str, ...], pool: Pool) -> Rendered:
    sections = _by_section(job, printed)
    pages = how_to_play_pages(outdir, job)
    style = book_style(job)
    plans: dict[float, BookPlan] = {}
    measured: dict[float, Measured] = {}
    drawings = drawings_by_file(outdir, printed + previous, pages)

    def render(box: PageBox) -> BookParts:
        plan = plans[box.gutter] = plan_book(style, box, sections, previous, pages, outdir)
        measured[box.gutter] = apply_line_floor(_plan_sheets(plan), outdir, drawings, style.profile.min_line_pt)
        return render_parts(job, outdir, plan, box, credits, drawings, pool)

    guess_box = page_box(style, gutter_guess(style, 1))
    guess = plan_book(style, guess_box, sections, previous, pages, outdir).pages + style.front_pages
    book, box = _rendered_with_gutter(style, guess, render, lambda done: sum(part.page_count for part in done.parts))
    parts = book.parts
    booklet = Booklet(sum(part.page_count for part in parts), min(part.smallest_text_pt for part in parts), lambda: _joined(parts))
    rendered = Rendered(booklet, box, placements=plans[box.gutter].placements, figures=measured[box.gutter])
    if job.answers.separate_file:
        puzzle_pages = {int(anchor.removeprefix("puzzle-")): page for anchor, page in book.numbers.items() if anchor.startswith("puzzle-")}

        def make_answers(answer_box: PageBox) -> pdf.Source:
            sheets = plan_separate_answers(style, answer_box, sections, puzzle_pages, outdir, rendered.placements)
            apply_line_floor(sheets, outdir, drawings, style.profile.min_line_pt)
            return _source("answers.html.j2", outdir, doc=_doc_fields(job, f"Answers · {job.title}"), sheets=sheets, **_page_fields(job, answer_box))

        rendered.answers = _rendered_with_gutter(style, 1 + len(printed) // 6, lambda b: pdf.render(make_answers(b)), _document_pages)[0]
    return rendered


def room_below(document: Document, anchor: str, page_index: int, box: PageBox) -> float:
    """The height (mm) left under an empty marker element down to the page number's band, on
    the page it should be on (0 when it landed elsewhere)."""
    if page_index >= len(document.pages) or anchor not in document.pages[page_index].anchors:
        return 0.0
    top = document.pages[page_index].anchors[anchor][1] * MM_PER_PX + 0.5  # rounding of lengths in CSS
    return max(0.0, box.height - box.bottom - FOOTER_MM - top)


def render_newsletter(job: JobSpec, outdir: Path, printed: list[Printed], previous: list[Printed], credits: tuple[str, ...] = ()) -> Rendered:
    """Render the sheet, measuring the room under the masthead and under the back's text on a
    first render, then filling it: one to three renders of two pages."""
    style = book_style(job)
    box = page_box(style, 0.0)
    answers, answers_from = [], None
    if job.answers.at_end:
        answers = printed
    elif job.answers.from_previous_issue:
        answers, answers_from = previous, job.previous_issue().date
    doc = _doc_fields(job, job.title, credits)
    pages = how_to_play_pages(outdir, job)
    issue_code = draw_issue_code(outdir, job.links.issue_page) if job.links.issue_page else None
    if issue_code is None:
        (outdir / "puzzles" / f"{ISSUE_CODE}.svg").unlink(missing_ok=True)

    def render(front_room: float, answers_room: float | None) -> tuple[Document, NewsletterPlan]:
        plan = plan_newsletter(style, box, printed, answers, pages, outdir, answers_from, front_room, answers_room)
        source = _source("newsletter.html.j2", outdir, doc=doc, plan=plan, issue_code=issue_code, **_page_fields(job, box))
        return pdf.render(source), plan

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
        raise Unfit(
            f"format: newsletter: the rules of {len(pages)} puzzle types run past the back page; "
            "turn front_matter.how_to_play off or print fewer types"
        )

    def write() -> pdf.Written:
        return pdf.write(booklet, job.date, box, job.fonts == "full", job.profile.pdf_variant)

    rendered = Rendered(Booklet(len(booklet.pages), pdf.smallest_text_pt(booklet), write), box, placements=plan.front_placements)
    if job.answers.separate_file:
        pages = {p.number: 1 for p in printed}
        sheets = plan_separate_answers(style, box, _by_section(job, printed), pages, outdir, plan.front_placements)
        rendered.answers = pdf.render(
            _source("answers.html.j2", outdir, doc=_doc_fields(job, f"Answers · {job.title}"), sheets=sheets, **_page_fields(job, box))
        )
    return rendered


def check_newsletter(job: JobSpec, puzzles: list[Printed], previous: list[Printed]) -> list[str]:
    """The sheet laid out with stand-ins (figures of the most room its puzzles can take, drawn
    blank) before anything is generated: the front, the rules and the answers on the back are
    measured as the real layout measures them, so a sheet that cannot fit writes nothing."""
    with tempfile.TemporaryDirectory() as folder:
        outdir = Path(folder)
        stand_ins = []
        for items in (puzzles, previous):
            stand_ins.append([_blank_drawn(outdir, item) for item in items])
        try:
            render_newsletter(job, outdir, *stand_ins)
        except Unfit as exc:
            return [str(exc)]
    return []


def _blank_drawn(outdir: Path, item: Printed) -> Printed:
    """The stand-in with blank pictures of its size on disk, where the page expects them."""
    drawn = []
    for role, figure in (("puzzle", item.puzzle.figure), ("answer", item.answer.figure)):
        path = outdir / f"{role}-{item.number}.svg"
        path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="{figure.width_mm}mm" height="{figure.height_mm}mm"/>')
        drawn.append(Drawn(figure, path))
    link = item.link
    if link is not None and link.qr is not None:
        path = outdir / f"qr-{item.number}.svg"
        path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="{link.qr_mm}mm" height="{link.qr_mm}mm"/>')
        link = replace(link, qr=path)
    return replace(item, puzzle=drawn[0], answer=drawn[1], link=link)


# ---- the cover ------------------------------------------------------------------------------

COVER = "cover.pdf"
COVER_TEXT_ROOM_MM = 95.0  # the front's title, subtitle and author above and below the picture
PT_MM = MM_PER_IN / 72


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
    context = dict(
        doc=_doc_fields(job, job.title), c=c, safe=round(SAFE_MM, 2), media_bleed=box.media_bleed, crop_marks=box.crop_marks,
        spine_text_length=c.height - 2 * SAFE_MM, spine_text_height=spine_text_height,
        spine_font_pt=min(14.0, spine_text_height * 0.8 / PT_MM), barcode=barcode_box(c, job.profile),  # ascent plus descent of DejaVu Sans: 1.16 em
        art=art, art_gap=ARTWORK_GAP_MM,
        art_width=art.cols * art.cell + (art.cols - 1) * ARTWORK_GAP_MM, art_height=art.rows * art.cell + (art.rows - 1) * ARTWORK_GAP_MM,
        blurb=cover_blurb(job, printed),
    )
    return pdf.render(_source("cover.html.j2", outdir, **context)), c, box


# ---- the stage ------------------------------------------------------------------------------


def layout(outdir: Path, progress: Progress | None = None, pool: Pool | None = None) -> LayoutReport:
    """Lay out the verified puzzles of OUTDIR into its PDFs, a book's parts on the pool's
    processes (none: in this one); see the module docstring."""
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

    renders = 2 + job.answers.separate_file + job.imposition + job.cover
    total = len(entries) + len(previous_entries) + renders
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, total)

    printed = draw_all(outdir, loaded, tick, job.link_style)
    previous = draw_all(outdir, loaded_previous, tick)  # only their answers print: no links
    credits = picture_credits(entries + previous_entries)
    checkpoint.reached("layout:render")
    try:
        if job.format == "newsletter":
            rendered = render_newsletter(job, outdir, printed, previous, credits)
        else:
            rendered = render_book(job, outdir, printed, previous, credits, pool or Pool(1))
    except Unfit as exc:
        raise PageError(f"{outdir / MANIFEST}: {exc}") from None
    tick()

    files = []
    full_fonts = job.fonts == "full"
    checkpoint.reached("layout:pdf-write")
    variant = job.profile.pdf_variant
    booklet = rendered.booklet.write()
    files.append(_write(outdir / BOOKLET, booklet.data))
    checkpoint.reached("layout:booklet-written")
    tick()
    answer_pages = 0
    if rendered.answers is not None:
        files.append(_write(outdir / ANSWERS, pdf.write(rendered.answers, job.date, rendered.box, full_fonts, variant).data))
        answer_pages = len(rendered.answers.pages)
        tick()
    else:
        (outdir / ANSWERS).unlink(missing_ok=True)  # a stale key from an earlier placement would mislead
    cover_check = None
    if job.cover:
        document, cover, cover_page = render_cover(job, outdir, printed, rendered.booklet.pages)
        cover_pdf = pdf.write(document, job.date, cover_page, full_fonts, variant).data
        files.append(_write(outdir / COVER, cover_pdf))
        cover_check = printcheck.cover_check(cover_pdf, cover, job.profile, job.paper)
        tick()
    else:
        (outdir / COVER).unlink(missing_ok=True)
    if job.imposition:
        files.append(_write(outdir / IMPOSED, impose(booklet.data, booklet.pages)))
        tick()
    else:
        (outdir / IMPOSED).unlink(missing_ok=True)
    if rendered.figures is not None:
        found = printcheck.checks(job, booklet.data, rendered.booklet.smallest_text_pt, rendered.box, rendered.figures)
        files.append(printcheck.write_report(outdir, job, found + ([cover_check] if cover_check else [])))
    else:
        (outdir / printcheck.PREFLIGHT).unlink(missing_ok=True)

    booklet_pages = rendered.booklet.pages
    return LayoutReport(
        files=files,
        pages=booklet_pages + answer_pages,
        seconds=time.perf_counter() - started,
        booklet_pages=booklet_pages,
        answer_pages=answer_pages,
        gutter_mm=rendered.box.gutter,
        scales={key: round(placed.scale, 3) for key, placed in rendered.placements.items()},
        per_page={key: placed.arrangement.per_page for key, placed in rendered.placements.items()},
    )


def _write(path: Path, data: bytes) -> Path:
    write_atomic(path, data)
    return path
