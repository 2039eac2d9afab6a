"""Making a Masyu puzzle, after Simon Tatham's Pearl (pearl.c, and the loop growth of loopgen.c).

1. Draw a loop: grow a patch of the faces between cell centres (the (rows-1) x (cols-1) squares
   whose corners are cell centres) from one face, one face at a time, each one touching the
   patch along a side and meeting it in one unbroken run of its eight neighbours, so the patch
   stays one piece without holes or corner pinches; its outline is then one loop through cell
   centres. Growth stops at a share of the faces drawn from GROW_SHARE. Each step weighs a few
   faces by the turns their outline gains (PENALTY_WEIGHT; version 2 grows medium loops by
   MEDIUM_WEIGHT).
2. Put every pearl the loop allows: black on each turn whose two neighbours along the loop run
   straight, white on each straight whose neighbours along the loop include a turn.
3. If the grader's techniques up to the puzzle's tier do not finish it with every pearl, draw
   another loop.
4. Take pearls away one at a time, in a shuffled order, always from the colour with more pearls
   left (Pearl does the same, against plain removal's lean towards white), keeping each away when
   the techniques still finish the loop. They only draw conclusions every answer shares, so a
   puzzle they finish has one answer.
5. A puzzle for a tier above easy that the tier below finishes too is drawn again (for expert:
   the pearls are first thinned for hard, then for expert, which must take one more away).
6. Check the result from scratch: the rules checklist reads the loop, and the solver counts
   answers from the printed pearls alone.

A puzzle without a difficulty is made for hard, as Pearl's default (Tricky) is. Versions: 1 grows
every loop by PENALTY_WEIGHT; 2 grows the loops of medium puzzles by MEDIUM_WEIGHT and makes every
other puzzle as version 1 does (docs/notes/masyu-generator.md, "Medium, version 2").
"""

from __future__ import annotations

import random
from collections import Counter

from pipeline.budget import Budget
from pipeline.interface.checks import run_checks
from pipeline.interface.grades import TIERS
from pipeline.interface.puzzle_type import Generated
from pipeline.puzzles.masyu.grade import solves, stall
from pipeline.puzzles.masyu.model import BLACK, EMPTY, WHITE, Cell, MasyuPuzzle, line
from pipeline.puzzles.masyu.rules import CHECKS
from pipeline.puzzles.masyu.solver import solve

GROW_SHARE = (0.45, 0.7)  # the patch's share of the faces, drawn per loop
COUNT_STEPS = 2_000_000
REPAIRS_PER_CELL = 0.4  # changes to a loop where the techniques get stuck, before another is drawn
CHOICES = 16  # faces weighed at each step of a loop's growth
PENALTY_WEIGHT = (1, 0, -1)  # a turn's weight by how many of its two neighbours turn too
# Version 2's medium loops favour a turn beside one turn (a U-turn's corners), which lays strands
# side by side: the white runs across them are the pattern the medium tier reads. Loops drawn per
# medium puzzle, 6x6 / 8x8 / 10x10 / 12x12 / 15x15 (bench, back to back): 63.1 / 16.4 / 12.6 /
# 35.7 / 139 by PENALTY_WEIGHT, 3.6 / 3.6 / 5.0 / 6.7 / 37 by these; the notes have the others tried.
MEDIUM_WEIGHT = (4, 8, 1)
UNGRADED_TIER = "hard"


def generate(rows: int, cols: int, tier: str | None, rng: random.Random, budget: Budget, version: int) -> Generated:
    """A puzzle of `rows` x `cols` the techniques up to `tier` finish and (for a tier asked for)
    those below it do not, as generator `version` makes it; StepLimit or TimeLimit from the budget."""
    aim = tier or UNGRADED_TIER
    weights = MEDIUM_WEIGHT if version >= 2 and tier == "medium" else PENALTY_WEIGHT
    attempts = 0
    while True:
        attempts += 1
        budget.spend()
        made = _attempt(rows, cols, aim, tier is not None, weights, rng, budget)
        if made is not None:
            break
    _recheck(made, budget)
    return Generated(made, _stats(made, attempts))


