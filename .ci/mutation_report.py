"""The mutation report by module: killed, survived, explained as equivalent (.ci/equivalent-mutants,
one `name  reason` a line), and the score. Exits 1 when a module's score is under 95%, a survivor
is unexplained, or a chosen pattern names no mutant (a function renamed since it was chosen would
otherwise drop out of the run unseen); `python -m mutmut show NAME` prints a survivor's change."""

from __future__ import annotations

import fnmatch
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

TARGET = 95.0
ROOT = Path(__file__).resolve().parent.parent


def read_equivalents() -> dict[str, str]:
    lines = (ROOT / ".ci" / "equivalent-mutants").read_text().splitlines()
    pairs = (line.split(None, 1) for line in lines if line.strip() and not line.startswith("#"))
    return {name: reason for name, reason in pairs}


def read_statuses(patterns: list[str]) -> dict[str, str]:
    from mutmut.stats import status_by_exit_code  # the mutation extra; the pattern check needs none

    statuses = {}
    for meta in sorted((ROOT / "mutants").rglob("*.py.meta")):
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            if any(fnmatch.fnmatchcase(name, p) for p in patterns):
                statuses[name] = status_by_exit_code[code]
    return statuses


def unmatched(patterns: list[str], names: list[str]) -> list[str]:
    """The patterns that name no mutant."""
    return [p for p in patterns if not any(fnmatch.fnmatchcase(name, p) for name in names)]


def module_of(name: str) -> str:
    return name.rsplit(".", 1)[0]


def report(patterns: list[str]) -> int:
    equivalents = read_equivalents()
    counts: dict[str, Counter] = defaultdict(Counter)
    unexplained = []
    statuses = read_statuses(patterns)
    for name, status in statuses.items():
        if status == "timeout":
            status = "killed"  # a mutant that makes the tests hang is caught by CI's time limit
        if status == "survived" and name in equivalents:
            status = "equivalent"
        elif status != "killed":
            unexplained.append(f"{name}: {status}")
        counts[module_of(name)][status] += 1
    missing = unmatched(patterns, list(statuses))
    failed = bool(unexplained or missing)
    print(f"{'module':42} {'killed':>7} {'equiv':>6} {'other':>6} {'score':>7}")
    for module, c in sorted(counts.items()):
        other = sum(c.values()) - c["killed"] - c["equivalent"]
        judged = c["killed"] + other
        score = 100.0 * c["killed"] / judged if judged else 100.0
        failed |= score < TARGET
        print(f"{module:42} {c['killed']:7} {c['equivalent']:6} {other:6} {score:6.1f}%")
    unchecked = [line for line in unexplained if line.endswith(": not checked")]
    for line in unexplained:
        if line not in unchecked:
            print(f"  not killed and not explained: {line}")
    if unchecked:
        print(f"  {len(unchecked)} mutants not checked yet (the run was stopped, or they were not chosen)")
    for pattern in missing:
        print(f"  no mutant matches {pattern!r}: was the function renamed or moved? (mutmut names them pipeline.module.x_function__mutmut_N)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(report(sys.argv[1:] or ["*"]))
