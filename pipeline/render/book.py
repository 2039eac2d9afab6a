"""The page plan: which figures go on which page, at what size, under which heading.

Pagination is decided here, not by WeasyPrint: every puzzle and answer page is one sheet whose
slots are sized in millimetres, so a grid can never be split across pages, every puzzle of a
section prints at one scale, and the page count is known before rendering (which lets `gutter:
auto` pick its width up front). The templates in layouts/ only draw what the plan says.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Sequence

from pipeline import fonts
from pipeline.units import MM_PER_PT
from pipeline.render.svg import FigureSize
from pipeline.render.figures import Drawn
from pipeline.render.geometry import (
    GAP_MM,
    Arrangement,
    Extent,
    Front,
    Legibility,
    PageBox,
    Placement,
    Unfit,
    answer_scale,
    arrangement_for,
    even_arrangement,
    extent,
    LabelLine,
    label_height,
    legibility,
    min_scale,
    place_answers,
    shrunk_answers,
    ANSWER_CELL_FLOOR_MM,
    ANSWER_SHARES,
    place_puzzles,
    plan_front,
    scale_in,
)
from pipeline.render.style import BookStyle, Sizing

MASTHEAD_MM = 24.0  # a newsletter's title and date above its puzzles, until measured
FLOW_HEADING_MM = 8.0  # a section's name where its answers start in a run of answer pages
FLOW_LINE_HEIGHT = 1.35  # print.css: html's line height, which .flow-heading keeps
PAGE_DIGITS = "0000"  # room the label keeps for a page number it cannot know yet
QR_GAP_MM = 2.0  # between a QR code and the label's text or the picture below (its quiet zone is extra)


@dataclass(frozen=True)
class PrintedLink:
    """Where a puzzle is played online, as printed beside its label: a line of text, or a QR
    code (an SVG file `qr_mm` wide and high, its quiet zone included)."""

    text: str | None = None
    qr: Path | None = None
    qr_mm: float = 0.0


@dataclass(frozen=True)
class Printed:
    """A puzzle that goes into the booklet, with its two pictures."""

    number: int  # its number in the booklet
    section: int
    code: str
    label: str  # type and grid: "Nonogram 20×15"
    puzzle: Drawn
    answer: Drawn
    link: PrintedLink | None = None
    title: str = ""  # what the answer shows, when it is a named picture: "Anchor"
    grade: str = ""  # as the label prints it: "★★☆☆ medium"; "" when the puzzle has no grade


@dataclass(frozen=True)
class Slot:
    """One figure under a label of two lines (more when a long code wraps): "12 Nonogram 10×10"
    over "code harbour". Positions are mm from the top-left of the page's content box.

    `target` ("#puzzle-12") ends the second line with the page that anchor lands on, the label
    keeping room for PAGE_DIGITS; with_page_numbers writes that page into `page_text`, which
    alone gives a page of another PDF.
    """

    heading: str
    detail: str
    note: str
    src: str
    width: float  # the picture's printed size
    height: float
    anchor: str | None = None
    target: str | None = None
    page_text: str | None = None
    shows: int | None = None  # the number of the puzzle it prints
    solves: int | None = None  # the number of this book's puzzle whose answer it prints
    x: float = 0.0  # the label's box
    y: float = 0.0
    span: float = 0.0
    label: float = 0.0
    image_x: float = 0.0  # the picture's top-left corner
    image_y: float = 0.0
    link_text: str | None = None  # a printed link, a line of the label
    qr_src: str | None = None  # a QR code at the label's right end, `qr_mm` square, at (qr_x, qr_y)
    qr_mm: float = 0.0
    qr_x: float = 0.0
    qr_y: float = 0.0

    @property
    def lines(self) -> tuple[LabelLine, ...]:
        """The label's lines as (bold heading, plain text): the heading, then the note and a link."""
        first, second = (self.heading, self.detail), ("", f"{self.note}{self.page_text or ''}" + (PAGE_DIGITS if self.target else ""))
        return (first, second, ("", self.link_text)) if self.link_text else (first, second)

    @property
    def text_span(self) -> float:
        """The label's width left for its text, beside its QR code."""
        return round(self.span - self.qr_mm - QR_GAP_MM, 2) if self.qr_src else self.span


