"""A ``strict: true`` tool is written to OpenAI Chat / Responses only when each keyword of
its schema is one strict mode takes, by the rule table ``schema.render`` follows for the
``openai`` targets (``dialects/openai/structured.py``): the guide's "Supported schemas"
(https://platform.openai.com/docs/guides/structured-outputs: no ``allOf``, ``not``, ...),
the 400s reported for ``oneOf`` ("'oneOf' is not permitted", livekit/agents#5302), and openai-java's ``JsonSchemaValidator.kt`` (one of ``type``,
``anyOf``, ``$ref`` per schema; beside ``anyOf``/``$ref`` only ``title`` and
``description``). Else ``EncodeError`` names the keyword and its place."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import EncodeError, Tool

TARGETS = ["openai.chat", "openai.responses"]


def _params(props: Dict[str, Any], **more: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False, **more}


# the huntZod reproducer (f1_strict_tool_keywords.py), one property "n" each
REFUSED = [
    ("minLength", {"n": {"type": "string", "minLength": 1, "maxLength": 4}}, "$.parameters.properties.n",
     "minLength"),
    ("items-array", {"n": {"type": "array", "minItems": 2, "maxItems": 2,
                           "items": [{"type": "string"}, {"type": "integer"}]}}, "$.parameters.properties.n", "items"),
    ("not", {"n": {"anyOf": [{"anyOf": [{"not": {}}, {"type": "string"}]}, {"type": "null"}]}},
     "$.parameters.properties.n.anyOf[0].anyOf[0]", "not"),
    ("nullable", {"n": {"type": "string", "nullable": True}}, "$.parameters.properties.n", "nullable"),
    ("allOf", {"n": {"allOf": [{"type": "string"}, {"type": "string", "pattern": "^a"}]}},
     "$.parameters.properties.n", "allOf"),
    ("oneOf", {"n": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}, "$.parameters.properties.n", "oneOf"),
    ("prefixItems", {"n": {"type": "array", "prefixItems": [{"type": "string"}]}}, "$.parameters.properties.n",
     "prefixItems"),
    # zod 4's z.iso.duration() (a look-around the guide's regex subset lacks)
    ("lookaround", {"n": {"type": "string", "pattern": "^P(?:(\\d+W)|(?!.*W)(?=\\d|T\\d)(\\d+Y)?)$"}},
     "$.parameters.properties.n", "pattern"),
    ("format", {"n": {"type": "string", "format": "uri"}}, "$.parameters.properties.n", "format"),
    ("untyped", {"n": {"description": "anything"}}, "$.parameters.properties.n", "type"),
    ("beside-ref", {"n": {"$ref": "#/$defs/d", "minLength": 3}}, "$.parameters.properties.n", "minLength"),
    ("type-beside-anyOf", {"n": {"type": "string", "anyOf": [{"type": "string"}, {"type": "null"}]}},
     "$.parameters.properties.n", "type"),
]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize(("props", "loc", "keyword"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_a_keyword_strict_mode_refuses_is_named(target: str, props: Any, loc: str, keyword: str) -> None:
    params = _params(props, **{"$defs": {"d": {"type": "string"}}})
    with pytest.raises(EncodeError) as err:
        toolwire.encode_tool(Tool("t", "d", params, strict=True), target)
    assert err.value.loc == loc and err.value.dialect == target
    assert f"{keyword!r}" in str(err.value) and "schema.render" in str(err.value)
    assert toolwire.encode_tool(Tool("t", "d", params, strict=False), target)  # not strict: as it is


@pytest.mark.parametrize("target", TARGETS)
def test_a_definition_that_is_a_ref_to_itself_is_refused(target: str) -> None:
    params = _params({"n": {"$ref": "#/definitions/d"}}, definitions={"d": {"$ref": "#/definitions/d"}})
    with pytest.raises(EncodeError) as err:
        toolwire.encode_tool(Tool("t", "d", params, strict=True), target)
    assert err.value.loc == "$.parameters.definitions.d" and "'$ref'" in str(err.value)


ACCEPTED = [
    # the guide's examples: a type array with null, an anyOf with null, $defs and recursion
    _params({"units": {"type": ["string", "null"], "enum": ["celsius", "fahrenheit"]}}),
    _params({"n": {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "x"}}),
    _params({"linked_list": {"$ref": "#/$defs/linked_list_node"}}, **{"$defs": {"linked_list_node": _params(
        {"value": {"type": "number"}, "next": {"anyOf": [{"$ref": "#/$defs/linked_list_node"}, {"type": "null"}]}})}}),
    _params({"n": {"$ref": "#"}}),
    # the keywords the guide lists as taken, annotations, and what zodFunction writes beside them
    _params({"s": {"type": "string", "pattern": "^@[a-zA-Z0-9_]+$", "format": "email"},
             "i": {"type": "integer", "minimum": 1, "exclusiveMaximum": 9, "multipleOf": 2},
             "a": {"type": "array", "minItems": 1, "maxItems": 4, "items": {"type": "string", "const": "x"}}},
            **{"$schema": "http://json-schema.org/draft-07/schema#", "title": "T"}),
    _params({"n": {"$ref": "#/definitions/d", "description": "beside a $ref"}}, definitions={"d": {"type": "string"}}),
]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("params", ACCEPTED)
def test_a_schema_strict_mode_takes_is_written_as_it_is(target: str, params: Any) -> None:
    out = toolwire.encode_tool(Tool("t", "d", params, strict=True), target)
    assert (out["function"] if target == "openai.chat" else out)["parameters"] == params


def _chain(n: int) -> Dict[str, Any]:
    # n properties each naming the head of a chain of n definitions that are references alone
    defs: Dict[str, Any] = {f"d{i}": {"$ref": f"#/$defs/d{i + 1}"} for i in range(n)}
    defs[f"d{n}"] = {"type": "string"}
    return _params({f"p{i}": {"$ref": "#/$defs/d0"} for i in range(n)}, **{"$defs": defs})


def test_the_reference_walk_stays_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolwire.dialects.openai import strict_keywords

    calls = [0]
    real = strict_keywords.resolve_local

    def counted(root: Dict[str, Any], ref: str) -> Any:
        calls[0] += 1
        return real(root, ref)

    monkeypatch.setattr(strict_keywords, "resolve_local", counted)
    counts = []
    for n in (200, 800):
        calls[0] = 0
        toolwire.encode_tool(Tool("t", "d", _chain(n), strict=True), "openai.chat")
        counts.append(calls[0])
    assert 3.5 < counts[1] / counts[0] < 4.5, counts


@pytest.mark.parametrize("target", TARGETS)
def test_a_default_goes_out_as_it_came(target: str) -> None:
    # review revStrict R1: api.openai.com took a strict tool with a non-null default in
    # openai-agents-python#4390 (2026-08-13, the maintainer's test), and openai-python's
    # pydantic_function_tool and openai-agents' function_tool both send one (a 2025 400 on
    # Chat, dotnet/extensions#6196, and Azure's refusal aside): written as before
    params = _params({"q": {"type": "string"}, "limit": {"type": "integer", "default": 10}})
    wire = toolwire.encode_tool(Tool("t", "d", params, strict=True), target)
    assert "default" in str(wire)


@pytest.mark.parametrize("target", TARGETS)
def test_a_percent_encoded_ref_names_its_def(target: str) -> None:
    # review revStrict: "#/$defs/a%20b" names the def "a b" (RFC 6901 §6, a URI fragment is
    # percent-decoded), as schema.render reads it; the check refused it as a $ref to nothing
    params = _params({"n": {"$ref": "#/$defs/a%20b"}}, **{"$defs": {"a b": {"type": "string"}}})
    wire = toolwire.encode_tool(Tool("t", "d", params, strict=True), target)
    assert "a%20b" in str(wire)
