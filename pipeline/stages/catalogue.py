"""A catalogue: several books built as one job.

`puzzlepress build a.yaml b.yaml ...`, or `build catalogue.yaml` where the file lists the specs:

    books: [nonograms.yaml, loops/kuralin.yaml]   # relative to the catalogue file
    repeats: false                                 # true: a puzzle may print in two books

Every spec is read and checked before anything runs (a missing or bad one is bad input: exit 2,
nothing written), and no two books may share an output folder. The books are then built in
order in one process, on one pool of workers or one Dask cluster that every book's generate
and verify share (the workers are started once, not once a book). Unless `repeats: true`,
each book excludes every puzzle of the books before it, through the same `exclude` a spec can
name, so a catalogue never prints a puzzle twice and its manifests say what each excluded.

Once every book's puzzles are proved, the books are laid out side by side on the same
workers, a whole book a task (a local: Dask cluster's workers too, which share this
machine's output folders; a remote cluster's do not, so its books are laid out on a local
pool). A book laid out alone in a worker is the same bytes as one laid out in parts: the
parts are cut by the book, not by the pool (stages/book.py). One book's layout is in a
worker's memory at a time, in parts of bounded size.
"""

from __future__ import annotations

import datetime as dt
from contextlib import ExitStack
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import yaml

from pipeline import outdir as outdir_rules, safeio
from pipeline.errors import InputError
from pipeline.manifest import MANIFEST
from pipeline.parallel import Pool, TaskPool, open_pool
from pipeline.spec import MAX_SPEC_BYTES, JobSpec, load_spec
from pipeline.stages.build import (
    BuildReport, LaidOut, ProgressFactory, check_job, check_outdir, default_outdir, lay_out_book, make_puzzles,
)
from pipeline.stages.printable import link_notes

MAX_BOOKS = 1_000


@dataclass
class Book:
    spec: Path
    job: JobSpec
    outdir: Path


@dataclass
class Catalogue:
    books: list[Book]
    repeats: bool = False


def catalogue_file(path: Path) -> dict | None:
    """The catalogue a file holds (a mapping with `books` and no `sections`), or None for a job
    spec; a file that cannot be read is left to the spec reader to name."""
    try:
        data = yaml.safe_load(safeio.read_bounded(path, MAX_SPEC_BYTES))
    except (safeio.Unsafe, yaml.YAMLError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) and "books" in data and "sections" not in data else None


def _listed(path: Path, data: dict) -> tuple[list[tuple[Path, str]], bool]:
    """The specs a catalogue file lists (each path, relative to the file, and where it is
    listed) and whether it allows repeats; InputError names a malformed one."""
    unknown = sorted(set(data) - {"books", "repeats"})
    if unknown:
        raise InputError(f"{path}: unknown key '{unknown[0]}' (a catalogue has books and repeats)")
    books, repeats = data["books"], data.get("repeats", False)
    if not isinstance(books, list) or not books or not all(isinstance(b, str) and b.strip() for b in books):
        raise InputError(f"{path}: books: give a list of spec files")
    if len(books) > MAX_BOOKS:
        raise InputError(f"{path}: books: {len(books)} books, more than the {MAX_BOOKS} a catalogue takes")
    if not isinstance(repeats, bool):
        raise InputError(f"{path}: repeats: true or false, not {repeats!r}")
    return [(path.parent / book, f"{path}: books[{k}]: {book}") for k, book in enumerate(books)], repeats


def load_catalogue(paths: list[Path], date: dt.date | None = None) -> Catalogue:
    """Every book of the specs and catalogue files given, each spec loaded and checked; nothing
    is written. A missing spec is one line naming it (and the catalogue listing it)."""
    specs: list[tuple[Path, str]] = []
    repeats = False
    for path in paths:
        data = catalogue_file(path) if path.is_file() else None
        if data is None:
            specs.append((path, str(path)))
            continue
        listed, allowed = _listed(path, data)
        repeats = repeats or allowed
        specs += listed
    books, folders = [], {}
    for spec, where in specs:
        if not spec.is_file():
            raise InputError(f"{where}: no such spec file")
        job = load_spec(spec, date=date)
        outdir = default_outdir(spec, job)
        check_outdir(outdir)
        check_job(job, outdir)
        resolved = os.path.realpath(outdir)
        if resolved in folders:
            raise InputError(f"{where}: writes into {outdir}, as {folders[resolved]} does; give each book its own output folder")
        folders[resolved] = str(spec)
        books.append(Book(spec, job, outdir))
    return Catalogue(books, repeats)


def _excluding(job: JobSpec, earlier: list[Path]) -> JobSpec:
    """The job with every earlier book's manifest added to its `exclude`."""
    names = [*job.exclude, *(str(folder / MANIFEST) for folder in earlier if str(folder / MANIFEST) not in job.exclude)]
    return job.model_copy(update={"exclude": names})


BookDone = Callable[[int, Book, BuildReport, float], None]
PuzzlesDone = Callable[[int, Book, BuildReport], None]


def lay_out_alone(job: JobSpec, outdir: Path, fresh: bool) -> LaidOut:
    """One book's layout as one task: in the worker it runs in, in one process, writing into
    the folder the catalogue's run holds."""
    shared = outdir_rules.share(outdir)
    try:
        return lay_out_book(job, outdir, fresh=fresh, jobs=1)
    finally:
        if shared:
            outdir_rules.release(outdir)


def _layout_pool(pool: TaskPool, jobs: int, scheduler: str | None, stack: ExitStack) -> TaskPool:
    """Where the books are laid out: the shared workers when they see this machine's output
    folders (the local pool, a local: cluster), else a local pool of `jobs`."""
    if scheduler:
        from pipeline.cluster import local_workers

        if local_workers(scheduler) is None:
            return stack.enter_context(Pool(jobs))
    return pool


def build_catalogue(
    catalogue: Catalogue, *, jobs: int, fresh: bool, progress: ProgressFactory, scheduler: str | None = None,
    book_done: BookDone | None = None, puzzles_done: PuzzlesDone | None = None,
) -> list[BuildReport]:
    """Every book's puzzles in order on one shared pool (or cluster), then every book's layout
    side by side on it; see the module docstring. `puzzles_done` is told as each book's
    puzzles are proved (its report has no pages yet), `book_done` as each book is laid out."""
    made: list[BuildReport] = []
    built: list[Path] = []
    tasks: list[tuple[JobSpec, Path, bool]] = []
    with ExitStack() as stack:
        pool = stack.enter_context(open_pool(jobs, scheduler))
        for index, book in enumerate(catalogue.books):
            job = book.job if catalogue.repeats else _excluding(book.job, built)
            label = f"{index + 1}/{len(catalogue.books)}"
            generated, verified, replaced, seconds = make_puzzles(
                job, book.outdir, jobs=jobs, fresh=fresh, scheduler=scheduler, pool=pool,
                progress=lambda stage, label=label: progress(f"{label} {stage}"),
            )
            report = BuildReport(generated, verified, 0, [], False, replaced, seconds, link_notes(job))
            made.append(report)
            built.append(book.outdir)
            tasks.append((job, book.outdir, fresh))
            if puzzles_done:
                puzzles_done(index, book, report)
        laying = _layout_pool(pool, jobs, scheduler, stack)
        for index, laid in laying.imap(lay_out_alone, tasks):
            report = made[index]
            report.pages, report.files, report.layout_reused = laid.pages, laid.files, laid.reused
            report.seconds["layout"] = laid.seconds
            if book_done:
                book_done(index, catalogue.books[index], report, sum(report.seconds.values()))
    return made
