"""build: generate -> verify -> layout, replacing any puzzle that fails verification.

A puzzle whose verification fails is never printed: its code is skipped for the next derived
code, generated and verified again, and the summary says so.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pipeline import checkpoint, outdir as outdir_rules, safeio, trust
from pipeline.edition import EDITION, book_fonts, write_edition
from pipeline.errors import InputError, PageError, RecordError, StageError
from pipeline.manifest import Manifest, read_manifest
from pipeline.parallel import Pool, TaskPool
from pipeline.files import remove, write_atomic
from pipeline.records import read_json
from pipeline.render.assets import layouts_dir
from pipeline.spec import JobSpec
from pipeline.stages.generate import GenerateReport, generate
from pipeline.stages.pageplan import page_problems
from pipeline.stages.printable import link_notes
from pipeline.stages.verify import VerifyReport, verify

ProgressFactory = Callable[[str], Callable[[int, int], None] | None]
REPLACEMENT_ROUNDS = 3
LAYOUT_STAMP = ".layout-stamp.json"
MAX_PDF_BYTES = 2_000_000_000


@dataclass
class BuildReport:
    generated: GenerateReport
    verified: VerifyReport
    pages: int
    files: list[Path]
    layout_reused: bool
    replaced: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # what the spec asked for and could not print


def default_outdir(spec_path: Path, job: JobSpec) -> Path:
    return Path(job.output) if job.output else Path("output") / spec_path.stem


def check_outdir(outdir: Path) -> None:
    """Refuse an output folder we must not write into (pipeline/outdir.py), before anything is written."""
    outdir_rules.check(outdir)


def check_job(job: JobSpec, outdir: Path) -> None:
    """Problems the schema cannot see (a grid that cannot fit the page): exit 2, nothing written."""
    own = outdir_rules.check(outdir)
    for name in job.exclude:
        path = Path(name)
        folder = path.parent if path.name.endswith(".json") else path
        if Path(os.path.realpath(folder)) == own:
            raise InputError(
                f"exclude: {name} is this job's own output; excluding it would make every run drop "
                "the puzzles of the run before. Exclude an earlier job's manifest instead"
            )
    problems = page_problems(job)
    if problems:
        raise PageError("the job cannot be laid out:\n" + "\n".join(f"  - {p}" for p in problems))


WEB = "web"  # OUTDIR/web/: the web edition, with `web: true`


def build(
    job: JobSpec, outdir: Path, *, jobs: int, fresh: bool, progress: ProgressFactory, scheduler: str | None = None,
    pool: TaskPool | None = None, reuse_from: tuple[Path, ...] = (),
) -> BuildReport:
    """The whole job into OUTDIR; generate and verify run on `pool` when given (a catalogue's
    books share one), else on one of their own; records found in `reuse_from` (an earlier
    issue's folder) are copied rather than made again."""
    generated, verified, replaced, seconds = make_puzzles(
        job, outdir, jobs=jobs, fresh=fresh, progress=progress, scheduler=scheduler, pool=pool, reuse_from=reuse_from,
    )
    local = pool if isinstance(pool, Pool) else None  # a cluster's workers do not lay out
    laid = lay_out_book(job, outdir, fresh=fresh, jobs=jobs, progress=progress("layout"), pool=local)
    seconds["layout"] = laid.seconds
    return BuildReport(generated, verified, laid.pages, laid.files, laid.reused, replaced, seconds, link_notes(job))


def make_puzzles(
    job: JobSpec, outdir: Path, *, jobs: int, fresh: bool, progress: ProgressFactory, scheduler: str | None = None,
    pool: TaskPool | None = None, reuse_from: tuple[Path, ...] = (),
) -> tuple[GenerateReport, VerifyReport, list[str], dict[str, float]]:
    """Generate and verify the job's puzzles, replacing every one that fails verification:
    (generated, verified, replaced, seconds of each stage)."""
    rejected: dict[tuple[str, int, str], str] = {}
    seconds: dict[str, float] = {"generate": 0.0, "verify": 0.0}
    replaced: list[str] = []
    for round_ in range(REPLACEMENT_ROUNDS + 1):
        first = round_ == 0
        generated = generate(
            job, outdir, jobs=jobs, scheduler=scheduler, fresh=fresh and first, rejected=rejected, progress=progress("generate"), pool=pool,
            reuse_from=reuse_from,
        )
        verified = verify(outdir, jobs=jobs, scheduler=scheduler, fresh=fresh and first, progress=progress("verify"), pool=pool)
        seconds["generate"] += generated.seconds
        seconds["verify"] += verified.seconds
        failed = [e for e in verified.manifest.entries if not e.proved] if verified.manifest else []
        if not failed:
            return generated, verified, replaced, seconds
        for entry in failed:
            reason = "verification failed: " + "; ".join(entry.verdict["problems"] if entry.verdict else ["no verdict"])
            rejected[(entry.role, entry.section, entry.code)] = reason
            replaced.append(f"{entry.id} ({entry.code}): {reason}")
    raise StageError("puzzles kept failing verification after replacement:\n" + "\n".join(replaced))


@dataclass
class LaidOut:
    pages: int
    files: list[Path]
    reused: bool
    seconds: float


def lay_out_book(
    job: JobSpec, outdir: Path, *, fresh: bool, jobs: int, progress: Callable[[int, int], None] | None = None, pool: Pool | None = None,
) -> LaidOut:
    """The PDFs (kept when unchanged), the edition file and, when asked, the web edition of a
    job whose puzzles are made and proved."""
    start = time.perf_counter()
    pages, files, reused = layout_once(outdir, progress=progress, fresh=fresh, jobs=jobs, pool=pool)
    write_edition(outdir, read_manifest(outdir), stamped_fonts(outdir))
    files.append(outdir / EDITION)
    if job.web:
        from pipeline.stages.export import export  # jinja2 and the player only when asked

        export(outdir, outdir / WEB, "web")
        files.append(outdir / WEB / "index.html")
    return LaidOut(pages, files, reused, time.perf_counter() - start)


def _layout_key(outdir: Path, manifest: Manifest) -> str:
    """Everything the PDFs depend on: the job, the proved records, and the code and templates
    that draw them (the code by what it does: pipeline/trust.py's code_digest, so a docstring or
    comment edited keeps the layout). Timings are left out: they change on every run and print
    nowhere."""
    digest = hashlib.sha256(manifest.job.model_dump_json().encode())
    for entry in manifest.entries:
        digest.update(json.dumps([entry.id, entry.number, entry.section, entry.role, entry.verdict and entry.verdict.get("record_sha256")]).encode())
    digest.update(trust.code_digest(trust.PACKAGE).encode())  # what the code does, not its notes
    cover = manifest.job.cover
    if cover is not None and cover.front_image:  # read again at layout: a changed image is a changed cover
        digest.update((_file_sha256(Path(cover.front_image)) or "unreadable").encode())
    for path in sorted(layouts_dir().rglob("*")):
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()


def layout_once(
    outdir: Path, progress: Callable[[int, int], None] | None = None, *, fresh: bool = False, jobs: int = 1,
    pool: Pool | None = None,
) -> tuple[int, list[Path], bool]:
    """Lay out unless the last layout of exactly the same inputs is still there, every file it
    wrote unchanged: a re-run of an unchanged spec then costs next to nothing; `fresh` lays out
    whatever the stamp says. On `pool` when given (a series' or a catalogue's, whose workers then
    import the PDF engine once for every book, not once a book), else on one of its own.
    Returns (pages, files, reused)."""
    key = _layout_key(outdir, read_manifest(outdir))
    stamp_path = outdir / LAYOUT_STAMP
    kept = None if fresh else _stamped_layout(outdir, stamp_path, key)
    if kept is not None:
        return kept[0], kept[1], True
    remove(stamp_path)  # from here until the new stamp, no layout is current
    with nullcontext(pool) if pool is not None else Pool(jobs) as workers:
        # Only now: WeasyPrint takes longer to import than an unchanged book takes to check (the
        # workers import it too, as layout starts).
        from pipeline.stages.layout import layout

        report = layout(outdir, progress=progress, pool=workers)
    files = [Path(f) for f in report.files]
    hashes = {os.path.relpath(f, outdir): _file_sha256(f) for f in files}
    figures = sorted(outdir.glob("puzzles/*.svg")) + sorted(outdir.glob("examples/*.svg"))
    drawn = {os.path.relpath(f, outdir): _file_sha256(f) for f in figures}
    # the stamp keeps the print check's word: a kept layout that failed it fails again (cli exits 1)
    stamp = {"key": key, "pages": report.pages, "files": hashes, "figures": drawn, "upload_ready": _upload_ready(outdir),
             "fonts": book_fonts(outdir)}
    checkpoint.reached("build:stamp")
    write_atomic(stamp_path, json.dumps(stamp, indent=2) + "\n")
    return report.pages, files, False


# What a layout writes (pipeline/stages/layout.py and cover.py), named here so checking a stamp needs no PDF engine.
STAMPED_FILES = {"booklet.pdf", "answers.pdf", "booklet-imposed.pdf", "cover.pdf", "preflight.json"}
STAMPED_FIGURE = re.compile(r"^(puzzles|examples)/[a-z0-9][a-z0-9.-]*\.svg$")


def _stamped_layout(outdir: Path, stamp_path: Path, key: str) -> tuple[int, list[Path]] | None:
    """(pages, files) of the stamped layout when its key is `key` and every file it lists (PDFs
    and the SVGs they were drawn from) is there with the hash it had when written; None
    otherwise (no stamp, a damaged one, a stale one, or a file deleted, replaced or edited since)."""
    try:
        stamp = read_json(stamp_path, safeio.STAMP_BYTES)
    except RecordError:
        return None
    if not isinstance(stamp, dict) or stamp.get("key") != key or not isinstance(stamp.get("pages"), int):
        return None
    listed, figures = stamp.get("files"), stamp.get("figures")
    if not isinstance(listed, dict) or not listed or not set(listed) <= STAMPED_FILES:
        return None
    if not isinstance(figures, dict) or not all(STAMPED_FIGURE.match(name) for name in figures):
        return None
    for name, digest in {**listed, **figures}.items():
        if _file_sha256(outdir / name) != digest:
            return None
    return stamp["pages"], [outdir / name for name in listed]


def _upload_ready(outdir: Path) -> bool | None:
    """preflight.json's verdict (None for a newsletter, which has no print check)."""
    if not os.path.lexists(outdir / "preflight.json"):
        return None
    try:
        report = read_json(outdir / "preflight.json", safeio.STAMP_BYTES)
    except RecordError:
        return None
    return bool(report.get("upload_ready")) if isinstance(report, dict) else None


def stamped_fonts(outdir: Path) -> dict[str, str] | None:
    """The booklet's embedded fonts as its layout stamp holds them (edition.embedded_fonts, read
    once when the layout was made); None when the stamp has none."""
    try:
        stamp = read_json(outdir / LAYOUT_STAMP, safeio.STAMP_BYTES)
    except RecordError:
        return None
    fonts = stamp.get("fonts") if isinstance(stamp, dict) else None
    ok = isinstance(fonts, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in fonts.items())
    return fonts if ok else None


def _file_sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(safeio.read_bounded(path, MAX_PDF_BYTES)).hexdigest()
    except safeio.Unsafe:
        return None


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
