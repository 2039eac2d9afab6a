"""Upload-ready means ready: the print check decides the exit code, page counts are padded to
what the service takes, PDF/X files are PDF/X by their own bytes (and qpdf and Ghostscript read
them), and the cover gives nothing away and carries a barcode a reader decodes.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from PIL import Image
from pypdf import PdfReader

from conftest import ROOT, cli, write_spec
from pipeline.errors import SpecError
from pipeline.pages import RULE_CODES
from pipeline.render import barcode
from pipeline.render.impose import padded, saddle_order
from pipeline.render.pdfx import VARIANTS, grey_profile
from pipeline.spec import parse_spec
from pipeline.stages import pdfxcheck
from pipeline.stages.frontimage import FrontImage, read
from pipeline.stages.generate import generate
from pipeline.stages.layout import layout
from pipeline.stages.printcheck import PREFLIGHT, front_image_check, verdict
from pipeline.stages.verify import verify
from pipeline.imagefile import PictureError

ISBN = "978-0-306-40615-7"
SMALL_KDP = """\
title: Thirteen pages
seed: kdp-eleven
isbn: 978-0-306-40615-7
print: {print}
page: {{size: 6x9in, bleed: true}}
sections:
  - {{type: nonogram, size: 5, count: 7}}
  - {{type: kuralin, size: 6, count: 5}}
  - {{type: nonogram, size: 5, count: 6}}  # 13 pages and a blank, with the answers packed
"""


def build(folder: Path, spec: str) -> Path:
    generate(parse_spec(spec), folder, jobs=1)
    verify(folder, jobs=1)
    layout(folder)
    return folder


def report(folder: Path) -> dict:
    return json.loads((folder / PREFLIGHT).read_text())


# ---- the print check decides the exit code ---------------------------------------------------------


@pytest.mark.slow
def test_a_kdp_book_below_24_pages_exits_1_naming_the_page_count_and_0_when_accepted(tmp_path: Path) -> None:
    refused = write_spec(tmp_path, SMALL_KDP.format(print="kdp"), "refused.yaml")
    ran = cli("build", refused, "-o", tmp_path / "refused")
    assert ran.code == 1, ran.stderr
    failing = [line for line in ran.stderr.splitlines() if "FAILS" in line]
    assert len(failing) == 1 and "page-count" in failing[0] and "14 pages (1 blank at the end)" in failing[0]
    assert "Amazon KDP wants 24 to 828 pages" in failing[0] and "accept: [page-count]" in failing[0]
    assert "NOT upload-ready for Amazon KDP" in ran.stderr
    assert (tmp_path / "refused" / "booklet.pdf").exists()  # written, so the publisher can look
    assert report(tmp_path / "refused")["upload_ready"] is False
    stamp = json.loads((tmp_path / "refused" / ".layout-stamp.json").read_text())
    assert stamp["upload_ready"] is False
    again = cli("build", refused, "-o", tmp_path / "refused", "-q")  # a kept layout fails again; -q after the command
    assert again.code == 1 and "(unchanged, kept)" not in again.stderr and "FAILS page-count" in again.stderr

    accepted = write_spec(tmp_path, SMALL_KDP.format(print="{service: kdp, accept: [page-count]}"), "accepted.yaml")
    ran = cli("build", accepted, "-o", tmp_path / "accepted")
    assert ran.code == 0, ran.stderr
    assert "ACCEPTED page-count" in ran.stderr and "upload-ready for Amazon KDP (accepted: page-count)" in ran.stderr
    assert report(tmp_path / "accepted")["upload_ready"] is True


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("home"), SMALL_KDP.format(print="home"))


def test_print_home_has_no_service_rules(home: Path) -> None:
    found = report(home)
    assert found["rules"] is False and found["upload_ready"] is False and found["failing"] == []
    shown = verdict(home)
    assert not shown.refused and shown.lines == [f"preflight: home printing has no print service's rules; {shown.lines[0].split('; ')[1]}"]


@pytest.mark.parametrize("given, message", [
    ("{service: kdp, accept: [page-cont]}", "did you mean 'page-count'"),
    ("{service: kdp, signature: 16}", "a signature is for offset"),
    ("{service: offset, signature: 6}", "multiple of 4"),
    ("{service: kdpp}", "'home', 'kdp'"),
])
def test_a_print_choice_is_checked_with_its_place(given: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        parse_spec(SMALL_KDP.format(print=given))


def test_every_rule_the_check_writes_has_a_name_a_spec_can_accept(covered: Path) -> None:
    codes = {check["code"] for check in report(covered)["checks"]}
    assert codes <= set(RULE_CODES) and {"page-count", "pdf-variant", "fonts", "colour"} <= codes


# ---- page counts the service takes ------------------------------------------------------------------


def test_padding_is_the_imposition_s() -> None:
    assert [padded(n) for n in (1, 4, 5, 38)] == [4, 4, 8, 40]
    assert [padded(n, 2) for n in (11, 12)] == [12, 12]
    assert padded(38, 16) == 48
    assert len(saddle_order(38)) == 2 * padded(38) // 4


OFFSET = """\
title: Offset
seed: offset-38
print: {print}
page: {{size: A5}}
sections:
  - {{type: nonogram, size: 5, count: 32, per_page: 1}}  # 38 pages with the answers packed
