"""The copyright page's promise: the command it prints for each section makes that section's
puzzles again, byte for byte, from the codes printed beside them.

Every shipped book config is built with one puzzle a section (its sections' types, sizes,
parameters and generators as shipped; only the counts cut, to keep the test fast), and every
puzzle of that book is made again by `puzzlepress new` from the line its own PDF prints.
A newsletter prints no copyright page and is not read here.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from conftest import ROOT, cli
from pipeline.manifest import read_manifest
from pipeline.spec import parse_spec
from pipeline.stages.generate import generate
from pipeline.stages.layout import layout
from pipeline.stages.verify import verify

BOOKS = sorted(p.name for p in (ROOT / "configs").glob("*.yaml") if yaml.safe_load(p.read_text()).get("format", "book") == "book")
REMAKE = re.compile(r"(?P<headings>[^\n]+?): (?P<command>puzzlepress new .+? --code CODE)")


def one_a_section(text: str) -> str:
    data = yaml.safe_load(text)
    for section in data["sections"]:
        section["count"] = 1
        section["codes"] = section.get("codes", [])[:1]
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def printed_commands(pdf: Path) -> dict[str, str]:
    """Section heading -> the command the copyright page prints for it."""
    for page in pdfium.PdfDocument(pdf):
        text = page.get_textpage().get_text_range()
        if "can be made again" in text:
            after = text.split("(in quotes if it holds a space)", 1)[1]
            flat = re.sub(r"[ \t]*\r?\n[ \t]*", " ", after.split(".", 1)[1] if after.lstrip().startswith("and") else after.removeprefix("."))
            # each line starts with its headings; the commands end in --code CODE
            found = {}
            for match in re.finditer(r"\s*(.+?): (puzzlepress new .+? --code CODE)", flat):
                for heading in match.group(1).split(", "):
                    found[heading.strip()] = match.group(2)
            return found
    raise AssertionError(f"{pdf}: no copyright page with the remake line")


@pytest.mark.slow
@pytest.mark.parametrize("config", BOOKS)
def test_every_puzzle_is_remade_from_the_line_its_book_prints(config: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the configs name their files from the project's folder
    job = parse_spec(one_a_section((ROOT / "configs" / config).read_text()))
    book = tmp_path / "book"
    generate(job, book, jobs=1)
    verify(book, jobs=1)
    layout(book)
    commands = printed_commands(book / "booklet.pdf")
    manifest = read_manifest(book)
    entries = manifest.puzzles("puzzle")
    assert entries
    for entry in entries:
        heading = job.sections[entry.section].heading
        assert heading in commands, (heading, commands)
        words = shlex.split(commands[heading].replace("CODE", shlex.quote(entry.code)).replace("GRADE", str((entry.grade or {}).get("tier"))))
        again = tmp_path / f"again-{entry.number}"
        ran = cli(*words[1:], "-o", again)
        assert ran.code == 0, (words, ran.stderr)
        assert (again / "puzzles" / f"{entry.id}.json").read_bytes() == (book / "puzzles" / f"{entry.id}.json").read_bytes(), words
