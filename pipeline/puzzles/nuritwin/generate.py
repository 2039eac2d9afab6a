"""Making a Nuritwin puzzle, as the product document describes (generator versions 3 and 4).

1. Grow regions of four to nine cells by random flood fill and merge the small ones.
2. Draw one answer: the search over every region's listed shadings, in a shuffled order.
3. Give every region its block size; while a second answer fits, move a cell where the two differ
   into a neighbouring region (up to 40 moves).
4. Take the numbers away one at a time in a random order, keeping those the answer needs.
5. Re-check the answer against every rule and re-count from the printed puzzle alone.

Version 3 keeps version 2's steps and choices (generate_v2.py, whose docstring records how they
were chosen) and changes who answers the questions of steps 3 and 4. One incremental SAT solver
per attempt (oracle.py) keeps what it learnt across the questions and reshaping moves of the
attempt, where the counting search starts afresh each time:
- "is the answer the only one now?" (reshaping, once no rival is left) and "does an answer with
  other blocks here appear without this number?" (removing numbers) are asked of the oracle;
- the second answer a move is then chosen against is the oracle's first answer in a fixed order
  that puts the answer's own shading of each region first (the second answer most like it,
  region by region), found by yes/no questions alone, instead of by a count.
Only yes/no answers come from the solver, so a code makes the same puzzle with any correct SAT
solver (tests/test_nuritwin_oracle.py: three solvers). Step 5 stays the counting search, so
verify's own solver proves every puzzle within its step limit. From 100 cells up regions grow
larger (see LARGE_GROW_TARGET).

Version 4 (issue 17) changes step 5 alone: its count looks ahead (see solver.LOOK), narrowing the
branches of the three regions nearest to settled before it branches on the one with fewest left.
Counting the printed puzzles of 40 codes at 10 x 10 visits 3,043 nodes against 117,714 and takes
half the time; the 12 x 12 counts that reached COUNT_STEPS, dropping a layout that had a proved
answer, mostly finish. A code makes what version 3 made unless one of its counts reached the
limit: every pinned code up to 10 x 10 does (`version` aside); 12 x 12 codes mostly do not.
Process time, versions 3 and 4 interleaved code by code in one process: 10 x 10, 80 codes,
median 0.17 s against 0.21 s (x0.82), mean x0.93; 12 x 12, 30 codes, median 1.27 s against
2.03 s (x0.63), mean x0.71, layouts dropped at a step limit 8.5 a puzzle against 11.5; 8 x 8, 40
codes, the same puzzles in x1.03 the time (the counts there are short: 0.44 s against 0.41 s for
80 codes' counts), within the noise.

Measured by `bench` (process time over codes bench-1..., version 2 and 3 in the same minutes,
on a machine shared by four agents): 8 x 8, 100 codes, median 54 ms against 64 ms, p90 131 ms
against 131 ms; 10 x 10, 100 codes, median 0.30 s against 0.65 s, p90 0.79 s against 1.51 s;
12 x 12, 60 codes, median 2.2 s against 7.8 s, p90 11.3 s against 29.7 s. Larger regions print
more numbers (means at 10 x 10: 4.7 against 4.0; at 12 x 12: 7.4 against 5.9).

Issue 17 made the same puzzles cheaper (every change keeps what a code makes, in versions 1 and 2
too): a new region shape's shadings are listed as masks by pairing its joined blocks
(solver.shape_masks), and Layout shifts them into place instead of building them cell by cell; a
rival is checked for one network by the groups the answer falls into outside its region
(generate_v2._joins) instead of a flood fill; an attempt's SAT solver is made at its first
question (most attempts never ask one). Bench, process time, 100 codes, base and these in the
same minutes: 8 x 8 median 43 ms against 46 and 48 ms, p90 100 ms against 112 ms; 10 x 10 median
0.20 s against 0.24 s and 0.22 s, p90 0.53-0.55 s against 0.59-0.65 s.

Tried and dropped (process time, interleaved with the kept version on the same codes):
- asking a short search (10, 50 or 200 nodes) before the oracle whether a number can go: removing
  numbers took 0.82, 1.03 and 1.25 s against 0.59 s (100 codes at 8 x 8, the same puzzles);
- giving each new oracle the network cuts learnt by earlier ones (they hold for any regions), up
  to 500, 3,000 or 20,000: fewer rounds of cuts (8,463, 7,223, 6,156 against 8,959 solver calls)
  but 5.89, 6.78 and 9.16 s against 5.76 s in all (100 codes at 8 x 8);
- growing the regions again while they hold more than one four-cell region, or any: 66% of
  layouts with none have an answer against 37% of all (300 at 8 x 8), yet making took a mean 64
  and 70 ms against 61 ms (100 codes): the layouts kept are harder to make unique;
- a search that splits a region's shadings in two by a cell instead of trying each in turn: the
  final counts of 40 puzzles at 10 x 10 visited 70,330 nodes against 106,310 but took 2.4 s
  against 2.1 s (12 x 12, 10 puzzles: 1.60 s against 1.41 s); weighting settled neighbours 1
  rather than 2 when choosing the region to branch on: the same final counts took 1.85 s against
  2.11 s at 10 x 10 but 1.74 s against 1.56 s at 12 x 12;
- DRAWS_PER_LAYOUT 5, 10 or 40 and RESTART_STEPS 25 or 100 at 8 x 8 (100 codes: means 60, 61,
  61, 66 and 57 ms against 58 ms), DRAW_STEPS 250 or 1,000 and COUNT_STEPS 10,000 at 12 x 12 (30
  codes: means 4.3, 3.1 and 3.2 s against 3.2 s): within the noise or worse;
- putting numbers back when the final count reaches COUNT_STEPS: the 12 x 12 layouts seen doing
  so (2) needed 41,338 nodes and over 60,000 with every number given;
- a SAT question whether a new layout has any answer before drawing: 4.3 ms a layout at 8 x 8
  (300 layouts), more than the draws it would spare (66 of 85 layouts dropped at DRAW_STEPS had
  no answer; one search without restarts proves that in a median 470 nodes, past the restarts'
  runs); without the network (one solver call) every layout had an answer.
- drawing by the oracle (each region in a shuffled order given the first shading, in a shuffled
  order, that some answer has): a fresh solver needs 46, 76 and 230 rounds of network cuts per
  layout at 8, 10 and 12 (6.5, 23 and 70 ms), dearer than the search's draws, dropped ones too;
- asking the oracle whether a layout has any answer once a draw's first run fails: 8 x 8 median
  72 ms against 55 ms, 10 x 10 0.42 s against 0.25 s (40 and 20 codes);
- one solver for all the attempts of a puzzle (network cuts hold for any regions): each first
  question on a new layout took 4 to 6 times as long, among the clauses of the regions left behind;
- clauses up front for every joined set of up to four cells (a shaded one needs a shaded cell on
  its boundary): a third fewer rounds of cuts, at most 15% less time; not worth their clauses;
- when the final count reaches COUNT_STEPS, removing numbers again in another random order (up
  to 3 times) before dropping the layout: 12 x 12 median 3.4 s against 3.2 s, mean 5.6 s
  against 3.8 s (8 codes);
- DRAW_STEPS 300 or 1,000 instead of 500 at 10 x 10 (30 codes: median 0.37 s and 0.33 s against
  0.29 s); DRAW_STEPS 250 at 8 x 8 (100 codes, interleaved: median x0.99, mean x1.04).
- drawing with the look-ahead count's search (solver.LOOK): at 8 x 8 a make took x3.1 the time
  (60 codes): a draw's domains hold every block size, so looking at three regions' branches
  costs tens of steps a node and most draws reached DRAW_STEPS; one run to an answer on layouts
  with one took 287 ms against 277 ms a layout at 10 x 10 (29 layouts), and proving that a
  layout has none 49 ms against 103 ms (15 layouts) but 19 ms against 13 ms at 8 x 8 (95).
- narrowing every branch of every region at the root until none is a dead end (singleton arc
  consistency) before drawing: it proves 103 of the 119 answerless layouts of 200 at 8 x 8 to
  have none, but took 6.4 ms a layout against 4.1 ms for the whole draw.
- drawing three answers and reshaping the one with fewest rivals (or the first with at most two):
  8 x 8, 100 codes, median x1.04 and x1.08. A drawn answer's rivals do foretell its reshaping:
  none of the 34 drawn with 9 or more at 8 x 8 (100 codes) and none of the 62 with 10 or more at
  10 x 10 (40 codes) became the only answer, against one in three with one or two rivals; but
  giving such answers up before any move saved nothing (10 x 10, three sets of 60 to 80 codes:
  median x0.77, x0.99 and x0.94, mean x0.80, x0.99 and x1.05).
- drawing again on the regions a failed reshaping left, rather than on the regions as grown:
  8 x 8, 100 codes, median x1.07, mean x1.27.
- drawing by plain runs for the first 150 or 300 of DRAW_STEPS' 500 nodes, then by one
  look-ahead run with the rest (which proves a layout answerless in a median 79 steps at 10 x 10
  against 160 for one plain run): 10 x 10, 60 codes, median x1.16 and x1.09, mean x1.07 and x1.01.
- a first draw run of 150 nodes before the Luby runs (one plain run proves a 10 x 10 layout
  answerless in a median 160 nodes, which runs of 50 and 100 never reach): 10 x 10, 100 codes,
  median x1.06, mean x0.98.
- breaking ties between moves in favour of those that leave no region at four or nine cells
  (where the next moves are blocked): 10 x 10, 100 codes, median x1.06, mean x1.05.
- letting the look-ahead count also drop the dead branches of the other regions it looked at,
  narrowing that state afresh: the same printed puzzles' counts took 1.05 s against 1.20 s at
  10 x 10 (40), 1.38 s against 1.32 s at 12 x 12 (12) and 0.42 s against 0.45 s at 8 x 8 (80).
- sharing each region's remembered spans and fits (solver.Layout) among the layouts of an
  attempt, and giving the final count the attempt's worked-out parts: the same puzzles, 8 x 8
  (100 codes) median x0.96, mean x0.99; 10 x 10 (80 codes) median x1.01, mean x0.99.
- a count that branches on a region's block sizes (each size's shadings one branch) before its
  shadings: the final counts of 60 printed 8 x 8 puzzles took 7.5 ms against 7.1 ms each by the
  plain pick, and 8.5 ms against 7.0 ms looking ahead.
- dropping grown layouts with a four-cell region shaped as a 2 x 2 square (of 300 at 8 x 8, 19%
  with one such region and 3% with two have an answer, against 56% with none) or a region with
  one shading: 8 x 8, 100 codes, median x1.11, x0.98 and x1.12, mean x1.15, x1.18 and x1.17 (any
  square; two squares or one shading; either). As with growing again above, the layouts left are
  harder to make unique: the regions that make layouts answerless also make answers unique.
- keeping each region's worked-out parts (its shadings and the bitsets that narrow them) for the
  whole process rather than one attempt (38% to 47% of regions met again across 100 codes): the
  same puzzles, 8 x 8 median x0.97, mean x0.98 (100 codes); 10 x 10 x0.99 and x1.00 (80).
- asking a SAT solver whether a grown layout has any answer with the one network written out as
  clauses (each shaded cell within k steps of the first shaded cell, for every k up to the most
  cells shaded) instead of cut lazily: 11.5 to 22 ms a layout to solve at 8 x 8 (MiniSat 2.2,
  Glucose 3, CaDiCaL; 100 layouts) against 3.7 to 4.8 ms for the oracle's lazy cuts.

Where version 4's time goes (process time per step). At 8 x 8 (100 codes, as version 3): draws
that reach DRAW_STEPS 19%, reshapings that give up 18% (4.4 a puzzle), the final count 14%, draws
that find an answer 13%, the reshaping that succeeds 12%, removing numbers 11% (nearly all the
oracle), growing regions 4%; building Layouts about 9% across these steps. At 10 x 10 (40 codes):
draws 34% (8.3 find an answer, 3.7 reach DRAW_STEPS: 60% of the draws' nodes), reshaping 26%
(8.3 a puzzle, one succeeds; listing rivals half of it), the final count 20%, removing numbers
and growing the rest. At 12 x 12 (12 codes): draws 52% (43 find an answer, 10 reach
LONG_DRAW_STEPS), reshaping 22% (43 a puzzle: one in 40 succeeds, half of those that fail reach 40
moves), the final count 18% (1.2 a puzzle, 0.2 reach COUNT_STEPS against 0.5 in version 3). The
search's nodes (solver.py) are most of every step but the oracle's; the next gains need draws that
tell sooner whether a layout has an answer, and reshaping that fails less often.

What is left to gain at 8 x 8 (100 codes, each make's process time less parts of it, the oracle's
verdict on each layout timed apart): less the attempts on layouts with no answer, the median is
28.7 ms against 43.0 ms; less those and the final count, 22.0 ms. But telling such a layout apart
costs about what drawing on it does (300 grown layouts, answerless / with an answer): the oracle
a median 3.7 / 4.8 ms a layout; one pass narrowing every branch at the root a mean 4.5 / 7.1 ms
(proving 79 of 184 answerless), one run without restarts to 500 nodes 5.4 / 5.1 ms (149), the
draw itself 4.7 / 4.9 ms (111). A search node costs 20 to 40 microseconds (a narrowing), spread
over the reach, cut cells and fits; solver.py compiled by mypyc counted in x0.79 the time at
8 x 8 and x0.91 at 10 x 10, big-integer operations being most of it. At 10 x 10 the final count
takes a median 15.8 ms and a mean 47.8 ms a puzzle (60 codes, none reaching COUNT_STEPS).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from pipeline.errors import StepLimit, TimeLimit
from pipeline.budget import Budget
from pipeline.interface.puzzle_type import Generated
from pipeline.puzzles.nuritwin.generate_v2 import (
    GROW_TARGET,
    MAX_MOVES,
    LayoutDropped,
    _best_move,
    _block_sizes,
    _labels,
    _luby,
    _puzzle,
    _rivals,
    grow_regions,
)
from pipeline.puzzles.nuritwin.model import Answer, Grid, NuritwinPuzzle
from pipeline.puzzles.nuritwin.oracle import Oracle
from pipeline.puzzles.nuritwin.rules import check
from pipeline.puzzles.nuritwin.solver import Layout

__all__ = ["V3", "V4", "LayoutDropped", "Parts", "Version", "generate", "generate_with", "grow_regions"]

DRAWS_PER_LAYOUT = 20
RESTART_STEPS = 50  # nodes in the shortest run of a draw; runs grow as 1, 1, 2, 1, 1, 2, 4, ... times this
DRAW_STEPS = 500  # nodes all runs of one draw may visit before its layout is dropped
COUNT_STEPS = 20_000  # nodes one count may visit before its layout is dropped
# From 144 cells (12 x 12) a draw may visit LONG_DRAW_STEPS nodes. There three in four first draws
# reached 500 (169 of 234, 6 codes) though seven in ten grown layouts have an answer (54 of 80, by
# the oracle). Over 30 codes the mean was 2.3 s with 2,000 against 2.7 s with 500, p90 4.9 s
# against 7.7 s, median 2.0 s against 1.8 s (1,000: mean 2.9 s; 4,000: 2.5 s). Bench, 60 codes, same
# minutes: median 1.69 s and 1.66 s against 1.64 s, p90 5.1 s and 5.1 s against 7.9 s, attempts a
# puzzle 24 against 100.
LONG_DRAWS = 144
LONG_DRAW_STEPS = 2_000
# From 100 cells (10 x 10) up, regions grow towards 5 to 8 cells. Three in four layouts grown
# towards 4 to 7 cells have no answer at all (by the oracle, 80 layouts each: 19 of 80 had one at
# 10 x 10 against 46 with 5 to 8, 66 with 6 to 9), and their draws run to DRAW_STEPS. At 12 x 12
# (8 codes each, interleaved) the median was 2.8 s with 5 to 8 against 5.8 s with 4 to 7 and
# 5.8 s with 6 to 9 (whose larger regions have more answers to remove); at 10 x 10 (30 codes)
# 0.32 s against 0.36 s and 0.26 s (but p90 0.90 s against 0.62 s); at 8 x 8 (60 codes) 62 ms
# against 59 ms, so smaller grids keep 4 to 7. A count limit of 60,000 nodes at 12 x 12 did
# better with 4 to 7 (mean 6.5 s against 9.1 s, 10 codes) but worse with 5 to 8 (8 codes: median
# 6.1 s against 2.8 s): half the time went to final counts reaching it.
LARGE = 100
LARGE_GROW_TARGET = (5, 8)


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
        10 x 10, making solvers never asked took 4% of the time, py-spy over 40 codes)."""
        if self._oracle is None:
            self._oracle = Oracle(self.rows, self.cols)
        return self._oracle

    def close(self) -> None:
        """Free the oracle's solver, if one was made."""
        if self._oracle is not None:
            self._oracle.close()


