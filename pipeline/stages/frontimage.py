"""The cover's front image: a publisher's PNG, JPEG or SVG, read with the bounds of
pipeline/imagefile.py (the suffix agrees with the content, a raster's size read from its header
and refused past 50,000,000 pixels, the decoding in a bounded child process, an SVG's drawing
work counted before it is drawn), then written into the
output folder as the cover prints it: a raster flattened onto white (no transparency reaches a
PDF/X file) and, for a PDF/X service, in greys; an SVG as given, drawn by the PDF engine.

Its resolution at print size is what a printer's preflight measures: the pixels along the
side that limits it when the image fills the front panel to the bleed.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageFile, ImageOps

from pipeline import imagefile
from pipeline.files import write_atomic
from pipeline.units import MM_PER_IN

LEAST_DPI = 300.0
FRONT = "cover-front"  # OUTDIR/cover-front.png or .svg


@dataclass(frozen=True)
class FrontImage:
    src: str  # relative to OUTDIR
    kind: str  # png, jpeg or svg (as given)
    pixels: tuple[int, int] | None  # None for a drawing
    sha256: str

    def dpi(self, width_mm: float, height_mm: float) -> float | None:
        """The resolution it prints at when it covers width x height mm (None: a drawing prints
        sharp at any size)."""
        if self.pixels is None:
            return None
        return round(min(self.pixels[0] / (width_mm / MM_PER_IN), self.pixels[1] / (height_mm / MM_PER_IN)), 1)


def read(path: str, grey: bool) -> tuple[str, bytes, tuple[int, int] | None]:
    """(kind, the bytes to print, pixels) of the file, checked; PictureError names the file."""
    file = Path(path)
    kind, data = imagefile.read_checked(file)
    if kind == "svg":
        imagefile.decode_bounded(file, kind, imagefile.check_drawing_work, data, what="a cover image")
        return kind, data, None
    png, size = imagefile.decode_bounded(file, kind, _flattened, kind, data, grey, what="a cover image")
    return kind, png, size


def write_front(outdir: Path, path: str, grey: bool) -> FrontImage:
    """OUTDIR/cover-front.png (or .svg) as the cover prints it."""
    kind, data, pixels = read(path, grey)
    name = f"{FRONT}.{'svg' if kind == 'svg' else 'png'}"
    write_atomic(outdir / name, data)
    return FrontImage(name, kind, pixels, hashlib.sha256(data).hexdigest())


def _flattened(kind: str, data: bytes, grey: bool) -> tuple[bytes, tuple[int, int]]:
    """In the bounded child: the raster on white, in greys when asked, as a PNG; its pixels."""
    Image.MAX_IMAGE_PIXELS = imagefile.MAX_PICTURE_PIXELS
    warnings.simplefilter("error", Image.DecompressionBombWarning)
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        image = Image.open(io.BytesIO(data), formats=[imagefile.PILLOW_FORMAT[kind]])
        image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise imagefile.Problem(f"the image has more than {imagefile.MAX_PICTURE_PIXELS:,} pixels: make it smaller") from None
    except Exception as error:  # noqa: BLE001 - Pillow raises many kinds for a broken file
        raise imagefile.Problem(f"not a readable {imagefile.SHOWN[kind]} image ({imagefile.cleaned(error)})") from None
    image = ImageOps.exif_transpose(image)
    rgba = image.convert("RGBA")
    paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    flat = Image.alpha_composite(paper, rgba).convert("L" if grey else "RGB")
    out = io.BytesIO()
    flat.save(out, format="PNG", optimize=False)
    return out.getvalue(), flat.size
