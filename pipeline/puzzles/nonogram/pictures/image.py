"""Reading a picture: a PNG, JPEG or SVG file becomes one grey image of ink, subject cropped.

Everything after this module sees an "ink" image: Pillow mode "L", 255 where the subject is and
0 where the background is, whatever the file's colours. The subject is told from the background
by Otsu's threshold on the grey values (transparent pixels count as white paper), and the side of
the threshold that covers most of the image's border is the background: a dark shape on white
and a white shape on black both become ink on nothing.

A file is someone else's, so it is read with the bounds of pipeline/imagefile.py (content and
suffix agree, size caps, a raster's size from its header, an SVG's drawing work counted, the
decoding in a bounded child process). Each file is decoded once per process (by its content's
SHA-256) and a spec's pictures travel to the workers decoded (`PictureSet`), so no attempt decodes
a file again.
"""

from __future__ import annotations

import hashlib
import io
import os
import urllib.request
import warnings
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from PIL import Image, ImageFile, ImageOps

from pipeline import fonts, safeio
from pipeline.imagefile import (
    KINDS, MAX_PICTURE_PIXELS, MAX_SVG_BYTES, PILLOW_FORMAT, SHOWN, SUFFIXES, PictureError, Problem, bomb_pixels,
    check_drawing_work, cleaned, content_kind, decode_bounded, read_checked,
)

# SVGs are drawn this many pixels along their longer side: 512 px leaves 17 pixels per cell of a
# 30-cell line, enough for the coverage of each cell to be right within a few per cent.
SVG_PIXELS = 512
# An SVG drawn 512 pixels wide may be at most this many pixels in all: 512 x 8192, a shape 16
# times as tall as it is wide, already far past the 6:1 a 30 x 5 grid shows.
SVG_SURFACE_PIXELS = 512 * 8192
# Larger images are shrunk to this before thresholding; a grid has at most 30 cells a side.
MAX_PIXELS = 1024
# An image embedded in an SVG (a data: URL) is decoded by cairosvg: at most this many pixels.
MAX_EMBEDDED_PIXELS = 16_000_000
# A subject smaller than this on its shorter side (a dot, a hairline) is no picture: fitted to
# a grid it fills every cell (a one-pixel dot made an all-filled puzzle of "likeness 1.00").
MIN_SUBJECT_PIXELS = 5
# A folder is listed once, and at most this far: a 100,000-file folder took 342 s and was
# listed again at every attempt.
MAX_FOLDER_ENTRIES = 10_000
MAX_FOLDER_PICTURES = 1_000

# Our own reading rules, in a record's `reader`: 2 refuses trivial pictures (a dot, a bar, a
# solid block), so a record made from one by the rules before is made again.
RULES = 2


def reader_version() -> str:
    """The versions that decide the grid a publisher's file becomes, for the generator version."""
    return f"Pillow-{metadata.version('Pillow')} cairosvg-{metadata.version('cairosvg')} rules-{RULES}"


@dataclass(frozen=True)
class Decoded:
    """A picture file read: its name, the SHA-256 of its bytes, and its ink as a small PNG (the
    ink is 0 or 255 everywhere, so a 1-bit PNG holds it exactly in a few kilobytes)."""

    name: str
    sha256: str
    ink_png: bytes

    def ink(self) -> Image.Image:
        with Image.open(io.BytesIO(self.ink_png), formats=["PNG"]) as image:
            return image.convert("L")


@dataclass(frozen=True)
class PictureSet:
    """Every picture a spec's `picture: PATH` names, decoded: what workers make puzzles from."""

    path: str
    pictures: tuple[Decoded, ...]  # in name order

    def by_name(self) -> dict[str, Decoded]:
        return {picture.name: picture for picture in self.pictures}


def picture_files(path: Path | str) -> list[Path]:
    """The picture files a spec's `picture: PATH` names: the file itself, or the folder's PNG,
    JPEG and SVG files (not its subfolders) in name order. PictureError when there are none, when
    the folder is too large to list, or when a name is not UTF-8 text (it could not be printed
    under its answer nor written in a record)."""
    path = Path(path)
    if path.is_dir():
        found = sorted(_listed(path))
        if not found:
            raise PictureError(path, f"the folder holds no picture files ({', '.join(SUFFIXES)})")
        if len(found) > MAX_FOLDER_PICTURES:
            raise PictureError(path, f"the folder holds {len(found):,} picture files; at most {MAX_FOLDER_PICTURES:,} are read")
        return found
    if not path.exists():
        raise PictureError(path, "no such file or folder")
    _name_prints(path)
    return [path]


