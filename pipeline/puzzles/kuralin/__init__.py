"""Kuralin: one loop through cell centres; the circles on grid points weigh black against white."""

from __future__ import annotations

import random
from typing import Any

from pipeline.puzzles.base import Budget, Generated
from pipeline.render.svg import Figure
from pipeline.puzzles.kuralin import generate, proof, record, render, rules, solver
from pipeline.puzzles.kuralin.model import KuralinPuzzle, Solution

RULES = """\
Draw one loop through the centres of some of the cells. The loop moves between cells that share \
a side, never branches or crosses itself, and passes through a cell at most once.

Every cell the loop misses is black; every cell it passes through is white.

Circles sit on the grid lines inside the grid, never on the outer border. A circle on the line \
between two cells touches those two cells; a circle on a corner touches the four cells around it.

A black circle touches more black cells than white ones, a white circle more white cells than \
black ones, and a grey circle as many of each. Black circles are printed solid, white circles \
empty, and grey circles as an empty circle with a black dot in the middle.

In the answers the black cells are hatched, so that every circle on them stays readable."""


class Kuralin:
    name = "kuralin"
    title = "Kuralin"
    sizes = (5, 6, 7, 8, 9, 10)
    version = 1
    rules = RULES

    def generate(self, size: int, rng: random.Random, budget: Budget) -> Generated:
        return generate.generate(size, size, rng, budget)

    def solve(self, puzzle: KuralinPuzzle, limit: int, budget: Budget) -> list[Solution]:
        return solver.solve(puzzle, limit, budget)

    def check(self, puzzle: KuralinPuzzle, answer: Solution) -> list[str]:
        return rules.check(puzzle, answer)

    def promises(self, puzzle: KuralinPuzzle) -> list[str]:
        return []

    def prove(self, puzzle: KuralinPuzzle, limit: int) -> list[Solution]:
        return proof.prove(puzzle, limit)

    def to_record(self, puzzle: KuralinPuzzle) -> dict[str, Any]:
        return record.to_record(puzzle)

    def from_record(self, data: dict[str, Any]) -> KuralinPuzzle:
        return record.from_record(data)

    def draw(self, puzzle: KuralinPuzzle, *, answer: bool) -> Figure:
        return render.draw(puzzle, answer=answer)


PUZZLE_TYPE = Kuralin()
