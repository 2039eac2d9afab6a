"""The types of what the pipeline reads back: manifest entries and their verdicts, grades and
pictures, the versions a folder was made with, editions, bench results, the preflight report.

Every file read back may have been edited by someone, so its values are checked against these
models (after safeio's bounded read) before any is used: a verdict given as a string, a grade
score as text (with `order: easy-to-hard` it broke the sort), `made_with.libraries` as a string
(every later build crashed before it started, `--fresh` too: the folder was stuck). The models
check types only; what the values mean (a verdict's hash, an id's code) is checked where they
are used. Extra keys are kept where later versions may add some, and refused where a key
unknown here would be a mistake.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from pipeline.interface.grades import TIERS

Tier = Literal[TIERS]  # type: ignore[valid-type]


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class GradeFields(_Closed):
    """A grade as records and the manifest write it (interface/grades.grade_fields)."""

    score: int | float = Field(allow_inf_nan=False)
    techniques: dict[str, int]
    tier: Tier | None  # None: the techniques did not finish it


class GradeVerdict(_Open):
    ok: bool
    tier: Tier | None = None
    fields: GradeFields | None = None
    seconds: float | None = None


class Verdict(_Open):
    """A verify verdict as the manifest keeps it (stages/verify.judge)."""

    status: Literal["proved", "failed", "malformed"]
    record_sha256: str | None = None
    verifier: str | None = None
    problems: list[str] = []
    grade: GradeVerdict | None = None


class PictureSource(_Open):
    """What a record's stats say drew its picture (puzzles/nonogram/source.py)."""

    name: str
    title: str = Field(max_length=200)
    library: str | None = None
    sha256: str | None = None
    reader: str | None = None


class Stats(_Open):
    fingerprint: str | None = None
    picture: PictureSource | None = None
    passed_over: list[list[str]] = []  # [name, reason] pairs


class EntryFields(_Closed):
    """One puzzle of a manifest (manifest.Entry)."""

    id: str
    type: str
    rows: int
    cols: int
    params: dict[str, Any] = {}
    code: str
    section: int
    number: int
    role: Literal["puzzle", "previous"]
    generator: str
    stats: Stats = Stats()
    timings: dict[str, float | int | None] = {}
    verdict: Verdict | None = None
    url: str | None = None
    grade: GradeFields | None = None


class MadeWith(_Open):
    """The versions a folder or an edition was made with (versions.environment)."""

    puzzlepress: str
    python: str
    libraries: dict[str, str | None]
    fonts: dict[str, str] = {}


class ManifestFile(_Open):
    puzzlepress: str | None = None
    made_with: MadeWith | None = None
    job: dict[str, Any]
    puzzles: list[EntryFields]
    skipped: list[dict[str, Any]] = []


class EditionVerdict(_Closed):
    status: Literal["proved"]
    record_sha256: str


class EditionEntry(EntryFields):
    verdict: EditionVerdict  # type: ignore[assignment]


class EditionPuzzle(_Closed):
    entry: EditionEntry
    record: str  # the record file's text, byte for byte as its verdict was made for


class BenchRow(_Open):
    type: str
    size: str | int
    stage: str
    median_s: float | int


class BenchFile(_Open):
    results: list[BenchRow]


class PreflightCheck(_Open):
    name: str
    code: str
    ok: bool
    accepted: bool
    rule: str
    measured: Any


class PreflightReport(_Open):
    print: str
    service: str
    rules: bool
    accept: list[str]
    upload_ready: bool
    checks: list[PreflightCheck]


def first_problem(error: ValidationError, prefix: str = "") -> str:
    """The first problem pydantic found, as "field 'puzzles'[0].verdict: Input should be ..."."""
    first = error.errors()[0]
    place = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first["loc"]).lstrip(".")
    return f"field '{prefix}{place}': {first['msg']}" if place or prefix else first["msg"]


__all__ = [
    "BenchFile", "EditionPuzzle", "EntryFields", "GradeFields", "MadeWith", "ManifestFile", "PreflightReport",
    "TypeAdapter", "Verdict", "first_problem",
]