"""


@pytest.fixture(scope="module")
def offset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("offset"), OFFSET.format(print="offset"))


@pytest.mark.slow
def test_an_offset_book_of_38_pages_comes_out_as_40(offset: Path) -> None:
    reader = PdfReader(offset / "booklet.pdf")
    found = report(offset)
    assert (len(reader.pages), found["pages"], found["blank_pages"]) == (40, 40, 2)
    for page in reader.pages[-2:]:  # blank, with the boxes of the pages on their side
        assert page.extract_text() == "" and page.trimbox == reader.pages[-4].trimbox
    shown = verdict(offset)
    assert not shown.refused and "  2 blank pages added at the end: 40 pages, a multiple of 4 for an offset printer" in shown.lines


# ---- PDF/X ---------------------------------------------------------------------------------------------


INGRAM = """\
title: Ingram
seed: ingram-x1a
isbn: 978-0-306-40615-7
print: ingramspark
cover: {price: "51999"}
page: {size: 6x9in, bleed: true, margins: {top: 15mm, bottom: 15mm, outside: 13mm}}
sections:
  - {type: nonogram, size: 5, count: 18, per_page: 1}
"""


@pytest.fixture(scope="module")
def ingram(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("ingram"), INGRAM)


def _pdfx_files(ingram: Path, offset: Path) -> list[tuple[Path, str]]:
    return [(ingram / "booklet.pdf", "pdf/x-1a:2001"), (ingram / "cover.pdf", "pdf/x-1a:2001"), (offset / "booklet.pdf", "pdf/x-4")]


@pytest.mark.slow
def test_ingramspark_and_offset_files_are_pdfx_by_their_own_bytes(ingram: Path, offset: Path) -> None:
    for path, name in _pdfx_files(ingram, offset):
        data = path.read_bytes()
        assert pdfxcheck.problems(data, VARIANTS[name]) == {item: [] for item in pdfxcheck.problems(data, VARIANTS[name])}, path
        reader = PdfReader(path)
        assert all("/TrimBox" in page and "/BleedBox" in page for page in reader.pages)
        intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
        assert intent["/DestOutputProfile"].get_object().get_data() == grey_profile()
    assert PdfReader(ingram / "booklet.pdf").metadata["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
    assert (ingram / "booklet.pdf").read_bytes().startswith(b"%PDF-1.3")
    for folder in (ingram, offset):
        assert report(folder)["upload_ready"], report(folder)["failing"]


def test_the_check_finds_what_a_plain_pdf_lacks(home: Path) -> None:
    found = pdfxcheck.problems((home / "booklet.pdf").read_bytes(), VARIANTS["pdf/x-4"])
    assert found["output intent"] and found["info keys"] and found["file identifier"] and found["XMP metadata"]
    assert any("RGB" in problem for problem in found["grey or CMYK only"])


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("qpdf") is None or shutil.which("gs") is None, reason="needs qpdf and Ghostscript (apt-get install qpdf ghostscript)")
def test_qpdf_and_ghostscript_read_the_pdfx_files(ingram: Path, offset: Path) -> None:
    for path, _ in _pdfx_files(ingram, offset):
        checked = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert checked.returncode == 0 and "No syntax or stream encoding errors" in checked.stdout, checked.stdout
        # -dUsePDFX3Profile: Ghostscript renders through the output intent's ICC profile, so it reads ours
        read_back = subprocess.run(
            ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-dPDFSTOPONERROR", "-dUsePDFX3Profile", "-sDEVICE=nullpage", str(path)],
            capture_output=True, text=True,
        )
        assert read_back.returncode == 0 and "Error" not in read_back.stdout + read_back.stderr, read_back.stdout + read_back.stderr
        assert "Warning" not in read_back.stdout + read_back.stderr


def test_the_grey_profile_is_a_grey_output_profile_littlecms_reads() -> None:
    from PIL import ImageCms

    profile = ImageCms.ImageCmsProfile(io.BytesIO(grey_profile()))
    assert (profile.profile.device_class, profile.profile.xcolor_space.strip()) == ("prtr", "GRAY")
    grey = Image.new("L", (3, 1))
    grey.putdata([0, 128, 255])
    shown = ImageCms.applyTransform(grey, ImageCms.buildTransform(profile, ImageCms.createProfile("sRGB"), "L", "RGB"))
    black, middle, white = (shown.getpixel((x, 0))[0] for x in range(3))
    # 50 % ink with 20 % dot gain prints a 70 % tone: luminance 0.3 of the paper's, sRGB 149 (188 without the gain)
    assert black == 0 and white == 255 and abs(middle - 149) <= 2


# ---- the cover ---------------------------------------------------------------------------------------


def _decode(path: Path, add_on: bool) -> list[str]:
    import zxingcpp

    image = pdfium.PdfDocument(path)[0].render(scale=600 / 72).to_pil().convert("L")
    width, height = image.size
    back_foot = image.crop((0, int(height * 0.7), width // 2, height))
    options = {"ean_add_on_symbol": zxingcpp.EanAddOnSymbol.Require} if add_on else {}
    return [found.text for found in zxingcpp.read_barcodes(back_foot, formats=zxingcpp.BarcodeFormat.EAN13, **options)]


def _cover_spec() -> str:
    """A small KDP book with book-6x9.yaml's own cover settings and ISBN."""
    config = yaml.safe_load((ROOT / "configs" / "book-6x9.yaml").read_text())
    cover = dict(config["cover"], front_image=str(ROOT / config["cover"]["front_image"]))
    return SMALL_KDP.format(print="kdp").replace(f"isbn: {ISBN}", f"isbn: {config['isbn']}") + "cover: " + json.dumps(cover) + "\n"


