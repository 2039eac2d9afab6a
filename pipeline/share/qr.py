"""QR codes of puzzle links, as black-and-white SVG sized in millimetres for the printed page.

Made with segno (pure Python). Error correction M (about 15% of the symbol can be lost), never
raised above M so the same URL always gives the same symbol; the quiet zone of four modules that
the QR standard asks for is part of the drawing, in white, so a page element placed beside it
cannot eat into it. The symbol itself (without the quiet zone) is at least `min_mm` wide.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

QUIET_MODULES = 4  # ISO/IEC 18004 quiet zone
MIN_SYMBOL_MM = 15.0


@dataclass(frozen=True)
class QrFigure:
    svg: str  # a standalone <svg> element (with its namespace), width and height in mm
    size_mm: float  # width and height, quiet zone included
    symbol_mm: float  # width and height of the symbol alone
    module_mm: float  # one module's side


def _sizes(modules: int, min_mm: float) -> tuple[float, float]:
    """(module, whole code with its quiet zone) in mm for a symbol `modules` wide."""
    # Modules rounded up to a hundredth of a millimetre, so the SVG's numbers stay short.
    module_mm = math.ceil(100 * min_mm / modules) / 100
    return module_mm, round((modules + 2 * QUIET_MODULES) * module_mm, 4)


def largest_size_mm(shortest_url: str, min_mm: float = MIN_SYMBOL_MM) -> float:
    """The most room the code of any URL at least as long as `shortest_url` takes, quiet zone
    included: a longer URL has more modules, each smaller, so less quiet zone; the bound takes
    the largest over every symbol from the shortest URL's up (rounding is not monotonic)."""
    import segno  # in the functions: the page plan of a book without links never makes a code

    least = segno.make_qr(shortest_url, error="m", boost_error=False).symbol_size(scale=1, border=0)[0]
    return max(_sizes(modules, min_mm)[1] for modules in range(least, 178, 4))


def qr_figure(url: str, min_mm: float = MIN_SYMBOL_MM) -> QrFigure:
    """The QR code of `url`, its symbol at least `min_mm` wide, as SVG with its size."""
    import segno

    code = segno.make_qr(url, error="m", boost_error=False)
    modules, _ = code.symbol_size(scale=1, border=0)
    module_mm, size_mm = _sizes(modules, min_mm)
    # Drawn in module units and sized here: segno's own scaling of the white background floors a
    # division, so with a scale of 0.46 mm its background came out one module short.
    out = io.BytesIO()
    code.save(
        out, kind="svg", scale=1, border=QUIET_MODULES,
        dark="#000", light="#fff", xmldecl=False, svgns=True, svgclass=None, lineclass=None, omitsize=True,
    )
    svg = out.getvalue().decode("ascii").replace("<svg ", f'<svg width="{size_mm:g}mm" height="{size_mm:g}mm" ', 1)
    return QrFigure(svg=svg, size_mm=size_mm, symbol_mm=round(modules * module_mm, 4), module_mm=module_mm)
