"""Every theme of the picture library with its members' captions, as a reviewed list: a change
to the library's selection, its captions or Font Awesome's categories shows in review as a diff
of tests/types/nonogram/library_themes.txt (write it again with PUZZLEPRESS_WRITE_THEMES=1)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("fontawesomefree")

from pipeline.puzzles.nonogram.pictures import library  # noqa: E402

LISTING = Path(__file__).parent / "library_themes.txt"


def listing() -> str:
    lines = []
    for theme in library.THEMES:
        members = library.names((theme,))
        lines.append(f"{theme} ({len(members)})")
        lines += [f"  {name}: {library.pictures()[name].title}" for name in members]
    return "\n".join(lines) + "\n"


def test_every_theme_lists_the_members_and_captions_reviewed() -> None:
    if os.environ.get("PUZZLEPRESS_WRITE_THEMES"):
        LISTING.write_text(listing())
    assert listing() == LISTING.read_text()


@pytest.mark.parametrize(("name", "caption"), [("truck-ramp-box", "Delivery truck"), ("ice-cream", "Ice cream"), ("cat", "Cat")])
def test_a_caption_reads_as_a_title(name: str, caption: str) -> None:
    assert library.pictures()[name].title == caption


@pytest.mark.parametrize(("theme", "name"), [("animals", "feather-pointed"), ("home", "house-fire"), ("transport", "fish")])
def test_a_misplaced_icon_is_kept_out_of_its_theme(theme: str, name: str) -> None:
    assert name not in library.names((theme,))
