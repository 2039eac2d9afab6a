"""The example configs for print: each is valid, fits its page, and the newsletter builds whole."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops

from conftest import ROOT, cli
from pipeline.spec import load_spec
from pipeline.stages.pageplan import page_problems


@pytest.mark.parametrize("name", ["book-6x9", "weekly", "imposed"])
def test_config_is_valid_and_fits_its_page(name: str) -> None:
    job = load_spec(ROOT / "configs" / f"{name}.yaml")
    assert page_problems(job) == []


def test_configs_cover_the_print_formats() -> None:
    jobs = {name: load_spec(ROOT / "configs" / f"{name}.yaml") for name in ("book-6x9", "weekly", "imposed")}
    assert jobs["book-6x9"].page.size == "6x9in" and jobs["book-6x9"].page.bleed
    assert jobs["weekly"].format == "newsletter" and jobs["weekly"].page.size == "Letter" and jobs["weekly"].date
    assert jobs["imposed"].imposition


@pytest.mark.slow
def test_weekly_sheet_builds_with_one_command(tmp_path: Path) -> None:
    ran = cli("build", ROOT / "configs" / "weekly.yaml", "-o", tmp_path)
    assert ran.code == 0, ran.stderr
    sheet = pdfium.PdfDocument(tmp_path / "booklet.pdf")
    assert len(sheet) == 2
    for page in sheet:
        assert [round(v) for v in page.get_size()] == [612, 792]
        red, green, blue = page.render(scale=1).to_pil().convert("RGB").split()
        assert ImageChops.difference(red, green).getbbox() is None and ImageChops.difference(green, blue).getbbox() is None
