"""The bundled picture library: Font Awesome Free's solid icons, drawn from the font it ships.

Why this set: the `fontawesomefree` package (an ordinary dependency) carries the solid icons as
one TrueType font that Pillow draws directly (no SVG renderer needed), with metadata that gives
every icon a label ("Anchor") and sorts it into categories (animals, food-beverage, ...). The
icons are filled silhouettes designed to read at 16 pixels, which is what a 15x15 to 20x20 grid
is; their licence, CC BY 4.0, allows printing them in a book sold for money with attribution
(ATTRIBUTION below, for the copyright page). Material Design Icons (Apache 2.0) has more icons but
no categories to make themes of, and many are outlines, which fall apart at 15 cells.

Themes are our own groups of Font Awesome's categories. An icon is in the library when it is
solid and free, in some theme, and not a variant of another icon (a badge in a circle or a
square, a slash, an arrow, a plus or a check added): those differ from their base icon by a
detail that 20 cells cannot show. Names are Font Awesome's ("cat", "guitar"), titles its labels.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

import yaml
from PIL import Image, ImageDraw, ImageFont, features

PACKAGE = "fontawesomefree"
# Bump when the selection below changes what the library holds: it is part of LIBRARY_VERSION.
SELECTION = 1

ATTRIBUTION = (
    "Pictures in the puzzles are drawn from Font Awesome Free icons by Fonticons, Inc. "
    "(https://fontawesome.com), licensed under CC BY 4.0 "
    "(https://creativecommons.org/licenses/by/4.0/). The icons were reduced to grids of cells "
    "and some cells changed so that each puzzle has a single solution."
)

THEMES: dict[str, tuple[str, ...]] = {
    "animals": ("animals",),
    "food": ("food-beverage", "fruits-vegetables"),
    "transport": ("transportation", "automotive", "maritime"),
    "sport": ("sports-fitness",),
    "games": ("gaming",),
    "music": ("music-audio",),
    "nature": ("nature", "weather", "astronomy", "camping"),
    "tools": ("construction", "science", "design"),
    "home": ("household", "buildings", "moving"),
    "clothing": ("clothing-fashion",),
    "holidays": ("holidays", "halloween", "childhood"),
    "people": ("users-people", "hands", "emoji"),
    "things": ("devices-hardware", "education", "travel-hotel", "shopping", "medical-health", "time", "writing"),
}
# Name parts that mark a variant of another icon, or a sign rather than a picture.
VARIANT = re.compile(
    r"(^|-)(circle|square|slash|arrow|arrows|plus|minus|xmark|check|exclamation|question|lock|"
    r"sign|file|folder|chart|calendar|align|border|table|list|text|font|heading|rotate|"
    r"left|right|up|down|on|off|half|quarter|empty)(-|$)"
)
# Font Awesome's own marks, and icons that are diagrams or screen symbols rather than pictures of
# a thing: on the contact sheets (tools/picture_figures.py) they read as noise, or as nothing one could name.
NOT_PICTURES = frozenset({
    "font-awesome", "web-awesome", "fingerprint", "signature", "timeline", "barcode", "qrcode",
    "bars-progress", "bars-staggered", "crosshairs", "mosquito-net", "water-ladder", "users-viewfinder",
    "person-military-to-person", "sun-plant-wilt", "stroopwafel", "notdef", "clone", "copy", "paste",
    "crop", "crop-simple", "object-group", "object-ungroup", "draw-polygon", "bezier-curve",
    "layer-group", "lines-leaning", "icons", "person-rays", "users-rays", "users-line",
    "users-between-lines", "users-rectangle", "people-line", "person-dots-from-line", "address-book",
    "address-card", "id-badge", "id-card", "id-card-clip", "image-portrait", "database", "server",
    "download", "upload", "ethernet", "tachograph-digital", "paragraph", "blog", "infinity", "shapes",
})
# Not for a puzzle book anyone may give as a present: weapons, violence, drugs, a rude gesture.
UNSUITABLE = frozenset({
    "hand-middle-finger", "person-harassing", "person-rifle", "person-military-pointing",
    "person-military-rifle", "people-robbery", "person-falling-burst", "person-dress-burst",
    "mars-and-venus-burst", "person-burst", "person-drowning", "person-through-window", "child-combatant",
    "user-injured", "cannabis", "joint", "bong", "smoking", "gun", "bomb", "land-mine-on", "jet-fighter",
    "jet-fighter-up", "handcuffs", "hands-bound", "skull-crossbones", "explosion", "car-burst",
})
# Glyphs are drawn this many pixels to the em: 256 leaves 8 pixels per cell at 30 cells.
GLYPH_PIXELS = 256


@dataclass(frozen=True)
class Picture:
    name: str  # Font Awesome's name, the key in specs and records: "cat"
    title: str  # for the answer page: "Cat"
    themes: tuple[str, ...]  # sorted
    glyph: str  # the character in the solid font


def library_version() -> str:
    """Changes whenever the library could give a different picture for the same choice: the icon
    set, our selection, and the Pillow and FreeType that draw and shrink the glyphs (anti-aliasing
    and resampling decide the grey of edge cells, and so which cells are filled)."""
    return (
        f"{PACKAGE}-{metadata.version(PACKAGE)}+{SELECTION} "
        f"Pillow-{metadata.version('Pillow')} freetype-{features.version('freetype2')}"
    )


@cache
def pictures() -> dict[str, Picture]:
    """Every picture in the library by name, in name order."""
    folder = _static()
    # libyaml's loader when PyYAML was built with it: 0.05 s instead of 0.3 s for this file
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    categories = yaml.load((folder / "metadata" / "categories.yml").read_text(encoding="utf-8"), Loader=loader)
    icons = json.loads((folder / "metadata" / "icons.json").read_text(encoding="utf-8"))
    themes_of: dict[str, set[str]] = {}
    for theme, wanted in THEMES.items():
        for category in wanted:
            for name in categories[category]["icons"]:
                themes_of.setdefault(str(name), set()).add(theme)
    found = {}
    for name in sorted(themes_of):
        icon = icons.get(name)
        if icon is None or "solid" not in icon.get("free", ()) or VARIANT.search(name) or name in NOT_PICTURES | UNSUITABLE:
            continue
        found[name] = Picture(name, icon["label"], tuple(sorted(themes_of[name])), chr(int(icon["unicode"], 16)))
    return found


def names(themes: tuple[str, ...] = ()) -> list[str]:
    """The library's names in order, only those in one of `themes` when any are given."""
    unknown = [theme for theme in themes if theme not in THEMES]
    if unknown:
        raise KeyError(f"no theme {unknown[0]!r}; themes are {', '.join(THEMES)}")
    return [
        name for name, picture in pictures().items()
        if not themes or any(theme in picture.themes for theme in themes)
    ]


def pick(rng: random.Random, choices: list[str], used: set[str] | frozenset[str] = frozenset()) -> str | None:
    """One of `choices` not in `used`, chosen by rng; None when every choice is used.

    The choice depends only on the rng's state and the two sets, not on their order.
    """
    left = sorted(set(choices) - set(used))
    return rng.choice(left) if left else None


def ink(name: str) -> Image.Image:
    """The named picture as an ink image (subject 255, background 0), cropped to the subject.

    Not cached: drawing a glyph takes about 2 ms, and a book draws each picture once.
    """
    glyph = pictures()[name].glyph
    font = _font()
    left, top, right, bottom = font.getbbox(glyph)
    image = Image.new("L", (right - left + 2, bottom - top + 2), 0)
    ImageDraw.Draw(image).text((1 - left, 1 - top), glyph, font=font, fill=255)
    box = image.getbbox()
    assert box is not None, f"glyph {ord(glyph):x} draws nothing"
    return image.crop(box)


@cache
def _font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(_static() / "webfonts" / "fa-solid-900.ttf"), GLYPH_PIXELS)


def _static() -> Path:
    import fontawesomefree

    return Path(fontawesomefree.__file__).parent / "static" / "fontawesomefree"
