"""The independent proof: Nuritwin's rules as SAT clauses over the printed puzzle alone.

One variable per cell (shaded or not). Each region gets one selector variable per shading of it
that makes exactly two equal blocks (of the printed size, where a number is printed), listed here
from the region's cells by this module's own flood fill; at least one selector holds, and a
selector fixes every cell of its region, so two selectors can never hold together. No 2 x 2 is
all shaded. The one network is added lazily: a model whose shaded cells fall apart gets, for each
part, a clause saying that a shaded cell of it and a shaded cell elsewhere need a shaded cell on
its boundary. An implied clause per block of a selected shading (a shaded cell beside it outside
its region, since its own region's cells around it are empty) saves a few of those rounds.

CaDiCaL 1.9.5 was the fastest of six solvers tried (docs/notes/nuritwin-sat.md).
"""

from __future__ import annotations

from pipeline.proof.engine import enumerate_models
from pipeline.puzzles.nuritwin.model import EMPTY, SHADED, Answer, Cell, NuritwinPuzzle

SOLVER = "cadical195"


def prove(puzzle: NuritwinPuzzle, limit: int) -> list[Answer]:
    """Up to `limit` distinct answers of the printed puzzle, by SAT."""
    encoding = _Encoding(puzzle)
    if encoding.impossible:
        return []
    models = enumerate_models(
        encoding.clauses, encoding.cell_vars, limit=limit, refine=encoding.cuts, solver=SOLVER
    )
    return [encoding.answer(model) for model in models]


class _Encoding:
    def __init__(self, puzzle: NuritwinPuzzle):
        self.rows, self.cols = puzzle.rows, puzzle.cols
        self.var = {(r, c): r * self.cols + c + 1 for r in range(self.rows) for c in range(self.cols)}
        self.cell_vars = list(self.var.values())
        self.cell_of = {v: cell for cell, v in self.var.items()}
        self.next_var = len(self.cell_vars) + 1
        self.clauses: list[list[int]] = []
        self.impossible = False
        for cells, number in zip(puzzle.region_cells, puzzle.numbers):
            self._region(cells, number)
        self._no_squares()

    def _new_var(self) -> int:
        self.next_var += 1
        return self.next_var - 1

    def _region(self, cells: tuple[Cell, ...], number: int | None) -> None:
        inside = set(cells)
        selectors = []
        for blocks in twin_shadings(cells):
            if number is not None and len(blocks[0]) != number:
                continue
            selector = self._new_var()
            selectors.append(selector)
            shaded = set(blocks[0]) | set(blocks[1])
            for cell in cells:
                self.clauses.append([-selector, self.var[cell] if cell in shaded else -self.var[cell]])
            for block in blocks:
                exits = sorted({n for cell in block for n in self._around(cell)} - inside)
                self.clauses.append([-selector] + [self.var[n] for n in exits])
        self.impossible = self.impossible or not selectors
        self.clauses.append(selectors)

    def _no_squares(self) -> None:
        for r in range(self.rows - 1):
            for c in range(self.cols - 1):
                square = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                self.clauses.append([-self.var[cell] for cell in square])

    def _around(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)) if (r + dr, c + dc) in self.var]

    def cuts(self, true: set[int]) -> list[list[int]]:
        """For a model whose shaded cells fall apart: one clause per part that this model breaks."""
        shaded = sorted(self.cell_of[v] for v in self.cell_vars if v in true)
        parts = _groups(shaded, self._around)
        if len(parts) < 2:
            return []
        clauses = []
        for i, part in enumerate(parts):
            elsewhere = parts[1] if i == 0 else parts[0]
            boundary = sorted({n for cell in part for n in self._around(cell)} - set(part))
            clauses.append([-self.var[part[0]], -self.var[elsewhere[0]]] + [self.var[n] for n in boundary])
        return clauses

    def answer(self, model: frozenset[int]) -> Answer:
        return tuple(
            "".join(SHADED if self.var[(r, c)] in model else EMPTY for c in range(self.cols)) for r in range(self.rows)
        )


def twin_shadings(cells: tuple[Cell, ...]) -> list[tuple[list[Cell], list[Cell]]]:
    """Every shading of a region that makes exactly two blocks of equal size, as its two blocks."""
    found = []
    for chosen in range(1, 1 << len(cells)):
        shaded = [cell for i, cell in enumerate(cells) if chosen >> i & 1]
        if len(shaded) % 2:
            continue
        blocks = _groups(shaded, _sides)
        if len(blocks) == 2 and len(blocks[0]) == len(blocks[1]):
            found.append((blocks[0], blocks[1]))
    return found


def _sides(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]


def _groups(cells: list[Cell], around) -> list[list[Cell]]:
    """`cells` split into groups joined by steps to `around` cells, by breadth-first search."""
    left = set(cells)
    groups = []
    for start in cells:
        if start not in left:
            continue
        left.discard(start)
        group = [start]
        for cell in group:
            for n in around(cell):
                if n in left:
                    left.discard(n)
                    group.append(n)
        groups.append(sorted(group))
    return groups
