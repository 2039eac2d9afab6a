"""Grading a Sudoku by how a person solves it: pencil marks and the named techniques.

A position holds each cell's candidates (the digits it may still take) as a bitmask; placing a
digit removes it from the cell's peers. The techniques, easiest first (pipeline.interface.grades
runs them, starting over after any progress), in the tiers published graders use (HoDoKu's
levels easy, medium, hard and unfair; Simon Tatham's Solo orders them the same way: singles, then
intersections, then sets, then chains, with X-wing and swordfish among the harder sets):

- easy: "hidden-single" (a house where a digit has one place left), "naked-single" (a cell with
  one candidate left);
- medium: locked candidates, "pointing" (a digit that a box holds in one line only is not
  elsewhere in that line) and "claiming" (a digit that a line holds in one box only is not
  elsewhere in that box); "naked-pair" / "naked-triple" (two or three cells of a house holding
  only two or three digits between them: no other cell of the house takes those) and
  "hidden-pair" / "hidden-triple" (two or three digits that only two or three cells of a house
  can take: those cells take no other digit);
- hard: fish, "x-wing" and "swordfish" (a digit whose places in two or three rows fall in as many
  columns is not elsewhere in those columns; the same with rows and columns swapped); "xy-wing"
  (a cell of two candidates x and y, a peer of x and z and a peer of y and z: one of the two
  peers is z, so a cell that sees both is not); and "colouring" (simple colours: a digit's conjugate pairs, the houses where it has exactly two
  places, chained and coloured two ways; one colour holds the digit. A colour seen twice in a
  house is false; a cell that sees both colours does not hold the digit);
- expert: "forcing-chain" (cell forcing chains: each candidate of a cell with two of them is
  followed with singles; a candidate that leads to a contradiction is dropped, and what
  every candidate leads to is true).

A puzzle no technique finishes is ungraded (its tier is None): it would need guessing.

This module imports only the Sudoku model: the grader shares no code with the type's solver.
"""

from __future__ import annotations

from itertools import combinations

from pipeline.budget import Budget
from pipeline.interface.grades import Contradiction, Grade, Solve, Technique, grade_of, run_techniques, up_to
from pipeline.puzzles.sudoku.model import SudokuPuzzle, Units, units

# A cell forcing chain starts from a cell of two candidates, as people look for them: over 300
# random 9x9 puzzles (made without a difficulty), starting from cells of up to 3, 4 or 9
# candidates graded every one the same, and every one was finished.
FORCING_CANDIDATES = 2


class Position:
    """The candidates of every cell (bit d - 1 for digit d) and the digits placed so far.

    `changes` counts every change, so the index of places (`places`) is built once per position
    however many techniques read it."""

    __slots__ = ("units", "full", "cand", "value", "changes", "_places", "_places_at")

    def __init__(self, grid: Units):
        self.units = grid
        self.full = (1 << grid.size) - 1
        self.cand = [self.full] * (grid.size * grid.size)
        self.value = [0] * (grid.size * grid.size)
        self.changes = 0
        self._places_at = -1

    def copy(self) -> "Position":
        twin = Position.__new__(Position)
        twin.units, twin.full, twin.changes, twin._places_at = self.units, self.full, 0, -1
        twin.cand, twin.value = self.cand[:], self.value[:]
        return twin

    def solved(self) -> bool:
        return 0 not in self.value

    def place(self, cell: int, digit: int) -> int:
        """Write `digit` (1 to n) in `cell`: one move, or none when it is there already."""
        if self.value[cell] == digit:
            return 0
        bit = 1 << (digit - 1)
        cand = self.cand
        if self.value[cell] or not cand[cell] & bit:
            raise Contradiction(f"cell {cell} cannot take {digit}")
        self.value[cell] = digit
        cand[cell] = bit
        for peer in self.units.peers[cell]:
            if cand[peer] & bit:
                cand[peer] ^= bit
                if not cand[peer]:
                    raise Contradiction(f"cell {peer} has no digit left")
        self.changes += 1
        return 1

    def eliminate(self, cell: int, mask: int) -> int:
        """Strike the digits of `mask` from an open cell's candidates: one move if any went."""
        if self.value[cell] or not self.cand[cell] & mask:
            return 0
        left = self.cand[cell] & ~mask
        if not left:
            raise Contradiction(f"cell {cell} has no digit left")
        self.cand[cell] = left
        self.changes += 1
        return 1

    def apply(self, placements: list[tuple[int, int]], eliminations: dict[int, int]) -> int:
        moves = sum(self.place(cell, digit) for cell, digit in placements)
        return moves + sum(self.eliminate(cell, mask) for cell, mask in eliminations.items())

    def places(self) -> tuple[list[list[list[int]]], list[int]]:
        """For each house, the open cells that can take each digit (index digit - 1), and the
        mask of the digits it holds already."""
        if self._places_at != self.changes:
            n, cand, value = self.units.size, self.cand, self.value
            where, placed = [], []
            for house in self.units.houses:
                lists: list[list[int]] = [[] for _ in range(n)]
                held = 0
                for cell in house:
                    mask = cand[cell]
                    if value[cell]:
                        held |= mask
                        continue
                    while mask:
                        low = mask & -mask
                        lists[low.bit_length() - 1].append(cell)
                        mask ^= low
                where.append(lists)
                placed.append(held)
            self._places = (where, placed)
            self._places_at = self.changes
        return self._places


