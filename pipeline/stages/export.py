"""export: a built folder's proved puzzles as files for the web, newsletters and other puzzle tools.

    png     DEST/<id>.png and <id>-answer.png at the chosen resolution
    svg     DEST/<id>.svg and <id>-answer.svg
    html    DEST/index.html: one self-contained page (labels, puzz.link links, answers behind a toggle)
    web     DEST/index.html, DEST/<id>.html, play/, answers/: the web edition, playable (stages/web.py)
    FORMAT  DEST/<id><suffix>: any file format a type's share.py lists (pzprv3, non, xml, ...);
            puzzles of types without that format are listed as not covered, never an error

Only this issue's puzzles whose verdict is "proved" for exactly the record bytes on disk (its
record_sha256) are exported; every other one is refused by name and the rest are still exported
(the CLI then exits 1). File names come from ids, which must be plain file names, so nothing is
written outside DEST. Bad options or a folder without a manifest are refused before anything is
written.
"""

from __future__ import annotations

import base64
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from pipeline import outdir as outdir_rules, signals, trust
from pipeline.errors import OptionError, RecordError
from pipeline.manifest import Entry, Manifest, read_manifest, record_path
from pipeline.interface.puzzle_type import PuzzleType
from pipeline.files import write_atomic
from pipeline.records import load_puzzle
from pipeline.registry import puzzle_types
from pipeline.render.assets import layouts_dir
from pipeline.render.book import issue_date, rules_paragraphs
from pipeline.render.svg import Figure
from pipeline.share.formats import puzzle_title
from pipeline.share.puzzlink import puzzle_url
from pipeline.stages import web
from pipeline.units import PT_PER_IN

DRAWN = ("png", "svg", "html", "web")  # made from the drawings and play records, for puzzles of every type
DEFAULT_DPI = 150
MIN_DPI, MAX_DPI = 30, 1200
PAGE = "index.html"
SAFE_ID = re.compile(r"[a-z0-9][a-z0-9._-]*")


@dataclass(frozen=True)
class Ready:
    """A proved puzzle, read from its record."""

    entry: Entry
    record: dict[str, Any]
    ptype: PuzzleType
    puzzle: Any


@dataclass
class ExportReport:
    files: list[Path] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # "<id> (why)"
    not_covered: list[str] = field(default_factory=list)  # ids of puzzles whose type has no such file
    covering: list[str] = field(default_factory=list)  # titles of the types that have it, when some are not covered


def export(outdir: Path, dest: Path, fmt: str, dpi: int = DEFAULT_DPI) -> ExportReport:
    check_options(dest, fmt, dpi)
    manifest = read_manifest(outdir)
    report = ExportReport()
    ready = []
    for entry in manifest.puzzles("puzzle"):
        got = read_ready(outdir, entry)
        if isinstance(got, str):
            report.refused.append(f"{entry.id} ({got})")
        else:
            ready.append(got)
    covered = [item for item in ready if fmt in DRAWN or item.ptype.share.file_format(fmt)]
    report.not_covered = [item.entry.id for item in ready if item not in covered]
    if report.not_covered:
        report.covering = [ptype.title for ptype in puzzle_types().values() if ptype.share.file_format(fmt)]
    outdir_rules.claim(dest)
    outdir_rules.remove_own_parts(dest)
    write = DRAWN_WRITERS.get(fmt, _write_files)
    report.files = write(covered, dest, dpi, manifest, fmt)
    return report


def formats() -> list[str]:
    """Every format export writes: the drawn ones, then the file formats of the registered types."""
    return [*DRAWN, *sorted({f.name for ptype in puzzle_types().values() for f in ptype.share.files})]


def check_options(dest: Path, fmt: str, dpi: int) -> None:
    if fmt not in formats():
        raise OptionError(f"--format: '{fmt}' is not one of {', '.join(formats())}")
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise OptionError(f"--dpi: {dpi} is out of range ({MIN_DPI} to {MAX_DPI})")
    existing = next(path for path in (dest, *dest.parents) if path.exists())
    if not existing.is_dir():
        raise OptionError(f"--output: {existing} exists and is not a folder")
    outdir_rules.check(dest)  # like every output folder: new, empty, or made by puzzlepress
    if fmt == "png":
        try:
            import pypdfium2  # noqa: F401
        except ImportError:
            raise OptionError(
                "--format png needs pypdfium2 to turn pages into pixels; install it with pip install 'puzzlepress[export]'"
            ) from None


def read_ready(outdir: Path, entry: Entry) -> Ready | str:
    """The entry's puzzle, or why it must not be exported. The record is read once, and the
    bytes whose hash the verdict is checked against are the bytes exported, as layout does: with
    a read to hash and another to export, a record swapped in between was exported unproved."""
    if not SAFE_ID.fullmatch(entry.id):
        return "its id is not a plain file name"
    path = record_path(outdir, entry.id)
    try:
        ptype, puzzle, record, sha256 = load_puzzle(path, puzzle_types())
    except RecordError as exc:
        return f"its record cannot be read: {exc.problem}"
    problem = trust.verdict_problem(entry.verdict, sha256, entry.grade)
    if problem is not None:
        return problem
    for name in entry.describes(record):
        raise RecordError(str(path), f"field '{name}' is {record.get(name)!r} but the manifest says {getattr(entry, name)!r}")
    return Ready(entry, record, ptype, puzzle)


