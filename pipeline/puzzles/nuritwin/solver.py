"""Nuritwin's own counting search: one listed shading per region, chosen in turn.

Every region's shadings that make exactly two equal blocks are listed once per region shape and
translated to bitmasks over the grid, one bit per cell and a spare zero column at the right so a
shift by one never wraps from one row into the next. A whole shading is then an int: a 2 x 2
square is three shifted ANDs, and the cells the network can still reach are a bitmask flood fill.

A region's domain is a bitset over its listed shadings, and each rule is turned into bitsets of
shadings once per region (the shadings that shade a cell, those whose blocks can leave by a cell,
those that would complete a 2 x 2 with cells outside), so narrowing a domain costs a few operations
per cell rather than per shading. Before branching, every domain is narrowed until nothing changes:
by the network's reach from a known shaded cell, by the cells that reach cannot do without, by
the 2 x 2 rule against the cells known so far. A domain left with one shading settles its region;
the search branches on a region with few shadings left, beside settled ones.

The cut cells cut the nodes of a search about tenfold; what else was measured, and dropped:
docs/notes/nuritwin-search.md.

Where the optional compiled core is built (search.c), the same count runs there: the same states,
steps and answers, 12 x 12 generation about three times faster (docs/notes/nuritwin-compiled.md).
"""

from __future__ import annotations

import heapq
import random
from array import array
from functools import cache
from itertools import combinations
from typing import NamedTuple

try:  # the optional compiled core, built from search.c when a C compiler is there
    import _puzzlepress_nuritwin as _compiled
except ImportError:
    _compiled = None

from pipeline.budget import Budget
from pipeline.puzzles.nuritwin.model import (
    EMPTY,
    SHADED,
    Answer,
    Cell,
    Grid,
    NuritwinPuzzle,
)

Option = tuple[int, int, int]  # a region's shading as a mask, and the cells outside it touching each block
_UNSEEN = object()  # a cache miss, told apart from a remembered None
# States and network states one layout remembers at most: the ones that recur are met first (near
# the root), and a layout counted many times to the step limit would otherwise hold some 10^5.
REMEMBERED = 20_000
# A count that looks ahead narrows the branches of this many open regions, those _pick ranks
# first, and branches on the one with fewest live (see _Search.look_ahead): counting 40 printed
# 10 x 10 puzzles took 1.20 s against 2.64 s by the plain pick (others: docs/notes/nuritwin-search.md).
LOOK = 3
# What search.c holds: grid masks of 256 bits (a 12 x 12 grid and its zero row take 169), domains
# of 256 shadings (a nine-cell region lists at most 246), 64 regions; larger layouts search here.
_COMPILED_BITS, _COMPILED_SHADINGS, _COMPILED_REGIONS = 256, 256, 64
_WORD_BYTES = 32  # a grid mask or a domain, as search.c reads it


class Narrowed(NamedTuple):
    """A search state narrowed until nothing changes."""

    domains: list[int]
    base: int  # the cells every shading left in some region shades
    possible: int  # the cells some shading left shades
    reach: int  # the possible cells the network can reach
    known: int  # base and the cells the network cannot do without
    # Rings grown from a known cell through these possible cells or through more (see regrow), or
    # None: a child state's rings regrow from them.
    rings: list[int] | None


