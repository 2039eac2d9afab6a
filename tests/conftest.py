"""Shared helpers: run the CLI in-process (fast) or as a real process (signals, exit codes)."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Ran:
    code: int
    stdout: str
    stderr: str


def failing(check: Callable[[str], bool], codes: list[str]) -> list[str]:
    """The codes whose check fails, checked in two processes. The fresh-code checks are
    independent codes, each a few hundred milliseconds; in one process they left the second core
    idle for some 200 s of an 18-minute suite (1,088 s, 3 December 2026). `check` is a module-level
    function (or a partial of one), so spawned processes can import it."""
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        return [code for code, ok in zip(codes, pool.map(check, codes)) if not ok]


def cli(*args: str) -> Ran:
    result = CliRunner().invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a crash on input is a bug: show its traceback in the test
    return Ran(result.exit_code, result.stdout, result.stderr)


def cli_process(*args: str, cwd: Path | None = None, timeout: float = 600) -> Ran:
    env = {**os.environ, "PYTHONHASHSEED": "random"}
    proc = subprocess.run(
        [sys.executable, "-m", "pipeline", *map(str, args)], cwd=cwd, env=env,
        capture_output=True, text=True, timeout=timeout,
    )
    return Ran(proc.returncode, proc.stdout, proc.stderr)


def write_spec(folder: Path, text: str, name: str = "job.yaml") -> Path:
    path = folder / name
    path.write_text(text)
    return path


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under a folder, by relative path, for byte-for-byte comparisons."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(autouse=True)
def _output_folders_released() -> Iterator[None]:
    """A stage run in-process holds its output folder until its command ends; a test is one."""
    yield
    from pipeline import outdir

    outdir.release_all()


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def descendants(root: int) -> set[int]:
    """Every process started below `root`, read from /proc (Linux)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = set(), [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    """The process runs (a zombie has ended; it only waits for its parent to read its status)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


TYPES_DATA = ROOT / "tests" / "types"


def type_data(name: str) -> Path:
    """A type's own tests and test data: tests/types/<type>/ (its failing boards in failing/)."""
    return TYPES_DATA / name


def link_round_trip(record: dict, bounded: bool = True) -> str:
    """A record's puzz.link URL, checked: it starts as every URL of its grid does, reads back to
    the record, and (when `bounded`) is no longer than the page plan reserves for its grid."""
    from pipeline.registry import get_type
    from pipeline.share.puzzlink import longest_url, puzzle_url, read_url, url_prefix

    link = get_type(record["type"]).share.link
    url = puzzle_url(record)
    assert url is not None and url.startswith(url_prefix(link, record["rows"], record["cols"]))
    assert read_url(url) == record
    assert not bounded or len(url) <= longest_url(link, record["rows"], record["cols"])
    return url
