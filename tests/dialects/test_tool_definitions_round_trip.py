"""A tool definition read from its own dialect is written back exactly (DESIGN.md
invariant 3): what the ``Tool`` fields do not hold (a ``null`` beside an absent key, a
key the SDK defaults) rides along as provider data of that dialect, and no other
dialect's encoding sees it.

Each strategy draws wire tool definitions from the fields of the provider SDK's tool
type, cited above it (the versions installed with the dev dependencies): every optional
field absent, ``null`` or set; required fields set. Pinned literals after them, one per
case that was not exact.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Tuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire
from toolwire import Tool

ABSENT = object()  # a field left out of the drawn definition

C, R, A, G, B = "openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse"
M, CO, OL, MCP, CAN = "mistral", "cohere.v2", "ollama", "mcp", "canonical"
DIALECTS = (C, R, A, G, B, M, CO, OL, MCP, CAN)

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


def _written(tool: Tool, dialect: str) -> Any:
    try:
        return toolwire.encode_tool(tool, dialect)
    except toolwire.ToolwireError as e:
        return type(e), str(e)


def check_round_trip(wire: Dict[str, Any], dialect: str, function: bool = True) -> None:
    """*wire* written back exactly; *function*: a plain function tool (not a custom
    tool, a namespace or a provider's built-in, whose provider data other dialects
    read to convert or refuse it), written to every other dialect as if it held no
    provider data of *dialect*."""
    tool = toolwire.decode_tool(wire, dialect)
    assert toolwire.encode_tool(tool, dialect) == wire
    bare = Tool(tool.name, tool.description, tool.parameters, tool.strict)
    assert tool == bare and hash(tool) == hash(bare)  # provider data is fidelity data
    for other in DIALECTS if function else ():  # what rides along is this dialect's only
        if other != dialect:
            kept = {k: v for k, v in tool.provider_data.items() if k != dialect}
            assert _written(tool, other) == _written(tool.replace(provider_data=kept), other), other


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


# --- pinned cases: each was not written back exactly -----------------------------------------

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
CLOSED = {**SCHEMA, "additionalProperties": False}
PINNED = [
    # FunctionDefinition's ``description`` and ``strict`` sent as null
    ("chat.null-description", C, {"type": "function", "function": {"name": "f", "description": None,
                                                                   "parameters": SCHEMA, "strict": None}}),
    ("chat.null-parameters", C, {"type": "function", "function": {"name": "f", "parameters": None}}),
    ("chat.custom-null-description", C, {"type": "custom", "custom": {"name": "f", "description": None}}),
    # FunctionToolParam: ``strict`` (or ``parameters``) left out, ``description`` null
    ("responses.no-strict", R, {"type": "function", "name": "f", "parameters": SCHEMA}),
    ("responses.no-parameters", R, {"type": "function", "name": "f", "strict": False}),
    ("responses.bare", R, {"type": "function", "name": "f"}),
    ("responses.null-description", R, {"type": "function", "name": "f", "description": None, "parameters": None,
                                       "strict": None}),
    ("responses.namespace-no-strict", R, {"type": "namespace", "name": "crm", "description": "CRM", "tools": [
        {"type": "function", "name": "f", "parameters": SCHEMA}]}),
    ("anthropic.null-description", A, {"name": "f", "description": None, "input_schema": SCHEMA}),
    ("anthropic.null-strict", A, {"name": "f", "input_schema": SCHEMA, "strict": None}),
    # a model_dump() of google-genai's FunctionDeclaration: every field present
    ("gemini.model-dump", G, {"behavior": None, "description": None, "name": "f", "parameters": None,
                              "parameters_json_schema": SCHEMA, "response": None, "response_json_schema": None}),
    ("gemini.null-parameters", G, {"name": "f", "parametersJsonSchema": None}),
    ("gemini.openapi-beside-null", G, {"name": "f", "parameters": {"type": "OBJECT"}, "parametersJsonSchema": None,
                                       "behavior": "NON_BLOCKING", "response": {"type": "STRING"}}),
    # mistralai's and cohere's Tool default ``type``
    ("mistral.no-type", M, {"function": {"name": "f", "parameters": SCHEMA}}),
    ("mistral.nulls", M, {"function": {"name": "f", "description": None, "parameters": SCHEMA, "strict": None}}),
    ("cohere.no-type", CO, {"function": {"name": "f", "description": None, "parameters": SCHEMA}}),
    ("cohere.strict", CO, {"type": "function", "function": {"name": "f", "parameters": CLOSED, "strict": True}}),
    # ollama's Tool.type is Optional[str]; its Function's fields all Optional
    ("ollama.null-description", OL, {"type": "function", "function": {"name": "f", "description": None,
                                                                     "parameters": SCHEMA}}),
    ("ollama.no-type", OL, {"function": {"name": "f", "parameters": None}}),
    ("ollama.null-type", OL, {"type": None, "function": {"name": "f"}}),
    ("ollama.strict", OL, {"type": "function", "function": {"name": "f", "parameters": SCHEMA, "strict": False}}),
    ("mcp.null-description", MCP, {"name": "f", "title": None, "description": None, "inputSchema": SCHEMA}),
    ("canonical.nulls", CAN, {"name": "f", "description": None, "parameters": SCHEMA, "strict": None}),
]


@pytest.mark.parametrize(("dialect", "wire"), [pytest.param(*row[1:], id=row[0]) for row in PINNED])
def test_tool_definitions_round_trip_pinned(dialect: str, wire: Dict[str, Any]) -> None:
    check_round_trip(wire, dialect, wire.get("type") not in ("custom", "namespace"))


def _sdk_valid(wire: Dict[str, Any], dialect: str) -> None:
    """*wire* read by the provider SDK's own tool type (those whose wire is one)."""
    if dialect == M:
        try:
            from mistralai.client.models import Tool as MistralTool
        except ImportError:  # pragma: no cover - mistralai 1.x
            from mistralai.models import Tool as MistralTool  # type: ignore[no-redef]
        MistralTool.model_validate(wire)
    elif dialect == CO:
        import cohere

        cohere.ToolV2.model_validate(wire)
    elif dialect == OL:
        import ollama

        ollama.Tool.model_validate(wire)


