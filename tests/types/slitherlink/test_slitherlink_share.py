"""pzprjs's own answer check on stored answers (share_golden/answers.json, written by oracle.js:
see README.md); links and pzprv3 files are checked byte for byte by the shared sharing tests."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.puzzles.slitherlink import PUZZLE_TYPE as SLITHERLINK

ANSWERS = json.loads((Path(__file__).parent / "share_golden" / "answers.json").read_text())


def test_pzprjs_accepted_every_stored_answer_and_so_do_the_checks() -> None:
    assert len(ANSWERS) >= 6
    for item in ANSWERS:
        assert item["pzprjs"] == {"complete": True, "text": "Complete!"}
        puzzle = SLITHERLINK.from_record(item)
        assert SLITHERLINK.failures(puzzle, puzzle.answer) == []
