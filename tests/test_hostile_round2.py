"""Defects of issue 27 that the hostile table cannot show on its own: errors that cross processes,
and the other promises checked below (pictures decoded once: tests/types/nonogram)."""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

import pytest

from pipeline.errors import InputError, RecordError, SpecError
from pipeline.parallel import Pool
from pipeline.puzzles.nonogram.pictures import PictureError, image

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize("error", [
    PictureError("a.png", "the image is empty"), RecordError("r.json", "field 'rows' is missing"), SpecError("s.yaml", ["x", "y"]),
], ids=["picture", "record", "spec"])
def test_our_errors_cross_processes_as_themselves(error: InputError) -> None:
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error) and again.__dict__ == error.__dict__


def _raise_picture_error(name: str) -> None:
    raise PictureError(name, "the image is empty: no pixel stands out from the background")


def test_a_picture_error_in_a_worker_reaches_the_user_as_itself() -> None:
    with Pool(2) as pool, pytest.raises(PictureError, match=r"^[ab]\.png: the image is empty"):
        list(pool.imap(_raise_picture_error, [("a.png",), ("b.png",)]))


def test_a_bomb_is_refused_from_its_header_in_milliseconds(tmp_path: Path) -> None:
    from test_hostile import _png_header

    (tmp_path / "bomb.png").write_bytes(_png_header(13000, 13000))
    with pytest.raises(PictureError, match="13,000×13,000|169,000,000"):
        image.decode(tmp_path / "bomb.png")


def test_a_decoding_that_breaks_its_bounds_is_stopped_and_named() -> None:
    from pipeline import sandbox

    def spin() -> None:
        while True:
            pass

    with pytest.raises(sandbox.Bounded, match="more than 1 s of CPU"):
        sandbox.run_bounded(spin, memory_bytes=100_000_000, cpu_seconds=1, wall_seconds=60)
    with pytest.raises(sandbox.Bounded, match="memory"):
        sandbox.run_bounded(bytearray, 2_000_000_000, memory_bytes=100_000_000, cpu_seconds=5, wall_seconds=60)
    assert sandbox.run_bounded(sum, [1, 2, 3], memory_bytes=100_000_000, cpu_seconds=5, wall_seconds=60) == 6


class _Picky(ValueError):
    """Like defusedxml's EntitiesForbidden: it pickles, but its __init__ takes more than a message."""

    def __init__(self, name: str, value: str) -> None:
        super().__init__(f"{name}={value}")


def _raise_picky() -> None:
    raise _Picky("a", "b")


def test_an_error_that_cannot_be_made_again_crosses_as_its_type_and_message() -> None:
    """The parent read "TypeError: EntitiesForbidden.__init__() missing 6 required positional
    arguments" for an SVG declaring an entity."""
    from pipeline import sandbox

    with pytest.raises(Exception) as caught:
        sandbox.run_bounded(_raise_picky, memory_bytes=100_000_000, cpu_seconds=5, wall_seconds=60)
    # as a Failed naming it; or as itself once Dask is imported in this process (it installs
    # tblib's pickling of every exception, which makes _Picky again from its message and type)
    assert f"{type(caught.value).__name__}: {caught.value}" in ("Failed: _Picky: a=b", "_Picky: a=b")


def test_a_16_bit_grey_png_is_read(tmp_path: Path) -> None:
    """Pillow cannot shrink 16-bit grey by whole factors: a valid 4200x4200 PNG was refused as
    'not a readable PNG image (image has wrong mode)'."""
    from PIL import Image, ImageDraw

    grey = Image.new("I;16", (4200, 4200), 65535)
    ImageDraw.Draw(grey).ellipse((400, 400, 3800, 3800), fill=0)
    grey.save(tmp_path / "deep.png")
    ink = image.decode(tmp_path / "deep.png").ink()
    assert ink.mode == "L" and ink.getbbox() is not None


