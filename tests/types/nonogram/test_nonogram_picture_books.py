"""Picture nonograms in books: the `picture`, `theme` and `names` parameters, picking pictures
from codes, never printing one twice, titled answers, the library's credit, publishers' folders."""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import random
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw

from conftest import ROOT, cli, tree, write_spec
from pipeline import sandbox
from pipeline.errors import SpecError
from pipeline.manifest import read_manifest
from pipeline.puzzles.nonogram import NonogramParams, source
from pipeline.puzzles.nonogram.pictures import image, library
from pipeline.registry import get_type
from pipeline.render.book import Printed, answer_slot
from pipeline.render.figures import Drawn
from pipeline.render.svg import Figure
from pipeline.spec import JobSpec, load_spec, parse_spec
from pipeline.stages.generate import generate

NONOGRAM = get_type("nonogram")


def spec_with(params: str, count: int = 1, size: int = 10, extra: str = "") -> str:
    return f"title: t\nseed: s\n{extra}sections:\n  - {{type: nonogram, size: {size}, count: {count}, params: {params}}}\n"


def problems(text: str) -> list[str]:
    with pytest.raises(SpecError) as caught:
        parse_spec(text)
    return caught.value.problems


def draw_pictures(folder: Path) -> Path:
    """Three publisher's pictures of odd sizes: a dark disc, a house on grey, a white star on black."""
    folder.mkdir()
    disc = Image.new("RGB", (333, 217), "white")
    ImageDraw.Draw(disc).ellipse((90, 20, 260, 190), fill=(20, 40, 160))
    disc.save(folder / "blue_disc.png")
    house = Image.new("L", (120, 180), 200)
    ImageDraw.Draw(house).polygon([(10, 80), (60, 15), (110, 80), (100, 80), (100, 170), (20, 170), (20, 80)], fill=10)
    house.save(folder / "little-house.png")
    star = Image.new("L", (200, 200), 0)
    ImageDraw.Draw(star).polygon([(100, 10), (125, 75), (190, 75), (135, 115), (160, 185), (100, 140), (40, 185), (65, 115), (10, 75), (75, 75)], fill=255)
    star.save(folder / "star.jpg")
    return folder


# ---- parameters ---------------------------------------------------------------------------


def test_random_pictures_keep_their_key_so_old_codes_keep_their_puzzles() -> None:
    params = NonogramParams(rows=10, cols=10)
    assert params.key == "10" and params.extras() == {} and params.slug == "10"


def test_picture_parameters_enter_the_key_and_the_id() -> None:
    job = parse_spec(spec_with("{picture: library, names: [cat, dog]}", count=2))
    params = job.sections[0].puzzle_params
    assert params.names == ("cat", "dog")
    assert params.extras() == {"picture": "library", "names": ["cat", "dog"]}
    assert params.key == "10;picture=library;names=['cat', 'dog']" and params.slug != "10"


def test_unknown_theme_and_name_say_what_was_meant() -> None:
    assert "did you mean 'animals'?" in problems(spec_with("{picture: library, theme: animal}"))[0]
    found = problems(spec_with("{picture: library, names: [cat, anchr]}"))[0]
    assert "params.names" in found and "'anchr'" in found and "did you mean 'anchor'?" in found


def test_theme_and_names_need_the_library() -> None:
    assert "need picture: library" in problems(spec_with("{theme: animals}"))[0]
    assert "not both" in problems(spec_with("{picture: library, theme: animals, names: [cat]}"))[0]


def test_a_missing_extra_names_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "fontawesomefree" else real(name, *a))
    found = problems(spec_with("{picture: library}"))[0]
    assert 'pip install "puzzlepress[pictures]"' in found and "fontawesomefree" in found
    named = problems(spec_with("{picture: library, names: [cat]}"))  # no library to look names up in
    assert len(named) == 1 and "params.picture" in named[0] and "params.names" in named[0] and "[pictures]" in named[0]


def test_an_empty_image_is_bad_input_naming_the_file_and_nothing_is_written(tmp_path: Path) -> None:
    Image.new("L", (40, 30), 255).save(tmp_path / "blank.png")
    spec = write_spec(tmp_path, spec_with(f"{{picture: {tmp_path / 'blank.png'}}}"))
    ran = cli("generate", spec, "-o", tmp_path / "out")
    assert ran.code == 2 and "blank.png" in ran.stderr and "empty" in ran.stderr and "line 4" in ran.stderr
    assert not (tmp_path / "out").exists()


