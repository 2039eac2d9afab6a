"""Nuritwin: shade two equal blocks in every region, all shaded cells joined, no 2 x 2 shaded."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping

from pydantic import Field

from pipeline.budget import Budget
from pipeline.interface.puzzle_type import Generated, PuzzleType
from pipeline.puzzles.nuritwin import aim, around, generate, generate_v1, generate_v2, grade, model, play, proof, render, rules, share, solver
from pipeline.interface.params import Params
from pipeline.render.svg import FigureSize


class NuritwinParams(Params):
    rows: int = Field(8, ge=6, le=12)
    cols: int = Field(8, ge=6, le=12)

    presets: ClassVar[Mapping[str, dict[str, Any]]] = {
        str(n): {"rows": n, "cols": n} for n in (6, 7, 8, 9, 10)
    }


def _generate(params: NuritwinParams, rng: random.Random, budget: Budget, version: generate.Version = generate.V4) -> Generated:
    if params.difficulty in around.AIMED:
        return around.generate_graded(params.rows, params.cols, params.difficulty, rng, budget, version)
    if params.difficulty in aim.AIMED:
        return aim.generate_graded(params.rows, params.cols, params.difficulty, rng, budget, version=version)
    return generate.generate(params.rows, params.cols, rng, budget, version)


def _generate_v3(params: NuritwinParams, rng: random.Random, budget: Budget) -> Generated:
    return _generate(params, rng, budget, generate.V3)


def _generate_v2(params: NuritwinParams, rng: random.Random, budget: Budget) -> Generated:
    if params.difficulty in aim.AIMED:
        return aim.generate_graded(params.rows, params.cols, params.difficulty, rng, budget, generate_v2)
    return generate_v2.generate(params.rows, params.cols, rng, budget)


def _generate_v1(params: NuritwinParams, rng: random.Random, budget: Budget) -> Generated:
    return generate_v1.generate(params.rows, params.cols, rng, budget)


def _print_size(params: NuritwinParams, *, answer: bool) -> FigureSize:
    return render.print_size(params.rows, params.cols, answer=answer)


PUZZLE_TYPE = PuzzleType(
    name="nuritwin", title="Nuritwin", version=4, how_to_play=rules.RULES, params=NuritwinParams,
    generate=_generate, grade=grade.grade, effort=grade.effort, print_size=_print_size, solve=solver.solve, checks=rules.CHECKS, prove=proof.prove, share=share.SHARE,
    to_record=model.to_record, from_record=model.from_record, draw=render.draw,
    # 12 mm: a solver writes a dot or a small number beside the printed one, which a nonogram
    # cell never holds; a 10x10 (122 mm) still fits a 6x9 in page's text block.
    cell_mm=render.CELL_MM, max_cell_mm=12.0, play=play.PLAY,
    # version 2 reshapes regions by the move that leaves fewest second answers; version 3 asks a
    # SAT solver whether an answer is the only one (issue 17) and builds easy and medium puzzles'
    # regions around their answer (around.py, issue 13); version 4's final count looks ahead
    # (solver.LOOK, issue 17), so fewer layouts are dropped at its step limit
    previous={1: _generate_v1, 2: _generate_v2, 3: _generate_v3},
)
