"""The PDFs themselves, read back with pypdf and rendered to pixels with pypdfium2.

Small real jobs (5x5 and 10x10 nonograms) go through generate, verify and layout once per module;
each test then reads what a print service or a reader would see.
"""

from __future__ import annotations

import io
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from conftest import cli_process
from pipeline.manifest import read_manifest
from pipeline.render import pdf
from pipeline.render.geometry import BLEED_MM, FOOTER_MM, HEADER_MM, MARKS_SLUG_MM, PageBox, page_box
from pipeline.render.impose import impose
from pipeline.units import MM_PER_IN
from pipeline.spec import parse_spec
from pipeline.stages.styles import book_style
from pipeline.stages.generate import generate
from pipeline.stages.layout import LayoutReport, layout
from pipeline.stages.verify import verify

PT_PER_MM = 72 / MM_PER_IN
TITLE = '<b>Bold</b> & <i>co</i><style>*{color:red}</style><img src="file:///etc/passwd">'

BOOK = f"""\
title: {TITLE!r}
subtitle: Small test book
author: A. Author
imprint: "(c) 2026 A. Author"
seed: layout-test
page: {{size: 6x9in, bleed: true}}
sections:
  - {{type: nonogram, size: 5, count: 7, title: Warm-up}}
  - {{type: nonogram, size: 10, count: 3}}
"""

KEY = """\
title: Answer key apart
seed: key-test
page: {size: A5, crop_marks: true, facing: false}
answers: separate
imposition: true
sections:
  - {type: nonogram, size: 5, count: 9, per_page: 2}
"""

WEEKLY = """\
title: The Puzzle Post
date: 2026-11-30
format: newsletter
page: Letter
answers: previous
fonts: subset
sections:
  - {type: nonogram, size: 10, count: 2}
"""

SECTIONED = """\
title: Large print
seed: large-test
page: {size: A4, large_print: true}
answers: section
front_matter: {contents: true, how_to_play: false}
sections:
  - {type: nonogram, size: 5, count: 3}
  - {type: nonogram, size: 10, count: 2}
"""


@dataclass
class Built:
    folder: Path
    report: LayoutReport

    def reader(self, name: str = "booklet.pdf") -> PdfReader:
        return PdfReader(self.folder / name)

    def texts(self, name: str = "booklet.pdf") -> list[str]:
        document = pdfium.PdfDocument(self.folder / name)
        return [page.get_textpage().get_text_range().replace("\r\n", "\n") for page in document]


def build(folder: Path, spec: str) -> Built:
    job = parse_spec(spec)
    generate(job, folder, jobs=1)
    verify(folder, jobs=1)
    return Built(folder, layout(folder))


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build(tmp_path_factory.mktemp("book"), BOOK)


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build(tmp_path_factory.mktemp("key"), KEY)


