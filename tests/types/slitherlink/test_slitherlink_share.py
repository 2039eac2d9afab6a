"""puz.link and pzprv3 against what pzprjs itself wrote (pzprjs.json, see README.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pipeline.share.puzzlink import HOST, _Reader
from pipeline.puzzles.slitherlink import PUZZLE_TYPE as SLITHERLINK
from pipeline.share.puzzlink import UrlError

PINNED = json.loads((Path(__file__).parent / "pzprjs.json").read_text())
LINK = SLITHERLINK.share.link


def body_of(url: str) -> str:
    return url[len(HOST):].split("/", 3)[3]


@pytest.mark.parametrize("pin", PINNED, ids=lambda p: p["id"])
def test_links_and_files_are_pzprjs_own_bytes(pin: dict) -> None:
    record = pin["record"]
    rows, cols = record["rows"], record["cols"]
    assert f"{HOST}{LINK.genre}/{cols}/{rows}/" + LINK.encode(record, rows, cols) == pin["url"]
    assert SLITHERLINK.share.file_format("pzprv3").write(record) == pin["pzprv3"]
    body = body_of(pin["url"])
    assert LINK.decode(_Reader(body, pin["url"]), rows, cols) == {"clues": record["clues"]}
    assert len(body) <= LINK.longest(rows, cols)


def test_pzprjs_accepted_every_stored_answer() -> None:
    checked = [pin for pin in PINNED if pin["record"]["solution"] is not None]
    assert len(checked) >= 6
    for pin in checked:
        assert pin["pzprjs_answer_check"] == {"complete": True, "text": "Complete!"}
        puzzle = SLITHERLINK.from_record(pin["record"])
        assert SLITHERLINK.failures(puzzle, puzzle.answer) == []


@pytest.mark.parametrize("body, problem", [("9", "not 4"), ("4", "not 4"), ("zz", "skips past"), ("0!", "unexpected"), ("0000000", "after the puzzle")])
def test_a_broken_body_is_refused_with_its_place(body: str, problem: str) -> None:
    url = f"{HOST}slither/3/2/{body}"
    with pytest.raises(UrlError, match=problem):
        LINK.decode(_Reader(body, url), 2, 3)
