"""Issue 28's closing case: a Sudoku section of 9×9 and one of 6×6, each graded, builds into a
booklet with links, every puzzle proved twice, and exports; its links and pzprv3 files are the
bytes pzprjs itself wrote for the same puzzles (share_golden/, made from the same codes by
sudoku_pzprjs_cases.py and pzprjs at 0401fc64).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import cli, type_data, write_spec

GOLDEN = type_data("sudoku") / "share_golden"
PINNED = {item["id"]: item for item in json.loads((GOLDEN / "urls.json").read_text())}
# (size, grade) of each section: every one made from the code pzprjs's pinned case used
SECTIONS = [(9, "hard"), (6, "medium")]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sudoku-book")
    sections = "".join(
        f"  - {{type: sudoku, size: {size}, count: 1, difficulty: {grade}, codes: [harbour], links: text}}\n"
        for size, grade in SECTIONS
    )
    # pzprjs wrote share_golden/ for version 1's puzzles of these codes; the pin reprints them
    spec = write_spec(folder, f"title: Sudoku\nseed: s\nlinks: qr\ngenerators: [sudoku/1]\nsections:\n{sections}")
    ran = cli("build", spec, "-o", folder / "out", "--jobs", "1")
    assert ran.code == 0, ran.stderr
    return folder / "out"


def entries(out: Path) -> list[dict]:
    return json.loads((out / "manifest.json").read_text())["puzzles"]


@pytest.mark.slow
def test_the_graded_sections_are_proved_twice_and_link_to_what_pzprjs_writes(built: Path) -> None:
    made = entries(built)
    assert [(e["rows"], e["grade"]["tier"]) for e in made] == SECTIONS
    text = "".join(page.extract_text() for page in PdfReader(built / "booklet.pdf").pages)
    for entry, (size, grade) in zip(made, SECTIONS):
        verdict = entry["verdict"]
        assert verdict["status"] == "proved" and verdict["check"]["ok"] and verdict["grade"]["tier"] == grade
        assert verdict["solver"]["count"] == verdict["proof"]["count"] == 1  # its own solver, and SAT
        pinned = PINNED[f"sudoku-{size}-harbour-{grade}"]["url"]
        assert entry["url"] == pinned
        assert json.loads((built / "puzzles" / f"{entry['id']}.json").read_text())["url"] == pinned
        assert pinned.removeprefix("https://") in text.replace("\n", "")  # links: text prints it


@pytest.mark.slow
def test_the_exported_files_are_the_ones_pzprjs_writes(built: Path, tmp_path: Path) -> None:
    ran = cli("export", built, "--format", "pzprv3", "-o", tmp_path)
    assert ran.code == 0, ran.stderr
    for entry, (size, grade) in zip(entries(built), SECTIONS):
        pinned = (GOLDEN / "pzprv3" / f"sudoku-{size}-harbour-{grade}.pzprv3").read_text()
        assert (tmp_path / f"{entry['id']}.pzprv3").read_text() == pinned
