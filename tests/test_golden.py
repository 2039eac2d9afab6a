"""Codes are a promise to publishers: a type, size and code make the same puzzle in every version.

Each file tests/golden/<type>/<size>-<code>.json pins one puzzle with its stats, and
tests/golden/<type>/<difficulty>/<size>-<code>.json one of a graded section with its grade. Each
is made again by the generator version it records, which the type must still keep (its current
one or one in `previous`), so a bump leaves the earlier goldens as they are and proves that
spec-pinned reprints still make them. A change that alters what a code makes bumps the type's
version; when it changes codes without a difficulty too, their files move to
tests/golden/<type>/v<old version>/ (never rewritten there). Then pin the new version's codes on
purpose: create the files (empty) and run
PUZZLEPRESS_WRITE_GOLDEN=1 python -m pytest tests/test_golden.py, which writes every golden
again by the version it records (an empty file, or one of a version no longer kept, by the
current one). A new type pins its sizes by adding files; nothing here changes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pipeline.budget import Budget
from pipeline.interface.grades import grade_fields
from pipeline.records import dumps_record
from pipeline.registry import puzzle_types

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.rglob("*.json"))


def pinned(path: Path) -> tuple[str, str | None, str, str]:
    """(type, difficulty, size, code) from a golden file's place:
    <type>/[v<version>/][<difficulty>/]<size>-<code>.json, the size as the spec writes it (10, or
    20x15 for 20 columns by 15 rows). A v<version> folder holds an earlier version's files, kept
    when a bump changed what those codes make (the same names pin the current version above it)."""
    size, code = path.stem.split("-", 1)
    folders = [part for part in path.relative_to(GOLDEN).parts[1:-1] if not part.startswith("v")]
    return path.relative_to(GOLDEN).parts[0], folders[0] if folders else None, size, code


def version_of(path: Path) -> int:
    """The generator version a golden records (the current one for a file still empty)."""
    text = path.read_text()
    return json.loads(text)["version"] if text else puzzle_types()[pinned(path)[0]].version


def golden_text(name: str, difficulty: str | None, size: str, code: str, version: int) -> str:
    ptype = puzzle_types()[name]
    params = ptype.make_params(size, **({"difficulty": difficulty} if difficulty else {}))
    made, grade = ptype.make_graded(params, code, Budget(), version)
    graded = {"params": params.extras()} if difficulty else {}
    return dumps_record(
        {
            "size": int(size) if size.isdigit() else size, "code": code, "version": version, **graded,
            **ptype.to_record(made.puzzle), **({"grade": grade_fields(grade)} if difficulty else {}), "stats": made.stats,
        }
    )


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(GOLDEN).with_suffix("")))
def test_golden_records_are_made_again_exactly(path: Path) -> None:
    name = pinned(path)[0]
    version = version_of(path)
    if os.environ.get("PUZZLEPRESS_WRITE_GOLDEN") == "1":
        # CI proves the promise; it must never be the one to rewrite it
        assert not os.environ.get("CI"), "golden records are rewritten by a person, never in CI"
        version = version if version in puzzle_types()[name].kept_versions else puzzle_types()[name].version
        path.write_text(golden_text(*pinned(path), version))
    assert version in puzzle_types()[name].kept_versions, "a version no longer kept: pin its codes again on purpose"
    assert golden_text(*pinned(path), version) == path.read_text()


@pytest.mark.parametrize("name", sorted(puzzle_types()))
def test_every_preset_and_every_kept_version_of_every_type_are_pinned(name: str) -> None:
    sizes = {size for kind, _, size, _ in map(pinned, FILES) if kind == name}
    assert {params.size for params in puzzle_types()[name].presets.values()} <= sizes
    assert set(puzzle_types()[name].kept_versions) == {version_of(path) for path in FILES if pinned(path)[0] == name}


@pytest.mark.parametrize("path", [path for path in FILES if "v" + str(version_of(path)) in path.parts], ids=lambda p: str(p.relative_to(GOLDEN)))
def test_a_kept_version_folder_holds_only_that_version(path: Path) -> None:
    assert version_of(path) != puzzle_types()[pinned(path)[0]].version


# an older version's files outside a v<version> folder: bumps that left codes without a difficulty alone
UNGRADED_OLD = [
    path for path in FILES
    if pinned(path)[1] is None and version_of(path) != puzzle_types()[pinned(path)[0]].version and f"v{version_of(path)}" not in path.parts
]


@pytest.mark.parametrize("path", UNGRADED_OLD, ids=lambda p: str(p.relative_to(GOLDEN).with_suffix("")))
def test_codes_without_a_difficulty_make_the_same_puzzles_in_the_current_version(path: Path) -> None:
    """A bump for graded puzzles (Nonogram 2, Kuralin 2) leaves every code without a difficulty
    as it was: its golden differs in the version it records and nothing else. (Nuritwin 2 changed
    every code: its version 1 files live in nuritwin/v1/.)"""
    name, _, size, code = pinned(path)
    current = puzzle_types()[name].version
    again = json.loads(golden_text(name, None, size, code, current))
    assert {**again, "version": version_of(path)} == json.loads(path.read_text())
