"""The page plan: which figures go on which page, at what size, under which heading.

Pagination is decided here, not by WeasyPrint: every puzzle and answer page is one sheet whose
slots are sized in millimetres, so a grid can never be split across pages, every puzzle of a
section prints at one scale, and the page count is known before rendering (which lets `gutter:
auto` pick its width up front). The templates in layouts/ only draw what the plan says.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Sequence

from pipeline.render.svg import Figure
from pipeline.render.figures import Drawn
from pipeline.render.geometry import (
    GAP_MM,
    Arrangement,
    even_arrangement,
    Legibility,
    PageBox,
    Placement,
    Unfit,
    arrangement_for,
    legibility,
    place_answers,
    place_puzzles,
    scale_in,
)
from pipeline.render.style import BookStyle

MASTHEAD_MM = 24.0  # a newsletter's title and date above its puzzles, until measured


@dataclass(frozen=True)
class Printed:
    """A puzzle that goes into the booklet, with its two pictures."""

    number: int  # its number in the booklet
    section: int
    code: str
    label: str  # type and grid: "Nonogram 20×15"
    puzzle: Drawn
    answer: Drawn


@dataclass(frozen=True)
class Slot:
    """One figure under a label of two lines that never wrap: "12 Nonogram 10×10" over "code harbour".

    `target` ("#puzzle-12") ends the second line with the page that anchor lands on;
    `page_text` gives that page as plain text when it lies in another PDF.
    """

    heading: str
    detail: str
    note: str
    src: str
    width: float
    height: float
    anchor: str | None = None
    target: str | None = None
    page_text: str | None = None


@dataclass(frozen=True)
class Sheet:
    """One puzzle or answer page."""

    kind: str  # "puzzles" or "answers"
    header: str  # the running header
    arrangement: Arrangement
    slots: list[Slot]
    anchor: str | None = None  # the contents page points here

    @property
    def height(self) -> float:
        return self.arrangement.rows * self.arrangement.slot_height + (self.arrangement.rows - 1) * GAP_MM


@dataclass(frozen=True)
class ContentsLine:
    text: str
    target: str


@dataclass(frozen=True)
class HowToPlay:
    """What a how-to-play page shows for one type: its rules and a solved example."""

    name: str
    title: str
    text: str  # paragraphs separated by blank lines
    example_label: str  # "Nonogram 5×5"
    example: tuple[Drawn, Drawn] | None


@dataclass(frozen=True)
class HowToPlayPage:
    """How to play one type: its rules and a solved example (puzzle and answer)."""

    anchor: str
    title: str
    paragraphs: list[str]
    example: Sheet | None


@dataclass
class BookPlan:
    sheets: list[Sheet]
    how_to_play: list[HowToPlayPage]
    contents: list[ContentsLine]
    placements: dict[str, Placement] = field(default_factory=dict)  # "sections[0]" -> grid and scale

    @property
    def pages(self) -> int:
        """Pages before rendering; text pages are counted as one each."""
        return len(self.sheets) + len(self.how_to_play) + (1 if self.contents else 0)


def src_for(path: Path, outdir: Path) -> str:
    """The picture's URL relative to the output folder (the document's base URL)."""
    return path.relative_to(outdir).as_posix()


def _chunks(items: Sequence[Slot], size: int) -> list[list[Slot]]:
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def _size(figure: Figure, scale: float) -> tuple[float, float]:
    return round(figure.width_mm * scale, 2), round(figure.height_mm * scale, 2)


def puzzle_slot(item: Printed, scale: float, outdir: Path) -> Slot:
    width, height = _size(item.puzzle.figure, scale)
    return Slot(
        heading=str(item.number), detail=item.label, note=f"code {item.code}",
        src=src_for(item.puzzle.path, outdir), width=width, height=height, anchor=f"puzzle-{item.number}",
    )


def answer_slot(item: Printed, scale: float, outdir: Path, *, page_text: str | None = None, issue: dt.date | None = None) -> Slot:
    """An answer labelled with its puzzle's number and page (or, from an earlier issue, its date)."""
    width, height = _size(item.answer.figure, scale)
    common = dict(heading=f"Answer {item.number}", detail="", src=src_for(item.answer.path, outdir), width=width, height=height)
    if issue is not None:
        return Slot(note=f"issue of {short_date(issue)}", **common)
    if page_text is not None:
        return Slot(note="puzzle on page ", page_text=page_text, **common)
    return Slot(note="puzzle on page ", target=f"#puzzle-{item.number}", **common)


