"""The steps of making a Nuritwin, as the product document describes them. Each generator version
is a record (versions.py) of which of these steps it takes, how, and within what limits; a kept
version's record is never edited, and neither is anything here in a way that alters a record
(README, "Editions": the golden records of every kept version hold them).

1. Grow regions of four to nine cells by random flood fill and merge the small ones
   (`grow_regions`).
2. Draw one answer: the search over every region's listed shadings, in a shuffled order (`draw`).
3. Give every region its block size; while a second answer fits, move a cell where the two differ
   into a neighbouring region, up to MAX_MOVES moves (`reshape_against_one_answer`,
   `reshape_to_fewest_rivals`).
4. Take the numbers away one at a time in a random order, keeping those the answer needs
   (`needed_numbers`).
5. Re-check the answer against every rule and re-count from the printed puzzle alone
   (`confirmed`).

Any search that reaches its step limit proves nothing: it raises LayoutDropped, and new regions
are grown. The yes/no questions of steps 3 and 4 are answered by the counting search
(`second_answers_counted`, `other_size_counted`) or by a SAT oracle (`second_answer_asked`,
`other_size_asked`), as a version chooses (versions.py: BY_COUNT, BY_ORACLE); only yes/no answers
are taken from the oracle, so a code makes the same puzzle with any correct SAT solver.

How the details were chosen: docs/notes/nuritwin-generator.md; what was measured for speed and
dropped: docs/notes/nuritwin-speed.md.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from functools import cache
from typing import Sequence, TypeVar

from pipeline.budget import Budget
from pipeline.errors import StepLimit, TimeLimit
from pipeline.puzzles.nuritwin.choices import Number, Version
from pipeline.puzzles.nuritwin.model import (
    SHADED,
    Answer,
    Cell,
    Grid,
    NuritwinPuzzle,
    canonical_labels,
    cells_by_region,
    components,
    neighbours,
)
from pipeline.puzzles.nuritwin.oracle import Oracle
from pipeline.puzzles.nuritwin.rules import block_sizes as region_block_sizes
from pipeline.puzzles.nuritwin.rules import check
from pipeline.puzzles.nuritwin.solver import Layout, compiled_move, compiled_rivals, compiles_moves, compiles_reshaping, shape_masks

MIN_CELLS, MAX_CELLS = 4, 9  # a region's cells, as the product document says
MAX_MOVES = 40  # reshaping steps before a drawn answer is given up, as the product document says

T = TypeVar("T")


class LayoutDropped(Exception):
    """A search of this layout reached its step limit: nothing is proved, so grow another."""


def by_size(choices: Sequence[tuple[int, T]], cells: int) -> T:
    """The choice for a grid of `cells` cells from (from how many cells, choice) pairs, smallest first."""
    return [choice for least, choice in choices if cells >= least][-1]


class Parts(dict):
    """What the layouts of one attempt share: each region's worked-out parts, as Layout keeps them
    (keyed by the region's cells), and the SAT oracle that answers the attempt's yes/no questions."""

    def __init__(self, rows: int, cols: int):
        super().__init__()
        self.rows, self.cols = rows, cols
        self._oracle: Oracle | None = None

    @property
    def oracle(self) -> Oracle:
        """The attempt's SAT oracle, made at its first question: most attempts end before any (at
        10 x 10, making solvers never asked took 4% of the time)."""
        if self._oracle is None:
            self._oracle = Oracle(self.rows, self.cols)
        return self._oracle

    def layout(self, labels: Grid) -> Layout:
        """The Layout of these regions, built once an attempt: every reshaping of a grown layout's
        draws starts from the grown regions (30 a 12 x 12 puzzle, 0.3 ms each). Only those are
        kept: a layout whose count searched holds up to REMEMBERED states."""
        key = ("layout", labels)
        found = self.get(key)
        if found is None:
            found = self[key] = Layout(self.rows, self.cols, labels, self)
        return found

    def close(self) -> None:
        """Free the oracle's solver, if one was made."""
        if self._oracle is not None:
            self._oracle.close()


# --- 1. growing regions -------------------------------------------------------------------------


