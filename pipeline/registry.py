"""Finds the puzzle types: every package under pipeline/puzzles/ that exports PUZZLE_TYPE."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import pipeline.puzzles
from pipeline.puzzles.base import PuzzleType


@cache
def puzzle_types() -> dict[str, PuzzleType]:
    found: dict[str, PuzzleType] = {}
    for info in sorted(pkgutil.iter_modules(pipeline.puzzles.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"pipeline.puzzles.{info.name}")
        ptype = getattr(module, "PUZZLE_TYPE", None)
        if ptype is not None:
            found[ptype.name] = ptype
    return found


def get_type(name: str) -> PuzzleType:
    """The registered type called `name`; KeyError for an unknown one (spec validation names it)."""
    return puzzle_types()[name]
