"""What makes verdicts and layouts stale: the code's behaviour (pipeline/trust.py's code_digest),
not its notes. A docstring, a comment or a blank line edited keeps every verdict and layout; any
change to code, or to a string or number the code uses, makes them stale."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import cli, write_spec
from pipeline import __version__, trust
from pipeline.manifest import Manifest
from pipeline.registry import puzzle_types as registered
from pipeline.spec import parse_spec
from pipeline.stages.build import _layout_key

MODULE = '''"""A module that decides something."""

LIMIT = 3  # measured: three is enough


def decide(value):
    """Whether `value` is small."""
    assert value >= 0, "no negative values"
    return value < LIMIT
'''

SAME = {
    "a docstring": MODULE.replace("Whether `value` is small.", "Whether `value` is small (a lab note: 4 was tried and dropped)."),
    "the module's docstring": MODULE.replace("A module that decides something.", "Another story entirely."),
    "a comment": MODULE.replace("# measured: three is enough", "# measured again on a busy machine"),
    "blank lines and a new comment line": MODULE.replace("\n\ndef decide", "\n\n\n# what follows decides\ndef decide"),
}
OTHER = {
    "a number": MODULE.replace("LIMIT = 3", "LIMIT = 4"),
    "an operator": MODULE.replace("value < LIMIT", "value <= LIMIT"),
    "an assert": MODULE.replace("value >= 0", "value > 0"),
    "a message string": MODULE.replace("no negative values", "no values below zero"),
    "a statement added": MODULE.replace("    return", "    value = abs(value)\n    return"),
}


def package(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "decide.py").write_text(text)
    return folder


@pytest.mark.parametrize("edit", sorted(SAME))
def test_notes_edited_keep_the_digest(tmp_path: Path, edit: str) -> None:
    assert trust.code_digest(package(tmp_path / "a", MODULE)) == trust.code_digest(package(tmp_path / "b", SAME[edit]))


@pytest.mark.parametrize("edit", sorted(OTHER))
def test_code_changed_changes_the_digest(tmp_path: Path, edit: str) -> None:
    assert trust.code_digest(package(tmp_path / "a", MODULE)) != trust.code_digest(package(tmp_path / "b", OTHER[edit]))


def test_a_module_renamed_or_added_changes_the_digest(tmp_path: Path) -> None:
    root = package(tmp_path / "a", MODULE)
    before = trust.code_digest(root)
    (root / "other.py").write_text("X = 1\n")
    assert trust.code_digest(root) != before


def test_a_compiled_core_s_source_changed_changes_the_digest(tmp_path: Path) -> None:
    root = package(tmp_path / "a", MODULE)
    (root / "core.c").write_text("int limit(void) { return 3; }\n")
    before = trust.code_digest(root)
    assert before != trust.code_digest(package(tmp_path / "b", MODULE))
    (root / "core.c").write_text("int limit(void) { return 4; }\n")
    assert trust.code_digest(root) != before


def test_the_kept_digest_is_used_only_for_the_same_bytes(tmp_path: Path) -> None:
    root = package(tmp_path / "a", MODULE)
    first = trust.code_digest(root)
    kept = root / "__pycache__" / trust.CACHE
    assert json.loads(kept.read_text())["behaviour"] == first
    kept.write_text(json.dumps({**json.loads(kept.read_text()), "behaviour": "forged"}))
    assert trust.code_digest(root) == "forged"  # same bytes: the kept digest is read, not recomputed
    (root / "decide.py").write_text(OTHER["a number"])
    assert trust.code_digest(root) not in ("forged", first)  # other bytes: computed again
    kept.write_text("{not json")
    assert trust.code_digest(root) == trust.code_digest(package(tmp_path / "b", OTHER["a number"]))


def test_a_folder_that_cannot_keep_the_digest_still_gets_it(tmp_path: Path) -> None:
    root = package(tmp_path / "a", MODULE)
    (root / "__pycache__").write_text("a file where the folder would be")
    assert trust.code_digest(root) == trust.code_digest(package(tmp_path / "b", MODULE))


def test_the_verifier_is_the_version_and_the_package_s_behaviour() -> None:
    assert trust.verifier_id() == f"{__version__}+{trust.code_digest(trust.PACKAGE)[:16]}"


def test_the_layout_stamp_keys_on_behaviour_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manifest = Manifest(job=parse_spec("title: t\nseed: s\nsections: [{type: " + _a_type() + ", count: 1}]"), entries=[], skipped=[])
    keys = {}
    for name, text in (("before", MODULE), ("note", SAME["a docstring"]), ("code", OTHER["a number"])):
        monkeypatch.setattr(trust, "PACKAGE", package(tmp_path / name, text))
        keys[name] = _layout_key(tmp_path, manifest)
    assert keys["before"] == keys["note"] != keys["code"]


def _a_type() -> str:
    return next(iter(registered()))


@pytest.mark.slow
def test_a_docstring_edited_does_not_make_a_build_verify_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The promise end to end, on a copy of the package as the verifier sees it: after a
    docstring is edited the next build keeps every verdict; after a number is, it proves again."""
    package = tmp_path / "pipeline"
    shutil.copytree(trust.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    monkeypatch.setattr(trust, "PACKAGE", package)
    ptype = registered()[_a_type()]
    size = min(ptype.presets.values(), key=lambda p: p.rows * p.cols).size
    spec = write_spec(tmp_path, f"title: t\nseed: s\nsections: [{{type: {ptype.name}, size: {size}, count: 2}}]\n")
    out = tmp_path / "out"
    module = package / "stages" / "verify.py"
    text = module.read_text()
    edits = {
        "first": text,
        "docstring": text.replace('"""Judge every puzzle', '"""A lab note, then: judge every puzzle', 1),
        "number": text.replace("started = time.perf_counter()", "started = time.perf_counter() + 0", 1),
    }
    assert len(set(edits.values())) == 3
    said = {}
    for name, edited in edits.items():
        module.write_text(edited)
        trust.verifier_id.cache_clear()
        ran = cli("build", spec, "-o", out, "--jobs", "1")
        assert ran.code == 0, ran.stderr
        said[name] = next(line for line in (ran.stdout + ran.stderr).splitlines() if line.startswith("verify:"))
    trust.verifier_id.cache_clear()
    assert "2 proved twice, 0 unchanged" in said["first"]
    assert "2 unchanged since last run" in said["docstring"]
    assert "0 unchanged since last run" in said["number"]
