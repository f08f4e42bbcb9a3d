"""A ``strict: true`` tool written for Anthropic or Bedrock Converse meets their strict
grammar's JSON Schema subset, or is refused with ``EncodeError`` at the place that
breaks it, as OpenAI's strict tools are (``dialects/openai/strict_mode.py``).

Pinned from the provider rules (reference/structured-output.md §C.1, Anthropic "Strict
tool use": "For the supported JSON Schema subset, see JSON Schema limitations"; §C.3,
Bedrock's strict tools follow the same limits): no ``minimum``/``maximum``/
``multipleOf``/``minLength``/``maxLength`` ("For 'integer' type, properties maximum,
minimum are not supported"), ``minItems`` 0 or 1 only, no ``maxItems``,
``additionalProperties: false`` on every object ("For 'object' type,
'additionalProperties' must be explicitly set to false"), no complex types inside
``enum``, no external ``$ref``, no recursion. The tool below is what openai-python's
``pydantic_function_tool`` sends with ``strict: true`` for ``query: str =
Field(max_length=200)``, ``limit: int = Field(ge=1, le=50)``, ``tags: list[str] =
Field(max_length=5)``.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

from toolwire import EncodeError, Tool, decode_tool, encode_tool

OPENAI_STRICT = {
    "type": "function",
    "function": {
        "name": "Search",
        "strict": True,
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "maxLength": 200, "title": "Query"},
                "limit": {"type": "integer", "maximum": 50, "minimum": 1, "title": "Limit"},
                "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 5, "title": "Tags"},
            },
            "required": ["query", "limit", "tags"],
            "additionalProperties": False,
            "title": "Search",
        },
    },
}
LOC = {"anthropic.messages": "$.input_schema", "bedrock.converse": "$.toolSpec.inputSchema.json"}
CLOSED = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": False}


def _strict(params: Dict[str, Any]) -> Tool:
    return Tool("g", description="d", parameters=params, strict=True)


@pytest.mark.parametrize("dialect", sorted(LOC))
def test_an_openai_strict_tool_with_bounds_is_refused(dialect: str) -> None:
    tool = decode_tool(OPENAI_STRICT, "openai.chat")
    with pytest.raises(EncodeError) as info:
        encode_tool(tool, dialect)
    assert info.value.loc == LOC[dialect] + ".properties.query"
    assert str(info.value).startswith(
        f"Tool 'Search' is strict, and {dialect}'s strict tools need no 'maxLength' (numeric bounds, multipleOf, "
        f"string lengths and maxItems are not supported); the schema at {LOC[dialect]}.properties.query does not "
        "meet it")
    # the same tool without strict is written as it is
    assert encode_tool(tool.replace(strict=False), dialect)


@pytest.mark.parametrize("dialect", sorted(LOC))
def test_an_open_object_is_refused_at_its_place(dialect: str) -> None:
    with pytest.raises(EncodeError) as info:
        encode_tool(_strict({"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}), dialect)
    assert info.value.loc == LOC[dialect]
    assert '"additionalProperties": false on every object' in str(info.value)
    nested = copy.deepcopy(CLOSED)
    nested["properties"]["o"] = {"type": "object", "properties": {}, "additionalProperties": True}
    with pytest.raises(EncodeError) as info:
        encode_tool(_strict(nested), dialect)
    assert info.value.loc == LOC[dialect] + ".properties.o"


REFUSED = {
    "minimum": {"type": "integer", "minimum": 1},
    "exclusiveMaximum": {"type": "number", "exclusiveMaximum": 1},
    "multipleOf": {"type": "number", "multipleOf": 2},
    "minLength": {"type": "string", "minLength": 1},
    "maxItems": {"type": "array", "items": {"type": "string"}, "maxItems": 3},
    "minItems 2": {"type": "array", "items": {"type": "string"}, "minItems": 2},
    "object in enum": {"enum": [{"a": 1}]},
    "array const": {"const": [1]},
    "external $ref": {"$ref": "https://example.com/s.json"},
}


@pytest.mark.parametrize("dialect", sorted(LOC))
@pytest.mark.parametrize("case", sorted(REFUSED))
def test_keywords_outside_the_subset_are_refused(dialect: str, case: str) -> None:
    params = copy.deepcopy(CLOSED)
    params["properties"]["x"] = REFUSED[case]
    with pytest.raises(EncodeError) as info:
        encode_tool(_strict(params), dialect)
    assert info.value.loc == LOC[dialect] + ".properties.x"


@pytest.mark.parametrize("dialect", sorted(LOC))
def test_recursion_is_refused_at_the_ref_that_closes_it(dialect: str) -> None:
    params = {"type": "object", "properties": {"root": {"$ref": "#/$defs/node"}}, "required": ["root"],
              "additionalProperties": False,
              "$defs": {"node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/node"}},
                                 "additionalProperties": False}}}
    with pytest.raises(EncodeError) as info:
        encode_tool(_strict(params), dialect)
    assert info.value.loc == LOC[dialect] + ".$defs.node.properties.next"
    assert "no recursion" in str(info.value)


@pytest.mark.parametrize("dialect", sorted(LOC))
def test_a_tool_the_grammar_takes_is_written_as_it_is(dialect: str) -> None:
    params = {
        "type": "object",
        "properties": {
            "q": {"type": "string", "format": "date", "enum": ["2020-01-01"], "description": "d"},
            "n": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            "tags": {"type": "array", "items": {"$ref": "#/$defs/tag"}, "minItems": 1},
            "k": {"const": "x"},
        },
        "required": ["q"],
        "additionalProperties": False,
        "$defs": {"tag": {"type": "object", "properties": {"v": {"type": "string"}}, "additionalProperties": False}},
    }
    out = encode_tool(_strict(params), dialect)
    schema = out["input_schema"] if dialect == "anthropic.messages" else out["toolSpec"]["inputSchema"]["json"]
    assert schema == params
    assert decode_tool(out, dialect) == _strict(params)


@pytest.mark.parametrize("dialect", sorted(LOC))
def test_a_strict_tool_without_parameters_gets_a_closed_empty_object(dialect: str) -> None:
    out = encode_tool(Tool("g", strict=True), dialect)
    schema = out["input_schema"] if dialect == "anthropic.messages" else out["toolSpec"]["inputSchema"]["json"]
    assert schema == {"type": "object", "properties": {}, "additionalProperties": False}
    plain = encode_tool(Tool("g"), dialect)
    schema = plain["input_schema"] if dialect == "anthropic.messages" else plain["toolSpec"]["inputSchema"]["json"]
    assert schema == {"type": "object", "properties": {}}


def test_openai_refuses_the_same_open_object() -> None:
    """The rule each strict dialect applies to the same tool (OpenAI's: its own)."""
    with pytest.raises(EncodeError):
        encode_tool(_strict({"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}),
                    "openai.chat")


def _chain(n: int, back: bool) -> Dict[str, Any]:
    """n definitions, each holding a ``$ref`` to the next; the last one's leads back to
    the first when *back* (recursion at the deepest place), else it is a string."""
    defs: Dict[str, Any] = {}
    for i in range(n):
        nxt = f"#/$defs/d{i + 1}" if i + 1 < n else ("#/$defs/d0" if back else None)
        defs[f"d{i}"] = {"type": "object", "properties": {"p": {"$ref": nxt} if nxt else {"type": "string"}},
                         "required": ["p"], "additionalProperties": False}
    return {"type": "object", "properties": {"r": {"$ref": "#/$defs/d0"}}, "required": ["r"],
            "additionalProperties": False, "$defs": defs}


@pytest.mark.parametrize("back", [False, True], ids=["no-cycle", "cycle-at-the-end"])
def test_the_check_is_linear_in_the_schema(monkeypatch: pytest.MonkeyPatch, back: bool) -> None:
    """Work is counted, not timed: the nodes whose children are listed, at n and 4n
    definitions (DESIGN.md invariant 8)."""
    from toolwire.dialects.anthropic import strict_tools

    real = strict_tools.subschemas
    calls: List[int] = []

    def counted(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(strict_tools, "subschemas", counted)
    work = []
    for n in (500, 2_000):
        calls.clear()
        tool = _strict(_chain(n, back))
        if back:
            with pytest.raises(EncodeError) as info:
                encode_tool(tool, "anthropic.messages")
            assert info.value.loc == f"$.input_schema.$defs.d{n - 1}.properties.p"
        else:
            encode_tool(tool, "bedrock.converse")
        work.append(len(calls))
    assert work[1] <= 4.5 * work[0]


def _ref_into_branches(token: str) -> Dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": ["a", "b"],
            "properties": {"a": {"$ref": f"#/properties/b/anyOf/{token}"}, "b": {"anyOf": [{"type": "string"}]}}}


@pytest.mark.parametrize("dialect", sorted(LOC))
@pytest.mark.parametrize("token", ["9", "²", "٣", "00", "1" * 5_000])
def test_a_ref_token_that_is_no_array_index_names_nothing(dialect: str, token: str) -> None:
    """RFC 6901 §4 spells an array index ``0`` or ``[1-9][0-9]*`` in ASCII: ``"²"``
    (``str.isdigit`` takes it, ``int`` does not), ``"00"`` and a 5,000-digit token name
    no branch, like a ref past the end: the tool is written as it is (they raised a bare
    ``ValueError`` from ``int()``, shown as Python's text in an ``EncodeError``)."""
    params = _ref_into_branches(token)
    out = encode_tool(_strict(params), dialect)
    schema = out["input_schema"] if dialect == "anthropic.messages" else out["toolSpec"]["inputSchema"]["json"]
    assert schema == params


@pytest.mark.parametrize("dialect", sorted(LOC))
def test_a_leading_zero_index_closes_no_recursion(dialect: str) -> None:
    def params(token: str) -> Dict[str, Any]:
        return {"type": "object", "additionalProperties": False, "required": ["a"], "properties": {"a": {"anyOf": [
            {"type": "object", "properties": {"n": {"$ref": f"#/properties/a/anyOf/{token}"}},
             "additionalProperties": False}]}}}
    with pytest.raises(EncodeError, match="no recursion"):
        encode_tool(_strict(params("0")), dialect)
    assert encode_tool(_strict(params("00")), dialect)