def short_date(day: dt.date) -> str:
    return f"{day.day} {day.strftime('%b %Y')}"


def long_date(day: dt.date) -> str:
    return f"{day.strftime('%A')} {day.day} {day.strftime('%B %Y')}"


def _answer_sheets(
    items: Sequence[Printed], box: PageBox, style: BookStyle, legible: Legibility, outdir: Path, header: str,
    anchor: str, what: str, pages: dict[int, int] | None = None, issue: dt.date | None = None,
) -> tuple[list[Sheet], Placement]:
    placement = place_answers(
        [i.answer.figure for i in items], box.content_width, box.content_height, style.answers.per_page, legible, what
    )
    slots = [
        answer_slot(i, placement.scale, outdir, page_text=str(pages[i.number]) if pages else None, issue=issue)
        for i in items
    ]
    sheets = [
        Sheet("answers", header, placement.arrangement, chunk, anchor if k == 0 else None)
        for k, chunk in enumerate(_chunks(slots, placement.arrangement.per_page))
    ]
    return sheets, placement


def _section_sheets(
    index: int, items: Sequence[Printed], box: PageBox, style: BookStyle, legible: Legibility, outdir: Path
) -> tuple[list[Sheet], Placement]:
    section = style.sections[index]
    placement = place_puzzles(
        [i.puzzle.figure for i in items], box, section.per_page, legible, f"sections[{index}] ({section.heading})"
    )
    slots = [puzzle_slot(i, placement.scale, outdir) for i in items]
    sheets = [
        Sheet("puzzles", section.heading, placement.arrangement, chunk, f"section-{index}" if k == 0 else None)
        for k, chunk in enumerate(_chunks(slots, placement.arrangement.per_page))
    ]
    return sheets, placement


