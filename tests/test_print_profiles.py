"""Print-service profiles, bundled fonts, the copyright page and the cover.

One small KDP book (5x5 nonograms and 6x6 Kuralin, a cover, an ISBN) goes through generate, verify
and layout once; each test reads what the service, a reader or another machine would see.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

import pipeline
from conftest import ROOT, cli, write_spec
from pipeline.errors import SpecError
from pipeline.manifest import read_manifest
from pipeline.pages import PRINT_PROFILES
from pipeline.units import MM_PER_IN
from pipeline.budget import Budget
from pipeline.registry import get_type
from pipeline.render.cover import cover_box, spine_mm
from pipeline.render.strokes import apply_line_floor, thinnest_line_pt
from pipeline.render.book import Sheet, Slot
from pipeline.spec import parse_spec
from pipeline.stages.generate import generate
from pipeline.stages.cover import barcode_box, render_cover
from pipeline.stages.book import PAGE_COST, _figure_weight, _sheet_weight
from pipeline.stages.printable import draw_all, load_all
from pipeline.stages.printcheck import PREFLIGHT
from pipeline.stages.verify import verify
from pipeline.stages.layout import layout

KDP = """\
title: Pocket test
subtitle: Printed for KDP
author: A. Author
imprint: "(c) 2026 A. Author"
edition: Second edition
isbn: 978-0-306-40615-7
seed: kdp-profile-test
print: kdp
cover: true
page: {size: 6x9in, bleed: true}
sections:
  - {type: nonogram, size: 5, count: 7}
  - {type: kuralin, size: 6, count: 5}
  - {type: nonogram, size: 5, count: 6}  # 13 pages and a blank, with the answers packed
