"""A search's budget: a step limit and a time limit; reaching either proves nothing."""

from __future__ import annotations

import time

from pipeline.errors import StepLimit, TimeLimit


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
