"""The Nuritwin grader: each technique on a position where it is the first to make progress, the
tiers on whole puzzles, and reproducible grades.

Pictures: region letters; cells "#" shaded, "x" unshaded, "?" unknown.
"""

from __future__ import annotations

import dataclasses
import string

import pytest

from pipeline.budget import Budget
from pipeline.interface.grades import TIERS
from pipeline.puzzles.nuritwin.versions import CURRENT
from pipeline.puzzles.nuritwin import grade as nuritwin_grade
from pipeline.puzzles.nuritwin.grade import Board, Position, grade, solves_within, techniques
from pipeline.puzzles.nuritwin.model import NuritwinPuzzle, canonical_labels
from pipeline.registry import get_type


def puzzle_of(regions: str, numbers: dict[str, int], answer: str | None = None) -> NuritwinPuzzle:
    letters = [list(row) for row in regions.split()]
    grid = canonical_labels([[string.ascii_uppercase.index(x) for x in row] for row in letters])
    rows, cols = len(grid), len(grid[0])
    firsts: dict[str, tuple[int, int]] = {}
    for r, row in enumerate(letters):
        for c, letter in enumerate(row):
            firsts.setdefault(letter, (r, c))
    clues = [[None] * cols for _ in range(rows)]
    for letter, number in numbers.items():
        r, c = firsts[letter]
        clues[r][c] = number
    picture = tuple(answer.split()) if answer else tuple("." * cols for _ in range(rows))
    return NuritwinPuzzle(rows, cols, grid, tuple(map(tuple, clues)), picture)


def position_of(puzzle: NuritwinPuzzle, picture: str) -> Position:
    position = Position(Board.of(puzzle))
    for r, row in enumerate(picture.split()):
        for c, mark in enumerate(row):
            if mark == "#":
                position.shaded |= position.board.bit(r, c)
            elif mark == "x":
                position.unshaded |= position.board.bit(r, c)
    return position


def picture_of(position: Position) -> str:
    board = position.board
    mark = lambda bit: "#" if position.shaded & bit else "x" if position.unshaded & bit else "?"
    return " ".join("".join(mark(board.bit(r, c)) for c in range(board.cols)) for r in range(board.rows))