@dataclass(frozen=True)
class FlowHeading:
    """A section's name inside a run of answer pages."""

    text: str
    y: float
    anchor: str | None = None


@dataclass(frozen=True)
class Sheet:
    """One puzzle or answer page (or a blank page that keeps answers out of sight)."""

    kind: str  # "puzzles", "answers", "example" or "blank"
    header: str  # the running header
    slots: list[Slot]
    height: float  # mm of the content box the slots use
    anchor: str | None = None  # the contents page points here
    headings: tuple[FlowHeading, ...] = ()


@dataclass(frozen=True)
class ContentsLine:
    text: str
    target: str
    note: str = ""  # after the text: a section's grades, "2 easy, 1 medium"
    page: str = ""  # the page `target` is on, once the plan's page numbers are known (with_page_numbers)


def grades_note(items: Sequence[Printed], heading: str = "") -> str:
    """How many puzzles of each grade a section holds, easiest first: "2 easy, 1 medium"; "2
    puzzles" when the section holds one grade its heading already names ("Nonograms: easy"), so
    the contents line says the grade once.

    A grade prints as its stars then its word, so the count of filled stars orders them."""
    counts: dict[str, int] = {}
    for item in items:
        if item.grade:
            counts[item.grade] = counts.get(item.grade, 0) + 1
    ordered = sorted(counts, key=lambda grade: grade.count("★"))
    words = [grade.split()[-1] for grade in ordered]
    if len(words) == 1 and words[0] in re.findall(r"\w+", heading.lower()):
        return f"{counts[ordered[0]]} puzzle{'s' if counts[ordered[0]] > 1 else ''}"
    return ", ".join(f"{counts[grade]} {word}" for grade, word in zip(ordered, words))


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


def _size(figure: FigureSize, scale: float) -> tuple[float, float]:
    return round(figure.width_mm * scale, 2), round(figure.height_mm * scale, 2)


def puzzle_slot(item: Printed, scale: float, outdir: Path) -> Slot:
    width, height = _size(item.puzzle.figure, scale)
    link = item.link or PrintedLink()
    detail = f"{item.label} · {item.grade}" if item.grade else item.label
    return Slot(
        heading=str(item.number), detail=detail, note=f"code {item.code}",
        src=src_for(item.puzzle.path, outdir), width=width, height=height, anchor=f"puzzle-{item.number}",
        shows=item.number, link_text=link.text, qr_src=src_for(link.qr, outdir) if link.qr else None, qr_mm=link.qr_mm,
    )


def label_room(slots: Sequence[Slot], width: float, legible: Legibility) -> float:
    """The label height for slots `width` mm wide: their text lines (wrapped beside a QR code,
    when they have one), and at least the QR code's height, so the code never reaches the grid."""
    qr = max((s.qr_mm for s in slots), default=0.0)
    if not qr:
        return label_height([s.lines for s in slots], width, legible)
    return max(label_height([s.lines for s in slots], width - qr - QR_GAP_MM, legible), qr + QR_GAP_MM)


def answer_slot(item: Printed, scale: float, outdir: Path, *, page_text: str | None = None, issue: dt.date | None = None) -> Slot:
    """An answer labelled with its puzzle's number and page (or, from an earlier issue, its date)."""
    width, height = _size(item.answer.figure, scale)
    heading = f"Answer {item.number} · {item.title}" if item.title else f"Answer {item.number}"
    common = dict(heading=heading, detail="", src=src_for(item.answer.path, outdir), width=width, height=height)
    if issue is not None:
        return Slot(note=f"issue of {issue_date(issue)}", **common)
    if page_text is not None:
        return Slot(note="puzzle on page ", page_text=page_text, solves=item.number, **common)
    return Slot(note="puzzle on page ", target=f"#puzzle-{item.number}", solves=item.number, **common)


def issue_date(day: dt.date) -> str:
    """The one way a date prints, on the masthead and under answers alike: "30 November 2026"."""
    return f"{day.day} {day.strftime('%B %Y')}"


# ---- placing figures on a page ------------------------------------------------------------


