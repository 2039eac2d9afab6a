"""WeasyPrint, fenced in: a URL fetcher that reads only our own files, and reproducible PDFs.

The fetcher serves file:// URLs under the layout templates and the job's output folder and
refuses everything else (other files, http, https, data), so no text in a spec can make a build
read a file or reach the network. A refusal stops the render: a missing picture must never
print as a silently empty box.

Reproducible: the PDF carries no file identifier and its dates come from the job (the issue
date, or a fixed epoch). Font subsets are made by fontTools here (this system's HarfBuzz has no
subsetter), which stamps each subset with the current time unless SOURCE_DATE_EPOCH is set: it is
set to the job's date while writing. Fonts come from the package only (layouts/fonts: DejaVu Sans
by @font-face, and a fontconfig configuration with no system font), so the same inputs give the
same bytes on every machine with this WeasyPrint.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import mimetypes
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Sequence
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

import jinja2
import pydyf
from weasyprint import CSS, HTML, Document
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

from pipeline import __version__, safeio, signals
from pipeline.errors import LayoutError
from pipeline.render import pdfx
from pipeline.render.assets import layouts_dir
from pipeline.render.geometry import PageBox
from pipeline.render.impose import PageSource
from pipeline.units import MM_PER_IN, PT_PER_IN, PT_PER_PX
from pipeline.render.inks import Colour, stream_colours
from pipeline.render.join import PaintedPart, plain, stream_data

EPOCH = dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc)  # for jobs without a date
SOURCE_DATE_EPOCH = "SOURCE_DATE_EPOCH"
MAX_RESOURCE_BYTES = 64_000_000  # fonts and figures; the largest layout asset is under 1 MB
# The document's base URL, the same for every output folder, which the fetcher maps to the real
# one: WeasyPrint names a raster image in the PDF by a digest of its URL, so with the folder's own
# URL the same cover (its front picture) came out as other bytes in another folder.
OUTPUT_URL = "file:///puzzlepress-output/"


class FetchRefused(PermissionError):
    """A resource outside the allowed folders, or not a local file at all."""


class RestrictedFetcher(URLFetcher):
    """Serves local files under `roots` only; URLs under OUTPUT_URL from the `output` folder."""

    def __init__(self, roots: Sequence[Path], output: Path | None = None):
        super().__init__(allow_redirects=False, fail_on_errors=True)
        self.roots = tuple(root.resolve() for root in roots)
        self.output = output

    def allowed_path(self, url: str) -> Path:
        parts = urlsplit(url)
        if parts.scheme.lower() != "file":
            raise FetchRefused(f"refused {url!r}: only files of the job and its layout are read")
        if parts.netloc not in ("", "localhost"):
            raise FetchRefused(f"refused {url!r}: a file on another host")
        if self.output is not None and url.startswith(OUTPUT_URL):
            path = (self.output / url2pathname(unquote(urlsplit(url[len(OUTPUT_URL):]).path))).resolve()
        else:
            path = Path(url2pathname(unquote(parts.path))).resolve()
        if not any(path.is_relative_to(root) for root in self.roots):
            raise FetchRefused(f"refused {url!r}: outside the layout assets and the output folder")
        return path

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        path = self.allowed_path(url)
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        try:
            body = safeio.read_bounded(path, MAX_RESOURCE_BYTES)
        except safeio.Unsafe as exc:
            raise FetchRefused(f"refused {url!r}: it {exc}") from None
        return URLFetcherResponse(path.as_uri(), body=body, headers={"Content-Type": mime})


@functools.cache
def templates() -> jinja2.Environment:
    """Jinja with autoescape on everywhere: a title holding HTML or CSS prints as text. One for
    the process, which keeps the templates it compiled: a new one for each part compiled
    book.html.j2 and its includes again, 0.22 s of CPU for the 1,000-puzzle book's parts' HTML
    where it is now 0.05 s."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(layouts_dir()),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def moment(day: dt.date | None) -> dt.datetime:
    """The instant a document is dated: midnight UTC of the issue date, or the fixed epoch."""
    return EPOCH if day is None else dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc)


def pdf_date(day: dt.date | None) -> str:
    """The W3C date WeasyPrint writes as CreationDate and ModDate."""
    return moment(day).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Source:
    """An HTML document and the folders it may read from."""

    html: str
    base: Path  # relative URLs (puzzles/<id>.svg) resolve against this folder
    roots: tuple[Path, ...]


FONTS_CONF = "fonts/fonts.conf"


@contextlib.contextmanager
def _env(name: str, value: str) -> Iterator[None]:
    saved = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if saved is None:
            del os.environ[name]
        else:
            os.environ[name] = saved


