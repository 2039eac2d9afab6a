"""The `puzzlepress` command. Thin: parse options, call one stage function, map errors to exit codes.

Exit codes: 0 success, 1 a stage failed on valid input, 2 bad input (spec, options, records),
130 interrupted. Messages for people go to stderr; nothing here prints a traceback for bad input.
"""

from __future__ import annotations

import datetime as dt
import functools
import inspect
import json
import re
import shutil
import sys
import textwrap
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, Callable, Iterator, Optional

import typer
from typer.core import TyperOption

from pipeline import __version__, signals
from pipeline.errors import OptionError, PuzzlepressError

# Start-up is what a reader of --help or of an unchanged build waits for, so nothing is imported
# before a command needs it: rich's console, progress bars and tables (0.07 s of CPU) when
# something prints, the stages inside their commands. Help is click's plain text: typer's rich
# help imports rich's markdown stack, 0.33 s of CPU, more than the rest of `--help` together.
app = typer.Typer(
    name="puzzlepress",
    help="Make logic puzzles with proved unique answers and lay them out as print-ready PDF booklets.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@functools.cache
def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


class _Err:
    """stderr's rich console, made the first time something prints."""

    def __getattr__(self, name: str) -> Any:
        return getattr(_stderr_console(), name)


err = _Err()


def _flag_type(self: TyperOption, ctx: Any) -> str | None:
    """A flag takes no value, so its help shows no type (Typer's shows "<bool>" for --help too)."""
    return None if self.is_flag else _option_type(self, ctx)


_option_type = TyperOption.display_type_rich
TyperOption.display_type_rich = _flag_type  # type: ignore[method-assign]


class Verbosity:
    level = 1  # 0 quiet, 1 normal, 2 verbose


def _say(message: str, level: int = 1) -> None:
    if Verbosity.level >= level:
        err.print(_printable(message), markup=False)


# --quiet and --verbose are taken after the command too (`build x.yaml -q`), not only before it.
_AFTER_THE_COMMAND = [
    inspect.Parameter(
        "quiet_after", inspect.Parameter.KEYWORD_ONLY, default=False,
        annotation=Annotated[bool, typer.Option("--quiet", "-q", help="Print errors only.")],
    ),
    inspect.Parameter(
        "verbose_after", inspect.Parameter.KEYWORD_ONLY, default=False,
        annotation=Annotated[bool, typer.Option("--verbose", "-v", help="Also list every skipped code and timing.")],
    ),
]


def _set_verbosity(quiet: bool, verbose: bool) -> None:
    if quiet and verbose:
        raise typer.BadParameter("choose --quiet or --verbose, not both")
    if quiet or verbose:
        Verbosity.level = 0 if quiet else 2


def _run(command: Callable[..., None]) -> Callable[..., None]:
    """Map our errors to exit codes with one clear message; Ctrl-C and SIGTERM stop cleanly."""

    @functools.wraps(command)
    def wrapper(*args: Any, quiet_after: bool = False, verbose_after: bool = False, **kwargs: Any) -> None:
        _set_verbosity(quiet_after, verbose_after)
        try:
            with signals.terminate_raises(), signals.never_swallowed():
                command(*args, **kwargs)
        except PuzzlepressError as exc:
            err.print(f"error: {_printable(str(exc))}", markup=False)
            raise typer.Exit(exc.exit_code) from None
        except KeyboardInterrupt as exc:
            what = "terminated" if isinstance(exc, signals.Terminated) else "interrupted"
            err.print(
                f"{what}: every puzzle file written so far is complete and is kept; "
                "run the same command again to continue where it stopped",
                markup=False,
            )
            raise typer.Exit(signals.exit_code(exc)) from None
        except OSError as exc:  # disk full, a folder made read-only or removed while we ran
            where = f"{_printable(str(exc.filename))}: " if exc.filename else ""
            err.print(f"error: {where}{exc.strerror or exc}; nothing half-written was kept", markup=False)
            raise typer.Exit(1) from None
        finally:
            from pipeline import outdir

            outdir.release_all()

    own = inspect.signature(command, eval_str=True)
    wrapper.__signature__ = own.replace(parameters=[*own.parameters.values(), *_AFTER_THE_COMMAND])  # type: ignore[attr-defined]
    return wrapper


# Shown escaped on the terminal: control characters but the line break (an escape sequence from
# a manifest's title or a skip reason reached the terminal raw) and the bidirectional overrides.
_UNSHOWN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _printable(text: str) -> str:
    """Text as it can be printed: a lone surrogate (from a non-UTF-8 argument) and control
    characters shown escaped."""
    text = text.encode("utf-8", "backslashreplace").decode()
    return _UNSHOWN.sub(lambda found: repr(found.group())[1:-1], text)


@contextmanager
def _progress() -> Iterator[Callable[[str], Callable[[int, int], None] | None]]:
    """A factory of progress callbacks, one bar per stage; silent when quiet or not a terminal."""
    if Verbosity.level == 0 or not err.is_terminal:
        yield lambda stage: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("{task.description:>9}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=err, transient=True,
    ) as bar:
        tasks: dict[str, Any] = {}

        def factory(stage: str) -> Callable[[int, int], None]:
            def update(done: int, total: int) -> None:
                if stage not in tasks:
                    tasks[stage] = bar.add_task(stage, total=total)
                bar.update(tasks[stage], completed=done, total=total)

            return update

        yield factory


def _version(value: bool) -> None:
    if value:
        print(f"puzzlepress {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print errors only.")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also list every skipped code and timing.")] = False,
    version: Annotated[
        Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = None,
) -> None:
    Verbosity.level = 1
    _set_verbosity(quiet, verbose)


SpecArg = Annotated[Path, typer.Argument(help="The job spec (YAML).", show_default=False)]
OutOpt = Annotated[Optional[str], typer.Option("--output", "-o", help="Output folder (overrides the spec's `output`).")]
DateOpt = Annotated[
    Optional[str], typer.Option("--date", help="Issue date YYYY-MM-DD: derives the codes from the date (overrides the spec's `date`).")
]
JobsOpt = Annotated[Optional[int], typer.Option("--jobs", "-j", help="Worker processes (default: all cores).")]
FreshOpt = Annotated[bool, typer.Option("--fresh", help="Ignore puzzles, verdicts and layouts kept from earlier runs.")]
SchedulerOpt = Annotated[
    Optional[str],
    typer.Option(
        "--scheduler", envvar="DASK_SCHEDULER_ADDRESS",
        help="Run puzzle tasks on the Dask cluster at this address (tcp://HOST:8786), or on local:N, a throwaway local cluster of N workers.",
    ),
]
OutdirArg = Annotated[Path, typer.Argument(help="An output folder made by `generate` or `build`.", show_default=False)]


def _date(text: str | None) -> dt.date | None:
    if text is None:
        return None
    from pipeline.spec import as_date

    try:
        return as_date(text)
    except ValueError:
        raise OptionError(f"--date: '{_printable(text)}' is not a date; write it as YYYY-MM-DD") from None


def _jobs(jobs: int | None) -> int:
    from pipeline.machine import WORKERS_PER_CORE, default_jobs, most_workers

    if jobs is None:
        return default_jobs()
    most = most_workers()
    if not 1 <= jobs <= most:
        raise OptionError(f"--jobs: {jobs} is out of range (1 to {most}, {WORKERS_PER_CORE} for each of this machine's cores)")
    return jobs


def _scheduler(address: str | None) -> str | None:
    """The Dask scheduler to use, checked before anything runs; None for the local pool."""
    if address is None or not address.strip():
        return None
    from pipeline.cluster import checked_address

    return checked_address(address)  # a malformed address is an option error, before anything runs


def _load(spec: Path, date: str | None, output: str | None) -> tuple[Any, Path]:
    from pipeline import outdir as outdir_rules
    from pipeline.spec import load_spec
    from pipeline.stages.build import check_job, check_outdir, default_outdir

    job = load_spec(spec, date=_date(date))
    outdir = outdir_rules.parse(output) if output is not None else default_outdir(spec, job)
    check_outdir(outdir)
    check_job(job, outdir)
    return job, outdir


DatesOpt = Annotated[
    Optional[str],
    typer.Option("--dates", metavar="FIRST..LAST", help="Build a dated series: every issue from FIRST to LAST (YYYY-MM-DD..YYYY-MM-DD), each in its own folder."),
]
EveryOpt = Annotated[
    Optional[str], typer.Option("--every", help="How far apart the issues of --dates are: day, week, month, or N days, N weeks (default: the spec's series.every, else week).")
]
VolumeOpt = Annotated[
    Optional[str], typer.Option("--volume", metavar="N", help="Build volume N (or volumes N..M) of a series, each in its own folder, excluding every earlier volume's puzzles.")
]

SpecsArg = Annotated[
    list[Path], typer.Argument(help="The job spec (YAML); or several, or a catalogue file listing them, built as one job.", show_default=False)
]


@app.command()
@_run
def build(
    specs: SpecsArg, output: OutOpt = None, date: DateOpt = None, jobs: JobsOpt = None, fresh: FreshOpt = False,
    scheduler: SchedulerOpt = None, dates: DatesOpt = None, every: EveryOpt = None, volume: VolumeOpt = None,
) -> None:
    """Run every stage: generate, verify, layout (of one book, of a catalogue's books, or of a
    series' issues, each in its own folder)."""
    from pipeline.stages.build import build as run_build

    from pipeline.pdf_engine import check_pdf_engine

    workers = _jobs(jobs)
    series_options = dates is not None or every is not None or volume is not None
    if len(specs) > 1 or _is_catalogue(specs[0]):
        if series_options:
            raise OptionError("--dates, --every and --volume build the series of one spec, not a catalogue")
        _build_catalogue(specs, output, date, workers, fresh, scheduler)
        return
    spec = specs[0]
    if dates is not None and date is not None:
        raise OptionError("--date and --dates: give one issue's date or a range of them, not both")
    job, outdir = _load(spec, _first_date(dates) if dates is not None else date, output)
    if job.series is not None or series_options:
        _build_series(spec, job, outdir, dates, every, volume, workers, fresh, scheduler)
        return
    from pipeline.stages.series import refuse_series_folder

    refuse_series_folder(outdir)
    check_pdf_engine()  # before any record is written
    _say_other_versions(outdir)
    with _progress() as progress:
        report = run_build(job, outdir, jobs=workers, fresh=fresh, progress=progress, scheduler=_scheduler(scheduler))
    _print_build_summary(report, outdir)


def _first_date(dates: str) -> str:
    """The first date of --dates, for loading the spec; the range is checked whole later."""
    first = dates.partition("..")[0]
    try:
        _date(first)
    except OptionError:
        raise OptionError(f"--dates: '{_printable(dates)}' is not a date range; write it as FIRST..LAST, e.g. 2027-01-04..2027-12-27") from None
    return first


def _build_series(
    spec: Path, job: Any, root: Path, dates: str | None, every: str | None, volume: str | None, workers: int, fresh: bool,
    scheduler: str | None,
) -> None:
    """A series' issues, each into its folder under ROOT (pipeline/stages/series.py): a line per issue."""
    from pipeline.pdf_engine import check_pdf_engine
    from pipeline.stages.series import INDEX, build_series, plan_series

    plan = plan_series(spec, job, root, dates=dates, every=every, volume=volume)  # everything checked: nothing written yet
    check_pdf_engine()
    address = _scheduler(scheduler)
    started = time.perf_counter()

    def done(k: int, issue: Any, report: Any, seconds: float) -> None:
        g = report.generated
        made_here = len(g.manifest.puzzles()) - g.reused_by_role["puzzle"]
        kept = " (layout unchanged, kept)" if report.layout_reused else ""
        _say(
            f"issue {k + 1}/{len(plan.issues)}: {issue.name} -> {issue.folder}: {len(g.manifest.puzzles())} puzzles "
            f"({made_here} made, {g.reused_by_role['puzzle']} reused){_previous_words(g)}, {report.pages} pages{kept}, {seconds:.1f} s"
        )
        for line in report.replaced:
            _say(f"  replaced {line}")

    with _progress() as progress:
        build_series(plan, jobs=workers, fresh=fresh, progress=progress, scheduler=address, issue_done=done)
    printed = [p["id"] for entry in plan.index.values() for p in entry["puzzles"]]
    repeats = "none printed twice" if len(set(printed)) == len(printed) else f"only {len(set(printed))} different"
    _say(
        f"series: {len(plan.issues)} issues in {time.perf_counter() - started:.1f} s; the index {root / INDEX} lists "
        f"{len(plan.index)} issues, {len(printed)} puzzles, {repeats}"
    )


def _previous_words(generated: Any) -> str:
    """What a sheet that prints the previous issue's answers did with that issue's puzzles."""
    previous = generated.manifest.puzzles("previous")
    if not previous:
        return ""
    reused = generated.reused_by_role["previous"]
    return f"; the previous issue's {len(previous)} for their answers: {_made_or_reused(len(previous), reused)}"


def _made_or_reused(total: int, reused: int) -> str:
    if reused == total:
        return "reused"
    return "made again" if reused == 0 else f"{reused} reused, {total - reused} made again"


def _is_catalogue(spec: Path) -> bool:
    from pipeline.stages.catalogue import catalogue_file

    try:
        is_file = spec.is_file()
    except OSError:  # a name too long, say: the spec loader names the problem (exit 2)
        return False
    return is_file and catalogue_file(spec) is not None


def _build_catalogue(specs: list[Path], output: str | None, date: str | None, workers: int, fresh: bool, scheduler: str | None) -> None:
    """Several books as one job (pipeline/stages/catalogue.py): a line per book as it is done."""
    from pipeline.pdf_engine import check_pdf_engine
    from pipeline.stages.catalogue import build_catalogue, load_catalogue

    if output is not None:
        raise OptionError("--output: a catalogue's books go where each spec's `output` says; give it in the specs")
    catalogue = load_catalogue(specs, _date(date))
    series = next((book.spec for book in catalogue.books if book.job.series is not None), None)
    if series is not None:
        raise OptionError(f"{_printable(str(series))}: a series (series: in the spec) is built on its own: puzzlepress build {_printable(str(series))}")
    check_pdf_engine()  # before any record is written
    address = _scheduler(scheduler)
    started = time.perf_counter()

    def made(index: int, book: Any, report: Any) -> None:
        g, seconds = report.generated, report.seconds
        _say(
            f"book {index + 1}/{len(catalogue.books)}: {book.spec}: {len(g.manifest.entries)} puzzles proved "
            f"({g.made} made, {g.reused} reused; generate {seconds['generate']:.1f} s, verify {seconds['verify']:.1f} s), "
            "to be laid out"
        )

    def done(index: int, book: Any, report: Any, seconds: float) -> None:
        g = report.generated
        kept = " (layout unchanged, kept)" if report.layout_reused else ""
        _say(
            f"book {index + 1}/{len(catalogue.books)}: {book.spec} -> {book.outdir}: {len(g.manifest.entries)} puzzles "
            f"({g.made} made, {g.reused} reused), {report.pages} pages{kept}, {seconds:.1f} s"
        )
        for line in report.replaced:
            _say(f"  replaced {line}")

    with _progress() as progress:
        build_catalogue(catalogue, jobs=workers, fresh=fresh, progress=progress, scheduler=address, book_done=done, puzzles_done=made)
    repeats = "puzzles may repeat across books (repeats: true)" if catalogue.repeats else "no puzzle printed twice across them"
    _say(f"catalogue: {len(catalogue.books)} books in {time.perf_counter() - started:.1f} s, {repeats}")


@app.command()
@_run
def reprint(
    edition: Annotated[Path, typer.Argument(help="An edition.json written by `build`.", show_default=False)],
    output: Annotated[str, typer.Option("--output", "-o", help="Output folder for the reprint (new, empty, or made by puzzlepress).")],
    jobs: JobsOpt = None,
) -> None:
    """Rebuild a book from its edition file: no generation, every puzzle proved again, PDFs compared."""
    from pipeline import outdir as outdir_rules
    from pipeline.stages.reprint import reprint as run_reprint

    workers = _jobs(jobs)
    folder = outdir_rules.parse(output)
    outdir_rules.check(folder)
    with _progress() as progress:
        report = run_reprint(edition, folder, jobs=workers, progress=progress)
    _say(f"reprinted {report.puzzles} puzzles, every one proved again, {report.pages} pages -> {folder}")
    if report.version_changes:
        _say("made with other versions than the edition, so the PDFs may differ; the puzzles are the same ones:")
        for line in report.version_changes:
            _say(f"  {line}")
    for name in report.same_bytes:
        _say(f"  {name}: the same bytes as the edition's")
    for name in report.other_bytes:
        _say(f"  {name}: other bytes than the edition's")
    if report.other_bytes and not report.version_changes:
        err.print(
            "error: the same versions made other PDF bytes from an edition whose digest holds: this is a bug in puzzlepress",
            markup=False,
        )
        raise typer.Exit(1)


@app.command()
@_run
def generate(
    spec: SpecArg, output: OutOpt = None, date: DateOpt = None, jobs: JobsOpt = None, fresh: FreshOpt = False,
    scheduler: SchedulerOpt = None,
) -> None:
    """Make the puzzle records and the manifest."""
    from pipeline.stages.generate import generate as run_generate

    from pipeline.stages.series import refuse_series_folder

    workers = _jobs(jobs)
    job, outdir = _load(spec, date, output)
    if job.series is not None:
        raise OptionError(f"{_printable(str(spec))} is a series (series: in the spec): build its issues with `puzzlepress build`")
    refuse_series_folder(outdir)
    with _progress() as progress:
        report = run_generate(
            job, outdir, jobs=workers, scheduler=_scheduler(scheduler), fresh=fresh, progress=progress("generate")
        )
    _say(f"generated {report.made} puzzles, reused {report.reused}, in {report.seconds:.1f} s -> {outdir}")
    _print_skips(report.manifest)


@app.command()
@_run
def verify(outdir: OutdirArg, jobs: JobsOpt = None, fresh: FreshOpt = False, scheduler: SchedulerOpt = None) -> None:
    """Prove every puzzle again: rules check, own solver and independent SAT proof."""
    from pipeline.stages.verify import verify as run_verify

    workers = _jobs(jobs)
    with _progress() as progress:
        report = run_verify(outdir, jobs=workers, scheduler=_scheduler(scheduler), fresh=fresh, progress=progress("verify"))
    proved = sum(1 for v in report.verdicts.values() if v["status"] == "proved")
    _say(f"verified {len(report.verdicts)} puzzles ({report.reused} unchanged since last time): {proved} proved, {len(report.failed)} failed")
    for line in report.failed:
        err.print(f"  FAILED {_printable(line)}", markup=False)
    if report.failed:
        raise typer.Exit(1)


@app.command()
@_run
def layout(outdir: OutdirArg, jobs: JobsOpt = None) -> None:
    """Draw the SVGs and lay out the PDF booklet(s) from verified puzzles."""
    from pipeline.pdf_engine import check_pdf_engine

    workers = _jobs(jobs)
    check_pdf_engine()  # before WeasyPrint is imported, which would fail without a clear word
    from pipeline.parallel import Pool
    from pipeline.stages.layout import layout as run_layout

    with _progress() as progress:
        with Pool(workers) as pool:
            report = run_layout(outdir, progress=progress("layout"), pool=pool)
    _say(f"laid out {report.pages} pages in {report.seconds:.1f} s:")
    for path in report.files:
        _say(f"  {path}")
    for line in report.notes:
        _say(f"note: {line}")
    _print_preflight(outdir)


def _print_preflight(outdir: Path) -> None:
    """The print check's lines; exit 1 (the files are written, and marked not upload-ready)
    when a rule of the print service fails and the spec does not accept it."""
    from pipeline.stages.printcheck import verdict

    found = verdict(outdir)
    for line in found.lines:
        if found.refused:
            err.print(_printable(line), markup=False)
        else:
            _say(line)
    if found.refused:
        raise typer.Exit(1)


@app.command()
@_run
def export(
    outdir: OutdirArg,
    format_name: Annotated[
        str, typer.Option("--format", "-f", help="png, svg, html, web, or a file format of the puzzles' types (`puzzlepress types` lists them).")
    ],
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Where the files go (default: OUTDIR/export/FORMAT).")] = None,
    dpi: Annotated[int, typer.Option("--dpi", help="Resolution of png files.")] = 150,
) -> None:
    """Export the proved puzzles as images, a web page, or files other puzzle tools read."""
    from pipeline.stages.export import export as run_export

    dest = output if output is not None else outdir / "export" / format_name
    report = run_export(outdir, dest, format_name, dpi)
    _say(f"exported {len(report.files)} files -> {dest}")
    if report.not_covered:
        kinds = ", ".join(report.covering)
        _say(f"  {len(report.not_covered)} puzzles have no {format_name} form (only {kinds} puzzles have one): {', '.join(report.not_covered)}")
    for line in report.refused:
        err.print(f"  REFUSED {_printable(line)}", markup=False)
    if report.refused:
        err.print("refused puzzles that are not proved for the record on disk; run `puzzlepress verify` first", markup=False)
        raise typer.Exit(1)


@app.command()
@_run
def new(
    type_name: Annotated[str, typer.Argument(metavar="TYPE", help="Puzzle type (see `puzzlepress types`).")],
    size: Annotated[
        Optional[str], typer.Option("--size", "-s", help="Grid size: 10 for a square, 20x15 for 20 columns by 15 rows (default: the type's).")
    ] = None,
    code: Annotated[Optional[str], typer.Option("--code", "-c", help="Puzzle code; without one a fresh code is drawn.")] = None,
    output: Annotated[str, typer.Option("--output", "-o", help="Output folder.")] = "output/new",
    seconds: Annotated[float, typer.Option("--seconds", help="Time budget for making the puzzle.")] = 600.0,
    difficulty: Annotated[
        Optional[str], typer.Option("--difficulty", help="easy, medium, hard or expert: as a section that chose its grade made it.")
    ] = None,
    param: Annotated[
        Optional[list[str]],
        typer.Option("--param", "-p", metavar="KEY=VALUE", help="Any of the type's parameters, as a section's params give it (repeat for more): --param theme=animals."),
    ] = None,
    generator: Annotated[
        Optional[str], typer.Option("--generator", metavar="TYPE/VERSION", help="An earlier generator version this puzzlepress keeps, as a section's generator.")
    ] = None,
) -> None:
    """Make one puzzle from a code: its record and SVGs under OUTPUT/puzzles/. The command a book's
    copyright page prints for a section makes that section's puzzles."""
    from pipeline import outdir as outdir_rules
    from pipeline.stages.single import make_single

    result = make_single(
        type_name, size, code, outdir_rules.parse(output), seconds=seconds, difficulty=difficulty, options=tuple(param or ()), generator=generator,
    )
    if code is None:  # a drawn code on stdout alone, for a script to keep; one given is not echoed
        print(_printable(result.code))
    _say(f"{result.title}, code {result.code}: proved unique ({result.seconds:.2f} s)")
    for path in result.files:
        _say(f"  {path}")


@app.command()
@_run
def types() -> None:
    """List the puzzle types: parameters with ranges and defaults, usual sizes, generator, how they are shared."""
    from pipeline.registry import puzzle_types

    width = min(shutil.get_terminal_size((80, 24)).columns, 100)  # a pipe or a file: 80 columns
    for index, (name, ptype) in enumerate(puzzle_types().items()):
        link, files = ptype.share.link, ", ".join(f.name for f in ptype.share.files)
        shared = [f"puzz.link: {link.genre}" if link else "no puzz.link", f"export: {files}" if files else "no file export"]
        print(("\n" if index else "") + f"{name} ({ptype.title}), generator {name}/{ptype.version}")
        for line in [f"usual sizes: {', '.join(ptype.presets)}", *ptype.params.describe(), "; ".join(shared)]:
            print(textwrap.fill(line, width, initial_indent="  ", subsequent_indent="      "))


@app.command()
@_run
def bench(
    n: Annotated[
        Optional[int], typer.Option("--n", help="Exactly this many codes per type and size (default: 20 and more, up to 400, until the median settles).")
    ] = None,
    codes_seed: Annotated[str, typer.Option("--codes-seed", help="The seed the codes are drawn from: another seed, another set of codes.")] = "bench",
    type_name: Annotated[Optional[str], typer.Option("--type", help="Only this type.")] = None,
    size: Annotated[Optional[str], typer.Option("--size", help="Only this size (10, or 20x15 for columns x rows).")] = None,
    pages: Annotated[int, typer.Option("--pages", help="Puzzle pages in the layout benchmark's book (0 skips it).")] = 200,
    speedup: Annotated[bool, typer.Option("--speedup/--no-speedup", help="Also time a cold build with --jobs 1 and all cores.")] = True,
    compare: Annotated[Optional[Path], typer.Option("--compare", help="An earlier `bench --json` output: print each median's ratio to it.")] = None,
    scheduler: Annotated[
        Optional[str], typer.Option("--scheduler", help="Also generate 200 Nuritwin and 200 Kuralin 8x8 on this Dask cluster and on the local pool.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
    difficulty: Annotated[
        Optional[str], typer.Option("--difficulty", help="Time making one puzzle of this grade: every code tried until one is found counts.")
    ] = None,
) -> None:
    """Time generation, verification and layout on codes drawn from a seed."""
    from pipeline.bench import read_earlier, run_bench

    if n is not None and not 1 <= n <= 10_000:
        raise OptionError(f"--n: {n} is out of range (1 to 10000)")
    if not 1 <= len(codes_seed) <= 100:
        raise OptionError("--codes-seed: give 1 to 100 characters")
    if not 0 <= pages <= 2_000:
        raise OptionError(f"--pages: {pages} is out of range (0 to 2000)")
    earlier = read_earlier(compare) if compare is not None else None
    result = run_bench(
        n=n, type_name=type_name, size=size, pages=pages, speedup=speedup, log=lambda m: _say(m, 2), earlier=earlier,
        scheduler=_scheduler(scheduler), difficulty=difficulty, codes_seed=codes_seed,
    )
    if as_json:
        print(json.dumps(result, indent=2))
    else:
        _print_bench(result)


def _print_bench(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    from pipeline.bench import ms

    table = Table("type", "size", "stage", "n", "median ms", "p90 ms", "max ms", "CPU median ms", "CPU p90 ms", "notes")
    for row in result["results"]:
        table.add_row(
            row["type"], f"{row['size']} {row['difficulty']}" if row.get("difficulty") else row["size"], row["stage"], str(row["n"]), ms(row["median_s"]), ms(row["p90_s"]),
            ms(row["max_s"]), f"{ms(row['cpu_median_s'])} {_spread(row)}", ms(row["cpu_p90_s"]), row.get("notes", ""),
        )
    Console(width=None if sys.stdout.isatty() else 160).print(table)  # a file gets whole rows
    if result.get("layout"):
        for kind, figures in result["layout"]["kinds"].items():
            print(f"layout, {kind}: {figures['pages']} pages, {figures['seconds_per_page']:.3f} s per page")
    if result.get("speedup"):
        sp = result["speedup"]
        print(f"cold build: {sp['puzzles']} puzzles, --jobs 1 {sp['jobs_1_s']:.2f} s, --jobs {sp['jobs']} {sp['jobs_n_s']:.2f} s, speed-up ×{sp['speedup']:.2f}")
    if result.get("cluster"):
        cl = result["cluster"]
        print(f"cluster: {cl['puzzles']} puzzles, local pool {cl['local_pool_per_s']:.2f}/s, {cl['scheduler']} "
              f"{cl['cluster_per_s']:.2f}/s (overhead {cl['overhead']:+.0%}), connecting {cl['connect_s']:.2f} s")
    for row in result.get("compare", []):
        print(f"against the earlier run: {_printable(str(row['type']))} {_printable(str(row['size']))} {_printable(str(row['stage']))}: ×{row['ratio']:.2f} "
              f"({ms(row['median_s'])} ms now, {ms(row['earlier_median_s'])} ms then)")


def _spread(row: dict[str, Any]) -> str:
    """The CPU median's 95% interval as the share either side that is wider, and a mark when it
    is wider than the ±10% a settled median has."""
    low, high = row["cpu_median_ci_s"]
    middle = row["cpu_median_s"]
    share = max(middle - low, high - middle) / middle if middle > 0 else 0.0
    return f"±{share:.0%}" + ("" if row["settled"] else " (not settled)")


def _say_other_versions(outdir: Path) -> None:
    """Before overwriting a folder made with other versions, say which: its PDFs will change."""
    from pipeline.manifest import made_with
    from pipeline.versions import differences, environment

    then = made_with(outdir)
    changes = differences(then, environment()) if then else []
    if changes:
        _say(f"note: {outdir} was made with other versions; its files will be made again with these:")
        for line in changes:
            _say(f"  {line}")


def _print_skips(manifest: Any) -> None:
    for skip in manifest.skipped:
        _say(f"  skipped code {skip.code!r} in {manifest.job.sections[skip.section].heading}: {skip.reason}", 2)
    if manifest.skipped and Verbosity.level == 1:
        _say(f"  {len(manifest.skipped)} codes skipped for the next derived code (see manifest.json or use -v)")


def _print_build_summary(report: Any, outdir: Path) -> None:
    from rich.table import Table
    from rich.text import Text

    from pipeline.render.book import issue_date
    from pipeline.stages.build import summary_rows

    if Verbosity.level == 0:
        _print_preflight(outdir)  # its failures print even when quiet, and decide the exit code
        return
    # Text, not str: rich reads markup in a str, and a title holding "[/bold]" broke a finished build.
    table = Table("section", "puzzles", "skipped codes", title=Text(_printable(report.generated.manifest.job.title)), title_justify="left")
    for row in summary_rows(report):
        table.add_row(Text(_printable(row["section"])), str(row["puzzles"]), str(row["skipped"]))
    err.print(table)
    g, v = report.generated, report.verified
    s = report.seconds
    _say(f"generate: {g.made} made, {g.reused} reused ({s['generate']:.1f} s)")
    previous = g.manifest.puzzles("previous")
    if previous:
        issue = issue_date(g.manifest.job.previous_issue().date)
        numbers = ", ".join(str(e.number) for e in previous)
        how = _made_or_reused(len(previous), g.reused_by_role["previous"])
        _say(f"  {len(previous)} of them are puzzles {numbers} of the issue of {issue}, {how} to print their answers (answers: previous)")
    _say(f"verify:   {len(v.verdicts)} proved twice, {v.reused} unchanged since last run ({s['verify']:.1f} s)")
    _say(f"layout:   {report.pages} pages{' (unchanged, kept)' if report.layout_reused else ''} ({s['layout']:.1f} s)")
    for line in report.replaced:
        _say(f"  replaced {line}")
    for line in report.notes:
        _say(f"note: {line}")
    _print_skips(g.manifest)
    _say(f"output in {outdir}/:")
    for path in report.files:
        _say(f"  {path}")
    _print_preflight(outdir)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
