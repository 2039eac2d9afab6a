"""A type without a puzz.link genre (a throwaway type registered here, by a name no genre has)
builds, prints without links where `links:` asked for them, says so in the build summary, and
exports what it can: nothing in the stages, share/ or the records names a type."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from conftest import cli, write_spec
from pipeline.interface.sharing import Share
from pipeline.registry import puzzle_types
from pipeline.share.puzzlink import UrlError, read_url

FAKE = "fakeling"  # no puzzle genre anywhere is called this


@pytest.fixture
def fake_type(monkeypatch: pytest.MonkeyPatch):
    """A registered type that makes real puzzles (borrowed from the first registered type that
    has a link), under its own name, shared by no link and no file."""
    model = next(ptype for ptype in puzzle_types().values() if ptype.share.link is not None)
    fake = dataclasses.replace(model, name=FAKE, title="Fakeling", share=Share())
    monkeypatch.setitem(puzzle_types(), FAKE, fake)
    return model, fake


def smallest(ptype) -> str:
    return min(ptype.presets.values(), key=lambda p: p.rows * p.cols).size


@pytest.fixture
def built(fake_type, tmp_path: Path) -> tuple[Path, str]:
    model, fake = fake_type
    spec = write_spec(tmp_path, (
        "title: Without links\nseed: unlinked\nlinks: qr\nsections:\n"
        f"  - {{type: {FAKE}, size: {smallest(fake)}, count: 2}}\n"
        f"  - {{type: {model.name}, size: {smallest(model)}, count: 1}}\n"
    ))
    out = tmp_path / "out"
    ran = cli("build", spec, "-o", out, "--jobs", "1")
    assert ran.code == 0, ran.stderr
    return out, ran.stderr


def test_a_type_without_a_link_builds_and_prints_without_one(built: tuple[Path, str]) -> None:
    out, summary = built
    manifest = json.loads((out / "manifest.json").read_text())
    fakes = [e for e in manifest["puzzles"] if e["type"] == FAKE]
    others = [e for e in manifest["puzzles"] if e["type"] != FAKE]
    assert len(fakes) == 2 and len(others) == 1
    for entry in fakes:
        assert "url" not in json.loads((out / "puzzles" / f"{entry['id']}.json").read_text())
        assert entry.get("url") is None
        assert not (out / "puzzles" / f"{entry['id']}-qr.svg").exists()
        assert entry["verdict"]["status"] == "proved"
    assert (out / "puzzles" / f"{others[0]['id']}-qr.svg").exists()  # the section with a link keeps its code
    assert (out / "booklet.pdf").stat().st_size > 0
    note = "sections[0] (Fakeling"
    assert note in summary and "asks for links: qr, but Fakeling has no puzz.link genre" in summary
    assert "sections[1]" not in summary.split("note:", 1)[1]


def test_it_exports_what_it_can(built: tuple[Path, str], tmp_path: Path) -> None:
    out, _ = built
    formats = {f.name for ptype in puzzle_types().values() for f in ptype.share.files}
    for name in sorted(formats):
        ran = cli("export", out, "--format", name, "-o", tmp_path / name)
        assert ran.code == 0 and "Traceback" not in ran.stderr, ran.stderr
        assert "2 puzzles have no" in ran.stderr or ran.stderr.count(f"{FAKE}-") >= 2
        assert not any(path.name.startswith(FAKE) for path in (tmp_path / name).iterdir())
    ran = cli("export", out, "--format", "html", "-o", tmp_path / "html")
    page = (tmp_path / "html" / "index.html").read_text()
    assert ran.code == 0 and page.count("Play it on puzz.link") == 1 and page.count('class="puzzle"') == 3


def test_a_url_of_no_registered_genre_is_named_with_the_known_ones(fake_type) -> None:
    with pytest.raises(UrlError) as caught:
        read_url(f"https://puzz.link/p?{FAKE}/5/5/zz")
    known = sorted(ptype.share.link.genre for ptype in puzzle_types().values() if ptype.share.link)
    assert f"genre '{FAKE}' is not one of" in str(caught.value)
    assert all(genre in str(caught.value) for genre in known)
