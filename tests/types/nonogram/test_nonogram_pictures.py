"""Picture nonograms: from an image to a line-solvable answer, proved by the SAT proof too."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from pipeline.errors import InputError
from pipeline.budget import Budget
from pipeline.puzzles.nonogram import pictures
from pipeline.puzzles.nonogram.model import FILLED, from_picture
from pipeline.puzzles.nonogram.pictures import fit, library
from pipeline.puzzles.nonogram.pictures.image import to_ink
from pipeline.puzzles.nonogram.pictures.repair import answer_of, flipped, make_line_solvable, undecided
from pipeline.puzzles.nonogram.proof import prove


def rows_of(text: str) -> list[int]:
    return [sum(1 << c for c, ch in enumerate(line) if ch == "#") for line in text.split()]


def proved_unique(grid: pictures.PictureGrid) -> bool:
    return prove(from_picture(grid.answer), 2) == [grid.answer]


def drawn(size: tuple[int, int], shapes, *, mode: str = "L", paper=255, ink=0) -> Image.Image:
    image = Image.new(mode, size, paper)
    draw = ImageDraw.Draw(image)
    for kind, box in shapes:
        getattr(draw, kind)(box, fill=ink)
    return image


# --- from the picture as drawn --------------------------------------------------------------

def test_a_line_solvable_picture_passes_unchanged():
    # a house: a triangle roof on a square body with a door; line-solvable as drawn at 10x10
    image = drawn((400, 400), [("polygon", [(0, 160), (200, 0), (400, 160)]), ("rectangle", (40, 160, 360, 400))])
    ImageDraw.Draw(image).rectangle((160, 280, 240, 400), fill=255)
    ink = to_ink(image).crop(to_ink(image).getbbox())
    cover = fit.coverage(ink, 10, 10)
    assert not undecided(fit.threshold(cover), 10, Budget())
    grid = pictures.answer_from_ink(ink, 10, 10, Budget())
    assert grid.flips == () and grid.holes_filled == 0
    assert grid.answer == answer_of(fit.threshold(cover), 10)
    assert proved_unique(grid)


def _line_solvable(picture: list[int], cols: int) -> bool:
    return not undecided(picture, cols, Budget())


def _fewest_flips(picture: list[int], cols: int, most: int) -> int | None:
    """Brute force: the smallest number of cells, anywhere in the grid, whose flip makes the
    picture line-solvable."""
    cells = [(r, c) for r in range(len(picture)) for c in range(cols)]
    for size in range(most + 1):
        if any(_line_solvable(flipped(picture, combo), cols) for combo in itertools.combinations(cells, size)):
            return size
    return None


def _stuck_pictures(count: int, rows: int, cols: int) -> list[list[int]]:
    rng = random.Random(14)
    found = []
    while len(found) < count:
        picture = [rng.getrandbits(cols) for _ in range(rows)]
        if not _line_solvable(picture, cols):
            found.append(picture)
    return found


DIAGONAL = """
    #....
    .#...
    .....
    .....
    #####"""


def test_a_known_stuck_picture_is_repaired_with_one_flip():
    # the two top-left cells on a diagonal: their clues fit the other diagonal as well
    picture = rows_of(DIAGONAL)
    cover = [[200 if (row >> c) & 1 else 0 for c in range(5)] for row in picture]
    assert not _line_solvable(picture, 5)
    assert _fewest_flips(picture, 5, 2) == 1
    result = make_line_solvable(picture, 5, cover, 3, Budget())
    assert result is not None and len(result.flips) == 1
    assert _line_solvable(result.picture, 5)


