"""preflight: page geometry checked before anything is generated.

A grid that cannot print legibly in the room the page and margins leave, or a book too thick for
the gutter table, is reported with the spec's other problems, before minutes of generation. A
book needs no PDF engine: sizes come from the figures' own measurements. A newsletter's back
page holds text (the rules) whose height only the PDF engine knows, so its sheet is laid out with
blank stand-ins in a temporary folder.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pipeline.interface.puzzle_type import PuzzleType
from pipeline.interface.grades import grade_label
from pipeline.interface.params import Params
from pipeline.registry import puzzle_types
from pipeline.render.book import (
    HowToPlay,
    Link,
    Printed,
    place_section,
    plan_book,
    how_to_play_page,
    puzzle_slot,
)
from pipeline.render.figures import Drawn, stand_in
from pipeline.render.style import BookStyle, SectionStyle, Sizing
from pipeline.render.geometry import (
    LARGE_PRINT_SCALE,
    PageBox,
    Unfit,
    gutter_guess,
    legibility,
    page_box,
    answer_scale,
    place_answers,
)
from pipeline.spec import JobSpec, Section
from pipeline.share.puzzlink import HOST, longest_url, url_prefix
from pipeline.share.qr import largest_size_mm
from pipeline.stages.drawing import example_params, link_text

NOWHERE = Path("puzzles/stand-in.svg")  # stand-ins are planned, never drawn
NOWHERE_QR = Path("puzzles/stand-in-qr.svg")


def book_style(job: JobSpec) -> BookStyle:
    """What page planning needs of the job."""
    return BookStyle(
        title=job.title, page=job.page, newsletter=job.format == "newsletter", answers=job.answers,
        contents=job.front_matter.contents,
        sections=tuple(SectionStyle(section.heading, section.per_page, sizing(section, job.page.large_print)) for section in job.sections),
        previous_issue=job.previous_issue().date if job.answers.from_previous_issue else None,
        front_pages=front_pages(job),
        profile=job.profile,
    )


def front_pages(job: JobSpec) -> int:
    """The pages before the contents: the title page and the copyright page after it."""
    return int(job.front_matter.title_page) + int(job.front_matter.copyright_page and job.format == "book")


def sizing(section: Section, large_print: bool) -> Sizing:
    """How big the section's grids print: the cell it asks for, the type's natural cell, or as
    large as the page allows up to the type's largest cell (half as big again in large print)."""
    ptype = puzzle_types()[section.type]
    if section.cell is not None:
        return Sizing(section.cell / ptype.cell_mm, exact=True)
    grow = LARGE_PRINT_SCALE if large_print else 1.0
    if section.scale == "natural":
        return Sizing(grow, exact=True)
    return Sizing(grow * ptype.max_cell_mm / ptype.cell_mm)


def _figures(ptype: PuzzleType, params: Params) -> tuple[Drawn, Drawn]:
    """The puzzle and answer as the type says they print for these parameters: no puzzle made."""
    return (
        stand_in(ptype.print_size(params, answer=False), NOWHERE),
        stand_in(ptype.print_size(params, answer=True), NOWHERE),
    )


def _stand_in(ptype: PuzzleType, section_index: int, params: Params, number: int, links: str) -> Printed:
    """A blank puzzle with the label the real one will print: its link, and its section's grade,
    or the longest grade word (medium) when the section grades but does not choose."""
    grade = grade_label({"tier": params.difficulty or "medium"})
    figures = _figures(ptype, params)
    link = _stand_in_link(ptype, params, links)
    return Printed(number, section_index, "stand-in", f"{ptype.title} {params.label}", *figures, link=link, grade=grade)


def _stand_in_link(ptype: PuzzleType, params: Params, style: str) -> Link | None:
    """The most room the section's links can take, before any puzzle is made: the largest QR
    code a URL of its grid can make, or the longest printed link."""
    if style == "qr":
        return Link(qr=NOWHERE_QR, qr_mm=largest_size_mm(url_prefix(ptype.name, params.rows, params.cols)))
    if style == "text":
        longest = longest_url(ptype.name, params.rows, params.cols)
        return Link(text=link_text(HOST + "p" * (longest - len(HOST))))
    return None


def _how_to_play(ptype: PuzzleType) -> HowToPlay:
    params = example_params(ptype)
    return HowToPlay(ptype.name, ptype.title, ptype.how_to_play, f"{ptype.title} {params.label}", _figures(ptype, params))


def _numbered(sections: list[list[Printed]]) -> list[Printed]:
    """Every section's stand-ins numbered through the job, as the real puzzles are."""
    return [replace(item, number=number) for number, item in enumerate((p for items in sections for p in items), start=1)]


def _check_book(job: JobSpec, style: BookStyle, box: PageBox, samples: list[Printed], examples: list[HowToPlay]) -> tuple[list[str], int]:
    """Every section's puzzles and answers placed on their own, so every problem is reported;
    then, when all fit, the page count of the whole book planned with stand-ins."""
    legible = legibility(job.page.large_print)
    problems: list[str] = []
    for content in examples:
        try:
            how_to_play_page(content, box, legible, Path("."))
        except Unfit as exc:
            problems.append(str(exc))
    for index, section in enumerate(job.sections):
        sample = samples[index]
        what = f"sections[{index}] ({section.heading})"
        puzzle_scale = 1.0  # the answers are checked at their natural size when their puzzles cannot fit
        try:
            placed = place_section(
                [sample.puzzle.figure], [puzzle_slot(sample, 1.0, Path("."))], box, section.per_page, legible, what,
                style.sections[index].sizing, section.count,
            )
            puzzle_scale = placed.scale
        except Unfit as exc:
            problems.append(str(exc))
        if not job.answers.in_booklet:
            continue
        try:
            place_answers(
                [sample.answer.figure], box.content_width, box.content_height, job.answers.per_page, legible,
                f"answers.per_page ({section.heading})", answer_scale(puzzle_scale),
            )
        except Unfit as exc:
            problems.append(str(exc))
    if problems:
        return problems, 0
    printed = _numbered([[sample] * section.count for sample, section in zip(samples, job.sections)])
    sections = [[p for p in printed if p.section == index] for index in range(len(job.sections))]
    plan = plan_book(style, box, sections, printed if job.answers.from_previous_issue else [], examples, Path("."))
    return [], plan.pages + front_pages(job)


def preflight(job: JobSpec) -> list[str]:
    """Problems of page geometry, found before anything is generated: grids that cannot print
    legibly in the room the page and margins leave, or a book too thick for the gutter table.

    Sizes come from each type's print_size for the section's parameters, the most room any
    puzzle of them can take, so nothing is generated; the layout checks every real puzzle again.
    """
    types = puzzle_types()
    style = book_style(job)
    samples = [_stand_in(types[s.type], i, s.puzzle_params, i + 1, job.link_style(i)) for i, s in enumerate(job.sections)]
    if style.newsletter:
        from pipeline.stages.layout import check_newsletter  # WeasyPrint measures the text of the back

        puzzles = _numbered([[sample] * section.count for sample, section in zip(samples, job.sections)])
        return check_newsletter(job, puzzles, puzzles if job.answers.from_previous_issue else [])
    examples = [_how_to_play(types[name]) for name in job.types_in_order()] if job.front_matter.how_to_play else []
    problems, pages = _check_book(job, style, page_box(style, gutter_guess(style, 1)), samples, examples)
    if problems:
        return problems
    try:
        gutter = gutter_guess(style, pages)
    except Unfit as exc:
        return [f"page.gutter: {exc}"]
    return _check_book(job, style, page_box(style, gutter), samples, examples)[0]
