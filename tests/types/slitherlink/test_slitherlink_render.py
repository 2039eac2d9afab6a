"""Drawings: dots as one path element whatever the size, numbers as one text element, the loop
heavy in the answer, and print_size known before any puzzle."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from pipeline.puzzles.slitherlink import PUZZLE_TYPE as SLITHERLINK
from pipeline.puzzles.slitherlink.loopgen import draw_loop
from pipeline.puzzles.slitherlink.model import SlitherlinkPuzzle, clues_for

SVG = "{http://www.w3.org/2000/svg}"


def full_puzzle(rows: int, cols: int) -> SlitherlinkPuzzle:
    loop = draw_loop(rows, cols, random.Random(7))
    return SlitherlinkPuzzle(rows, cols, clues_for(rows, cols, loop), loop)


def test_a_20x20_is_a_handful_of_elements() -> None:
    puzzle = full_puzzle(20, 20)
    for answer in (False, True):
        root = ET.fromstring(SLITHERLINK.draw(puzzle, answer=answer).svg)
        elements = [e for e in root.iter() if e.tag not in (f"{SVG}svg", f"{SVG}defs")]
        assert len(elements) == (3 if answer else 2)
        dots = next(e for e in elements if e.tag == f"{SVG}path" and e.get("fill") == "#000000")
        assert dots.get("d").count("M") == 21 * 21


def test_the_drawing_fits_print_size_and_the_loop_is_the_heaviest_line() -> None:
    puzzle = full_puzzle(18, 10)
    size = SLITHERLINK.print_size(SLITHERLINK.make_params("10x18"), answer=True)
    figure = SLITHERLINK.draw(puzzle, answer=True)
    assert (figure.width_mm, figure.height_mm) == (size.width_mm, size.height_mm)
    assert figure.smallest_text_pt >= 10
    root = ET.fromstring(figure.svg)
    loop = next(e for e in root.iter(f"{SVG}path") if e.get("fill") == "none")
    assert loop.get("d").count("L") == len(puzzle.answer) - 1
    text = next(root.iter(f"{SVG}text"))
    assert text.text == "".join(str(n) for row in puzzle.clues for n in row)
