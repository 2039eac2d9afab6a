"""verify: prove every record again, trusting nothing the generator said.

Each record is re-read from disk and judged from its printed clues alone, three ways:
  check   solver-free rules check of the stored answer: the type's checklist, each failure with
          its code and a message saying where the rule breaks;
  solver  the type's own search counts answers up to two, plus the type's publishing promises;
  proof   the independent SAT engine counts answers up to two; it shares no code with the solver.
  grade   the type's grader grades the clues again; the grade the record (or, in a section without
          a difficulty, its manifest entry) gives must be what it finds, and of the difficulty the
          record's parameters ask for.
A puzzle is proved only when the check passes, both counts are exactly the stored answer and the
grade is right.
Verdicts go into the manifest with the SHA-256 of the record they judged, so an unchanged record
is not proved again on the next run.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pipeline import checkpoint, outdir as outdir_rules, safeio, trust
from pipeline.errors import InputError, RecordError, StepLimit
from pipeline.files import sha256_bytes
from pipeline.manifest import PUZZLES, Entry, Manifest, read_manifest, record_path, write_manifest
from pipeline.parallel import TaskPool, open_pool, shared
from pipeline.budget import Budget
from pipeline.interface.puzzle_type import GRADE_STEPS, PuzzleType
from pipeline.interface.grades import Contradiction, grade_fields, off_grade
from pipeline.records import load_puzzle
from pipeline.registry import puzzle_types

Progress = Callable[[int, int], None]

SOLVER_STEPS = 50_000_000
SOLVER_SECONDS = 300.0


@dataclass
class VerifyReport:
    verdicts: dict[str, dict[str, Any]]  # puzzle id -> verdict
    reused: int = 0
    seconds: float = 0.0
    manifest: Manifest | None = None
    failed: list[str] = field(default_factory=list)  # one line per failed puzzle, for people


def _timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    """fn's result and the CPU seconds it took: a verdict's parts are compared with each other
    (bench's share of grading), and on a loaded machine their wall clocks ran 3-10 times their CPU."""
    start = time.process_time()
    result = fn()
    return result, round(time.process_time() - start, 5)


def _count_verdict(ptype: PuzzleType, puzzle: Any, answers: list[Any], who: str) -> tuple[bool, list[str]]:
    stored = ptype.answer_of(puzzle)
    if answers == [stored]:
        return True, []
    if not answers:
        return False, [f"{who}: the clues admit no answer at all"]
    if stored not in answers:
        return False, [f"{who}: the stored answer is wrong; the clues give {ptype.shown_answer(puzzle, answers[0])}"]
    second = next(a for a in answers if a != stored)
    return False, [f"{who}: a second answer fits the clues: {ptype.shown_answer(puzzle, second)}"]


def judge(path: Path, expected: Entry | None = None) -> dict[str, Any]:
    """The verdict on one record file; a malformed record gives status 'malformed', and so does a
    record that is not the puzzle its manifest entry (`expected`) names."""
    try:
        ptype, puzzle, record, sha256 = load_puzzle(path, puzzle_types())
        if expected is not None:
            for name in expected.describes(record):
                raise RecordError(str(path), f"field '{name}' is {record.get(name)!r} but the manifest says {getattr(expected, name)!r}")
    except RecordError as exc:
        return {"status": "malformed", "problems": [str(exc)]}

    problems: list[str] = []
    failures, check_s = _timed(lambda: ptype.failures(puzzle, ptype.answer_of(puzzle)))
    codes = [failure.code for failure in failures]
    if failures:
        broken = "; ".join(f"{failure.code} ({failure.message})" for failure in failures)
        problems.append(f"check: the stored answer breaks the rules: {broken}")

    try:
        solved, solver_s = _timed(lambda: ptype.solve(puzzle, 2, Budget(SOLVER_STEPS, SOLVER_SECONDS)))
        solver_ok, why = _count_verdict(ptype, puzzle, solved, "solver")
        promises = ptype.promises(puzzle, ptype.params_of(record))
        why += [f"solver: promise not kept: {code}" for code in promises]
        solver = {"ok": solver_ok and not promises, "count": len(solved), "promises": promises, "seconds": solver_s}
    except StepLimit as exc:
        why = [f"solver: proves nothing, it reached its limit ({exc})"]
        solver = {"ok": False, "count": None, "promises": [], "seconds": None}
    problems += why

    proved, proof_s = _timed(lambda: ptype.prove(puzzle, 2))
    proof_ok, why = _count_verdict(ptype, puzzle, proved, "proof")
    problems += why

    stored = ("record", record["grade"]) if "grade" in record else ("manifest", expected.grade if expected else None)
    grade, why = _grade_verdict(ptype, puzzle, record, *stored)
    problems += why

    ok = not codes and solver["ok"] and proof_ok and grade["ok"]
    return {
        "status": "proved" if ok else "failed",
        "record_sha256": sha256,
        "verifier": trust.verifier_id(),
        "check": {
            "ok": not codes, "codes": codes,
            "failures": [{"code": failure.code, "message": failure.message} for failure in failures], "seconds": check_s,
        },
        "solver": solver,
        "proof": {"ok": proof_ok, "engine": "python-sat", "count": len(proved), "seconds": proof_s},
        "grade": grade,
        "problems": problems,
    }


def _grade_verdict(
    ptype: PuzzleType, puzzle: Any, record: dict[str, Any], holder: str, stored: Any
) -> tuple[dict[str, Any], list[str]]:
    """Grade the clues again: the `stored` grade (the record's, or its manifest entry's) must be
    exactly what the grader finds, and of the record's difficulty. The grade found goes into the
    verdict (`fields`), so what layout prints is bound to what verify found. A puzzle that
    stores no grade and asks for no difficulty is proved even if its grading reaches its limit:
    nothing was promised about its grade."""
    wanted = ptype.params_of(record).difficulty
    promised = stored is not None or wanted is not None
    try:
        found, seconds = _timed(lambda: ptype.grade(puzzle, Budget(GRADE_STEPS, SOLVER_SECONDS)))
    except StepLimit as exc:
        return {"ok": not promised, "tier": None, "fields": None, "seconds": None}, (
            [f"grade: proves nothing, it reached its limit ({exc})"] if promised else []
        )
    except Contradiction as exc:
        return {"ok": False, "tier": None, "fields": None, "seconds": None}, [f"grade: the clues have no answer ({exc})"]
    fields = grade_fields(found)
    problems = []
    if stored is not None and stored != fields:
        problems.append(f"grade: the {holder} says {_shown(stored)}, but the clues grade as {_shown(fields)}")
    if off_grade(wanted, found):
        problems.append(f"grade: the record asks for {wanted} puzzles, but this one is {found.tier or 'unfinished'}")
    return {"ok": not problems, "tier": found.tier, "fields": fields, "seconds": seconds}, problems


def _shown(fields: Any) -> str:
    if not isinstance(fields, dict):
        return repr(fields)
    techniques = fields.get("techniques")
    used = ", ".join(f"{name} {rounds}" for name, rounds in techniques.items()) if isinstance(techniques, dict) else repr(techniques)
    return f"{fields.get('tier')} (score {fields.get('score')}; {used})"


def _still_valid(verdict: dict[str, Any] | None, path: Path, entry: Entry | None) -> bool:
    try:
        sha256 = sha256_bytes(safeio.read_bounded(path, safeio.RECORD_BYTES))
    except safeio.Unsafe:
        return False
    return trust.verdict_problem(verdict, sha256, entry.grade if entry else None) is None


def verify(
    outdir: Path, *, jobs: int = 1, scheduler: str | None = None, fresh: bool = False, progress: Progress | None = None,
    pool: TaskPool | None = None,
) -> VerifyReport:
    """Judge every puzzle in the folder's manifest and record the verdicts in it.

    Without a manifest (records written by hand), every record under puzzles/ is judged and
    reported, and nothing is written. Malformed records are bad input: InputError, nothing written.
    """
    started = time.perf_counter()
    trust.verifier_id()  # taken here first, so the workers read the digest this process keeps
    manifest = read_manifest(outdir) if (outdir / "manifest.json").exists() else None
    if manifest is None:
        paths = {p.stem: p for p in sorted((outdir / PUZZLES).glob("*.json"))}
        if not paths:
            raise InputError(f"{outdir}: no manifest.json and no puzzle records under {PUZZLES}/")
        previous: dict[str, Any] = {}
        expected = {}
    else:
        outdir_rules.require_ours(outdir)
        paths = {e.id: record_path(outdir, e.id) for e in manifest.entries}
        previous = {e.id: e.verdict for e in manifest.entries}
        expected = {e.id: e for e in manifest.entries}

    report = VerifyReport(verdicts={}, manifest=manifest)
    todo = []
    for pid, path in paths.items():
        if not fresh and _still_valid(previous.get(pid), path, expected.get(pid)):
            report.verdicts[pid] = previous[pid]
            report.reused += 1
        else:
            todo.append(pid)
    with shared(pool) if pool is not None else open_pool(jobs, scheduler) as pool:
        for done, (k, verdict) in enumerate(pool.imap(judge, [(paths[pid], expected.get(pid)) for pid in todo]), start=1):
            report.verdicts[todo[k]] = verdict
            checkpoint.reached("verify:verdict")
            if progress:
                progress(done, len(todo))

    malformed = sorted(v["problems"][0] for v in report.verdicts.values() if v["status"] == "malformed")
    if malformed:
        raise InputError("malformed puzzle records:\n" + "\n".join(f"  - {m}" for m in malformed))
    report.failed = [f"{pid}: {'; '.join(v['problems'])}" for pid, v in sorted(report.verdicts.items()) if v["status"] != "proved"]
    if manifest is not None:
        for entry in manifest.entries:
            entry.verdict = report.verdicts[entry.id]
            # a section without a difficulty is graded here: the manifest prints what verify found
            entry.grade = entry.grade or entry.verdict.get("grade", {}).get("fields")
            entry.timings.update(
                {f"{k}_s": (report.verdicts[entry.id].get(k) or {}).get("seconds") for k in ("check", "solver", "proof", "grade")}
            )
        write_manifest(outdir, manifest)
        checkpoint.reached("verify:manifest")
    report.seconds = time.perf_counter() - started
    return report
