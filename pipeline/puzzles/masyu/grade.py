"""Grading a Masyu by how a person solves it, as Simon Tatham's Pearl grades (its Easy and Tricky).

Techniques, easiest first (pipeline.interface.grades runs them; each is logic.py's family of
that name applied everywhere with the easier families, until nothing changes):
- easy: "lines" (a cell's own lines) and "pearls" (each pearl's rule read at its own cell and the
  cells beside it);
- medium: "pearl-patterns", the patterns people learn: black pearls side by side, white pearls
  three in a row, a white pearl between a white pearl and a straight run;
- hard: "no-early-loop" (a line that would close a loop too soon is ruled out) and "parity"
  (every straight cut across the grid is crossed an even number of times);
- expert: "trial": suppose a line drawn (or ruled out); when every technique but trials finds a
  broken rule from there, it is the other way. One supposition at a time, never nested.

`solves` answers the generator's question, "do the techniques up to this tier finish it?", by
the same families run to their fixed point in any order: what they conclude does not depend on
the order, so it finishes exactly when the graded run does.
"""

from __future__ import annotations

from pipeline.budget import Budget
from pipeline.interface.grades import TIERS, Contradiction, Grade, Technique, grade_of, run_techniques
from pipeline.puzzles.masyu.logic import CLOSURE, LINES, OPEN, PARITY, PATTERNS, PEARLS, Position, start
from pipeline.puzzles.masyu.model import MasyuPuzzle

# (name, tier, the families it runs with: its own and every easier one)
FAMILIES = (
    ("lines", "easy", LINES),
    ("pearls", "easy", LINES | PEARLS),
    ("pearl-patterns", "medium", LINES | PEARLS | PATTERNS),
    ("no-early-loop", "hard", LINES | PEARLS | PATTERNS | CLOSURE),
    ("parity", "hard", LINES | PEARLS | PATTERNS | CLOSURE | PARITY),
)
NO_TRIALS = FAMILIES[-1][2]
TIER_FAMILIES = {tier: max(mask for _, t, mask in FAMILIES if TIERS.index(t) <= TIERS.index(tier)) for tier in TIERS}


def _family(mask: int):
    def apply(position: Position) -> int:
        position.enabled = mask
        before = position.moves
        position.look_everywhere()
        position.propagate()
        return position.moves - before
    return apply


def _trial(budget: Budget):
    def apply(position: Position) -> int:
        return trial(position, budget)
    return apply


def trial(position: Position, budget: Budget) -> int:
    """The first open line whose one value breaks a rule under every technique but trials is
    given the other; 1 when one was found, else 0."""
    for line, state in enumerate(position.es):
        if state != OPEN:
            continue
        for draw in (True, False):
            budget.spend()
            twin = position.copy()
            twin.enabled = NO_TRIALS
            try:
                twin.set_on(line) if draw else twin.set_off(line)
                twin.propagate()
            except Contradiction:
                position.enabled = NO_TRIALS
                position.set_off(line) if draw else position.set_on(line)
                position.propagate()
                return 1
    return 0


def techniques(budget: Budget) -> tuple[Technique[Position], ...]:
    return (*(Technique(name, tier, _family(mask)) for name, tier, mask in FAMILIES), Technique("trial", "expert", _trial(budget)))


def grade(puzzle: MasyuPuzzle, budget: Budget) -> Grade:
    position = start(puzzle, 0)
    run = run_techniques(position, techniques(budget), Position.solved, budget)
    return grade_of(position.closed, run, {})


def solves(puzzle: MasyuPuzzle, tier: str, budget: Budget) -> bool:
    """Whether the techniques up to `tier` finish the puzzle (False when its clues break a rule)."""
    reached = stall(puzzle, tier, budget)
    return reached is not None and reached.closed


def stall(puzzle: MasyuPuzzle, tier: str, budget: Budget) -> Position | None:
    """Where the techniques up to `tier` stop (finished or stuck), or None when the clues break a rule."""
    budget.spend()
    position = start(puzzle, TIER_FAMILIES[tier])
    try:
        position.propagate()
        while tier == "expert" and not position.closed and trial(position, budget):
            pass
    except Contradiction:
        return None
    return position