def _attempt(rows: int, cols: int, tier: str, strict: bool, weights: tuple[int, int, int], rng: random.Random, budget: Budget) -> MasyuPuzzle | None:
    loop = _repaired_loop(rows, cols, tier, weights, rng, budget)
    if loop is None:
        return None
    pearls = all_pearls(rows, cols, loop)
    below = TIERS[TIERS.index(tier) - 1] if tier != TIERS[0] else None
    if tier == "expert":
        pearls = _thin(rows, cols, pearls, loop, "hard", rng, budget)
        before = len(pearls)
        pearls = _thin(rows, cols, pearls, loop, "expert", rng, budget)
        if len(pearls) == before:
            return None
    else:
        pearls = _thin(rows, cols, pearls, loop, tier, rng, budget)
    made = _puzzle(rows, cols, pearls, loop)
    if strict and below is not None and solves(made, below, budget):
        return None
    return made


def _repaired_loop(rows: int, cols: int, tier: str, weights: tuple[int, int, int], rng: random.Random, budget: Budget) -> frozenset | None:
    """A loop whose every pearl lets the techniques up to `tier` finish it (step 3), or None.

    Where they get stuck the loop is changed: a face of the patch next to a cell with an open
    line leaves the patch, or one outside joins it, up to REPAIRS times; this is what makes
    12x12 and larger grids cheap (on 60 fresh 12x12 loops, one in sixty finished unrepaired)."""
    patch = grow_patch(rows, cols, rng, weights)
    for _ in range(round(REPAIRS_PER_CELL * rows * cols) + 1):
        loop = _outline(patch, rows, cols)
        reached = stall(_puzzle(rows, cols, all_pearls(rows, cols, loop), loop), tier, budget)
        if reached is not None and reached.closed:
            return loop
        stuck = sorted(_faces_near_open_lines(reached, rows, cols)) if reached is not None else []
        rng.shuffle(stuck)
        for face in stuck:
            if face in patch and len(patch) > 1 and _keeps_one_outline(face, patch, inside=False):
                patch.discard(face)
                break
            if face not in patch and _keeps_one_outline(face, patch):
                patch.add(face)
                break
        else:
            return None
    return None


def _faces_near_open_lines(position, rows: int, cols: int) -> set[tuple[int, int]]:
    """The faces with a corner at a cell that still has an open line."""
    faces = set()
    for p in range(rows * cols):
        if position.unk[p]:
            r, c = divmod(p, cols)
            faces.update((i, j) for i in (r - 1, r) for j in (c - 1, c) if 0 <= i < rows - 1 and 0 <= j < cols - 1)
    return faces


def draw_loop(rows: int, cols: int, rng: random.Random) -> frozenset:
    """A random loop through cell centres (step 1)."""
    return _outline(grow_patch(rows, cols, rng), rows, cols)


def grow_patch(rows: int, cols: int, rng: random.Random, weights: tuple[int, int, int] = PENALTY_WEIGHT) -> set[tuple[int, int]]:
    """A patch of faces whose outline is one loop (step 1).

    Each step looks at CHOICES faces that may join and takes the one whose outline scores most,
    each turn weighed by `weights` from how many of its two neighbours turn too. PENALTY_WEIGHT
    favours places for a black pearl (a turn between two straights), as Pearl's loop bias does: a
    loop of many such turns can be pinned by its pearls, while a staircase (turn after turn) takes
    none."""
    height, width = rows - 1, cols - 1
    target = max(1, round(rng.uniform(*GROW_SHARE) * height * width))
    start = (rng.randrange(height), rng.randrange(width))
    patch = {start}
    frontier = set(_sides(start, height, width))
    while len(patch) < target and frontier:
        picks = []
        for face in rng.sample(sorted(frontier), min(CHOICES, len(frontier))):
            if _keeps_one_outline(face, patch):
                picks.append(face)
            else:
                frontier.discard(face)
        if not picks:
            continue
        face = max(picks, key=lambda f: _gain(patch, f, rows, cols, weights))
        patch.add(face)
        frontier.discard(face)
        frontier.update(f for f in _around(face) if f not in patch and 0 <= f[0] < height and 0 <= f[1] < width and _touches(f, patch))
    return patch