def _listed(folder: Path) -> list[Path]:
    found = []
    with os.scandir(folder) as entries:
        for count, entry in enumerate(entries, start=1):
            if count > MAX_FOLDER_ENTRIES:
                raise PictureError(folder, f"the folder holds more than {MAX_FOLDER_ENTRIES:,} entries; give a folder of the pictures alone")
            if Path(entry.name).suffix.lower() not in KINDS or not entry.is_file():
                continue
            _name_prints(folder / entry.name)
            found.append(folder / entry.name)
    return found


def _name_prints(path: Path) -> None:
    """A picture's file name prints under its answer as the picture's title: it must be text
    the book's fonts can print."""
    if not safeio.is_text(path.name):
        raise PictureError(path, "the file's name is not UTF-8 text; rename it")
    if (reason := fonts.refusal(path.stem)) is not None:
        raise PictureError(path, f"the file's name, printed as the picture's title, {reason}; rename it")


_DECODED: dict[tuple[str, str], bytes] = {}  # (kind, SHA-256 of the bytes) -> ink PNG


def decode(path: Path | str) -> Decoded:
    """A picture file read, checked and decoded to its ink, once per content in this process."""
    path = Path(path)
    kind, data = read_checked(path)
    sha256 = hashlib.sha256(data).hexdigest()
    key = (kind, sha256)
    if key not in _DECODED:
        _DECODED[key] = decode_bounded(path, kind, ink_png, kind, data)
    return Decoded(path.name, sha256, _DECODED[key])


def load_ink(path: Path | str) -> Image.Image:
    """The file's subject as an ink image, cropped to the subject's bounding box."""
    return decode(path).ink()


_SETS: dict[tuple[str, tuple[tuple[str, int, int, int, int], ...]], PictureSet] = {}


def picture_set(picture: str) -> PictureSet:
    """Every file `picture: PATH` names, decoded; listed and read again only when the folder or
    a file in it has changed since (its names, sizes and modification times)."""
    files = picture_files(picture)
    try:
        seen = tuple((p.name, *_identity(p)) for p in files)
    except OSError as error:
        raise PictureError(picture, f"cannot read the folder ({error.strerror})") from None
    key = (os.path.realpath(picture), seen)
    if key not in _SETS:
        _SETS[key] = PictureSet(str(picture), tuple(decode(path) for path in files))
    return _SETS[key]


def _identity(path: Path) -> tuple[int, int, int, int]:
    info = os.stat(path)
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


# ---- in the decoding process ------------------------------------------------------------------


def ink_png(kind: str, data: bytes) -> bytes:
    """The ink of a file's bytes, cropped to its subject, as a 1-bit PNG. Runs in the bounded
    process; Problem says what is wrong with the content."""
    Image.MAX_IMAGE_PIXELS = MAX_PICTURE_PIXELS  # this process only: past it, Pillow's warning is an error
    warnings.simplefilter("error", Image.DecompressionBombWarning)
    ImageFile.LOAD_TRUNCATED_IMAGES = False  # WeasyPrint sets it on import: a cut file is no picture
    if kind == "svg":
        data, kind = _render_svg(data), "png"
    grey = _read_grey(kind, data)
    ink = to_ink(grey)
    box = ink.getbbox()
    if box is None:
        raise Problem("the image is empty: no pixel stands out from the background")
    ink = ink.crop(box)
    if min(ink.size) < MIN_SUBJECT_PIXELS:
        raise Problem(
            f"the subject is only {ink.width}×{ink.height} pixels (a dot or a line); a picture needs at least "
            f"{MIN_SUBJECT_PIXELS} pixels each way"
        )
    if ink.getextrema() == (255, 255):
        raise Problem("the subject is a plain filled rectangle, which makes no picture")
    out = io.BytesIO()
    ink.convert("1").save(out, format="PNG")
    return out.getvalue()


