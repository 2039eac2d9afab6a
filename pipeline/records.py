"""Records and the manifest on disk: atomic writes, one canonical JSON form, careful reading.

Every file the pipeline writes goes through `write_atomic`, so an interrupted build never leaves a
truncated file under its final name: the bytes go to a temporary name in the same folder and are
renamed into place only when complete.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

from pipeline import safeio
from pipeline.errors import RecordError
from pipeline.puzzles.base import PuzzleType

COMMON_FIELDS = ("id", "type", "rows", "cols", "code", "generator")


def write_atomic(path: Path, data: bytes | str) -> None:
    if isinstance(data, str):
        data = data.encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    # Not mkstemp: its files are private (0600), and a book's files are meant to be shared.
    # Opened with 0666 like any new file, the user's umask decides.
    tmp = path.parent / f".{path.name}.{secrets.token_hex(6)}.part"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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


def generator_tag(ptype: PuzzleType) -> str:
    return f"{ptype.name}/{ptype.version}"


def make_record(
    ptype: PuzzleType, puzzle: Any, *, puzzle_id: str, code: str, stats: dict[str, Any]
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "id": puzzle_id,
        "type": ptype.name,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "code": code,
        "generator": generator_tag(ptype),
    }
    record.update(ptype.to_record(puzzle))
    record["stats"] = stats
    return record


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
    if record["rows"] != record["cols"] or record["rows"] not in ptype.sizes:
        sizes = ", ".join(f"{n}×{n}" for n in ptype.sizes)
        raise RecordError(where, f"a {record['rows']}×{record['cols']} grid: {ptype.name} comes in {sizes}")
    return ptype
