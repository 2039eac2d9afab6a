"""build: generate -> verify -> layout, replacing any puzzle that fails verification.

A puzzle whose verification fails is never printed: its code is skipped for the next derived
code, generated and verified again, and the summary says so.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pipeline.errors import InputError, StageError
from pipeline.spec import JobSpec
from pipeline.stages.generate import GenerateReport, generate
from pipeline.stages.layout import LayoutReport, layout, preflight
from pipeline.stages.verify import VerifyReport, verify

ProgressFactory = Callable[[str], Callable[[int, int], None] | None]
REPLACEMENT_ROUNDS = 3


@dataclass
class BuildReport:
    generated: GenerateReport
    verified: VerifyReport
    laid_out: LayoutReport
    replaced: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)


def default_outdir(spec_path: Path, job: JobSpec) -> Path:
    return Path(job.output) if job.output else Path("output") / spec_path.stem


def check_outdir(outdir: Path) -> None:
    """Refuse an output path that is a file or cannot be written, before anything is written."""
    if outdir.exists() and not outdir.is_dir():
        raise InputError(f"output path {outdir} is an existing file, not a folder")
    ancestor = outdir
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise InputError(f"output path {outdir}: {ancestor} is a file, so the folder cannot be made")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise InputError(f"output path {outdir}: {ancestor} is not writable")


def check_job(job: JobSpec) -> None:
    """Problems the schema cannot see (a grid that cannot fit the page): exit 2, nothing written."""
    problems = preflight(job)
    if problems:
        raise InputError("the job cannot be laid out:\n" + "\n".join(f"  - {p}" for p in problems))


def build(job: JobSpec, outdir: Path, *, jobs: int, fresh: bool, progress: ProgressFactory) -> BuildReport:
    rejected: dict[tuple[str, int, str], str] = {}
    seconds: dict[str, float] = {"generate": 0.0, "verify": 0.0}
    replaced: list[str] = []
    for round_ in range(REPLACEMENT_ROUNDS + 1):
        first = round_ == 0
        generated = generate(job, outdir, jobs=jobs, fresh=fresh and first, rejected=rejected, progress=progress("generate"))
        verified = verify(outdir, jobs=jobs, fresh=fresh and first, progress=progress("verify"))
        seconds["generate"] += generated.seconds
        seconds["verify"] += verified.seconds
        failed = [e for e in verified.manifest.entries if not e.proved] if verified.manifest else []
        if not failed:
            break
        for entry in failed:
            reason = "verification failed: " + "; ".join(entry.verdict["problems"] if entry.verdict else ["no verdict"])
            rejected[(entry.role, entry.section, entry.code)] = reason
            replaced.append(f"{entry.id} ({entry.code}): {reason}")
    else:
        raise StageError("puzzles kept failing verification after replacement:\n" + "\n".join(replaced))
    start = time.perf_counter()
    laid_out = layout(outdir, progress=progress("layout"))
    seconds["layout"] = time.perf_counter() - start
    return BuildReport(generated, verified, laid_out, replaced, seconds)


def summary_rows(report: BuildReport) -> list[dict[str, Any]]:
    """Per section: puzzles, how many were reused, skipped codes."""
    manifest = report.verified.manifest or report.generated.manifest
    rows = []
    for index, section in enumerate(manifest.job.sections):
        entries = manifest.section_entries(index)
        rows.append(
            {
                "section": section.heading,
                "puzzles": len(entries),
                "skipped": sum(1 for s in manifest.skipped if s.section == index),
            }
        )
    return rows