@pytest.fixture(scope="module")
def covered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("cover"), _cover_spec())


def _forms_on(path: Path) -> list[str]:
    resources = PdfReader(path).pages[0]["/Resources"]
    return [x.get_object()["/Subtype"] for x in resources.get("/XObject", {}).values()]


def test_book_6x9_s_cover_shows_its_image_and_a_barcode_that_decodes_to_the_isbn(covered: Path) -> None:
    config = yaml.safe_load((ROOT / "configs" / "book-6x9.yaml").read_text())
    digits = barcode.isbn_digits(config["isbn"])
    assert _decode(covered / "cover.pdf", add_on=False) == [digits]
    assert _decode(covered / "cover.pdf", add_on=True) == [digits + config["cover"]["price"]]
    assert _forms_on(covered / "cover.pdf") == ["/Image"]  # the front image
    assert parse_spec(_cover_spec()).cover.answers is False  # no answers on it (test_no_answer_on_the_cover_unless_asked)
    checks = {c["code"] + ":" + c["name"]: c for c in report(covered)["checks"]}
    image = checks["cover-image:cover front image"]
    assert image["ok"] and image["measured"].startswith("301.6 dpi (1850×2790 px)")
    assert checks["cover-size:cover"]["measured"]["barcode"] == "drawn"


