"""Yes/no questions about a layout's answers, by one incremental SAT solver per attempt.

Generator versions 3 on ask "is there an answer other than this one?" while reshaping and "is
there an answer with blocks of another size here?" while removing numbers. A SAT solver answers
both from what it learnt on the earlier questions of the same attempt, where the counting search
(solver.py) starts afresh each time.

The clauses: one variable per cell (the bit index of Layout's masks, plus one); no 2 x 2 all
shaded; each region, by its cells, gets one selector per listed shading (Layout.options, fixing
every cell of the region and needing a shaded cell beside each block outside it), one literal
per block size that holds when a selector of that size does, and an activation literal whose
clause asks for one of its selectors. The one network is added lazily: a model whose shaded
cells fall apart gets cuts, and is solved again. For each part P, every side C left when P and
the cells beside it are taken away (a group joined side by side) that holds a shaded cell is cut
off from the cells outside it: a shaded cell in C and one outside C need a shaded cell beside C
(a path between them enters C from a cell beside it, and those cells all lie beside P, unshaded
in this model). The cell in C is named by the activation literal of a region lying wholly in C
(an active region shades cells of its own) where there is one, else by a shaded cell of C; the
cell outside by that of a region lying wholly outside C, else by P's first cell. None of these
depends on which regions are in use, so they stay while reshaping moves cells: a question
assumes the activation literals of the layout's regions, the size literals of its numbers and a
fresh literal for "differs from this shading", retired after.

Determinism: only yes/no answers are taken from here, and every correct solver gives the same
ones, so a code makes the same puzzle with any solver version. An actual second answer, when one
is needed, still comes from the counting search.
"""

from __future__ import annotations

from pysat.solvers import Solver

from pipeline.puzzles.nuritwin.solver import Layout, _members, _squares

# The oracle asks many small questions of one solver, where proof.py asks one large one: MiniSat
# 2.2 took x0.94 of CaDiCaL's time at 8 x 8, and x0.75 at 12 x 12 with the side cuts below
# (docs/notes/nuritwin-sat.md). Any correct solver makes the same puzzles: only yes/no answers are
# used.
SOLVER = "minisat22"


