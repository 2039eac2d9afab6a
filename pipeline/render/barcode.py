"""The back cover's barcode: the ISBN as an EAN-13 ("Bookland"), with an optional 5-digit price
add-on, drawn as an SVG of bars in millimetres.

The EAN-13 modules come from python-barcode (its encoder and check digit); the add-on (EAN-5,
GS1 General Specifications 5.2.2.6) is not in python-barcode 0.16, so its modules are put
together here from python-barcode's own digit tables and the add-on's parity table. Sizes follow
GS1's: a module of 0.33 mm at 100 %, printed here between 80 % and 100 % to fit the service's
box, quiet zones of 11 modules on the left and 7 on the right, 7 to 12 modules between the
symbol and the add-on (9 here), the add-on's bars as tall as the main bars less its digits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NOMINAL_MODULE_MM = 0.33
LEAST_MAGNIFICATION = 0.8
LEFT_QUIET, RIGHT_QUIET = 11, 7
ADDON_GAP = 9
ADDON_RIGHT_QUIET = 5
EAN13_MODULES = 95
ADDON_MODULES = 47
# EAN-5: the add-on's checksum picks which digits are written with L (odd) or G (even) codes.
ADDON_PARITY = ("GGLLL", "GLGLL", "GLLGL", "GLLLG", "LGGLL", "LLGGL", "LLLGG", "LGLGL", "LGLLG", "LLGLG")


class BarcodeUnfit(ValueError):
    """The barcode cannot print at 80 % of its nominal size in the room given."""


def isbn_digits(isbn: str) -> str:
    return re.sub(r"[\s-]", "", isbn)


def ean13_modules(isbn: str) -> str:
    """The 95 modules of the ISBN's EAN-13, as '1' (bar) and '0' (space)."""
    from barcode.ean import EuropeanArticleNumber13

    digits = isbn_digits(isbn)
    code = EuropeanArticleNumber13(digits[:12])
    if code.get_fullcode() != digits:
        raise ValueError(f"{isbn}: the check digit does not match")
    return code.build()[0]


def addon_modules(price: str) -> str:
    """The 47 modules of a 5-digit add-on."""
    from barcode.charsets.ean import CODES

    digits = [int(d) for d in price]
    checksum = (3 * (digits[0] + digits[2] + digits[4]) + 9 * (digits[1] + digits[3])) % 10
    parity = ADDON_PARITY[checksum]
    codes = [CODES["A" if side == "L" else "B"][digit] for side, digit in zip(parity, digits)]
    return "1011" + "01".join(codes)


@dataclass(frozen=True)
class Barcode:
    svg: str
    width_mm: float
    height_mm: float
    magnification: float
    modules: int  # across, quiet zones included


def _bars(modules: str, left: int, module: float, top: float, height: float) -> list[str]:
    """One rectangle per run of bars."""
    rects = []
    for found in re.finditer("1+", modules):
        x = (left + found.start()) * module
        rects.append(f'<rect x="{x:.3f}" y="{top:.3f}" width="{len(found.group()) * module:.3f}" height="{height:.3f}"/>')
    return rects


def draw(isbn: str, price: str | None, width_mm: float, height_mm: float) -> Barcode:
    """The barcode as large as fits width x height mm (at most 100 %), bars only: the digits
    print under it as text (the cover template), in the fonts every page uses."""
    main = ean13_modules(isbn)
    total = LEFT_QUIET + EAN13_MODULES + RIGHT_QUIET + ((ADDON_GAP - RIGHT_QUIET + ADDON_MODULES + ADDON_RIGHT_QUIET) if price else 0)
    module = min(NOMINAL_MODULE_MM, width_mm / total)
    if module < NOMINAL_MODULE_MM * LEAST_MAGNIFICATION - 1e-9:
        raise BarcodeUnfit(f"the barcode needs {total * NOMINAL_MODULE_MM * LEAST_MAGNIFICATION:.1f} mm of width, the box has {width_mm:.1f} mm")
    width = total * module
    rects = _bars(main, LEFT_QUIET, module, 0.0, height_mm)
    if price:
        addon_left = LEFT_QUIET + EAN13_MODULES + ADDON_GAP
        rects += _bars(addon_modules(price), addon_left, module, height_mm * 0.15, height_mm * 0.85)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.3f}mm" height="{height_mm:.3f}mm" '
        f'viewBox="0 0 {width:.3f} {height_mm:.3f}"><rect width="{width:.3f}" height="{height_mm:.3f}" fill="#fff"/>'
        f'<g fill="#000">{"".join(rects)}</g></svg>'
    )
    return Barcode(svg, round(width, 3), height_mm, round(module / NOMINAL_MODULE_MM, 3), total)
