"""A schema accepting no value at all is an ``unsatisfiable`` error, never sent as fine.

vLLM and Ollama take the schema as it is (their grammar compiles what it is given): an
empty ``enum`` there is an error where a value of the whole schema needs it (no parent
can leave it out: an ``anyOf`` all of whose branches have none, ``items`` under
``minItems``, a ``prefixItems`` entry below ``minItems``, a required property of an
object, ``$ref`` to any pointer), a warning where one can (an optional property). Gemini:
an object requiring a name that is no property, with ``additionalProperties`` of no
value, has no value (the name must pass that schema). Verdicts are the ``jsonschema``
package's (Draft 2020-12 validation: ``enum`` §6.1.2, ``minItems`` §6.4.2, ``required``
§6.5.3; core §10.3.2.3 ``additionalProperties``).
"""

from __future__ import annotations

from typing import Any, Dict, List

import jsonschema
import pytest

from toolwire import schema

E: Dict[str, Any] = {"enum": []}


def _req(a: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": {"a": a}, "required": ["a"]}


NONE: List[Any] = [
    (_req({"anyOf": [E]}), "/properties/a/anyOf/0"),
    (_req({"anyOf": [E, {"enum": []}]}), "/properties/a/anyOf/0"),
    (_req({"oneOf": [E, {"enum": []}]}), "/properties/a/oneOf/0"),
    ({"anyOf": [E]}, "/anyOf/0"),
    (_req({"type": "array", "items": E, "minItems": 1}), "/properties/a/items"),
    (_req({"type": "array", "prefixItems": [E], "minItems": 1}), "/properties/a/prefixItems/0"),
    ({**_req({"$ref": "#/$defs/X/properties/y"}),
      "$defs": {"X": {"type": "object", "properties": {"y": E}}}}, "/$defs/X/properties/y"),
    (_req({"anyOf": [{"type": "object", "properties": {"b": E}, "required": ["b"]}]}),
     "/properties/a/anyOf/0/properties/b"),
    (_req({"type": "array", "items": {"type": "string"}, "contains": E}), "/properties/a/contains"),
    ({"type": "object", "properties": {"a": {"type": "string"}, "b": E}, "required": ["a"],
      "dependentRequired": {"a": ["b"]}}, "/properties/b"),
]


OTHERS: List[Any] = [
    (_req(False), "/properties/a", "the false schema accepts no value"),
    (_req({"not": {}}), "/properties/a", "not of a schema accepting every value: no value is accepted"),
    (_req({"const": "a", "enum": ["b"]}), "/properties/a",
     "the const is not one of the enum values: no value is accepted"),
    (_req({"type": "integer", "enum": ["a", 1.5]}), "/properties/a", "no enum value is of the type: no value is accepted"),
    (_req({"type": ["integer", "null"], "const": "x"}), "/properties/a", "the const is not of the type: no value is accepted"),
    (_req({"type": "object", "properties": {"c": {"anyOf": [False, {"enum": []}]}}, "required": ["c"]}),
     "/properties/a/properties/c/anyOf/0", "the false schema accepts no value"),
    ({**_req({"anyOf": [{"$ref": "#/$defs/F"}]}), "$defs": {"F": False}}, "/properties/a/anyOf/0",
     "the $ref names the false schema: no value is accepted"),
]


@pytest.mark.parametrize("target", ["vllm", "ollama"])
@pytest.mark.parametrize(("original", "pointer", "why"), OTHERS)
def test_other_nodes_of_no_value_sent_as_is_are_unsatisfiable(target: str, original: Any, pointer: str,
                                                              why: str) -> None:
    _accepts_nothing(original)
    rendered = schema.render(original, target, on_error="report")
    assert ("unsatisfiable", pointer, why) in [(e.code, e.pointer, e.message) for e in rendered.errors]
    assert not rendered.lossless
    optional = {**original, "required": []}  # (an optional property: the schema keeps ``{}``)
    assert not schema.render(optional, target, on_error="report").errors


@pytest.mark.parametrize("node", [{"type": "number", "enum": [1]}, {"type": "integer", "const": 2.0},
                                  {"const": 1, "enum": [1.0]}, {"type": ["string", "null"], "enum": [None]}])
def test_values_of_the_type_keep_a_value(node: Any) -> None:
    original = _req(node)
    assert jsonschema.Draft202012Validator(original).is_valid({"a": node.get("const", (node.get("enum") or [0])[0])})
    assert not schema.render(original, "vllm", on_error="report").errors


def _accepts_nothing(original: Any) -> None:
    check = jsonschema.Draft202012Validator(original)
    for value in (None, 1, "x", [], ["x"], {}, {"a": None}, {"a": "x"}, {"a": ["x"]}, {"a": {"b": 1}},
                  {"a": "x", "b": 1}):
        assert not check.is_valid(value), value


@pytest.mark.parametrize("target", ["vllm", "ollama"])
@pytest.mark.parametrize(("original", "pointer"), NONE)
def test_a_schema_of_no_value_sent_as_is_is_unsatisfiable(target: str, original: Any, pointer: str) -> None:
    _accepts_nothing(original)
    rendered = schema.render(original, target, on_error="report")
    assert ("unsatisfiable", pointer) in [(e.code, e.pointer) for e in rendered.errors], rendered.lints
    assert not rendered.lossless


OPTIONAL: List[Any] = [
    {"type": "object", "properties": {"a": {"anyOf": [E]}}},
    _req({"anyOf": [E, {"type": "string"}]}),
    _req({"type": "array", "items": E}),
    _req({"type": "array", "prefixItems": [{"type": "string"}, E], "minItems": 1}),
    _req({"anyOf": [{"type": "object", "properties": {"b": E}}]}),
    _req({"properties": {"b": E}, "required": ["b"]}),  # (no type: a string is a value)
    _req({"type": "array", "contains": E, "minContains": 0}),
]


@pytest.mark.parametrize("target", ["vllm", "ollama"])
@pytest.mark.parametrize("original", OPTIONAL)
def test_an_empty_enum_a_parent_can_leave_out_is_a_warning(target: str, original: Any) -> None:
    rendered = schema.render(original, target, on_error="report")
    assert not rendered.errors, rendered.errors
    assert [(x.code, x.severity) for x in rendered.lints] == [("unsatisfiable", "warning")]


def test_a_required_name_no_property_takes_with_additional_properties_of_no_value_is_unsatisfiable() -> None:
    original = {"type": "object", "required": ["o"],
                "properties": {"o": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["z"],
                                     "additionalProperties": E}}}
    _accepts_nothing(original)
    assert not jsonschema.Draft202012Validator(original).is_valid({"o": {"z": 1}})
    for target in ("gemini", "vllm"):
        rendered = schema.render(original, target, on_error="report")
        assert [(e.code, e.pointer) for e in rendered.errors] == [
            ("unsatisfiable", "/properties/o/additionalProperties")], (target, rendered.lints)
        assert not rendered.lossless


