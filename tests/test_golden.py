"""Codes are a promise to publishers: a type, parameters and code make the same puzzle in every version.

Each file tests/golden/<type>/<size>-<code>.json pins one puzzle with its stats, made by the
generator version the file names in its "version"; <size>.<difficulty>-<code>.json pins one made
for a difficulty. A change that alters what a code makes bumps that type's generator version
(recorded in every record) and keeps the old one in `previous`: the files of the old version stay
as they are and go on pinning it, and new files pin the new one, written on purpose:
PUZZLEPRESS_WRITE_GOLDEN=1 python -m pytest tests/test_golden.py  (it writes every file again
with the version it names, and writes nothing a kept version does not make.)
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


def pinned(path: Path) -> tuple[str, str, str | None, str]:
    """(type, size, difficulty, code) from a golden file's place: <type>/<size>-<code>.json or
    <type>/<size>.<difficulty>-<code>.json, the size as the spec writes it (10, or 20x15 for 20
    columns by 15 rows)."""
    size, code = path.stem.split("-", 1)
    size, _, difficulty = size.partition(".")
    return path.parent.name, size, difficulty or None, code


def version_of(path: Path) -> int:
    return json.loads(path.read_text())["version"]


def golden_text(name: str, size: str, difficulty: str | None, code: str, version: int) -> str:
    ptype = puzzle_types()[name]
    params = ptype.make_params(size, difficulty=difficulty)
    made = ptype.make(params, code, Budget(), version)
    extras = {"params": params.extras()} if params.extras() else {}
    return dumps_record(
        {"size": int(size) if size.isdigit() else size, "code": code, **extras, "version": version, **ptype.to_record(made.puzzle), "stats": made.stats}
    )


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_records_are_made_again_exactly(path: Path) -> None:
    name, size, difficulty, code = pinned(path)
    version = version_of(path)
    assert version in puzzle_types()[name].kept_versions, "a version no longer kept: retire its files on purpose"
    if os.environ.get("PUZZLEPRESS_WRITE_GOLDEN") == "1":
        # CI proves the promise; it must never be the one to rewrite it
        assert not os.environ.get("CI"), "golden records are rewritten by a person, never in CI"
        path.write_text(golden_text(name, size, difficulty, code, version))
    assert golden_text(name, size, difficulty, code, version) == path.read_text()


UNGRADED_OLD = [p for p in FILES if pinned(p)[2] is None and version_of(p) != puzzle_types()[p.parent.name].version]


@pytest.mark.parametrize("path", UNGRADED_OLD, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_codes_without_a_difficulty_make_the_same_puzzles_in_the_current_version(path: Path) -> None:
    """A bump for graded puzzles (Kuralin 2) leaves every code without a difficulty as it was."""
    name, size, _, code = pinned(path)
    current = puzzle_types()[name].version
    again = json.loads(golden_text(name, size, None, code, current))
    assert {**again, "version": version_of(path)} == json.loads(path.read_text())


@pytest.mark.parametrize("name", sorted(puzzle_types()))
def test_every_preset_of_every_type_is_pinned(name: str) -> None:
    sizes = {size for kind, size, _, _ in map(pinned, FILES) if kind == name}
    assert {params.size for params in puzzle_types()[name].presets.values()} <= sizes


@pytest.mark.parametrize("name", sorted(puzzle_types()))
def test_the_current_version_of_every_type_is_pinned(name: str) -> None:
    assert puzzle_types()[name].version in {version_of(p) for p in FILES if p.parent.name == name}
