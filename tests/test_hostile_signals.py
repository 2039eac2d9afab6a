"""Ctrl-C, SIGTERM and SIGKILL at moments of every stage, including the PDF write.

The build reports named checkpoints (pipeline/checkpoint.py) and waits at each for the test, so
a signal lands exactly where the test chose, the same way every run; which occurrence of a point
is chosen is drawn at random from a seed printed with any failure. The PDF write is the exception:
WeasyPrint's drawing has no checkpoint inside, so the signal comes a random few milliseconds
after the write starts. Afterwards: the exit code, every file whole or absent, no layout stamp for
unfinished work, and no process of the build left running.
"""

from __future__ import annotations

import gc
import json
import os
import random
import signal
import subprocess
import sys
import time
import xml.dom.minidom
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import ROOT, alive, descendants
from pipeline import checkpoint
from pipeline.render import pdf
from pipeline.render.geometry import page_box
from pipeline.spec import parse_spec
from pipeline.stages.styles import book_style

SPEC = "title: Signals\nseed: signals\nsections: [{type: nonogram, size: 5, count: 4}]\n"
SEED = int(os.environ.get("PUZZLEPRESS_SIGNAL_SEED", str(random.randrange(1 << 30))))
EXPECTED = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGKILL: -signal.SIGKILL}


class Run:
    """A build in its own process group that stops at every checkpoint until released."""

    def __init__(self, folder: Path, out: Path):
        self.points_r, points_w = os.pipe()
        go_r, self.go_w = os.pipe()
        env = {**os.environ, checkpoint.ENV: f"{points_w},{go_r}", "PYTHONPATH": str(ROOT)}
        # Output to a file, not a pipe: a leftover worker holding the pipe open would hang the test.
        self.log = folder / "stderr.txt"
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "pipeline", "build", str(folder / "job.yaml"), "-o", str(out), "--jobs", "2"],
                cwd=folder, env=env, pass_fds=(points_w, go_r), stdout=subprocess.DEVNULL, stderr=log,
                start_new_session=True,
            )
        os.close(points_w)
        os.close(go_r)
        self.points = os.fdopen(self.points_r, "r")

    def release(self) -> None:
        try:
            os.write(self.go_w, b".")
        except BrokenPipeError:
            pass

    def stop_at(self, point: str, nth: int, signum: int, delay: float = 0.0, group: bool = False) -> tuple[int, str, set[int]]:
        """Signal the build at the nth time it reaches `point` (with `group`, every process of
        its group, as a terminal's Ctrl-C does); (exit code, stderr, processes)."""
        seen, processes, sent = 0, set(), False
        for line in self.points:
            seen += line.strip() == point
            if not sent and seen == nth:
                processes = descendants(self.proc.pid)
                if delay:
                    self.release()
                    time.sleep(delay)
                if group:
                    os.killpg(self.proc.pid, signum)
                else:
                    os.kill(self.proc.pid, signum)
                sent = True
                if delay:
                    continue
            self.release()
        assert sent, f"the build never reached {point} {nth} times"
        self.proc.wait(timeout=120)
        os.close(self.go_w)
        return self.proc.returncode, self.log.read_text(), processes


def _whole(out: Path, *, parts_allowed: bool) -> None:
    """Every file is complete, or absent; a stamp only for a finished layout."""
    for path in out.rglob("*"):
        if path.name.endswith(".part"):
            assert parts_allowed, f"temporary file left behind: {path}"
        elif path.suffix == ".json":
            json.loads(path.read_text())
        elif path.suffix == ".pdf":
            data = path.read_bytes()
            assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), path
            assert len(pdfium.PdfDocument(data)) > 0
        elif path.suffix == ".svg":
            xml.dom.minidom.parseString(path.read_bytes())
    stamp = out / ".layout-stamp.json"
    if stamp.exists():
        for name in json.loads(stamp.read_text())["files"]:
            assert (out / name).exists(), f"the stamp lists {name}, which is missing"


