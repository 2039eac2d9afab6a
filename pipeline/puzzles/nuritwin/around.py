"""Making an easy or medium Nuritwin by building the regions around an answer (generator version 3 on).

1. Build regions and their shading together, region by region: each new region holds the first
   free cell in reading order, its cells grown as a path or a compact blob (TRIES shapes), and of
   all their shadings (two equal blocks, as listed for the shape) the one kept is of the block size
   with fewest shadings that fit the cells shaded so far (no 2 x 2 with them): the fewer a number
   leaves, the sooner the techniques read the region. It must shade no 2 x 2 and seal no group of
   shaded cells off; fewer groups break ties. A free cell no region can take joins a neighbouring
   region, unshaded; a build where it cannot (a shaded group's last way out, or no room) is
   dropped and another built.
2. Reshape the regions until the built answer is their only one with every number given, by the
   version's reshaping (steps.py's step 3).
3. Number them as aim.py does: keep the layout only when the techniques of tiers up to the asked
   one finish it with every number, take away the numbers they do not need, and give the layout
   up when the tier below finishes it.
4. Re-check the answer against every rule and re-count from the printed puzzle
   (`steps.confirmed`).

Why around an answer: on the layouts the plain generator grows and draws, the easy techniques
decide 14 to 34 of 64 cells with every number printed, since a region of six or seven cells with
a number has many shadings; a path of 2n + 1 cells with blocks of n at its ends has one shading of
that size. The measurements, and what was tried and dropped: docs/notes/nuritwin-built-around.md.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache, lru_cache

from pipeline.budget import Budget
from pipeline.interface.puzzle_type import Generated
from pipeline.puzzles.nuritwin import aim, steps
from pipeline.puzzles.nuritwin.model import Answer, Grid, canonical_labels
from pipeline.puzzles.nuritwin.solver import shape_masks, shape_shadings
from pipeline.puzzles.nuritwin.steps import MAX_CELLS, MIN_CELLS
from pipeline.puzzles.nuritwin.versions import CURRENT, Version

TARGETS = (5, 5, 6, 7, 7)  # cells a new region is grown towards
PATH_SHARE = 0.5  # share of new regions grown as paths rather than blobs
# Region shapes tried for each new region, up to eight times as many when none fits: 24 made a
# 10x10 easy puzzle in a median 0.17 s against 0.44 s with 6 (docs/notes/nuritwin-built-around.md).
TRIES = 24


class _Grid:
    """Cells as bits, cell (r, c) at r * width + c with a spare zero column (as grade.Board)."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols, self.width = rows, cols, cols + 1
        self.full = sum(1 << (r * self.width + c) for r in range(rows) for c in range(cols))
        self.corners = sum(1 << (r * self.width + c) for r in range(rows - 1) for c in range(cols - 1))

    def grow(self, mask: int) -> int:
        w = self.width
        return (mask | mask << 1 | mask >> 1 | mask << w | mask >> w) & self.full

    def squares(self, shaded: int) -> int:
        w = self.width
        return shaded & shaded >> 1 & shaded >> w & shaded >> (w + 1) & self.corners


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def generate_graded(rows: int, cols: int, tier: str, rng: random.Random, budget: Budget, version: Version = CURRENT) -> Generated:
    """A puzzle the techniques of tiers up to `tier` finish and those below it do not, on regions
    built around its answer, confirmed as `version` confirms."""
    grid = _Grid(rows, cols)
    builds = stuck = dropped = 0
    while True:
        builds += 1
        budget.spend()
        built = _build(grid, rng)
        if built is None:
            stuck += 1
            continue
        parts = steps.Parts(rows, cols)
        try:
            reshaped = version.reshape(*built, parts, budget, rng, version)
        except steps.LayoutDropped:
            dropped += 1
            continue
        finally:
            parts.close()
        if reshaped is None:
            continue
        labels, answer, reshaping = reshaped
        puzzle = aim.fewest_numbers(labels, answer, tier, budget, rng)
        if puzzle is not None:
            break
    puzzle = steps.confirmed(puzzle, budget, version)
    stats = {
        "regions": len(puzzle.region_cells),
        "numbers": sum(number is not None for number in puzzle.numbers),
        **reshaping,
        "dropped_at_step_limit": dropped,
        "builds": builds,
        "builds_stuck": stuck,
    }
    return Generated(puzzle, stats)


