"""How a Nuritwin is shared (pipeline/puzzles/nuritwin/share.py): its links on any rectangle, and where its pzprv3 file puts a region's number. (The pinned
links and pzprv3 files are checked for every type by tests/test_share_puzzlink.py.)
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import link_round_trip, type_data
from pipeline.registry import get_type

def pzprv3(record: dict) -> str:
    return get_type("nuritwin").share.file_format("pzprv3").write(record)


def test_pinned_links_include_rectangles() -> None:
    pinned = json.loads((type_data("nuritwin") / "share_golden" / "urls.json").read_text())
    assert any(item["record"]["rows"] != item["record"]["cols"] for item in pinned)


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


@settings(max_examples=60, deadline=None)
@given(nuritwins())
def test_any_printed_nuritwin_round_trips(record) -> None:
    # drawn regions may have fewer than the three cells a real one has: no bound on the length
    link_round_trip(record, bounded=False)


def test_nuritwin_numbers_sit_where_pzprjs_keeps_them():
    """pzprjs keeps a region's number in its leftmost column's top cell, not its first cell in reading order."""
    record = {"type": "nuritwin", "rows": 2, "cols": 2, "regions": [[0, 0], [0, 1]], "clues": [[3, None], [None, 1]]}
    assert pzprv3(record).splitlines()[7:9] == ["3 . ", ". 1 "]
    record = {"type": "nuritwin", "rows": 2, "cols": 2, "regions": [[0, 1], [1, 1]], "clues": [[2, 3], [None, None]]}
    assert pzprv3(record).splitlines()[7:9] == ["2 . ", "3 . "]
