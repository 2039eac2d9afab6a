"""How a nonogram is shared (pipeline/puzzles/nonogram/share.py): its links on any rectangle and
at their longest, and the `.non` and XML files read back by
parsers written here from the published descriptions and solved back by the line solver. (The
pinned links and pzprv3 files are checked for every type by tests/test_share_puzzlink.py.)
"""

from __future__ import annotations

import html
import json
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import link_round_trip, ROOT, type_data
from pipeline.budget import Budget
from pipeline.interface.params import parse_size
from pipeline.puzzles.nonogram.model import Nonogram
from pipeline.puzzles.nonogram.share import non_file, xml_file
from pipeline.puzzles.nonogram.solver import line_solve
from pipeline.registry import get_type
from pipeline.share.formats import printable
from pipeline.share.puzzlink import longest_url, puzzle_url

LINK = get_type("nonogram").share.link


def golden_nonograms() -> list[dict]:
    records = []
    for path in sorted((ROOT / "tests" / "golden" / "nonogram").glob("*.json")):
        stored = json.loads(path.read_text())
        grid = parse_size(stored["size"])
        records.append({
            "id": f"nonogram-{path.stem}", "type": "nonogram", **grid, "code": stored["code"],
            "generator": "nonogram/1", "row_clues": stored["row_clues"], "col_clues": stored["col_clues"],
            "solution": stored["solution"],
        })
    return records


# ---- readers written from the format descriptions --------------------------------------------


def read_non(text: str) -> dict:
    """Steve Simpson's puzzle-file format: keyword lines, rules after `rows`/`columns`, properties."""
    found: dict = {"properties": {}}
    pending, target = 0, None
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if pending:
            found[target].append([] if line == "0" else [int(n) for n in line.split(",")])
            pending -= 1
            continue
        word, _, rest = line.partition(" ")
        if word in ("width", "height"):
            found[word] = int(rest)
        elif word in ("rows", "columns") and not rest:
            target, pending = word, found["height" if word == "rows" else "width"]
            found[word] = []
        else:
            found["properties"][word] = html.unescape(rest.strip('"'))
    assert pending == 0
    return found


def read_pbn_xml(text: str) -> dict:
    puzzle = ET.fromstring(text.split("\n", 2)[2]).find("puzzle")
    assert puzzle.get("type") == "grid" and puzzle.get("defaultcolor") == "black"
    colours = {c.get("char"): c.get("name") for c in puzzle.findall("color")}
    clues = {
        block.get("type"): [[int(count.text) for count in line.findall("count")] for line in block.findall("line")]
        for block in puzzle.findall("clues")
    }
    image = puzzle.find("solution[@type='goal']/image").text.split()
    goal = [row.strip("|").replace("X", "#") for row in image]
    return {"colours": colours, "rows": clues["rows"], "columns": clues["columns"], "goal": goal, "title": puzzle.find("title").text}


def line_solved(rows: int, cols: int, row_clues: list, col_clues: list) -> tuple[str, ...] | None:
    puzzle = Nonogram(rows, cols, tuple(map(tuple, row_clues)), tuple(map(tuple, col_clues)))
    grid = line_solve(puzzle, Budget())
    return grid.picture() if grid is not None and grid.is_complete() else None


# ---- tests -----------------------------------------------------------------------------------


@pytest.mark.parametrize("record", golden_nonograms(), ids=lambda r: r["id"])
def test_non_file_solves_back_to_the_stored_answer(record):
    found = read_non(non_file(record))
    assert (found["width"], found["height"]) == (record["cols"], record["rows"])
    assert found["rows"] == record["row_clues"] and found["columns"] == record["col_clues"]
    assert line_solved(found["height"], found["width"], found["rows"], found["columns"]) == tuple(record["solution"])
    goal = found["properties"]["goal"]
    assert [goal[r * record["cols"]:(r + 1) * record["cols"]] for r in range(record["rows"])] == [
        row.replace("#", "1").replace(".", "0") for row in record["solution"]
    ]
    assert found["properties"]["catalogue"] == record["id"]


@pytest.mark.parametrize("record", golden_nonograms(), ids=lambda r: r["id"])
def test_xml_file_solves_back_to_the_stored_answer(record):
    found = read_pbn_xml(xml_file(record))
    assert found["colours"] == {".": "white", "X": "black"}
    assert found["rows"] == record["row_clues"] and found["columns"] == record["col_clues"]
    assert line_solved(record["rows"], record["cols"], found["rows"], found["columns"]) == tuple(record["solution"])
    assert found["goal"] == record["solution"]


@st.composite
def pictures(draw):
    rows, cols = draw(st.integers(1, 30)), draw(st.integers(1, 30))
    return ["".join(draw(st.sampled_from("#.")) for _ in range(cols)) for _ in range(rows)]


def runs(line: str) -> list[int]:
    return [len(run) for run in line.split(".") if run]


@settings(max_examples=80, deadline=None)
@given(pictures(), st.text(min_size=1, max_size=12))
def test_any_rectangle_and_any_code_read_back_from_both_files(picture, code):
    record = {
        "id": "nonogram-x", "type": "nonogram", "rows": len(picture), "cols": len(picture[0]), "code": code,
        "row_clues": [runs(row) for row in picture], "col_clues": [runs("".join(col)) for col in zip(*picture)],
        "solution": picture,
    }
    non = read_non(non_file(record))
    assert non["rows"] == record["row_clues"] and non["columns"] == record["col_clues"]
    assert non["properties"]["title"].endswith(f"code {printable(code)}")
    assert non_file(record).isascii()
    xml = read_pbn_xml(xml_file(record))
    assert xml["rows"] == record["row_clues"] and xml["columns"] == record["col_clues"] and xml["goal"] == picture
    assert xml["title"].endswith(f"code {printable(code)}")


# ---- links -----------------------------------------------------------------------------------


def test_pinned_links_include_rectangles() -> None:
    pinned = json.loads((type_data("nonogram") / "share_golden" / "urls.json").read_text())
    assert any(item["record"]["rows"] != item["record"]["cols"] for item in pinned)


def test_the_longest_links_are_reached() -> None:
    """Every line full of 1s: the bound is the length."""
    ones = {"type": "nonogram", "rows": 17, "cols": 5, "row_clues": [[1, 1, 1]] * 17, "col_clues": [[1] * 9] * 5}
    assert len(puzzle_url(ones)) == longest_url(LINK, 17, 5)


@st.composite
def nonograms(draw):
    rows, cols = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    # Cells from a drawn Random rather than one draw each: 1,600 draws an example took seconds.
    rng, density = draw(st.randoms(use_true_random=False)), draw(st.floats(0, 1))
    picture = ["".join("#" if rng.random() < density else "." for _ in range(cols)) for _ in range(rows)]
    columns = ["".join(column) for column in zip(*picture)]
    return {"type": "nonogram", "rows": rows, "cols": cols, "row_clues": [runs(r) for r in picture], "col_clues": [runs(c) for c in columns]}


@settings(max_examples=60, deadline=None)
@given(nonograms())
def test_any_printed_nonogram_round_trips(record) -> None:
    link_round_trip(record)