"""Fuzzing what the pipeline reads back: records and manifests with any value at any place.

Whatever a record holds, `judge` gives a verdict and never raises, and it proves only the puzzle
that was there. Whatever a manifest holds, reading it and preparing its puzzles for printing
either fails with our own error (a message, never a traceback) or yields only puzzles proved for
exactly their record bytes, with ids that are the id of their type, size and code.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.codes import puzzle_id
from pipeline.registry import get_type
from pipeline.errors import PuzzlepressError
from pipeline.manifest import read_manifest, record_path
from pipeline.spec import parse_spec
from pipeline.stages.generate import generate
from pipeline.stages.printable import load_all, printed_entries, refuse_unverified
from pipeline.stages.verify import judge, verify

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("fuzz") / "out"
    job = parse_spec("title: Fuzz\nseed: fuzz\nsections: [{type: nonogram, size: 5, count: 2}, {type: kuralin, size: 5, count: 1}]\n")
    generate(job, out)
    verify(out)
    return out


def _mutated(data: Any, draw: Any) -> Any:
    """The data with one place (a key, an item, or the whole) replaced by any JSON value."""
    if not isinstance(data, (dict, list)) or not data or draw(st.integers(0, 3)) == 0:
        return draw(JSON)
    if isinstance(data, dict):
        key = draw(st.sampled_from(sorted(data)) | st.text(max_size=6))
        return {**data, key: _mutated(data.get(key), draw)}
    index = draw(st.integers(0, len(data) - 1))
    return data[:index] + [_mutated(data[index], draw)] + data[index + 1 :]


@FUZZ
@given(st.data())
def test_any_record_gets_a_verdict_and_only_its_own_puzzle_is_proved(folder: Path, tmp_path: Path, data: st.DataObject) -> None:
    entry = data.draw(st.sampled_from(read_manifest(folder).entries))
    original = json.loads(record_path(folder, entry.id).read_text())
    changed = _mutated(original, data.draw)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(changed))
    for verdict in (judge(path), judge(path, entry)):
        assert verdict["status"] in ("proved", "failed", "malformed")
        if verdict["status"] == "proved":
            ptype = get_type(entry.type)
            assert ptype.from_record(changed) == ptype.from_record(original)


@FUZZ
@given(st.data())
def test_any_manifest_fails_cleanly_or_prints_only_proved_puzzles(folder: Path, tmp_path: Path, data: st.DataObject) -> None:
    work = tmp_path / "work"
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(folder, work)
    manifest = json.loads((work / "manifest.json").read_text())
    (work / "manifest.json").write_text(json.dumps(_mutated(manifest, data.draw)))
    try:
        read = read_manifest(work)
        puzzles, previous = printed_entries(read)
        loaded = load_all(work, puzzles + previous)
        refuse_unverified(loaded)
    except PuzzlepressError:
        return
    for item in loaded:
        entry = item.entry
        params = get_type(entry.type).params(rows=entry.rows, cols=entry.cols, **entry.params)
        assert entry.id == puzzle_id(entry.type, params, entry.code)
        assert record_path(work, entry.id).resolve().parent == (work / "puzzles").resolve()
        assert entry.verdict and entry.verdict["status"] == "proved"
    assert [e.number for e in read.puzzles()] == list(range(1, len(read.puzzles()) + 1))
