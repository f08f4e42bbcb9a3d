"""A tool definition read from its own dialect is written back exactly (DESIGN.md
invariant 3): what the ``Tool`` fields do not hold (a ``null`` beside an absent key, a
key the SDK defaults) rides along as provider data of that dialect, and no other
dialect's encoding sees it. One documented exception: an OpenAI Chat function without
``parameters`` is written with the empty object schema, the same tool to OpenAI
("Omitting `parameters` defines a function with an empty parameter list",
https://platform.openai.com/docs/api-reference/chat/create) and one that Hugging Face
TGI and llama.cpp, which require the key, take (``as_written``); written again, that
is exact.

Each strategy draws wire tool definitions from the fields of the provider SDK's tool
type, cited above it (the versions installed with the dev dependencies): every optional
field absent, ``null`` or set; required fields set. Pinned literals:
test_tool_definitions_round_trip_pinned.py.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Tuple

from hypothesis import given
from hypothesis import strategies as st

from tool_round_trip import CAN, CO, MCP, OL, A, B, C, G, M, R, check_round_trip

ABSENT = object()  # a field left out of the drawn definition


names = st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_-]{0,15}", fullmatch=True)
texts = st.text(max_size=12)
_PROPERTY = st.sampled_from([{"type": "string"}, {"type": "integer", "description": "n"},
                             {"type": "array", "items": {"type": "string"}}])
_PROPS = st.dictionaries(st.from_regex(r"[a-z]{1,6}", fullmatch=True), _PROPERTY, max_size=3)


@st.composite
def object_schemas(draw: Any, strict: bool = False) -> Dict[str, Any]:
    """A JSON Schema of an object; *strict*: as OpenAI's strict mode takes it (closed,
    every property required)."""
    props = draw(_PROPS)
    schema: Dict[str, Any] = {"type": "object", "properties": props}
    if strict:
        return {**schema, "required": sorted(props), "additionalProperties": False}
    if props and draw(st.booleans()):
        schema["required"] = sorted(draw(st.sets(st.sampled_from(sorted(props)))))
    closed = draw(st.sampled_from([ABSENT, True, False]))
    if closed is not ABSENT:
        schema["additionalProperties"] = closed
    return schema


def opt(values: st.SearchStrategy[Any], null: bool = True) -> st.SearchStrategy[Any]:
    """An optional field: absent, ``null`` (unless not *null*) or one of *values*."""
    return st.one_of(st.just(ABSENT), *([st.none()] if null else []), values)


def fields(draw: Any, spec: Dict[str, Any]) -> Dict[str, Any]:
    """A dict of the fields of *spec* (key: strategy) drawn, those drawn ``ABSENT`` left out."""
    out = {}
    for key, values in spec.items():
        value = draw(values)
        if value is not ABSENT:
            out[key] = value
    return out


def strict_and_schema(draw: Any, params: Callable[..., st.SearchStrategy[Any]], null: bool = True,
                      absent: bool = True) -> Tuple[Any, Any]:
    """An OpenAI ``strict`` flag and ``parameters``: a strict tool's schema is one its
    strict mode takes (else the encoder refuses it: ``strict_problem``)."""
    strict = draw(opt(st.booleans(), null) if absent else st.one_of(st.none(), st.booleans()))
    schema = params(strict=strict is True)
    return strict, draw(opt(schema, null) if absent else st.one_of(st.none(), schema))


def chat_schemas(strict: bool = False) -> st.SearchStrategy[Any]:
    return object_schemas(strict=True) if strict else st.one_of(st.just({}), object_schemas())


# openai-python 3.x ``ChatCompletionFunctionToolParam`` {function (required), type (required)},
# ``shared_params.FunctionDefinition`` {name (required), description, parameters, strict};
# ``ChatCompletionCustomToolParam`` {custom (required), type (required)}, ``Custom`` {name
# (required), description, format}
_CHAT_FORMATS = st.sampled_from([{"type": "text"}, {"type": "grammar", "grammar": {"syntax": "lark",
                                                                                   "definition": "start: /.+/"}}])


@st.composite
def chat_tools(draw: Any) -> Dict[str, Any]:
    if draw(st.integers(0, 4)) == 0:
        custom = fields(draw, {"name": names, "description": opt(texts), "format": opt(_CHAT_FORMATS, null=False)})
        return {"type": "custom", "custom": custom}
    strict, params = strict_and_schema(draw, chat_schemas)
    fn = fields(draw, {"name": names, "description": opt(texts), "parameters": st.just(params),
                       "strict": st.just(strict)})
    return {"type": "function", "function": fn}


# openai-python ``responses.FunctionToolParam`` {name, parameters, strict, type (required; the
# two nullable), async, allowed_callers (nullable), defer_loading, description (nullable),
# output_schema (nullable)}; ``parameters`` and ``strict`` also absent: a namespace's
# ``ToolFunction`` makes both optional, and the API takes a tool without them;
# ``CustomToolParam`` {name, type (required), async, allowed_callers, defer_loading,
# description, format}; ``NamespaceToolParam`` {description, name, tools, type (all required)}
_CALLERS = st.lists(st.sampled_from(["direct", "programmatic"]), max_size=2)
_RESPONSES_FORMATS = st.sampled_from([{"type": "text"}, {"type": "grammar", "syntax": "regex", "definition": "[0-9]+"}])


@st.composite
def responses_tools(draw: Any, nested: bool = False) -> Dict[str, Any]:
    common = {"async": opt(st.booleans(), null=False), "allowed_callers": opt(_CALLERS),
              "defer_loading": opt(st.booleans(), null=False)}
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return {"type": "custom", **fields(draw, {"name": names, **common, "description": opt(texts, null=False),
                                                  "format": opt(_RESPONSES_FORMATS, null=False)})}
    if kind == 1 and not nested:
        inner = draw(responses_tools(nested=True))
        return {"type": "namespace", "name": draw(names), "description": draw(texts), "tools": [inner]}
    strict, params = strict_and_schema(draw, chat_schemas)
    return {"type": "function", **fields(draw, {
        "name": names, "parameters": st.just(params), "strict": st.just(strict), **common,
        "description": opt(texts), "output_schema": opt(object_schemas())})}


# anthropic-sdk-python 2.x ``ToolParam`` {input_schema, name (required), allowed_callers,
# cache_control (nullable), defer_loading, description, eager_input_streaming (nullable),
# input_examples, strict, type (nullable)}; ``description`` null too (the tools a
# JSON-Schema-first client writes: the key kept, no text)
def closed_when_strict(draw: Any) -> Tuple[Any, Any]:
    """A ``strict`` flag (absent, or a boolean) and an object schema: a strict tool's is
    closed, as Anthropic's and Bedrock's strict tools need (else the encoder refuses it:
    ``strict_tool_problem``)."""
    strict = draw(opt(st.booleans(), null=False))
    return strict, draw(object_schemas(strict=strict is True))


@st.composite
def anthropic_tools(draw: Any) -> Dict[str, Any]:
    strict, schema = closed_when_strict(draw)
    return fields(draw, {
        "name": names, "input_schema": st.just(schema),
        "allowed_callers": opt(st.lists(st.sampled_from(["direct", "code_execution_20250825"]), max_size=2),
                               null=False),
        "cache_control": opt(st.just({"type": "ephemeral"})), "defer_loading": opt(st.booleans(), null=False),
        "description": opt(texts), "eager_input_streaming": opt(st.booleans()),
        "input_examples": opt(st.lists(st.just({"a": "x"}), max_size=1), null=False),
        "strict": st.just(strict), "type": opt(st.just("custom")),
    })


# google-genai 3.x ``FunctionDeclaration`` {behavior, description, name, parameters (an
# OpenAPI ``Schema``), parameters_json_schema, response, response_json_schema}, on the
# REST wire in camelCase and in a ``model_dump()`` in snake case with every field present
# (``None`` when unset); ``parameters`` and ``parameters_json_schema`` exclusive (one set
# at most); one declaration in a ``Tool`` entry {functionDeclarations, googleSearch...}
_OPENAPI_PROPERTY = st.sampled_from([{"type": "STRING"}, {"type": "INTEGER", "description": "n"},
                                     {"type": "ARRAY", "items": {"type": "STRING"}}, {"type": "STRING", "nullable": True}])


@st.composite
def openapi_schemas(draw: Any) -> Dict[str, Any]:
    props = draw(st.dictionaries(st.from_regex(r"[a-z]{1,6}", fullmatch=True), _OPENAPI_PROPERTY, max_size=3))
    schema: Dict[str, Any] = {"type": "OBJECT", "properties": props}
    if props and draw(st.booleans()):
        schema["required"] = sorted(draw(st.sets(st.sampled_from(sorted(props)))))
    return schema


@st.composite
def gemini_tools(draw: Any) -> Dict[str, Any]:
    snake = draw(st.booleans())
    keys = ("parameters", "parameters_json_schema" if snake else "parametersJsonSchema")
    chosen = draw(st.sampled_from([None, *keys]))
    params = {k: opt(st.none()) for k in keys}  # absent or null...
    if chosen is not None:  # ...but the one set
        params[chosen] = st.just(draw(openapi_schemas() if chosen == "parameters" else object_schemas()))
    if snake and draw(st.booleans()):  # a model_dump(): every field present
        params = {k: st.just(None) if chosen != k else v for k, v in params.items()}
    response_key = "response_json_schema" if snake else "responseJsonSchema"
    decl = fields(draw, {
        "name": names, "description": opt(texts), **params,
        "behavior": opt(st.sampled_from(["BLOCKING", "NON_BLOCKING", "UNSPECIFIED"])),
        "response": opt(openapi_schemas()), response_key: opt(object_schemas()),
    })
    if draw(st.booleans()):
        key = "function_declarations" if snake else "functionDeclarations"
        return {key: [decl], **fields(draw, {("google_search" if snake else "googleSearch"): opt(st.just({}),
                                                                                                null=False)})}
    return decl


# botocore bedrock-runtime ``Tool`` {toolSpec | systemTool | cachePoint (a union)},
# ``ToolSpecification`` {name, inputSchema (required), description (NonEmptyString),
# strict (Boolean)}, ``ToolInputSchema`` {json}, ``SystemTool`` {name}; a bare
# ToolSpecification is read too
@st.composite
def bedrock_tools(draw: Any) -> Dict[str, Any]:
    if draw(st.integers(0, 5)) == 0:
        return {"systemTool": {"name": draw(names)}}
    strict, schema = closed_when_strict(draw)
    spec = fields(draw, {"name": names, "description": opt(st.text(min_size=1, max_size=12), null=False),
                         "inputSchema": st.just({"json": schema}), "strict": st.just(strict)})
    return spec if draw(st.booleans()) else {"toolSpec": spec}


# mistralai 2.x ``Tool`` {function (required), type (default "function")}, ``Function``
# {name, parameters (required), description, strict (both Optional)}
@st.composite
def mistral_tools(draw: Any) -> Dict[str, Any]:
    fn = fields(draw, {"name": names, "parameters": chat_schemas(), "description": opt(texts),
                       "strict": opt(st.booleans())})
    return fields(draw, {"type": opt(st.just("function"), null=False), "function": st.just(fn)})


# cohere-python 7.x ``ToolV2`` {type (default "function"), function}, ``ToolV2Function``
# {name, description (Optional), parameters (required)}
@st.composite
def cohere_tools(draw: Any) -> Dict[str, Any]:
    fn = fields(draw, {"name": names, "description": opt(texts), "parameters": chat_schemas()})
    return fields(draw, {"type": opt(st.just("function"), null=False), "function": st.just(fn)})


# ollama-python 0.6 ``Tool`` {type (Optional[str], default "function"), function},
# ``Tool.Function`` {name, description, parameters (all Optional)}; ``strict`` as a
# Chat-shaped tool carries it (Ollama's server ignores it)
@st.composite
def ollama_tools(draw: Any) -> Dict[str, Any]:
    fn = fields(draw, {"name": names, "description": opt(texts), "parameters": opt(object_schemas()),
                       "strict": opt(st.booleans())})
    return fields(draw, {"type": opt(st.just("function")), "function": st.just(fn)})


# MCP ``schema/2025-11-25/schema.ts`` ``Tool`` {name, inputSchema (required), title,
# description, outputSchema, annotations, icons, execution, _meta}; the python SDK's
# ``Tool`` dumps an unset ``title`` / ``description`` as null
@st.composite
def mcp_tools(draw: Any) -> Dict[str, Any]:
    return fields(draw, {
        "name": names, "title": opt(texts), "description": opt(texts), "inputSchema": object_schemas(),
        "outputSchema": opt(object_schemas(), null=False),
        "annotations": opt(st.just({"readOnlyHint": True}), null=False),
        "icons": opt(st.just([{"src": "https://example.com/i.png"}]), null=False),
        "execution": opt(st.just({"taskSupport": "optional"}), null=False),
        "_meta": opt(st.just({"k": 1}), null=False),
    })


# the ``Tool`` fields: {name, parameters (required: the form is told by it; nullable),
# description, strict}
@st.composite
def canonical_tools(draw: Any) -> Dict[str, Any]:
    return fields(draw, {"name": names, "description": opt(texts), "parameters": st.one_of(st.none(), object_schemas()),
                         "strict": opt(st.booleans())})


@given(chat_tools())
def test_tool_definitions_round_trip_openai_chat(wire: Dict[str, Any]) -> None:
    check_round_trip(wire, C, wire["type"] == "function")


@given(responses_tools())
def test_tool_definitions_round_trip_openai_responses(wire: Dict[str, Any]) -> None:
    check_round_trip(wire, R, wire["type"] == "function")


@given(anthropic_tools())
def test_tool_definitions_round_trip_anthropic(wire: Dict[str, Any]) -> None:
    check_round_trip(wire, A)


@given(gemini_tools())
def test_tool_definitions_round_trip_gemini(wire: Dict[str, Any]) -> None:
    check_round_trip(wire, G, "googleSearch" not in wire and "google_search" not in wire)


@given(bedrock_tools())
def test_tool_definitions_round_trip_bedrock(wire: Dict[str, Any]) -> None:
    check_round_trip(wire, B, "systemTool" not in wire)


@given(mistral_tools())
def test_tool_definitions_round_trip_mistral(wire: Dict[str, Any]) -> None:
    check_round_trip(wire, M)


@given(cohere_tools())
def test_tool_definitions_round_trip_cohere(wire: Dict[str, Any]) -> None:
    check_round_trip(wire, CO)


@given(ollama_tools())
def test_tool_definitions_round_trip_ollama(wire: Dict[str, Any]) -> None:
    check_round_trip(wire, OL)


@given(mcp_tools())
def test_tool_definitions_round_trip_mcp(wire: Dict[str, Any]) -> None:
    check_round_trip(wire, MCP)


@given(canonical_tools())
def test_tool_definitions_round_trip_canonical(wire: Dict[str, Any]) -> None:
    check_round_trip(wire, CAN)