def _bits(mask: int) -> list[int]:
    """The indices (digit - 1) of a mask's bits, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _strike(eliminations: dict[int, int], cell: int, mask: int) -> None:
    eliminations[cell] = eliminations.get(cell, 0) | mask


# --- easy ----------------------------------------------------------------------------------------


def hidden_single(position: Position) -> int:
    placements = []
    cand, value = position.cand, position.value
    for house in position.units.houses:
        once = twice = held = 0
        for cell in house:
            mask = cand[cell]
            if value[cell]:
                held |= mask
                continue
            twice |= once & mask
            once |= mask
        if (once | held) != position.full:
            raise Contradiction("a digit has no place left in a house")
        for d in _bits(once & ~twice & ~held):
            bit = 1 << d
            placements.append((next(c for c in house if not value[c] and cand[c] & bit), d + 1))
    return position.apply(placements, {})


def naked_single(position: Position) -> int:
    cand = position.cand
    placements = [
        (cell, cand[cell].bit_length())
        for cell, value in enumerate(position.value)
        if not value and cand[cell] & (cand[cell] - 1) == 0
    ]
    return position.apply(placements, {})


# --- medium --------------------------------------------------------------------------------------


def _locked(bases: str, kinds: tuple[int, ...]):
    """Locked candidates: in each base house (`boxes` or `lines`), a digit whose open cells all
    share one house of a kind in `kinds` (0 row, 1 column, 2 box) leaves that house's other
    cells."""

    def locked(position: Position) -> int:
        grid = position.units
        n = grid.size
        where, placed = position.places()
        houses_of = grid.houses_of
        eliminations: dict[int, int] = {}
        for base in range(2 * n, 3 * n) if bases == "boxes" else range(2 * n):
            for d in range(n):
                cells = where[base][d]
                if len(cells) < 2:
                    continue
                for kind in kinds:
                    other = houses_of[cells[0]][kind]
                    if other == base or any(houses_of[cell][kind] != other for cell in cells):
                        continue
                    for cell in where[other][d]:
                        if cell not in cells:
                            _strike(eliminations, cell, 1 << d)
        return position.apply([], eliminations)

    return locked


def _naked(size_of_set: int):
    def naked(position: Position) -> int:
        cand, value = position.cand, position.value
        eliminations: dict[int, int] = {}
        for house in position.units.houses:
            cells = [cell for cell in house if not value[cell]]
            if len(cells) <= size_of_set:
                continue
            small = [cell for cell in cells if cand[cell].bit_count() <= size_of_set]
            for group in combinations(small, size_of_set):
                union = 0
                for cell in group:
                    union |= cand[cell]
                if union.bit_count() != size_of_set:
                    continue
                for cell in cells:
                    if cell not in group and cand[cell] & union:
                        _strike(eliminations, cell, union)
        return position.apply([], eliminations)

    return naked


def _hidden(size_of_set: int):
    def hidden(position: Position) -> int:
        cand = position.cand
        where, _ = position.places()
        eliminations: dict[int, int] = {}
        for lists in where:
            few = [d for d, cells in enumerate(lists) if 2 <= len(cells) <= size_of_set]
            for group in combinations(few, size_of_set):
                cells = {cell for d in group for cell in lists[d]}
                if len(cells) != size_of_set:
                    continue
                keep = sum(1 << d for d in group)
                for cell in cells:
                    if cand[cell] & ~keep:
                        _strike(eliminations, cell, cand[cell] & ~keep)
        return position.apply([], eliminations)

    return hidden


# --- hard ----------------------------------------------------------------------------------------


def _fish(size_of_set: int):
    def fish(position: Position) -> int:
        n = position.units.size
        where, _ = position.places()
        eliminations: dict[int, int] = {}
        # rows as the base and columns as the cover, then the other way round; a cell's place
        # along a row is its column, along a column its row
        for first_base, first_cover, along in ((0, n, lambda cell: cell % n), (n, 0, lambda cell: cell // n)):
            for d in range(n):
                lines = []
                for k in range(n):
                    cells = where[first_base + k][d]
                    if 2 <= len(cells) <= size_of_set:
                        lines.append((k, sum(1 << along(cell) for cell in cells)))
                for group in combinations(lines, size_of_set):
                    union = 0
                    for _, spots in group:
                        union |= spots
                    if union.bit_count() != size_of_set:
                        continue
                    chosen = {k for k, _ in group}
                    for k in _bits(union):
                        for cell in where[first_cover + k][d]:
                            base_line = cell // n if first_base == 0 else cell % n
                            if base_line not in chosen:
                                _strike(eliminations, cell, 1 << d)
        return position.apply([], eliminations)

    return fish


def xy_wing(position: Position) -> int:
    """A pivot cell of two candidates x and y whose peers A (x and z) and B (y and z) pin z to A
    or B: z leaves every cell that sees both."""
    cand, peer_sets = position.cand, position.units.peer_sets
    pairs = [cell for cell, value in enumerate(position.value) if not value and cand[cell].bit_count() == 2]
    eliminations: dict[int, int] = {}
    for pivot in pairs:
        mask = cand[pivot]
        wings = [cell for cell in pairs if cell in peer_sets[pivot] and (cand[cell] & mask).bit_count() == 1]
        for a, b in combinations(wings, 2):
            z = cand[a] & ~mask
            if z != cand[b] & ~mask or cand[a] & mask == cand[b] & mask:
                continue
            for cell in peer_sets[a] & peer_sets[b]:
                if cand[cell] & z and not position.value[cell]:
                    _strike(eliminations, cell, z)
    return position.apply([], eliminations)


def colouring(position: Position) -> int:
    n = position.units.size
    peer_sets = position.units.peer_sets
    where, _ = position.places()
    eliminations: dict[int, int] = {}
    for d in range(n):
        links: dict[int, list[int]] = {}
        for lists in where:
            if len(lists[d]) == 2:
                a, b = lists[d]
                links.setdefault(a, []).append(b)
                links.setdefault(b, []).append(a)
        if len(links) < 3:
            continue
        holders = {cell for lists in where[:n] for cell in lists[d]}  # every open cell that can take d
        seen: set[int] = set()
        for start in sorted(links):
            if start in seen:
                continue
            colour = {start: 0}
            stack = [start]
            while stack:
                cell = stack.pop()
                for other in links[cell]:
                    if other not in colour:
                        colour[other] = 1 - colour[cell]
                        stack.append(other)
            seen |= colour.keys()
            if len(colour) < 3:
                continue  # one conjugate pair alone tells nothing
            sides = [[cell for cell, k in colour.items() if k == side] for side in (0, 1)]
            for cells in sides:  # colour wrap: two cells of one colour see each other
                if any(b in peer_sets[a] for a, b in combinations(cells, 2)):
                    for cell in cells:
                        _strike(eliminations, cell, 1 << d)
            for cell in holders - colour.keys():  # colour trap: a cell that sees both colours
                peers = peer_sets[cell]
                if any(c in peers for c in sides[0]) and any(c in peers for c in sides[1]):
                    _strike(eliminations, cell, 1 << d)
    return position.apply([], eliminations)


# --- expert --------------------------------------------------------------------------------------


def _singles(position: Position, budget: Budget) -> None:
    """Singles until they find nothing more; Contradiction when the position breaks a rule."""
    while not position.solved():
        budget.spend()
        if not (hidden_single(position) or naked_single(position)):
            return


def _forcing_chain(budget: Budget):
    def forcing_chain(position: Position) -> int:
        """The first cell (fewest candidates, then reading order) whose candidates, each followed
        with singles, rule one out or agree on something."""
        starts = sorted(
            (position.cand[cell].bit_count(), cell)
            for cell, value in enumerate(position.value)
            if not value and position.cand[cell].bit_count() <= FORCING_CANDIDATES
        )
        for _, cell in starts:
            outcomes = []
            dead = 0
            for d in _bits(position.cand[cell]):
                branch = position.copy()
                try:
                    branch.place(cell, d + 1)
                    _singles(branch, budget)
                except Contradiction:
                    dead |= 1 << d
                    continue
                outcomes.append(branch)
            if dead:
                if not outcomes:
                    raise Contradiction("every candidate of a cell breaks a rule")
                return position.eliminate(cell, dead)
            moves = position.apply(*_agreed(position, outcomes))
            if moves:
                return moves
        return 0

    return forcing_chain


def _agreed(position: Position, outcomes: list[Position]) -> tuple[list[tuple[int, int]], dict[int, int]]:
    """What every branch concludes about the cells still open: digits all of them place, and
    candidates none of them keeps."""
    placements, eliminations = [], {}
    for cell, value in enumerate(position.value):
        if value:
            continue
        first = outcomes[0].value[cell]
        if first and all(branch.value[cell] == first for branch in outcomes):
            placements.append((cell, first))
            continue
        kept = 0
        for branch in outcomes:
            kept |= branch.cand[cell]
        if position.cand[cell] & ~kept:
            eliminations[cell] = position.cand[cell] & ~kept
    return placements, eliminations


# --- the grader ----------------------------------------------------------------------------------

EASY = (Technique("hidden-single", "easy", hidden_single), Technique("naked-single", "easy", naked_single))
MEDIUM = (
    Technique("pointing", "medium", _locked("boxes", (0, 1))),
    Technique("claiming", "medium", _locked("lines", (2,))),
    Technique("naked-pair", "medium", _naked(2)),
    Technique("hidden-pair", "medium", _hidden(2)),
    Technique("naked-triple", "medium", _naked(3)),
    Technique("hidden-triple", "medium", _hidden(3)),
)
HARD = (
    Technique("x-wing", "hard", _fish(2)),
    Technique("swordfish", "hard", _fish(3)),
    Technique("xy-wing", "hard", xy_wing),
    Technique("colouring", "hard", colouring),
)


def techniques(budget: Budget) -> tuple[Technique[Position], ...]:
    return EASY + MEDIUM + HARD + (Technique("forcing-chain", "expert", _forcing_chain(budget)),)


def start(puzzle: SudokuPuzzle) -> Position:
    """The position the printed givens give; Contradiction when two givens clash."""
    position = Position(units(puzzle.rows))
    for r, row in enumerate(puzzle.givens):
        for c, digit in enumerate(row):
            if digit:
                position.place(r * puzzle.rows + c, digit)
    return position


def solve_with(puzzle: SudokuPuzzle, tier: str, budget: Budget) -> tuple[Position, Solve]:
    position = start(puzzle)
    run = run_techniques(position, up_to(tier, techniques(budget)), Position.solved, budget)
    return position, run


def solves_within(puzzle: SudokuPuzzle, tier: str, budget: Budget) -> bool:
    """Whether the techniques up to `tier` finish the puzzle (False when its givens clash)."""
    try:
        return solve_with(puzzle, tier, budget)[0].solved()
    except Contradiction:
        return False


def grade(puzzle: SudokuPuzzle, budget: Budget) -> Grade:
    position, run = solve_with(puzzle, "expert", budget)
    return grade_of(position.solved(), run, {})