# (regions, drawn answer, parts, budget, rng) -> (reshaped regions, their one answer, the
# reshaping's stats), or None when reshaping gives up on this drawn answer
Reshape = Callable[[Grid, Answer, Parts, Budget, random.Random], "tuple[Grid, Answer, dict[str, int]] | None"]
# (regions, their one answer, parts, budget, rng) -> the puzzle with the numbers it prints, or None
# when these regions cannot make one (the next drawn answer is tried)
Number = Callable[[Grid, Answer, Parts, Budget, random.Random], "NuritwinPuzzle | None"]


@dataclass(frozen=True)
class Version:
    """What the generator versions that share these steps decide differently."""

    # Regions whose branches the final count looks at before each branch (see solver.LOOK); 0
    # for version 3's plain pick. Only whether the count reaches COUNT_STEPS depends on it.
    count_look: int


V3 = Version(count_look=0)
# Written out, not solver.LOOK: what a code makes depends on it, and verify's LOOK may change.
V4 = Version(count_look=3)


def generate(rows: int, cols: int, rng: random.Random, budget: Budget, version: Version = V4) -> Generated:
    """A puzzle by generator version 4 or 3 (version 1: generate_v1.py, version 2: generate_v2.py)."""
    return generate_with(_reshape_until_unique, rows, cols, rng, budget, version=version)


