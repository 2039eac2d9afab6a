"""The rules checker: one broken answer per failure code, each reported by that code alone."""

from __future__ import annotations

import pytest

from kuralin_reference import SAMPLE_ANSWER, SAMPLE_CIRCLES, circles_from_picture, loop_from_picture, puzzle
from pipeline.puzzles.kuralin import PUZZLE_TYPE as KURALIN
from pipeline.puzzles.kuralin.model import Solution, solution_from_lines



def answer() -> Solution:
    return loop_from_picture(SAMPLE_ANSWER)


def kuralin(circles: str = SAMPLE_CIRCLES):
    return puzzle(4, 4, circles_from_picture(circles), answer())


def with_lines(lines) -> Solution:
    return solution_from_lines(4, 4, frozenset(lines))


def test_the_answer_keeps_every_rule():
    assert KURALIN.failures(kuralin(), answer()) == []


def test_a_cell_with_three_lines_is_a_branch():
    branched = with_lines(answer().lines | {((1, 1), (2, 1))})
    assert [f.code for f in KURALIN.failures(kuralin(""), branched)] == ["branch"]


def test_a_dead_end_is_a_branch():
    open_path = with_lines(answer().lines - {((0, 2), (0, 3))})
    assert [f.code for f in KURALIN.failures(kuralin(""), open_path)] == ["branch"]


def test_two_loops_and_no_loop_break_the_one_loop_rule():
    two = loop_from_picture(
        """
        o-o o-o
        | | | |
        o-o o-o
               
        # # # #
               
        # # # #
        """
    )
    assert [f.code for f in KURALIN.failures(kuralin(""), two)] == ["one-loop"]
    assert [f.code for f in KURALIN.failures(kuralin(""), with_lines(set()))] == ["one-loop"]


def test_black_cells_must_be_exactly_the_cells_off_the_loop():
    marked_on_loop = Solution(("##.#", *answer().cells[1:]), answer().lines)
    white_off_loop = Solution(("....", *answer().cells[1:]), answer().lines)
    assert [f.code for f in KURALIN.failures(kuralin(""), marked_on_loop)] == ["black-off-loop"]
    assert [f.code for f in KURALIN.failures(kuralin(""), white_off_loop)] == ["black-off-loop"]


def one_circle(y: int, x: int, letter: str) -> str:
    """A picture of this 4x4 grid with a single circle at picture position (y, x)."""
    return "\n".join("".join(letter if (i, j) == (y, x) else "." for j in range(7)) for i in range(7))


@pytest.mark.parametrize(
    "y, x, letter, code",
    [
        (0, 1, "W", "circle-white"),  # its two cells are black
        (2, 1, "B", "circle-black"),  # its two cells are on the loop
        (0, 1, "G", "circle-grey"),  # two black cells, no white one
        (1, 3, "G", "circle-grey"),  # a corner: one black cell of four
        (1, 3, "B", "circle-black"),
    ],
)
def test_each_circle_colour_has_its_code(y, x, letter, code):
    assert [f.code for f in KURALIN.failures(kuralin(one_circle(y, x, letter)), answer())] == [code]


def test_a_corner_circle_counts_its_four_cells():
    # rows 0-1, columns 1-2: (0, 1) is black, the other three are on the loop
    assert KURALIN.failures(kuralin(one_circle(1, 3, "W")), answer()) == []


@pytest.mark.parametrize(
    "broken",
    [
        "not an answer",
        Solution(answer().cells[:3], answer().lines),  # a row missing
        Solution(("#.?.", *answer().cells[1:]), answer().lines),  # an unknown mark
        Solution(answer().cells, answer().lines | {((0, 0), (1, 1))}),  # a diagonal line
        Solution(answer().cells, answer().lines | {((3, 3), (3, 4))}),  # a line out of the grid
        Solution(answer().cells, tuple(answer().lines)),  # lines not a set
        Solution((list(answer().cells[0]), *answer().cells[1:]), answer().lines),  # a row not a string
        Solution(answer().cells, answer().lines | {((4, 0), (3, 0))}),  # a line below the grid
        Solution(answer().cells, answer().lines | {((0, 0), (0, 1), (0, 2))}),  # three ends
        Solution(answer().cells, answer().lines | {((0, 0, 0), (0, 1))}),  # an end of three numbers
        Solution(answer().cells, answer().lines | {((0, "1"), (0, 2))}),  # an end not of numbers
    ],
)
def test_malformed_answers_are_bad_shape(broken):
    assert [f.code for f in KURALIN.failures(kuralin(), broken)] == ["bad-shape"]
