"""The optional compiled cores (search.c, grade.c) against the pure-Python code they stand in for:
the same answers in the same order with the same steps, the same rivals, the same grades."""

from __future__ import annotations

import random
from array import array
from collections import Counter
from types import SimpleNamespace

import pytest

from pipeline.budget import Budget
from pipeline.errors import StepLimit
from pipeline.puzzles.nuritwin import grade, solver, steps
from pipeline.puzzles.nuritwin.solver import Layout
from pipeline.puzzles.nuritwin.steps import Parts, rivals


def _layouts(seed: int, count: int, sizes=(6, 7, 8)):
    rng = random.Random(seed)
    made = 0
    while made < count:
        size = rng.choice(sizes)
        labels = steps.grow_regions(size, size, rng, (4, 7))
        if labels is not None:
            made += 1
            yield size, labels, rng


def _drawn(seed: int, count: int, sizes=(6, 7, 8)):
    """(size, labels, layout, one drawn answer, rng) of the random layouts whose search draws an
    answer within 3,000 steps."""
    for size, labels, rng in _layouts(seed, count, sizes):
        layout = Layout(size, size, labels)
        try:
            drawn = layout.answers((None,) * len(layout.region_masks), 1, Budget(3000), rng)
        except StepLimit:
            continue
        if drawn:
            yield size, labels, layout, drawn[0], rng


def _searched(size, labels, sizes, limit, steps_allowed, seed, look):
    """(answers or StepLimit, steps spent) of one search on a fresh layout."""
    layout = Layout(size, size, labels)
    budget = Budget(steps_allowed)
    rng = None if seed is None else random.Random(seed)
    try:
        return layout.answers(sizes, limit, budget, rng, look=look), budget.spent
    except StepLimit:
        return StepLimit, budget.spent


def test_the_compiled_search_is_the_python_search(monkeypatch):
    """Random layouts, block sizes, limits, step limits, shuffles and look-aheads: the compiled
    search finds the same answers in the same order, spends the same steps and stops at the same
    step as the Python one."""
    if solver._compiled is None:
        pytest.skip("the compiled Nuritwin core is not built here (pip install . builds it where a C compiler is)")
    compared = Counter()
    for size, labels, rng in _layouts(33, 120):
        regions = max(map(max, labels)) + 1
        sizes = (None,) * regions if rng.random() < 0.5 else tuple(rng.choice([None, 1, 2, 2, 3]) for _ in range(regions))
        case = (sizes, rng.choice([1, 2]), rng.choice([30, 300, 3000]), rng.choice([None, rng.randrange(10**6)]), rng.choice([0, 2, 3]))
        compiled = _searched(size, labels, *case)
        with monkeypatch.context() as python:
            python.setattr(solver, "_compiled", None)
            assert _searched(size, labels, *case) == compiled, (size, labels, case)
        compared["stopped" if compiled[0] is StepLimit else min(len(compiled[0]), 2)] += 1
    assert all(compared[kind] >= 5 for kind in ("stopped", 0, 1, 2)), compared  # every outcome was compared


def test_the_compiled_shuffles_are_random_shuffle():
    """search.c's shuffles of every region's order are random.shuffle's, region by region, and
    leave the generator where random.shuffle leaves it (a make's later draws are the same); at
    every point of the Mersenne Twister's 624-word block, and for a generator that is not a plain
    random.Random (its own shuffle is used)."""
    if solver._compiled is None:
        pytest.skip("the compiled Nuritwin core is not built here")

    class Counted(random.Random):
        pass

    compared = 0
    for size, labels, rng in _layouts(35, 40, sizes=(6, 8, 10, 12)):
        layout = Layout(size, size, labels)
        for kind in (random.Random, Counted):
            python, compiled = kind(), kind()
            python.setstate(rng.getstate())
            compiled.setstate(rng.getstate())
            packed = layout._packed_orders(compiled)
            assert packed == array("h", [i for order in layout._orders(python) for i in order]).tobytes()
            assert compiled.getstate() == python.getstate()
            compared += 1
        rng.getrandbits(rng.randrange(1, 2000))  # the next layout starts elsewhere in the block
    assert compared == 80
    assert layout._packed_orders(None) == array("h", [i for order in layout._orders(None) for i in order]).tobytes()


def test_the_compiled_cell_tables_are_the_python_ones(monkeypatch):
    """Layout's tables of which shadings shade each cell, or leave a block's way out by it, are the
    same built by search.c as in Python, at every grid size the compiled core holds."""
    if not hasattr(solver._compiled, "by_cell"):
        pytest.skip("the compiled Nuritwin core is not built here")
    compared = 0
    for size, labels, rng in _layouts(37, 30, sizes=(6, 9, 12)):
        layout = Layout(size, size, labels)
        for region in range(len(layout.options)):
            for part in range(3):
                compiled = layout._options_by_cell(region, part)
                with monkeypatch.context() as python:
                    python.setattr(solver, "_compiled", None)
                    assert layout._options_by_cell(region, part) == compiled
                compared += len(compiled)
    assert compared > 1000


