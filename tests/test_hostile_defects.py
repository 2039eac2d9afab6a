"""Defects of issue 10 that the hostile table cannot show on its own: id injectivity, message
order under --jobs, disk full, a read-only folder, and verdicts of another verifier."""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import ROOT, cli, tree
from pipeline import trust
from pipeline.codes import puzzle_id
from pipeline.registry import get_type
from pipeline.manifest import read_manifest
from pipeline.spec import parse_spec
from pipeline.stages.generate import generate
from pipeline.stages.verify import verify

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SPEC = "title: D\nseed: d\nsections: [{type: nonogram, size: 5, count: 4}]\n"

FIVE = get_type("nonogram").make_params(5)


def test_a_plain_code_that_looks_tagged_does_not_share_the_id_of_the_code_it_mimics() -> None:
    assert puzzle_id("nonogram", FIVE, "Harbour") == "nonogram-5-harbour-d712d28b"
    assert puzzle_id("nonogram", FIVE, "harbour-d712d28b") != puzzle_id("nonogram", FIVE, "Harbour")
    assert puzzle_id("nonogram", FIVE, "d712d28b") != "nonogram-5-d712d28b"  # 8 hex alone look like a tag too
    assert puzzle_id("nonogram", FIVE, "harbour") == "nonogram-5-harbour"  # plain codes stay as they are


@given(st.text(min_size=1, max_size=30))
def test_tagged_looking_codes_never_collide_with_the_tag_of_another(code: str) -> None:
    """An id without a tag is the code itself; an id with one ends in the code's own hash."""
    pid = puzzle_id("nonogram", FIVE, code)
    slug = pid.removeprefix("nonogram-5-")
    if slug != code:  # tagged: typing the tagged slug as a code must not give the same id
        assert puzzle_id("nonogram", FIVE, slug) != pid


def _records_broken(folder: Path) -> None:
    for path in sorted((folder / "puzzles").glob("*.json")):
        path.write_text("{")


@pytest.mark.slow
def test_error_lists_are_the_same_for_any_number_of_jobs(tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        folder = tmp_path / f"j{jobs}"
        generate(parse_spec(SPEC), folder)
        _records_broken(folder)
        ran = cli("verify", folder, "--jobs", jobs)
        assert ran.code == 2
        outs.append(ran.stderr.replace(str(folder), "F"))
    assert outs[0] == outs[1]
    lines = [line for line in outs[0].splitlines() if line.startswith("  - ")]
    assert lines == sorted(lines) and len(lines) == 4


def _limited(limit: int):  # noqa: ANN202 - a preexec function
    def set_limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return set_limit


@pytest.mark.slow
def test_a_full_disk_is_one_line_exit_1_and_nothing_half_written(tmp_path: Path) -> None:
    """RLIMIT_FSIZE stands in for a full disk: the booklet (800 KB) cannot be written."""
    (tmp_path / "job.yaml").write_text(SPEC)
    ran = subprocess.run(
        [sys.executable, "-m", "pipeline", "-q", "build", "job.yaml", "-o", "out", "--jobs", "1"], cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=300,
        preexec_fn=_limited(200_000),
    )
    assert ran.returncode == 1, ran.stderr
    assert "Traceback" not in ran.stderr and ran.stderr.startswith("error: ") and len(ran.stderr.splitlines()) == 1
    assert re.match(r"error: \S*/", ran.stderr), f"the message names no path: {ran.stderr}"
    assert not (tmp_path / "out" / "booklet.pdf").exists()
    assert not list((tmp_path / "out").rglob("*.part"))
    assert not (tmp_path / "out" / ".layout-stamp.json").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_output_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "job.yaml").write_text(SPEC)
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    ran = cli("generate", tmp_path / "job.yaml", "-o", out)
    assert ran.code == 2 and "not writable" in ran.stderr


def test_a_verdict_of_another_verifier_is_proved_again_not_reused(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    generate(parse_spec(SPEC), folder)
    assert verify(folder).reused == 0
    assert verify(folder).reused == 4
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["puzzles"][0]["verdict"]["verifier"] = "0.0.1+older"
    (folder / "manifest.json").write_text(json.dumps(manifest))
    report = verify(folder)
    assert report.reused == 3
    assert read_manifest(folder).entries[0].verdict["verifier"] == trust.verifier_id()


def test_a_verdict_that_names_no_record_is_no_verdict() -> None:
    assert trust.verdict_problem({"status": "proved"}, "ab" * 32) == "its verdict names no record"
    assert trust.verdict_problem(None, "ab" * 32) == "not verified"


def test_a_refused_build_leaves_a_downloads_folder_exactly_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "job.yaml").write_text(SPEC)
    downloads = tmp_path / "downloads"
    (downloads / "deep").mkdir(parents=True)
    for name in (".movie.mkv.part", "deep/.a.0123456789ab.part", "answers.pdf", "booklet-imposed.pdf", "manifest.json", "booklet.pdf"):
        (downloads / name).write_text(name)
    before = tree(downloads)
    ran = cli("build", tmp_path / "job.yaml", "-o", downloads)
    assert ran.code == 2 and "not made by puzzlepress" in ran.stderr and "-o" in ran.stderr
    assert tree(downloads) == before


@pytest.mark.parametrize("name", ["examples", "puzzles"])
def test_a_subfolder_linked_out_of_the_output_folder_is_refused_and_left_alone(name: str, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / ".x.0123456789ab.part").write_text("theirs")
    folder = tmp_path / "out"
    generate(parse_spec(SPEC), folder)
    if name == "puzzles":
        shutil.rmtree(folder / name)
    os.symlink(outside, folder / name)
    (tmp_path / "job.yaml").write_text(SPEC)
    for args in (["generate", tmp_path / "job.yaml", "-o", folder], ["verify", folder]):
        ran = cli(*args)
        assert ran.code == 2 and f"{name} is not a plain folder" in ran.stderr
    assert [p.name for p in outside.iterdir()] == [".x.0123456789ab.part"]


def test_clean_up_removes_only_our_own_temporary_files(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    generate(parse_spec(SPEC), folder)
    ours, theirs = folder / "puzzles" / ".a.json.0123456789ab.part", folder / "puzzles" / ".movie.mkv.part"
    ours.write_text("half")
    theirs.write_text("half")
    generate(parse_spec(SPEC), folder)
    assert not ours.exists() and theirs.exists()


@pytest.mark.parametrize(
    "content",
    [b'{"puzzles": ' + b"9" * 5000 + b"}", b"[" * 100_000 + b"]" * 100_000, b'{"job": "\\ud800"}', "fifo"],
    ids=["5,000 digits", "100,000 deep", "lone surrogate", "FIFO"],
)
def test_a_hostile_exclude_manifest_is_bad_input_and_nothing_is_written(content: bytes | str, in_tmp: Path) -> None:
    last = in_tmp / "last"
    last.mkdir()
    if content == "fifo":
        os.mkfifo(last / "manifest.json")
    else:
        (last / "manifest.json").write_bytes(content)
    (in_tmp / "job.yaml").write_text(SPEC + "exclude: [last/manifest.json]\n")
    ran = cli("generate", in_tmp / "job.yaml", "-o", in_tmp / "out")
    assert ran.code == 2 and "exclude: last/manifest.json" in ran.stderr
    assert not (in_tmp / "out").exists()