def package_fonts() -> FontConfiguration:
    """A font configuration that knows no system font: fontconfig reads our empty config (it
    reads FONTCONFIG_FILE when the configuration is made), and print.css adds the package's
    DejaVu Sans by @font-face. Every machine then lays out with the same font files."""
    with _env("FONTCONFIG_FILE", str(layouts_dir() / FONTS_CONF)):
        return FontConfiguration()


def render(source: Source) -> Document:
    """Lay the document out into pages (no PDF yet), with the package's fonts only."""
    fetcher = RestrictedFetcher((layouts_dir(), *source.roots), output=source.base.resolve())  # print.css and its fonts: from the layouts
    fonts = package_fonts()
    try:
        css = CSS(filename=str(layouts_dir() / "print.css"), url_fetcher=fetcher, font_config=fonts)
        html = HTML(string=source.html, base_url=OUTPUT_URL, url_fetcher=fetcher)
        return html.render(stylesheets=[css], font_config=fonts)
    except FatalURLFetchingError as exc:
        raise LayoutError(f"layout could not read a resource: {exc.__cause__ or exc}") from None
    except OSError as exc:
        if exc.filename:
            raise
        # WeasyPrint writes the @font-face fonts into a temporary folder: a full disk there named no path
        raise OSError(exc.errno, exc.strerror or str(exc), f"{tempfile.gettempdir()} (the PDF engine's temporary fonts)") from None


def _source_date(moment: dt.datetime) -> contextlib.AbstractContextManager[None]:
    """fontTools stamps every font subset it saves with the time now, unless SOURCE_DATE_EPOCH
    says otherwise: pin it while the PDF is written, then put the environment back."""
    return _env(SOURCE_DATE_EPOCH, str(int(moment.timestamp())))


def _reference_number(reference: bytes | str) -> int:
    return int(_to_text(reference).split()[0])


def _to_text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


@dataclass
class Written:
    data: bytes
    pages: list[PageSource]  # for imposition


# A font name's "ABCDEF+" prefix tells a reader that the font is a subset (PDF 32000, 9.6.4).
SUBSET_TAG = re.compile(rb"^/[A-Z]{6}\+")


def _untag_full_fonts(pdf_file: pydyf.PDF) -> None:
    """WeasyPrint tags every font as a subset, even one it embedded whole; a printer's preflight
    believes the tag, so a whole font must not carry one."""
    for obj in pdf_file.objects:
        if isinstance(obj, dict):
            for key in ("BaseFont", "FontName"):
                name = obj.get(key)
                if isinstance(name, bytes):
                    obj[key] = SUBSET_TAG.sub(b"/", name)


def _pt(mm: float) -> float:
    return mm * PT_PER_IN / MM_PER_IN


def _finisher(box: PageBox, full_fonts: bool, first_page: int = 1, variant: str | None = None) -> Callable[[Document, pydyf.PDF], None]:
    """Runs on the finished PDF objects before they are written.

    It sets each page's BleedBox to the trim plus the real bleed on the edges that have it
    (WeasyPrint puts it up to 10 pt beyond the trim on every side, wrong for a 9 pt bleed, when
    crop marks widen the media, and for KDP, whose bleed is on every edge but the bound one),
    cuts the MediaBox back to the trim on an edge without bleed, names whole fonts as whole, and
    makes the file the PDF/X `variant` asks for (pdfx.finish).
    The document's first page is page `first_page` of the book: it decides which edge is bound.
    """

    def finish(document: Document, pdf_file: pydyf.PDF) -> None:
        if full_fonts:
            _untag_full_fonts(pdf_file)
        if variant is not None:
            pdfx.finish(pdf_file, pdfx.VARIANTS[variant])
        for number, ref in enumerate(pdf_file.pages["Kids"][::3], start=first_page):
            page = pdf_file.objects[ref]
            x0, y0, x1, y1 = (float(v) for v in page["TrimBox"])
            left, right = ("inside", "outside") if box.inside_is_left(number) else ("outside", "inside")
            bleed = [x0 - _pt(box.bleed_on(left)), y0 - _pt(box.bleed_on("bottom")), x1 + _pt(box.bleed_on(right)), y1 + _pt(box.bleed_on("top"))]
            page["BleedBox"] = pydyf.Array(bleed)
            media = [float(v) for v in page["MediaBox"]]
            for index, edge in ((0, left), (1, "bottom"), (2, right), (3, "top")):
                if edge not in box.bleed_edges and box.bleed:
                    media[index] = (x0, y0, x1, y1)[index]
            page["MediaBox"] = pydyf.Array(media)

    return finish