class Oracle:
    """One SAT solver over a grid's cells, with the clauses of every region asked about so far."""

    def __init__(self, rows: int, cols: int):
        self.sat = Solver(name=SOLVER)
        # The engine's own add_clause, past the front's: a third of the 11,000 calls' cost a 12 x 12
        # puzzle (profile).
        self.add_clause = self.sat.solver.add_clause
        self.cells = (rows - 1) * (cols + 1) + cols  # variables 1..cells: Layout's bit indexes + 1
        self.next_var = self.cells + 1
        self.regions: dict[int, tuple[int, dict[int, int], list[int]]] = {}
        self.differs = 0  # the open question's "differs from this shading" literal, if any
        for square in _squares(rows, cols):
            self.add_clause([-(index + 1) for index in _members(square)])

    def close(self) -> None:
        self.sat.delete()

    def has_answer(
        self,
        layout: Layout,
        sizes: tuple[int | None, ...],
        other_than: tuple[int, int] | None = None,
        besides: int | None = None,
    ) -> bool:
        """Whether the layout has an answer with each region's block size given where not None,
        with `other_than` = (region, size) blocks of another size in that region, and with
        `besides` (a shading as a mask) one that differs from it."""
        assumptions = self._assumptions(layout, sizes, other_than, besides)
        if assumptions is None:
            return False
        try:
            return self._model(layout, assumptions) is not None
        finally:
            self._retire()

    def first_answer(
        self, layout: Layout, sizes: tuple[int | None, ...], orders: list[tuple[int, list[int]]], besides: int | None = None
    ) -> int | None:
        """The answer (as a mask) that `orders` lists first, or None when there is none: the
        answer with the first shading in its order of the first region listed that any answer
        has, then of the second region the first that any answer with that one has, and so on
        (every region must be listed, with every shading of it that an answer may have).

        It is found by yes/no questions alone, so every correct solver finds the same one. A
        model's shading of the region bounds the search for its first one from above; each
        question asks for one of the first half of the shadings left before it.
        """
        assumptions = self._assumptions(layout, sizes, None, besides)
        if assumptions is None:
            return None
        try:
            shaded = self._model(layout, assumptions)
            if shaded is None:
                return None
            for region, order in orders:
                own = layout.region_masks[region]
                selectors = self._region(layout, region)[2]
                position = {layout.options[region][i][0]: place for place, i in enumerate(order)}
                low, high = 0, position[shaded & own]
                while low < high:
                    middle = (low + high) // 2
                    among = self._new_var()
                    self.add_clause([-among] + [selectors[i] for i in order[low : middle + 1]])
                    found = self._model(layout, assumptions + [among])
                    self.add_clause([-among])
                    if found is None:
                        low = middle + 1
                    else:
                        shaded, high = found, position[found & own]
                assumptions.append(selectors[order[high]])
            return shaded
        finally:
            self._retire()

    def _assumptions(
        self, layout: Layout, sizes: tuple[int | None, ...], other_than: tuple[int, int] | None, besides: int | None
    ) -> list[int] | None:
        """The literals a question assumes; None when a given size has no shading at all."""
        assumptions = []
        for region, size in enumerate(sizes):
            active, by_size, _ = self._region(layout, region)
            assumptions.append(active)
            if size is not None:
                if size not in by_size:
                    return None
                assumptions.append(by_size[size])
        if other_than is not None:
            region, size = other_than
            by_size = self._region(layout, region)[1]
            if size in by_size:
                assumptions.append(-by_size[size])
        if besides is not None:
            self.differs = self._new_var()
            self.add_clause(
                [-self.differs]
                + [-(index + 1) for index in _members(besides)]
                + [index + 1 for index in _members(layout.grid & ~besides)]
            )
            assumptions.append(self.differs)
        return assumptions

    def _retire(self) -> None:
        """Retire the question's "differs from" literal, so its clause binds no later question."""
        if self.differs:
            self.add_clause([-self.differs])
            self.differs = 0

    def _model(self, layout: Layout, assumptions: list[int]) -> int | None:
        """The shaded cells of a model that is one network, cutting apart models that are not
        until one is (None when none is left)."""
        while self.sat.solve(assumptions=assumptions):
            model = self.sat.get_model()
            shaded = 0
            for literal in model[: self.cells]:
                if literal > 0:
                    shaded |= 1 << (literal - 1)
            shaded &= layout.grid  # the spare column's free variables are no cells
            parts = _parts(layout, shaded)
            if len(parts) < 2:
                return shaded
            for part in parts:
                self._cut(layout, shaded, part)
        return None

    # Cutting each side C off at the cells beside it, rather than each part P at the cells beside
    # P from P's first cell to another part's (as proof.py does), and naming the cells by regions:
    # half the solves, x0.64 of the oracle's time at 12 x 12 and x0.85 at 8 x 8, the same answers
    # (the questions of 20 and 40 bench puzzles replayed; docs/notes/nuritwin-speed.md).
    def _cut(self, layout: Layout, shaded: int, part: int) -> None:
        """Add the clauses that cut off each shaded side left when `part` and the cells beside it
        are taken away (see the module's docstring)."""
        for side in _parts(layout, layout.grid & ~layout.spread(part)):
            held = shaded & side
            if not held:
                continue
            inside = next((own for own in layout.region_masks if not own & ~side), 0)
            outside = next((own for own in layout.region_masks if not own & side), 0)
            self.add_clause(
                [
                    -self.regions[inside][0] if inside else -(held & -held).bit_length(),
                    -self.regions[outside][0] if outside else -(part & -part).bit_length(),
                ]
                + [index + 1 for index in _members(layout.spread(side) & ~side)]
            )

    def _region(self, layout: Layout, region: int) -> tuple[int, dict[int, int], list[int]]:
        """The region's activation literal, size literals and selectors (in Layout.options'
        order), its clauses added on first use."""
        own = layout.region_masks[region]
        found = self.regions.get(own)
        if found is not None:
            return found
        # The same clauses on the same variables in the same order as one call per clause built
        # them, so the solver runs as before; the cells' literals are listed once a region.
        add = self.add_clause
        cells = [(index, index + 1) for index in _members(own)]
        active = self._new_var()
        by_size: dict[int, int] = {}
        selectors: dict[int, list[int]] = {}
        listed = []
        for (mask, exit_a, exit_b), size in zip(layout.options[region], layout.block_sizes[region]):
            selector = self._new_var()
            listed.append(selector)
            selectors.setdefault(size, []).append(selector)
            if size not in by_size:
                by_size[size] = self._new_var()
            add([-selector, by_size[size]])
            for index, literal in cells:
                add([-selector, literal if mask >> index & 1 else -literal])
            add([-selector, *[index + 1 for index in _members(exit_a)]])
            add([-selector, *[index + 1 for index in _members(exit_b)]])
        add([-active, *listed])
        for size, of_size in selectors.items():
            add([-by_size[size], *of_size])
        found = self.regions[own] = (active, by_size, listed)
        return found

    def _new_var(self) -> int:
        self.next_var += 1
        return self.next_var - 1


def _parts(layout: Layout, shaded: int) -> list[int]:
    """The shaded cells split into groups joined side by side, as masks."""
    parts = []
    while shaded:
        part = layout.reach(shaded & -shaded, shaded)
        parts.append(part)
        shaded &= ~part
    return parts
