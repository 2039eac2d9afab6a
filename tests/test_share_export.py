"""`puzzlepress export`, through the CLI: every format, refusals by name, bad input, no stray writes."""

from __future__ import annotations

import json
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from conftest import cli, tree, write_spec
from pipeline.records import read_json
from pipeline.registry import get_type, puzzle_types
from pipeline.stages.export import DRAWN, formats
from pipeline.share.puzzlink import puzzle_url


def smallest(ptype) -> str:
    return min(ptype.presets.values(), key=lambda p: (p.rows * p.cols, p.rows)).size


# Every registered type at its smallest, the first more than once: four puzzles or more, to
# refuse three and keep one.
TYPES = sorted(puzzle_types().items())
SPEC = """\
title: Weekly <Puzzles> & "more"
subtitle: Issue 7
date: 2026-11-30
sections:
""" + "".join(
    f"  - {{type: {name}, size: {smallest(ptype)}, count: {max(1, 5 - len(TYPES)) if index == 0 else 1}}}\n"
    for index, (name, ptype) in enumerate(TYPES)
)


def exported(folder: Path) -> list[Path]:
    """The files an export wrote, without the marker that makes the folder puzzlepress's own."""
    return sorted(p for p in folder.iterdir() if p.name != ".puzzlepress-output")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("export")
    out = folder / "out"
    assert cli("generate", write_spec(folder, SPEC), "-o", out, "-j", "1").code == 0
    assert cli("verify", out, "-j", "1").code == 0
    return out


@pytest.fixture
def copy(built: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(built, tmp_path / "out"))


def records(outdir: Path) -> list[dict]:
    manifest = json.loads((outdir / "manifest.json").read_text())
    return [read_json(outdir / "puzzles" / f"{e['id']}.json") for e in manifest["puzzles"]]


def figure(record: dict, answer: bool):
    ptype = puzzle_types()[record["type"]]
    return ptype.draw(ptype.from_record(record), answer=answer)


def test_help_and_types_name_every_format() -> None:
    ran = cli("export", "--help")
    assert ran.code == 0 and "png, svg, html, web" in ran.stdout and "puzzlepress types" in ran.stdout
    listed = cli("types").stdout
    for name in (f for f in formats() if f not in DRAWN):
        assert name in listed


def test_svg_writes_one_file_per_puzzle_and_answer(built: Path, tmp_path: Path) -> None:
    ran = cli("export", built, "--format", "svg", "-o", tmp_path / "svg")
    assert ran.code == 0
    for record in records(built):
        assert (tmp_path / "svg" / f"{record['id']}.svg").read_text() == figure(record, False).svg
        assert (tmp_path / "svg" / f"{record['id']}-answer.svg").read_text() == figure(record, True).svg


@pytest.mark.parametrize("fmt", [fmt for fmt in formats() if fmt not in DRAWN])
def test_each_file_format_writes_its_types_files_and_names_the_puzzles_it_cannot(built: Path, tmp_path: Path, fmt: str) -> None:
    """A file a puzzle for the types that list the format, each what the type's writer makes;
    the other puzzles are named as having no such file, and the export still succeeds."""
    ran = cli("export", built, "--format", fmt, "-o", tmp_path / fmt)
    assert ran.code == 0 and "Traceback" not in ran.stderr
    covered, others = [], []
    for record in records(built):
        (covered if get_type(record["type"]).share.file_format(fmt) else others).append(record)
    expected = {}
    for record in covered:
        file_format = get_type(record["type"]).share.file_format(fmt)
        expected[f"{record['id']}{file_format.suffix}"] = file_format.write(record)
    assert {p.name: p.read_text() for p in exported(tmp_path / fmt)} == expected
    if others:
        having = ", ".join(ptype.title for ptype in puzzle_types().values() if ptype.share.file_format(fmt))
        assert f"{len(others)} puzzles have no {fmt} form (only {having} puzzles have one)" in ran.stderr
        assert all(record["id"] in ran.stderr for record in others)


@pytest.mark.parametrize("dpi", [150, 300])
def test_png_at_the_chosen_resolution(built: Path, tmp_path: Path, dpi: int) -> None:
    args = ["export", built, "--format", "png", "-o", tmp_path] + ([] if dpi == 150 else ["--dpi", dpi])
    assert cli(*args).code == 0
    for record in records(built):
        for answer, suffix in ((False, ""), (True, "-answer")):
            drawn = figure(record, answer)
            image = Image.open(tmp_path / f"{record['id']}{suffix}.png")
            expected = (drawn.width_mm / 25.4 * dpi, drawn.height_mm / 25.4 * dpi)
            assert abs(image.width - expected[0]) <= 1 and abs(image.height - expected[1]) <= 1
            assert round(image.info["dpi"][0]) == dpi
            assert image.convert("L").getextrema() == (0, 255)  # black ink on white paper
        puzzle = Image.open(tmp_path / f"{record['id']}.png").convert("L")
        answer = Image.open(tmp_path / f"{record['id']}-answer.png").convert("L")
        assert puzzle.tobytes() != answer.tobytes()


def test_exports_are_the_same_bytes_every_time(built: Path, tmp_path: Path) -> None:
    for fmt in ("png", "html"):
        cli("export", built, "--format", fmt, "-o", tmp_path / "a" / fmt)
        cli("export", built, "--format", fmt, "-o", tmp_path / "b" / fmt)
    assert tree(tmp_path / "a") == tree(tmp_path / "b")