@pytest.mark.parametrize(("dialect", "wire"), [pytest.param(*row[1:], id=row[0]) for row in PINNED
                                               if row[1] in (M, CO, OL)])
def test_tool_definitions_round_trip_pinned_wire_is_the_sdks(dialect: str, wire: Dict[str, Any]) -> None:
    _sdk_valid(wire, dialect)


def test_tool_definitions_round_trip_other_dialects_write_their_own_defaults() -> None:
    # a null read from Chat is not written to another dialect...
    chat = toolwire.decode_tool(PINNED[0][2], C)
    assert toolwire.encode_tool(chat, A) == {"name": "f", "input_schema": SCHEMA}
    assert toolwire.encode_tool(chat, M) == {"type": "function", "function": {"name": "f", "parameters": SCHEMA}}
    # ...Responses writes its two required keys for a tool read elsewhere, strict false when unset
    # (Responses would read null as "strict when compatible")...
    assert toolwire.encode_tool(chat, R) == {"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}
    plain = toolwire.decode_tool({"type": "function", "function": {"name": "f", "parameters": SCHEMA}}, C)
    assert toolwire.encode_tool(plain, R) == {"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}
    # ...and a tool read from Responses without them, or from Mistral without a type, goes to
    # Chat in Chat's shape
    assert toolwire.encode_tool(toolwire.decode_tool({"type": "function", "name": "f"}, R), C) == {
        "type": "function", "function": {"name": "f"}}
    mistral = toolwire.decode_tool({"function": {"name": "f", "parameters": CLOSED, "strict": True}}, M)
    assert toolwire.encode_tool(mistral, C) == {"type": "function", "function": {
        "name": "f", "parameters": CLOSED, "strict": True}}
    # a strict flag read from Cohere or Ollama goes to Chat, and not to the other one
    cohere = toolwire.decode_tool(PINNED[[r[0] for r in PINNED].index("cohere.strict")][2], CO)
    assert toolwire.encode_tool(cohere, OL) == {"type": "function", "function": {"name": "f", "parameters": CLOSED}}
    assert toolwire.encode_tool(cohere, C)["function"]["strict"] is True


def test_tool_definitions_round_trip_provider_data_recorded() -> None:
    def pd(wire: Dict[str, Any], dialect: str) -> Dict[str, Any]:
        return dict(toolwire.decode_tool(wire, dialect).provider_data)

    assert pd(PINNED[0][2], C) == {C: {"null_description": True, "null_strict": True}}
    assert pd({"type": "function", "name": "f"}, R) == {R: {"no_parameters": True, "no_strict": True}}
    assert pd({"function": {"name": "f", "parameters": {}}}, M) == {M: {"no_type": True}}
    assert pd({"type": None, "function": {"name": "f"}}, OL) == {OL: {"type": None}}
    assert pd({"name": "f", "description": None, "input_schema": SCHEMA}, A) == {A: {"null_description": True}}
    assert pd({"name": "f", "title": None, "description": None, "inputSchema": SCHEMA}, MCP) == {
        MCP: {"title": None, "null_description": True}}
    assert pd({"name": "f", "parameters_json_schema": SCHEMA, "parameters": None}, G) == {
        G: {"params_key": "parameters_json_schema", "null_params": ["parameters"]}}
    assert pd({"name": "f", "parameters": SCHEMA, "strict": None}, CAN) == {CAN: {"null_strict": True}}