def grow_regions(rows: int, cols: int, rng: random.Random, target: tuple[int, int]) -> Grid | None:
    """Regions grown by random flood fill towards `target` cells, the small ones merged into a
    neighbour; None if stuck."""
    label = {cell: -1 for cell in _cells(rows, cols)}
    free = _cells(rows, cols)  # the cells no region holds yet, in reading order
    members: list[list[Cell]] = []
    while free:
        region = [rng.choice(free)]
        label[region[0]] = len(members)
        touching = _touching({}, region[0], label, rows, cols)
        size = rng.randint(*target)
        while len(region) < size:
            frontier = _frontier(touching)
            if not frontier:
                break
            cell = rng.choice(frontier)
            label[cell] = len(members)
            region.append(cell)
            _touching(touching, cell, label, rows, cols)
        members.append(region)
        for cell in region:
            del free[bisect_left(free, cell)]
    if not _merge_small(members, label, rows, cols, rng):
        return None
    return canonical_labels([[label[(r, c)] for c in range(cols)] for r in range(rows)])


def _touching(touching: dict[Cell, int], added: Cell, label: dict[Cell, int], rows: int, cols: int) -> dict[Cell, int]:
    """The free cells beside a growing region with how many of its cells each touches, updated
    for the cell just `added` to it. Kept as the region grows rather than counted again for each
    cell: recounting was 2.0 s of a 25.8 s profile of 40 12 x 12 makes."""
    touching.pop(added, None)
    for near in _beside(rows, cols)[added]:
        if label[near] < 0:
            touching[near] = touching.get(near, 0) + 1
    return touching


@cache
def _beside(rows: int, cols: int) -> dict[Cell, tuple[Cell, ...]]:
    """Every cell's neighbours on a rows x cols grid, worked out once per grid size."""
    return {cell: tuple(neighbours(cell, rows, cols)) for cell in _cells(rows, cols)}


def _frontier(touching: dict[Cell, int]) -> list[Cell]:
    """The free cells beside the region, each listed once per region cell it touches, squared.

    Favouring cells the region already wraps keeps regions compact: a compact region has fewer
    cells it cannot lose without falling apart, so fewer second answers leave reshaping stuck.
    """
    return [cell for cell in sorted(touching) for _ in range(touching[cell] ** 2)]


def _merge_small(members: list[list[Cell]], label: dict[Cell, int], rows: int, cols: int, rng: random.Random) -> bool:
    """Merge each region under MIN_CELLS into a random neighbour it fits with; False if none fits."""
    while True:
        small = [i for i, cells in enumerate(members) if 0 < len(cells) < MIN_CELLS]
        if not small:
            return True
        i = small[0]
        touching = sorted({label[n] for cell in members[i] for n in neighbours(cell, rows, cols)} - {i})
        fitting = [j for j in touching if len(members[j]) + len(members[i]) <= MAX_CELLS]
        if not fitting:
            return False
        j = rng.choice(fitting)
        for cell in members[i]:
            label[cell] = j
        members[j].extend(members[i])
        members[i] = []


def _cells(rows: int, cols: int) -> list[Cell]:
    return [(r, c) for r in range(rows) for c in range(cols)]


# --- 2. drawing an answer -----------------------------------------------------------------------


def draw(layout: Layout, budget: Budget, rng: random.Random, version: Version) -> Answer | None:
    """A random answer of the layout, with no block size given; None when it has none.

    Short runs in fresh shuffled orders, growing by the Luby sequence from the version's
    restart_steps; a run that ends without reaching its limit has searched everything, so no
    answer exists. Raises LayoutDropped when all runs together reach the version's draw steps.
    """
    unknown = (None,) * len(layout.region_masks)
    left = by_size(version.draw_steps, layout.rows * layout.cols)
    for factor in luby():
        run = budget.child(min(left, version.restart_steps * factor))
        try:
            drawn = layout.answers(unknown, 1, run, rng)
        except TimeLimit:
            raise
        except StepLimit:
            budget.spend(run.spent)
            left -= run.spent
            if left <= 0:
                raise LayoutDropped from None
            continue
        budget.spend(run.spent)
        return drawn[0] if drawn else None


