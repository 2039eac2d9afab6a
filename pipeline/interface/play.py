"""How a type is played in the web edition: what its board is, how its clues are shown, how a
board reads as an answer, and the deductions its hints give.

One shared player (layouts/web/player.js) plays every type from this record, as pzprjs's genre
files tell one shared engine what a board holds. The player knows three kinds of board, and a
type picks what it needs:

- cells: each cell holds a mark, 0 (blank), 1 (the main mark: filled, shaded, black) or 2 (the
  aid: a cross or a dot), or with `digits` a number 1..digits (0 blank);
- lines between cell centres (`lines="centres"`: Kuralin, Masyu): one entry per pair of
  side-by-side cells, the pairs (r, c)-(r, c+1) in reading order, then (r, c)-(r+1, c) in
  reading order;
- lines along cell edges between grid points (`lines="edges"`: Slitherlink): every horizontal
  edge in reading order ((rows + 1) lines of points, `cols` edges each), then every vertical
  edge in reading order (`rows` rows, `cols + 1` edges each); see `edge_segments`;

each line holding 0 (none), 1 (drawn) or 2 (a cross: known not drawn).

A board, in the page and in the files the build writes, is `{"cells": [...], "lines": [...]}`,
flat lists in reading order. The type's own script (`script`, beside its record) draws the clues
from `clues(puzzle)`, lists its rules as the same checklist codes `verify` uses, and says when a
clue is met (a nonogram line dims).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Literal

from pipeline.budget import Budget

Board = dict[str, list[int]]

BLANK, MAIN, AID = 0, 1, 2  # a cell's or a line's marks: nothing, the mark that counts, the aid


@dataclass(frozen=True)
class Move:
    """One fact a hint tells: board part `part` ("cells" or "lines"), index `at`, the mark `mark`
    it must hold (MAIN or AID; for digit cells the digit), why, and the technique it took."""

    part: str
    at: int
    mark: int
    why: str
    technique: str


@dataclass(frozen=True)
class Play:
    """A type's web-edition record. `script` is a file beside the type's __init__.py (the type's
    folder: `folder`), registering its checks and clue drawing with the shared player."""

    folder: Path  # the type's folder, where `script` lives
    clues: Callable[[Any], dict[str, Any]]  # puzzle -> what the page shows (JSON), read by the script
    board: Callable[[Any], Board]  # puzzle -> its stored answer as a board
    answer: Callable[[Any, Board], Any]  # (puzzle, board) -> the board as the type's answer, for its checks
    # (puzzle, budget) -> rounds of the grader's deductions from an empty board, easiest
    # technique first: a round's moves all follow from the moves of the rounds before it
    hints: Callable[[Any, Budget], list[list[Move]]]
    cell_marks: tuple[str, ...] = ()  # names of marks 1 and 2 a cell takes ("filled", "crossed"); () none
    digits: int = 0  # cells hold digits 1..digits (Sudoku: 9, its largest grid's) instead of marks
    lines: Literal["centres", "edges"] | None = None
    script: str = "play.js"
    # puzzle -> the board the page starts from, for printed marks a player cannot change (a
    # Sudoku's givens: its cells hold them); None: an empty board
    start: Callable[[Any], Board] | None = None
    # the controls' words: the main mark's and the aid's buttons ("Fill", "Mark X")
    words: dict[str, str] = field(default_factory=dict)
    # puzzle -> the digits its cells take, when they follow its grid (a 6x6 Sudoku's are 1 to
    # 6, so its page offers no 7); None: `digits` for every puzzle
    digits_of: Callable[[Any], int] | None = None

    def digits_for(self, puzzle: Any) -> int:
        """The digits this puzzle's cells take on its page: 1 to this (0: marks, not digits)."""
        return self.digits_of(puzzle) if self.digits_of else self.digits

    @property
    def script_path(self) -> Path:
        return self.folder / self.script

    def lines_count(self, rows: int, cols: int) -> int:
        if self.lines == "centres":
            return rows * (cols - 1) + (rows - 1) * cols
        if self.lines == "edges":
            return (rows + 1) * cols + rows * (cols + 1)
        return 0


def centre_pairs(rows: int, cols: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs of side-by-side cells in the order of a board's `lines` (lines="centres")."""
    pairs = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    return pairs + [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]


def edge_segments(rows: int, cols: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The grid-point pairs (row, column of points) in the order of a board's `lines`
    (lines="edges")."""
    across = [((r, c), (r, c + 1)) for r in range(rows + 1) for c in range(cols)]
    return across + [((r, c), (r + 1, c)) for r in range(rows) for c in range(cols + 1)]


def empty_board(play: Play, rows: int, cols: int) -> Board:
    return {"cells": [BLANK] * (rows * cols), "lines": [BLANK] * play.lines_count(rows, cols)}


def marks_of_picture(picture: tuple[str, ...], main: str) -> list[int]:
    """A picture answer (rows of characters) as a board's cells: MAIN where it shows `main`."""
    return [MAIN if mark == main else BLANK for row in picture for mark in row]


def picture_of_marks(cells: list[int], rows: int, cols: int, main: str, other: str) -> tuple[str, ...]:
    """A board's cells as a picture answer: `main` where a cell holds MAIN, else `other` (the
    aid marks and blanks alike)."""
    return tuple("".join(main if cells[r * cols + c] == MAIN else other for c in range(cols)) for r in range(rows))
