"""Puzzle parameters: what, besides a code, decides which puzzle a type makes.

Like `game_params` in Simon Tatham's collection: every type declares its own typed model (rows
and columns with their ranges, later difficulty or a picture source), validated like the spec.
Sizes are written width × height, as his collection writes them: `20x15` is 20 columns by 15
rows; a bare number is a square.

A parameter set's `key` names it inside codes and ids. Today's square grids keep the key they
always had (`10`), so every code made before parameters existed still makes the same puzzle; a
parameter enters the key only when it differs from its default.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, ClassVar, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationInfo

_SIZE = re.compile(r"^\s*(\d{1,3})\s*[x×]\s*(\d{1,3})\s*$")
GRID_FIELDS = ("rows", "cols")
# The validation context of a spec's parameters: check what they point at too (files on disk,
# optional packages), which records and manifests read back later must not depend on.
FROM_SPEC = {"from_spec": True}


def checks_files(info: ValidationInfo) -> bool:
    """Whether a validator runs for a spec (FROM_SPEC), where a parameter's files must be read."""
    return bool(info.context and info.context.get("from_spec"))


class Params(BaseModel):
    """The base of every type's parameter model: a grid of `rows` × `cols` cells."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    rows: int
    cols: int
    # The grade every puzzle must have (pipeline/interface/grades.py); None: graded, not chosen.
    difficulty: Literal["easy", "medium", "hard", "expert"] | None = Field(
        None, description="easy, medium, hard or expert: the grade every puzzle must have; none: any grade"
    )

    # Filled in by each type: named parameter sets, what `sizes` was before rectangles.
    presets: ClassVar[Mapping[str, dict[str, Any]]] = {}
    # What the type's `materials` read for these parameters (decoded picture files), handed to a
    # worker beside the parameters; not a parameter: never in a record, a key or a dump.
    _materials: Any = PrivateAttr(default=None)

    @property
    def materials(self) -> Any:
        return self._materials

    def with_materials(self, materials: Any) -> "Params":
        """These parameters carrying what their puzzles are made from (see PuzzleType.materials)."""
        if materials is None:
            return self
        copy = self.model_copy()
        copy._materials = materials
        return copy

    @property
    def size(self) -> str:
        """The grid as the spec writes it: `10` for a square, `20x15` (cols x rows) otherwise."""
        return str(self.rows) if self.rows == self.cols else f"{self.cols}x{self.rows}"

    @property
    def label(self) -> str:
        """The grid as a label prints it: `10×10`, `20×15`."""
        return f"{self.cols}×{self.rows}"

    def extras(self) -> dict[str, Any]:
        """Parameters other than the grid that differ from their defaults, in field order."""
        defaults = type(self).model_fields
        # compared as Python values: a tuple field dumps to a list, which never equals its default ()
        return {
            name: value
            for name, value in self.model_dump(mode="json").items()
            if name not in GRID_FIELDS and getattr(self, name) != defaults[name].get_default(call_default_factory=True)
        }

    @property
    def key(self) -> str:
        """The name of this parameter set inside codes' seeds: `10`, `20x15`, `10;difficulty=hard`."""
        extras = ";".join(f"{name}={value}" for name, value in self.extras().items())
        return f"{self.size};{extras}" if extras else self.size

    @property
    def slug(self) -> str:
        """The key as a file-name part: the size, then a short hash when other parameters are set."""
        if not self.extras():
            return self.size
        return f"{self.size}-{hashlib.sha256(self.key.encode()).hexdigest()[:6]}"

    @classmethod
    def describe(cls) -> list[str]:
        """One line per parameter: its name, what it may be and its default, for `puzzlepress types`."""
        lines = []
        for name, info in cls.model_fields.items():
            default = info.get_default(call_default_factory=True)
            if name in GRID_FIELDS:
                least, most = cls.grid_range(name)
                allowed = f"{least} to {most}"
            else:
                allowed = info.description or str(info.annotation)
            shown = f" (default {default})" if default not in (None, (), []) else ""  # no "(default None)"
            lines.append(f"{name}: {allowed}{shown}")
        return lines

    @classmethod
    def grid_range(cls, name: str) -> tuple[int, int]:
        """(least, most) for `rows` or `cols`, read off the type's own field constraints."""
        least, most = 1, 10_000
        for rule in cls.model_fields[name].metadata:
            least = max(least, getattr(rule, "ge", least) or least)
            most = min(most, getattr(rule, "le", most) or most)
        return least, most


def parse_size(value: Any, presets: Mapping[str, dict[str, Any]] | None = None) -> dict[str, int]:
    """{rows, cols} from a size as the spec or the command line writes it: 10, "10", "20x15"
    (width × height), or the name of one of the type's presets. ValueError says what is wrong."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"a size is a number such as 10 or columns x rows such as '20x15', not {value!r}")
    text = str(value).strip()
    if presets and text in presets:
        preset = presets[text]
        return {"rows": preset["rows"], "cols": preset["cols"]}
    if text.isdigit() and len(text) <= 3:
        return {"rows": int(text), "cols": int(text)}
    match = _SIZE.match(text)
    if not match:
        raise ValueError(f"'{value}' is not a size; write a number such as 10 or columns x rows such as '20x15'")
    return {"rows": int(match.group(2)), "cols": int(match.group(1))}
