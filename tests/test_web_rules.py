"""The web edition judges a board by the same rules as verify: each type's play.js checklist
gives the same failure codes, in the same order, as the type's Python checks, on boards made from
the golden records (the answer, and the answer with each cell or line changed) and on random
boards. Run in node, the same engine family as the page's, without a browser."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from pipeline.interface.params import parse_size
from pipeline.interface.play import AID, BLANK, MAIN
from pipeline.records import read_json
from pipeline.registry import puzzle_types
from pipeline.render.assets import layouts_dir

HERE = Path(__file__).parent
PLAYED = {name: t for name, t in puzzle_types().items() if t.play is not None}
NODE = shutil.which("node") or shutil.which("nodejs")


def js_codes(cases: list[dict]) -> list[list[str]]:
    if NODE is None:
        pytest.skip("the web edition's rules tests need node (apt-get install -y nodejs)")
    scripts = [str(t.play.script_path) for t in PLAYED.values()]
    ran = subprocess.run([NODE, str(HERE / "web_checks.js"), str(layouts_dir() / "web" / "rules.js"), *scripts],
                         input=json.dumps(cases), capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


def goldens(name: str) -> list[dict]:
    """A few golden records of the type, as records (their grid from their size)."""
    files = sorted((HERE / "golden" / name).glob("*.json"))
    found = []
    for path in [p for p in files if p.stat().st_size][:4]:
        record = read_json(path)
        found.append({**record, **parse_size(record["size"])} if "rows" not in record else record)
    return found


def page_data(ptype, puzzle) -> dict:
    return {"rows": puzzle.rows, "cols": puzzle.cols, "clues": ptype.play.clues(puzzle)}


def boards_from(ptype, puzzle, rng: random.Random) -> list[dict]:
    """The answer; the answer with each mark changed in turn (to every other mark); random boards;
    the answer with a few random changes."""
    answer = ptype.play.board(puzzle)
    marks = list(range(ptype.play.digits + 1)) if ptype.play.digits else [BLANK, MAIN, AID]
    boards = [answer]
    for part in ("cells", "lines"):
        for at, mark in enumerate(answer[part]):
            for other in marks if part == "cells" else [BLANK, MAIN, AID]:
                if other != mark:
                    changed = {key: list(value) for key, value in answer.items()}
                    changed[part][at] = other
                    boards.append(changed)
    for _ in range(60):
        boards.append({part: [rng.choice(marks if part == "cells" else [BLANK, MAIN, AID]) for _ in answer[part]] for part in ("cells", "lines")})
        noisy = {key: list(value) for key, value in answer.items()}
        for _ in range(rng.randint(2, 6)):
            part = rng.choice([p for p in ("cells", "lines") if noisy[p]])
            noisy[part][rng.randrange(len(noisy[part]))] = rng.choice([BLANK, MAIN, AID])
        boards.append(noisy)
    return boards


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_the_page_and_verify_find_the_same_broken_rules(name: str) -> None:
    ptype = PLAYED[name]
    rng = random.Random(f"web-rules-{name}")
    cases, expected = [], []
    for record in goldens(name):
        puzzle = ptype.from_record(record)
        for board in boards_from(ptype, puzzle, rng):
            cases.append({"type": name, "data": page_data(ptype, puzzle), "board": board})
            expected.append([f.code for f in ptype.failures(puzzle, ptype.play.answer(puzzle, board))])
    found = js_codes(cases)
    assert len(found) == len(expected)
    mismatched = [(c["board"], e, f) for c, e, f in zip(cases, expected, found) if e != f]
    assert not mismatched, f"{len(mismatched)} of {len(cases)} boards judged differently; first: {mismatched[0]}"
    assert expected[0] == [] and any(expected), "the answer passes and some boards fail"
    codes = {code for codes in expected for code in codes}
    assert len(codes) >= 2, codes


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_the_stored_answer_as_a_board_reads_back_as_the_answer(name: str) -> None:
    ptype = PLAYED[name]
    for record in goldens(name):
        puzzle = ptype.from_record(record)
        assert ptype.play.answer(puzzle, ptype.play.board(puzzle)) == ptype.answer_of(puzzle)
