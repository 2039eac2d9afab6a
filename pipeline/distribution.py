"""How the grades of a type and size fall: the share of each tier over a run of codes, and the
median and spread of each external effort measure per tier (the closing note's table).

    python -m pipeline.distribution nonogram 10 [--count 100] [--difficulty hard]

Codes are "grade-1" .. "grade-<count>", made by the type's current generator, so the table is
the same on every run of the same version. With --difficulty they are made for that grade, as
a section asking for it makes them (a code that makes none within the time is left out and
counted), so the table shows what graded making gives.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from dataclasses import dataclass
from typing import Any, Iterable

from pipeline.errors import StepLimit
from pipeline.budget import Budget
from pipeline.interface.grades import TIERS, Grade
from pipeline.registry import get_type

UNFINISHED = "none"  # the row for puzzles the techniques cannot finish


def sample(type_name: str, size: int, count: int, difficulty: str | None = None, seconds: float | None = None) -> list[Any]:
    """The puzzles of codes grade-1 .. grade-<count>, made for `difficulty` when given; a code
    that makes none within `seconds` is left out."""
    ptype = get_type(type_name)
    params = ptype.make_params(size, **({"difficulty": difficulty} if difficulty else {}))
    puzzles = []
    for i in range(1, count + 1):
        try:
            puzzles.append(ptype.make(params, f"grade-{i}", Budget(seconds=seconds)).puzzle)
        except StepLimit:
            continue
    return puzzles


@dataclass(frozen=True)
class TierRow:
    tier: str
    count: int
    share: float
    effort: tuple[tuple[str, float, float, float], ...]  # measure, 25th percentile, median, 75th
    median_score: float
    median_ms: float  # processor time, so other work on the machine does not count


def distribution(type_name: str, puzzles: Iterable[Any]) -> list[TierRow]:
    """Grade every puzzle; one row per tier met (and one for unfinished puzzles)."""
    ptype = get_type(type_name)
    graded: list[tuple[Grade, float]] = []
    for puzzle in puzzles:
        start = time.process_time()
        result = ptype.grade(puzzle, Budget())
        seconds = time.process_time() - start
        effort = {**dict(result.effort), **ptype.effort(puzzle, Budget())}
        graded.append((dataclasses.replace(result, effort=tuple(sorted(effort.items()))), seconds))
    total = len(graded)
    rows = []
    for tier in (*TIERS, None):
        members = [(g, t) for g, t in graded if g.tier == tier]
        if members:
            rows.append(_row(tier or UNFINISHED, members, total))
    return rows


def _row(tier: str, members: list[tuple[Grade, float]], total: int) -> TierRow:
    measures = sorted({name for g, _ in members for name, _ in g.effort})
    effort = tuple((name, *_quartiles([dict(g.effort)[name] for g, _ in members])) for name in measures)
    return TierRow(
        tier=tier,
        count=len(members),
        share=len(members) / total,
        effort=effort,
        median_score=statistics.median(g.score for g, _ in members),
        median_ms=1000 * statistics.median(t for _, t in members),
    )


def _quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        return values[0], values[0], values[0]
    low, mid, high = statistics.quantiles(values, n=4, method="inclusive")
    return low, mid, high


def format_rows(title: str, rows: list[TierRow]) -> str:
    """A plain-text table: share per tier and, per effort measure, median [25th-75th]."""
    lines = [title]
    for row in rows:
        measures = "  ".join(f"{name} {mid:g} [{low:g}-{high:g}]" for name, low, mid, high in row.effort)
        lines.append(
            f"  {row.tier:<7}{row.share:>5.0%}  score {row.median_score:g}  {measures}  grade {row.median_ms:.1f} ms"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("type")
    parser.add_argument("size", type=int)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--difficulty", choices=TIERS, help="make the codes for this grade")
    parser.add_argument("--seconds", type=float, default=120.0, help="time to make one code (default 120)")
    args = parser.parse_args(argv)
    puzzles = sample(args.type, args.size, args.count, args.difficulty, args.seconds)
    made = f", {args.difficulty}: {len(puzzles)} made" if args.difficulty else ""
    print(format_rows(f"{args.type} {args.size}x{args.size}, {args.count} codes{made}", distribution(args.type, puzzles)))


if __name__ == "__main__":
    main()
