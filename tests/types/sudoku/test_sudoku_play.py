"""The web edition's record: givens fixed on the start board, each grid's own digits, and hints
that place a digit in every round, carrying the reason of rounds that only rule candidates out."""

from __future__ import annotations

from pipeline.budget import Budget
from pipeline.puzzles.sudoku import PUZZLE_TYPE as SUDOKU
from sudoku_reference import made


def made_puzzle(size: int, tier: str | None = None):
    return made(size, "harbour", **({"difficulty": tier} if tier else {})).puzzle


def test_the_page_starts_from_the_givens_and_offers_the_grids_digits() -> None:
    for size in (4, 6, 9):
        puzzle = made_puzzle(size)
        assert SUDOKU.play.start(puzzle)["cells"] == [v for row in puzzle.givens for v in row]
        assert SUDOKU.play.digits_for(puzzle) == size
    assert SUDOKU.play.digits == 9


def test_hints_begin_with_the_givens_and_say_why_each_digit_goes_where_it_does() -> None:
    puzzle = made_puzzle(9, "hard")
    rounds = SUDOKU.play.hints(puzzle, Budget())
    assert {m.technique for m in rounds[0]} == {"given"}
    assert len(rounds[0]) == sum(1 for row in puzzle.givens for v in row if v)
    later = [m for moves in rounds[1:] for m in moves]
    assert later and all(m.part == "cells" and m.mark == puzzle.answer[m.at // 9][m.at % 9] for m in later)
    singles = [m for m in later if m.technique == "hidden-single"]
    assert singles and all(" has one place left in " in m.why and m.why.endswith(f"r{m.at // 9 + 1}c{m.at % 9 + 1}") for m in singles)
    # the rounds that only struck candidates are told with the placement they led to
    carried = [m for m in later if "; then " in m.why]
    assert carried and all(" rules out " in m.why for m in carried)
    assert {m.technique for m in carried} & {"x-wing", "swordfish", "xy-wing", "colouring"}
