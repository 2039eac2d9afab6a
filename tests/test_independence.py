"""Who may import whom: the proof engine shares no code with the solvers and generators it
double-checks, and page planning never sees a puzzle type, the registry or the job spec."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import pipeline
from pipeline.registry import puzzle_types

PACKAGE = Path(pipeline.__file__).parent
FORBIDDEN = ("solver", "generate")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ("." * node.level) + (node.module or "")
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def proof_modules() -> list[Path]:
    return sorted(PACKAGE.glob("proof/*.py")) + sorted(PACKAGE.glob("puzzles/*/proof.py"))


def test_every_registered_type_has_a_proof_module() -> None:
    for name in puzzle_types():
        assert (PACKAGE / "puzzles" / name / "proof.py").exists(), name


@pytest.mark.parametrize("path", proof_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_proof_modules_import_no_solver_or_generator(path: Path) -> None:
    for module in imported_modules(path):
        parts = module.replace(".", " ").split()
        assert not any(part in FORBIDDEN for part in parts), f"{path.name} imports {module}"


def reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every package module `start` imports, directly or through the modules it imports."""
    seen, todo = set(), [start]
    while todo:
        for module in graph[todo.pop()]:
            if module not in seen:
                seen.add(module)
                todo.append(module)
    return seen


def test_the_check_is_solver_free() -> None:
    """Each type's checklist, and every module it reaches (the shared checks of pipeline/common/
    too), imports no solver, generator or proof."""
    graph = package_imports()
    for ptype in puzzle_types().values():
        rules = f"pipeline.puzzles.{ptype.name}.rules"
        assert {check.find.__module__ for check in ptype.checks} <= reached(graph, rules) | {rules}
        for module in reached(graph, rules):
            parts = module.split(".")
            assert not any(part in (*FORBIDDEN, "proof") for part in parts), f"{rules} reaches {module}"


def test_render_imports_no_puzzle_type_registry_or_spec() -> None:
    """render/ plans pages from figures and settings, so a new type or a spec change cannot reach
    into page planning."""
    script = (
        "import sys, pipeline.render.book, pipeline.render.geometry, pipeline.render.figures, pipeline.render.style\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pipeline.puzzles', 'pipeline.registry', 'pipeline.spec'))))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("name", sorted(puzzle_types()))
def test_graders_solve_by_their_own_techniques(name: str) -> None:
    """A grader that called the type's solver or proof would grade by search, not by technique."""
    for module in imported_modules(PACKAGE / "puzzles" / name / "grade.py"):
        parts = module.replace(".", " ").split()
        assert not any(part in (*FORBIDDEN, "proof") for part in parts), f"{name}/grade.py imports {module}"


def package_imports() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports, at its top or in a function
    (`from package import module` counts as the module, not the package it comes from)."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(("pipeline", *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")
        modules[name] = path
    graph = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    found.add(full if full in modules else node.module)
        graph[name] = {module for module in found if module in modules and module != name}
    return graph


def test_no_import_circles() -> None:
    """Imports flow one way (a circle is how layout and the page plan once shared the newsletter
    renderer): no module reaches itself again through the modules it imports."""
    graph = package_imports()
    for start in sorted(graph):
        seen, todo = set(), list(graph[start])
        while todo:
            module = todo.pop()
            assert module != start, f"{start} imports itself through a circle"
            if module not in seen:
                seen.add(module)
                todo.extend(graph[module])


# The one module outside the types' folders that may choose types by name: the benchmark's
# cluster run measures a fixed workload (Nuritwin and Kuralin 8x8, as issue 33 measured it).
CHOOSES_ITS_WORKLOAD = {PACKAGE / "bench.py"}


def test_no_stage_share_record_or_template_special_cases_a_type_by_name() -> None:
    """Nothing outside pipeline/puzzles/ keys on a type's name: no string in the code is a
    registered type's name, and no template or page script quotes one, so a new type (Sudoku
    was the test of this) needs no edit there. Prose may name types; comparing or keying may not.
    """
    names = set(puzzle_types())
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "puzzles" in path.relative_to(PACKAGE).parts or path in CHOOSES_ITS_WORKLOAD:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in names:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.value!r}")
    layouts = PACKAGE.parent / "layouts"
    for path in sorted(p for p in layouts.rglob("*") if p.suffix in (".j2", ".js", ".css", ".html")):
        text = path.read_text()
        found += [f"{path.relative_to(PACKAGE.parent)}: {q}{name}{q}" for name in names for q in "\"'" if f"{q}{name}{q}" in text]
    assert not found, "a type named outside its folder:\n" + "\n".join(found)