def _at(slot: Slot, figure: FigureSize, scale: float, x: float, y: float, span: float, label: float, grid_left: float, grid_top: float) -> Slot:
    """The slot with its label at (x, y) and its picture moved so its grid's corner is at
    (grid_left, grid_top): grids line up by their cells, whatever their clues take."""
    return replace(
        slot, x=round(x, 2), y=round(y, 2), span=round(span, 2), label=round(label, 2),
        image_x=round(grid_left - figure.grid_x_mm * scale, 2), image_y=round(grid_top - figure.grid_y_mm * scale, 2),
        # the code at the label's right end, QR_GAP_MM above the label's foot: clear of the picture
        qr_x=round(x + span - slot.qr_mm, 2), qr_y=round(y + label - slot.qr_mm - QR_GAP_MM, 2),
    )


def _spread(placed: Sequence[tuple[Slot, FigureSize]], arrangement: Arrangement, scale: float, room: Extent, height: float) -> list[Slot]:
    """Slots in the arrangement's rows and columns, the rows spread evenly down `height` mm: every
    grid of a row has its top on one line, every grid of a column its left edge."""
    block = arrangement.label + room.height * scale
    gap = max(0.0, height - arrangement.rows * block) / (arrangement.rows + 1)
    slots = []
    for k, (slot, figure) in enumerate(placed):
        row, col = divmod(k, arrangement.cols)
        x = col * (arrangement.slot_width + GAP_MM)
        y = gap + row * (block + gap)
        grid_left = x + (arrangement.slot_width - room.width * scale) / 2 + room.left * scale
        slots.append(_at(slot, figure, scale, x, y, arrangement.slot_width, arrangement.label, grid_left, y + arrangement.label + room.top * scale))
    return slots


def _chunks(items: Sequence, size: int) -> list[list]:
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


# ---- answers --------------------------------------------------------------------------------


@dataclass(frozen=True)
class AnswerGroup:
    """One section's answers in a run of answer pages, at one size."""

    heading: str | None  # printed inside the run; None when the running header names the section
    anchor: str
    placed: list[tuple[Slot, FigureSize]]
    placement: Placement
    room: Extent
    heading_mm: float = FLOW_HEADING_MM  # the room its heading takes: more where it wraps


def flow_heading_mm(heading: str, width: float, legible: Legibility) -> float:
    """The room a section's heading takes in a run of answer pages, `width` mm wide: one line in
    FLOW_HEADING_MM, and a line more (print.css: 1.35 times its size) for each it wraps to."""
    lines = fonts.lines_needed([(heading, legible.heading_pt, True)], width)
    return round(FLOW_HEADING_MM + (lines - 1) * legible.heading_pt * FLOW_LINE_HEIGHT * MM_PER_PT, 2)


def _answer_group(
    items: Sequence[Printed], box: PageBox, style: BookStyle, legible: Legibility, outdir: Path, puzzle_scale: float,
    heading: str | None, anchor: str, what: str, slots: Sequence[Slot], share: float = 1.0,
) -> AnswerGroup:
    """The section's answers (`items`, labelled by `slots`: answer_slots) at `share` of their target size."""
    figures = [i.answer.figure for i in items]
    room = extent(figures)
    heading_mm = flow_heading_mm(heading, box.content_width, legible) if heading else FLOW_HEADING_MM
    target = answer_scale(puzzle_scale)
    if style.answers.per_page is None:  # at `share` of the target, down to the answer cell floor
        placement = _packed_answers(figures, slots, box, legible, target, _answer_floor(style, items), share)
    else:
        placement = place_answers(figures, box.content_width, box.content_height, style.answers.per_page, legible, what, target)
    arrangement, scale = placement.arrangement, placement.scale
    slots = [replace(s, width=w, height=h) for s, (w, h) in zip(slots, (_size(i.answer.figure, scale) for i in items))]
    arrangement = replace(arrangement, label=_answer_label(tuple(s.lines for s in slots), arrangement.slot_width, legible))
    return AnswerGroup(heading, anchor, list(zip(slots, figures)), Placement(arrangement, scale), room, heading_mm)