def _read_grey(kind: str, data: bytes) -> Image.Image:
    """The image as grey levels on white paper (transparency composited over white)."""
    name = SHOWN[kind]
    try:
        image = Image.open(io.BytesIO(data), formats=[PILLOW_FORMAT[kind]])
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as bomb:
        raise Problem(f"the image has {bomb_pixels(bomb)} pixels; at most {MAX_PICTURE_PIXELS:,} are read: make it smaller") from None
    except Exception as error:  # noqa: BLE001 - Pillow raises many kinds for a broken header
        raise Problem(f"not a readable {name} image ({cleaned(error)})") from None
    with image:
        pixels = image.width * image.height
        if pixels > MAX_PICTURE_PIXELS:
            raise Problem(
                f"the image is {image.width:,}×{image.height:,} pixels ({pixels:,}); at most "
                f"{MAX_PICTURE_PIXELS:,} are read: make it smaller"
            )
        if pixels == 0:
            raise Problem("the image has no pixels")
        try:
            image.load()
            image = ImageOps.exif_transpose(image)
        except Exception as error:  # noqa: BLE001 - a truncated or corrupt body
            raise Problem(f"not a readable {name} image ({cleaned(error)})") from None
        if image.mode.startswith("I;16"):  # Pillow cannot shrink 16-bit grey by whole factors ("image has wrong mode")
            image = _on_white(image)
        image.thumbnail((MAX_PIXELS, MAX_PIXELS), Image.Resampling.BOX)
        return _on_white(image)


def _render_svg(data: bytes) -> bytes:
    import cairosvg  # only a publisher's SVG needs cairo; the library and PNGs do not

    check_drawing_work(data)
    surface = _surface_class(cairosvg.surface.PNGSurface)
    try:
        return surface.convert(bytestring=data, output_width=SVG_PIXELS, unsafe=False, url_fetcher=_embedded)
    except Problem:
        raise
    except Exception as error:  # noqa: BLE001 - cairosvg raises parser, value and cairo errors alike
        raise Problem(f"not a drawable SVG image ({type(error).__name__}: {cleaned(error)})") from None


def _surface_class(base: type) -> type:
    class Surface(base):  # type: ignore[misc, valid-type]
        """cairosvg's PNG surface, refusing a drawing area past SVG_SURFACE_PIXELS."""

        def _create_surface(self, width: float, height: float):  # noqa: ANN202 - cairosvg's own hook
            if width * height > SVG_SURFACE_PIXELS:
                raise Problem(
                    f"drawn {SVG_PIXELS} pixels wide it would be {width:,.0f}×{height:,.0f} pixels: its shape is "
                    "too narrow for a grid"
                )
            return super()._create_surface(width, height)

    return Surface


EMPTY_SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'


def _embedded(url: str, resource_type: str) -> bytes:
    """What an SVG may embed: data: URLs of PNG, JPEG or SVG, rasters within MAX_EMBEDDED_PIXELS.
    Anything else (a file, a web address) is drawn as nothing, as cairosvg's safe mode does."""
    if not url or not url.startswith("data:"):
        return EMPTY_SVG
    try:
        with urllib.request.urlopen(url) as response:  # a data: URL is decoded in memory
            data = response.read(MAX_SVG_BYTES + 1)
    except (ValueError, OSError) as error:
        raise Problem(f"it embeds an image that cannot be decoded ({cleaned(error)})") from None
    kind = content_kind(data)
    if kind is None:
        raise Problem("it embeds an image that is not PNG, JPEG or SVG (only those are read)")
    if kind != "svg":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                with Image.open(io.BytesIO(data), formats=[PILLOW_FORMAT[kind]]) as image:
                    pixels = image.width * image.height
            except (Image.DecompressionBombError, Image.DecompressionBombWarning) as bomb:
                raise Problem(f"it embeds an image of {bomb_pixels(bomb)} pixels; at most {MAX_EMBEDDED_PIXELS:,} are drawn") from None
            except Exception as error:  # noqa: BLE001
                raise Problem(f"it embeds a {SHOWN[kind]} image that cannot be read ({cleaned(error)})") from None
        if pixels > MAX_EMBEDDED_PIXELS:
            raise Problem(
                f"it embeds an image of {image.width:,}×{image.height:,} pixels; at most {MAX_EMBEDDED_PIXELS:,} are drawn"
            )
    return data


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
