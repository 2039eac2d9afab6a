"""How a Kuralin is shared (pipeline/puzzles/kuralin/share.py, puzz.link's genre `kurarin`): its
links on any rectangle and at their longest. (The pinned
links and pzprv3 files are checked for every type by tests/test_share_puzzlink.py.)
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import link_round_trip, type_data
from pipeline.registry import get_type
from pipeline.share.puzzlink import longest_url, puzzle_url

LINK = get_type("kuralin").share.link


def test_pinned_links_include_rectangles() -> None:
    pinned = json.loads((type_data("kuralin") / "share_golden" / "urls.json").read_text())
    assert any(item["record"]["rows"] != item["record"]["cols"] for item in pinned)


def test_the_longest_links_are_reached() -> None:
    """Every grid point circled: the bound is the length."""
    dense = {"type": "kuralin", "rows": 3, "cols": 4, "circles": [
        {"kind": "black", "cells": [[r, c] for r in sorted({(y - 1) // 2, y // 2}) for c in sorted({(x - 1) // 2, x // 2})]}
        for y in range(1, 6) for x in range(1, 8) if not (y % 2 and x % 2)
    ]}
    assert len(puzzle_url(dense)) == longest_url(LINK, 3, 4)


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


@settings(max_examples=60, deadline=None)
@given(kuralins())
def test_any_printed_kuralin_round_trips(record) -> None:
    link_round_trip(record)