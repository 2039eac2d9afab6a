"""The nonogram grader: each line technique on a line where it is the first to make progress, the
one-line rules against brute force, the tiers on whole puzzles, and reproducible grades.

Lines are text: "#" filled, "." empty, "?" unknown.
"""

from __future__ import annotations

import random

import pytest

from nonogram_reference import arrangements, runs
from pipeline.budget import Budget
from pipeline.interface.grades import TIERS, grade_fields
from pipeline.puzzles.nonogram import grade as nonogram_grade
from pipeline.puzzles.nonogram.grade import (
    anchored_boxes,
    edge_runs,
    extremes,
    grade,
    line_logic,
    simple_boxes,
    simple_spaces,
    solves_within,
    techniques,
)
from pipeline.puzzles.nonogram.model import Nonogram, from_picture
from pipeline.registry import get_type

LINE_RULES = [
    ("simple-boxes", simple_boxes),
    ("simple-spaces", simple_spaces),
    ("edge-runs", edge_runs),
    ("anchored-runs", anchored_boxes),
    ("line-logic", line_logic),
]


def line_of(text: str) -> tuple[int, int, int]:
    """A line as the rules take it: its length and the masks of its filled and empty cells."""
    return len(text), _mask(text, "#"), _mask(text, ".")


def _mask(text: str, mark: str) -> int:
    return sum(1 << i for i, cell in enumerate(text) if cell == mark)


def text_of(n: int, line: tuple[int, int]) -> str:
    filled, empty = line
    return "".join("#" if filled >> i & 1 else "." if empty >> i & 1 else "?" for i in range(n))


def cells_of(n: int, line: tuple[int, int]) -> tuple[bool | None, ...]:
    return tuple(None if cell == "?" else cell == "#" for cell in text_of(n, line))


# (technique, clue, line before, line after): the smallest lines a random search found where the
# technique is the first of the line rules to learn something.
LINES = [
    ("simple-boxes", (2, 1), "??.#", "##.#"),
    ("simple-spaces", (1, 2), "#?##", "#.##"),
    ("edge-runs", (1,), "?#.?", ".#.."),
    ("anchored-runs", (1, 1), "#??#", "#..#"),
    ("line-logic", (1, 1), "??#.?", "?.#.?"),
]


@pytest.mark.parametrize("name, clue, before, after", LINES)
def test_each_line_technique_is_the_first_to_progress_on_its_line(name, clue, before, after):
    n, *known = line_of(before)
    for other, rule in LINE_RULES:
        if other == name:
            break
        assert rule(clue, *line_of(before)) == tuple(known), f"{other} makes progress before {name}"
    assert text_of(n, rule(clue, *line_of(before))) == after


def test_every_line_technique_has_a_line():
    assert [name for name, *_ in LINES] == [name for name, _ in LINE_RULES]
    assert [t.name for t in techniques(Budget())] == [name for name, _ in LINE_RULES] + ["line-contradiction"]


def test_the_line_rules_agree_with_brute_force():
    """Every rule only writes what every fitting arrangement agrees on; line logic writes all of it,
    and the extremes are the first and last start of each run over the fitting arrangements."""
    rng = random.Random(20261130)
    for _ in range(1500):
        n = rng.randint(1, 11)
        picture = "".join(rng.choice("#.") for _ in range(n))
        clue = runs(picture)
        text = "".join("?" if rng.random() < 0.6 else cell for cell in picture)
        line = line_of(text)
        fitting = [a for a in arrangements(clue, n) if all(k in ("?", c) for k, c in zip(text, a))]
        agreed = tuple(cells[0] == "#" if len(set(cells)) == 1 else None for cells in zip(*fitting))
        assert cells_of(n, line_logic(clue, *line)) == agreed
        for _, rule in LINE_RULES:
            learned = cells_of(n, rule(clue, *line))
            assert all(new is None or new == sure for new, sure in zip(learned, agreed))
        starts = [tuple(i for i in range(n) if a[i] == "#" and (i == 0 or a[i - 1] == ".")) for a in fitting]
        assert extremes(clue, *line) == (min(starts), max(starts))


def test_a_line_that_cannot_hold_its_clue_has_no_extremes():
    assert extremes((2,), *line_of("#??#")) is None
    assert line_logic((2,), *line_of("#??#")) is None


# A 6x6 picture, found by a random search, with one answer that single-line logic cannot finish.
EXPERT_PICTURE = ("...#..", "...#..", "###...", "#.#...", "##.##.", ".##.##")