def luby():
    """1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...: the restart lengths that waste least (Luby et al.)."""
    u, v = 1, 1
    while True:
        yield v
        u, v = (u + 1, 1) if u & -u == v else (u, 2 * v)


# --- counting, and who answers the yes/no questions ---------------------------------------------


def count(
    layout: Layout,
    sizes: tuple[int | None, ...],
    budget: Budget,
    version: Version,
    look: int = 0,
    other_than: tuple[int, int] | None = None,
) -> list[Answer]:
    """Up to two answers, by one search on the version's count steps, charged to `budget`."""
    search = budget.child(version.count_steps)
    try:
        found = layout.answers(sizes, 2, search, other_than=other_than, look=look)
    except TimeLimit:
        raise
    except StepLimit:
        budget.spend(search.spent)
        raise LayoutDropped from None
    budget.spend(search.spent)
    return found


def second_answers_counted(layout: Layout, sizes: tuple[int, ...], shaded: int, parts: Parts, budget: Budget, version: Version) -> list[int]:
    """The other answers the count meets (up to two: it can meet two before the answer)."""
    return [found for found in map(layout.shaded, count(layout, sizes, budget, version)) if found != shaded]


def other_size_counted(
    layout: Layout, numbers: tuple[int | None, ...], other_than: tuple[int, int], parts: Parts, budget: Budget, version: Version
) -> bool:
    return bool(count(layout, numbers, budget, version, other_than=other_than))


def second_answer_asked(layout: Layout, sizes: tuple[int, ...], shaded: int, parts: Parts, budget: Budget, version: Version) -> list[int]:
    """The oracle's first other answer in an order that puts the answer's own shading of each
    region first (the second answer most like it, region by region): yes/no questions alone."""
    second = parts.oracle.first_answer(layout, sizes, _nearest_first(layout, sizes, shaded), besides=shaded)
    return [] if second is None else [second]


def other_size_asked(
    layout: Layout, numbers: tuple[int | None, ...], other_than: tuple[int, int], parts: Parts, budget: Budget, version: Version
) -> bool:
    return parts.oracle.has_answer(layout, numbers, other_than=other_than)


def _nearest_first(layout: Layout, sizes: tuple[int, ...], shaded: int) -> list[tuple[int, list[int]]]:
    """Each region's shadings of its block size, `shaded`'s own first, the rest as listed: the
    order in which the oracle's first answer is the second answer most like `shaded`, region by
    region."""
    orders = []
    for region, own in enumerate(layout.region_masks):
        listed = [i for i, size in enumerate(layout.block_sizes[region]) if size == sizes[region]]
        listed.sort(key=lambda i: layout.options[region][i][0] != shaded & own)
        orders.append((region, listed))
    return orders


# --- 3. reshaping -------------------------------------------------------------------------------

def reshape_against_one_answer(
    labels: Grid, answer: Answer, parts: Parts, budget: Budget, rng: random.Random, version: Version
) -> tuple[Grid, Answer, dict[str, int]] | None:
    """The regions reshaped until `answer` is their only answer with every block size given, that
    answer and the moves made; None when a second answer stays after MAX_MOVES moves or no move
    removes it.

    Each move is against one second answer at a time: a random cell where the two differ moves to
    a neighbouring region. The drawn answer is kept throughout.
    """
    seen = {labels}
    moves = 0
    while True:
        layout = Layout(len(labels), len(labels[0]), labels, parts)
        others = _second_answers_local_first(layout, answer, block_sizes(labels, answer), parts, budget, rng, version)
        if not others:
            return labels, answer, {"reshaping_moves": moves}
        if moves == MAX_MOVES:
            return None
        reshaped = [_random_move(labels, answer, other, rng, seen) for other in others]
        if None in reshaped:
            return None
        labels = reshaped[0]
        seen.add(labels)
        moves += 1


