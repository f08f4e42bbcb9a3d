"""An object subschema walks the instance's keys only for the keywords that read them
(``properties``, ``patternProperties``, ``additionalProperties``, ``propertyNames``):
``allOf`` / ``dependentSchemas`` of n nodes holding only ``required`` (or one property
each) over an n-key object was n x n steps, 4000 of each about 4 s (docs/structured-output.md:
"each value is checked against each subschema once"). Work is counted, not timed."""

from __future__ import annotations

from typing import Any, Callable, Dict

import pytest

from toolwire.schema import _validate, validate


def _work(monkeypatch: Any, fn: Callable[[], Any]) -> int:
    """Schema checks (``_Checker._run``) plus the keys walked (each spells its pointer)."""
    seen = [0]
    run, escape = _validate._Checker._run, _validate.escape_token

    def counted_run(self: Any, *args: Any) -> None:
        seen[0] += 1
        run(self, *args)

    def counted_escape(token: str) -> str:
        seen[0] += 1
        return escape(token)

    with monkeypatch.context() as m:
        m.setattr(_validate._Checker, "_run", counted_run)
        m.setattr(_validate, "escape_token", counted_escape)
        fn()
    return seen[0]


def _keys(n: int) -> Dict[str, Any]:
    return {f"k{i}": i for i in range(n)}


SCHEMAS: Dict[str, Callable[[int], Any]] = {
    "allOf-required": lambda n: {"allOf": [{"required": [f"k{i}"]} for i in range(n)]},
    "dependentSchemas-required": lambda n: {"dependentSchemas": {f"k{i}": {"required": ["k0"]} for i in range(n)}},
    "allOf-one-property": lambda n: {"allOf": [{"properties": {f"k{i}": {"type": "integer"}}} for i in range(n)]},
    "allOf-min-properties": lambda n: {"allOf": [{"type": "object", "minProperties": 1} for _ in range(n)]},
}


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_n_subschemas_over_n_keys_is_linear(monkeypatch: Any, name: str) -> None:
    make = SCHEMAS[name]
    small, big = (_work(monkeypatch, lambda n=n: validate(_keys(n), make(n))) for n in (50, 200))
    assert big <= 4.5 * small, (small, big)  # was ~16x: every key for every subschema


def test_the_issues_are_the_same_and_in_instance_order() -> None:
    props = {"properties": {"a": {"type": "integer"}, "b": {"type": "string"}}}
    inst = {"c": 0, "b": 1, "d": 0, "a": "x", "e": 0}
    assert [(i.pointer, i.schema_pointer) for i in validate(inst, props)] == [
        ("/b", "/properties/b/type"), ("/a", "/properties/a/type")]
    required = {"allOf": [{"required": ["q"]}, {"required": ["a"]}]}
    assert [(i.pointer, i.keyword, i.schema_pointer) for i in validate(inst, required)] == [
        ("", "required", "/allOf/0/required")]


def test_a_key_that_is_no_string_is_still_reported_by_each_object_subschema() -> None:
    # a Python dict built in code: each object subschema says so, as before
    inst: Dict[Any, Any] = {1: 2, "b": 1, "a": "x", 2: 3}
    got = validate(inst, {"properties": {"a": {"type": "integer"}, "b": {"type": "string"}}})
    assert [(i.pointer, i.message) for i in got] == [
        ("", "object key 1 is not a string: JSON object keys are strings"),
        ("/b", "1 is not of type string"),
        ("/a", "\"x\" is not of type integer"),
        ("", "object key 2 is not a string: JSON object keys are strings"),
    ]
    got = validate(inst, {"allOf": [{"required": ["q"]}]})
    assert [(i.keyword, i.schema_pointer) for i in got] == [
        ("type", "/type"), ("type", "/type"), ("required", "/allOf/0/required"), ("type", "/allOf/0/type"),
        ("type", "/allOf/0/type")]