def _gain(patch: set, face: tuple[int, int], rows: int, cols: int, weights: tuple[int, int, int]) -> int:
    """How much adding the face raises the outline's score: its turns, each weighed by how many
    turns are beside it. Only cells next to the face's corners can change, so only those are
    weighed (7 times faster than the whole outline's score at 15x15)."""
    i, j = face
    window = [(r, c) for r in range(i - 1, i + 3) for c in range(j - 1, j + 3) if 0 <= r < rows and 0 <= c < cols]
    before = _score(window, patch, rows, cols, weights)
    patch.add(face)
    after = _score(window, patch, rows, cols, weights)
    patch.discard(face)
    return after - before


def _score(cells: list[Cell], patch: set, rows: int, cols: int, weights: tuple[int, int, int]) -> int:
    score = 0
    for cell in cells:
        ways = _outline_ways(cell, patch, rows, cols)
        if len(ways) == 2 and _turns(ways):
            crowded = sum(_turns(_outline_ways((cell[0] + dr, cell[1] + dc), patch, rows, cols)) for dr, dc in ways)
            score += weights[crowded]
    return score


def _turns(ways: list[tuple[int, int]]) -> bool:
    return len(ways) == 2 and ways[0][0] != -ways[1][0]


def _outline_ways(cell: Cell, patch: set, rows: int, cols: int) -> list[tuple[int, int]]:
    """The directions of the outline's lines at a cell: a line runs where the faces on its two
    sides differ (faces off the grid are outside the patch)."""
    r, c = cell
    ways = []
    if r > 0 and ((r - 1, c - 1) in patch) != ((r - 1, c) in patch):
        ways.append((-1, 0))
    if c + 1 < cols and ((r - 1, c) in patch) != ((r, c) in patch):
        ways.append((0, 1))
    if r + 1 < rows and ((r, c - 1) in patch) != ((r, c) in patch):
        ways.append((1, 0))
    if c > 0 and ((r - 1, c - 1) in patch) != ((r, c - 1) in patch):
        ways.append((0, -1))
    return ways


def _sides(face: tuple[int, int], height: int, width: int) -> list[tuple[int, int]]:
    i, j = face
    return [(a, b) for a, b in ((i - 1, j), (i, j + 1), (i + 1, j), (i, j - 1)) if 0 <= a < height and 0 <= b < width]


def _around(face: tuple[int, int]) -> list[tuple[int, int]]:
    """The eight neighbours in order around the face, starting above it."""
    i, j = face
    return [(i - 1, j), (i - 1, j + 1), (i, j + 1), (i + 1, j + 1), (i + 1, j), (i + 1, j - 1), (i, j - 1), (i - 1, j - 1)]


def _touches(face: tuple[int, int], patch: set) -> bool:
    i, j = face
    return any(f in patch for f in ((i - 1, j), (i, j + 1), (i + 1, j), (i, j - 1)))


def _keeps_one_outline(face: tuple[int, int], patch: set, inside: bool = True) -> bool:
    """Whether adding the face (or with `inside` False, taking it away) keeps the patch one piece
    with no hole and no corner pinch: its neighbours in the patch (taking away: outside it, the
    grid's outside included) make one unbroken run around it, and that run holds a side neighbour
    (a run of a lone corner neighbour would pinch)."""
    ring = [(f in patch) == inside for f in _around(face)]
    starts = sum(1 for k in range(8) if ring[k] and not ring[k - 1])
    return starts == 1 and any(ring[k] for k in (0, 2, 4, 6))