@cache
def shape_shadings(shape: tuple[Cell, ...]) -> tuple[tuple[int, tuple[tuple[Cell, ...], ...]], ...]:
    """Every shading of a region shape that makes two equal blocks and no shaded 2 x 2, as (size, blocks).

    Shapes are given relative to their bounding box, so regions of one shape share the listing.
    Blocks are in reading order, each listed in reading order. The cells are bits here, as in
    Layout: a random 10 x 10 layout brings dozens of shapes not seen before, each with up to 255
    shadings to try.
    """
    width = max(c for _, c in shape) + 2  # a spare zero column, so shifts never wrap
    bits = [1 << (r * width + c) for r, c in shape]
    listed = []
    for size in range(1, len(shape) // 2 + 1):
        for chosen in combinations(bits, 2 * size):
            shaded = sum(chosen)
            pairs = shaded & shaded >> 1
            if pairs & pairs >> width:
                continue  # a shaded 2 x 2
            first = _flood(shaded & -shaded, shaded, width)
            rest = shaded ^ first
            if first.bit_count() == size and _flood(rest & -rest, rest, width) == rest:
                listed.append((size, (_cells(first, width), _cells(rest, width))))
    return tuple(listed)


@cache
def shape_masks(shape: tuple[Cell, ...], width: int) -> tuple[tuple[int, int, int], ...]:
    """(block size, first block, second block) of every listed shading of a shape at the grid's
    top left corner, as masks in rows of `width` bits: a region's are these shifted to its place.

    The same shadings in the same order as shape_shadings when the shape's cells are in reading
    order, as Layout lists them, but found by pairing the shape's joined blocks of each size: this
    took 0.15 s against 0.34 s by listing the shadings as cells and turning them into masks (2,000
    shapes of 4 to 9 cells), and new shapes are met all the time (7% of 8 x 8's time went to
    listing them, py-spy over 100 codes).
    """
    cells = sum(1 << (r * width + c) for r, c in shape)
    listed = []
    for size, blocks in enumerate(_joined_blocks(cells, width, len(shape) // 2), start=1):
        blocks.sort(key=lambda block: block & -block)  # so `first` below holds the pair's lowest cell
        found = []
        for i, first in enumerate(blocks):
            beside = first | first << 1 | first >> 1 | first << width | first >> width
            for second in blocks[i + 1:]:
                if beside & second:
                    continue  # overlapping or touching: not two blocks
                shaded = first | second
                pairs = shaded & shaded >> 1
                if not pairs & pairs >> width:  # no shaded 2 x 2
                    found.append((tuple(_members(shaded)), first, second))
        found.sort()  # the order in which itertools.combinations chooses the cells
        listed.extend((size, first, second) for _, first, second in found)
    return tuple(listed)


@cache
def _shape_blocks(shape: tuple[Cell, ...], width: int) -> tuple[tuple[int, int, int, int], ...]:
    """(block size, both blocks, the cells beside the first, beside the second) of shape_masks'
    shadings, the cells beside a block a row and a column in (shifted by width + 1), so that no
    neighbour up or left of the shape's corner is lost: Layout shifts them into place and keeps
    those in the grid outside the region (spread's cells, without spreading each region's blocks:
    a third of the time listing a new region's shadings)."""
    pad = width + 1
    listed = []
    for size, first, second in shape_masks(shape, width):
        first, second = first << pad, second << pad
        near_first = first << 1 | first >> 1 | first << width | first >> width
        near_second = second << 1 | second >> 1 | second << width | second >> width
        listed.append((size, (first | second) >> pad, near_first, near_second))
    return tuple(listed)


def _joined_blocks(cells: int, width: int, largest: int) -> list[list[int]]:
    """The joined sets of 1, 2, ... `largest` of `cells` (rows of `width` bits), as masks, by size."""
    by_size = [[1 << index for index in _members(cells)]]
    while len(by_size) < largest:
        grown = set()
        for block in by_size[-1]:
            beside = (block << 1 | block >> 1 | block << width | block >> width) & cells & ~block
            for index in _members(beside):
                grown.add(block | 1 << index)
        by_size.append(list(grown))
    return by_size


def _flood(seed: int, allowed: int, width: int) -> int:
    """The cells of `allowed` joined side by side to `seed`, in rows of `width` bits."""
    grown = seed
    while True:
        wider = (grown | grown << 1 | grown >> 1 | grown << width | grown >> width) & allowed
        if wider == grown:
            return grown
        grown = wider


def _cells(bits: int, width: int) -> tuple[Cell, ...]:
    return tuple(divmod(index, width) for index in _members(bits))


def solve(puzzle: NuritwinPuzzle, limit: int, budget: Budget) -> list[Answer]:
    """Up to `limit` answers of the printed puzzle (its regions and printed numbers only), by the
    search that looks ahead (see LOOK)."""
    return Layout(puzzle.rows, puzzle.cols, puzzle.regions).answers(puzzle.numbers, limit, budget, look=LOOK)


@cache
def _squares(rows: int, cols: int) -> tuple[int, ...]:
    """Every 2 x 2 square of the grid as a mask (rows of cols + 1 bits, as in Layout)."""
    width = cols + 1
    corner = 1 | 1 << 1 | 1 << width | 1 << (width + 1)
    return tuple(corner << (r * width + c) for r in range(rows - 1) for c in range(cols - 1))


@cache
def _grid_mask(rows: int, cols: int) -> int:
    """Every cell of the grid, as a mask (rows of cols + 1 bits, as in Layout)."""
    width = cols + 1
    return sum(1 << (r * width + c) for r in range(rows) for c in range(cols))


def _region_masks(regions: Grid, width: int) -> list[int]:
    """Each region's cells as a mask, by region id, in one pass over the grid."""
    masks = [0] * (1 + max(map(max, regions)))
    for r, row in enumerate(regions):
        base = r * width
        for c, label in enumerate(row):
            masks[label] |= 1 << (base + c)
    return masks


@cache
def _corners(rows: int, cols: int) -> int:
    """The top left cells of every 2 x 2 square of the grid, as a mask: each square's lowest cell."""
    return sum(square & -square for square in _squares(rows, cols))


def _first_holding(rings: list[int], known: int) -> int:
    """The first of the growing `rings` that holds every `known` cell (the last one does), by bisection."""
    low, high = 0, len(rings) - 1
    while low < high:
        middle = (low + high) // 2
        if known & ~rings[middle]:
            low = middle + 1
        else:
            high = middle
    return low


def _first_touching(rings: list[int], cells: int) -> int:
    """The first of the growing `rings` that holds any of `cells` (the last one does), by bisection."""
    low, high = 0, len(rings) - 1
    while low < high:
        middle = (low + high) // 2
        if rings[middle] & cells:
            high = middle
        else:
            low = middle + 1
    return low


def _members(bits: int):
    """The positions of the set bits of `bits`, lowest first: listed by the compiled core where it
    is built (over 150,000 calls a 12 x 12 make, from the oracle's clauses and Layout's tables)."""
    if _compiled is not None and hasattr(_compiled, "members"):
        return _compiled.members(bits)
    return _bit_positions(bits)


def _bit_positions(bits: int):
    """_members in Python."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


class Layout:
    """A grid of regions as bitmasks, with each region's shadings and the bitsets that narrow them."""

    def __init__(self, rows: int, cols: int, regions: Grid, parts: dict | None = None):
        """`parts` keeps what was worked out for each region, keyed by its cells, so a layout that
        differs from an earlier one in two regions (a reshaping move) works out only those two.
        """
        self.rows, self.cols = rows, cols
        self.width = cols + 1
        self.stride = (rows + 1) * self.width  # a grid and a zero row: see cut_cells
        self.grid = _grid_mask(rows, cols)
        self.parts = {} if parts is None else parts
        self.region_masks = _region_masks(regions, self.width)
        count = len(self.region_masks)
        self.options: list[list[Option]] = []
        self.block_sizes: list[list[int]] = []
        for own in self.region_masks:
            options, sizes = self._part(("region", own), self._region_options, own)
            self.options.append(options)
            self.block_sizes.append(sizes)
        self.shading = [self._part(("shading", own), self._options_by_cell, r, 0) for r, own in enumerate(self.region_masks)]
        self.exits = [
            (self._part(("exit a", own), self._options_by_cell, r, 1), self._part(("exit b", own), self._options_by_cell, r, 2))
            for r, own in enumerate(self.region_masks)
        ]
        self.squares = [self._part(("squares", own), self._square_rules, r) for r, own in enumerate(self.region_masks)]
        self.adjacent = [self._adjacent_regions(r) for r in range(count)]
        self.watched = [self._part(("watched", own), self._watched, r) for r, own in enumerate(self.region_masks)]
        # Remembered per region: what a domain spans, and which shadings fit the reach and known
        # cells the region watches. A search changes a few regions at a time, so the others see
        # the same domains and the same cells near them again and again (over 90% of lookups).
        self._spans: list[dict[int, tuple[int, int]]] = [{} for _ in range(count)]
        self._fits: list[dict[tuple[int, int], int]] = [{} for _ in range(count)]
        # Remembered per layout: the network's reach and cut cells for the known and possible cells
        # (a fifth of lookups at 10 x 10 find them: restarts and sibling branches meet again).
        self._networks: dict[tuple[int, int], tuple[int, int] | None] = {}
        # Remembered per layout: each state's narrowing. Restarts of a draw, and the draws of one
        # layout, begin at the same root with the same first branches (a sixth of nodes at 10 x 10).
        self.narrowed: dict[tuple[int, ...], Narrowed | None] = {}
        self._core = _UNSEEN  # the compiled search's tables (see core)

    def _part(self, key: tuple, make, *args):
        found = self.parts.get(key)
        if found is None:
            found = self.parts[key] = make(*args)
        return found

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[0] * self.width + cell[1])

    def mask(self, cells) -> int:
        return sum(self.bit(cell) for cell in cells)

    def spread(self, mask: int) -> int:
        """The cells side by side with `mask`'s cells, and those cells themselves."""
        w = self.width
        return (mask | mask << 1 | mask >> 1 | mask << w | mask >> w) & self.grid

    def reach(self, seed: int, allowed: int) -> int:
        """The cells of `allowed` joined side by side to `seed`, by bitmask flood fill."""
        return _flood(seed, allowed, self.width)

    def has_square(self, shaded: int) -> bool:
        pairs = shaded & shaded >> 1
        return bool(pairs & pairs >> self.width)

    def is_network(self, shaded: int) -> bool:
        """Whether `shaded` joins into one network with no shaded 2 x 2."""
        return not self.has_square(shaded) and self.reach(shaded & -shaded, shaded) == shaded

    def shaded(self, answer: Answer) -> int:
        return self.mask((r, c) for r, row in enumerate(answer) for c, mark in enumerate(row) if mark == SHADED)

    def answer(self, shaded: int) -> Answer:
        return tuple(
            "".join(SHADED if shaded >> (r * self.width + c) & 1 else EMPTY for c in range(self.cols))
            for r in range(self.rows)
        )

    def _region_options(self, own: int) -> tuple[list[Option], list[int]]:
        """The region's listed shadings whose blocks each touch another region, and their block sizes.

        A block walled in by its own region's cells and the grid edge could join no other shaded
        cell, and every region holds shaded cells, so such a shading can never be part of an answer.
        """
        cells = [divmod(index, self.width) for index in _members(own)]
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        shape = tuple((r - top, c - left) for r, c in cells)
        offset = top * self.width + left
        # Each block's neighbours come with the shape, a row and a column in (see _shape_blocks):
        # shifted into place they are spread's cells, and the region's outside is shifted to meet them.
        pad = self.width + 1
        outside = (self.grid & ~own) << pad
        options, sizes = [], []
        for size, both, near_first, near_second in _shape_blocks(shape, self.width):
            exit_a, exit_b = near_first << offset & outside, near_second << offset & outside
            if exit_a and exit_b:
                options.append((both << offset, exit_a >> pad, exit_b >> pad))
                sizes.append(size)
        return options, sizes

    def _options_by_cell(self, region: int, part: int) -> list[tuple[int, int]]:
        """(cell bit, bitset of the region's shadings whose mask number `part` holds that cell) per
        cell, by the compiled core where it holds the masks (half of building a Layout here)."""
        options = self.options[region]
        if self.compiled_masks() and len(options) <= _COMPILED_SHADINGS and hasattr(_compiled, "by_cell"):
            return _compiled.by_cell(options, part)
        by_cell: dict[int, int] = {}
        for i, option in enumerate(options):
            for index in _members(option[part]):
                by_cell[index] = by_cell.get(index, 0) | 1 << i
        return [(1 << index, by_cell[index]) for index in sorted(by_cell)]

    def _square_rules(self, region: int) -> list[tuple[int, int]]:
        """For each 2 x 2 square partly in the region: its cells outside, and the shadings that shade the rest.

        Once the outside cells are known to be shaded, those shadings would complete the square.
        """
        own = self.region_masks[region]
        shading = dict(self.shading[region])
        rules = []
        # Only the squares whose top left corner lies up or left of a cell of the region, in the
        # order of _squares (reading order): 11 of the grid's 121 at 12 x 12, the same rules.
        w = self.width
        corner = 1 | 1 << 1 | 1 << w | 1 << (w + 1)
        for top_left in _members((own | own >> 1 | own >> w | own >> (w + 1)) & _corners(self.rows, self.cols)):
            square = corner << top_left
            inside, outside = square & own, square & ~own
            if not outside:
                continue
            completing = (1 << len(self.options[region])) - 1
            for index in _members(inside):
                completing &= shading.get(1 << index, 0)
            if completing:
                rules.append((outside, completing))
        return rules

    def _watched(self, region: int) -> int:
        """The cells whose reach or known shading can change which of the region's shadings fit."""
        cells = 0
        for table in (self.shading[region], *self.exits[region]):
            for cell, _ in table:
                cells |= cell
        for outside, _ in self.squares[region]:
            cells |= outside
        return cells

    def _adjacent_regions(self, region: int) -> int:
        """The regions side by side with the region, as a bitset of region numbers."""
        near = self.spread(self.region_masks[region])
        return sum(1 << q for q, other in enumerate(self.region_masks) if q != region and near & other)

    def _span(self, region: int, domain: int) -> tuple[int, int]:
        """The cells every shading in `domain` shades, and those any of them shades."""
        common, union = self.grid, 0
        for i in _members(domain):
            mask = self.options[region][i][0]
            common &= mask
            union |= mask
        found = self._spans[region][domain] = (common, union)
        return found

    def rings(self, seed: int, allowed: int) -> list[int]:
        """The cells of `allowed` within 0, 1, 2, ... steps of `seed`, until nothing more is reached."""
        return self._grown([seed], allowed)

    def _grown(self, rings: list[int], allowed: int) -> list[int]:
        """`rings` with further rings of `allowed` added until nothing more is reached."""
        w = self.width
        while True:
            last = rings[-1]
            wider = (last | last << 1 | last >> 1 | last << w | last >> w) & allowed
            if wider == last:
                return rings
            rings.append(wider)

    def regrow(self, rings: list[int] | None, known: int, possible: int) -> list[int]:
        """The rings of `possible` from a known cell, regrown from `rings` when given: rings grown
        from a `known` cell through possible cells and maybe more. The cells within some steps of
        that cell stay the same while no possible cell is gone from among them, so only the rings
        beyond the nearest cell gone are grown again: about half of them at 10 x 10.
        """
        if rings is None:
            return self.rings(known & -known, possible)
        gone = rings[-1] & ~possible
        if not gone:
            return rings
        return self._grown(rings[:_first_touching(rings, gone)], possible)

    def cut_cells(self, rings: list[int], known: int) -> int:
        """The cells of the network's reach that it cannot do without.

        `rings` grow the reach from one known shaded cell and hold every known shaded cell; a cell
        whose removal cuts some of them off from the rest must be shaded. Only a cell whose
        neighbours in the reach fall into two or more groups around it (its eight surrounding cells
        read as a ring) can cut anything, so just those are tried, each by a flood fill without it
        that starts from every cell no farther from the seed than the cell tried (which it cannot
        have been needed to reach). On the searches' own states this ran in half the time of
        Tarjan's articulation points with one fill per cell tried, and in two thirds of that again
        with all of them in one fill (10 x 10 and 12 x 12).
        """
        reach = rings[-1]
        # A known cell's shortest paths from the seed pass only through nearer cells, so a cell no
        # nearer than the farthest known cell cuts nothing off.
        farthest = _first_holding(rings, known)
        left = self._pinches(reach) & rings[farthest - 1] & ~known if farthest else 0
        if not left:
            return 0
        # Every cell tried gets its own copy of the grid, side by side in one int, each a grid and
        # a zero row apart, so one flood fill grows all the copies at once: a step on ints of
        # ~900 bits costs about what it costs on one grid's 110.
        stride = self.stride
        seeds = removed = copies = shift = 0
        tried = []
        for nearer in rings[1:farthest]:
            here = left & nearer
            if here:
                for index in _members(here):
                    cell = 1 << index
                    seeds |= (nearer ^ cell) << shift
                    removed |= cell << shift
                    copies |= 1 << shift
                    tried.append(cell)
                    shift += stride
                left ^= here
                if not left:
                    break
        allowed = reach * copies & ~removed
        known *= copies
        grown = seeds
        w = self.width
        while known & ~grown:
            wider = (grown | grown << 1 | grown >> 1 | grown << w | grown >> w) & allowed
            if wider == grown:
                break
            grown = wider
        else:
            return 0  # every copy holds every known cell
        # Each copy's last bit is a zero-row bit: set there and less 1 in the copy's first bit, it
        # stays set just where the copy still has a known cell left out of its fill.
        guards = copies << (stride - 1)
        short = ((known & ~grown | guards) - copies) & guards
        forced = 0
        for index in _members(short):
            forced |= tried[index // stride]
        return forced

    def _pinches(self, cells: int) -> int:
        """The cells of `cells` whose neighbours in `cells` fall into two or more groups around
        them, reading the eight surrounding cells as a ring (a corner counts only beside both of
        its sides): only these can part `cells` when taken out."""
        w, grid = self.width, self.grid
        # Each name is the set of cells whose neighbour that way is in `cells`.
        north, south = cells << w & grid, cells >> w
        west, east = cells << 1 & grid, cells >> 1 & grid
        north_east = cells << (w - 1) & north & east
        south_east = cells >> (w + 1) & south & east
        south_west = cells >> (w - 1) & south & west
        north_west = cells << (w + 1) & north & west
        # A group starts wherever a neighbour follows a gap, going round clockwise.
        once = twice = 0
        for starts in (
            north & ~north_west,
            north_east & ~north,
            east & ~north_east,
            south_east & ~east,
            south & ~south_east,
            south_west & ~south,
            west & ~south_west,
            north_west & ~west,
        ):
            twice |= once & starts
            once |= starts
        return twice & cells

    def answers(
        self,
        sizes: tuple[int | None, ...],
        limit: int,
        budget: Budget,
        rng: random.Random | None = None,
        other_than: tuple[int, int] | None = None,
        look: int = 0,
    ) -> list[Answer]:
        """Up to `limit` answers with each region's block size given where not None.

        With `rng`, each region's shadings are tried in a shuffled order, so the first answer found
        is a random one. With `other_than` = (region, size), only answers whose blocks in that
        region are of another size count. With `look`, the search looks ahead before each branch
        (see _Search.look_ahead). Raises StepLimit (one step per search node, and one per branch
        looked at) when the budget runs out.
        """
        domains = [
            (1 << len(blocks)) - 1 if size is None else sum(1 << i for i, block in enumerate(blocks) if block == size)
            for blocks, size in zip(self.block_sizes, sizes)
        ]
        if other_than is not None:
            region, size = other_than
            domains[region] &= ~sum(1 << i for i, block in enumerate(self.block_sizes[region]) if block == size)
        if not all(domains):
            return []  # a region with no shading left: no answer at all
        found: list[int] = []
        core = self.core()
        if core is None:
            _Search(self, self._orders(rng), limit, budget, found, look).run(domains)
        else:
            found = _compiled_search(core, domains, self._packed_orders(rng), limit, budget, look)
        return [self.answer(shaded) for shaded in found]

    def _orders(self, rng: random.Random | None) -> list[list[int]]:
        """Each region's shadings in the order a search tries them: shuffled by `rng`, region by region."""
        orders = [list(range(len(options))) for options in self.options]
        if rng is not None:
            for order in orders:
                rng.shuffle(order)
        return orders

    def _packed_orders(self, rng: random.Random | None) -> bytes:
        """_orders as search.c reads them; shuffled by search.c with `rng`'s getrandbits (the same
        draws as random.shuffle) when `rng` is a plain random.Random."""
        if type(rng) is not random.Random or not hasattr(_compiled, "shuffled_by"):  # or a core built before it had shuffled_by
            return array("h", [i for order in self._orders(rng) for i in order]).tobytes()
        return _compiled.shuffled_by(rng.getrandbits, array("h", map(len, self.options)).tobytes())

    def core(self):
        """The layout's tables in the compiled search (search.c), built at its first search; None
        when the core is not built here or the layout is larger than it holds."""
        if self._core is _UNSEEN:
            self._core = None
            fits = (
                self.compiled_masks()
                and len(self.options) <= _COMPILED_REGIONS
                and all(0 < len(options) <= _COMPILED_SHADINGS for options in self.options)
            )
            if fits:
                regions = []
                for r, own in enumerate(self.region_masks):
                    own_bytes, watched, *tables = self._part(("packed", own), self._packed, r)
                    regions.append((own_bytes, watched, self.adjacent[r], *tables))
                self._core = _compiled.layout(self.rows, self.cols, _words(self.grid), regions)
        return self._core

    def compiled_masks(self) -> bool:
        """Whether the compiled core is built here and holds this grid's masks."""
        return _compiled is not None and self.stride <= _COMPILED_BITS

    def _packed(self, region: int) -> tuple:
        """The region's tables as search.c reads them: masks and domains as little-endian words,
        cells as int32 bit positions."""
        options = self.options[region]
        size = _WORD_BYTES  # to_bytes inline, not by _words: 38,000 masks a 12 x 12 puzzle

        def cells(table: list[tuple[int, int]]) -> tuple[bytes, bytes]:
            return array("i", [cell.bit_length() - 1 for cell, _ in table]).tobytes(), b"".join([o.to_bytes(size, "little") for _, o in table])

        return (
            _words(self.region_masks[region]),
            _words(self.watched[region]),
            len(options),
            b"".join([mask.to_bytes(size, "little") for option in options for mask in option]),
            *cells(self.shading[region]),
            *cells(self.exits[region][0]),
            *cells(self.exits[region][1]),
            b"".join([outside.to_bytes(size, "little") for outside, _ in self.squares[region]]),
            b"".join([completing.to_bytes(size, "little") for _, completing in self.squares[region]]),
        )

    def narrow(self, domains: list[int], parent: Narrowed | None = None, settled: int = -1) -> Narrowed | None:
        """The state narrowed until nothing changes (its domains, reach and known cells); None at a dead end.

        The network grows from one known shaded cell through shaded or still possible cells, so a
        shading with a cell it cannot reach, or a block with no way out into that reach, is out; so
        is one that leaves a cell the network cannot do without unshaded, and one that completes a
        shaded 2 x 2 with known cells.

        Each rule only takes shadings out, and takes out no fewer the fewer are left, so applying
        them in any order until none takes anything out ends in the same state: the largest one
        they all leave as it is (or a dead end for every order). So the cells the network cannot do
        without, dearest to find, are looked for only once the reach and the cells found before
        have taken out all they can. Three narrowings in four end at a dead end, two thirds of them
        by a known cell out of reach; this found cut cells 77,000 times against 98,500 (10 x 10).

        `parent`, when given, is the narrowed state these domains were made from by settling region
        `settled`. Then the cells every region shades are updated for that region alone, the reach
        regrows from the parent's rings, and a region is looked at again only where the reach or
        the known cells changed near it: its domain already fits what it saw last (parent's every
        domain fitted the parent's reach).
        """
        domains = list(domains)
        if parent is None:
            base = possible = 0
            for region, domain in enumerate(domains):
                common, union = self._spans[region].get(domain) or self._span(region, domain)
                base |= common
                possible |= union
            rings, seen = None, None
        else:
            own = self.region_masks[settled]
            common, union = self._spans[settled].get(domains[settled]) or self._span(settled, domains[settled])
            base = parent.base & ~own | common
            possible = parent.possible & ~own | union
            rings, seen = parent.rings, (parent.reach, parent.known)
        found = 0  # cells found that the network cannot do without: it still cannot, or it fails
        while True:
            network = self._networks.get((base, possible), _UNSEEN)
            if network is _UNSEEN:
                if not base:
                    network = self._remember(base, possible, (possible, 0))
                else:
                    # The reach and the known cells so far first; the cut cells once they fit.
                    rings = self.regrow(rings, base, possible)
                    reach, known = rings[-1], base | found
                    if known & ~reach or self.has_square(known):
                        return self._remember(base, possible, None)
                    fitted = self._refit(domains, base, possible, reach, known, seen)
                    seen = (reach, known)
                    if fitted != (base, possible):
                        if fitted is None:
                            return None
                        base, possible = fitted
                        continue
                    known |= self.cut_cells(rings, known)
                    network = self._remember(base, possible, None if self.has_square(known) else (reach, known))
            if network is None:
                return None
            reach, known = network
            fitted = self._refit(domains, base, possible, reach, known, seen)
            seen = network
            if fitted == (base, possible):
                return Narrowed(domains, base, possible, reach, known, rings)
            if fitted is None:
                return None
            base, possible = fitted
            found = known

    def _remember(self, base: int, possible: int, network: tuple[int, int] | None) -> tuple[int, int] | None:
        """The network of `base` and `possible` (see narrow), remembered while there is room."""
        if len(self._networks) < REMEMBERED:
            self._networks[(base, possible)] = network
        return network

    def _refit(
        self, domains: list[int], base: int, possible: int, reach: int, known: int, seen: tuple[int, int] | None
    ) -> tuple[int, int] | None:
        """Each domain cut down, in place, to the shadings that fit `reach` and `known`: the cells
        then shaded by every shading left and by some shading left, or None at a dead end.

        Every domain fits the reach and known cells `seen` last (None: nothing seen yet), so only
        regions that watch a cell where they differ are looked at.
        """
        moved = -1 if seen is None else (reach ^ seen[0]) | (known ^ seen[1])
        options, spans, fits, owns = self.options, self._spans, self._fits, self.region_masks
        for region, near in enumerate(self.watched):
            if not moved & near:
                continue
            domain = domains[region]
            if not domain & (domain - 1):
                # A settled region: its cells are known, so only its blocks' ways out can fail.
                mask, exit_a, exit_b = options[region][domain.bit_length() - 1]
                if not exit_a & reach or not exit_b & reach or known & owns[region] & ~mask:
                    return None
                continue
            key = (reach & near, known & near)
            fitting = fits[region].get(key)
            if fitting is None:
                fitting = fits[region][key] = self._fitting(region, reach, known)
            kept = domain & fitting
            if kept != domain:
                if not kept:
                    return None
                domains[region] = kept
                common, union = spans[region].get(kept) or self._span(region, kept)
                base = base & ~owns[region] | common
                possible = possible & ~owns[region] | union
        return base, possible

    def _fitting(self, region: int, reach: int, known: int) -> int:
        """The region's shadings that fit the network's reach and the cells known to be shaded."""
        fitting, outside_reach = -1, 0
        for cell, options in self.shading[region]:
            if not cell & reach:
                outside_reach |= options
            elif cell & known:
                fitting &= options
        fitting &= ~outside_reach
        leave_a = leave_b = 0
        for cell, options in self.exits[region][0]:
            if cell & reach:
                leave_a |= options
        for cell, options in self.exits[region][1]:
            if cell & reach:
                leave_b |= options
        fitting &= leave_a & leave_b
        for outside, completing in self.squares[region]:
            if known & outside == outside:
                fitting &= ~completing
        return fitting


def _words(bits: int) -> bytes:
    return bits.to_bytes(_WORD_BYTES, "little")


def compiled_rivals(layout: Layout, own: int, shaded: int) -> list[int]:
    """steps.rivals by search.c, for a layout whose masks it holds: the same rivals in the same order."""
    return _compiled.rivals(layout.cols, layout.grid, own, shaded)


def compiled_move(
    layout: Layout, owns: list[int], shaded: int, seconds: list[int], counted: bool, counts: list[int], seen, rng: random.Random, cells: tuple[int, int]
) -> tuple[int, int, int] | None:
    """steps.best_move's choice by search.c, as (home region, target region, cell index), or None:
    the same move, by the same draws of `rng` (a plain random.Random) in the same order."""
    return _compiled.best_move(layout.cols, layout.grid, owns, shaded, seconds, counted, counts, seen, rng.getrandbits, *cells)


# Whether the core built here has reshaping's moves (one built before it had no best_move), read
# once: compiles_reshaping is asked before every rivals listing (8,000 a 12 x 12 puzzle).
_RESHAPES = _compiled is not None and hasattr(_compiled, "best_move")


def compiles_reshaping(layout: Layout) -> bool:
    """Whether search.c lists rivals and makes reshaping moves for this layout: its masks hold the
    grid, and the core built here has them."""
    return _compiled is not None and _RESHAPES and layout.stride <= _COMPILED_BITS  # tests set _compiled to None


def compiles_moves(layout: Layout, owns: list[int], rng: random.Random) -> bool:
    """Whether search.c can make steps.best_move's move with these regions and draws: random.Random's
    own draws (a generator of another class may draw otherwise)."""
    return compiles_reshaping(layout) and len(owns) <= _COMPILED_REGIONS and type(rng) is random.Random


def _compiled_search(core, domains: list[int], orders: bytes, limit: int, budget: Budget, look: int) -> list[int]:
    """_Search's count run by search.c, `orders` packed (Layout._packed_orders): the same states,
    branches, steps and answers in the same order."""
    steps, stopped, found = _compiled.search(core, b"".join([domain.to_bytes(_WORD_BYTES, "little") for domain in domains]), orders, limit, budget.steps_left + 1, look)
    budget.spend(steps)  # raises StepLimit, with the steps spent as the Python search spends them, when it stopped
    if stopped:
        raise RuntimeError("the compiled Nuritwin search stopped short of its step limit")
    return [int.from_bytes(shaded, "little") for shaded in found]


class _Search:
    """A depth-first count: narrow, then branch on one region's shadings in its own order."""

    def __init__(self, layout: Layout, orders: list[list[int]], limit: int, budget: Budget, found: list[int], look: int = 0):
        self.layout = layout
        self.orders = orders
        self.limit = limit
        self.budget = budget
        self.found = found
        self.look = look
        self.narrowed = layout.narrowed

    def run(self, domains: list[int], parent: Narrowed | None = None, settled: int = -1) -> None:
        self.budget.spend()
        narrowed = self._narrowed(domains, parent, settled)
        if narrowed is None:
            return
        domains = narrowed.domains
        if self.look:
            pick, branches = self.look_ahead(domains, narrowed)
        else:
            pick = self._pick(domains)
            branches = 0 if pick is None else domains[pick]
        if pick is None:
            self.found.append(narrowed.known)
            return
        for i in self.orders[pick]:
            if branches >> i & 1:
                self.run(domains[:pick] + [1 << i] + domains[pick + 1:], narrowed, pick)
                if len(self.found) >= self.limit:
                    return

    def _narrowed(self, domains: list[int], parent: Narrowed | None, settled: int) -> Narrowed | None:
        """The state narrowed (Layout.narrow), remembered while there is room."""
        key = tuple(domains)
        narrowed = self.narrowed.get(key, _UNSEEN)
        if narrowed is _UNSEEN:
            narrowed = self.layout.narrow(domains, parent, settled)
            if len(self.narrowed) < REMEMBERED:
                self.narrowed[key] = narrowed
        return narrowed

    def look_ahead(self, domains: list[int], narrowed: Narrowed) -> tuple[int | None, int]:
        """(region, its shadings whose branch is not a dead end) of the open region with fewest
        such shadings, among the `look` regions _pick ranks first; no shading at all when one of
        them has none (this state is a dead end); (None, 0) when every region is settled. Each
        branch is narrowed once, one step each, and remembered for the search to reach it.

        A branch that narrows to a dead end costs the plain search a node; looked at from its
        parent it also shows which region is closest to settled, and a region with one live
        branch is settled at once: counting the printed puzzles of 40 codes at 10 x 10 took 3,043
        nodes against 117,714 (42,588 steps with the branches looked at).
        """
        ranked = heapq.nsmallest(self.look, self._open(domains))  # those _pick would choose first
        best_region, best = None, 0
        for _, region in ranked:
            live = 0
            for i in _members(domains[region]):
                self.budget.spend()
                if self._narrowed(domains[:region] + [1 << i] + domains[region + 1:], narrowed, region) is not None:
                    live |= 1 << i
            if not live & (live - 1):
                return region, live  # a dead end, or a region settled by its one live branch
            if best_region is None or live.bit_count() < best.bit_count():
                best_region, best = region, live
        return best_region, best

    def _pick(self, domains: list[int]) -> int | None:
        """The open region with fewest shadings left, relative to how many settled regions it
        touches (the first such in region order). None when every region is settled."""
        return min(self._open(domains), default=(None, None))[1]

    def _open(self, domains: list[int]):
        """(score, region) of every open region: its shadings left, relative to how many settled
        regions it touches.

        Regions beside settled ones first keep the search near what is known, where the network's
        reach and the 2 x 2 rule cut soonest.
        """
        settled = 0
        for region, domain in enumerate(domains):
            if not domain & (domain - 1):
                settled |= 1 << region
        for region, (domain, adjacent) in enumerate(zip(domains, self.layout.adjacent)):
            if not settled >> region & 1:
                yield domain.bit_count() / (1 + 2 * (adjacent & settled).bit_count()), region
