"""The rules of Nuritwin, for readers and for the solver-free checker.

The checker reads an answer cell by cell and finds blocks by flood fill; it shares nothing with the
solver's bitmask search or the SAT proof, so a bug in either cannot hide here.
"""

from __future__ import annotations

from typing import Any

from pipeline.puzzles.nuritwin.model import (
    EMPTY,
    SHADED,
    Cell,
    NuritwinPuzzle,
    components,
)

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

FAILURE_CODES = (BAD_SHAPE, REGION_BLOCK_COUNT, REGION_BLOCK_SIZES, REGION_NUMBER, NOT_CONNECTED, SHADED_2X2)


def check(puzzle: NuritwinPuzzle, answer: Any) -> list[str]:
    """The failure codes `answer` earns against the rules and printed numbers, in FAILURE_CODES order."""
    if not well_shaped(answer, puzzle.rows, puzzle.cols):
        return [BAD_SHAPE]
    shaded = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if answer[r][c] == SHADED]
    found = set(region_failures(puzzle, set(shaded)))
    if len(components(shaded)) > 1:
        found.add(NOT_CONNECTED)
    if has_shaded_square(answer):
        found.add(SHADED_2X2)
    return [code for code in FAILURE_CODES if code in found]


def well_shaped(answer: Any, rows: int, cols: int) -> bool:
    return (
        isinstance(answer, (tuple, list))
        and len(answer) == rows
        and all(isinstance(row, str) and len(row) == cols and not set(row) - {SHADED, EMPTY} for row in answer)
    )


def region_failures(puzzle: NuritwinPuzzle, shaded: set[Cell]) -> list[str]:
    """One code per region that breaks the two-equal-blocks rule or its printed number."""
    failures = []
    for cells, number in zip(puzzle.region_cells, puzzle.numbers):
        sizes = block_sizes(cells, shaded)
        if len(sizes) != 2:
            failures.append(REGION_BLOCK_COUNT)
        elif sizes[0] != sizes[1]:
            failures.append(REGION_BLOCK_SIZES)
        elif number is not None and sizes[0] != number:
            failures.append(REGION_NUMBER)
    return failures


def block_sizes(cells: tuple[Cell, ...], shaded: set[Cell]) -> list[int]:
    """The sizes of the blocks of one region: its shaded cells grouped by flood fill inside it."""
    return [len(group) for group in components([cell for cell in cells if cell in shaded])]


def has_shaded_square(answer: tuple[str, ...] | list[str]) -> bool:
    return any(
        answer[r][c] == answer[r][c + 1] == answer[r + 1][c] == answer[r + 1][c + 1] == SHADED
        for r in range(len(answer) - 1)
        for c in range(len(answer[0]) - 1)
    )
