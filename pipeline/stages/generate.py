"""generate: job spec -> one record per puzzle in OUTDIR/puzzles/, and the manifest.

Puzzles are made in parallel processes, but which code fills which place in the book is decided in a fixed
order in this process, so `--jobs 4` writes the same bytes as `--jobs 1`. A record already on
disk for the same type, size, code and generator version is reused: an interrupted build
continues where it stopped, and a spec that only changes the layout regenerates nothing.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from pipeline import checkpoint, outdir as outdir_rules, trust
from pipeline.codes import puzzle_id
from pipeline.errors import InputError, RecordError, StageError, StepLimit, Unsuitable
from pipeline.manifest import MANIFEST, Entry, Manifest, Role, Skip, read_manifest, record_path, write_manifest
from pipeline.parallel import TaskPool, open_pool, shared
from pipeline.budget import Budget
from pipeline.interface.puzzle_type import GRADE_STEPS
from pipeline.interface.grades import grade_fields, off_grade, rank
from pipeline.interface.params import Params
from pipeline.files import write_atomic
from pipeline.records import dumps_record, fingerprint, generator_tag, load_puzzle, make_record
from pipeline.registry import get_type, puzzle_types
from pipeline.spec import JobSpec, code_stream

Progress = Callable[[int, int], None]


@dataclass
class GenerateReport:
    manifest: Manifest
    made: int = 0
    reused: int = 0
    reused_by_role: Counter = field(default_factory=Counter)  # role -> places filled by a record on disk, this folder's or an earlier issue's
    seconds: float = 0.0
    unfilled: list[str] = field(default_factory=list)  # sections that could not be filled


@dataclass
class _Place:
    """A puzzle the book needs: filled by the first code of its stream that makes a proved puzzle."""

    role: Role
    section: int
    type: str
    params: Params
    version: int  # the generator version: the current one unless the spec pins an earlier one
    ordered: bool  # sorted easy to hard: graded as it is made, even without a difficulty
    codes: Iterator[str]
    materials: Any = None  # what the type reads once for these parameters (PuzzleType.materials)
    record: dict[str, Any] | None = None
    grade: dict[str, Any] | None = None  # the grader's fields; in the record too when a difficulty was asked for
    seconds: float = 0.0
    reused: bool = False  # filled by a record on disk
    tries: int = 0
    code: str = ""


@dataclass(frozen=True)
class Outcome:
    """What one code gave its place: a record and its grade, or the reason it was passed over."""

    record: dict[str, Any] | None
    grade: dict[str, Any] | None
    reason: str | None
    seconds: float
    reused: bool = False  # from a record on disk (this folder's, or one copied from `reuse_from`)


def make_one(
    type_name: str, values: dict[str, Any], code: str, seconds: float, version: int, ordered: bool, materials: Any = None
) -> Outcome:
    """Make one puzzle in a worker process, and grade it when its parameters ask for a difficulty
    or its section is `ordered` easy to hard (verify grades the others: grading every puzzle
    twice cost 11 s of a 24 s build of configs/book.yaml). A puzzle of another grade than the
    parameters' difficulty is a reason, like an unprovable code: the place tries its next code.
    The grade joins the record only when a difficulty was asked for, so the records of ungraded
    sections (and the golden records) stay what they were; the manifest carries every grade.

    Parameters travel as plain values, so a task is the same whatever runs it, with what the type
    read once for them (`materials`: a section's pictures, decoded)."""
    ptype = get_type(type_name)
    params = ptype.params(**values).with_materials(materials)
    start = time.perf_counter()
    try:
        made, grade = ptype.make_graded(params, code, Budget(seconds=seconds), version, always=ordered)
    except StepLimit as exc:
        return Outcome(None, None, f"not proved within the budget ({exc})", time.perf_counter() - start)
    except Unsuitable as exc:
        return Outcome(None, None, exc.reason, time.perf_counter() - start)
    reason = off_grade(params.difficulty, grade)
    if reason is not None:
        return Outcome(None, None, reason, time.perf_counter() - start)
    pid = puzzle_id(type_name, params, code)
    fields = grade_fields(grade)
    chosen = fields if params.difficulty is not None else None
    record = make_record(ptype, made.puzzle, params=params, puzzle_id=pid, code=code, stats=made.stats, version=version, grade=chosen)
    return Outcome(record, fields, None, time.perf_counter() - start)


def earlier_entries(outdir: Path) -> list[Entry]:
    """The last run's manifest entries; none when there is no manifest yet or an unreadable one
    (everything is then made, graded and verified afresh)."""
    try:
        return read_manifest(outdir).entries
    except RecordError:
        return []


def verified_grades(earlier: list[Entry]) -> dict[str, dict[str, Any]]:
    """Puzzle id -> the grade this version's verify found for the record on disk, from the last
    run's entries: what a reused record of an ungraded section is printed with. A grade that
    another version's grader found is not reused, as its techniques may have changed."""
    found = {}
    for entry in earlier:
        verdict = entry.verdict or {}
        fields = (verdict.get("grade") or {}).get("fields")
        if verdict.get("verifier") == trust.verifier_id() and isinstance(fields, dict):
            found[entry.id] = fields
    return found


def grade_one(type_name: str, record: dict[str, Any], seconds: float) -> dict[str, Any] | None:
    """The grade of a reused record of an ordered section whose grade no verify of this version
    found (a second `generate` before any `verify`), in a worker process; None when grading
    reaches its limit."""
    ptype = get_type(type_name)
    try:
        return grade_fields(ptype.grade(ptype.from_record(record), Budget(GRADE_STEPS, seconds)))
    except StepLimit:
        return None


def load_cached(
    outdir: Path, type_name: str, params: Params, code: str, version: int, graded: dict[str, dict[str, Any]]
) -> Outcome | None:
    """A record on disk for exactly this puzzle and generator version, with its grade (`graded`
    holds those of ungraded sections, see verified_grades; None when none is known), or None."""
    path = record_path(outdir, puzzle_id(type_name, params, code))
    if not path.exists():
        return None
    try:
        ptype, _, record, _ = load_puzzle(path, puzzle_types())
    except RecordError:
        return None  # a damaged cache file is regenerated, not trusted
    if not isinstance(record.get("stats"), dict) or isinstance(record.get("grade"), dict) != (params.difficulty is not None):
        return None  # graded exactly when its section asks for a difficulty
    same = ptype.name == type_name and ptype.params_of(record) == params and record["code"] == code
    # a record from before links were written is made again: it costs less than a special case
    current = record["generator"] == generator_tag(ptype, version) and ("url" in record) == (ptype.share.link is not None)
    if not same or not current or ptype.stale(record):
        return None
    grade = record["grade"] if params.difficulty is not None else graded.get(record["id"])
    return Outcome(record, grade, None, 0.0)


def picture_of(stats: dict[str, Any]) -> str | None:
    """The picture a puzzle shows, as a book must not repeat it: a library picture by its name, a
    publisher's file by its content; None for a puzzle that is no picture."""
    picture = stats.get("picture")
    if not isinstance(picture, dict):
        return None
    if "sha256" in picture:
        return f"file {picture.get('name')!s} ({str(picture['sha256'])[:12]})"
    return f"library picture {picture.get('name')!s}"


def excluded_fingerprints(job: JobSpec, before: dt.date | None = None) -> dict[str, str]:
    """Fingerprint (and picture, see picture_of) -> the manifest that published it, for every
    manifest in the spec's `exclude`; with `before`, only those of issues dated before it (and
    undated ones): what the issue of that date excluded when it was printed, so the answers of
    the previous issue are those of the puzzles it printed, not of others chosen because its
    own manifest is excluded here."""
    seen: dict[str, str] = {}
    for name in job.exclude:
        date, marks = _published_in(name)
        if before is None or date is None or date < before:
            seen.update(dict.fromkeys(marks, name))
    return seen


# Manifests read for `exclude`, by file identity: issue N of a series excludes the N-1 before it
# (7 ms a manifest), and reading them all again for every issue took a year of weekly sheets from
# 23.0 to 27.2 s of CPU (1,326 reads). A manifest rewritten since is read again.
_PUBLISHED: dict[tuple[str, int, int, int], tuple[dt.date | None, list[str]]] = {}


def _published_in(name: str) -> tuple[dt.date | None, list[str]]:
    """The issue date of an excluded manifest and the fingerprints and pictures it published."""
    path = Path(name)
    folder = path.parent if path.name.endswith(".json") else path
    try:
        found = os.stat(folder / MANIFEST)
        key = (os.path.realpath(folder), found.st_ino, found.st_mtime_ns, found.st_size)
    except OSError:
        key = None  # read_manifest names the problem
    if key in _PUBLISHED:
        return _PUBLISHED[key]  # type: ignore[index]
    try:
        earlier = read_manifest(folder)
    except RecordError as exc:
        raise InputError(f"exclude: {name}: {exc.problem}") from None
    marks = []
    for entry in earlier.entries:
        if entry.role == "puzzle" and entry.stats.get("fingerprint"):
            marks.append(entry.stats["fingerprint"])
        if entry.role == "puzzle" and picture_of(entry.stats):
            marks.append(picture_of(entry.stats))
    if key is not None:
        _PUBLISHED[key] = (earlier.job.date, marks)
    return earlier.job.date, marks


def _places(job: JobSpec, rejected: set[tuple[str, int, str]]) -> list[_Place]:
    def codes(spec: JobSpec, role: Role, index: int) -> Iterator[str]:
        return (c for c in code_stream(spec, index) if (role, index, c) not in rejected)

    issues: list[tuple[Role, JobSpec]] = [("puzzle", job)]
    if job.answers.from_previous_issue:
        issues.append(("previous", job.previous_issue()))
    places = []
    for role, spec in issues:
        for index, section in enumerate(spec.sections):
            stream = codes(spec, role, index)  # one stream for every grade of the section
            version = spec.generator_version(index)
            mix = spec.section_mix(index)
            ordered = spec.section_order(index) == "easy-to-hard" or mix is not None  # a cap needs every grade
            params = spec.section_params(index)
            materials = get_type(section.type).materials(params)  # read once, here
            grades = mix.place_grades(section.count) if mix is not None else [params.difficulty] * section.count
            places += [
                _Place(role, index, section.type, params.model_copy(update={"difficulty": grade}), version, ordered, stream, materials)
                for grade in grades
            ]
    return places


def _over_cap(job: JobSpec, place: _Place, held: Counter) -> str | None:
    """Why the grade of the code a place just made may not join its section (see GradeMix)."""
    mix = job.section_mix(place.section)  # the same for last issue's places: no date in it
    if mix is None or place.grade is None:
        return None
    tier = place.grade.get("tier")
    return mix.over_cap(tier, held[(place.role, place.section, tier)], job.sections[place.section].count)


def generate(
    job: JobSpec,
    outdir: Path,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    fresh: bool = False,
    rejected: dict[tuple[str, int, str], str] | None = None,
    progress: Progress | None = None,
    pool: TaskPool | None = None,
    reuse_from: tuple[Path, ...] = (),
) -> GenerateReport:
    """Fill every place of the job with a proved puzzle, write the records and the manifest; on
    `pool` when given (a catalogue's books share one), else on one opened for this job. A record
    not in OUTDIR but in a folder of `reuse_from` (an earlier issue of a series) is copied, not
    made again; verify proves it again all the same."""
    started = time.perf_counter()
    published = {"puzzle": excluded_fingerprints(job)}  # bad input: read before the folder is made
    if job.answers.from_previous_issue:
        published["previous"] = excluded_fingerprints(job, before=job.previous_issue().date)
    rejected = rejected or {}
    places = _places(job, set(rejected))
    used: set[str] = set()
    skipped = [Skip(section=s, code=c, reason=r) for (_, s, c), r in rejected.items()]
    report = GenerateReport(manifest=Manifest(job=job, entries=[], skipped=skipped))

    earlier = earlier_entries(outdir)
    graded = {} if fresh else verified_grades(earlier)
    held: Counter = Counter()  # (role, section, grade) -> puzzles of it filled, for the caps
    with shared(pool) if pool is not None else open_pool(jobs, scheduler) as pool:  # a cluster that cannot be reached: nothing written yet
        outdir_rules.claim(outdir)
        outdir_rules.remove_own_parts(outdir)
        while True:
            open_places = [p for p in places if p.record is None and p.tries < job.budget.attempts]
            if not open_places:
                break
            for place in open_places:
                place.code = next(place.codes)
                place.tries += 1
            results = _make_round(pool, open_places, outdir, job, fresh, graded, report, progress, reuse_from)
            for place, outcome in zip(open_places, results):  # fixed order: same result for any --jobs
                record = outcome.record
                reason = outcome.reason or _repeat_reason(record, published[place.role], used)
                reason = reason or _over_cap(job, dataclasses.replace(place, grade=outcome.grade), held)
                if reason is not None:
                    report.manifest.skipped.append(Skip(section=place.section, code=place.code, reason=reason))
                    continue
                used.add(record["stats"]["fingerprint"])
                if picture_of(record["stats"]):
                    used.add(picture_of(record["stats"]))
                report.manifest.skipped += _passed_over(place, record)
                place.record, place.grade, place.seconds, place.reused = record, outcome.grade, outcome.seconds, outcome.reused
                held[(place.role, place.section, (outcome.grade or {}).get("tier"))] += 1

    report.reused_by_role = Counter(p.role for p in places if p.record is not None and p.reused)
    report.unfilled = sorted({job.sections[p.section].heading for p in places if p.record is None})
    report.manifest.entries = _entries(job, places)
    _carry_verdicts(earlier, report.manifest)
    write_manifest(outdir, report.manifest)
    checkpoint.reached("generate:manifest")
    report.seconds = time.perf_counter() - started
    if report.unfilled:
        graded = [_grade_shortfall(job, index, places, report.manifest.skipped) for index in sorted({p.section for p in places if p.record is None})]
        raise StageError(
            f"could not fill {', '.join(report.unfilled)}: every code tried ({job.budget.attempts} per puzzle) "
            f"failed; see 'skipped' in {outdir / 'manifest.json'}" + "".join(f"\n{line}" for line in graded if line)
        )
    return report


def _grade_shortfall(job: JobSpec, index: int, places: list[_Place], skipped: list[Skip]) -> str | None:
    """For a section that asked for grades: each grade it could not fill (found of wanted, after
    how many codes), the grades its codes had instead, and what to do."""
    section = job.sections[index]
    mine = [p for p in places if p.section == index and p.role == "puzzle"]
    wanted = Counter(p.params.difficulty for p in mine)
    found = Counter(p.params.difficulty for p in mine if p.record is not None)
    tried = Counter()
    for place in mine:
        tried[place.params.difficulty] += place.tries
    short = [grade for grade in wanted if found[grade] < wanted[grade]]
    graded = Counter(s.reason.split(",")[0].removeprefix("graded ") for s in skipped if s.section == index and s.reason.startswith("graded "))
    if not graded and job.section_mix(index) is None:
        return None
    tally = ", ".join(f"{count} {tier}" for tier, count in graded.most_common())
    missing = "; ".join(
        f"found {found[grade]} of {wanted[grade]} {grade or 'puzzles'} after {tried[grade]} codes" for grade in short
    )
    asked = ", ".join(sorted({g for g in short if g}))
    advice = (
        f"this generator makes few {asked} {section.type} puzzles at this size. Raise budget.attempts, choose other grades, "
        "or leave the grades out (puzzles are then graded, not chosen)." if asked else
        "raise budget.attempts or the section's max."
    )
    return f"{section.heading}: {missing}" + (f"; the codes passed over were graded {tally}" if tally else "") + f"; {advice}"


def _make_round(
    pool: TaskPool,
    places: list[_Place],
    outdir: Path,
    job: JobSpec,
    fresh: bool,
    graded: dict[str, dict[str, Any]],
    report: GenerateReport,
    progress: Progress | None,
    reuse_from: tuple[Path, ...] = (),
) -> list[Outcome]:
    """One outcome per place, from the cache or a worker; new records are written as they arrive,
    so an interrupted build keeps every puzzle it finished."""
    results: list[Any] = [None] * len(places)
    to_make = []
    for i, place in enumerate(places):
        cached = None if fresh else load_cached(outdir, place.type, place.params, place.code, place.version, graded)
        if cached is None and not fresh:
            cached = _copied(reuse_from, outdir, place)
        if cached is not None:
            results[i] = dataclasses.replace(cached, reused=True)
            report.reused += 1
        else:
            to_make.append(i)
    total = len(places)
    done = total - len(to_make)
    tasks = [
        (
            places[i].type, places[i].params.model_dump(), places[i].code, job.budget.seconds, places[i].version,
            places[i].ordered, places[i].materials,
        )
        for i in to_make
    ]
    ungraded = [i for i, outcome in enumerate(results) if outcome is not None and outcome.grade is None and places[i].ordered]
    for k, grade in pool.imap(grade_one, [(places[i].type, results[i].record, job.budget.seconds) for i in ungraded]):
        results[ungraded[k]] = dataclasses.replace(results[ungraded[k]], grade=grade)
    for k, outcome in pool.imap(make_one, tasks):
        record = outcome.record
        if record is not None:
            # in the order the record file keeps them (dumps_record sorts), so a manifest and an
            # edition list a new puzzle's stats as they list the same puzzle reused from disk
            record["stats"] = dict(sorted({**record["stats"], "fingerprint": fingerprint(record)}.items()))
            write_atomic(record_path(outdir, record["id"]), dumps_record(record))
            checkpoint.reached("generate:record")
            report.made += 1
        results[to_make[k]] = outcome
        done += 1
        if progress:
            progress(done, total)
    for outcome in results:
        if outcome.record is not None and "fingerprint" not in outcome.record["stats"]:
            outcome.record["stats"]["fingerprint"] = fingerprint(outcome.record)
    return results


def _copied(folders: tuple[Path, ...], outdir: Path, place: _Place) -> Outcome | None:
    """The record for `place` from the first of `folders` holding it, copied into OUTDIR."""
    for folder in folders:
        found = load_cached(folder, place.type, place.params, place.code, place.version, {})
        if found is not None:
            pid = found.record["id"]
            write_atomic(record_path(outdir, pid), record_path(folder, pid).read_bytes())
            return found
    return None


def _repeat_reason(record: dict[str, Any] | None, published: dict[str, str], used: set[str]) -> str | None:
    assert record is not None
    picture = picture_of(record["stats"])  # first: the same picture makes the same puzzle
    if picture in published:
        return f"{picture} already published in {published[picture]}"
    if picture in used:
        return f"{picture} already in this job"
    mark = record["stats"]["fingerprint"]
    if mark in published:
        return f"same puzzle already published in {published[mark]}"
    if mark in used:
        return "same puzzle as another code in this job"
    return None


def _passed_over(place: _Place, record: dict[str, Any]) -> list[Skip]:
    """The pictures a code tried before the one it printed, each with the reason it was rejected."""
    passed = record["stats"].get("passed_over", [])
    return [Skip(section=place.section, code=place.code, reason=f"picture {name} passed over: {reason}") for name, reason in passed]


def _carry_verdicts(earlier: list[Entry], manifest: Manifest) -> None:
    """Keep the last run's verdicts; verify re-proves any whose record has changed since."""
    old = {e.id: e for e in earlier}
    for entry in manifest.entries:
        if entry.id in old and old[entry.id].verdict:
            entry.verdict = old[entry.id].verdict
            entry.timings.update({k: v for k, v in old[entry.id].timings.items() if k != "generate_s"})


def _in_book_order(job: JobSpec, places: list[_Place]) -> list[_Place]:
    """The filled places in book order: by section, and within an `easy-to-hard` section by grade
    and score (a stable sort, so equal grades keep their codes' order)."""
    filled = [p for p in places if p.record is not None]
    def key(place: _Place) -> tuple[Any, ...]:
        assert place.record is not None
        # last issue's puzzles too, so their answers carry the numbers that issue printed
        graded = job.section_order(place.section) == "easy-to-hard"
        return (place.role != "puzzle", place.section, rank(place.grade) if graded else (0, 0))
    return sorted(filled, key=key)


def _entries(job: JobSpec, places: list[_Place]) -> list[Entry]:
    entries = []
    numbers = {"puzzle": 0, "previous": 0}
    for place in _in_book_order(job, places):
        numbers[place.role] += 1
        record = place.record
        entries.append(
            Entry(
                id=record["id"], type=record["type"], rows=record["rows"], cols=record["cols"],
                params=place.params.extras(), code=record["code"], section=place.section,
                number=numbers[place.role], role=place.role, generator=record["generator"], stats=record["stats"],
                timings={"generate_s": round(place.seconds, 4)}, url=record.get("url"), grade=place.grade,
            )
        )
    return entries