def test_an_unreadable_file_and_an_empty_folder_are_named(tmp_path: Path) -> None:
    (tmp_path / "broken.png").write_bytes(b"not a png")
    (tmp_path / "empty").mkdir()
    os.mkfifo(tmp_path / "pipe.png")  # opening it for reading would wait for a writer for ever
    assert "pipe.png: cannot read the file: is not a regular file" in problems(spec_with(f"{{picture: {tmp_path / 'pipe.png'}}}"))[0]
    assert "broken.png" in problems(spec_with(f"{{picture: {tmp_path / 'broken.png'}}}"))[0]
    assert "holds no picture files" in problems(spec_with(f"{{picture: {tmp_path / 'empty'}}}"))[0]


def test_fit_aspect_takes_the_grid_from_the_picture_with_the_size_as_its_longest_side(tmp_path: Path) -> None:
    folder = draw_pictures(tmp_path / "pictures")  # blue_disc.png is 333 x 217, its disc 171 x 171
    wide = Image.new("L", (640, 200), 255)
    ImageDraw.Draw(wide).rectangle((20, 40, 620, 160), fill=0)  # a 601 x 121 bar: five to one,
    ImageDraw.Draw(wide).rectangle((300, 80, 340, 120), fill=255)  # with a window (a plain bar is no picture)
    wide.save(tmp_path / "bar.png")
    job = parse_spec(spec_with(f"{{picture: {tmp_path / 'bar.png'}, fit: aspect}}", size=25))
    assert (job.sections[0].puzzle_params.cols, job.sections[0].puzzle_params.rows) == (25, 5)
    assert job.sections[0].heading == "Nonogram 25×5"
    kept = JobSpec.model_validate(job.model_dump(mode="json"))  # as a manifest keeps it: no file read
    assert kept.sections[0].size == "25x5" and kept.sections[0].puzzle_params == job.sections[0].puzzle_params
    disc = parse_spec(spec_with(f"{{picture: {folder / 'blue_disc.png'}, fit: aspect}}", size=15)).sections[0]
    assert disc.puzzle_params.label == "15×15"  # cropped to its subject: the disc is round
    assert "holds 3" in problems(spec_with(f"{{picture: {folder}, fit: aspect}}"))[0]
    assert "a single name" in problems(spec_with("{picture: library, theme: animals, fit: aspect}"))[0]


# ---- generating ---------------------------------------------------------------------------


def test_a_code_picks_its_library_picture_the_same_way_every_time() -> None:
    params = NonogramParams(rows=15, cols=15, picture="library", theme="animals")
    first, again = (NONOGRAM.make(params, "harbour", budget=_budget()) for _ in range(2))
    assert first.puzzle == again.puzzle and first.stats == again.stats
    picture = first.stats["picture"]
    assert picture["name"] in library.names(("animals",)) and picture["library"] == library.library_version()
    assert NONOGRAM.promises(first.puzzle, params) == []


def test_a_book_never_repeats_a_picture(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, spec_with("{picture: library, names: [cat, dog, fish]}", count=3))
    assert cli("generate", spec, "-o", tmp_path / "out").code == 0
    manifest = read_manifest(tmp_path / "out")
    assert sorted(e.stats["picture"]["name"] for e in manifest.puzzles()) == ["cat", "dog", "fish"]
    assert any("already in this job" in skip.reason for skip in manifest.skipped)


def test_exclude_never_repeats_a_picture_from_an_earlier_edition(tmp_path: Path) -> None:
    first = write_spec(tmp_path, spec_with("{picture: library, names: [cat, dog, fish]}", count=2), "a.yaml")
    assert cli("generate", first, "-o", tmp_path / "a").code == 0
    printed = {e.stats["picture"]["name"] for e in read_manifest(tmp_path / "a").puzzles()}
    exclude = f"exclude: [{tmp_path / 'a' / 'manifest.json'}]\n"
    second = write_spec(tmp_path, spec_with("{picture: library, names: [cat, dog, fish]}", extra=exclude), "b.yaml")
    assert cli("generate", second, "-o", tmp_path / "b").code == 0
    manifest = read_manifest(tmp_path / "b")
    assert [e.stats["picture"]["name"] for e in manifest.puzzles()] == sorted({"cat", "dog", "fish"} - printed)
    assert any("already published" in skip.reason for skip in manifest.skipped)


