"""End to end: spec -> records, SVGs, manifest, PDF; and the promises of a robust build:
resume, parallel output identical to serial, atomic files under kill, never a repeated puzzle."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import cli, tree, write_spec
from pipeline.manifest import read_manifest
from pipeline.files import write_atomic
from pipeline.registry import puzzle_types

JOB = """\
title: End to end
seed: e2e
sections:
  - {type: nonogram, size: 5, count: 3, codes: [harbour]}
  - {type: nuritwin, size: 6, count: 2}
  - {type: kuralin, size: 5, count: 2}
"""
TYPE_FIELDS = {
    "nonogram": {"row_clues", "col_clues", "solution"},
    "nuritwin": {"regions", "clues", "solution"},
    "kuralin": {"circles", "solution"},
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("e2e")
    spec = write_spec(folder, JOB)
    ran = cli("build", spec, "-o", folder / "out", "--jobs", "1")
    assert ran.code == 0, ran.stderr
    return folder / "out"


def test_build_writes_records_svgs_manifest_and_booklet(built: Path) -> None:
    manifest = read_manifest(built)
    assert [e.number for e in manifest.puzzles()] == list(range(1, 8))
    assert manifest.puzzles()[0].code == "harbour"
    for entry in manifest.entries:
        record = json.loads((built / "puzzles" / f"{entry.id}.json").read_text())
        assert {"id", "type", "rows", "cols", "code", "generator"} | TYPE_FIELDS[entry.type] <= set(record)
        assert record["generator"] == f"{entry.type}/{puzzle_types()[entry.type].version}"
        for suffix in (".svg", "-answer.svg"):
            ET.parse(built / "puzzles" / f"{entry.id}{suffix}")
        verdict = entry.verdict
        assert verdict["status"] == "proved"
        assert verdict["check"]["ok"] and verdict["solver"]["ok"] and verdict["proof"]["ok"]
        assert verdict["proof"]["count"] == 1 and verdict["solver"]["count"] == 1
        assert not entry.timings and "seconds" not in verdict["proof"]  # they differ on every run: not kept
    assert len(PdfReader(built / "booklet.pdf").pages) >= 4


@pytest.mark.slow
def test_second_build_of_an_unchanged_spec_reuses_everything(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, JOB)
    assert cli("build", spec, "-o", tmp_path / "out").code == 0
    before = tree(tmp_path / "out")
    ran = cli("build", spec, "-o", tmp_path / "out")
    # counted, not timed: nothing made, nothing proved again, no page laid out again
    assert ran.code == 0 and "0 made, 7 reused" in ran.stderr and "7 unchanged since last run" in ran.stderr
    assert "unchanged, kept" in ran.stderr
    assert tree(tmp_path / "out") == before


def test_fresh_ignores_the_cache(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, "title: x\nseed: f\nsections:\n  - {type: nonogram, size: 5, count: 2}\n")
    cli("generate", spec, "-o", tmp_path / "out")
    ran = cli("generate", spec, "-o", tmp_path / "out", "--fresh")
    assert "generated 2 puzzles, reused 0" in ran.stderr


def test_build_fresh_redoes_every_stage(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, "title: x\nseed: f\nsections:\n  - {type: nonogram, size: 5, count: 2}\n")
    assert cli("build", spec, "-o", tmp_path / "out").code == 0
    ran = cli("build", spec, "-o", tmp_path / "out", "--fresh")
    assert ran.code == 0 and "2 made, 0 reused" in ran.stderr and "0 unchanged since last run" in ran.stderr
    assert "unchanged, kept" not in ran.stderr


@pytest.mark.slow
def test_parallel_output_is_byte_identical_to_serial(tmp_path: Path) -> None:
    """Every file, the manifest and the edition included: diff -r of the two folders is empty."""
    spec = write_spec(tmp_path, JOB)
    for jobs in ("1", "2"):
        assert cli("build", spec, "-o", tmp_path / jobs, "--jobs", jobs).code == 0
    assert tree(tmp_path / "1") == tree(tmp_path / "2")


@pytest.mark.slow
def test_changing_only_the_layout_regenerates_nothing(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, JOB)
    cli("build", spec, "-o", tmp_path / "out")
    write_spec(tmp_path, JOB.replace("title: End to end", "title: End to end, reprinted\npage: A5"))
    ran = cli("build", spec, "-o", tmp_path / "out")
    assert ran.code == 0 and "0 made, 7 reused" in ran.stderr and "unchanged, kept" not in ran.stderr


def test_exclude_never_repeats_a_published_puzzle(tmp_path: Path) -> None:
    first = write_spec(tmp_path, "title: a\nseed: s\nsections:\n  - {type: nonogram, size: 5, count: 2, codes: [one, two]}\n", "a.yaml")
    assert cli("generate", first, "-o", tmp_path / "a").code == 0
    second = write_spec(
        tmp_path,
        f"title: b\nseed: s\nexclude: [{tmp_path / 'a' / 'manifest.json'}]\n"
        "sections:\n  - {type: nonogram, size: 5, count: 2, codes: [two, three]}\n",
        "b.yaml",
    )
    assert cli("generate", second, "-o", tmp_path / "b").code == 0
    manifest = read_manifest(tmp_path / "b")
    assert [e.code for e in manifest.puzzles()] == ["s.1.3", "three"]  # the skipped slot takes the next code
    assert manifest.skipped[0].code == "two" and "already published" in manifest.skipped[0].reason


def run_and_kill(spec: Path, out: Path, after: float, sig: int) -> subprocess.CompletedProcess:
    proc = subprocess.Popen([sys.executable, "-m", "pipeline", "build", str(spec), "-o", str(out), "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    time.sleep(after)
    os.killpg(proc.pid, sig) if sig == signal.SIGKILL else proc.send_signal(sig)
    out_, err_ = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out_, err_)


def is_temporary(path: Path) -> bool:
    """write_atomic's temporary names: hidden, and ending in .part."""
    return path.name.startswith(".") and path.name.endswith(".part")


