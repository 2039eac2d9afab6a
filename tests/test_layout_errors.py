"""Bad input and unproved puzzles stop the layout with a clear message, before anything prints."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import cli, write_spec
from pipeline.errors import LayoutError, RecordError, SpecError
from pipeline.manifest import record_path
from pipeline.render.geometry import auto_gutter_mm
from pipeline.units import MM_PER_IN
from pipeline.spec import parse_spec
from pipeline.stages import book as book_stage
from pipeline.stages.generate import generate
from pipeline.stages.layout import layout
from pipeline.stages.pageplan import page_problems
from pipeline.stages.printable import refuse_unverified
from pipeline.stages.styles import book_style
from pipeline.stages.verify import verify

SMALL = """\
title: Small
seed: small
sections:
  - {type: nonogram, size: 5, count: 2}
"""


def built(folder: Path, spec: str = SMALL) -> Path:
    generate(parse_spec(spec), folder, jobs=1)
    verify(folder, jobs=1)
    return folder


# ---- the spec: margins and formats ------------------------------------------------------------


@pytest.mark.parametrize(
    ("page", "message"),
    [
        ("{size: A5, margins: {outside: 5mm}}", "line 3: page: margins.outside must be at least 6.35 mm (0.25 in)"),
        ("{size: A5, bleed: true, margins: {top: 8mm, bottom: 8mm}}", "margins.top, margins.bottom must be at least 9.52 mm (0.375 in with bleed)"),
        ("{size: 5x8in, margins: {top: 60mm, bottom: 45mm}}", "take half or more of the 203.2 mm page height"),
        ("{size: A5, gutter: 40mm, margins: {outside: 30mm}}", "take half or more of the 148 mm page width"),
        ("{size: B5}", "unknown page size 'B5'"),
    ],
)
def test_margins_that_print_services_would_trim_are_refused(page: str, message: str) -> None:
    with pytest.raises(SpecError) as caught:
        parse_spec(f"title: t\nseed: s\npage: {page}\nsections: [{{type: nonogram, size: 5, count: 1}}]\n")
    assert any(message in problem for problem in caught.value.problems), caught.value.problems


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("format: newsletter\nseed: s", "format: newsletter needs a `date`"),
        ("format: newsletter\ndate: 2026-11-30\nimposition: true", "imposition needs format: book"),
        ("format: newsletter\ndate: 2026-11-30\nanswers: section", "a newsletter sheet has no sections"),
    ],
)
def test_newsletter_settings_must_make_sense(extra: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        parse_spec(f"title: t\n{extra}\nsections: [{{type: nonogram, size: 5, count: 1}}]\n")


# ---- the page plan: geometry before generating ---------------------------------------------------


def test_the_page_plan_passes_a_sensible_job() -> None:
    assert page_problems(parse_spec(SMALL)) == []


def test_the_page_plan_names_every_section_and_answer_group_that_cannot_fit() -> None:
    job = parse_spec(
        "title: t\nseed: s\npage: {size: A5, margins: {outside: 40mm, inside: 25mm}}\nanswers: {per_page: 24}\n"
        "sections:\n  - {type: nonogram, size: 15, count: 2}\n  - {type: nonogram, size: 10, count: 2, per_page: 6}\n"
    )
    problems = page_problems(job)
    assert [p.split(":")[0] for p in problems] == [
        "sections[0] (Nonogram 15×15)", "answers.per_page (Nonogram 15×15)",
        "sections[1] (Nonogram 10×10)", "answers.per_page (Nonogram 10×10)",
    ]
    assert "7 pt" in problems[0] and "page.margins" in problems[0]


def test_the_page_plan_says_when_a_book_is_too_thick_for_the_gutter_table() -> None:
    job = parse_spec("title: t\nseed: s\nsections: [{type: nonogram, size: 15, count: 900, per_page: 1}]\n")
    assert page_problems(job) == [
        "page.gutter: a book of 961 pages is thicker than the gutter table allows (828 pages at most); "
        "split the job into volumes or set page.gutter to a length"
    ]
    fixed = parse_spec("title: t\nseed: s\npage: {gutter: 0.875in}\nsections: [{type: nonogram, size: 15, count: 900, per_page: 1}]\n")
    assert page_problems(fixed) == []


def test_a_newsletter_front_must_hold_every_puzzle() -> None:
    job = parse_spec("title: t\ndate: 2026-11-30\nformat: newsletter\npage: A5\nsections: [{type: nonogram, size: 15, count: 6}]\n")
    assert page_problems(job)[0].startswith("the front page: 6 puzzles do not fit legibly")


def test_build_with_no_room_for_a_grid_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, "title: t\nseed: s\npage: {size: 5x8in, margins: {outside: 30mm, inside: 20mm}}\nsections: [{type: nonogram, size: 15, count: 1}]\n")
    ran = cli("build", spec, "-o", tmp_path / "out")
    assert ran.code == 2
    assert "sections[0] (Nonogram 15×15): 1 per page leaves slots of" in ran.stderr
    assert not (tmp_path / "out").exists()


# ---- what may print ----------------------------------------------------------------------------------


def edit_manifest(folder: Path, change) -> None:  # type: ignore[no-untyped-def]
    path = folder / "manifest.json"
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_unproved_puzzles_are_never_printed(tmp_path: Path) -> None:
    folder = built(tmp_path)
    first, second = (p["id"] for p in json.loads((folder / "manifest.json").read_text())["puzzles"])

    def fail_one(data):  # type: ignore[no-untyped-def]
        data["puzzles"][0]["verdict"] = {"status": "failed", "problems": ["proof: a second answer"]}
        data["puzzles"][1]["verdict"] = None

    edit_manifest(folder, fail_one)
    with pytest.raises(LayoutError) as caught:
        layout(folder)
    assert f"{first} (verdict: failed)" in str(caught.value) and f"{second} (not verified)" in str(caught.value)
    assert not (folder / "booklet.pdf").exists()
    ran = cli("layout", folder)
    assert ran.code == 1 and first in ran.stderr


def test_a_refusal_counts_its_reasons_and_names_the_first_puzzles_only() -> None:
    stale = {"status": "proved", "record_sha256": "ab" * 32, "verifier": "0.0.0+0000000000000000"}
    loaded = [SimpleNamespace(entry=SimpleNamespace(id=f"p{k}", verdict=stale, grade=None), sha256="ab" * 32) for k in range(25)]
    loaded.append(SimpleNamespace(entry=SimpleNamespace(id="unproved", verdict=None, grade=None), sha256="ab" * 32))
    with pytest.raises(LayoutError) as caught:
        refuse_unverified(loaded)
    message = str(caught.value)
    assert message.startswith("refusing to print 26 puzzles that have not been proved (25 verified by another version of puzzlepress; 1 not verified)")
    assert "  - p9 (verified by another version of puzzlepress)" in message and "p10 " not in message
    assert message.endswith("  - and 16 more") and len(message.splitlines()) == 12


def test_a_record_changed_after_verification_is_not_printed(tmp_path: Path) -> None:
    folder = built(tmp_path)
    pid = json.loads((folder / "manifest.json").read_text())["puzzles"][0]["id"]
    path = record_path(folder, pid)
    path.write_text(path.read_text() + "\n")
    with pytest.raises(LayoutError, match=f"{pid} \\(its record changed after it was verified\\)"):
        layout(folder)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [("solution", None, "field 'solution'"), ("code", "other", "field 'code' is 'other' but the manifest says")],
)
def test_a_malformed_record_names_its_file(tmp_path: Path, field: str, value: object, message: str) -> None:
    folder = built(tmp_path)
    pid = json.loads((folder / "manifest.json").read_text())["puzzles"][1]["id"]
    path = record_path(folder, pid)
    record = json.loads(path.read_text())
    if value is None:
        del record[field]
    else:
        record[field] = value
    path.write_text(json.dumps(record))
    with pytest.raises(RecordError) as caught:
        layout(folder)
    assert str(path) in str(caught.value) and message in str(caught.value)
    ran = cli("layout", folder)
    assert ran.code == 2 and str(path) in ran.stderr


# ---- the gutter settles on the final page count ----------------------------------------------------------


def test_auto_gutter_is_taken_from_the_rendered_page_count() -> None:
    """A book that renders to 151 pages with the narrow gutter and to 150 with the wide one
    keeps the wide one: never a gutter narrower than its page count asks for."""
    job = book_style(parse_spec(SMALL))
    narrow, wide = auto_gutter_mm(150), auto_gutter_mm(151)
    rendered = []

    def render(box):  # type: ignore[no-untyped-def]
        rendered.append(box.gutter)
        return 151 if box.gutter == narrow else 150  # the page count it renders to

    pages, box = book_stage._rendered_with_gutter(job, 140, render, lambda count: count)
    assert box.gutter == wide == pytest.approx(0.5 * MM_PER_IN) and pages == 150
    assert rendered == [narrow, wide]
    pages, box = book_stage._rendered_with_gutter(job, 400, render, lambda count: count)
    assert box.gutter == wide and rendered[2:] == [auto_gutter_mm(400), narrow, wide]


def test_layout_rewrites_no_picture_that_has_not_changed(tmp_path: Path) -> None:
    folder = built(tmp_path)
    report = layout(folder)
    svgs = sorted((folder / "puzzles").glob("*.svg"))
    assert len(svgs) == 4 and report.files == [folder / "booklet.pdf", folder / "preflight.json"]
    stamps = [p.stat().st_mtime_ns for p in svgs]
    layout(folder)
    assert [p.stat().st_mtime_ns for p in svgs] == stamps


def test_pages_too_small_for_the_real_puzzles_are_bad_input_at_layout_too(tmp_path: Path) -> None:
    """Layout checks the real puzzles again: a manifest whose page no longer holds them (edited
    after generating) is the same kind of problem the page plan reports: exit 2, no PDF."""
    folder = built(tmp_path / "out", SMALL.replace("size: 5, count: 2", "size: 15, count: 2"))
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["job"]["page"]["size"] = "60x80mm"
    manifest["job"]["page"]["margins"] = {"top": 7, "bottom": 7, "outside": 7, "inside": 1}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    ran = cli("layout", folder)
    assert ran.code == 2 and "Traceback" not in ran.stderr and "does not fit legibly" in ran.stderr
    assert not (folder / "booklet.pdf").exists()
