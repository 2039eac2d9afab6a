"""Masyu records: what to_record writes reads back, and a broken field is named."""

from __future__ import annotations

import pytest

from pipeline.budget import Budget
from pipeline.errors import RecordError
from pipeline.registry import puzzle_types

MASYU = puzzle_types()["masyu"]


def record() -> dict:
    made = MASYU.make(6, "record", Budget())
    return {"rows": 6, "cols": 6, **MASYU.to_record(made.puzzle)}


def test_a_record_reads_back_to_the_same_puzzle() -> None:
    fields = record()
    puzzle = MASYU.from_record(fields)
    assert {"rows": 6, "cols": 6, **MASYU.to_record(puzzle)} == fields
    assert fields["solution"]["loop"][0] < fields["solution"]["loop"][1]  # from the first cell, rightwards


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda r: r.pop("pearls"), "pearls"),
        (lambda r: r["pearls"].__setitem__(2, "..X..."), "pearls[2]"),
        (lambda r: r.__setitem__("pearls", r["pearls"][:5]), "pearls"),
        (lambda r: r.pop("solution"), "solution"),
        (lambda r: r["solution"]["loop"].__setitem__(3, [9, 9]), "solution.loop[3]"),
        (lambda r: r["solution"]["loop"].__setitem__(3, "r1c1"), "solution.loop[3]"),
        (lambda r: r["solution"]["loop"].insert(1, r["solution"]["loop"].pop(3)), "solution.loop[0]"),
        (lambda r: r.__setitem__("solution", r["solution"]["loop"]), "solution"),
    ],
)
def test_a_broken_field_is_named(change, field: str) -> None:
    fields = record()
    change(fields)
    with pytest.raises(RecordError) as raised:
        MASYU.from_record(fields)
    assert raised.value.args[0] == field or field in str(raised.value)


def test_the_drawings_show_pearls_and_only_the_answer_shows_the_loop() -> None:
    puzzle = MASYU.from_record(record())
    plain, answer = MASYU.draw(puzzle, answer=False).svg, MASYU.draw(puzzle, answer=True).svg
    pearls = sum(row.count("B") + row.count("W") for row in puzzle.pearls)
    assert plain.count("<circle") == answer.count("<circle") == pearls
    assert plain.count('fill="#000000"') == sum(row.count("B") for row in puzzle.pearls)
    assert "stroke-linejoin" not in plain and "stroke-linejoin" in answer
