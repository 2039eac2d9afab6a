"""Making a Nuritwin puzzle, as the product document describes (generator version 2, kept so
specs pinned to it (`generator: nuritwin/2`) reprint its puzzles byte for byte; version 3 is
generate.py).

1. Grow regions of four to nine cells by random flood fill and merge the small ones.
2. Draw one answer: the search over every region's listed shadings, in a shuffled order.
3. Give every region its block size; while a second answer fits, move a cell where the two differ
   into a neighbouring region (up to 40 moves).
4. Take the numbers away one at a time in a random order, keeping those the answer needs.
5. Re-check the answer against every rule and re-count from the printed puzzle alone.

Any search that reaches its step limit proves nothing, so the whole layout is dropped and new
regions grown; so is a layout with no answer. When reshaping gives up (a second answer stays after
40 steps), another answer is drawn on the regions as grown, up to DRAWS_PER_LAYOUT times before
growing new ones.

Version 2 changes step 3 only (version 1's is in generate_v1.py, kept for its codes). Version 1
worked against one second answer at a time, moved a random cell, and gave the drawn answer up as
soon as one second answer could not be removed by one move: over 6 codes at 10 x 10, 6 of 342
drawn answers became puzzles, and drawing and failing reshapings took 80% of the time. Version 2:
- lists every "rival" at once: each answer that differs from the drawn one in a single region,
  found by putting each of that region's other shadings of the same block size in place (a
  bitmask OR and a flood fill each). A move changes two regions, so only their rivals are listed
  again; the rest are kept per attempt. Only when there are no rivals does a full count look for
  a second answer;
- makes the move that leaves fewest rivals in all (or, against a second answer from the count,
  that removes it), trying every cell where a second answer differs and every neighbouring region;
- when no move is left, takes a second answer as the answer: it obeys every rule too, and it is
  shaded where the first was not, so other cells can move. Both kinds of step count towards the
  40. Answers drawn per puzzle fell from 21 to 5 (20 codes at 8 x 8) and from 57 to 12
  (6 codes at 10 x 10); reshapings that fail are now the dearest step there (30% of the time).

Where the document leaves the details open, they were chosen by measurement (process time):
- Flood fill grows each region towards a random 4 to 7 cells; of the ranges tried at 8 x 8
  (4-7, 4-9, 5-8, 6-9) it made puzzles soonest (version 1). Free cells are picked with weight
  (region cells they touch)^2. Over 30 codes at 10 x 10 the median generation time was 4.6 s
  against 6.0 s with every free cell alike (on another 10 codes 2.5 s against 8.7 s); the same at
  6-8 x 8 (version 1). With version 2's reshaping, 5-7 and 5-8 did no better at 8 x 8 or 10 x 10.
- Draws are a randomised search with restarts: many short runs in fresh shuffled orders, growing
  by the Luby sequence, up to DRAW_STEPS in all. A single run's time to an answer is heavy-tailed
  (at 10 x 10 the median run needed ~500 nodes, one in four over 3,000); with restarts the median
  is ~150. A layout whose draw needs more than 500 nodes is best dropped: with that cap the median
  generation time was 0.17 s against 0.36 s with 1,000 at 8 x 8 (40 codes), 0.84 s against 1.18 s
  with 1,500 at 9 x 9 (20 codes) and 2.5 s against 4.6 s with 2,000 at 10 x 10 (30 codes); caps of
  300 and 700 did no better (version 1).
- Drawing up to 20 times on the same regions before growing new ones: over 12 codes at 10 x 10,
  mean generation time 8.0 s against 16.2 s with one draw per layout (5 draws: 9.2 s, version 1).
- Asking the full count for up to four second answers at once, to remove several with one move,
  did no better than one (40 codes at 10 x 10: mean 0.80 s against 0.71 s).

Where version 2's time goes (process time per step; 8 x 8: 40 codes, 10 x 10: 10, 12 x 12: 2):
at 8 x 8 drawing 26%, reshaping 33% (choosing moves 15%), removing numbers 19%, the final count
11%; at 10 x 10 the counts take 60%: removing numbers 31%, reshaping's full counts 21%, the final
count 11%; at 12 x 12 drawing 33%, nearly all of it draws that reach DRAW_STEPS (about 55 dropped
layouts a puzzle over 3 codes), and removing numbers 38%. So the next gains are in the counting
search's propagation (solver.py, which version 1 also uses: a change there must keep version 1's
node counts, or keep its solver) and in telling sooner which 12 x 12 layouts will not draw.
"""