@pytest.mark.parametrize("rows,cols", [(5, 5), (5, 7), (6, 4)])
def test_repairs_use_the_fewest_flips_a_brute_force_finds(rows, cols):
    for picture in _stuck_pictures(6, rows, cols):
        cover = [[255 if (row >> c) & 1 else 0 for c in range(cols)] for row in picture]
        fewest = _fewest_flips(picture, cols, 3)
        result = make_line_solvable(picture, cols, cover, 3, Budget())
        if fewest is None:
            assert result is None
            continue
        assert result is not None, [f"{row:0{cols}b}" for row in picture]
        assert len(result.flips) == fewest
        assert result.picture == flipped(picture, result.flips)
        assert _line_solvable(result.picture, cols)


def test_a_repair_prefers_the_cell_nearest_the_threshold():
    picture = rows_of(DIAGONAL)
    for cheap in [(0, 0), (0, 1), (1, 0), (1, 1)]:
        cover = [[255 if (row >> c) & 1 else 0 for c in range(5)] for row in picture]
        cover[cheap[0]][cheap[1]] = 128
        result = make_line_solvable(picture, 5, cover, 3, Budget())
        assert result is not None and result.flips == (cheap,)


def test_a_picture_too_unlike_its_image_is_rejected_with_the_reason():
    # a disk: line-solvable, but its rim cells are partly covered, so its likeness is below 0.95
    image = drawn((400, 400), [("ellipse", (0, 0, 399, 399))], paper=0, ink=255)
    assert pictures.answer_from_ink(image, 10, 10, Budget(), min_likeness=0.8).flips == ()
    with pytest.raises(pictures.PictureRejected, match=r"at 10x10 the grid is too unlike the picture \(likeness 0\.[89]\d"):
        pictures.answer_from_ink(image, 10, 10, Budget(), min_likeness=0.95)


def test_a_picture_needing_more_flips_than_the_limit_is_rejected_with_the_reason():
    # found by a search of random 6x6 pictures: no single flip makes it line-solvable
    picture = rows_of("""
        ..#..#
        #...#.
        .#..#.
        ###...
        ..#...
        .####.""")
    assert fit.fill_holes(picture, 6, pictures.HOLE_CELLS) == picture
    assert _fewest_flips(picture, 6, 1) is None
    image = Image.new("L", (6, 6))
    image.putdata([255 if (picture[r] >> c) & 1 else 0 for r in range(6) for c in range(6)])
    with pytest.raises(pictures.PictureRejected, match=r"at 6x6 .* at most 1 flipped cell"):
        pictures.answer_from_ink(image, 6, 6, Budget(), max_flip_share=0.03)


# --- a publisher's images -------------------------------------------------------------------

def test_a_user_image_of_odd_size_and_aspect_gives_a_sensible_grid(tmp_path: Path):
    # a wide dark ellipse with a margin, on a 517x149 photo-like grey background, saved as JPEG
    image = drawn((517, 149), [("ellipse", (31, 20, 481, 130))], paper=225, ink=40)
    path = tmp_path / "Odd Wide.jpeg"
    image.convert("RGB").save(path, quality=80)
    ink = pictures.load_ink(path)
    rows, cols = pictures.grid_shape_of(ink, 20)
    assert (rows, cols) == (5, 20)  # 450 x 110 pixels of subject: 20 cells wide, 4.9 high
    grid = pictures.answer_from_file(path, (rows, cols), Budget())
    assert proved_unique(grid)
    assert grid.answer[2] == FILLED * 20  # the widest row of the ellipse reaches both sides
    assert all(line[0] != FILLED for line in (grid.answer[0], grid.answer[-1]))  # rounded ends


def test_a_light_subject_on_a_dark_background_and_transparent_pngs_read_the_same(tmp_path: Path):
    shape = [("ellipse", (10, 10, 90, 190))]
    dark = tmp_path / "dark.png"
    drawn((100, 200), shape, paper=0, ink=255).save(dark)
    clear = tmp_path / "clear.png"
    drawn((100, 200), shape, mode="RGBA", paper=(0, 0, 0, 0), ink=(200, 30, 30, 255)).save(clear)
    plain = tmp_path / "plain.png"
    drawn((100, 200), shape).save(plain)
    rows, cols = pictures.grid_shape_of(pictures.load_ink(plain), 15)
    assert (rows, cols) == (15, 7)  # 81 x 181 pixels
    grids = [pictures.answer_from_file(p, (rows, cols), Budget()).answer for p in (dark, clear, plain)]
    assert grids[0] == grids[1] == grids[2]


