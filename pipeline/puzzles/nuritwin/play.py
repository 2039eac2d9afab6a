"""Nuritwin in the web edition: cells shaded or dotted (known unshaded), region walls and
numbers drawn by play.js, hints naming the region, square or group they come from."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.budget import Budget
from pipeline.common.hints import deduction_rounds
from pipeline.interface.checks import cell_name
from pipeline.interface.play import AID, MAIN, Board, Move, Play, marks_of_picture, picture_of_marks
from pipeline.puzzles.nuritwin.model import EMPTY, SHADED, NuritwinPuzzle

if TYPE_CHECKING:  # imported where a hint is made: a build that makes no hints never loads the grader
    from pipeline.puzzles.nuritwin import grade

# What each region technique kept of the region's ways (grade.py's techniques, by name).
REGION_REASONS = {
    "region-shapes": "every way it can hold two equal blocks{number} that fits what is known",
    "block-exits": "every way it can hold its blocks without walling a block in",
    "neighbour-squares": "every way it can hold its blocks without a shaded 2×2 with the cells beside it",
    "region-pairs": "every way it can hold its blocks that leaves each neighbouring region a way without a shaded 2×2",
    "sealed-shapes": "every way it can hold its blocks without sealing off part of the network",
    "pair-seals": "every way it can hold its blocks that leaves each neighbouring region a way without a shaded 2×2 or a sealed-off part",
}
CELL_REASONS = {
    "no-2x2": "shading it would complete a shaded 2×2 square",
    "isolated": "it is walled in by unshaded cells, so it could never join the network",
    "single-exit": "it is the only way out of a shaded group that must join the rest",
    "unreachable": "it can no longer join the shaded network",
    "cut-cell": "without it the shaded cells could not all join up",
}


def clues(puzzle: NuritwinPuzzle) -> dict[str, Any]:
    return {"regions": [list(row) for row in puzzle.regions], "numbers": [list(row) for row in puzzle.clues]}


def board(puzzle: NuritwinPuzzle) -> Board:
    return {"cells": marks_of_picture(puzzle.answer, SHADED), "lines": []}


def answer(puzzle: NuritwinPuzzle, board: Board) -> tuple[str, ...]:
    return picture_of_marks(board["cells"], puzzle.rows, puzzle.cols, SHADED, EMPTY)


def hints(puzzle: NuritwinPuzzle, budget: Budget) -> list[list[Move]]:
    from pipeline.puzzles.nuritwin import grade
    position = grade.Position(grade.Board.of(puzzle))
    explain = lambda technique, before, part, at, mark: _explain(puzzle, technique, part, at, mark)
    return deduction_rounds(position, grade.techniques(budget), grade.Position.solved, budget, _facts, explain)


def _facts(position: grade.Position) -> dict[tuple[str, int], int]:
    board = position.board
    found = {}
    for r in range(board.rows):
        for c in range(board.cols):
            bit = board.bit(r, c)
            if position.shaded & bit:
                found[("cells", r * board.cols + c)] = MAIN
            elif position.unshaded & bit:
                found[("cells", r * board.cols + c)] = AID
    return found


def _explain(puzzle: NuritwinPuzzle, technique: str, part: str, at: int, mark: int) -> str:
    cell = divmod(at, puzzle.cols)
    name = cell_name(cell)
    what = "shaded" if mark == MAIN else "unshaded"
    if technique in REGION_REASONS:
        region = puzzle.regions[cell[0]][cell[1]]
        first = puzzle.region_cells[region][0]
        number = puzzle.numbers[region]
        reason = REGION_REASONS[technique].format(number=f" of {number}" if number is not None else "")
        agree = "shades" if mark == MAIN else "leaves unshaded"
        return f"The region whose first cell is {cell_name(first)}: {reason} {agree} {name}. So {name} is {what}."
    if technique in CELL_REASONS:
        reason = CELL_REASONS[technique] if mark == AID or technique != "no-2x2" else CELL_REASONS[technique]
        return f"{name} is {what}: {reason}."
    other = "unshaded" if mark == MAIN else "shaded"
    return f"Suppose {name} were {other}: solving on from there breaks a rule. So {name} is {what}."


PLAY = Play(
    folder=Path(__file__).parent, clues=clues, board=board, answer=answer, hints=hints,
    cell_marks=("shaded", "dotted"), words={"main": "Shade", "aid": "Dot"},
)
