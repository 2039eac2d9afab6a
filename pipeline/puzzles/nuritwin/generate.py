"""Making a Nuritwin puzzle by the steps of steps.py, as a generator version (versions.py) takes them.

A grown layout with no answer, or whose search reaches a step limit, is dropped and new regions
grown. When reshaping gives up on a drawn answer, another is drawn on the regions as grown, up to
the version's draws_per_layout times.
"""

from __future__ import annotations

import random

from pipeline.budget import Budget
from pipeline.interface.puzzle_type import Generated
from pipeline.puzzles.nuritwin import steps
from pipeline.puzzles.nuritwin.model import NuritwinPuzzle
from pipeline.puzzles.nuritwin.versions import CURRENT, Version


def generate(
    rows: int, cols: int, rng: random.Random, budget: Budget, version: Version = CURRENT, numbering: steps.Number = steps.number_needed
) -> Generated:
    """A puzzle made by `version`'s steps, numbered by `numbering` (by default every number the
    one answer needs; aim.py's keeps those a tier's techniques need), and its stats."""
    attempts = dropped = 0
    while True:
        attempts += 1
        try:
            made = attempt(rows, cols, rng, budget, version, numbering)
        except steps.LayoutDropped:
            dropped += 1
            continue
        if made is not None:
            break
    puzzle, reshaping = made
    stats = {
        "regions": len(puzzle.region_cells),
        "numbers": sum(number is not None for number in puzzle.numbers),
        **reshaping,
        "dropped_at_step_limit": dropped,
        "attempts": attempts,
    }
    return Generated(puzzle, stats)


def attempt(
    rows: int, cols: int, rng: random.Random, budget: Budget, version: Version, numbering: steps.Number = steps.number_needed
) -> tuple[NuritwinPuzzle, dict[str, int]] | None:
    """A proved puzzle and its reshaping's stats, or None when one grown layout makes none."""
    labels = steps.grow_regions(rows, cols, rng, steps.by_size(version.grow_targets, rows * cols))
    if labels is None:
        return None
    parts = steps.Parts(rows, cols)
    try:
        grown = parts.layout(labels)
        for _ in range(version.draws_per_layout):
            answer = steps.draw(grown, budget, rng, version)
            if answer is None:
                return None
            reshaped = version.reshape(labels, answer, parts, budget, rng, version)
            if reshaped is not None:
                shaped, unique, reshaping = reshaped  # reshaping may have switched to another answer
                puzzle = numbering(shaped, unique, parts, budget, rng, version)
                if puzzle is not None:
                    return steps.confirmed(puzzle, budget, version), reshaping
        return None
    finally:
        parts.close()
