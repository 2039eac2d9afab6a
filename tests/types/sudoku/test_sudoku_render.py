"""Drawings: heavy box walls over thin cell lines, givens in DejaVu Sans, and in the answer the
givens bold and the filled digits regular."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from pipeline.budget import Budget
from pipeline.puzzles.sudoku import PUZZLE_TYPE as SUDOKU
from pipeline.puzzles.sudoku.render import CELL_MM, DIGIT_PT, MARGIN_MM
from pipeline.render.svg import BOLD_DIGIT_EM, DIGIT_EM, HEAVY_PT, PT, THIN_PT

SVG = "{http://www.w3.org/2000/svg}"


def drawn(size: int, answer: bool):
    puzzle = SUDOKU.make(size, "harbour", Budget()).puzzle
    return puzzle, ET.fromstring(SUDOKU.draw(puzzle, answer=answer).svg)


def lines_by_width(root) -> dict[float, str]:
    return {round(float(p.get("stroke-width")) / PT, 1): p.get("d") for p in root.iter(SVG + "path")}


@pytest.mark.parametrize("size, box", [(9, (3, 3)), (6, (2, 3)), (4, (2, 2))])
def test_box_walls_are_heavy_and_cell_lines_thin(size: int, box: tuple[int, int]) -> None:
    _, root = drawn(size, answer=False)
    paths = lines_by_width(root)
    assert set(paths) == {THIN_PT, HEAVY_PT}
    at = lambda k: f"{MARGIN_MM + k * CELL_MM:.2f}".rstrip("0").rstrip(".")
    heavy, thin = paths[HEAVY_PT], paths[THIN_PT]
    for k in range(1, size):
        across = f"M{at(0)} {at(k)}H"  # the line below row k
        down = f"M{at(k)} {at(0)}V"  # the line right of column k
        assert (across in heavy) == (k % box[0] == 0) and (across in thin) == (k % box[0] != 0)
        assert (down in heavy) == (k % box[1] == 0) and (down in thin) == (k % box[1] != 0)


def text_of(element) -> str:
    return "".join(element.itertext())


def test_the_puzzle_prints_its_givens_in_reading_order() -> None:
    puzzle, root = drawn(9, answer=False)
    texts = list(root.iter(SVG + "text"))
    assert len(texts) == 1 and texts[0].get("font-family") == "DejaVu Sans"
    assert text_of(texts[0]) == "".join(str(v) for row in puzzle.givens for v in row if v)


def test_the_answer_prints_givens_bold_and_filled_digits_regular() -> None:
    puzzle, root = drawn(9, answer=True)
    bold, regular = list(root.iter(SVG + "text"))
    assert bold.get("font-weight") == "bold" and regular.get("font-weight") is None
    assert text_of(bold) == "".join(str(v) for row in puzzle.givens for v in row if v)
    filled = [a for grow, arow in zip(puzzle.givens, puzzle.answer) for g, a in zip(grow, arow) if not g]
    assert text_of(regular) == "".join(map(str, filled))


def test_the_print_size_needs_no_puzzle() -> None:
    for size in (4, 6, 9):
        bound = SUDOKU.print_size(SUDOKU.make_params(size), answer=True)
        assert bound.width_mm == bound.height_mm == pytest.approx(size * CELL_MM + 2 * MARGIN_MM)
        assert bound.smallest_text_pt >= 7 / 0.6, "an answer printed at 60 % keeps its digits above 7 pt"


def test_every_digit_is_centred_in_its_cell_in_either_weight() -> None:
    """Bold digits are wider (DejaVu Sans Bold's advance, not the regular one): placed by the
    regular advance, a bold given sat 0.17 mm right of its cell's centre."""
    puzzle, root = drawn(9, answer=True)
    bold, regular = list(root.iter(SVG + "text"))
    filled = tuple(tuple(0 if g else a for g, a in zip(grow, arow)) for grow, arow in zip(puzzle.givens, puzzle.answer))
    for element, grid, em in ((bold, puzzle.givens, BOLD_DIGIT_EM), (regular, filled, DIGIT_EM)):
        centres = [MARGIN_MM + (c + 0.5) * CELL_MM for row in grid for c, v in enumerate(row) if v]
        lefts = [float(x) for x in element.get("x").split()]
        assert [round(x + em * DIGIT_PT * PT / 2, 1) for x in lefts] == [round(x, 1) for x in centres]
