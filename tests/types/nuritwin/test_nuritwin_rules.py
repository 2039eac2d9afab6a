"""The Nuritwin rules checker: one broken answer per failure code, on a small sample puzzle."""

from __future__ import annotations

import random

import pytest

from nuritwin_reference import as_answer, lines_of, obeys_rules, puzzle_from, random_puzzle, twin_subsets
from pipeline.budget import Budget
from pipeline.puzzles.nuritwin import PUZZLE_TYPE as NURITWIN

SAMPLE_REGIONS = """
AAAAB
ACCBB
ACCDB
CCDDB
"""
# A: two dominoes; B: two single cells; C: two dominoes; D: two single cells. One network.
SAMPLE_ANSWER = """
..###
#.#..
#.###
###..
"""
SAMPLE = puzzle_from(SAMPLE_REGIONS, SAMPLE_ANSWER, numbers={"A": 2, "D": 1})

BROKEN = {
    # B's lower cell left empty: one block in B.
    "region-block-count": """
        ..###
        #.#..
        #.##.
        ###..
        """,
    # C's upper domino grows to three cells beside a domino.
    "region-block-sizes": """
        ..###
        ###..
        #.###
        ###..
        """,
    # B's lower cell moved to the bottom corner, where nothing shaded touches it.
    "not-connected": """
        ..###
        #.#..
        #.##.
        ###.#
        """,
    # B's lower cell moved up beside C's domino: a shaded 2 x 2 where B, C and D meet.
    "shaded-2x2": """
        ..###
        #.##.
        #.##.
        ###..
        """,
}


def test_the_sample_answer_passes():
    assert NURITWIN.failures(SAMPLE, SAMPLE.answer) == []


@pytest.mark.parametrize("code", sorted(BROKEN))
def test_each_broken_answer_earns_exactly_its_code(code):
    assert [f.code for f in NURITWIN.failures(SAMPLE, tuple(lines_of(BROKEN[code])))] == [code]


def test_a_number_the_blocks_do_not_match():
    wrong = puzzle_from(SAMPLE_REGIONS, SAMPLE_ANSWER, numbers={"A": 2, "B": 2})
    assert [f.code for f in NURITWIN.failures(wrong, wrong.answer)] == ["region-number"]


def test_several_broken_rules_are_all_named_in_a_fixed_order():
    # A holds single cells under its 2, the top left cell stands alone, and a 2 x 2 is shaded.
    answer = tuple(lines_of("""
        #.#.#
        ..##.
        ..##.
        ###..
        """))
    assert [f.code for f in NURITWIN.failures(SAMPLE, answer)] == ["region-number", "not-connected", "shaded-2x2"]


def test_an_empty_grid_has_no_blocks():
    assert [f.code for f in NURITWIN.failures(SAMPLE, ("." * 5,) * 4)] == ["region-block-count"]


@pytest.mark.parametrize(
    "answer",
    [
        None,
        "..###",
        ("..###", "#.#..", "#.###"),
        ("..###", "#.#..", "#.###", "###.."[:4]),
        ("..###", "#.#..", "#.###", "###.x"),
        ("..###", "#.#..", "#.###", ["#", "#", "#", ".", "."]),
    ],
)
def test_answers_of_the_wrong_shape_are_named_as_such(answer):
    assert [f.code for f in NURITWIN.failures(SAMPLE, answer)] == ["bad-shape"]


def test_every_code_is_exercised():
    assert set(BROKEN) | {"region-number", "bad-shape"} == {check.code for check in NURITWIN.checks}


def test_rules_text_restates_every_rule_in_short_paragraphs():
    paragraphs = NURITWIN.how_to_play.split("\n\n")
    assert len(paragraphs) >= 4 and all(p.strip() == p and p for p in paragraphs)
    text = NURITWIN.how_to_play.lower()
    for phrase in ("two blocks", "same size", "number", "2 × 2", "join"):
        assert phrase in text, phrase


def test_the_checker_agrees_with_the_reference_rule_check():
    """On random small puzzles: the answers the solver finds, each with every single cell flipped
    (near misses), and shadings made of two-equal-block region shadings."""
    rng = random.Random(11)
    passed = failed = 0
    for _ in range(200):
        rows, cols = rng.choice([(3, 4), (4, 4), (4, 5), (5, 3)])
        puzzle = random_puzzle(rows, cols, rng, number_chance=0.3)
        trials = []
        for found in NURITWIN.solve(puzzle, 2, Budget()):
            trials.append(found)
            for r in range(rows):
                for c in range(cols):
                    row = found[r]
                    flipped = row[:c] + ("." if row[c] == "#" else "#") + row[c + 1:]
                    trials.append(found[:r] + (flipped,) + found[r + 1:])
        picks = [rng.choice(twin_subsets(cells) or [frozenset()]) for cells in puzzle.region_cells]
        trials.append(as_answer(puzzle, frozenset().union(*picks)))
        for answer in trials:
            agrees = obeys_rules(puzzle, answer)
            assert agrees == (NURITWIN.failures(puzzle, answer) == []), (puzzle, answer)
            passed += agrees
            failed += not agrees
    assert passed >= 10 and failed >= 100