def _target(dest: Path, name: str) -> Path:
    """DEST/name, after making sure it is there and nowhere else."""
    path = dest / name
    if path.parent.resolve() != dest.resolve() or Path(name).name != name:
        raise OptionError(f"refusing to write {name!r}: it is not a plain file name inside {dest}")
    return path


def _write(dest: Path, name: str, data: bytes | str) -> Path:
    path = _target(dest, name)
    write_atomic(path, data)
    return path


# ---- one file per puzzle --------------------------------------------------------------------


def _write_files(items: list[Ready], dest: Path, dpi: int, manifest: Manifest, fmt: str) -> list[Path]:
    """One file a puzzle, written by its type's FileFormat of that name."""
    files = []
    for item in items:
        file_format = item.ptype.share.file_format(fmt)
        assert file_format is not None  # export() passes only puzzles whose type has it
        files.append(_write(dest, f"{item.entry.id}{file_format.suffix}", file_format.write(item.record)))
    return files


def _figures(items: list[Ready]) -> list[tuple[str, Figure]]:
    """(file stem, figure) for every puzzle and its answer, in book order."""
    return [
        (f"{item.entry.id}{suffix}", item.ptype.draw(item.puzzle, answer=answer))
        for item in items
        for answer, suffix in ((False, ""), (True, "-answer"))
    ]


def _write_svg(items: list[Ready], dest: Path, dpi: int, manifest: Manifest, fmt: str) -> list[Path]:
    return [_write(dest, f"{stem}.svg", figure.svg) for stem, figure in _figures(items)]


def _write_png(items: list[Ready], dest: Path, dpi: int, manifest: Manifest, fmt: str) -> list[Path]:
    """Every figure on a page of its own size in one WeasyPrint document, each page rasterised.

    WeasyPrint draws the SVG exactly as the booklet prints it (same engine, same fonts), and one
    document for all figures pays WeasyPrint's start-up once.
    """
    import pypdfium2
    from weasyprint import HTML

    figures = _figures(items)
    if not figures:
        return []
    # held: WeasyPrint's SVG drawing swallows an interrupt and leaves a blank figure (a Ctrl-C
    # here exited 0 with a blank PNG), as in the booklet's write (pipeline/render/pdf.py)
    with signals.held():
        data = HTML(string=_png_pages([f for _, f in figures])).write_pdf()
    pdf = pypdfium2.PdfDocument(data)
    files = []
    try:
        for index, (stem, _) in enumerate(figures):
            image = pdf[index].render(scale=dpi / PT_PER_IN, grayscale=True).to_pil()
            out = io.BytesIO()
            image.save(out, format="PNG", dpi=(dpi, dpi), optimize=True)
            files.append(_write(dest, f"{stem}.png", out.getvalue()))
    finally:
        pdf.close()
    return files


def _png_pages(figures: list[Figure]) -> str:
    sizes = sorted({(f.width_mm, f.height_mm) for f in figures})
    names = {size: f"fig{i}" for i, size in enumerate(sizes)}
    rules = "".join(f"@page {names[s]} {{ size: {s[0]}mm {s[1]}mm; margin: 0 }}\n" for s in sizes)
    body = "".join(
        f'<img style="page: {names[(f.width_mm, f.height_mm)]}; width: {f.width_mm}mm; height: {f.height_mm}mm" '
        f'src="data:image/svg+xml;base64,{base64.b64encode(f.svg.encode()).decode()}">'
        for f in figures
    )
    return f"<html><head><style>{rules} body {{ margin: 0 }} img {{ display: block }}</style></head><body>{body}</body></html>"


# ---- the web page ---------------------------------------------------------------------------


def _write_html(items: list[Ready], dest: Path, dpi: int, manifest: Manifest, fmt: str) -> list[Path]:
    return [_write(dest, PAGE, web_page(items, manifest))]


def web_page(items: list[Ready], manifest: Manifest) -> str:
    env = Environment(loader=FileSystemLoader(layouts_dir()), autoescape=select_autoescape(["j2"]))
    job = manifest.job
    puzzles = [
        {
            "id": item.entry.id,
            "number": item.entry.number,
            "title": puzzle_title(item.record),
            "url": puzzle_url(item.record),
            "puzzle_svg": _inline(item.ptype.draw(item.puzzle, answer=False).svg),
            "answer_svg": _inline(item.ptype.draw(item.puzzle, answer=True).svg),
        }
        for item in items
    ]
    kinds = {item.ptype.name: item.ptype for item in items}
    how_to_play = [{"title": p.title, "paragraphs": rules_paragraphs(p.how_to_play)} for p in kinds.values()]
    return env.get_template("export.html.j2").render(
        title=job.title, subtitle=job.subtitle, date=issue_date(job.date) if job.date else None, rules=how_to_play, puzzles=puzzles
    )


def _inline(svg: str) -> Markup:
    """A drawing of ours, trusted as HTML (it holds only numbers and shapes)."""
    return Markup(svg)


DRAWN_WRITERS: dict[str, Callable[[list[Ready], Path, int, Manifest, str], list[Path]]] = {
    "png": _write_png,
    "svg": _write_svg,
    "html": _write_html,
    "web": lambda items, dest, dpi, manifest, fmt: web.write_edition(items, dest, manifest),
}