def page_sources(pdf_file: pydyf.PDF) -> list[PageSource]:
    """What imposition needs of each page of a finished PDF."""
    pages = []
    for ref in pdf_file.pages["Kids"][::3]:
        page = pdf_file.objects[ref]
        content = pdf_file.objects[_reference_number(page["Contents"])]
        trim = tuple(float(v) for v in page["TrimBox"])
        pages.append(PageSource(content.data, _to_text(page["Resources"]).encode(), trim))
    return pages


def _options(full_fonts: bool, variant: str | None) -> dict[str, object]:
    # PDF/X requires a file identifier; pydyf's is an MD5 of the content, so it stays reproducible.
    options: dict[str, object] = {"pdf_identifier": variant is not None, "uncompressed_pdf": False, "full_fonts": full_fonts, "pdf_variant": None}
    if variant is not None:
        options.update(pdf_variant=pdfx.VARIANTS[variant].weasyprint, pdf_version=pdfx.VARIANTS[variant].pdf_version)
    return options


def write(document: Document, day: dt.date | None, box: PageBox, full_fonts: bool, variant: str | None = None) -> Written:
    """The PDF: no file identifier (one from the content for PDF/X), fonts embedded (whole, or as subsets of the glyphs used),
    every date from `day`, the BleedBox the bleed beyond the TrimBox on the edges that have it,
    and the PDF variant (PDF/X) the print service asks for."""
    pages: list[PageSource] = []
    finish = _finisher(box, full_fonts, variant=variant)

    def finish_and_note(document: Document, pdf_file: pydyf.PDF) -> None:
        finish(document, pdf_file)
        pages.extend(page_sources(pdf_file))

    # held: WeasyPrint's SVG drawing swallows an interrupt and leaves a blank figure.
    with signals.held(), _source_date(moment(day)):
        data = document.write_pdf(finisher=finish_and_note, **_options(full_fonts, variant))
    return Written(data, pages)


def smallest_text_pt(document: Document) -> float:
    """The smallest font size any text on the pages is set in (running heads and labels too)."""
    smallest = float("inf")
    for page in document.pages:
        stack = [page._page_box]
        while stack:
            node = stack.pop()
            if type(node).__name__ == "TextBox" and node.text.strip():
                smallest = min(smallest, node.style["font_size"] * PT_PER_PX)
            stack.extend(getattr(node, "children", ()))
    return round(smallest, 2)


def render_part(source: Source, first_page: int, day: dt.date | None, box: PageBox, full_fonts: bool, variant: str | None) -> PaintedPart:
    """A part of a book, pages `first_page` onwards, laid out and painted into PDF objects that
    join.join_parts numbers into one file. Runs in a worker process: WeasyPrint lays out one
    document per process, so a book split into parts lays out on every core."""
    document = render(source)
    kept: dict[str, object] = {}

    def keep(document: Document, pdf_file: pydyf.PDF) -> None:
        _finisher(box, full_fonts, first_page, variant)(document, pdf_file)
        kept["pdf"] = pdf_file

        def hold(output: object, version: bytes | None, identifier: bool, compress: bool) -> None:
            kept["settings"] = (version, identifier, compress)  # what WeasyPrint chose for the variant

        pdf_file.write = hold  # the parts are written as one file by join.write_joined

    with signals.held(), _source_date(moment(day)):
        document.write_pdf(finisher=keep, **_options(full_fonts, variant))
    pdf_file = kept["pdf"]
    assert isinstance(pdf_file, pydyf.PDF)
    objects, colours = _plain_objects(pdf_file)
    anchors: dict[str, int] = {}
    for index, page in enumerate(document.pages):  # a box split over pages (rules and their example) names each
        for name in page.anchors:
            anchors.setdefault(name, index)  # its first page, where the PDF's destination points
    return PaintedPart(
        objects, pdf_file.pages.number, pdf_file.catalog.number, pdf_file.info,
        kept["settings"], len(document.pages), anchors, smallest_text_pt(document), frozenset(colours),
    )


def _plain_objects(pdf_file: pydyf.PDF) -> tuple[list[pydyf.Object], set[Colour]]:
    """The part's objects made plain (join.plain), and the colours its pages' content streams
    set, scanned here, on the bytes the booklet prints: in the serial end of the 1,000-puzzle
    book's layout the scan of the written file had cost 0.41 s of its 1.28 s print check."""
    contents = {_reference_number(pdf_file.objects[ref]["Contents"]) for ref in pdf_file.pages["Kids"][::3]}
    colours: set[Colour] = set()
    objects = []
    for obj in pdf_file.objects:
        if isinstance(obj, pydyf.Stream) and obj.number in contents:
            data = stream_data(obj)
            colours |= stream_colours(data)
            objects.append(plain(obj, data))
        else:
            objects.append(plain(obj))
    return objects, colours


def generator() -> str:
    return f"puzzlepress {__version__}"
