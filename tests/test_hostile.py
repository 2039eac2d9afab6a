"""The hostile-input table (tests/hostile_cases.py), run in-process: every case must end with its
exit code and one message, never a traceback; a refusal must leave the files as they were."""

from __future__ import annotations

import base64
import collections
import hashlib
import io
import json
import os
import shutil
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest

from conftest import cli, tree
from hostile_cases import CASES, DEL, RAW, REPLACE, VALID, Case

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

MARKER = ".puzzlepress-output"


def test_the_table_covers_every_class_with_150_cases_or_more() -> None:
    per_class = collections.Counter(case.cls for case in CASES)
    assert len(CASES) >= 150, per_class
    assert set(per_class) == {"yaml", "text", "spec", "options", "outdir", "record", "manifest", "stamp", "edition", "picture"}
    assert len({(c.cls, c.name) for c in CASES}) == len(CASES), "case names repeat"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One small built folder (two 5×5 Nonograms), copied for every case that changes it."""
    root = tmp_path_factory.mktemp("built")
    spec = root / "job.yaml"
    spec.write_text(VALID)
    ran = cli("-q", "build", spec, "-o", root / "out", "--jobs", "1")
    assert ran.code == 0, ran.stderr
    return root


def _ids(case: Case) -> str:
    return f"{case.cls}:{case.name}"


def _shown_fine(ran: Any, case: Case) -> None:
    assert ran.code == case.exit, f"{case.name}: exit {ran.code}, expected {case.exit}\n{ran.stderr}"
    assert "Traceback" not in ran.stderr
    if case.exit != 0:
        assert ran.stderr.strip(), "a refusal must say why"


def _snapshot(folder: Path) -> dict[str, Any]:
    """Every entry under a folder, links and special files included, without following links."""
    seen: dict[str, Any] = {}
    for top, dirs, files in os.walk(folder, followlinks=False):
        for name in dirs + files:
            path = Path(top) / name
            rel = str(path.relative_to(folder))
            if path.is_symlink():
                seen[rel] = ("link", os.readlink(path))
            elif path.is_file():
                seen[rel] = ("file", path.read_bytes())
            else:
                seen[rel] = ("other", path.stat().st_mode)
    return seen


# ---- spec and option cases --------------------------------------------------------------------


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "spec"], ids=_ids)
def test_spec_case(case: Case, in_tmp: Path) -> None:
    spec = in_tmp / "job.yaml"
    spec.write_bytes(case.data if isinstance(case.data, bytes) else case.data.encode("utf-8", "surrogatepass"))
    out = in_tmp / "out"
    text = spec.read_bytes()
    args = [case.command or "generate", spec, "--jobs", "1"] + ([] if b"output:" in text else ["-o", out])
    ran = cli(*args)
    _shown_fine(ran, case)
    if case.exit == 2:
        assert not out.exists() and set(os.listdir(in_tmp)) == {"job.yaml"}, "a refused spec wrote something"


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "argv"], ids=_ids)
def test_option_case(case: Case, in_tmp: Path) -> None:
    spec = in_tmp / "job.yaml"
    spec.write_text(VALID)
    fifo = in_tmp / "fifo.yaml"
    os.mkfifo(fifo)
    deep = in_tmp / "deep.json"
    deep.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    args = [a.format(spec=spec, tmp=in_tmp, fifo=fifo, deep=deep) for a in case.data]
    _shown_fine(cli(*args), case)


# ---- output folders ------------------------------------------------------------------------------


def _outdir(name: str, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The hostile output path the case names, with whatever it needs set up under tmp."""
    home = tmp / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    (tmp / "file.txt").write_text("mine")

    def folder(path: Path, files: dict[str, str]) -> str:
        for rel, text in files.items():
            (path / rel).parent.mkdir(parents=True, exist_ok=True)
            (path / rel).write_text(text)
        path.mkdir(exist_ok=True)
        return str(path)

    setups = {
        "empty path": lambda: "",
        "blank path": lambda: "  ",
        "root": lambda: "/",
        "root by dots": lambda: str(tmp) + "/" + "../" * len(tmp.parts),
        "home": lambda: str(home),
        "home by a link": lambda: (os.symlink(home, tmp / "h"), str(tmp / "h"))[1],
        "a folder with someone's files": lambda: folder(tmp / "mine", {"a.txt": "a", "manifest.json": "{}", "booklet.pdf": "x"}),
        "a downloads folder with .part files": lambda: folder(
            tmp / "downloads", {".movie.mkv.part": "half", "sub/.x.0123456789ab.part": "half", "answers.pdf": "x"}
        ),
        "the folder holding the spec": lambda: str(tmp),
        "current folder": lambda: ".",
        "an existing file": lambda: str(tmp / "file.txt"),
        "under a file": lambda: str(tmp / "file.txt" / "sub"),
        "dangling link": lambda: (os.symlink(tmp / "nowhere", tmp / "dl"), str(tmp / "dl"))[1],
        "link loop": lambda: (os.symlink(tmp / "l2", tmp / "l1"), os.symlink(tmp / "l1", tmp / "l2"), str(tmp / "l1"))[2],
        "link loop in a parent": lambda: (os.symlink(tmp / "p2", tmp / "p1"), os.symlink(tmp / "p1", tmp / "p2"), str(tmp / "p1" / "out"))[2],
        "NUL byte": lambda: "a\0b",
        "5,000 characters": lambda: "o" * 5000,
        "a 300-character name": lambda: "n" * 300,
        "not UTF-8": lambda: "\udcff-out",
        "marker is a link": lambda: (folder(tmp / "m", {"x.txt": "x"}), os.symlink("/etc/hostname", tmp / "m" / MARKER), str(tmp / "m"))[2],
        "marker is a folder": lambda: folder(tmp / "m2", {f"{MARKER}/x": "x"}),
        "an empty folder": lambda: folder(tmp / "empty", {}),
        "a new folder": lambda: str(tmp / "new" / "deeper"),
        "a folder made by puzzlepress": lambda: folder(tmp / "made", {MARKER: "", ".manifest.json.0123456789ab.part": "half"}),
        "a link to an empty folder": lambda: (folder(tmp / "target", {}), os.symlink(tmp / "target", tmp / "ln"), str(tmp / "ln"))[2],
    }
    return setups[name]()


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "outdir"], ids=_ids)
def test_output_folder_case(case: Case, in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = in_tmp / "job.yaml"
    spec.write_text(VALID)
    out = _outdir(case.data, in_tmp, monkeypatch)
    before = _snapshot(in_tmp)
    ran = cli("generate", spec, "-o", out, "--jobs", "1")
    _shown_fine(ran, case)
    if case.exit == 2:
        assert _snapshot(in_tmp) == before, "a refused output folder was touched"
    else:
        made = Path(out)
        assert (made / MARKER).is_file() and (made / "manifest.json").is_file()
        assert not list(made.glob(".*.part")), "our own temporary files are cleaned up"


# ---- records, manifests and stamps of a built folder --------------------------------------------


def _set(data: Any, path: list[Any], value: Any) -> None:
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = value


def _placeholders(text: str, data: Any) -> str:
    """Values JSON cannot be given as Python objects: 5,000 digits and 100,000 levels."""
    return (
        text.replace('"@bigint"', "9" * 5000)
        .replace('"@deep"', "[" * 100_000 + "]" * 100_000)
        .replace('"@deep70"', "[" * 70 + "]" * 70)
    )


def _change(path: Path, change: tuple[Any, ...], folder: Path) -> None:
    op = change[0]
    if op == RAW:
        path.write_bytes(change[1])
        return
    if op == REPLACE:
        _replace(path, change[1], folder)
        return
    data = json.loads(path.read_text())
    if op == DEL:
        target = data
        for step in change[1][:-1]:
            target = target[step]
        del target[change[1][-1]]
    else:
        value = change[2]
        if value == "@0":
            value = data[change[1][0]][0]
        _set(data, change[1], value)
    text = _placeholders(json.dumps(data, ensure_ascii=True), data)
    path.write_text(text)


def _replace(path: Path, what: str, folder: Path) -> None:
    if what.startswith("record:"):  # an edition's first record changed, its verdict's hash made again
        data = json.loads(path.read_text())
        item = data["puzzles"][0]
        change = what.removeprefix("record:")
        if change == "junk":
            text = "not json"
        else:
            record = json.loads(item["record"])
            key, value = change.split("=")
            record[key] = int(value) if value.isdigit() else value
            text = json.dumps(record)
        item["record"] = text
        item["entry"]["verdict"]["record_sha256"] = hashlib.sha256(text.encode()).hexdigest()
        path.write_text(json.dumps(data))
        return
    if what == "one-by-one":  # a puzzle of its own, uniquely solvable, under the slot's id and code
        record = json.loads(path.read_text())
        record.update(rows=1, cols=1, row_clues=[[1]], col_clues=[[1]], solution=["#"])
        path.write_text(json.dumps(record))
        return
    if what == "unmark":
        (folder / MARKER).unlink()
        return
    if ":" in what:
        name, what = what.split(":")
        path = folder / name if name != "svg" else sorted(folder.glob("puzzles/*.svg"))[0]
    if what == "junk":
        path.write_bytes(b"junk")
        return
    path.unlink()
    if what == "folder":
        path.mkdir()
    elif what == "fifo":
        os.mkfifo(path)
    elif what == "devzero":
        os.symlink("/dev/zero", path)
    elif what == "passwd":
        os.symlink("/etc/passwd", path)


def _copy(built: Path, tmp: Path) -> Path:
    folder = tmp / "out"
    shutil.copytree(built / "out", folder, symlinks=True)
    shutil.copy(built / "job.yaml", tmp / "job.yaml")
    return folder


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "record"], ids=_ids)
def test_record_case(case: Case, built: Path, tmp_path: Path) -> None:
    folder = _copy(built, tmp_path)
    first = json.loads((folder / "manifest.json").read_text())["puzzles"][0]["id"]
    _change(folder / "puzzles" / f"{first}.json", case.data, folder)
    args = [case.command, folder] if case.command != "generate" else ["generate", tmp_path / "job.yaml", "-o", folder, "-j", "1"]
    before = tree(folder) if case.exit != 0 else None
    ran = cli(*args)
    _shown_fine(ran, case)
    if before is not None and case.exit == 2:
        assert tree(folder) == before, "bad input, yet something was written"
    assert not (tmp_path / "elsewhere").exists()


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "manifest"], ids=_ids)
def test_manifest_case(case: Case, built: Path, tmp_path: Path) -> None:
    folder = _copy(built, tmp_path)
    _change(folder / "manifest.json", case.data, folder)
    before = tree(folder)
    if case.command.startswith("build"):  # the folder must not be stuck: build makes it again
        ran = cli(*case.command.split(), tmp_path / "job.yaml", "-o", folder, "-j", "1")
    else:
        ran = cli(case.command, folder)
    _shown_fine(ran, case)
    assert "\x1b" not in ran.stderr, "a terminal escape from the manifest reached the terminal"
    if case.exit != 0:
        assert tree(folder) == before, "a refused manifest, yet something was written"
    assert not (tmp_path / "elsewhere").exists() and not Path("/tmp/X.svg").exists()


