"""The book's fonts read straight from their tables give what fontTools reads from them."""

from __future__ import annotations

import pytest

from pipeline import fonts
from pipeline.render.assets import layouts_dir


@pytest.mark.parametrize("bold", [False, True])
def test_the_face_read_from_the_tables_is_the_face_fonttools_reads(bold: bool) -> None:
    data = (layouts_dir() / fonts.FONT_FILES[bold]).read_bytes()
    read = fonts._read_face(data)
    assert read is not None and read == fonts._face_by_fonttools(data)
    assert fonts.face(bold) == read


def test_a_font_without_a_full_unicode_cmap_is_left_to_fonttools() -> None:
    data = bytearray((layouts_dir() / fonts.FONT_FILES[False]).read_bytes())
    at = data.index(b"cmap", 12, 12 + 16 * 40)  # the table directory's cmap entry, renamed
    data[at : at + 4] = b"cmaq"
    assert fonts._read_face(bytes(data)) is None
