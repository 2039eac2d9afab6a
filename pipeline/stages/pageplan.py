"""The page plan, checked before anything is generated.

A grid that cannot print legibly in the room the page and margins leave, or a book too thick for
the gutter table, is reported with the spec's other problems, before minutes of generation. A
book needs no PDF engine: sizes come from the figures' own measurements. A newsletter's back
page holds text (the rules) whose height only the PDF engine knows, so its sheet is laid out with
blank stand-ins in a temporary folder.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

from pipeline.interface.puzzle_type import PuzzleType
from pipeline.interface.grades import grade_label
from pipeline.interface.params import Params
from pipeline.registry import puzzle_types
from pipeline.render.book import (
    HowToPlay,
    PrintedLink,
    Printed,
    place_section,
    plan_book,
    how_to_play_page,
    puzzle_slot,
)
from pipeline.render.figures import Drawn, stand_in
from pipeline.render.style import BookStyle
from pipeline.render.geometry import (
    PageBox,
    Unfit,
    gutter_guess,
    legibility,
    page_box,
    answer_scale,
    place_answers,
)
from pipeline.spec import JobSpec
from pipeline.share.puzzlink import HOST, longest_url, url_prefix
from pipeline.share.qr import largest_size_mm
from pipeline.share.web import issue_folder, page_name
from pipeline.codes import LONGEST_SLUG, puzzle_id
from pipeline.stages.drawing import example_params, link_text
from pipeline.stages.styles import book_style, front_pages

NOWHERE = Path("puzzles/stand-in.svg")  # stand-ins are planned, never drawn
NOWHERE_QR = Path("puzzles/stand-in-qr.svg")


def _figures(ptype: PuzzleType, params: Params) -> tuple[Drawn, Drawn]:
    """The puzzle and answer as the type says they print for these parameters: no puzzle made."""
    return (
        stand_in(ptype.print_size(params, answer=False), NOWHERE),
        stand_in(ptype.print_size(params, answer=True), NOWHERE),
    )


def _web(job: JobSpec) -> str | None:
    """The web edition's folder a printed link points into (links.base), or None for puzz.link."""
    return job.links.base + issue_folder(job.date) if job.links.base else None


def _stand_in(ptype: PuzzleType, section_index: int, params: Params, number: int, links: str, web: str | None = None) -> Printed:
    """A blank puzzle with the label the real one will print: its link, and its section's grade,
    or the longest grade word (medium) when the section grades but does not choose."""
    grade = grade_label({"tier": params.difficulty or "medium"})
    figures = _figures(ptype, params)
    link = _stand_in_link(ptype, params, links, web)
    return Printed(number, section_index, "stand-in", f"{ptype.title} {params.label}", *figures, link=link, grade=grade)


def _stand_in_link(ptype: PuzzleType, params: Params, style: str, web: str | None = None) -> PrintedLink | None:
    """The most room the section's links can take, before any puzzle is made: the largest QR
    code a URL of its grid can make, or the longest printed link. A web-edition page's address
    is the folder's, an id (at most its type and parameters, the longest code slug and its tag)
    and `.html`."""
    if web is not None:
        shortest = web + page_name(puzzle_id(ptype.name, params, "a"))
        if style == "qr":
            return PrintedLink(qr=NOWHERE_QR, qr_mm=largest_size_mm(shortest))
        if style == "text":
            longest = web + page_name(f"{ptype.name}-{params.slug}-" + "p" * LONGEST_SLUG)
            return PrintedLink(text=link_text(longest))
    link = ptype.share.link
    if link is None:  # no puzz.link genre: its puzzles print without a link
        return None
    if style == "qr":
        return PrintedLink(qr=NOWHERE_QR, qr_mm=largest_size_mm(url_prefix(link, params.rows, params.cols)))
    if style == "text":
        longest = longest_url(link, params.rows, params.cols)
        return PrintedLink(text=link_text(HOST + "p" * (longest - len(HOST))))
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


def page_problems(job: JobSpec) -> list[str]:
    """Problems of page geometry, found before anything is generated: grids that cannot print
    legibly in the room the page and margins leave, or a book too thick for the gutter table.

    Sizes come from each type's print_size for the section's parameters, the most room any
    puzzle of them can take, so nothing is generated; the layout checks every real puzzle again.
    """
    types = puzzle_types()
    style = book_style(job)
    samples = [_stand_in(types[s.type], i, s.puzzle_params, i + 1, job.link_style(i), _web(job)) for i, s in enumerate(job.sections)]
    if style.newsletter:
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


def check_newsletter(job: JobSpec, puzzles: list[Printed], previous: list[Printed]) -> list[str]:
    """The sheet laid out with stand-ins (figures of the most room its puzzles can take, drawn
    blank) before anything is generated: the front, the rules and the answers on the back are
    measured as the real layout measures them, so a sheet that cannot fit writes nothing."""
    from pipeline.stages.newsletter import render_newsletter  # WeasyPrint measures the text of the back

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
