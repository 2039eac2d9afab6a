"""Figures for a closing note on picture nonograms: how much of the picture library becomes a
puzzle, and how it looks. A measuring tool, kept outside the package (nothing imports it):

    python tools/picture_figures.py OUTDIR [--sizes 10,15,20,25]

needs the pictures extra (`pip install ".[pictures]"`) and the package importable (installed, or
PYTHONPATH pointing at the checkout).

`measure` runs every library picture through the whole path at each size (longest side; the
other side from the picture's aspect) and gives, per size, the share accepted, the flips and the
time per picture. `contact_sheet` draws answer grids to a PNG so a person can look at them:
`write_figures` writes the table and the sheets the issue asks for (the pictures hardest to keep
recognisable, and a page of random answers as a reader would see them).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PIL import Image, ImageDraw, ImageFont

from pipeline.budget import Budget
from pipeline.puzzles.nonogram.model import FILLED
from pipeline.puzzles.nonogram.pictures import PictureGrid, PictureRejected, answer_from_ink, grid_shape_of, library

SIZES = (10, 15, 20, 25)
Log = Callable[[str], None]


@dataclass(frozen=True)
class Outcome:
    name: str
    longest: int
    rows: int
    cols: int
    seconds: float
    grid: PictureGrid | None
    rejected: str | None


def run_one(name: str, longest: int) -> Outcome:
    """One library picture through the whole path at one size, timed (drawing the glyph included)."""
    start = time.perf_counter()
    ink = library.ink(name)
    rows, cols = grid_shape_of(ink, longest)
    try:
        grid, reason = answer_from_ink(ink, rows, cols, Budget(seconds=60)), None
    except PictureRejected as rejected:
        grid, reason = None, rejected.reason
    return Outcome(name, longest, rows, cols, time.perf_counter() - start, grid, reason)


def measure(sizes: tuple[int, ...] = SIZES, names: list[str] | None = None, log: Log = lambda _: None) -> dict:
    """Per size: pictures tried, share accepted, median and max flips, median and max ms."""
    names = library.names() if names is None else names
    table, outcomes = [], []
    for longest in sizes:
        runs = [run_one(name, longest) for name in names]
        outcomes.extend(runs)
        table.append(summarise(longest, runs))
        log(json.dumps(table[-1]))
    return {"library": library.library_version(), "table": table, "outcomes": outcomes}


def summarise(longest: int, runs: list[Outcome]) -> dict:
    kept = [run for run in runs if run.grid is not None]
    flips = [len(run.grid.flips) for run in kept] or [0]
    ms = [run.seconds * 1000 for run in runs]
    return {
        "longest_side": longest,
        "pictures": len(runs),
        "accepted": len(kept),
        "accepted_share": round(len(kept) / len(runs), 3),
        "unchanged": sum(1 for run in kept if not run.grid.flips),
        "median_flips": statistics.median(flips),
        "max_flips": max(flips),
        "median_ms": round(statistics.median(ms), 2),
        "max_ms": round(max(ms), 1),
        "min_likeness": round(min((run.grid.likeness for run in kept), default=0.0), 3),
    }


def hardest(outcomes: list[Outcome], longest: int, count: int = 12) -> list[Outcome]:
    """The accepted pictures at this size least like their image (most flips first on a tie)."""
    kept = [run for run in outcomes if run.longest == longest and run.grid is not None]
    return sorted(kept, key=lambda run: (run.grid.likeness, -len(run.grid.flips), run.name))[:count]


def contact_sheet(
    outcomes: list[Outcome], captions: list[str], path: Path, *, mark_flips: bool, columns: int = 4, cell: int = 12
) -> None:
    """Answer grids in a table, each under its caption; flipped cells drawn grey when `mark_flips`."""
    font = ImageFont.load_default(size=max(12, cell))
    width = max(max(run.cols for run in outcomes) * cell, *(round(font.getlength(text)) for text in captions)) + 2 * cell
    height = max(run.rows for run in outcomes) * cell + 4 * cell
    sheet_rows = -(-len(outcomes) // columns)
    sheet = Image.new("L", (columns * width, sheet_rows * height), 255)
    draw = ImageDraw.Draw(sheet)
    for index, (run, caption) in enumerate(zip(outcomes, captions)):
        x0 = (index % columns) * width + cell
        y0 = (index // columns) * height + cell
        draw.text((x0, y0), caption, fill=0, font=font)
        y0 += 2 * cell
        flips = set(run.grid.flips) if mark_flips else set()
        for r, line in enumerate(run.grid.answer):
            for c, value in enumerate(line):
                box = (x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell)
                shade = 128 if (r, c) in flips else (0 if value == FILLED else 255)
                draw.rectangle(box, fill=shade, outline=160)
        draw.rectangle((x0, y0, x0 + run.cols * cell, y0 + run.rows * cell), outline=0)
    sheet.save(path)


def write_figures(outdir: Path, sizes: tuple[int, ...] = SIZES, seed: int = 14, log: Log = lambda _: None) -> dict:
    """The table (figures.json) and the sheets: hardest-<size>.png for each size, page-20.png."""
    outdir.mkdir(parents=True, exist_ok=True)
    result = measure(sizes, log=log)
    outcomes = result.pop("outcomes")
    for longest in sizes:
        worst = hardest(outcomes, longest)
        result.setdefault("hardest", {})[longest] = [
            {"name": run.name, "flips": len(run.grid.flips), "likeness": round(run.grid.likeness, 3)} for run in worst
        ]
        captions = [
            f"{library.pictures()[run.name].title} {run.rows}x{run.cols}, {len(run.grid.flips)} flips, "
            f"{run.grid.likeness:.2f}" for run in worst
        ]
        contact_sheet(worst, captions, outdir / f"hardest-{longest}.png", mark_flips=True)
        rejected = [run for run in outcomes if run.longest == longest and run.grid is None]
        result.setdefault("rejected", {})[longest] = {run.name: run.rejected for run in rejected}
    page_size = 20 if 20 in sizes else sizes[-1]
    kept = [run for run in outcomes if run.longest == page_size and run.grid is not None]
    page = random.Random(seed).sample(kept, min(12, len(kept)))
    captions = [f"Answer {number} · {library.pictures()[run.name].title}" for number, run in enumerate(page, 1)]
    contact_sheet(page, captions, outdir / f"page-{page_size}.png", mark_flips=False, columns=3, cell=14)
    (outdir / "figures.json").write_text(json.dumps(result, indent=1) + "\n")
    return result


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path, help="where figures.json and the contact sheets go")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="longest sides to measure, comma separated")
    args = parser.parse_args()
    sizes = tuple(int(size) for size in args.sizes.split(","))
    write_figures(args.outdir, sizes, log=print)


if __name__ == "__main__":
    main()
