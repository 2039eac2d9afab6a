"""Grading a Kuralin by how a person solves it.

A position knows each cell's colour (white: on the loop; black: off it) and each line between
side-by-side cells (drawn, or ruled out). Techniques, easiest first (pipeline.interface.grades
runs them):
- easy: "circle-count": a circle whose balance leaves its unknown cells one choice colours them;
  "cell-lines": one cell's own lines: a black cell has none, a line makes both its cells white, a
  white cell with two lines has no more, a white cell with only two ways out uses both, and a
  cell with fewer than two ways out is black.
- medium: "no-small-loop": a line that would close a loop while other parts of the loop remain
  is ruled out; "circle-pairs": two circles sharing a cell are read together.
- hard: "unreachable": cells that can no longer reach the loop's white cells are black;
  "cut-cell": a cell the white cells cannot join without is white; "parity": the loop steps
  between the two colours of a chessboard, so it has as many white cells on each colour;
  "circle-cases": each colouring a circle allows is followed a few rounds with the easy
  techniques, and the cells the colourings that survive agree on are decided.
- expert, trial and error (as Simon Tatham's Pearl and Loopy never need; only asked for):
  "short-trial": suppose a cell's colour; when the easy and medium techniques break a rule from
  there within SHORT_TRIAL_ROUNDS rounds, the cell has the other colour; "trial": the same
  supposition solved on with every technique but trials, as far as they go (one supposition at
  a time, never nested).

The effort measure (`effort`, taken apart from the grade) is `nodes`: the values a plain
exhaustive search assigns to find every answer, the textbook search of a constraint problem
(forward checking, most constrained variable first) reading each rule alone and combining
nothing (see `search_nodes`). Reading one rule alone is what the easy techniques do, so the
search never guesses on an easy puzzle and costs it one node per cell and line; what the measure
tells apart is how much guessing the other grades take. It replaced a search that enumerated
loops in reading order and read a circle only once its last cell was decided: its nodes came from
the loops, not the clues, and over 40 codes made for each grade easy and hard overlapped (8x8:
12k [7k-21k] and 13k [8k-24k] nodes; 10x10: 69k [44k-114k] and 90k [60k-186k]) where this
search needs 176 and 411 [317-646] (8x8), 280 and 1.2k [0.7k-2.4k] (10x10).

Where the optional grade.c is built, the whole technique loop runs there, with the same
position, the same sweeps and the same step counts, so the same grades (docs/notes/
kuralin-grading-speed.md); this module stays the reference and what hints explain step by step.
This module imports only the Kuralin model: the grader shares no code with the type's solver.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import product

try:  # the optional compiled technique loop, built from grade.c when a C compiler is there
    import _puzzlepress_kuralin_grade as _compiled
except ImportError:
    _compiled = None
if _compiled is not None and not hasattr(_compiled, "solve"):
    _compiled = None  # built from an older grade.c (an install not rebuilt): the same grades in Python

from pipeline.budget import Budget
from pipeline.common.loops import roots
from pipeline.interface.grades import Contradiction, Grade, Solve, Technique, grade_of, run_techniques, up_to
from pipeline.puzzles.kuralin.model import ON_LOOP, KuralinPuzzle, Solution

UNKNOWN, WHITE, BLACK = 0, 1, 2
OPEN, LINE, NO_LINE = 0, 1, 2

# A short trial finds its contradiction within this many rounds of the easy and medium
# techniques: a chain a person follows in the head. Over 20 8x8 codes, capping every trial at 2
# rounds found 1-5 steps per puzzle and at 4 rounds 1-7, but no puzzle was finished by trials that
# short: the long trials are what make today's generated puzzles expert.
SHORT_TRIAL_ROUNDS = 3
# Rounds a circle's case is followed. Over 12 generated 8x8 puzzles, cases followed 3 rounds of
# the easy techniques let the trials finish all 12 (2 in 10 were left unfinished without them), in
# 0.19 s each; following cases to the end with the medium techniques too made one of them hard
# and cost 1.6 times as much.
CASE_ROUNDS = 3

# The exhaustive count stops here. Over codes effort-1..effort-40 made for each grade, 10x10
# expert puzzles needed a median of 12k nodes (quartiles 4k-31k; 1 of 33 reached the cap) at
# 4-5 us a node; a 10x10 keeping only 12 of its 31 circles reaches the cap in 3.2 s.
SEARCH_NODES = 250_000


@dataclass(frozen=True)
class Board:
    """The grid's fixed structure: cells r * cols + c, lines between side-by-side cells."""

    rows: int
    cols: int
    ends: tuple[tuple[int, int], ...]  # each line's two cells
    lines_of: tuple[tuple[int, ...], ...]  # each cell's lines
    links: tuple[tuple[tuple[int, int], ...], ...]  # each cell's lines with the cell across each
    circles: tuple[tuple[tuple[int, ...], frozenset[int]], ...]  # touched cells, black counts allowed
    sharing: tuple[tuple[int, int], ...]  # pairs of circles that touch a common cell
    # What a change at a cell (its colour, or a line into it) can alter, for the sweeps that look
    # again only there: the cells whose own lines read it (it and its neighbours), the circles
    # touching it, and the pairs of circles one of which touches it.
    near: tuple[tuple[int, ...], ...]
    circles_at: tuple[tuple[int, ...], ...]
    pairs_at: tuple[tuple[int, ...], ...]
    # Per circle, what circle-count concludes from (black cells, unknown cells) at index
    # 5 * blacks + unknown: NOTHING, ALL_BLACK, ALL_WHITE or BROKEN. Read from a table rather
    # than worked out at every look: circle-count ran 35,000 times grading four 8x8 puzzles.
    verdicts: tuple[tuple[int, ...], ...]
    alone: tuple[tuple[int], ...]  # each cell as the cells its change touches: itself
    core: object = field(default=None, compare=False, repr=False)  # grade.c's board, when built

    @classmethod
    def of(cls, puzzle: KuralinPuzzle) -> "Board":
        rows, cols = puzzle.rows, puzzle.cols
        ends, lines_of, links, near, alone = _grid(rows, cols)
        circles = tuple(
            (tuple(r * cols + c for r, c in circle.cells), allowed_blacks(circle.kind, len(circle.cells)))
            for circle in puzzle.circles
        )
        rings = _circles_by_cell(circles, rows * cols)
        sharing = tuple(sorted({(i, j) for ring in rings for i in ring for j in ring if i < j}))
        pairs_at: list[list[int]] = [[] for _ in range(rows * cols)]
        for index, (i, j) in enumerate(sharing):
            for cell in set(circles[i][0]) | set(circles[j][0]):
                pairs_at[cell].append(index)
        return cls(
            rows, cols, ends, lines_of, links, circles, sharing,
            near, tuple(map(tuple, rings)), tuple(map(tuple, pairs_at)),
            tuple(_verdicts(allowed, len(touched)) for touched, allowed in circles),
            alone,
            _core(rows, cols, ends, circles, sharing),
        )


