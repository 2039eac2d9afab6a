"""A section's grade mix: which grade each of its places asks for, and the most of a grade it holds.

A publisher writes `grades: {easy: 6, medium: 10, hard: 4}` (counts) or `grades: {easy: 30%,
medium: 50%, hard: 20%}` (shares of the section's count), and `max: {expert: 10%}` (a cap). A
grade asked for is exactly `difficulty:` for that many places: the same parameters, so the same
puzzle for the same code. A cap leaves the places ungraded and passes over a code whose grade is
already printed as often as the cap allows. `weekday: {mon: easy, ..., sun: hard}` gives a
newsletter slot the grade of its issue's weekday.

This module is the one place these rules live: the spec validates with it and generate fills with it.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass, field

from pipeline.interface.grades import TIERS

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
SHARE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*$")
Amount = int | str  # a count, or a share of the section's count: "40%"


def share_of(amount: Amount) -> float | None:
    """The share an amount names (0.4 for "40%"), or None for a count."""
    if isinstance(amount, int):
        return None
    found = SHARE.match(amount)
    if found is None:
        raise ValueError(f"{amount!r} is neither a count nor a share such as '40%'")
    return float(found.group(1)) / 100


def check_tiers(amounts: dict[str, Amount], what: str) -> None:
    unknown = [tier for tier in amounts if tier not in TIERS]
    if unknown:
        raise ValueError(f"{what}: {', '.join(map(repr, unknown))} is not a grade (grades: {', '.join(TIERS)})")
    negative = [tier for tier, amount in amounts.items() if isinstance(amount, int) and amount < 0]
    if negative:
        raise ValueError(f"{what}: {negative[0]} is {amounts[negative[0]]}; a count is 0 or more")


def _counts(count: int, grades: dict[str, Amount], caps: dict[str, int]) -> dict[str, int]:
    """Counts as written, or shares turned into counts that sum to `count`: each share's whole
    part, then the places left to the largest remainders, easier grades first on a tie, never
    past a cap (`max: {expert: 10%}` keeps 10% of 16 at one expert, not two)."""
    shares = {tier: share_of(amount) for tier, amount in grades.items()}
    if all(share is None for share in shares.values()):
        counts = {tier: int(amount) for tier, amount in grades.items()}
        if sum(counts.values()) != count:
            raise ValueError(f"grades: the counts add up to {sum(counts.values())}, and the section holds {count}")
        return counts
    if any(share is None for share in shares.values()):
        raise ValueError("grades: give every grade as a count or every grade as a share, not both")
    total = sum(shares.values())  # type: ignore[arg-type]
    if not math.isclose(total, 1.0, abs_tol=1e-9):
        raise ValueError(f"grades: the shares add up to {total * 100:g}%, not 100%")
    exact = {tier: share * count for tier, share in shares.items()}  # type: ignore[operator]
    counts = {tier: int(math.floor(value + 1e-9)) for tier, value in exact.items()}
    by_remainder = sorted(exact, key=lambda tier: (tier in caps and counts[tier] >= caps[tier], -(exact[tier] - counts[tier]), TIERS.index(tier)))
    for tier in by_remainder[: count - sum(counts.values())]:
        counts[tier] += 1
    return counts


def _caps(count: int, most: dict[str, Amount]) -> dict[str, int]:
    """The most puzzles of each capped grade: a share rounds down (10% of 15 is 1)."""
    caps = {}
    for tier, amount in most.items():
        share = share_of(amount)
        caps[tier] = int(amount) if share is None else int(math.floor(share * count + 1e-9))
    return caps


@dataclass(frozen=True)
class GradeMix:
    """What a section asks of its grades: one wanted grade (or None: any) per place, in the order
    the places are filled, and the most of a grade it may print."""

    wanted: tuple[str | None, ...]
    caps: dict[str, int] = field(default_factory=dict)

    @property
    def graded_as_made(self) -> bool:
        """A cap is kept as codes are accepted, so every puzzle is graded when it is made."""
        return bool(self.caps)

    def over_cap(self, tier: str | None, printed: int) -> str | None:
        """Why a puzzle of `tier` cannot join a section that already prints `printed` of it."""
        if tier in self.caps and printed >= self.caps[tier]:
            return f"graded {tier}, and the section already prints the most it allows ({self.caps[tier]}, max: {tier})"
        return None


def plain(count: int, difficulty: str | None) -> GradeMix:
    return GradeMix((difficulty,) * count)


def resolve(count: int, grades: dict[str, Amount] | None, most: dict[str, Amount] | None) -> GradeMix:
    """The mix `grades` and `max` ask of a section of `count` puzzles; ValueError names what is wrong."""
    check_tiers(grades or {}, "grades")
    check_tiers(most or {}, "max")
    caps = _caps(count, most or {})
    if grades is None:
        return GradeMix((None,) * count, caps)
    counts = _counts(count, grades, caps)
    for tier, cap in caps.items():
        if counts.get(tier, 0) > cap:
            raise ValueError(f"max: {tier} allows {cap}, and grades asks for {counts[tier]}")
    wanted = tuple(tier for tier in TIERS for _ in range(counts.get(tier, 0)))
    return GradeMix(wanted, caps)


def weekday_grade(weekdays: dict[str, str], day: dt.date) -> str | None:
    """The grade a slot asks for on `day`'s weekday, or None when that weekday is not listed."""
    return weekdays.get(WEEKDAYS[day.weekday()])


def check_weekdays(weekdays: dict[str, str]) -> None:
    unknown = [key for key in weekdays if key not in WEEKDAYS]
    if unknown:
        raise ValueError(f"weekday: {', '.join(map(repr, unknown))} is not a weekday (weekdays: {', '.join(WEEKDAYS)})")
    grades = [grade for grade in weekdays.values() if grade not in TIERS]
    if grades:
        raise ValueError(f"weekday: {grades[0]!r} is not a grade (grades: {', '.join(TIERS)})")
