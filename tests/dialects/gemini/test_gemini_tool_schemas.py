"""Gemini tool declarations: every schema-valued field of the OpenAPI ``Schema`` read as
JSON Schema (``ref`` / ``defs``, ``additionalProperties``, the proto spellings), one of
``parameters`` / ``parametersJsonSchema``, changed parameters written as JSON Schema, and
built-in tools of a declaration's entry refused where another dialect would drop them."""

from __future__ import annotations

from typing import Any

import pytest

import toolwire

D = "gemini"

# google-genai ``types.Schema.ref``: "a valid reference to a child of the root ``defs``"
# ("#/defs/Pet"); ``types.Schema.defs``: the definitions
PET_DECL = {"name": "adopt", "parameters": {
    "type": "OBJECT", "required": ["pet"], "properties": {"pet": {"ref": "#/defs/Pet"}},
    "defs": {"Pet": {"type": "OBJECT", "properties": {"n": {"type": "STRING", "nullable": True}}, "required": ["n"]}}}}
PET_JSON_SCHEMA = {
    "type": "object", "required": ["pet"], "properties": {"pet": {"$ref": "#/$defs/Pet"}},
    "$defs": {"Pet": {"type": "object", "properties": {"n": {"type": ["string", "null"]}}, "required": ["n"]}}}


def test_ref_and_defs_are_read_as_json_schema() -> None:
    from google.genai import types as gt

    gt.FunctionDeclaration.model_validate(PET_DECL)  # the SDK's own shape
    tool = toolwire.decode_tool(PET_DECL, D)
    assert tool.parameters == PET_JSON_SCHEMA
    assert toolwire.encode_tool(tool, D) == PET_DECL
    assert toolwire.encode_tool(tool, "openai.chat")["function"]["parameters"] == PET_JSON_SCHEMA
    bad = toolwire.validate_call({"name": "adopt", "args": {"pet": 5}}, [PET_DECL])
    assert isinstance(bad, toolwire.InvalidToolCall)
    assert bad.error == "Arguments of 'adopt' do not match its schema: $.pet: 5 is not of type object (type)."
    bad = toolwire.validate_call({"name": "adopt", "args": {"pet": {}}}, [PET_DECL])
    assert isinstance(bad, toolwire.InvalidToolCall) and "$.pet: property 'n' is required" in bad.error
    ok = toolwire.ToolCall("adopt", {"pet": {"n": None}})
    assert toolwire.validate_call(ok, [PET_DECL]) is ok


def test_ref_of_a_google_genai_schema() -> None:
    from google.genai import types as gt

    fd = gt.FunctionDeclaration(name="adopt", parameters=gt.Schema(
        type=gt.Type.OBJECT, properties={"pet": gt.Schema(ref="#/defs/Pet")},
        defs={"Pet": gt.Schema(type=gt.Type.OBJECT, properties={"n": gt.Schema(type=gt.Type.STRING)})}))
    tool = toolwire.decode_tool(fd, D)
    assert tool.parameters == {"type": "object", "properties": {"pet": {"$ref": "#/$defs/Pet"}}, "$defs": {
        "Pet": {"type": "object", "properties": {"n": {"type": "string"}}}}}
    assert gt.FunctionDeclaration.model_validate(toolwire.encode_tool(tool, D)) == fd


@pytest.mark.parametrize(
    ("ref", "loc", "message"),
    [
        ("#/$defs/Pet", "$.parameters.properties.pet.ref", "must name a child of the root defs ('#/defs/<name>'), "
         "got '#/$defs/Pet'"),
        ("#/defs/Pet/properties/n", "$.parameters.properties.pet.ref", "must name a child of the root defs"),
        ("https://x/pet.json", "$.parameters.properties.pet.ref", "must name a child of the root defs"),
        (5, "$.parameters.properties.pet.ref", "must name a child of the root defs"),
        ("#/defs/Cat", "$.parameters.properties.pet.ref", "names 'Cat', which is no child of the root defs"),
    ],
    ids=["json-schema-form", "deeper", "external", "not-text", "missing"],
)
def test_a_ref_that_names_no_root_definition_is_refused(ref: Any, loc: str, message: str) -> None:
    decl = {"name": "adopt", "parameters": {**PET_DECL["parameters"], "properties": {"pet": {"ref": ref}}}}  # type: ignore[dict-item]
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_tool(decl, D)
    assert err.value.loc == loc and message in str(err.value)