# Each position was met while grading generated 6x6 puzzles; the technique named is the easiest
# one that makes progress there, starting from the cells alone. (regions, numbers, before, after)
POSITIONS = {
    "region-shapes": (
        "AAABBC AAABCC ADBBCE DDBFEE DFFFEE FFFFEE", {"A": 1},
        "xxx#xx x?##x# ###x## #x###x xx#xxx xxxxxx",
        "xxx#xx xx##x# ###x## #x###x xx#xxx xxxxxx",
    ),
    "no-2x2": (
        "ABBBBC AABCCC ACCCCC DDDEEE DDDFFE DDDFFE", {"E": 2},
        "x?x??x x#???x ###x?? #x###x #x#x## #x##x#",
        "x?x??x x#x??x ###x?? #x###x #x#x## #x##x#",
    ),
    "isolated": (
        "AAAAAA BBBCCD EBBCCD EBBCDD EEECDD EEECCC", {"A": 2, "D": 1, "E": 3},
        "##x##x x###x? #xx#xx ####?x #x#x?? x#####",
        "##x##x x###xx #xx#xx ####?x #x#x?? x#####",
    ),
    "single-exit": (
        "AAABBC AAABCC ADBBCE DDBFEE DFFFEE FFFFEE", {"A": 1},
        "xx???? x????? ?#???? #x???? x????x ??xx??",
        "xx???? x????? ##???? #x???? x????x ??xx??",
    ),
    "block-exits": (
        "AAABBC AAABCC ADBBCE DDBFEE DFFFEE FFFFEE", {"A": 1},
        "?????? ?????? ?????? ?????? ?????? ??????",
        "xx???? x????? ?????? ?????? ?????x ??x???",
    ),
    "neighbour-squares": (
        "AABBCC AAABBC DDBBBC DDEECC FDFEEC FFFEEC", {"C": 2, "E": 2, "F": 1},
        "x###?# xx#x?? x????x ?x#### ?##x#x x?xx#x",
        "x###?# xx#x#? x?xx#x ?x#### ?##x#x x?xx#x",
    ),
    "region-pairs": (
        "AAAABB AACCBB AACBBB ADCCEE DDDCEE DDEEEE", {"A": 2, "B": 2, "C": 2, "E": 2},
        "xx#### ??#xxx ??#?#? ??x#?? ?x?#?? x??#?x",
        "xx#### ??#xxx ??#?#? ??x#x? ?x?#?# x??#?x",
    ),
    "unreachable": (
        "ABBBBB AABBCC AAAADC AADDDC EEEEDD EEEEDD", {"B": 1, "D": 2, "E": 1},
        "x?xx?x ??x##x xx??xx ???#?# ??x#?# xxxxx?",
        "xxxx?x xxx##x xx??xx ???#?# ??x#?# xxxxx?",
    ),
    "cut-cell": (
        "AABBBB AACBDE AACDDE CCCDDE CCFFEE CCFFEE", {"A": 1, "C": 2},
        "x##x?? xx#?#? x##?x# x#xx?? x##x#x xxx##?",
        "x##x?? xx#### x##?x# x#xx## x##x#x xxx##?",
    ),
    "sealed-shapes": (
        "AAABBC AAABCC ADBBCE DDBFEE DFFFEE FFFFEE", {"A": 1},
        "xx???? x????? ##???# #x###x xx#xxx xxxxxx",
        "xx???? x???x? ##?x## #x###x xx#xxx xxxxxx",
    ),
    "pair-seals": (
        "AAABBC AAABCC ADBBCE DDBFEE DFFFEE FFFFEE", {"A": 1},
        "xx???? x????? ?????? ?????? ?????x ??x???",
        "xx???? x????? ?#???? #x???? x????x ??xx??",
    ),
    "trial": (
        "AAABBC AAABCC ADBBCE DDBFEE DFFFEE FFFFEE", {"A": 1},
        "xx?#?? x???x? ###x## #x###x xx#xxx xxxxxx",
        "xxx#?? x???x? ###x## #x###x xx#xxx xxxxxx",
    ),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_each_technique_is_the_first_to_progress_on_its_position(name):
    regions, numbers, before, after = POSITIONS[name]
    position = position_of(puzzle_of(regions, numbers), before)
    for technique in techniques(Budget()):
        if technique.name == name:
            break
        assert technique.apply(position) == 0, f"{technique.name} makes progress before {name}"
    assert technique.apply(position) > 0
    assert picture_of(position) == after


def test_every_technique_has_a_position():
    assert sorted(POSITIONS) == sorted(t.name for t in techniques(Budget()))


# Puzzles of each tier: a hand-made one, and codes grade-1 and grade-2 of the 6x6 generator
# asked for that tier (or, for expert, not asked). (tier, regions, numbers, answer)
PUZZLES = [
    ("easy", "AAABCD EEEBCD FGHBCD FGHIII FGHJJJ", {}, "#.#### #.#... ###### ...#.# ####.#"),
    (
        "easy", "AAABBC AABBBC ADDBBC DDBBEC DDEEEC DDECCC", {"A": 2, "B": 2, "D": 3},
        ".##### #....# ###### .#..#. #.#.#. ######",
    ),
    (
        "medium", "AAAABB AAABBB AACBBB CCCDDD CCEEDD EEEEDD", {"A": 2, "D": 2},
        "..#... ..##.. ###.#. #.###. #..#.. ##.###",
    ),
    (
        "hard", "ABBBBC ABDDDC AADDDC EAAADC EAFFFF EEEEEF", {"B": 2, "E": 2},
        ".#.### ####.. #...#. ###.## #.##.# ...###",
    ),
    (
        "expert", "AAABBC AAABCC ADBBCE DDBFEE DFFFEE FFFFEE", {"A": 1},
        "...#.. ..##.# ###.## #.###. ..#... ......",
    ),
]


@pytest.mark.parametrize("tier, regions, numbers, answer", PUZZLES)
def test_a_puzzle_needs_exactly_its_tier(tier, regions, numbers, answer):
    puzzle = puzzle_of(regions, numbers, answer)
    assert get_type("nuritwin").solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert grade(puzzle, Budget()).tier == tier
    assert solves_within(puzzle, tier, Budget())
    if tier != TIERS[0]:
        assert not solves_within(puzzle, TIERS[TIERS.index(tier) - 1], Budget())


def test_every_tier_has_a_puzzle():
    assert sorted({tier for tier, *_ in PUZZLES}, key=TIERS.index) == list(TIERS)


def test_grades_are_reproducible():
    puzzle = get_type("nuritwin").make(6, "grade-1", Budget()).puzzle
    first = grade(puzzle, Budget())
    assert first == grade(puzzle, Budget())
    assert first.tier in TIERS or first.tier is None
    assert first.effort == ()  # measured apart: verify grades every puzzle


def test_the_distribution_table_carries_the_search_nodes():
    from pipeline.distribution import distribution, sample

    rows = distribution("nuritwin", sample("nuritwin", 6, 4, "medium"))
    assert [row.tier for row in rows] == ["medium"] and rows[0].count == 4
    (name, low, mid, high), = rows[0].effort
    assert name == "nodes" and 0 < low <= mid <= high


def test_the_search_count_stops_at_its_cap(monkeypatch):
    puzzle = puzzle_of(*PUZZLES[1][1:])
    full = nuritwin_grade.search_nodes(puzzle, Budget())
    monkeypatch.setattr(nuritwin_grade, "SEARCH_NODES", 3)
    assert full > 3 and nuritwin_grade.search_nodes(puzzle, Budget()) == 3


@pytest.mark.parametrize("tier", CURRENT.built_around + CURRENT.aimed)
def test_a_puzzle_made_for_a_tier_needs_exactly_that_tier(tier):
    ptype = get_type("nuritwin")
    puzzle = ptype.make(ptype.make_params(6, difficulty=tier), "grade-1", Budget(seconds=60)).puzzle
    assert ptype.solve(puzzle, 2, Budget()) == [puzzle.answer]
    assert grade(puzzle, Budget()).tier == tier
    if tier != TIERS[0]:
        assert not solves_within(puzzle, TIERS[TIERS.index(tier) - 1], Budget())


def test_the_numbers_are_those_the_tier_needs():
    ptype = get_type("nuritwin")
    puzzle = ptype.make(ptype.make_params(6, difficulty="medium"), "grade-2", Budget(seconds=60)).puzzle
    for region, number in enumerate(puzzle.numbers):
        if number is not None:
            clues = [list(row) for row in puzzle.clues]
            r, c = puzzle.region_cells[region][0]
            clues[r][c] = None
            fewer = dataclasses.replace(puzzle, clues=tuple(map(tuple, clues)))
            assert not solves_within(fewer, "medium", Budget())