def _second_answers_local_first(
    layout: Layout, answer: Answer, sizes: tuple[int, ...], parts: Parts, budget: Budget, rng: random.Random, version: Version
) -> list[Answer]:
    """Second answers to reshape against, in a random order; [] when `answer` is the only one.

    First those that differ from `answer` in one region only, found by putting each of that
    region's other shadings of the same block size in place: cheap to find, and if no move removes
    one of them the layout is stuck, so all are looked at. Only when there are none is the
    version asked for one.
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
        return [layout.answer(found) for found in version.questions.second_answers(layout, sizes, shaded, parts, budget, version)[:1]]
    rng.shuffle(local)
    return local


def _random_move(labels: Grid, answer: Answer, other: Answer, rng: random.Random, seen: set[Grid]) -> Grid | None:
    """The layout after moving one cell where `answer` and `other` differ into a neighbouring region.

    Both regions must stay joined and four to nine cells, and `answer` must still obey every rule.
    A move back to a layout already `seen` is skipped: its count would find the same second answer
    again, and the moves would go round in circles. None when no move is left.

    `answer` obeys every rule before the move, and a move changes only two regions, so only those
    two are read again: the network and the 2 x 2 rule do not depend on regions.
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
    sizes = region_block_sizes(cells, shaded)
    return len(sizes) == 2 and sizes[0] == sizes[1]


def reshape_to_fewest_rivals(
    labels: Grid, answer: Answer, parts: Parts, budget: Budget, rng: random.Random, version: Version
) -> tuple[Grid, Answer, dict[str, int]] | None:
    """The regions reshaped until an answer is their only one with every block size given, that
    answer, and the moves made and answers switched; None when a second answer stays after
    MAX_MOVES of these steps together.

    Regions are bitmasks here. Each move is the one that leaves fewest rivals (see `rivals`), among
    those that remove a second answer worked against; when no rival is left, the version's
    questions give the second answers. When no move is left, a second answer that was not the
    answer before becomes the answer (it obeys every rule too) and reshaping goes on: it is shaded
    where the first was not, so other cells can move.
    """
    layout = parts.layout(labels)
    owns = list(layout.region_masks)
    shaded = layout.shaded(answer)
    seen, taken = {frozenset(owns)}, {shaded}
    moves = switched = 0
    found = [rivals(layout, own, shaded, parts) for own in owns]
    while True:
        others: list[int] = []
        if not any(found):
            labels, answer = labels_of(layout, owns), layout.answer(shaded)
            counted = Layout(layout.rows, layout.cols, labels, parts)
            others = version.questions.second_answers(counted, block_sizes(labels, answer), shaded, parts, budget, version)
            if not others:
                return labels, answer, {"reshaping_moves": moves, "answers_switched": switched}
        if moves + switched == MAX_MOVES:
            return None
        moved = best_move(layout, owns, shaded, others, found, parts, rng, seen)
        if moved is not None:
            # A region's rivals depend on its cells and the answer alone: only the two moved change.
            found = [listed if own == now else rivals(layout, now, shaded, parts) for own, now, listed in zip(owns, moved, found)]
            owns = moved
            seen.add(frozenset(owns))
            moves += 1
            continue
        fresh = [trial for trial in others or [trial for listed in found for trial in listed] if trial not in taken]
        if not fresh:
            return None
        shaded = rng.choice(fresh)
        taken.add(shaded)
        found = [rivals(layout, own, shaded, parts) for own in owns]
        switched += 1


def rivals(layout: Layout, own: int, shaded: int, parts: Parts) -> list[int]:
    """The shadings of the whole grid that differ from `shaded` in this region alone and obey every
    rule with its block size: the region's other shadings of that size that, put in its place,
    still make one network with no shaded 2 x 2. Cheap to list, and a move changes them in two
    regions only, so they are kept per attempt.

    The network is read from the groups the shaded cells outside the region fall into (see
    `joins`) rather than by a flood fill per shading: 1.1 s against 1.4 s over 30 codes at
    10 x 10 (the same rivals). Listed by the compiled core (search.c) where the layout's is built."""
    key = ("rivals", own, shaded)
    found = parts.get(key)
    if found is None and compiles_reshaping(layout):
        found = parts[key] = compiled_rivals(layout, own, shaded)
    if found is None:
        size = twin_size(layout, shaded & own)
        rest = shaded & ~own
        outside = groups(layout, rest)
        found = parts[key] = []
        for option_size, first, second in shadings(layout, own, parts):
            if option_size == size:
                trial = rest | first | second
                if trial != shaded and not layout.has_square(trial) and joins(outside, layout.spread(first), layout.spread(second)):
                    found.append(trial)
    return found


