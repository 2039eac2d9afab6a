"""The puzzles whose links and files pzprjs itself wrote (share_golden/), one record per line.

    python tests/types/sudoku/sudoku_pzprjs_cases.py | node tests/types/sudoku/sudoku_pzprjs_oracle.js

Made puzzles of every size and grade, with their answers (pzprjs's own check must accept them),
hand-made grids for what made puzzles do not reach (an empty grid, skips of more than twenty
cells, a given in the last cell), and the failing boards of failing/ that pzprjs checks too
(pzprjs must refuse each with the failure code beside it).
"""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.puzzles.sudoku import PUZZLE_TYPE as SUDOKU
from sudoku_reference import made

HERE = Path(__file__).parent

MADE = [
    (4, "harbour", {}), (4, "lantern", {}), (6, "harbour", {}), (6, "lantern", {}), (9, "harbour", {}), (9, "lantern", {}),
    (9, "harbour", {"symmetry": "none"}), (4, "harbour", {"difficulty": "easy"}),
    *((9, "harbour", {"difficulty": tier}) for tier in ("easy", "medium", "hard", "expert")),
    *((6, "harbour", {"difficulty": tier}) for tier in ("easy", "medium", "hard", "expert")),
]

# pzprjs wrote share_golden/ for the puzzles generator version 1 makes of these codes
VERSION = 1

HAND_MADE = {
    "9-empty": ["." * 9] * 9,
    "9-last-cell": ["1" + "." * 8, *["." * 9] * 7, "." * 8 + "9"],
    "9-long-skips": ["........5", *["." * 9] * 3, "....3....", *["." * 9] * 3, "7........"],
    "6-full-row": ["123456", *["." * 6] * 5],
    "4-corners": ["1..2", "....", "....", "3..4"],
}


def made_id(size: int, code: str, params: dict) -> str:
    extras = "".join(f"-{value}" for value in params.values())
    return f"sudoku-{size}-{code}{extras}"


def cases() -> list[dict]:
    found = []
    for size, code, params in MADE:
        puzzle = made(size, code, VERSION, **params).puzzle
        found.append({"id": made_id(size, code, params), "rows": size, "cols": size, **SUDOKU.to_record(puzzle)})
    for name, givens in HAND_MADE.items():
        size = len(givens)
        found.append({"id": f"sudoku-{name}", "rows": size, "cols": size, "givens": givens})
    for path in sorted((HERE / "failing").glob("*.json")):
        board = json.loads(path.read_text())
        if "pzprjs" in board:
            found.append({"id": f"failing-{board['code']}", **board["record"]})
    return found


if __name__ == "__main__":
    for case in cases():
        print(json.dumps({**case, "type": "sudoku"}))
