"""layout: verified records -> SVGs -> booklet.pdf (and answers.pdf, cover.pdf, booklet-imposed.pdf,
preflight.json).

Only puzzles whose verdict is "proved" for exactly the record on disk are printed; anything else
stops the stage naming the puzzles (printable.py). The book (book.py) or the newsletter
(newsletter.py) is rendered, then written with what prints beside it (cover.py) and the print
service's check of the written files (printcheck.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from pipeline import checkpoint, outdir as outdir_rules
from pipeline.errors import LayoutError, PageError
from pipeline.files import remove, write_atomic
from pipeline.manifest import MANIFEST, read_manifest
from pipeline.parallel import Pool
from pipeline.render import pdf
from pipeline.render.book import Printed
from pipeline.render.geometry import Unfit
from pipeline.share.web import page_address
from pipeline.spec import JobSpec
from pipeline.stages import printcheck
from pipeline.stages.book import render_book
from pipeline.stages.documents import Rendered
from pipeline.stages.cover import COVER, IMPOSED, write_cover, write_imposed
from pipeline.stages.newsletter import render_newsletter
from pipeline.stages.printable import credits_of, draw_all, link_notes, load_all, printed_entries, refuse_unverified

Progress = Callable[[int, int], None]

BOOKLET = "booklet.pdf"
ANSWERS = "answers.pdf"


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
    notes: list[str] = field(default_factory=list)  # what was asked for and could not print (printable.link_notes)


def puzzle_address(job: JobSpec, puzzle_id: str, url: str | None) -> str | None:
    """Where a printed link sends a reader: the puzzle's web-edition page under links.base, or
    its puzz.link `url`."""
    return page_address(job.links.base, job.date, puzzle_id) if job.links.base else url


def layout(outdir: Path, progress: Progress | None = None, pool: Pool | None = None) -> LayoutReport:
    """Lay out the verified puzzles of OUTDIR into its PDFs, a book's parts on the pool's
    processes (none: in this one); see the module docstring."""
    started = time.perf_counter()
    manifest = read_manifest(outdir)
    outdir_rules.require_ours(outdir)
    job = manifest.job
    if pool is not None and job.format != "newsletter":
        # the workers import WeasyPrint (0.4 s of CPU) while this process reads and draws the
        # puzzles and plans the pages, not after, when the parts are waiting for them
        pool.warm("pipeline.render.pdf")
    entries, previous_entries = printed_entries(manifest)
    if not entries:
        raise LayoutError(f"{outdir / MANIFEST}: no puzzles to print")
    loaded = load_all(outdir, entries)  # a malformed record is bad input (exit 2) before all else
    loaded_previous = load_all(outdir, previous_entries)
    refuse_unverified(loaded + loaded_previous)

    renders = 2 + job.answers.separate_file + job.imposition + (job.cover is not None)
    total = len(entries) + len(previous_entries) + renders
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, total)

    printed = draw_all(outdir, loaded, tick, job.link_style, lambda item: puzzle_address(job, item.entry.id, item.url))
    previous = draw_all(outdir, loaded_previous, tick)  # only their answers print: no links
    credits = credits_of(loaded + loaded_previous)
    checkpoint.reached("layout:render")
    try:
        if job.format == "newsletter":
            rendered = render_newsletter(job, outdir, printed, previous, credits)
        else:
            rendered = render_book(job, outdir, printed, previous, credits, pool or Pool(1))
    except Unfit as exc:
        raise PageError(f"{outdir / MANIFEST}: {exc}") from None
    tick()

    files, answer_pages = _write_files(outdir, job, rendered, printed, tick)
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
        notes=link_notes(job),
    )


def _write_files(outdir: Path, job: JobSpec, rendered: Rendered, printed: list[Printed], tick: Callable[[], None]) -> tuple[list[Path], int]:
    """Write the booklet and what the job asks for beside it, removing what it no longer asks
    for (a stale file from an earlier placement would mislead); (files, answer pages)."""
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
        remove(outdir / ANSWERS)
    cover_checks: list[printcheck.PrintRule] = []
    if job.cover is not None:
        cover_file, cover_checks = write_cover(job, outdir, printed, rendered.booklet.pages)
        files.append(cover_file)
        tick()
    else:
        remove(outdir / COVER)
    if job.imposition:
        files.append(write_imposed(outdir, booklet))
        tick()
    else:
        remove(outdir / IMPOSED)
    if rendered.figures is not None:
        found = printcheck.checks(job, booklet.data, rendered.booklet.smallest_text_pt, rendered.booklet.colours, rendered.box, rendered.figures, rendered.booklet.blank_pages)
        report = printcheck.write_report(outdir, job, found + cover_checks, rendered.booklet.pages, rendered.booklet.blank_pages)
        files.append(report)
    else:
        remove(outdir / printcheck.PREFLIGHT)
    return files, answer_pages


def _write(path: Path, data: bytes) -> Path:
    write_atomic(path, data)
    return path
