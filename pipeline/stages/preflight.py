"""preflight: page geometry checked before anything is generated.

A grid that cannot print legibly in the room the page and margins leave, or a book too thick for
the gutter table, is reported with the spec's other problems, before minutes of generation. It
needs no PDF engine: sizes come from the figures' own measurements.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pipeline.puzzles.base import PuzzleType
from pipeline.puzzles.params import Params
from pipeline.registry import puzzle_types
from pipeline.render.book import (
    MASTHEAD_MM,
    HowToPlay,
    Printed,
    plan_book,
    plan_newsletter,
    how_to_play_page,
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
    place_puzzles,
)
from pipeline.spec import JobSpec, Section
from pipeline.stages.drawing import example_params

NOWHERE = Path("puzzles/stand-in.svg")  # stand-ins are planned, never drawn


def book_style(job: JobSpec) -> BookStyle:
    """What page planning needs of the job."""
    return BookStyle(
        title=job.title, page=job.page, newsletter=job.format == "newsletter", answers=job.answers,
        contents=job.front_matter.contents,
        sections=tuple(SectionStyle(section.heading, section.per_page, sizing(section, job.page.large_print)) for section in job.sections),
        previous_issue=job.previous_issue().date if job.answers.from_previous_issue else None,
        title_page=job.front_matter.title_page,
    )


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


def _stand_in(ptype: PuzzleType, section_index: int, params: Params, number: int) -> Printed:
    return Printed(number, section_index, "stand-in", f"{ptype.title} {params.label}", *_figures(ptype, params))


def _how_to_play(ptype: PuzzleType) -> HowToPlay:
    params = example_params(ptype)
    return HowToPlay(ptype.name, ptype.title, ptype.how_to_play, f"{ptype.title} {params.label}", _figures(ptype, params))


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
        try:
            placed = place_puzzles([sample.puzzle.figure], box, section.per_page, legible, what, style.sections[index].sizing, count=section.count)
        except Unfit as exc:
            problems.append(str(exc))
            continue
        if not job.answers.in_booklet:
            continue
        try:
            place_answers(
                [sample.answer.figure], box.content_width, box.content_height, job.answers.per_page, legible,
                f"answers.per_page ({section.heading})", answer_scale(placed.scale),
            )
        except Unfit as exc:
            problems.append(str(exc))
    if problems:
        return problems, 0
    sections, number = [], 0
    for sample, section in zip(samples, job.sections):
        sections.append([replace(sample, number=number + k + 1) for k in range(section.count)])
        number += section.count
    previous = [p for items in sections for p in items] if job.answers.from_previous_issue else []
    plan = plan_book(style, box, sections, previous, examples, Path("."))
    return [], plan.pages + int(job.front_matter.title_page)


def preflight(job: JobSpec) -> list[str]:
    """Problems of page geometry, found before anything is generated: grids that cannot print
    legibly in the room the page and margins leave, or a book too thick for the gutter table.

    Sizes come from each type's print_size for the section's parameters, the most room any
    puzzle of them can take, so nothing is generated; the layout checks every real puzzle again.
    """
    types = puzzle_types()
    style = book_style(job)
    samples = [_stand_in(types[s.type], i, s.puzzle_params, i + 1) for i, s in enumerate(job.sections)]
    if style.newsletter:
        puzzles = [sample for sample, section in zip(samples, job.sections) for _ in range(section.count)]
        try:
            sheet = page_box(style, 0.0)
            plan_newsletter(style, sheet, puzzles, [], [], Path("."), None, sheet.content_height - MASTHEAD_MM, None)
        except Unfit as exc:
            return [str(exc)]
        return []
    examples = [_how_to_play(types[name]) for name in job.types_in_order()] if job.front_matter.how_to_play else []
    problems, pages = _check_book(job, style, page_box(style, gutter_guess(style, 1)), samples, examples)
    if problems:
        return problems
    try:
        gutter = gutter_guess(style, pages)
    except Unfit as exc:
        return [f"page.gutter: {exc}"]
    return _check_book(job, style, page_box(style, gutter), samples, examples)[0]
