"""Where a nonogram's answer comes from: a random picture, the bundled library, or the
publisher's own image files (the `picture` parameter).

A code picks its picture by itself: the rng from the code chooses among the library's pictures
(or the folder's files), so a code makes the same puzzle in any job and any process, and
`puzzlepress new` can make it again. A book never prints a picture twice: the generate stage skips
a code whose picture is already in the job or in an `exclude` manifest, as it skips a repeated
puzzle (see `picture_of`).

The picture modules (pictures/) load only when a picture is asked for: they need the `pictures`
extra, and random nonograms need none of it.
"""

from __future__ import annotations

import difflib
import importlib.util
import random
from pathlib import Path
from typing import Any

from pipeline.errors import Unsuitable
from pipeline.budget import Budget
from pipeline.interface.puzzle_type import Generated
from pipeline.puzzles.nonogram.model import FILLED, from_picture

RANDOM = "random"
LIBRARY = "library"
EXTRA = "pictures"
EXTRA_PACKAGES = ("cairosvg", "fontawesomefree")


def require_extra() -> None:
    """ValueError naming the install command when the pictures extra is missing."""
    missing = [name for name in EXTRA_PACKAGES if importlib.util.find_spec(name) is None]
    if missing:
        raise ValueError(
            f"picture nonograms need {' and '.join(missing)}, which are not installed: "
            f'pip install "puzzlepress[{EXTRA}]"'
        )


def check_theme(theme: str) -> None:
    from pipeline.puzzles.nonogram.pictures.library import THEMES

    if theme not in THEMES:
        raise ValueError(f"no theme {theme!r}{_did_you_mean(theme, list(THEMES))}; themes are {', '.join(THEMES)}")


def check_names(names: tuple[str, ...]) -> None:
    from pipeline.puzzles.nonogram.pictures import library

    known = list(library.pictures())
    for name in names:
        if name not in library.pictures():
            raise ValueError(f"the picture library has no picture {name!r}{_did_you_mean(name, known)}")
    if len(set(names)) < len(names):
        raise ValueError("name each picture once")


def check_files(picture: str) -> None:
    """Every picture file the parameter names can be read and holds a picture (ValueError
    otherwise, naming the file). Each is decoded here, once: the stage hands the decoded
    pictures to its workers (materials)."""
    from pipeline.puzzles.nonogram.pictures import PictureError, picture_set

    try:
        picture_set(picture)
    except PictureError as error:  # as a ValueError the spec reports it at its line with the rest
        raise ValueError(str(error)) from None
    except OSError as error:  # a path the system refuses outright (too long, say)
        raise ValueError(f"{picture}: {error.strerror or error}") from None


def grid_for(picture: str, names: tuple[str, ...], longest: int) -> dict[str, int]:
    """{rows, cols} for fit: aspect: the one picture's shape with `longest` cells on its longer
    side. ValueError when the parameters name more than one picture, or none that can be read."""
    require_extra()
    from pipeline.puzzles.nonogram.pictures import PictureError, grid_shape_of, library, picture_set

    if picture == LIBRARY and len(names) == 1:
        check_names(names)
        ink = library.ink(names[0])
    elif picture not in (RANDOM, LIBRARY):
        try:
            files = picture_set(picture).pictures
        except PictureError as error:
            raise ValueError(str(error)) from None
        except OSError as error:
            raise ValueError(f"{picture}: {error.strerror or error}") from None
        if len(files) != 1:
            raise ValueError(f"fit: aspect makes every grid of a section the shape of one picture, and {picture} holds {len(files)}; give the grid as size")
        ink = files[0].ink()
    else:
        raise ValueError("fit: aspect needs one picture: a file, or picture: library with a single name")
    rows, cols = grid_shape_of(ink, longest)
    return {"rows": rows, "cols": cols}


def materials(params: Any) -> Any:
    """A publisher's pictures, decoded (pictures.PictureSet), for the workers; None otherwise."""
    if params.picture in (RANDOM, LIBRARY):
        return None
    from pipeline.puzzles.nonogram.pictures import picture_set

    return picture_set(params.picture)