@pytest.mark.slow
@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "stamp"], ids=_ids)
def test_stamp_case(case: Case, built: Path, tmp_path: Path) -> None:
    folder = _copy(built, tmp_path)
    clean = tree(folder)
    _change(folder / ".layout-stamp.json", case.data, folder)
    ran = cli("build", tmp_path / "job.yaml", "-o", folder, "-j", "1")
    _shown_fine(ran, case)
    assert "(unchanged, kept)" not in ran.stderr, "a layout whose files changed was kept"
    again = tree(folder)
    for name in clean:
        if name.endswith((".pdf", ".svg")):
            assert again[name] == clean[name], f"{name} is not whole again"


# ---- picture files ----------------------------------------------------------------------------


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header names a size its few bytes of data do not hold: the size alone must
    refuse it, before any decoding."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


def _picture(kind: str) -> bytes:
    from PIL import Image, ImageDraw

    shape = Image.new("RGB", (60, 40), "white")
    ImageDraw.Draw(shape).ellipse((10, 5, 50, 35), fill="black")
    svg = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="30">{}</svg>'
    if kind.startswith("png-header:"):
        width, height = map(int, kind.split(":")[1].split("x"))
        return _png_header(width, height)
    if kind.startswith("format:"):
        out = io.BytesIO()
        shape.convert("L" if kind.endswith(("SGI", "IM")) else "RGB").save(out, format=kind.split(":")[1])
        return out.getvalue()
    if kind == "postscript":
        return b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nnewpath 0 0 moveto 10 10 lineto stroke showpage\n"
    if kind == "truncated":
        out = io.BytesIO()
        shape.save(out, format="PNG")
        return out.getvalue()[:80]
    if kind == "png-junk":
        return b"\x89PNG\r\n\x1a\n" + b"junk" * 10
    if kind in ("dot", "line", "block"):
        image = Image.new("L", (200, 100), 255)
        box = {"dot": (100, 50, 100, 50), "line": (20, 50, 180, 50), "block": (20, 20, 180, 80)}[kind]
        ImageDraw.Draw(image).rectangle(box, fill=0)
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()
    drawings = {
        "svg:plain": '<rect x="5" y="5" width="30" height="20"/><rect x="10" y="10" width="5" height="5" fill="white"/>',
        "svg:use-bomb": '<defs><rect id="l0" width="1" height="1"/>'
        + "".join(f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 9))
        + '</defs><use xlink:href="#l8"/>',
        "svg:use-loop": '<g id="a"><use xlink:href="#b"/></g><g id="b"><use xlink:href="#a"/></g>',
        "svg:embedded-bomb": '<image width="40" height="30" xlink:href="data:image/png;base64,{}"/>'.format(
            base64.b64encode(_png_header(13000, 13000)).decode()
        ),
        "svg:embedded-ps": '<image width="40" height="30" xlink:href="data:image/png;base64,{}"/>'.format(
            base64.b64encode(_picture("postscript")).decode()
        ),
    }
    if kind == "svg:tall":
        return b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="100000"><rect width="1" height="9"/></svg>'
    if kind == "svg:entity":
        return (b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
                b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>')
    return svg.format(drawings[kind]).encode()


def _picture_path(file: str, maker: str, tmp: Path) -> Path:
    if not maker.startswith("folder:"):
        path = tmp / file
        path.write_bytes(_picture(maker))
        return path
    folder = tmp / file
    folder.mkdir()
    (folder / "good.svg").write_bytes(_picture("svg:plain"))
    if maker == "folder:bad-name":
        (folder / os.fsdecode(b"caf\xe9.svg")).write_bytes(_picture("svg:plain"))
    elif maker == "folder:thai-name":
        (folder / "ภาพ.svg").write_bytes(_picture("svg:plain"))
    else:
        for index in range(int(maker.split(":")[1])):
            (folder / f"note-{index}.txt").touch()
    return folder


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "picture"], ids=_ids)
def test_picture_case(case: Case, in_tmp: Path) -> None:
    file, maker, fragment = case.data
    path = _picture_path(file, maker, in_tmp)
    spec = in_tmp / "job.yaml"
    spec.write_text(f"title: P\nseed: p\nsections: [{{type: nonogram, size: 10, count: 1, params: {{picture: '{path}'}}}}]\n")
    before = set(os.listdir(in_tmp))
    ran = cli("generate", spec, "-o", in_tmp / "out", "--jobs", "1")
    _shown_fine(ran, case)
    assert fragment in ran.stderr, ran.stderr
    assert " at 0x" not in ran.stderr and "DecompressionBomb" not in ran.stderr
    assert set(os.listdir(in_tmp)) == before, "a refused picture, yet something was written"


# ---- editions ----------------------------------------------------------------------------------


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "edition"], ids=_ids)
def test_edition_case(case: Case, built: Path, tmp_path: Path) -> None:
    from pipeline.edition import sealed

    folder = _copy(built, tmp_path)
    edition = tmp_path / "edition.json"
    shutil.copy(folder / "edition.json", edition)
    out = tmp_path / "reprint"
    for change in case.data:
        if change == "seal":
            edition.write_text(json.dumps(sealed(json.loads(edition.read_text()))))
        elif change == (REPLACE, "own-folder"):
            edition, out = folder / "edition.json", folder
        elif change == (REPLACE, "folder-above"):
            edition, out = folder / "edition.json", tmp_path
        else:
            _change(edition, change, tmp_path)
    before = _snapshot(tmp_path)
    ran = cli("reprint", edition, "-o", out, "--jobs", "1")
    _shown_fine(ran, case)
    assert len(ran.stderr.strip().splitlines()) == 1, ran.stderr
    assert _snapshot(tmp_path) == before, "a refused edition, yet something was written"
