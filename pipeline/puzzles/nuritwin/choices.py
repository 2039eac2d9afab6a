"""What a Nuritwin generator version chooses: the record each version is (versions.py holds
the kept ones), and the shapes of the choices it holds (the steps themselves: steps.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from pipeline.budget import Budget
from pipeline.puzzles.nuritwin.model import Answer, Grid, NuritwinPuzzle

if TYPE_CHECKING:  # the solver is imported when a puzzle is made, not when a version is read
    from pipeline.puzzles.nuritwin.solver import Layout

# What the layouts of one attempt share (steps.Parts, a dict of worked-out parts with the
# attempt's SAT oracle): passed through every step.
Parts = dict


@dataclass(frozen=True)
class Questions:
    """Who answers the yes/no questions of steps 3 and 4."""

    # (layout, block sizes, the answer as a mask, parts, budget, version) -> second answers to
    # reshape against (as masks), [] when the answer is the only one
    second_answers: Callable[[Layout, tuple[int, ...], int, Parts, Budget, "Version"], list[int]]
    # (layout, numbers, (region, size), parts, budget, version) -> whether an answer gives that
    # region blocks of another size
    other_size: Callable[[Layout, tuple[int | None, ...], tuple[int, int], Parts, Budget, "Version"], bool]


# (regions, drawn answer, parts, budget, rng, version) -> (reshaped regions, their one answer, the
# reshaping's stats), or None when reshaping gives up on this drawn answer
Reshape = Callable[[Grid, Answer, Parts, Budget, random.Random, "Version"], "tuple[Grid, Answer, dict[str, int]] | None"]


# (regions, their one answer, parts, budget, rng, version) -> the puzzle with the numbers it
# prints, or None when these regions cannot make one (the next drawn answer is tried)
Number = Callable[[Grid, Answer, Parts, Budget, random.Random, "Version"], "NuritwinPuzzle | None"]

@dataclass(frozen=True)
class Version:
    """What one generator version takes from steps.py, and its limits."""

    number: int
    reshape: Reshape  # step 3's strategy
    questions: Questions  # who answers steps 3 and 4's yes/no questions
    # (from how many cells, flood-fill target cells): step 1's region sizes by grid size
    grow_targets: tuple[tuple[int, tuple[int, int]], ...]
    # (from how many cells, nodes): what all runs of one draw may visit before its layout is dropped
    draw_steps: tuple[tuple[int, int], ...]
    restart_steps: int  # nodes in a draw's shortest run; runs grow as 1, 1, 2, 1, 1, 2, 4, ... times this
    draws_per_layout: int  # answers drawn on one grown layout before new regions are grown
    count_steps: int  # nodes one count may visit before its layout is dropped
    # Regions whose branches step 5's count looks at before each branch (solver.LOOK), 0 for the
    # plain pick; written out here, not taken from solver.LOOK, so tuning verify cannot move a code
    count_look: int
    built_around: tuple[str, ...]  # difficulties made on regions built around their answer (around.py)
    aimed: tuple[str, ...]  # difficulties numbered by the grader on grown regions (aim.py)