def _did_you_mean(word: str, known: list[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def generate(params: Any, rng: random.Random, budget: Budget) -> Generated:
    """A picture puzzle: the library's or a file's; Unsuitable when no candidate fits the grid."""
    if params.picture == LIBRARY:
        return _from_library(params, rng, budget)
    return _from_files(params, rng, budget)


def _from_library(params: Any, rng: random.Random, budget: Budget) -> Generated:
    from pipeline.puzzles.nonogram.pictures import library, pick_library_answer

    choices = list(params.names) or library.names((params.theme,) if params.theme else ())
    got = pick_library_answer(rng, choices, frozenset(), (params.rows, params.cols), budget)
    if got is None:
        raise Unsuitable(f"none of the {len(choices)} library pictures asked for makes a {params.label} puzzle")
    source = {"name": got.name, "title": got.title, "library": library.library_version()}
    return _generated(got.grid, source, got.passed_over)


def _from_files(params: Any, rng: random.Random, budget: Budget) -> Generated:
    """One of the folder's files chosen by rng, passing over files that do not fit the grid,
    like pick_library_answer. The files come decoded with the parameters (materials), or are
    read here when made outside a stage (`puzzlepress new`)."""
    from pipeline.puzzles.nonogram.pictures import PictureRejected, answer_from_decoded, library, picture_set

    files = (params.materials or picture_set(params.picture)).by_name()
    passed: list[tuple[str, str]] = []
    while (name := library.pick(rng, list(files), {n for n, _ in passed})) is not None:
        try:
            grid = answer_from_decoded(files[name], (params.rows, params.cols), budget)
        except PictureRejected as rejected:
            passed.append((name, rejected.reason))
            continue
        return _generated(grid, file_source(files[name]), tuple(passed))
    raise Unsuitable(f"no picture in {params.picture} makes a {params.label} puzzle: {_reasons(passed)}")


def _reasons(passed: list[tuple[str, str]], shown: int = 3) -> str:
    """Why pictures were rejected, the first few by name (a folder may hold hundreds)."""
    text = "; ".join(f"{name}: {reason}" for name, reason in passed[:shown])
    return text + (f"; and {len(passed) - shown} more" if len(passed) > shown else "")


def file_source(picture: Any) -> dict[str, str]:
    """What a record says about the file its picture came from (a pictures.Decoded, or a path):
    enough to tell a changed file or reader from the one the puzzle was made with."""
    from pipeline.puzzles.nonogram.pictures import decode, reader_version

    decoded = picture if hasattr(picture, "sha256") else decode(picture)
    return {
        "name": decoded.name,
        "title": title_of(Path(decoded.name)),
        "sha256": decoded.sha256,
        "reader": reader_version(),
    }


def title_of(path: Path) -> str:
    """A file's name as an answer's title: "red_barn-2.png" -> "Red barn 2"."""
    words = " ".join(path.stem.replace("_", " ").replace("-", " ").split())
    return words[:1].upper() + words[1:]


def _generated(grid: Any, source: dict[str, str], passed: tuple[tuple[str, str], ...]) -> Generated:
    puzzle = from_picture(grid.answer)
    filled = sum(row.count(FILLED) for row in grid.answer)
    stats: dict[str, Any] = {
        "picture": source, "flips": len(grid.flips), "holes_filled": grid.holes_filled,
        "likeness": round(grid.likeness, 3), "tries": grid.tries, "filled": filled,
    }
    if passed:
        stats["passed_over"] = [[name, reason] for name, reason in passed]
    return Generated(puzzle=puzzle, stats=stats)


def stale(record: dict[str, Any]) -> bool:
    """Whether a record's picture came from another library version, reader or file content
    than this one would use now: then its code is made again."""
    source = record.get("stats", {}).get("picture")
    if not isinstance(source, dict):
        return False
    if "library" in source:
        from pipeline.puzzles.nonogram.pictures import library

        return source["library"] != library.library_version()
    from pipeline.puzzles.nonogram.pictures import PictureError, picture_set

    try:
        found = picture_set(record.get("params", {}).get("picture", "")).by_name().get(source.get("name"))
        return found is None or file_source(found) != source
    except (PictureError, OSError, ValueError):  # gone, unreadable, or a path no system takes
        return True