def _no_leftovers(processes: set[int]) -> None:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(alive(p) for p in processes):
        time.sleep(0.1)
    leftover = [p for p in processes if alive(p)]
    for pid in leftover:  # do not let a failure leave them running for ever
        os.kill(pid, signal.SIGKILL)
    assert not leftover, "processes of the build outlived it"


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The booklet an uninterrupted build makes."""
    folder = tmp_path_factory.mktemp("reference")
    (folder / "job.yaml").write_text(SPEC)
    ran = subprocess.run(
        [sys.executable, "-m", "pipeline", "-q", "build", "job.yaml", "-o", "out"], cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, timeout=300,
    )
    assert ran.returncode == 0, ran.stderr
    return (folder / "out" / "booklet.pdf").read_bytes()


MOMENTS = [
    ("generate:record", 4, signal.SIGINT),
    ("generate:record", 4, signal.SIGTERM),
    ("generate:record", 4, signal.SIGKILL),
    ("generate:manifest", 1, signal.SIGTERM),
    ("verify:verdict", 4, signal.SIGINT),
    ("verify:verdict", 4, signal.SIGKILL),
    ("verify:manifest", 1, signal.SIGTERM),
    ("layout:figure", 4, signal.SIGINT),
    ("layout:render", 1, signal.SIGTERM),
    ("layout:pdf-write", 1, signal.SIGINT),
    ("layout:pdf-write", 1, signal.SIGTERM),
    ("layout:pdf-write", 1, signal.SIGKILL),
    ("layout:booklet-written", 1, signal.SIGINT),
    ("build:stamp", 1, signal.SIGTERM),
]


@pytest.mark.slow
@pytest.mark.parametrize("point,most,signum", MOMENTS, ids=[f"{p}-{signal.Signals(s).name}" for p, _, s in MOMENTS])
def test_a_signal_at_any_moment_leaves_whole_files_and_no_processes(
    point: str, most: int, signum: int, tmp_path: Path, reference: bytes
) -> None:
    rng = random.Random(f"{SEED}/{point}/{signum}")
    nth = rng.randint(1, most)
    delay = rng.uniform(0.0, 0.8) if point == "layout:pdf-write" else 0.0
    (tmp_path / "job.yaml").write_text(SPEC)
    out = tmp_path / "out"
    code, stderr, processes = Run(tmp_path, out).stop_at(point, nth, signum, delay)
    where = f"(PUZZLEPRESS_SIGNAL_SEED={SEED}: {point} #{nth}, delay {delay:.3f} s)"
    assert code == EXPECTED[signum], f"{where} exit {code}\n{stderr}"
    assert "Traceback" not in stderr, where
    _whole(out, parts_allowed=signum == signal.SIGKILL)
    if point.startswith("layout") and point != "layout:booklet-written":
        assert not (out / ".layout-stamp.json").exists(), f"{where} an unfinished layout was stamped"
    _no_leftovers(processes)
    if point == "layout:pdf-write" or signum == signal.SIGKILL:
        again = subprocess.run(
            [sys.executable, "-m", "pipeline", "-q", "build", "job.yaml", "-o", "out"], cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, timeout=300,
        )
        assert again.returncode == 0, again.stderr
        assert (out / "booklet.pdf").read_bytes() == reference, f"{where} the next build did not make the same booklet"


def test_the_parallel_stages_start_processes_the_kill_tests_can_see(tmp_path: Path) -> None:
    """The leftover check means something only if a build's workers are its descendants."""
    (tmp_path / "job.yaml").write_text(SPEC)
    code, _, processes = Run(tmp_path, tmp_path / "out").stop_at("generate:record", 1, signal.SIGKILL)
    assert code == -signal.SIGKILL and len(processes) >= 3  # resource tracker, forkserver, workers
    _no_leftovers(processes)


SMALLEST = "title: t\nseed: s\nsections: [{type: nonogram, size: 5, count: 1}]\n"


