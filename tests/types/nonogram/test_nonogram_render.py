"""Drawings: black on white, compact, clues where a reader expects them and large enough."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonogram_reference import puzzle_from_text, runs
from pipeline.budget import Budget
from pipeline.puzzles.nonogram import PUZZLE_TYPE, render
from pipeline.puzzles.nonogram.render import CELL_MM, CLUE_GAP_MM, LINE_PITCH_MM, print_size
from pipeline.render.svg import DIGIT_EM, FigureSize

SVG = "{http://www.w3.org/2000/svg}"

SMALL = puzzle_from_text("""
    ##.#.
    .....
    #####
    #.#.#
    ..##.
""")

# The most numbers a 15-cell line can hold (eight 1s) in every row and column: the widest and
# tallest clue area a 15x15 puzzle can have.
BUSIEST = puzzle_from_text(" ".join(("#.#.#.#.#.#.#.#", ".#.#.#.#.#.#.#.")[r % 2] for r in range(15)))


def elements(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter())


def texts(svg: str) -> list[tuple[float, float, float, str]]:
    """The numbers printed, as (left, y, right, digits): digits one advance apart on a line form one number."""
    found: list[list] = []
    for element in elements(svg):
        if element.tag != f"{SVG}text":
            continue
        advance = DIGIT_EM * float(element.get("font-size"))
        xs, ys = (list(map(float, element.get(k).split())) for k in ("x", "y"))
        for x, y, digit in zip(xs, ys, element.text, strict=True):
            last = found[-1] if found else None
            if last and last[1] == y and abs(x - last[2] - advance) < 0.02:
                last[2], last[3] = x, last[3] + digit
            else:
                found.append([x, y, x, digit])
    return [(left, y, right + advance, digits) for left, y, right, digits in found]


def grid_top_left(svg: str) -> tuple[float, float]:
    frame = max((e for e in elements(svg) if e.tag == f"{SVG}path"), key=lambda e: float(e.get("stroke-width", 0)))
    x, y = re.match(r"M([\d.]+) ([\d.]+)", frame.get("d")).groups()
    return float(x), float(y)


def read_lines(found, key, order) -> list[list[str]]:
    """Texts grouped into lines by one coordinate, each line read along the other."""
    lines: dict[float, list] = {}
    for item in found:
        lines.setdefault(round(item[key], 2), []).append(item)
    return [[item[3] for item in sorted(items, key=lambda i: i[order])] for _, items in sorted(lines.items())]


def test_row_clues_sit_left_in_order_and_column_clues_stack_above():
    svg = PUZZLE_TYPE.draw(SMALL, answer=False).svg
    found = texts(svg)
    left, top = grid_top_left(svg)
    row_texts = [t for t in found if t[1] > top]
    col_texts = [t for t in found if t[1] < top]
    assert len(row_texts) + len(col_texts) == len(found)
    assert read_lines(row_texts, 1, 0) == [["2", "1"], ["0"], ["5"], ["1", "1", "1"], ["2"]]
    assert read_lines([((a + b) / 2, y, b, d) for a, y, b, d in col_texts], 0, 1) == [
        ["1", "2"], ["1", "1"], ["3"], ["1", "1", "1"], ["2"]
    ]
    assert max(t[2] for t in row_texts) < left < min(t[0] for t in col_texts)
    assert len({max(t[2] for t in row_texts if t[1] == y) for _, y, _, _ in row_texts}) == 1  # right-aligned
    assert sum(e.tag == f"{SVG}text" for e in elements(svg)) == 1  # one element: WeasyPrint pays per element


def test_two_digit_clues_read_as_one_number():
    wide = puzzle_from_text(" ".join(["#" * 12 + "...", "." * 15] * 7 + ["#" * 15]))
    rows = [t[3] for t in texts(PUZZLE_TYPE.draw(wide, answer=False).svg) if t[3] in {"12", "15"}]
    assert rows == ["12"] * 7 + ["15"]


def test_the_busiest_15x15_fits_an_a5_text_block_at_natural_size():
    figure = PUZZLE_TYPE.draw(BUSIEST, answer=False)
    assert figure.width_mm <= 118 and figure.height_mm <= 180
    assert figure.smallest_text_pt >= 8.5


@pytest.mark.parametrize("size", [5, 10, 15])
@pytest.mark.parametrize("answer", [False, True])
def test_figures_are_black_on_white_and_compact(size, answer):
    puzzle = PUZZLE_TYPE.make(size, "draw", Budget()).puzzle
    figure = PUZZLE_TYPE.draw(puzzle, answer=answer)
    colours = set(re.findall(r'(?:fill|stroke)="([^"]+)"', figure.svg))
    assert colours <= {"#000000", "#ffffff", "none"}, colours
    root = ET.fromstring(figure.svg)
    assert float(root.get("width").removesuffix("mm")) == pytest.approx(figure.width_mm, abs=0.01)
    assert figure.thinnest_line_pt >= 0.5
    paths = [e for e in elements(figure.svg) if e.tag == f"{SVG}path"]
    assert len(paths) <= 4  # thin lines, heavier lines, frame, and the answer's filled squares
    if answer:
        assert not texts(figure.svg)
        filled = sum(row.count("#") for row in puzzle.answer)
        squares = [p for p in paths if p.get("fill") == "#000000"]
        runs = [float(w) for w in re.findall(r"h([\d.]+)v", squares[0].get("d"))]  # one rectangle per run
        assert sum(runs) == pytest.approx(filled * CELL_MM) and len(runs) < filled
        assert figure.width_mm == pytest.approx(size * CELL_MM + 2, abs=0.01)
    else:
        assert figure.smallest_text_pt >= 7


@pytest.mark.parametrize("size, heavier", [(5, 0), (10, 2), (15, 4)])
def test_a_heavier_line_every_five_cells_inside_the_frame(size, heavier):
    puzzle = PUZZLE_TYPE.make(size, "draw", Budget()).puzzle
    paths = [e for e in elements(PUZZLE_TYPE.draw(puzzle, answer=False).svg) if e.tag == f"{SVG}path"]
    widths = sorted({float(p.get("stroke-width")) for p in paths})
    by_width = {float(p.get("stroke-width")): p.get("d").count("M") for p in paths}
    assert len(widths) == (3 if heavier else 2)
    assert by_width[widths[-1]] == 4  # the frame
    if heavier:
        assert by_width[widths[1]] == heavier


@pytest.mark.parametrize("rows, cols, heavier", [(30, 30, 10), (15, 20, 5), (25, 15, 6), (5, 30, 5)])
def test_large_and_rectangular_grids_get_a_heavier_line_every_five_cells(rows, cols, heavier):
    puzzle = puzzle_from_text(" ".join("#" * cols if r == 0 else "." * cols for r in range(rows)))
    figure = PUZZLE_TYPE.draw(puzzle, answer=False)
    paths = [e for e in elements(figure.svg) if e.tag == f"{SVG}path"]
    by_width = {float(p.get("stroke-width")): p.get("d").count("M") for p in paths}
    thin, medium, heavy = sorted(by_width)
    assert by_width[medium] == heavier and by_width[heavy] == 4
    assert by_width[thin] == (rows - 1) + (cols - 1) - heavier


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 15).flatmap(lambda n: st.lists(st.text("#.", min_size=n, max_size=n), min_size=n, max_size=n)))
def test_every_clue_number_reads_back_in_its_place(rows):
    """Digits are placed one by one, so a misplaced one would read as another number."""
    puzzle = puzzle_from_text(" ".join(rows))
    svg = PUZZLE_TYPE.draw(puzzle, answer=False).svg
    left, top = grid_top_left(svg)
    found = texts(svg)
    in_rows = [t for t in found if t[1] > top]
    # (column, y, centre, digits), by the column each number's centre lies over
    in_cols = [(int(((a + b) / 2 - left) // CELL_MM), y, (a + b) / 2, d) for a, y, b, d in found if y < top]
    assert read_lines(in_rows, 1, 0) == [[str(n) for n in clue] or ["0"] for clue in puzzle.row_clues]
    assert read_lines(in_cols, 0, 1) == [[str(n) for n in clue] or ["0"] for clue in puzzle.col_clues]
    assert min(t[0] for t in found) >= 0  # nothing falls off the figure
    for y in {t[1] for t in in_rows}:  # each row clue ends just left of the grid
        assert max(t[2] for t in in_rows if t[1] == y) == pytest.approx(left - CLUE_GAP_MM, abs=0.05)
    for column, _, centre, _ in in_cols:  # each column clue sits over the middle of its column
        assert centre == pytest.approx(left + (column + 0.5) * CELL_MM, abs=0.05)
    for column in range(puzzle.cols):  # stacked a line apart, the last just above the grid
        ys = sorted(t[1] for t in in_cols if t[0] == column)
        assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([LINE_PITCH_MM] * (len(ys) - 1), abs=0.02)
        assert top - CLUE_GAP_MM - LINE_PITCH_MM < ys[-1] < top - CLUE_GAP_MM


def dotted(rows: int, cols: int):
    """Every other cell of every other line filled: every row and column clue as long as it can be."""
    return puzzle_from_text(" ".join("".join("#" if r % 2 == c % 2 == 0 else "." for c in range(cols)) for r in range(rows)))


@settings(max_examples=80, deadline=None)
@given(
    st.tuples(st.integers(1, 30), st.integers(1, 30), st.floats(0, 1)).flatmap(
        lambda shape: st.lists(
            st.lists(st.booleans() if shape[2] < 0.5 else st.sampled_from([True, False, False]), min_size=shape[1], max_size=shape[1]),
            min_size=shape[0], max_size=shape[0],
        )
    ),
    st.booleans(),
)
def test_no_drawing_is_larger_than_its_print_size(cells, answer):
    puzzle = puzzle_from_text(" ".join("".join("#" if cell else "." for cell in row) for row in cells))
    drawn = PUZZLE_TYPE.draw(puzzle, answer=answer)
    room = print_size(puzzle.rows, puzzle.cols, answer=answer)
    assert drawn.width_mm <= room.width_mm and drawn.height_mm <= room.height_mm
    assert (drawn.smallest_text_pt, drawn.thinnest_line_pt) == (room.smallest_text_pt, room.thinnest_line_pt)


@pytest.mark.parametrize("rows, cols", [(5, 5), (15, 20), (25, 15), (30, 30), (5, 30), (30, 5), (1, 1), (2, 7)])
@pytest.mark.parametrize("answer", [False, True])
def test_the_print_size_is_the_busiest_drawing(rows, cols, answer):
    drawn = PUZZLE_TYPE.draw(dotted(rows, cols), answer=answer)
    assert print_size(rows, cols, answer=answer) == FigureSize(
        drawn.width_mm, drawn.height_mm, drawn.smallest_text_pt, drawn.thinnest_line_pt, drawn.grid_x_mm, drawn.grid_y_mm
    )


def test_the_widest_row_clue_is_the_widest_of_every_line():
    for length in range(1, 17):
        widest = max(render._row_clue_width(runs(format(bits, f"0{length}b").replace("1", "#").replace("0", ".")))
                     for bits in range(2**length))
        assert render._widest_row_clue(length) == widest
