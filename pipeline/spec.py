"""The job spec: its schema, and a loader that reports every problem at once with its YAML line.

Like mkdocs: the whole file is validated before anything runs, every error carries its key path
and line, and nothing is written when any is found. The YAML is read with the safe loader, so a
spec can never construct objects.
"""

from __future__ import annotations

import datetime as dt
import difflib
import importlib.util
import re
from pathlib import Path
from typing import Annotated, Any, Iterator, Literal, get_args, get_origin

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    Field,
    ValidationError,
    PrivateAttr,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from pipeline import fonts, safeio
from pipeline.mix import Grade, GradeMix, Weekday, amount, of_weekday
from pipeline.codes import date_code, derive_code
from pipeline.errors import SpecError
from pipeline.units import MM_PER_IN
from pipeline.pages import PAGE_PRESETS, PRINT_PROFILES, Answers, FrontMatter, Length, Links, LinkStyle, Page, PrintChoice, PrintProfile, Strict, BARCODE_EXTRA, CoverSpec, _cover_only
from pipeline.interface.puzzle_type import PuzzleType
from pipeline.interface.params import FROM_SPEC, GRID_FIELDS, Params, checks_files, parse_size
from pipeline.registry import puzzle_types

MAX_COUNT = 10_000
MAX_SPEC_BYTES = 1_000_000
HEADING_LINES = 2  # a section's heading, where its answers start and in the running header
FIRST_DATE = dt.date(1900, 1, 1)
LAST_DATE = dt.date(9999, 12, 31)


