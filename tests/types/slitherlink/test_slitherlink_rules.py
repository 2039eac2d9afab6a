"""The rules checklist: one small failing board per failure code (failing_boards.json), each
reported by its code and message alone, and the answer of every such board's fix kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pipeline.interface.checks import Failure
from pipeline.puzzles.slitherlink import PUZZLE_TYPE as SLITHERLINK
from pipeline.puzzles.slitherlink.model import SlitherlinkPuzzle

BOARDS = json.loads((Path(__file__).parent / "failing_boards.json").read_text())


def board(entry: dict) -> SlitherlinkPuzzle:
    return SLITHERLINK.from_record({"rows": 3, "cols": 3, **{k: entry[k] for k in ("clues", "solution")}})


def test_every_code_of_the_checklist_has_a_failing_board() -> None:
    assert {check.code for check in SLITHERLINK.checks} == {entry["code"] for entry in BOARDS} | {"bad-shape"}


@pytest.mark.parametrize("entry", BOARDS, ids=lambda e: e["code"])
def test_a_failing_board_fails_by_its_code_alone(entry: dict) -> None:
    puzzle = board(entry)
    assert SLITHERLINK.failures(puzzle, puzzle.answer) == [Failure(entry["code"], entry["message"])]


def test_an_answer_that_is_no_set_of_grid_edges_is_refused_first() -> None:
    puzzle = board(BOARDS[0])
    assert [f.code for f in SLITHERLINK.failures(puzzle, [((0, 0), (0, 1))])] == ["bad-shape"]
    assert [f.code for f in SLITHERLINK.failures(puzzle, frozenset({((0, 0), (1, 1))}))] == ["bad-shape"]
    assert [f.code for f in SLITHERLINK.failures(puzzle, frozenset({((3, 3), (3, 4))}))] == ["bad-shape"]


def test_the_border_loop_keeps_every_rule_and_a_number_counts_each_edge() -> None:
    entry = next(e for e in BOARDS if e["code"] == "clue-count")
    for number, expected in ((0, []), (1, ["clue-count"])):
        clues = [[None] * 3, [None, None, None], [number, None, None]]
        puzzle = board({**entry, "clues": clues})
        assert [f.code for f in SLITHERLINK.failures(puzzle, puzzle.answer)] == ([] if number == 2 else ["clue-count"])
    corner = board({**entry, "clues": [[2, None, None], [None, None, None], [None, None, None]]})
    assert SLITHERLINK.failures(corner, corner.answer) == []


def test_messages_name_the_points_of_the_last_row_and_column() -> None:
    from pipeline.puzzles.slitherlink.model import point_name

    assert point_name((0, 0), 3, 3) == "the grid point above-left of r1c1"
    assert point_name((3, 3), 3, 3) == "the grid point below-right of r3c3"
    assert point_name((1, 3), 3, 3) == "the grid point above-right of r2c3"
    assert point_name((3, 1), 3, 3) == "the grid point below-left of r3c2"
