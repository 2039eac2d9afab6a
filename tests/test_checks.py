"""Every registered type's rules as a checklist of named checks, each with its failure code and
rule, and one small failing board per code stored with the type's tests
(tests/types/<type>/failing/<code>.json): a type whose checklist has a code without a board
fails here.

A board holds a record of the type's fields (`record`), the answer to check when the record's
own cannot hold it (`answer`, for an answer of the wrong shape, which no record reads), and the
failures it must earn, each [code, message], in the checklist's order; its first is its code.
"""

from __future__ import annotations

import json
from functools import cache

import pytest

from conftest import type_data
from pipeline.registry import puzzle_types

TYPES = sorted(puzzle_types())


@cache
def boards(name: str) -> dict[str, dict]:
    return {path.stem: json.loads(path.read_text()) for path in sorted((type_data(name) / "failing").glob("*.json"))}


@pytest.mark.parametrize("name", TYPES)
def test_the_checklist_has_named_rules_and_a_failing_board_for_every_code(name: str) -> None:
    checks = puzzle_types()[name].checks
    codes = [check.code for check in checks]
    assert codes, "a type lists its rules as checks"
    assert len(set(codes)) == len(codes), "one code, one rule"
    assert all(check.rule and "\n" not in check.rule for check in checks)
    missing = sorted(set(codes) - set(boards(name)))
    assert not missing, f"no failing board in tests/types/{name}/failing/ for {', '.join(missing)}"
    assert set(boards(name)) <= set(codes), "a board for a code the checklist does not have"


BOARDS = [(name, code) for name in TYPES for code in sorted(boards(name))]


@pytest.mark.parametrize(("name", "code"), BOARDS, ids=[f"{name}/{code}" for name, code in BOARDS])
def test_each_failing_board_earns_its_code_and_says_where(name: str, code: str) -> None:
    ptype = puzzle_types()[name]
    board = boards(name)[code]
    puzzle = ptype.from_record({"type": name, **board["record"]})
    answer = board["answer"] if "answer" in board else ptype.answer_of(puzzle)
    found = [[failure.code, failure.message] for failure in ptype.failures(puzzle, answer)]
    assert found == board["failures"]
    assert found[0][0] == code == board["code"]
    assert all(message and "\n" not in message and len(message) <= 160 for _, message in found)


@pytest.mark.parametrize(("name", "code"), BOARDS, ids=[f"{name}/{code}" for name, code in BOARDS])
def test_a_board_fixed_by_the_answer_the_solver_finds_keeps_every_rule(name: str, code: str) -> None:
    """The checks judge the answer, not the board: where the clues have an answer, the checklist
    passes it (a check that failed everything would pass the test above)."""
    ptype = puzzle_types()[name]
    puzzle = ptype.from_record({"type": name, **boards(name)[code]["record"]})
    for answer in ptype.prove(puzzle, 2):
        assert ptype.failures(puzzle, answer) == []