from __future__ import annotations

import random
from typing import Callable

from pipeline.errors import StepLimit, TimeLimit
from pipeline.budget import Budget
from pipeline.interface.puzzle_type import Generated
from pipeline.puzzles.nuritwin.model import (
    SHADED,
    Answer,
    Cell,
    Grid,
    NuritwinPuzzle,
    canonical_labels,
    cells_by_region,
    neighbours,
)
from pipeline.puzzles.nuritwin.rules import block_sizes, check
from pipeline.puzzles.nuritwin.solver import Layout, shape_masks

MIN_CELLS, MAX_CELLS = 4, 9
GROW_TARGET = (4, 7)  # flood-fill target sizes; merging leftovers pushes the mean towards six cells
MAX_MOVES = 40
DRAWS_PER_LAYOUT = 20
RESTART_STEPS = 50  # nodes in the shortest run of a draw; runs grow as 1, 1, 2, 1, 1, 2, 4, ... times this
DRAW_STEPS = 500  # nodes all runs of one draw may visit before its layout is dropped
COUNT_STEPS = 20_000  # nodes one count may visit before its layout is dropped


# (regions, drawn answer, parts, budget, rng) -> (reshaped regions, their one answer, the
# reshaping's stats), or None when reshaping gives up on this drawn answer
Reshape = Callable[[Grid, Answer, dict, Budget, random.Random], "tuple[Grid, Answer, dict[str, int]] | None"]
# (regions, their one answer, parts, budget, rng) -> the puzzle with the numbers it prints, or None
# when these regions cannot make one (the next drawn answer is tried)
Number = Callable[[Grid, Answer, dict, Budget, random.Random], "NuritwinPuzzle | None"]


class LayoutDropped(Exception):
    """A search of this layout reached its step limit: nothing is proved, so grow another."""


def generate(rows: int, cols: int, rng: random.Random, budget: Budget) -> Generated:
    """A puzzle by generator version 2 (version 1: generate_v1.py, version 3: generate.py)."""
    return generate_with(_reshape_until_unique, rows, cols, rng, budget)


def _numbered(labels: Grid, answer: Answer, parts: dict, budget: Budget, rng: random.Random) -> NuritwinPuzzle:
    """The puzzle with the numbers its one answer needs (see _needed_numbers)."""
    layout = Layout(len(labels), len(labels[0]), labels, parts)
    return _puzzle(labels, _needed_numbers(layout, answer, _block_sizes(labels, answer), budget, rng), answer)


def generate_with(reshape: Reshape, rows: int, cols: int, rng: random.Random, budget: Budget, numbering: Number = _numbered) -> Generated:
    """A puzzle made by the steps above with this reshaping step and this numbering step (by
    default, every number the one answer needs; aim.py's keeps those a tier's techniques need),
    and its stats."""
    attempts = dropped = 0
    while True:
        attempts += 1
        try:
            made = _attempt(reshape, numbering, rows, cols, rng, budget)
        except LayoutDropped:
            dropped += 1
            continue
        if made is not None:
            break
    puzzle, reshaping = made
    stats = {
        "regions": len(puzzle.region_cells),
        "numbers": sum(number is not None for number in puzzle.numbers),
        **reshaping,
        "dropped_at_step_limit": dropped,
        "attempts": attempts,
    }
    return Generated(puzzle, stats)


