"""The measuring tools in tools/ (outside the package, nothing imports them) still run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from PIL import Image

from conftest import ROOT
from pipeline.puzzles.nonogram.pictures import library


def tool(name: str):
    """A tool's module, loaded from its file as `python tools/<name>.py` would run it."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_picture_figures_summarise_each_size_and_draw_sheets(tmp_path: Path) -> None:
    figures = tool("picture_figures")
    result = figures.measure((20,), ["cat", "guitar", "pencil"])
    assert result["library"] == library.library_version()
    [at_20] = result["table"]
    assert at_20["longest_side"] == 20 and at_20["pictures"] == 3
    assert at_20["accepted"] == 2 and at_20["unchanged"] == 1 and at_20["max_flips"] == 1  # pencil rejected
    worst = figures.hardest(result["outcomes"], 20, count=5)
    assert {run.name for run in worst} == {"cat", "guitar"}
    assert worst[0].grid.likeness <= worst[1].grid.likeness
    figures.contact_sheet(worst, ["one", "two"], tmp_path / "sheet.png", mark_flips=True)
    with Image.open(tmp_path / "sheet.png") as sheet:
        assert sheet.getextrema() == (0, 255)