"""
HOME = KDP.replace("print: kdp\n", "").replace("cover: true\n", "")
SECTIONS = "sections:\n  - {type: nonogram, size: 5, count: 1}\n"


def build(folder: Path, spec: str) -> Path:
    generate(parse_spec(spec), folder, jobs=1)
    verify(folder, jobs=1)
    layout(folder)
    return folder


@pytest.fixture(scope="module")
def kdp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("kdp"), KDP)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("home"), HOME)


def inches(value: object) -> float:
    return round(float(value) / 72, 3)  # type: ignore[arg-type]


def preflight(folder: Path) -> dict[str, dict]:
    return {c["name"]: c for c in json.loads((folder / PREFLIGHT).read_text())["checks"]}


# ---- the spec ----------------------------------------------------------------------------------


def spec(extra: str) -> str:
    return f"title: t\nseed: s\n{extra}\n{SECTIONS}"


@pytest.mark.parametrize("extra, message", [
    ("print: kdp\npage: 5x5in", "Amazon KDP does not print 5x5in"),
    ("print: lulu\npage: {size: A4, margins: {outside: 8mm}}", r"outside is under the 0.5 in \(12.7 mm\) from the trim that Lulu wants"),
    ("isbn: 978-0-306-40615-8", "check digit 8, but its first 12 digits call for 7"),
    ("isbn: 12345", "not an ISBN-13"),
    ("print: kdp\nformat: newsletter\ndate: 2026-11-30", "a newsletter sheet is for home or offset printing"),
    ("cover: true\nformat: newsletter\ndate: 2026-11-30", "a newsletter sheet has no cover"),
])
def test_a_service_refuses_what_it_does_not_print(extra: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        parse_spec(spec(extra))


def test_the_profile_sets_crop_marks_and_explicit_page_keys_win() -> None:
    assert parse_spec(spec("print: offset")).page.crop_marks
    assert not parse_spec(spec("print: offset\npage: {size: A4, crop_marks: false}")).page.crop_marks
    assert not parse_spec(spec("print: kdp\npage: 6x9in")).page.crop_marks
    assert parse_spec(spec("isbn: 9780306406157")).isbn == "9780306406157"


# ---- KDP page geometry ------------------------------------------------------------------------


def test_kdp_bleed_is_on_top_bottom_and_outside_only(kdp: Path) -> None:
    reader = PdfReader(kdp / "booklet.pdf")
    assert len(reader.pages) >= 4
    for number, page in enumerate(reader.pages, start=1):
        trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
        assert (inches(trim.width), inches(trim.height)) == (6.0, 9.0)
        assert (inches(media.width), inches(media.height)) == (6.125, 9.25), f"page {number}"
        assert list(media) == list(bleed)
        left = inches(trim.left) - inches(bleed.left)
        right = inches(bleed.right) - inches(trim.right)
        inside, outside = (left, right) if number % 2 else (right, left)  # odd pages are bound on the left
        assert (inside, outside) == (0.0, 0.125), f"page {number}"
        assert inches(trim.bottom) - inches(bleed.bottom) == inches(bleed.top) - inches(trim.top) == 0.125


def test_without_a_profile_the_bleed_is_on_every_side(home: Path) -> None:
    page = PdfReader(home / "booklet.pdf").pages[0]
    assert (inches(page.mediabox.width), inches(page.mediabox.height)) == (6.25, 9.25)


def test_preflight_lists_every_requirement_with_its_measure(kdp: Path) -> None:
    checks = preflight(kdp)
    assert set(checks) >= {
        "trim", "bleed per edge", "margins", "gutter for the page count", "page count", "crop marks",
        "thinnest line after scaling", "smallest text", "fonts embedded", "colour space and greys", "PDF variant", "cover",
    }
    assert checks["bleed per edge"]["measured"] == {"top": 0.125, "bottom": 0.125, "outside": 0.125, "inside": 0.0}
    pages = len(PdfReader(kdp / "booklet.pdf").pages)
    assert checks["page count"]["measured"] == f"{pages} pages (1 blank at the end)" and not checks["page count"]["ok"]  # KDP prints 24 pages or more
    assert all(c["ok"] for name, c in checks.items() if name != "page count")
    report = json.loads((kdp / PREFLIGHT).read_text())
    assert (report["upload_ready"], report["failing"], report["pages"], report["blank_pages"]) == (False, ["page-count"], 14, 1)


# ---- line weights -------------------------------------------------------------------------------


def test_no_line_prints_under_three_quarters_of_a_point_for_kdp(kdp: Path, home: Path) -> None:
    assert float(preflight(kdp)["thinnest line after scaling"]["measured"].split()[0]) >= 0.75
    assert float(preflight(home)["thinnest line after scaling"]["measured"].split()[0]) < 0.75  # what it guards against
    printed = sorted((kdp / "puzzles").glob("*.print.svg"))
    assert printed, "the answers print from copies with heavier strokes"


def test_the_floor_raises_every_stroke_for_its_scale(tmp_path: Path) -> None:
    ptype = get_type("kuralin")
    params = ptype.params(rows=6, cols=6)
    figure = ptype.draw(ptype.make(params, "floor", Budget()).puzzle, answer=True)
    (tmp_path / "a.svg").write_text(figure.svg)
    scale = 0.6
    slot = Slot("1", "", "", "a.svg", round(figure.width_mm * scale, 2), round(figure.height_mm * scale, 2))
    sheet = Sheet("answers", "", [slot], height=100.0)
    assert thinnest_line_pt(figure.svg, scale) < 0.75
    drawings = {"a.svg": figure}
    measured = apply_line_floor([sheet], tmp_path, drawings, 0.75)
    assert sheet.slots[0].src == "a.print.svg"
    # the copy's drawing is named, so a book's parts weigh the figures their pages print (a KDP
    # book's parts had been cut by page count alone, its answers all in one part: 3.8 times the cost of the others)
    assert drawings["a.print.svg"].svg == (tmp_path / "a.print.svg").read_text()
    assert _sheet_weight(sheet, drawings) == PAGE_COST + _figure_weight(drawings["a.print.svg"])
    assert thinnest_line_pt((tmp_path / "a.print.svg").read_text(), scale) >= 0.75 - 1e-3
    assert measured.thinnest_line_pt >= 0.75 - 1e-3
    assert (tmp_path / "a.svg").read_text() == figure.svg  # the drawing itself is left as drawn


# ---- fonts -----------------------------------------------------------------------------------------


def test_the_same_bytes_with_no_system_fonts(kdp: Path, tmp_path: Path) -> None:
    """Another machine: fontconfig finds no font at all; the package's own make the same PDF."""
    empty = tmp_path / "fonts.conf"
    empty.write_text('<?xml version="1.0"?><fontconfig></fontconfig>')
    copy = tmp_path / "copy"
    subprocess.run(["cp", "-r", str(kdp), str(copy)], check=True)
    for name in ("booklet.pdf", "cover.pdf"):
        (copy / name).unlink()
    env = {**os.environ, "FONTCONFIG_FILE": str(empty), "PYTHONPATH": str(ROOT)}
    ran = subprocess.run([sys.executable, "-m", "pipeline", "layout", str(copy)], env=env, capture_output=True, text=True, timeout=600)
    # the test book is under KDP's 24 pages: laid out, and refused for that alone
    assert ran.returncode == 1 and ran.stderr.count("FAILS") == 1 and "FAILS page-count" in ran.stderr, ran.stderr
    for name in ("booklet.pdf", "cover.pdf"):
        assert (copy / name).read_bytes() == (kdp / name).read_bytes(), name


