"""The Nuritwin grader: each technique on a position where it is the first to make progress, the
tiers on whole puzzles, and reproducible grades.

Pictures: region letters; cells "#" shaded, "x" unshaded, "?" unknown.
"""

from __future__ import annotations

import string

import pytest

from pipeline.puzzles.base import Budget
from pipeline.puzzles.grading import TIERS
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
    for i, mark in enumerate("".join(picture.split())):
        if mark == "#":
            position.shaded |= 1 << i
        elif mark == "x":
            position.unshaded |= 1 << i
    return position


def picture_of(position: Position) -> str:
    board = position.board
    marks = [
        "#" if (position.shaded >> i) & 1 else "x" if (position.unshaded >> i) & 1 else "?"
        for i in range(board.rows * board.cols)
    ]
    return " ".join("".join(marks[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows))


# Each position was met while grading generated 6x6 and 8x8 puzzles; the technique named is the
# easiest one that makes progress there, starting from the cells alone. (regions, numbers,
# before, after)
POSITIONS = {
    "region-shapes": (
        "AABBBC AABBBC AABDBC AAEDDC EEEDDD EEEDDD", {"A": 3, "D": 2, "E": 2},
        "?????? ?????? ?????? ?????? ?????? ??????",
        "##???? ?????? ?????? ##???? ?x#??? #?????",
    ),
    "no-2x2": (
        "AABBBC AABBBC AABDBC AAEDDC EEEDDD EEEDDD", {"A": 3, "D": 2, "E": 2},
        "##xxxx ??#x## ??#x#x ###### #x#xx# #xxxx#",
        "##xxxx ??#x## ?x#x#x ###### #x#xx# #xxxx#",
    ),
    "neighbour-squares": (
        "AABBBBBC AABBCCCC AAADCCEC FFFDDDEE FFFDDDEE FFDDGGGG HHHHGGGI HHHHGIII",
        {"A": 2, "C": 2, "H": 1},
        "###x###x xx###x## x##x#x#x xx#xxxxx xx#x###x #####x#? ???x#x?# xxx????x",
        "###x###x xx###x## x##x#x#x xx#xxxxx xx#x###x #####x#? ???x#x?# xxx?x??x",
    ),
    "region-pairs": (
        "AABBBC AABBBC AABDBC AAEDDC EEEDDD EEEDDD", {"A": 3, "D": 2, "E": 2},
        "##?x?x ??#x## ???x#x ###### #x#xx? #xx???",
        "##?xxx ??#x## ???x#x ###### #x#xx? #xx???",
    ),
    "unreachable": (
        "AAAAAB AAABBB CCCCBB CCCDBD CEEDDD EEEEED", {"A": 1, "C": 2},
        "xxx?x? ????xx ?x#??? #????? ?????? ??x???",
        "xxx?xx ????xx ?x#??? #????? ?????? ??x???",
    ),
    "cut-cell": (
        "AABBBC AABBBC AABDBC AAEDDC EEEDDD EEEDDD", {"A": 3, "D": 2, "E": 2},
        "##???x ?????# ?????x ##???# #x#??? #x????",
        "##???x ????## ?????x ##???# #x#??? #x????",
    ),
    "sealed-shapes": (
        "AABBBC AABBBC AABDBC AAEDDC EEEDDD EEEDDD", {"A": 3, "D": 2, "E": 2},
        "##???? ?????? ?????? ##???? ?x#??? #?????",
        "##???? ?????? ?????? ##???? #x#??? #x????",
    ),
    "pair-seals": (
        "AABBBC AABBBC AABDBC AAEDDC EEEDDD EEEDDD", {"A": 3, "D": 2, "E": 2},
        "##???? ?????? ?????? ##???? #x#??? #x????",
        "##?x?? ??#x#? ??#x#? #####? #x#xx# #xxxx#",
    ),
    "trial": (
        "AAABBB CAAAAB CADDAB CCDDDD CCEEDD CCEEEE", {"A": 1, "B": 1, "C": 1, "E": 2},
        "xx?#xx xxx#xx ??##?# x??x#? x?#?#x x??x##",
        "xx?#xx xxx#xx #?##?# x??x#? x?#?#x x??x##",
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


# Puzzles of each tier, from random small layouts and the 6x6 generator: (tier, regions,
# numbers, answer).
PUZZLES = [
    ("easy", "AAABCD EEEBCD FGHBCD FGHIII FGHJJJ", {}, "#.#### #.#... ###### ...#.# ####.#"),
    ("medium", "AAAA ABBC ABBC ACCC", {"A": 3, "B": 1, "C": 2}, ".### ##.# #.## ###."),
    ("hard", "AAAA AAAB ABBB", {}, "...# ..## ..#."),
    (
        "hard", "AABBCC AAABCC ADABCC DDDBEF GGEEEF GGEFFF",
        {"A": 2, "B": 2, "C": 2, "D": 1, "E": 1, "F": 1, "G": 1},
        "..#### #.#... ###### #..#.# #..#.. .###..",
    ),
    (  # code grade-2 of the 6x6 generator
        "hard", "AABBBB AACBDE AACDDE CCCDDE CCFFEE CCFFEE", {"A": 1, "C": 2},
        ".##... ..#### .##..# .#..## .##.#. ...###",
    ),
    (  # code grade-1 of the 6x6 generator
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
    assert dict(first.effort)["nodes"] > 0


def test_the_search_count_stops_at_its_cap(monkeypatch):
    puzzle = puzzle_of(*PUZZLES[1][1:])
    full = nuritwin_grade.search_nodes(puzzle, Budget())
    monkeypatch.setattr(nuritwin_grade, "SEARCH_NODES", 3)
    assert full > 3 and nuritwin_grade.search_nodes(puzzle, Budget()) == 3
