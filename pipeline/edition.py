"""Editions: one file that reprints a book exactly, whatever has changed since.

`build` writes OUTDIR/edition.json beside the PDFs: the resolved job, every puzzle record with its
verdict, the generator version of each type, the versions of puzzlepress, Python and every
library that shapes the records or the PDF, the digests of the font programs the PDF embeds, and
the digests of the PDFs themselves. `puzzlepress reprint` rebuilds the book from it without
generating anything, proves every puzzle again, and says whether the PDFs came out the same.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from pipeline import safeio

from pipeline.errors import RecordError
from pipeline.files import sha256_file, write_atomic
from pipeline.manifest import Entry, Manifest, record_path
from pipeline.records import read_json
from pipeline.registry import puzzle_types
from pipeline.spec import JobSpec
from pipeline.versions import environment

EDITION = "edition.json"
FORMAT = 1
PDFS = ("booklet.pdf", "answers.pdf", "booklet-imposed.pdf")


def embedded_fonts(pdf: Path) -> dict[str, str]:
    """Font name -> SHA-256 of the font program each one embeds: the fonts that shaped the book."""
    from pypdf import PdfReader

    fonts: dict[str, str] = {}
    for page in PdfReader(pdf).pages:
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            for descendant in font.get("/DescendantFonts") or [font]:
                descriptor = descendant.get_object().get("/FontDescriptor")
                program = descriptor and (descriptor.get_object().get("/FontFile2") or descriptor.get_object().get("/FontFile3"))
                if program is not None:
                    name = str(descendant.get_object().get("/BaseFont", "?")).lstrip("/")
                    fonts[name] = hashlib.sha256(program.get_object().get_data()).hexdigest()
    return dict(sorted(fonts.items()))


class Edition(BaseModel):
    """edition.json as read back: checked whole before anything is written."""

    model_config = ConfigDict(extra="forbid")

    format: int
    made_with: dict[str, Any]
    generators: dict[str, str]
    job: JobSpec
    # {"entry": manifest entry, "record": the record file's text}: the text, not parsed JSON, so a
    # reprint writes back exactly the bytes the verdict was made for
    puzzles: list[dict[str, Any]]
    outputs: dict[str, str]  # PDF name -> SHA-256


def make_edition(outdir: Path, manifest: Manifest) -> dict[str, Any]:
    pdfs = [outdir / name for name in PDFS if (outdir / name).is_file()]
    puzzles = []
    for entry in manifest.entries:
        kept = {k: v for k, v in asdict(entry).items() if k != "timings"}  # timings differ on every run
        if kept["verdict"]:
            kept["verdict"] = {k: v for k, v in kept["verdict"].items() if k in ("status", "record_sha256")}
        text = safeio.read_bounded(record_path(outdir, entry.id), safeio.RECORD_BYTES).decode("utf-8")
        puzzles.append({"entry": kept, "record": text})
    return {
        "format": FORMAT,
        "made_with": {**environment(), "fonts": embedded_fonts(pdfs[0]) if pdfs else {}},
        "generators": {name: f"{name}/{ptype.version}" for name, ptype in puzzle_types().items()},
        "job": manifest.job.model_dump(mode="json"),
        "puzzles": puzzles,
        "outputs": {pdf.name: sha256_file(pdf) for pdf in pdfs},
    }


def write_edition(outdir: Path, manifest: Manifest) -> dict[str, Any]:
    """Write OUTDIR/edition.json; returns what it holds."""
    edition = make_edition(outdir, manifest)
    # keys sorted: an entry read back from disk and one just made hold the same stats in other orders
    write_atomic(outdir / EDITION, json.dumps(edition, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n")
    return edition


def read_edition(path: Path) -> Edition:
    """An edition file, validated; RecordError names the file and what is wrong."""
    data = read_json(path)
    try:
        edition = Edition.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        place = ".".join(map(str, first["loc"]))
        raise RecordError(str(path), f"not an edition file: {place}: {first['msg']}") from None
    if edition.format != FORMAT:
        raise RecordError(str(path), f"edition format {edition.format}; this puzzlepress reads format {FORMAT}")
    return edition


def entries_of(edition: Edition, path: Path) -> list[Entry]:
    """The edition's manifest entries, verdicts cleared: a reprint proves every puzzle again."""
    entries = []
    for index, item in enumerate(edition.puzzles):
        try:
            values = {**item["entry"], "verdict": None, "timings": {}}
            entries.append(Entry(**values))
        except (KeyError, TypeError) as exc:
            raise RecordError(str(path), f"puzzles[{index}].entry is malformed ({exc})") from None
    return entries
