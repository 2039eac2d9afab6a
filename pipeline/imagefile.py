"""Reading an image file someone else made, with bounds: a picture a Nonogram is drawn from, a
cover's front image.

Only PNG, JPEG and SVG content is read, and only when the content and the name's suffix agree (a
`.png` holding PostScript would have started Ghostscript through Pillow); a file is read up to its
kind's size cap; a raster's size is refused above MAX_PICTURE_PIXELS; an SVG's drawing work is
counted before anything draws it; and the decoding itself runs in a child process bounded in
memory and CPU (pipeline/sandbox.py), which stops what a header cannot show. What each reader
then makes of the pixels is its own.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from pipeline import safeio, sandbox
from pipeline.errors import InputError

KINDS = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg"}
SUFFIXES = tuple(KINDS)
PILLOW_FORMAT = {"png": "PNG", "jpeg": "JPEG"}
SHOWN = {"png": "PNG", "jpeg": "JPEG", "svg": "SVG"}
# A file is read only up to this size: a 24-megapixel photo is about 10 MB as JPEG and 50 MB as
# PNG, and a spec must not be able to make us read a disk image or a device. An SVG is text a
# person or a drawing program wrote: 8 MB is some 300,000 path commands.
MAX_FILE_BYTES = 64_000_000
MAX_SVG_BYTES = 8_000_000
# The largest raster decoded: 50 megapixels, a 45-megapixel camera's photo (8192 x 5464). Read
# from the header before decoding; Pillow's own MAX_IMAGE_PIXELS is set to it in the decoding
# process, as a hard error. A 13000 x 13000 PNG (169 megapixels in 707 KB) took 54 s and 1.4 GB.
MAX_PICTURE_PIXELS = 50_000_000
# The decoding process's bounds. A 50-megapixel RGBA PNG, the largest accepted, took 0.7 s of CPU
# and 650 MB to decode here (its JPEG 0.35 s); fourteen times that time and twice that memory are
# the bounds, for any file.
DECODE_MEMORY_BYTES = 1_500_000_000
DECODE_CPU_SECONDS = 10
DECODE_WALL_SECONDS = 120  # CPU is shared: the wall limit only catches a child that waits
# An SVG draws at most this many elements, counted with every `<use>` expanded, before anything
# draws it: 1.6 KB of nested `<use>` drew 10^8 rectangles (about 40 s a render). A detailed
# illustration has some thousands.
MAX_SVG_ELEMENTS = 100_000
_SVG_START = re.compile(
    rb"^(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*|<!DOCTYPE\s+svg[^>\[]*(?:\[.*?\])?\s*>\s*)*<svg[\s>/]", re.S
)
_ADDRESS = re.compile(r"<[^<>]* at 0x[0-9a-fA-F]+>")


class PictureError(InputError):
    """An image file cannot be read, or holds no picture; the message names the file."""

    def __init__(self, path: Path | str, problem: str):
        self.path = shown(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class Problem(Exception):
    """What is wrong with a file's content, found in the decoding process (named there without
    the path, which the parent adds)."""


def shown(path: Path | str) -> str:
    """A path as it can be printed: bytes that are not UTF-8 shown escaped."""
    return str(path).encode("utf-8", "backslashreplace").decode()


def read_checked(path: Path) -> tuple[str, bytes]:
    """(kind, bytes) of an image file whose suffix names a kind read here and whose content is
    of that kind; PictureError names what is wrong."""
    kind = KINDS.get(path.suffix.lower())
    if kind is None:
        raise PictureError(path, f"not an image this can read: use one of {', '.join(SUFFIXES)}")
    if not path.exists():
        raise PictureError(path, "no such file")
    data = read_file(path)
    if not data:
        raise PictureError(path, "the file is empty")
    found = content_kind(data)
    if found is None:
        raise PictureError(path, f"not a readable {SHOWN[kind]} image: its content is not a PNG, JPEG or SVG image (only those are read)")
    if found != kind:
        raise PictureError(path, f"named {path.suffix} but its content is a {SHOWN[found]} image; give it the suffix of its content")
    return kind, data


def read_file(path: Path) -> bytes:
    """An image file's bytes: a regular file within its kind's size cap (PictureError otherwise)."""
    limit = MAX_SVG_BYTES if path.suffix.lower() == ".svg" else MAX_FILE_BYTES
    try:
        return safeio.read_bounded(path, limit)
    except safeio.Unsafe as error:
        raise PictureError(path, f"cannot read the file: {error}") from None


def content_kind(data: bytes) -> str | None:
    """What the bytes hold, by their first bytes: "png", "jpeg", "svg", or None for anything else."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if _SVG_START.match(data[:65536]):
        return "svg"
    return None


