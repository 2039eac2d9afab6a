"""Nuritwin test helpers: text pictures, random small layouts, and a brute force over shadings.

Region pictures have one letter per cell, the same letter for the cells of one region. Answer
pictures have "#" for a shaded cell and "." for an empty one. Numbers are given per region letter.
"""

from __future__ import annotations

import itertools
import random
import textwrap

from pipeline.puzzles.nuritwin.model import NuritwinPuzzle, canonical_labels, cells_by_region


def lines_of(text: str) -> list[str]:
    return [line.strip() for line in textwrap.dedent(text).strip("\n").splitlines()]


def puzzle_from(regions: str, answer: str = "", numbers: dict[str, int] | None = None) -> NuritwinPuzzle:
    """A puzzle from a region picture, an answer picture (optional) and numbers by region letter."""
    letters = lines_of(regions)
    rows, cols = len(letters), len(letters[0])
    ids = {letter: ord(letter) for row in letters for letter in row}
    labels = canonical_labels([[ids[letter] for letter in row] for row in letters])
    clues = [[None] * cols for _ in range(rows)]
    for letter, number in (numbers or {}).items():
        first = min((r, c) for r in range(rows) for c in range(cols) if letters[r][c] == letter)
        clues[first[0]][first[1]] = number
    return NuritwinPuzzle(rows, cols, labels, tuple(map(tuple, clues)), tuple(lines_of(answer)) if answer else ())


def random_layout(rows: int, cols: int, rng: random.Random, sizes: tuple[int, int] = (3, 6)) -> tuple[tuple[int, ...], ...]:
    """Connected regions grown from random cells to random sizes (a stuck one stays smaller)."""
    label = [[-1] * cols for _ in range(rows)]
    count = 0
    while True:
        free = [(r, c) for r in range(rows) for c in range(cols) if label[r][c] < 0]
        if not free:
            return canonical_labels(label)
        region = [rng.choice(free)]
        label[region[0][0]][region[0][1]] = count
        target = rng.randint(*sizes)
        while len(region) < target:
            frontier = sorted(
                {
                    (r + dr, c + dc)
                    for r, c in region
                    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < rows and 0 <= c + dc < cols and label[r + dr][c + dc] < 0
                }
            )
            if not frontier:
                break
            cell = rng.choice(frontier)
            label[cell[0]][cell[1]] = count
            region.append(cell)
        count += 1


def random_puzzle(rows: int, cols: int, rng: random.Random, number_chance: float = 0.2) -> NuritwinPuzzle:
    """A random layout, each region numbered 1 or 2 with the given chance."""
    labels = random_layout(rows, cols, rng)
    clues = [[None] * cols for _ in range(rows)]
    for cells in cells_by_region(labels):
        if rng.random() < number_chance:
            clues[cells[0][0]][cells[0][1]] = rng.randint(1, 2)
    return NuritwinPuzzle(rows, cols, labels, tuple(map(tuple, clues)), ())


def groups(cells: list[tuple[int, int]]) -> list[int]:
    """Sizes of the side-by-side joined groups of `cells`, smallest first."""
    left, sizes = set(cells), []
    while left:
        stack, size = [left.pop()], 0
        while stack:
            r, c = stack.pop()
            size += 1
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in left:
                    left.remove(near)
                    stack.append(near)
        sizes.append(size)
    return sorted(sizes)


def twin_subsets(cells: tuple[tuple[int, int], ...]) -> list[frozenset[tuple[int, int]]]:
    """Every subset of a region's cells that forms exactly two groups of one size."""
    found = []
    for n in range(len(cells) + 1):
        for subset in itertools.combinations(cells, n):
            sizes = groups(list(subset))
            if len(sizes) == 2 and sizes[0] == sizes[1]:
                found.append(frozenset(subset))
    return found


def obeys_rules(puzzle: NuritwinPuzzle, answer: tuple[str, ...]) -> bool:
    """Whether `answer` keeps every rule, read straight from the rules text and sharing no code
    with the project's checker: two equal blocks per region, of the printed size where there is
    one; every shaded cell in one group; no 2 x 2 all shaded."""
    shaded = [(r, c) for r, row in enumerate(answer) for c, mark in enumerate(row) if mark == "#"]
    for cells, number in zip(puzzle.region_cells, puzzle.numbers):
        sizes = groups([cell for cell in cells if answer[cell[0]][cell[1]] == "#"])
        if len(sizes) != 2 or sizes[0] != sizes[1] or number not in (None, sizes[0]):
            return False
    squares = any(
        answer[r][c] + answer[r][c + 1] + answer[r + 1][c] + answer[r + 1][c + 1] == "####"
        for r in range(puzzle.rows - 1)
        for c in range(puzzle.cols - 1)
    )
    return len(groups(shaded)) == 1 and not squares


def brute_force(puzzle: NuritwinPuzzle) -> list[tuple[str, ...]]:
    """Every answer: each combination of per-region shadings with two equal blocks, kept if it obeys the rules.

    Shadings whose regions do not each hold two equal blocks break the rules whatever else they do,
    so leaving them out changes nothing (test_region_shortcut_matches_every_shading checks this
    against all 2**cells shadings on small grids).
    """
    per_region = [twin_subsets(cells) for cells in puzzle.region_cells]
    found = []
    for choice in itertools.product(*per_region):
        shaded = frozenset().union(*choice)
        answer = as_answer(puzzle, shaded)
        if obeys_rules(puzzle, answer):
            found.append(answer)
    return sorted(found)


def every_shading(puzzle: NuritwinPuzzle) -> list[tuple[str, ...]]:
    """Every answer, by obeys_rules() on all 2**cells shadings: only for very small grids."""
    cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    found = []
    for bits in range(1 << len(cells)):
        answer = as_answer(puzzle, {cell for i, cell in enumerate(cells) if bits >> i & 1})
        if obeys_rules(puzzle, answer):
            found.append(answer)
    return sorted(found)


def as_answer(puzzle: NuritwinPuzzle, shaded) -> tuple[str, ...]:
    return tuple(
        "".join("#" if (r, c) in shaded else "." for c in range(puzzle.cols)) for r in range(puzzle.rows)
    )


# A 4x5 puzzle and its answer, shared by the record and drawing tests.
SAMPLE = puzzle_from(
    """
    AAAAB
    ACCBB
    ACCDB
    CCDDB
    """,
    """
    ..###
    #.#..
    #.###
    ###..
    """,
    numbers={"A": 2, "D": 1},
)
