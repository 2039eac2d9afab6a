"""reprint: an edition file -> the same book, with nothing generated and everything proved again.

The records come from the edition, byte for byte as they were written (each must still have the
digest its verdict was made for, so an edited edition is refused by name, never printed); verify
proves every one again with this version's engines; layout draws the book; the PDFs are compared
with the edition's. With the same versions they must be the same bytes; with other versions the
report names what differs, and the puzzles are still the same ones.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pipeline import outdir as outdir_rules
from pipeline.edition import PDFS, Edition, entries_of, read_edition, write_edition
from pipeline.errors import InputError, RecordError, StageError
from pipeline.records import parse_puzzle
from pipeline.registry import puzzle_types
from pipeline.files import sha256_bytes, sha256_file, write_atomic
from pipeline.manifest import Entry, Manifest, entry_problems, read_manifest, record_path, write_manifest
from pipeline.versions import differences

Progress = Callable[[str], Callable[[int, int], None] | None]


@dataclass
class ReprintReport:
    puzzles: int
    pages: int
    same_bytes: list[str] = field(default_factory=list)  # PDFs identical to the edition's
    other_bytes: list[str] = field(default_factory=list)
    version_changes: list[str] = field(default_factory=list)  # empty: made with the same versions


def _checked_records(edition_path: Path, edition: Edition, entries: list[Entry]) -> list[dict[str, Any]]:
    """Each record, parsed: it must be, byte for byte, the one its verdict was made for (an
    edited record is refused by name), a record of its type, and the puzzle its entry names.
    Everything is checked before anything is written."""
    tampered = [entry.id for item, entry in zip(edition.puzzles, entries) if sha256_bytes(item.record.encode()) != item.entry.verdict.record_sha256]
    if tampered:
        raise InputError(
            f"{edition_path}: these records are not the ones their verdicts were made for (edited?); "
            f"nothing is reprinted: {', '.join(tampered)}"
        )
    edition.refuse_if_edited(edition_path)
    records = []
    for index, (item, entry) in enumerate(zip(edition.puzzles, entries)):
        where = f"{edition_path}: puzzles[{index}].record"
        try:
            _, _, record = parse_puzzle(where, item.record.encode(), puzzle_types())
        except RecordError as exc:
            raise InputError(f"{exc}; nothing is reprinted") from None
        for name in entry.describes(record):
            raise InputError(f"{where}: field '{name}' is {record.get(name)!r} but its entry says {getattr(entry, name)!r}; nothing is reprinted")
        records.append(record)
    return records


def _refuse_own_folder(edition_path: Path, outdir: Path) -> None:
    """A reprint into the folder its edition is in would overwrite the edition it reads."""
    edition_at = Path(os.path.realpath(edition_path))
    folder = Path(os.path.realpath(outdir))
    if folder == edition_at.parent or folder in edition_at.parents:
        raise InputError(
            f"-o {outdir}: the edition {edition_path} is inside it, and the reprint would overwrite it; "
            "reprint into another folder"
        )


def reprint(edition_path: Path, outdir: Path, *, jobs: int, progress: Progress) -> ReprintReport:
    from pipeline.stages.build import layout_once
    from pipeline.stages.verify import verify

    _refuse_own_folder(edition_path, outdir)
    edition = read_edition(edition_path)
    entries = entries_of(edition)
    if not any(entry.role == "puzzle" for entry in entries):
        raise InputError(f"{edition_path}: the edition holds no puzzles to print; nothing is reprinted")
    problems = entry_problems(Manifest(job=edition.job, entries=entries))  # ids become file names
    if problems:
        raise InputError(f"{edition_path}: " + "; ".join(problems))
    records = _checked_records(edition_path, edition, entries)  # bad input: refused before the folder is made
    for entry, record in zip(entries, records):
        # a grade outside its record (a section without a difficulty) is this version's to find:
        # another version's grader may grade otherwise, and the report then names the PDFs that differ
        if "grade" not in record:
            entry.grade = None
    outdir_rules.claim(outdir)
    for item, entry in zip(edition.puzzles, entries):  # each as the edition holds it: the bytes its verdict was made for
        write_atomic(record_path(outdir, entry.id), item.record)
    write_manifest(outdir, Manifest(job=edition.job, entries=entries))
    verified = verify(outdir, jobs=jobs, fresh=True, progress=progress("verify"))
    if verified.failed:
        raise StageError("puzzles of the edition failed verification; nothing is printed:\n" + "\n".join(verified.failed))
    pages, _, _ = layout_once(outdir, progress=progress("layout"), fresh=True, jobs=jobs)
    now = write_edition(outdir, read_manifest(outdir))
    report = ReprintReport(puzzles=len(entries), pages=pages)
    report.version_changes = differences(edition.made_with.model_dump(), now["made_with"])
    for name in PDFS:
        if name in edition.outputs:
            same = (outdir / name).is_file() and sha256_file(outdir / name) == edition.outputs[name]
            (report.same_bytes if same else report.other_bytes).append(name)
    return report
