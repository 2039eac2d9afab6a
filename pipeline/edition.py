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

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from pipeline import safeio, schemas
from pipeline.errors import RecordError, StageError
from pipeline.files import sha256_bytes, sha256_file, write_atomic
from pipeline.manifest import Entry, Manifest, record_path
from pipeline.records import read_json
from pipeline.registry import puzzle_types
from pipeline.spec import JobSpec
from pipeline.versions import environment

EDITION = "edition.json"
# 2: a digest covers the whole edition (an edited job reprinted other PDFs, reported as a bug
# in puzzlepress), and cover.pdf has one. Format 1 editions are still read, without the digest.
FORMAT = 2
READ_FORMATS = (1, 2)
PDFS = ("booklet.pdf", "answers.pdf", "booklet-imposed.pdf", "cover.pdf")
# An edition holds every manifest entry of its book and its record: about twice the manifest,
# whose bound (safeio.MANIFEST_BYTES, 64 MB) is what a folder's largest book can be read back
# with. A 3,300-puzzle book's edition was 4.2 MB, refused by the 4 MB record bound it was read with.
EDITION_BYTES = 2 * safeio.MANIFEST_BYTES + 32_000_000


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


def book_fonts(outdir: Path) -> dict[str, str]:
    """The embedded fonts an edition of OUTDIR records: its first PDF's (the booklet's)."""
    pdfs = [outdir / name for name in PDFS if (outdir / name).is_file()]
    return embedded_fonts(pdfs[0]) if pdfs else {}


class Edition(BaseModel):
    """edition.json as read back: checked whole before anything is written."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: int
    made_with: schemas.MadeWith
    generators: dict[str, str]
    job: JobSpec
    # {"entry": manifest entry, "record": the record file's text}: the text, not parsed JSON, so a
    # reprint writes back exactly the bytes the verdict was made for
    puzzles: list[schemas.EditionPuzzle]
    outputs: dict[str, str]  # PDF name -> SHA-256
    digest: str | None = None  # SHA-256 of everything else (format 2 on)
    _intact: bool = PrivateAttr(default=True)  # the digest matches (or a format 1 edition has none)

    def refuse_if_edited(self, path: Path) -> None:
        if not self._intact:
            raise RecordError(
                str(path), "the edition's content does not match its digest: it was edited after it was written "
                "(its job, entries, versions or PDF digests); nothing is reprinted"
            )


def digest_of(data: dict[str, Any]) -> str:
    """The SHA-256 of an edition's content without its digest, in one canonical JSON form."""
    content = {key: value for key, value in data.items() if key != "digest"}
    return sha256_bytes(json.dumps(content, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode())


def sealed(data: dict[str, Any]) -> dict[str, Any]:
    """The edition with the digest of its content."""
    return {**data, "digest": digest_of(data)}


def make_edition(outdir: Path, manifest: Manifest, fonts: dict[str, str] | None = None) -> dict[str, Any]:
    """The edition of OUTDIR's book; `fonts` are the booklet's embedded_fonts when the caller
    already has them (reading them back takes pypdf 2-3 s, more than the rest of an unchanged build)."""
    pdfs = [outdir / name for name in PDFS if (outdir / name).is_file()]
    if fonts is None:
        fonts = book_fonts(outdir)
    puzzles = []
    for entry in manifest.entries:
        kept = {k: v for k, v in asdict(entry).items() if k != "timings"}  # timings differ on every run
        if kept["verdict"]:
            kept["verdict"] = {k: v for k, v in kept["verdict"].items() if k in ("status", "record_sha256")}
        text = safeio.read_bounded(record_path(outdir, entry.id), safeio.RECORD_BYTES).decode("utf-8")
        puzzles.append({"entry": kept, "record": text})
    return sealed({
        "format": FORMAT,
        "made_with": {**environment(), "fonts": fonts},
        "generators": {name: f"{name}/{ptype.version}" for name, ptype in puzzle_types().items()},
        "job": manifest.job.model_dump(mode="json"),
        "puzzles": puzzles,
        "outputs": {pdf.name: sha256_file(pdf) for pdf in pdfs},
    })


def write_edition(outdir: Path, manifest: Manifest, fonts: dict[str, str] | None = None) -> dict[str, Any]:
    """Write OUTDIR/edition.json; returns what it holds."""
    edition = make_edition(outdir, manifest, fonts)
    # keys sorted: an entry read back from disk and one just made hold the same stats in other orders
    text = json.dumps(edition, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"
    if len(text.encode()) > EDITION_BYTES:
        raise StageError(f"{outdir / EDITION}: the edition would be {len(text.encode()):,} bytes, more than the {EDITION_BYTES:,} a reprint reads; split the book")
    write_atomic(outdir / EDITION, text)
    return edition


def read_edition(path: Path) -> Edition:
    """An edition file, validated whole (types, format, digest); RecordError names the file and
    what is wrong."""
    data = read_json(path, EDITION_BYTES)
    if isinstance(data, dict) and data.get("format") not in READ_FORMATS and isinstance(data.get("format"), int):
        raise RecordError(str(path), f"edition format {data['format']}; this puzzlepress reads formats {', '.join(map(str, READ_FORMATS))}")
    try:
        edition = Edition.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        place = ".".join(map(str, first["loc"]))
        raise RecordError(str(path), f"not an edition file: {place}: {first['msg']}") from None
    edition._intact = edition.format < 2 or edition.digest == digest_of(data)
    return edition


def entries_of(edition: Edition) -> list[Entry]:
    """The edition's manifest entries, verdicts cleared: a reprint proves every puzzle again."""
    return [
        Entry(**{**item.entry.model_dump(exclude={"stats"}), "stats": item.entry.stats.model_dump(exclude_unset=True), "verdict": None, "timings": {}})
        for item in edition.puzzles
    ]
