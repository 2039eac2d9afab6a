"""Slitherlink in the web edition: the loop drawn along edges between grid points, edges crossed
out, cells shaded inside the loop or dotted outside it (an aid: the answer is the edges alone);
numbers drawn by play.js; hints from the grader's rounds, naming what each came from.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.budget import Budget
from pipeline.common.hints import deduction_rounds
from pipeline.interface.checks import cell_name
from pipeline.interface.play import AID, BLANK, MAIN, Board, Move, Play, edge_segments
from pipeline.puzzles.slitherlink.model import SlitherlinkPuzzle

if TYPE_CHECKING:  # imported where a hint is made: a build that makes no hints never loads the grader
    from pipeline.puzzles.slitherlink import grade

REASONS = {
    "zeros": "a 0 has no line around it",
    "corner-clues": "a 3 in a corner of the grid has both corner edges, a 1 neither",
    "clue-count": "a number with all its lines has no more, and one with just enough open edges takes them all",
    "vertex-degree": "a grid point has two lines or none",
    "adjacent-3s": "two 3s side by side have the edge between them and both far edges, and the line goes no further",
    "diagonal-3s": "two 3s corner to corner have both edges at their far corners",
    "corner-pairs": "at a cell's corner, the grid point and the number together leave one way",
    "no-small-loop": "drawing it would close a small loop while other lines or numbers wait",
    "inside-outside": "the loop has inside and outside: a line parts two cells, a crossed edge joins them",
    "trial": "supposing the other way and solving on breaks a rule",
}


def clues(puzzle: SlitherlinkPuzzle) -> dict[str, Any]:
    return {"numbers": [list(row) for row in puzzle.clues]}


def board(puzzle: SlitherlinkPuzzle) -> Board:
    inside = _inside(puzzle.rows, puzzle.cols, puzzle.answer)
    return {
        "cells": [MAIN if cell in inside else BLANK for cell in range(puzzle.rows * puzzle.cols)],
        "lines": [MAIN if edge in puzzle.answer else BLANK for edge in edge_segments(puzzle.rows, puzzle.cols)],
    }


def _inside(rows: int, cols: int, edges: frozenset) -> set[int]:
    """The cells inside the loop: crossing an odd number of upright edges from the left border."""
    found = set()
    for r in range(rows):
        inside = False
        for c in range(cols):
            inside ^= ((r, c), (r + 1, c)) in edges
            if inside:
                found.add(r * cols + c)
    return found


def answer(puzzle: SlitherlinkPuzzle, board: Board) -> frozenset:
    return frozenset(e for e, mark in zip(edge_segments(puzzle.rows, puzzle.cols), board["lines"]) if mark == MAIN)


def hints(puzzle: SlitherlinkPuzzle, budget: Budget) -> list[list[Move]]:
    from pipeline.puzzles.slitherlink import grade
    position = grade.start(puzzle)
    lines_first = lambda mark: 0
    return deduction_rounds(position, grade.techniques(budget), grade.Position.solved, budget, _facts, _explain, lines_first)


def _facts(position: grade.Position) -> dict[tuple[str, int], int]:
    """Edges as known, and every cell whose side of the loop the known edges tie to the outside."""
    from pipeline.puzzles.slitherlink import grade
    found = {}
    for e, value in enumerate(position.lines):
        if value != grade.OPEN:
            found[("lines", e)] = MAIN if value == grade.LINE else AID
    board = position.board
    outside = board.rows * board.cols
    sides = grade.sides_of(position)
    root, parity = sides.find(outside)
    for cell in range(outside):
        cell_root, cell_parity = sides.find(cell)
        if cell_root == root:
            found[("cells", cell)] = MAIN if cell_parity != parity else AID
    return found


def _explain(technique: str, before: grade.Position, part: str, at: int, mark: int) -> str:
    board = before.board
    if part == "cells":
        where = "inside" if mark == MAIN else "outside"
        return f"{cell_name(divmod(at, board.cols))} is {where} the loop: the known edges tie it to the grid's outside."
    fact = "a line" if mark == MAIN else "not a line"
    return f"{_upper(edge_name(board, at))} is {fact}: {REASONS.get(technique, technique)}."


def edge_name(board, edge: int) -> str:
    """An edge by the cell it borders, as a reader finds it: "the top edge of r3c4"."""
    (y1, x1), (y2, x2) = board.edges[edge]
    if y1 == y2:  # level: the top of the cell below it, or the bottom of the last row
        return f"the top edge of {cell_name((y1, x1))}" if y1 < board.rows else f"the bottom edge of {cell_name((y1 - 1, x1))}"
    return f"the left edge of {cell_name((y1, x1))}" if x1 < board.cols else f"the right edge of {cell_name((y1, x1 - 1))}"


def _upper(text: str) -> str:
    return text[0].upper() + text[1:]


PLAY = Play(
    folder=Path(__file__).parent, clues=clues, board=board, answer=answer, hints=hints,
    cell_marks=("inside", "outside"), lines="edges", words={"main": "Inside", "aid": "Outside dot"},
)
