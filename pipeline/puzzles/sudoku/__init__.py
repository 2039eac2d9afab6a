"""Sudoku: every row, column and box holds each digit once.

Classic 9×9 with 3×3 boxes, 6×6 with boxes of two rows by three columns, and 4×4 with 2×2 boxes,
the sizes puzz.link draws. Givens are symmetric under a half turn unless `symmetry: none`; a
graded puzzle is made for its tier by the grader's techniques (generate.py, grade.py).
"""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, Literal, Mapping

from pydantic import Field, model_validator

from pipeline.budget import Budget
from pipeline.interface.deferred import Deferred
from pipeline.interface.params import Params
from pipeline.interface.play import Play
from pipeline.interface.puzzle_type import Generated, PuzzleType
from pipeline.puzzles.sudoku import model, play, render, rules, share, versions
from pipeline.render.svg import FigureSize


class SudokuParams(Params):
    rows: int = Field(9, ge=4, le=9)
    cols: int = Field(9, ge=4, le=9)
    symmetry: Literal["rotational", "none"] = Field(
        "rotational",
        description="rotational: the givens look the same turned upside down, as published Sudoku print them; "
        "none: givens anywhere",
    )

    presets: ClassVar[Mapping[str, dict[str, Any]]] = {str(n): {"rows": n, "cols": n} for n in model.BOXES}

    @model_validator(mode="after")
    def _a_grid_with_boxes(self) -> "SudokuParams":
        if self.rows != self.cols or self.rows not in model.BOXES:
            sizes = ", ".join(str(n) for n in model.BOXES)
            raise ValueError(f"a Sudoku grid is square with boxes: size {sizes}, not {self.cols}x{self.rows}")
        if self.rows == 4 and self.difficulty not in (None, "easy"):
            # 3,000 4x4 grids made for medium, hard and expert by generate.py all graded easy
            raise ValueError("a 4x4 Sudoku is always easy: singles finish every one; ask for easy or a larger grid")
        return self


def _generate(params: SudokuParams, rng: random.Random, budget: Budget, version: versions.Version = versions.CURRENT) -> Generated:
    from pipeline.puzzles.sudoku import generate
    return generate.generate(params.rows, params.symmetry, params.difficulty, rng, budget, version)


def _print_size(params: SudokuParams, *, answer: bool) -> FigureSize:
    return render.print_size(params.rows, answer=answer)


PUZZLE_TYPE = PuzzleType(
    name="sudoku", title="Sudoku", version=versions.CURRENT.number, how_to_play=rules.RULES, params=SudokuParams,
    generate=_generate, print_size=_print_size, to_record=model.to_record, from_record=model.from_record, draw=render.draw,
    grade=Deferred(f"{__name__}.grade", "grade"), effort=Deferred(f"{__name__}.solver", "effort"),
    solve=Deferred(f"{__name__}.solver", "solve"), prove=Deferred(f"{__name__}.proof", "prove"),
    checks=rules.CHECKS, share=share.SHARE,
    # each kept version is a record of how graded puzzles are made (versions.py), pinned by its golden records
    previous={version.number: partial(_generate, version=version) for version in versions.KEPT if version is not versions.CURRENT},
    play=Play(
        folder=Path(__file__).parent, clues=play.clues, board=play.board, answer=play.answer, hints=play.hints,
        digits=max(model.BOXES), digits_of=lambda puzzle: puzzle.rows, start=play.start,
    ),
    # 10 mm at most: a digit and the pencil marks of three or four candidates fit beside each
    # other. At 11 mm a 6x9 in page with QR links held one 9x9 (its pair would print at 8.6 mm,
    # under 80 % of the cap); at 10 mm it holds two, as pocket Sudoku books print them, and an
    # A4 page four at 9.6 mm. Drawn at 9 mm.
    cell_mm=render.CELL_MM, max_cell_mm=10.0,
)