def _as_code(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError(f"a code must be text or a whole number, not {type(value).__name__} {value!r}")
    text = str(value)
    if not text.strip():
        raise ValueError("a code must not be empty")
    if len(text) > 200:
        raise ValueError("a code must be at most 200 characters")
    if not text.isprintable():  # printed under its puzzle and on the terminal: one line, as typed
        raise ValueError(f"a code must not hold control characters (line breaks, tabs, escapes): {text!r}")
    return _printable(text)


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


def as_date(value: Any) -> Any:
    """A date written YYYY-MM-DD, and only so: Python reads 2026-W48-1 and 20261130 as dates too,
    and pydantic a number as seconds since 1970."""
    if value is None or isinstance(value, dt.date):
        return value
    if isinstance(value, str) and _ISO_DATE.fullmatch(value.strip()):
        return dt.date.fromisoformat(value.strip())
    raise ValueError(f"{value!r} is not a date; write it as YYYY-MM-DD")


Code = Annotated[str, BeforeValidator(_as_code)]


def _printable(value: str) -> str:
    """Text that prints: refused when the book's fonts cannot print a character of it."""
    if (reason := fonts.refusal(value)) is not None:
        raise ValueError(reason)
    return value


def _shown_text(value: str) -> str:
    """A title as it prints: refused when it prints nothing, or prints empty boxes."""
    if not value.strip():
        raise ValueError("must not be empty or blank: it prints on the title page and in the running headers")
    return _printable(value)


Title = Annotated[str, AfterValidator(_shown_text)]
Printable = Annotated[str, AfterValidator(_printable)]


EVERY = re.compile(r"^(?:(day|week|month)|([1-9][0-9]{0,2}) (days?|weeks?|months?))$")


def every_step(text: str) -> tuple[int, int]:
    """A series' interval, `day`, `week`, `month` or `N days` / `N weeks` / `N months`, as
    (days, months); ValueError names what is accepted."""
    found = EVERY.match(text.strip()) if isinstance(text, str) else None
    if found is None:
        raise ValueError(f"{_printable(str(text))!r} is not an interval; write day, week, month, or N days, N weeks, N months")
    unit, count = (found.group(1), 1) if found.group(1) else (found.group(3).rstrip("s"), int(found.group(2)))
    return {"day": (count, 0), "week": (7 * count, 0), "month": (0, count)}[unit]


def _checked_every(text: str) -> str:
    every_step(text)
    return text.strip()


class Series(Strict):
    """The spec's issues as a series (pipeline/stages/series.py): each issue in its own folder
    under the output folder, none repeating a puzzle of an earlier one, listed in series.json."""

    by: Literal["date", "volume"] = "date"  # dated issues (a folder per date) or numbered volumes
    every: Annotated[str, AfterValidator(_checked_every)] = "week"  # how far apart dated issues are
    volume: int | None = Field(default=None, ge=1, le=9999)  # the volume to build (--volume overrides)

    @model_validator(mode="before")
    @classmethod
    def _kind_only(cls, value: Any) -> Any:
        return {"by": value} if isinstance(value, str) else value


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


Difficulty = Grade
# "codes": the order the codes filled the places in; "easy-to-hard": by grade, then by score
# within the grade. Ordering moves puzzles; it never changes which codes are made.
Order = Literal["codes", "easy-to-hard"]
Amount = Annotated[int | str, BeforeValidator(amount)]  # a count, or a share of the section: "40%"


class Section(Strict):
    type: Annotated[str, AfterValidator(_known_type)]
    size: int | str | None = None  # 10, "20x15" (columns x rows) or a preset name; default: the type's
    params: dict[str, Any] = {}  # any of the type's parameters by name, checked by its own model
    count: int = Field(ge=1, le=MAX_COUNT)
    codes: list[Code] = []
    title: Title | None = None
    per_page: Literal[1, 2, 4, 6] | None = None
    cell: Length | None = None  # the printed cell size, instead of the largest the page allows
    scale: Literal["fill", "natural"] = "fill"  # natural: cells as the type draws them
    generator: str | None = None  # "nuritwin/1": an earlier generator version, for a reprint
    difficulty: Difficulty | None = None  # short for params.difficulty
    grades: dict[Grade, Amount] | None = None  # a mix, {easy: 6, hard: 30%}; see pipeline/mix.py
    max: dict[Grade, Amount] | None = None  # caps, {expert: 10%}
    weekday: dict[Weekday, Grade] | None = None  # a newsletter slot's grade by the issue's weekday
    order: Order | None = None  # the puzzles' order within the section; default: the job's
    links: LinkStyle | None = None  # none, qr or text beside each label; default: the job's links

    _params: Params = PrivateAttr()

    @model_validator(mode="before")
    @classmethod
    def _grid_resolved(cls, data: Any, info: ValidationInfo) -> Any:
        """From a spec whose parameters take the grid from elsewhere (`fit: aspect`: a picture's
        shape), the grid they resolve to replaces the size written, so the job a manifest keeps
        makes the same parameters without reading the picture again."""
        if not (checks_files(info) and isinstance(data, dict) and isinstance(data.get("type"), str) and data["type"] in puzzle_types()):
            return data
        ptype, given = puzzle_types()[data["type"]], data.get("params", {})
        if not isinstance(given, dict):
            return data
        try:
            params = _section_params(ptype, data.get("size"), given, info.context)
            written = _section_params(ptype, data.get("size"), given, None)
        except (PydanticCustomError, TypeError):
            return data  # reported with its place by _params_for_type
        if (params.rows, params.cols) == (written.rows, written.cols):
            return data
        if "rows" in given or "cols" in given:
            return {**data, "params": {**given, "rows": params.rows, "cols": params.cols}}
        return {**data, "size": params.size}

    @model_validator(mode="after")
    def _params_for_type(self, info: ValidationInfo) -> "Section":
        given = self.params
        if self.difficulty is not None:
            if "difficulty" in given:
                raise ValueError("give the difficulty as `difficulty` or as params.difficulty, not both")
            given = {**given, "difficulty": self.difficulty}
        self._params = _section_params(puzzle_types()[self.type], self.size, given, info.context)
        return self

    @model_validator(mode="after")
    def _one_grade_rule(self) -> "Section":
        problems = []
        chosen = self.difficulty is not None or "difficulty" in self.params
        if chosen and self.grades is not None:
            problems.append(("grades", "give the section's grades as `difficulty` (one grade) or `grades` (a mix), not both"))
        if self.weekday is not None and self.grades is not None:
            problems.append(("weekday", "give the section's grades as `weekday` (one grade a day) or `grades` (a mix), not both"))
        problems += self.own_mix.problems(self.count) if self.own_mix is not None else []
        _refuse_job(problems)
        return self

    @property
    def says_grades(self) -> bool:
        """Whether the section chooses its own grades, so a job's `grades`/`max` leave it be."""
        given = (self.difficulty, self.grades, self.max, self.weekday, self.params.get("difficulty"))
        return any(value is not None for value in given)

    @property
    def own_mix(self) -> GradeMix | None:
        if self.grades is None and self.max is None:
            return None
        return GradeMix(grades=self.grades, most=self.max)

    @model_validator(mode="after")
    def _generator_kept(self) -> "Section":
        if self.generator is not None:
            name, version = _generator_version(self.generator)
            if name != self.type:
                raise ValueError(f"generator: '{self.generator}' is not a {self.type} generator")
        return self

    @model_validator(mode="after")
    def _one_size(self) -> "Section":
        if self.cell is not None and self.scale == "natural":
            raise ValueError("give the printed size as `cell` or `scale: natural`, not both")
        if self.cell is not None and not 2 <= self.cell <= 40:
            raise ValueError(f"cell: {self.cell:g} mm is out of range (2 to 40 mm)")
        return self

    @model_validator(mode="after")
    def _codes_fit(self) -> "Section":
        if len(self.codes) > self.count:
            raise ValueError(f"{len(self.codes)} codes given for a count of {self.count}")
        return self

    @property
    def puzzle_params(self) -> Params:
        """The type's parameters for every puzzle of the section, validated."""
        return self._params

    @property
    def heading(self) -> str:
        return self.title or f"{puzzle_types()[self.type].title} {self.puzzle_params.label}"


def generator_example() -> str:
    """A generator tag to show in a message: a kept earlier version where a type has one."""
    types = puzzle_types().values()
    ptype = next((t for t in types if t.previous), next(iter(types)))
    return f"{ptype.name}/{min(ptype.kept_versions)}"


def _generator_version(tag: str) -> tuple[str, int]:
    """(type, version) from "nuritwin/1", for a version this puzzlepress keeps."""
    name, _, number = tag.partition("/")
    types = puzzle_types()
    if name not in types or not number.isdigit():
        raise ValueError(f"'{tag}' is not a generator; write it as type/version, such as {generator_example()}")
    kept = types[name].kept_versions
    if int(number) not in kept:
        raise ValueError(f"this puzzlepress keeps {name} generator versions {', '.join(map(str, kept))}, not {number}")
    return name, int(number)


def _section_params(ptype: PuzzleType, size: Any, given: dict[str, Any], context: dict[str, Any] | None) -> Params:
    """The section's parameters from `size` and `params`; a problem is reported at the key the
    user wrote (`size`, or `params.<name>`), with "did you mean" for an unknown name. With
    FROM_SPEC as `context` the parameters' files are read too (see params.checks_files)."""
    model = ptype.params
    problems: list[tuple[str, str]] = []
    if size is not None and set(given) & set(GRID_FIELDS):
        problems.append(("size", "give the grid as `size` or as params.rows and params.cols, not both"))
    try:
        grid = parse_size(size, model.presets) if size is not None else {}
    except ValueError as exc:
        problems.append(("size", str(exc)))
        grid = {}
    for name in grid:
        least, most = model.grid_range(name)
        if not least <= grid[name] <= most:
            problems.append(("size", f"{ptype.name} grids have {least} to {most} rows and columns, not {size}"))
            break
    if not problems:
        try:
            return model.model_validate({**grid, **given}, context=context)
        except ValidationError as exc:
            problems += [_param_problem(error, model, "size" if size is not None else None) for error in exc.errors()]
    where = problems[0][0] if len({w for w, _ in problems}) == 1 else ""
    text = "; ".join(message if w == where else f"{w}: {message}" for w, message in problems)
    raise PydanticCustomError("section_params", "{text}", {"text": text, "where": where})


def _refuse_job(problems: list[tuple[str, str]]) -> None:
    """Raise the job's problems found together as one error placed at the key the first is about
    (`sections.0.generator`), the others naming their own keys; nothing when there are none."""
    if not problems:
        return
    where = problems[0][0]
    text = "; ".join(message if w == where else f"{w}: {message}" for w, message in problems)
    raise PydanticCustomError("job_rule", "{text}", {"text": text, "where": where})


def _param_problem(error: Any, model: type[Params], size_key: str | None) -> tuple[str, str]:
    name = str(error["loc"][0]) if error["loc"] else ""
    if error["type"] == "extra_forbidden":
        close = difflib.get_close_matches(name, list(model.model_fields), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else f" (known: {', '.join(model.model_fields)})"
        return f"params.{name}", f"unknown parameter '{name}'{hint}"
    where = size_key if name in GRID_FIELDS and size_key else f"params.{name}" if name else "params"
    return where, error["msg"].removeprefix("Value error, ")


def _isbn13(value: Any) -> str:
    """An ISBN-13, hyphens and spaces allowed, whose check digit is right; kept as written."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError("an ISBN must be written as text, such as '978-1-23456-789-7'")
    digits = re.sub(r"[\s-]", "", str(value))
    if not re.fullmatch(r"97[89]\d{10}", digits):
        raise ValueError(f"'{value}' is not an ISBN-13 (13 digits starting 978 or 979)")
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits[:12]))
    check = (10 - total % 10) % 10
    if int(digits[12]) != check:
        raise ValueError(f"'{value}' has check digit {digits[12]}, but its first 12 digits call for {check}")
    return str(value)


def _page_given(data: Any) -> dict[str, Any]:
    page = data.get("page", {})
    return {"size": page} if isinstance(page, str) else dict(page) if isinstance(page, dict) else page


class JobSpec(Strict):
    title: Title
    subtitle: Printable | None = None
    author: Printable | None = None
    imprint: Printable | None = None
    seed: Code | None = None
    date: Annotated[dt.date | None, BeforeValidator(as_date)] = None
    format: Literal["book", "newsletter"] = "book"
    output: str | None = None
    print: PrintChoice = PrintChoice()  # the print service's rules, and the ones accepted knowingly
    page: Page = Page()
    paper: Literal["white", "cream"] = "white"  # the spine's thickness a page
    cover: Annotated[CoverSpec | None, BeforeValidator(_cover_only)] = None  # cover.pdf, a full-wrap paperback cover
    edition: Printable | None = None
    isbn: Annotated[str | None, BeforeValidator(lambda v: v if v is None else _isbn13(v))] = None
    front_matter: FrontMatter = FrontMatter()
    answers: Answers = Answers()
    imposition: bool = False
    links: Links = Links()  # `qr` or `text`, or {puzzles: ..., issue_page: https://..., base: https://...}
    web: bool = False  # also write the web edition (export --format web) into OUTDIR/web/
    fonts: Literal["full", "subset"] = "full"  # subset: smaller files, for sheets sent by email
    budget: Budget = Budget()
    exclude: list[str] = []
    generators: list[str] = []  # ["nuritwin/1"]: earlier generator versions for the whole job
    order: Order | None = None  # every section's order, unless the section gives its own; default: a book's easy-to-hard, a newsletter's codes
    grades: dict[Grade, Amount] | None = None  # every section's grade mix, unless it chooses its own grades
    max: dict[Grade, Amount] | None = None  # every such section's caps, {expert: 10%}
    series: Series | None = None  # issues or volumes, each in its own folder (stages/series.py)
    sections: list[Section] = Field(min_length=1)

    @field_validator("date")
    @classmethod
    def _supported_date(cls, day: dt.date | None) -> dt.date | None:
        # The previous issue is up to 366 days earlier and PDF dates need four-digit years.
        if day is not None and not FIRST_DATE <= day <= LAST_DATE:
            raise ValueError(f"{day.isoformat()} is outside the supported range ({FIRST_DATE} to {LAST_DATE})")
        return day

    @model_validator(mode="before")
    @classmethod
    def _profile_defaults(cls, data: Any) -> Any:
        """The print service's crop marks, unless page.crop_marks is given: explicit keys win."""
        # a print service is a name; anything else (a list, a mapping) is the schema's to refuse
        choice = data.get("print") if isinstance(data, dict) else None
        service = choice.get("service") if isinstance(choice, dict) else choice
        if not isinstance(service, str) or service not in PRINT_PROFILES:
            return data
        page = _page_given(data)
        if isinstance(page, dict) and "crop_marks" not in page and PRINT_PROFILES[service].crop_marks:
            return {**data, "page": {**page, "crop_marks": True}}
        return data

    @model_validator(mode="after")
    def _service_rules(self) -> "JobSpec":
        """What the print service refuses outright: a trim it does not print, margins it trims into."""
        profile = self.profile
        problems = []
        if profile.trims and self.page.trim_mm not in {PAGE_PRESETS[t] for t in profile.trims} and not _custom_trim_ok(profile, self.page.trim_mm):
            problems.append(("page.size", f"{profile.service} does not print {self.page.size} (it offers {', '.join(profile.trims)})"))
        least = profile.min_margin_bleed_in if self.page.bleed else profile.min_margin_in
        short = [n for n in ("top", "bottom", "outside") if getattr(self.page.margins, n) < least * MM_PER_IN - 1e-6]
        if short:
            problems.append((
                "page.margins",
                f"{' and '.join(short)} {'is' if len(short) == 1 else 'are'} under the {least:g} in "
                f"({least * MM_PER_IN:.1f} mm) from the trim that {profile.service} wants",
            ))
        if self.format == "newsletter" and self.print.service not in ("home", "offset"):
            problems.append(("print", f"{self.print.service} prints books; a newsletter sheet is for home or offset printing"))
        if self.cover is not None and self.format != "book":
            problems.append(("cover", "a newsletter sheet has no cover; cover needs format: book"))
        if self.cover is not None and self.cover.price is not None and self.isbn is None:
            problems.append(("cover.price", "the price add-on prints beside the ISBN's barcode; give an `isbn`"))
        if self.cover is not None and self.cover.barcode is True and self.isbn is None:
            problems.append(("cover.barcode", "the barcode is drawn from the ISBN; give an `isbn`, or barcode: auto"))
        elif self.cover is not None and self.cover.draws_barcode(self.print.service, self.isbn) and importlib.util.find_spec("barcode") is None:
            problems.append(("cover.barcode", f'drawing the ISBN\'s barcode needs python-barcode, which is not installed: pip install "puzzlepress[{BARCODE_EXTRA}]"'))
        _refuse_job(problems)
        return self

    @model_validator(mode="after")
    def _cover_text_fits(self) -> "JobSpec":
        """A cover's title, subtitle and author fit their panels at some size allowed, and the
        title its spine: refused here, before anything is made, rather than printed off the trim."""
        if not self.cover:
            return self
        from pipeline.render import covertext

        problems = []
        width, height = self.page.trim_mm
        for key in ("title", "subtitle", "author"):
            text, rooms = getattr(self, key), covertext.ROOMS[key]
            for room in rooms if text else ():
                try:
                    covertext.fitted(text, room, covertext.panel_width(width))
                except covertext.CoverTextError as error:
                    problems.append((key, str(error)))
                    break
        if (spine := covertext.spine_refusal(self.title, height)) is not None:
            problems.append(("title", spine))
        _refuse_job(problems)
        return self

    @model_validator(mode="after")
    def _headings_fit(self) -> "JobSpec":
        """Each section's heading fits two lines where its answers start (10 pt bold, 13 in large
        print; the plan gives it the room it wraps to) and in the running header, with no word
        wider than a line: a long one overlapped the first answers' labels and filled the header,
        and a long word ran past the trim. Measured against the narrowest text block the book can
        have (its widest gutter)."""
        width = self.text_width_mm
        pt = 13.0 if self.page.large_print else 10.0
        problems = []
        for index, section in enumerate(self.sections):
            heading, why = section.heading, ""
            if (lines := fonts.lines_needed([(heading, pt, True)], width)) == 1:
                continue
            word = max(heading.split(), key=lambda w: fonts.width_mm(w, pt, True), default="")
            if fonts.width_mm(word, pt, True) > width:
                why = f"its word {word[:40]!r} sets {fonts.width_mm(word, pt, True):.0f} mm long"
            elif lines > HEADING_LINES:
                why = f"it wraps to {lines} lines"
            if why:
                problems.append((f"sections.{index}.title", (
                    f"{why} as a heading ({pt:g} pt bold) in a page's text {width:.0f} mm wide; "
                    f"a section's heading prints in at most {HEADING_LINES} lines: shorten it"
                )))
        header = f"{self.title} · 30 September 2026"  # a sheet's running header: the title and its longest date
        header_pt = 11.0 if self.page.large_print else 8.5  # page.css.j2: @top-center
        if self.format == "newsletter" and (lines := fonts.lines_needed([(header, header_pt, False)], width)) > HEADING_LINES:
            problems.append(("title", (
                f"it wraps to {lines} lines in the running header ({header_pt:g} pt, with the issue's date) of a page's "
                f"text {width:.0f} mm wide; a header prints in at most {HEADING_LINES} lines: shorten it"
            )))
        _refuse_job(problems)
        return self

    @property
    def text_width_mm(self) -> float:
        """The narrowest a page's text block can be: the trim less both margins and, in a
        bound book, the widest gutter the spec or its print service may ask for."""
        margins, newsletter = self.page.margins, self.format == "newsletter"
        if newsletter:
            return self.page.trim_mm[0] - 2 * margins.outside
        gutter = max(inches for _, inches in self.profile.gutters) * MM_PER_IN if self.page.gutter == "auto" else float(self.page.gutter)
        return self.page.trim_mm[0] - margins.inside - margins.outside - gutter

    @property
    def profile(self) -> PrintProfile:
        return self.print.profile

    @model_validator(mode="after")
    def _consistent(self) -> "JobSpec":
        if self.seed is None and self.date is None:
            raise ValueError("give a `seed` (the job's base code) or a `date` (a dated issue)")
        if self.series is not None and self.series.by == "date" and self.date is None:
            _refuse_job([("series", "a dated series needs a `date` (or --date, or --dates): its first issue's")])
        if self.answers.from_previous_issue and self.date is None:
            _refuse_job([("answers.placement", "previous needs a `date`, to know which issue came before")])
        if self.answers.from_previous_issue and self.date is not None:
            earlier = self.date - dt.timedelta(days=self.answers.interval_days)
            if earlier < FIRST_DATE:
                _refuse_job([(
                    "date", f"the previous issue, {self.answers.interval_days} days before {self.date.isoformat()}, would be dated "
                    f"{earlier.isoformat()}, before the first supported date ({FIRST_DATE})",
                )])
        return self

    @model_validator(mode="after")
    def _generators_kept(self) -> "JobSpec":
        names = [_generator_version(tag)[0] for tag in self.generators]
        if len(set(names)) < len(names):
            _refuse_job([("generators", "name each type once")])
        return self

    @model_validator(mode="after")
    def _generators_can_make(self) -> "JobSpec":
        """A section pinned to a generator version that cannot make its parameters (Nonogram
        version 1 and an expert section) is refused here, not after every code has been tried."""
        problems = []
        for index, section in enumerate(self.sections):
            ptype = puzzle_types()[section.type]
            reason = ptype.refuses(section.puzzle_params, self.generator_version(index))
            if reason:
                pinned_here = section.generator is not None
                problems.append((f"sections.{index}.generator" if pinned_here else "generators", reason))
        _refuse_job(problems)
        return self

    def generator_version(self, section_index: int) -> int:
        """The generator version a section's puzzles are made by: its own pin, the job's, or the
        current one."""
        section = self.sections[section_index]
        pins = dict(_generator_version(tag) for tag in self.generators)
        if section.generator is not None:
            return _generator_version(section.generator)[1]
        return pins.get(section.type, puzzle_types()[section.type].version)

    @model_validator(mode="after")
    def _layout_consistent(self) -> "JobSpec":
        problems = []
        if self.format == "newsletter":
            if self.date is None:
                problems.append(("format", "newsletter needs a `date` for its masthead and its codes"))
            if self.answers.after_each_section:
                problems.append(("answers.placement", "a newsletter sheet has no sections to follow; use end, previous, separate or none"))
            if self.imposition:
                problems.append(("imposition", "a newsletter sheet is not a booklet; imposition needs format: book"))
        elif self.links.issue_page is not None:
            problems.append(("links.issue_page", "the issue's one code prints on a newsletter's front; it needs format: newsletter"))
        _refuse_job(problems)
        return self

    def section_order(self, section_index: int) -> str:
        """How a section's puzzles are ordered: its own `order`, or the job's; by default a book
        ramps easy to hard, as published books do, and a newsletter keeps its slots' order."""
        default = "easy-to-hard" if self.format == "book" else "codes"
        return self.sections[section_index].order or self.order or default

    def section_mix(self, section_index: int) -> GradeMix | None:
        """The section's grade mix: its own, or the job's for a section that chooses no grades."""
        section = self.sections[section_index]
        if section.says_grades:
            return section.own_mix
        if self.grades is None and self.max is None:
            return None
        return GradeMix(grades=self.grades, most=self.max)

    def section_params(self, section_index: int) -> Params:
        """The parameters of the section's puzzles in this issue: its own, with the grade its
        `weekday` gives this issue's date (a slot's grade for Mondays, for Sundays...)."""
        section = self.sections[section_index]
        today = of_weekday(section.weekday, self.date)
        params = section.puzzle_params
        return params if today is None else params.model_copy(update={"difficulty": today})

    @model_validator(mode="after")
    def _mixes_fit(self) -> "JobSpec":
        problems = []
        for index, section in enumerate(self.sections):
            if section.weekday is not None and self.date is None:
                problems.append((f"sections.{index}.weekday", "a grade by weekday needs the issue's `date`"))
            if not section.says_grades and (mix := self.section_mix(index)) is not None:
                problems += [(key, f"for sections[{index}] ({section.count} puzzles): {message}") for key, message in mix.problems(section.count)]
        _refuse_job(problems)
        return self

    def link_style(self, section_index: int) -> str:
        """How the section's links print: its own `links`, or the job's."""
        own = self.sections[section_index].links
        return own if own is not None else self.links.puzzles

    @property
    def base_code(self) -> str:
        if self.date is None:
            base = str(self.seed)
        else:
            base = date_code(self.date) if self.seed is None else f"{self.seed}.{date_code(self.date)}"
        if self.series is not None and self.series.by == "volume" and (self.series.volume or 1) > 1:
            # volume 1 keeps the spec's codes, so a book already printed becomes its series' first volume
            return f"{base}.volume-{self.series.volume}"
        return base

    def types_in_order(self) -> list[str]:
        """The puzzle types of the job, in the order their first section appears."""
        return list(dict.fromkeys(section.type for section in self.sections))

    def previous_issue(self) -> "JobSpec":
        """The same job one interval earlier: its answers go on this issue's sheet."""
        assert self.date is not None
        earlier = self.date - dt.timedelta(days=self.answers.interval_days)
        return self.model_copy(update={"date": earlier})


def _custom_trim_ok(profile: PrintProfile, trim_mm: tuple[float, float]) -> bool:
    if profile.custom_trim_in is None:
        return False
    least_w, most_w, least_h, most_h = profile.custom_trim_in
    width, height = (v / MM_PER_IN for v in trim_mm)
    return least_w - 1e-6 <= width <= most_w + 1e-6 and least_h - 1e-6 <= height <= most_h + 1e-6


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


def _user_path(loc: tuple[Any, ...], data: Any, missing: bool = False) -> Path_:
    """The error's place as the user wrote it: pydantic's own steps (union members, validator
    names) are dropped by following the location through the data itself. Only a `missing` key
    names a place that is not in the data; any other last step that is not there is pydantic's
    (`size.int` for a mapping given as a size)."""
    path: list[str | int] = []
    node = data
    for i, part in enumerate(loc):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        elif missing and isinstance(node, dict) and isinstance(part, str) and i == len(loc) - 1:
            pass  # a missing key: it names a place that is not in the data
        else:
            continue
        path.append(part)
    return tuple(path)


def _describe(error: dict[str, Any], data: Any) -> tuple[Path_, str]:
    path = _user_path(tuple(error["loc"]), data, error["type"] == "missing")
    where = (error.get("ctx") or {}).get("where")
    if where:  # a section's parameter or a rule of the job: name the key the user wrote, when it is there
        steps = tuple(int(step) if step.isdigit() else step for step in where.split("."))
        path = _user_path(tuple(error["loc"]) + steps, data)
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
        job = JobSpec.model_validate(data, context=FROM_SPEC)
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


def yaml_value(text: str) -> Any:
    """One value as a spec would read it (`--param names=[cat, owl]` on the command line)."""
    return yaml.load(text, Loader=_SafeLoader)


def one_section(type_name: str, size: str | None, params: dict[str, Any], generator: str | None) -> Section:
    """A section of one puzzle, validated as a spec's is (its files read): what `new` makes
    puzzles with, so a command printed for a section makes the section's puzzles."""
    given: dict[str, Any] = {"type": type_name, "count": 1, "params": params}
    if size is not None:
        given["size"] = size
    if generator is not None:
        given["generator"] = generator
    return Section.model_validate(given, context=FROM_SPEC)


class _SafeLoader(yaml.SafeLoader):
    """The safe loader, reading plain scalars as YAML 1.2's core schema does (see _resolvers),
    and a value it cannot build (a date like 2026-13-01) names its line."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read {node.value!r} ({exc})", node.start_mark
            ) from None


# YAML 1.1, which PyYAML reads, makes numbers of `0x10` (16), `010` (8), `1_000` and `1:20` (80,
# base 60) and booleans of yes, no, on and off: `size: 0x10` made a 16 x 16 section and a code
# `no` the boolean false. YAML 1.2's core schema reads those as text; so do we, and the schema
# then says what it wanted there.
_CORE = {
    "tag:yaml.org,2002:bool": (re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")),
    "tag:yaml.org,2002:int": (re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789")),
    "tag:yaml.org,2002:float": (
        re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
        list("-+.0123456789"),
    ),
}


def _resolvers() -> dict[str, list[tuple[str, re.Pattern[str]]]]:
    table: dict[str, list[tuple[str, re.Pattern[str]]]] = {}
    for first, pairs in yaml.SafeLoader.yaml_implicit_resolvers.items():
        kept = [(tag, pattern) for tag, pattern in pairs if tag not in _CORE]
        if kept:
            table[first] = kept
    for tag, (pattern, firsts) in _CORE.items():
        for first in firsts:
            table.setdefault(first, []).append((tag, pattern))
    return table


_SafeLoader.yaml_implicit_resolvers = _resolvers()
_SafeLoader.add_constructor("tag:yaml.org,2002:int", lambda loader, node: int(loader.construct_scalar(node), 10))  # 010 is ten


def _yaml_problem(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
    return f"{where}malformed YAML: {problem}"
