"""Drawing puzzles into SVG files for the pages: the one place that asks a puzzle type to draw.

render/ plans pages from figures and their sizes alone; it never sees a puzzle type.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pipeline.errors import StepLimit
from pipeline.files import make_folder, remove
from pipeline.manifest import record_path
from pipeline.budget import Budget
from pipeline.interface.puzzle_type import PuzzleType
from pipeline.interface.params import Params
from pipeline.render.book import HowToPlay, PrintedLink
from pipeline.render.figures import Drawn, write_if_changed, write_pair
from pipeline.share.qr import qr_figure

EXAMPLES = "examples"
EXAMPLE_CODE = "how-to-play"


def draw_figures(outdir: Path, ptype: PuzzleType, puzzle: Any, puzzle_id: str) -> tuple[Drawn, Drawn]:
    """Draw the puzzle and its answer into OUTDIR/puzzles/<id>.svg and <id>-answer.svg."""
    folder = record_path(outdir, puzzle_id).parent
    return write_pair(folder, puzzle_id, ptype.draw(puzzle, answer=False), ptype.draw(puzzle, answer=True))


def draw_link(outdir: Path, puzzle_id: str, url: str | None, style: str) -> PrintedLink | None:
    """The puzzle's link as its label prints it (`style` none, qr or text): a QR code drawn into
    OUTDIR/puzzles/<id>-qr.svg, or the address without its scheme (a browser adds https); none
    for a puzzle without a URL (its type has no puzz.link genre)."""
    path = record_path(outdir, puzzle_id).with_name(f"{puzzle_id}-qr.svg")
    if url is None:
        style = "none"
    if style == "qr":
        code = qr_figure(url)
        write_if_changed(path, code.svg)
        return PrintedLink(qr=path, qr_mm=code.size_mm)
    remove(path)  # a code from an earlier layout would claim a link the page no longer prints
    if style == "text":
        return PrintedLink(text=link_text(url))
    return None


ISSUE_CODE = "issue-qr"  # puzzles/issue-qr.svg: no puzzle id is a bare word like this


@dataclass(frozen=True)
class IssueCode:
    """A newsletter's one QR code, of the web page that lists the issue's links."""

    src: str  # relative to OUTDIR
    size_mm: float
    text: str  # the page's address as printed under it


def draw_issue_code(outdir: Path, url: str) -> IssueCode:
    folder = outdir / "puzzles"
    make_folder(folder)
    code = qr_figure(url)
    write_if_changed(folder / f"{ISSUE_CODE}.svg", code.svg)
    return IssueCode(f"puzzles/{ISSUE_CODE}.svg", code.size_mm, link_text(url))


def link_text(url: str) -> str:
    """A link as printed: without its scheme, which every browser adds."""
    return url.removeprefix("https://")


def example_params(ptype: PuzzleType) -> Params:
    """The how-to-play example's grid: the type's smallest preset."""
    return min(ptype.presets.values(), key=lambda p: (p.rows * p.cols, p.rows))


@cache
def example_puzzle(type_name: str) -> Any | None:
    """The how-to-play example: always the same puzzle; None when the generator cannot make it
    within its step limit (a step limit, not a time limit, so the outcome never depends on how
    busy the machine is)."""
    from pipeline.registry import get_type

    ptype = get_type(type_name)
    try:
        return ptype.make(example_params(ptype), EXAMPLE_CODE, Budget()).puzzle
    except StepLimit:
        return None


def how_to_play(outdir: Path, ptype: PuzzleType, *, with_example: bool) -> HowToPlay:
    """The type's how-to-play content; the example's pictures go under OUTDIR/examples/."""
    example = None
    if with_example:
        puzzle = example_puzzle(ptype.name)
        if puzzle is not None:
            example = write_pair(
                outdir / EXAMPLES, ptype.name, ptype.draw(puzzle, answer=False), ptype.draw(puzzle, answer=True)
            )
    label = f"{ptype.title} {example_params(ptype).label}"
    return HowToPlay(ptype.name, ptype.title, ptype.how_to_play, label, example)
