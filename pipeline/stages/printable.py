"""What layout prints: the manifest's puzzles, each read once from its record and refused unless
its verdict proves exactly those bytes, then drawn for the page.

A malformed record is bad input (exit 2) before anything is drawn; a puzzle without a verdict
for the bytes read stops the stage naming it (pipeline/trust.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pipeline import checkpoint, trust
from pipeline.errors import LayoutError, RecordError
from pipeline.interface.grades import grade_label
from pipeline.manifest import Entry, Manifest, record_path
from pipeline.records import load_puzzle
from pipeline.registry import get_type, puzzle_types
from pipeline.render.book import Printed
from pipeline.share.puzzlink import puzzle_url
from pipeline.spec import JobSpec
from pipeline.stages.drawing import draw_figures, draw_link


# A picture's title (from a manifest: untrusted) is cut at this many characters; the longest
# library title has 27 ("Prescription Bottle Medical"), a publisher's file name may run longer.
MAX_TITLE = 40


def printed_entries(manifest: Manifest) -> tuple[list[Entry], list[Entry]]:
    """This issue's puzzles, and the previous issue's when their answers are to be printed."""
    previous = manifest.puzzles("previous") if manifest.job.answers.from_previous_issue else []
    return manifest.puzzles("puzzle"), previous


def refuse_unverified(loaded: list["Loaded"]) -> None:
    """Never print a puzzle unless its verdict was made for exactly the record bytes read for
    printing, by this version's verifier (pipeline/trust.py)."""
    refused = []
    for item in loaded:
        problem = trust.verdict_problem(item.entry.verdict, item.sha256, item.entry.grade)
        if problem is not None:
            refused.append((item.entry.id, problem))
    if refused:
        raise LayoutError(_refusal(refused))


# Puzzles a refusal names one by one: a book verified before an upgrade of puzzlepress was
# refused whole, and the message named its 1,000 puzzles on 1,001 lines.
MAX_NAMED = 10


def _refusal(refused: list[tuple[str, str]]) -> str:
    """How many puzzles are refused and why, the first MAX_NAMED by name."""
    why = "; ".join(f"{count} {problem}" for problem, count in Counter(problem for _, problem in refused).most_common())
    lines = [f"  - {pid} ({problem})" for pid, problem in refused[:MAX_NAMED]]
    if len(refused) > MAX_NAMED:
        lines.append(f"  - and {len(refused) - MAX_NAMED} more")
    puzzles = "1 puzzle that has" if len(refused) == 1 else f"{len(refused)} puzzles that have"
    return f"refusing to print {puzzles} not been proved ({why}); run `puzzlepress verify` first:\n" + "\n".join(lines)


@dataclass(frozen=True)
class Loaded:
    entry: Entry
    ptype: Any
    puzzle: Any
    sha256: str  # of the record bytes the puzzle was read from
    url: str | None  # where it is played online, written afresh from the record's clues; None: no puzz.link genre
    stats: dict[str, Any] = field(default_factory=dict)  # the record's stats: bytes its verdict covers


def load_entry(outdir: Path, entry: Entry) -> Loaded:
    """The entry's puzzle from its record, which must be the puzzle the entry names; a bad record
    names its file and field."""
    path = record_path(outdir, entry.id)
    ptype, puzzle, record, sha256 = load_puzzle(path, puzzle_types())
    for name in entry.describes(record):
        raise RecordError(str(path), f"field '{name}' is {record.get(name)!r} but the manifest says {getattr(entry, name)!r}")
    stats = record.get("stats")
    return Loaded(entry, ptype, puzzle, sha256, puzzle_url(record), stats if isinstance(stats, dict) else {})


def load_all(outdir: Path, entries: list[Entry]) -> list[Loaded]:
    return [load_entry(outdir, entry) for entry in entries]


def link_notes(job: JobSpec) -> list[str]:
    """A line for each section that asks for links its type cannot give: a type without a
    puzz.link genre prints its puzzles without one, and the build summary says so. Links to the
    job's web edition (`links.base`) every type has."""
    notes: list[str] = []
    if job.links.base:
        return notes
    for index, section in enumerate(job.sections):
        style, ptype = job.link_style(index), get_type(section.type)
        if style != "none" and ptype.share.link is None:
            notes.append(
                f"sections[{index}] ({section.heading}) asks for links: {style}, but {ptype.title} has no "
                "puzz.link genre: its puzzles print without a link"
            )
    return notes


def no_links(section: int) -> str:
    return "none"


def draw_all(
    outdir: Path, loaded: list[Loaded], tick: Callable[[], None], link_style: Callable[[int], str] = no_links,
    address: Callable[[Loaded], str | None] = lambda item: item.url,
) -> list[Printed]:
    """The puzzles' pictures, and their links (`address`) drawn as each section prints them (`link_style`)."""
    printed = []
    for item in loaded:
        puzzle_drawn, answer_drawn = draw_figures(outdir, item.ptype, item.puzzle, item.entry.id)
        entry = item.entry
        label = f"{item.ptype.title} {entry.label}"
        link = draw_link(outdir, entry.id, address(item), link_style(entry.section))
        printed.append(Printed(entry.number, entry.section, entry.code, label, puzzle_drawn, answer_drawn, link=link, title=picture_title(item), grade=grade_label(entry.grade)))
        checkpoint.reached("layout:figure")
        tick()
    return printed


def picture_title(item: Loaded) -> str:
    """The name of the picture a puzzle's answer shows ("Anchor"), or "" when it is no picture.
    Read from the record, whose bytes its verdict covers (the manifest's copy is not: an edited
    manifest changed captions and dropped the licence's credit); anything but text is ignored."""
    picture = item.stats.get("picture")
    title = picture.get("title") if isinstance(picture, dict) else None
    return " ".join(title.split())[:MAX_TITLE] if isinstance(title, str) else ""


def credits_of(loaded: list[Loaded]) -> tuple[str, ...]:
    """The attribution lines the printed puzzles' types ask for (a picture library's licence),
    each once, in the order the puzzles first ask for them; from the records' stats (see
    picture_title)."""
    found: list[str] = []
    for item in loaded:
        found += [line for line in item.ptype.credits(item.stats) if line not in found]
    return tuple(found)