def test_the_compiled_bit_positions_are_the_python_ones():
    """_members by search.c lists the same positions as the Python loop, for ints of every size
    it meets (grid masks, domains, cut_cells' side-by-side copies) and past a word's edges."""
    if not hasattr(solver._compiled, "members"):
        pytest.skip("the compiled Nuritwin core is not built here")
    rng = random.Random(38)
    for width in (0, 1, 63, 64, 65, 169, 256, 257, 1500):
        for _ in range(40):
            bits = rng.getrandbits(width) if width else 0
            assert solver._members(bits) == list(solver._bit_positions(bits))
    with pytest.raises(OverflowError):
        solver._members(-1)


def test_the_compiled_rivals_are_the_python_rivals(monkeypatch):
    if solver._compiled is None:
        pytest.skip("the compiled Nuritwin core is not built here")
    compared = 0
    for size, _labels, layout, answer, _rng in _drawn(34, 25):
        shaded = layout.shaded(answer)
        for own in layout.region_masks:
            outside = layout.spread(own) & ~own
            for region in (own, own | outside & -outside):  # a region as it is, and grown by a cell
                compiled = rivals(layout, region, shaded, Parts(size, size))
                with monkeypatch.context() as python:
                    python.setattr(solver, "_compiled", None)
                    assert rivals(layout, region, shaded, Parts(size, size)) == compiled
                compared += bool(compiled)
    assert compared >= 20


def test_the_compiled_moves_are_the_python_moves(monkeypatch):
    """Reshaping with search.c's best_move and with the Python loop, on drawn answers of random
    layouts, counted (V2) and asked of the oracle (V4): the same regions, answer and moves at the
    end, and the generator left at the same draw (a move's shuffles are its draws)."""
    if not hasattr(solver._compiled, "best_move"):
        pytest.skip("the compiled Nuritwin core is not built here")
    from pipeline.puzzles.nuritwin.versions import V2, V4

    outcomes = Counter()
    best_move = steps.best_move

    def counted(layout, owns, shaded, others, *rest):
        moved = best_move(layout, owns, shaded, others, *rest)
        outcomes["moves" if moved is not None else "stuck"] += 1
        outcomes["against the count's answers"] += bool(others)
        return moved

    monkeypatch.setattr(steps, "best_move", counted)
    for size, labels, _layout, answer, rng in _drawn(36, 120, sizes=(6, 8, 10)):
        version, seed = rng.choice([V2, V4]), rng.getrandbits(64)
        reshaped = []
        for compiled in (True, False):
            with monkeypatch.context() as python:
                if not compiled:
                    python.setattr(steps, "compiles_moves", lambda *_: False)
                moves = random.Random(seed)
                parts = Parts(size, size)
                try:
                    made = steps.reshape_to_fewest_rivals(labels, answer, parts, Budget(20_000), moves, version)
                except steps.LayoutDropped:
                    made = steps.LayoutDropped
                finally:
                    parts.close()
                reshaped.append((made, moves.getstate()))
        assert reshaped[0] == reshaped[1], (size, labels, answer, version.number)
        made = reshaped[0][0]
        outcomes["dropped" if made is steps.LayoutDropped else "none" if made is None else "unique"] += 1
    assert outcomes["unique"] >= 5 and outcomes["none"] >= 5 and outcomes["moves"] >= 200 and outcomes["stuck"] >= 20, outcomes
    assert outcomes["against the count's answers"] >= 20, outcomes


def test_the_compiled_grader_grades_as_the_python_one(monkeypatch):
    """The same grade (tier, score, rounds of every technique) for generated puzzles of every tier."""
    if grade._compiled is None:
        pytest.skip("the compiled Nuritwin grader is not built here")
    from pipeline.registry import puzzle_types

    nuritwin = puzzle_types()["nuritwin"]
    params = nuritwin.make_params("6")
    tiers = Counter()
    for i in range(16):
        puzzle = nuritwin.make_graded(params, f"compiled-{i}", Budget(seconds=60), always=False)[0].puzzle
        compiled = grade.grade(puzzle, Budget())
        with monkeypatch.context() as python:
            python.setattr(grade, "_compiled", None)
            assert grade.grade(puzzle, Budget()) == compiled, puzzle
        tiers[compiled.tier] += 1
    assert len(tiers) >= 3, tiers


