"""Nuritwin's generator versions, each a record of its choices among the steps of steps.py.

A kept version's record is never edited, and nothing it names is changed in a way that alters
what a code makes: the golden records of every kept version (tests/golden/nuritwin/ and its v1/,
v2/, v3/) hold them byte for byte (README, "Editions"). A change that would alter a record is a
new version. How each choice was made: docs/notes/nuritwin-generator.md and
docs/notes/nuritwin-speed.md.
"""

from __future__ import annotations

import dataclasses

from pipeline.interface.deferred import Deferred
from pipeline.puzzles.nuritwin.choices import Questions, Version

# The steps are imported when a version first makes a puzzle: a build that makes none reads only
# the versions' numbers.
STEPS = "pipeline.puzzles.nuritwin.steps"
# Who answers the yes/no questions of steps 3 and 4: the counting search, or the SAT oracle.
BY_COUNT = Questions(Deferred(STEPS, "second_answers_counted"), Deferred(STEPS, "other_size_counted"))
BY_ORACLE = Questions(Deferred(STEPS, "second_answer_asked"), Deferred(STEPS, "other_size_asked"))


# Reshapes against one second answer at a time by a random move, keeping the drawn answer.
V1 = Version(
    number=1,
    reshape=Deferred(STEPS, "reshape_against_one_answer"),
    questions=BY_COUNT,
    grow_targets=((0, (4, 7)),),
    draw_steps=((0, 500),),
    restart_steps=50,
    draws_per_layout=20,
    count_steps=20_000,
    count_look=0,
    built_around=(),
    aimed=(),
)
# Reshapes by the move that leaves fewest rivals, switching answers when stuck; graded sections aim.
V2 = dataclasses.replace(V1, number=2, reshape=Deferred(STEPS, "reshape_to_fewest_rivals"), aimed=("easy", "medium", "hard"))
# A SAT oracle answers the yes/no questions; larger grids grow larger regions and draw longer; easy
# and medium puzzles are built around their answer.
V3 = dataclasses.replace(
    V2,
    number=3,
    questions=BY_ORACLE,
    grow_targets=((0, (4, 7)), (100, (5, 8))),
    draw_steps=((0, 500), (144, 2_000)),
    built_around=("easy", "medium"),
    aimed=("hard",),
)
# The final count looks ahead, so fewer layouts are dropped at its step limit.
V4 = dataclasses.replace(V3, number=4, count_look=3)

KEPT = (V1, V2, V3, V4)
CURRENT = KEPT[-1]
