"""preflight: page geometry checked before anything is generated.

A grid that cannot print legibly in the room the page and margins leave, or a book too thick for
the gutter table, is reported with the spec's other problems, before minutes of generation. It
needs no PDF engine: sizes come from the figures' own measurements.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.errors import RecordError
from pipeline.manifest import Entry
from pipeline.records import check_common_fields, read_json
from pipeline.registry import puzzle_types
from pipeline.render.book import (
    MASTHEAD_MM,
    Printed,
    plan_newsletter,
    rules_page,
    types_in_order,
)
from pipeline.render.figures import Drawn, sample_puzzle
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


def _kept_puzzle(ptype: Any, size: int, outdir: Path | None) -> Any | None:
    """A puzzle of this type and size already in the output folder (a re-run), so preflight
    need not generate its sample again."""
    for path in sorted((outdir / "puzzles").glob(f"{ptype.name}-{size}-*.json")) if outdir else []:
        try:
            record = read_json(path)
            if check_common_fields(record, str(path), puzzle_types()) is ptype and record["rows"] == size:
                return ptype.from_record(record)
        except RecordError:
            continue
    return None


def _sample(ptype: Any, section_index: int, size: int, number: int, outdir: Path | None) -> Printed | None:
    """A stand-in for a puzzle not generated yet: a real puzzle of the size, kept from an earlier
    run or made from a fixed code (None if the generator cannot make that one: the layout still
    checks the real puzzles)."""
    puzzle = _kept_puzzle(ptype, size, outdir) or sample_puzzle(ptype.name, size)
    if puzzle is None:
        return None
    entry = Entry(
        id="sample", type=ptype.name, size=size, code="sample", section=section_index, number=number,
        role="puzzle", generator="",
    )
    fake = Path("puzzles/sample.svg")
    return Printed(entry, ptype.title, Drawn(ptype.draw(puzzle, answer=False), fake), Drawn(ptype.draw(puzzle, answer=True), fake))


def _check_book(
    job: JobSpec, box: PageBox, samples: list[Printed | None], examples: dict[str, tuple[Drawn, Drawn]]
) -> tuple[list[str], int]:
    """Every section's puzzles and answers placed on their own, so every problem is reported;
    and the page count the book would have."""
    rules = legibility(job.page.large_print)
    problems: list[str] = []
    pages = int(job.front_matter.title_page) + int(job.front_matter.contents)
    for name in examples:
        try:
            rules_page(name, examples[name], box, rules, Path("."))
            pages += 1
        except Unfit as exc:
            problems.append(str(exc))
    answers = job.answers.placement in ("end", "section", "previous")
    for index, section in enumerate(job.sections):
        sample = samples[index]
        if sample is None:
            pages += section.count * 2  # unmeasured: count the thickest book it could make
            continue
        what = f"sections[{index}] ({section.heading})"
        try:
            placed = place_puzzles([sample.puzzle.figure], box, section.per_page, rules, what)
            pages += -(-section.count // placed.grid.per_page)
        except Unfit as exc:
            problems.append(str(exc))
        if not answers:
            continue
        try:
            placed = place_answers(
                [sample.answer.figure] * section.count, box.content_width, box.content_height, job.answers.per_page, rules,
                f"answers.per_page ({section.heading})",
            )
            pages += -(-section.count // placed.grid.per_page)
        except Unfit as exc:
            problems.append(str(exc))
    return problems, pages


def preflight(job: JobSpec, outdir: Path | None = None) -> list[str]:
    """Problems of page geometry, found before anything is generated: grids that cannot print
    legibly in the room the page and margins leave, or a book too thick for the gutter table.

    Sizes are measured on one real puzzle per type and size (from a fixed code); the layout
    checks every real puzzle again.
    """
    types = puzzle_types()
    samples = [_sample(types[s.type], i, s.size, i + 1, outdir) for i, s in enumerate(job.sections)]
    if job.format == "newsletter":
        puzzles = [sample for sample, section in zip(samples, job.sections) if sample for _ in range(section.count)]
        if not puzzles:
            return []
        try:
            sheet = page_box(job, 0.0)
            plan_newsletter(job, sheet, puzzles, [], Path("."), None, sheet.content_height - MASTHEAD_MM, None)
        except Unfit as exc:
            return [str(exc)]
        return []
    examples = {}
    if job.front_matter.how_to_play:
        for name in types_in_order(job):
            smallest = _sample(types[name], 0, min(types[name].sizes), 0, outdir)
            if smallest is not None:
                examples[name] = (smallest.puzzle, smallest.answer)
    problems, pages = _check_book(job, page_box(job, gutter_guess(job, 1)), samples, examples)
    if problems:
        return problems
    try:
        gutter = gutter_guess(job, pages)
    except Unfit as exc:
        return [f"page.gutter: {exc}"]
    return _check_book(job, page_box(job, gutter), samples, examples)[0]