def test_the_largest_grid_is_graded_by_the_compiled_tests():
    """grade.c holds boards in a fixed number of words: the largest grid the parameters allow
    must fit, or it would be graded in Python alone without anyone noticing."""
    if grade._compiled is None:
        pytest.skip("the compiled Nuritwin grader is not built here")
    from pipeline.registry import puzzle_types

    nuritwin = puzzle_types()["nuritwin"]
    fields = nuritwin.params.model_fields
    rows, cols = (max(m.le for m in fields[name].metadata if hasattr(m, "le")) for name in ("rows", "cols"))
    blocks = {}  # 3 x 3 regions, numbered 2: only the board's size matters here
    for r in range(rows):
        for c in range(cols):
            blocks.setdefault((r // 3, c // 3), []).append((r, c))
    puzzle = SimpleNamespace(rows=rows, cols=cols, region_cells=tuple(map(tuple, blocks.values())), numbers=(2,) * len(blocks))
    assert grade.Board.of(puzzle).core is not None


def test_whole_grid_readings_are_the_cell_by_cell_ones():
    """no-2x2 and isolated read every cell at once as masks: the same cells as asking cell by cell
    (a cell completing a shaded 2x2; a cell with no neighbour that may be shaded) on random
    positions of generated puzzles."""
    from pipeline.registry import puzzle_types

    nuritwin = puzzle_types()["nuritwin"]
    rng = random.Random(33)
    checked = Counter()
    for i in range(12):
        puzzle = nuritwin.make(nuritwin.make_params(rng.choice(["6", "8"])), f"masks-{i}", Budget(seconds=60)).puzzle
        board = grade.Board.of(puzzle)
        for _ in range(20):
            position = grade.Position(board)
            for cell in rng.sample(range(board.full.bit_length()), board.full.bit_length() // 2):
                bit = 1 << cell
                if not bit & board.full or bit & (position.shaded | position.unshaded):
                    continue
                shade = rng.random() < 0.5 and not board.squares(position.shaded | bit)
                position.decide(bit if shade else 0, 0 if shade else bit)
                if rng.random() < 0.1:
                    break
            unknown = [1 << c for c in range(board.full.bit_length()) if (1 << c) & position.unknown()]
            squares = sum(b for b in unknown if board.squares(position.shaded | b))
            hemmed = sum(b for b in unknown if not (board.grow(b) & ~b & ~position.unshaded) and grade._outside(position, b))
            for technique, expected in ((grade.no_2x2, squares), (grade.isolated, hemmed)):
                twin = position.copy()
                technique(twin)
                assert twin.unshaded & ~position.unshaded == expected
                checked[technique.__name__] += bool(expected)
    assert checked["no_2x2"] > 10 and checked["isolated"] > 0, checked


def _outcome(technique, position):
    """What a technique does to a copy of `position`: the cells and ways after, or the
    contradiction it found."""
    twin = position.copy()
    try:
        moves = technique.apply(twin)
    except grade.Contradiction as broken:
        return "contradiction", str(broken)
    return moves, twin.shaded, twin.unshaded, twin.open


def test_every_technique_reads_a_position_as_the_python_one(monkeypatch):
    """Each technique, compiled and in Python, on positions of generated puzzles up to the largest
    size: some of the answer's cells known (and sometimes one cell the wrong way, so rules break),
    the same cells decided, ways kept and contradictions found. Run twice on each position, so
    pair-seals' remembered ways (grade.c's witnesses) are tried on positions they were not found on."""
    if grade._compiled is None:
        pytest.skip("the compiled Nuritwin grader is not built here")
    from pipeline.registry import puzzle_types

    nuritwin = puzzle_types()["nuritwin"]
    rng = random.Random(34)
    seen = Counter()
    for i, size in enumerate((6, 8, 10, 12)):
        puzzle = nuritwin.make(nuritwin.make_params(f"{size}x{size}"), f"techniques-{i}", Budget(seconds=120)).puzzle
        with monkeypatch.context() as python:
            python.setattr(grade, "_compiled", None)
            plain = grade.Board.of(puzzle)
        compiled = grade.Board.of(puzzle)
        assert compiled.core is not None and plain.core is None
        shaded = sum(compiled.bit(r, c) for r, row in enumerate(puzzle.answer) for c, mark in enumerate(row) if mark == "#")
        for _ in range(2):
            for _ in range(12):
                known = sum(1 << cell for cell in range(compiled.full.bit_length()) if rng.random() < rng.choice((0.2, 0.5, 0.8, 0.95)))
                known &= compiled.full
                if rng.random() < 0.2:  # all but one shaded cell known: a network whole but for it
                    known = compiled.full & ~(1 << rng.choice([c for c in range(shaded.bit_length()) if (1 << c) & shaded]))
                wrong = 1 << rng.choice([c for c in range(compiled.full.bit_length()) if (1 << c) & compiled.full]) if rng.random() < 0.3 else 0
                positions = []
                for board in (compiled, plain):
                    position = grade.Position(board)
                    position.shaded, position.unshaded = (shaded ^ wrong) & (known | wrong), ~shaded & compiled.full & known & ~wrong | (wrong & shaded)
                    positions.append(position)
                for technique in grade.EASY + grade.MEDIUM + grade.HARD:
                    expected = _outcome(technique, positions[0])
                    with monkeypatch.context() as python:
                        python.setattr(grade, "_compiled", None)
                        assert _outcome(technique, positions[1]) == expected, (size, technique.name)
                    seen[technique.name, expected[0] == "contradiction" or expected[0] > 0] += 1
    for technique in ("single-exit", "unreachable", "cut-cell", "sealed-shapes", "pair-seals"):
        assert seen[technique, True] >= 3, (technique, seen)
