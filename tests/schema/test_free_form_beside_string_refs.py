"""``free_form="string"`` beside a branch that takes a string is a lint error
(``test_free_form_beside_string.py``); the branches may be reached through ``$ref`` or a
nested ``anyOf`` too: on the wire the union then holds ``{"$ref": ...}``, whose target
is a string (or the free-form object sent as one), and a string answer could still mean
either (``decode`` gives a string that parses as an object back as the object).

Linear: each wire node a union leads to is visited once, however many branches lead to
it (a chain of definitions each naming the one before twice is 2**n paths; counted,
not timed)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import EncodeError
from toolwire.schema import _string_branches, render

CLOSED = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False}
MESSAGE = ("a free-form object sent as a JSON string beside a branch that takes a string: a string answer could be "
           "either; use strict=False or prompt mode")


def _doc(f: Any, defs: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "object", "required": ["f"], "additionalProperties": False, "properties": {"f": f}, "$defs": defs}


CASES = {
    "string-by-ref": _doc({"anyOf": [{"type": "object"}, {"$ref": "#/$defs/S"}]}, {"S": {"type": "string"}}),
    "object-by-ref": _doc({"anyOf": [{"$ref": "#/$defs/F"}, {"type": "string"}]}, {"F": {"type": "object"}}),
    "both-by-ref": _doc({"anyOf": [{"$ref": "#/$defs/F"}, {"$ref": "#/$defs/S"}]},
                        {"F": {"type": "object"}, "S": {"type": "string", "format": "date"}}),
    "ref-to-ref": _doc({"anyOf": [{"type": "object"}, {"$ref": "#/$defs/A"}]},
                       {"A": {"$ref": "#/$defs/S"}, "S": {"type": "string"}}),
    "nullable-string-by-ref": _doc({"anyOf": [{"type": "object"}, {"$ref": "#/$defs/S"}]},
                                   {"S": {"type": ["string", "null"]}}),
    "string-enum-by-ref": _doc({"anyOf": [{"type": "object"}, {"$ref": "#/$defs/S"}]}, {"S": {"enum": ["a", "b"]}}),
    "nested-anyOf": _doc({"anyOf": [{"type": "object"}, {"anyOf": [{"type": "integer"}, {"$ref": "#/$defs/S"}]}]},
                         {"S": {"type": "string"}}),
}


@pytest.mark.parametrize("schema", list(CASES.values()), ids=list(CASES))
@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
def test_a_string_branch_reached_through_a_ref_is_ambiguous(schema: Dict[str, Any], target: str) -> None:
    r = render(schema, target, free_form="string", on_error="report")
    assert [(x.code, x.pointer, x.message) for x in r.errors] == [("not-representable", "/properties/f", MESSAGE)]
    with pytest.raises(EncodeError):
        render(schema, target, free_form="string")


def test_a_definition_holding_both_is_linted_where_it_is_defined() -> None:
    schema = _doc({"$ref": "#/$defs/U"}, {"U": {"anyOf": [{"type": "object"}, {"type": "string"}]}})
    r = render(schema, "openai.chat", free_form="string", on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("not-representable", "/$defs/U")]


def test_refs_to_other_types_still_travel_as_a_string() -> None:
    schema = _doc({"anyOf": [{"$ref": "#/$defs/F"}, {"$ref": "#/$defs/N"}]},
                  {"F": {"type": "object"}, "N": {"anyOf": [{"type": "integer"}, {"type": "null"}]}})
    r = render(schema, "openai.chat", free_form="string")
    assert r.wire_schema["$defs"]["F"] == {"type": "string", "description": "A JSON object, encoded as a string."}
    assert r.decode({"f": '{"a": 1}'}) == {"f": {"a": 1}}
    assert r.decode({"f": 3}) == {"f": 3}


def test_without_free_form_strings_refs_to_strings_are_no_concern() -> None:
    schema = _doc({"anyOf": [{"$ref": "#/$defs/C"}, {"$ref": "#/$defs/S"}]},
                  {"C": CLOSED, "S": {"type": "string"}})
    assert render(schema, "openai.chat", free_form="string").errors == ()


# -- linear: 2**n paths, n nodes -------------------------------------------------------------------
def _doubling(n: int) -> Dict[str, Any]:
    """D0 a string; each Di an anyOf naming D(i-1) twice: 2**n paths from the top to D0."""
    defs: Dict[str, Any] = {"D0": {"type": "string"}}
    for i in range(1, n + 1):
        defs[f"D{i}"] = {"anyOf": [{"$ref": f"#/$defs/D{i - 1}"}, {"$ref": f"#/$defs/D{i - 1}"}]}
    return _doc({"anyOf": [{"type": "object"}, {"$ref": f"#/$defs/D{n}"}]}, defs)


def _visits(monkeypatch: Any, n: int) -> int:
    seen: List[int] = []
    real = _string_branches._edges

    def counted(node: Any, *args: Any) -> Any:
        seen.append(1)
        return real(node, *args)

    monkeypatch.setattr(_string_branches, "_edges", counted)
    r = render(_doubling(n), "openai.chat", free_form="string", on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("not-representable", "/properties/f")]
    return len(seen)


def test_a_doubling_chain_of_definitions_is_walked_once_per_node(monkeypatch: Any) -> None:
    small, big = _visits(monkeypatch, 10), _visits(monkeypatch, 40)
    assert small > 0 and big <= 4.5 * small  # a walk by paths: 2**40
