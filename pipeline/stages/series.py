"""A series: one spec's dated issues or numbered volumes, each in its own folder, never repeating a puzzle.

    puzzlepress build weekly.yaml --dates 2027-01-04..2027-12-27 --every week   -> OUT/2027-01-04/, ...
    puzzlepress build book.yaml --volume 3                                      -> OUT/volume-03/

or `series: {by: date, every: week}` / `series: volume` in the spec. OUT is the spec's output
folder; it holds the issues' folders and `series.json`, the series index: every issue, its
folder, and its puzzles (type, code, record digest). Each issue excludes every earlier issue
of the index (and of the same command) through the same `exclude` a spec can name, so the
series never prints a puzzle twice and each manifest says what it excluded. A volume needs
every volume before it; a dated issue may not come before one already printed (it would
change what the later one excluded). The whole plan is checked before anything is written.
The issues are built in order on one pool of workers (or one cluster) for the whole series;
a finished issue is reused as it is (its records and its layout stamp), byte for byte, and an
issue whose answers are the previous issue's copies that issue's records instead of making
them again.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from pipeline import outdir as outdir_rules, safeio
from pipeline.errors import InputError, RecordError
from pipeline.files import write_atomic
from pipeline.manifest import MANIFEST, read_manifest
from pipeline.parallel import open_pool
from pipeline.records import read_json
from pipeline.render.book import issue_date
from pipeline.spec import JobSpec, Series, as_date, every_step, load_spec
from pipeline.stages.build import BuildReport, ProgressFactory, build, check_job

INDEX = "series.json"
MAX_ISSUES = 1_000
VOLUME_FOLDER = re.compile(r"^volume-([0-9]{2,4})$")
DATE_FOLDER = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
OWN_FILE = re.compile(r"^\..+\.[0-9a-f]{12}\.part$")  # an interrupted write of series.json


@dataclass
class Issue:
    name: str  # "2027-01-04" or "volume-03": the folder under the series folder, and the index key
    job: JobSpec
    folder: Path
    reuse_from: tuple[Path, ...] = ()  # the previous issue's folder, when its answers print here


@dataclass
class SeriesPlan:
    spec: Path
    root: Path
    by: str
    issues: list[Issue]  # to build, in order
    index: dict[str, dict[str, Any]]  # name -> index entry, of every issue already in series.json


def dates_between(text: str, every: str) -> list[dt.date]:
    """The issue dates of `FIRST..LAST` every `every` (pipeline/spec.py's every_step), LAST
    included when it falls on one; OptionError-free: InputError names the problem."""
    first_text, sep, last_text = text.partition("..")
    try:
        first, last = as_date(first_text), as_date(last_text)
    except ValueError:
        raise InputError(f"--dates: '{text}' is not a date range; write it as FIRST..LAST, e.g. 2027-01-04..2027-12-27") from None
    if not sep or first is None or last is None:
        raise InputError(f"--dates: '{text}' is not a date range; write it as FIRST..LAST, e.g. 2027-01-04..2027-12-27")
    if last < first:
        raise InputError(f"--dates: {last} comes before {first}; give the first issue's date first")
    try:
        days, months = every_step(every)
    except ValueError as exc:
        raise InputError(f"--every: {exc}") from None
    if months and first.day > 28:
        raise InputError(f"--every {every}: a series starting on day {first.day} has no such day in some months; start on the 1st to the 28th")
    dates, k = [], 0
    while True:
        if months:
            month = first.month - 1 + k * months
            year = first.year + month // 12
            if year > 9999:
                break
            day = dt.date(year, month % 12 + 1, first.day)
        else:
            day = first + dt.timedelta(days=k * days)
        if day > last:
            break
        dates.append(day)
        k += 1
        if len(dates) > MAX_ISSUES:
            raise InputError(f"--dates: {text} every {every} is more than the {MAX_ISSUES} issues a series builds in one command")
    return dates


def volumes_of(text: str) -> list[int]:
    """`N` or `N..M`: the volumes to build."""
    first, sep, last = text.partition("..")
    try:
        low, high = int(first), int(last) if sep else int(first)
    except ValueError:
        raise InputError(f"--volume: '{text}' is not a volume number; give N (3) or a range N..M (1..12)") from None
    if not 1 <= low <= high <= 9999:
        raise InputError(f"--volume: '{text}': give volumes from 1 to 9999, the first no larger than the last")
    if high - low + 1 > MAX_ISSUES:
        raise InputError(f"--volume: {text} is more than the {MAX_ISSUES} volumes a series builds in one command")
    return list(range(low, high + 1))


def issue_name(by: str, job: JobSpec) -> str:
    if by == "volume":
        return f"volume-{job.series.volume:02d}"  # type: ignore[union-attr]
    assert job.date is not None
    return job.date.isoformat()


def plan_series(
    spec: Path, job: JobSpec, root: Path, *, dates: str | None = None, every: str | None = None, volume: str | None = None,
) -> SeriesPlan:
    """Every issue to build, each loaded and checked, with what it excludes; nothing is written."""
    series = job.series or Series(by="volume" if volume is not None else "date")
    if dates is not None and series.by == "volume":
        raise InputError(f"--dates: {spec} is a series of volumes (series: volume); choose them with --volume")
    if volume is not None and series.by == "date":
        raise InputError(f"--volume: {spec} is a series of dated issues (series: date); choose them with --dates or --date")
    if every is not None and dates is None:
        raise InputError("--every: give --dates FIRST..LAST too, the range it steps through")
    if series.by == "date":
        wanted = dates_between(dates, every or series.every) if dates is not None else [job.date]
        _check_interval(job, every or series.every, "--every" if every else "series.every")
        jobs = [load_spec(spec, date=day) for day in wanted] if dates is not None else [job]
        jobs = [j.model_copy(update={"series": series}) for j in jobs]
    else:
        numbers = volumes_of(volume) if volume is not None else [series.volume] if series.volume else []
        if not numbers:
            raise InputError(f"{spec}: a series of volumes: choose the volume to build with --volume N (or series.volume)")
        jobs = [job.model_copy(update={"series": series.model_copy(update={"volume": n})}) for n in numbers]
    index = _read_index(root, series.by)
    issues = [Issue(issue_name(series.by, j), j, root / issue_name(series.by, j)) for j in jobs]
    _check_order(series.by, [i.name for i in issues], index, spec)
    names = sorted({*index, *(i.name for i in issues)}, key=_order)
    for issue in issues:
        earlier = [root / name for name in names if _order(name) < _order(issue.name)]
        issue.job = issue.job.model_copy(update={"exclude": [*issue.job.exclude, *(str(f / MANIFEST) for f in earlier)]})
        if issue.job.answers.from_previous_issue and series.by == "date":
            previous = issue.job.previous_issue().date.isoformat()  # type: ignore[union-attr]
            issue.reuse_from = (root / previous,) if previous in names else ()
    for issue in issues:
        outdir_rules.check(issue.folder)  # an issue's folder is ours, or new, or empty
    for issue in _representatives(issues):
        check_job(issue.job, issue.folder)
    for name in index:  # an earlier issue that is excluded must still be readable
        try:
            read_manifest(root / name)
        except RecordError as exc:
            raise InputError(f"{root / INDEX}: lists issue {name}, but {root / name}: {exc.problem}") from None
    return SeriesPlan(spec, root, series.by, issues, index)


def _check_interval(job: JobSpec, every: str, where: str) -> None:
    """A sheet printing the previous issue's answers must be a series whose issues are that far
    apart: otherwise its back answers an issue the series never printed."""
    if not job.answers.from_previous_issue:
        return
    days, months = every_step(every)
    if months or days != job.answers.interval_days:
        raise InputError(
            f"{where}: issues {every} apart, but each sheet prints the answers of the issue {job.answers.interval_days} days "
            f"before it (answers.interval_days), which this series would not have; make them the same"
        )


def _representatives(issues: list[Issue]) -> list[Issue]:
    """The issues whose pages stand for all: the first, and the one whose date prints longest
    (the masthead, the running header and the answers' captions carry it). The issues differ in
    nothing else a page check sees, and the check lays a sheet out with WeasyPrint: 0.26 s of CPU
    an issue, 13 s before a year of weekly sheets could start."""
    longest = max(issues, key=lambda i: len(issue_date(i.job.date)) if i.job.date else 0)
    return [issues[0]] if longest is issues[0] else [issues[0], longest]


def _check_order(by: str, wanted: list[str], index: dict[str, Any], spec: Path) -> None:
    """A volume needs every volume before it; a new dated issue comes after every one printed."""
    if by == "volume":
        have = {int(VOLUME_FOLDER.match(name).group(1)) for name in index}  # type: ignore[union-attr]
        first = int(VOLUME_FOLDER.match(wanted[0]).group(1))  # type: ignore[union-attr]
        missing = [n for n in range(1, first) if n not in have]
        if missing:
            built = ", ".join(str(n) for n in sorted(have)) or "none"
            raise InputError(
                f"--volume: volume {missing[0]} of {spec}'s series is not built (built: {built}); volume {first} "
                f"excludes every volume before it, so build from volume {missing[0]}: --volume {missing[0]}..{wanted[-1].removeprefix('volume-').lstrip('0')}"
            )
        return
    last = max(index, default=None)  # dates sort as they are ordered
    late = [name for name in wanted if name not in index and last is not None and name < last]
    if late:
        raise InputError(
            f"--dates: the issue of {late[0]} would come before the issue of {last}, already in the series; "
            "a new issue goes after the last one printed (the later ones excluded what came before them)"
        )


def refuse_series_folder(outdir: Path) -> None:
    """A build of one book or sheet does not write into a series folder (its manifest and PDFs
    would sit among the issues' folders, and the next series build would refuse the folder)."""
    if os.path.lexists(outdir / INDEX):
        raise InputError(
            f"{outdir} is a series folder (it holds {INDEX}); build its issues with --date, --dates or --volume "
            "from a spec with `series:`, or give another output folder"
        )


def _read_index(root: Path, by: str) -> dict[str, dict[str, Any]]:
    """The issues series.json lists (none for a new series folder); InputError when the folder
    holds something else than a series of this kind."""
    outdir_rules.check(root)
    if not root.exists():
        return {}
    pattern = VOLUME_FOLDER if by == "volume" else DATE_FOLDER
    for entry in sorted(os.scandir(root), key=lambda e: (e.name != MANIFEST, e.name)):
        if entry.name in (INDEX, outdir_rules.MARKER) or OWN_FILE.match(entry.name):
            continue
        if pattern.match(entry.name) and entry.is_dir(follow_symlinks=False):
            continue
        what = f"a build that is not a series ({MANIFEST})" if entry.name == MANIFEST else f"{entry.name}, which is not an issue of a series by {by}"
        raise InputError(
            f"output folder {root} holds {what}; a series folder holds only its issues' folders and {INDEX}. "
            "Give the series its own folder (`output` in the spec, or -o)"
        )
    if not os.path.lexists(root / INDEX):
        return {}
    try:
        data = read_json(root / INDEX, safeio.STAMP_BYTES)
    except RecordError as exc:
        raise InputError(f"{root / INDEX}: {exc.problem}") from None
    issues = data.get("issues") if isinstance(data, dict) else None
    if not isinstance(issues, list) or data.get("by") != by or not all(isinstance(i, dict) and pattern.match(str(i.get("issue"))) for i in issues):
        raise InputError(f"{root / INDEX} is not the index of a series by {by}; give this series its own folder")
    return {i["issue"]: i for i in issues}


def index_entry(name: str, folder: Path, by: str) -> dict[str, Any]:
    """What series.json says of one built issue: its folder and its puzzles."""
    manifest = read_manifest(folder)
    key = {"volume": manifest.job.series.volume} if by == "volume" else {"date": manifest.job.date.isoformat()}  # type: ignore[union-attr]
    puzzles = [
        {
            "number": e.number, "section": manifest.job.sections[e.section].heading, "type": e.type, "size": e.label,
            "code": e.code, "id": e.id, "sha256": (e.verdict or {}).get("record_sha256"),
        }
        for e in manifest.puzzles()
    ]
    return {"issue": name, "folder": name, **key, "title": manifest.job.title, "puzzles": puzzles}


def _order(name: str) -> tuple[int, str]:
    """An issue's place in its series: volumes by number, dates as they sort."""
    volume = VOLUME_FOLDER.match(name)
    return (int(volume.group(1)), "") if volume else (0, name)


def write_index(plan: SeriesPlan) -> None:
    issues = [plan.index[name] for name in sorted(plan.index, key=_order)]
    data = {"series": str(plan.spec), "by": plan.by, "issues": issues}
    write_atomic(plan.root / INDEX, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


IssueDone = Callable[[int, Issue, BuildReport, float], None]


def build_series(
    plan: SeriesPlan, *, jobs: int, fresh: bool, progress: ProgressFactory, scheduler: str | None = None,
    issue_done: IssueDone | None = None,
) -> None:
    """Build every issue of the plan in order on one pool, the index written after each (an
    interrupted series keeps the issues it finished, listed)."""
    outdir_rules.claim(plan.root)
    with open_pool(jobs, scheduler) as pool:
        for k, issue in enumerate(plan.issues):
            started = time.perf_counter()
            label = f"{k + 1}/{len(plan.issues)}"
            report = build(
                issue.job, issue.folder, jobs=jobs, fresh=fresh, scheduler=scheduler, pool=pool, reuse_from=issue.reuse_from,
                progress=lambda stage, label=label: progress(f"{label} {stage}"),
            )
            plan.index[issue.name] = index_entry(issue.name, issue.folder, plan.by)
            write_index(plan)
            if issue_done:
                issue_done(k, issue, report, time.perf_counter() - started)