def test_additional_properties_schemas_are_converted() -> None:
    decl = {"name": "f", "parameters": {"type": "OBJECT", "properties": {
        "m": {"type": "OBJECT", "additionalProperties": {"type": "INTEGER", "nullable": True}},
        "closed": {"type": "OBJECT", "additionalProperties": False}}}}
    tool = toolwire.decode_tool(decl, D)
    assert tool.parameters == {"type": "object", "properties": {
        "m": {"type": "object", "additionalProperties": {"type": ["integer", "null"]}},
        "closed": {"type": "object", "additionalProperties": False}}}
    assert toolwire.encode_tool(tool, D) == decl
    bad = toolwire.validate_call({"name": "f", "args": {"m": {"a": "x"}}}, [decl])
    assert isinstance(bad, toolwire.InvalidToolCall) and '$.m.a: "x" is not of type integer or null' in bad.error
    ok = toolwire.ToolCall("f", {"m": {"a": 1, "b": None}})
    assert toolwire.validate_call(ok, [decl]) is ok


def test_every_schema_valued_field_of_google_genai_schema_is_converted() -> None:
    from google.genai import types as gt

    # the fields of types.Schema whose values are schemas (3.6): each one is read inside
    nested = {name for name, f in gt.Schema.model_fields.items() if "Schema" in str(f.annotation)}
    assert nested <= {"any_of", "items", "properties", "defs"}  # additional_properties is Any
    decl = {"name": "f", "parameters": {"type": "OBJECT", "properties": {
        "a": {"anyOf": [{"type": "INTEGER"}]}, "i": {"type": "ARRAY", "items": {"type": "STRING"}},
        "m": {"additionalProperties": {"type": "BOOLEAN"}}, "r": {"ref": "#/defs/D"}},
        "defs": {"D": {"type": "NUMBER"}}}}
    params = toolwire.decode_tool(decl, D).parameters
    assert params is not None
    text = repr(params)
    assert all(t not in text for t in ("'INTEGER'", "'STRING'", "'BOOLEAN'", "'NUMBER'", "'ref'", "'defs'"))


def test_the_proto_field_names_are_read_as_the_json_ones() -> None:
    # the REST API takes proto field names (any_of, additional_properties, max_items) too
    decl = {"name": "f", "parameters": {"type": "OBJECT", "properties": {
        "a": {"any_of": [{"type": "INTEGER"}, {"type": "STRING"}]},
        "l": {"type": "ARRAY", "max_items": "2", "items": {"type": "INTEGER"}},
        "m": {"type": "OBJECT", "additional_properties": {"type": "INTEGER"}}}}}
    tool = toolwire.decode_tool(decl, D)
    assert tool.parameters == {"type": "object", "properties": {
        "a": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
        "l": {"type": "array", "maxItems": 2, "items": {"type": "integer"}},
        "m": {"type": "object", "additionalProperties": {"type": "integer"}}}}
    assert toolwire.encode_tool(tool, D) == decl
    both = {"name": "f", "parameters": {"type": "OBJECT", "anyOf": [], "any_of": []}}
    with pytest.raises(toolwire.DecodeError, match=r"has both 'any_of' and 'anyOf'"):
        toolwire.decode_tool(both, D)


