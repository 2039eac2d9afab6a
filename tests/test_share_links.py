"""Links on the page: `links: qr | text` beside each label, a newsletter's one code for the issue,
planned clear of the grids, refused by the page plan when the page has no room, and the printed
codes scanned back (zxing-cpp) to exactly each puzzle's puzz.link URL."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2
import pytest
import zxingcpp

from conftest import ROOT, cli, write_spec
from pipeline.errors import SpecError
from pipeline.manifest import read_manifest
from pipeline.render.book import QR_GAP_MM, PrintedLink, Printed, plan_book
from pipeline.render.figures import Drawn
from pipeline.render.geometry import page_box
from pipeline.render.svg import Figure
from pipeline.units import MM_PER_IN
from pipeline.share.qr import MIN_SYMBOL_MM
from pipeline.spec import parse_spec
from pipeline.stages.pageplan import page_problems
from pipeline.stages.styles import book_style

DPI = 300
ISSUE_PAGE = "https://example.org/weekly/2026-11-30"


def scanned(pdf: Path, page: int = 0) -> list[zxingcpp.Result]:
    image = pypdfium2.PdfDocument(pdf)[page].render(scale=DPI / 72, grayscale=True).to_pil()
    return zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)


def symbol_mm(found: zxingcpp.Result) -> float:
    corners = found.position
    return (corners.top_right.x - corners.top_left.x) / DPI * MM_PER_IN


@pytest.fixture(scope="module")
def weekly(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("weekly")
    ran = cli("build", ROOT / "configs" / "weekly.yaml", "-o", folder)
    assert ran.code == 0, ran.stderr
    return folder


def test_every_code_on_the_weekly_front_opens_its_own_puzzle(weekly: Path) -> None:
    urls = [entry.url for entry in read_manifest(weekly).puzzles("puzzle")]
    found = scanned(weekly / "booklet.pdf")
    assert sorted(f.text for f in found) == sorted(urls) and len(set(urls)) == 4
    assert all(symbol_mm(f) >= MIN_SYMBOL_MM - 0.3 for f in found)  # within a pixel or two of rasterising
    # each code beside its own puzzle: the codes read left to right, top to bottom, in puzzle order
    in_order = sorted(found, key=lambda f: (round(f.position.top_left.y / 100), f.position.top_left.x))
    assert [f.text for f in in_order] == urls
    assert not scanned(weekly / "booklet.pdf", 1)  # the back prints answers, never links


def test_the_qr_file_is_written_like_the_figures(weekly: Path) -> None:
    for entry in read_manifest(weekly).puzzles("puzzle"):
        svg = (weekly / "puzzles" / f"{entry.id}-qr.svg").read_text()
        assert svg.startswith("<svg") and "mm" in svg
    assert not list(weekly.glob("puzzles/*2026-11-23*-qr.svg"))  # last issue's answers get no codes


def test_a_layout_without_links_leaves_no_stale_code(weekly: Path, tmp_path: Path) -> None:
    folder = tmp_path / "again"
    shutil.copytree(weekly, folder)
    spec = write_spec(tmp_path, (ROOT / "configs" / "weekly.yaml").read_text().replace("links: qr", "links: none"))
    ran = cli("build", spec, "-o", folder)
    assert ran.code == 0, ran.stderr
    assert not list(folder.glob("puzzles/*-qr.svg")) and not scanned(folder / "booklet.pdf")


def slots_with_codes(tmp_path: Path, spec: str, qr_mm: float = 19.0) -> tuple[list, list[Printed]]:
    job = parse_spec(spec)
    style = book_style(job)
    figure = Figure(svg="", width_mm=70, height_mm=60, smallest_text_pt=8.5, thinnest_line_pt=0.5, grid_x_mm=20, grid_y_mm=10)
    items = [
        Printed(n, 0, f"c{n}", "Nonogram 10×10", Drawn(figure, tmp_path / "p.svg"), Drawn(figure, tmp_path / "a.svg"),
                PrintedLink(qr=tmp_path / f"q{n}.svg", qr_mm=qr_mm) if n % 2 else None)
        for n in range(1, 5)
    ]
    plan = plan_book(style, page_box(style, 9.525), [items], [], [], tmp_path)
    return plan.sheets[0].slots, items


def test_a_code_sits_in_its_label_room_and_never_on_the_picture(tmp_path: Path) -> None:
    slots, _ = slots_with_codes(tmp_path, "title: t\nseed: s\nsections: [{type: nonogram, size: 10, count: 4, per_page: 4}]")
    coded = [s for s in slots if s.qr_src]
    assert len(coded) == 2
    for s in slots:
        assert s.label >= 19.0 + QR_GAP_MM  # every label of the section keeps the code's room: grids stay in line
        assert s.image_y >= s.y + s.label - 0.01
    for s in coded:
        assert s.x <= s.qr_x and s.qr_x + s.qr_mm <= s.x + s.span + 0.01  # inside its slot's width
        assert s.y <= s.qr_y and s.qr_y + s.qr_mm + QR_GAP_MM <= s.image_y + 0.01  # above its picture, with a gap
        assert s.text_span == pytest.approx(s.span - s.qr_mm - QR_GAP_MM)  # the text keeps clear of the code


def test_codes_cost_a_section_no_cell_size_when_the_page_has_room() -> None:
    from test_layout_pages import printed_cell

    plain = "title: t\nseed: s\nsections: [{type: nonogram, size: 15, count: 2}]"
    assert printed_cell(plain + "\nlinks: qr") == printed_cell(plain)  # one 15x15 a page: 9 mm cells either way


def test_a_page_without_room_for_the_codes_is_refused_before_generating(tmp_path: Path) -> None:
    section = "sections: [{type: nonogram, size: 15, count: 2, cell: 5mm, per_page: 2}]"
    assert page_problems(parse_spec(f"title: t\nseed: s\n{section}")) == []
    problems = page_problems(parse_spec(f"title: t\nseed: s\nlinks: qr\n{section}"))
    assert len(problems) == 1 and "QR code" in problems[0]
    out = tmp_path / "out"
    ran = cli("build", write_spec(tmp_path, f"title: t\nseed: s\n{section.replace('count: 2', 'count: 2, links: qr')}"), "-o", out)
    assert ran.code == 2 and "Traceback" not in ran.stderr and "sections[0]" in ran.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"format: book\nlinks: {{issue_page: {ISSUE_PAGE}}}", "links.issue_page: the issue's one code prints on a newsletter's front"),
        ("links: {puzzles: qr, issue_page: 'example.org/x'}", "is not a web address"),
        ("links: qrcode", "links: Input should be 'none', 'qr' or 'text'"),
        ("links: {puzzels: qr}", "did you mean 'puzzles'"),
    ],
)
def test_bad_links_are_named(text: str, message: str) -> None:
    with pytest.raises(SpecError) as raised:
        parse_spec(f"title: t\nseed: s\ndate: 2026-11-30\n{text}\nsections: [{{type: nonogram, size: 5, count: 1}}]")
    assert message in str(raised.value)


def test_a_section_may_print_its_links_otherwise_than_the_job() -> None:
    job = parse_spec("title: t\nseed: s\nlinks: qr\nsections: [{type: nonogram, size: 5, count: 1}, {type: kuralin, size: 5, count: 1, links: text}]")
    assert [job.link_style(0), job.link_style(1)] == ["qr", "text"]
    assert parse_spec("title: t\nseed: s\nsections: [{type: nonogram, size: 5, count: 1}]").link_style(0) == "none"


def test_a_newsletter_prints_one_code_for_its_issue_page_and_text_links(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, f"""title: Post
date: 2026-11-30
format: newsletter
page: Letter
answers: none
front_matter: {{how_to_play: false}}
links: {{puzzles: text, issue_page: "{ISSUE_PAGE}"}}
sections: [{{type: nonogram, size: 5, count: 1}}]
""")
    ran = cli("build", spec, "-o", tmp_path / "out")
    assert ran.code == 0, ran.stderr
    assert [f.text for f in scanned(tmp_path / "out" / "booklet.pdf")] == [ISSUE_PAGE]
    text = pypdfium2.PdfDocument(tmp_path / "out" / "booklet.pdf")[0].get_textpage().get_text_range()
    url = read_manifest(tmp_path / "out").puzzles("puzzle")[0].url
    assert url.removeprefix("https://") in "".join(text.split())  # the printed link, wrapped where it must be
    assert "example.org/weekly/2026-11-30" in "".join(text.split())
