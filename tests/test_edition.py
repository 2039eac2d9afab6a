"""Editions: one file that reprints a book exactly, and specs pinned to earlier generators."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from conftest import ROOT, cli, write_spec
from pipeline.budget import Budget
from pipeline.edition import sealed
from pipeline.records import dumps_record
from pipeline.registry import puzzle_types
from pipeline.spec import parse_spec
from pipeline.stages.generate import generate

SPEC = """\
title: An edition
seed: edition
sections:
  - {type: nonogram, size: 5, count: 2, codes: [harbour]}
  - {type: kuralin, size: 5, count: 1}
"""


@pytest.fixture(scope="module")
def edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A built book reduced to its edition file, as a publisher keeps it beside the spec."""
    folder = tmp_path_factory.mktemp("edition")
    assert cli("build", write_spec(folder, SPEC), "-o", folder / "book", "--jobs", "1").code == 0
    kept = folder / "kept.json"
    shutil.copy(folder / "book" / "edition.json", kept)
    (folder / "pdfs").mkdir()
    shutil.copy(folder / "book" / "booklet.pdf", folder / "pdfs" / "booklet.pdf")
    shutil.rmtree(folder / "book")
    return kept


def test_an_edition_holds_the_job_the_records_and_the_versions(edition: Path) -> None:
    data = json.loads(edition.read_text())
    assert data["job"]["title"] == "An edition" and len(data["puzzles"]) == 3
    assert data["generators"] == {name: f"{name}/{t.version}" for name, t in puzzle_types().items()}
    assert data["made_with"]["libraries"]["weasyprint"] and data["made_with"]["fonts"]
    assert set(data["outputs"]) == {"booklet.pdf"}
    for item in data["puzzles"]:
        assert item["entry"]["verdict"]["status"] == "proved" and "timings" not in item["entry"]


def test_reprint_from_the_edition_alone_gives_the_same_pdf_bytes(edition: Path, tmp_path: Path) -> None:
    ran = cli("reprint", edition, "-o", tmp_path / "again", "--jobs", "1")
    assert ran.code == 0, ran.stderr
    assert "booklet.pdf: the same bytes as the edition's" in ran.stderr and "every one proved again" in ran.stderr
    original = edition.parent / "pdfs" / "booklet.pdf"
    assert (tmp_path / "again" / "booklet.pdf").read_bytes() == original.read_bytes()


def test_an_edited_record_in_an_edition_is_refused_by_name_and_nothing_printed(edition: Path, tmp_path: Path) -> None:
    data = json.loads(edition.read_text())
    record = json.loads(data["puzzles"][0]["record"])
    record["row_clues"][0] = [5]
    data["puzzles"][0]["record"] = dumps_record(record)
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    ran = cli("reprint", tampered, "-o", tmp_path / "out")
    assert ran.code == 2 and record["id"] in ran.stderr and "Traceback" not in ran.stderr
    assert not (tmp_path / "out" / "booklet.pdf").exists()


def test_an_edition_whose_ids_leave_the_folder_is_refused_before_anything_is_written(edition: Path, tmp_path: Path) -> None:
    data = json.loads(edition.read_text())
    data["puzzles"][0]["entry"]["id"] = "../../escaped"
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(sealed(data)))  # a digest that holds: the ids are checked too
    ran = cli("reprint", hostile, "-o", tmp_path / "out")
    assert ran.code == 2 and "escaped" in ran.stderr
    assert not (tmp_path / "out").exists() and not (tmp_path.parent / "escaped.json").exists()


def test_other_versions_are_named_and_the_puzzles_are_the_same(edition: Path, tmp_path: Path) -> None:
    data = json.loads(edition.read_text())
    data["made_with"]["libraries"]["weasyprint"] = "1.0"
    older = tmp_path / "older.json"
    older.write_text(json.dumps(sealed(data)))  # as another version would have written it
    ran = cli("reprint", older, "-o", tmp_path / "out")
    assert ran.code == 0 and "weasyprint 1.0 then" in ran.stderr and "the puzzles are the same ones" in ran.stderr


def test_a_file_that_is_not_an_edition_is_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"format": 1}))
    ran = cli("reprint", path, "-o", tmp_path / "out")
    assert ran.code == 2 and "not an edition file" in ran.stderr


