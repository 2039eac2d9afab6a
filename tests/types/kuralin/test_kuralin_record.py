"""Kuralin records: written in the agreed shape, read back exactly, and hand-edited ones either
read or refused with a RecordError that names the field."""

from __future__ import annotations

import copy
import json
import random

import pytest
from kuralin_reference import sample_puzzle

from pipeline.errors import RecordError
from pipeline.puzzles.kuralin import PUZZLE_TYPE as KURALIN
from pipeline.puzzles.kuralin.model import KuralinPuzzle
from pipeline.records import dumps_record, make_record


def sample() -> KuralinPuzzle:
    return sample_puzzle()


def record() -> dict:
    made = make_record(KURALIN, sample(), puzzle_id="kuralin-4-x", code="x", stats={})
    return json.loads(dumps_record(made))


def test_fields_have_the_agreed_names_and_shapes():
    data = record()
    assert data["circles"][0] == {"kind": "black", "cells": [[0, 0], [0, 1]]}
    assert data["circles"][1] == {"kind": "grey", "cells": [[0, 1], [0, 2]]}
    assert data["circles"][2] == {"kind": "grey", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]]}
    assert [c["kind"] for c in data["circles"]] == ["black", "grey", "grey", "white", "white"]
    assert data["solution"]["cells"] == ["##..", "....", "....", "...."]
    assert data["solution"]["loop"][:3] == [[0, 2], [0, 3], [1, 3]]
    assert len(data["solution"]["loop"]) == 14


def test_a_record_reads_back_as_the_same_puzzle():
    assert KURALIN.from_record(record()) == sample()


def test_a_loop_listed_from_elsewhere_or_backwards_is_the_same_answer():
    data = record()
    loop = data["solution"]["loop"]
    data["solution"]["loop"] = list(reversed(loop[5:] + loop[:5]))
    assert KURALIN.from_record(data) == sample()


def test_circles_in_any_order_read_as_the_same_puzzle():
    data = record()
    data["circles"].reverse()
    assert KURALIN.from_record(data) == sample()


def test_an_answer_that_breaks_rules_is_read_for_the_checker_to_report():
    data = record()
    data["solution"]["cells"][0] = "#..."
    data["solution"]["loop"] = [[0, 2], [0, 3]]  # there and back: two dead ends
    broken = KURALIN.from_record(data)
    assert [f.code for f in KURALIN.failures(broken, broken.answer)] == ["branch", "black-off-loop", "circle-grey", "circle-white"]


def edit(path: str, value):
    """The sample record with one field (a dotted path, numbers for list items) replaced or,
    for value ..., removed."""
    data = record()
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    holder = data
    for key in parents:
        holder = holder[key]
    if value is ...:
        del holder[last]
    else:
        holder[last] = value
    return data


@pytest.mark.parametrize(
    "path, value, where",
    [
        ("circles", ..., "circles"),
        ("circles", {"kind": "black"}, "circles"),
        ("circles.0", ["black", [[0, 0], [0, 1]]], "circles[0]"),
        ("circles.0.kind", "gray", "circles[0].kind"),
        ("circles.0.kind", 1, "circles[0].kind"),
        ("circles.0.colour", "black", "circles[0]"),
        ("circles.0.cells", ..., "circles[0].cells"),
        ("circles.0.cells", [[0, 0], [1, 1]], "circles[0].cells"),  # diagonal: no shared point
        ("circles.0.cells", [[0, 1], [0, 0]], "circles[0].cells"),  # not in reading order
        ("circles.0.cells", [[0, 0], [0, 1], [1, 0]], "circles[0].cells"),
        ("circles.0.cells", [[0, 0]], "circles[0].cells"),  # a cell centre is no circle point
        ("circles.0.cells", [[0, 3], [0, 4]], "circles[0].cells"),  # off the grid
        ("circles.0.cells", [[0, 0], [0, True]], "circles[0].cells"),
        ("circles.0.cells", [[0, 0], [0, 1.0]], "circles[0].cells"),
        ("circles.0.cells", "0,0 0,1", "circles[0].cells"),
        ("circles.3.cells", [[0, 0], [0, 1], [1, 0], [1, 1]], "circles[3]"),  # same point as [2]
        ("solution", ..., "solution"),
        ("solution", [], "solution"),
        ("solution.cells", ..., "solution.cells"),
        ("solution.cells", ["##..", "....", "...."], "solution.cells"),
        ("solution.cells.0", "##.", "solution.cells[0]"),
        ("solution.cells.0", "##.o", "solution.cells[0]"),
        ("solution.cells.0", None, "solution.cells[0]"),
        ("solution.loop", ..., "solution.loop"),
        ("solution.loop", "a loop", "solution.loop"),
        ("solution.loop.3", [3, 3], "solution.loop[2]"),  # a jump from [1, 3] to [3, 3]
        ("solution.loop.0", [0, 9], "solution.loop[0]"),
        ("solution.loop.0", [0], "solution.loop[0]"),
        ("solution.route", [], "solution"),
        ("rows", 1, "rows"),
    ],
)
def test_malformed_fields_are_refused_by_name(path, value, where):
    with pytest.raises(RecordError) as caught:
        KURALIN.from_record(edit(path, value))
    assert caught.value.where == where


def test_a_single_cell_loop_is_refused():
    with pytest.raises(RecordError) as caught:
        KURALIN.from_record(edit("solution.loop", [[1, 1]]))
    assert caught.value.where == "solution.loop[0]"


JUNK = [None, True, -1, 0, 3, 99, 1.5, "", "x", "black", [], {}, [0], [[0, 0]], [0, 0], {"kind": "grey"}]


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key in value:
            yield from paths(value[key], (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*prefix, i))


def test_random_edits_give_a_puzzle_or_a_record_error_never_a_crash():
    rng = random.Random(5)
    base = record()
    places = [p for p in paths(base) if p and p[0] in ("circles", "solution")]
    for _ in range(600):
        data = copy.deepcopy(base)
        for _ in range(rng.randint(1, 3)):
            place = rng.choice(places)
            holder = data
            try:
                for key in place[:-1]:
                    holder = holder[key]
                holder[place[-1]] = rng.choice(JUNK)
            except (KeyError, IndexError, TypeError):
                continue  # an earlier edit removed this place
        try:
            read = KURALIN.from_record(data)
        except RecordError:
            continue
        assert isinstance(read, KuralinPuzzle)
        [f.code for f in KURALIN.failures(read, read.answer)]
