"""Fitting a subject to a grid: its shape in cells, each cell's ink, and the cells to fill.

A cell's coverage is the share of its area the subject covers, 0..255 (a box-filter average of the
ink image). The picture is the cells covered at least half; a cell's distance from that threshold
is what the repair uses to choose the cells whose flip shows least. (Otsu's threshold has already
split subject from background in the full-size image, image.py; here every pixel is ink or not,
up to anti-aliasing, so half a cell is the threshold that keeps the subject's area.)
"""

from __future__ import annotations

from PIL import Image

# A cell is filled when the subject covers at least half of it: on average the filled area then
# matches the subject's area, neither thickening nor thinning it.
THRESHOLD = 128
MIN_SIDE = 5  # the smallest grid side the nonogram prints

Coverage = list[list[int]]  # [row][col], 0..255
Rows = list[int]  # one bitmask per row, bit c set when column c is filled


def grid_shape(width: float, height: float, longest: int, shortest: int = MIN_SIDE) -> tuple[int, int]:
    """(rows, cols) for a subject of this aspect: the longer side gets `longest` cells, the other
    its share of them, never fewer than `shortest`."""
    if width <= 0 or height <= 0:
        raise ValueError("a subject has a positive width and height")
    if longest < shortest:
        raise ValueError(f"longest side {longest} is below the shortest {shortest}")
    short = lambda ratio: min(longest, max(shortest, round(longest * ratio)))  # noqa: E731
    if width >= height:
        return short(height / width), longest
    return longest, short(width / height)


def coverage(ink: Image.Image, rows: int, cols: int) -> Coverage:
    """Each cell's ink, with the subject scaled to fit the grid keeping its aspect, centred."""
    scale = min(cols / ink.width, rows / ink.height)
    width = min(cols, max(1, round(ink.width * scale)))
    height = min(rows, max(1, round(ink.height * scale)))
    small = ink.resize((width, height), Image.Resampling.BOX)
    grid = Image.new("L", (cols, rows), 0)
    grid.paste(small, ((cols - width) // 2, (rows - height) // 2))
    values = list(grid.tobytes())
    return [values[r * cols:(r + 1) * cols] for r in range(rows)]


def threshold(cover: Coverage) -> Rows:
    return [sum(1 << c for c, v in enumerate(line) if v >= THRESHOLD) for line in cover]


def fill_holes(picture: Rows, cols: int, largest: int) -> Rows:
    """The picture with every enclosed empty area of at most `largest` cells filled.

    An enclosed area is empty cells joined side by side that do not reach the grid's edge.
    """
    rows = len(picture)
    seen: set[tuple[int, int]] = set()
    filled = list(picture)
    for r in range(rows):
        for c in range(cols):
            if (picture[r] >> c) & 1 or (r, c) in seen:
                continue
            area = _empty_area(picture, cols, r, c)
            seen |= area
            enclosed = all(0 < y < rows - 1 and 0 < x < cols - 1 for y, x in area)
            if enclosed and len(area) <= largest:
                for y, x in area:
                    filled[y] |= 1 << x
    return filled


def _empty_area(picture: Rows, cols: int, r: int, c: int) -> set[tuple[int, int]]:
    rows = len(picture)
    area = {(r, c)}
    frontier = [(r, c)]
    while frontier:
        y, x = frontier.pop()
        for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
            if 0 <= ny < rows and 0 <= nx < cols and not (picture[ny] >> nx) & 1 and (ny, nx) not in area:
                area.add((ny, nx))
                frontier.append((ny, nx))
    return area