def _outline(patch: set, rows: int, cols: int) -> frozenset:
    """The lines between cell centres with the patch on exactly one side."""
    lines = set()
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and (((r - 1, c) in patch) != ((r, c) in patch)):
                lines.add(line((r, c), (r, c + 1)))
            if r + 1 < rows and (((r, c - 1) in patch) != ((r, c) in patch)):
                lines.add(line((r, c), (r + 1, c)))
    return frozenset(lines)


def all_pearls(rows: int, cols: int, loop: frozenset) -> dict[Cell, str]:
    """Every pearl the loop allows (step 2), by cell."""
    ways: dict[Cell, list[Cell]] = {}
    for a, b in loop:
        ways.setdefault(a, []).append(b)
        ways.setdefault(b, []).append(a)

    def straight(cell: Cell) -> bool:
        (r1, c1), (r2, c2) = ways[cell]
        return r1 == r2 or c1 == c2

    pearls = {}
    for cell in sorted(ways):
        if straight(cell):
            if any(not straight(other) for other in ways[cell]):
                pearls[cell] = WHITE
        elif all(straight(other) for other in ways[cell]):
            pearls[cell] = BLACK
    return pearls


def _thin(rows, cols, pearls: dict[Cell, str], loop, tier: str, rng: random.Random, budget: Budget) -> dict[Cell, str]:
    """Pearls taken away while the techniques up to `tier` still finish the loop (step 4)."""
    kept = dict(pearls)
    untried = {}
    for kind in (BLACK, WHITE):
        shuffled = rng.sample(sorted(c for c, k in kept.items() if k == kind), sum(k == kind for k in kept.values()))
        # for medium, the pearls of a pattern (a pearl of the same colour beside it) go last, so
        # the patterns the tier is made of stay when they are what finishes the loop
        untried[kind] = sorted(shuffled, key=lambda cell: tier == "medium" and _in_pattern(cell, kept), reverse=True)
    while untried[BLACK] or untried[WHITE]:
        left = Counter(kept.values())
        if untried[BLACK] and untried[WHITE]:
            kind = WHITE if left[WHITE] >= left[BLACK] else BLACK
        else:
            kind = BLACK if untried[BLACK] else WHITE
        cell = untried[kind].pop()
        del kept[cell]
        if not solves(_puzzle(rows, cols, kept, loop), tier, budget):
            kept[cell] = kind
    return kept


def _in_pattern(cell: Cell, pearls: dict[Cell, str]) -> bool:
    r, c = cell
    return any(pearls.get(other) == pearls[cell] for other in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)))


def _puzzle(rows: int, cols: int, pearls: dict[Cell, str], loop: frozenset) -> MasyuPuzzle:
    marks = tuple("".join(pearls.get((r, c), EMPTY) for c in range(cols)) for r in range(rows))
    return MasyuPuzzle(rows, cols, marks, loop)


def _stats(made: MasyuPuzzle, attempts: int) -> dict[str, int]:
    counts = Counter("".join(made.pearls))
    return {"black_pearls": counts[BLACK], "white_pearls": counts[WHITE], "loop_length": len(made.answer), "attempts": attempts}


def _recheck(puzzle: MasyuPuzzle, budget: Budget) -> None:
    """Step 6: a puzzle that fails here is a bug in this module, never something to print."""
    failures = run_checks(CHECKS, puzzle, puzzle.answer)
    recount = budget.child(COUNT_STEPS)
    try:
        answers = solve(puzzle, 2, recount)
    finally:
        budget.spend(recount.spent)
    if failures or answers != [puzzle.answer]:
        raise RuntimeError(f"masyu generator made a puzzle that fails its re-check: {failures}, {len(answers)} answers")