def test_a_picture_that_fits_no_grid_is_a_skip_reason_in_the_manifest(tmp_path: Path) -> None:
    # noise three times finer than the grid, in a frame: each cell is a grey mix, nothing like it
    rng = random.Random(0)
    noise = Image.new("L", (30, 30), 255)
    for x, y in itertools.product(range(30), repeat=2):
        if rng.random() < 0.5 or {x, y} & {0, 29}:
            noise.putpixel((x, y), 0)
    noise.resize((300, 300), Image.Resampling.NEAREST).save(tmp_path / "noise.png")
    spec = write_spec(tmp_path, spec_with(f"{{picture: {tmp_path / 'noise.png'}}}", extra="budget: {attempts: 2}\n"))
    ran = cli("generate", spec, "-o", tmp_path / "out")
    assert ran.code == 1
    skipped = json.loads((tmp_path / "out" / "manifest.json").read_text())["skipped"]
    assert len(skipped) == 2 and all("noise.png" in s["reason"] and "too unlike" in s["reason"] for s in skipped)


def test_a_changed_picture_file_is_made_again_not_reused(tmp_path: Path) -> None:
    folder = draw_pictures(tmp_path / "pictures")
    for name in ("little-house.png", "star.jpg"):
        (folder / name).unlink()
    spec = write_spec(tmp_path, spec_with(f"{{picture: {folder}}}"))
    assert cli("generate", spec, "-o", tmp_path / "out").code == 0
    again = cli("generate", spec, "-o", tmp_path / "out")
    assert "generated 0 puzzles, reused 1" in again.stderr
    square = Image.new("L", (50, 50), 255)
    ImageDraw.Draw(square).rectangle((5, 5, 30, 45), fill=0)
    ImageDraw.Draw(square).rectangle((12, 12, 22, 22), fill=255)  # a window: a plain block is no picture
    square.save(folder / "blue_disc.png")
    changed = cli("generate", spec, "-o", tmp_path / "out")
    assert "generated 1 puzzles, reused 0" in changed.stderr
    record = next((tmp_path / "out" / "puzzles").glob("*.json"))
    assert json.loads(record.read_text())["stats"]["picture"]["sha256"] == source.file_source(folder / "blue_disc.png")["sha256"]


def test_an_odd_shaped_file_fills_a_landscape_grid_sensibly(tmp_path: Path) -> None:
    folder = draw_pictures(tmp_path / "pictures")
    params = NonogramParams(rows=15, cols=20, picture=str(folder / "blue_disc.png"))
    made = NONOGRAM.make(params, "x", budget=_budget())
    answer = made.puzzle.answer
    filled_cols = [c for c in range(20) if any(row[c] == "#" for row in answer)]
    assert (made.puzzle.rows, made.puzzle.cols) == (15, 20) and made.stats["picture"]["title"] == "Blue disc"
    assert 13 <= len(filled_cols) <= 16  # a disc 15 rows tall is about 15 columns wide, centred
    assert min(filled_cols) >= 2 and max(filled_cols) <= 17


# ---- pages --------------------------------------------------------------------------------


def test_an_answer_is_titled_with_its_picture(tmp_path: Path) -> None:
    figure = Figure(svg="", width_mm=52, height_mm=52, smallest_text_pt=0, thinnest_line_pt=0.5, grid_x_mm=1, grid_y_mm=1)
    drawn = Drawn(figure, tmp_path / "a.svg")
    item = Printed(12, 0, "c", "Nonogram 15×15", drawn, drawn, title="Anchor")
    assert answer_slot(item, 1.0, tmp_path).heading == "Answer 12 · Anchor"
    assert answer_slot(Printed(3, 0, "c", "Nonogram 15×15", drawn, drawn), 1.0, tmp_path).heading == "Answer 3"


def booklet_text(folder: Path) -> str:
    return "\n".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(folder / "booklet.pdf"))