def _attempt(
    reshape: Reshape, numbering: Number, rows: int, cols: int, rng: random.Random, budget: Budget
) -> tuple[NuritwinPuzzle, dict[str, int]] | None:
    """A proved puzzle and its reshaping's stats, or None when these regions make none."""
    labels = grow_regions(rows, cols, rng)
    if labels is None:
        return None
    parts: dict = {}  # what each Layout works out per region, shared by the layouts of this attempt
    grown = Layout(rows, cols, labels, parts)
    for _ in range(DRAWS_PER_LAYOUT):
        answer = _draw(grown, budget, rng)
        if answer is None:
            return None
        reshaped = reshape(labels, answer, parts, budget, rng)
        if reshaped is not None:
            shaped, unique, reshaping = reshaped  # reshaping may have switched to another answer
            puzzle = numbering(shaped, unique, parts, budget, rng)
            if puzzle is not None:
                return _confirmed(puzzle, budget), reshaping
    return None


def grow_regions(rows: int, cols: int, rng: random.Random, target: tuple[int, int] = GROW_TARGET) -> Grid | None:
    """Regions grown by random flood fill towards `target` cells, the small ones merged into a
    neighbour; None if stuck."""
    label = {cell: -1 for cell in _cells(rows, cols)}
    members: list[list[Cell]] = []
    while True:
        free = [cell for cell in _cells(rows, cols) if label[cell] < 0]
        if not free:
            break
        region = [rng.choice(free)]
        label[region[0]] = len(members)
        size = rng.randint(*target)
        while len(region) < size:
            frontier = _frontier(region, label, rows, cols)
            if not frontier:
                break
            cell = rng.choice(frontier)
            label[cell] = len(members)
            region.append(cell)
        members.append(region)
    if not _merge_small(members, label, rows, cols, rng):
        return None
    return canonical_labels([[label[(r, c)] for c in range(cols)] for r in range(rows)])


def _frontier(region: list[Cell], label: dict[Cell, int], rows: int, cols: int) -> list[Cell]:
    """The free cells beside the region, each listed once per region cell it touches, squared.

    Favouring cells the region already wraps keeps regions compact: a compact region has fewer
    cells it cannot lose without falling apart, so fewer second answers leave reshaping stuck.
    """
    touching: dict[Cell, int] = {}
    for cell in region:
        for near in neighbours(cell, rows, cols):
            if label[near] < 0:
                touching[near] = touching.get(near, 0) + 1
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


def _draw(layout: Layout, budget: Budget, rng: random.Random) -> Answer | None:
    """A random answer of the layout, with no block size given; None when it has none.

    Short runs in fresh shuffled orders; a run that ends without reaching its limit has searched
    everything, so no answer exists. Raises LayoutDropped when all runs together reach DRAW_STEPS.
    """
    unknown = (None,) * len(layout.region_masks)
    left = DRAW_STEPS
    for factor in _luby():
        run = budget.child(min(left, RESTART_STEPS * factor))
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


def _luby():
    """1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...: the restart lengths that waste least (Luby et al.)."""
    u, v = 1, 1
    while True:
        yield v
        u, v = (u + 1, 1) if u & -u == v else (u, 2 * v)


def _reshape_until_unique(
    labels: Grid, answer: Answer, parts: dict, budget: Budget, rng: random.Random
) -> tuple[Grid, Answer, dict[str, int]] | None:
    """The regions reshaped until an answer is their only one with every block size given, that
    answer, and the moves made and answers switched; None when a second answer stays after 40 of
    these steps together.

    Regions are bitmasks here. Each move is the one that leaves fewest rivals (see `_rivals`), among
    those that remove a second answer worked against. When no move is left, a second answer that
    was not the answer before becomes the answer (it obeys every rule too) and reshaping goes on:
    it is shaded where the first was not, so other cells can move.
    """
    rows, cols = len(labels), len(labels[0])
    layout = Layout(rows, cols, labels, parts)
    owns = list(layout.region_masks)
    shaded = layout.shaded(answer)
    seen, taken = {frozenset(owns)}, {shaded}
    moves = switched = 0
    while True:
        rivals = [_rivals(layout, own, shaded, parts) for own in owns]
        others: list[int] = []
        if not any(rivals):
            labels, answer = _labels(layout, owns), layout.answer(shaded)
            counted = Layout(rows, cols, labels, parts)
            others = [layout.shaded(found) for found in _count(counted, _block_sizes(labels, answer), budget) if found != answer]
            if not others:
                return labels, answer, {"reshaping_moves": moves, "answers_switched": switched}
        if moves + switched == MAX_MOVES:
            return None
        moved = _best_move(layout, owns, shaded, others, rivals, parts, rng, seen)
        if moved is not None:
            owns = moved
            seen.add(frozenset(owns))
            moves += 1
            continue
        fresh = [trial for trial in others or [trial for found in rivals for trial in found] if trial not in taken]
        if not fresh:
            return None
        shaded = rng.choice(fresh)
        taken.add(shaded)
        switched += 1


