"""Records and the rules check: the JSON contract, hand-edited records, one broken answer per code."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonogram_reference import puzzle_from_text, shows_clues
from pipeline.errors import RecordError
from pipeline.budget import Budget
from pipeline.puzzles.nonogram import PUZZLE_TYPE, generate

DIAGONAL = puzzle_from_text("""
    #.
    .#
""")


@pytest.mark.parametrize(
    "answer, codes",
    [
        (("#.", ".#"), []),
        (("#.",), ["bad-shape"]),  # a row missing
        (("#.", ".#."), ["bad-shape"]),  # a row too long
        (("#.", ".x"), ["bad-shape"]),  # a stranger in the grid
        (("#.", 7), ["bad-shape"]),
        ("#..#", ["bad-shape"]),
        (None, ["bad-shape"]),
        (("##", ".."), ["row-clue-mismatch"]),  # columns still show 1 and 1
        (("#.", "#."), ["col-clue-mismatch"]),  # rows still show 1 and 1
        (("##", "##"), ["row-clue-mismatch", "col-clue-mismatch"]),
        ([".#", "#."], []),  # the other answer: the check reads clues, not a stored picture
    ],
)
def test_check_names_each_broken_rule(answer, codes):
    assert [f.code for f in PUZZLE_TYPE.failures(DIAGONAL, answer)] == codes


def grids(rows: int, cols: int):
    return st.lists(st.text("#.", min_size=cols, max_size=cols), min_size=rows, max_size=rows)


@settings(max_examples=150, deadline=None)
@given(
    st.tuples(st.integers(1, 6), st.integers(1, 6)).flatmap(
        lambda shape: st.tuples(grids(*shape), st.one_of(grids(*shape), grids(*shape[::-1])))
    )
)
def test_check_agrees_with_the_reference_on_any_answer(picture_and_answer):
    picture, answer = picture_and_answer
    puzzle = puzzle_from_text(" ".join(picture))
    for tried in (tuple(answer), tuple(picture)):
        assert (PUZZLE_TYPE.failures(puzzle, tried) == []) == shows_clues(puzzle, tried)


def made(size: int, code: str):
    return PUZZLE_TYPE.make(size, code, Budget())


def full_record(puzzle) -> dict:
    return {"id": "n", "type": "nonogram", "rows": puzzle.rows, "cols": puzzle.cols, "code": "c",
            "generator": "nonogram/1", **PUZZLE_TYPE.to_record(puzzle)}


@pytest.mark.parametrize("size", [5, 10, 15])
def test_records_round_trip(size):
    puzzle = made(size, "round-trip").puzzle
    record = json.loads(json.dumps(full_record(puzzle)))
    assert PUZZLE_TYPE.from_record(record) == puzzle
    assert list(PUZZLE_TYPE.to_record(puzzle)) == ["row_clues", "col_clues", "solution"]


@pytest.mark.parametrize("rows, cols", [(15, 20), (25, 15)])
def test_rectangular_records_round_trip_and_keep_rows_and_columns_apart(rows, cols):
    puzzle = generate.generate(rows, cols, random.Random(f"{rows}x{cols}/record"), Budget()).puzzle
    record = json.loads(json.dumps(full_record(puzzle)))
    assert PUZZLE_TYPE.from_record(record) == puzzle
    assert len(record["row_clues"]) == rows and len(record["col_clues"]) == cols
    assert all(len(line) == cols for line in record["solution"])
    swapped = {**record, "rows": cols, "cols": rows}
    with pytest.raises(RecordError):
        PUZZLE_TYPE.from_record(swapped)


def test_an_empty_line_is_an_empty_list():
    puzzle = puzzle_from_text("## ..")
    assert PUZZLE_TYPE.to_record(puzzle) == {
        "row_clues": [[2], []], "col_clues": [[1], [1]], "solution": ["##", ".."],
    }


def edited(change) -> dict:
    record = full_record(puzzle_from_text("##. ... .#."))
    change(record)
    return record


@pytest.mark.parametrize(
    "field, change",
    [
        ("row_clues", lambda r: r.pop("row_clues")),
        ("col_clues", lambda r: r.pop("col_clues")),
        ("solution", lambda r: r.pop("solution")),
        ("row_clues", lambda r: r.update(row_clues="2 0 1")),
        ("row_clues", lambda r: r.update(row_clues=[[2], []])),  # a row short
        ("row_clues", lambda r: r.update(row_clues=[[2], [0], [1]])),  # 0 instead of []
        ("row_clues", lambda r: r.update(row_clues=[[2], [], ["1"]])),
        ("row_clues", lambda r: r.update(row_clues=[[2], [], [True]])),
        ("row_clues", lambda r: r.update(row_clues=[[2], [], [1.5]])),
        ("row_clues", lambda r: r.update(row_clues=[[2], [], 1])),
        ("row_clues", lambda r: r.update(row_clues=[[2, 1], [], [1]])),  # needs 4 cells of 3
        ("col_clues", lambda r: r.update(col_clues=[[1], [2], [], []])),
        ("col_clues", lambda r: r.update(col_clues=[[1], [-2], []])),
        ("col_clues", lambda r: r.update(col_clues={"0": [1]})),
        ("solution", lambda r: r.update(solution="##....#.")),
        ("solution", lambda r: r.update(solution=["##.", "..."])),
        ("solution", lambda r: r.update(solution=["##.", "...", ".#"])),
        ("solution", lambda r: r.update(solution=["##.", "...", ".X."])),
        ("solution", lambda r: r.update(solution=["##.", "...", [".", "#", "."]])),
    ],
)
def test_malformed_records_name_the_field(field, change):
    with pytest.raises(RecordError) as caught:
        PUZZLE_TYPE.from_record(edited(change))
    assert caught.value.where == field
    assert caught.value.problem


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.floats(allow_nan=False) | st.text(".#x", max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(["row_clues", "col_clues", "solution"]), value=json_values)
def test_any_json_in_a_field_is_read_or_refused_with_a_record_error(field, value):
    record = edited(lambda r: r.update({field: value}))
    try:
        puzzle = PUZZLE_TYPE.from_record(record)
    except RecordError as error:
        assert error.where == field
    else:
        assert PUZZLE_TYPE.to_record(puzzle)[field] == value
