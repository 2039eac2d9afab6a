"""Reading a picture: a PNG, JPEG or SVG file becomes one grey image of ink, subject cropped.

Everything after this module sees an "ink" image: Pillow mode "L", 255 where the subject is and
0 where the background is, whatever the file's colours. The subject is told from the background
by Otsu's threshold on the grey values (transparent pixels count as white paper), and the side of
the threshold that covers most of the image's border is the background: a dark shape on white
and a white shape on black both become ink on nothing.
"""

from __future__ import annotations

import io
from importlib import metadata
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

from pipeline import safeio
from pipeline.errors import InputError

SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
# SVGs are drawn this many pixels along their longer side: 512 px leaves 17 pixels per cell of a
# 30-cell line, enough for the coverage of each cell to be right within a few per cent.
SVG_PIXELS = 512
# Larger images are shrunk to this before thresholding; a grid has at most 30 cells a side.
MAX_PIXELS = 1024
# A picture file is read only up to this size: a 24-megapixel photo is about 10 MB as JPEG and
# 50 MB as PNG, and a spec must not be able to make us read a disk image or a device.
MAX_FILE_BYTES = 64_000_000


def reader_version() -> str:
    """The versions that decide the grid a publisher's file becomes, for the generator version."""
    return f"Pillow-{metadata.version('Pillow')} cairosvg-{metadata.version('cairosvg')}"


class PictureError(InputError):
    """A picture file cannot be read, or holds no picture; the message names the file."""

    def __init__(self, path: Path | str, problem: str):
        self.path = str(path)
        super().__init__(f"{path}: {problem}")


def picture_files(path: Path | str) -> list[Path]:
    """The picture files a spec's `picture: PATH` names: the file itself, or the folder's PNG,
    JPEG and SVG files (not its subfolders) in name order. PictureError when there are none."""
    path = Path(path)
    if path.is_dir():
        found = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES)
        if not found:
            raise PictureError(path, f"the folder holds no picture files ({', '.join(SUFFIXES)})")
        return found
    if not path.exists():
        raise PictureError(path, "no such file or folder")
    return [path]


def load_ink(path: Path | str) -> Image.Image:
    """The file's subject as an ink image, cropped to the subject's bounding box."""
    path = Path(path)
    grey = _read_grey(path)
    ink = to_ink(grey)
    box = ink.getbbox()
    if box is None:
        raise PictureError(path, "the image is empty: no pixel stands out from the background")
    return ink.crop(box)


def _read_grey(path: Path) -> Image.Image:
    """The file as grey levels on white paper (transparency composited over white)."""
    if path.suffix.lower() not in SUFFIXES:
        raise PictureError(path, f"not a picture this can read: use one of {', '.join(SUFFIXES)}")
    data = read_picture_file(path)
    if not data:
        raise PictureError(path, "the file is empty")
    if path.suffix.lower() == ".svg":
        data = _render_svg(path, data)
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            image = ImageOps.exif_transpose(image)
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as error:
        raise PictureError(path, f"not a readable PNG or JPEG image ({error})") from None
    if image.width == 0 or image.height == 0:
        raise PictureError(path, "the image has no pixels")
    image.thumbnail((MAX_PIXELS, MAX_PIXELS), Image.Resampling.BOX)
    return _on_white(image)


def read_picture_file(path: Path) -> bytes:
    """A picture file's bytes: a regular file of at most MAX_FILE_BYTES (PictureError otherwise)."""
    try:
        return safeio.read_bounded(path, MAX_FILE_BYTES)
    except safeio.Unsafe as error:
        raise PictureError(path, f"cannot read the file: {error}") from None


def _render_svg(path: Path, data: bytes) -> bytes:
    import cairosvg  # only a publisher's SVG needs cairo; the library and PNGs do not

    try:
        return cairosvg.svg2png(bytestring=data, output_width=SVG_PIXELS, unsafe=False)
    except Exception as error:  # cairosvg raises parser, value and cairo errors alike
        raise PictureError(path, f"not a drawable SVG image ({type(error).__name__}: {error})") from None


def _on_white(image: Image.Image) -> Image.Image:
    if image.mode.startswith("I;16"):
        # 16-bit grey: Pillow's conversion to "L" clips at 255 instead of scaling
        return image.convert("I").point(lambda v: v / 257).convert("L")
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(paper, rgba).convert("L")
    return image.convert("L")


def to_ink(grey: Image.Image) -> Image.Image:
    """Subject 255, background 0: Otsu's threshold, the border's side taken as background."""
    level = otsu(grey.histogram())
    dark = grey.point(lambda v: 255 if v <= level else 0)
    # the border decides which side is the subject: where most border pixels are dark, the
    # background is dark and the subject is the light side
    if _border_share(dark) > 0.5:
        return grey.point(lambda v: 255 if v > level else 0)
    return dark


def _border_share(mask: Image.Image) -> float:
    """The share of the image's outermost pixels that are set in a 0/255 mask."""
    w, h = mask.size
    strips = [(0, 0, w, 1), (0, h - 1, w, h), (0, 0, 1, h), (w - 1, 0, w, h)]
    total = set_pixels = 0
    for box in strips:
        strip = mask.crop(box)
        histogram = strip.histogram()
        total += strip.width * strip.height
        set_pixels += histogram[255]
    return set_pixels / total


def otsu(histogram: list[int]) -> int:
    """The grey level t that best splits the histogram into v <= t and v > t (Otsu 1979)."""
    counts = histogram[:256]
    total = sum(counts)
    weighted_total = sum(v * n for v, n in enumerate(counts))
    below = below_sum = 0
    best_level, best_spread = 127, -1.0
    for level in range(255):
        below += counts[level]
        below_sum += level * counts[level]
        above = total - below
        if below == 0 or above == 0:
            continue
        mean_below = below_sum / below
        mean_above = (weighted_total - below_sum) / above
        spread = below * above * (mean_below - mean_above) ** 2
        if spread > best_spread:
            best_level, best_spread = level, spread
    return best_level
