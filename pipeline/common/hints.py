"""Hints from a grader: its techniques run one round at a time, each round's new facts written
down as moves with the reason a person would give.

A round is what `run_techniques` does between two restarts from the easiest technique, so the
rounds here are exactly the grader's own run: the same techniques, in the same order, on the same
position (this module only looks at the position between rounds; no grade changes). Every fact of
a round follows from the facts of the rounds before it, which is what lets the page give a true
hint on a board with mistakes: the first round with a fact the board does not show has all its
premises on the board, whatever else is wrong there.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from pipeline.budget import Budget
from pipeline.interface.grades import Technique, run_techniques
from pipeline.interface.play import Move

Fact = tuple[str, int]  # (board part, index)


def deduction_rounds(
    position: Any,
    techniques: Sequence[Technique[Any]],
    solved: Callable[[Any], bool],
    budget: Budget,
    facts: Callable[[Any], dict[Fact, int]],
    explain: Callable[[str, Any, str, int, int], str],
    first: Callable[[int], int] = lambda mark: mark,
) -> list[list[Move]]:
    """Every round of the grader's run from `position`, each a list of moves: the facts that
    round added, explained by `explain(technique, position before the round, part, index, mark)`,
    in the order `first(mark)` then board order (a hint prefers the first)."""
    rounds: list[list[Move]] = []
    known = facts(position)
    while not solved(position):
        before = position.copy()
        run = run_techniques(position, techniques, solved, budget, max_rounds=1)
        if not run.rounds:
            break
        (name,) = run.rounds
        now = facts(position)
        new = sorted((fact for fact, mark in now.items() if known.get(fact) != mark), key=lambda f: (first(now[f]), f))
        rounds.append([Move(part, at, now[(part, at)], explain(name, before, part, at, now[(part, at)]), name) for part, at in new])
        known = now
    return rounds
