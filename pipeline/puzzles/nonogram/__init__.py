"""Nonogram: shade cells so that every row and column shows its clue's runs.

The product document is shared/seeds/003_7aadf78dd03b2d29.txt. Every published puzzle is
line-solvable: the line solver alone rebuilds it from the clues, which proves it has one answer
and that no guessing is needed; except, on request only, the puzzles of an expert section, which
need a contradiction between two lines (and are proved unique by the search and the SAT proof).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal, Mapping

from pydantic import Field, ValidationInfo, field_validator, model_validator

from pipeline.budget import Budget
from pipeline.interface.deferred import Deferred
from pipeline.interface.puzzle_type import Generated, PuzzleType
from pipeline.puzzles.nonogram import model, play, render, rules, share, source
from pipeline.puzzles.nonogram.model import Nonogram
from pipeline.interface.params import Params, checks_files
from pipeline.render.svg import FigureSize

NOT_LINE_SOLVABLE = "not-line-solvable"


class NonogramParams(Params):
    rows: int = Field(10, ge=5, le=30)
    cols: int = Field(10, ge=5, le=30)

    # What nonogram books print: squares from 5 to 30, landscape and portrait pictures.
    presets: ClassVar[Mapping[str, dict[str, Any]]] = {
        **{str(n): {"rows": n, "cols": n} for n in (5, 10, 15, 20, 25, 30)},
        "20x15": {"rows": 15, "cols": 20},
        "15x25": {"rows": 25, "cols": 15},
    }

    picture: str = Field(
        source.RANDOM, max_length=1000,
        description="random, library, or a path to a folder or file of PNG, JPEG or SVG pictures",
    )
    theme: str | None = Field(None, description="with picture: library, one of the library's themes")
    # not strict: a spec and a record write the names as a list
    names: tuple[str, ...] = Field((), strict=False, description="with picture: library, the pictures to choose from")
    fit: Literal["grid", "aspect"] = Field(
        "grid", description="grid: the picture fills the size given; aspect: the size is the longest side, "
        "the other from the picture's shape (one picture file, or one library name)",
    )

    @model_validator(mode="before")
    @classmethod
    def _grid_from_picture(cls, data: Any, info: ValidationInfo) -> Any:
        """From a spec with fit: aspect, rows x cols from the picture: the longer side gets the
        size given. Records keep the grid they were made with, so this runs for specs only."""
        if not (isinstance(data, dict) and data.get("fit") == "aspect" and checks_files(info)):
            return data
        rows, cols, picture, names = (data.get(k, d) for k, d in (("rows", 10), ("cols", 10), ("picture", source.RANDOM), ("names", ())))
        if not (_is_int(rows) and _is_int(cols) and isinstance(picture, str) and isinstance(names, (list, tuple))):
            return data  # the fields' own validation says what is wrong
        return {**data, **source.grid_for(picture, tuple(names), max(rows, cols))}

    @field_validator("picture")
    @classmethod
    def _picture_readable(cls, picture: str, info: ValidationInfo) -> str:
        """From a spec: the pictures extra is installed and every file named holds a picture."""
        if picture != source.RANDOM and checks_files(info):
            source.require_extra()
            if picture != source.LIBRARY:
                source.check_files(picture)
        return picture

    @field_validator("theme")
    @classmethod
    def _known_theme(cls, theme: str | None, info: ValidationInfo) -> str | None:
        if theme is not None and checks_files(info):
            source.check_theme(theme)
        return theme

    @field_validator("names")
    @classmethod
    def _known_names(cls, names: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        if names and checks_files(info):
            source.require_extra()  # the names are looked up in the library the extra installs
            source.check_names(names)
        return names

    @model_validator(mode="after")
    def _library_choices(self) -> "NonogramParams":
        if (self.theme is not None or self.names) and self.picture != source.LIBRARY:
            raise ValueError("theme and names choose among library pictures: they need picture: library")
        if self.theme is not None and self.names:
            raise ValueError("give a theme or a list of names, not both")
        return self


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _generate(params: NonogramParams, rng: random.Random, budget: Budget) -> Generated:
    """Version 4: a medium random section's pictures on a small grid (side 6 or less) are
    outlines, shapes with their insides cut away; every other code makes what version 3 made."""
    from pipeline.puzzles.nonogram import generate
    if params.difficulty == "medium" and params.picture == source.RANDOM and generate.draws_outlines(params.rows, params.cols):
        return generate.generate_graded(params.rows, params.cols, "medium", rng, budget, generate.draw_outline)
    return _generate_v3(params, rng, budget)


def _generate_v3(params: NonogramParams, rng: random.Random, budget: Budget) -> Generated:
    """Version 3: an easy random section's pictures are mirror-symmetric and fill their grid (no
    empty row or column); every other code makes what version 2 made."""
    from pipeline.puzzles.nonogram import generate
    if params.difficulty == "easy" and params.picture == source.RANDOM:
        return generate.generate_easy(params.rows, params.cols, rng, budget)
    return _generate_v2(params, rng, budget)


def _generate_v2(params: NonogramParams, rng: random.Random, budget: Budget) -> Generated:
    """Version 2: a graded random section's pictures aim at its difficulty; every other code makes
    what version 1 made."""
    from pipeline.puzzles.nonogram import generate
    if params.difficulty is None or params.picture != source.RANDOM:
        return _generate_v1(params, rng, budget)
    return generate.generate_graded(params.rows, params.cols, params.difficulty, rng, budget)


def _generate_v1(params: NonogramParams, rng: random.Random, budget: Budget) -> Generated:
    """Version 1: the difficulty only chose among the puzzles made (it is part of the seed)."""
    from pipeline.puzzles.nonogram import generate
    if params.picture != source.RANDOM:
        return source.generate(params, rng, budget)
    return generate.generate(params.rows, params.cols, rng, budget)


def _print_size(params: NonogramParams, *, answer: bool) -> FigureSize:
    return render.print_size(params.rows, params.cols, answer=answer)


def _promises(puzzle: Nonogram, params: NonogramParams) -> list[str]:
    """Our promise beyond one answer: the line solver alone finishes the grid, except in an
    expert section, which asks for puzzles that need a contradiction between two lines (its
    grade, checked by verify, says a contradiction finishes them)."""
    from pipeline.puzzles.nonogram import solver
    if params.difficulty == "expert":
        return []
    return [] if solver.is_line_solvable(puzzle, Budget()) else [NOT_LINE_SOLVABLE]


def _credits(stats: dict[str, Any]) -> tuple[str, ...]:
    """The attribution the picture library's licence asks for, when a book prints its pictures."""
    if not (isinstance(stats.get("picture"), dict) and "library" in stats["picture"]):
        return ()
    from pipeline.puzzles.nonogram.pictures.library import ATTRIBUTION  # Pillow only: no extra needed

    return (ATTRIBUTION,)


