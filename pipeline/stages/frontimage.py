"""The cover's front image: a publisher's PNG, JPEG or SVG, read with the bounds a picture file
is read with (pipeline/puzzles/nonogram/pictures/image.py: the suffix agrees with the content,
a raster's size read from its header and refused past 50,000,000 pixels, the decoding in a
bounded child process, an SVG's drawing work counted before it is drawn), then written into the
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

from pipeline import sandbox
from pipeline.files import write_atomic
from pipeline.puzzles.nonogram.pictures import image as pictures
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
    kind = pictures.KINDS.get(file.suffix.lower())
    if kind is None:
        raise pictures.PictureError(file, f"not an image this can read: use one of {', '.join(pictures.SUFFIXES)}")
    if not file.is_file():
        raise pictures.PictureError(file, "no such file")
    data = pictures.read_picture_file(file)
    found = pictures.content_kind(data) if data else None
    if found is None:
        raise pictures.PictureError(file, f"not a readable {pictures.SHOWN[kind]} image: its content is not a PNG, JPEG or SVG image")
    if found != kind:
        raise pictures.PictureError(file, f"named {file.suffix} but its content is a {pictures.SHOWN[found]} image; give it the suffix of its content")
    try:
        if kind == "svg":
            sandbox.run_bounded(_check_svg, data, memory_bytes=pictures.DECODE_MEMORY_BYTES, cpu_seconds=pictures.DECODE_CPU_SECONDS,
                                wall_seconds=pictures.DECODE_WALL_SECONDS)
            return kind, data, None
        png, size = sandbox.run_bounded(
            _flattened, kind, data, grey, memory_bytes=pictures.DECODE_MEMORY_BYTES, cpu_seconds=pictures.DECODE_CPU_SECONDS,
            wall_seconds=pictures.DECODE_WALL_SECONDS,
        )
    except pictures._Problem as problem:
        raise pictures.PictureError(file, str(problem)) from None
    except sandbox.Bounded as bounded:
        raise pictures.PictureError(file, f"decoding it {bounded}, more than a cover image may; make it smaller or simpler") from None
    return kind, png, size


def write_front(outdir: Path, path: str, grey: bool) -> FrontImage:
    """OUTDIR/cover-front.png (or .svg) as the cover prints it."""
    kind, data, pixels = read(path, grey)
    name = f"{FRONT}.{'svg' if kind == 'svg' else 'png'}"
    write_atomic(outdir / name, data)
    return FrontImage(name, kind, pixels, hashlib.sha256(data).hexdigest())


def _check_svg(data: bytes) -> None:
    pictures._check_drawing_work(data)  # the picture reader's own count of what an SVG draws


def _flattened(kind: str, data: bytes, grey: bool) -> tuple[bytes, tuple[int, int]]:
    """In the bounded child: the raster on white, in greys when asked, as a PNG; its pixels."""
    Image.MAX_IMAGE_PIXELS = pictures.MAX_PICTURE_PIXELS
    warnings.simplefilter("error", Image.DecompressionBombWarning)
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        image = Image.open(io.BytesIO(data), formats=[pictures.PILLOW_FORMAT[kind]])
        image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise pictures._Problem(f"the image has more than {pictures.MAX_PICTURE_PIXELS:,} pixels: make it smaller") from None
    except Exception as error:  # noqa: BLE001 - Pillow raises many kinds for a broken file
        raise pictures._Problem(f"not a readable {pictures.SHOWN[kind]} image ({pictures.cleaned(error)})") from None
    image = ImageOps.exif_transpose(image)
    rgba = image.convert("RGBA")
    paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    flat = Image.alpha_composite(paper, rgba).convert("L" if grey else "RGB")
    out = io.BytesIO()
    flat.save(out, format="PNG", optimize=False)
    return out.getvalue(), flat.size