def test_16_bit_grey_and_cmyk_images_read_like_8_bit_ones(tmp_path: Path):
    shape = [("ellipse", (10, 10, 90, 190))]
    grey16 = Image.new("I;16", (100, 200), 65535)
    ImageDraw.Draw(grey16).ellipse(shape[0][1], fill=2000)
    grey16.save(tmp_path / "grey16.png")
    drawn((100, 200), shape, mode="RGB", paper=(255, 255, 255), ink=(0, 0, 0)).convert("CMYK").save(tmp_path / "cmyk.jpg")
    drawn((100, 200), shape).save(tmp_path / "plain.png")
    grids = [pictures.answer_from_file(tmp_path / name, 15, Budget()).answer for name in ("grey16.png", "cmyk.jpg", "plain.png")]
    assert grids[0] == grids[1] == grids[2]


def test_an_svg_is_drawn(tmp_path: Path):
    path = tmp_path / "star.svg"
    path.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">'
        '<rect x="10" y="10" width="80" height="40" fill="#123"/><rect x="40" y="20" width="20" height="20" fill="white"/></svg>'
    )
    ink = pictures.load_ink(path)
    rows, cols = pictures.grid_shape_of(ink, 16)
    assert (rows, cols) == (8, 16)
    grid = pictures.answer_from_ink(ink, rows, cols, Budget())
    assert grid.answer[0] == FILLED * 16 and grid.answer[4] == "#" * 6 + "." * 4 + "#" * 6
    assert proved_unique(grid)


@pytest.mark.parametrize("name,content,problem", [
    ("missing.png", None, "no such file"),
    ("empty.png", b"", "the file is empty"),
    ("garbage.jpg", b"not a jpeg at all", "not a readable JPEG image: its content is not a PNG, JPEG or SVG"),
    ("broken.svg", b"<svg><rect", "not a drawable SVG"),
    ("notes.txt", b"hello", "not an image this can read"),
])
def test_an_unreadable_file_is_an_input_error_naming_it(tmp_path: Path, name, content, problem):
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(InputError, match=problem) as raised:
        pictures.load_ink(path)
    assert str(path) in str(raised.value)


@pytest.mark.parametrize("paper", [255, 0, 128])
def test_an_image_of_one_colour_is_empty(tmp_path: Path, paper):
    path = tmp_path / "blank.png"
    Image.new("L", (40, 30), paper).save(path)
    with pytest.raises(InputError, match=r"blank.png: the image is empty"):
        pictures.load_ink(path)


# --- fitting --------------------------------------------------------------------------------

@pytest.mark.parametrize("width,height,longest,shape", [
    (576, 512, 20, (18, 20)), (512, 576, 20, (20, 18)), (100, 100, 15, (15, 15)),
    (1000, 10, 15, (5, 15)), (10, 1000, 25, (25, 5)), (300, 200, 10, (7, 10)),
])
def test_grid_shape_follows_the_aspect(width, height, longest, shape):
    assert fit.grid_shape(width, height, longest) == shape


def test_only_small_enclosed_holes_are_filled():
    picture = rows_of("""
        #####.
        #.#..#
        #####.
        ##..##
        ##..##
        ######""")
    filled = fit.fill_holes(picture, 6, 1)
    assert filled == rows_of("""
        #####.
        ###..#
        #####.
        ##..##
        ##..##
        ######""")
    assert fit.fill_holes(picture, 6, 4)[3:5] == rows_of("###### ######")


# --- the library ----------------------------------------------------------------------------

