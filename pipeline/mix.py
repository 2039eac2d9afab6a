"""The grade mix: how many puzzles of each grade a section holds, and the most it may hold.

One policy for the spec (what a mix may say, checked with every other problem) and for generate
(which grade each place of a section is filled with, and which grades a code may not add). A
section says it with `grades: {easy: 6, medium: 10, hard: 4}` (counts, or shares such as `30%`
of the section's count) and `max: {expert: 10%}`; a job's own `grades`/`max` are the default of
every section that says nothing about grades (no `difficulty`, `grades`, `max` or `weekday`).
The grades are the graders' tiers (pipeline/interface/grades.py), easiest first.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from pipeline.interface.grades import TIERS

Grade = Literal[TIERS]  # type: ignore[valid-type]  # the graders' tiers, as the spec names them
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")  # date.weekday() order
Weekday = Literal[WEEKDAYS]  # type: ignore[valid-type]
_SHARE = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*%\s*")


def amount(value: Any) -> int | str:
    """A count (a whole number) or a share ("40%"), as written; refused otherwise."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and (match := _SHARE.fullmatch(value)) and float(match.group(1)) <= 100:
        return value.strip()
    raise ValueError(f"{value!r} is neither a count (0, 1, 2, ...) nor a share of the section such as '40%'")


def _of(value: int | str, count: int) -> float:
    """An amount as a number of puzzles of a section of `count` (a share need not be whole)."""
    if isinstance(value, int):
        return float(value)
    match = _SHARE.fullmatch(value)
    assert match is not None
    return count * float(match.group(1)) / 100


class GradeMix(BaseModel):
    """A section's grades (`wanted`: how many of each) and caps (`most`: at most so many)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    grades: dict[str, int | str] | None = None
    most: dict[str, int | str] | None = None

    def problems(self, count: int) -> list[tuple[str, str]]:
        """(key, message) for everything wrong with this mix for a section of `count` puzzles."""
        found: list[tuple[str, str]] = []
        wanted: dict[str, int] = {}
        if self.grades is not None:
            total = sum(_of(v, count) for v in self.grades.values())
            if not math.isclose(total, count, abs_tol=1e-6):
                written = ", ".join(f"{g}: {v}" for g, v in self.grades.items())
                found.append(("grades", f"grades ({written}) add up to {total:g} puzzles, but the section's count is {count}"))
            else:
                wanted = self.wanted(count)
        for grade, cap in (self.most or {}).items():
            most = self.cap(grade, count)
            if wanted.get(grade, 0) > most:
                found.append((f"max.{grade}", f"max {grade} {cap} allows {most} of {count}, but grades ask for {wanted[grade]} {grade}"))
        return found

    def wanted(self, count: int) -> dict[str, int]:
        """Grade -> puzzles of it, easiest first, adding up to `count` (shares rounded by largest
        remainder, ties to the easier grade); empty when the mix names no grades."""
        if self.grades is None:
            return {}
        exact = {g: _of(self.grades[g], count) for g in TIERS if g in self.grades}
        whole = {g: math.floor(v + 1e-9) for g, v in exact.items()}
        short = count - sum(whole.values())
        for g in sorted(exact, key=lambda g: -(exact[g] - whole[g]))[: max(short, 0)]:
            whole[g] += 1
        return {g: n for g, n in whole.items() if n}

    def cap(self, grade: str, count: int) -> int:
        """The most puzzles of `grade` a section of `count` may hold (a share rounds down)."""
        if self.most is None or grade not in self.most:
            return count
        return math.floor(_of(self.most[grade], count) + 1e-9)

    def place_grades(self, count: int) -> list[str | None]:
        """The grade each of a section's `count` places is filled with, easiest first; None for
        a place any grade may fill (a section with only caps)."""
        wanted = self.wanted(count)
        if not wanted:
            return [None] * count
        return [grade for grade, n in wanted.items() for _ in range(n)]

    def over_cap(self, grade: str | None, held: int, count: int) -> str | None:
        """Why a puzzle of `grade` may not join a section of `count` already holding `held` of it
        (a skip reason, like an off-grade code's), or None when it may."""
        if grade is None or held < self.cap(grade, count):
            return None
        return f"graded {grade}, and the section holds its max of {self.cap(grade, count)} {grade}"


def of_weekday(weekday: dict[str, str] | None, date: dt.date | None) -> str | None:
    """The grade a newsletter slot's `weekday` gives the issue's date, or None for a day it does
    not name (or no date)."""
    if not weekday or date is None:
        return None
    return weekday.get(WEEKDAYS[date.weekday()])