def _rivals(layout: Layout, own: int, shaded: int, parts: dict) -> list[int]:
    """The shadings of the whole grid that differ from `shaded` in this region alone and obey every
    rule with its block size: the region's other shadings of that size that, put in its place,
    still make one network with no shaded 2 x 2. Cheap to list, and a move changes them in two
    regions only, so they are kept per attempt.

    The network is read from the groups the shaded cells outside the region fall into (see
    `_joins`) rather than by a flood fill per shading: listing rivals took 1.1 s against 1.4 s over
    30 codes at 10 x 10 (the same rivals)."""
    key = ("rivals", own, shaded)
    found = parts.get(key)
    if found is None:
        size = _twin_size(layout, shaded & own)
        rest = shaded & ~own
        groups = _groups(layout, rest)
        found = parts[key] = []
        for option_size, first, second in _shadings(layout, own, parts):
            if option_size == size:
                trial = rest | first | second
                if trial != shaded and not layout.has_square(trial) and _joins(groups, layout.spread(first), layout.spread(second)):
                    found.append(trial)
    return found


def _groups(layout: Layout, cells: int) -> list[int]:
    """The groups `cells` fall into, each joined side by side."""
    groups = []
    while cells:
        group = layout.reach(cells & -cells, cells)
        groups.append(group)
        cells ^= group
    return groups


def _joins(groups: list[int], near_first: int, near_second: int) -> bool:
    """Whether two blocks that do not touch, beside the cells `near_first` and `near_second`, join
    `groups` (which do not touch each other) into one network: every group must be beside a
    block, and some group beside both, since the blocks can join only through the groups."""
    return all(group & (near_first | near_second) for group in groups) and any(
        group & near_first and group & near_second for group in groups
    )


def _shadings(layout: Layout, own: int, parts: dict) -> list[tuple[int, int, int]]:
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


def _twin_size(layout: Layout, shaded: int) -> int | None:
    """The block size when `shaded` (one region's shaded cells) makes two equal blocks, else None."""
    first = layout.reach(shaded & -shaded, shaded)
    rest = shaded ^ first
    if not rest or layout.reach(rest & -rest, rest) != rest or rest.bit_count() != first.bit_count():
        return None
    return first.bit_count()


def _best_move(
    layout: Layout,
    owns: list[int],
    shaded: int,
    others: list[int],
    rivals: list[list[int]],
    parts: dict,
    rng: random.Random,
    seen: set[frozenset[int]],
) -> list[int] | None:
    """The regions after the move that leaves fewest rivals in all, of one cell where `shaded` and a
    second answer differ into a neighbouring region; None when no move is left.

    The second answers are the rivals, or when there are none `others`, those the count found (up
    to two: it can meet two before the answer); then a move must make one of them break a rule,
    and fewer left obeying every rule beats fewer rivals. Both regions must stay joined and four to nine cells, the
    answer must still obey every rule, and regions already `seen` are skipped: their count would
    find the same second answer again. Only the two regions a move changes are read again: the
    network and the 2 x 2 rule do not depend on regions.
    """
    differing = 0
    for second in others or [trial for found in rivals for trial in found]:
        differing |= shaded ^ second
    indexes = [index for index in range(differing.bit_length()) if differing >> index & 1]
    rng.shuffle(indexes)
    total = sum(map(len, rivals))
    best, chosen = None, None
    for index in indexes:
        cell = 1 << index
        home = next(region for region, own in enumerate(owns) if own & cell)
        left = owns[home] & ~cell
        if left.bit_count() < MIN_CELLS or layout.reach(left & -left, left) != left:
            continue
        left_size = _twin_size(layout, shaded & left)
        if left_size is None:
            continue
        near = layout.spread(cell) & ~owns[home]
        targets = [region for region, own in enumerate(owns) if own & near]
        rng.shuffle(targets)
        for target in targets:
            joined = owns[target] | cell
            if joined.bit_count() > MAX_CELLS:
                continue
            joined_size = _twin_size(layout, shaded & joined)
            if joined_size is None:
                continue
            kept = sum(
                _twin_size(layout, other & left) == left_size and _twin_size(layout, other & joined) == joined_size
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
                total - len(rivals[home]) - len(rivals[target])
                + len(_rivals(layout, left, shaded, parts)) + len(_rivals(layout, joined, shaded, parts)),
            )
            if best is None or score < best:
                best, chosen = score, trial
    return chosen


