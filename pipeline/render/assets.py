"""Where the layout templates and print CSS are, without loading the PDF engine to find out."""

from __future__ import annotations

import importlib.resources
from pathlib import Path


def layouts_dir() -> Path:
    """The templates and print CSS, wherever the package is installed.

    An installed package carries them as pipeline.layouts; a source checkout run in place (for
    example `python -m pytest` from the checkout, which imports the package from the working tree
    rather than the installed copy) has them in layouts/ beside the package.
    """
    beside = Path(__file__).resolve().parent.parent.parent / "layouts"
    if (beside / "__init__.py").is_file():
        # a checkout's own templates first: an editable install elsewhere (a shared virtualenv
        # with several worktrees) would otherwise serve another checkout's
        return beside
    return Path(str(importlib.resources.files("pipeline.layouts")))