def _build(grid: _Grid, rng: random.Random) -> tuple[Grid, Answer] | None:
    """Regions and one answer of them built together (step 1); None when a cell is left that no
    region can take."""
    state: _State | None = (grid.full, 0, (), (), ())
    while state is not None and state[0]:
        state = _place(grid, state, rng)
    if state is None:
        return None
    _, shaded, _, owns, _ = state
    return _labels(grid, owns), _answer(grid, shaded)


# (free cells, shaded cells, the shaded cells' groups, each region's cells, each region's block size)
_State = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


# A shaded group, its neighbourhood and whether that meets a free cell
_Part = tuple[int, int, bool]
# A region's shading: how many of its shadings have its block size, its shaded cells, the shaded
# groups after it, its block size
_Way = tuple[int, int, list[_Part], int]


def _place(grid: _Grid, state: _State, rng: random.Random) -> _State | None:
    """The state with the first free cell in a new region or, when none fits, in a neighbouring
    one; None when it fits nowhere."""
    free, shaded, groups, owns, sizes = state
    first = free & -free
    grown = [grid.grow(group) for group in groups]  # the groups' neighbourhoods, read by every way
    # A region grown again (70% of the shapes grown at 6 x 6, 54% at 10 x 10) has the same ways:
    # they are weighed once, and only the tie-breaking draws are made again (6x6 medium: 29.9 ms
    # a make against 47.1; docs/notes/grading-speed.md).
    weighed: dict[int, list[_Way] | None] = {}
    best = None
    for attempt in range(8 * TRIES):
        if attempt >= TRIES and best is not None:
            break
        grow = _path if rng.random() < PATH_SHARE else _blob
        own = grow(grid, first, free, rng, rng.choice(TARGETS))
        if own.bit_count() < MIN_CELLS:
            continue
        if own not in weighed:
            weighed[own] = _open_ways(grid, own, free & ~own, shaded, groups, grown)
        for fitting, way, joined, size in weighed[own] or ():
            score = (fitting, len(joined), rng.random())
            if best is None or score < best[0]:
                best = (score, own, way, joined, size)
    if best is not None:
        _, own, way, joined, size = best
        return free & ~own, shaded | way, tuple(part[0] for part in joined), owns + (own,), sizes + (size,)
    homes = _join_neighbour(grid, first, free, groups, owns, sizes)
    return None if homes is None else (free & ~first, shaded, groups, homes, sizes)


def _open_ways(
    grid: _Grid, own: int, rest: int, shaded: int, groups: tuple[int, ...], grown: list[int]
) -> list[_Way] | None:
    """Region `own`'s shadings that shade no 2 x 2 and seal no group off, in listed order, as
    (how many of its shadings have that block size, the shaded cells, the groups after, block
    size); None when taking `own` leaves a pocket of free cells."""
    if _leaves_pocket(grid, own, rest):
        return None
    shape, offset = _shape(own, grid.width)
    listing = [
        (size, first | second, (first, second))
        for size, first, second in shape_masks(shape, grid.width)
        if not grid.squares(shaded | (first | second) << offset)
    ]
    fitting = Counter(size for size, _, _ in listing)
    opened = [bool(near & rest) for near in grown]
    shaded_now = (list(zip(groups, grown, opened)), opened.count(False))
    # A block is the first of several ways: the groups after it are merged once, and only the
    # second block's merge is made per way (30 6x6 medium makes: 151,327 merges for 102,910 ways,
    # where two a way made 205,820).
    after_first: dict[int, tuple[list[_Part], int]] = {}
    ways = []
    for size, way, (first, second) in listing:
        first <<= offset
        if first not in after_first:
            after_first[first] = _shade_block(grid, shaded_now, first, rest)
        joined, sealed = _shade_block(grid, after_first[first], second << offset, rest)
        if not sealed or len(joined) == 1:
            ways.append((fitting[size], way << offset, joined, size))
    return ways


def _leaves_pocket(grid: _Grid, own: int, rest: int) -> bool:
    """Whether taking `own` leaves free cells beside it in a group too small for a region. A group
    under MIN_CELLS cells is reached whole within MIN_CELLS - 1 steps from any of its cells."""
    seen = 0
    for cell in _bits(grid.grow(own) & rest):
        if cell & seen:
            continue
        group = cell
        for _ in range(MIN_CELLS - 1):
            group = grid.grow(group) & rest
        if group.bit_count() < MIN_CELLS:
            return True
        seen |= group
    return False


