"""Making a Nuritwin puzzle, as the product document describes.

1. Grow regions of four to nine cells by random flood fill and merge the small ones.
2. Draw one answer: the search over every region's listed shadings, in a shuffled order.
3. Give every region its block size and count; while a second answer fits, move a cell where the
   two differ into a neighbouring region (up to 40 moves).
4. Take the numbers away one at a time in a random order, keeping those the answer needs.
5. Re-check the answer against every rule and re-count from the printed puzzle alone.

Any search that reaches its step limit proves nothing, so the whole layout is dropped and new
regions grown; so is a layout with no answer. When no move can remove a second answer (or 40
moves have not), the drawn answer is given up and another drawn on the regions as grown, up to
DRAWS_PER_LAYOUT times before growing new ones.

Where the document leaves the details open, they were chosen by measurement (process time):
- Flood fill grows each region towards a random 4 to 7 cells; of the ranges tried at 8 x 8
  (4-7, 4-9, 5-8, 6-9) it made puzzles soonest. Free cells are picked with weight (region cells
  they touch)^2. Over 30 codes at 10 x 10 the median generation time was 4.6 s against 6.0 s
  with every free cell alike (on another 10 codes 2.5 s against 8.7 s); the same at 6-8 x 8.
- Draws are a randomised search with restarts: many short runs in fresh shuffled orders, growing
  by the Luby sequence, up to DRAW_STEPS in all. A single run's time to an answer is heavy-tailed
  (at 10 x 10 the median run needed ~500 nodes, one in four over 3,000); with restarts the median
  is ~150. A layout whose draw needs more than 500 nodes is best dropped: with that cap the median
  generation time was 0.17 s against 0.36 s with 1,000 at 8 x 8 (40 codes), 0.84 s against 1.18 s
  with 1,500 at 9 x 9 (20 codes) and 2.5 s against 4.6 s with 2,000 at 10 x 10 (30 codes); caps of
  300 and 700 did no better.
- The second answers reshaping works against are looked for first among those that differ from
  the drawn answer in a single region, which are cheap to list; if no move removes one of them,
  the drawn answer is given up at once. Over 150 layouts at 10 x 10 the time spent on reshapings
  that failed fell from 25 s to under 1 s.
- Drawing up to 20 times on the same regions before growing new ones: over 12 codes at 10 x 10,
  mean generation time 8.0 s against 16.2 s with one draw per layout (5 draws: 9.2 s).
"""

from __future__ import annotations

import random

from pipeline.errors import StepLimit, TimeLimit
from pipeline.puzzles.base import Budget, Generated
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
from pipeline.puzzles.nuritwin.rules import block_sizes, check
from pipeline.puzzles.nuritwin.solver import Layout

MIN_CELLS, MAX_CELLS = 4, 9
GROW_TARGET = (4, 7)  # flood-fill target sizes; merging leftovers pushes the mean towards six cells
MAX_MOVES = 40
DRAWS_PER_LAYOUT = 20
RESTART_STEPS = 50  # nodes in the shortest run of a draw; runs grow as 1, 1, 2, 1, 1, 2, 4, ... times this
DRAW_STEPS = 500  # nodes all runs of one draw may visit before its layout is dropped
COUNT_STEPS = 20_000  # nodes one count may visit before its layout is dropped


class LayoutDropped(Exception):
    """A search of this layout reached its step limit: nothing is proved, so grow another."""


def generate(rows: int, cols: int, rng: random.Random, budget: Budget) -> Generated:
    size = rows
    attempts = dropped = 0
    while True:
        attempts += 1
        try:
            made = _attempt(size, rng, budget)
        except LayoutDropped:
            dropped += 1
            continue
        if made is not None:
            break
    puzzle, moves = made
    stats = {
        "regions": len(puzzle.region_cells),
        "numbers": sum(number is not None for number in puzzle.numbers),
        "reshaping_moves": moves,
        "dropped_at_step_limit": dropped,
        "attempts": attempts,
    }
    return Generated(puzzle, stats)


