"""Sudoku's generator versions, each a record of how generate.py makes a graded puzzle.

A kept version's record is never edited, and nothing it names is changed in a way that alters
what a code makes: the golden records of every kept version (tests/golden/sudoku/ and its v1/)
hold them byte for byte (README, "Editions"). Codes without a difficulty make the same puzzles in
every version. How each choice was measured: docs/notes/sudoku-generator.md.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Version:
    number: int
    # True: a graded attempt takes givens away while the asked tier's techniques still finish the
    # grid (as Solo does). False: it takes them away while the answer stays the only one, as an
    # ungraded make does, and an attempt that grades above the tier asked for puts givens back.
    removes_for_tier: bool


# Takes givens away for the tier; an attempt of another tier is dropped.
V1 = Version(number=1, removes_for_tier=True)
# Takes givens away for one answer; an attempt above the tier asked for gets givens back until
# that tier finishes it and the tier below does not. 20 codes, CPU medians against version 1:
# 6x6 medium 266 ms against 579, hard 34 against 54, 9x9 medium 33 against 48, hard 49 against 81.
V2 = Version(number=2, removes_for_tier=False)

KEPT = (V1, V2)
CURRENT = KEPT[-1]