def test_line_contradiction_is_the_first_to_progress_where_line_logic_stops():
    puzzle = from_picture(EXPERT_PICTURE)
    position, _ = nonogram_grade.solve_with(puzzle, "hard", Budget())
    unknown = position.unknown()
    assert unknown > 0
    for technique in techniques(Budget())[:-1]:
        assert technique.apply(position) == 0
    assert techniques(Budget())[-1].apply(position) == 1
    assert position.unknown() == unknown - 1


def test_an_expert_puzzle_needs_a_contradiction():
    puzzle = from_picture(EXPERT_PICTURE)
    assert get_type("nonogram").solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert grade(puzzle, Budget()).tier == "expert"
    assert solves_within(puzzle, "expert", Budget())
    assert not solves_within(puzzle, "hard", Budget())


def generated(size: int, code: str) -> Nonogram:
    return get_type("nonogram").make(size, code, Budget()).puzzle


# Codes of the current generator whose 10x10 puzzles grade easy, medium and hard.
TIER_CODES = [("easy", "grade-1"), ("medium", "grade-7"), ("hard", "grade-8")]


@pytest.mark.parametrize("tier, code", TIER_CODES)
def test_a_generated_puzzle_needs_exactly_its_tier(tier, code):
    puzzle = generated(10, code)
    assert grade(puzzle, Budget()).tier == tier
    assert solves_within(puzzle, tier, Budget())
    if tier != TIERS[0]:
        assert not solves_within(puzzle, TIERS[TIERS.index(tier) - 1], Budget())


def test_a_hard_puzzle_is_one_whose_line_solve_is_long():
    puzzle = generated(10, "grade-8")
    _, run = nonogram_grade.solve_with(puzzle, "medium", Budget())
    assert nonogram_grade.long_chain(puzzle, sum(run.rounds.values()))


def test_grades_are_reproducible_and_the_effort_counts_are_taken_apart():
    puzzle = generated(15, "grade-3")
    first = grade(puzzle, Budget())
    assert first == grade(puzzle, Budget())
    assert first.effort == ()  # measured apart: verify grades every puzzle
    effort = get_type("nonogram").effort(puzzle, Budget())
    assert effort["passes"] >= 1 and effort["lines"] >= 100  # every line is read at least once


def test_a_rectangular_puzzle_is_graded():
    picture = ("##..#..", "#.###..", ".####.#", "..#..##")
    puzzle = from_picture(picture)
    assert grade(puzzle, Budget()).tier in TIERS
    assert nonogram_grade.effort(puzzle, Budget())["lines"] >= 100


def test_packing_finds_the_extremes_of_every_line_with_nothing_filled():
    """Every clue of a line up to 9 cells, every set of empty cells: the runs packed leftmost and
    rightmost start where the dynamic program's first and last starts are."""
    from pipeline.puzzles.nonogram.line import fit

    def clues(n, prefix=(), used=0):
        yield prefix
        for length in range(1, n - used - bool(prefix) + 1):
            yield from clues(n, prefix + (length,), used + bool(prefix) + length)

    for n in range(1, 10):
        for clue in clues(n):
            for empty in range(1 << n):
                found = fit(clue, n, 0, empty)
                starts = None if found is None else (
                    tuple((s & -s).bit_length() - 1 for s in found[0]), tuple(s.bit_length() - 1 for s in found[0])
                )
                assert nonogram_grade.packed(clue, n, empty) == starts, (clue, n, bin(empty))


def test_a_lines_kept_extremes_are_the_ones_found_afresh():
    """The position reuses a line's extremes while both placements fit: as random cells become
    known (the answer's value mostly, the other now and then, so some lines lose every
    placement), what it hands the pinned techniques is what `extremes` finds afresh."""
    rng = random.Random(33)
    for _ in range(60):
        rows, cols = rng.randint(5, 12), rng.randint(5, 12)
        puzzle = from_picture(tuple("".join(rng.choice("#.") for _ in range(cols)) for _ in range(rows)))
        position = nonogram_grade.Position.blank(puzzle)
        for _ in range(rows * cols):
            index = rng.randrange(rows + cols)
            assert position.extremes(index) == extremes(position.clue(index), position.length(index), *position.line(index))
            unknown = [i for i in range(position.length(index)) if not (position.filled[index] | position.empty[index]) >> i & 1]
            if unknown:
                offset = rng.choice(unknown)
                r, c = (index, offset) if index < rows else (offset, index - rows)
                position.set(index, offset, (puzzle.answer[r][c] == "#") != (rng.random() < 0.05))