def groups(layout: Layout, cells: int) -> list[int]:
    """The groups `cells` fall into, each joined side by side."""
    found = []
    while cells:
        group = layout.reach(cells & -cells, cells)
        found.append(group)
        cells ^= group
    return found


def joins(outside: list[int], near_first: int, near_second: int) -> bool:
    """Whether two blocks that do not touch, beside the cells `near_first` and `near_second`, join
    the groups `outside` (which do not touch each other) into one network: every group must be
    beside a block, and some group beside both, since the blocks can join only through the groups."""
    return all(group & (near_first | near_second) for group in outside) and any(
        group & near_first and group & near_second for group in outside
    )


def shadings(layout: Layout, own: int, parts: Parts) -> list[tuple[int, int, int]]:
    """(block size, first block, second block) of every listed shading of the region `own`, as
    masks, kept per attempt."""
    key = ("blocks", own)
    found = parts.get(key)
    if found is None:
        cells = [divmod(index, layout.width) for index in range(own.bit_length()) if own >> index & 1]
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        shape = tuple((r - top, c - left) for r, c in cells)
        offset = top * layout.width + left
        found = parts[key] = [(size, first << offset, second << offset) for size, first, second in shape_masks(shape, layout.width)]
    return found


def twin_size(layout: Layout, shaded: int) -> int | None:
    """The block size when `shaded` (one region's shaded cells) makes two equal blocks, else None."""
    first = layout.reach(shaded & -shaded, shaded)
    rest = shaded ^ first
    if not rest or layout.reach(rest & -rest, rest) != rest or rest.bit_count() != first.bit_count():
        return None
    return first.bit_count()


def best_move(
    layout: Layout,
    owns: list[int],
    shaded: int,
    others: list[int],
    found: list[list[int]],
    parts: Parts,
    rng: random.Random,
    seen: set[frozenset[int]],
) -> list[int] | None:
    """The regions after the move that leaves fewest rivals in all, of one cell where `shaded` and a
    second answer differ into a neighbouring region; None when no move is left.

    The second answers are the rivals `found`, or when there are none `others`; then a move must
    make one of them break a rule, and fewer left obeying every rule beats fewer rivals. Both
    regions must stay joined and four to nine cells, the answer must still obey every rule, and
    regions already `seen` are skipped: their count would find the same second answer again. Only
    the two regions a move changes are read again: the network and the 2 x 2 rule do not depend on
    regions.

    Made by the compiled core (search.c) where it holds the layout: the same move by the same
    draws (this loop, with the rivals it lists, was 28% of a 12 x 12 make).
    """
    seconds = others or [trial for listed in found for trial in listed]
    if compiles_moves(layout, owns, rng):
        move = compiled_move(layout, owns, shaded, seconds, bool(others), list(map(len, found)), seen, rng, (MIN_CELLS, MAX_CELLS))
        if move is None:
            return None
        home, target, index = move
        moved = list(owns)
        moved[home], moved[target] = owns[home] & ~(1 << index), owns[target] | 1 << index
        return moved
    differing = 0
    for second in seconds:
        differing |= shaded ^ second
    indexes = [index for index in range(differing.bit_length()) if differing >> index & 1]
    rng.shuffle(indexes)
    total = sum(map(len, found))
    best, chosen = None, None
    for index in indexes:
        cell = 1 << index
        home = next(region for region, own in enumerate(owns) if own & cell)
        left = owns[home] & ~cell
        if left.bit_count() < MIN_CELLS or layout.reach(left & -left, left) != left:
            continue
        left_size = twin_size(layout, shaded & left)
        if left_size is None:
            continue
        near = layout.spread(cell) & ~owns[home]
        targets = [region for region, own in enumerate(owns) if own & near]
        rng.shuffle(targets)
        for target in targets:
            joined = owns[target] | cell
            if joined.bit_count() > MAX_CELLS:
                continue
            joined_size = twin_size(layout, shaded & joined)
            if joined_size is None:
                continue
            kept = sum(
                twin_size(layout, other & left) == left_size and twin_size(layout, other & joined) == joined_size
                for other in others
            )
            if others and kept == len(others):
                continue  # every second answer from the count still obeys every rule
            trial = list(owns)
            trial[home], trial[target] = left, joined
            if frozenset(trial) in seen:
                continue
            score = (
                kept,
                total - len(found[home]) - len(found[target])
                + len(rivals(layout, left, shaded, parts)) + len(rivals(layout, joined, shaded, parts)),
            )
            if best is None or score < best:
                best, chosen = score, trial
    return chosen


