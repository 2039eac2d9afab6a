"""Counting answers with a SAT solver, up to a limit, with optional lazy cuts.

Rules that are awkward to state as clauses up front (one connected network, one loop) are
enforced lazily: `refine` looks at each model and returns clauses that forbid what is wrong with
it (a disconnected part, a second loop); the solver then tries again. Only models that `refine`
accepts count as answers, and each is forbidden afterwards on the projected variables, so the
count is of distinct answers.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from pysat.solvers import Solver

Clause = list[int]
Refine = Callable[[set[int]], list[Clause]]


def enumerate_models(
    clauses: Iterable[Sequence[int]],
    project: Sequence[int],
    *,
    limit: int = 2,
    refine: Refine | None = None,
    solver: str,
) -> list[frozenset[int]]:
    """Up to `limit` distinct answers, each the set of `project` variables true in it; each type
    names the SAT solver its measurements chose (see README, "Verification")."""
    found: list[frozenset[int]] = []
    with Solver(name=solver, bootstrap_with=[list(c) for c in clauses]) as sat:
        while len(found) < limit and sat.solve():
            true = {v for v in sat.get_model() if v > 0}
            cuts = refine(true) if refine else []
            if cuts:
                for cut in cuts:
                    sat.add_clause(cut)
                continue
            answer = frozenset(v for v in project if v in true)
            found.append(answer)
            sat.add_clause([-v if v in answer else v for v in project])
    return found
