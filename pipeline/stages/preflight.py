"""preflight: page geometry checked before anything is generated.

A grid that cannot print legibly in the room the page and margins leave, or a book too thick for
the gutter table, is reported with the spec's other problems, before minutes of generation. It
needs no PDF engine: sizes come from the figures' own measurements.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.puzzles.base import PuzzleType
from pipeline.puzzles.params import Params
from pipeline.registry import puzzle_types
from pipeline.render.book import (
    MASTHEAD_MM,
    HowToPlay,
    Printed,
    plan_newsletter,
    how_to_play_page,
)
from pipeline.render.figures import Drawn, stand_in
from pipeline.render.style import BookStyle, SectionStyle
from pipeline.render.geometry import (
    PageBox,
    Unfit,
    gutter_guess,
    legibility,
    page_box,
    place_answers,
    place_puzzles,
)
from pipeline.spec import JobSpec
from pipeline.stages.drawing import example_params

NOWHERE = Path("puzzles/stand-in.svg")  # stand-ins are planned, never drawn


def book_style(job: JobSpec) -> BookStyle:
    """What page planning needs of the job."""
    return BookStyle(
        title=job.title, page=job.page, newsletter=job.format == "newsletter", answers=job.answers,
        contents=job.front_matter.contents,
        sections=tuple(SectionStyle(section.heading, section.per_page) for section in job.sections),
        previous_issue=job.previous_issue().date if job.answers.from_previous_issue else None,
        profile=job.profile,
    )


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


def _check_book(job: JobSpec, box: PageBox, samples: list[Printed], examples: list[HowToPlay]) -> tuple[list[str], int]:
    """Every section's puzzles and answers placed on their own, so every problem is reported;
    and the page count the book would have."""
    legible = legibility(job.page.large_print)
    problems: list[str] = []
    pages = int(job.front_matter.title_page) + int(job.front_matter.copyright_page) + int(job.front_matter.contents)
    for content in examples:
        try:
            how_to_play_page(content, box, legible, Path("."))
            pages += 1
        except Unfit as exc:
            problems.append(str(exc))
    answers = job.answers.in_booklet
    for index, section in enumerate(job.sections):
        sample = samples[index]
        what = f"sections[{index}] ({section.heading})"
        try:
            placed = place_puzzles([sample.puzzle.figure], box, section.per_page, legible, what)
            pages += -(-section.count // placed.arrangement.per_page)
        except Unfit as exc:
            problems.append(str(exc))
        if not answers:
            continue
        try:
            placed = place_answers(
                [sample.answer.figure] * section.count, box.content_width, box.content_height, job.answers.per_page, legible,
                f"answers.per_page ({section.heading})",
            )
            pages += -(-section.count // placed.arrangement.per_page)
        except Unfit as exc:
            problems.append(str(exc))
    return problems, pages


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
    problems, pages = _check_book(job, page_box(style, gutter_guess(style, 1)), samples, examples)
    if problems:
        return problems
    try:
        gutter = gutter_guess(style, pages)
    except Unfit as exc:
        return [f"page.gutter: {exc}"]
    return _check_book(job, page_box(style, gutter), samples, examples)[0]
