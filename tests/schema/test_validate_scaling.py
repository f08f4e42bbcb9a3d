"""``schema.validate`` walks each (instance value, schema node) pair once: a branch tried
(anyOf, oneOf, if) or reached twice (allOf, $ref) is not walked again, so the work is
linear in the instance for a fixed schema (counted, not timed)."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import schema
from toolwire.schema import _validate

RECURSIVE = [
    {"anyOf": [{"type": "array", "items": {"$ref": "#"}}, {"type": "integer"}]},
    {"oneOf": [{"type": "array", "items": {"$ref": "#"}}, {"type": "integer"}]},
    {"if": {"type": "array"}, "then": {"items": {"$ref": "#"}}, "else": {"type": "integer"}},
    {"allOf": [{"anyOf": [{"type": "integer"}, {"items": {"$ref": "#"}}]}, {"anyOf": [{"type": "integer"}, {"items": {"$ref": "#"}}]}]},
]


def _nest(n: int, leaf: Any) -> Any:
    for _ in range(n):
        leaf = [leaf]
    return leaf


def _walks(monkeypatch: Any, instance: Any, sch: Any) -> int:
    seen = {"n": 0}
    real = _validate._Checker._run

    def counted(self: Any, *args: Any) -> None:
        seen["n"] += 1
        real(self, *args)

    monkeypatch.setattr(_validate._Checker, "_run", counted)
    schema.validate(instance, sch)
    monkeypatch.setattr(_validate._Checker, "_run", real)
    return seen["n"]


@pytest.mark.parametrize("sch", RECURSIVE, ids=["anyOf", "oneOf", "if", "allOf-of-anyOf"])
@pytest.mark.parametrize("leaf", [1, "x"], ids=["valid", "invalid"])
def test_nested_branches_are_walked_once(monkeypatch: Any, sch: Any, leaf: Any) -> None:
    small, big = (_walks(monkeypatch, _nest(n, leaf), sch) for n in (5, 20))
    assert big <= 4.5 * small  # was 2**n: 18 levels took 14-36 s


@pytest.mark.parametrize("sch", RECURSIVE, ids=["anyOf", "oneOf", "if", "allOf-of-anyOf"])
@pytest.mark.parametrize(
    "instance",
    [_nest(6, 1), _nest(6, "x"), [[1], [1], ["x"], [1]], [1, [2, [3, ["y"]]]], [[[]]], 7, {"a": 1}],
    ids=["deep-int", "deep-str", "shared-leaf", "mixed", "empty", "int", "object"],
)
def test_answers_agree_with_the_reference_validator(sch: Any, instance: Any) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    expected = jsonschema.Draft202012Validator(sch).is_valid(instance)
    issues = schema.validate(instance, sch)
    assert (issues == []) is expected, issues