def answer_slots(items: Sequence[Printed], outdir: Path, pages: dict[int, int] | None = None, issue: dt.date | None = None) -> list[Slot]:
    """The answers' slots at their drawn size, made once for every size a run of answer pages
    tries (up to 13: making them for each cost the 1,000-puzzle book's two plans 0.84 -> 0.63 s of CPU)."""
    return [answer_slot(i, 1.0, outdir, page_text=str(pages[i.number]) if pages else None, issue=issue) for i in items]


def _answer_floor(style: BookStyle, items: Sequence[Printed]) -> float:
    """The scale at which the section's answer cells print ANSWER_CELL_FLOOR_MM wide (0: none known)."""
    index = items[0].section
    cell = style.sections[index].cell_mm if index < len(style.sections) else 0.0
    return ANSWER_CELL_FLOOR_MM / cell if cell > 0 else 0.0


@functools.lru_cache(maxsize=1024)
def _answer_label(lines: tuple[tuple[LabelLine, ...], ...], width: float, legible: Legibility) -> float:
    """label_height of a group's answer labels, kept: a run tries each group at up to 26 sizes,
    and setting the labels took 90 % of planning book.yaml's answers."""
    return label_height(lines, width, legible)


def _packed_answers(
    figures: Sequence[FigureSize], slots: Sequence[Slot], box: PageBox, legible: Legibility, target: float, floor: float, share: float,
) -> Placement:
    """shrunk_answers, placed again under a taller label when the labels wrap in its slots (a
    narrow column sets "puzzle on page 12" over two lines, as answer pages always have)."""
    first = shrunk_answers(figures, box.content_width, box.content_height, legible, target, floor, share)
    label = _answer_label(tuple(s.lines for s in slots), first.arrangement.slot_width, legible)
    if label <= legible.label:
        return first
    return shrunk_answers(figures, box.content_width, box.content_height, legible, target, floor, share, label)


def _packed_run(
    groups_at: Callable[[float], list[AnswerGroup]], box: PageBox, per_page: int | None, header: str, anchor: str,
) -> tuple[list[Sheet], list[AnswerGroup]]:
    """The run of answer pages that takes the fewest pages, its answers as large as that allows:
    every section's answers shrink by one share of their target (never below the answer cell
    floor) until the run needs no fewer pages. An explicit per_page keeps the answers at their
    target size, that many a page."""
    shares = (1.0,) if per_page is not None else ANSWER_SHARES
    runs = []
    for share in shares:
        groups = groups_at(share)
        if runs and [g.placement for g in groups] == [g.placement for g in runs[-1][1]]:
            break  # every section is at its floor: smaller shares change nothing
        runs.append((_answer_run(groups, box, per_page, header, anchor), groups))
    fewest = min(len(sheets) for sheets, _ in runs)
    return next(run for run in runs if len(run[0]) == fewest)


def _answer_run(groups: Sequence[AnswerGroup], box: PageBox, per_page: int | None, header: str, anchor: str) -> list[Sheet]:
    """Answer pages filled row by row and section after section, with a heading where a section
    starts: no page is left half empty because a section ended. A section starts on a page only
    if its heading and first row fit there; a page holds at most `per_page` answers when set."""
    sheets: list[Sheet] = []
    slots: list[Slot] = []
    headings: list[FlowHeading] = []
    y = 0.0

    def turn() -> None:
        nonlocal slots, headings, y
        sheets.append(Sheet("answers", header, slots, box.content_height, anchor if not sheets else None, tuple(headings)))
        slots, headings, y = [], [], 0.0

    for group in groups:
        arrangement, scale = group.placement.arrangement, group.placement.scale
        row_height = arrangement.label + group.room.height * scale
        for index, row in enumerate(_chunks(group.placed, arrangement.cols)):
            heading = group.heading_mm if index == 0 and group.heading else 0.0
            full = per_page is not None and len(slots) + len(row) > per_page
            if slots and (y + heading + row_height > box.content_height + 0.01 or full):
                turn()
            if heading:
                headings.append(FlowHeading(group.heading, round(y, 2), group.anchor))
                y += heading
            for col, (slot, figure) in enumerate(row):
                x = col * (arrangement.slot_width + GAP_MM)
                grid_left = x + (arrangement.slot_width - group.room.width * scale) / 2 + group.room.left * scale
                slots.append(_at(slot, figure, scale, x, y, arrangement.slot_width, arrangement.label, grid_left, y + arrangement.label + group.room.top * scale))
            y += row_height + GAP_MM
    if slots:
        turn()
    return sheets


