"""Drawing Nuritwin: walls, numbers, and an answer whose shading stays clear of every wall."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest

from nuritwin_reference import SAMPLE
from pipeline.budget import Budget
from pipeline.puzzles.nuritwin import PUZZLE_TYPE as NURITWIN
from pipeline.puzzles.nuritwin.generate import generate
from pipeline.puzzles.nuritwin.model import NuritwinPuzzle
from pipeline.puzzles.nuritwin.render import CELL_MM, MARGIN_MM, WALL_GAP_MM, print_size
from pipeline.render.svg import HEAVY_PT, FigureSize
from pipeline.units import MM_PER_PT

NS = "{http://www.w3.org/2000/svg}"
RECT = re.compile(r"M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-[\d.]+z")


def elements(svg: str, tag: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(NS + tag))


def shading_rects(svg: str) -> list[tuple[float, ...]]:
    filled = [p for p in elements(svg, "path") if p.get("fill") == "#000000"]
    return [tuple(map(float, m)) for p in filled for m in RECT.findall(p.get("d", ""))]


def test_the_puzzle_shows_walls_and_numbers_but_no_shading():
    figure = NURITWIN.draw(SAMPLE, answer=False)
    assert figure.width_mm == 5 * CELL_MM + 2 * MARGIN_MM and figure.height_mm == 4 * CELL_MM + 2 * MARGIN_MM
    assert sorted(t.text for t in elements(figure.svg, "text")) == ["1", "2"]
    assert shading_rects(figure.svg) == []
    assert not elements(figure.svg, "circle")
    heavy = [p for p in elements(figure.svg, "path") if p.get("stroke-width") == f"{HEAVY_PT * MM_PER_PT:.2f}".rstrip("0")]
    assert len(heavy) == 1 and heavy[0].get("d").count("M") == 4 + 9  # the frame and the merged walls
    assert figure.smallest_text_pt >= 9


def test_the_answer_shades_each_shaded_cell_once():
    figure = NURITWIN.draw(SAMPLE, answer=True)
    assert len(shading_rects(figure.svg)) == sum(row.count("#") for row in SAMPLE.answer)


def test_shading_keeps_clear_of_walls_and_frame_but_fills_inside_a_region():
    rects = shading_rects(NURITWIN.draw(SAMPLE, answer=True).svg)
    # Cell (0, 2) lies in region A between A's cells to its left and right, under the frame and
    # above region C: full width, held back from the top and bottom.
    x, y = MARGIN_MM + 2 * CELL_MM, MARGIN_MM + WALL_GAP_MM
    assert (round(x, 2), round(y, 2), CELL_MM, round(CELL_MM - 2 * WALL_GAP_MM, 2)) in rects


def test_a_number_in_a_shaded_cell_sits_in_a_white_disc():
    figure = NURITWIN.draw(SAMPLE, answer=True)
    discs = elements(figure.svg, "circle")
    # A's number sits in an empty cell, D's (at row 2, column 3) in a shaded one.
    assert len(discs) == 1 and discs[0].get("fill") == "#ffffff"
    assert float(discs[0].get("cx")) == round(MARGIN_MM + 3.5 * CELL_MM, 2)
    assert sorted(t.text for t in elements(figure.svg, "text")) == ["1", "2"]


@cache
def generated(rows: int, cols: int):
    return generate(rows, cols, random.Random(f"render {rows}x{cols}"), Budget()).puzzle


@pytest.mark.parametrize("rows, cols", [(6, 6), (6, 8), (8, 7)])
@pytest.mark.parametrize("answer", [False, True])
def test_print_size_is_what_every_drawing_of_that_size_gives(rows, cols, answer):
    expected = print_size(rows, cols, answer=answer)
    for puzzle in (generated(rows, cols), without_numbers(generated(rows, cols))):
        figure = NURITWIN.draw(puzzle, answer=answer)
        assert FigureSize(
            figure.width_mm, figure.height_mm, figure.smallest_text_pt, figure.thinnest_line_pt, figure.grid_x_mm, figure.grid_y_mm
        ) == expected


def test_nothing_drawn_is_finer_than_print_size_says():
    expected = print_size(SAMPLE.rows, SAMPLE.cols, answer=True)
    svg = NURITWIN.draw(SAMPLE, answer=True).svg
    assert min(float(t.get("font-size")) for t in elements(svg, "text")) >= round(expected.smallest_text_pt * MM_PER_PT, 2)
    widths = [float(p.get("stroke-width")) for p in elements(svg, "path") + elements(svg, "circle") if p.get("stroke-width")]
    assert min(widths) == round(expected.thinnest_line_pt * MM_PER_PT, 2)
    assert expected.width_mm == 5 * CELL_MM + 2 * MARGIN_MM and expected.height_mm == 4 * CELL_MM + 2 * MARGIN_MM


def without_numbers(puzzle: NuritwinPuzzle) -> NuritwinPuzzle:
    clues = tuple((None,) * puzzle.cols for _ in range(puzzle.rows))
    return NuritwinPuzzle(puzzle.rows, puzzle.cols, puzzle.regions, clues, puzzle.answer)
