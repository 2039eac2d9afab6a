"""Where the layout templates and print CSS are, without loading the PDF engine to find out."""

from __future__ import annotations

import importlib.resources
from pathlib import Path


def layouts_dir() -> Path:
    """The templates and print CSS that go with this code.

    A source checkout run in place (for example `python -m pytest` from the checkout, which
    imports the package from the working tree) has them in layouts/ beside the package: those,
    even when another checkout is installed in editable mode, whose pipeline.layouts would
    otherwise answer for templates this code was not written with. An installed package carries
    them as pipeline.layouts.
    """
    beside = Path(__file__).resolve().parent.parent.parent / "layouts"
    if (beside / "__init__.py").is_file():
        # a checkout's own templates first: an editable install elsewhere (a shared virtualenv
        # with several worktrees) would otherwise serve another checkout's
        return beside
    return Path(str(importlib.resources.files("pipeline.layouts")))
