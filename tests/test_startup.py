"""A warm build of nothing new starts quickly: it checks the spec, the records and the stamped
layout, and loads none of what only making puzzles or making or checking PDFs needs (issue 33
part 8)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, write_spec

# What a warm build must not load: WeasyPrint (over a second), pypdf and Pillow (0.1-0.2 s each,
# measured with -X importtime), all of them needed only to lay out or to check a PDF; and the SAT
# engine, which only proofs need.
HEAVY = ("weasyprint", "pypdf", "PIL", "pysat")
# Nor any type's generator, grader, solver or proof (the modules its record defers): together with
# the SAT engine they were 0.08 s of a 0.53 s warm build (2026-12-04), which makes nothing.
ROLES = ("generate", "grade", "solver", "proof")

SCRIPT = """
import sys
from pipeline.cli import main
heavy, roles = set(sys.argv[3].split(",")), set(sys.argv[4].split(","))
sys.argv = ["puzzlepress", "build", sys.argv[1], "-o", sys.argv[2], "--jobs", "2"]
try:
    main()
except SystemExit as stop:
    assert not stop.code, stop.code
loaded = {m.split(".")[0] for m in sys.modules} & heavy
loaded |= {m for m in sys.modules if m.startswith("pipeline.puzzles.") and m.rsplit(".", 1)[-1] in roles}
print("loaded:", " ".join(sorted(loaded)))
"""


@pytest.mark.slow
def test_a_warm_build_loads_no_pdf_library_and_no_generator(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, "title: Warm\nseed: warm\nsections:\n  - {type: nonogram, size: 5, count: 2}\n", "warm.yaml")
    out = tmp_path / "out"

    def run() -> str:
        # `-c` puts "" on sys.path, which the workers (started elsewhere) read as another folder: with a
        # non-editable install they imported the installed copy and verified as another version
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        ran = subprocess.run([sys.executable, "-c", SCRIPT, str(spec), str(out), ",".join(HEAVY), ",".join(ROLES)], capture_output=True, text=True, timeout=600, env=env)
        assert ran.returncode == 0, ran.stderr
        return ran.stdout.strip().splitlines()[-1]

    run()  # cold: lays the book out
    assert run() == "loaded:"  # warm: the stamp says the layout is current
