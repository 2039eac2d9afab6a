"""Where a puzzle lives in the web edition: one decision, read by the export that writes the
pages and by the layout that prints their addresses (links.base).

The web edition of a job is one folder: `index.html`, a page `<id>.html` per puzzle, the shared
player in `play/` and each puzzle's answer and hints in `answers/<id>.js`. A dated issue's
folder is meant to sit under `links.base` in a folder named by its date (`2026-11-30/`), beside
the other issues, so its index can link to the previous issue as `../<date>/`; a book's folder is
`links.base` itself.
"""

from __future__ import annotations

import datetime as dt

INDEX = "index.html"
PLAYER = "play"
ANSWERS = "answers"


def page_name(puzzle_id: str) -> str:
    return f"{puzzle_id}.html"


def issue_folder(date: dt.date | None) -> str:
    """The edition's folder below links.base: the issue's date, or nothing for a book."""
    return f"{date.isoformat()}/" if date else ""


def page_address(base: str, date: dt.date | None, puzzle_id: str) -> str:
    """The puzzle's page as a reader's browser opens it, from links.base."""
    return base + issue_folder(date) + page_name(puzzle_id)
