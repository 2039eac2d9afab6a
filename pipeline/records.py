"""Records and the manifest on disk: atomic writes, one canonical JSON form, careful reading.

Every file the pipeline writes goes through `write_atomic` (pipeline/files.py).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pipeline import safeio
from pipeline.errors import RecordError
from pipeline.files import sha256_bytes
from pipeline.interface.puzzle_type import PuzzleType
from pipeline.interface.params import Params
from pipeline.registry import get_type
from pipeline.share.puzzlink import link_url

COMMON_FIELDS = ("id", "type", "rows", "cols", "code", "generator")


def dumps_record(record: dict[str, Any]) -> str:
    """Canonical record JSON: one key per line and one grid row per line, so diffs read as grids."""
    lines = []
    for key, value in record.items():
        if isinstance(value, list) and value and all(isinstance(v, (list, str)) for v in value):
            rows = ",\n    ".join(json.dumps(v, ensure_ascii=False) for v in value)
            text = f"[\n    {rows}\n  ]"
        else:
            text = json.dumps(value, ensure_ascii=False, sort_keys=isinstance(value, dict))
        lines.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def generator_tag(ptype: PuzzleType, version: int | None = None) -> str:
    return f"{ptype.name}/{ptype.version if version is None else version}"


def make_record(
    ptype: PuzzleType, puzzle: Any, *, puzzle_id: str, code: str, stats: dict[str, Any], params: Params | None = None,
    version: int | None = None, grade: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a puzzle. Parameters other than the grid are written (as `params`) only when
    they differ from their defaults, so records made before parameters existed are unchanged.
    The grade (pipeline.interface.grades.grade_fields) follows the type's fields, outside stats."""
    record: dict[str, Any] = {
        "id": puzzle_id,
        "type": ptype.name,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "code": code,
        "generator": generator_tag(ptype, version),
    }
    if params is not None and params.extras():
        record["params"] = params.extras()
    record.update(ptype.to_record(puzzle))
    if ptype.share.link is not None:  # where the puzzle is played online, without its answer
        record["url"] = link_url(ptype.share.link, record)
    if grade is not None:
        record["grade"] = grade
    record["stats"] = stats
    return record


def fingerprint(record: dict[str, Any]) -> str:
    """What a solver sees: type, grid and clues, without the answer, code, parameters or stats.

    Two codes can make the same puzzle; publishing it twice (or again next year) is what the
    spec's `exclude` list and this fingerprint prevent.
    """
    hidden = {*COMMON_FIELDS, get_type(record["type"]).answer_field, "params", "url", "grade", "stats"}
    clues = {k: v for k, v in record.items() if k not in hidden}
    text = json.dumps([record["type"], record["rows"], record["cols"], clues], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def read_json(path: Path, limit: int = safeio.RECORD_BYTES) -> Any:
    """A JSON file read as untrusted input (see pipeline/safeio.py); RecordError names the file."""
    try:
        return safeio.load_json(path, limit)
    except safeio.Unsafe as exc:
        raise RecordError(str(path), str(exc)) from None


def list_field(record: dict[str, Any], field: str, length: int, what: str) -> list[Any]:
    """A type's field that must be a list of `length` items; `what` says what they are, for the error."""
    if field not in record:
        raise RecordError(field, "missing")
    value = record[field]
    if not isinstance(value, list) or len(value) != length:
        raise RecordError(field, f"must be a list of {length} {what}")
    return value


def read_picture(record: dict[str, Any], field: str, rows: int, cols: int, marks: str) -> tuple[str, ...]:
    """A field holding a grid as a picture: `rows` strings of `cols` characters, each one of `marks`."""
    value = list_field(record, field, rows, "strings, one per row")
    allowed = " or ".join(f"'{mark}'" for mark in marks)
    for index, row in enumerate(value, start=1):
        if not isinstance(row, str) or len(row) != cols or not set(row) <= set(marks):
            raise RecordError(field, f"row {index}: must be {cols} characters, each {allowed}, got {row!r}")
    return tuple(value)


def check_common_fields(record: Any, where: str, known_types: dict[str, PuzzleType]) -> PuzzleType:
    """The record's type, after checking the fields every record shares."""
    if not isinstance(record, dict):
        raise RecordError(where, "a puzzle record must be a JSON object")
    for name in COMMON_FIELDS:
        if name not in record:
            raise RecordError(where, f"missing field '{name}'")
    for name in ("id", "type", "code", "generator"):
        if not isinstance(record[name], str) or not record[name]:
            raise RecordError(where, f"field '{name}' must be a non-empty string")
    for name in ("rows", "cols"):
        value = record[name]
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 100:
            raise RecordError(where, f"field '{name}' must be a whole number from 1 to 100")
    ptype = known_types.get(record["type"])
    if ptype is None:
        raise RecordError(where, f"unknown puzzle type '{record['type']}' (known: {', '.join(known_types)})")
    if not isinstance(record.get("params", {}), dict):
        raise RecordError(where, "field 'params' must be an object of parameter names and values")
    try:
        ptype.params_of(record)
    except ValidationError as exc:
        first = exc.errors()[0]
        name = ".".join(map(str, first["loc"]))
        raise RecordError(where, f"{ptype.name} parameter '{name}': {first['msg']}") from None
    return ptype


def load_puzzle(path: Path, known_types: dict[str, PuzzleType]) -> tuple[PuzzleType, Any, dict[str, Any], str]:
    """(type, puzzle, record, SHA-256 of its bytes) from one bounded read of a record file, so a
    record swapped between reading and hashing cannot borrow a verdict; RecordError names the file
    and the field."""
    try:
        data = safeio.read_bounded(path, safeio.RECORD_BYTES)
    except safeio.Unsafe as exc:
        raise RecordError(str(path), str(exc)) from None
    return (*parse_puzzle(str(path), data, known_types), sha256_bytes(data))


def parse_puzzle(where: str, data: bytes, known_types: dict[str, PuzzleType]) -> tuple[PuzzleType, Any, dict[str, Any]]:
    """(type, puzzle, record) from a record's bytes; RecordError names `where` and the field."""
    try:
        record = safeio.parse_json(data)
    except safeio.Unsafe as exc:
        raise RecordError(where, str(exc)) from None
    ptype = check_common_fields(record, where, known_types)
    try:
        return ptype, ptype.from_record(record), record
    except RecordError as exc:
        raise RecordError(f"{where}: field '{exc.where}'", exc.problem) from None

