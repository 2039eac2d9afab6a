"""Kuralin figures: circles on grid points with three one-ink marks, the answer's black cells and
loop, print sizes within the house limits."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

from kuralin_reference import sample_puzzle

from pipeline.puzzles.kuralin import PUZZLE_TYPE as KURALIN
from pipeline.puzzles.kuralin import render

SVG = "{http://www.w3.org/2000/svg}"


def figure(answer: bool):
    return KURALIN.draw(sample_puzzle(), answer=answer)


def circles_in(svg: str) -> list[dict]:
    return [
        {key: node.get(key) for key in ("cx", "cy", "r", "fill", "stroke")}
        for node in ET.fromstring(svg).iter(f"{SVG}circle")
    ]


def at(marks: list[dict], x: float, y: float) -> list[dict]:
    return [m for m in marks if abs(float(m["cx"]) - x) < 0.01 and abs(float(m["cy"]) - y) < 0.01]


def test_cells_print_at_eight_and_a_half_millimetres():
    drawn = figure(False)
    assert 8 <= render.CELL_MM <= 9
    assert abs(drawn.width_mm - 4 * render.CELL_MM - 2 * render.MARGIN) < 1e-9
    assert drawn.thinnest_line_pt >= 0.25 and drawn.smallest_text_pt == 0


def test_circles_sit_on_grid_points_with_three_distinct_marks():
    marks = circles_in(figure(False).svg)
    x0, cell = render.MARGIN, render.CELL_MM
    black = at(marks, x0 + cell, x0 + cell / 2)  # on the line between cells (0, 0) and (0, 1)
    grey_line = at(marks, x0 + 2 * cell, x0 + cell / 2)
    grey_corner = at(marks, x0 + cell, x0 + cell)  # on the corner of cells (0..1, 0..1)
    white = at(marks, x0 + 2.5 * cell, x0 + cell)
    assert [m["fill"] for m in black] == ["#000000"]
    assert [m["fill"] for m in white] == ["#ffffff"] and white[0]["stroke"] == "#000000"
    for grey in (grey_line, grey_corner):  # an empty circle with a solid dot in its middle
        assert sorted((float(m["r"]), m["fill"]) for m in grey) == [
            (round(render.DOT, 2), "#000000"), (round(render.RADIUS, 2), "#ffffff")
        ]
    assert len(marks) == 5 + 2


def test_the_rules_explain_how_grey_circles_are_printed():
    assert "grey circles as an empty circle with a black dot" in KURALIN.how_to_play
    assert "black cells are hatched" in KURALIN.how_to_play
    assert all(paragraph.strip() for paragraph in KURALIN.how_to_play.split("\n\n"))


def test_the_answer_shows_black_cells_and_the_loop_through_cell_centres():
    root = ET.fromstring(figure(True).svg)
    x0, cell = render.MARGIN, render.CELL_MM
    hatching = [node.get("d") for node in root.iter(f"{SVG}path") if node.get("stroke-linecap") == "butt"]
    assert len(hatching) == 1, "the black cells' hatching is one path"
    segments = re.findall(r"M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)", hatching[0])
    cells_hit = Counter()
    for xa, ya, xb, yb in segments:
        mid_x, mid_y = (float(xa) + float(xb)) / 2, (float(ya) + float(yb)) / 2
        cells_hit[int((mid_y - x0) // cell), int((mid_x - x0) // cell)] += 1
    assert set(cells_hit) == {(0, 0), (0, 1)} and min(cells_hit.values()) >= 10
    loop = [node.get("d") for node in root.iter(f"{SVG}path") if node.get("d").endswith("Z")]
    assert len(loop) == 1
    points = re.findall(r"([\d.]+) ([\d.]+)", loop[0])
    assert len(points) == 14
    assert (float(points[0][0]), float(points[0][1])) == (round(x0 + 2.5 * cell, 2), round(x0 + 0.5 * cell, 2))
    puzzle_paths = [node.get("d") for node in ET.fromstring(figure(False).svg).iter(f"{SVG}path")]
    assert len(puzzle_paths) == 2, "the puzzle shows only grid and frame"


def test_answer_circles_keep_a_paper_ring_so_black_circles_show_on_black_cells():
    marks = circles_in(figure(True).svg)
    rings = [m for m in marks if m["stroke"] == "none"]
    assert len(rings) == 5 and {m["fill"] for m in rings} == {"#ffffff"}
    assert all(float(m["r"]) > render.RADIUS for m in rings)
