"""``schema.validate`` walks each (instance value, schema node) pair once: a branch tried
(anyOf, oneOf, if) or reached twice (allOf, $ref) is not walked again, so the work is
linear in the instance for a fixed schema (counted, not timed)."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import schema

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


@pytest.mark.parametrize("sch", RECURSIVE, ids=["anyOf", "oneOf", "if", "allOf-of-anyOf"])
@pytest.mark.parametrize("leaf", [1, "x"], ids=["valid", "invalid"])
def test_nested_branches_are_walked_once(checker_runs: Any, sch: Any, leaf: Any) -> None:
    small, big = (checker_runs(lambda n=n: schema.validate(_nest(n, leaf), sch)) for n in (5, 20))
    assert big <= 4.5 * small  # was 2**n: 18 levels took 14-36 s


# two distinct branches leading, through plain keywords (properties, items: pairs that are
# not remembered), to the same recursive node: the combinator's own pairs stop the doubling
_TWICE_OBJ = {"properties": {"x": {"properties": {"y": {"$ref": "#"}}}}}
_TWICE_ARR = {"items": {"items": {"$ref": "#"}}}
PLAIN_BETWEEN = [
    {"allOf": [dict(_TWICE_OBJ), dict(_TWICE_OBJ)], "type": ["object", "integer"]},
    {"anyOf": [{"type": "integer"}, dict(_TWICE_ARR), dict(_TWICE_ARR)]},
    {"oneOf": [{"type": "integer"}, {"type": "array", **_TWICE_ARR}]},
]


def _nest_obj(n: int, leaf: Any) -> Any:
    for _ in range(n):
        leaf = {"x": {"y": leaf}}
    return leaf


@pytest.mark.parametrize("sch", PLAIN_BETWEEN, ids=["allOf-properties", "anyOf-items", "oneOf-items"])
@pytest.mark.parametrize("leaf", [1, "x"], ids=["valid", "invalid"])
def test_branches_joined_through_plain_keywords_are_walked_once(checker_runs: Any, sch: Any, leaf: Any) -> None:
    nest = _nest_obj if "allOf" in sch else (lambda n, leaf: _nest(2 * n, leaf))
    small, big = (checker_runs(lambda n=n: schema.validate(nest(n, leaf), sch)) for n in (5, 20))
    assert big <= 4.5 * small
    jsonschema = pytest.importorskip("jsonschema")
    instance = nest(6, leaf)
    assert (schema.validate(instance, sch) == []) is jsonschema.Draft202012Validator(sch).is_valid(instance)


def test_an_answer_s_items_are_not_held_while_it_is_checked() -> None:
    # each plain (item, node) pair was remembered until the end: ~1.9 KB per item, and the
    # garbage collector's walks over them made the time per item grow with n
    import tracemalloc

    sch = {"type": "object", "properties": {"items": {"type": "array", "items": {
        "type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}
    value = {"items": [{"id": i, "name": f"item {i}"} for i in range(5000)]}
    schema.validate(value, sch)  # compiles and caches what the schema needs
    tracemalloc.start()
    try:
        assert schema.validate(value, sch) == []
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 400 * 5000  # ~150 bytes per item (its "#i" marker, paths); was ~1,860


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


def _all_of_twice(n: int) -> Any:
    defs: Any = {f"d{i}": {"allOf": [{"$ref": f"#/$defs/d{i + 1}"}, {"$ref": f"#/$defs/d{i + 1}"}]} for i in range(n)}
    defs[f"d{n}"] = {"type": "integer"}
    return {"type": "object", "properties": {"a": {"$ref": "#/$defs/d0"}}, "$defs": defs}


def test_an_allof_of_two_refs_to_one_node_reports_its_issue_once() -> None:
    # each level reached the next node twice and copied its remembered issues per visit:
    # 2^n copies of the one issue (n = 24 took seconds and gigabytes; 30 never finished)
    issues = schema.validate({"a": "x"}, _all_of_twice(30))
    assert [(i.pointer, i.keyword, i.message) for i in issues] == [("/a", "type", '"x" is not of type integer')]
    assert schema.validate({"a": 1}, _all_of_twice(30)) == []


def test_an_allof_of_two_refs_to_one_node_is_walked_once_per_level(checker_runs: Any) -> None:
    small, big = (checker_runs(lambda n=n: schema.validate({"a": "x"}, _all_of_twice(n))) for n in (10, 40))
    assert big <= 4.5 * small
