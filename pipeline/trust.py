"""What a verdict is worth: bound to the exact record bytes it judged and to the verifier that made it.

A verdict in the manifest counts only when its `record_sha256` is the SHA-256 of the record's
bytes on disk now and its `verifier` is this version's verifier (the digest of the package's
code). A verdict without them, from another version, or for other bytes is no verdict: `verify`
proves that record again and `layout` refuses to print it. Records are read once, hashed and
parsed from the same bytes, so a record swapped between the two cannot borrow a verdict.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import pipeline
from pipeline import __version__

PACKAGE = Path(pipeline.__file__).parent
CACHE = "code-digest.json"  # in the package's __pycache__, beside Python's own compiled files


@cache
def verifier_id() -> str:
    """This version's verifier: the version and a digest of what every module of the package does.

    The whole package, not just the proof code: the record reader, the rules and the solvers all
    decide a verdict. What is hashed is each module's syntax tree without its docstrings (comments
    never reach the tree), so a note or a comment edited leaves every verdict standing, while any
    change to code, a string or a number that code uses makes them stale.
    """
    return f"{__version__}+{code_digest(PACKAGE)[:16]}"


def code_digest(root: Path) -> str:
    """A digest of the behaviour of the modules under `root`: each one's path and its syntax tree
    with docstrings dropped (behaviour), in path order, then each C source's path and bytes.

    Parsing and dumping the package's trees takes 0.4-0.9 s, too long for every process a build
    starts, so the digest is kept in root/__pycache__/code-digest.json under a digest of the
    files' bytes (4 ms to take), and taken again whenever those bytes change or the file cannot
    be read or written (a read-only install just pays the parse in every process).
    """
    paths = sorted(root.rglob("*.py"))
    sources = {path: path.read_bytes() for path in paths}
    # A compiled core's C source (Kuralin's search.c) decides as much as a module does, and is
    # hashed as it is: a comment edited there makes verdicts stale too
    compiled = {path: path.read_bytes() for path in sorted(root.rglob("*.c"))}
    raw = hashlib.sha256()
    for path, source in (sources | compiled).items():
        raw.update(str(path.relative_to(root)).encode() + b"\0" + source + b"\0")
    key = raw.hexdigest()
    cached = _cached_digest(root, key)
    if cached is not None:
        return cached
    digest = hashlib.sha256()
    for path, source in sources.items():
        digest.update(str(path.relative_to(root)).encode() + b"\0" + behaviour(source) + b"\0")
    for path, source in compiled.items():
        digest.update(str(path.relative_to(root)).encode() + b"\0" + source + b"\0")
    _keep_digest(root, key, digest.hexdigest())
    return digest.hexdigest()


def behaviour(source: bytes) -> bytes:
    """A module's syntax tree as text, without docstrings or any other bare string statement (they
    do nothing when run) and without line numbers, so moving code down a line changes nothing."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            statements = getattr(node, field, None)
            if isinstance(statements, list):
                setattr(node, field, [s for s in statements if not _is_bare_string(s)])
    return ast.dump(tree, include_attributes=False).encode()


def _is_bare_string(statement: ast.AST) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) and isinstance(statement.value.value, str)


def _cached_digest(root: Path, key: str) -> str | None:
    try:
        kept = json.loads((root / "__pycache__" / CACHE).read_text())
    except (OSError, ValueError):
        return None
    if isinstance(kept, dict) and kept.get("bytes") == key and isinstance(kept.get("behaviour"), str):
        return kept["behaviour"]
    return None


def _keep_digest(root: Path, key: str, digest: str) -> None:
    folder = root / "__pycache__"
    tmp = folder / f".{CACHE}.{os.getpid()}.part"
    try:
        folder.mkdir(exist_ok=True)
        tmp.write_text(json.dumps({"bytes": key, "behaviour": digest}))
        os.replace(tmp, folder / CACHE)  # whole or not at all, whoever else writes it at once
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


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
