"""The manifest: the job's record of records, how stages hand work to each other.

OUTDIR/manifest.json holds the resolved job (the validated spec, so `verify` and `layout` can run
on a folder alone), the sections with the ids of their puzzles in book order, one entry per
puzzle (code, generator version, stats, verification verdict) and the codes that were
skipped with the reason. Nothing that differs between two runs of one spec is kept (timings).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import TypeAdapter, ValidationError

from pipeline import __version__, safeio, schemas
from pipeline.codes import puzzle_id
from pipeline.errors import RecordError
from pipeline.files import write_atomic
from pipeline.interface.params import Params
from pipeline.records import read_json
from pipeline.registry import puzzle_types
from pipeline.spec import JobSpec
from pipeline.versions import environment

MANIFEST = "manifest.json"
PUZZLES = "puzzles"

Role = Literal["puzzle", "previous"]  # "previous": last issue's puzzle, printed for its answer only


@dataclass
class Entry:
    id: str
    type: str
    rows: int
    cols: int
    params: dict[str, Any]  # the type's parameters other than the grid, where not the defaults
    code: str
    section: int
    number: int  # the puzzle's number in the booklet (1-based); previous-issue entries count apart
    role: Role
    generator: str
    stats: dict[str, Any] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)  # this run's; never written (see _reproducible)
    verdict: dict[str, Any] | None = None
    url: str | None = None  # where the puzzle is played online (puzz.link)
    grade: dict[str, Any] | None = None  # tier, score, techniques: the record's, or the grader's for an ungraded section

    @property
    def label(self) -> str:
        """The grid as labels print it: columns × rows."""
        return f"{self.cols}×{self.rows}"

    def describes(self, record: dict[str, Any]) -> list[str]:
        """The fields in which a record differs from this entry; [] when it is this entry's puzzle.
        A record carries a grade only when its section asked for a difficulty; then it must be
        the entry's (an ungraded section's grade lives in the entry alone)."""
        wanted = {"id": self.id, "type": self.type, "rows": self.rows, "cols": self.cols, "code": self.code, "params": self.params}
        if "grade" in record:
            wanted["grade"] = self.grade
        return [name for name, value in wanted.items() if record.get(name, {} if name == "params" else None) != value]

    @property
    def proved(self) -> bool:
        return self.verdict is not None and self.verdict.get("status") == "proved"


@dataclass
class Skip:
    section: int
    code: str
    reason: str


@dataclass
class Manifest:
    job: JobSpec
    entries: list[Entry]
    skipped: list[Skip] = field(default_factory=list)

    def puzzles(self, role: Role = "puzzle") -> list[Entry]:
        return [e for e in self.entries if e.role == role]

    def section_entries(self, index: int, role: Role = "puzzle") -> list[Entry]:
        return [e for e in self.entries if e.section == index and e.role == role]

    def to_json(self) -> dict[str, Any]:
        return {
            "puzzlepress": __version__,
            "made_with": environment(),
            "job": self.job.model_dump(mode="json"),
            "base_code": self.job.base_code,
            "sections": [
                {
                    "index": i,
                    "title": section.heading,
                    "type": section.type,
                    "size": section.puzzle_params.size,
                    "params": section.puzzle_params.extras(),
                    "puzzles": [e.id for e in self.section_entries(i)],
                }
                for i, section in enumerate(self.job.sections)
            ],
            "puzzles": [_reproducible(e) for e in self.entries],
            "skipped": [asdict(s) for s in self.skipped],
        }


def _reproducible(entry: Entry) -> dict[str, Any]:
    """An entry as the manifest keeps it: without its timings and its verdict's seconds, which
    differ on every run. Two builds of one spec make byte-identical folders, manifest included
    (a publisher's `sha256sum -c`, `diff -r`); the build prints each stage's time instead."""
    kept = {key: value for key, value in asdict(entry).items() if key != "timings"}
    if isinstance(kept["verdict"], dict):
        kept["verdict"] = {
            key: ({k: v for k, v in value.items() if k != "seconds"} if isinstance(value, dict) else value)
            for key, value in kept["verdict"].items()
        }
    return kept


def record_path(outdir: Path, puzzle_id: str, suffix: str = ".json") -> Path:
    return outdir / PUZZLES / f"{puzzle_id}{suffix}"


def write_manifest(outdir: Path, manifest: Manifest) -> None:
    write_atomic(outdir / MANIFEST, json.dumps(manifest.to_json(), indent=2, ensure_ascii=False) + "\n")


def made_with(outdir: Path) -> dict[str, Any] | None:
    """The versions an existing output folder was made with, when its manifest says so in the
    form versions.environment writes; None for anything else (the folder is then made again)."""
    try:
        data = read_json(outdir / MANIFEST, safeio.MANIFEST_BYTES)
    except RecordError:
        return None
    try:
        return schemas.MadeWith.model_validate(data.get("made_with") if isinstance(data, dict) else None).model_dump()
    except ValidationError:
        return None


def read_manifest(outdir: Path) -> Manifest:
    """The manifest of an output folder; RecordError names what is missing or malformed."""
    path = outdir / MANIFEST
    if not path.exists():
        raise RecordError(str(path), "no manifest here: run `puzzlepress generate SPEC -o FOLDER` first")
    data = read_json(path, safeio.MANIFEST_BYTES)
    where = str(path)
    if not isinstance(data, dict):
        raise RecordError(where, "a manifest must be a JSON object")
    try:
        schemas.ManifestFile.model_validate(data)  # every value's type, before any is used
    except ValidationError as exc:
        raise RecordError(where, f"{schemas.first_problem(exc)} (the manifest is malformed)") from None
    try:
        job = JobSpec.model_validate(data.get("job"))
    except ValidationError as exc:
        first = exc.errors()[0]
        raise RecordError(where, f"field 'job' is not a valid job spec ({'.'.join(map(str, first['loc']))}: {first['msg']})") from None
    try:
        entries = _ENTRIES.validate_python(data.get("puzzles"))
        skipped = _SKIPS.validate_python(data.get("skipped", []))
    except ValidationError as exc:
        first = exc.errors()[0]
        place = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first["loc"])
        raise RecordError(where, f"field 'puzzles'{place} is malformed: {first['msg']}") from None
    manifest = Manifest(job=job, entries=entries, skipped=skipped)
    problems = entry_problems(manifest)
    if problems:
        raise RecordError(where, problems[0])
    return manifest


def entry_problems(manifest: Manifest) -> list[str]:
    """What the schema cannot see: ids that are not the id of their type, size and code (an id
    becomes a file name), numbering that is not 1, 2, 3... in book order, unknown sections,
    entries that do not fit their section, and duplicates."""
    problems = []
    sections = manifest.job.sections
    seen: set[str] = set()
    numbers = {"puzzle": 0, "previous": 0}
    filled: dict[tuple[str, int], int] = {}
    for i, entry in enumerate(manifest.entries):
        place = f"field 'puzzles'[{i}]"
        params = _entry_params(entry)
        if params is None:
            problems.append(f"{place}: {entry.type} has no {entry.label} grid with parameters {entry.params}")
        elif entry.id != puzzle_id(entry.type, params, entry.code):
            problems.append(f"{place}: id {entry.id!r} is not the id of {entry.type} {params.size}, code {entry.code!r}")
        if entry.id in seen:
            problems.append(f"{place}: id {entry.id!r} appears twice")
        seen.add(entry.id)
        numbers[entry.role] += 1
        if entry.number != numbers[entry.role]:
            problems.append(f"{place}: number {entry.number} where {numbers[entry.role]} was due (puzzles are numbered 1, 2, 3... in book order)")
        if not 0 <= entry.section < len(sections):
            problems.append(f"{place}: section {entry.section} does not exist (the job has {len(sections)})")
            continue
        section = sections[entry.section]
        if params is None:
            continue  # already named: no parameters of its type to compare with its section's
        if (entry.type, _any_grade(params)) != (section.type, _any_grade(section.puzzle_params)) or not _grade_fits(manifest.job, entry.section, params):
            problems.append(
                f"{place}: a {entry.type} {_described(params, entry.label)} in section {entry.section}, which holds "
                f"{section.type} {_described(section.puzzle_params, section.puzzle_params.label)}"
            )
        filled[(entry.role, entry.section)] = filled.get((entry.role, entry.section), 0) + 1
        if filled[(entry.role, entry.section)] > section.count:
            problems.append(f"{place}: section {entry.section} holds {section.count} puzzles, and this is one more")
    problems += [
        f"field 'skipped'[{i}]: section {skip.section} does not exist" for i, skip in enumerate(manifest.skipped)
        if not 0 <= skip.section < len(sections)
    ]
    return problems


def _any_grade(params: Any) -> Any:
    """Parameters with the grade left out: a section's mix or weekday sets each place's own."""
    return params.model_copy(update={"difficulty": None})


def _grade_fits(job: Any, index: int, params: Any) -> bool:
    """Whether a puzzle asked for `params.difficulty` may be in the section (see pipeline/mix.py)."""
    section, mix = job.sections[index], job.section_mix(index)
    allowed = {section.puzzle_params.difficulty, *(mix.wanted(section.count) if mix else ()), *(section.weekday or {}).values()}
    return params.difficulty in allowed


def _described(params: Params | None, label: str) -> str:
    """A grid and its other parameters, so two that differ read differently ("10×10 with
    difficulty hard", not "10×10" twice)."""
    extras = params.extras() if params is not None else {}
    return label + (" with " + ", ".join(f"{name} {value}" for name, value in extras.items()) if extras else "")


def _entry_params(entry: Entry) -> Params | None:
    """The parameters an entry names, or None when its type has no such parameters."""
    ptype = puzzle_types().get(entry.type)
    try:
        return ptype.params(rows=entry.rows, cols=entry.cols, **entry.params) if ptype else None
    except (ValidationError, TypeError):
        return None


_ENTRIES = TypeAdapter(list[Entry])
_SKIPS = TypeAdapter(list[Skip])
