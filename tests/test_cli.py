"""The command line: exit codes, one clear message for bad input, nothing written on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cli, cli_process, write_spec
from pipeline.registry import puzzle_types

SMALL = """\
title: Small
seed: small
sections:
  - {type: nonogram, size: 5, count: 2}
"""


def test_version_and_help() -> None:
    assert cli("--version").stdout.startswith("puzzlepress ")
    for command in ("build", "generate", "verify", "layout", "new", "types", "bench"):
        ran = cli(command, "--help")
        assert ran.code == 0 and "Usage" in ran.stdout


def test_types_lists_every_type_with_its_parameters_and_sizes() -> None:
    out = cli("types").stdout
    for name, ptype in puzzle_types().items():
        least, most = ptype.params.grid_range("rows")
        for line in (name, ptype.title, ", ".join(ptype.presets), f"{least} to {most}", f"{name}/{ptype.version}"):
            assert line in out


def test_new_makes_a_rectangular_puzzle(in_tmp: Path) -> None:
    ran = cli("new", "nonogram", "--size", "12x7", "--code", "wide", "-o", in_tmp / "one")
    assert ran.code == 0 and "Nonogram 12×7" in ran.stderr
    record = json.loads((in_tmp / "one" / "puzzles" / "nonogram-12x7-wide.json").read_text())
    assert (record["rows"], record["cols"]) == (7, 12)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 4, count: 1}\n", "line 4: sections[0].size"),
        ("- just\n- a list\n", "not a list"),
        ("", "not empty"),
        ("title: x\nseed: 1\nsections:\n  - {type: nonogram, size: 5, count: 1}\nstyle: fancy\n", "unknown key 'style'"),
    ],
)
def test_bad_spec_exits_2_with_the_place_and_writes_nothing(in_tmp: Path, spec: str, message: str) -> None:
    path = write_spec(in_tmp, spec)
    for command in ("build", "generate"):
        ran = cli(command, path, "-o", in_tmp / "out")
        assert ran.code == 2
        assert message in ran.stderr and str(path) in ran.stderr
        assert "Traceback" not in ran.stderr
    assert sorted(p.name for p in in_tmp.iterdir()) == ["job.yaml"]


def test_output_path_that_is_a_file_or_under_a_file(in_tmp: Path) -> None:
    path = write_spec(in_tmp, SMALL)
    blocker = in_tmp / "taken"
    blocker.write_text("keep me")
    for target, message in ((blocker, "is an existing file"), (blocker / "sub", "is a file")):
        ran = cli("build", path, "-o", target)
        assert ran.code == 2 and message in ran.stderr
    assert blocker.read_text() == "keep me"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--date", "2026-31-12"], "--date: '2026-31-12' is not a date"),
        (["--jobs", "0"], "--jobs: 0 is out of range"),
    ],
)
def test_bad_options_exit_2(in_tmp: Path, args: list[str], message: str) -> None:
    path = write_spec(in_tmp, SMALL)
    ran = cli("build", path, "-o", in_tmp / "out", *args)
    assert ran.code == 2 and message in ran.stderr
    assert not (in_tmp / "out").exists()


def test_unknown_type_or_size_for_new(in_tmp: Path) -> None:
    ran = cli("new", "nonogrma", "--size", "5", "-o", in_tmp / "n")
    assert ran.code == 2 and "did you mean 'nonogram'" in ran.stderr
    ran = cli("new", "kuralin", "--size", "4", "-o", in_tmp / "n")
    assert ran.code == 2 and "--size: 4 is not a kuralin grid; give a number from 5 to 12" in ran.stderr
    ran = cli("new", "kuralin", "--size", "9x13", "-o", in_tmp / "n")
    assert ran.code == 2 and "--size: 9x13 is not a kuralin grid" in ran.stderr
    assert not (in_tmp / "n").exists()


def test_new_makes_one_proved_puzzle_from_a_code(in_tmp: Path) -> None:
    ran = cli("new", "nonogram", "--size", "5", "--code", "harbour", "-o", in_tmp / "one")
    assert ran.code == 0 and ran.stdout == ""  # a code given is not echoed back alone on a line
    assert "code harbour: proved unique" in ran.stderr
    files = sorted(p.name for p in (in_tmp / "one" / "puzzles").iterdir())
    assert files == ["nonogram-5-harbour-answer.svg", "nonogram-5-harbour.json", "nonogram-5-harbour.svg"]
    record = json.loads((in_tmp / "one" / "puzzles" / "nonogram-5-harbour.json").read_text())
    assert record["code"] == "harbour" and record["type"] == "nonogram"


def test_new_without_a_code_draws_a_fresh_one_and_prints_it(in_tmp: Path) -> None:
    ran = cli("new", "nonogram", "--size", "5", "-o", in_tmp / "one")
    code = ran.stdout.strip()
    assert ran.code == 0 and len(code) == 8
    assert (in_tmp / "one" / "puzzles" / f"nonogram-5-{code}.json").exists()


@pytest.mark.parametrize("type_name", sorted(puzzle_types()))
def test_new_says_try_another_code_in_one_line_when_a_code_is_unsuitable(in_tmp: Path, type_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every type's generator may say "not this code" (Unsuitable): `new` prints one line with
    the reason and the advice, exit 1, and writes no record."""
    from pipeline.errors import Unsuitable
    from pipeline.interface.puzzle_type import PuzzleType

    def unsuitable(self: PuzzleType, *args: object, **kwargs: object) -> None:
        raise Unsuitable(f"no {self.name} puzzle from this code")

    monkeypatch.setattr(PuzzleType, "make", unsuitable)
    ran = cli("new", type_name, "--code", "nope", "-o", in_tmp / "one")
    assert ran.code == 1 and "Traceback" not in ran.stderr
    assert ran.stderr.strip().count("\n") == 0
    assert f"no {type_name} puzzle from this code; try another code" in ran.stderr
    assert not list((in_tmp / "one").glob("puzzles/*.json"))


def test_new_expert_nonogram_from_an_unsuitable_code_is_one_line(in_tmp: Path) -> None:
    ran = cli_process("new", "nonogram", "--size", "10", "--code", "a", "--difficulty", "expert", "-o", in_tmp / "one")
    assert ran.code == 1 and "Traceback" not in ran.stderr
    assert ran.stderr.strip() == "error: nonogram 10×10, code a: no expert puzzle among 40 pictures; try another code"


def test_verify_of_a_folder_without_records_is_bad_input(in_tmp: Path) -> None:
    (in_tmp / "empty").mkdir()
    ran = cli("verify", in_tmp / "empty")
    assert ran.code == 2 and "no manifest.json and no puzzle records" in ran.stderr
    ran = cli("layout", in_tmp / "empty")
    assert ran.code == 2 and "no manifest here" in ran.stderr


def test_a_real_process_reports_bad_input_without_a_traceback(in_tmp: Path) -> None:
    path = write_spec(in_tmp, "title: x\nseed: 1\nsections:\n  - {type: no-such-type, size: 9, count: 1}\n")
    ran = cli_process("build", path)
    assert ran.code == 2
    assert "unknown puzzle type 'no-such-type'" in ran.stderr and "Traceback" not in ran.stderr
    assert not (in_tmp / "output").exists()