def test_additional_properties_of_no_value_beside_required_properties_is_false() -> None:
    """Every required name is a property: the object keeps its values (no other key)."""
    original = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
                "additionalProperties": E}
    rendered = schema.render(original, "gemini", on_error="report")
    assert not rendered.errors and rendered.wire_schema["additionalProperties"] is False


def test_settling_a_schema_sent_as_is_is_linear(monkeypatch: Any) -> None:
    """Each node settled once: n required properties, each an ``anyOf`` of empty enums
    named by a ``$ref`` to a nested pointer, chained by ``dependentRequired``: the work
    (nodes settled, required names read) grows as n."""
    from toolwire.schema import _no_value_root

    work = [0]
    leaves, required = _no_value_root._leaves_none, _no_value_root._required

    def counted_leaves(*args: Any) -> bool:
        work[0] += 1
        return leaves(*args)

    def counted_required(n: Any) -> Any:
        out = required(n)
        work[0] += len(out) + 1
        return out

    monkeypatch.setattr(_no_value_root, "_leaves_none", counted_leaves)
    monkeypatch.setattr(_no_value_root, "_required", counted_required)

    def cost(n: int) -> int:
        names = [f"p{i}" for i in range(n)]
        inner = {"type": "object", "properties": {k: {"anyOf": [{"enum": []}, {"enum": []}]} for k in names},
                 "required": names, "dependentRequired": {a: [b] for a, b in zip(names, names[1:])}}
        original = {"type": "object", "properties": {k: {"$ref": f"#/$defs/X/properties/{k}"} for k in names},
                    "required": names, "$defs": {"X": inner}}
        work[0] = 0
        rendered = schema.render(original, "vllm", on_error="report")
        assert len(rendered.errors) == 2 * n
        return work[0]

    assert cost(400) <= 4.5 * cost(100)
