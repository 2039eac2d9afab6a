"""Slitherlink: one loop along the edges of the grid; a number counts the loop's edges around its cell."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping

from pydantic import Field

from pipeline.budget import Budget
from pipeline.interface.deferred import Deferred
from pipeline.interface.params import Params
from pipeline.interface.puzzle_type import Generated, PuzzleType
from pipeline.puzzles.slitherlink import play, record, render, rules, share
from pipeline.render.svg import FigureSize

RULES = """\
Draw one loop along the dotted lines of the grid, from dot to dot. The loop goes around, never \
branches, never crosses itself and never stops: at every dot it either passes through, turning \
or going straight on, or it does not touch that dot at all.

A number in a cell says how many of that cell's four sides the loop runs along. Cells without \
a number may have any number of sides on the loop, from none to three.

A worked example. A 0 has no loop around it, so its four sides are out: mark them with small \
crosses. A 3 in a corner of the grid has both its outer sides on the loop, since the corner dot \
cannot take just one line. Where two 3s sit side by side, the side between them and their two \
far sides are on the loop. Then follow the lines: a dot that has two lines takes no more, and a \
line that reaches a dot with only one way on must take it. Near the end, never close a small \
loop while other lines are still loose. Inside and outside help too: a cell and its neighbour \
are on different sides of the loop exactly when the loop runs between them.

In the answers the loop is drawn as a heavy line."""


class SlitherlinkParams(Params):
    rows: int = Field(10, ge=5, le=20)
    cols: int = Field(10, ge=5, le=20)

    presets: ClassVar[Mapping[str, dict[str, Any]]] = {
        **{str(n): {"rows": n, "cols": n} for n in (5, 7, 10, 15, 20)},
        "10x18": {"rows": 18, "cols": 10},  # 10 columns by 18 rows, the tall grid magazines print
    }


def _generate(params: SlitherlinkParams, rng: random.Random, budget: Budget) -> Generated:
    """Version 1: a loop after Tatham's loopgen, numbers added where the techniques up to the tier
    stop and removed while they still finish (see generate.py)."""
    from pipeline.puzzles.slitherlink import generate
    return generate.generate(params.rows, params.cols, params.difficulty, rng, budget)


def _print_size(params: SlitherlinkParams, *, answer: bool) -> FigureSize:
    return render.print_size(params.rows, params.cols, answer=answer)


PUZZLE_TYPE = PuzzleType(
    name="slitherlink", title="Slitherlink", version=1, how_to_play=RULES, params=SlitherlinkParams,
    generate=_generate, print_size=_print_size,
    grade=Deferred(f"{__name__}.grade", "grade"), solve=Deferred(f"{__name__}.solver", "solve"),
    prove=Deferred(f"{__name__}.proof", "prove"),
    checks=rules.CHECKS, share=share.SHARE, to_record=record.to_record, from_record=record.from_record,
    draw=render.draw, play=play.PLAY,
    # 7 mm between dots: a digit of 0.6 of the cell and room to draw the loop beside it. Pages grow
    # it to 10 mm at most, where a 7x7 prints 70 mm wide as puzzle books print that size (at 9 mm
    # two 7x7s left most of an A4 page empty); a 15x15 still fits an A4 text block at 10 mm
    cell_mm=render.CELL_MM, max_cell_mm=10.0,
)