class Page(HTMLParser):
    """Every tag with its attributes, the text of <style>, and where each <details> holds what."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.style = ""
        self.stack: list[str] = []
        self.svgs_in_details: int = 0
        self.svgs: int = 0

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "svg":
            self.svgs += 1
            self.svgs_in_details += "details" in self.stack
        self.stack.append(tag)

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop() != tag:
            pass

    def handle_data(self, data):
        if self.stack and self.stack[-1] == "style":
            self.style += data


def test_html_is_one_self_contained_page_with_links_and_answer_toggles(built: Path, tmp_path: Path) -> None:
    assert cli("export", built, "--format", "html", "-o", tmp_path).code == 0
    assert [p.name for p in exported(tmp_path)] == ["index.html"]
    text = (tmp_path / "index.html").read_text()
    page = Page()
    page.feed(text)
    tags = {tag for tag, _ in page.tags}
    # Nothing to fetch: no scripts, style sheets, images, frames, media or fonts from anywhere.
    assert not tags & {"script", "link", "img", "iframe", "object", "embed", "source", "video", "audio", "image", "use", "base"}
    assert "url(" not in page.style and "@import" not in page.style and "@font-face" not in page.style
    for tag, attrs in page.tags:
        assert "src" not in attrs and "xlink:href" not in attrs and "srcset" not in attrs
        assert tag == "a" or "href" not in attrs
    links = [attrs["href"] for tag, attrs in page.tags if tag == "a"]
    puzzles = records(built)
    assert links == [puzzle_url(r) for r in puzzles if puzzle_url(r) is not None]
    # The answers hide behind a closed <details>, which browsers toggle without any script.
    details = [attrs for tag, attrs in page.tags if tag == "details"]
    assert len(details) == len(puzzles) and not any("open" in attrs for attrs in details)
    assert page.svgs == 2 * len(puzzles) and page.svgs_in_details == len(puzzles)
    assert "<h1>Weekly &lt;Puzzles&gt; &amp; &#34;more&#34;</h1>" in text
    assert all(f"How to play {ptype.title}" in text for ptype in puzzle_types().values())


def test_unverified_and_tampered_records_are_refused_by_name_and_the_rest_exported(copy: Path, tmp_path: Path) -> None:
    manifest = json.loads((copy / "manifest.json").read_text())
    tampered, failed, unverified, *fine = (e["id"] for e in manifest["puzzles"])
    path = copy / "puzzles" / f"{tampered}.json"
    path.write_text(path.read_text().replace('"stats"', '"stats" ', 1))
    manifest["puzzles"][1]["verdict"]["status"] = "failed"
    manifest["puzzles"][2]["verdict"] = None
    (copy / "manifest.json").write_text(json.dumps(manifest))
    ran = cli("export", copy, "--format", "pzprv3")
    assert ran.code == 1
    assert f"REFUSED {tampered} (its record changed after it was verified)" in ran.stderr
    assert f"REFUSED {failed} (verdict: failed)" in ran.stderr
    assert f"REFUSED {unverified} (not verified)" in ran.stderr
    assert not any(name in ran.stderr for name in fine) and "Traceback" not in ran.stderr
    assert [p.name for p in exported(copy / "export" / "pzprv3")] == sorted(f"{name}.pzprv3" for name in fine)


def test_a_verdict_without_the_record_digest_does_not_count(copy: Path) -> None:
    manifest = json.loads((copy / "manifest.json").read_text())
    del manifest["puzzles"][0]["verdict"]["record_sha256"]
    (copy / "manifest.json").write_text(json.dumps(manifest))
    ran = cli("export", copy, "--format", "pzprv3")
    assert ran.code == 1 and f"REFUSED {manifest['puzzles'][0]['id']} (its verdict names no record)" in ran.stderr


def test_an_id_that_would_leave_the_folder_is_refused_and_nothing_is_written_outside(copy: Path, tmp_path: Path) -> None:
    manifest = json.loads((copy / "manifest.json").read_text())
    victim = manifest["puzzles"][0]["id"]
    evil = "../../escaped"
    manifest["puzzles"][0]["id"] = evil
    (copy / "manifest.json").write_text(json.dumps(manifest))
    shutil.copy(copy / "puzzles" / f"{victim}.json", copy / "puzzles" / "escaped.json")
    before = tree(tmp_path)
    ran = cli("export", copy, "--format", "svg", "-o", copy / "dest")
    # an id is checked against the id scheme when the manifest is read: bad input, nothing written
    assert ran.code == 2 and "../../escaped" in ran.stderr and "is not the id of" in ran.stderr
    assert tree(tmp_path) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "pdf"], f"--format: 'pdf' is not one of {', '.join(formats())}"),
        (["--format", "png", "--dpi", "0"], "--dpi: 0 is out of range (30 to 1200)"),
        (["--format", "svg", "-o", "{file}"], "exists and is not a folder"),
        (["--format", "svg", "-o", "{file}/sub"], "taken exists and is not a folder"),
    ],
)
def test_bad_options_exit_2_and_write_nothing(copy: Path, args: list[str], message: str) -> None:
    (copy / "taken").write_text("keep me")
    before = tree(copy)
    ran = cli("export", copy, *[a.replace("{file}", str(copy / "taken")) for a in args])
    assert ran.code == 2 and message in ran.stderr and "Traceback" not in ran.stderr
    assert tree(copy) == before


def test_a_folder_without_a_manifest_exits_2(tmp_path: Path) -> None:
    ran = cli("export", tmp_path, "--format", "svg")
    assert ran.code == 2 and "no manifest here" in ran.stderr
    assert list(tmp_path.iterdir()) == []


def test_png_without_pypdfium2_says_how_to_get_it(copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # what an install without the extra looks like
    ran = cli("export", copy, "--format", "png")
    assert ran.code == 2 and "pip install 'puzzlepress[export]'" in ran.stderr
    assert not (copy / "export").exists()