def test_a_build_into_a_folder_made_with_other_versions_says_so_first(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, SPEC)
    assert cli("build", spec, "-o", tmp_path / "out").code == 0
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    manifest["made_with"]["python"] = "3.0.0"
    (tmp_path / "out" / "manifest.json").write_text(json.dumps(manifest))
    ran = cli("build", spec, "-o", tmp_path / "out")
    assert ran.code == 0 and "was made with other versions" in ran.stderr and "python 3.0.0 then" in ran.stderr


# ---- earlier generator versions ---------------------------------------------------------------


def test_a_spec_may_pin_only_a_kept_generator_version() -> None:
    ok = parse_spec("title: t\nseed: s\ngenerators: [nuritwin/1]\nsections:\n  - {type: nonogram, size: 5, count: 1, generator: nonogram/1}\n")
    assert ok.generator_version(0) == 1
    for pin, message in (
        ("generator: nonogram/9", "keeps nonogram generator versions 1, 2, 3, 4, not 9"),
        ("generator: kuralin/1", "'kuralin/1' is not a nonogram generator"),
        ("generator: nonogram", "write it as type/version"),
    ):
        with pytest.raises(Exception, match=re.escape(message)):
            parse_spec(f"title: t\nseed: s\nsections:\n  - {{type: nonogram, size: 5, count: 1, {pin}}}\n")


def test_a_section_pinned_to_the_previous_version_reproduces_its_golden_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As after a version bump: the current generator is new, the previous one is kept, and a
    spec that names it makes exactly the puzzles its golden records pin."""
    nonogram = puzzle_types()["nonogram"]
    scrambled = lambda params, rng, budget: nonogram.generate(params, rng.__class__(rng.random()), budget)  # noqa: E731
    bumped = dataclasses.replace(nonogram, version=2, generate=scrambled, previous={1: nonogram.generate})
    monkeypatch.setitem(puzzle_types(), "nonogram", bumped)
    job = parse_spec("title: t\nseed: s\nsections:\n  - {type: nonogram, size: 10, count: 1, codes: [harbour], generator: nonogram/1}\n")
    generate(job, tmp_path, jobs=1)
    record = json.loads((tmp_path / "puzzles" / "nonogram-10-harbour.json").read_text())
    golden = json.loads((ROOT / "tests" / "golden" / "nonogram" / "10-harbour.json").read_text())
    assert record["generator"] == "nonogram/1"
    assert {k: record[k] for k in ("row_clues", "col_clues", "solution")} == {k: golden[k] for k in ("row_clues", "col_clues", "solution")}
    made_now = bumped.make(10, "harbour", Budget())
    assert made_now.puzzle.answer != tuple(golden["solution"]), "the stand-in new version makes another puzzle"


def test_a_section_pinned_to_nuritwin_1_makes_the_version_1_puzzle(tmp_path: Path) -> None:
    """Nuritwin is at version 2 with version 1 kept: a reprint of a version 1 code is made again
    through the generate stage, not the current version's puzzle for that code."""
    job = parse_spec("title: t\nseed: s\nsections:\n  - {type: nuritwin, size: 6, count: 1, codes: [harbour], generator: nuritwin/1}\n")
    generate(job, tmp_path, jobs=1)
    record = json.loads((tmp_path / "puzzles" / "nuritwin-6-harbour.json").read_text())
    fields = ("regions", "clues", "solution")
    golden = {v: json.loads((ROOT / "tests" / "golden" / "nuritwin" / folder / "6-harbour.json").read_text()) for v, folder in ((1, "v1"), (2, ""))}
    assert record["generator"] == "nuritwin/1"
    assert {k: record[k] for k in fields} == {k: golden[1][k] for k in fields}
    assert {k: golden[2][k] for k in fields} != {k: golden[1][k] for k in fields}, "version 2 makes another puzzle for this code"


def test_the_constraints_file_pins_every_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"]) + [d for extra in project["optional-dependencies"].values() for d in extra]
    names = {re.split(r"[<>=!\[; ]", d, maxsplit=1)[0].lower().replace("_", "-") for d in wanted}
    pinned = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            pinned[name.strip().lower().replace("_", "-")] = version.strip()
    assert names <= set(pinned), names - set(pinned)
    assert all(re.fullmatch(r"[0-9][0-9A-Za-z.+-]*", v) for v in pinned.values())