def assert_every_file_complete(out: Path) -> None:
    """Every file under its final name is whole; a killed write may leave a temporary file."""
    for path in out.rglob("*"):
        if not path.is_file() or is_temporary(path):
            continue
        if path.suffix == ".json":
            json.loads(path.read_text())
        elif path.suffix == ".svg":
            ET.parse(path)
        elif path.suffix == ".pdf":
            assert len(PdfReader(path).pages) > 0


@pytest.mark.slow
def test_killed_builds_leave_only_complete_files_and_resume(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, JOB.replace("count: 2}", "count: 3}"))
    rng = random.Random(7)
    for _ in range(4):
        run_and_kill(spec, tmp_path / "out", rng.uniform(0.8, 4.0), signal.SIGKILL)
        assert_every_file_complete(tmp_path / "out")
    assert cli("build", spec, "-o", tmp_path / "out").code == 0
    assert not [p for p in (tmp_path / "out").rglob("*") if is_temporary(p)], "a finished build leaves no temporary file"
    assert cli("build", spec, "-o", tmp_path / "clean", "--jobs", "1").code == 0
    resumed, clean = tree(tmp_path / "out"), tree(tmp_path / "clean")
    resumed.pop("manifest.json"), clean.pop("manifest.json")
    assert resumed == clean


def test_ctrl_c_stops_cleanly_and_says_what_was_kept(tmp_path: Path) -> None:
    # Big enough that it is still generating when the interrupt comes.
    # (Nuritwin 8x8 x12 took 0.8 s once compiled, and finished before the signal: 12x12 x40 is many seconds)
    spec = write_spec(tmp_path, "title: x\nseed: int\nsections:\n  - {type: nuritwin, size: 12, count: 40}\n")
    done = run_and_kill(spec, tmp_path / "out", 2.0, signal.SIGINT)
    assert done.returncode == 130, done.stderr
    assert "interrupted" in done.stderr and "Traceback" not in done.stderr
    assert_every_file_complete(tmp_path / "out")


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600)])
def test_written_files_are_as_shareable_as_the_umask_allows(tmp_path: Path, umask: int, mode: int) -> None:
    previous = os.umask(umask)
    try:
        write_atomic(tmp_path / "booklet.pdf", b"%PDF-")
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "booklet.pdf").stat().st_mode) == mode
    assert [p.name for p in tmp_path.iterdir()] == ["booklet.pdf"]  # no temporary left behind


def test_checking_an_unchanged_book_does_not_load_the_pdf_engine() -> None:
    """WeasyPrint takes over a second to import: more than a warm build of a whole book needs."""
    script = "import sys, pipeline.cli, pipeline.stages.build; print('weasyprint' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "False"


def test_every_record_and_manifest_entry_links_its_puzzle_on_puzz_link(built: Path) -> None:
    from pipeline.share.puzzlink import read_url

    manifest = read_manifest(built)
    for entry in manifest.entries:
        record = json.loads((built / "puzzles" / f"{entry.id}.json").read_text())
        assert entry.url == record["url"]
        clues = read_url(record["url"])
        assert (clues["type"], clues["rows"], clues["cols"]) == (record["type"], record["rows"], record["cols"])
        assert all(record[name] == value for name, value in clues.items())


def test_workers_import_what_the_build_imports_not_the_current_folder(tmp_path: Path) -> None:
    """Run from a folder holding another `pipeline` (a source checkout beside an installed
    copy): the workers must not prove puzzles with it, or layout refuses their verdicts."""
    import pipeline

    # a copy that differs by one module: its verifier is another, so its verdicts would be refused
    shutil.copytree(Path(pipeline.__file__).parent, tmp_path / "pipeline", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "pipeline" / "elsewhere.py").write_text("# not the build's code\n")
    spec = write_spec(tmp_path, "title: t\nseed: w\nsections:\n  - {type: nonogram, size: 5, count: 3}\n")
    # as the installed `puzzlepress` script starts: the current folder is not on the build's path
    script = "import sys; sys.path.remove(''); from pipeline.cli import main; sys.argv[0] = 'puzzlepress'; main()"
    done = subprocess.run(
        [sys.executable, "-c", script, "build", str(spec), "-o", str(tmp_path / "out"), "--jobs", "2"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
