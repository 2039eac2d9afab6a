"""The rules of Nuritwin, for readers and as a checklist of named checks (CHECKS).

The checker reads an answer cell by cell and finds blocks by flood fill; it shares nothing with the
solver's bitmask search or the SAT proof, so a bug in either cannot hide here. The network and
2 × 2 rules are the shared ones of pipeline/common/shading.py. A region is named in messages by
its first cell in reading order ("the region at r2c3"), which a reader can find on the page.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pipeline.common.shading import connected_check, picture_check, square_check
from pipeline.interface.checks import Check, cell_name, run_checks
from pipeline.puzzles.nuritwin.model import EMPTY, SHADED, Cell, NuritwinPuzzle, components

RULES = """\
Shade some cells. Every region outlined in bold must hold exactly two blocks of shaded cells. A block is a group of shaded cells of that region joined side by side inside the region.

The two blocks of a region are the same size as each other, so they never touch: two blocks that touch side by side would be a single block.

A number in a region tells you the size of each of its two blocks. Regions without a number may hold blocks of any size, as long as the two match.

All shaded cells of the grid join into one network, side by side, across region walls as well as inside them.

No square of 2 × 2 cells is completely shaded."""

BAD_SHAPE = "bad-shape"
REGION_BLOCK_COUNT = "region-block-count"
REGION_BLOCK_SIZES = "region-block-sizes"
REGION_NUMBER = "region-number"
NOT_CONNECTED = "not-connected"
SHADED_2X2 = "shaded-2x2"


def shaded_cells(puzzle: NuritwinPuzzle, answer: Any) -> list[Cell]:
    return [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if answer[r][c] == SHADED]


def block_sizes(cells: tuple[Cell, ...], shaded: set[Cell]) -> list[int]:
    """The sizes of the blocks of one region: its shaded cells grouped by flood fill inside it."""
    return [len(group) for group in components([cell for cell in cells if cell in shaded])]


def _regions(puzzle: NuritwinPuzzle, answer: Any) -> list[tuple[str, list[int], int | None]]:
    """(the region as messages name it, its block sizes, its number) for every region, in order."""
    return _region_blocks(puzzle, tuple(answer))


@lru_cache(maxsize=2)
def _region_blocks(puzzle: NuritwinPuzzle, answer: tuple[str, ...]) -> list[tuple[str, list[int], int | None]]:
    # found once for the three region checks of one answer (a third of the checklist's time)
    shaded = set(shaded_cells(puzzle, answer))
    return [
        (f"the region at {cell_name(cells[0])}", block_sizes(cells, shaded), number)
        for cells, number in zip(puzzle.region_cells, puzzle.numbers)
    ]


def _block_count(puzzle: NuritwinPuzzle, answer: Any) -> str | None:
    for region, sizes, _ in _regions(puzzle, answer):
        if len(sizes) != 2:
            held = "no shaded cell" if not sizes else "one block" if len(sizes) == 1 else f"{len(sizes)} blocks"
            return f"{region} holds {held}, not two"
    return None


def _block_sizes(puzzle: NuritwinPuzzle, answer: Any) -> str | None:
    for region, sizes, _ in _regions(puzzle, answer):
        if len(sizes) == 2 and sizes[0] != sizes[1]:
            return f"the two blocks of {region} have {sizes[0]} and {sizes[1]} cells"
    return None


def _region_number(puzzle: NuritwinPuzzle, answer: Any) -> str | None:
    for region, sizes, number in _regions(puzzle, answer):
        if len(sizes) == 2 and sizes[0] == sizes[1] and number is not None and sizes[0] != number:
            return f"the blocks of {region} have {sizes[0]} cell{'s' if sizes[0] != 1 else ''} each, its number is {number}"
    return None


CHECKS = (
    picture_check(BAD_SHAPE, {SHADED: "shaded", EMPTY: "empty"}),
    Check(REGION_BLOCK_COUNT, "every region holds exactly two blocks", _block_count),
    Check(REGION_BLOCK_SIZES, "the two blocks of a region are the same size", _block_sizes),
    Check(REGION_NUMBER, "a number gives the size of its region's blocks", _region_number),
    connected_check(NOT_CONNECTED, shaded_cells),
    square_check(SHADED_2X2, shaded_cells),
)


def check(puzzle: NuritwinPuzzle, answer: Any) -> list[str]:
    """The failure codes alone, in CHECKS order: what a generator re-checks what it made with."""
    return [failure.code for failure in run_checks(CHECKS, puzzle, answer)]
