"""Picture nonograms: an image becomes an answer grid that the line solver finishes alone.

The steps, each in its own module: read the file into an ink image cropped to its subject
(image.py; the library draws its icons straight to ink, library.py), fit the subject to the grid
keeping its aspect and threshold each cell's coverage (fit.py), fill pinholes, then flip the
fewest cells that make the picture line-solvable (repair.py). A picture that needs more flips
than the limit, or whose grid no longer looks like its image, is rejected with the reason.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any
from pathlib import Path

from PIL import Image

from pipeline.errors import Unsuitable
from pipeline.budget import Budget
from pipeline.puzzles.nonogram.model import Answer
from pipeline.puzzles.nonogram.pictures import fit, library
from pipeline.puzzles.nonogram.pictures.image import (
    Decoded, PictureError, PictureSet, decode, load_ink, picture_files, picture_set, reader_version,
)
from pipeline.puzzles.nonogram.pictures.repair import Cell, answer_of, make_line_solvable

# At most this share of the cells may be flipped: the 3%, which the measurements that
# motivated it found leaves icons recognisable (12 cells of a 20x20 grid).
MAX_FLIP_SHARE = 0.03
# Enclosed empty areas this small are filled before the repair. Over the 672 library pictures (selection 1),
# filling 1-cell holes made 668 puzzles at 15 cells (666 with none filled, 668 with 2-cell holes)
# and 656 at 20 (655), for a mean likeness 0.002 lower: pinholes are noise, larger holes are eyes.
HOLE_CELLS = 1
# Below this likeness the grid is not the picture any more (see likeness()). On the contact sheet
# of the 12 library pictures least like their image at 10 cells, the two below 0.6 (crop-simple
# 0.55, dungeon 0.58) did not read at all, and most above it did (wind 0.62, stairs 0.64); at 15
# cells and more every picture scored 0.65 or above. A weak measure: thin strokes score low even
# when they read, so it only catches the worst; library.NOT_PICTURES was chosen by eye.
MIN_LIKENESS = 0.6

__all__ = [
    "Decoded", "LibraryAnswer", "PictureError", "PictureGrid", "PictureRejected", "PictureSet",
    "answer_from_decoded", "answer_from_file", "answer_from_ink", "answer_from_library", "decode",
    "grid_shape_of", "library", "likeness", "load_ink", "pick_library_answer", "picture_files",
    "picture_set", "reader_version",
]

Shape = tuple[int, int] | int  # (rows, cols), or the longest side: rows x cols from the aspect


class PictureRejected(Unsuitable):
    """The picture cannot become a good puzzle at this size; `reason` says why, for the manifest.

    Not an InputError: a library picture that does not fit is skipped, and a publisher's image is
    reported in the manifest rather than stopping the job.
    """


@dataclass(frozen=True)
class PictureGrid:
    answer: Answer  # rows of FILLED/EMPTY, line-solvable
    flips: tuple[Cell, ...]  # the cells changed from the thresholded picture, (row, col)
    holes_filled: int  # cells filled as pinholes before the repair
    likeness: float  # 0..1, see likeness()
    tries: int  # line solves the repair spent (deterministic, for the record's stats)


def grid_shape_of(ink: Image.Image, longest: int, shortest: int = fit.MIN_SIDE) -> tuple[int, int]:
    """(rows, cols) for this subject when the spec gives only the longest side."""
    return fit.grid_shape(ink.width, ink.height, longest, shortest)


@dataclass(frozen=True)
class LibraryAnswer:
    name: str
    title: str
    grid: PictureGrid
    passed_over: tuple[tuple[str, str], ...]  # (name, reason) of pictures picked and rejected first


def answer_from_file(path: Path | str, shape: Shape, budget: Budget, **limits: float) -> PictureGrid:
    """A publisher's PNG, JPEG or SVG as a line-solvable grid; PictureError when unreadable."""
    return answer_from_decoded(decode(path), shape, budget, **limits)


def answer_from_decoded(picture: Decoded, shape: Shape, budget: Budget, **limits: float) -> PictureGrid:
    """A publisher's picture already decoded (pictures.decode) as a line-solvable grid; a file
    whose grid is a plain filled rectangle is rejected (see `solid`)."""
    return _answer(picture.ink(), shape, budget, solid=False, **limits)


