"""Sudoku in the web edition: digits typed into cells, the givens fixed on the board from the
start, box walls drawn by play.js; hints in the grader's own order, each placement explained.

The board holds digits only, no pencil marks, so a round of the grader that only rules out
candidates (locked candidates, subsets, fish, colouring) shows nothing on the board: its reason
is carried into the next placement's ("an X-wing rules out 4 at r5c1 and r5c9; then 4 has one
place left in box 5, r5c5"). The first round lists the givens, printed in the puzzle, so the
hints together are the whole answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pipeline.budget import Budget
from pipeline.interface.checks import cell_name
from pipeline.interface.grades import run_techniques
from pipeline.interface.play import Board, Move
from pipeline.puzzles.sudoku.model import Grid, SudokuPuzzle, flat, rows_of

if TYPE_CHECKING:  # imported where a hint is made: a build that makes no hints never loads the grader
    from pipeline.puzzles.sudoku import grade

# What each technique that only rules candidates out is, as a hint names it
NAMES = {
    "pointing": "a pointing pair",
    "claiming": "a claiming line",
    "naked-pair": "a naked pair",
    "hidden-pair": "a hidden pair",
    "naked-triple": "a naked triple",
    "hidden-triple": "a hidden triple",
    "x-wing": "an X-wing",
    "swordfish": "a swordfish",
    "xy-wing": "an XY-wing",
    "colouring": "colouring",
    "forcing-chain": "a forcing chain",
}
HOUSES = ("row", "column", "box")
SHOWN = 3  # struck candidates a hint lists by cell before it only counts the rest


def clues(puzzle: SudokuPuzzle) -> dict[str, Any]:
    return {"givens": [list(row) for row in puzzle.givens], "box": list(puzzle.box)}


def board(puzzle: SudokuPuzzle) -> Board:
    return {"cells": flat(puzzle.answer), "lines": []}


def start(puzzle: SudokuPuzzle) -> Board:
    return {"cells": flat(puzzle.givens), "lines": []}


def answer(puzzle: SudokuPuzzle, shown: Board) -> Grid:
    return rows_of(list(shown["cells"]), puzzle.rows)


def hints(puzzle: SudokuPuzzle, budget: Budget) -> list[list[Move]]:
    from pipeline.puzzles.sudoku import grade
    position = grade.start(puzzle)
    techniques = grade.techniques(budget)
    rounds = [[Move("cells", i, v, f"{_at(puzzle, i)} is printed in the puzzle", "given") for i, v in enumerate(flat(puzzle.givens)) if v]]
    prepared: list[str] = []  # what the rounds since the last placement ruled out, as told
    deciding = ""
    while not position.solved():
        before = position.copy()
        run = run_techniques(position, techniques, grade.Position.solved, budget, max_rounds=1)
        if not run.rounds:
            break
        (name,) = run.rounds
        placed = [(i, v) for i, v in enumerate(position.value) if v and not before.value[i]]
        if not placed:
            prepared.append(_struck(puzzle, name, before, position))
            deciding = name
            continue
        lead = "; ".join(prepared) + "; then " if prepared else ""
        rounds.append([Move("cells", i, v, lead + _placed(puzzle, name, before, i, v), deciding or name) for i, v in placed])
        prepared, deciding = [], ""
    return rounds


def _at(puzzle: SudokuPuzzle, cell: int) -> str:
    return cell_name(divmod(cell, puzzle.rows))


def _struck(puzzle: SudokuPuzzle, name: str, before: grade.Position, after: grade.Position) -> str:
    """What a round that only ruled candidates out found: "an X-wing rules out 4 at r5c1 and r5c9"."""
    gone = [(i, before.cand[i] & ~after.cand[i]) for i in range(len(before.cand)) if before.cand[i] != after.cand[i]]
    by_digit: dict[int, list[int]] = {}
    for cell, mask in gone:
        for d in range(puzzle.rows):
            if mask >> d & 1:
                by_digit.setdefault(d + 1, []).append(cell)
    parts = []
    for digit, cells in sorted(by_digit.items()):
        shown = [_at(puzzle, c) for c in cells[:SHOWN]]
        rest = len(cells) - SHOWN
        more = f" and {rest} more cell{'s' * (rest > 1)}" if rest > 0 else ""
        joined = ", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 and not more else ", ".join(shown)
        parts.append(f"{digit} at {joined}{more}")
    return f"{NAMES[name]} rules out " + "; ".join(parts)


def _placed(puzzle: SudokuPuzzle, name: str, before: grade.Position, cell: int, digit: int) -> str:
    where = _at(puzzle, cell)
    if name == "hidden-single":
        units = before.units
        where_places, _ = before.places()
        for kind, house in zip(HOUSES, units.houses_of[cell]):
            if where_places[house][digit - 1] == [cell]:
                number = house % puzzle.rows + 1
                return f"{digit} has one place left in {kind} {number}, {where}"
    if name == "naked-single":
        return f"{where} can hold only {digit}: its row, column and box hold every other digit"
    # a forcing chain that agrees: every candidate of one cell, followed through singles, puts it there
    return f"{NAMES[name]} (each digit a cell of two candidates can hold, followed through singles) puts {digit} in {where} either way"
