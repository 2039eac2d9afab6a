"""The mutation report's guard against a chosen function that no longer exists (.ci/mutation)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / ".ci" / "mutation_report.py"


def load_report():
    spec = importlib.util.spec_from_file_location("mutation_report", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_pattern_that_names_no_mutant_is_reported() -> None:
    report = load_report()
    names = ["pipeline.trust.x_verdict_problem__mutmut_1", "pipeline.stages.layout.x__check_numbers__mutmut_3"]
    chosen = ["pipeline.trust.*", "pipeline.stages.layout.x__check_numbers__*", "pipeline.stages.layout.x_renamed__*"]
    assert report.unmatched(chosen, names) == ["pipeline.stages.layout.x_renamed__*"]


def test_every_function_the_mutation_run_chooses_still_exists() -> None:
    """Each `x_<function>__*` in .ci/mutation names a function defined in its module."""
    text = (SCRIPT.parent / "mutation").read_text()
    root = SCRIPT.parent.parent
    for module, function in re.findall(r"'(pipeline(?:\.\w+)+)\.x_(\w+?)__\*'", text):
        source = (root / (module.replace(".", "/") + ".py")).read_text()
        assert f"def {function}(" in source, f"{module} has no function {function}"