def labels_of(layout: Layout, owns: list[int]) -> Grid:
    """The region ids of regions given as bitmasks, numbered in reading order."""
    return canonical_labels(
        [[next(region for region, own in enumerate(owns) if own & layout.bit((r, c))) for c in range(layout.cols)] for r in range(layout.rows)]
    )


# --- 4. numbering -------------------------------------------------------------------------------

def number_needed(labels: Grid, answer: Answer, parts: Parts, budget: Budget, rng: random.Random, version: Version) -> NuritwinPuzzle:
    """The puzzle with the numbers its one answer needs (see needed_numbers)."""
    layout = Layout(len(labels), len(labels[0]), labels, parts)
    return puzzle_of(labels, needed_numbers(layout, answer, block_sizes(labels, answer), parts, budget, rng, version), answer)


def needed_numbers(
    layout: Layout, answer: Answer, sizes: tuple[int, ...], parts: Parts, budget: Budget, rng: random.Random, version: Version
) -> tuple[int | None, ...]:
    """Every region's number, less those whose removal still leaves exactly one answer.

    While the numbers left fix one answer, any second answer that appears when a region's number
    is removed must give that region blocks of another size, so only those are asked about: first
    the answer with just that region shaded otherwise, then the version's questions.
    """
    numbers = list(sizes)
    order = list(range(len(numbers)))
    rng.shuffle(order)
    shaded = layout.shaded(answer)
    for region in order:
        rest = shaded & ~layout.region_masks[region]
        if any(
            size != sizes[region] and layout.is_network(rest | mask)
            for (mask, _, _), size in zip(layout.options[region], layout.block_sizes[region])
        ):
            continue
        without = numbers[:region] + [None] + numbers[region + 1:]
        if not version.questions.other_size(layout, tuple(without), (region, sizes[region]), parts, budget, version):
            numbers = without
    return tuple(numbers)


def block_sizes(labels: Grid, answer: Answer) -> tuple[int, ...]:
    """Each region's block size in `answer` (which has two equal blocks in every region)."""
    shaded = {(r, c) for r, row in enumerate(answer) for c, mark in enumerate(row) if mark == SHADED}
    return tuple(region_block_sizes(cells, shaded)[0] for cells in cells_by_region(labels))


def puzzle_of(labels: Grid, numbers: tuple[int | None, ...] | None, answer: Answer) -> NuritwinPuzzle:
    """The puzzle with `numbers` printed in each region's first cell (none when `numbers` is None)."""
    rows, cols = len(labels), len(labels[0])
    clues = [[None] * cols for _ in range(rows)]
    for cells, number in zip(cells_by_region(labels), numbers or ()):
        clues[cells[0][0]][cells[0][1]] = number
    return NuritwinPuzzle(rows, cols, labels, tuple(tuple(row) for row in clues), answer)


# --- 5. confirming ------------------------------------------------------------------------------


def confirmed(puzzle: NuritwinPuzzle, budget: Budget, version: Version) -> NuritwinPuzzle:
    """The puzzle, once its answer passes every rule and the printed puzzle alone has one answer
    (counted as `version` counts)."""
    failures = check(puzzle, puzzle.answer)
    if failures:
        raise RuntimeError(f"nuritwin generator drew an answer that breaks {failures}")
    found = count(Layout(puzzle.rows, puzzle.cols, puzzle.regions), puzzle.numbers, budget, version, look=version.count_look)
    if found != [puzzle.answer]:
        raise RuntimeError(f"nuritwin generator's printed puzzle has {len(found)} answers, not its own one")
    return puzzle
