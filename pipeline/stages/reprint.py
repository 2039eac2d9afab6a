"""reprint: an edition file -> the same book, with nothing generated and everything proved again.

The records come from the edition, byte for byte as they were written (each must still have the
digest its verdict was made for, so an edited edition is refused by name, never printed); verify
proves every one again with this version's engines; layout draws the book; the PDFs are compared
with the edition's. With the same versions they must be the same bytes; with other versions the
report names what differs, and the puzzles are still the same ones.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pipeline import outdir as outdir_rules
from pipeline.edition import PDFS, entries_of, read_edition, write_edition
from pipeline.errors import InputError, StageError
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


def _check_records(edition_path: Path, puzzles: list[dict[str, Any]], entries: list[Entry]) -> None:
    """Each record must be, byte for byte, the one its verdict was made for: an edited record is
    refused by name and nothing is reprinted."""
    tampered = []
    for item, entry in zip(puzzles, entries):
        verdict = item["entry"].get("verdict") or {}
        text = item.get("record")
        if not isinstance(text, str) or sha256_bytes(text.encode()) != verdict.get("record_sha256"):
            tampered.append(entry.id)
    if tampered:
        raise InputError(
            f"{edition_path}: these records are not the ones their verdicts were made for (edited?); "
            f"nothing is reprinted: {', '.join(tampered)}"
        )


def _write_records(outdir: Path, puzzles: list[dict[str, Any]], entries: list[Entry]) -> None:
    """Each record as the edition holds it: the bytes its verdict was made for."""
    for item, entry in zip(puzzles, entries):
        write_atomic(record_path(outdir, entry.id), item["record"])


def reprint(edition_path: Path, outdir: Path, *, jobs: int, progress: Progress) -> ReprintReport:
    from pipeline.stages.build import layout_once
    from pipeline.stages.verify import verify

    edition = read_edition(edition_path)
    entries = entries_of(edition, edition_path)
    problems = entry_problems(Manifest(job=edition.job, entries=entries))  # ids become file names
    if problems:
        raise InputError(f"{edition_path}: " + "; ".join(problems))
    _check_records(edition_path, edition.puzzles, entries)  # bad input: refused before the folder is made
    outdir_rules.claim(outdir)
    _write_records(outdir, edition.puzzles, entries)
    for entry, item in zip(entries, edition.puzzles):
        # a grade outside its record (a section without a difficulty) is this version's to find:
        # another version's grader may grade otherwise, and the report then names the PDFs that differ
        if "grade" not in json.loads(item["record"]):
            entry.grade = None
    write_manifest(outdir, Manifest(job=edition.job, entries=entries))
    verified = verify(outdir, jobs=jobs, fresh=True, progress=progress("verify"))
    if verified.failed:
        raise StageError("puzzles of the edition failed verification; nothing is printed:\n" + "\n".join(verified.failed))
    pages, _, _ = layout_once(outdir, progress=progress("layout"), fresh=True, jobs=jobs)
    now = write_edition(outdir, read_manifest(outdir))
    report = ReprintReport(puzzles=len(entries), pages=pages)
    report.version_changes = differences(edition.made_with, now["made_with"])
    for name in PDFS:
        if name in edition.outputs:
            same = (outdir / name).is_file() and sha256_file(outdir / name) == edition.outputs[name]
            (report.same_bytes if same else report.other_bytes).append(name)
    return report
