"""A puzzle's two pictures on disk: OUTDIR/puzzles/<id>.svg and <id>-answer.svg.

The PDF references these files as images rather than inlining the SVG: WeasyPrint lays out an
image reference far faster than an inline drawing. A file whose bytes are already right is left
alone, so a layout run over an unchanged folder rewrites nothing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from pipeline import safeio
from pipeline.files import write_atomic
from pipeline.render.svg import Figure, FigureSize


@dataclass(frozen=True)
class Drawn:
    """A figure and the file that holds it."""

    figure: Figure
    path: Path


def write_if_changed(path: Path, text: str) -> None:
    data = text.encode()
    try:
        if safeio.read_bounded(path, len(data)) == data:
            return
    except safeio.Unsafe:
        pass  # missing, unreadable, or not a plain file (a FIFO would block): write it afresh
    write_atomic(path, data)


def write_pair(folder: Path, stem: str, puzzle: Figure, answer: Figure) -> tuple[Drawn, Drawn]:
    """Write <stem>.svg and <stem>-answer.svg under `folder`."""
    drawn = []
    for figure, suffix in ((puzzle, ".svg"), (answer, "-answer.svg")):
        path = folder / f"{stem}{suffix}"
        write_if_changed(path, figure.svg)
        drawn.append(Drawn(figure, path))
    return drawn[0], drawn[1]


def stand_in(size: FigureSize, path: Path) -> Drawn:
    """A figure of a known size with no drawing yet: what the page plan is made with."""
    return Drawn(Figure(**asdict(size)), path)
