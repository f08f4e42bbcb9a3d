"""A ``const`` or ``enum`` written without a ``type``, per target.

- OpenAI strict mode refuses a schema node without ``type`` ("schema must have a 'type'
  key", the ``invalid_json_schema`` answer for an enum-only property; the types its
  guide lists are each written with one, reference/structured-output.md §B.2): a
  type-less ``const`` gets the type of its value, as a type-less ``enum`` gets the
  types of its values.
- Anthropic takes an ``enum`` of "strings, numbers, bools, or nulls" with no ``type``
  (its SDK's ``transform_schema`` sends one so), and counts each ``anyOf`` or ``type``
  array against 16 unions per request (§C.1); Bedrock Converse follows Claude's rules
  (§C.3). A type-less enum of values of several types (pydantic's ``Literal["auto",
  0]``) is sent as it is there, not split into typed branches, each a union.
- An ``enum`` value of a type the target's enums cannot hold (an object) is the lint
  ``unsupported-enum``, never a free-form object branch left without a report entry.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import EncodeError
from toolwire.schema import render

OPENAI = ["openai.chat", "openai.responses"]
CLAUDE = ["anthropic.messages", "anthropic.tool", "bedrock.converse"]


def _one(node: Any, required: bool = True) -> Dict[str, Any]:
    return {"type": "object", "properties": {"k": node}, "required": ["k"] if required else [],
            "additionalProperties": False}


@pytest.mark.parametrize("target", OPENAI)
@pytest.mark.parametrize(
    ("value", "kind"),
    [("z", "string"), (3, "integer"), (2.5, "number"), (3.0, "number"), (True, "boolean"), (None, "null")],
    ids=["string", "integer", "number", "integral-float", "boolean", "null"],
)
def test_openai_types_a_typeless_const_by_its_value(target: str, value: Any, kind: str) -> None:
    r = render(_one({"const": value}), target)
    assert r.wire_schema["properties"]["k"] == {"const": value, "type": kind}
    assert ("/properties/k", "type", "rewritten") in [(c.pointer, c.keyword, c.action) for c in r.report]
    assert r.lossless and not r.lints
    assert r.validate({"k": value}) == []


@pytest.mark.parametrize("target", OPENAI)
def test_openai_types_the_const_of_an_optional_property(target: str) -> None:
    r = render(_one({"const": 3}, required=False), target)
    assert r.wire_schema["properties"]["k"] == {"anyOf": [{"const": 3, "type": "integer"}, {"type": "null"}]}
    assert r.lossless


@pytest.mark.parametrize("target", CLAUDE)
def test_claude_targets_send_a_typeless_const_as_it_is(target: str) -> None:
    r = render(_one({"const": "z"}), target)
    assert r.wire_schema["properties"]["k"] == {"const": "z"}


MIXED = {"enum": ["auto", 0], "title": "P"}


@pytest.mark.parametrize("target", CLAUDE)
def test_claude_targets_send_a_typeless_mixed_enum_as_it_is(target: str) -> None:
    r = render(_one(MIXED), target)
    assert r.wire_schema["properties"]["k"] == MIXED
    assert r.lossless and not r.lints
    assert r.validate({"k": 0}) == [] and r.validate({"k": "x"})


@pytest.mark.parametrize("target", CLAUDE)
def test_seventeen_typeless_mixed_enums_spend_no_union(target: str) -> None:
    schema = {"type": "object", "properties": {f"p{i}": dict(MIXED) for i in range(17)},
              "required": [f"p{i}" for i in range(17)], "additionalProperties": False}
    r = render(schema, target)  # raised limit-unions: 17 unions, the limit is 16
    assert r.lints == ()
    assert all(r.wire_schema["properties"][f"p{i}"] == MIXED for i in range(17))


@pytest.mark.parametrize("target", CLAUDE)
def test_claude_targets_still_split_a_type_array_beside_an_enum(target: str) -> None:
    """A ``type`` array beside an ``enum`` is split as before (Bedrock refuses
    ``{"type": ["string", "null"], "enum": [...]}``, §C.3)."""
    r = render(_one({"type": ["string", "null"], "enum": ["x", None]}), target)
    assert r.wire_schema["properties"]["k"] == {"anyOf": [{"type": "string", "enum": ["x"]}, {"type": "null"}]}


@pytest.mark.parametrize("target", OPENAI)
def test_openai_still_types_a_typeless_mixed_enum(target: str) -> None:
    r = render(_one(MIXED), target)
    assert r.wire_schema["properties"]["k"] == {
        "title": "P", "anyOf": [{"type": "string", "enum": ["auto"]}, {"type": "integer", "enum": [0]}]}


@pytest.mark.parametrize("target", [*OPENAI, *CLAUDE])
def test_an_object_enum_value_is_an_unsupported_enum(target: str) -> None:
    r = render(_one({"enum": [{"a": 1}, "x"]}), target, on_error="report")
    assert [(x.code, x.pointer, x.message) for x in r.errors] == [
        ("unsupported-enum", "/properties/k", "enum values of these types are not supported: [{'a': 1}]")]
    assert r.wire_schema["properties"]["k"] == {"enum": [{"a": 1}, "x"]}  # never a free-form object branch
    assert not r.lossless
    with pytest.raises(EncodeError, match=r"\[unsupported-enum\]$"):
        render(_one({"enum": [{"a": 1}, "x"]}), target)


@pytest.mark.parametrize("target", [*OPENAI, *CLAUDE])
def test_an_enum_of_objects_on_an_open_object_is_reported_dropped(target: str) -> None:
    r = render(_one({"type": "object", "enum": [{"a": 1}]}), target, on_error="report")
    assert [(x.code, x.pointer, x.message) for x in r.errors] == [
        ("unsupported-enum", "/properties/k", "enum values of these types are not supported: [{'a': 1}]")]
    assert ("/properties/k", "enum", "dropped") in [(c.pointer, c.keyword, c.action) for c in r.report]
    assert not r.lossless


def test_gemini_openapi_names_additional_properties_true_as_it_is() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
              "additionalProperties": True}
    r = render(schema, "gemini.openapi")
    assert [(x.code, x.pointer, x.message) for x in r.lints] == [
        ("unsupported-keyword", "", "additionalProperties: true is not supported by this provider: the object is "
                                    "sent without it, and extra keys may not be produced")]
    assert [str(c) for c in r.report if c.keyword == "additionalProperties"] == [
        "/ additionalProperties: unsupported (true: not sent)"]
    r = render({**schema, "additionalProperties": {"type": "integer"}}, "gemini.openapi")
    assert [x.message for x in r.lints] == ["additionalProperties with a schema is not supported by this provider"]
