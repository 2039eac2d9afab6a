"""The versions a book is made with: puzzlepress, Python and the libraries that shape its bytes.

The manifest and the edition record them; a build into a folder made with other versions, and a
reprint of an edition, say which differ.
"""

from __future__ import annotations

import functools
import importlib.metadata
import platform
import re
from typing import Any

from pipeline import __version__

# What shapes the bytes: the PDF engine and its font, image and compression libraries, what
# reads specs and proves puzzles, and what draws picture nonograms (the pictures extra). A reprint
# names every one that differs.
LIBRARIES = (
    "weasyprint", "pydyf", "fonttools", "pillow", "tinycss2", "cssselect2", "tinyhtml5", "pyphen", "brotli",
    "zopfli", "pypdf", "svgwrite", "segno", "python-sat", "pydantic", "pyyaml", "jinja2", "fontawesomefree", "cairosvg",
)


# The Version header of a distribution's METADATA (core metadata: one line, before the body).
VERSION_LINE = re.compile(r"^Version:[ \t]*(\S+)[ \t]*$", re.MULTILINE)


def _version(name: str) -> str | None:
    """The installed version of `name`, read from the Version line of its METADATA: what
    importlib.metadata.version returns, without parsing the whole file as an e-mail message
    (which imports the email package and took half of an unchanged build's 0.15 s of versions)."""
    try:
        found = next(iter(importlib.metadata.distributions(name=name)), None)
    except ValueError:
        return None
    if found is None:
        return None
    header = (found.read_text("METADATA") or "").split("\n\n", 1)[0]
    match = VERSION_LINE.search(header)
    return match[1] if match else found.version


@functools.cache
def _libraries() -> tuple[tuple[str, str | None], ...]:
    """Read once a process: a build asked four times, 0.12 s of CPU each (importlib.metadata
    searches the path for every name)."""
    return tuple((name, _version(name)) for name in LIBRARIES)


def environment() -> dict[str, Any]:
    """The versions this process makes books with."""
    return {
        "puzzlepress": __version__,
        "python": platform.python_version(),
        "libraries": dict(_libraries()),
    }


def differences(then: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """What differs between the versions a book was made with and these: one line each."""
    lines = []
    for key in ("puzzlepress", "python"):
        if then.get(key) != now.get(key):
            lines.append(f"{key} {then.get(key)} then, {now.get(key)} now")
    before, after = then.get("libraries", {}), now.get("libraries", {})
    for name in sorted(set(before) | set(after)):
        if before.get(name) != after.get(name):
            lines.append(f"{name} {before.get(name)} then, {after.get(name)} now")
    if then.get("fonts") != now.get("fonts"):
        lines.append("the embedded fonts differ")
    return lines
