"""The checks types share (pipeline/common/): each finds the first place its rule breaks and says
where, on boards that belong to no genre."""

from __future__ import annotations

import pytest

from pipeline.common.loops import degree_check, one_loop_check
from pipeline.common.shading import connected_check, square_check
from pipeline.interface.checks import cell_name

SQUARE = [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 0)), ((1, 0), (0, 0))]


def given(puzzle, answer):
    return answer


def test_a_closed_loop_keeps_both_loop_rules() -> None:
    assert degree_check("branch", given, cell_name).find(None, SQUARE) is None
    assert one_loop_check("one-loop", given, cell_name).find(None, SQUARE) is None


def test_a_dead_end_and_a_branch_are_named_where_they_are() -> None:
    assert degree_check("branch", given, cell_name).find(None, SQUARE[:3]) == "a line ends at r1c1"
    branched = SQUARE + [((1, 1), (2, 1))]
    assert degree_check("branch", given, cell_name).find(None, branched) == "the lines branch at r2c2 (3 meet there)"
    crossing = SQUARE + [((1, 1), (2, 1)), ((2, 1), (2, 2)), ((2, 2), (1, 2)), ((1, 2), (1, 1))]
    assert degree_check("branch", given, cell_name).find(None, crossing) == "the lines branch at r2c2 (4 meet there)"


def test_no_loop_and_two_loops_break_the_one_loop_rule() -> None:
    check = one_loop_check("one-loop", given, cell_name)
    assert check.find(None, []) == "no loop is drawn"
    apart = SQUARE + [((a + 3, b), (c + 3, d)) for (a, b), (c, d) in SQUARE]
    assert check.find(None, apart) == "the lines form 2 separate pieces: the one through r4c1 does not join the one through r1c1"
    assert check.code == "one-loop" and check.rule


def shaded(puzzle, answer):
    return [(r, c) for r, row in enumerate(answer) for c, mark in enumerate(row) if mark == "#"]


@pytest.mark.parametrize("grid", [("...", ".##", ".##"), ("##.", "##.", "..."), ("...", "##.", "##.")])
def test_a_shaded_square_is_found_in_the_last_rows_and_columns_too(grid) -> None:
    check = square_check("shaded-2x2", shaded)
    r, c = min(shaded(None, grid))
    assert check.find(None, grid) == f"the 2×2 square from r{r + 1}c{c + 1} to r{r + 2}c{c + 2} is all shaded"
    assert check.find(None, tuple(row.replace("#", ".", 1) for row in grid)) is None


def test_shaded_cells_apart_are_named_by_the_first_cell_cut_off() -> None:
    check = connected_check("not-connected", shaded)
    assert check.find(None, ("##.", "..#", "..#")) == "the shaded cells form 2 separate networks: r2c3 is cut off from r1c1"
    assert check.find(None, ("##.", ".##", "...")) is None
    assert check.find(None, ("...", "...")) is None  # nothing shaded is not two networks
