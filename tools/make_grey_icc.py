"""Writes layouts/icc/puzzlepress-grey.icc, the grey output profile PDF/X files name as their
printing condition. Kept outside the package (nothing imports it); run it again only to change
the profile:

    python tools/make_grey_icc.py layouts/icc/puzzlepress-grey.icc

Why our own profile: PDF/X needs an output intent that embeds an ICC profile, and the files we
write carry it into every print shop, so its licence must let anyone copy it. The grey profiles
at hand do not say so plainly (Ghostscript's are under its own AGPL; Adobe's "Dot Gain" profiles
may be shipped but not changed, and not under our licence), so this one is made from a published
formula and is the project's own, under the project's licence.

It is an ICC.1:2001-04 (version 2.1) monochrome output profile (device class 'prtr', colour
space GRAY, PCS XYZ) with the four tags that class needs: a description, a copyright, the media
white point (D50) and a grey tone curve. The curve models printing black ink on uncoated paper
with 20 % dot gain at the 50 % tone, the usual assumption for black-and-white book interiors
(Photoshop's "Dot Gain 20%"): ink k = 1 - g of device grey g prints a tone of
k + 4 * 0.20 * k * (1 - k), and the luminance relative to the paper is one minus that tone.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

DOT_GAIN = 0.20
CURVE_POINTS = 256
DESCRIPTION = "puzzlepress Grey, black ink, 20% dot gain"
COPYRIGHT = "Made by puzzlepress; may be copied, embedded and changed freely, under the puzzlepress licence"
D50 = (0.9642, 1.0, 0.8249)


def s15f16(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def pad4(data: bytes) -> bytes:
    return data + b"\0" * (-len(data) % 4)


def text_description(text: str) -> bytes:
    ascii_ = text.encode("ascii") + b"\0"
    # ASCII part, then empty Unicode and ScriptCode parts (ICC.1:2001-04, 6.5.17)
    return b"desc" + b"\0" * 4 + struct.pack(">I", len(ascii_)) + ascii_ + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + b"\0" * 67


def text_type(text: str) -> bytes:
    return b"text" + b"\0" * 4 + text.encode("ascii") + b"\0"


def xyz_type(xyz: tuple[float, float, float]) -> bytes:
    return b"XYZ " + b"\0" * 4 + b"".join(s15f16(v) for v in xyz)


def luminance(grey: float) -> float:
    ink = 1.0 - grey
    tone = ink + 4 * DOT_GAIN * ink * (1 - ink)
    return max(0.0, min(1.0, 1.0 - tone))


def curve_type() -> bytes:
    points = [round(luminance(i / (CURVE_POINTS - 1)) * 65535) for i in range(CURVE_POINTS)]
    return b"curv" + b"\0" * 4 + struct.pack(">I", CURVE_POINTS) + struct.pack(f">{CURVE_POINTS}H", *points)


def profile() -> bytes:
    tags = [
        (b"desc", text_description(DESCRIPTION)),
        (b"cprt", text_type(COPYRIGHT)),
        (b"wtpt", xyz_type(D50)),
        (b"kTRC", curve_type()),
    ]
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    entries, bodies = [], b""
    for signature, body in tags:
        entries.append(struct.pack(">4sII", signature, offset + len(bodies), len(body)))
        bodies += pad4(body)
    size = 128 + table_size + len(bodies)
    header = (
        struct.pack(">I", size) + b"\0\0\0\0"  # no preferred CMM
        + struct.pack(">I", 0x02100000) + b"prtr" + b"GRAY" + b"XYZ "
        + struct.pack(">6H", 2026, 1, 1, 0, 0, 0)  # a fixed date: the same bytes on every run
        + b"acsp" + b"\0" * 4 + struct.pack(">I", 0) + b"\0" * 4 + b"\0" * 4 + struct.pack(">Q", 0)
        + struct.pack(">I", 0)  # perceptual
        + b"".join(s15f16(v) for v in D50) + b"\0" * 4  # illuminant, no creator
    )
    header += b"\0" * (128 - len(header))
    return header + struct.pack(">I", len(tags)) + b"".join(entries) + bodies


def main() -> None:
    out = Path(sys.argv[1])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(profile())


if __name__ == "__main__":
    main()
