"""Masyu's puzz.link URLs and pzprv3 files, byte for byte as pzprjs itself writes them.

pzprjs.json was written by pzprjs (robx/pzprjs at 0401fc64, under node 20, as
tests/share_golden/README.md says, with pzprjs_oracle.js from this folder): each puzzle was put
on a pzprjs board pearl by pearl and pzprjs's getURL() and getFileData() wrote it; for the
golden records the stored loop was drawn on the board too, and pzprjs's own answer check said
"Complete!" for every one. The hand-made rectangles cover what squares do not: a last group of
one cell (5 x 7 = 35 cells) and of two (4 x 5 = 20), black pearls in the last cell, a grid
without pearls.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pipeline.registry import puzzle_types
from pipeline.share import puzzlink
from pipeline.share.puzzlink import HOST, UrlError

HERE = Path(__file__).parent
GOLDEN = HERE.parent.parent / "golden" / "masyu"
PINNED = json.loads(HERE.joinpath("pzprjs.json").read_text())
SHARE = puzzle_types()["masyu"].share
# the URL reader the frame hands to a type's decode (named Reader once sharing is the type's own)
_Reader = getattr(puzzlink, "Reader", None) or getattr(puzzlink, "_Reader")


def record_of(entry: dict) -> dict:
    if "record" in entry:
        return entry["record"]
    golden = json.loads(GOLDEN.joinpath(entry["id"] + ".json").read_text())
    return {"rows": len(golden["pearls"]), "cols": len(golden["pearls"][0]), **golden}


def url_of(record: dict) -> str:
    link = SHARE.link
    return f"{HOST}{link.genre}/{record['cols']}/{record['rows']}/" + link.encode(record, record["rows"], record["cols"])


def test_every_golden_record_is_pinned() -> None:
    pinned = {entry["id"] for entry in PINNED}
    assert {str(p.relative_to(GOLDEN).with_suffix("")) for p in GOLDEN.rglob("*.json")} <= pinned


@pytest.mark.parametrize("entry", PINNED, ids=[e["id"] for e in PINNED])
def test_url_and_file_are_what_pzprjs_writes_and_read_back(entry: dict) -> None:
    record = record_of(entry)
    assert url_of(record) == entry["url"]
    assert SHARE.file_format("pzprv3").write(record) == entry["pzprv3"]
    rows, cols = record["rows"], record["cols"]
    body = entry["url"].split("/", 6)[-1]
    assert SHARE.link.decode(_Reader(body, entry["url"]), rows, cols) == {"pearls": record["pearls"]}
    assert len(body) <= SHARE.link.longest(rows, cols)
    if "record" not in entry:
        assert entry["answer_accepted"] is True, entry["failcode"]


@pytest.mark.parametrize("body, problem", [("00", "expected 3 base-27 digits"), ("00r", "not a base-27 digit"), ("0000", "unexpected characters"), ("00q", "past the last cell")])
def test_a_broken_body_is_refused_with_its_place(body: str, problem: str) -> None:
    # a 2 x 4 grid: 8 cells, three digits, the last holding two cells and one beyond the grid
    with pytest.raises(UrlError, match=problem):
        SHARE.link.decode(_Reader(body, "test"), 2, 4)