def rules_paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def how_to_play_page(content: HowToPlay, box: PageBox, legible: Legibility, outdir: Path) -> HowToPlayPage:
    """How to play: the rules, then the example puzzle beside its answer (or above it, when
    side by side would print them too small), in at most half the page."""
    sheet = None
    if content.example is not None:
        puzzle, answer = content.example
        figures = [puzzle.figure, answer.figure]
        placement = None
        for cols, share in ((2, 0.5), (1, 0.8)):  # beside each other in half the page, or stacked
            arrangement = even_arrangement(cols, 2 // cols, box.content_width, box.content_height * share, legible.label)
            try:
                placement = Placement(arrangement, scale_in(figures, arrangement, legible, f"how to play {content.title}"))
                break
            except Unfit:
                continue
        if placement is None:
            raise Unfit(f"page: the how-to-play example ({content.example_label}) does not fit legibly on the page")
        arrangement = replace(placement.arrangement, slot_height=placement.arrangement.label + max(f.height_mm for f in figures) * placement.scale)
        placement = Placement(arrangement, placement.scale)
        slots = []
        for drawn, heading in ((puzzle, "Example"), (answer, "Its answer")):
            w, h = _size(drawn.figure, placement.scale)
            slots.append(Slot(heading=heading, detail="", note=content.example_label, src=src_for(drawn.path, outdir), width=w, height=h))
        sheet = Sheet("example", content.title, placement.arrangement, slots)
    return HowToPlayPage(f"how-to-play-{content.name}", f"How to play {content.title}", rules_paragraphs(content.text), sheet)


def plan_book(
    style: BookStyle, box: PageBox, sections: Sequence[Sequence[Printed]], previous: Sequence[Printed],
    how_to_play: Sequence[HowToPlay], outdir: Path,
) -> BookPlan:
    """The whole booklet: how-to-play pages, each section's puzzles, the answers where asked."""
    legible = legibility(style.page.large_print)
    policy = style.answers
    plan = BookPlan(sheets=[], how_to_play=[], contents=[])
    for content in how_to_play:
        page = how_to_play_page(content, box, legible, outdir)
        plan.how_to_play.append(page)
        plan.contents.append(ContentsLine(page.title, f"#{page.anchor}"))
    answers_at_end: list[Sheet] = []
    for index, items in enumerate(sections):
        if not items:
            continue
        heading = style.sections[index].heading
        sheets, placement = _section_sheets(index, items, box, style, legible, outdir)
        plan.sheets += sheets
        plan.placements[f"sections[{index}]"] = placement
        plan.contents.append(ContentsLine(heading, f"#section-{index}"))
        if policy.at_end or policy.after_each_section:
            answers, placed = _answer_sheets(
                items, box, style, legible, outdir, f"Answers · {heading}", f"answers-{index}", f"answers.per_page ({heading})"
            )
            plan.placements[f"answers[{index}]"] = placed
            if policy.after_each_section:
                plan.sheets += answers
                plan.contents.append(ContentsLine(f"Answers · {heading}", f"#answers-{index}"))
            else:
                answers_at_end += answers
    if policy.at_end and answers_at_end:
        plan.sheets += answers_at_end
        plan.contents.append(ContentsLine("Answers", f"#{answers_at_end[0].anchor}"))
    if policy.from_previous_issue and previous:
        issue = style.previous_issue
        answers, placed = _answer_sheets(
            previous, box, style, legible, outdir, "Answers to the previous issue", "answers-previous",
            "answers.per_page (previous issue)", issue=issue,
        )
        plan.placements["answers[previous]"] = placed
        plan.sheets += answers
        plan.contents.append(ContentsLine("Answers to the previous issue", "#answers-previous"))
    if not style.contents:
        plan.contents = []
    return plan


def plan_separate_answers(
    style: BookStyle, box: PageBox, sections: Sequence[Sequence[Printed]], pages: dict[int, int], outdir: Path
) -> list[Sheet]:
    """answers.pdf: each section's answers, labelled with the booklet page of their puzzle."""
    legible = legibility(style.page.large_print)
    sheets: list[Sheet] = []
    for index, items in enumerate(sections):
        if items:
            heading = style.sections[index].heading
            sheets += _answer_sheets(
                items, box, style, legible, outdir, f"Answers · {heading}", f"answers-{index}",
                f"answers.per_page ({heading})", pages=pages,
            )[0]
    return sheets


@dataclass
class NewsletterPlan:
    front: Sheet
    front_placements: dict[str, Placement]
    how_to_play: list[HowToPlayPage]  # text only, on the back
    back_title: str | None  # None: no answers on the sheet
    back: Sheet | None  # None until the room under the back's text is known


def plan_newsletter(
    style: BookStyle, box: PageBox, puzzles: Sequence[Printed], answers: Sequence[Printed], how_to_play: Sequence[HowToPlay], outdir: Path,
    answers_from: dt.date | None, front_room: float, answers_room: float | None,
) -> NewsletterPlan:
    """Front: masthead and every puzzle of the issue in `front_room` mm. Back: how to play, then
    the answers in `answers_room` mm. Both rooms are measured on a render without the grid
    that fills them; MASTHEAD_MM is the first guess for the front."""
    legible = legibility(style.page.large_print)
    width = max(p.puzzle.figure.width_mm for p in puzzles)
    height = max(p.puzzle.figure.height_mm for p in puzzles)
    arrangement = arrangement_for(len(puzzles), box.content_width, front_room, width, height, legible.label)
    placements = {}
    for index in range(len(style.sections)):
        figures = [p.puzzle.figure for p in puzzles if p.section == index]
        if figures:
            what = f"sections[{index}] ({style.sections[index].heading}) on the front page"
            placements[f"sections[{index}]"] = Placement(arrangement, scale_in(figures, arrangement, legible, what))
    slots = [puzzle_slot(p, placements[f"sections[{p.section}]"].scale, outdir) for p in puzzles]
    front = Sheet("puzzles", style.title, arrangement, slots, "front")

    pages = [
        HowToPlayPage(f"how-to-play-{content.name}", f"How to play {content.title}", rules_paragraphs(content.text), None)
        for content in how_to_play
    ]
    back_title = None
    back = None
    if answers:
        back_title = "Answers to the previous issue" if answers_from is not None else "Answers"
    if answers and answers_room is not None:
        figures = [a.answer.figure for a in answers]
        back_arrangement = arrangement_for(
            len(answers), box.content_width, answers_room,
            max(f.width_mm for f in figures), max(f.height_mm for f in figures), legible.label,
        )
        scale = scale_in(figures, back_arrangement, legible, "answers on the back page")
        page_text = None if answers_from is not None else "1"
        back = Sheet("answers", back_title, back_arrangement, [answer_slot(a, scale, outdir, page_text=page_text, issue=answers_from) for a in answers])
    return NewsletterPlan(front, placements, pages, back_title, back)
