"""Grading a nonogram by how a person solves it, one line at a time.

Techniques, easiest first (pipeline.puzzles.grading runs them):
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

The effort measures are taken apart from the techniques, by a plain queue-driven line solver like
pbnsolve's: `passes` (sweeps over the rows then the columns waiting for work) and `lines`,
pbnsolve's lines_processed * 100 / (rows + cols).

This module imports only the nonogram model: the grader shares no code with the type's solver.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from pipeline.puzzles.base import Budget
from pipeline.puzzles.grading import Contradiction, Grade, Technique, grade_of, run_techniques, up_to
from pipeline.puzzles.nonogram.model import Clue, Nonogram

Line = tuple[bool | None, ...]  # True filled, False empty, None unknown

# Rounds per 10 lines (rows + cols) above which a line-solvable puzzle is hard. Over codes
# grade-1..grade-100 (pipeline/grading.py), easy and medium techniques took a median of 6.5 rounds
# per 10 lines at 10x10 (80th percentile 8.5) and 7.3 at 15x15 (80th 9.3); above 8, 22% and 33%
# are hard, and those need a sweep more of a plain line solver (passes 4-5 against 3).
LONG_CHAIN_ROUNDS = 8


@dataclass
class Position:
    """What is known about each cell, and which lines changed since a technique last read them."""

    puzzle: Nonogram
    cells: list[list[bool | None]]
    version: list[int] = field(default_factory=list)  # per line: rows 0..rows-1, then columns
    looked: dict[str, list[int]] = field(default_factory=dict)  # per technique: versions read

    @classmethod
    def blank(cls, puzzle: Nonogram) -> "Position":
        cells = [[None] * puzzle.cols for _ in range(puzzle.rows)]
        return cls(puzzle, cells, [0] * (puzzle.rows + puzzle.cols))

    def line(self, index: int) -> Line:
        rows = self.puzzle.rows
        if index < rows:
            return tuple(self.cells[index])
        return tuple(row[index - rows] for row in self.cells)

    def clue(self, index: int) -> Clue:
        rows = self.puzzle.rows
        return self.puzzle.row_clues[index] if index < rows else self.puzzle.col_clues[index - rows]

    def lines(self) -> range:
        return range(self.puzzle.rows + self.puzzle.cols)

    def crossing(self, index: int, offset: int) -> int:
        """The line crossing line `index` at its cell `offset`."""
        rows = self.puzzle.rows
        return rows + offset if index < rows else offset

    def set(self, index: int, offset: int, value: bool) -> None:
        rows = self.puzzle.rows
        r, c = (index, offset) if index < rows else (offset, index - rows)
        self.cells[r][c] = value
        self.version[r] += 1
        self.version[rows + c] += 1

    def write(self, index: int, settled: Line) -> int:
        """Record a line's new knowledge; the number of cells it decided."""
        decided = 0
        for offset, (old, new) in enumerate(zip(self.line(index), settled)):
            if old is None and new is not None:
                self.set(index, offset, new)
                decided += 1
        return decided

    def copy(self) -> "Position":
        return Position(self.puzzle, [row[:] for row in self.cells], self.version[:], {})

    def solved(self) -> bool:
        return all(cell is not None for row in self.cells for cell in row)


# --- one line ---------------------------------------------------------------------------------


@lru_cache(maxsize=100_000)
def placements(clue: Clue, line: Line) -> tuple[tuple[tuple[int, ...], ...], tuple[bool, ...]] | None:
    """Where each run can start, and which cells can be empty, over every placement of `clue`
    that fits `line`; None when none fits.

    A dynamic program over (runs placed, cells used): before[j][i] when the first j runs, each
    followed by an empty cell, fill cells [0, i) consistently; after[j][i] when runs j.. do the
    same for cells [i, n] (cell n is a virtual empty cell past the end).
    """
    n, k = len(line), len(clue)
    can_empty = [cell is not True for cell in line] + [True]
    blocked = [0]  # blocked[i]: cells before i known empty, so a run fits in [s, e) when equal
    for cell in line:
        blocked.append(blocked[-1] + (cell is False))
    before = _prefix_table(clue, blocked, can_empty, n)
    if not before[k][n + 1]:
        return None
    after = _suffix_table(clue, blocked, can_empty, n)
    starts = tuple(
        tuple(
            s for s in range(n - length + 1)
            if before[j][s] and blocked[s + length] == blocked[s] and can_empty[s + length]
            and after[j + 1][s + length + 1]
        )
        for j, length in enumerate(clue)
    )
    empty_ok = tuple(any(before[j][x + 1] and after[j][x + 1] for j in range(k + 1)) for x in range(n))
    return starts, empty_ok


def _prefix_table(clue: Clue, blocked: list[int], can_empty: list[bool], n: int) -> list[list[bool]]:
    k = len(clue)
    before = [[False] * (n + 2) for _ in range(k + 1)]
    before[0][0] = True
    for i in range(1, n + 2):
        if not can_empty[i - 1]:
            continue  # every prefix this table describes ends in an empty cell
        for j in range(k + 1):
            ok = before[j][i - 1]
            if not ok and j:
                start = i - 1 - clue[j - 1]
                ok = start >= 0 and before[j - 1][start] and blocked[i - 1] == blocked[start]
            before[j][i] = ok
    return before


def _suffix_table(clue: Clue, blocked: list[int], can_empty: list[bool], n: int) -> list[list[bool]]:
    k = len(clue)
    after = [[False] * (n + 2) for _ in range(k + 1)]
    after[k][n + 1] = True
    for i in range(n, -1, -1):
        for j in range(k, -1, -1):
            ok = after[j][i + 1] and can_empty[i]
            if not ok and j < k:
                end = i + clue[j]
                ok = end <= n and blocked[end] == blocked[i] and can_empty[end] and after[j + 1][end + 1]
            after[j][i] = ok
    return after


