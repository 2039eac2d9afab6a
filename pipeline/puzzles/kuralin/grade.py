"""Grading a Kuralin by how a person solves it.

A position knows each cell's colour (white: on the loop; black: off it) and each line between
side-by-side cells (drawn, or ruled out). Techniques, easiest first (pipeline.puzzles.grading
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

The effort measure (`effort`, taken apart from the grade) is `nodes`: the choices a plain
exhaustive search makes (each cell in reading order picks its lines right and down, checking
degrees, circles and early loops, no deduction) to find every answer.

This module imports only the Kuralin model: the grader shares no code with the type's solver.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product

from pipeline.puzzles.base import Budget
from pipeline.puzzles.grading import Contradiction, Grade, Solve, Technique, grade_of, run_techniques, up_to
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

# The exhaustive count stops here. Over codes grade-1..grade-100 at 8x8 it needed a median of 20k
# nodes (quartiles 10k-37k); four 10x10 codes needed 134k, 246k, 758k and 2.6M, at about 2 us a
# node. The cap bounds a count at about half a second, so a 10x10 count often stops at it.
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

    @classmethod
    def of(cls, puzzle: KuralinPuzzle) -> "Board":
        rows, cols = puzzle.rows, puzzle.cols
        ends = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
        ends += [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
        lines_of = [[] for _ in range(rows * cols)]
        for index, (a, b) in enumerate(ends):
            lines_of[a].append(index)
            lines_of[b].append(index)
        circles = tuple(
            (tuple(r * cols + c for r, c in circle.cells), allowed_blacks(circle.kind, len(circle.cells)))
            for circle in puzzle.circles
        )
        rings = _circles_by_cell(circles, rows * cols)
        sharing = tuple(sorted({(i, j) for ring in rings for i in ring for j in ring if i < j}))
        links = tuple(tuple((e, ends[e][0] + ends[e][1] - cell) for e in own) for cell, own in enumerate(lines_of))
        near = tuple((cell, *(other for _, other in own)) for cell, own in enumerate(links))
        pairs_at: list[list[int]] = [[] for _ in range(rows * cols)]
        for index, (i, j) in enumerate(sharing):
            for cell in set(circles[i][0]) | set(circles[j][0]):
                pairs_at[cell].append(index)
        return cls(
            rows, cols, tuple(ends), tuple(map(tuple, lines_of)), links, circles, sharing,
            near, tuple(map(tuple, rings)), tuple(map(tuple, pairs_at)),
        )


def _circles_by_cell(circles, count: int) -> list[list[int]]:
    """The circles touching each cell: pairs sharing a cell are read off these, not tried pair by
    pair (the generator builds a board per circle it adds)."""
    rings: list[list[int]] = [[] for _ in range(count)]
    for index, (cells, _) in enumerate(circles):
        for cell in cells:
            rings[cell].append(index)
    return rings


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
        return sum(self.colour(c, v) for c, v in colours.items()) + sum(self.mark(e, v) for e, v in marks.items())


# --- easy ----------------------------------------------------------------------------------------


def _circle_choices(position: Position, cells: tuple[int, ...], allowed: frozenset[int]) -> dict[int, int]:
    """The colours a circle forces on its unknown cells."""
    values = [position.cells[c] for c in cells]
    blacks, unknown = values.count(BLACK), values.count(UNKNOWN)
    possible = [n for n in allowed if blacks <= n <= blacks + unknown]
    if not possible:
        raise Contradiction("a circle cannot get its balance")
    if unknown and min(possible) == blacks + unknown:
        return {c: BLACK for c, v in zip(cells, values) if v == UNKNOWN}
    if unknown and max(possible) == blacks:
        return {c: WHITE for c, v in zip(cells, values) if v == UNKNOWN}
    return {}


def _where(changed: list[int] | None, at: tuple[tuple[int, ...], ...], everywhere: int) -> Iterable[int]:
    """The indices (of circles, cells, lines...) a sweep looks at: those `at` the changed cells, in
    order, or all `everywhere` of them before the first sweep."""
    if changed is None:
        return range(everywhere)
    return sorted({index for cell in set(changed) for index in at[cell]})


def circle_count(position: Position) -> int:
    circles = position.board.circles
    colours: dict[int, int] = {}
    for index in _where(position.changed_since_sweep("circle-count"), position.board.circles_at, len(circles)):
        cells, allowed = circles[index]
        colours.update(_circle_choices(position, cells, allowed))
    return position.apply(colours, {})


def cell_lines(position: Position) -> int:
    """Everything one cell's own lines decide, all read from the same position."""
    board, cells, lines = position.board, position.cells, position.lines
    colours: dict[int, int] = {}
    marks: dict[int, int] = {}
    changed = position.changed_since_sweep("cell-lines")
    for index in _where(changed, board.lines_of, len(lines)):
        a, b = board.ends[index]
        state = lines[index]
        if state == LINE:
            if cells[a] != WHITE:
                colours[a] = WHITE
            if cells[b] != WHITE:
                colours[b] = WHITE
        elif state == OPEN and (cells[a] == BLACK or cells[b] == BLACK):
            marks[index] = NO_LINE
    for cell in _where(changed, board.near, len(cells)):
        value = cells[cell]
        drawn = 0
        usable = []
        for e, other in board.links[cell]:
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
    parent = list(range(len(position.cells)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for index, (a, b) in enumerate(position.board.ends):
        if position.lines[index] == LINE:
            parent[find(a)] = find(b)
    return [find(x) for x in range(len(parent))]


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
    chosen = up_to(tier, techniques(budget))
    position = Position(Board.of(puzzle))
    run = run_techniques(position, chosen, Position.solved, budget)
    return position, run


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
    run_techniques(position, up_to(tier, techniques(budget)), Position.solved, budget)
    return position


def solves_within(puzzle: KuralinPuzzle, tier: str, budget: Budget) -> bool:
    position, _ = solve_with(puzzle, tier, budget)
    return position.solved() and _one_loop(position)


def grade(puzzle: KuralinPuzzle, budget: Budget) -> Grade:
    """The grade without its effort measure: the exhaustive count costs more than grading (at
    10x10 it stops at its cap of 250k nodes in about 0.5 s), and verify grades every puzzle."""
    position, run = solve_with(puzzle, "expert", budget)
    finished = position.solved() and _one_loop(position)
    return grade_of(finished, run, {})


def effort(puzzle: KuralinPuzzle, budget: Budget) -> dict[str, float]:
    return {"nodes": search_nodes(puzzle, budget)}


# --- effort, measured without the techniques ---------------------------------------------------


def search_nodes(puzzle: KuralinPuzzle, budget: Budget) -> int:
    """The choices a plain exhaustive search makes to find every answer (at most SEARCH_NODES).

    Cells in reading order each choose their lines right and down so that, with the lines from
    the left and above, they have two lines or none; a line joining the two ends of one path
    closes the loop, allowed only when no other path is open, and no line may follow it; a circle
    is checked when its last cell is decided.
    """
    rows, cols = puzzle.rows, puzzle.cols
    count = rows * cols
    checks: list[list[tuple[tuple[int, ...], frozenset[int]]]] = [[] for _ in range(count)]
    for cells, allowed in Board.of(puzzle).circles:
        checks[max(cells)].append((cells, allowed))
    nodes = 0
    # state: cell index, lines into each cell from the left/above (per cell: count), path mates,
    # open path count, closed flag
    stack = [(0, [0] * count, {}, 0, False)]
    while stack:
        cell, degree, mate, paths, closed = stack.pop()
        if cell == count:
            continue
        r, c = divmod(cell, cols)
        for right, down in ((0, 0), (1, 0), (0, 1), (1, 1)):
            if (right and c == cols - 1) or (down and r == rows - 1):
                continue
            total = degree[cell] + right + down
            if total not in (0, 2) or (closed and (right or down)):
                continue
            nodes += 1
            budget.spend()
            if nodes >= SEARCH_NODES:
                return nodes
            state = _extend(cell, cols, right, down, degree, mate, paths)
            if state is None:
                continue
            new_degree, new_mate, new_paths, closes = state
            if closes and new_paths:
                continue
            if not all(
                sum(1 for x in cells if new_degree[x] == 0) in allowed
                for cells, allowed in checks[cell]
            ):
                continue
            stack.append((cell + 1, new_degree, new_mate, new_paths, closed or closes))
    return nodes


def _extend(cell, cols, right, down, degree, mate, paths):
    """The search state after `cell` draws its lines; None when a line would branch."""
    new_degree = degree[:]
    new_degree[cell] += right + down
    new_mate = dict(mate)
    closes = False
    for on, other in ((right, cell + 1), (down, cell + cols)):
        if not on:
            continue
        new_degree[other] += 1
        a_end = new_mate.pop(cell, cell)
        b_end = new_mate.pop(other, other)
        if a_end == other:
            closes = True
            paths -= 1
            continue
        paths += (a_end == cell and b_end == other) - (a_end != cell and b_end != other)
        new_mate[a_end], new_mate[b_end] = b_end, a_end
    return new_degree, new_mate, paths, closes
