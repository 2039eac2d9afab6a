"""Nonogram: shade cells so that every row and column shows its clue's runs.

The product document is shared/seeds/003_7aadf78dd03b2d29.txt. Every published puzzle is
line-solvable: the line solver alone rebuilds it from the clues, which proves it has one answer
and that no guessing is needed.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping

from pydantic import Field, field_validator

from pipeline.puzzles.base import Budget, Generated, PuzzleType
from pipeline.puzzles.nonogram import generate, grade, model, proof, render, rules, solver
from pipeline.puzzles.nonogram.model import Nonogram
from pipeline.puzzles.params import Params
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

    @field_validator("difficulty")
    @classmethod
    def _line_solvable(cls, value: str | None) -> str | None:
        # expert needs a contradiction between two lines; every nonogram we print is line-solvable
        if value == "expert":
            raise ValueError("nonograms are easy, medium or hard: every one printed is solved line by line, and expert needs more")
        return value


def _generate(params: NonogramParams, rng: random.Random, budget: Budget) -> Generated:
    return generate.generate(params.rows, params.cols, rng, budget)


def _print_size(params: NonogramParams, *, answer: bool) -> FigureSize:
    return render.print_size(params.rows, params.cols, answer=answer)


def _promises(puzzle: Nonogram) -> list[str]:
    """Our promise beyond one answer: the line solver alone finishes the grid."""
    return [] if solver.is_line_solvable(puzzle, Budget()) else [NOT_LINE_SOLVABLE]


PUZZLE_TYPE = PuzzleType(
    name="nonogram", title="Nonogram", version=1, how_to_play=rules.RULES, params=NonogramParams,
    generate=_generate, grade=grade.grade, print_size=_print_size, solve=solver.solve, check=rules.check, prove=proof.prove,
    to_record=model.to_record, from_record=model.from_record, draw=render.draw, promises=_promises,
    # 9 mm: a pencil shades it in two strokes and a cross fits without touching the lines; the
    # largest 15x15 with its clues (179 mm) still fits the text block of an A4 or Letter page.
    cell_mm=render.CELL_MM, max_cell_mm=9.0,
)
