"""puzz.link URLs: pinned URLs made by pzprjs itself, and round trips for every type and shape.

tests/share_golden/puzzlink.json pins URLs that pzprjs (run with node from its own sources, see
tests/share_golden/README.md) wrote for the same puzzles built on its board piece by piece.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.interface.params import parse_size
from pipeline.registry import get_type
from pipeline.share.puzzlink import UrlError, longest_url, puzzle_url, read_url

GOLDEN = json.loads((Path(__file__).parent / "share_golden" / "puzzlink.json").read_text())
CLUE_FIELDS = {"nonogram": ("row_clues", "col_clues"), "nuritwin": ("regions", "clues"), "kuralin": ("circles",)}


@pytest.mark.parametrize("item", GOLDEN, ids=[item["id"] for item in GOLDEN])
def test_pinned_urls_are_written_and_read_as_pzprjs_does(item):
    assert puzzle_url(item["record"]) == item["url"]
    assert read_url(item["url"]) == item["record"]


def test_pinned_urls_cover_every_genre_and_rectangles():
    genres = {item["url"].split("?")[1].split("/")[0] for item in GOLDEN}
    assert genres == {"nonogram", "nuritwin", "kurarin"}
    for name in CLUE_FIELDS:
        assert any(i["record"]["type"] == name and i["record"]["rows"] != i["record"]["cols"] for i in GOLDEN)


def printed(record: dict) -> dict:
    return {"type": record["type"], "rows": record["rows"], "cols": record["cols"], **{k: record[k] for k in CLUE_FIELDS[record["type"]]}}


@pytest.mark.parametrize("path", sorted((Path(__file__).parent / "golden").glob("*/*.json")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_golden_puzzle_round_trips(path):
    stored = json.loads(path.read_text())
    record = printed({"type": path.parent.name, **stored, **parse_size(stored["size"])})
    assert read_url(puzzle_url(record)) == record


@pytest.mark.parametrize("path", sorted((Path(__file__).parent / "golden").glob("*/*.json")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_golden_puzzle_is_longer_than_the_page_plan_reserves(path):
    stored = json.loads(path.read_text())
    record = printed({"type": path.parent.name, **stored, **parse_size(stored["size"])})
    assert len(puzzle_url(record)) <= longest_url(get_type(record["type"]).share.link, record["rows"], record["cols"])


def test_the_longest_urls_are_reached():
    """Every line full of 1s, every grid point circled: the bound is the length."""
    ones = {"type": "nonogram", "rows": 17, "cols": 5, "row_clues": [[1, 1, 1]] * 17, "col_clues": [[1] * 9] * 5}
    assert len(puzzle_url(ones)) == longest_url(get_type("nonogram").share.link, 17, 5)
    dense = {"type": "kuralin", "rows": 3, "cols": 4, "circles": [
        {"kind": "black", "cells": [[r, c] for r in sorted({(y - 1) // 2, y // 2}) for c in sorted({(x - 1) // 2, x // 2})]}
        for y in range(1, 6) for x in range(1, 8) if not (y % 2 and x % 2)
    ]}
    assert len(puzzle_url(dense)) == longest_url(get_type("kuralin").share.link, 3, 4)


# ---- strategies: printed puzzles of any shape ----------------------------------------------


def runs(line: str) -> list[int]:
    return [len(run) for run in line.split(".") if run]


@st.composite
def nonograms(draw):
    rows, cols = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    # Cells from a drawn Random rather than one draw each: 1,600 draws an example took seconds.
    rng, density = draw(st.randoms(use_true_random=False)), draw(st.floats(0, 1))
    picture = ["".join("#" if rng.random() < density else "." for _ in range(cols)) for _ in range(rows)]
    columns = ["".join(column) for column in zip(*picture)]
    return {"type": "nonogram", "rows": rows, "cols": cols, "row_clues": [runs(r) for r in picture], "col_clues": [runs(c) for c in columns]}


def grow_regions(rng: random.Random, rows: int, cols: int, largest: int) -> list[list[int]]:
    labels = [[-1] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if labels[r][c] >= 0:
                continue
            labels[r][c], region, target = count, [(r, c)], rng.randint(1, largest)
            while len(region) < target:
                free = [(a + dr, b + dc) for a, b in region for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                        if 0 <= a + dr < rows and 0 <= b + dc < cols and labels[a + dr][b + dc] < 0]
                if not free:
                    break
                a, b = rng.choice(free)
                labels[a][b] = count
                region.append((a, b))
            count += 1
    renumber: dict[int, int] = {}
    for row in labels:
        for label in row:
            renumber.setdefault(label, len(renumber))
    return [[renumber[label] for label in row] for row in labels]


@st.composite
def nuritwins(draw):
    rows, cols = draw(st.integers(1, 30)), draw(st.integers(1, 30))
    regions = grow_regions(draw(st.randoms(use_true_random=False)), rows, cols, draw(st.integers(1, 12)))
    clues: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    seen = set()
    for r in range(rows):
        for c in range(cols):
            if regions[r][c] not in seen:
                seen.add(regions[r][c])
                clues[r][c] = draw(st.none() | st.integers(1, 300))
    return {"type": "nuritwin", "rows": rows, "cols": cols, "regions": regions, "clues": clues}


@st.composite
def kuralins(draw):
    rows, cols = draw(st.integers(2, 30)), draw(st.integers(2, 30))
    rng, density = draw(st.randoms(use_true_random=False)), draw(st.floats(0, 1))
    circles = []
    for y in range(1, 2 * rows):
        for x in range(1, 2 * cols):
            if y % 2 and x % 2:
                continue
            if rng.random() < density:
                kind = rng.choice(["black", "white", "grey"])
                cells = [[r, c] for r in sorted({(y - 1) // 2, y // 2}) for c in sorted({(x - 1) // 2, x // 2})]
                circles.append({"kind": kind, "cells": cells})
    return {"type": "kuralin", "rows": rows, "cols": cols, "circles": circles}


@settings(max_examples=150, deadline=None)
@given(st.one_of(nonograms(), nuritwins(), kuralins()))
def test_any_printed_puzzle_round_trips(record):
    url = puzzle_url(record)
    assert url.startswith(f"https://puzz.link/p?{ {'kuralin': 'kurarin'}.get(record['type'], record['type']) }/{record['cols']}/{record['rows']}/")
    assert read_url(url) == record
    if record["type"] != "nuritwin":  # drawn regions may have fewer than the three cells a real one has
        assert len(url) <= longest_url(get_type(record["type"]).share.link, record["rows"], record["cols"])


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("http://example.com/p?nonogram/5/5/zz", "starts with https://puzz.link/p?"),
        ("https://puzz.link/p?sudoku/9/9/zzz", "genre 'sudoku'"),
        ("https://puzz.link/p?nonogram/5/0/zzz", "whole numbers from 1 to 100"),
        ("https://puzz.link/p?nonogram/5/5", "expected <genre>/<cols>/<rows>/<body>"),
        ("https://puzz.link/p?nonogram/5/5/9", "clue [9] does not fit a line of 5 cells"),
        ("https://puzz.link/p?nonogram/5/5/1h22g5h2h11g4h3h11g2h3h1", "unexpected characters after the puzzle"),
        ("https://puzz.link/p?nonogram/5/5/-1", "must be followed by 2 hex digits"),
        ("https://puzz.link/p?nuritwin/6/6/8li", "base-32 digits of borders"),
        ("https://puzz.link/p?kurarin/3/3/4", "centre of cell (0, 0)"),
        ("https://puzz.link/p?kurarin/3/3/!", "unexpected character '!'"),
        ("https://puzz.link/p?kurarin/3/3/zzz", "skips past the last of 13 places"),
    ],
)
def test_bad_urls_are_named(url, problem):
    with pytest.raises(UrlError) as caught:
        read_url(url)
    assert problem in str(caught.value)