def _labels(layout: Layout, owns: list[int]) -> Grid:
    """The region ids of regions given as bitmasks, numbered in reading order."""
    return canonical_labels(
        [[next(region for region, own in enumerate(owns) if own & layout.bit((r, c))) for c in range(layout.cols)] for r in range(layout.rows)]
    )


def _needed_numbers(
    layout: Layout, answer: Answer, sizes: tuple[int, ...], budget: Budget, rng: random.Random
) -> tuple[int | None, ...]:
    """Every region's number, less those whose removal still leaves exactly one answer.

    While the numbers left fix one answer, any second answer that appears when a region's number
    is removed must give that region blocks of another size, so only those are looked for: first
    the answer with just that region shaded otherwise, then by a search.
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
        if not _count(layout, tuple(without), budget, other_than=(region, sizes[region])):
            numbers = without
    return tuple(numbers)


def _confirmed(puzzle: NuritwinPuzzle, budget: Budget) -> NuritwinPuzzle:
    """The puzzle, once its answer passes every rule and the printed puzzle alone has one answer."""
    failures = check(puzzle, puzzle.answer)
    if failures:
        raise RuntimeError(f"nuritwin generator drew an answer that breaks {failures}")
    found = _count(Layout(puzzle.rows, puzzle.cols, puzzle.regions), puzzle.numbers, budget)
    if found != [puzzle.answer]:
        raise RuntimeError(f"nuritwin generator's printed puzzle has {len(found)} answers, not its own one")
    return puzzle


def _count(
    layout: Layout, sizes: tuple[int | None, ...], budget: Budget, other_than: tuple[int, int] | None = None
) -> list[Answer]:
    """Up to two answers, by one search on its own step limit, charged to `budget`."""
    search = budget.child(COUNT_STEPS)
    try:
        found = layout.answers(sizes, 2, search, other_than=other_than)
    except TimeLimit:
        raise
    except StepLimit:
        budget.spend(search.spent)
        raise LayoutDropped from None
    budget.spend(search.spent)
    return found


def _block_sizes(labels: Grid, answer: Answer) -> tuple[int, ...]:
    """Each region's block size in `answer` (which has two equal blocks in every region)."""
    shaded = {(r, c) for r, row in enumerate(answer) for c, mark in enumerate(row) if mark == SHADED}
    return tuple(block_sizes(cells, shaded)[0] for cells in cells_by_region(labels))


def _puzzle(labels: Grid, numbers: tuple[int | None, ...] | None, answer: Answer) -> NuritwinPuzzle:
    """The puzzle with `numbers` printed in each region's first cell (none when `numbers` is None)."""
    rows, cols = len(labels), len(labels[0])
    clues = [[None] * cols for _ in range(rows)]
    for cells, number in zip(cells_by_region(labels), numbers or ()):
        clues[cells[0][0]][cells[0][1]] = number
    return NuritwinPuzzle(rows, cols, labels, tuple(tuple(row) for row in clues), answer)


def _cells(rows: int, cols: int) -> list[Cell]:
    return [(r, c) for r in range(rows) for c in range(cols)]
