"""A series: one spec's dated issues or volumes, each in its own folder under the output folder,
none repeating a puzzle of an earlier one, listed in series.json; bad input refused before
anything is written, and a rebuild reusing every finished issue byte for byte."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path

import pytest

from conftest import cli, tree, write_spec
from pipeline.errors import InputError
from pipeline.stages.series import dates_between

# Every issue's nonogram tries the same code first, so from the second issue on it is a puzzle
# already printed: the series must pass it over, and the next sheet's answers must be the ones
# of the puzzle that issue printed instead.
SHEET = """title: The Tiny Post
date: 2027-01-04
format: newsletter
page: Letter
fonts: subset
output: out
answers: {placement: previous, interval_days: 7}
sections:
  - {type: nonogram, size: 5, count: 1, codes: [same-every-week]}
  - {type: kuralin, size: 5, count: 1}
"""

BOOK = """title: Tiny volumes
seed: vol
output: out
series: volume
front_matter: {how_to_play: false}
sections:
  - {type: nonogram, size: 5, count: 2}
"""


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text())


def ids(folder: Path, role: str = "puzzle") -> list[str]:
    return [e["id"] for e in manifest(folder)["puzzles"] if e["role"] == role]


def fingerprints(folder: Path) -> set[str]:
    return {e["stats"]["fingerprint"] for e in manifest(folder)["puzzles"] if e["role"] == "puzzle"}


@pytest.mark.parametrize(
    ("every", "count", "last"),
    [("week", 52, dt.date(2027, 12, 27)), ("2 weeks", 26, dt.date(2027, 12, 20)), ("month", 12, dt.date(2027, 12, 4)), ("day", 358, dt.date(2027, 12, 27))],
)
def test_a_range_of_dates_steps_by_the_interval_and_keeps_its_last_date_when_it_falls_on_one(every: str, count: int, last: dt.date) -> None:
    start = dt.date(2027, 1, 4)
    found = dates_between("2027-01-04..2027-12-27", every)
    assert len(found) == count and found[0] == start and found[-1] == last


def test_a_monthly_series_from_a_day_not_every_month_has_is_refused() -> None:
    with pytest.raises(InputError, match="day 31"):
        dates_between("2027-01-31..2027-12-31", "month")


def test_three_weekly_issues_each_in_its_folder_never_repeat_and_print_the_previous_issues_answers(in_tmp: Path) -> None:
    spec = write_spec(in_tmp, SHEET)
    ran = cli("build", spec, "--dates", "2027-01-04..2027-01-18", "--every", "week", "--jobs", "1")
    assert ran.code == 0, ran.stderr
    names = ["2027-01-04", "2027-01-11", "2027-01-18"]
    assert sorted(p.name for p in (in_tmp / "out").iterdir() if not p.name.startswith(".")) == [*names, "series.json"]
    for name in names:
        assert (in_tmp / "out" / name / "booklet.pdf").is_file()
        assert manifest(in_tmp / "out" / name)["job"]["date"] == name
    # never a repeat, though every issue asked for the same code first
    printed = [fingerprints(in_tmp / "out" / n) for n in names]
    assert sum(map(len, printed)) == len(set().union(*printed)) == 6
    for k, name in enumerate(names[1:], 1):
        skipped = manifest(in_tmp / "out" / name)["skipped"]
        assert any(s["code"] == "same-every-week" and "already published" in s["reason"] for s in skipped)
        excluded = manifest(in_tmp / "out" / name)["job"]["exclude"]
        assert [Path(e).parent.name for e in excluded] == names[:k]
        # the back prints the answers of the puzzles the previous issue printed, not of others
        assert ids(in_tmp / "out" / name, "previous") == ids(in_tmp / "out" / names[k - 1])
    # the index: every issue, its folder, and its puzzles with type, code and record digest
    index = json.loads((in_tmp / "out" / "series.json").read_text())
    assert index["by"] == "date" and [i["issue"] for i in index["issues"]] == names
    for issue in index["issues"]:
        folder = in_tmp / "out" / issue["folder"]
        assert [p["id"] for p in issue["puzzles"]] == ids(folder)
        for puzzle in issue["puzzles"]:
            record = (folder / "puzzles" / f"{puzzle['id']}.json").read_bytes()
            assert puzzle["sha256"] == hashlib.sha256(record).hexdigest()
            assert json.loads(record)["code"] == puzzle["code"] and puzzle["type"] in ("nonogram", "kuralin")
    # the second and third issues copy the previous issue's records: reused, not made again
    lines = [line for line in ran.stderr.splitlines() if line.startswith("issue ")]
    assert "answers: made again" in lines[0] and all("answers: reused" in line for line in lines[1:])
    assert "3 issues" in ran.stderr and "6 puzzles, none printed twice" in ran.stderr

    before = tree(in_tmp / "out")
    again = cli("build", spec, "--dates", "2027-01-04..2027-01-18", "--jobs", "1")
    assert again.code == 0, again.stderr
    assert tree(in_tmp / "out") == before
    assert again.stderr.count("(0 made, 2 reused)") == 3 and again.stderr.count("layout unchanged, kept") == 3

    # a plain build (no series: in the spec, no --dates) must not write into the series folder
    plain = cli("build", spec, "--date", "2027-01-25", "--jobs", "1")
    assert plain.code == 2 and "is a series folder" in plain.stderr and len(plain.stderr.strip().splitlines()) == 1
    assert tree(in_tmp / "out") == before


def test_a_later_issue_alone_excludes_every_issue_in_the_index(in_tmp: Path) -> None:
    spec = write_spec(in_tmp, SHEET.replace("output: out\n", "output: out\nseries: {by: date, every: week}\n"))
    assert cli("build", spec, "--dates", "2027-01-04..2027-01-11", "--jobs", "1").code == 0
    ran = cli("build", spec, "--date", "2027-01-18", "--jobs", "1")
    assert ran.code == 0, ran.stderr
    excluded = manifest(in_tmp / "out" / "2027-01-18")["job"]["exclude"]
    assert [Path(e).parent.name for e in excluded] == ["2027-01-04", "2027-01-11"]
    index = json.loads((in_tmp / "out" / "series.json").read_text())
    assert [i["issue"] for i in index["issues"]] == ["2027-01-04", "2027-01-11", "2027-01-18"]
    # an issue before the last one printed would change what the later ones excluded
    before = tree(in_tmp)
    early = cli("build", spec, "--date", "2027-01-06")
    assert early.code == 2 and "would come before the issue of 2027-01-18" in early.stderr
    assert tree(in_tmp) == before


def test_volume_n_excludes_every_earlier_volume_and_a_gap_is_refused(in_tmp: Path) -> None:
    spec = write_spec(in_tmp, BOOK)
    gap = cli("build", spec, "--volume", "2")
    assert gap.code == 2 and "volume 1 of" in gap.stderr and "--volume 1..2" in gap.stderr
    assert sorted(p.name for p in in_tmp.iterdir()) == ["job.yaml"]
    one = cli("build", spec, "--volume", "1", "--jobs", "1")
    assert one.code == 0, one.stderr
    two = cli("build", spec, "--volume", "2", "--jobs", "1")
    assert two.code == 0, two.stderr
    first, second = in_tmp / "out" / "volume-01", in_tmp / "out" / "volume-02"
    assert (first / "booklet.pdf").is_file() and (second / "booklet.pdf").is_file()
    assert [Path(e).parent.name for e in manifest(second)["job"]["exclude"]] == ["volume-01"]
    assert not fingerprints(first) & fingerprints(second) and len(fingerprints(second)) == 2
    # volume 1 is the book the spec makes without a series; later volumes draw other codes
    assert manifest(first)["base_code"] == "vol" and manifest(second)["base_code"] == "vol.volume-2"
    index = json.loads((in_tmp / "out" / "series.json").read_text())
    assert [(i["issue"], i["volume"]) for i in index["issues"]] == [("volume-01", 1), ("volume-02", 2)]
    before = tree(in_tmp)
    four = cli("build", spec, "--volume", "4")
    assert four.code == 2 and "volume 3 of" in four.stderr and "built: 1, 2" in four.stderr
    assert tree(in_tmp) == before
    # a range in one command: each excludes every volume before it, those of this command too
    more = cli("build", spec, "--volume", "3..4", "--jobs", "1")
    assert more.code == 0, more.stderr
    folders = [in_tmp / "out" / f"volume-0{n}" for n in range(1, 5)]
    assert [Path(e).parent.name for e in manifest(folders[3])["job"]["exclude"]] == ["volume-01", "volume-02", "volume-03"]
    printed = [fingerprints(f) for f in folders]
    assert sum(map(len, printed)) == len(set().union(*printed)) == 8


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dates", "2027-01-04"], "not a date range"),
        (["--dates", "2027-13-01..2027-02-01"], "not a date range"),
        (["--dates", "2027-02-01..2027-01-04"], "2027-01-04 comes before 2027-02-01"),
        (["--dates", "2027-01-04..2027-02-01", "--every", "fortnightly"], "--every: 'fortnightly' is not an interval"),
        (["--dates", "2027-01-04..2027-02-01", "--every", "0 days"], "is not an interval"),
        (["--dates", "2027-01-31..2027-05-01", "--every", "month"], "no such day in some months"),
        (["--dates", "2027-01-04..2027-02-01", "--date", "2027-01-04"], "--date and --dates"),
        (["--every", "week"], "--every: give --dates"),
        (["--volume", "2"], "is a series of dated issues"),
        (["--dates", "1900-01-01..1900-02-01"], "before the first supported date"),
        (["--dates", "2027-01-04..2099-01-01", "--every", "week"], "more than the 1000 issues"),
        (["--dates", "2027-01-04..2027-03-01", "--every", "2 weeks"], "prints the answers of the issue 7 days before it"),
    ],
)
def test_bad_series_options_are_one_line_exit_2_and_nothing_written(in_tmp: Path, args: list[str], message: str) -> None:
    spec = write_spec(in_tmp, SHEET.replace("output: out\n", "output: out\nseries: date\n"))
    ran = cli("build", spec, *args)
    assert ran.code == 2 and message in ran.stderr and "Traceback" not in ran.stderr, ran.stderr
    assert len(ran.stderr.strip().splitlines()) <= 2, ran.stderr  # a date the spec refuses: the spec's own form, one problem
    assert sorted(p.name for p in in_tmp.iterdir()) == ["job.yaml"]


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--volume", "x"], "not a volume number"), (["--volume", "3..2"], "the first no larger than the last"), (["--dates", "2027-01-04..2027-02-01"], "a series of volumes")],
)
def test_bad_volume_options_are_one_line_exit_2(in_tmp: Path, args: list[str], message: str) -> None:
    spec = write_spec(in_tmp, BOOK)
    ran = cli("build", spec, *args)
    assert ran.code == 2 and message in ran.stderr and len(ran.stderr.strip().splitlines()) == 1, ran.stderr
    assert sorted(p.name for p in in_tmp.iterdir()) == ["job.yaml"]


def test_a_series_folder_holding_something_else_is_refused_and_left_as_it_was(in_tmp: Path) -> None:
    spec = write_spec(in_tmp, SHEET)
    plain = cli("build", spec, "--jobs", "1")  # a plain sheet built into out/ before it was a series
    assert plain.code == 0, plain.stderr
    before = tree(in_tmp)
    ran = cli("build", spec, "--dates", "2027-01-11..2027-01-18")
    assert ran.code == 2 and "holds a build that is not a series" in ran.stderr and len(ran.stderr.strip().splitlines()) == 1
    assert tree(in_tmp) == before
    # an issue's folder that someone else filled
    foreign = write_spec(in_tmp, SHEET.replace("output: out\n", "output: elsewhere\n"), "foreign.yaml")
    assert cli("build", foreign, "--dates", "2027-01-04..2027-01-04", "--jobs", "1").code == 0
    (in_tmp / "elsewhere" / "2027-01-11").mkdir()
    (in_tmp / "elsewhere" / "2027-01-11" / "notes.txt").write_text("mine")
    before = tree(in_tmp)
    ran = cli("build", foreign, "--dates", "2027-01-04..2027-01-18")
    assert ran.code == 2 and "2027-01-11 is not empty and was not made by puzzlepress" in ran.stderr
    assert tree(in_tmp) == before and not (in_tmp / "elsewhere" / "2027-01-18").exists()
    volumes = write_spec(in_tmp, BOOK, "book.yaml")
    before["book.yaml"] = volumes.read_bytes()
    ran = cli("build", volumes, "--volume", "1")
    assert ran.code == 2 and "not a series" in ran.stderr
    assert tree(in_tmp) == before


def test_a_sheet_rebuilt_in_its_folder_says_the_previous_issues_puzzles_were_reused(in_tmp: Path) -> None:
    spec = write_spec(in_tmp, SHEET)
    first = cli("build", spec, "--jobs", "1")
    assert first.code == 0 and "of the issue of 28 December 2026, made again to print their answers" in first.stderr, first.stderr
    again = cli("build", spec, "--jobs", "1")
    assert again.code == 0 and "of the issue of 28 December 2026, reused to print their answers" in again.stderr, again.stderr
    assert "made again to print" not in again.stderr


def test_a_bad_series_in_the_spec_is_named_with_its_line(in_tmp: Path) -> None:
    spec = write_spec(in_tmp, SHEET.replace("output: out\n", "output: out\nseries: {by: date, every: fortnightly}\n"))
    ran = cli("build", spec)
    assert ran.code == 2 and "series.every" in ran.stderr and "'fortnightly' is not an interval" in ran.stderr, ran.stderr
    assert sorted(p.name for p in in_tmp.iterdir()) == ["job.yaml"]


def test_a_series_spec_is_not_generated_alone_nor_built_in_a_catalogue(in_tmp: Path) -> None:
    spec = write_spec(in_tmp, BOOK)
    ran = cli("generate", spec)
    assert ran.code == 2 and "is a series" in ran.stderr
    other = write_spec(in_tmp, BOOK.replace("output: out\nseries: volume\n", "output: other\n"), "other.yaml")
    ran = cli("build", other, spec)
    assert ran.code == 2 and "is built on its own" in ran.stderr
    assert sorted(p.name for p in in_tmp.iterdir()) == ["job.yaml", "other.yaml"]


def test_a_series_runs_every_issue_on_one_pool_of_workers(in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a pool a sheet: generate, verify and layout of every issue share the workers started once."""
    from pipeline import parallel

    opened = []
    original = parallel.Pool.__init__

    def counting(self: parallel.Pool, jobs: int) -> None:
        opened.append(jobs)
        original(self, jobs)

    monkeypatch.setattr(parallel.Pool, "__init__", counting)
    spec = write_spec(in_tmp, SHEET)
    ran = cli("build", spec, "--dates", "2027-01-04..2027-01-18", "--jobs", "2")
    assert ran.code == 0, ran.stderr
    assert opened == [2]
