"""Nonogram in the web edition: cells filled or crossed, clues beside the lines, hints naming
the line and clue that force a cell (the product document's player)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.budget import Budget
from pipeline.common.hints import deduction_rounds
from pipeline.interface.checks import cell_name
from pipeline.interface.play import AID, MAIN, Board, Move, Play, marks_of_picture, picture_of_marks
from pipeline.puzzles.nonogram.model import EMPTY, FILLED, Nonogram

if TYPE_CHECKING:  # imported where a hint is made: a build that makes no hints never loads the grader
    from pipeline.puzzles.nonogram import grade

# what each line technique found, as a person says it (the name of grade.py's rule, and why)
LINE_RULES = {
    "simple-boxes": ("simple_boxes", "a run's leftmost and rightmost places both cover it"),
    "simple-spaces": ("simple_spaces", "no run can reach it"),
    "edge-runs": ("edge_runs", "the run nearest the edge, pushed by the cells known there, decides it"),
    "anchored-runs": ("anchored_boxes", "with the cells known so far, a run's extreme places decide it"),
    "line-logic": ("line_logic", "every way the clue fits the cells known so far agrees on it"),
}


def clues(puzzle: Nonogram) -> dict[str, Any]:
    return {"rows": [list(c) for c in puzzle.row_clues], "cols": [list(c) for c in puzzle.col_clues]}


def board(puzzle: Nonogram) -> Board:
    return {"cells": marks_of_picture(puzzle.answer, FILLED), "lines": []}


def answer(puzzle: Nonogram, board: Board) -> tuple[str, ...]:
    """Filled cells count; crosses and blanks are both empty."""
    return picture_of_marks(board["cells"], puzzle.rows, puzzle.cols, FILLED, EMPTY)


def hints(puzzle: Nonogram, budget: Budget) -> list[list[Move]]:
    from pipeline.puzzles.nonogram import grade
    position = grade.Position.blank(puzzle)
    fill_first = lambda mark: 0 if mark == MAIN else 1  # the document: prefer a cell to fill over a cell to cross
    return deduction_rounds(position, grade.techniques(budget), grade.Position.solved, budget, _facts, _explain, fill_first)


def _facts(position: grade.Position) -> dict[tuple[str, int], int]:
    cols = position.puzzle.cols
    found = {}
    for r in range(position.puzzle.rows):
        for c in range(cols):
            if position.filled[r] >> c & 1:
                found[("cells", r * cols + c)] = MAIN
            elif position.empty[r] >> c & 1:
                found[("cells", r * cols + c)] = AID
    return found


def _explain(technique: str, before: grade.Position, part: str, at: int, mark: int) -> str:
    puzzle = before.puzzle
    r, c = divmod(at, puzzle.cols)
    what = "filled" if mark == MAIN else "empty"
    if technique not in LINE_RULES:
        other = "empty" if mark == MAIN else "filled"
        return (f"Suppose {cell_name((r, c))} were {other}: reasoning on one line at a time from there, some line can no "
                f"longer hold its clue. So {cell_name((r, c))} is {what}.")
    from pipeline.puzzles.nonogram import grade

    rule_name, reason = LINE_RULES[technique]
    rule = getattr(grade, rule_name)
    for index, offset, name in ((r, c, f"Row {r + 1}"), (puzzle.rows + c, r, f"Column {c + 1}")):
        settled = rule(before.clue(index), before.length(index), *before.line(index))
        if settled is not None and (settled[0 if mark == MAIN else 1] >> offset) & 1:
            clue = " ".join(map(str, before.clue(index))) or "0"
            return f"{name}, clue {clue}: {reason}, so {cell_name((r, c))} is {what}."
    raise AssertionError(f"{technique} decided {cell_name((r, c))} from neither of its lines")


PLAY = Play(
    folder=Path(__file__).parent, clues=clues, board=board, answer=answer, hints=hints,
    cell_marks=("filled", "crossed"), words={"main": "Fill", "aid": "Mark X"},
)