def answer_from_library(name: str, shape: Shape, budget: Budget, **limits: float) -> PictureGrid:
    return _answer(library.ink(name), shape, budget, **limits)


def pick_library_answer(
    rng: random.Random, choices: list[str], used: set[str] | frozenset[str], shape: Shape, budget: Budget,
    **limits: float,
) -> LibraryAnswer | None:
    """A picture from `choices` not in `used`, picked by rng, as a line-solvable grid.

    A picked picture that is rejected at this shape is passed over and another is picked, so the
    same rng state, choices, used names and shape always give the same picture. None when every
    unused choice is rejected.
    """
    passed: list[tuple[str, str]] = []
    tried = set(used)
    while (name := library.pick(rng, choices, tried)) is not None:
        tried.add(name)
        try:
            grid = answer_from_library(name, shape, budget, **limits)
        except PictureRejected as rejected:
            passed.append((name, rejected.reason))
            continue
        return LibraryAnswer(name, library.pictures()[name].title, grid, tuple(passed))
    return None


def _answer(ink: Image.Image, shape: Shape, budget: Budget, **limits: Any) -> PictureGrid:
    rows, cols = grid_shape_of(ink, shape) if isinstance(shape, int) else shape
    return answer_from_ink(ink, rows, cols, budget, **limits)


def answer_from_ink(
    ink: Image.Image, rows: int, cols: int, budget: Budget, *,
    max_flip_share: float = MAX_FLIP_SHARE, min_likeness: float = MIN_LIKENESS, solid: bool = True,
) -> PictureGrid:
    """The subject fitted to rows x cols, thresholded, pinholes filled, repaired to line-solvable.

    Raises PictureRejected when no repair within the flip limit is found, when the result is
    too unlike the image, or (unless `solid`) when the grid is a plain filled rectangle: a dot or
    a bar in a publisher's file filled every cell ("likeness 1.00"). Library pictures keep
    `solid`: some of them (a bandage at 10 cells) are such rectangles at small sizes, and
    refusing them would change what their codes make, a generator version of its own.
    """
    cover = fit.coverage(ink, rows, cols)
    drawn = fit.threshold(cover)
    if not any(drawn):
        raise PictureRejected(f"at {rows}x{cols} no cell is even half covered: the subject is too thin")
    if not solid and _is_rectangle(drawn, cols):
        raise PictureRejected(f"at {rows}x{cols} the picture is a plain filled rectangle, which is no puzzle worth printing")
    picture = fit.fill_holes(drawn, cols, HOLE_CELLS)
    holes = sum((a ^ b).bit_count() for a, b in zip(drawn, picture))
    max_flips = int(max_flip_share * rows * cols)
    repaired = make_line_solvable(picture, cols, cover, max_flips, budget)
    if repaired is None:
        raise PictureRejected(
            f"at {rows}x{cols} the repair search found no way to make it line-solvable with at most "
            f"{max_flips} flipped cells ({max_flip_share:.0%} of the cells)"
        )
    score = likeness(cover, repaired.picture)
    if score < min_likeness:
        raise PictureRejected(
            f"at {rows}x{cols} the grid is too unlike the picture (likeness {score:.2f}, at least {min_likeness:.2f} wanted)"
        )
    return PictureGrid(answer_of(repaired.picture, cols), repaired.flips, holes, score, repaired.tries)


def _is_rectangle(picture: fit.Rows, cols: int) -> bool:
    """Whether the filled cells are one solid rectangle: every filled row the same single run,
    the filled rows side by side (a dot or a bar fitted to the grid fills every cell)."""
    filled = [r for r, row in enumerate(picture) if row]
    if not filled or filled[-1] - filled[0] + 1 != len(filled):
        return False
    first = picture[filled[0]]
    run = first >> ((first & -first).bit_length() - 1)
    return all(picture[r] == first for r in filled) and run & (run + 1) == 0


def likeness(cover: fit.Coverage, picture: fit.Rows) -> float:
    """How much of the image the grid keeps: the overlap of the image's ink and the filled cells
    over their union, cell by cell weighted by coverage (1 when every cell is fully inked or
    blank and the grid agrees; lower as ink falls in half-covered cells or flips differ)."""
    overlap = union = 0
    for line, row in zip(cover, picture):
        for c, value in enumerate(line):
            filled = 255 if (row >> c) & 1 else 0
            overlap += min(value, filled)
            union += max(value, filled)
    return overlap / union if union else 0.0
