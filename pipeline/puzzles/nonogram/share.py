"""How a nonogram is shared: its puzz.link link, and the files webpbn, pzprjs and nonogram solvers
read (`.non`, webpbn XML, pzprv3).

- The link follows pzprjs's src/variety/nonogram.js: the clue numbers outside the grid, column
  clues first (column by column), then row clues (row by row); each line's numbers start next to
  the grid, so a clue is written last number first, and each line has room for (length + 1) // 2
  numbers, the empty places after its numbers.
- `.non` follows Steve Simpson's puzzle-file format ("Nonogram Solver: Puzzle-file format",
  www.lancaster.ac.uk/~simpsons/nonogram/fmt2), as webpbn exports it: `width`, `height`, then
  `rows` and `columns` each followed by one rule per line (numbers joined by commas, `0` for an
  empty line); other lines are properties with a quoted string (`catalogue`, `title`, and the
  `goal` picture webpbn adds, `1` filled and `0` empty). Non-ASCII characters are written as HTML
  character references, as the format asks.
- XML follows Jan Wolter's "XML Format for Paint-by-Number Puzzles" version 0.3
  (webpbn.com/pbn_fmt.html): a `puzzleset` holding one `puzzle type="grid"` with its colours,
  `clues type="columns"` and `clues type="rows"` of `line`s of `count`s (an empty line has no
  count), and the `solution type="goal"` image, one `|`-framed row per line.
- pzprv3: one grid over the clue area and the cells (pipeline/share/formats.py has the frame).

`.non` and XML carry the goal because their readers check answers with it; links and pzprv3
files hold the puzzle only.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from pipeline.interface.sharing import FileFormat, Link, Share
from pipeline.share.formats import puzzle_title, pzprv3_format, tokens
from pipeline.share.puzzlink import Reader, numbers16

GENRE = "nonogram"
PBN_DTD = "https://webpbn.com/pbn-0.3.dtd"


# ---- the link -------------------------------------------------------------------------------


def encode(record: dict[str, Any], rows: int, cols: int) -> str:
    places: list[int | None] = []
    for clues, length in ((record["col_clues"], rows), (record["row_clues"], cols)):
        room = (length + 1) // 2
        for clue in clues:
            places += list(reversed(clue)) + [None] * (room - len(clue))
    return numbers16(places)


def decode(reader: Reader, rows: int, cols: int) -> dict[str, Any]:
    col_room, row_room = (rows + 1) // 2, (cols + 1) // 2
    places = reader.numbers16(cols * col_room + rows * row_room)
    col_places = [places[c * col_room:(c + 1) * col_room] for c in range(cols)]
    row_places = places[cols * col_room:]
    row_places_by_row = [row_places[r * row_room:(r + 1) * row_room] for r in range(rows)]
    return {
        "row_clues": [_clue(line, cols, reader) for line in row_places_by_row],
        "col_clues": [_clue(line, rows, reader) for line in col_places],
    }


def _clue(places: list[int | None], length: int, reader: Reader) -> list[int]:
    clue = [value for value in reversed(places) if value is not None]
    if any(not 1 <= value <= length for value in clue) or sum(clue) + len(clue) - 1 > length:
        raise reader.fail(f"clue {clue} does not fit a line of {length} cells")
    return clue


def longest(rows: int, cols: int) -> int:
    # A line of L cells has (L + 1) // 2 places of one character each. A number of 16 or more
    # takes three, but its 16 cells leave room for seven fewer numbers: a line of 1s is longest.
    return sum(count * ((length + 1) // 2) for count, length in ((cols, rows), (rows, cols)))


# ---- .non -----------------------------------------------------------------------------------


def non_file(record: dict[str, Any]) -> str:
    lines = [
        f"catalogue {_non_string(record['id'])}",
        f"title {_non_string(puzzle_title(record, times='x'))}",  # "20x15": a reader that shows references raw shows no &#215;
        f"width {record['cols']}",
        f"height {record['rows']}",
        "",
        "rows",
        *(_non_rule(clue) for clue in record["row_clues"]),
        "",
        "columns",
        *(_non_rule(clue) for clue in record["col_clues"]),
        "",
        f"goal \"{''.join(row.replace('#', '1').replace('.', '0') for row in record['solution'])}\"",
    ]
    return "\n".join(lines) + "\n"


def _non_rule(clue: list[int]) -> str:
    return ",".join(map(str, clue)) if clue else "0"


def _non_string(text: str) -> str:
    """A quoted property value: quotes, ampersands and non-ASCII characters as character references."""
    escaped = "".join(
        f"&#{ord(ch)};" if ord(ch) > 126 or ch in "\"&<>" or ord(ch) < 32 else ch for ch in text
    )
    return f'"{escaped}"'


# ---- webpbn XML -----------------------------------------------------------------------------


def xml_file(record: dict[str, Any]) -> str:
    puzzleset = ET.Element("puzzleset")
    puzzle = ET.SubElement(puzzleset, "puzzle", {"type": "grid", "defaultcolor": "black"})
    ET.SubElement(puzzle, "source").text = "puzzlepress"
    ET.SubElement(puzzle, "id").text = record["id"]
    ET.SubElement(puzzle, "title").text = puzzle_title(record)
    ET.SubElement(puzzle, "color", {"name": "white", "char": "."}).text = "fff"
    ET.SubElement(puzzle, "color", {"name": "black", "char": "X"}).text = "000"
    for kind, clues in (("columns", record["col_clues"]), ("rows", record["row_clues"])):
        block = ET.SubElement(puzzle, "clues", {"type": kind})
        for clue in clues:
            line = ET.SubElement(block, "line")
            for count in clue:
                ET.SubElement(line, "count").text = str(count)
    solution = ET.SubElement(puzzle, "solution", {"type": "goal"})
    rows = "".join(f"|{row.replace('#', 'X')}|\n" for row in record["solution"])
    ET.SubElement(solution, "image").text = "\n" + rows
    ET.indent(puzzleset)
    body = ET.tostring(puzzleset, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE pbn SYSTEM "{PBN_DTD}">\n{body}\n'


# ---- pzprv3 ---------------------------------------------------------------------------------


def pzprv3_grids(record: dict[str, Any], rows: int, cols: int) -> tuple[str, list[str]]:
    """One grid over the clue area and the cells: column clues above, row clues to the left."""
    above, left = (rows + 1) // 2, (cols + 1) // 2
    lines = []
    for k in range(above):  # k counts clue rows from the top, so the last number sits nearest the grid
        places = ["."] * left
        for clue in record["col_clues"]:
            pad = above - len(clue)
            places.append(str(clue[k - pad]) if k >= pad else ".")
        lines.append(tokens(places))
    for clue in record["row_clues"]:
        lines.append(tokens(["."] * (left - len(clue)) + [str(n) for n in clue] + ["."] * cols))
    return "pzprv3", lines


SHARE = Share(
    link=Link(GENRE, encode, decode, longest),
    files=(
        FileFormat("non", ".non", non_file, "Steve Simpson's puzzle file, as webpbn exports it, with the goal"),
        FileFormat("xml", ".xml", xml_file, "webpbn's XML Format for Paint-by-Number Puzzles 0.3, with the goal"),
        pzprv3_format(GENRE, pzprv3_grids),
    ),
)