def test_fonts_come_from_the_package_only(kdp: Path) -> None:
    fonts = preflight(kdp)["fonts embedded"]["measured"]
    assert fonts == {"embedded": ["/DejaVu-Sans", "/DejaVu-Sans-Bold"], "not embedded": []}
    css = (ROOT / "layouts" / "print.css").read_text()
    assert "url(fonts/DejaVuSans.ttf)" in css and "url(fonts/DejaVuSans-Bold.ttf)" in css
    assert (ROOT / "layouts" / "fonts" / "LICENSE").read_text().count("Bitstream") > 0


def test_missing_pango_is_a_clear_error_before_anything_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pipeline.pdf_engine as engine

    monkeypatch.setitem(engine.LIBRARIES, "Pango", ("libpango-that-is-not-here.so.0",))
    path = write_spec(tmp_path, spec(""))
    ran = cli("build", path, "-o", tmp_path / "out")
    assert ran.code == 1 and "Pango" in ran.stderr and "apt-get install" in ran.stderr and "brew install pango" in ran.stderr
    assert not (tmp_path / "out").exists()


# ---- the copyright page ------------------------------------------------------------------------------


def test_the_copyright_page_follows_the_title_page(kdp: Path) -> None:
    text = " ".join(pdfium.PdfDocument(kdp / "booklet.pdf")[1].get_textpage().get_text_range().split())  # lines joined
    for line in ("(c) 2026 A. Author", "Second edition", "ISBN 978-0-306-40615-7", f"puzzlepress {pipeline.__version__}", "--code CODE"):
        assert line in text, line


def test_a_printed_code_rebuilds_its_puzzle(kdp: Path, tmp_path: Path) -> None:
    entry = read_manifest(kdp).puzzles("puzzle")[0]
    ran = cli("new", "nonogram", "--size", "5", "--code", entry.code, "-o", tmp_path)
    assert ran.code == 0, ran.stderr
    assert (tmp_path / "puzzles" / f"{entry.id}.json").read_bytes() == (kdp / "puzzles" / f"{entry.id}.json").read_bytes()


# ---- the cover --------------------------------------------------------------------------------------


@pytest.mark.parametrize("pages, white, cream", [(100, 0.2252, 0.25), (300, 0.6756, 0.75)])
def test_kdp_spine_for_a_page_count(pages: int, white: float, cream: float) -> None:
    kdp = PRINT_PROFILES["kdp"]
    assert spine_mm(pages, kdp, "white") == pytest.approx(white * MM_PER_IN, abs=0.001)
    assert spine_mm(pages, kdp, "cream") == pytest.approx(cream * MM_PER_IN, abs=0.001)
    box = cover_box((6 * MM_PER_IN, 9 * MM_PER_IN), pages, kdp, "white")
    assert box.width / MM_PER_IN == pytest.approx(12 + white, abs=1e-4)
    assert box.media_width / MM_PER_IN == pytest.approx(12.25 + white, abs=1e-4)


def test_spine_text_only_on_books_kdp_allows_it() -> None:
    kdp = PRINT_PROFILES["kdp"]
    assert not cover_box((152.4, 228.6), 79, kdp, "white").spine_text
    assert cover_box((152.4, 228.6), 80, kdp, "white").spine_text


def test_cover_pdf_is_two_trims_and_the_spine_of_the_final_page_count(kdp: Path) -> None:
    pages = len(PdfReader(kdp / "booklet.pdf").pages)
    page = PdfReader(kdp / "cover.pdf").pages[0]
    assert inches(page.trimbox.width) == pytest.approx(12 + pages * 0.002252, abs=0.002)
    assert inches(page.mediabox.width) == pytest.approx(12.25 + pages * 0.002252, abs=0.002)
    assert inches(page.mediabox.height) == 9.25
    text = pdfium.PdfDocument(kdp / "cover.pdf")[0].get_textpage().get_text_range()
    assert text.count("Pocket test") == 2  # front and back; no spine text on a thin book
    assert "Printed for KDP" in text and "A. Author" in text


def test_a_thick_book_gets_spine_text_and_the_barcode_box_stays_blank(kdp: Path) -> None:
    manifest = read_manifest(kdp)
    printed = draw_all(kdp, load_all(kdp, manifest.puzzles("puzzle")), lambda: None)
    document, cover, _, _ = render_cover(manifest.job, kdp, printed, 120)
    assert cover.spine_text
    rendered = pdfium.PdfDocument(document.write_pdf())
    assert rendered[0].get_textpage().get_text_range().count("Pocket test") == 3
    image = rendered[0].render(scale=1).to_pil().convert("L")
    bleed_pt = 0.125 * 72
    box = barcode_box(cover, manifest.job.profile)
    area = [round(bleed_pt + v * 72 / MM_PER_IN) for v in (box.left, box.top, box.left + box.width, box.top + box.height)]
    assert image.crop(area).getextrema() == (255, 255)
