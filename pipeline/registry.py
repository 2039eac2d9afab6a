"""Finds the puzzle types: every package under pipeline/puzzles/ that exports PUZZLE_TYPE.

The types' folder is imported when the types are first asked for, never when this module is,
so the interface, the records and the stages can import the registry without importing a type.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from pipeline.interface.puzzle_type import PuzzleType

TYPES_PACKAGE = "pipeline.puzzles"


@cache
def puzzle_types() -> dict[str, PuzzleType]:
    package = importlib.import_module(TYPES_PACKAGE)
    found: dict[str, PuzzleType] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{TYPES_PACKAGE}.{info.name}")
        ptype = getattr(module, "PUZZLE_TYPE", None)
        if ptype is not None:
            found[ptype.name] = ptype
    return found


def get_type(name: str) -> PuzzleType:
    """The registered type called `name`; KeyError for an unknown one (spec validation names it)."""
    return puzzle_types()[name]