# ---- puzzles ------------------------------------------------------------------------------


def _section_sheets(
    index: int, items: Sequence[Printed], box: PageBox, style: BookStyle, legible: Legibility, outdir: Path
) -> tuple[list[Sheet], Placement]:
    section = style.sections[index]
    what = f"sections[{index}] ({section.heading})"
    figures = [i.puzzle.figure for i in items]
    placement = place_section(figures, [puzzle_slot(i, 1.0, outdir) for i in items], box, section.per_page, legible, what, section.sizing)
    slots = [puzzle_slot(i, placement.scale, outdir) for i in items]
    room = extent(figures)
    arrangement = placement.arrangement
    sheets = []
    for k, chunk in enumerate(balanced_chunks(list(zip(slots, figures)), arrangement.per_page)):
        if len(chunk) < arrangement.per_page:  # a short page: its grids in the rows and columns that suit so few
            fitted = arrangement_for(len(chunk), box.content_width, box.content_height, room.width, room.height, arrangement.label)
            page = replace(fitted, label=arrangement.label)
        else:
            page = arrangement
        sheets.append(Sheet("puzzles", section.heading, _spread(chunk, page, placement.scale, room, box.content_height), box.content_height,
                            f"section-{index}" if k == 0 else None))
    return sheets, placement


