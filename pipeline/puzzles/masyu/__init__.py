"""Masyu: one loop through cell centres, past black and white pearls."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping

from pydantic import Field

from pipeline.budget import Budget
from pipeline.interface.deferred import Deferred
from pipeline.interface.params import Params
from pipeline.interface.puzzle_type import Generated, PuzzleType
from pipeline.puzzles.masyu import play, record, render, rules, share
from pipeline.render.svg import FigureSize

HOW_TO_PLAY = """\
Draw one loop through the centres of cells. The loop moves between cells that share a side, \
never branches or crosses itself, and passes through a cell at most once. It passes through \
every pearl; cells without a pearl it may pass or leave out.

On a black pearl (solid) the loop turns, and on both sides it runs straight on through the next \
cell: it leaves a black pearl in two directions at right angles, each for at least two cells.

Through a white pearl (an empty ring) the loop runs straight, and it turns in at least one of the \
two cells beside the pearl along its path.

A worked example. A black pearl in the second row cannot leave upwards: the loop would have to run \
straight on through the top row's cell and out of the grid. So it leaves downwards, through two \
cells. A white pearl on the grid's edge cannot run across the edge, so it runs along it. Three \
white pearls side by side in a row cannot all run along the row (the middle one would have no turn \
beside it), so each of them runs up and down. Two black pearls side by side each leave away from \
the other. Near the end, a line that would close a small loop while pearls are still left outside \
it can never be drawn."""


class MasyuParams(Params):
    rows: int = Field(10, ge=6, le=15)
    cols: int = Field(10, ge=6, le=15)

    presets: ClassVar[Mapping[str, dict[str, Any]]] = {str(n): {"rows": n, "cols": n} for n in (6, 8, 10, 12, 15)}


def _generate(params: MasyuParams, rng: random.Random, budget: Budget) -> Generated:
    """Version 2: medium loops are grown for the medium patterns; everything else as version 1."""
    from pipeline.puzzles.masyu import generate
    return generate.generate(params.rows, params.cols, params.difficulty, rng, budget, version=2)


def _generate_v1(params: MasyuParams, rng: random.Random, budget: Budget) -> Generated:
    """Version 1: every loop grown by Pearl's bias (most medium loops thin to easy puzzles)."""
    from pipeline.puzzles.masyu import generate
    return generate.generate(params.rows, params.cols, params.difficulty, rng, budget, version=1)


def _print_size(params: MasyuParams, *, answer: bool) -> FigureSize:
    return render.print_size(params.rows, params.cols, answer=answer)


PUZZLE_TYPE = PuzzleType(
    name="masyu", title="Masyu", version=2, how_to_play=HOW_TO_PLAY, params=MasyuParams,
    generate=_generate, previous={1: _generate_v1}, print_size=_print_size,
    grade=Deferred(f"{__name__}.grade", "grade"), solve=Deferred(f"{__name__}.solver", "solve"),
    prove=Deferred(f"{__name__}.proof", "prove"),
    to_record=record.to_record, from_record=record.from_record, draw=render.draw,
    checks=rules.CHECKS, share=share.SHARE, play=play.PLAY,
    # 8 mm a cell: a pearl 5.4 mm across with a pencil line through it; a 15x15 is 124 mm wide
    cell_mm=render.CELL_MM, max_cell_mm=12.0,
)
