"""A type's rules as an ordered checklist of named checks, as pzprjs's genre files keep them.

Each check has a failure code (the same word in verify's messages, the tests and the web
player) and finds the first place its rule breaks, as a one-line message a person understands
("two blocks of region 4 touch at r3c5"). The list runs in order; a check marked `stops` (the
answer's shape) ends it when it fails, since the checks after it could not read the answer.
Rules that types share (connected shading, no 2×2 shaded, one loop) are built once, outside
every type's folder, and listed by each type that has them.

The checker never imports a solver or a generator: it reads the answer and the printed clues.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence


@dataclass(frozen=True)
class Failure:
    """One broken rule: its code and where and how it breaks."""

    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


@dataclass(frozen=True)
class Check:
    """One named rule: `find(puzzle, answer)` is None when the answer keeps it, else a message
    naming the first place it breaks."""

    code: str
    rule: str  # the rule in a few words, as a reader of the how-to-play page would say it
    find: Callable[[Any, Any], str | None]
    stops: bool = False  # a failure ends the list: the later checks cannot read this answer


def run_checks(checks: Sequence[Check], puzzle: Any, answer: Any) -> list[Failure]:
    """Every check the answer fails, in the list's order, each once."""
    failures = []
    for check in checks:
        message = check.find(puzzle, answer)
        if message is not None:
            failures.append(Failure(check.code, message))
            if check.stops:
                break
    return failures


def cell_name(cell: tuple[int, int]) -> str:
    """A cell as the messages name it, counted from 1 as a reader counts: (2, 4) is "r3c5"."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"