def _attempt(size: int, rng: random.Random, budget: Budget) -> tuple[NuritwinPuzzle, int] | None:
    """A proved puzzle and its count of reshaping moves, or None when these regions make none."""
    labels = grow_regions(size, rng)
    if labels is None:
        return None
    parts: dict = {}  # what each Layout works out per region, shared by the layouts of this attempt
    grown = Layout(size, size, labels, parts)
    for _ in range(DRAWS_PER_LAYOUT):
        answer = _draw(grown, budget, rng)
        if answer is None:
            return None
        reshaped = _reshape_until_unique(labels, answer, parts, budget, rng)
        if reshaped is not None:
            labels, moves = reshaped
            layout = Layout(size, size, labels, parts)
            numbers = _needed_numbers(layout, answer, _block_sizes(labels, answer), budget, rng)
            return _confirmed(_puzzle(size, labels, numbers, answer), budget), moves
    return None


def grow_regions(size: int, rng: random.Random) -> Grid | None:
    """Regions grown by random flood fill, the small ones merged into a neighbour; None if stuck."""
    label = {cell: -1 for cell in _cells(size)}
    members: list[list[Cell]] = []
    while True:
        free = [cell for cell in _cells(size) if label[cell] < 0]
        if not free:
            break
        region = [rng.choice(free)]
        label[region[0]] = len(members)
        target = rng.randint(*GROW_TARGET)
        while len(region) < target:
            frontier = _frontier(region, label, size)
            if not frontier:
                break
            cell = rng.choice(frontier)
            label[cell] = len(members)
            region.append(cell)
        members.append(region)
    if not _merge_small(members, label, size, rng):
        return None
    return canonical_labels([[label[(r, c)] for c in range(size)] for r in range(size)])


def _frontier(region: list[Cell], label: dict[Cell, int], size: int) -> list[Cell]:
    """The free cells beside the region, each listed once per region cell it touches, squared.

    Favouring cells the region already wraps keeps regions compact: a compact region has fewer
    cells it cannot lose without falling apart, so fewer second answers leave reshaping stuck.
    """
    touching: dict[Cell, int] = {}
    for cell in region:
        for near in neighbours(cell, size, size):
            if label[near] < 0:
                touching[near] = touching.get(near, 0) + 1
    return [cell for cell in sorted(touching) for _ in range(touching[cell] ** 2)]


def _merge_small(members: list[list[Cell]], label: dict[Cell, int], size: int, rng: random.Random) -> bool:
    """Merge each region under MIN_CELLS into a random neighbour it fits with; False if none fits."""
    while True:
        small = [i for i, cells in enumerate(members) if 0 < len(cells) < MIN_CELLS]
        if not small:
            return True
        i = small[0]
        touching = sorted({label[n] for cell in members[i] for n in neighbours(cell, size, size)} - {i})
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
) -> tuple[Grid, int] | None:
    """The regions reshaped until `answer` is their only answer with every block size given, and
    the number of moves; None when a second answer stays after 40 moves or no move removes it."""
    size = len(labels)
    seen = {labels}
    moves = 0
    while True:
        layout = Layout(size, size, labels, parts)
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
    """
    size = len(labels)
    differing = [(r, c) for r in range(size) for c in range(size) if answer[r][c] != other[r][c]]
    rng.shuffle(differing)
    counts = [len(cells) for cells in cells_by_region(labels)]
    for cell in differing:
        home = labels[cell[0]][cell[1]]
        if counts[home] == MIN_CELLS:
            continue
        targets = sorted({labels[r][c] for r, c in neighbours(cell, size, size)} - {home})
        rng.shuffle(targets)
        for target in targets:
            if counts[target] == MAX_CELLS:
                continue
            moved = [list(row) for row in labels]
            moved[cell[0]][cell[1]] = target
            trial = canonical_labels(moved)
            if trial in seen:
                continue
            rest = [(r, c) for r in range(size) for c in range(size) if moved[r][c] == home]
            if len(components(rest)) == 1 and not check(_puzzle(size, trial, None, answer), answer):
                return trial
    return None


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


def _puzzle(size: int, labels: Grid, numbers: tuple[int | None, ...] | None, answer: Answer) -> NuritwinPuzzle:
    """The puzzle with `numbers` printed in each region's first cell (none when `numbers` is None)."""
    clues = [[None] * size for _ in range(size)]
    for cells, number in zip(cells_by_region(labels), numbers or ()):
        clues[cells[0][0]][cells[0][1]] = number
    return NuritwinPuzzle(size, size, labels, tuple(tuple(row) for row in clues), answer)


def _cells(size: int) -> list[Cell]:
    return [(r, c) for r in range(size) for c in range(size)]
