"""Codes are a promise to publishers: a type, size and code make the same puzzle in every version.

Each file tests/golden/<type>/<size>-<code>.json pins one puzzle with its stats. A change that
alters any of them must bump that type's generator version (recorded in every record), then
rewrite the files on purpose:  PUZZLEPRESS_WRITE_GOLDEN=1 python -m pytest tests/test_golden.py
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


def pinned(path: Path) -> tuple[str, str, str]:
    """(type, size, code) from a golden file's place: <type>/<size>-<code>.json, the size as the
    spec writes it (10, or 20x15 for 20 columns by 15 rows)."""
    size, code = path.stem.split("-", 1)
    return path.parent.name, size, code


def golden_text(name: str, size: str, code: str) -> str:
    ptype = puzzle_types()[name]
    made = ptype.make(size, code, Budget())
    return dumps_record(
        {"size": int(size) if size.isdigit() else size, "code": code, "version": ptype.version, **ptype.to_record(made.puzzle), "stats": made.stats}
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


@pytest.mark.parametrize("name", sorted(puzzle_types()))
def test_every_preset_of_every_type_is_pinned(name: str) -> None:
    sizes = {size for kind, size, _ in map(pinned, FILES) if kind == name}
    assert {params.size for params in puzzle_types()[name].presets.values()} <= sizes
