"""Strict mode gives each ``anyOf``/``oneOf`` branch beside an object a copy of the
object's properties (P and (B1 or B2) is (P and B1) or (P and B2)). The documented "at
least one of these fields" idiom with n fields, ``{"properties": {p0..pn-1},
"anyOf": [{"required": ["p0"]}, ...]}``, copies n properties into n branches: every
branch was merged before the copy budget counted a single copy, so the work was n²
(800 fields: 640,000 properties written, 4 s) and no ``too-large`` lint came out. The
copies are counted as each branch is merged, and past the budget the node is refused
with ``too-large`` (docs/structured-output.md, lint codes). Counted, not timed."""

from __future__ import annotations

import contextlib
from dataclasses import fields
from typing import Any, Dict, List

import pytest

from toolwire import EncodeError
from toolwire._target import Limits
from toolwire.schema import _rewrite, _rewrite_conjunctions, render

#: no provider limit: the rewrite alone must stop the copy
NO_LIMITS = {f.name: None for f in fields(Limits) if f.name != "checked"}
STRICT = ["anthropic.messages", "openai.chat", "bedrock.converse"]


def _at_least_one(n: int) -> Dict[str, Any]:
    return {
        "type": "object",
        "required": ["o"],
        "properties": {
            "o": {
                "type": "object",
                "properties": {f"p{i}": {"type": "integer"} for i in range(n)},
                "anyOf": [{"required": [f"p{i}"]} for i in range(n)],
            }
        },
    }


class _TooMuch(Exception):
    pass


def _work(monkeypatch: Any, schema: Dict[str, Any], target: str, cap: float) -> int:
    """Nodes written plus properties merged into branches while rendering *schema*."""
    seen: List[int] = [0]
    node, merge = _rewrite.Rewriter.node, _rewrite_conjunctions.merge_all_of

    def tick(k: int) -> None:
        seen[0] += k
        if seen[0] > cap:  # quadratic work: stop it here instead of waiting for it
            raise _TooMuch

    def counted_node(self: Any, *args: Any, **kwargs: Any) -> Any:
        tick(1)
        return node(self, *args, **kwargs)

    def counted_merge(n: Any, *args: Any) -> Any:
        out = merge(n, *args)
        tick(1 + (len(out.get("properties") or ()) if isinstance(out, dict) else 0))
        return out

    monkeypatch.setattr(_rewrite.Rewriter, "node", counted_node)
    monkeypatch.setattr(_rewrite_conjunctions, "merge_all_of", counted_merge)
    try:
        with contextlib.suppress(_TooMuch):
            render(schema, target, on_error="report", limits=NO_LIMITS)
    finally:
        monkeypatch.setattr(_rewrite.Rewriter, "node", node)
        monkeypatch.setattr(_rewrite_conjunctions, "merge_all_of", merge)
    return seen[0]


@pytest.mark.parametrize("target", STRICT)
def test_copying_properties_into_each_branch_is_linear_work(monkeypatch: Any, target: str) -> None:
    small = _work(monkeypatch, _at_least_one(200), target, float("inf"))
    big = _work(monkeypatch, _at_least_one(800), target, 6 * small)
    assert big <= 4.5 * small  # was 16x: n properties copied into n branches


@pytest.mark.parametrize("target", STRICT)
def test_copies_past_the_budget_are_a_too_large_lint(target: str) -> None:
    r = render(_at_least_one(400), target, on_error="report", limits=NO_LIMITS)
    too_large = [lint for lint in r.lints if lint.code == "too-large"]
    assert [lint.pointer for lint in too_large] == ["/properties/o"]
    assert too_large[0].severity == "error"
    assert not r.lossless
    with pytest.raises(EncodeError, match="too-large"):
        render(_at_least_one(400), target, limits=NO_LIMITS)


@pytest.mark.parametrize("target", STRICT)
def test_a_few_fields_are_still_copied_into_each_branch(target: str) -> None:
    r = render(_at_least_one(3), target, on_error="report", limits=NO_LIMITS)
    assert not [lint for lint in r.lints if lint.severity == "error"]
    o = r.wire_schema["properties"]["o"]
    assert len(o["anyOf"]) == 3
    assert all(set(b["properties"]) == {"p0", "p1", "p2"} for b in o["anyOf"])
    assert r.validate({"o": {"p1": 1}}) == []
    assert r.validate({"o": {}}) != []


def _required_beside_branches(n: int, own: bool = False) -> Dict[str, Any]:
    """An object requiring n names beside a ``oneOf`` of n object branches (each adding
    a property of its own when *own*)."""
    branch = [{"type": "object", **({"properties": {f"b{i}": {"type": "string"}}} if own else {})} for i in range(n)]
    return {"type": "object", "properties": {"a": {"type": "object", "required": [f"k{i}" for i in range(n)],
                                                   "oneOf": branch}}}


def _required_work(monkeypatch: Any, schema: Dict[str, Any], target: str) -> int:
    """Names written into ``required`` lists by the merges of a render."""
    seen = [0]
    merge = _rewrite_conjunctions.merge_all_of

    def counted_merge(n: Any, *args: Any) -> Any:
        out = merge(n, *args)
        seen[0] += 1 + (len(out.get("required") or ()) if isinstance(out, dict) else 0)
        return out

    monkeypatch.setattr(_rewrite_conjunctions, "merge_all_of", counted_merge)
    try:
        render(schema, target, on_error="report", limits=NO_LIMITS)
    finally:
        monkeypatch.setattr(_rewrite_conjunctions, "merge_all_of", merge)
    return seen[0]


@pytest.mark.parametrize("target", STRICT)
@pytest.mark.parametrize("own", [False, True])
def test_a_long_required_beside_many_branches_is_counted(monkeypatch: Any, target: str, own: bool) -> None:
    """The parent's ``required`` goes into each branch with its properties: n names into
    n branches (n² names, 10.7 s and 421 MB at 4,000) counted nothing against the copy
    budget, which counted schema nodes only. Counted, not timed."""
    small = _required_work(monkeypatch, _required_beside_branches(200, own), target)
    big = _required_work(monkeypatch, _required_beside_branches(800, own), target)
    assert big <= 4.5 * small  # was 16x


@pytest.mark.parametrize("target", STRICT)
def test_a_long_required_past_the_budget_is_a_too_large_lint(target: str) -> None:
    r = render(_required_beside_branches(400), target, on_error="report", limits=NO_LIMITS)
    assert [(x.pointer, x.severity) for x in r.lints if x.code == "too-large"] == [("/properties/a", "error")]
    with pytest.raises(EncodeError, match="too-large"):
        render(_required_beside_branches(400), target, limits=NO_LIMITS)


@pytest.mark.parametrize("target", STRICT)
def test_a_few_required_names_still_go_into_each_branch(target: str) -> None:
    s = {"type": "object", "properties": {"a": {
        "type": "object", "properties": {"k": {"type": "string"}}, "required": ["k"],
        "oneOf": [{"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]},
                  {"type": "object", "properties": {"c": {"type": "integer"}}, "required": ["c"]}]}},
         "required": ["a"]}
    r = render(s, target, on_error="report", limits=NO_LIMITS)
    assert not [x for x in r.lints if x.severity == "error"]
    assert r.validate({"a": {"k": "x", "b": "y"}}) == []
    assert r.validate({"a": {"b": "y"}}) != []