def balanced_chunks(items: Sequence, size: int) -> list[list]:
    """`items` in pages of `size`, the last two pages sharing what is left evenly (6 in fours
    print 3 and 3, not 4 and a lonely 2): a section never ends on a page that looks left over,
    and the page count is the same."""
    chunks = _chunks(items, size)
    if len(chunks) >= 2 and len(chunks[-1]) < size:
        tail = chunks[-2] + chunks[-1]
        half = -(-len(tail) // 2)
        chunks[-2:] = [tail[:half], tail[half:]]
    return chunks


def place_section(
    figures: Sequence[FigureSize], slots: Sequence[Slot], box: PageBox, per_page: int | None, legible: Legibility, what: str,
    sizing: Sizing, count: int | None = None,
) -> Placement:
    """The section's grid and scale, placed again under a taller label when its slots' labels
    (long codes, printed links, QR codes) need more than two lines."""
    first = place_puzzles(figures, box, per_page, legible, what, sizing, count=count)
    label = label_room(slots, first.arrangement.slot_width, legible)
    if label <= legible.label:
        return first
    try:
        return place_puzzles(figures, box, per_page, legible, what, sizing, label, count)
    except Unfit as exc:
        raise Unfit(f"{exc} (each label above a grid takes {label:.0f} mm here, for its code, link or QR code)") from None


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
        room = extent(figures)
        arrangement = replace(placement.arrangement, slot_height=placement.arrangement.label + room.height * placement.scale)
        placed = []
        for drawn, heading in ((puzzle, "Example"), (answer, "Its answer")):
            w, h = _size(drawn.figure, placement.scale)
            placed.append((Slot(heading=heading, detail="", note=content.example_label, src=src_for(drawn.path, outdir), width=w, height=h), drawn.figure))
        height = arrangement.rows * arrangement.slot_height + (arrangement.rows - 1) * GAP_MM
        sheet = Sheet("example", content.title, _spread(placed, arrangement, placement.scale, room, height), height)
    return HowToPlayPage(f"how-to-play-{content.name}", f"How to play {content.title}", rules_paragraphs(content.text), sheet)


# ---- answers out of sight ----------------------------------------------------------------


def _shown(sheet: Sheet) -> set[int]:
    return {s.shows for s in sheet.slots if s.shows is not None}


def _solved(sheet: Sheet) -> set[int]:
    return {s.solves for s in sheet.slots if s.solves is not None}


def _facing(page: int) -> int:
    """The page across the spread: 2 faces 3, 4 faces 5 (page 1 is a right-hand page alone)."""
    return page + 1 if page % 2 == 0 else page - 1


def out_of_sight(sheets: Sequence[Sheet], first_page: int, facing: bool) -> list[Sheet]:
    """The sheets with a blank page put before any answer page that would face a page showing a
    puzzle it answers, so no answer is ever in sight of its puzzle. Sheets never share a page,
    and without facing pages nothing faces anything."""
    if not facing:
        return list(sheets)
    placed: list[Sheet] = []
    for sheet in sheets:
        page = first_page + len(placed)
        opposite = _facing(page) - first_page
        before = placed[opposite] if 0 <= opposite < len(placed) else None
        if before is not None and _solved(sheet) & _shown(before):
            placed.append(Sheet("blank", "", [], 0.0))
        placed.append(sheet)
    return placed


# ---- the book ------------------------------------------------------------------------------


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
    at_end: list[tuple[int, Sequence[Printed], float]] = []  # (section, its answers, its puzzles' scale)

    labelled: dict[tuple[int, str | None], list[Slot]] = {}

    def slots_of(index: int, items: Sequence[Printed], anchor: str | None, issue: dt.date | None) -> list[Slot]:
        if (index, anchor) not in labelled:
            labelled[index, anchor] = answer_slots(items, outdir, issue=issue)
        return labelled[index, anchor]

    def groups_of(parts: Sequence[tuple[int, Sequence[Printed], float]], flow: bool, anchor: str | None, share: float, **labels) -> list[AnswerGroup]:
        return [
            _answer_group(
                items, box, style, legible, outdir, scale, style.sections[index].heading if flow else None,
                anchor or f"answers-{index}", f"answers.per_page ({labels.get('what') or style.sections[index].heading})",
                slots_of(index, items, anchor, labels.get("issue")), share=share,
            )
            for index, items, scale in parts
        ]

    for index, items in enumerate(sections):
        if not items:
            continue
        heading = style.sections[index].heading
        sheets, placement = _section_sheets(index, items, box, style, legible, outdir)
        plan.sheets += sheets
        plan.placements[f"sections[{index}]"] = placement
        plan.contents.append(ContentsLine(heading, f"#section-{index}", grades_note(items, heading)))
        if policy.after_each_section:
            part = [(index, items, placement.scale)]
            run, groups = _packed_run(lambda share: groups_of(part, False, None, share), box, policy.per_page, f"Answers · {heading}", f"answers-{index}")
            plan.placements[f"answers[{index}]"] = groups[0].placement
            plan.sheets += run
            plan.contents.append(ContentsLine(f"Answers · {heading}", f"#answers-{index}"))
        elif policy.at_end:
            at_end.append((index, items, placement.scale))
    if at_end:
        run, groups = _packed_run(lambda share: groups_of(at_end, True, None, share), box, policy.per_page, "Answers", "answers")
        for (index, _, _), group in zip(at_end, groups):
            plan.placements[f"answers[{index}]"] = group.placement
        plan.sheets += run
        plan.contents.append(ContentsLine("Answers", "#answers"))
    if policy.from_previous_issue and previous:
        scales = {index: p.scale for index, p in ((int(k[9:-1]), p) for k, p in plan.placements.items() if k.startswith("sections["))}
        parts = [(index, [p for p in previous if p.section == index], scales.get(index, 1.0)) for index in sorted({p.section for p in previous})]
        run, groups = _packed_run(
            lambda share: groups_of(parts, False, "answers-previous", share, what="previous issue", issue=style.previous_issue),
            box, policy.per_page, "Answers to the previous issue", "answers-previous",
        )
        plan.placements["answers[previous]"] = groups[0].placement
        plan.sheets += run
        plan.contents.append(ContentsLine("Answers to the previous issue", "#answers-previous"))
    if not style.contents:
        plan.contents = []
    first_page = 1 + style.front_pages + int(bool(plan.contents)) + len(plan.how_to_play)
    facing = style.page.facing and not style.newsletter
    plan.sheets = out_of_sight(plan.sheets, first_page, facing)
    return plan


def plan_separate_answers(
    style: BookStyle, box: PageBox, sections: Sequence[Sequence[Printed]], pages: dict[int, int], outdir: Path,
    scales: dict[str, Placement],
) -> list[Sheet]:
    """answers.pdf: every section's answers in one run, labelled with the booklet page of their puzzle."""
    legible = legibility(style.page.large_print)

    labelled = {index: answer_slots(items, outdir, pages=pages) for index, items in enumerate(sections) if items}

    def groups_at(share: float) -> list[AnswerGroup]:
        return [
            _answer_group(
                items, box, style, legible, outdir, scales[f"sections[{index}]"].scale, style.sections[index].heading, f"answers-{index}",
                f"answers.per_page ({style.sections[index].heading})", labelled[index], share=share,
            )
            for index, items in enumerate(sections) if items
        ]

    return _packed_run(groups_at, box, style.answers.per_page, "Answers", "answers")[0]


# ---- page numbers ------------------------------------------------------------------------


@dataclass(frozen=True)
class FrontPages:
    """Where the pages before the first sheet fall: as planned (a page each) or as rendered."""

    rules: dict[str, int]  # a how-to-play page's anchor -> its page
    first_sheet: int  # the page of the first puzzle or answer sheet


def planned_front(plan: BookPlan, front_pages: int) -> FrontPages:
    """The front matter as planned: title and copyright pages, contents and each type's rules a
    page each."""
    first = 1 + front_pages + int(bool(plan.contents))
    return FrontPages({page.anchor: first + k for k, page in enumerate(plan.how_to_play)}, first + len(plan.how_to_play))


def sheet_anchors(sheet: Sheet) -> list[str]:
    return [a for a in (sheet.anchor, *(h.anchor for h in sheet.headings), *(s.anchor for s in sheet.slots)) if a]


def page_numbers(plan: BookPlan, front: FrontPages) -> dict[str, int]:
    """Anchor -> page for every anchor of the book: each sheet is one page (its slots are sized
    to the content box), after the front matter."""
    numbers = dict(front.rules)
    for index, sheet in enumerate(plan.sheets):
        for anchor in sheet_anchors(sheet):
            numbers[anchor] = front.first_sheet + index
    return numbers


def with_page_numbers(plan: BookPlan, numbers: dict[str, int]) -> BookPlan:
    """The plan with every page reference (contents lines, an answer's "puzzle on page") written
    as text. WeasyPrint resolves a target-counter by laying pages out again (139 page layouts for
    the 95 pages of configs/book.yaml), and cannot resolve one into another process's part."""

    def resolved(slot: Slot) -> Slot:
        if slot.target is None:
            return slot
        return replace(slot, page_text=str(numbers[slot.target.removeprefix("#")]))

    sheets = [replace(sheet, slots=[resolved(slot) for slot in sheet.slots]) for sheet in plan.sheets]
    contents = [replace(line, page=str(numbers[line.target.removeprefix("#")])) for line in plan.contents]
    return replace(plan, sheets=sheets, contents=contents)


# ---- the newsletter -----------------------------------------------------------------------


@dataclass
class NewsletterPlan:
    front: Sheet
    front_placements: dict[str, Placement]
    how_to_play: list[HowToPlayPage]  # text only, on the back
    back_title: str | None  # None: no answers on the sheet
    back: Sheet | None  # None until the room under the back's text is known


def _in_rows(
    slots: Sequence[Slot], figures: Sequence[tuple[int, FigureSize]], sizings: dict[int, Sizing], box: PageBox, room: float,
    legible: Legibility, resize: Callable[[Slot, FigureSize, float], Slot],
) -> tuple[list[Slot], Front]:
    """Slots in the full rows that print them largest (see plan_front), each section at one scale."""
    label = legible.label
    for _ in range(2):  # the second pass reserves the label lines long codes wrap to
        front = plan_front(figures, sizings, box.content_width, room, legible, label)
        label = label_room(slots, min(front.widths), legible)
    placed = []
    for slot, (section, figure), (x, y, span, grid_left, grid_top) in zip(slots, figures, front.positions):
        scale = front.scales[section]
        placed.append(_at(resize(slot, figure, scale), figure, scale, x, y, span, front.label, grid_left, grid_top))
    return placed, front


def _resized(slot: Slot, figure: FigureSize, scale: float) -> Slot:
    width, height = _size(figure, scale)
    return replace(slot, width=width, height=height)


def _front(style: BookStyle, box: PageBox, puzzles: Sequence[Printed], legible: Legibility, outdir: Path, room: float) -> tuple[Sheet, dict[str, Placement]]:
    figures = [(p.section, p.puzzle.figure) for p in puzzles]
    sizings = {index: section.sizing for index, section in enumerate(style.sections)}
    slots = [puzzle_slot(p, 1.0, outdir) for p in puzzles]
    placed, front = _in_rows(slots, figures, sizings, box, room, legible, _resized)
    placements = {
        f"sections[{index}]": Placement(even_arrangement(max(front.rows), len(front.rows), box.content_width, room, front.label, len(puzzles)), scale)
        for index, scale in front.scales.items()
    }
    return Sheet("puzzles", style.title, placed, room, "front"), placements


def plan_newsletter(
    style: BookStyle, box: PageBox, puzzles: Sequence[Printed], answers: Sequence[Printed], how_to_play: Sequence[HowToPlay], outdir: Path,
    answers_from: dt.date | None, front_room: float, answers_room: float | None,
) -> NewsletterPlan:
    """Front: masthead and every puzzle of the issue in `front_room` mm. Back: how to play, then
    the answers in `answers_room` mm. Both rooms are measured on a render without the grid
    that fills them; MASTHEAD_MM is the first guess for the front."""
    legible = legibility(style.page.large_print)
    front, placements = _front(style, box, puzzles, legible, outdir, front_room)
    pages = [
        HowToPlayPage(f"how-to-play-{content.name}", f"How to play {content.title}", rules_paragraphs(content.text), None)
        for content in how_to_play
    ]
    back_title = None
    back = None
    if answers:
        back_title = f"Answers to the issue of {issue_date(answers_from)}" if answers_from is not None else "Answers"
    if answers and answers_room is not None:
        back = _back(style, box, answers, legible, outdir, answers_from, answers_room, placements)
    return NewsletterPlan(front, placements, pages, back_title, back)


def _back(
    style: BookStyle, box: PageBox, answers: Sequence[Printed], legible: Legibility, outdir: Path, answers_from: dt.date | None,
    room: float, placements: dict[str, Placement],
) -> Sheet:
    """The answers in full rows in the room under the back's text, smaller than the front's
    puzzles (answer_scale), so the page keeps white space around them."""
    per_page = style.answers.per_page
    if per_page is not None and per_page < len(answers):
        raise Unfit(
            f"answers.per_page is {per_page}, but the back page prints all {len(answers)} answers of the issue; "
            f"set it to {len(answers)} or more, remove it, or set answers.placement to separate"
        )
    if room <= legible.label:
        raise Unfit(
            "the back page: the rules leave no room for the answers; turn front_matter.how_to_play off "
            "or set answers.placement to separate"
        )
    figures = [(a.section, a.answer.figure) for a in answers]
    sizings = {}
    for index in {a.section for a in answers}:
        placed = placements.get(f"sections[{index}]")
        floor = min_scale([a.answer.figure for a in answers if a.section == index], legible)
        sizings[index] = Sizing(max(floor, answer_scale(placed.scale if placed else 1.0)))
    slots = [answer_slot(a, 1.0, outdir, page_text="1" if answers_from is None else None, issue=answers_from) for a in answers]
    try:
        placed, _ = _in_rows(slots, figures, sizings, box, room, legible, _resized)
    except Unfit:
        raise Unfit(
            f"the back page: {len(answers)} answers do not fit legibly in the {room:.0f} mm under its text; "
            "print fewer puzzles, turn front_matter.how_to_play off or set answers.placement to separate"
        ) from None
    # The answers sit under their heading: the rows spread for the front left 29 mm of white
    # between the two on the weekly sheet's back; the room to spare goes below them.
    top = min(slot.y for slot in placed)
    placed = [replace(slot, y=round(slot.y - top, 2), image_y=round(slot.image_y - top, 2), qr_y=round(slot.qr_y - top, 2)) for slot in placed]
    return Sheet("answers", "", placed, room)