def decode_bounded(path: Path, kind: str, decode: Callable[..., Any], *args: Any, what: str = "a picture") -> Any:
    """decode(*args) run in the bounded child process; its Problem, or its bounds reached, becomes
    a PictureError naming the file (`what` says what the file was meant to be)."""
    try:
        return sandbox.run_bounded(
            decode, *args, memory_bytes=DECODE_MEMORY_BYTES, cpu_seconds=DECODE_CPU_SECONDS, wall_seconds=DECODE_WALL_SECONDS,
        )
    except Problem as problem:
        raise PictureError(path, str(problem)) from None
    except sandbox.Bounded as bounded:
        raise PictureError(path, f"decoding it {bounded}, more than {what} may; make it smaller or simpler") from None
    except sandbox.Failed as failed:
        raise PictureError(path, f"not a readable {SHOWN[kind]} image ({cleaned(failed)})") from None
    except Exception as error:  # noqa: BLE001 - anything else the decoders raised for this content
        raise PictureError(path, f"not a readable {SHOWN[kind]} image ({type(error).__name__}: {cleaned(error)})") from None


def cleaned(error: BaseException) -> str:
    """A library's message without the memory addresses some put in it
    ("cannot identify image file <_io.BytesIO object at 0x7f...>")."""
    text = _ADDRESS.sub("the data", str(error)).strip()
    return text or type(error).__name__


def bomb_pixels(bomb: Exception) -> str:
    """The pixel count Pillow's decompression-bomb check names."""
    found = re.search(r"\((\d+) pixels\)", str(bomb))
    return f"{int(found.group(1)):,}" if found else "too many"


# ---- in the decoding process ------------------------------------------------------------------


def check_drawing_work(data: bytes) -> None:
    """Refuse an SVG that draws more than MAX_SVG_ELEMENTS elements once every `<use>` is
    expanded, or whose references loop, before anything is drawn. Counted without recursion:
    the nesting may be deep."""
    from defusedxml import ElementTree

    try:
        root = ElementTree.fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except Exception as error:  # noqa: BLE001 - a parse error, or a forbidden entity
        raise Problem(f"not a drawable SVG image ({type(error).__name__}: {cleaned(error)})") from None
    ids = {element.get("id"): element for element in root.iter() if element.get("id")}
    done: dict[int, int] = {}
    open_: set[int] = set()
    stack = [root]
    while stack:
        element = stack[-1]
        needed = list(element)
        target = ids.get(_use_target(element))
        if target is not None:
            if id(target) in open_:
                raise Problem("its <use> references form a loop")
            needed.append(target)
        waiting = [child for child in needed if id(child) not in done]
        if waiting and id(element) not in open_:
            open_.add(id(element))
            stack.extend(waiting)
            continue
        if waiting:  # reached again with a dependency still open: a loop through children
            raise Problem("its <use> references form a loop")
        stack.pop()
        open_.discard(id(element))
        done[id(element)] = 1 + sum(done[id(child)] for child in needed)
        if done[id(element)] > MAX_SVG_ELEMENTS:
            raise Problem(f"it draws more than {MAX_SVG_ELEMENTS:,} elements once its <use> references are expanded; simplify it")


def _use_target(element: object) -> str | None:
    if not str(getattr(element, "tag", "")).endswith("use"):
        return None
    href = element.get("{http://www.w3.org/1999/xlink}href") or element.get("href") or ""  # type: ignore[attr-defined]
    return href[1:] if href.startswith("#") else None
