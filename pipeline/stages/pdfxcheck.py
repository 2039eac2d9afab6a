"""PDF/X checked from a file's own bytes, item by item, against the standard's list.

What is read (ISO 15930-1 for PDF/X-1a:2001, ISO 15930-7 for PDF/X-4, as their summaries list
the requirements): the header's PDF version; the document information's GTS_PDFXVersion (and
GTS_PDFXConformance for X-1a), Title, CreationDate, ModDate and Trapped (True or False); the
file identifier; no encryption; one PDF/X output intent whose DestOutputProfile is an embedded
ICC output profile ('prtr') of grey or CMYK; on every page a TrimBox (or ArtBox, not both) inside
its BleedBox inside its MediaBox; every font embedded, in the pages and in the forms they draw;
no RGB or Lab colour (operators, colour spaces of pages, forms and images); for X-1a no
transparency (soft masks, constant alpha below 1, blend modes, transparency groups); for X-4 the
XMP packet naming PDF/X-4.

What is not read: the fonts' own tables (licensing bits, glyph coverage), the colour of shadings
and patterns beyond their colour space, halftones and transfer functions, OPI, the ICC
profile's tags beyond its header, and the XMP packet's full schema. Ghostscript and qpdf read
the files again in the tests (tests/test_upload_ready.py).
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:
    from pypdf import PdfReader
    from pypdf.generic import DictionaryObject

from pipeline.render.pdfx import Variant

_RGB = re.compile(rb"(?<![\w.])-?[\d.]+ -?[\d.]+ -?[\d.]+ (?:rg|RG)\b")
_DEVICE_RGB = re.compile(rb"/DeviceRGB\b|/CalRGB\b|/Lab\b")
_BOXES = ("/MediaBox", "/BleedBox", "/TrimBox")
TOLERANCE_PT = 0.01


def _obj(value: Any) -> Any:
    from pypdf.generic import IndirectObject  # deferred: pypdf costs ~0.2 s to import, and a warm build never reads a PDF
    return value.get_object() if isinstance(value, IndirectObject) else value


def _inside(inner: list[float], outer: list[float]) -> bool:
    return (inner[0] >= outer[0] - TOLERANCE_PT and inner[1] >= outer[1] - TOLERANCE_PT
            and inner[2] <= outer[2] + TOLERANCE_PT and inner[3] <= outer[3] + TOLERANCE_PT)


def _forms(resources: Any, seen: set[int]) -> Iterator[tuple[DictionaryObject, Any]]:
    """Every form and image a resource dictionary reaches, forms' own resources included:
    (XObject, its stream)."""
    from pypdf.generic import IndirectObject
    resources = _obj(resources) or {}
    for ref in (_obj(resources.get("/XObject")) or {}).values():
        if isinstance(ref, IndirectObject):
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
        xobject = _obj(ref)
        yield xobject, xobject
        if xobject.get("/Subtype") == "/Form":
            yield from _forms(xobject.get("/Resources"), seen)


def _resources_tree(page: Any) -> Iterator[Any]:
    """The page's resource dictionary and every form's under it."""
    seen: set[int] = set()
    yield _obj(page.get("/Resources")) or {}
    for xobject, _ in _forms(page.get("/Resources"), seen):
        if xobject.get("/Subtype") == "/Form":
            yield _obj(xobject.get("/Resources")) or {}


def _colour_problems(reader: PdfReader) -> list[str]:
    from pypdf.generic import ArrayObject
    problems = set()
    for number, page in enumerate(reader.pages, start=1):
        contents = page.get_contents()
        streams = [contents.get_data() if contents is not None else b""]
        seen: set[int] = set()
        for xobject, _ in _forms(page.get("/Resources"), seen):
            if xobject.get("/Subtype") == "/Form":
                streams.append(xobject.get_data())
            elif xobject.get("/Subtype") == "/Image":
                space = _obj(xobject.get("/ColorSpace"))
                name = space[0] if isinstance(space, ArrayObject) else space
                if name not in ("/DeviceGray", "/DeviceCMYK", "/Separation", "/DeviceN", "/Indexed", None) and not xobject.get("/ImageMask"):
                    problems.add(f"page {number}: an image in {name}")
        for data in streams:
            if _RGB.search(data):
                problems.add(f"page {number}: RGB colour operators")
            if _DEVICE_RGB.search(data):
                problems.add(f"page {number}: an RGB or Lab colour space in its content")
        for resources in _resources_tree(page):
            for name, space in (_obj(resources.get("/ColorSpace")) or {}).items():
                space = _obj(space)
                family = space[0] if isinstance(space, ArrayObject) else space
                if family in ("/DeviceRGB", "/CalRGB", "/Lab"):
                    problems.add(f"page {number}: colour space {name} is {family}")
                if family == "/ICCBased" and _obj(space[1]).get("/N") == 3:
                    problems.add(f"page {number}: colour space {name} is an RGB ICC profile")
    return sorted(problems)


def _transparency_problems(reader: PdfReader) -> list[str]:
    problems = set()
    for number, page in enumerate(reader.pages, start=1):
        group = _obj(page.get("/Group"))
        if group is not None and group.get("/S") == "/Transparency":
            problems.add(f"page {number}: a transparency group")
        seen: set[int] = set()
        for xobject, _ in _forms(page.get("/Resources"), seen):
            if "/SMask" in xobject:
                problems.add(f"page {number}: an image with a soft mask")
            if (_obj(xobject.get("/Group")) or {}).get("/S") == "/Transparency":
                problems.add(f"page {number}: a form in a transparency group")
        for resources in _resources_tree(page):
            for name, state in (_obj(resources.get("/ExtGState")) or {}).items():
                state = _obj(state)
                if float(state.get("/CA", 1)) < 1 or float(state.get("/ca", 1)) < 1:
                    problems.add(f"page {number}: graphics state {name} sets alpha below 1")
                if state.get("/SMask", "/None") != "/None":
                    problems.add(f"page {number}: graphics state {name} sets a soft mask")
                if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
                    problems.add(f"page {number}: graphics state {name} sets blend mode {state.get('/BM')}")
    return sorted(problems)


def _font_problems(reader: PdfReader) -> list[str]:
    missing = set()
    for page in reader.pages:
        for resources in _resources_tree(page):
            for ref in (_obj(resources.get("/Font")) or {}).values():
                font = _obj(ref)
                descendants = [_obj(d) for d in font.get("/DescendantFonts", [])]
                descriptor = next((_obj(d["/FontDescriptor"]) for d in [font, *descendants] if "/FontDescriptor" in d), {})
                if font.get("/Subtype") != "/Type3" and not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                    missing.add(str(font.get("/BaseFont", "?")))
    return sorted(missing)


def _box_problems(reader: PdfReader) -> list[str]:
    problems = []
    for number, page in enumerate(reader.pages, start=1):
        if "/TrimBox" not in page and "/ArtBox" not in page:
            problems.append(f"page {number}: no TrimBox")
            continue
        if "/TrimBox" in page and "/ArtBox" in page:
            problems.append(f"page {number}: both TrimBox and ArtBox")
        if "/BleedBox" not in page:
            problems.append(f"page {number}: no BleedBox")
            continue
        media, bleed, trim = ([float(v) for v in _obj(page[box])] for box in _BOXES)
        if not (_inside(trim, bleed) and _inside(bleed, media)):
            problems.append(f"page {number}: TrimBox {trim} not inside BleedBox {bleed} inside MediaBox {media}")
    return problems


def _output_intent(reader: PdfReader) -> str | None:
    """The problem with the PDF/X output intent, or None."""
    from pypdf.generic import StreamObject
    intents = [_obj(i) for i in _obj(reader.trailer["/Root"].get("/OutputIntents")) or []]
    ours = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    if len(ours) != 1:
        return f"{len(ours)} PDF/X output intents (one is needed)"
    intent = ours[0]
    if not intent.get("/OutputConditionIdentifier"):
        return "the output intent has no OutputConditionIdentifier"
    profile = _obj(intent.get("/DestOutputProfile"))
    if not isinstance(profile, StreamObject):
        return "the output intent embeds no ICC profile (DestOutputProfile)"
    data = profile.get_data()
    if len(data) < 128 or data[36:40] != b"acsp":
        return "DestOutputProfile is not an ICC profile"
    if data[12:16] != b"prtr" or data[16:20] not in (b"GRAY", b"CMYK"):
        return f"DestOutputProfile is a {data[12:16].decode('latin-1')} profile of {data[16:20].decode('latin-1').strip()}, not a grey or CMYK output profile"
    if int(profile.get("/N", 0)) != (1 if data[16:20] == b"GRAY" else 4):
        return "DestOutputProfile's /N does not match its colour space"
    return None


def _header_version(data: bytes) -> str:
    found = re.match(rb"%PDF-(\d\.\d)", data)
    return found.group(1).decode() if found else "none"


def problems(data: bytes, variant: Variant) -> dict[str, list[str]]:
    """Every requirement of `variant` by name, with what breaks it (empty: it holds)."""
    from pypdf import PdfReader
    reader = PdfReader(io.BytesIO(data))
    info = reader.metadata or {}
    found: dict[str, list[str]] = {}
    version = _header_version(data)
    found["PDF version"] = [] if version <= variant.pdf_version else [f"%PDF-{version}, at most {variant.pdf_version}"]
    found["info keys"] = [
        f"{key} is {str(info.get('/' + key))!r}, wants {value!r}" for key, value in variant.info.items() if str(info.get("/" + key)) != value
    ] + [f"no {key}" for key in ("/Title", "/CreationDate", "/ModDate") if not info.get(key)]
    found["Trapped"] = [] if info.get("/Trapped") in ("/True", "/False") else [f"Trapped is {info.get('/Trapped')!r}, wants True or False"]
    found["file identifier"] = [] if "/ID" in reader.trailer else ["no /ID in the trailer"]
    found["not encrypted"] = ["the file is encrypted"] if reader.is_encrypted else []
    problem = _output_intent(reader)
    found["output intent"] = [problem] if problem else []
    found["page boxes"] = _box_problems(reader)
    found["fonts embedded"] = [f"{name} is not embedded" for name in _font_problems(reader)]
    found["grey or CMYK only"] = _colour_problems(reader)
    if not variant.transparency:
        found["no transparency"] = _transparency_problems(reader)
    if variant.pdf_version >= "1.4":
        xmp = reader.xmp_metadata
        packet = xmp.stream.get_data() if xmp is not None else b""
        name = variant.info["GTS_PDFXVersion"].encode()
        found["XMP metadata"] = [] if b"GTS_PDFXVersion>" + name + b"<" in packet else [f"no XMP packet naming {name.decode()}"]
    return found

