"""How a Sudoku is shared (pipeline/puzzles/sudoku/share.py, puzz.link's genre `sudoku`): the
pinned cases are the puzzles made today, pzprjs's own check accepted every stored answer and
refused every failing board for the same rule, and any grid of givens round-trips. (The pinned
links, pzprv3 files and bad links are checked for every type by tests/test_share_puzzlink.py.)
"""

from __future__ import annotations

import json
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import link_round_trip, type_data
from pipeline.registry import get_type
from pipeline.share.puzzlink import longest_url, puzzle_url
from sudoku_pzprjs_cases import cases

GOLDEN = type_data("sudoku") / "share_golden"
URLS = {item["id"]: item for item in json.loads((GOLDEN / "urls.json").read_text())}
ANSWERS = {item["id"]: item for item in json.loads((GOLDEN / "answers.json").read_text())}
FAILING = {path.stem: json.loads(path.read_text()) for path in (type_data("sudoku") / "failing").glob("*.json")}
LINK = get_type("sudoku").share.link


@cache
def records() -> dict[str, dict]:
    return {case["id"]: case for case in cases()}


def test_the_pinned_cases_are_the_puzzles_made_today() -> None:
    assert sorted(records()) == sorted(set(URLS) | set(ANSWERS))
    for name, item in URLS.items():
        assert item["record"] == {"type": "sudoku", **{k: records()[name][k] for k in ("rows", "cols", "givens")}}
    for name, item in ANSWERS.items():
        assert item["solution"] == records()[name]["solution"]


def test_pzprjs_accepts_the_answer_of_every_made_puzzle_of_every_size_and_grade() -> None:
    made = {name: item for name, item in ANSWERS.items() if not name.startswith("failing-")}
    assert {URLS[name]["record"]["rows"] for name in made} == {4, 6, 9}
    assert {name.rsplit("-", 1)[1] for name in made} >= {"easy", "medium", "hard", "expert"}
    assert all(item["accepted"] is True and item["failcode"] is None for item in made.values())


def test_pzprjs_refuses_each_failing_board_for_the_same_rule() -> None:
    checked = {code: board for code, board in FAILING.items() if "pzprjs" in board}
    assert sorted(checked) == ["box-repeat", "column-repeat", "empty-cell", "row-repeat"]
    for code, board in checked.items():
        verdict = ANSWERS[f"failing-{code}"]
        assert verdict["solution"] == board["record"]["solution"]
        assert verdict["accepted"] is False and verdict["failcode"] == board["pzprjs"]


def test_a_full_grid_is_the_longest_link() -> None:
    full = {"type": "sudoku", "rows": 4, "cols": 4, "givens": ["1234", "3412", "2143", "4321"]}
    assert len(puzzle_url(full)) == longest_url(LINK, 4, 4)


@st.composite
def grids_of_givens(draw):
    size = draw(st.sampled_from([4, 6, 9]))
    cells = draw(st.lists(st.sampled_from(["."] * 3 + [str(d) for d in range(1, size + 1)]), min_size=size * size, max_size=size * size))
    return {"type": "sudoku", "rows": size, "cols": size, "givens": ["".join(cells[r * size:(r + 1) * size]) for r in range(size)]}


@settings(max_examples=60, deadline=None)
@given(grids_of_givens())
def test_any_grid_of_givens_round_trips(record) -> None:
    link_round_trip(record)