def test_the_distribution_table_has_a_row_per_tier_met():
    from pipeline.distribution import distribution, format_rows, sample

    rows = distribution("nonogram", sample("nonogram", 10, 12))
    assert sum(row.count for row in rows) == 12
    assert abs(sum(row.share for row in rows) - 1) < 1e-9
    assert [row.tier for row in rows] == [t for t in TIERS if t in {row.tier for row in rows}]
    for row in rows:
        measures = {name for name, *_ in row.effort}
        assert measures == {"lines", "passes"}
        assert all(low <= mid <= high for _, low, mid, high in row.effort)
    table = format_rows("nonogram 10x10", rows)
    assert table.splitlines()[0] == "nonogram 10x10" and len(table.splitlines()) == len(rows) + 1


def test_grade_as_says_what_grade_says():
    """The generator's early answer is the grade, whole, for its tier only: on codes of every
    tier, and expert ones."""
    puzzles = [generated(10, code) for _, code in TIER_CODES] + [from_picture(EXPERT_PICTURE)]
    for puzzle in puzzles:
        found = grade(puzzle, Budget())
        assert {t: nonogram_grade.grade_as(puzzle, t, Budget()) for t in TIERS} == {
            t: found if t == found.tier else None for t in TIERS
        }


@pytest.mark.parametrize("tier", TIERS)
def test_a_graded_section_is_graded_once_as_grade_would(tier):
    """make_graded hands on the generator's grade (the very object: not graded again), which is
    what grading the puzzle again says."""
    ptype = get_type("nonogram")
    made, found = ptype.make_graded(ptype.make_params(10, difficulty=tier), "lantern", Budget())
    assert found is made.grade and found.tier == tier
    assert found == grade(made.puzzle, Budget())


@pytest.mark.parametrize("tier", ["easy", "medium", "hard"])
def test_graded_codes_aim_at_their_tier(tier):
    """Version 2 draws a graded section's pictures the way its tier's puzzles come: most codes
    make a puzzle of the tier, where 3% of plain 15x15 codes are easy."""
    ptype = get_type("nonogram")
    params = ptype.make_params(15, difficulty=tier)
    tiers = [ptype.make_graded(params, f"aim-{i}", Budget())[1].tier for i in range(8)]
    assert tiers.count(tier) >= 7, tiers


@pytest.mark.parametrize("size", [10, 15])
def test_medium_pictures_are_mostly_medium_at_the_first_draw(size):
    """Medium's look follows the grid side, so most codes keep their first picture: these 12
    codes draw 14 pictures at 10x10 and 13 at 15x15, where one look for every size drew 23 and 16."""
    ptype = get_type("nonogram")
    params = ptype.make_params(size, difficulty="medium")
    drawn = [ptype.make(params, f"aim-{i}", Budget()).stats["aimed"] for i in range(12)]
    assert sum(drawn) <= 15, drawn


def test_version_1_still_ignores_the_difficulty_when_making():
    """Reprints pinned to nonogram/1 make what version 1 made for a graded section's codes."""
    from pipeline.codes import rng_for
    from pipeline.puzzles.nonogram import generate

    ptype = get_type("nonogram")
    params = ptype.make_params(10, difficulty="easy")
    made = ptype.make(params, "reprint", Budget(), version=1)
    assert made.puzzle == generate.generate(10, 10, rng_for("nonogram", params, "reprint"), Budget()).puzzle
    assert "aimed" not in made.stats


def test_an_expert_section_makes_puzzles_that_verify_proves(tmp_path):
    """Unique by the search and the SAT proof, beyond the line solver, finished by a contradiction
    between two lines; the line-solvable promise is lifted for expert records only."""
    from pipeline.records import dumps_record, make_record
    from pipeline.stages.verify import judge

    ptype = get_type("nonogram")
    params = ptype.make_params(10, difficulty="expert")
    made, found = ptype.make_graded(params, "lantern", Budget())
    puzzle = made.puzzle
    assert found.tier == "expert" and dict(found.techniques)["line-contradiction"] >= 1
    assert ptype.solve(puzzle, 2, Budget()) == [puzzle.answer] and ptype.prove(puzzle, 2) == [puzzle.answer]
    assert ptype.promises(puzzle, params) == [] and ptype.promises(puzzle, ptype.make_params(10)) == ["not-line-solvable"]
    record = make_record(ptype, puzzle, params=params, puzzle_id="x", code="lantern", stats=made.stats, grade=grade_fields(found))
    path = tmp_path / "x.json"
    path.write_text(dumps_record(record))
    verdict = judge(path)
    assert verdict["status"] == "proved", verdict["problems"]
    record["params"] = {"difficulty": "hard"}  # the same puzzle claimed for a hard section: refused
    path.write_text(dumps_record(record))
    assert "solver: promise not kept: not-line-solvable" in judge(path)["problems"]
