"""Nuritwin: shade two equal blocks in every region, all shaded cells joined, no 2 x 2 shaded."""

from __future__ import annotations

import random
from functools import partial
from typing import Any, ClassVar, Mapping

from pydantic import Field

from pipeline.budget import Budget
from pipeline.interface.deferred import Deferred
from pipeline.interface.params import Params
from pipeline.interface.puzzle_type import Generated, PuzzleType
from pipeline.puzzles.nuritwin import model, play, render, rules, share, versions
from pipeline.render.svg import FigureSize


class NuritwinParams(Params):
    rows: int = Field(8, ge=6, le=12)
    cols: int = Field(8, ge=6, le=12)

    presets: ClassVar[Mapping[str, dict[str, Any]]] = {
        str(n): {"rows": n, "cols": n} for n in (6, 7, 8, 9, 10)
    }


def _generate(params: NuritwinParams, rng: random.Random, budget: Budget, version: versions.Version = versions.CURRENT) -> Generated:
    from pipeline.puzzles.nuritwin import aim, around, generate
    if params.difficulty in version.built_around:
        return around.generate_graded(params.rows, params.cols, params.difficulty, rng, budget, version)
    if params.difficulty in version.aimed:
        return aim.generate_graded(params.rows, params.cols, params.difficulty, rng, budget, version)
    return generate.generate(params.rows, params.cols, rng, budget, version)


def _print_size(params: NuritwinParams, *, answer: bool) -> FigureSize:
    return render.print_size(params.rows, params.cols, answer=answer)


PUZZLE_TYPE = PuzzleType(
    name="nuritwin", title="Nuritwin", version=versions.CURRENT.number, how_to_play=rules.RULES, params=NuritwinParams,
    generate=_generate, print_size=_print_size, checks=rules.CHECKS, share=share.SHARE,
    grade=Deferred(f"{__name__}.grade", "grade"), effort=Deferred(f"{__name__}.grade", "effort"),
    solve=Deferred(f"{__name__}.solver", "solve"), prove=Deferred(f"{__name__}.proof", "prove"),
    to_record=model.to_record, from_record=model.from_record, draw=render.draw,
    # 12 mm: a solver writes a dot or a small number beside the printed one, which a nonogram
    # cell never holds; a 10x10 (122 mm) still fits a 6x9 in page's text block.
    cell_mm=render.CELL_MM, max_cell_mm=12.0, play=play.PLAY,
    # each kept version is a record of its choices (versions.py), pinned by its golden records
    previous={version.number: partial(_generate, version=version) for version in versions.KEPT if version is not versions.CURRENT},
)
