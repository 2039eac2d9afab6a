"""The interface every puzzle type implements, and the small records it trades in.

Like a `struct game` in Simon Tatham's collection: one object per type, found by the registry,
so a new type is one new folder under pipeline/puzzles/ and nothing else changes.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence, runtime_checkable

from pipeline.errors import StepLimit, TimeLimit
from pipeline.render.svg import Figure


class Budget:
    """A step limit and a time limit for one search; reaching either proves nothing.

    Running out of steps raises StepLimit (drop this layout, try another); running out of time
    raises TimeLimit (give up on this code).

    Searches call `spend()` in their inner loop. The clock is read at the first step, so a budget
    already spent stops even a short search, and then every 1024 steps, so the check costs next to
    nothing.
    """

    __slots__ = ("steps_left", "deadline", "_until_clock", "spent")

    def __init__(self, steps: int = 10_000_000, seconds: float | None = None):
        self.steps_left = steps
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self._until_clock = 1
        self.spent = 0

    def spend(self, n: int = 1) -> None:
        self.steps_left -= n
        self.spent += n
        if self.steps_left < 0:
            raise StepLimit("step limit reached")
        self._until_clock -= n
        if self._until_clock <= 0:
            self._until_clock = 1024
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise TimeLimit("time budget reached")

    def child(self, steps: int) -> "Budget":
        """A budget for one sub-search: its own step limit, this budget's deadline."""
        sub = Budget(steps)
        sub.deadline = self.deadline
        return sub


@dataclass
class Generated:
    """A generator's result: a puzzle proved unique by the type's own solver, and its stats.

    Stats must be deterministic (counts, not timings): they are written into the record, and the
    same code must give the same record byte for byte.
    """

    puzzle: Any
    stats: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class PuzzleType(Protocol):
    """Puzzles are each type's own frozen dataclasses with at least `rows`, `cols` and `answer`.

    Answers (from `answer`, `solve` and `prove`) are values of one type per puzzle type that
    compare with ==, so verify can tell the stored answer from a second one.
    """

    name: str  # the spec's `type:` and the record's "type"
    title: str  # for headings
    sizes: Sequence[int]  # square sizes it can make
    version: int  # generator version: bump when a change alters what a code makes
    rules: str  # how to play, in our own words; paragraphs separated by blank lines

    def generate(self, size: int, rng: random.Random, budget: Budget) -> Generated:
        """A puzzle with its answer, proved unique; raises StepLimit when the budget runs out."""

    def solve(self, puzzle: Any, limit: int, budget: Budget) -> list[Any]:
        """Up to `limit` distinct answers from the printed clues, by the type's own solver."""

    def check(self, puzzle: Any, answer: Any) -> list[str]:
        """Named failure codes for `answer` against the rules and clues; [] when valid."""

    def promises(self, puzzle: Any) -> list[str]:
        """Failure codes for type-specific publishing promises beyond a unique answer.

        Nonogram promises line-solvability; a type without such a promise returns [].
        """

    def prove(self, puzzle: Any, limit: int) -> list[Any]:
        """Up to `limit` distinct answers from the printed clues, by the independent engine.

        Implemented in the type's proof.py, which must not import its solver or generator.
        """

    def to_record(self, puzzle: Any) -> dict[str, Any]:
        """The type's own record fields (clues and solution); common fields are added elsewhere."""

    def from_record(self, record: dict[str, Any]) -> Any:
        """The puzzle a record describes; RecordError names the bad field."""

    def draw(self, puzzle: Any, *, answer: bool) -> Figure:
        """The puzzle (or its answer) as black-and-white SVG."""
