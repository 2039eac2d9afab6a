"""`links: {base: ...}`: the printed codes and text links open each puzzle's own page of the web
edition (`web: true` writes it beside the PDF), scanned back from the printed sheet by zxing-cpp."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cli, write_spec
from pipeline.errors import SpecError
from pipeline.manifest import read_manifest
from pipeline.spec import parse_spec
from test_share_links import scanned

BASE = "https://example.org/puzzles/"
SPEC = """\
title: The Puzzle Post
date: 2026-11-30
format: newsletter
page: Letter
web: true
links: {{base: "{base}"}}
sections:
  - {{type: nonogram, size: 10, count: 2}}
  - {{type: kuralin, size: 6, count: 1}}
  - {{type: nuritwin, size: 6, count: 1, links: text}}
"""


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("base")
    out = folder / "out"
    ran = cli("build", write_spec(folder, SPEC.format(base=BASE.rstrip("/"))), "-o", out, "-j", "1")
    assert ran.code == 0, ran.stderr
    return out


def test_every_code_opens_the_puzzles_own_page_of_the_web_edition(sheet: Path) -> None:
    entries = read_manifest(sheet).puzzles("puzzle")
    coded = [e for e in entries if e.type != "nuritwin"]
    found = sorted(f.text for f in scanned(sheet / "booklet.pdf"))
    assert found == sorted(f"{BASE}2026-11-30/{e.id}.html" for e in coded)
    for address in found:  # the page is in the edition the build wrote, and it is a player
        page = sheet / "web" / address.removeprefix(f"{BASE}2026-11-30/")
        assert page.is_file() and 'id="board"' in page.read_text()


def test_a_text_link_prints_the_page_address(sheet: Path) -> None:
    import pypdfium2

    text = pypdfium2.PdfDocument(sheet / "booklet.pdf")[0].get_textpage().get_text_range()
    nuritwin = next(e for e in read_manifest(sheet).puzzles("puzzle") if e.type == "nuritwin")
    assert f"example.org/puzzles/2026-11-30/{nuritwin.id}.html" in text.replace("\r", "").replace("\n", "")


@pytest.mark.parametrize(
    ("links", "message"),
    [
        ("{base: 'example.org/puzzles/'}", "is not a web address"),
        ("{base: 'https://example.org/" + "x" * 200 + "'}", "at most 150"),
    ],
)
def test_a_bad_base_is_named(links: str, message: str) -> None:
    with pytest.raises(SpecError) as raised:
        parse_spec(f"title: t\nseed: s\nlinks: {links}\nsections: [{{type: nonogram, size: 5, count: 1}}]")
    assert "links.base" in str(raised.value) and message in str(raised.value)


def test_a_base_alone_prints_codes() -> None:
    job = parse_spec("title: t\nseed: s\nlinks: {base: 'https://example.org/p'}\nsections: [{type: nonogram, size: 5, count: 1}]")
    assert job.links.base == "https://example.org/p/" and job.link_style(0) == "qr"
