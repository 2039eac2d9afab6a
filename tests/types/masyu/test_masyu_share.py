"""Masyu's own sharing tests, beside the shared ones (tests/test_share_puzzlink.py runs this
type's pinned links and files from share_golden/).

share_golden/ was written by pzprjs (robx/pzprjs at 0401fc64, under node 20, as
tests/share_golden/README.md says, with pzprjs_oracle.js from this folder): each puzzle was put
on a pzprjs board pearl by pearl and pzprjs's getURL() and getFileData() wrote urls.json and
pzprv3/; for each golden record the stored loop was drawn on the board too, and answers.json
holds what pzprjs's own answer check said ("Complete!" for every one). The hand-made rectangles
cover what squares do not: a last group of two cells (5 x 7 = 35 cells and 4 x 5 = 20), a black
pearl in the last cell, a grid without pearls.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pipeline.registry import puzzle_types
from pipeline.share.puzzlink import Reader, UrlError, link_url

HERE = Path(__file__).parent / "share_golden"
GOLDEN = Path(__file__).parent.parent.parent / "golden" / "masyu"
SHARE = puzzle_types()["masyu"].share
URLS = {item["id"]: item for item in json.loads(HERE.joinpath("urls.json").read_text())}
ANSWERS = json.loads(HERE.joinpath("answers.json").read_text())


@pytest.mark.parametrize("path", sorted(GOLDEN.rglob("*.json")), ids=lambda p: str(p.relative_to(GOLDEN).with_suffix("")))
def test_every_golden_record_graded_ones_too_has_its_link_and_pzprjs_accepts_its_answer(path: Path) -> None:
    ident = "masyu-" + str(path.relative_to(GOLDEN).with_suffix("")).replace("/", "-")
    golden = json.loads(path.read_text())
    record = {"type": "masyu", "rows": len(golden["pearls"]), "cols": len(golden["pearls"][0]), "pearls": golden["pearls"]}
    assert URLS[ident]["record"] == record
    assert link_url(SHARE.link, record) == URLS[ident]["url"]
    assert ANSWERS[ident]["accepted"] is True, ANSWERS[ident]["says"]


def test_every_link_fits_what_the_page_plan_reserves() -> None:
    for item in URLS.values():
        body = item["url"].rsplit("/", 1)[1]
        assert len(body) <= SHARE.link.longest(item["record"]["rows"], item["record"]["cols"])


@pytest.mark.parametrize("body, problem", [("00", "expected 3 base-27 digits"), ("00r", "not a base-27 digit"), ("00q", "past the last cell")])
def test_a_broken_body_is_refused_with_its_place(body: str, problem: str) -> None:
    # a 2 x 4 grid: 8 cells, three digits, the last holding two cells and one beyond the grid
    with pytest.raises(UrlError, match=problem):
        SHARE.link.decode(Reader(body, "test"), 2, 4)