def test_export_exports_the_bytes_it_hashed_even_when_a_record_is_swapped_between_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every record is swapped for an edited, unproved one right after its first read: export
    reads once, so it exports the proved bytes it read (it read twice and exported 4 edited of 25)."""
    import json

    from conftest import cli
    from pipeline import safeio

    spec = tmp_path / "job.yaml"
    spec.write_text("title: X\nseed: swap\nsections: [{type: nonogram, size: 5, count: 3}]\n")
    assert cli("-q", "build", spec, "-o", tmp_path / "out", "--jobs", "1").code == 0
    originals = {p.name: p.read_text() for p in (tmp_path / "out" / "puzzles").glob("*.json")}
    read = safeio.read_bounded

    def swapping(path: Path, limit: int) -> bytes:
        data = read(path, limit)
        if Path(path).name in originals:
            edited = json.loads(originals[Path(path).name])
            edited["solution"] = [row.translate(str.maketrans("#.", ".#")) for row in edited["solution"]]
            Path(path).write_text(json.dumps(edited))
        return data

    monkeypatch.setattr(safeio, "read_bounded", swapping)
    ran = cli("export", tmp_path / "out", "--format", "non", "-o", tmp_path / "non")
    assert ran.code == 0, ran.stderr
    for name, text in originals.items():
        goal = "".join(json.loads(text)["solution"]).replace("#", "1").replace(".", "0")
        assert f'goal "{goal}"' in (tmp_path / "non" / name.replace(".json", ".non")).read_text()


SMALL = "title: L\nseed: lock\nsections: [{type: nonogram, size: 5, count: 2}]\n"


def test_a_second_run_into_a_folder_in_use_is_refused_naming_the_first(tmp_path: Path) -> None:
    """Two builds into one folder both exited 0, one printing the other's book, and one's clean-up
    deleted the other's live temporary file."""
    import subprocess
    import sys

    from conftest import ROOT
    from pipeline import outdir

    folder = tmp_path / "out"
    outdir.claim(folder)  # this process is the first run
    live = folder / "puzzles" / ".a.json.0123456789ab.part"
    live.parent.mkdir()
    live.write_text("being written")
    (tmp_path / "job.yaml").write_text(SMALL)
    for command in (["build", "job.yaml", "-o", "out"], ["verify", "out"], ["layout", "out"]):
        ran = subprocess.run(
            [sys.executable, "-m", "pipeline", *command], cwd=tmp_path, capture_output=True, text=True, timeout=120,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        if command[0] == "build":
            assert ran.returncode == 2, ran.stderr
            assert f"is in use by another puzzlepress run (process {os.getpid()}: " in ran.stderr
            assert len(ran.stderr.strip().splitlines()) == 1 and "Traceback" not in ran.stderr
        else:
            assert ran.returncode == 2 and ("in use" in ran.stderr or "no manifest" in ran.stderr), ran.stderr
    assert live.read_text() == "being written" and sorted(p.name for p in folder.rglob("*")) == [".a.json.0123456789ab.part", ".puzzlepress-output", "puzzles"]
    outdir.release_all()
    assert subprocess.run(
        [sys.executable, "-m", "pipeline", "-q", "generate", "job.yaml", "-o", "out", "-j", "1"], cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, timeout=120,
    ).returncode == 0
    assert not live.exists()  # released, its leftover is ours to clean


@pytest.mark.parametrize("swapped", ["folder", "puzzles"])
def test_a_folder_swapped_for_a_link_mid_run_cannot_redirect_a_write(swapped: str, tmp_path: Path) -> None:
    from pipeline import outdir
    from pipeline.files import write_atomic

    victim = tmp_path / "someone"
    (victim / "puzzles").mkdir(parents=True)
    (victim / "manifest.json").write_text("theirs")
    folder = tmp_path / "out"
    outdir.claim(folder)
    write_atomic(folder / "puzzles" / "a.json", "{}")
    if swapped == "folder":
        folder.rename(tmp_path / "moved")
        os.symlink(victim, folder)
        target, error = folder / "manifest.json", outdir.FolderMoved
    else:
        (folder / "puzzles").rename(folder / "old-puzzles")
        os.symlink(victim / "puzzles", folder / "puzzles")
        target, error = folder / "puzzles" / "b.json", OSError
    with pytest.raises(error):
        write_atomic(target, "ours")
    assert (victim / "manifest.json").read_text() == "theirs" and not list((victim / "puzzles").iterdir())


# ---- the scheduler handshake -------------------------------------------------------------------


def _listener(behaviour: str) -> tuple[str, Any]:
    """A local listener that misbehaves as a wrong --scheduler address would; ends by itself."""
    import socket
    import struct
    import threading
    import time

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.settimeout(20)

    def answer(connection: socket.socket) -> None:
        with connection:
            try:
                if behaviour == "huge frame":
                    connection.sendall(struct.pack("Q", 3_000_000_000))
                elif behaviour == "slow drip":
                    for byte in struct.pack("Q", 40) + b"x" * 40:
                        time.sleep(0.5)
                        connection.send(bytes([byte]))
                elif behaviour == "a web server":
                    connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
                time.sleep(15)  # "silent": accepts and never answers
            except OSError:
                pass

    def serve() -> None:
        with server:
            try:
                while True:
                    connection, _ = server.accept()
                    threading.Thread(target=answer, args=(connection,), daemon=True).start()
            except OSError:
                pass

    threading.Thread(target=serve, daemon=True).start()
    return f"tcp://127.0.0.1:{server.getsockname()[1]}", server


@pytest.mark.parametrize("behaviour", ["silent", "huge frame", "slow drip", "a web server"])
def test_a_listener_that_is_no_scheduler_is_one_line_in_a_few_seconds(behaviour: str, tmp_path: Path) -> None:
    import time

    from conftest import cli

    address, server = _listener(behaviour)
    (tmp_path / "job.yaml").write_text(SMALL)
    started = time.monotonic()
    ran = cli("generate", tmp_path / "job.yaml", "-o", tmp_path / "out", "--scheduler", address)
    server.close()
    assert ran.code == 2 and len(ran.stderr.strip().splitlines()) == 1 and "Traceback" not in ran.stderr, ran.stderr
    assert time.monotonic() - started < 15 and not (tmp_path / "out").exists()


@pytest.mark.slow
def test_a_failing_task_on_a_local_cluster_prints_our_message_only(capfd: pytest.CaptureFixture[str]) -> None:
    from pipeline.cluster import ClusterPool
    with pytest.raises(PictureError, match="b.png: the image is empty"):
        with ClusterPool("local:1") as pool:
            list(pool.imap(_raise_picture_error, [("b.png",)]))
    captured = capfd.readouterr()
    assert "Traceback" not in captured.err and "Compute Failed" not in captured.err, captured.err


def test_captions_and_the_licence_credit_come_from_the_verified_records(tmp_path: Path) -> None:
    """An edited manifest dropped the CC BY 4.0 credit, exit 0: the manifest's stats are no
    verdict's; the records' are."""
    import json

    from pypdf import PdfReader

    from conftest import cli

    spec = tmp_path / "job.yaml"
    spec.write_text("title: C\nseed: credit\nsections: [{type: nonogram, size: 10, count: 1, params: {picture: library, names: [cat]}}]\n")
    assert cli("-q", "build", spec, "-o", tmp_path / "out", "--jobs", "1").code == 0
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    manifest["puzzles"][0]["stats"]["picture"] = {"name": "dog", "title": "Not a cat"}
    (tmp_path / "out" / "manifest.json").write_text(json.dumps(manifest))
    assert cli("layout", tmp_path / "out", "--jobs", "1").code == 0
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "out" / "booklet.pdf").pages)
    assert "CC BY 4.0" in text and "Cat" in text and "Not a cat" not in text


