"""The loop book (configs/loops.yaml): Slitherlink 7x7 and 10x10 and Masyu 8x8 sections, easy to
hard, builds whole; every puzzle is proved twice (its own solver and the SAT proof, one answer
each, the checklist clean) and is the very puzzle pzprjs accepted (tests/loops_book/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import ROOT, cli
from pipeline.interface.grades import rank
from pipeline.manifest import read_manifest
from pipeline.spec import load_spec

PZPRJS = json.loads((Path(__file__).parent / "loops_book" / "pzprjs.json").read_text())


@pytest.mark.slow
def test_the_loop_book_builds_easy_to_hard_proved_twice_and_accepted_by_pzprjs(tmp_path: Path) -> None:
    spec = ROOT / "configs" / "loops.yaml"
    job = load_spec(spec)
    assert [(s.type, s.size) for s in job.sections] == [("slitherlink", 7)] * 2 + [("slitherlink", 10)] + [("masyu", 8)] * 3
    ran = cli("build", spec, "-o", tmp_path, "--jobs", "1")
    assert ran.code == 0, ran.stderr
    manifest = read_manifest(tmp_path)
    entries = manifest.entries
    assert len(entries) == sum(s.count for s in job.sections) == len(PZPRJS) and not manifest.skipped
    ranks = []
    for entry in entries:
        verdict = entry.verdict
        assert verdict["status"] == "proved" and verdict["check"]["ok"], entry.id
        assert verdict["solver"]["count"] == verdict["proof"]["count"] == 1, entry.id
        record = json.loads((tmp_path / "puzzles" / f"{entry.id}.json").read_text())
        judged = PZPRJS[entry.id]
        assert (record["url"], record["solution"], judged["pzprjs"]) == (judged["url"], judged["solution"], "Complete!"), entry.id
        ranks.append((entry.section, rank(entry.grade)))
    assert ranks == sorted(ranks)  # sections in their order, each easy to hard within
    for kind in ("slitherlink", "masyu"):  # and each type's sections go from easy to hard
        tiers = [rank(entry.grade)[0] for entry in entries if entry.id.startswith(kind)]
        assert tiers == sorted(tiers) and len(set(tiers)) == 3, kind
    assert len(PdfReader(tmp_path / "booklet.pdf").pages) > len(entries) // 2
