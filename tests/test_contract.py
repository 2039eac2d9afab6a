"""The interface contract, for every registered puzzle type: a new type folder is tested here
without anyone editing this file."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from pipeline.errors import RecordError, StepLimit, TimeLimit
from pipeline.budget import Budget
from pipeline.interface.puzzle_type import Generated, PuzzleType
from pipeline.interface.params import Params
from pipeline.records import COMMON_FIELDS, dumps_record, make_record
from pipeline.registry import puzzle_types
from conftest import TYPES_DATA

TYPES = sorted(puzzle_types())
COLOUR = re.compile(r"#[0-9a-fA-F]{3,6}\b|rgb\(")


@cache
def sample(name: str) -> Generated:
    ptype = puzzle_types()[name]
    return ptype.make(smallest(ptype), "contract", Budget(seconds=60))


def smallest(ptype: PuzzleType) -> Params:
    return min(ptype.presets.values(), key=lambda p: p.rows * p.cols)


def largest(ptype: PuzzleType) -> Params:
    return max(ptype.presets.values(), key=lambda p: p.rows * p.cols)


def test_every_registered_type_has_its_own_tests_and_every_tests_folder_a_type() -> None:
    """tests/types/<type>/ holds a type's own tests and data (collected like every test): a type
    dropped from the package leaves a folder that fails here, a new one must bring its folder.
    Its test files are named test_<type>_*.py and so are its helpers <type>_*.py, because
    pytest imports test files by their base name, which must be unique across tests/."""
    folders = {path.name for path in TYPES_DATA.iterdir() if path.is_dir() and not path.name.startswith(("_", "."))}
    assert folders == set(TYPES)
    for name in TYPES:
        for path in (TYPES_DATA / name).glob("*.py"):
            assert path.name.startswith((f"test_{name}_", f"{name}_", "conftest")), path
    names = [path.name for path in (TYPES_DATA.parent).rglob("*.py") if path.name != "conftest.py"]
    assert len(names) == len(set(names)), "two test modules share a base name"


@pytest.mark.parametrize("name", TYPES)
def test_type_describes_itself(name: str) -> None:
    ptype = puzzle_types()[name]
    assert isinstance(ptype, PuzzleType)
    assert ptype.name == name and ptype.title and isinstance(ptype.version, int)
    assert issubclass(ptype.params, Params) and ptype.presets
    for params in ptype.presets.values():
        least, most = ptype.params.grid_range("rows")
        assert least <= params.rows <= most and params.key == params.size
    assert len(ptype.how_to_play.split()) > 30, "the rules text is the how-to-play page"


@pytest.mark.parametrize("name", TYPES)
def test_print_size_is_known_from_parameters_and_holds_the_drawing(name: str) -> None:
    ptype = puzzle_types()[name]
    made = sample(name)
    params = smallest(ptype)
    for answer in (False, True):
        bound = ptype.print_size(params, answer=answer)
        drawn = ptype.draw(made.puzzle, answer=answer)
        assert drawn.width_mm <= bound.width_mm + 1e-6 and drawn.height_mm <= bound.height_mm + 1e-6
        assert drawn.thinnest_line_pt >= bound.thinnest_line_pt - 1e-9
        assert drawn.smallest_text_pt == 0 or drawn.smallest_text_pt >= bound.smallest_text_pt - 1e-9


@pytest.mark.parametrize("name", TYPES)
def test_generated_puzzle_is_valid_unique_and_proved_twice(name: str) -> None:
    ptype = puzzle_types()[name]
    puzzle = sample(name).puzzle
    assert ptype.failures(puzzle, puzzle.answer) == []
    assert ptype.solve(puzzle, 2, Budget(seconds=60)) == [puzzle.answer]
    assert ptype.prove(puzzle, 2) == [puzzle.answer]
    assert ptype.promises(puzzle, ptype.params_of({"rows": puzzle.rows, "cols": puzzle.cols})) == []


@pytest.mark.parametrize("name", TYPES)
def test_record_round_trips_through_json(name: str) -> None:
    ptype = puzzle_types()[name]
    made = sample(name)
    record = make_record(ptype, made.puzzle, puzzle_id="x", code="contract", stats=made.stats)
    assert list(record)[: len(COMMON_FIELDS)] == list(COMMON_FIELDS)
    assert "solution" in record
    again = json.loads(dumps_record(record))
    assert again == json.loads(json.dumps(record))
    assert ptype.from_record(again) == made.puzzle


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize("field", ["solution", "rows"])
def test_from_record_names_a_missing_or_broken_field(name: str, field: str) -> None:
    ptype = puzzle_types()[name]
    made = sample(name)
    record = json.loads(dumps_record(make_record(ptype, made.puzzle, puzzle_id="x", code="c", stats={})))
    broken = {k: v for k, v in record.items() if k != field} if field == "solution" else {**record, field: record[field] + 1}
    with pytest.raises(RecordError):
        ptype.from_record(broken)


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize("answer", [False, True])
def test_drawings_are_black_and_white_legible_svg(name: str, answer: bool) -> None:
    ptype = puzzle_types()[name]
    figure = ptype.draw(sample(name).puzzle, answer=answer)
    root = ET.fromstring(figure.svg)
    assert root.tag.endswith("svg")
    assert root.get("width", "").endswith("mm") and root.get("height", "").endswith("mm")
    assert {c.lower() for c in COLOUR.findall(figure.svg)} <= {"#000000", "#ffffff", "#000", "#fff"}
    assert figure.thinnest_line_pt >= 0.25
    assert figure.smallest_text_pt == 0 or figure.smallest_text_pt >= 7
    assert sum(1 for _ in root.iter()) < 250, "merge lines into paths: WeasyPrint pays per element"


@pytest.mark.parametrize("name", TYPES)
def test_same_code_same_record(name: str) -> None:
    ptype = puzzle_types()[name]
    size = smallest(ptype)
    first = ptype.make(size, "repeat", Budget(seconds=60))
    second = ptype.make(size, "repeat", Budget(seconds=60))
    as_text = lambda g: dumps_record(make_record(ptype, g.puzzle, puzzle_id="x", code="repeat", stats=g.stats))
    assert as_text(first) == as_text(second)


def records(codes: list[str]) -> str:
    """Every type's record and stats for each code, at its smallest size, as one JSON text."""
    out = {}
    for name in TYPES:
        ptype = puzzle_types()[name]
        size = smallest(ptype)
        for code in codes:
            made = ptype.make(size, code, Budget(seconds=60))
            out[f"{name} {code}"] = [ptype.to_record(made.puzzle), made.stats]
    return json.dumps(out, sort_keys=True)