def test_an_edition_larger_than_a_record_may_be_is_read(tmp_path: Path) -> None:
    """A 3,300-puzzle book's 4.2 MB edition was refused by the 4 MB record bound."""
    import json

    from conftest import cli
    from pipeline.edition import read_edition

    spec = tmp_path / "job.yaml"
    spec.write_text(SMALL)
    assert cli("-q", "build", spec, "-o", tmp_path / "out", "--jobs", "1").code == 0
    data = json.loads((tmp_path / "out" / "edition.json").read_text())
    big = tmp_path / "big.json"
    big.write_text(json.dumps(data) + " " * 5_000_000)  # the same edition, 5 MB long
    assert len(read_edition(big).puzzles) == 2


@pytest.mark.slow
def test_two_sampler_builds_into_different_folders_compare_equal_with_diff_r(tmp_path: Path) -> None:
    """The manifest held each stage's timings, so no two output folders compared equal: every
    file of the folder, on one process, two, and a local Dask cluster of two workers."""
    import subprocess

    from conftest import ROOT, cli

    ways = {"one": ["--jobs", "1"], "two": ["--jobs", "2"], "cluster": ["--scheduler", "local:2"]}
    for name, how in ways.items():
        ran = cli("-q", "build", ROOT / "configs" / "sampler.yaml", "-o", tmp_path / name, *how)
        assert ran.code == 0, ran.stderr
    for name in ("two", "cluster"):
        compared = subprocess.run(["diff", "-r", tmp_path / "one", tmp_path / name], capture_output=True, text=True)
        assert compared.returncode == 0 and compared.stdout == "", f"{name}: {compared.stdout[:2000]}"