def test_parameters_and_parameters_json_schema_together_are_refused() -> None:
    # google-genai FunctionDeclaration: parameters_json_schema is "mutually exclusive with parameters"
    d = {"name": "f", "parametersJsonSchema": {"type": "object"},
         "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING"}}, "required": ["a"]}}
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_tool(d, D)
    assert str(err.value).startswith(
        "Function declaration at $ has both 'parametersJsonSchema' and 'parameters'; Gemini takes one of them")
    assert err.value.loc == "$.parameters"
    # a model_dump() of a declaration holds every field, the unset ones as None
    from google.genai import types as gt

    dumped = gt.FunctionDeclaration(name="f", parameters=gt.Schema(type=gt.Type.OBJECT)).model_dump(mode="json")
    assert dumped["parameters_json_schema"] is None
    dumped["parameters"] = {"type": "OBJECT"}
    assert toolwire.decode_tool(dumped, D).parameters == {"type": "object"}


def test_changed_openapi_parameters_are_written_as_parameters_json_schema() -> None:
    from google.genai import types as gt

    tool = toolwire.decode_tool({"name": "f", "parameters": {"type": "OBJECT"}}, D)
    new = {"type": "object", "properties": {"a": {"type": ["string", "null"]}}, "additionalProperties": False}
    out = toolwire.encode_tool(tool.replace(parameters=new), D)
    assert out == {"name": "f", "parametersJsonSchema": new}
    gt.FunctionDeclaration.model_validate(out)  # JSON Schema under "parameters" was refused
    # unchanged: written back as read, also when it was already lower case
    plain = {"name": "f", "parameters": {"type": "object"}}
    assert toolwire.encode_tool(toolwire.decode_tool(plain, D), D) == plain
    assert toolwire.encode_tool(toolwire.decode_tool(plain, D).replace(parameters=new), D) == out


ENTRY = {"functionDeclarations": [{"name": "f", "parameters": {"type": "OBJECT"}}], "googleSearch": {}}


@pytest.mark.parametrize("target", ["openai.chat", "openai.responses", "anthropic.messages", "bedrock.converse",
                                    "mistral", "ollama", "mcp", "cohere.v2", "canonical"])
def test_a_builtin_tool_beside_the_declarations_is_not_dropped_on_convert(target: str) -> None:
    tool = toolwire.decode_tool(ENTRY, D)
    with pytest.raises(toolwire.EncodeError) as err:
        toolwire.encode_tool(tool, target)
    assert str(err.value).startswith(
        f"Tool 'f' is a functionDeclarations + googleSearch tool of gemini; {target} has no such tool")
    with pytest.raises(toolwire.EncodeError):
        toolwire.convert(ENTRY, target, source=D)
    assert toolwire.encode_tool(tool, D) == ENTRY  # its own dialect writes the entry back whole
    # the declaration alone converts
    alone = toolwire.decode_tool({"functionDeclarations": ENTRY["functionDeclarations"]}, D)
    toolwire.encode_tool(alone, target)


@pytest.mark.parametrize("count", ["1" * 5000, "9223372036854775808"], ids=["5000-digits", "int64-max+1"])
def test_a_count_past_int64_is_refused(count: str) -> None:
    """The Schema's counts are int64, written as decimal strings in JSON
    (https://ai.google.dev/api/caching#Schema): a longer one is no count, and never a
    5,000-digit ``int()``."""
    decl = {"name": "f", "parameters": {"type": "OBJECT", "properties": {"s": {"type": "STRING", "maxLength": count}}}}
    with pytest.raises(toolwire.DecodeError, match=r"^Schema maxLength at \$.parameters.properties.s.maxLength must "
                                                   r"be an int64 count, got '") as err:
        toolwire.decode_tool(decl, D)
    assert err.value.loc == "$.parameters.properties.s.maxLength"
    decl["parameters"]["properties"]["s"]["maxLength"] = "9223372036854775807"
    assert toolwire.decode_tool(decl, D).parameters["properties"]["s"]["maxLength"] == 2**63 - 1
