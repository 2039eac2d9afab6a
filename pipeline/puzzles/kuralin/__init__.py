"""Kuralin: one loop through cell centres; the circles on grid points weigh black against white."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping

from pydantic import Field

from pipeline.budget import Budget
from pipeline.interface.deferred import Deferred
from pipeline.interface.puzzle_type import Generated, PuzzleType
from pipeline.puzzles.kuralin import play, record, render, rules, share
from pipeline.interface.params import Params
from pipeline.render.svg import FigureSize

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


class KuralinParams(Params):
    rows: int = Field(8, ge=5, le=12)
    cols: int = Field(8, ge=5, le=12)

    presets: ClassVar[Mapping[str, dict[str, Any]]] = {
        str(n): {"rows": n, "cols": n} for n in (5, 6, 7, 8, 9, 10)
    }


def _generate(params: KuralinParams, rng: random.Random, budget: Budget) -> Generated:
    """Version 2: a puzzle made for its difficulty's tier. Expert puzzles come from the ungraded
    generator as in version 1: it removes every circle it can, and most of what it makes is
    expert, several times faster than aiming at expert (docs/notes/kuralin-expert.md)."""
    from pipeline.puzzles.kuralin import generate
    if params.difficulty in (None, "expert"):
        return generate.generate(params.rows, params.cols, rng, budget)
    return generate.generate_graded(params.rows, params.cols, params.difficulty, rng, budget)


def _generate_v1(params: KuralinParams, rng: random.Random, budget: Budget) -> Generated:
    """Version 1: every difficulty drew from the ungraded generator, kept or skipped by grade."""
    from pipeline.puzzles.kuralin import generate
    return generate.generate(params.rows, params.cols, rng, budget)


def _print_size(params: KuralinParams, *, answer: bool) -> FigureSize:
    return render.print_size(params.rows, params.cols, answer=answer)


PUZZLE_TYPE = PuzzleType(
    name="kuralin", title="Kuralin", version=2, how_to_play=RULES, params=KuralinParams,
    generate=_generate, previous={1: _generate_v1}, print_size=_print_size, checks=rules.CHECKS, share=share.SHARE,
    grade=Deferred(f"{__name__}.grade", "grade"), effort=Deferred(f"{__name__}.grade", "effort"),
    solve=Deferred(f"{__name__}.solver", "solve"), prove=Deferred(f"{__name__}.proof", "prove"),
    to_record=record.to_record, from_record=record.from_record, draw=render.draw,
    # 12 mm: the loop is drawn through cell centres between circles on the grid points; at 12 mm
    # a pencil line passes two circles (4.8 mm across) with room to spare. A 10x10 is 122 mm.
    cell_mm=render.CELL_MM, max_cell_mm=12.0, play=play.PLAY,
)