def test_a_folder_of_the_publishers_images_builds_and_proves_every_puzzle(tmp_path: Path) -> None:
    folder = draw_pictures(tmp_path / "pictures")
    spec = write_spec(tmp_path, spec_with(f"{{picture: {folder}}}", count=3, size=15))
    ran = cli("build", spec, "-o", tmp_path / "out", "--jobs", "1")
    assert ran.code == 0, ran.stderr
    manifest = read_manifest(tmp_path / "out")
    assert all(e.proved for e in manifest.puzzles())
    assert sorted(e.stats["picture"]["name"] for e in manifest.puzzles()) == ["blue_disc.png", "little-house.png", "star.jpg"]
    text = booklet_text(tmp_path / "out")
    assert "· Blue disc" in text and "· Little house" in text and "· Star" in text
    assert "Font Awesome" not in text  # the credit is for the library's pictures only
    folder.rename(tmp_path / "moved")  # the output folder alone is enough to prove and print again
    assert cli("verify", tmp_path / "out", "--fresh").code == 0


def test_a_library_book_credits_the_icons_on_its_copyright_page(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, spec_with("{picture: library, names: [anchor, guitar]}", count=2))
    assert cli("build", spec, "-o", tmp_path / "out", "--jobs", "1").code == 0
    pages = [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(tmp_path / "out" / "booklet.pdf")]
    assert "Font Awesome Free" in pages[1] and "CC BY 4.0" in pages[1]
    answers = "\n".join(pages)
    assert "· Anchor" in answers and "· Guitar" in answers


def test_the_picture_config_is_valid_and_fits_its_page() -> None:
    from pipeline.stages.pageplan import page_problems

    job = load_spec(ROOT / "configs" / "pictures.yaml")
    assert page_problems(job) == []
    assert all(s.puzzle_params.picture == "library" for s in job.sections)


@pytest.mark.slow
def test_the_picture_book_builds_the_same_bytes_with_any_jobs(tmp_path: Path) -> None:
    for jobs in ("1", "2"):
        ran = cli("build", ROOT / "configs" / "pictures.yaml", "-o", tmp_path / jobs, "--jobs", jobs)
        assert ran.code == 0, ran.stderr
    assert tree(tmp_path / "1") == tree(tmp_path / "2")  # every file, the manifest too
    manifest = read_manifest(tmp_path / "1")
    names = [e.stats["picture"]["name"] for e in manifest.puzzles()]
    assert len(names) == len(set(names)) == 40 and all(e.proved for e in manifest.puzzles())


def _budget():
    from pipeline.budget import Budget

    return Budget(seconds=60)


def test_a_newsletter_with_library_pictures_credits_them_on_its_back(tmp_path: Path) -> None:
    text = (
        "title: t\ndate: 2026-11-30\nformat: newsletter\npage: Letter\n"
        "sections:\n  - {type: nonogram, size: 10, count: 1, params: {picture: library, names: [anchor]}}\n"
    )
    assert cli("build", write_spec(tmp_path, text), "-o", tmp_path / "out", "--jobs", "1").code == 0
    pages = [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(tmp_path / "out" / "booklet.pdf")]
    assert "Font Awesome Free" in pages[-1] and "Answer 1 · Anchor" in pages[-1]


def test_each_picture_is_decoded_once_and_the_workers_never_read_the_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = draw_pictures(tmp_path / "pictures")
    decodes: list[str] = []
    run = sandbox.run_bounded
    monkeypatch.setattr(sandbox, "run_bounded", lambda fn, kind, data, **bounds: decodes.append(kind) or run(fn, kind, data, **bounds))
    image._DECODED.clear()
    image._SETS.clear()
    job = parse_spec(f"title: P\nseed: once\nsections: [{{type: nonogram, size: 10, count: 3, params: {{picture: '{folder}'}}}}]\n")
    assert sorted(decodes) == ["jpeg", "png", "png"]
    # The files' bytes are spoiled in place, same size and times: a worker that read a file
    # again would fail; the stage hands the workers the pictures decoded at the spec check.
    for path in folder.iterdir():
        info = path.stat()
        with open(path, "r+b") as handle:
            handle.write(b"\0" * info.st_size)
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    report = generate(job, tmp_path / "out", jobs=2)
    assert len(report.manifest.entries) == 3 and len(decodes) == 3
