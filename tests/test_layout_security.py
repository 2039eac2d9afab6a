"""Nothing in a spec reaches outside the job: texts print as text, WeasyPrint reads only our files."""

from __future__ import annotations

import os
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pipeline.errors import LayoutError
from pipeline.render import pdf
from pipeline.render.pdf import OUTPUT_URL, FetchRefused, RestrictedFetcher
from pipeline.spec import parse_spec
from pipeline.stages.generate import generate
from pipeline.stages.layout import layout
from pipeline.stages.verify import verify


@pytest.fixture
def roots(tmp_path: Path) -> tuple[Path, Path]:
    allowed = tmp_path / "job"
    (allowed / "puzzles").mkdir(parents=True)
    (allowed / "puzzles" / "p.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"/>')
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.txt").write_text("secret")
    return allowed, outside


def test_fetcher_serves_files_inside_its_roots(roots: tuple[Path, Path]) -> None:
    allowed, _ = roots
    response = RestrictedFetcher([allowed]).fetch((allowed / "puzzles" / "p.svg").as_uri())
    assert response.read().startswith(b"<svg") and response.content_type == "image/svg+xml"


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "http://example.com/picture.png",
        "https://example.com/style.css",
        "http://127.0.0.1:9/x.svg",
        "ftp://example.com/x",
        "data:image/svg+xml;base64,PHN2Zy8+",
        "file://otherhost/etc/passwd",
    ],
)
def test_fetcher_refuses_everything_else(url: str, roots: tuple[Path, Path]) -> None:
    with pytest.raises(FetchRefused):
        RestrictedFetcher([roots[0]]).fetch(url)


def test_the_output_url_reads_the_output_folder_and_nothing_beside_it(roots: tuple[Path, Path]) -> None:
    allowed, outside = roots
    fetcher = RestrictedFetcher([allowed], output=allowed)
    assert fetcher.fetch(OUTPUT_URL + "puzzles/p.svg").read().startswith(b"<svg")
    for url in (OUTPUT_URL + "%2E%2E/elsewhere/secret.txt", OUTPUT_URL + "../elsewhere/secret.txt"):
        with pytest.raises(FetchRefused):
            fetcher.fetch(url)
    with pytest.raises(FetchRefused):  # without an output folder the URL names no file of the job
        RestrictedFetcher([allowed]).fetch(OUTPUT_URL + "puzzles/p.svg")


def test_fetcher_refuses_escapes_by_dots_and_links(roots: tuple[Path, Path]) -> None:
    allowed, outside = roots
    fetcher = RestrictedFetcher([allowed])
    with pytest.raises(FetchRefused):
        fetcher.fetch(allowed.as_uri() + "/../elsewhere/secret.txt")
    with pytest.raises(FetchRefused):
        fetcher.fetch(allowed.as_uri() + "/%2E%2E/elsewhere/secret.txt")
    os.symlink(outside / "secret.txt", allowed / "puzzles" / "link.svg")
    with pytest.raises(FetchRefused):
        fetcher.fetch((allowed / "puzzles" / "link.svg").as_uri())


@pytest.mark.parametrize("src", ["file:///etc/hostname", "http://127.0.0.1:9/x.png", "../elsewhere/secret.txt"])
def test_a_document_reaching_outside_fails_instead_of_printing(src: str, roots: tuple[Path, Path]) -> None:
    allowed, _ = roots
    html = f'<html><body><img src="puzzles/p.svg"><img src="{src}"></body></html>'
    with pytest.raises(LayoutError, match="refused"):
        pdf.render(pdf.Source(html=html, base=allowed, roots=(allowed,)))


def test_spec_texts_print_as_text_everywhere(tmp_path: Path) -> None:
    """HTML and CSS in every printed text of the spec: nothing is fetched, all of it prints."""
    section = '</section><h1 style="color:red">X</h1><link rel=stylesheet href="http://127.0.0.1:9/x.css">'
    job = parse_spec(
        "title: '<script>alert(1)</script> Title'\n"
        "subtitle: '<img src=\"file:///etc/passwd\">'\n"
        "author: '</title><style>@page{size:A3}</style>'\n"
        "imprint: '{{ 7 * 7 }} &amp;'\n"
        "seed: s\n"
        f"sections: [{{type: nonogram, size: 5, count: 1, title: {section!r}}}]\n"
    )
    generate(job, tmp_path, jobs=1)
    verify(tmp_path, jobs=1)
    layout(tmp_path)
    document = pdfium.PdfDocument(tmp_path / "booklet.pdf")
    text = "".join("".join(page.get_textpage().get_text_range().split()) for page in document)
    for printed in (job.title, job.subtitle, job.author, job.imprint, section):
        assert "".join(printed.split()) in text
    width, height = document[0].get_size()
    assert (round(width), round(height)) == (595, 842)  # still A4: the author's CSS did nothing
