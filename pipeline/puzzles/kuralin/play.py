"""Kuralin in the web edition: the loop drawn between cell centres, cells marked black or
dotted white, lines crossed out; circles drawn by play.js; hints naming the circle, cell or line
they come from.

A board reads as an answer the way the rules define one: the loop is its drawn lines, and every
cell the loop misses is black whether or not it was marked. So a cell marked black on the loop,
or dotted white off it, breaks "black-off-loop", and a player need not blacken every cell.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.budget import Budget
from pipeline.common.hints import deduction_rounds
from pipeline.interface.checks import cell_name
from pipeline.interface.play import AID, BLANK, MAIN, Board, Move, Play, centre_pairs
from pipeline.puzzles.kuralin.model import BLACK, ON_LOOP, KuralinPuzzle, Solution, edge

if TYPE_CHECKING:  # imported where a hint is made: a build that makes no hints never loads the grader
    from pipeline.puzzles.kuralin import grade

REASONS = {
    "no-small-loop": "drawing it would close a loop while other parts of the loop remain",
    "unreachable": "it can no longer reach the loop's white cells",
    "cut-cell": "the white cells cannot join into one loop without it",
    "parity": "the loop steps between the chessboard's two colours, so it holds as many white cells on each",
    "circle-pairs": "{circles}, read together, allow only this",
    "circle-cases": "of the ways to colour the cells of {circles}, the ones that hold up all agree here",
}


def clues(puzzle: KuralinPuzzle) -> dict[str, Any]:
    return {"circles": [{"kind": c.kind, "point": list(c.point)} for c in puzzle.circles]}


def board(puzzle: KuralinPuzzle) -> Board:
    pairs = centre_pairs(puzzle.rows, puzzle.cols)
    return {
        "cells": [MAIN if mark == BLACK else BLANK for row in puzzle.answer.cells for mark in row],
        "lines": [MAIN if pair in puzzle.answer.lines else BLANK for pair in pairs],
    }


def answer(puzzle: KuralinPuzzle, board: Board) -> Solution:
    pairs = centre_pairs(puzzle.rows, puzzle.cols)
    lines = frozenset(edge(a, b) for (a, b), mark in zip(pairs, board["lines"]) if mark == MAIN)
    on_loop = {cell for line in lines for cell in line}
    cells = board["cells"]

    def white(r: int, c: int) -> bool:
        mark = cells[r * puzzle.cols + c]
        return mark == AID or (mark != MAIN and (r, c) in on_loop)

    return Solution(
        tuple("".join(ON_LOOP if white(r, c) else BLACK for c in range(puzzle.cols)) for r in range(puzzle.rows)), lines
    )


def hints(puzzle: KuralinPuzzle, budget: Budget) -> list[list[Move]]:
    from pipeline.puzzles.kuralin import grade
    position = grade.Position(grade.Board.of(puzzle))
    explain = lambda technique, before, part, at, mark: _explain(puzzle, technique, before, part, at, mark)
    lines_first = lambda mark: 0  # board order: cells, then lines
    return deduction_rounds(position, grade.techniques(budget), grade.Position.solved, budget, _facts, explain, lines_first)


def _facts(position: grade.Position) -> dict[tuple[str, int], int]:
    from pipeline.puzzles.kuralin import grade
    found = {}
    for cell, value in enumerate(position.cells):
        if value != grade.UNKNOWN:
            found[("cells", cell)] = MAIN if value == grade.BLACK else AID
    for line, value in enumerate(position.lines):
        if value != grade.OPEN:
            found[("lines", line)] = MAIN if value == grade.LINE else AID
    return found


def circle_name(kind: str, cells: tuple[tuple[int, int], ...]) -> str:
    where = f"between {cell_name(cells[0])} and {cell_name(cells[1])}" if len(cells) == 2 else f"at the corner of {cell_name(cells[0])} to {cell_name(cells[3])}"
    return f"the {kind} circle {where}"


def _explain(puzzle: KuralinPuzzle, technique: str, before: grade.Position, part: str, at: int, mark: int) -> str:
    cols = puzzle.cols
    if part == "cells":
        cell = divmod(at, cols)
        subject, fact = cell_name(cell), ("black" if mark == MAIN else "white, on the loop")
        touching = [c for c in puzzle.circles if cell in c.cells]
    else:
        a, b = centre_pairs(puzzle.rows, cols)[at]
        subject = f"the line between {cell_name(a)} and {cell_name(b)}"
        fact = "drawn" if mark == MAIN else "not drawn"
        touching = [c for c in puzzle.circles if a in c.cells or b in c.cells]
    circles = " and ".join(circle_name(c.kind, c.cells) for c in touching[:2]) or "the circles"
    if technique == "circle-count":
        circle = next((c for c in touching if _forces(before, c, at, mark)), touching[0])
        return f"{_upper(circle_name(circle.kind, circle.cells))}: its balance leaves one way for its other cells, so {subject} is {fact}."
    if technique == "cell-lines":
        return f"{_upper(subject)} is {fact}: {_cell_lines_reason(part, mark)}."
    if technique in REASONS:
        return f"{_upper(subject)} is {fact}: {REASONS[technique].format(circles=circles)}."
    if part == "cells":
        other = "white" if mark == MAIN else "black"
        return f"Suppose {subject} were {other}: solving on from there breaks a rule. So {subject} is {fact}."
    return f"{_upper(subject)} is {fact}: a supposition about a cell, solved on, broke a rule."


def _upper(text: str) -> str:
    """A sentence's start: 'the line ...' becomes 'The line ...'; a cell name stays 'r3c4'."""
    return text[0].upper() + text[1:] if text.startswith("the ") else text


def _cell_lines_reason(part: str, mark: int) -> str:
    if part == "cells":
        return "a cell with fewer than two ways out is off the loop" if mark == MAIN else "a line runs into it"
    if mark == MAIN:
        return "a white cell with only two ways out uses both"
    return "a black cell has no lines, and a white cell with two lines has no more"


def _forces(position: grade.Position, circle, at: int, mark: int) -> bool:
    """Whether the circle's balance alone, with what was known, forced this cell's colour."""
    from pipeline.puzzles.kuralin import grade
    cols = position.board.cols
    values = [position.cells[r * cols + c] for r, c in circle.cells]
    blacks, unknown = values.count(grade.BLACK), values.count(grade.UNKNOWN)
    possible = [n for n in grade.allowed_blacks(circle.kind, len(circle.cells)) if blacks <= n <= blacks + unknown]
    return bool(unknown and possible) and (min(possible) == blacks + unknown if mark == MAIN else max(possible) == blacks)


PLAY = Play(
    folder=Path(__file__).parent, clues=clues, board=board, answer=answer, hints=hints,
    cell_marks=("black", "white"), lines="centres", words={"main": "Black", "aid": "White dot"},
)
