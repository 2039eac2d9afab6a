"""One puzzle from a code, outside any job: the product documents' "puzzle code" box."""

from __future__ import annotations

import difflib
import time
from dataclasses import dataclass
from pathlib import Path

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


@dataclass
class Single:
    code: str
    title: str
    seconds: float
    files: list[Path]


def make_single(
    type_name: str, size: str | None, code: str | None, outdir: Path, *, seconds: float, difficulty: str | None = None
) -> Single:
    types = puzzle_types()
    if type_name not in types:
        close = difflib.get_close_matches(type_name, list(types), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise OptionError(f"unknown puzzle type '{type_name}' (known: {', '.join(types)}){hint}")
    ptype = types[type_name]
    params = option_params(ptype, size, difficulty)
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
        made, grade = ptype.make_graded(params, code, Budget(seconds=seconds))
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
        ptype, made.puzzle, params=params, puzzle_id=pid, code=code, stats=made.stats, grade=fields if params.difficulty else None
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
    except ValueError:  # pydantic's ValidationError is a ValueError too
        least, most = ptype.params.grid_range("rows")
        raise OptionError(
            f"--size: {size} is not a {ptype.name} grid; give a number from {least} to {most} or columns x rows "
            f"such as {most}x{least} ({', '.join(ptype.presets)} are the usual sizes)"
        ) from None

