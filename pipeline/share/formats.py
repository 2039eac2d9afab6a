"""Files other puzzle tools read: webpbn `.non` and XML for nonograms, pzprv3 for all three genres.

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
- pzprv3 is pzprjs's own save file (src/puzzle/FileData.js, src/variety-common/FileData.js and
  each genre's `FileIO`): a header (`pzprv3`, or `pzprv3.1` for nuritwin), the genre, rows,
  columns, then the genre's grids of space-separated tokens. The files hold the puzzle only, so
  they open unsolved; `.non` and XML carry the goal because their readers check answers with it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, Callable

from pipeline.registry import get_type
from pipeline.share.puzzlink import GENRES, KURARIN_DOTS

PBN_DTD = "https://webpbn.com/pbn-0.3.dtd"


def puzzle_title(record: dict[str, Any]) -> str:
    """"Nonogram 10×10, code harbour"; a code's unprintable characters as escapes (XML cannot hold them)."""
    return f"{get_type(record['type']).title} {record['rows']}×{record['cols']}, code {printable(record['code'])}"


def printable(text: str) -> str:
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


# ---- .non -----------------------------------------------------------------------------------


def nonogram_non(record: dict[str, Any]) -> str:
    lines = [
        f"catalogue {_non_string(record['id'])}",
        f"title {_non_string(puzzle_title(record))}",
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


def nonogram_xml(record: dict[str, Any]) -> str:
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


def pzprv3(record: dict[str, Any]) -> str:
    """pzprjs's save file of the printed puzzle (no answer), as pzprjs itself writes it."""
    name, rows, cols = record["type"], record["rows"], record["cols"]
    header, grids = _PZPRV3[name](record, rows, cols)
    lines = [header, GENRES[name], str(rows), str(cols), *grids]
    return "\n".join(lines) + "\n"


def _tokens(items: list[Any]) -> str:
    """One pzprv3 line: every token followed by a space, as pzprjs writes them."""
    return "".join(f"{item} " for item in items)


def _pzprv3_nonogram(record: dict[str, Any], rows: int, cols: int) -> tuple[str, list[str]]:
    """One grid over the clue area and the cells: column clues above, row clues to the left."""
    above, left = (rows + 1) // 2, (cols + 1) // 2
    lines = []
    for k in range(above):  # k counts clue rows from the top, so the last number sits nearest the grid
        places = ["."] * left
        for clue in record["col_clues"]:
            pad = above - len(clue)
            places.append(str(clue[k - pad]) if k >= pad else ".")
        lines.append(_tokens(places))
    for clue in record["row_clues"]:
        lines.append(_tokens(["."] * (left - len(clue)) + [str(n) for n in clue] + ["."] * cols))
    return "pzprv3", lines


def _pzprv3_nuritwin(record: dict[str, Any], rows: int, cols: int) -> tuple[str, list[str]]:
    """Borders (side-by-side, then above one another), numbers, and an empty answer grid.

    pzprjs keeps a region's number in the region's leftmost column, topmost there (its
    getTopCell), and moves any other to it when it reads a file; the file puts it there already.
    """
    regions, clues = record["regions"], record["clues"]
    lines = [_tokens([int(regions[r][c] != regions[r][c + 1]) for c in range(cols - 1)]) for r in range(rows)]
    lines += [_tokens([int(regions[r][c] != regions[r + 1][c]) for c in range(cols)]) for r in range(rows - 1)]
    numbers = [["."] * cols for _ in range(rows)]
    for r, row in enumerate(clues):
        for c, number in enumerate(row):
            if number is not None:
                top_r, top_c = _top_cell(regions, regions[r][c])
                numbers[top_r][top_c] = str(number)
    lines += [_tokens(row) for row in numbers]
    lines += [_tokens(["."] * cols) for _ in range(rows)]
    return "pzprv3.1", lines


def _top_cell(regions: list[list[int]], label: int) -> tuple[int, int]:
    return min((c, r) for r, row in enumerate(regions) for c, value in enumerate(row) if value == label)[::-1]


def _pzprv3_kuralin(record: dict[str, Any], rows: int, cols: int) -> tuple[str, list[str]]:
    """The grid points as one character each, an empty answer grid, and no loop lines."""
    dots = [["."] * (2 * cols - 1) for _ in range(2 * rows - 1)]
    for circle in record["circles"]:
        rs = [r for r, _ in circle["cells"]]
        cs = [c for _, c in circle["cells"]]
        dots[min(rs) + max(rs)][min(cs) + max(cs)] = str(KURARIN_DOTS[circle["kind"]])
    lines = ["".join(row) for row in dots]
    lines += [_tokens(["."] * cols) for _ in range(rows)]
    lines += [_tokens([0] * (cols - 1)) for _ in range(rows)]
    lines += [_tokens([0] * cols) for _ in range(rows - 1)]
    return "pzprv3", lines


_PZPRV3: dict[str, Callable[[dict[str, Any], int, int], tuple[str, list[str]]]] = {
    "nonogram": _pzprv3_nonogram,
    "nuritwin": _pzprv3_nuritwin,
    "kuralin": _pzprv3_kuralin,
}