def _front_middle(folder: Path) -> tuple[int, int]:
    """The grey levels between the front's title block and its author line, as a buyer sees them."""
    page = pdfium.PdfDocument(folder / "cover.pdf")[0]
    image = page.render(scale=1).to_pil().convert("L")
    width, height = image.size
    return image.crop((int(width * 0.6), int(height * 0.4), int(width * 0.95), int(height * 0.8))).getextrema()


@pytest.mark.slow
def test_no_answer_on_the_cover_unless_asked(tmp_path: Path) -> None:
    spec = SMALL_KDP.format(print="home") + "cover: true\n"
    assert _front_middle(build(tmp_path / "plain", spec)) == (255, 255)
    assert _front_middle(build(tmp_path / "answers", spec.replace("cover: true", "cover: {answers: true}")))[0] == 0


def test_kdp_gets_a_blank_box_and_ingramspark_a_barcode(ingram: Path) -> None:
    assert _decode(ingram / "cover.pdf", add_on=True) == [barcode.isbn_digits(ISBN) + "51999"]
    job = parse_spec(SMALL_KDP.format(print="kdp") + "cover: true\n")
    assert not job.cover.draws_barcode(job.print.service, job.isbn)


# 51999: checksum 3 * (5 + 9 + 9) + 9 * (1 + 9) = 159, so parity 9, LLGLG: start 1011, then
# 5 L 0110001, 1 L 0011001, 9 G 0010111, 9 L 0001011, 9 G 0010111, with 01 between digits.
@pytest.mark.parametrize("price, modules", [("51999", "1011" + "01".join(["0110001", "0011001", "0010111", "0001011", "0010111"])), ("90000", None)])
def test_the_price_add_on_is_47_modules_in_the_parity_its_checksum_picks(price: str, modules: str | None) -> None:
    found = barcode.addon_modules(price)
    assert len(found) == 47 and found.startswith("1011")
    if modules:
        assert found == modules


def test_a_front_image_below_300_dpi_fails_the_cover_image_rule(tmp_path: Path) -> None:
    path = tmp_path / "small.png"
    Image.new("RGBA", (600, 900), (200, 0, 0, 128)).save(path)
    kind, data, pixels = read(str(path), grey=True)
    flat = Image.open(io.BytesIO(data))
    assert (kind, pixels, flat.mode) == ("png", (600, 900), "L")  # flattened onto white, in greys for PDF/X
    front = FrontImage("cover-front.png", kind, pixels, "")
    dpi = front.dpi(6.125 * 25.4, 9.25 * 25.4)
    rule = front_image_check(front, dpi)
    assert (rule.code, rule.ok, dpi) == ("cover-image", False, 97.3)


@pytest.mark.parametrize("name, content, message", [
    ("front.png", b"%!PS-Adobe-3.0\n", "not a readable PNG image"),
    ("front.png", b"\xff\xd8\xff\xe0" + b"0" * 64, "its content is a JPEG image"),
    ("front.gif", b"GIF89a", "use one of"),
    ("missing.png", None, "no such file"),
])
def test_a_front_image_is_read_like_a_picture_file(tmp_path: Path, name: str, content: bytes | None, message: str) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(PictureError, match=message):
        read(str(path), grey=False)