def _blob(grid: _Grid, first: int, free: int, rng: random.Random, target: int) -> int:
    """A region grown from `first` by random flood fill, favouring cells it already wraps (as
    steps.grow_regions does). The frontier's bits are read inline, here and in _path: with the
    generator the two took 2.30 s of 40 6x6 medium makes under cProfile, inline 1.61 s."""
    w = grid.width
    own = first
    for _ in range(target - 1):
        frontier = (own << 1 | own >> 1 | own << w | own >> w) & free & ~own
        if not frontier:
            break
        weighted = []
        while frontier:
            cell = frontier & -frontier
            frontier ^= cell
            touching = ((cell << 1 | cell >> 1 | cell << w | cell >> w) & own).bit_count()
            weighted += [cell] * (touching * touching)
        own |= rng.choice(weighted)
    return own


def _path(grid: _Grid, first: int, free: int, rng: random.Random, target: int) -> int:
    """A region grown from `first` as a path whose cells touch only the cells before and after
    them: blocks at its two ends with a gap between are its only shading of their size."""
    w = grid.width
    own, last = first, first
    for _ in range(target - 1):
        near = (last << 1 | last >> 1 | last << w | last >> w) & free & ~own
        steps = []
        while near:
            cell = near & -near
            near ^= cell
            if (cell << 1 | cell >> 1 | cell << w | cell >> w) & own == last:
                steps.append(cell)
        if not steps:
            break
        last = rng.choice(steps)
        own |= last
    return own




def _shade_block(grid: _Grid, shaded: tuple[list[_Part], int], block: int, free: int) -> tuple[list[_Part], int]:
    """The shaded groups once `block` is shaded, and how many have no free cell beside them (with
    others there, such a group is sealed off and the way refused): the groups beside the block
    merged with it, last, the others kept in order. A group's neighbourhood is the union of its
    parts', and a group no block touches keeps its own, so neighbourhoods are read once per
    placement (this built a 6 x 6 easy puzzle's regions in about half the time)."""
    parts, sealed = shaded
    near = grid.grow(block)
    merged, around = block, near
    apart = []
    for part in parts:
        if part[0] & near:
            merged |= part[0]
            around |= part[1]
            sealed -= not part[2]
        else:
            apart.append(part)
    is_open = bool(around & free)
    apart.append((merged, around, is_open))
    return apart, sealed + (not is_open)


def _sealed(grid: _Grid, groups: tuple[int, ...], free: int) -> bool:
    return len(groups) > 1 and any(not (grid.grow(group) & free) for group in groups)


def _join_neighbour(grid: _Grid, cell: int, free: int, groups: tuple[int, ...], owns: tuple[int, ...], sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    """The regions with `cell`, unshaded, in the neighbouring one whose shape then lists fewest
    ways (the smaller on a tie); None when none has room or the cell was a shaded group's last
    way out."""
    if _sealed(grid, groups, free & ~cell):
        return None
    near = grid.grow(cell)
    homes = []
    for region, own in enumerate(owns):
        if own & near and own.bit_count() < MAX_CELLS:
            shape, _ = _shape(own | cell, grid.width)
            homes.append((_ways(shape, sizes[region]), own.bit_count(), region))
    if not homes:
        return None
    region = min(homes)[2]
    return owns[:region] + (owns[region] | cell,) + owns[region + 1:]


@lru_cache(maxsize=65_536)
def _shape(own: int, width: int) -> tuple[tuple[tuple[int, int], ...], int]:
    """A region's cells relative to its bounding box, in reading order, and the bit offset of that
    box's top-left cell (remembered: the same regions are grown again and again)."""
    cells = [divmod(cell.bit_length() - 1, width) for cell in _bits(own)]
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple((r - top, c - left) for r, c in cells), top * width + left


@cache
def _ways(shape: tuple[tuple[int, int], ...], size: int) -> int:
    """How many shadings of blocks of `size` the shape lists: what a solver reading its number
    has to choose from."""
    return Counter(found for found, _ in shape_shadings(shape))[size]


def _labels(grid: _Grid, owns: list[int]) -> Grid:
    return canonical_labels(
        [[next(region for region, own in enumerate(owns) if own >> (r * grid.width + c) & 1) for c in range(grid.cols)] for r in range(grid.rows)]
    )


def _answer(grid: _Grid, shaded: int) -> Answer:
    return tuple(
        "".join("#" if shaded >> (r * grid.width + c) & 1 else "." for c in range(grid.cols)) for r in range(grid.rows)
    )
