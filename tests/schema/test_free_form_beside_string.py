"""``free_form="string"`` sends a free-form object as a JSON string. Beside a branch that
takes a string (``"type": ["object", "string"]``, or an ``anyOf`` of both), the wire
schema has two string branches and a string answer could mean either: the type-array
spelling gave the string back as a string (the model, told "A JSON object, encoded as a
string.", meant an object), the ``anyOf`` spelling decoded it into an object (the model
may have meant the string). Either way a value that validates and may be the wrong one;
such a node is refused as not representable, as any free-form object is without the
option."""

from __future__ import annotations

import pytest

from toolwire import EncodeError
from toolwire.schema import render

TYPE_ARRAY = {"type": "object", "required": ["f"], "additionalProperties": False,
              "properties": {"f": {"type": ["object", "string"]}}}
ANY_OF = {"type": "object", "required": ["f"], "additionalProperties": False,
          "properties": {"f": {"anyOf": [{"type": "object"}, {"type": "string"}]}}}


@pytest.mark.parametrize("schema", [TYPE_ARRAY, ANY_OF], ids=["type-array", "anyOf"])
@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
def test_a_free_form_object_beside_a_string_is_not_representable(schema: dict, target: str) -> None:
    r = render(schema, target, free_form="string", on_error="report")
    assert [(lint.code, lint.pointer) for lint in r.errors] == [("not-representable", "/properties/f")]
    assert r.errors[0].message == (
        "a free-form object sent as a JSON string beside a branch that takes a string: a string answer "
        "could be either; use strict=False or prompt mode"
    )
    with pytest.raises(EncodeError):
        render(schema, target, free_form="string")


def test_a_free_form_object_beside_other_types_still_travels_as_a_string() -> None:
    schema = {"type": "object", "required": ["f"], "additionalProperties": False,
              "properties": {"f": {"type": ["object", "integer"]}}}
    r = render(schema, "openai.chat", free_form="string")
    assert r.wire_schema["properties"]["f"] == {"anyOf": [
        {"type": "string", "description": "A JSON object, encoded as a string."}, {"type": "integer"}]}
    assert r.decode({"f": '{"a": 1}'}) == {"f": {"a": 1}}
    assert r.decode({"f": 3}) == {"f": 3}


def test_a_free_form_string_too_deep_or_not_json_stays_a_string() -> None:
    # (the structured-output hunt: the model's string, read back as the object it stands
    # for, raised RecursionError from ``validate`` and ``decode``; NaN read as a number)
    rendered = render({"type": "object", "properties": {"meta": {"type": "object"}}, "required": ["meta"]},
                      "openai.chat", free_form="string")
    deep = "[" * 100_000 + "]" * 100_000
    assert rendered.decode({"meta": deep}) == {"meta": deep}
    assert [i.keyword for i in rendered.validate({"meta": deep})] == ["type"]
    assert rendered.decode({"meta": '{"x": NaN}'}) == {"meta": '{"x": NaN}'}
    assert [i.keyword for i in rendered.validate({"meta": '{"x": NaN}'})] == ["type"]
    assert rendered.decode({"meta": '{"x": 1}'}) == {"meta": {"x": 1}}
