"""The job spec: its schema, and a loader that reports every problem at once with its YAML line.

Like mkdocs: the whole file is validated before anything runs, every error carries its key path
and line, and nothing is written when any is found. The YAML is read with the safe loader, so a
spec can never construct objects.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from pathlib import Path
from typing import Annotated, Any, Iterator, Literal, get_args, get_origin

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from pipeline import safeio
from pipeline.codes import date_code, derive_code
from pipeline.errors import SpecError
from pipeline.registry import puzzle_types

MAX_COUNT = 10_000
MAX_SPEC_BYTES = 1_000_000
MM_PER_IN = 25.4
FIRST_DATE = dt.date(1900, 1, 1)
LAST_DATE = dt.date(9999, 12, 31)

# Trim sizes in millimetres (width, height). Book trims are the common print-on-demand ones.
PAGE_PRESETS: dict[str, tuple[float, float]] = {
    "A4": (210.0, 297.0),
    "A5": (148.0, 210.0),
    "Letter": (8.5 * MM_PER_IN, 11 * MM_PER_IN),
    "5x8in": (5 * MM_PER_IN, 8 * MM_PER_IN),
    "5.5x8.5in": (5.5 * MM_PER_IN, 8.5 * MM_PER_IN),
    "6x9in": (6 * MM_PER_IN, 9 * MM_PER_IN),
    "7x10in": (7 * MM_PER_IN, 10 * MM_PER_IN),
    "8x10in": (8 * MM_PER_IN, 10 * MM_PER_IN),
    "8.5x11in": (8.5 * MM_PER_IN, 11 * MM_PER_IN),
}
_PRESET_KEYS = {name.lower(): name for name in PAGE_PRESETS}
_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*$")
_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_IN, "pt": MM_PER_IN / 72}


def parse_length(value: Any) -> float:
    """A length in millimetres from '12mm', '0.5in', '1cm', '9pt' (a bare number is mm)."""
    if isinstance(value, bool):
        raise ValueError("must be a length such as '12mm' or '0.5in'")
    if isinstance(value, (int, float)):
        mm = float(value)
    else:
        match = _LENGTH.match(str(value))
        if not match:
            raise ValueError(f"'{value}' is not a length; write it like '12mm' or '0.5in'")
        mm = float(match.group(1)) * _UNIT_MM[match.group(2)]
    if not 0 <= mm <= 500:
        raise ValueError(f"'{value}' is out of range (0 to 500 mm)")
    return round(mm, 3)


def parse_page_size(value: Any) -> tuple[float, float]:
    """(width, height) in mm from a preset name ('A4', '6x9in', 'letter') or 'WxH' with a unit."""
    if not isinstance(value, str):
        raise ValueError("must be a page preset such as 'A4' or a size such as '6x9in'")
    preset = _PRESET_KEYS.get(value.strip().lower()) or _PRESET_KEYS.get(value.strip().lower() + "in")
    if preset:
        return PAGE_PRESETS[preset]
    match = _SIZE.match(value)
    if not match or not match.group(3):
        close = difflib.get_close_matches(value, list(PAGE_PRESETS), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise ValueError(
            f"unknown page size '{value}' (presets: {', '.join(PAGE_PRESETS)}; "
            f"or a custom size such as '150x230mm' or '6x9in'){hint}"
        )
    unit = _UNIT_MM[match.group(3)]
    width, height = float(match.group(1)) * unit, float(match.group(2)) * unit
    if not (50 <= width <= 1000 and 50 <= height <= 1000):
        raise ValueError(f"page size '{value}' is out of range (50 to 1000 mm each way)")
    return round(width, 3), round(height, 3)


def _as_code(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError(f"a code must be text or a whole number, not {type(value).__name__} {value!r}")
    text = str(value)
    if not text.strip():
        raise ValueError("a code must not be empty")
    if len(text) > 200:
        raise ValueError("a code must be at most 200 characters")
    return text


Code = Annotated[str, BeforeValidator(_as_code)]
Length = Annotated[float, BeforeValidator(parse_length)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# Print services trim up to 1/8 in off each edge: nothing may sit closer to the trim than this.
MIN_MARGIN_MM = 0.25 * MM_PER_IN
MIN_MARGIN_BLEED_MM = 0.375 * MM_PER_IN


class Margins(Strict):
    top: Length = 15.0
    bottom: Length = 15.0
    outside: Length = 13.0
    inside: Length = 6.35  # before the gutter, which is added on the binding side


def _known_page_size(value: str) -> str:
    parse_page_size(value)
    return value


class Page(Strict):
    size: Annotated[str, AfterValidator(_known_page_size)] = "A4"
    bleed: bool = False
    crop_marks: bool = False
    facing: bool = True
    gutter: Annotated[Literal["auto"] | float, BeforeValidator(lambda v: v if v == "auto" else parse_length(v))] = "auto"
    margins: Margins = Margins()
    large_print: bool = False

    @model_validator(mode="before")
    @classmethod
    def _size_only(cls, value: Any) -> Any:
        return {"size": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _safe_margins(self) -> "Page":
        least, why = (MIN_MARGIN_BLEED_MM, "0.375 in with bleed") if self.bleed else (MIN_MARGIN_MM, "0.25 in")
        short = [name for name in ("top", "bottom", "outside") if getattr(self.margins, name) < least - 1e-6]
        if short:
            names = ", ".join(f"margins.{name}" for name in short)
            raise ValueError(f"{names} must be at least {least:.2f} mm ({why}) so that nothing is trimmed off")
        width, height = self.trim_mm
        gutter = 0.0 if self.gutter == "auto" else self.gutter
        if self.margins.top + self.margins.bottom >= height / 2:
            raise ValueError(f"margins.top and margins.bottom take half or more of the {height:g} mm page height")
        if self.margins.inside + gutter + self.margins.outside >= width / 2:
            raise ValueError(f"margins.inside, margins.outside and the gutter take half or more of the {width:g} mm page width")
        return self

    @property
    def trim_mm(self) -> tuple[float, float]:
        return parse_page_size(self.size)


class Answers(Strict):
    placement: Literal["end", "section", "separate", "previous", "none"] = "end"
    per_page: int | None = Field(default=None, ge=1, le=24)  # None: as many as print at half size or more, up to 12
    interval_days: int = Field(default=7, ge=1, le=366)  # how far back 'previous' looks

    @model_validator(mode="before")
    @classmethod
    def _placement_only(cls, value: Any) -> Any:
        return {"placement": value} if isinstance(value, str) else value


class FrontMatter(Strict):
    title_page: bool = True
    contents: bool = True
    how_to_play: bool = True


class Budget(Strict):
    seconds: float = Field(default=120.0, gt=0, le=86_400)
    attempts: int = Field(default=20, ge=1, le=1000)  # codes tried per puzzle slot before the section fails


def _known_type(name: str) -> str:
    types = puzzle_types()
    if name not in types:
        close = difflib.get_close_matches(name, list(types), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise ValueError(f"unknown puzzle type '{name}' (known: {', '.join(types)}){hint}")
    return name


class Section(Strict):
    type: Annotated[str, AfterValidator(_known_type)]
    size: int
    count: int = Field(ge=1, le=MAX_COUNT)
    codes: list[Code] = []
    title: str | None = None
    per_page: Literal[1, 2, 4, 6] | None = None

    @field_validator("size")
    @classmethod
    def _size_for_type(cls, size: int, info: ValidationInfo) -> int:
        name = info.data.get("type")
        if name is not None:
            sizes = list(puzzle_types()[name].sizes)
            if size not in sizes:
                raise ValueError(f"{name} comes in sizes {', '.join(map(str, sizes))}, not {size}")
        return size

    @model_validator(mode="after")
    def _codes_fit(self) -> "Section":
        if len(self.codes) > self.count:
            raise ValueError(f"{len(self.codes)} codes given for a count of {self.count}")
        return self

    @property
    def heading(self) -> str:
        return self.title or f"{puzzle_types()[self.type].title} {self.size}×{self.size}"


class JobSpec(Strict):
    title: str
    subtitle: str | None = None
    author: str | None = None
    imprint: str | None = None
    seed: Code | None = None
    date: Annotated[dt.date | None, Field(strict=False)] = None
    format: Literal["book", "newsletter"] = "book"
    output: str | None = None
    page: Page = Page()
    front_matter: FrontMatter = FrontMatter()
    answers: Answers = Answers()
    imposition: bool = False
    fonts: Literal["full", "subset"] = "full"  # subset: smaller files, for sheets sent by email
    budget: Budget = Budget()
    exclude: list[str] = []
    sections: list[Section] = Field(min_length=1)

    @field_validator("date")
    @classmethod
    def _supported_date(cls, day: dt.date | None) -> dt.date | None:
        # The previous issue is up to 366 days earlier and PDF dates need four-digit years.
        if day is not None and not FIRST_DATE <= day <= LAST_DATE:
            raise ValueError(f"{day.isoformat()} is outside the supported range ({FIRST_DATE} to {LAST_DATE})")
        return day

    @model_validator(mode="after")
    def _consistent(self) -> "JobSpec":
        if self.seed is None and self.date is None:
            raise ValueError("give a `seed` (the job's base code) or a `date` (a dated issue)")
        if self.answers.placement == "previous" and self.date is None:
            raise ValueError("answers: previous needs a `date`, to know which issue came before")
        return self

    @model_validator(mode="after")
    def _layout_consistent(self) -> "JobSpec":
        problems = []
        if self.format == "newsletter":
            if self.date is None:
                problems.append("format: newsletter needs a `date` for its masthead and its codes")
            if self.answers.placement == "section":
                problems.append("answers.placement: a newsletter sheet has no sections to follow; use end, previous, separate or none")
            if self.imposition:
                problems.append("imposition: a newsletter sheet is not a booklet; imposition needs format: book")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def base_code(self) -> str:
        if self.date is None:
            return str(self.seed)
        return date_code(self.date) if self.seed is None else f"{self.seed}.{date_code(self.date)}"

    def previous_issue(self) -> "JobSpec":
        """The same job one interval earlier: its answers go on this issue's sheet."""
        assert self.date is not None
        earlier = self.date - dt.timedelta(days=self.answers.interval_days)
        return self.model_copy(update={"date": earlier})


