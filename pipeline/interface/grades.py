"""What a grader reports, and the loop every grader shares: easiest technique first, start over.

As in the graded games of Simon Tatham's collection (their DIFFLIST), a grader solves the way a
person does: it holds named deduction techniques ordered from easiest to hardest, applies the
easiest one that makes progress anywhere in the grid, and after any progress starts again from the
easiest. The puzzle's tier is the hardest tier it needed; `None` when no technique finishes it.

One application of a technique is a *round*: the technique is applied everywhere it applies in
the current position and everything it finds is written down at once. Its *moves* are the units it
found (a line updated, a cell or an edge decided). A round that found exactly one move is a
*bottleneck*: the solver had a single way forward. The score within a tier counts the rounds
that needed the top tier plus the bottlenecks, so a higher score is a longer, narrower solve.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Generic, Sequence, TypeVar

from pipeline.budget import Budget

TIERS = ("easy", "medium", "hard", "expert")

State = TypeVar("State")


@dataclass(frozen=True)
class Grade:
    """A puzzle's grade: the tier it needs, a score within the tier, and how it was solved.

    `techniques` holds (name, rounds) pairs sorted by name; `effort` holds (measure, value) pairs
    sorted by name: the type's external measures of effort, taken without the grader's techniques.
    """

    tier: str | None
    score: int
    techniques: tuple[tuple[str, int], ...]
    effort: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class Technique(Generic[State]):
    """A named deduction: `apply(state)` writes what it finds into the state and returns how many
    moves it found (0: no progress), or raises Contradiction when the position is impossible."""

    name: str
    tier: str
    apply: Callable[[State], int]


class Contradiction(Exception):
    """The position breaks a rule: a wrong guess in a trial, or clues without an answer."""


@dataclass
class Solve:
    """How a run of the technique loop went: rounds per technique, bottlenecks, top tier used."""

    rounds: Counter
    bottlenecks: int
    top: int  # index into TIERS of the hardest technique used; -1 when nothing was needed
    top_rounds: int  # rounds that used a technique of tier `top`

    def then(self, later: "Solve") -> "Solve":
        """This run and `later`, a run carried on from where this one stopped, as one run."""
        top = max(self.top, later.top)
        top_rounds = sum(run.top_rounds for run in (self, later) if run.top == top)
        return Solve(self.rounds + later.rounds, self.bottlenecks + later.bottlenecks, top, top_rounds)


def up_to(tier: str, techniques: Sequence[Technique[State]]) -> list[Technique[State]]:
    """The techniques of `tier` and the tiers below it, easiest first as given."""
    allowed = TIERS.index(tier)
    return [t for t in techniques if TIERS.index(t.tier) <= allowed]


def run_techniques(
    state: State,
    techniques: Sequence[Technique[State]],
    solved: Callable[[State], bool],
    budget: Budget,
    max_rounds: int | None = None,
) -> Solve:
    """Apply the easiest productive technique until the state is solved, nothing applies, or
    `max_rounds` rounds are done.

    Raises Contradiction when a technique finds the position impossible.
    """
    rounds: Counter = Counter()
    tiers: list[int] = []
    bottlenecks = 0
    while not solved(state) and (max_rounds is None or len(tiers) < max_rounds):
        for technique in techniques:
            budget.spend()
            moves = technique.apply(state)
            if moves:
                rounds[technique.name] += 1
                tiers.append(TIERS.index(technique.tier))
                bottlenecks += moves == 1
                break
        else:
            break
    top = max(tiers, default=-1)
    return Solve(rounds, bottlenecks, top, tiers.count(top))


def grade_of(finished: bool, run: Solve, effort: dict[str, float]) -> Grade:
    """The Grade of a run: its top tier (None unless `finished`) and its score within it."""
    tier = TIERS[max(run.top, 0)] if finished else None
    return Grade(
        tier=tier,
        score=run.top_rounds + run.bottlenecks,
        techniques=tuple(sorted(run.rounds.items())),
        effort=tuple(sorted(effort.items())),
    )


def off_grade(wanted: str | None, grade: Grade | None) -> str | None:
    """Why a puzzle of `grade` does not fill a place that asks for the tier `wanted` (a skip
    reason, like an unprovable code's), or None when it does or no tier was asked for."""
    if wanted is None or grade is None or grade.tier == wanted:
        return None
    return f"graded {grade.tier or 'unfinished'}, not {wanted}"


def grade_fields(grade: Grade | None) -> dict[str, Any] | None:
    """The grade as a record and the manifest write it: tier, score and rounds per technique.
    The effort measures stay out: they describe the grader's yardstick, not the puzzle's grade.
    Keys in sorted order, as a record read back from disk has them, so a fresh entry and a reused
    one write the same manifest and edition bytes."""
    if grade is None:
        return None
    return {"score": grade.score, "techniques": dict(grade.techniques), "tier": grade.tier}


def rank(fields: dict[str, Any] | None) -> tuple[int, int]:
    """A sort key from easy to hard: tier, then score; ungraded and unfinished puzzles last."""
    tier = (fields or {}).get("tier")
    return (TIERS.index(tier) if tier in TIERS else len(TIERS), (fields or {}).get("score", 0))


def grade_label(fields: dict[str, Any] | None) -> str:
    """A grade as a puzzle's label prints it: filled stars up to its tier out of four, then the
    word, "★★☆☆ medium", readable in black and white and without knowing the scale; "" for a
    puzzle without a grade or one the techniques do not finish."""
    tier = (fields or {}).get("tier")
    if tier not in TIERS:
        return ""
    filled = TIERS.index(tier) + 1
    return f"{'★' * filled}{'☆' * (len(TIERS) - filled)} {tier}"