def _refuses(params: NonogramParams, version: int) -> str | None:
    """Version 1 keeps only puzzles the line solver finishes, so it makes no expert random ones."""
    if version == 1 and params.difficulty == "expert" and params.picture == source.RANDOM:
        return "nonogram generator version 1 makes only puzzles the line solver finishes, never expert ones; expert needs version 2 or later"
    return None


PUZZLE_TYPE = PuzzleType(
    name="nonogram", title="Nonogram", version=4, how_to_play=rules.RULES, params=NonogramParams,
    generate=_generate, print_size=_print_size, checks=rules.CHECKS, share=share.SHARE,
    grade=Deferred(f"{__name__}.grade", "grade"), effort=Deferred(f"{__name__}.grade", "effort"),
    solve=Deferred(f"{__name__}.solver", "solve"), prove=Deferred(f"{__name__}.proof", "prove"),
    to_record=model.to_record, from_record=model.from_record, draw=render.draw, promises=_promises,
    # 9 mm: a pencil shades it in two strokes and a cross fits without touching the lines; the
    # largest 15x15 with its clues (179 mm) still fits the text block of an A4 or Letter page.
    cell_mm=render.CELL_MM, max_cell_mm=9.0, stale=source.stale, materials=source.materials, previous={1: _generate_v1, 2: _generate_v2, 3: _generate_v3}, refuses=_refuses,
    play=play.PLAY, credits=_credits,
)
