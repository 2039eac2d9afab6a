"""PDF/X as the print services ask for it: what WeasyPrint's own PDF/X variants leave out, added
to the finished PDF objects before they are written.

WeasyPrint marks a file PDF/X (GTS_PDFXVersion, Trapped, the XMP of PDF/X-4) but writes no
output intent unless the document brings a CMYK profile, writes every colour as RGB, and knows
PDF/X-1a only as its 2003 edition. So, for a PDF/X service:

- the output intent is our grey printing condition, its ICC profile embedded
  (layouts/icc/puzzlepress-grey.icc, made by tools/make_grey_icc.py: the README says why);
- every neutral RGB colour operator ("0.5 0.5 0.5 rg") becomes the grey one ("0.5 g"): the
  pages are black, white and greys, which PDF/X-1a allows only as DeviceGray or CMYK; a colour
  that is not neutral is left for the print check to refuse;
- the Lab colour spaces WeasyPrint declares in every resource dictionary, unused, are removed
  (X-1a allows no device-independent colour);
- IngramSpark's PDF/X-1a:2001 is written as PDF 1.3 with its own version and conformance keys,
  without WeasyPrint's XMP packet (PDF 1.4's, and it names the 2003 edition).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pydyf

from pipeline.render.assets import layouts_dir

GREY_PROFILE = "icc/puzzlepress-grey.icc"
CONDITION = "puzzlepress Grey, black ink, 20% dot gain"


@dataclass(frozen=True)
class Variant:
    """A PDF/X standard as a service names it."""

    name: str  # as profiles and preflight.json name it
    weasyprint: str  # WeasyPrint's pdf_variant, which writes the marker and metadata
    pdf_version: str
    info: dict[str, str]  # Info keys the standard fixes
    transparency: bool  # allowed at all


VARIANTS = {
    "pdf/x-1a:2001": Variant(
        "PDF/X-1a:2001", "pdf/x-1a", "1.3", {"GTS_PDFXVersion": "PDF/X-1:2001", "GTS_PDFXConformance": "PDF/X-1a:2001"}, False,
    ),
    "pdf/x-4": Variant("PDF/X-4", "pdf/x-4", "1.6", {"GTS_PDFXVersion": "PDF/X-4"}, True),
}

_RGB_OP = re.compile(rb"^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (rg|RG)$")


@lru_cache(maxsize=1)
def grey_profile() -> bytes:
    return (layouts_dir() / GREY_PROFILE).read_bytes()


def _to_grey(stream: pydyf.Stream) -> None:
    items = stream.stream
    for index, item in enumerate(items):
        if isinstance(item, bytes):
            found = _RGB_OP.match(item)
            if found and found.group(1) == found.group(2) == found.group(3):
                items[index] = found.group(1) + (b" g" if found.group(4) == b"rg" else b" G")


def finish(pdf_file: pydyf.PDF, variant: Variant) -> None:
    """Make the finished objects the PDF/X file the variant names (see the module docstring)."""
    for obj in pdf_file.objects:
        if isinstance(obj, pydyf.Stream):
            _to_grey(obj)
        elif isinstance(obj, dict):
            for key in ("lab-d50", "lab-d65"):
                obj.pop(key, None)
    profile = pydyf.Stream([grey_profile()], pydyf.Dictionary({"N": 1}), compress=True)
    pdf_file.add_object(profile)
    intent = pydyf.Dictionary({
        "Type": "/OutputIntent", "S": "/GTS_PDFX",
        "OutputConditionIdentifier": pydyf.String("Custom"), "OutputCondition": pydyf.String(CONDITION),
        "Info": pydyf.String(CONDITION), "RegistryName": pydyf.String("http://www.color.org"),
        "DestOutputProfile": profile.reference,
    })
    pdf_file.catalog["OutputIntents"] = pydyf.Array([intent])
    for key, value in variant.info.items():
        pdf_file.info[key] = pydyf.String(value)
    if variant.pdf_version == "1.3":  # XMP came with PDF 1.4; WeasyPrint's says X-1a:2003
        pdf_file.catalog.pop("Metadata", None)
    pdf_file.info["Trapped"] = "/False"