def test_the_library_has_named_themed_pictures():
    names = library.names()
    assert len(names) >= 300 and names == sorted(names)
    assert {"cat", "anchor", "guitar"} <= set(names)
    assert library.pictures()["anchor"].title == "Anchor"
    assert "cat" in library.names(("animals",)) and "guitar" in library.names(("music",))
    assert set(library.names(("animals", "music"))) == set(library.names(("animals",))) | set(library.names(("music",)))
    assert library.library_version().startswith("fontawesomefree-6.6.0+")
    assert " Pillow-" in library.library_version() and " freetype-" in library.library_version()
    assert pictures.reader_version().startswith("Pillow-") and " cairosvg-" in pictures.reader_version()
    assert "CC BY 4.0" in library.ATTRIBUTION
    with pytest.raises(KeyError, match="no theme 'planets'"):
        library.names(("planets",))


def test_picking_is_deterministic_and_avoids_used_names():
    names = library.names(("animals",))
    first = library.pick(random.Random(5), names)
    assert first == library.pick(random.Random(5), list(reversed(names)))
    assert library.pick(random.Random(5), names, {first}) != first
    rng = random.Random(1)
    used: set[str] = set()
    while (name := library.pick(rng, names, used)) is not None:
        assert name not in used
        used.add(name)
    assert used == set(names)


@pytest.mark.parametrize("name,longest", [("cat", 15), ("anchor", 20), ("guitar", 20), ("car-side", 25)])
def test_library_pictures_are_proved_unique_by_the_sat_proof(name, longest):
    rows, cols = pictures.grid_shape_of(library.ink(name), longest)
    grid = pictures.answer_from_library(name, longest, Budget())
    assert len(grid.answer) == rows and len(grid.answer[0]) == cols
    assert proved_unique(grid)


@pytest.mark.slow
@pytest.mark.parametrize("longest", [15, 20])
def test_at_least_300_library_pictures_become_puzzles(longest):
    kept = 0
    for name in library.names():
        ink = library.ink(name)
        try:
            pictures.answer_from_ink(ink, *pictures.grid_shape_of(ink, longest), Budget(seconds=60))
        except pictures.PictureRejected:
            continue
        kept += 1
        if kept == 300:
            return
    pytest.fail(f"only {kept} library pictures become puzzles at {longest} cells")


def test_a_rejected_library_pick_is_passed_over_for_another():
    # guitar needs one flip at 20 cells, cat none: with no flips allowed only cat is accepted
    for seed in range(4):
        made = pictures.pick_library_answer(random.Random(seed), ["guitar", "cat"], set(), 20, Budget(), max_flip_share=0)
        assert made is not None and made.name == "cat" and made.title == "Cat"
        assert [name for name, _ in made.passed_over] in ([], ["guitar"])
        assert all("at most 0 flipped cells" in reason for _, reason in made.passed_over)
    again = pictures.pick_library_answer(random.Random(3), ["guitar", "cat"], set(), 20, Budget(), max_flip_share=0)
    assert again == pictures.pick_library_answer(random.Random(3), ["cat", "guitar"], set(), 20, Budget(), max_flip_share=0)
    assert pictures.pick_library_answer(random.Random(0), ["guitar", "cat"], {"cat"}, 20, Budget(), max_flip_share=0) is None


def test_a_folder_gives_its_picture_files_in_name_order(tmp_path: Path):
    for name in ("b.PNG", "a.svg", "c.jpeg", "notes.txt"):
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / "sub.png").mkdir()
    assert [p.name for p in pictures.picture_files(tmp_path)] == ["a.svg", "b.PNG", "c.jpeg"]
    assert pictures.picture_files(tmp_path / "c.jpeg") == [tmp_path / "c.jpeg"]
    with pytest.raises(InputError, match="no such file or folder"):
        pictures.picture_files(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match=r"empty: the folder holds no picture files"):
        pictures.picture_files(tmp_path / "empty")
