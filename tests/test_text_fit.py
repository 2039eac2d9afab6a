"""Text fitted to where it prints, or refused naming why: the fonts' glyphs and widths
(pipeline.fonts), a label's lines (geometry.label_height), the cover's sizes (render.covertext)."""

from __future__ import annotations

import pytest

from pipeline import fonts
from pipeline.render import covertext
from pipeline.render.book import FLOW_HEADING_MM, flow_heading_mm
from pipeline.render.geometry import label_height, legibility


def test_characters_the_fonts_lack_are_named_once_each_in_order() -> None:
    assert fonts.unprintable("Cats 猫 and 猫の本 🧩 e\u0301 \u202e\n") == ["猫", "の", "本", "🧩"]
    assert fonts.unprintable("Plain ASCII, £, ×, ★ and 😀") == []
    assert "U+0E20 THAI CHARACTER PHO SAMPHAO" in fonts.refusal("ภ")


def test_the_ranges_taken_as_held_without_reading_the_fonts_are_held_by_both() -> None:
    both = fonts.face(False).characters & fonts.face(True).characters
    for low, high in fonts.SURELY_HELD:
        assert [hex(p) for p in range(low, high) if fonts._surely_held(chr(p)) and fonts._drawn(chr(p)) and p not in both] == []


def test_a_line_of_latin_1_taken_to_fit_without_reading_the_fonts_does_fit() -> None:
    widest = max(max(fonts.face(b).advances.get(p, 0) for b in (False, True)) for p in range(0x100)) / 2048
    assert widest <= fonts.LATIN1_EM_MOST


def test_a_word_wider_than_the_line_breaks_between_its_characters() -> None:
    wide = fonts.width_mm("W" * 40, 10, True)
    assert fonts.lines_needed([("W" * 40, 10, True)], wide / 2.5) == 3
    assert fonts.lines_needed([("a b", 10, False)], 1000) == 1


def test_a_long_picture_title_gets_the_label_lines_it_wraps_to() -> None:
    """A 40-character title wrapped to three lines and 'puzzle on page N' printed over the grid:
    the character bound counted the line's length, not where its words break."""
    legible = legibility(False)
    short = label_height([(("Answer 1 · Bus", ""), ("", "puzzle on page 5"))], 55, legible)
    assert short == legible.label
    long = label_height([(("Answer 1 · " + "W" * 40, ""), ("", "puzzle on page 5"))], 55, legible)
    heading_lines = fonts.lines_needed([("Answer 1 · " + "W" * 40, legible.heading_pt, True)], 55)
    assert heading_lines >= 4
    assert long >= heading_lines * legible.heading_line + legible.label_line


def test_a_cover_title_is_set_as_large_as_its_panel_allows() -> None:
    width = covertext.panel_width(152.4)
    assert covertext.fitted("Puzzles", covertext.FRONT_TITLE, width) == covertext.FRONT_TITLE.pt
    long = "The Enormous Compendium of Nonograms for Long Winter Evenings by the Fire"
    size = covertext.fitted(long, covertext.FRONT_TITLE, width)
    assert covertext.FRONT_TITLE.least_pt <= size < covertext.FRONT_TITLE.pt
    assert fonts.lines_needed([(long, size, True)], width) <= covertext.FRONT_TITLE.lines


@pytest.mark.parametrize("text,why", [
    ("Pneumonoultramicroscopicsilicovolcanoconiosisxxxxxxxxxx", "its word 'Pneumonoultramicroscopicsilicovolcanocon' is"),
    ("Long words go on " * 20, "lines of the 3 the front cover's title has room for"),
])
def test_a_cover_title_that_fits_at_no_size_is_refused_saying_why(text: str, why: str) -> None:
    with pytest.raises(covertext.CoverTextError, match=why):
        covertext.fitted(text, covertext.FRONT_TITLE, covertext.panel_width(152.4))


def test_the_spine_drops_to_its_length_and_refuses_a_title_longer_than_the_book_is_tall() -> None:
    length = 228.6 - 2 * covertext.SAFE_MM
    title = "The Enormous Compendium of Nonograms for Long Winter Evenings by the Fire, Volume Two"
    pt = covertext.spine_pt(title, None, length, 14.0)
    assert pt < 14.0 and covertext.spine_line_mm(title, None, pt) <= length + 1e-9
    assert covertext.spine_refusal(title, 228.6) is None
    assert "does not fit the spine" in covertext.spine_refusal("Spine " * 25, 101.6)


def test_a_section_heading_that_wraps_gets_the_room_of_its_lines() -> None:
    """A long section title wrapped where its answers start and overlapped their labels."""
    legible = legibility(False)
    assert flow_heading_mm("Nonograms", 180, legible) == FLOW_HEADING_MM
    two = flow_heading_mm("A long section name that wraps to two lines on an A4 page of answers, " * 2, 180, legible)
    assert two == round(FLOW_HEADING_MM + legible.heading_pt * 1.35 * 25.4 / 72, 2)
