"""The print check's colour scan finds what one pattern tried at every byte finds (the slow
reference it replaced), on page content made of the tokens that meet at the edges."""

from __future__ import annotations

import random
import re

import pytest

from pipeline.render.inks import stream_colours

RGB = re.compile(rb"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b")
GREY = re.compile(rb"(?<![\d.])([\d.]+) (?:g|G)\b")
TOKENS = [b"0", b"1", b"0.5", b".25", b"12.125", b"0.333", b"rg", b"RG", b"g", b"G", b"gs", b"rgx", b"re", b"f",
          b"/F1", b"Tf", b"q", b"Q", b"x1", b"1.2.3", b"g_", b"\n", b"(", b"[", b"1" * 120]


def reference(data: bytes) -> set[tuple[float, float, float]]:
    found = {tuple(round(float(v), 3) for v in m.groups()) for m in RGB.finditer(data)}
    return found | {(round(float(m.group(1)), 3),) * 3 for m in GREY.finditer(data)}


@pytest.mark.parametrize("seed", range(200))
def test_the_colour_scan_finds_what_the_reference_pattern_finds(seed: int) -> None:
    rng = random.Random(seed)
    data = b"".join(rng.choice(TOKENS) + rng.choice([b" ", b" ", b" ", b"", b"\n"]) for _ in range(rng.randrange(1, 400)))
    try:
        expected = reference(data)
    except ValueError:  # "1.2.3" read as a number: the reference fails as the scan must
        with pytest.raises(ValueError):
            stream_colours(data)
        return
    assert stream_colours(data) == expected


def test_a_page_of_greys_and_a_colour() -> None:
    assert stream_colours(b"q 0 0 0 RG 0.5 g 1 1 1 rg 0 0 10 10 re f Q") == {(0.0, 0.0, 0.0), (0.5, 0.5, 0.5), (1.0, 1.0, 1.0)}
