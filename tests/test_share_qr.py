"""QR codes: printed in a PDF by WeasyPrint, rasterised, and decoded back to the URL by zxing-cpp."""

from __future__ import annotations

import json
import re

import pypdfium2
import pytest
import segno
import zxingcpp
from weasyprint import HTML

from conftest import type_data
from pipeline.registry import puzzle_types
from pipeline.share.puzzlink import url_prefix
from pipeline.units import MM_PER_IN
from pipeline.share.qr import QUIET_MODULES, qr_figure

LINKED = {name: ptype for name, ptype in sorted(puzzle_types().items()) if ptype.share.link is not None}


def longest_pinned(name: str) -> str:
    pinned = json.loads((type_data(name) / "share_golden" / "urls.json").read_text())
    return max((item["url"] for item in pinned), key=len)


def longest_possible(name: str) -> str:
    """A link as long as the type's links can be on the largest of its usual grids that prints a
    page's worth (at most 15 × 15 cells), every character a body can hold a 1."""
    ptype = LINKED[name]
    params = max((p for p in ptype.presets.values() if p.rows * p.cols <= 225), key=lambda p: p.rows * p.cols)
    return url_prefix(ptype.share.link, params.rows, params.cols) + "1" * ptype.share.link.longest(params.rows, params.cols)


URLS = [longest_pinned(name) for name in LINKED]
LONGEST = [longest_possible(name) for name in LINKED]
DPI = 300



def printed_and_scanned(url: str) -> tuple[str, float, float]:
    """(decoded text, symbol width in mm as scanned, mm of white left of the symbol) from an A6 PDF page."""
    figure = qr_figure(url)
    page = f"""<html><head><style>@page {{ size: A6; margin: 10mm }} body {{ margin: 0 }}
        .label {{ display: flex; align-items: center; gap: 2mm; font: 9pt sans-serif }}</style></head>
        <body><div class="label">{figure.svg}<span>Puzzle 1: Nonogram 10×10</span></div></body></html>"""
    pdf = pypdfium2.PdfDocument(HTML(string=page).write_pdf())
    image = pdf[0].render(scale=DPI / 72, grayscale=True).to_pil()
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1
    corners = found[0].position
    width_px = corners.top_right.x - corners.top_left.x
    left_of_symbol = image.crop((int(10 / MM_PER_IN * DPI), corners.top_left.y, corners.top_left.x - 2, corners.top_left.y + 1))
    assert left_of_symbol.getextrema()[0] > 200  # white from the page margin to the symbol: the quiet zone is there
    return found[0].text, width_px / DPI * MM_PER_IN, (corners.top_left.x / DPI * MM_PER_IN) - 10


@pytest.mark.parametrize("url", [*URLS, *LONGEST], ids=[*LINKED, *(f"longest-{name}" for name in LINKED)])
def test_a_printed_code_scans_back_to_its_url(url):
    text, symbol_mm, white_mm = printed_and_scanned(url)
    assert text == url
    assert symbol_mm >= 15 - 0.3  # within a pixel or two of rasterising
    assert white_mm >= QUIET_MODULES * qr_figure(url).module_mm - 0.3


def test_the_figure_says_its_size_and_keeps_error_correction_m():
    figure = qr_figure(URLS[0])
    assert figure.symbol_mm >= 15
    assert figure.size_mm == pytest.approx(figure.symbol_mm + 2 * QUIET_MODULES * figure.module_mm)
    assert f'width="{figure.size_mm:g}mm"' in figure.svg and f'height="{figure.size_mm:g}mm"' in figure.svg
    assert set(re.findall(r"#[0-9a-fA-F]+", figure.svg)) == {"#000", "#fff"}  # black on white only
    assert qr_figure(URLS[0]) == figure  # the same URL always gives the same drawing
    assert segno.make_qr(URLS[0], error="m", boost_error=False).error == "M"
