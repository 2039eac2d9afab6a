"""The web edition (`export --format web`): static pages a publisher hosts or a reader opens from
disk, playing every puzzle with the one shared player (layouts/web/) and each type's play record.

Nothing is fetched from another host: pages, styles and scripts are files of the folder, no font
is loaded (the page uses the reader's own), and the answer and hints of a puzzle are a script
file the page adds only when the reader asks for mistakes, a hint or the answer (a script tag
works from file://, where Chromium refuses fetch). The same records make the same bytes: no
clock, no random numbers, JSON with sorted keys.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from pipeline.budget import Budget
from pipeline.interface.grades import grade_label
from pipeline.interface.puzzle_type import GRADE_STEPS, PuzzleType
from pipeline.render.assets import layouts_dir
from pipeline.render.book import issue_date, rules_paragraphs
from pipeline.share.formats import puzzle_title
from pipeline.share.web import ANSWERS, INDEX, PLAYER, page_name
from pipeline.files import write_atomic

SHARED_SCRIPTS = ("rules.js", "player.js", "index.js")
STYLE = "player.css"


def write_edition(items: list[Any], dest: Path, manifest: Any) -> list[Path]:
    """Every file of the edition for these proved puzzles (export.Ready), in book order."""
    env = Environment(loader=FileSystemLoader(layouts_dir()), autoescape=select_autoescape(["j2"]))
    job = manifest.job
    kinds: dict[str, PuzzleType] = {item.ptype.name: item.ptype for item in items}
    files = _write_player(dest, kinds)
    pages = [_puzzle_fields(item) for item in items]
    how = {name: {"title": p.title, "paragraphs": rules_paragraphs(p.how_to_play)} for name, p in kinds.items()}
    edition = {
        "title": job.title, "subtitle": job.subtitle,
        "date": issue_date(job.date) if job.date else None,
        "previous": _previous(job.date, job.answers.interval_days),
    }
    for number, page in enumerate(pages):
        neighbours = {"prev": pages[number - 1]["page"] if number else None, "next": pages[number + 1]["page"] if number + 1 < len(pages) else None}
        html = env.get_template("web/puzzle.html.j2").render(edition=edition, puzzle=page, rules=how[page["type"]], **neighbours)
        files.append(_write(dest / page["page"], html))
        files.append(_write(dest / ANSWERS / f"{page['id']}.js", _answer_script(page["item"])))
    index = env.get_template("web/index.html.j2").render(edition=edition, puzzles=pages, rules=list(how.values()))
    files.append(_write(dest / INDEX, index))
    return files


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text)
    return path


def _write_player(dest: Path, kinds: dict[str, PuzzleType]) -> list[Path]:
    web = layouts_dir() / "web"
    files = [_write(dest / PLAYER / name, (web / name).read_text()) for name in (*SHARED_SCRIPTS, STYLE)]
    for name, ptype in kinds.items():
        if ptype.play is not None:
            files.append(_write(dest / PLAYER / f"{name}.js", ptype.play.script_path.read_text()))
    return files


def _previous(date: dt.date | None, interval_days: int) -> dict[str, str] | None:
    """The previous issue's folder beside this one (see pipeline/share/web.py) and its date."""
    if date is None:
        return None
    earlier = date - dt.timedelta(days=interval_days)
    return {"href": f"../{earlier.isoformat()}/{INDEX}", "date": issue_date(earlier)}


def _puzzle_fields(item: Any) -> dict[str, Any]:
    ptype, puzzle, entry = item.ptype, item.puzzle, item.entry
    play = ptype.play
    digits = play.digits_for(puzzle) if play else 0
    data = {
        "id": entry.id, "type": ptype.name, "rows": puzzle.rows, "cols": puzzle.cols,
        "answer": f"{ANSWERS}/{entry.id}.js",
    }
    if play is not None:
        data["clues"] = play.clues(puzzle)
        data["play"] = {"cell_marks": list(play.cell_marks), "digits": digits, "lines": play.lines, "words": play.words}
        start = play.start(puzzle) if play.start else None
        if start is not None:
            data["start"] = start
            data["fixed"] = [i for i, mark in enumerate(start["cells"]) if mark]
    return {
        "id": entry.id, "type": ptype.name, "number": entry.number, "page": page_name(entry.id), "item": item,
        "title": puzzle_title(item.record), "type_title": ptype.title, "label": entry.label,
        "grade": grade_label(entry.grade), "code": entry.code,
        "playable": play is not None, "words": play.words if play else {}, "lines": play.lines if play else None,
        "digits": digits, "marks": play.cell_marks if play else (),
        "data": Markup(_json_in_html(data)),
        "preview": Markup(ptype.draw(puzzle, answer=False).svg),
        "scripts": [f"{PLAYER}/{name}" for name in ("rules.js", f"{ptype.name}.js", "player.js")],
    }


def _json_in_html(value: Any) -> str:
    """JSON safe inside a <script> element: no "</" can close it."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")


def _answer_script(item: Any) -> str:
    """The answer as a board and the hints: the grader's rounds, each move compact."""
    play = item.ptype.play
    if play is None:
        return "window.Puzzlepress.answerLoaded(" + json.dumps(item.entry.id) + ",{\"board\":{\"cells\":[],\"lines\":[]},\"hints\":[]});\n"
    rounds = play.hints(item.puzzle, Budget().child(GRADE_STEPS))
    hints = [[{"p": m.part, "i": m.at, "m": m.mark, "w": m.why, "t": m.technique} for m in moves] for moves in rounds]
    found = {"board": play.board(item.puzzle), "hints": hints}
    return f"window.Puzzlepress.answerLoaded({json.dumps(item.entry.id)},{_json_in_html(found)});\n"
