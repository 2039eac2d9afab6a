"""Codes: safe file names whatever the code, and seeds that do not depend on the process."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from pipeline.codes import derive_code, fresh_code, puzzle_id, rng_for
from pipeline.registry import get_type

EIGHT = get_type("nuritwin").make_params(8)
SAFE = re.compile(r"^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$")


@pytest.mark.parametrize(
    "code",
    ["../x", "../../etc/passwd", "/etc/passwd", "C:\\Windows", "a/b", ".", "..", "", " ", "x" * 10_000,
     "Ünïcödé", "日本語", "🧩🧩", "con", "nul\x00", "tab\there", "\u202eevil", "harbour"],
)
def test_any_code_becomes_a_safe_file_name(code: str) -> None:
    pid = puzzle_id("nonogram", get_type("nonogram").make_params(10), code)
    assert SAFE.match(pid), pid
    assert len(pid) <= 80
    assert "/" not in pid and "\\" not in pid and ".." not in pid


def test_plain_codes_stay_readable_and_different_codes_never_share_an_id() -> None:
    assert puzzle_id("nonogram", get_type("nonogram").make_params(10), "harbour") == "nonogram-10-harbour"
    assert puzzle_id("nonogram", get_type("nonogram").make_params(10), "harbour.2.7") == "nonogram-10-harbour.2.7"
    codes = ["a/b", "a-b", "A-B", "a b", "a_b", "a.b", "a..b", "x" * 50, "x" * 51, "日本", "日本語", ".a", "a."]
    ids = {puzzle_id("kuralin", get_type("kuralin").make_params(7), c) for c in codes}
    assert len(ids) == len(codes)


def test_derived_codes_are_readable() -> None:
    assert derive_code("harbour", 1, 6) == "harbour.2.7"


def test_fresh_codes_differ_and_avoid_ambiguous_letters() -> None:
    codes = {fresh_code() for _ in range(50)}
    assert len(codes) == 50
    assert not any(set(c) & set("01lio") for c in codes)
    assert all(len(c) == 8 and c.isalnum() and c.islower() for c in codes)  # short, to copy off paper


def test_seeded_random_source_does_not_depend_on_the_process() -> None:
    rng = rng_for("nuritwin", EIGHT, "harbour")
    here = [rng.random() for _ in range(3)]
    script = "from pipeline.codes import rng_for; from pipeline.registry import get_type; r = rng_for('nuritwin', get_type('nuritwin').make_params(8), 'harbour'); print([r.random() for _ in range(3)])"
    for seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", script], env={"PYTHONHASHSEED": seed}, capture_output=True, text=True, check=True)
        assert out.stdout.strip() == str(here)
    assert rng_for("nuritwin", EIGHT, "harbour").random() != rng_for("nuritwin", get_type("nuritwin").make_params(7), "harbour").random()


def test_rectangles_and_other_parameters_get_their_own_ids_and_seeds() -> None:
    nonogram = get_type("nonogram")
    wide, tall = nonogram.make_params("20x15"), nonogram.make_params("15x20")
    assert puzzle_id("nonogram", wide, "harbour") == "nonogram-20x15-harbour"
    assert puzzle_id("nonogram", tall, "harbour") == "nonogram-15x20-harbour"
    assert rng_for("nonogram", wide, "harbour").random() != rng_for("nonogram", tall, "harbour").random()
    # a square grid keeps the seed its size always had: codes made before parameters still work
    same = rng_for("nonogram", nonogram.make_params(10), "harbour").random()
    import hashlib, random
    old = random.Random(int.from_bytes(hashlib.sha256(b"puzzlepress/nonogram/10/harbour").digest(), "big")).random()
    assert same == old