def _numbered(labels: Grid, answer: Answer, parts: Parts, budget: Budget, rng: random.Random) -> NuritwinPuzzle:
    """The puzzle with the numbers its one answer needs (see _needed_numbers)."""
    layout = Layout(len(labels), len(labels[0]), labels, parts)
    return _puzzle(labels, _needed_numbers(layout, answer, _block_sizes(labels, answer), parts.oracle, rng), answer)


def generate_with(
    reshape: Reshape, rows: int, cols: int, rng: random.Random, budget: Budget, numbering: Number = _numbered, version: Version = V4
) -> Generated:
    """A puzzle made by the steps above with this reshaping step and this numbering step (by
    default, every number the one answer needs; aim.py's keeps those a tier's techniques need),
    and its stats."""
    attempts = dropped = 0
    while True:
        attempts += 1
        try:
            made = _attempt(reshape, numbering, rows, cols, rng, budget, version)
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
    reshape: Reshape, numbering: Number, rows: int, cols: int, rng: random.Random, budget: Budget, version: Version
) -> tuple[NuritwinPuzzle, dict[str, int]] | None:
    """A proved puzzle and its reshaping's stats, or None when these regions make none."""
    labels = grow_regions(rows, cols, rng, LARGE_GROW_TARGET if rows * cols >= LARGE else GROW_TARGET)
    if labels is None:
        return None
    parts = Parts(rows, cols)
    try:
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
                    return _confirmed(puzzle, budget, version), reshaping
        return None
    finally:
        parts.close()


