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
One book is in memory at a time, and its layout in parts of bounded size (stages/book.py).
"""

from __future__ import annotations

import datetime as dt
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import yaml

from pipeline import safeio
from pipeline.errors import InputError
from pipeline.manifest import MANIFEST
from pipeline.parallel import open_pool
from pipeline.spec import MAX_SPEC_BYTES, JobSpec, load_spec
from pipeline.stages.build import BuildReport, ProgressFactory, build, check_job, check_outdir, default_outdir

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


def build_catalogue(
    catalogue: Catalogue, *, jobs: int, fresh: bool, progress: ProgressFactory, scheduler: str | None = None,
    book_done: BookDone | None = None,
) -> list[BuildReport]:
    """Build every book in order on one shared pool (or cluster); see the module docstring."""
    reports = []
    built: list[Path] = []
    with open_pool(jobs, scheduler) as pool:
        for index, book in enumerate(catalogue.books):
            job = book.job if catalogue.repeats else _excluding(book.job, built)
            started = time.perf_counter()
            label = f"{index + 1}/{len(catalogue.books)}"
            report = build(
                job, book.outdir, jobs=jobs, fresh=fresh, scheduler=scheduler, pool=pool,
                progress=lambda stage, label=label: progress(f"{label} {stage}"),
            )
            reports.append(report)
            built.append(book.outdir)
            if book_done:
                book_done(index, book, report, time.perf_counter() - started)
    return reports
