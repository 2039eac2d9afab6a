"""Codes are a promise to publishers: a type, size and code make the same puzzle in every version.

Each file tests/golden/<type>/<size>-<code>.json pins one puzzle with its stats. A change that
alters any of them must bump that type's generator version (recorded in every record), move the
files to tests/golden/<type>/v<old version>/, where they pin the kept version (the type's
`previous`) and are never rewritten, then write the new version's files on purpose:
PUZZLEPRESS_WRITE_GOLDEN=1 python -m pytest tests/test_golden.py
A new type pins its sizes by adding files; nothing here changes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pipeline.puzzles.base import Budget
from pipeline.records import dumps_record
from pipeline.registry import puzzle_types

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*/*.json"))
KEPT = sorted(GOLDEN.glob("*/v*/*.json"))  # earlier versions, kept in their type's `previous`


def pinned(path: Path) -> tuple[str, str, str]:
    """(type, size, code) from a golden file's place: <type>/<size>-<code>.json, the size as the
    spec writes it (10, or 20x15 for 20 columns by 15 rows)."""
    size, code = path.stem.split("-", 1)
    return path.parent.name, size, code


def kept_version(path: Path) -> int:
    """The kept generator version a file pins, from its folder: <type>/v<version>/."""
    return int(path.parent.name.removeprefix("v"))


def golden_text(name: str, size: str, code: str, version: int | None = None) -> str:
    ptype = puzzle_types()[name]
    made = ptype.make(size, code, Budget(), version)
    return dumps_record(
        {"size": int(size) if size.isdigit() else size, "code": code, "version": version or ptype.version, **ptype.to_record(made.puzzle), "stats": made.stats}
    )


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_records_are_made_again_exactly(path: Path) -> None:
    name, size, code = pinned(path)
    if os.environ.get("PUZZLEPRESS_WRITE_GOLDEN") == "1":
        # CI proves the promise; it must never be the one to rewrite it
        assert not os.environ.get("CI"), "golden records are rewritten by a person, never in CI"
        path.write_text(golden_text(name, size, code))
    assert json.loads(path.read_text())["version"] == puzzle_types()[name].version, "bumped: rewrite on purpose"
    assert golden_text(name, size, code) == path.read_text()


@pytest.mark.parametrize("path", KEPT, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.stem}")
def test_kept_versions_make_their_golden_records_again_exactly(path: Path) -> None:
    """A spec pinned to an earlier version (`generator: nuritwin/1`) reprints its puzzles."""
    _, size, code = pinned(path)
    name, version = path.parent.parent.name, kept_version(path)
    assert version in puzzle_types()[name].previous, "a version no longer kept: remove its files on purpose"
    assert json.loads(path.read_text())["version"] == version
    assert golden_text(name, size, code, version) == path.read_text()


@pytest.mark.parametrize("name", sorted(puzzle_types()))
def test_every_kept_version_is_pinned(name: str) -> None:
    pinned_versions = {kept_version(path) for path in KEPT if path.parent.parent.name == name}
    assert pinned_versions == set(puzzle_types()[name].previous)


@pytest.mark.parametrize("name", sorted(puzzle_types()))
def test_every_preset_of_every_type_is_pinned(name: str) -> None:
    sizes = {size for kind, size, _ in map(pinned, FILES) if kind == name}
    assert {params.size for params in puzzle_types()[name].presets.values()} <= sizes
