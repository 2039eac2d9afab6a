"""Nuritwin's counting search and its SAT proof, each against a brute force over shadings."""

from __future__ import annotations

import random
from functools import cache

import pytest

from nuritwin_reference import brute_force, every_shading, obeys_rules, puzzle_from, random_layout
from pipeline.errors import StepLimit
from pipeline.budget import Budget
from pipeline.puzzles.nuritwin import PUZZLE_TYPE as NURITWIN
from pipeline.puzzles.nuritwin.versions import V4
from pipeline.puzzles.nuritwin.model import NuritwinPuzzle, cells_by_region
from pipeline.puzzles.nuritwin.proof import _Encoding, twin_shadings
from pipeline.puzzles.nuritwin.solver import Layout, shape_masks, shape_shadings

SHAPES = [(4, 4), (3, 5), (4, 5), (5, 4)]


def numbered(puzzle: NuritwinPuzzle, numbers: dict[int, int]) -> NuritwinPuzzle:
    """The puzzle with `numbers` (region id -> block size) printed in the regions' first cells."""
    clues = [[None] * puzzle.cols for _ in range(puzzle.rows)]
    for region, number in numbers.items():
        r, c = puzzle.region_cells[region][0]
        clues[r][c] = number
    return NuritwinPuzzle(puzzle.rows, puzzle.cols, puzzle.regions, tuple(map(tuple, clues)), ())


def block_size(puzzle: NuritwinPuzzle, answer: tuple[str, ...], region: int) -> int:
    shaded = [(r, c) for r, c in puzzle.region_cells[region] if answer[r][c] == "#"]
    return len(shaded) // 2


@cache
def cases() -> list[tuple[NuritwinPuzzle, list[tuple[str, ...]]]]:
    """Random small puzzles with their brute-force answers: every layout that has answers, bare
    and with numbers read off one of them (some or all regions), and as many without answers,
    some with random numbers."""
    rng = random.Random(20261130)
    found, hopeless = [], []
    while len(found) < 40 * 3:
        rows, cols = rng.choice(SHAPES)
        labels = random_layout(rows, cols, rng, sizes=(5, 8))
        if max(len(cells) for cells in cells_by_region(labels)) > 9:
            continue
        bare = NuritwinPuzzle(rows, cols, labels, tuple((None,) * cols for _ in range(rows)), ())
        answers = brute_force(bare)
        if not answers:
            if len(hopeless) < 80:
                regions = range(len(bare.region_cells))
                hopeless.append((numbered(bare, {r: rng.randint(1, 2) for r in regions if rng.random() < 0.3}), []))
            continue
        found.append((bare, answers))
        one = rng.choice(answers)
        for chance in (0.5, 1.0):
            numbers = {r: block_size(bare, one, r) for r in range(len(bare.region_cells)) if rng.random() < chance}
            puzzle = numbered(bare, numbers)
            found.append((puzzle, [a for a in answers if obeys_rules(puzzle, a)]))
    return found + hopeless


def test_the_cases_hold_puzzles_with_no_one_and_several_answers():
    counts = [len(answers) for _, answers in cases()]
    assert len(counts) >= 200
    assert counts.count(0) >= 60 and counts.count(1) >= 25 and sum(n >= 2 for n in counts) >= 25


def test_solve_finds_every_answer_the_brute_force_finds():
    for puzzle, answers in cases():
        assert sorted(NURITWIN.solve(puzzle, 1000, Budget())) == answers, puzzle


@pytest.mark.parametrize("look", [0, 1, V4.count_look, 50])
def test_the_plain_search_and_every_look_ahead_find_every_answer_the_brute_force_finds(look):
    # look 0 is the search that draws answers (and counts for generator versions 1 to 3);
    # solve's own look-ahead (solver.LOOK) is the test above
    for puzzle, answers in cases():
        layout = Layout(puzzle.rows, puzzle.cols, puzzle.regions)
        assert sorted(layout.answers(puzzle.numbers, 1000, Budget(), look=look)) == answers, puzzle


def test_solve_counts_up_to_two():
    for puzzle, answers in cases():
        found = NURITWIN.solve(puzzle, 2, Budget())
        assert len(found) == min(len(answers), 2) and set(found) <= set(answers), puzzle


def test_prove_finds_every_answer_the_brute_force_finds():
    for puzzle, answers in cases():
        assert sorted(NURITWIN.prove(puzzle, 1000)) == answers, puzzle


def test_prove_counts_up_to_two():
    for puzzle, answers in cases():
        found = NURITWIN.prove(puzzle, 2)
        assert len(found) == min(len(answers), 2) and set(found) <= set(answers), puzzle