def _draw(layout: Layout, budget: Budget, rng: random.Random) -> Answer | None:
    """A random answer of the layout, with no block size given; None when it has none.

    Short runs in fresh shuffled orders; a run that ends without reaching its limit has searched
    everything, so no answer exists. Raises LayoutDropped when all runs together reach DRAW_STEPS
    (LONG_DRAW_STEPS on large grids).
    """
    unknown = (None,) * len(layout.region_masks)
    left = LONG_DRAW_STEPS if layout.rows * layout.cols >= LONG_DRAWS else DRAW_STEPS
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


def _reshape_until_unique(
    labels: Grid, answer: Answer, parts: Parts, budget: Budget, rng: random.Random
) -> tuple[Grid, Answer, dict[str, int]] | None:
    """The regions reshaped until an answer is their only one with every block size given, that
    answer, and the moves made and answers switched; None when a second answer stays after 40 of
    these steps together.

    As version 2's (generate_v2._reshape_until_unique), but when no rival is left the oracle
    says whether the answer is the only one, and only when it is not does the count look for the
    second answers a move is chosen against.
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
            sizes = _block_sizes(labels, answer)
            second = parts.oracle.first_answer(counted, sizes, _nearest_first(counted, sizes, shaded), besides=shaded)
            if second is None:
                return labels, answer, {"reshaping_moves": moves, "answers_switched": switched}
            others = [second]
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


def _needed_numbers(
    layout: Layout, answer: Answer, sizes: tuple[int, ...], oracle: Oracle, rng: random.Random
) -> tuple[int | None, ...]:
    """Every region's number, less those whose removal still leaves exactly one answer.

    While the numbers left fix one answer, any second answer that appears when a region's number
    is removed must give that region blocks of another size, so only those are asked about: first
    the answer with just that region shaded otherwise, then the oracle.
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
        if not oracle.has_answer(layout, tuple(without), other_than=(region, sizes[region])):
            numbers = without
    return tuple(numbers)


def _confirmed(puzzle: NuritwinPuzzle, budget: Budget, version: Version) -> NuritwinPuzzle:
    """The puzzle, once its answer passes every rule and the printed puzzle alone has one answer
    (counted as `version` counts)."""
    failures = check(puzzle, puzzle.answer)
    if failures:
        raise RuntimeError(f"nuritwin generator drew an answer that breaks {failures}")
    found = _count(Layout(puzzle.rows, puzzle.cols, puzzle.regions), puzzle.numbers, budget, version.count_look)
    if found != [puzzle.answer]:
        raise RuntimeError(f"nuritwin generator's printed puzzle has {len(found)} answers, not its own one")
    return puzzle


def _count(layout: Layout, sizes: tuple[int | None, ...], budget: Budget, look: int) -> list[Answer]:
    """Up to two answers, by one search on its own step limit, charged to `budget`."""
    search = budget.child(COUNT_STEPS)
    try:
        found = layout.answers(sizes, 2, search, look=look)
    except TimeLimit:
        raise
    except StepLimit:
        budget.spend(search.spent)
        raise LayoutDropped from None
    budget.spend(search.spent)
    return found
