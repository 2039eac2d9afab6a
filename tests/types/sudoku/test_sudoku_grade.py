"""The grader: each technique on a small position made for it, every technique sound on made
puzzles (it never strikes the answer's digit), and the tiers as the generator makes them."""

from __future__ import annotations

import pytest

from pipeline.budget import Budget
from pipeline.interface.grades import TIERS, Technique, run_techniques
from pipeline.puzzles.sudoku import PUZZLE_TYPE as SUDOKU
from pipeline.puzzles.sudoku import grade
from pipeline.puzzles.sudoku.model import units
from sudoku_reference import HARDEST, made, puzzle

NINE = units(9)


def at(name: str) -> int:
    """A cell index from its name as the messages write it: "r1c5" is row 0, column 4."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def cells(names: str) -> list[int]:
    return [at(name) for name in names.split()]


def house(kind: str, number: int) -> tuple[int, ...]:
    return {"row": NINE.rows, "column": NINE.cols, "box": NINE.boxes}[kind][number - 1]


def fresh() -> grade.Position:
    return grade.Position(NINE)


def only(position: grade.Position, digit: int, keep: list[int], within) -> None:
    """Digit `digit` may go only in `keep` among the cells `within`."""
    for cell in within:
        if cell not in keep:
            position.cand[cell] &= ~(1 << (digit - 1))


def holds(position: grade.Position, cell: int) -> set[int]:
    return {d + 1 for d in range(9) if position.cand[cell] >> d & 1}


def by_name(name: str) -> Technique:
    return next(t for t in grade.techniques(Budget()) if t.name == name)


def test_the_tiers_hold_the_techniques_easiest_first() -> None:
    listed = [(t.tier, t.name) for t in grade.techniques(Budget())]
    assert [tier for tier, _ in listed] == sorted((tier for tier, _ in listed), key=TIERS.index)
    assert [name for _, name in listed] == [
        "hidden-single", "naked-single",
        "pointing", "claiming", "naked-pair", "hidden-pair", "naked-triple", "hidden-triple",
        "x-wing", "swordfish", "xy-wing", "colouring",
        "forcing-chain",
    ]


def test_a_hidden_single_and_a_naked_single_are_placed() -> None:
    position = fresh()
    only(position, 5, [at("r1c4")], house("row", 1))
    assert by_name("hidden-single").apply(position) == 1 and position.value[at("r1c4")] == 5
    assert 5 not in holds(position, at("r9c4")), "placing strikes the digit from the cell's peers"
    position = fresh()
    position.cand[at("r5c5")] = 1 << 6
    assert by_name("naked-single").apply(position) == 1 and position.value[at("r5c5")] == 7


def test_pointing_strikes_the_digit_from_the_rest_of_the_line() -> None:
    position = fresh()
    only(position, 1, cells("r1c1 r1c2"), house("box", 1))
    assert by_name("pointing").apply(position) == 6
    assert all(1 not in holds(position, at(f"r1c{c}")) for c in range(4, 10))
    assert 1 in holds(position, at("r2c4"))


def test_claiming_strikes_the_digit_from_the_rest_of_the_box() -> None:
    position = fresh()
    only(position, 1, cells("r1c1 r1c3"), house("row", 1))
    assert by_name("claiming").apply(position) == 6
    assert all(1 not in holds(position, at(f"r{r}c{c}")) for r in (2, 3) for c in (1, 2, 3))
    assert 1 in holds(position, at("r4c1"))


@pytest.mark.parametrize("name, pair", [("naked-pair", "r1c1 r1c9"), ("naked-triple", "r1c1 r1c5 r1c9")])
def test_a_naked_subset_keeps_its_digits_to_itself(name: str, pair: str) -> None:
    position = fresh()
    chosen = cells(pair)
    digits = (1 << len(chosen)) - 1  # the digits 1 to 2 (or 3)
    for cell in chosen:
        position.cand[cell] = digits
    assert by_name(name).apply(position) == 9 - len(chosen)
    assert all(not position.cand[cell] & digits for cell in house("row", 1) if cell not in chosen)


@pytest.mark.parametrize("name, where", [("hidden-pair", "r1c1 r1c9"), ("hidden-triple", "r1c1 r1c5 r1c9")])
def test_a_hidden_subset_gives_up_its_other_digits(name: str, where: str) -> None:
    position = fresh()
    chosen = cells(where)
    for digit in range(1, len(chosen) + 1):
        only(position, digit, chosen, house("row", 1))
    assert by_name(name).apply(position) == len(chosen)
    assert all(holds(position, cell) == set(range(1, len(chosen) + 1)) for cell in chosen)


def test_an_x_wing_strikes_the_digit_from_its_columns() -> None:
    position = fresh()
    only(position, 1, cells("r1c1 r1c5"), house("row", 1))
    only(position, 1, cells("r5c1 r5c5"), house("row", 5))
    assert by_name("x-wing").apply(position) == 14
    assert 1 not in holds(position, at("r9c5")) and 1 in holds(position, at("r9c6"))


def test_a_swordfish_strikes_the_digit_from_its_three_columns() -> None:
    position = fresh()
    only(position, 1, cells("r1c1 r1c4"), house("row", 1))
    only(position, 1, cells("r4c4 r4c7"), house("row", 4))
    only(position, 1, cells("r7c1 r7c7"), house("row", 7))
    assert by_name("x-wing").apply(position) == 0, "no two of the rows make an x-wing"
    assert by_name("swordfish").apply(position) == 18
    assert 1 not in holds(position, at("r2c7")) and 1 in holds(position, at("r2c8"))


def test_an_xy_wing_strikes_the_digit_its_pincers_share() -> None:
    position = fresh()
    for name, digits in (("r1c1", 0b011), ("r1c6", 0b101), ("r6c1", 0b110)):  # {1,2}, {1,3}, {2,3}
        position.cand[at(name)] = digits
    assert by_name("xy-wing").apply(position) == 1
    assert 3 not in holds(position, at("r6c6"))


@pytest.mark.parametrize(
    "links, struck, kept",
    [
        # colour trap: the chain r1c1 - r1c5 - r3c4 - r7c4 colours r1c1 and r3c4 alike, r1c5 and
        # r7c4 the other way; r7c1 sees r1c1 (its column) and r7c4 (its row), one of which is 1
        ("r1c1 r1c5 row 1, r1c5 r3c4 box 2, r3c4 r7c4 column 4", "r7c1", "r1c1 r1c5 r3c4 r7c4"),
        # colour wrap: r1c1 - r1c5 - r4c5 - r4c2 - r2c2 gives r1c1, r4c5 and r2c2 one colour, and
        # r1c1 and r2c2 share box 1, so that colour is false
        ("r1c1 r1c5 row 1, r1c5 r4c5 column 5, r4c5 r4c2 row 4, r4c2 r2c2 column 2", "r1c1 r4c5 r2c2", "r1c5 r4c2"),
    ],
    ids=["trap", "wrap"],
)
def test_colouring_follows_a_digits_conjugate_pairs(links: str, struck: str, kept: str) -> None:
    position = fresh()
    for link in links.split(", "):
        a, b, kind, number = link.split()
        only(position, 1, cells(f"{a} {b}"), house(kind, int(number)))
    assert by_name("colouring").apply(position) >= len(struck.split())
    assert not any(1 in holds(position, cell) for cell in cells(struck))
    assert all(1 in holds(position, cell) for cell in cells(kept))


def made_for(size: int, tier: str):
    # "harbour": also a golden code; a 6x6 medium takes hundreds of grids for most codes, 79 for it
    return made(size, "harbour", difficulty=tier).puzzle


@pytest.mark.parametrize("size, tier", [(9, tier) for tier in TIERS] + [(6, tier) for tier in TIERS])
def test_a_puzzle_made_for_a_tier_grades_that_tier(size: int, tier: str) -> None:
    found = SUDOKU.grade(made_for(size, tier), Budget())
    assert found.tier == tier
    used = {name for name, _ in found.techniques}
    assert any(t.tier == tier and t.name in used for t in grade.techniques(Budget()))


@pytest.mark.parametrize("size, tier", [(9, "hard"), (9, "expert"), (6, "expert")])
def test_every_technique_keeps_the_answers_digits(size: int, tier: str) -> None:
    """Each move of each technique, checked against the stored answer as the grade runs."""
    p = made_for(size, tier)
    answer = [digit for row in p.answer for digit in row]
    position = grade.start(p)

    def watched(technique: Technique) -> Technique:
        def apply(state: grade.Position) -> int:
            moves = technique.apply(state)
            for cell, digit in enumerate(answer):
                assert state.cand[cell] >> (digit - 1) & 1, f"{technique.name} struck {digit} from cell {cell}"
            return moves

        return Technique(technique.name, technique.tier, apply)

    run_techniques(position, [watched(t) for t in grade.techniques(Budget())], grade.Position.solved, Budget())
    assert position.solved()


def test_a_puzzle_that_needs_guessing_is_not_graded() -> None:
    # Arto Inkala's 2012 puzzle: no single at the start, and no cell forcing chain helps
    hardest = puzzle(HARDEST)
    assert SUDOKU.grade(hardest, Budget()).tier is None


def test_clashing_givens_are_a_contradiction_not_a_grade() -> None:
    with pytest.raises(grade.Contradiction):
        SUDOKU.grade(puzzle("11..\n....\n....\n...."), Budget())
