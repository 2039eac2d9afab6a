"""Nuritwin: shade two equal blocks in every region, all shaded cells joined, no 2 x 2 shaded."""

from __future__ import annotations

import random
from typing import Any

from pipeline.puzzles.base import Budget, Generated
from pipeline.render.svg import Figure
from pipeline.puzzles.nuritwin import generate, model, proof, render, rules, solver
from pipeline.puzzles.nuritwin.model import Answer, NuritwinPuzzle


class Nuritwin:
    name = "nuritwin"
    title = "Nuritwin"
    sizes = (6, 7, 8, 9, 10)
    version = 1
    rules = rules.RULES

    def generate(self, size: int, rng: random.Random, budget: Budget) -> Generated:
        return generate.generate(size, size, rng, budget)

    def solve(self, puzzle: NuritwinPuzzle, limit: int, budget: Budget) -> list[Answer]:
        return solver.solve(puzzle, limit, budget)

    def check(self, puzzle: NuritwinPuzzle, answer: Any) -> list[str]:
        return rules.check(puzzle, answer)

    def promises(self, puzzle: NuritwinPuzzle) -> list[str]:
        return []

    def prove(self, puzzle: NuritwinPuzzle, limit: int) -> list[Answer]:
        return proof.prove(puzzle, limit)

    def to_record(self, puzzle: NuritwinPuzzle) -> dict[str, Any]:
        return model.to_record(puzzle)

    def from_record(self, record: dict[str, Any]) -> NuritwinPuzzle:
        return model.from_record(record)

    def draw(self, puzzle: NuritwinPuzzle, *, answer: bool) -> Figure:
        return render.draw(puzzle, answer=answer)


PUZZLE_TYPE = Nuritwin()
