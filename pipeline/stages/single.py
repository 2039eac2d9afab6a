"""One puzzle from a code, outside any job: the product documents' "puzzle code" box."""

from __future__ import annotations

import difflib
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from pipeline import outdir as outdir_rules, safeio
from pipeline.codes import fresh_code, puzzle_id
from pipeline.errors import OptionError, ProofError, StepLimit, Unsuitable
from pipeline.manifest import record_path
from pipeline.budget import Budget
from pipeline.interface.puzzle_type import PuzzleType
from pipeline.interface.grades import grade_fields, grade_label, off_grade
from pipeline.interface.params import Params
from pipeline.files import write_atomic
from pipeline.records import dumps_record, fingerprint, make_record
from pipeline.registry import puzzle_types
from pipeline.stages.drawing import draw_figures
from pipeline.stages.build import check_outdir
from pipeline.stages.verify import judge
from pipeline.spec import one_section, yaml_value


@dataclass
class Single:
    code: str
    title: str
    seconds: float
    files: list[Path]


def make_single(
    type_name: str, size: str | None, code: str | None, outdir: Path, *, seconds: float, difficulty: str | None = None,
    options: tuple[str, ...] = (), generator: str | None = None,
) -> Single:
    """The puzzle `code` makes with the parameters the options give (`options`: --param KEY=VALUE)."""
    types = puzzle_types()
    if type_name not in types:
        close = difflib.get_close_matches(type_name, list(types), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise OptionError(f"unknown puzzle type '{type_name}' (known: {', '.join(types)}){hint}")
    ptype = types[type_name]
    params, version = section_params(ptype, size, difficulty, options, generator)
    if code is not None and not code.strip():
        raise OptionError("--code must not be empty")
    if code is not None and (len(code) > 200 or not safeio.is_text(code)):
        raise OptionError("--code must be at most 200 characters of valid Unicode text")
    if code is not None and not code.isprintable():
        raise OptionError(f"--code {code!r} holds a control character (a line break, a tab, an escape); a code is printed under its puzzle")
    if not seconds > 0:
        raise OptionError("--seconds must be more than 0")
    check_outdir(outdir)
    code = code if code is not None else fresh_code()

    start = time.perf_counter()
    try:
        made, grade = ptype.make_graded(params, code, Budget(seconds=seconds), version)
    except StepLimit as exc:
        raise ProofError(f"{type_name} {params.label}, code {code}: not proved within {seconds:g} s ({exc}); try another code") from None
    except Unsuitable as exc:  # the generator's "not this code": a job skips to the next code, a person is told to
        raise ProofError(f"{type_name} {params.label}, code {code}: {exc.reason}; try another code") from None
    reason = off_grade(params.difficulty, grade)
    if reason is not None:
        raise ProofError(f"{type_name} {params.label}, code {code}: {reason}; try another code")
    pid = puzzle_id(type_name, params, code)
    fields = grade_fields(grade)
    # as in a job: the record keeps a grade only when one was asked for; the message tells it anyway
    record = make_record(
        ptype, made.puzzle, params=params, puzzle_id=pid, code=code, stats=made.stats, version=version,
        grade=fields if params.difficulty else None,
    )
    record["stats"]["fingerprint"] = fingerprint(record)
    path = record_path(outdir, pid)
    outdir_rules.claim(outdir)
    write_atomic(path, dumps_record(record))
    verdict = judge(path)
    if verdict["status"] != "proved":  # never leave a printable picture of an unproved puzzle
        raise ProofError(f"{path}: verification failed: {'; '.join(verdict['problems'])}")
    svg, answer_svg = draw_figures(outdir, ptype, made.puzzle, pid)
    graded = f" ({grade_label(fields)})" if grade_label(fields) else ""
    title = f"{ptype.title} {params.label}{graded}"
    return Single(code=code, title=title, seconds=time.perf_counter() - start, files=[path, svg.path, answer_svg.path])


def section_params(
    ptype: PuzzleType, size: str | None, difficulty: str | None, given: tuple[str, ...], generator: str | None
) -> tuple[Params, int]:
    """The parameters and generator version the options ask for, read as a spec's section
    reads them (pipeline.spec.one_section), with what they are made from (pictures) loaded."""
    if not given and generator is None:
        params = option_params(ptype, size, difficulty)
    else:
        values: dict[str, Any] = {"difficulty": difficulty} if difficulty is not None else {}
        for item in given:
            key, sep, text = item.partition("=")
            if not sep or not key.strip():
                raise OptionError(f"--param {item!r}: write it as KEY=VALUE, such as theme=animals")
            try:
                values[key.strip()] = yaml_value(text) if text.strip() else ""
            except yaml.YAMLError:
                raise OptionError(f"--param {item!r}: {text!r} is not a value a spec could hold") from None
        try:
            section = one_section(ptype.name, size, values, generator)
        except ValidationError as exc:
            problems = "; ".join(_option_problem(error) for error in exc.errors())
            raise OptionError(problems) from None
        params = section.puzzle_params
    version = ptype.version
    if generator is not None:
        version = int(generator.partition("/")[2])
        reason = ptype.refuses(params, version)
        if reason:
            raise OptionError(f"--generator {generator}: {reason}")
    return params.with_materials(ptype.materials(params)), version


def _option_problem(error: Any) -> str:
    """A section's problem as the options name it: params.theme -> --param theme."""
    where = ".".join(str(p) for p in error["loc"])
    where = {"size": "--size", "generator": "--generator"}.get(where, where)
    where = re.sub(r"^params\.?", "--param ", where) if where.startswith("params") else where
    message = error["msg"].removeprefix("Value error, ")
    return f"{where.strip()}: {message}" if where else message


def option_params(ptype: PuzzleType, size: str | None, difficulty: str | None = None) -> Params:
    """The parameters `--size` and `--difficulty` ask for (the type's defaults without them)."""
    if difficulty is not None:
        try:
            ptype.make_params(None, difficulty=difficulty)
        except ValueError as exc:  # pydantic's ValidationError is a ValueError too
            first = exc.errors()[0]["msg"] if hasattr(exc, "errors") else str(exc)
            raise OptionError(f"--difficulty: {first.removeprefix('Value error, ')}") from None
    try:
        return ptype.make_params(size, **({"difficulty": difficulty} if difficulty else {}))
    except ValueError as exc:  # pydantic's ValidationError is a ValueError too
        # the type's own rule for the whole grid ("a Sudoku grid is square with boxes") says more
        # than the ranges: a 5x5 or a hard 4x4 Sudoku is within them
        whole = [e["msg"] for e in exc.errors() if not e["loc"]] if hasattr(exc, "errors") else []
        if whole:
            options = "--size and --difficulty" if difficulty else "--size"
            raise OptionError(f"{options}: {whole[0].removeprefix('Value error, ')}") from None
        least, most = ptype.params.grid_range("rows")
        raise OptionError(
            f"--size: {size} is not a {ptype.name} grid; give a number from {least} to {most} or columns x rows "
            f"such as {most}x{least} ({', '.join(ptype.presets)} are the usual sizes)"
        ) from None