def test_an_interrupt_inside_svg_drawing_is_not_swallowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """WeasyPrint catches BaseException around each SVG it draws; the interrupt must still stop
    the write instead of leaving a blank figure in a PDF that would be kept."""
    from weasyprint.svg import SVG

    (tmp_path / "p.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"><rect width="5" height="5"/></svg>')
    document = pdf.render(pdf.Source(html='<img src="p.svg">', base=tmp_path, roots=(tmp_path,)))
    draw = SVG.draw

    def interrupted(self: SVG, *args: object, **kwargs: object) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        draw(self, *args, **kwargs)

    monkeypatch.setattr(SVG, "draw", interrupted)
    with pytest.raises(KeyboardInterrupt):
        pdf.write(document, None, page_box(book_style(parse_spec(SMALLEST)), 0.0), False)


def test_an_interrupt_during_a_png_export_is_exit_130_with_no_png_and_no_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """export --format png draws with WeasyPrint too: a Ctrl-C there exited 0 with a blank PNG."""
    from weasyprint.svg import SVG

    from conftest import cli

    (tmp_path / "job.yaml").write_text(SMALLEST)
    assert cli("-q", "build", tmp_path / "job.yaml", "-o", tmp_path / "out", "--jobs", "1").code == 0
    draw = SVG.draw

    def interrupted(self: SVG, *args: object, **kwargs: object) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        draw(self, *args, **kwargs)

    monkeypatch.setattr(SVG, "draw", interrupted)
    ran = cli("export", tmp_path / "out", "--format", "png", "-o", tmp_path / "png")
    assert ran.code == 130 and "interrupted" in ran.stderr
    assert not list((tmp_path / "png").glob("*.png")) and not list((tmp_path / "png").glob(".*.part"))


def test_an_interrupt_inside_a_finaliser_is_not_swallowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """WeasyPrint's FontConfiguration removes its folder in __del__; Python prints an interrupt
    raised there as "Exception ignored" and goes on: the run exited 0."""
    import weasyprint.text.fonts

    from pipeline import signals

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    fonts = pdf.package_fonts()
    fonts._folder = str(tmp_path)  # where it keeps the fonts of a document's @font-face rules
    monkeypatch.setattr(weasyprint.text.fonts, "rmtree", interrupted)
    with pytest.raises(KeyboardInterrupt), signals.never_swallowed():
        del fonts
        gc.collect()
        time.sleep(1)  # the interrupt is sent again and lands in code like this


def test_ctrl_c_while_the_worker_processes_start_is_exit_130_without_a_traceback(tmp_path: Path) -> None:
    """A Ctrl-C reaches every process of the group, the forkserver during its imports too: it
    printed a traceback, and the build ended in "Aborted." with exit 1."""
    (tmp_path / "job.yaml").write_text(SPEC)
    run = Run(tmp_path, tmp_path / "out")
    code, stderr, processes = run.stop_at("pool:start", 1, signal.SIGINT, delay=0.15, group=True)
    assert code == 130, stderr
    assert "Traceback" not in stderr and "Aborted" not in stderr, stderr
    _no_leftovers(processes)


def test_a_killed_build_leaves_no_leaked_semaphore_warning(tmp_path: Path) -> None:
    (tmp_path / "job.yaml").write_text(SPEC)
    code, _, processes = Run(tmp_path, tmp_path / "out").stop_at("generate:record", 1, signal.SIGKILL)
    assert code == -signal.SIGKILL
    _no_leftovers(processes)
    time.sleep(0.5)  # the resource tracker notices its parent gone and cleans up
    assert "leaked" not in (tmp_path / "stderr.txt").read_text()


def _slow_svg() -> str:
    """An SVG of 90,000 drawn elements (nested <use>, under the 100,000 bound): seconds to draw."""
    svg = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="300"><defs><rect id="l0" width="30" height="30"/>'
    for level in range(1, 5):
        svg += f'<g id="l{level}">' + f'<use xlink:href="#l{level - 1}" x="1"/>' * 10 + "</g>"
    return svg + '</defs><use xlink:href="#l4"/><use xlink:href="#l3"/><use xlink:href="#l3"/><circle cx="200" cy="150" r="100"/></svg>'


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=lambda s: signal.Signals(s).name)
def test_a_signal_while_a_picture_decodes_ends_its_decoder_too(signum: int, tmp_path: Path) -> None:
    """The picture's decoder is a forked child of its own (pipeline/sandbox.py): a signal to the
    build while it draws must end both, with the build's exit code and nothing written."""
    (tmp_path / "slow.svg").write_text(_slow_svg())
    (tmp_path / "job.yaml").write_text("title: P\nseed: p\nsections: [{type: nonogram, size: 10, count: 1, params: {picture: slow.svg}}]\n")
    log = tmp_path / "stderr.txt"
    with open(log, "wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pipeline", "build", "job.yaml", "-o", "out", "--jobs", "1"], cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True,
        )
    deadline, decoder = time.monotonic() + 60, set()
    while not decoder and time.monotonic() < deadline and proc.poll() is None:
        decoder = descendants(proc.pid)
        time.sleep(0.05)
    assert decoder, "the build never started its decoder"
    time.sleep(0.3)
    os.kill(proc.pid, signum)
    proc.wait(timeout=60)
    assert proc.returncode == EXPECTED[signum], log.read_text()
    assert "Traceback" not in log.read_text()
    _no_leftovers(decoder)
    assert not (tmp_path / "out").exists()
