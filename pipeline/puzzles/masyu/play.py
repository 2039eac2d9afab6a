"""Masyu in the web edition: the loop drawn between cell centres, cells marked off the loop (or
dotted on it) as a player's notes, pearls drawn by play.js, hints from the grader's own rounds
naming the line or cell and why.

A board reads as an answer by its lines alone, as the rules define one: a cell's mark is a note
the checklist does not judge (pzprjs's mashu has none), but the answer's board holds them, so
"show mistakes" flags a cell marked off the loop that the loop passes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.budget import Budget
from pipeline.common.hints import deduction_rounds
from pipeline.interface.checks import cell_name
from pipeline.interface.play import AID, BLANK, MAIN, Board, Move, Play, centre_pairs
from pipeline.puzzles.masyu.logic import OFF, ON, Position, start
from pipeline.puzzles.masyu.model import Line, MasyuPuzzle

REASONS = {
    "lines": "{cell} {lines}",
    "pearls": "{pearls} allow{s} nothing else",
    "pearl-patterns": "{pearls} read together as people learn them (black pearls side by side point apart; white pearls three in a row cross it) allow nothing else",
    "no-early-loop": "drawing it would close a loop while other lines or pearls are left outside it",
    "parity": "the loop crosses every straight cut across the grid an even number of times",
    "trial": "supposing the other way and solving on from there breaks a rule",
}


def clues(puzzle: MasyuPuzzle) -> dict[str, Any]:
    return {"pearls": list(puzzle.pearls)}


def board(puzzle: MasyuPuzzle) -> Board:
    on = {cell for line in puzzle.answer for cell in line}
    return {
        "cells": [BLANK if (r, c) in on else MAIN for r in range(puzzle.rows) for c in range(puzzle.cols)],
        "lines": [MAIN if pair in puzzle.answer else BLANK for pair in centre_pairs(puzzle.rows, puzzle.cols)],
    }


def answer(puzzle: MasyuPuzzle, board: Board) -> frozenset[Line]:
    return frozenset(pair for pair, mark in zip(centre_pairs(puzzle.rows, puzzle.cols), board["lines"]) if mark == MAIN)


def hints(puzzle: MasyuPuzzle, budget: Budget) -> list[list[Move]]:
    from pipeline.puzzles.masyu import grade
    position = start(puzzle, 0)
    index = {pair: at for at, pair in enumerate(centre_pairs(puzzle.rows, puzzle.cols))}
    order = [index[position.board.line_cells(e)] for e in range(len(position.es))]

    def facts(position: Position) -> dict[tuple[str, int], int]:
        found = {("lines", order[e]): MAIN if state == ON else AID for e, state in enumerate(position.es) if state in (ON, OFF)}
        for cell in range(position.board.n):
            if position.deg[cell]:
                found[("cells", cell)] = AID
            elif not position.unk[cell]:
                found[("cells", cell)] = MAIN
        return found

    explain = lambda technique, before, part, at, mark: _explain(puzzle, technique, part, at, mark)
    return deduction_rounds(position, grade.techniques(budget), Position.solved, budget, facts, explain)


def _explain(puzzle: MasyuPuzzle, technique: str, part: str, at: int, mark: int) -> str:
    if part == "cells":
        cell = cell_name(divmod(at, puzzle.cols))
        return f"{cell} is on the loop: a line runs into it." if mark == AID else f"{cell} is off the loop: no line can run through it."
    a, b = centre_pairs(puzzle.rows, puzzle.cols)[at]
    fact = "drawn" if mark == MAIN else "not drawn"
    near = [cell for cell in puzzle.pearl_cells() if min(abs(cell[0] - x[0]) + abs(cell[1] - x[1]) for x in (a, b)) <= 2]
    pearls = " and ".join(f"the {'black' if puzzle.pearl(c) == 'B' else 'white'} pearl at {cell_name(c)}" for c in near[:2]) or "the pearls"
    reason = REASONS.get(technique, REASONS["trial"]).format(
        cell=f"{cell_name(a)} and {cell_name(b)}:",
        lines="a cell with two lines has no more, one with a line and one way on takes it, and one with one way out has none" if mark != MAIN
        else "a cell with a line and one way on takes it, and a pearl with two ways out uses both",
        pearls=pearls, s="" if " and " in pearls else "s",
    )
    return f"The line between {cell_name(a)} and {cell_name(b)} is {fact}: {reason}."


PLAY = Play(
    folder=Path(__file__).parent, clues=clues, board=board, answer=answer, hints=hints,
    cell_marks=("off the loop", "on the loop"), lines="centres", words={"main": "Off the loop", "aid": "On the loop"},
)
