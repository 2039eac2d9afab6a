"""A puzzle's two pictures on disk: OUTDIR/puzzles/<id>.svg and <id>-answer.svg.

The PDF references these files as images rather than inlining the SVG: WeasyPrint lays out an
image reference far faster than an inline drawing. A file whose bytes are already right is left
alone, so a layout run over an unchanged folder rewrites nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pipeline import safeio
from pipeline.codes import rng_for
from pipeline.errors import StepLimit
from pipeline.manifest import record_path
from pipeline.puzzles.base import Budget, PuzzleType
from pipeline.render.svg import Figure
from pipeline.records import write_atomic
from pipeline.registry import puzzle_types

EXAMPLES = "examples"
SAMPLE_CODE = "how-to-play"


@dataclass(frozen=True)
class Drawn:
    """A figure and the file that holds it."""

    figure: Figure
    path: Path


def _write_if_changed(path: Path, text: str) -> None:
    data = text.encode()
    try:
        if safeio.read_bounded(path, len(data)) == data:
            return
    except safeio.Unsafe:
        pass  # missing, unreadable, or not a plain file (a FIFO would block): write it afresh
    write_atomic(path, data)


def _draw_pair(ptype: PuzzleType, puzzle: Any, folder: Path, stem: str) -> tuple[Drawn, Drawn]:
    drawn = []
    for answer, suffix in ((False, ".svg"), (True, "-answer.svg")):
        figure = ptype.draw(puzzle, answer=answer)
        path = folder / f"{stem}{suffix}"
        _write_if_changed(path, figure.svg)
        drawn.append(Drawn(figure, path))
    return drawn[0], drawn[1]


def draw_figures(outdir: Path, ptype: PuzzleType, puzzle: Any, puzzle_id: str) -> tuple[Drawn, Drawn]:
    """Draw the puzzle and its answer and write both SVG files."""
    return _draw_pair(ptype, puzzle, record_path(outdir, puzzle_id).parent, puzzle_id)


def write_figures(outdir: Path, ptype: PuzzleType, puzzle: Any, puzzle_id: str) -> tuple[Path, Path]:
    """Write OUTDIR/puzzles/<id>.svg and <id>-answer.svg; returns their paths."""
    puzzle_svg, answer_svg = draw_figures(outdir, ptype, puzzle, puzzle_id)
    return puzzle_svg.path, answer_svg.path


@cache
def sample_puzzle(type_name: str, size: int) -> Any | None:
    """A real puzzle of the type and size from a fixed code, the same every run; None when the
    generator cannot make one within its step limit.

    A step limit, not a time limit, so the outcome never depends on how busy the machine is.
    Kept for the life of the process: preflight measures one per section size, and the
    how-to-play page shows the smallest.
    """
    ptype = puzzle_types()[type_name]
    try:
        return ptype.generate(size, rng_for(type_name, size, SAMPLE_CODE), Budget()).puzzle
    except StepLimit:
        return None


def draw_example(outdir: Path, ptype: PuzzleType) -> tuple[Drawn, Drawn] | None:
    """The example's two pictures, under OUTDIR/examples/ (they are no puzzle of the job)."""
    puzzle = sample_puzzle(ptype.name, min(ptype.sizes))
    return None if puzzle is None else _draw_pair(ptype, puzzle, outdir / EXAMPLES, ptype.name)
