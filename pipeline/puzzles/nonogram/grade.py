"""Grading a nonogram by how a person solves it, one line at a time.

Techniques, easiest first (pipeline.interface.grades runs them):
- easy: "simple-boxes" and "simple-spaces": slide every run as far left and as far right as the
  known empty cells allow; a cell both extreme placements of one run cover is filled, a cell no
  run can reach is empty (the overlap method every nonogram book teaches first); "edge-runs": the
  same for the first and the last run with the filled cells pinning them too (a filled cell near
  an edge pushes the run nearest it);
- medium: "anchored-runs": the overlap for every run, pinned by every known cell; "line-logic":
  everything single-line logic decides, i.e. what every placement of the clue that fits the known
  cells agrees on;
- expert: "line-contradiction": suppose a cell's value and carry on with single-line logic; when
  some line can no longer hold its clue, the cell has the other value (one supposition at a
  time, never nested).

Hard has no technique of its own: it is line-solvable, but only with a long chain. A puzzle whose
line solve takes more than LONG_CHAIN_ROUNDS rounds per 10 lines (rows + cols) is hard, so the
easy and medium tiers promise a short solve as well as simple techniques.

The effort measures are taken apart from the techniques and from the grade (the type's `effort`,
which the distribution tool adds), by a plain queue-driven line solver like pbnsolve's: `passes`
(sweeps over the rows then the columns waiting for work) and `lines`, pbnsolve's
lines_processed * 100 / (rows + cols).

The grader shares no code with the type's solver but the one-line dynamic program (line.py),
which both read: the solver keeps what every placement agrees on, the techniques read the
extreme starts of the runs. What made grading cheaper, and what was measured: docs/notes/nonogram-grading-speed.md.
The line computations the techniques read (fit, the packings, the simple masks, the extremes'
placements) have an optional compiled twin, grade.c; this module stays the reference.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pipeline.budget import Budget
from pipeline.interface.grades import TIERS, Contradiction, Grade, Solve, Technique, grade_of, run_techniques, up_to
from pipeline.puzzles.nonogram import line as one_line
from pipeline.puzzles.nonogram.model import Clue, Nonogram

# The optional compiled line computations, built from grade.c when a C compiler is there: cold
# 25x25 grading 4.45 -> 1.43 ms, 16% of verify instead of 35% (docs/notes/nonogram-grading-speed.md).
try:
    import _puzzlepress_nonogram_grade as _compiled
except ImportError:
    _compiled = None
if _compiled is not None and not hasattr(_compiled, "placements"):
    _compiled = None  # built from an older grade.c (an install not rebuilt): the same grades in Python

Line = tuple[int, int]  # a line's known cells as masks (bit i is cell i): (filled, empty)
Starts = tuple[tuple[int, ...], tuple[int, ...]]  # the leftmost and the rightmost start of every run

# Rounds per 10 lines (rows + cols) above which a line-solvable puzzle is hard. Over codes
# grade-1..grade-100 (pipeline/distribution.py), easy and medium techniques took a median of 6.5 rounds
# per 10 lines at 10x10 (80th percentile 8.5) and 7.3 at 15x15 (80th 9.3); above 8, 22% and 33%
# are hard, and those need a sweep more of a plain line solver (passes 4-5 against 3).
LONG_CHAIN_ROUNDS = 8


@dataclass
class Position:
    """What is known about each cell, held per line (rows 0..rows-1, then the columns), and
    which lines changed since a technique last read them."""

    puzzle: Nonogram
    filled: list[int]  # per line: a row's bit c is column c, a column's bit r is row r
    empty: list[int]
    version: list[int]  # per line: cells decided in it so far
    emptied: list[int]  # per line: cells decided empty in it so far
    looked: dict[str, list[int]]  # per technique: the versions (or emptied counts) it read
    # per line: the extremes last found for it, and the cells their two placements cover
    placed: list[tuple[Starts, tuple[int, int]] | None]
    clues: tuple[Clue, ...]  # per line
    lengths: tuple[int, ...]

    @classmethod
    def blank(cls, puzzle: Nonogram) -> "Position":
        lines = puzzle.rows + puzzle.cols
        lengths = (puzzle.cols,) * puzzle.rows + (puzzle.rows,) * puzzle.cols
        return cls(puzzle, [0] * lines, [0] * lines, [0] * lines, [0] * lines, {}, [None] * lines, puzzle.row_clues + puzzle.col_clues, lengths)

    def line(self, index: int) -> Line:
        return self.filled[index], self.empty[index]

    def length(self, index: int) -> int:
        return self.lengths[index]

    def clue(self, index: int) -> Clue:
        return self.clues[index]

    def lines(self) -> range:
        return range(self.puzzle.rows + self.puzzle.cols)

    def set(self, index: int, offset: int, value: bool) -> None:
        """Decide the unknown cell `offset` of line `index`."""
        self.write(index, (1 << offset, 0) if value else (0, 1 << offset))

    def write(self, index: int, settled: Line) -> int:
        """Record a line's new knowledge; the number of cells it decided: the line's own masks at
        once, its crossing lines cell by cell."""
        unknown = ~(self.filled[index] | self.empty[index])
        new_filled, new_empty = settled[0] & unknown, settled[1] & unknown
        self.filled[index] |= new_filled
        self.empty[index] |= new_empty
        filled_count, empty_count = new_filled.bit_count(), new_empty.bit_count()
        self.version[index] += filled_count + empty_count
        self.emptied[index] += empty_count
        rows = self.puzzle.rows
        first, at = (rows, 1 << index) if index < rows else (0, 1 << (index - rows))  # crossing lines, and this cell in them
        for known, cells in ((self.filled, new_filled), (self.empty, new_empty)):
            while cells:
                low = cells & -cells
                cells ^= low
                cross = first + low.bit_length() - 1
                known[cross] |= at
                self.version[cross] += 1
                if known is self.empty:
                    self.emptied[cross] += 1
        return filled_count + empty_count

    def unknown(self) -> int:
        """How many cells are undecided."""
        full = (1 << self.puzzle.cols) - 1
        return sum((full & ~(f | e)).bit_count() for f, e in zip(self.filled[:self.puzzle.rows], self.empty))

    def copy(self) -> "Position":
        return Position(
            self.puzzle, self.filled[:], self.empty[:], self.version[:], self.emptied[:], {}, self.placed[:], self.clues, self.lengths
        )

    def extremes(self, index: int) -> Starts | None:
        """The line's extremes, as `extremes` finds them, without the dynamic program while the
        last ones found still hold. They are the placements packed leftmost and rightmost (the
        earliest start of every run together is a placement: of two placements, the earlier
        start of each run is one too), and cells only become known: so when both placements
        still fit the known cells, no placement starts a run earlier or later than they do.
        Over 20x20 gradings, half of the lines the pinned techniques read again still held
        theirs."""
        filled, empty = self.filled[index], self.empty[index]
        kept = self.placed[index]
        if kept is not None:
            left, right = kept[1]
            if not (left | right) & empty and not filled & ~(left & right):
                return kept[0]
        found = _placements(self.clues[index], self.lengths[index], filled, empty)
        if found is not None:
            self.placed[index] = found
            return found[0]
        return None

    def solved(self) -> bool:
        full = (1 << self.puzzle.cols) - 1
        return all(f | e == full for f, e in zip(self.filled[:self.puzzle.rows], self.empty))


# --- one line ---------------------------------------------------------------------------------
# Each rule takes a clue, the line's length and its known cells, and returns the cells it knows
# after (the known ones kept), or raises Contradiction when no placement fits.


def _compiled_or(reference, name: str):
    """grade.c's `name` when it is built, else `reference`: the same result for every line, and
    the reference for a line the compiled one does not take (over 62 cells, cells outside the
    line), which it refuses with ValueError or OverflowError."""
    if _compiled is None:
        return reference
    compiled = getattr(_compiled, name)

    def either(clue: Clue, n: int, *known: int):
        try:
            return compiled(clue, n, *known)
        except (ValueError, OverflowError):
            return reference(clue, n, *known)

    return either


# The techniques read the same lines again and again: each round re-reads the lines that changed,
# three techniques read a line's extremes and line logic its fit, and generating retries pictures
# that share most lines. Cached fits and extremes graded 15x15 codes in 1.3 ms, fits alone 2.0.
_fit = lru_cache(maxsize=100_000)(_compiled_or(one_line.fit, "fit"))


@lru_cache(maxsize=100_000)
def extremes(clue: Clue, n: int, filled: int, empty: int) -> Starts | None:
    """The leftmost and the rightmost start of every run over all placements fitting the line."""
    if not filled:
        return packed(clue, n, empty)
    found = _fit(clue, n, filled, empty)
    if found is None:
        return None
    starts = found[0]
    return tuple((s & -s).bit_length() - 1 for s in starts), tuple(s.bit_length() - 1 for s in starts)


def packed(clue: Clue, n: int, empty: int) -> Starts | None:
    """The extremes of a line with no cell known filled: every run packed as far left as the
    empty cells allow, then as far right. With nothing filled to cover, a run's leftmost start
    over all placements is where packing puts it (no placement can start it earlier, and the
    packing is a placement), so the dynamic program is not needed: the simple techniques read
    only such lines, 43% of the fits a 20x20 grading made (the same starts; a test compares
    them with fit's on every line up to 9 cells)."""
    free = ((1 << n) - 1) & ~empty
    windows = [one_line.windows(free, length) for length in clue]
    left = []
    start = 0  # the first cell the next run may take
    for length, fits in zip(clue, windows):
        later = fits >> start
        if not later:
            return None
        start += (later & -later).bit_length() - 1
        left.append(start)
        start += length + 1
    right = []
    end = n  # the run must end before this cell; the leftmost packing leaves room for each run
    for length, fits in zip(reversed(clue), reversed(windows)):
        start = (fits & ((1 << (end - length + 1)) - 1)).bit_length() - 1
        right.append(start)
        end = start - 1
    return tuple(left), tuple(reversed(right))


def placements(clue: Clue, n: int, filled: int, empty: int) -> tuple[Starts, tuple[int, int]] | None:
    """The extremes and the cells their two placements cover."""
    ends = extremes(clue, n, filled, empty)
    if ends is None:
        return None
    return ends, (_covered(clue, ends[0]), _covered(clue, ends[1]))


_placements = lru_cache(maxsize=100_000)(_compiled_or(placements, "placements"))


def _covered(clue: Clue, starts: tuple[int, ...]) -> int:
    """The cells a placement of the clue's runs at these starts fills."""
    cells = 0
    for length, start in zip(clue, starts):
        cells |= ((1 << length) - 1) << start
    return cells


def _cells(start: int, end: int) -> int:
    """Cells start .. end-1 as a mask (none when end <= start)."""
    return (1 << end) - (1 << start) if end > start else 0


def simple_boxes(clue: Clue, n: int, filled: int, empty: int) -> Line:
    """Cells that the leftmost and the rightmost placement of one run both cover are filled; the
    simple techniques read the known empty cells only, as gaps that split the line."""
    return filled | _learned(clue, n, empty)[0], empty


def _learned(clue: Clue, n: int, empty: int) -> Line:
    found = _simple(clue, n, empty)
    if found is None:
        raise Contradiction("a line cannot hold its clue")
    return found


def simple(clue: Clue, n: int, empty: int) -> Line | None:
    """What the simple techniques learn from a line's empty cells: the cells both packings of a
    run cover, and the cells no run reaches; None when the runs do not fit."""
    ends = packed(clue, n, empty)
    if ends is None:
        return None
    boxes = reach = 0
    for length, left, right in zip(clue, *ends):
        boxes |= _cells(right, left + length)
        reach |= _cells(left, right + length)
    return boxes, ((1 << n) - 1) & ~reach


# The simple techniques read each line again after every change to it, filled cells too, which
# they ignore: what they learn from the empty cells is remembered, for 356 and 259 readings of
# a 20x20 grading's 40 lines, against 61 and 19 that changed a line.
_simple = lru_cache(maxsize=100_000)(_compiled_or(simple, "simple"))


def anchored_boxes(clue: Clue, n: int, filled: int, empty: int) -> Line:
    """The overlap again, with the known filled cells pinning where runs can go."""
    return _anchored(clue, n, (filled, empty), extremes(clue, n, filled, empty))


def _anchored(clue: Clue, n: int, line: Line, ends: Starts | None) -> Line:
    return _spaces(clue, n, _boxes(clue, line, ends), ends)


def edge_runs(clue: Clue, n: int, filled: int, empty: int) -> Line:
    """The overlap of the first and the last run only, pinned by the known cells: a filled cell
    near an edge or a gap pushes the run nearest that edge."""
    return _edge(clue, n, (filled, empty), extremes(clue, n, filled, empty))


def _edge(clue: Clue, n: int, line: Line, ends: Starts | None) -> Line:
    if ends is None:
        raise Contradiction("a line cannot hold its clue")
    if not clue:
        return _spaces(clue, n, line, ends)
    left, right = ends
    first, last = clue[0], clue[-1]
    filled = line[0] | _cells(right[0], left[0] + first) | _cells(right[-1], left[-1] + last)
    return filled, line[1] | ((1 << n) - 1) & ~_cells(left[0], right[-1] + last)


def _boxes(clue: Clue, line: Line, ends) -> Line:
    if ends is None:
        raise Contradiction("a line cannot hold its clue")
    filled = line[0]
    for length, left, right in zip(clue, *ends):
        filled |= _cells(right, left + length)
    return filled, line[1]


def simple_spaces(clue: Clue, n: int, filled: int, empty: int) -> Line:
    """Cells that no run reaches between its leftmost and rightmost placement are empty."""
    return filled, empty | _learned(clue, n, empty)[1]


def _spaces(clue: Clue, n: int, line: Line, ends) -> Line:
    if ends is None:
        raise Contradiction("a line cannot hold its clue")
    reach = 0
    for length, left, right in zip(clue, *ends):
        reach |= _cells(left, right + length)
    return line[0], line[1] | ((1 << n) - 1) & ~reach


@lru_cache(maxsize=100_000)
def line_logic(clue: Clue, n: int, filled: int, empty: int) -> Line | None:
    """What every placement of `clue` fitting the line agrees on; None when none fits."""
    found = _fit(clue, n, filled, empty)
    if found is None:
        return None
    _, can_fill, can_empty = found
    cells = (1 << n) - 1
    return filled | cells & ~can_empty, empty | cells & ~can_fill


# --- techniques over the grid ------------------------------------------------------------------


def _line_technique(name: str, tier: str, rule, *, changes: str = "version", pinned: bool = False) -> Technique[Position]:
    """A technique applying a one-line rule to every line changed since it last read it: a rule
    of the clue, the length and the known cells, or, `pinned`, of the clue, the length, the
    known cells and the line's extremes (which the position keeps per line). `changes` names
    the position's per-line count of the changes the rule reads: simple-boxes reads the empty
    cells only, and what it filled stays filled, so a line whose empty cells are as it last read
    them gives it nothing new (146 of its 356 readings over 20x20 gradings)."""

    def apply(position: Position) -> int:
        looked = position.looked.get(name)
        if looked is None:
            looked = position.looked[name] = [-1] * len(position.version)
        clues, lengths, filled, empty = position.clues, position.lengths, position.filled, position.empty
        found = []
        for index, (seen, count) in enumerate(zip(looked, getattr(position, changes))):
            if seen == count:
                continue
            line = filled[index], empty[index]
            if pinned:
                settled = rule(clues[index], lengths[index], line, position.extremes(index))
            else:
                settled = rule(clues[index], lengths[index], *line)
            if settled is None:
                raise Contradiction("a line cannot hold its clue")
            looked[index] = count
            if settled != line:
                found.append((index, settled))
        for index, settled in found:
            position.write(index, settled)
        return len(found)

    return Technique(name, tier, apply)


def _contradiction_with(budget: Budget):
    def line_contradiction(position: Position) -> int:
        """The first unknown cell (reading order) one of whose values makes single-line logic,
        carried on from there, meet a line that cannot hold its clue: the cell has the other."""
        for r in range(position.puzzle.rows):
            unknown = ((1 << position.puzzle.cols) - 1) & ~(position.filled[r] | position.empty[r])
            while unknown:
                low = unknown & -unknown
                unknown ^= low
                c = low.bit_length() - 1
                for value in (True, False):
                    supposed = position.copy()
                    supposed.set(r, c, value)
                    if not _propagate(supposed, 1 << r, 1 << c, budget)[2]:
                        position.set(r, c, not value)
                        return 1
        return 0

    return line_contradiction


def techniques(budget: Budget) -> tuple[Technique[Position], ...]:
    """Easiest first; the line techniques remember in the position which lines they have read."""
    return (
        _line_technique("simple-boxes", "easy", simple_boxes, changes="emptied"),
        _line_technique("simple-spaces", "easy", simple_spaces),
        _line_technique("edge-runs", "easy", _edge, pinned=True),
        _line_technique("anchored-runs", "medium", _anchored, pinned=True),
        _line_technique("line-logic", "medium", line_logic),
        Technique("line-contradiction", "expert", _contradiction_with(budget)),
    )


def solve_with(puzzle: Nonogram, tier: str, budget: Budget):
    """Run the techniques of tiers up to `tier`; the final position and the run."""
    chosen = up_to(tier, techniques(budget))
    position = Position.blank(puzzle)
    run = run_techniques(position, chosen, Position.solved, budget)
    return position, run


def long_chain(puzzle: Nonogram, rounds: int) -> bool:
    return rounds * 10 > LONG_CHAIN_ROUNDS * (puzzle.rows + puzzle.cols)


def grade(puzzle: Nonogram, budget: Budget) -> Grade:
    position, run = solve_with(puzzle, "expert", budget)
    return _grade_of_run(puzzle, position, run)


def _grade_of_run(puzzle: Nonogram, position: Position, run: Solve) -> Grade:
    """The grade of a run of every technique that has stopped in `position`. The effort
    measures are taken apart (the type's `effort`): verify grades every puzzle and records no
    effort, and their line solve was 13-15% of a grading at 10x10 to 25x25."""
    result = grade_of(position.solved(), run, {})
    if result.tier in ("easy", "medium") and long_chain(puzzle, sum(run.rounds.values())):
        return Grade("hard", result.score, result.techniques, result.effort)
    return result


def grade_as(puzzle: Nonogram, tier: str, budget: Budget) -> Grade | None:
    """The puzzle's grade when it is `tier`, else None, told as soon as the answer is known: the
    generator asks it of picture after picture, keeps the first that fits and hands its grade on,
    so the kept puzzle is not graded again (a second grade took 18% of making a 10x10 medium).

    Easy, medium and hard are asked of line-solvable puzzles only (every one the generator makes
    is), whose grade is then the hardest line technique they used, or hard after a long chain: so
    the run stops at the first round past the long chain, and easy stops where the easy
    techniques do. A run that fits is what `grade` runs up to there (the techniques go easiest
    first, and the harder ones were never reached), so it is carried on to the end with every
    technique and graded as `grade` does. Expert runs every technique to the end."""
    if tier == "expert":
        found = grade(puzzle, budget)
        return found if found.tier == "expert" else None
    limit = LONG_CHAIN_ROUNDS * (puzzle.rows + puzzle.cols) // 10 + 1  # the first round too many
    position = Position.blank(puzzle)
    run = run_techniques(position, up_to("easy" if tier == "easy" else "medium", techniques(budget)), Position.solved, budget, max_rounds=limit)
    rounds = sum(run.rounds.values())
    if not position.solved() or long_chain(puzzle, rounds):
        fits = tier == "hard" and rounds == limit
    else:
        fits = tier == TIERS[max(run.top, 0)]
    if not fits:
        return None
    run = run.then(run_techniques(position, techniques(budget), Position.solved, budget))
    found = _grade_of_run(puzzle, position, run)
    return found if found.tier == tier else None


def solves_within(puzzle: Nonogram, tier: str, budget: Budget) -> bool:
    """Whether the techniques of tiers up to `tier` finish the puzzle (easy and medium also in
    a short chain)."""
    technique_tier = "medium" if tier == "hard" else tier
    position, run = solve_with(puzzle, technique_tier, budget)
    if not position.solved():
        return False
    return tier not in ("easy", "medium") or not long_chain(puzzle, sum(run.rounds.values()))


# --- effort, measured without the techniques ---------------------------------------------------


def effort(puzzle: Nonogram, budget: Budget) -> dict[str, float]:
    """pbnsolve-style effort of a plain line solver: sweeps, and lines settled per 100 lines."""
    position = Position.blank(puzzle)
    passes, processed, _ = _propagate(position, (1 << puzzle.rows) - 1, (1 << puzzle.cols) - 1, budget)
    return {"passes": passes, "lines": round(processed * 100 / (puzzle.rows + puzzle.cols), 1)}


def _propagate(position: Position, rows_waiting: int, cols_waiting: int, budget: Budget) -> tuple[int, int, bool]:
    """Settle the waiting lines (masks of row and of column numbers) by single-line logic, rows
    then columns, until none waits: (sweeps, lines settled, whether every line could hold its
    clue)."""
    rows = position.puzzle.rows
    passes = processed = 0
    while rows_waiting or cols_waiting:
        passes += 1
        for first in (0, rows):
            waiting, rows_waiting, cols_waiting = (rows_waiting, 0, cols_waiting) if first == 0 else (cols_waiting, rows_waiting, 0)
            while waiting:
                low = waiting & -waiting
                waiting ^= low
                index = first + low.bit_length() - 1
                budget.spend()
                processed += 1
                line = position.line(index)
                settled = line_logic(position.clue(index), position.length(index), *line)
                if settled is None:
                    return passes, processed, False
                if settled != line:
                    position.write(index, settled)
                    crossed = (settled[0] | settled[1]) & ~(line[0] | line[1])
                    if first == 0:
                        cols_waiting |= crossed
                    else:
                        rows_waiting |= crossed
    return passes, processed, True