def code_stream(job: JobSpec, section_index: int) -> Iterator[str]:
    """The section's codes in order: the explicit ones, then derived ones without end.

    A code that cannot be proved is skipped for the next one from this stream, so a section is
    filled deterministically whatever was skipped.
    """
    section = job.sections[section_index]
    yield from section.codes
    index = len(section.codes)
    while True:
        yield derive_code(job.base_code, section_index, index)
        index += 1


# ---- loading -------------------------------------------------------------------------------

Path_ = tuple[str | int, ...]


def _format_path(path: Path_) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


class _Lines:
    """Key path -> YAML line, from the composed node tree; also finds duplicate keys."""

    def __init__(self, root: yaml.Node | None):
        self.lines: dict[Path_, int] = {}
        self.duplicates: list[tuple[Path_, int]] = []
        if root is not None:
            self._walk(root, ())

    def _walk(self, node: yaml.Node, path: Path_) -> None:
        self.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key, value in node.value:
                name = key.value if isinstance(key, yaml.ScalarNode) else str(key.value)
                if name in seen:
                    self.duplicates.append((path + (name,), key.start_mark.line + 1))
                seen.add(name)
                self.lines[path + (name,)] = key.start_mark.line + 1
                self._walk(value, path + (name,))
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                self._walk(item, path + (i,))

    def line(self, path: Path_) -> int | None:
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path)