def test_region_shortcut_matches_every_shading():
    """The brute force only combines region shadings with two equal blocks; on grids small enough
    to check all 2**cells shadings it finds the same answers."""
    rng = random.Random(7)
    with_answers = 0
    for _ in range(12):
        rows, cols = rng.choice([(3, 4), (4, 3), (2, 6)])
        puzzle = NuritwinPuzzle(rows, cols, random_layout(rows, cols, rng, sizes=(4, 7)), ((None,) * cols,) * rows, ())
        answers = every_shading(puzzle)
        with_answers += bool(answers)
        assert brute_force(puzzle) == answers
    assert with_answers >= 2


FOUR_IN_A_ROW = ((0, 0), (0, 1), (0, 2), (0, 3))
SQUARE = ((0, 0), (0, 1), (1, 0), (1, 1))


def test_listed_shadings_of_small_regions():
    assert [blocks for _, blocks in shape_shadings(FOUR_IN_A_ROW)] == [
        (((0, 0),), ((0, 2),)),
        (((0, 0),), ((0, 3),)),
        (((0, 1),), ((0, 3),)),
    ]
    assert [blocks for _, blocks in shape_shadings(SQUARE)] == [(((0, 0),), ((1, 1),)), (((0, 1),), ((1, 0),))]


@pytest.mark.parametrize("seed", range(3))
def test_shape_masks_are_the_listed_shadings_as_masks(seed):
    rng = random.Random(seed)
    for _ in range(100):
        shape = {(0, 0)}
        size = rng.randint(4, 9)
        while len(shape) < size:
            r, c = rng.choice(sorted(shape))
            shape.add(rng.choice([(r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1)]))
        top, left = min(r for r, _ in shape), min(c for _, c in shape)
        shape = tuple(sorted((r - top, c - left) for r, c in shape))
        width = max(c for _, c in shape) + 2 + rng.randint(0, 4)
        assert shape_masks(shape, width) == tuple(
            (size, *(sum(1 << (r * width + c) for r, c in block) for block in blocks)) for size, blocks in shape_shadings(shape)
        )


def test_a_search_that_reaches_its_step_limit_says_so():
    puzzle = puzzle_from("""
        AAAAB
        ACCBB
        ACCDB
        CCDDB
        """)
    assert len(NURITWIN.solve(puzzle, 2, Budget())) == 1
    with pytest.raises(StepLimit):
        NURITWIN.solve(puzzle, 2, Budget(steps=1))


def test_a_proof_cut_ties_each_part_to_another_part_across_its_boundary():
    """The lazy connectivity cut for a model in two parts, one a single cell: for each part, "its
    first cell off, or the other part's first cell off, or a cell around it shaded"."""
    puzzle = puzzle_from("AAAAB\nACCBB\nACCDB\nCCDDB\n", "..###\n#.#..\n#.###\n###..\n")
    encoding = _Encoding(puzzle)
    v = encoding.var
    lone, pair = [(0, 0)], [(2, 2), (2, 3)]
    cuts = encoding.cuts({v[cell] for cell in lone + pair})
    assert cuts == [
        [-v[(0, 0)], -v[(2, 2)], v[(0, 1)], v[(1, 0)]],
        [-v[(2, 2)], -v[(0, 0)], *(v[n] for n in [(1, 2), (1, 3), (2, 1), (2, 4), (3, 2), (3, 3)])],
    ]
    assert encoding.cuts({v[cell] for cell in pair}) == []


def test_the_proof_finds_twin_blocks_that_turn_back_up():
    """Two U-shaped blocks of five in a 2 x 7 region: a block is joined upwards as well as down."""
    cells = tuple((r, c) for r in range(2) for c in range(7))
    left = [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]
    right = [(0, 4), (0, 6), (1, 4), (1, 5), (1, 6)]
    assert (left, right) in twin_shadings(cells)


def test_cut_cells_are_exactly_the_cells_without_which_the_known_cells_part():
    """cut_cells against its definition, one flood fill per cell of the reach, on random reaches
    and known cells: side-by-side copies of the grid in one int must not leak into each other."""
    rng = random.Random(3)
    found = 0
    for _ in range(300):
        rows, cols = rng.choice([(6, 6), (8, 7), (10, 10), (12, 12)])
        across = -(-cols // 3)  # 3 x 3 regions, so a layout lists few shadings
        layout = Layout(rows, cols, tuple(tuple(r // 3 * across + c // 3 for c in range(cols)) for r in range(rows)))
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        possible = layout.mask(cell for cell in cells if rng.random() < 0.6)
        if not possible:
            continue
        seed = possible & -possible
        reach = layout.reach(seed, possible)
        known = seed | layout.mask(cell for cell in cells if layout.bit(cell) & reach and rng.random() < 0.15)
        needed = 0
        for cell in cells:
            bit = layout.bit(cell)
            if bit & reach & ~known and known & ~layout.reach(seed, reach & ~bit):
                needed |= bit
        found += bool(needed)
        assert layout.cut_cells(layout.rings(seed, possible), known) == needed
    assert found >= 100
