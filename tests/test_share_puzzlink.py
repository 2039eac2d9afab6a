"""Sharing, for every registered type: the puzz.link links and files pzprjs itself wrote for it,
pinned in tests/types/<type>/share_golden/ (urls.json, and a folder per file format holding
<id><suffix>; how they were made: tests/share_golden/README.md), are written and read byte for
byte; every golden puzzle's link reads back to the puzzle and is no longer than the page plan
reserves; the frame refuses what is not a link of a registered genre, and each type's decoder
the bad bodies listed in its share_golden/bad_urls.json, by the problem given there. Each type's
own share tests (any rectangle, its file formats) live with its tests.
"""

from __future__ import annotations

import json
from functools import cache

import pytest

from conftest import ROOT, type_data
from pipeline.interface.params import parse_size
from pipeline.registry import get_type, puzzle_types
from pipeline.share.puzzlink import UrlError, genres, link_url, longest_url, read_url

GOLDEN = ROOT / "tests" / "golden"
LINKED = [name for name, ptype in sorted(puzzle_types().items()) if ptype.share.link is not None]
FAKE = "fakeling"  # no genre is called this


@cache
def pinned(name: str) -> list[dict]:
    path = type_data(name) / "share_golden" / "urls.json"
    return json.loads(path.read_text()) if path.exists() else []


PINNED = [item for name in sorted(puzzle_types()) for item in pinned(name)]


def bad(name: str) -> list[dict]:
    path = type_data(name) / "share_golden" / "bad_urls.json"
    return json.loads(path.read_text()) if path.exists() else []


BAD = [item for name in sorted(puzzle_types()) for item in bad(name)]
PINNED_FILES = [
    (item, file_format.name)
    for item in PINNED
    for file_format in get_type(item["record"]["type"]).share.files
    if (type_data(item["record"]["type"]) / "share_golden" / file_format.name / f"{item['id']}{file_format.suffix}").exists()
]


@pytest.mark.parametrize("name", LINKED)
def test_every_type_with_a_link_has_links_pzprjs_wrote(name: str) -> None:
    link = get_type(name).share.link
    assert pinned(name), f"no tests/types/{name}/share_golden/urls.json"
    for item in pinned(name):
        assert item["record"]["type"] == name and item["url"].startswith(f"https://puzz.link/p?{link.genre}/")


@pytest.mark.parametrize("item", PINNED, ids=[item["id"] for item in PINNED])
def test_pinned_links_are_written_and_read_as_pzprjs_does(item: dict) -> None:
    assert link_url(get_type(item["record"]["type"]).share.link, item["record"]) == item["url"]
    assert read_url(item["url"]) == item["record"]


@pytest.mark.parametrize(("item", "fmt"), PINNED_FILES, ids=[f"{item['id']}.{fmt}" for item, fmt in PINNED_FILES])
def test_pinned_files_are_written_as_pzprjs_writes_them(item: dict, fmt: str) -> None:
    name = item["record"]["type"]
    file_format = get_type(name).share.file_format(fmt)
    expected = (type_data(name) / "share_golden" / fmt / f"{item['id']}{file_format.suffix}").read_text()
    assert file_format.write(item["record"]) == expected


@pytest.mark.parametrize("name", sorted(puzzle_types()))
def test_every_file_format_a_type_lists_has_pinned_files_or_none_from_pzprjs(name: str) -> None:
    """A pzprv3 writer is checked against pzprjs's own files; other formats (webpbn's) against
    readers written from their descriptions, in the type's own tests."""
    for file_format in get_type(name).share.files:
        if file_format.name == "pzprv3":
            assert any(fmt == "pzprv3" and item["record"]["type"] == name for item, fmt in PINNED_FILES), name


def golden_puzzles() -> list[tuple[str, dict]]:
    """(type, the printed puzzle as record fields) for every golden record of a type with a link:
    its clue fields are the fields its pinned links hold."""
    found = []
    for name in LINKED:
        fields = set(pinned(name)[0]["record"]) - {"type", "rows", "cols"} if pinned(name) else set()
        for path in sorted((GOLDEN / name).glob("*.json")):
            stored = json.loads(path.read_text())
            record = {"type": name, **parse_size(stored["size"]), **{k: stored[k] for k in sorted(fields)}}
            found.append((f"{name}/{path.stem}", record))
    return found


GOLDEN_PUZZLES = golden_puzzles()


@pytest.mark.parametrize(("where", "record"), GOLDEN_PUZZLES, ids=[where for where, _ in GOLDEN_PUZZLES])
def test_every_golden_puzzle_round_trips_and_fits_the_room_reserved(where: str, record: dict) -> None:
    link = get_type(record["type"]).share.link
    url = link_url(link, record)
    assert read_url(url) == record
    assert len(url) <= longest_url(link, record["rows"], record["cols"])


def a_genre() -> str:
    return sorted(genres())[0]


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("http://example.com/p?{genre}/5/5/zz", "starts with https://puzz.link/p?"),
        (f"https://puzz.link/p?{FAKE}/9/9/zzz", f"genre '{FAKE}'"),
        ("https://puzz.link/p?{genre}/5/0/zzz", "whole numbers from 1 to 100"),
        ("https://puzz.link/p?{genre}/101/5/zzz", "whole numbers from 1 to 100"),
        ("https://puzz.link/p?{genre}/5/5", "expected <genre>/<cols>/<rows>/<body>"),
    ],
)
def test_bad_links_are_named(url: str, problem: str) -> None:
    with pytest.raises(UrlError) as caught:
        read_url(url.replace("{genre}", a_genre()))
    assert problem in str(caught.value)
    if FAKE in url:
        assert all(genre in str(caught.value) for genre in genres())


@pytest.mark.parametrize("item", BAD, ids=[item["url"].split("?", 1)[1] for item in BAD])
def test_each_types_bad_bodies_are_named(item: dict) -> None:
    with pytest.raises(UrlError) as caught:
        read_url(item["url"])
    assert item["problem"] in str(caught.value)