def extremes(clue: Clue, line: Line) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The leftmost and the rightmost start of every run over all placements fitting `line`."""
    found = placements(clue, line)
    if found is None:
        return None
    starts = found[0]
    return tuple(s[0] for s in starts), tuple(s[-1] for s in starts)


def _gaps_only(line: Line) -> Line:
    """The line as the simple techniques read it: the known empty cells split it, nothing else."""
    return tuple(None if cell is True else cell for cell in line)


def simple_boxes(clue: Clue, line: Line) -> Line:
    """Cells that the leftmost and the rightmost placement of one run both cover are filled."""
    return _boxes(clue, line, extremes(clue, _gaps_only(line)))


def anchored_boxes(clue: Clue, line: Line) -> Line:
    """The overlap again, with the known filled cells pinning where runs can go."""
    return _spaces(clue, line, extremes(clue, line), _boxes(clue, line, extremes(clue, line)))


def edge_runs(clue: Clue, line: Line) -> Line:
    """The overlap of the first and the last run only, pinned by the known cells: a filled cell
    near an edge or a gap pushes the run nearest that edge."""
    ends = extremes(clue, line)
    if ends is None:
        raise Contradiction("a line cannot hold its clue")
    if not clue:
        return _spaces(clue, line, ends, line)
    left, right = ends
    outer = (0, len(clue) - 1)
    out = _boxes(tuple(clue[j] for j in outer), line, (tuple(left[j] for j in outer), tuple(right[j] for j in outer)))
    first, last = left[0], right[-1] + clue[-1]
    return tuple(False if i < first or i >= last else cell for i, cell in enumerate(out))


def _boxes(clue: Clue, line: Line, ends) -> Line:
    if ends is None:
        raise Contradiction("a line cannot hold its clue")
    out = list(line)
    for length, left, right in zip(clue, *ends):
        for i in range(right, left + length):
            out[i] = True
    return tuple(out)


def simple_spaces(clue: Clue, line: Line) -> Line:
    """Cells that no run reaches between its leftmost and rightmost placement are empty."""
    return _spaces(clue, line, extremes(clue, _gaps_only(line)), line)


def _spaces(clue: Clue, line: Line, ends, out: Line) -> Line:
    if ends is None:
        raise Contradiction("a line cannot hold its clue")
    reach = [False] * len(line)
    for length, left, right in zip(clue, *ends):
        for i in range(left, right + length):
            reach[i] = True
    return tuple(False if not reached else cell for cell, reached in zip(out, reach))


def line_logic(clue: Clue, line: Line) -> Line | None:
    """What every placement of `clue` fitting `line` agrees on; None when none fits."""
    found = placements(clue, line)
    if found is None:
        return None
    starts, empty_ok = found
    fillable = [False] * len(line)
    for length, options in zip(clue, starts):
        for s in options:
            fillable[s:s + length] = [True] * length
    return tuple(None if fill and empty else fill for fill, empty in zip(fillable, empty_ok))


# --- techniques over the grid ------------------------------------------------------------------


def _line_technique(name: str, tier: str, rule) -> Technique[Position]:
    """A technique applying a one-line rule to every line changed since it last read it."""

    def apply(position: Position) -> int:
        looked = position.looked.setdefault(name, [-1] * len(position.version))
        found = []
        for index in position.lines():
            if looked[index] == position.version[index]:
                continue
            line = position.line(index)
            settled = rule(position.clue(index), line)
            if settled is None:
                raise Contradiction("a line cannot hold its clue")
            looked[index] = position.version[index]
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
        rows = position.puzzle.rows
        for r in range(rows):
            for c, cell in enumerate(position.line(r)):
                if cell is not None:
                    continue
                for value in (True, False):
                    supposed = position.copy()
                    supposed.set(r, c, value)
                    if not _propagate(supposed, {r, rows + c}, budget)[2]:
                        position.set(r, c, not value)
                        return 1
        return 0

    return line_contradiction


def techniques(budget: Budget) -> tuple[Technique[Position], ...]:
    """Easiest first; the line techniques remember in the position which lines they have read."""
    return (
        _line_technique("simple-boxes", "easy", simple_boxes),
        _line_technique("simple-spaces", "easy", simple_spaces),
        _line_technique("edge-runs", "easy", edge_runs),
        _line_technique("anchored-runs", "medium", anchored_boxes),
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
    finished = position.solved()
    result = grade_of(finished, run, effort(puzzle, budget))
    if result.tier in ("easy", "medium") and long_chain(puzzle, sum(run.rounds.values())):
        return Grade("hard", result.score, result.techniques, result.effort)
    return result


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
    passes, processed, _ = _propagate(position, set(position.lines()), budget)
    return {"passes": passes, "lines": round(processed * 100 / (puzzle.rows + puzzle.cols), 1)}


def _propagate(position: Position, waiting: set[int], budget: Budget) -> tuple[int, int, bool]:
    """Settle the waiting lines by single-line logic, rows then columns, until none waits:
    (sweeps, lines settled, whether every line could hold its clue)."""
    rows = position.puzzle.rows
    passes = processed = 0
    while waiting:
        passes += 1
        for part in (range(rows), range(rows, rows + position.puzzle.cols)):
            for index in sorted(waiting.intersection(part)):
                waiting.discard(index)
                budget.spend()
                processed += 1
                settled = line_logic(position.clue(index), position.line(index))
                if settled is None:
                    return passes, processed, False
                for offset, (old, new) in enumerate(zip(position.line(index), settled)):
                    if old is None and new is not None:
                        position.set(index, offset, new)
                        waiting.add(position.crossing(index, offset))
    return passes, processed, True
