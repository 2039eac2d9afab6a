"""What every document of a job shares: the fields its templates print, the how-to-play pages,
and the booklet as rendered, ready for the layout stage to write.

Used by the book (book.py), the newsletter (newsletter.py) and the cover (cover.py).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

import yaml
from weasyprint import Document

from pipeline import __version__
from pipeline.registry import puzzle_types
from pipeline.render import pdf
from pipeline.render.assets import layouts_dir
from pipeline.render.book import HowToPlay, Printed, issue_date
from pipeline.render.geometry import FOOTER_MM, GAP_MM, HEADER_MM, PageBox, Placement
from pipeline.render.inks import Colour
from pipeline.render.strokes import Measured
from pipeline.spec import JobSpec
from pipeline.stages.drawing import how_to_play


def remake_command(job: JobSpec, index: int) -> tuple[str, ...]:
    """The `new` command that makes section `index`'s puzzles again from their codes: every
    parameter the section sets, and its generator when it is not the current one. Each word
    is an option with its value, which the page never breaks: a reader copying "--" and
    "code" from two lines types a different command."""
    section = job.sections[index]
    params = section.puzzle_params
    words = ["puzzlepress", "new", section.type, f"--size {params.size}"]
    extras = params.extras()
    mix = job.section_mix(index)
    if (mix is not None and mix.wanted(section.count)) or section.weekday:
        words.append("--difficulty GRADE")  # each puzzle's own, as its label prints it
    elif "difficulty" in extras:
        words.append(f"--difficulty {extras.pop('difficulty')}")
    extras.pop("difficulty", None)
    for key, value in extras.items():
        shown = yaml.safe_dump(list(value) if isinstance(value, tuple) else value, default_flow_style=True, width=10_000)
        words.append("--param " + shlex.quote(f"{key}={shown.removesuffix(chr(10) + '...' + chr(10)).strip()}"))
    version = job.generator_version(index)
    if version != puzzle_types()[section.type].version:
        words.append(f"--generator {section.type}/{version}")
    return (*words, "--code CODE")


def remake_lines(job: JobSpec) -> list[tuple[str, tuple[str, ...]]]:
    """(the sections' headings, their command's words) for the copyright page, one line per command."""
    grouped: dict[tuple[str, ...], list[str]] = {}
    for index, section in enumerate(job.sections):
        grouped.setdefault(remake_command(job, index), []).append(section.heading)
    return [(", ".join(dict.fromkeys(headings)), command) for command, headings in grouped.items()]


def doc_fields(job: JobSpec, title: str, credits: tuple[str, ...] = ()) -> dict[str, Any]:
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
        "remake": remake_lines(job) if job.format == "book" else [],
        "remake_grade": job.format == "book" and any("GRADE" in " ".join(command) for _, command in remake_lines(job)),
        "issue": issue_date(job.date) if job.date else "",
        "created": pdf.pdf_date(job.date),
        "generator": pdf.generator(),
    }


def page_fields(job: JobSpec, box: PageBox, first_page: int = 1) -> dict[str, Any]:
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


def template_source(template: str, outdir: Path, **context: Any) -> pdf.Source:
    html = pdf.templates().get_template(template).render(**context)
    return pdf.Source(html=html, base=outdir, roots=(layouts_dir(), outdir))


def by_section(job: JobSpec, printed: list[Printed]) -> list[list[Printed]]:
    return [[p for p in printed if p.section == index] for index in range(len(job.sections))]


def how_to_play_pages(outdir: Path, job: JobSpec) -> list[HowToPlay]:
    """The how-to-play content for each type of the job, in the order the types appear; a
    newsletter's back page prints the rules without examples."""
    if not job.front_matter.how_to_play:
        return []
    examples = job.format == "book"
    pages = [how_to_play(outdir, puzzle_types()[name], with_example=examples) for name in job.types_in_order()]
    last = pages[-1]
    pages[-1] = replace(last, text=f"{last.text}\n\n{answers_note(job)}")  # said once, after the last type's rules
    return pages


def answers_note(job: JobSpec) -> str:
    """Where this document prints its solutions, as the rules pages say it."""
    placement = job.answers.placement
    if job.format == "newsletter":
        return {
            "end": "This issue's solutions are printed on the back page.",
            "previous": "The solutions printed here are last issue's; this issue's follow in the next one.",
            "separate": "This issue's solutions are printed on a separate answer sheet.",
            "none": "No solutions are printed.",
        }[placement]
    return {
        "end": "The solutions are printed at the back of the book.",
        "section": "The solutions are printed after each section.",
        "previous": "The solutions printed at the back are the previous issue's.",
        "separate": "The solutions are printed in a separate answer booklet.",
        "none": "No solutions are printed in this book.",
    }[placement]


@dataclass
class Booklet:
    """The booklet laid out, its pages counted, ready to be written."""

    pages: int  # blank pages included
    smallest_text_pt: float  # the smallest text set on its pages, labels and running heads too
    write: Callable[[], pdf.Written]
    blank_pages: int = 0  # added at the end to the print service's multiple (impose.padded)
    colours: set[Colour] = field(default_factory=set)  # what its pages set (inks.stream_colours): a book's, for its print check


@dataclass
class Rendered:
    booklet: Booklet
    box: PageBox
    answers: Document | None = None
    placements: dict[str, Placement] = field(default_factory=dict)  # "sections[0]" -> grid and scale
    figures: Measured | None = None  # the finest print of the figures, after scaling

