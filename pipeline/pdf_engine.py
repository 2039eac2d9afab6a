"""Is the PDF engine's system side here? Asked before anything is written.

WeasyPrint is a Python package, but it draws text with Pango, HarfBuzz and fontconfig, system
libraries that pip cannot install. Without them importing WeasyPrint fails (or, with fontconfig
but no font at all, crashes the process); found only at layout, that came after the records were
written. This asks the dynamic loader for each library, as WeasyPrint will, which takes
milliseconds where importing WeasyPrint takes seconds.
"""

from __future__ import annotations

import ctypes
import sys

from pipeline.errors import StageError

LEAST_PANGO = (1, 44)  # WeasyPrint's own floor

# The names WeasyPrint's loader tries (weasyprint/text/ffi.py), by platform.
LIBRARIES: dict[str, tuple[str, ...]] = {
    "Pango": ("libpango-1.0.so.0", "libpango-1.0.dylib", "libpango-1.0-0.dll", "libpango-1.0-0", "pango-1.0"),
    "PangoFT2": ("libpangoft2-1.0.so.0", "libpangoft2-1.0.dylib", "libpangoft2-1.0-0.dll", "libpangoft2-1.0-0", "pangoft2-1.0"),
    "HarfBuzz": ("libharfbuzz.so.0", "libharfbuzz.0.dylib", "libharfbuzz-0.dll", "libharfbuzz-0", "harfbuzz"),
    "fontconfig": ("libfontconfig.so.1", "libfontconfig.1.dylib", "libfontconfig-1.dll", "libfontconfig-1", "fontconfig"),
    "GObject": ("libgobject-2.0.so.0", "libgobject-2.0.0.dylib", "libgobject-2.0-0.dll", "libgobject-2.0-0", "gobject-2.0"),
}

INSTALL = (
    "install them, then run the command again:\n"
    "  Debian/Ubuntu: sudo apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libfontconfig1\n"
    "  macOS (Homebrew): brew install pango\n"
    "(no system font is needed: the fonts ship with puzzlepress)"
)


class MissingLibraries(StageError):
    """The PDF engine's system libraries are missing or too old."""


def _load(names: tuple[str, ...]) -> ctypes.CDLL | None:
    for name in names:
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


def check_pdf_engine() -> None:
    """Raise MissingLibraries naming what is missing and how to install it."""
    loaded = {label: _load(names) for label, names in LIBRARIES.items()}
    missing = [label for label, library in loaded.items() if library is None]
    if missing:
        raise MissingLibraries(f"the PDF engine needs system libraries this machine lacks: {', '.join(missing)}; {INSTALL}")
    pango = loaded["Pango"]
    assert pango is not None
    version = pango.pango_version()
    found = (version // 10000, version // 100 % 100)
    if found < LEAST_PANGO:
        raise MissingLibraries(
            f"the PDF engine needs Pango {LEAST_PANGO[0]}.{LEAST_PANGO[1]} or later; this machine has "
            f"{found[0]}.{found[1]} ({sys.platform}); {INSTALL}"
        )