@pytest.fixture(scope="module")
def weekly(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build(tmp_path_factory.mktemp("weekly"), WEEKLY)


@pytest.fixture(scope="module")
def sectioned(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build(tmp_path_factory.mktemp("sectioned"), SECTIONED)


def destinations(reader: PdfReader) -> dict[str, int]:
    """Element id -> 1-based page number, from the PDF's named destinations."""
    return {name: reader.get_destination_page_number(dest) + 1 for name, dest in reader.named_destinations.items()}


def box_mm(box: object) -> tuple[float, ...]:
    return tuple(round(float(v) / PT_PER_MM, 1) for v in box)  # type: ignore[attr-defined]


# ---- page sizes and boxes ----------------------------------------------------------------------


def test_book_pages_have_trim_and_bleed_boxes(book: Built) -> None:
    reader = book.reader()
    assert len(reader.pages) == book.report.booklet_pages == book.report.pages
    w, h, b = 6 * MM_PER_IN, 9 * MM_PER_IN, BLEED_MM
    for page in reader.pages:
        assert box_mm(page.trimbox) == pytest.approx((0, 0, w, h), abs=0.1)
        assert box_mm(page.bleedbox) == pytest.approx((-b, -b, w + b, h + b), abs=0.1)
        assert box_mm(page.mediabox) == box_mm(page.bleedbox)


def test_without_bleed_the_media_is_the_trim(weekly: Built) -> None:
    reader = weekly.reader()
    assert len(reader.pages) == 2
    for page in reader.pages:
        letter = (0, 0, 8.5 * MM_PER_IN, 11 * MM_PER_IN)
        assert box_mm(page.mediabox) == box_mm(page.trimbox) == box_mm(page.bleedbox) == pytest.approx(letter, abs=0.1)


def test_crop_marks_sit_outside_the_trim_on_a_wider_media(key: Built) -> None:
    page = key.reader().pages[0]
    slug = MARKS_SLUG_MM
    assert box_mm(page.trimbox) == box_mm(page.bleedbox) == pytest.approx((0, 0, 148, 210), abs=0.1)
    assert box_mm(page.mediabox) == pytest.approx((-slug, -slug, 148 + slug, 210 + slug), abs=0.1)
    image = render(key.folder / "booklet.pdf", 0, scale=2)
    corner = image.crop((0, 0, mm_to_px(slug, 2), mm_to_px(slug, 2)))
    assert corner.getextrema()[0][0] < 128, "a crop mark in the top-left corner"


# ---- the facing-page grid: gutter, running header, page numbers --------------------------------


def mm_to_px(mm: float, scale: float) -> int:
    return round(mm * PT_PER_MM * scale)


def render(path: Path, index: int, scale: float) -> Image.Image:
    return pdfium.PdfDocument(path)[index].render(scale=scale, grayscale=False).to_pil().convert("RGB")


def ink_columns(image: Image.Image, top: int, bottom: int) -> tuple[int, int]:
    """Leftmost and rightmost columns with ink between two rows."""
    band = image.crop((0, top, image.width, bottom)).convert("L").point(lambda v: 255 if v < 128 else 0)
    left, _, right, _ = band.getbbox()
    return left, right


def is_contents(path: Path, index: int) -> bool:
    """The contents page, whose heading names it: the one numbered page with no running head."""
    return pdfium.PdfDocument(path)[index].get_textpage().get_text_range().lstrip().startswith("Contents")


UNNUMBERED = 2  # the title page and the copyright page carry no running header and no number


def test_gutter_is_on_the_binding_side_of_odd_and_even_pages(book: Built) -> None:
    """Odd pages are right-hand pages (gutter on the left), even pages left-hand (gutter on the
    right): the running header is centred on the text block, and the page number sits at the
    outside corner."""
    job = read_manifest(book.folder).job
    g = page_box(book_style(job), book.report.gutter_mm)
    assert g.gutter == pytest.approx(0.375 * MM_PER_IN)  # 24-150 pages
    scale = 2
    bleed = BLEED_MM
    px = 1 / (PT_PER_MM * scale)  # mm per pixel
    for index in range(UNNUMBERED, book.report.booklet_pages):
        number = index + 1
        image = render(book.folder / "booklet.pdf", index, scale)
        footer_top = bleed + g.height - g.bottom - FOOTER_MM
        folio = ink_columns(image, mm_to_px(footer_top, scale), mm_to_px(footer_top + FOOTER_MM, scale))
        left_text, right_text = (g.inside, g.outside) if number % 2 else (g.outside, g.inside)
        if not is_contents(book.folder / "booklet.pdf", index):
            header = ink_columns(image, mm_to_px(bleed + g.top, scale), mm_to_px(bleed + g.top + HEADER_MM, scale))
            centre = (header[0] + header[1]) / 2 * px - bleed
            assert centre == pytest.approx((left_text + g.width - right_text) / 2, abs=1.0), f"page {number}"
        if number % 2:
            assert folio[1] * px - bleed == pytest.approx(g.width - g.outside, abs=0.6), f"page {number}"
        else:
            assert folio[0] * px - bleed == pytest.approx(g.outside, abs=0.6), f"page {number}"


def test_single_sided_pages_are_all_bound_on_the_left(key: Built) -> None:
    job = read_manifest(key.folder).job
    g = page_box(book_style(job), key.report.gutter_mm)
    scale, offset = 2, MARKS_SLUG_MM  # crop marks widen the media by the slug on every side
    px = 1 / (PT_PER_MM * scale)
    for index in range(UNNUMBERED, key.report.booklet_pages):
        image = render(key.folder / "booklet.pdf", index, scale)
        footer_top = offset + g.height - g.bottom - FOOTER_MM
        folio = ink_columns(image, mm_to_px(footer_top, scale), mm_to_px(footer_top + FOOTER_MM, scale))
        text_centre = (g.inside + g.width - g.outside) / 2
        assert g.inside > g.outside
        if not is_contents(key.folder / "booklet.pdf", index):
            header = ink_columns(image, mm_to_px(offset + g.top, scale), mm_to_px(offset + g.top + HEADER_MM, scale))
            assert (header[0] + header[1]) / 2 * px - offset == pytest.approx(text_centre, abs=1.0), f"page {index + 1}"
        assert (folio[0] + folio[1]) / 2 * px - offset == pytest.approx(text_centre, abs=1.0), f"page {index + 1}"


def test_page_numbers_print_the_real_page(book: Built) -> None:
    document = pdfium.PdfDocument(book.folder / "booklet.pdf")
    for index, page in enumerate(document):
        lines = page.get_textpage().get_text_range().split()
        if index >= UNNUMBERED:
            assert lines[-1] == str(index + 1)


# ---- contents, puzzles and answers ---------------------------------------------------------------


def test_contents_page_numbers_are_the_real_ones(book: Built) -> None:
    reader = book.reader()
    dest = destinations(reader)
    texts = book.texts()
    lines = [(m.group(1).strip(), int(m.group(2))) for m in re.finditer(r"^(\S.*?)[ .]+(\d+)\s*$", texts[UNNUMBERED], re.M)]
    contents = {text.split(" · ")[0]: page for text, page in lines}
    # every section is graded, so each section's line ends with its grades
    assert all(re.fullmatch(r".* · \d+ \w+(, \d+ \w+)*", text) for text, _ in lines if text.startswith(("Warm", "Nonogram")))
    expected = {
        "How to play Nonogram": "how-to-play-nonogram",
        "Warm-up": "section-0",
        "Nonogram 10×10": "section-1",
        "Answers": "answers-0",
    }
    assert contents == {text: dest[anchor] for text, anchor in expected.items()}
    assert re.search(r"^1 Nonogram 5×5", texts[contents["Warm-up"] - 1], re.M)
    assert re.search(r"^8 Nonogram 10×10", texts[contents["Nonogram 10×10"] - 1], re.M)
    assert "Answer 1\n" in texts[contents["Answers"] - 1] and "Answer 1\n" not in texts[contents["Answers"] - 2]


def page_kinds(texts: list[str]) -> list[set[str]]:
    return [
        {kind for kind, pattern in (("puzzle", r"^\d+ Nonogram \d+×\d+( · [★☆]+ \w+)?\s*$"), ("answer", r"^Answer \d+\s*$")) if re.search(pattern, t, re.M)}
        for t in texts
    ]


def test_no_puzzle_page_carries_an_answer(book: Built) -> None:
    kinds = page_kinds(book.texts())
    assert all(len(k) <= 1 for k in kinds)
    puzzles = [i for i, k in enumerate(kinds) if "puzzle" in k]
    answers = [i for i, k in enumerate(kinds) if "answer" in k]
    assert puzzles and answers and max(puzzles) < min(answers)  # placement: end


def answer_refs(texts: list[str]) -> dict[int, int]:
    # answers side by side extract as a line of headings over a line of page references
    return {int(n): int(p) for t in texts for n, p in zip(re.findall(r"Answer (\d+)", t), re.findall(r"puzzle on\s+page (\d+)", t))}


def test_every_answer_names_the_page_of_its_puzzle(book: Built) -> None:
    dest = destinations(book.reader())
    texts = book.texts()
    refs = answer_refs(texts)
    assert sorted(refs) == list(range(1, 11))
    for number, page in refs.items():
        assert page == dest[f"puzzle-{number}"]
        assert re.search(rf"^{number} Nonogram", texts[page - 1], re.M)


def test_answers_after_each_section_in_large_print(sectioned: Built) -> None:
    kinds = page_kinds(sectioned.texts())
    sequence = [k.pop() for k in kinds if k]
    collapsed = [kind for i, kind in enumerate(sequence) if i == 0 or sequence[i - 1] != kind]
    assert collapsed == ["puzzle", "answer", "puzzle", "answer"]
    # large print: the grids grow up to half as big again as the nonogram's 9 mm cap
    assert 1.5 <= sectioned.report.scales["sections[0]"] <= 1.5 * 9 / 5 + 1e-9
    dest = destinations(sectioned.reader())
    assert all(page == dest[f"puzzle-{n}"] for n, page in answer_refs(sectioned.texts()).items())


def test_separate_answer_key_names_booklet_pages(key: Built) -> None:
    booklet = key.texts()
    assert not any("answer" in k for k in page_kinds(booklet))
    dest = destinations(key.reader())
    refs = answer_refs(key.texts("answers.pdf"))
    assert sorted(refs) == list(range(1, 10))
    assert all(page == dest[f"puzzle-{n}"] for n, page in refs.items())
    assert key.report.answer_pages == len(key.reader("answers.pdf").pages)


def test_newsletter_prints_the_issue_on_the_front_and_last_issue_answers_on_the_back(weekly: Built) -> None:
    front, back = weekly.texts()
    assert "The Puzzle Post" in front and "30 November 2026" in front
    assert len(re.findall(r"^\d Nonogram 10×10", front, re.M)) == 2 and "Answer" not in front
    assert "How to play Nonogram" in back and "Answers to the issue of 23 November 2026" in back
    assert re.findall(r"^Answer (\d)\s*\n\s*issue of 23 November 2026", back, re.M) == ["1", "2"]
    manifest = read_manifest(weekly.folder)
    assert [e.code for e in manifest.puzzles("previous")] == ["2026-11-23.1.1", "2026-11-23.1.2"]


# ---- what the file is made of ------------------------------------------------------------------------


def fonts_in(resources: DictionaryObject, seen: set[int]) -> list[DictionaryObject]:
    """Every font used by a resource dictionary and the form XObjects (SVG pictures) inside it."""
    found = []
    for font in (resources.get("/Font") or {}).values():
        found.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        ref = xobject.idnum if hasattr(xobject, "idnum") else id(xobject)
        obj = xobject.get_object()
        if ref in seen or obj.get("/Subtype") != "/Form" or "/Resources" not in obj:
            continue
        seen.add(ref)
        found += fonts_in(obj["/Resources"].get_object(), seen)
    return found


def embedded_fonts(built: Built) -> dict[str, int]:
    """Every font the booklet uses, by name, with the glyph count of the font file embedded for it."""
    seen: set[int] = set()
    found = {}
    for page in built.reader().pages:
        for font in fonts_in(page["/Resources"].get_object(), seen):
            descriptor = (font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font).get("/FontDescriptor")
            assert descriptor is not None, font.get("/BaseFont")
            files = [descriptor.get_object()[k] for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in descriptor.get_object()]
            assert files, f"{font['/BaseFont']} is not embedded"
            found[str(font["/BaseFont"])] = drawn_glyphs(TTFont(io.BytesIO(files[0].get_object().get_data())))
    return found


def drawn_glyphs(font: TTFont) -> int:
    """Glyphs with an outline: a subset keeps the others' places but empties them."""
    glyf = font["glyf"]
    return sum(1 for name in font.getGlyphOrder() if glyf[name].numberOfContours != 0)


@pytest.mark.slow
def test_a_book_embeds_its_fonts_whole_and_says_so(book: Built) -> None:
    fonts = embedded_fonts(book)
    assert {name.lstrip("/") for name in fonts} == {"DejaVu-Sans", "DejaVu-Sans-Bold"}  # no subset tag
    assert min(fonts.values()) > 2000  # every glyph of DejaVu Sans, not only those printed


def test_a_sheet_may_ask_for_font_subsets_to_stay_small(weekly: Built) -> None:
    fonts = embedded_fonts(weekly)
    assert all(re.match(r"^/[A-Z]{6}\+DejaVu", name) for name in fonts), fonts
    assert max(fonts.values()) < 200
    assert (weekly.folder / "booklet.pdf").stat().st_size < 200_000


@pytest.mark.parametrize("name", ["book", "weekly", "key"])
def test_no_colour_anywhere(name: str, request: pytest.FixtureRequest) -> None:
    built: Built = request.getfixturevalue(name)
    document = pdfium.PdfDocument(built.folder / "booklet.pdf")
    for index in range(len(document)):
        image = document[index].render(scale=1, grayscale=False).to_pil().convert("RGB")
        red, green, blue = image.split()
        assert ImageChops.difference(red, green).getbbox() is None, f"page {index + 1}"
        assert ImageChops.difference(green, blue).getbbox() is None, f"page {index + 1}"


def test_metadata_and_no_bookmarks(book: Built) -> None:
    reader = book.reader()
    assert reader.metadata.title == TITLE
    assert reader.metadata.author == "A. Author"
    assert reader.metadata["/CreationDate"] == "D:20000101000000Z"  # no date in the spec: the fixed epoch
    assert reader.outline == []


def test_a_title_with_html_and_css_prints_as_text(book: Built) -> None:
    title_page = book.texts()[0]
    assert "".join(TITLE.split()) in "".join(title_page.split())  # the title wraps over lines


@pytest.mark.slow
def test_the_same_job_gives_the_same_bytes_in_another_folder_and_process(book: Built, tmp_path: Path) -> None:
    again = tmp_path / "again"
    shutil.copytree(book.folder, again)
    for path in again.glob("*.pdf"):
        path.unlink()
    ran = cli_process("layout", again)
    assert ran.code == 0, ran.stderr
    assert (again / "booklet.pdf").read_bytes() == (book.folder / "booklet.pdf").read_bytes()


def test_a_raster_picture_gives_the_same_bytes_in_another_folder(tmp_path: Path) -> None:
    """WeasyPrint names a raster image by a digest of its URL: a cover's front picture must not
    carry the output folder's path into the PDF."""
    written = []
    for name in ("one", "another/folder"):
        folder = tmp_path / name
        folder.mkdir(parents=True)
        Image.new("L", (40, 30), 128).save(folder / "front.png")
        document = pdf.render(pdf.Source(html='<img src="front.png" style="width: 40mm">', base=folder, roots=(folder,)))
        box = PageBox(width=100, height=150, top=10, bottom=10, outside=10, inside=10, gutter=0, bleed=0.0, crop_marks=False)
        written.append(pdf.write(document, None, box, full_fonts=False).data)
    assert b"/XObject" in written[0] and written[0] == written[1]


# ---- imposition ------------------------------------------------------------------------------------------


def numbered_booklet(folder: Path, pages: int) -> pdf.Written:
    """A plain booklet whose page k shows "page k" (with a bleed, which imposition trims off)."""
    sheets = "".join(f'<section style="break-before: page">page {k}</section>' for k in range(1, pages + 1))
    html = f"<html><head><style>@page {{ size: 100mm 150mm; bleed: 3mm; margin: 10mm }}</style></head><body>{sheets}</body></html>"
    document = pdf.render(pdf.Source(html=html, base=folder, roots=(folder,)))
    box = PageBox(width=100, height=150, top=10, bottom=10, outside=10, inside=10, gutter=0, bleed=3.0, crop_marks=False)
    return pdf.write(document, None, box, full_fonts=False)


@pytest.mark.parametrize("pages", [4, 8, 12])
def test_imposed_sheets_carry_pages_in_folding_order(pages: int, tmp_path: Path) -> None:
    written = numbered_booklet(tmp_path, pages)
    imposed = pdfium.PdfDocument(impose(written.data, written.pages))
    assert len(imposed) == pages // 2
    order = []
    for sheet in imposed:
        width, height = sheet.get_size()
        assert (round(width / PT_PER_MM), round(height / PT_PER_MM)) == (200, 150)
        text = sheet.get_textpage()
        halves = (text.get_text_bounded(0, 0, width / 2, height), text.get_text_bounded(width / 2, 0, width, height))
        order.append(tuple(int(re.search(r"page (\d+)", half).group(1)) for half in halves))
    expected = [(pages - 2 * k, 2 * k + 1) if side == 0 else (2 * k + 2, pages - 2 * k - 1) for k in range(pages // 4) for side in (0, 1)]
    assert order == expected


def test_imposed_booklet_from_the_layout_stage(key: Built) -> None:
    booklet = key.reader()
    imposed = key.reader("booklet-imposed.pdf")
    sheets = -(-len(booklet.pages) // 4) * 2
    assert len(imposed.pages) == sheets
    trim = booklet.pages[0].trimbox
    for sheet in imposed.pages:
        assert float(sheet.mediabox.width) == pytest.approx(2 * float(trim.width))
        assert float(sheet.mediabox.height) == pytest.approx(float(trim.height))
    assert imposed.metadata.title == "Answer key apart"
