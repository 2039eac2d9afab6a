"""Property tests: whatever YAML arrives, the loader accepts it or answers with SpecError."""

from __future__ import annotations

import pytest

import copy
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.errors import SpecError
from pipeline.spec import JobSpec, parse_spec

VALID: dict[str, Any] = {
    "title": "Fuzz",
    "seed": "fuzz",
    "page": {"size": "A4", "margins": {"top": "15mm"}},
    "answers": {"placement": "end", "per_page": 6},
    "sections": [{"type": "nonogram", "size": 5, "count": 2, "codes": ["a", 7]}],
}

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
    st.text(max_size=30), st.sampled_from(["A4", "6x9in", "nonogram", "kuralin", "end", "auto", "2026-11-30"]),
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)),
    max_leaves=20,
)


def accepts_or_explains(text: str | bytes) -> None:
    try:
        job = parse_spec(text)
    except SpecError as exc:
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
        assert exc.exit_code == 2
    else:
        assert isinstance(job, JobSpec)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_random_yaml_documents(doc: Any) -> None:
    accepts_or_explains(yaml.safe_dump(doc))


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes(raw: bytes) -> None:
    accepts_or_explains(raw)


def paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += paths(value, prefix + (i,))
    return found


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_mutations_of_a_valid_spec(data: st.DataObject) -> None:
    spec = copy.deepcopy(VALID)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(spec)[1:]))
        parent = spec
        for part in where[:-1]:
            parent = parent[part]
        action = data.draw(st.sampled_from(["replace", "delete", "rename"]))
        if action == "replace":
            parent[where[-1]] = data.draw(documents)
        elif action == "delete" and isinstance(parent, dict):
            del parent[where[-1]]
        elif action == "rename" and isinstance(parent, dict):
            parent[data.draw(st.text(min_size=1, max_size=8))] = parent.pop(where[-1])
    accepts_or_explains(yaml.safe_dump(spec))