def _model_for(path: Path_) -> type[BaseModel] | None:
    """The schema model that holds the last key of `path`, for "did you mean" suggestions."""
    model: Any = JobSpec
    for part in path[:-1]:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part)
        if field is None:
            return None
        inner = field.annotation
        if get_origin(inner) is list:
            inner = get_args(inner)[0]
        if isinstance(inner, type) and issubclass(inner, BaseModel):
            model = inner
        else:
            return None
    return model


def _user_path(loc: tuple[Any, ...], data: Any) -> Path_:
    """The error's place as the user wrote it: pydantic's own steps (union members, validator
    names) are dropped by following the location through the data itself."""
    path: list[str | int] = []
    node = data
    for i, part in enumerate(loc):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and i == len(loc) - 1:
            pass  # a missing key: it names a place that is not in the data
        else:
            continue
        path.append(part)
    return tuple(path)


def _describe(error: dict[str, Any], data: Any) -> tuple[Path_, str]:
    path = _user_path(tuple(error["loc"]), data)
    kind = error["type"]
    given = error.get("input")
    if kind == "extra_forbidden":
        model = _model_for(path)
        names = list(model.model_fields) if model else []
        key = str(error["loc"][-1])
        close = difflib.get_close_matches(key, names, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else f" (allowed: {', '.join(names)})" if names else ""
        return path, f"unknown key '{key}'{hint}"
    if kind == "missing":
        return path, "required key is missing"
    message = error["msg"].removeprefix("Value error, ")
    if kind != "value_error" and isinstance(given, (str, int, float, bool, list, dt.date)):
        shown = repr(given) if len(repr(given)) <= 60 else repr(given)[:57] + "..."
        message = f"{message}, got {type(given).__name__} {shown}"
    return path, message


def _validate(data: Any, lines: _Lines) -> tuple[JobSpec | None, list[tuple[int | None, str]]]:
    problems: list[tuple[int | None, str]] = [
        (line, f"{_format_path(path)}: key appears twice") for path, line in lines.duplicates
    ]
    if not isinstance(data, dict):
        kind = "empty" if data is None else f"a {type(data).__name__}"
        problems.append((lines.line(()), f"the spec must be a mapping of keys (title, seed, sections, ...), not {kind}"))
        return None, problems
    problems += [(lines.line(path), message) for path, message in _duplicate_codes(data)]
    try:
        job = JobSpec.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            path, message = _describe(error, data)
            problems.append((lines.line(path), f"{_format_path(path)}: {message}"))
        return None, problems
    return (job if not problems else None), problems


def _by_line(problem: tuple[int | None, str]) -> int:
    return problem[0] or 0


def _duplicate_codes(data: dict[str, Any]) -> Iterator[tuple[Path_, str]]:
    """Codes given twice for one type and size would print the same puzzle twice.

    Read from the raw data, so duplicates are reported alongside every other problem.
    """
    sections = data.get("sections")
    seen: dict[tuple[str, str, str], Path_] = {}
    for s, section in enumerate(sections if isinstance(sections, list) else []):
        codes = section.get("codes") if isinstance(section, dict) else None
        for i, code in enumerate(codes if isinstance(codes, list) else []):
            if isinstance(code, bool) or not isinstance(code, (str, int)):
                continue
            key = (str(section.get("type")), str(section.get("size")), str(code))
            here: Path_ = ("sections", s, "codes", i)
            if key in seen:
                yield here, f"{_format_path(here)}: code '{code}' is already used at {_format_path(seen[key])} for {key[0]} {key[1]}"
            else:
                seen[key] = here


def load_spec(path: Path, *, date: dt.date | None = None) -> JobSpec:
    """Read, parse and validate a spec file; SpecError lists every problem with its line."""
    source = str(path)
    try:
        raw = safeio.read_bounded(path, MAX_SPEC_BYTES)
    except safeio.Unsafe as exc:
        raise SpecError(source, [str(exc)]) from None
    return parse_spec(raw, source=source, date=date)


def parse_spec(raw: bytes | str, *, source: str = "<spec>", date: dt.date | None = None) -> JobSpec:
    if isinstance(raw, str):
        raw = raw.encode("utf-8")
    if len(raw) > MAX_SPEC_BYTES:
        raise SpecError(source, [f"the file is {len(raw):,} bytes; a job spec is at most {MAX_SPEC_BYTES:,}"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError(source, [f"not UTF-8 text (byte {exc.start})"]) from None
    try:
        safeio.yaml_events_checked(text)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.load(text, Loader=_SafeLoader)
        safeio.check_tree(data)
    except yaml.YAMLError as exc:
        raise SpecError(source, [_yaml_problem(exc)]) from None
    except safeio.Unsafe as exc:
        raise SpecError(source, [str(exc)]) from None
    if date is not None and isinstance(data, dict):
        data = {**data, "date": date}
    job, problems = _validate(data, _Lines(node))
    if problems:
        ordered = sorted(problems, key=_by_line)
        raise SpecError(source, [f"line {line}: {msg}" if line else msg for line, msg in ordered])
    assert job is not None
    return job


class _SafeLoader(yaml.SafeLoader):
    """The safe loader, but a value it cannot build (a date like 2026-13-01) names its line."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read {node.value!r} ({exc})", node.start_mark
            ) from None


def _yaml_problem(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
    return f"{where}malformed YAML: {problem}"
