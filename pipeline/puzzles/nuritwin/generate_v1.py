"""Nuritwin generator version 1, kept so specs pinned to it (`generator: nuritwin/1`) reprint
its puzzles byte for byte: its reshaping, unchanged. Every other step is version 2's, in
generate_v2.py, which behaves as it did in version 1 (tests/golden/nuritwin/v1 pins both).

Version 1 reshapes against one second answer at a time, moving a random cell where the two differ;
when no move removes a second answer that differs from the drawn answer in one region only, the
drawn answer is given up. Over 150 layouts at 10 x 10 this was the cheapest of its variants, but
about 43 answers were drawn per puzzle at 10 x 10 (issue 17), which version 2 reduces.
"""

from __future__ import annotations

import random

from pipeline.budget import Budget
from pipeline.interface.puzzle_type import Generated
from pipeline.puzzles.nuritwin.generate_v2 import MAX_CELLS, MAX_MOVES, MIN_CELLS, _block_sizes, _count, generate_with
from pipeline.puzzles.nuritwin.model import SHADED, Answer, Cell, Grid, canonical_labels, cells_by_region, components, neighbours
from pipeline.puzzles.nuritwin.rules import block_sizes
from pipeline.puzzles.nuritwin.solver import Layout


def generate(rows: int, cols: int, rng: random.Random, budget: Budget) -> Generated:
    return generate_with(_reshaped, rows, cols, rng, budget)


def _reshaped(
    labels: Grid, answer: Answer, parts: dict, budget: Budget, rng: random.Random
) -> tuple[Grid, Answer, dict[str, int]] | None:
    """Version 1 keeps the drawn answer: the reshaped regions, that answer and the moves, or None."""
    reshaped = _reshape_until_unique(labels, answer, parts, budget, rng)
    return None if reshaped is None else (reshaped[0], answer, {"reshaping_moves": reshaped[1]})


def _reshape_until_unique(
    labels: Grid, answer: Answer, parts: dict, budget: Budget, rng: random.Random
) -> tuple[Grid, int] | None:
    """The regions reshaped until `answer` is their only answer with every block size given, and
    the number of moves; None when a second answer stays after 40 moves or no move removes it."""
    seen = {labels}
    moves = 0
    while True:
        layout = Layout(len(labels), len(labels[0]), labels, parts)
        others = _second_answers(layout, answer, _block_sizes(labels, answer), budget, rng)
        if not others:
            return labels, moves
        if moves == MAX_MOVES:
            return None
        reshaped = [_reshape(labels, answer, other, rng, seen) for other in others]
        if None in reshaped:
            return None
        labels = reshaped[0]
        seen.add(labels)
        moves += 1


def _second_answers(
    layout: Layout, answer: Answer, sizes: tuple[int, ...], budget: Budget, rng: random.Random
) -> list[Answer]:
    """Second answers to reshape against, in a random order; [] when `answer` is the only one.

    First those that differ from `answer` in one region only, found by putting each of that
    region's other shadings of the same block size in place: cheap to find, and if no move removes
    one of them the layout is stuck, so all are looked at. Only when there are none does the full
    count look for a second answer.
    """
    shaded = layout.shaded(answer)
    local = []
    for region, own in enumerate(layout.region_masks):
        rest = shaded & ~own
        for (mask, _, _), size in zip(layout.options[region], layout.block_sizes[region]):
            trial = rest | mask
            if size == sizes[region] and trial != shaded and layout.is_network(trial):
                local.append(layout.answer(trial))
    if not local:
        return [found for found in _count(layout, sizes, budget) if found != answer][:1]
    rng.shuffle(local)
    return local


def _reshape(labels: Grid, answer: Answer, other: Answer, rng: random.Random, seen: set[Grid]) -> Grid | None:
    """The layout after moving one cell where `answer` and `other` differ into a neighbouring region.

    Both regions must stay joined and four to nine cells, and `answer` must still obey every rule.
    A move back to a layout already `seen` is skipped: its count would find the same second answer
    again, and the moves would go round in circles until the 40 are spent. None when no move is left.

    `answer` obeys every rule before the move, and a move changes only two regions, so only those
    two are read again: the network and the 2 x 2 rule do not depend on regions. (A full check of
    every candidate took 1.6 s of this function's 2.8 s over four codes at 10 x 10, cProfile.)
    """
    rows, cols = len(labels), len(labels[0])
    differing = [(r, c) for r in range(rows) for c in range(cols) if answer[r][c] != other[r][c]]
    rng.shuffle(differing)
    members = cells_by_region(labels)
    shaded = {(r, c) for r, row in enumerate(answer) for c, mark in enumerate(row) if mark == SHADED}
    for cell in differing:
        home = labels[cell[0]][cell[1]]
        if len(members[home]) == MIN_CELLS:
            continue
        left = tuple(near for near in members[home] if near != cell)
        targets = sorted({labels[r][c] for r, c in neighbours(cell, rows, cols)} - {home})
        rng.shuffle(targets)
        for target in targets:
            if len(members[target]) == MAX_CELLS:
                continue
            moved = [list(row) for row in labels]
            moved[cell[0]][cell[1]] = target
            trial = canonical_labels(moved)
            if trial in seen:
                continue
            joined = sorted(members[target] + (cell,))
            if len(components(left)) == 1 and _holds_twins(left, shaded) and _holds_twins(joined, shaded):
                return trial
    return None


def _holds_twins(cells, shaded: set[Cell]) -> bool:
    """Whether the shaded cells of a region make exactly two blocks of one size."""
    sizes = block_sizes(cells, shaded)
    return len(sizes) == 2 and sizes[0] == sizes[1]
