"""What a verdict is worth: bound to the exact record bytes it judged and to the verifier that made it.

A verdict in the manifest counts only when its `record_sha256` is the SHA-256 of the record's
bytes on disk now and its `verifier` is this version's verifier (the digest of the package's
code). A verdict without them, from another version, or for other bytes is no verdict: `verify`
proves that record again and `layout` refuses to print it. Records are read once, hashed and
parsed from the same bytes, so a record swapped between the two cannot borrow a verdict.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

import pipeline
from pipeline import __version__


@cache
def verifier_id() -> str:
    """This version's verifier: the version and a digest of every module of the package.

    The whole package, not just the proof code: the record reader, the rules and the solvers all
    decide a verdict, and hashing them all costs 4 ms once per process.
    """
    digest = hashlib.sha256()
    root = Path(pipeline.__file__).parent
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return f"{__version__}+{digest.hexdigest()[:16]}"


def verdict_problem(verdict: dict[str, Any] | None, record_sha256: str, grade: dict[str, Any] | None = None) -> str | None:
    """Why a verdict does not prove the record with these bytes, printed with this `grade`, or
    None when it does. The grade an ungraded section prints lives in the manifest, outside the
    record's bytes, so the verdict must have found exactly it."""
    if not isinstance(verdict, dict):
        return "not verified"
    if verdict.get("status") != "proved":
        status = verdict.get("status")
        return f"verdict: {status}" if isinstance(status, str) else "verdict: no status"
    if verdict.get("record_sha256") != record_sha256:
        return "its record changed after it was verified" if verdict.get("record_sha256") else "its verdict names no record"
    if verdict.get("verifier") != verifier_id():
        return "verified by another version of puzzlepress"
    if grade is not None and (verdict.get("grade") or {}).get("fields") != grade:
        return "its grade is not the one verify found"
    return None
