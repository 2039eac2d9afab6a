"""A catalogue: several specs (or a file listing them) built as one job, no puzzle printed twice
across its books unless asked, bad input refused before anything is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cli, write_spec


def book(folder: Path, name: str, seed: str = "same") -> Path:
    return write_spec(
        folder, f"title: Book {name}\nseed: {seed}\noutput: out-{name}\nfront_matter: {{how_to_play: false}}\n"
        "sections:\n  - {type: nonogram, size: 5, count: 3}\n", f"{name}.yaml",
    )


@pytest.mark.parametrize(
    ("listing", "message"),
    [
        ("books: [a.yaml, missing.yaml]\n", "books[1]: missing.yaml: no such spec file"),
        ("books: []\n", "books: give a list of spec files"),
        ("books: [a.yaml]\nrepeat: true\n", "unknown key 'repeat'"),
        ("books: [a.yaml, a.yaml]\n", "give each book its own output folder"),
    ],
)
def test_a_bad_catalogue_is_one_line_exit_2_and_nothing_written(in_tmp: Path, listing: str, message: str) -> None:
    book(in_tmp, "a")
    catalogue = write_spec(in_tmp, listing, "catalogue.yaml")
    ran = cli("build", catalogue)
    assert ran.code == 2 and message in ran.stderr and "Traceback" not in ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in in_tmp.iterdir()) == ["a.yaml", "catalogue.yaml"]


def test_a_missing_spec_among_several_is_named_and_nothing_written(in_tmp: Path) -> None:
    a = book(in_tmp, "a")
    ran = cli("build", a, in_tmp / "gone.yaml")
    assert ran.code == 2 and "gone.yaml: no such spec file" in ran.stderr
    assert sorted(p.name for p in in_tmp.iterdir()) == ["a.yaml"]


def fingerprints(folder: Path) -> set[str]:
    manifest = json.loads((folder / "manifest.json").read_text())
    return {json.loads((folder / "puzzles" / f"{e['id']}.json").read_text())["stats"]["fingerprint"] for e in manifest["puzzles"]}


@pytest.mark.slow
def test_books_of_a_catalogue_never_share_a_puzzle_unless_asked(in_tmp: Path) -> None:
    """Two books of the same seed and sections would be the same book: the second is made of
    the next codes instead, and says which it passed over; with repeats: true both print the same."""
    book(in_tmp, "a")
    book(in_tmp, "b")
    catalogue = write_spec(in_tmp, "books: [a.yaml, b.yaml]\n", "catalogue.yaml")
    ran = cli("build", catalogue, "--jobs", "1")
    assert ran.code == 0, ran.stderr
    assert "book 1/2" in ran.stderr and "book 2/2" in ran.stderr
    assert (in_tmp / "out-a" / "booklet.pdf").is_file() and (in_tmp / "out-b" / "booklet.pdf").is_file()
    assert len(fingerprints(in_tmp / "out-a")) == len(fingerprints(in_tmp / "out-b")) == 3
    assert not fingerprints(in_tmp / "out-a") & fingerprints(in_tmp / "out-b")
    skipped = json.loads((in_tmp / "out-b" / "manifest.json").read_text())["skipped"]
    assert len(skipped) == 3 and all("already published" in s["reason"] for s in skipped)

    allowed = write_spec(in_tmp, "books: [a.yaml, b.yaml]\nrepeats: true\n", "again.yaml")
    ran = cli("build", allowed, "--jobs", "1")
    assert ran.code == 0, ran.stderr
    assert fingerprints(in_tmp / "out-a") == fingerprints(in_tmp / "out-b")


def pdf_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.pdf"))}


@pytest.mark.slow
@pytest.mark.parametrize("where", [("--jobs", "2"), ("--scheduler", "local:2")], ids=["pool", "dask"])
def test_books_laid_out_side_by_side_are_the_bytes_of_each_built_alone(in_tmp: Path, where: tuple[str, str]) -> None:
    """Three books' layouts on two shared workers (a whole book a task; on a local Dask
    cluster, its workers) print what each book built on its own, in one process, prints."""
    if where[0] == "--scheduler":
        pytest.importorskip("distributed")
    names = ["a", "b", "c"]
    for name in names:
        book(in_tmp, name, seed=name)
    catalogue = write_spec(in_tmp, "books: [a.yaml, b.yaml, c.yaml]\n", "catalogue.yaml")
    ran = cli("build", catalogue, *where)
    assert ran.code == 0, ran.stderr
    for k in range(3):  # a line when its puzzles are proved, and one when it is laid out
        assert ran.stderr.count(f"book {k + 1}/3: ") == 2, ran.stderr
    together = {name: pdf_bytes(in_tmp / f"out-{name}") for name in names}
    for name in names:
        alone = cli("build", in_tmp / f"{name}.yaml", "--jobs", "1", "--output", str(in_tmp / f"alone-{name}"))
        assert alone.code == 0, alone.stderr
        assert together[name] and pdf_bytes(in_tmp / f"alone-{name}") == together[name]