@cache
def _grid(rows: int, cols: int):
    """A grid's lines (ends, lines_of, links, near, alone as Board has them), made once per size.
    Board.of took 0.40 ms per 10x10 board (with grade.c a grade took 3-5 ms); with these made
    once and the verdict tables once per kind of circle, 0.12 ms."""
    ends = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    ends += [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    lines_of: list[list[int]] = [[] for _ in range(rows * cols)]
    for index, (a, b) in enumerate(ends):
        lines_of[a].append(index)
        lines_of[b].append(index)
    links = tuple(tuple((e, ends[e][0] + ends[e][1] - cell) for e in own) for cell, own in enumerate(lines_of))
    near = tuple((cell, *(other for _, other in own)) for cell, own in enumerate(links))
    return tuple(ends), tuple(map(tuple, lines_of)), links, near, tuple((cell,) for cell in range(rows * cols))


def _core(rows: int, cols: int, ends, circles, sharing):
    """grade.c's copy of the board, or None without it or for a board larger than it takes."""
    if _compiled is None or rows * cols > _compiled.CELLS:
        return None
    masks = tuple((touched, sum(1 << n for n in allowed)) for touched, allowed in circles)
    return _compiled.board(rows, cols, ends, masks, sharing)


def _circles_by_cell(circles, count: int) -> list[list[int]]:
    """The circles touching each cell: pairs sharing a cell are read off these, not tried pair by
    pair (the generator builds a board per circle it adds)."""
    rings: list[list[int]] = [[] for _ in range(count)]
    for index, (cells, _) in enumerate(circles):
        for cell in cells:
            rings[cell].append(index)
    return rings


NOTHING, ALL_BLACK, ALL_WHITE, BROKEN = 0, 1, 2, 3


@cache  # a few kinds of circle: working the tables out per circle was a third of Board.of
def _verdicts(allowed: frozenset[int], touched: int) -> tuple[int, ...]:
    """What a circle allowing these black counts concludes, at 5 * blacks + unknown."""
    table = [NOTHING] * 25
    for blacks in range(touched + 1):
        for unknown in range(touched - blacks + 1):
            possible = [n for n in allowed if blacks <= n <= blacks + unknown]
            if not possible:
                table[5 * blacks + unknown] = BROKEN
            elif unknown and min(possible) == blacks + unknown:
                table[5 * blacks + unknown] = ALL_BLACK
            elif unknown and max(possible) == blacks:
                table[5 * blacks + unknown] = ALL_WHITE
    return tuple(table)


def allowed_blacks(kind: str, touched: int) -> frozenset[int]:
    """The numbers of black cells a circle of `kind` touching `touched` cells allows."""
    if kind == "black":
        return frozenset(n for n in range(touched + 1) if 2 * n > touched)
    if kind == "white":
        return frozenset(n for n in range(touched + 1) if 2 * n < touched)
    return frozenset({touched // 2})


class Position:
    """Cells and lines as known so far, and a log of the cells each change touched (a line's
    change touches both its cells), so that a local technique sweeps again only where something
    changed since its last sweep: what it finds at a cell depends only on what is near it, and
    what it found there last time was written down, which is a change."""

    __slots__ = ("board", "cells", "lines", "log", "swept")

    def __init__(self, board: Board):
        self.board = board
        self.cells = [UNKNOWN] * (board.rows * board.cols)
        self.lines = [OPEN] * len(board.ends)
        self.log: list[int] = []
        self.swept: dict[str, int] = {}  # technique -> length of the log when its last sweep began

    def copy(self) -> "Position":
        twin = Position.__new__(Position)
        twin.board, twin.cells, twin.lines = self.board, self.cells[:], self.lines[:]
        twin.log, twin.swept = self.log[:], dict(self.swept)
        return twin

    def changed_since_sweep(self, technique: str) -> list[int] | None:
        """The cells changes touched since `technique`'s last sweep began (None before its first
        sweep: look everywhere); a sweep begins here."""
        start = self.swept.get(technique)
        self.swept[technique] = len(self.log)
        return None if start is None else self.log[start:]

    def decided(self, cells) -> bool:
        """Whether every one of these (row, column) cells has its colour."""
        cols = self.board.cols
        return all(self.cells[r * cols + c] != UNKNOWN for r, c in cells)

    def solved(self) -> bool:
        return UNKNOWN not in self.cells and OPEN not in self.lines

    def colour(self, cell: int, value: int) -> int:
        if self.cells[cell] == value:
            return 0
        if self.cells[cell] != UNKNOWN:
            raise Contradiction("a cell cannot be both black and white")
        self.cells[cell] = value
        self.log.append(cell)
        return 1

    def mark(self, line: int, value: int) -> int:
        if self.lines[line] == value:
            return 0
        if self.lines[line] != OPEN:
            raise Contradiction("a line cannot be both drawn and ruled out")
        self.lines[line] = value
        self.log.extend(self.board.ends[line])
        return 1

    def apply(self, colours: dict[int, int], marks: dict[int, int]) -> int:
        """Write the colours, then the marks, in their order; how many were new."""
        board = self.board
        return _write(self.cells, colours, UNKNOWN, board.alone, self.log, "a cell cannot be both black and white") + _write(
            self.lines, marks, OPEN, board.ends, self.log, "a line cannot be both drawn and ruled out"
        )


def _write(known: list[int], changes: dict[int, int], unset: int, touches, log: list[int], clash: str) -> int:
    """Write each change (cell or line: value) into `known`, logging the cells it touches; how
    many were new. Contradiction at the first one that clashes with what is known."""
    new = 0
    for index, value in changes.items():
        was = known[index]
        if was != value:
            if was != unset:
                raise Contradiction(clash)
            known[index] = value
            log.extend(touches[index])
            new += 1
    return new


# --- easy ----------------------------------------------------------------------------------------


def _where(changed: list[int] | None, at: tuple[tuple[int, ...], ...], everywhere: int) -> Iterable[int]:
    """The indices (of circles, cells, lines...) a sweep looks at: those `at` the changed cells, in
    order, or all `everywhere` of them before the first sweep."""
    if changed is None:
        return range(everywhere)
    return sorted({index for cell in set(changed) for index in at[cell]})


def circle_count(position: Position) -> int:
    """A circle whose balance leaves its unknown cells one choice colours them."""
    board, cells = position.board, position.cells
    circles, verdicts = board.circles, board.verdicts
    colours: dict[int, int] = {}
    for index in _where(position.changed_since_sweep("circle-count"), board.circles_at, len(circles)):
        touched = circles[index][0]
        blacks = unknown = 0
        for cell in touched:
            value = cells[cell]
            if value == BLACK:
                blacks += 1
            elif value == UNKNOWN:
                unknown += 1
        verdict = verdicts[index][5 * blacks + unknown]
        if verdict == NOTHING:
            continue
        if verdict == BROKEN:
            raise Contradiction("a circle cannot get its balance")
        colour = BLACK if verdict == ALL_BLACK else WHITE
        for cell in touched:
            if cells[cell] == UNKNOWN:
                colours[cell] = colour
    return position.apply(colours, {})


def cell_lines(position: Position) -> int:
    """Everything one cell's own lines decide, all read from the same position."""
    board, cells, lines = position.board, position.cells, position.lines
    ends, links = board.ends, board.links
    colours: dict[int, int] = {}
    marks: dict[int, int] = {}
    changed = position.changed_since_sweep("cell-lines")
    for index in _where(changed, board.lines_of, len(lines)):
        state = lines[index]
        if state == LINE:
            a, b = ends[index]
            if cells[a] != WHITE:
                colours[a] = WHITE
            if cells[b] != WHITE:
                colours[b] = WHITE
        elif state == OPEN:
            a, b = ends[index]
            if cells[a] == BLACK or cells[b] == BLACK:
                marks[index] = NO_LINE
    for cell in _where(changed, board.near, len(cells)):
        value = cells[cell]
        drawn = 0
        usable = []
        for e, other in links[cell]:
            state = lines[e]
            if state == LINE:
                drawn += 1
            elif state == OPEN and value != BLACK and cells[other] != BLACK:
                usable.append(e)
        if drawn > 2:
            raise Contradiction("a cell has more than two lines")
        if drawn == 2:
            for e in usable:
                marks[e] = NO_LINE
        elif value != BLACK and drawn + len(usable) < 2:
            if drawn or value == WHITE:
                raise Contradiction("a white cell has no two ways out")
            colours[cell] = BLACK
        elif value == WHITE and drawn + len(usable) == 2:
            for e in usable:
                marks[e] = LINE
    return position.apply(colours, marks)


# --- medium --------------------------------------------------------------------------------------


def _paths(position: Position) -> list[int]:
    """A representative per cell: cells joined by drawn lines share one."""
    lines = position.lines
    return roots(len(position.cells), (ends for index, ends in enumerate(position.board.ends) if lines[index] == LINE))


def no_small_loop(position: Position) -> int:
    board, cells, lines = position.board, position.cells, position.lines
    root = _paths(position)
    # the paths holding a white cell or a line: a path closing while another of them exists
    # leaves it off the loop
    started = {
        root[cell] for cell in range(len(cells))
        if cells[cell] == WHITE or any(lines[e] == LINE for e in board.lines_of[cell])
    }
    marks = {}
    for index, (a, b) in enumerate(board.ends):
        if lines[index] == OPEN and root[a] == root[b] and started - {root[a]}:
            marks[index] = NO_LINE
    return position.apply({}, marks)


def circle_pairs(position: Position) -> int:
    board = position.board
    colours: dict[int, int] = {}
    changed = position.changed_since_sweep("circle-pairs")
    for pair in _where(changed, board.pairs_at, len(board.sharing)):
        i, j = board.sharing[pair]
        (cells_i, allowed_i), (cells_j, allowed_j) = board.circles[i], board.circles[j]
        union = sorted(set(cells_i) | set(cells_j))
        unknown = [c for c in union if position.cells[c] == UNKNOWN]
        if not unknown:
            continue
        fits = []
        for choice in product((WHITE, BLACK), repeat=len(unknown)):
            value = dict(zip(unknown, choice))
            colour = lambda c: value.get(c, position.cells[c])
            if sum(colour(c) == BLACK for c in cells_i) in allowed_i and sum(colour(c) == BLACK for c in cells_j) in allowed_j:
                fits.append(choice)
        if not fits:
            raise Contradiction("two circles cannot both get their balance")
        for k, cell in enumerate(unknown):
            seen = {choice[k] for choice in fits}
            if len(seen) == 1:
                colours[cell] = seen.pop()
    return position.apply(colours, {})


# --- hard ----------------------------------------------------------------------------------------


def _reach(position: Position) -> list[int]:
    """A group label per cell over cells not black joined by lines not ruled out; -1 for black
    cells."""
    board, cells, lines = position.board, position.cells, position.lines
    group = [-1] * len(cells)
    label = 0
    for start in range(len(cells)):
        if group[start] >= 0 or cells[start] == BLACK:
            continue
        group[start] = label
        stack = [start]
        while stack:
            cell = stack.pop()
            for e in board.lines_of[cell]:
                if lines[e] == NO_LINE:
                    continue
                a, b = board.ends[e]
                other = b if a == cell else a
                if group[other] < 0 and cells[other] != BLACK:
                    group[other] = label
                    stack.append(other)
        label += 1
    return group


def _white_groups(position: Position, group: list[int]) -> set[int]:
    return {group[c] for c, v in enumerate(position.cells) if v == WHITE}


def unreachable(position: Position) -> int:
    group = _reach(position)
    whites = _white_groups(position, group)
    if -1 in whites or len(whites) > 1:
        raise Contradiction("the white cells cannot lie on one loop")
    if not whites:
        return 0
    colours = {c: BLACK for c, v in enumerate(position.cells) if v == UNKNOWN and group[c] not in whites}
    return position.apply(colours, {})


def cut_cell(position: Position) -> int:
    """Unknown cells whose removal splits the white cells: the articulation points of the cells
    not black (joined by lines not ruled out) with white cells on both sides, found in one
    depth-first search (Hopcroft and Tarjan) rather than one search per cell (measured: that
    search was a third of the time of grading 10x10 puzzles)."""
    board, cells, lines = position.board, position.cells, position.lines
    whites = [cell for cell, value in enumerate(cells) if value == WHITE]
    if not whites:
        return 0
    order = [-1] * len(cells)  # when the search first met each cell
    low = [0] * len(cells)  # the earliest cell its subtree reaches by one step back
    held = [0] * len(cells)  # white cells in its subtree
    colours = {}
    root = whites[0]
    order[root], held[root], clock = 0, 1, 1
    stack = [(root, -1, iter(board.links[root]))]
    while stack:
        cell, parent, links = stack[-1]
        for line, other in links:
            if lines[line] == NO_LINE or cells[other] == BLACK or other == parent:
                continue
            if order[other] < 0:
                order[other] = low[other] = clock
                held[other] = cells[other] == WHITE
                clock += 1
                stack.append((other, cell, iter(board.links[other])))
                break
            low[cell] = min(low[cell], order[other])
        else:
            stack.pop()
            if parent >= 0:
                low[parent] = min(low[parent], low[cell])
                held[parent] += held[cell]
                if low[cell] >= order[parent] and cells[parent] == UNKNOWN and 0 < held[cell] < len(whites):
                    colours[parent] = WHITE
    if held[root] < len(whites):
        raise Contradiction("the white cells cannot lie on one loop")
    return position.apply(colours, {})


def parity(position: Position) -> int:
    """The loop alternates chessboard colours, so each colour holds half its white cells."""
    cols = position.board.cols
    white = [0, 0]
    unknown: list[list[int]] = [[], []]
    for cell, value in enumerate(position.cells):
        side = (cell // cols + cell % cols) % 2
        if value == WHITE:
            white[side] += 1
        elif value == UNKNOWN:
            unknown[side].append(cell)
    need = white[1] - white[0]  # white cells still to come on side 0, minus those on side 1
    colours = {}
    if need == len(unknown[0]) or -need == len(unknown[1]):
        fill, empty = (0, 1) if need == len(unknown[0]) else (1, 0)
        colours.update((c, WHITE) for c in unknown[fill])
        colours.update((c, BLACK) for c in unknown[empty])
    elif need > len(unknown[0]) or -need > len(unknown[1]):
        raise Contradiction("the loop cannot balance the chessboard colours")
    return position.apply(colours, {})


EASY = (Technique("circle-count", "easy", circle_count), Technique("cell-lines", "easy", cell_lines))
MEDIUM = (Technique("no-small-loop", "medium", no_small_loop), Technique("circle-pairs", "medium", circle_pairs))
def _circle_cases_with(budget: Budget):
    def circle_cases(position: Position) -> int:
        """Each colouring a circle allows its unknown cells, followed for CASE_ROUNDS rounds of the
        easy techniques; colourings that break a rule are dropped, and the cells the rest agree on
        decided."""
        colours: dict[int, int] = {}
        for cells, allowed in position.board.circles:
            unknown = [c for c in cells if position.cells[c] == UNKNOWN]
            blacks = sum(position.cells[c] == BLACK for c in cells)
            cases = [
                choice for choice in product((WHITE, BLACK), repeat=len(unknown))
                if blacks + choice.count(BLACK) in allowed
            ]
            if len(cases) < 2:
                continue  # circle-count has read a circle with one case
            kept = [choice for choice in cases if not _case_breaks(position, dict(zip(unknown, choice)), budget)]
            if not kept:
                raise Contradiction("no colouring of a circle's cells holds")
            for k, cell in enumerate(unknown):
                seen = {choice[k] for choice in kept}
                if len(seen) == 1:
                    colours[cell] = seen.pop()
        return position.apply(colours, {})

    return circle_cases


def _case_breaks(position: Position, colours: dict[int, int], budget: Budget) -> bool:
    attempt = position.copy()
    try:
        attempt.apply(colours, {})
        run_techniques(attempt, EASY, Position.solved, budget, CASE_ROUNDS)
    except Contradiction:
        return True
    return False


def hard(budget: Budget) -> tuple[Technique[Position], ...]:
    return (
        Technique("unreachable", "hard", unreachable),
        Technique("parity", "hard", parity),
        Technique("cut-cell", "hard", cut_cell),
        Technique("circle-cases", "hard", _circle_cases_with(budget)),
    )


def _one_loop(position: Position) -> bool:
    """Whether a finished position's drawn lines make one loop (degrees are checked as it goes)."""
    root = _paths(position)
    return len({root[c] for c, v in enumerate(position.cells) if v == WHITE}) == 1


def _breaks_rule(position: Position, cell: int, value: int, inner, rounds: int | None, budget: Budget) -> bool:
    attempt = position.copy()
    try:
        attempt.colour(cell, value)
        run_techniques(attempt, inner, Position.solved, budget, rounds)
    except Contradiction:
        return True
    return attempt.solved() and not _one_loop(attempt)


def _trial(inner: tuple[Technique[Position], ...], rounds: int | None, budget: Budget):
    def trial(position: Position) -> int:
        """The first unknown cell (reading order) one of whose colours breaks a rule when the
        `inner` techniques solve on from it for at most `rounds` rounds."""
        for cell, value in enumerate(position.cells):
            if value != UNKNOWN:
                continue
            for supposed, other in ((WHITE, BLACK), (BLACK, WHITE)):
                if _breaks_rule(position, cell, supposed, inner, rounds, budget):
                    return position.colour(cell, other)
        return 0

    return trial


def techniques(budget: Budget) -> tuple[Technique[Position], ...]:
    """Easiest first; a trial supposes one cell's colour and is never nested."""
    return EASY + MEDIUM + hard(budget) + (
        Technique("short-trial", "expert", _trial(EASY + MEDIUM, SHORT_TRIAL_ROUNDS, budget)),
        Technique("trial", "expert", _trial(EASY + MEDIUM + hard(budget), None, budget)),
    )


def solve_with(puzzle: KuralinPuzzle, tier: str, budget: Budget) -> tuple[Position, Solve]:
    """Run the techniques of tiers up to `tier`; the final position and the run."""
    position = Position(Board.of(puzzle))
    return position, _run(position, up_to(tier, techniques(budget)), budget)


def _run(position: Position, chosen: list[Technique[Position]], budget: Budget) -> Solve:
    """run_techniques over `chosen` (the first techniques of `techniques`), in grade.c where the
    board has its copy there: grades about a hundred times faster (bench medians, 8x8-12x12), the
    same moves and steps."""
    core = position.board.core
    if core is None:
        return run_techniques(position, chosen, Position.solved, budget)
    outcome, cells, lines, rounds, bottlenecks, at_tier, spent = _compiled.solve(
        core, bytes(position.cells), bytes(position.lines), len(chosen), budget.steps_left
    )
    budget.spend(spent)  # past the steps left, StepLimit here, as at that step in Python
    if outcome:
        raise Contradiction("the techniques found the position impossible")
    position.cells, position.lines = list(cells), list(lines)
    position.log, position.swept = [], {}  # what a Python sweep would read again is done
    top = max((tier for tier, count in enumerate(at_tier) if count), default=-1)
    return Solve(
        Counter({t.name: n for t, n in zip(chosen, rounds) if n}), bottlenecks, top, at_tier[top] if top >= 0 else 0
    )


def coloured(answer: Solution) -> Position:
    """A position that knows every cell's colour in `answer` and none of its lines."""
    position = Position(Board.of(KuralinPuzzle(len(answer.cells), len(answer.cells[0]), (), answer)))
    position.cells = [WHITE if mark == ON_LOOP else BLACK for row in answer.cells for mark in row]
    return position


def solve_from(puzzle: KuralinPuzzle, tier: str, budget: Budget, start: Position | None) -> Position:
    """The techniques up to `tier` run on from `start`, a position of the same grid that fewer of
    the puzzle's circles led to (its conclusions hold with more circles), or from nothing."""
    position = Position(Board.of(puzzle))
    if start is not None:
        position.cells, position.lines = start.cells[:], start.lines[:]
    _run(position, up_to(tier, techniques(budget)), budget)
    return position


def solves_within(puzzle: KuralinPuzzle, tier: str, budget: Budget) -> bool:
    position, _ = solve_with(puzzle, tier, budget)
    return position.solved() and _one_loop(position)


def grade(puzzle: KuralinPuzzle, budget: Budget) -> Grade:
    """The grade without its effort measure: the exhaustive count can cost more than grading (up to
    seconds at its cap of SEARCH_NODES), and verify grades every puzzle."""
    position, run = solve_with(puzzle, "expert", budget)
    finished = position.solved() and _one_loop(position)
    return grade_of(finished, run, {})


def effort(puzzle: KuralinPuzzle, budget: Budget) -> dict[str, float]:
    return {"nodes": search_nodes(puzzle, budget)}


# --- effort, measured without the techniques ---------------------------------------------------


class _Cap(Exception):
    """The search reached SEARCH_NODES."""


def search_nodes(puzzle: KuralinPuzzle, budget: Budget) -> int:
    """The values a plain exhaustive search assigns to find every answer (at most SEARCH_NODES).

    The textbook search of a constraint problem: forward checking with the most constrained
    variable first (Haralick and Elliott, 1980). Its variables are each cell's colour and each
    line; its constraints are the rules, each read alone: a cell is black with no lines or white
    with two, a circle's balance, and one loop. Every value assigned is a node, whether chosen or
    the only one left: after each, every other undecided variable of the cell's and the circles'
    constraints loses the values that constraint alone no longer allows (nothing is combined,
    nothing looked ahead); a line that closes a loop must hold every line and white cell so far,
    and then every other line is off and every other cell black. Values left alone are assigned
    first; otherwise the search branches on the undecided cell with the most decided variables
    around it (its lines, and the cells of the circles touching it), the first in reading order
    among equals, and once every cell has its colour on the first undecided line. Both values of
    every branch are followed to the end, so the count does not depend on which answer is first.

    A puzzle the search finishes without branching costs one node per variable (cells plus
    lines); each guess a puzzle needs adds the nodes of the branches it opens.
    """
    search = _Exhaustive(Board.of(puzzle), budget)
    try:
        search.run()
    except _Cap:
        return SEARCH_NODES
    return search.nodes


class _State:
    """One node's knowledge: each variable's values left (cells first, then lines; a bit per
    value) and whether it is assigned; the open paths of drawn lines, as each end's partner;
    each cell's drawn lines; how many lines are drawn; whether the loop has closed."""

    __slots__ = ("values", "assigned", "partner", "drawn", "lines", "closed")

    def __init__(self, variables: int, cells: int):
        self.values = bytearray([WHITE | BLACK] * variables)  # WHITE | BLACK == LINE | NO_LINE
        self.assigned = bytearray(variables)
        self.partner = [-1] * cells
        self.drawn = bytearray(cells)
        self.lines = 0
        self.closed = False

    def copy(self) -> "_State":
        twin = _State.__new__(_State)
        twin.values, twin.assigned = bytearray(self.values), bytearray(self.assigned)
        twin.partner, twin.drawn = self.partner[:], bytearray(self.drawn)
        twin.lines, twin.closed = self.lines, self.closed
        return twin


def _cell_allows(colours: int, drawn: int, free: int) -> bool:
    """Whether a cell that may still take `colours`, with `drawn` lines and `free` undecided ones,
    can be black with no lines or white with two."""
    return bool((colours & BLACK and drawn == 0) or (colours & WHITE and drawn <= 2 <= drawn + free))


class _Exhaustive:
    """search_nodes' search: variables 0 .. cells-1 are colours (WHITE, BLACK), the rest lines
    (LINE, NO_LINE)."""

    def __init__(self, board: Board, budget: Budget):
        self.board, self.budget = board, budget
        self.cells = board.rows * board.cols
        self.variables = self.cells + len(board.ends)
        self.lines_of = tuple(tuple(self.cells + e for e in own) for own in board.lines_of)
        self.nodes = 0
        self.answers = 0

    def run(self) -> None:
        state = _State(self.variables, self.cells)
        forced: list[int] = []
        if all(self.check_cell(state, c, forced) for c in range(self.cells)) and all(
            self.check_circle(state, k, forced) for k in range(len(self.board.circles))
        ) and self.settle(state, forced):
            self.branch(state)

    def branch(self, state: _State) -> None:
        variable = self.most_constrained(state)
        if variable is None:
            self.answers += state.closed
            return
        for value in (WHITE, BLACK):  # for a line: LINE, NO_LINE
            child = state.copy()
            forced: list[int] = []
            if self.assign(child, variable, value, forced) and self.settle(child, forced):
                self.branch(child)

    def most_constrained(self, state: _State) -> int | None:
        assigned, circles = state.assigned, self.board.circles
        best, most = None, -1
        for cell in range(self.cells):
            if assigned[cell]:
                continue
            around = sum(assigned[v] for v in self.lines_of[cell])
            around += sum(assigned[x] for k in self.board.circles_at[cell] for x in circles[k][0])
            if around > most:
                best, most = cell, around
        if best is None:
            best = next((v for v in range(self.cells, self.variables) if not assigned[v]), None)
        return best

    def settle(self, state: _State, forced: list[int]) -> bool:
        """Assign each variable left with one value, in the order they were left so."""
        for variable in forced:  # grows while it is read
            if not state.assigned[variable] and not self.assign(state, variable, state.values[variable], forced):
                return False
        return True

    def assign(self, state: _State, variable: int, value: int, forced: list[int]) -> bool:
        self.nodes += 1
        if self.nodes >= SEARCH_NODES:
            raise _Cap
        self.budget.spend()
        state.values[variable] = value
        state.assigned[variable] = 1
        if variable < self.cells:
            return self.check_cell(state, variable, forced) and all(
                self.check_circle(state, k, forced) for k in self.board.circles_at[variable]
            )
        a, b = self.board.ends[variable - self.cells]
        if value == LINE and not self.draw(state, a, b, forced):
            return False
        return self.check_cell(state, a, forced) and self.check_cell(state, b, forced)

    def narrow(self, state: _State, variable: int, allowed: int, forced: list[int]) -> bool:
        """Keep only the `allowed` values of an undecided variable; False when none is left."""
        left = state.values[variable] & allowed
        if left != state.values[variable]:
            if not left:
                return False
            state.values[variable] = left
            if left != WHITE | BLACK:
                forced.append(variable)
        return True

    def check_cell(self, state: _State, cell: int, forced: list[int]) -> bool:
        """The rule of one cell, given its assigned variables: each undecided one keeps the values
        that still let the cell be black with no lines or white with two."""
        values, assigned = state.values, state.assigned
        colours = values[cell] if assigned[cell] else WHITE | BLACK
        drawn = free = 0
        for v in self.lines_of[cell]:
            if assigned[v]:
                drawn += values[v] == LINE
            else:
                free += 1
        if not assigned[cell]:
            allowed = (WHITE if _cell_allows(WHITE, drawn, free) else 0) | (BLACK if _cell_allows(BLACK, drawn, free) else 0)
            if not self.narrow(state, cell, allowed, forced):
                return False
        for v in self.lines_of[cell]:
            if not assigned[v]:
                allowed = (LINE if _cell_allows(colours, drawn + 1, free - 1) else 0) | (
                    NO_LINE if _cell_allows(colours, drawn, free - 1) else 0
                )
                if not self.narrow(state, v, allowed, forced):
                    return False
        return True

    def check_circle(self, state: _State, index: int, forced: list[int]) -> bool:
        """A circle's balance, given its assigned cells: each undecided cell keeps the colours
        that still let some allowed number of its cells be black."""
        cells, allowed = self.board.circles[index]
        blacks = sum(state.assigned[x] and state.values[x] == BLACK for x in cells)
        free = sum(not state.assigned[x] for x in cells)
        can_black = any(blacks < n <= blacks + free for n in allowed)
        can_white = any(blacks <= n < blacks + free for n in allowed)
        colours = (BLACK if can_black else 0) | (WHITE if can_white else 0)
        return all(self.narrow(state, x, colours, forced) for x in cells if not state.assigned[x])

    def draw(self, state: _State, a: int, b: int, forced: list[int]) -> bool:
        """A line a-b joins two paths into one, or closes a path into the loop."""
        partner, drawn = state.partner, state.drawn
        end_a = partner[a] if drawn[a] else a
        end_b = partner[b] if drawn[b] else b
        drawn[a] += 1
        drawn[b] += 1
        state.lines += 1
        if end_a == b:
            return self.close(state, a, forced)
        partner[end_a], partner[end_b] = end_b, end_a
        return True

    def close(self, state: _State, start: int, forced: list[int]) -> bool:
        """The one loop is drawn: it must hold every line and white cell so far, and every other
        line is off and every other cell black."""
        loop = self.loop_through(state, start)
        if len(loop) != state.lines:
            return False
        state.closed = True
        for cell in range(self.cells):
            if cell not in loop:
                if state.assigned[cell] and state.values[cell] == WHITE:
                    return False
                if not state.assigned[cell] and not self.narrow(state, cell, BLACK, forced):
                    return False
        return all(
            self.narrow(state, v, NO_LINE, forced) for v in range(self.cells, self.variables) if not state.assigned[v]
        )

    def loop_through(self, state: _State, start: int) -> set[int]:
        """The cells of the closed path of drawn lines through `start`."""
        values, assigned, ends = state.values, state.assigned, self.board.ends
        loop = {start}
        stack = [start]
        while stack:
            cell = stack.pop()
            for v in self.lines_of[cell]:
                if assigned[v] and values[v] == LINE:
                    a, b = ends[v - self.cells]
                    other = a + b - cell
                    if other not in loop:
                        loop.add(other)
                        stack.append(other)
        return loop
