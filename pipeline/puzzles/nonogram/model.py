"""The nonogram puzzle as data: clues per line, the picture they describe, and its record.

A clue is a tuple of run lengths, each at least 1; an empty line has the empty tuple (printed as
0). An answer is a tuple of row strings, FILLED or EMPTY per cell, so answers compare with ==.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pipeline.errors import RecordError
from pipeline.records import list_field, read_picture

FILLED = "#"
EMPTY = "."

Clue = tuple[int, ...]
Answer = tuple[str, ...]


@dataclass(frozen=True)
class Nonogram:
    rows: int
    cols: int
    row_clues: tuple[Clue, ...]
    col_clues: tuple[Clue, ...]
    # None for a bare clue set (a hand-made puzzle being counted); generated puzzles carry theirs.
    answer: Answer | None = None


def runs_of(cells: str) -> Clue:
    """The clue a line of FILLED/EMPTY characters shows."""
    return tuple(len(run) for run in cells.split(EMPTY) if run)


def columns_of(answer: Answer) -> tuple[str, ...]:
    return tuple("".join(column) for column in zip(*answer))


def from_picture(answer: Answer) -> Nonogram:
    """The puzzle whose clues are read off a picture, with the picture as its answer."""
    return Nonogram(
        rows=len(answer),
        cols=len(answer[0]),
        row_clues=tuple(runs_of(row) for row in answer),
        col_clues=tuple(runs_of(col) for col in columns_of(answer)),
        answer=tuple(answer),
    )


def min_length(clue: Clue) -> int:
    """The fewest cells a line needs to hold the clue: its runs and one gap between each pair."""
    return sum(clue) + len(clue) - 1 if clue else 0


def to_record(puzzle: Nonogram) -> dict[str, Any]:
    return {
        "row_clues": [list(clue) for clue in puzzle.row_clues],
        "col_clues": [list(clue) for clue in puzzle.col_clues],
        "solution": list(puzzle.answer),
    }


def from_record(record: dict[str, Any]) -> Nonogram:
    """The puzzle a (possibly hand-edited) record describes; RecordError names the bad field."""
    if not isinstance(record, dict):
        raise RecordError("record", "a puzzle record must be a JSON object")
    rows, cols = record["rows"], record["cols"]
    return Nonogram(
        rows=rows,
        cols=cols,
        row_clues=_read_clues(record, "row_clues", "row", rows, cols),
        col_clues=_read_clues(record, "col_clues", "column", cols, rows),
        answer=read_picture(record, "solution", rows, cols, FILLED + EMPTY),
    )


def _read_clues(record: dict[str, Any], field: str, line: str, count: int, length: int) -> tuple[Clue, ...]:
    value = list_field(record, field, count, f"clues, one list of run lengths per {line}")
    clues = []
    for index, clue in enumerate(value, start=1):
        if not isinstance(clue, list) or not all(_is_run(n) for n in clue):
            raise RecordError(
                field, f"{line} {index}: a clue is a list of run lengths of at least 1 ([] for an empty {line}), got {clue!r}"
            )
        clue = tuple(clue)
        if min_length(clue) > length:
            raise RecordError(
                field, f"{line} {index}: runs {list(clue)} need {min_length(clue)} cells, but a {line} has {length}"
            )
        clues.append(clue)
    return tuple(clues)


def _is_run(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1