def test_same_code_same_record_in_another_process() -> None:
    """No hash order, set order or global state leaks into a puzzle: a publisher's reprint."""
    codes = ["harbour", "2026-11-30", "ünïcode ☃"]
    script = f"import sys; sys.path.insert(0, 'tests'); from test_contract import records; print(records({codes!r}))"
    other = subprocess.run(
        [sys.executable, "-c", script], env=dict(os.environ, PYTHONHASHSEED="4242"), cwd=Path(__file__).parent.parent,
        capture_output=True, text=True, check=True,
    )
    here = records(codes)
    assert other.stdout.strip() == here
    assert len(set(json.dumps(r[0]) for r in json.loads(here).values())) == len(TYPES) * len(codes)


@pytest.mark.parametrize("name", TYPES)
def test_the_step_limit_reaches_the_caller(name: str) -> None:
    ptype = puzzle_types()[name]
    size = largest(ptype)
    with pytest.raises(StepLimit) as caught:
        ptype.make(size, "tight", Budget(steps=5))
    assert not isinstance(caught.value, TimeLimit)


@pytest.mark.parametrize("name", TYPES)
def test_a_spent_time_budget_gives_up(name: str) -> None:
    ptype = puzzle_types()[name]
    size = largest(ptype)
    with pytest.raises(TimeLimit):
        ptype.make(size, "late", Budget(seconds=0))


@pytest.mark.parametrize("name", TYPES)
def test_the_web_edition_plays_it_and_its_hints_hold(name: str) -> None:
    """Every type says how it is played (its play record and script), its answer reads back from
    a board, and its hints are true: each move is a fact of the answer, no fact is given twice,
    and when the grader finishes, the hints together are the whole answer."""
    ptype = puzzle_types()[name]
    play = ptype.play
    assert play is not None, f"{name} has no play record: the web edition cannot play it (see pipeline/interface/play.py)"
    assert play.script_path.is_file() and f"P.types.{name}" in play.script_path.read_text().replace('["', ".").replace('"]', "")
    puzzle = sample(name).puzzle
    answer = play.board(puzzle)
    assert play.answer(puzzle, answer) == ptype.answer_of(puzzle)
    assert len(answer["lines"]) == play.lines_count(puzzle.rows, puzzle.cols)
    told: dict = {}
    for moves in play.hints(puzzle, Budget(seconds=60)):
        assert moves and all(m.why and m.technique for m in moves)
        for move in moves:
            assert (move.part, move.at) not in told
            truth = answer[move.part][move.at]
            assert move.mark == truth if (play.digits and move.part == "cells") else (move.mark == 1) == (truth == 1), move
            told[(move.part, move.at)] = move.mark
    if ptype.grade(puzzle, Budget(seconds=60)).tier is not None:
        assert len(told) == len(answer["cells"]) + len(answer["lines"])
