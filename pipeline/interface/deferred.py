"""A type record's costly functions, their modules imported at the first call.

A type's record (its folder's __init__.py) names every function the stages call, but a warm build
of nothing new calls none of the costly ones: it reads each type's generator version, parameters
and print sizes. Importing the generators, graders, solvers and proofs behind them (and the SAT
engine the proofs load) took 0.08 s of such a build's 0.52 s (docs/notes/startup-and-catalogue.md),
so a record names them by module and the module is imported when one is first called.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Deferred:
    """The function `name` of `module`, imported at its first call; pickles by name."""

    module: str
    name: str

    @functools.cached_property
    def function(self) -> Callable[..., Any]:
        return getattr(importlib.import_module(self.module), self.name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.function(*args, **kwargs)
