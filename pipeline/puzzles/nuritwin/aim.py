"""Making a Nuritwin of an asked grade: the grader, held to the tiers up to that grade, chooses
the numbers, as in the graded generators of Simon Tatham's collection.

1. Grow regions, draw an answer and reshape the regions until it is the only one with every
   number given, as the plain generator does.
2. Keep the layout only when the techniques of tiers up to the asked one finish it with every
   number given.
3. Take the numbers away one at a time in a random order, keeping those the techniques need.
4. Give the layout up when the tier below finishes it (taking numbers away only makes a puzzle
   harder, so this is the hardest these regions allow at the asked tier).

Techniques only deduce what holds in every answer and the drawn answer is one, so a puzzle they
finish has exactly one answer: the numbers are chosen without the counting search, which the
plain generator runs once per number.

Reshaping the regions towards a tier instead was tried and dropped: docs/notes/nuritwin-grading.md.
"""

from __future__ import annotations

import random

from pipeline.budget import Budget
from pipeline.interface.grades import TIERS
from pipeline.interface.puzzle_type import Generated
from pipeline.puzzles.nuritwin import generate, steps
from pipeline.puzzles.nuritwin.grade import solves_within
from pipeline.puzzles.nuritwin.model import Answer, Grid, NuritwinPuzzle
from pipeline.puzzles.nuritwin.versions import CURRENT, Version


def generate_graded(rows: int, cols: int, tier: str, rng: random.Random, budget: Budget, version: Version = CURRENT) -> Generated:
    """A puzzle the techniques of tiers up to `tier` finish and those below it do not: the plain
    generator's steps as `version` takes them, numbered by the grader instead of the count.
    Expert puzzles are what the plain generator mostly makes (65% at 8x8, 81% at 10x10), so the
    versions aim only below it."""
    def numbering(labels: Grid, answer: Answer, parts: steps.Parts, budget: Budget, rng: random.Random, version: Version) -> NuritwinPuzzle | None:
        return fewest_numbers(labels, answer, tier, budget, rng)

    return generate.generate(rows, cols, rng, budget, version, numbering)


def fewest_numbers(labels: Grid, answer: Answer, tier: str, budget: Budget, rng: random.Random) -> NuritwinPuzzle | None:
    """The puzzle with only the numbers the techniques up to `tier` need, the others taken away in
    a random order; None when they cannot finish it with every number, or the tier below can
    with the fewest."""
    numbers = list(steps.block_sizes(labels, answer))
    if not solves_within(steps.puzzle_of(labels, tuple(numbers), answer), tier, budget):
        return None
    order = list(range(len(numbers)))
    rng.shuffle(order)
    for region in order:
        without = numbers[:region] + [None] + numbers[region + 1:]
        if solves_within(steps.puzzle_of(labels, tuple(without), answer), tier, budget):
            numbers = without
    puzzle = steps.puzzle_of(labels, tuple(numbers), answer)
    easier = TIERS.index(tier) - 1
    if easier >= 0 and solves_within(puzzle, TIERS[easier], budget):
        return None
    return puzzle
