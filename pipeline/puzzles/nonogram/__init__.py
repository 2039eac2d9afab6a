"""Nonogram: shade cells so that every row and column shows its clue's runs.

The product document is shared/seeds/003_7aadf78dd03b2d29.txt. Every published puzzle is
line-solvable: the line solver alone rebuilds it from the clues, which proves it has one answer
and that no guessing is needed.
"""

from __future__ import annotations

import random
from typing import Any

from pipeline.puzzles.base import Budget, Generated
from pipeline.render.svg import Figure
from pipeline.puzzles.nonogram import generate, model, proof, render, rules, solver
from pipeline.puzzles.nonogram.model import Answer, Nonogram

NOT_LINE_SOLVABLE = "not-line-solvable"


class NonogramType:
    name = "nonogram"
    title = "Nonogram"
    sizes = (5, 10, 15)
    version = 1
    rules = rules.RULES

    def generate(self, size: int, rng: random.Random, budget: Budget) -> Generated:
        return generate.generate(size, size, rng, budget)

    def solve(self, puzzle: Nonogram, limit: int, budget: Budget) -> list[Answer]:
        return solver.solve(puzzle, limit, budget)

    def check(self, puzzle: Nonogram, answer: Any) -> list[str]:
        return rules.check(puzzle, answer)

    def promises(self, puzzle: Nonogram) -> list[str]:
        """Our promise beyond one answer: the line solver alone finishes the grid."""
        return [] if solver.is_line_solvable(puzzle, Budget()) else [NOT_LINE_SOLVABLE]

    def prove(self, puzzle: Nonogram, limit: int) -> list[Answer]:
        return proof.prove(puzzle, limit)

    def to_record(self, puzzle: Nonogram) -> dict[str, Any]:
        return model.to_record(puzzle)

    def from_record(self, record: dict[str, Any]) -> Nonogram:
        return model.from_record(record)

    def draw(self, puzzle: Nonogram, *, answer: bool) -> Figure:
        return render.draw(puzzle, answer=answer)


PUZZLE_TYPE = NonogramType()
