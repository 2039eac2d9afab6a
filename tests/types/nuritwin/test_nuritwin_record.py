"""Nuritwin records: the exact fields, a round trip, and a clear RecordError for each malformed field."""

from __future__ import annotations

import copy
import json
import random

import pytest

from nuritwin_reference import SAMPLE
from pipeline.errors import RecordError
from pipeline.puzzles.nuritwin import PUZZLE_TYPE as NURITWIN
from pipeline.records import dumps_record, make_record



def record() -> dict:
    return json.loads(dumps_record(make_record(NURITWIN, SAMPLE, puzzle_id="x", code="c", stats={})))


def test_record_fields_are_exactly_as_agreed():
    assert NURITWIN.to_record(SAMPLE) == {
        "regions": [[0, 0, 0, 0, 1], [0, 2, 2, 1, 1], [0, 2, 2, 3, 1], [2, 2, 3, 3, 1]],
        "clues": [[2, None, None, None, None], [None] * 5, [None, None, None, 1, None], [None] * 5],
        "solution": ["..###", "#.#..", "#.###", "###.."],
    }


def test_a_record_round_trips():
    assert NURITWIN.from_record(record()) == SAMPLE


def edited(path: list, value) -> dict:
    """The sample record with one value replaced (or removed, for value None at a top-level key)."""
    changed = copy.deepcopy(record())
    target = changed
    for step in path[:-1]:
        target = target[step]
    if value is REMOVE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return changed


REMOVE = object()

BROKEN = [
    ("regions", ["regions"], REMOVE),
    ("regions", ["regions"], "0000"),
    ("regions", ["regions"], [[0, 0, 0, 0, 1]] * 3),
    ("regions", ["regions", 1], [0, 2, 2, 1]),
    ("regions", ["regions", 1], "02211"),
    ("regions", ["regions", 1, 1], "2"),
    ("regions", ["regions", 1, 1], True),
    ("regions", ["regions", 1, 1], -1),
    ("regions", ["regions", 0, 4], 4),  # ids not numbered in reading order
    ("regions", ["regions", 1, 4], 3),  # region 3 in two pieces
    ("regions", ["regions"], [[0] * 5, [0] * 5, [1] * 5, [1] * 5]),  # ten cells in one region
    ("clues", ["clues"], REMOVE),
    ("clues", ["clues"], {"0": 2}),
    ("clues", ["clues", 0], [2, None]),
    ("clues", ["clues", 0, 0], "2"),
    ("clues", ["clues", 0, 0], 2.0),
    ("clues", ["clues", 0, 0], True),
    ("clues", ["clues", 0, 0], 0),
    ("clues", ["clues", 0, 0], 4),  # two blocks of four do not fit seven cells
    ("clues", ["clues", 0, 1], 1),  # not a region's first cell
    ("solution", ["solution"], REMOVE),
    ("solution", ["solution"], "..###"),
    ("solution", ["solution"], ["..###", "#.#..", "#.###"]),
    ("solution", ["solution", 0], "..##"),
    ("solution", ["solution", 0], "..#x#"),
    ("solution", ["solution", 0], ["."] * 5),
]


@pytest.mark.parametrize("field, path, value", BROKEN)
def test_a_malformed_field_is_named(field, path, value):
    with pytest.raises(RecordError) as caught:
        NURITWIN.from_record(edited(path, value))
    assert caught.value.where == field
    assert caught.value.problem


def test_rows_and_cols_that_disagree_with_the_grids_are_caught():
    with pytest.raises(RecordError):
        NURITWIN.from_record({**record(), "cols": 6})
    with pytest.raises(RecordError):
        NURITWIN.from_record({**record(), "rows": 3})


JUNK = [None, True, -1, 0, 3, 2.5, "", "#", "x", [], [[]], {}, {"a": 1}, [None], ["#####"] * 4, [[0] * 5] * 4]


def test_from_record_only_ever_raises_record_errors():
    """Hand-edited records: any value anywhere in the type's fields gives a puzzle or a RecordError."""
    rng = random.Random(5)
    for _ in range(600):
        changed = copy.deepcopy(record())
        field = rng.choice(["regions", "clues", "solution"])
        target, key = changed, field
        while isinstance(target[key], list) and target[key] and rng.random() < 0.6:
            target, key = target[key], rng.randrange(len(target[key]))
        target[key] = rng.choice(JUNK)
        try:
            NURITWIN.from_record(changed)
        except RecordError as error:
            assert error.where == field
