"""gemini: corpus payloads, round trips, thought signatures, function responses, detection."""

from __future__ import annotations

import contextlib
import re
from typing import Any, Dict, List

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from corpus_data import files, load
from toolwire._codec import walk
from toolwire._dialect import CALL, OTHER, RESULT, SERVER, TOOL

D = "gemini"
NAME_RE = re.compile(r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}")
REQUESTS = files("gemini", kinds=("request",))
SIG = "CuIGARFNMg/mWulnXs/KJ1uoR+fFbeCNeN0IbmQ9i322OdAE="
DECL_LISTS = ("functionDeclarations", "function_declarations")
PARAM_KEYS = ("parametersJsonSchema", "parameters_json_schema", "parameters")


def upper_types(schema: Any) -> bool:
    """Whether an OpenAPI upper-case type is anywhere in *schema*."""
    if type(schema) is dict:
        return any((k == "type" and type(v) is str and v.isupper()) or upper_types(v) for k, v in schema.items())
    return type(schema) is list and any(upper_types(v) for v in schema)


def canon(calls: List[Any]) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in calls]


def fc_part(**fc: Any) -> Dict[str, Any]:
    return {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}, **fc}}


def response(parts: List[Any], finish: str = "STOP") -> Dict[str, Any]:
    return {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": finish, "index": 0}],
        "modelVersion": "gemini-3-flash-preview",
        "responseId": "r1",
    }


# --- the recorded corpus (calls, server calls and lossless re-encoding: tests/test_corpus.py) ---


@pytest.mark.parametrize("path", REQUESTS)
def test_corpus_request_results_and_tools(path: Any) -> None:
    doc = load(path)
    ids = [toolwire.decode_result(item, D).id for _, kind, item, _, _ in walk(doc["payload"]) if kind == RESULT]
    assert ids == doc["expected_tool_result_ids"]
    # ``tools`` is a list of Tool entries (an older client sends one entry as an object);
    # function declarations sit under either spelling, beside built-in entries ({"googleSearch": {}})
    tools_field = doc["payload"].get("tools", [])
    entries = tools_field if type(tools_field) is list else [tools_field]
    decls = [d for entry in entries for key in DECL_LISTS if key in entry for d in entry[key]]
    # named: a declaration with a plain JSON Schema under "parameters" is the canonical shape
    tools = [toolwire.decode_tool(d, D) for d in decls]
    assert [t.name for t in tools] == doc["expected_tool_definitions"]
    # a JSON Schema is kept as it is; an OpenAPI ``parameters`` is read as JSON Schema (lower-case types)
    for t, d in zip(tools, decls):
        key = next(k for k in PARAM_KEYS if k in d)
        if key != "parameters" or not upper_types(d[key]):
            assert t.parameters == d[key]
        else:
            assert t.parameters != d[key] and not upper_types(t.parameters)
    assert [toolwire.encode_tool(t, D) for t in tools] == decls
    for entry in entries:  # an entry of one declaration is a tool too, written back with its key
        if any(len(entry.get(key, ())) == 1 for key in DECL_LISTS):
            assert toolwire.encode_tool(toolwire.decode_tool(entry, D), D) == entry


def test_corpus_error_and_plain_object_responses() -> None:
    retry = {"functionResponse": {"id": "pyd_1", "name": "get_capital", "response": {"error": "Use La France."}}}
    r = toolwire.decode_result(retry)
    assert (r.id, r.name, r.content, r.is_error) == ("pyd_1", "get_capital", "Use La France.", True)
    plain = {"functionResponse": {"id": "pyd_2", "name": "generate_topic", "response": {"return_value": "cars"}}}
    r = toolwire.decode_result(plain)
    assert (r.content, r.is_error) == ([{"type": "json", "json": {"return_value": "cars"}}], False)


# --- canonical round trips ------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)
args_st = st.dictionaries(st.text(max_size=10), json_values, max_size=4)
ids_st = st.none() | st.text(min_size=1, max_size=40)


@given(st.from_regex(NAME_RE, fullmatch=True), args_st, ids_st)
def test_call_round_trip(name: str, args: Dict[str, Any], ident: Any) -> None:
    call = toolwire.ToolCall(name=name, args=args, id=ident)
    wire = toolwire.encode(call, D)
    assert wire == {"functionCall": {"name": name, "args": args, **({"id": ident} if ident else {})}}
    assert toolwire.decode(wire, D) == call  # an optional id stays absent: nothing is synthesized
    assert toolwire.decode(wire) == call


@given(
    st.from_regex(NAME_RE, fullmatch=True),
    st.none() | st.text(max_size=30),
    st.dictionaries(st.text(min_size=1, max_size=6), st.just({"type": "string"}), max_size=3),
)
def test_tool_round_trip(name: str, description: Any, props: Dict[str, Any]) -> None:
    tool = toolwire.Tool(name=name, description=description, parameters={"type": "object", "properties": props})
    wire = toolwire.encode_tool(tool, D)
    assert wire["parametersJsonSchema"] == tool.parameters
    assert toolwire.decode_tool(wire, D) == tool
    assert toolwire.decode_tool(wire) == tool


objects = st.dictionaries(st.text(max_size=6), json_values, max_size=3)


@given(
    ids_st,
    st.text(max_size=30) | st.builds(lambda j: [{"type": "json", "json": j}], objects | st.lists(json_values)),
    st.booleans(),
)
@example(None, [{"type": "json", "json": {"output": 1}}], False)
@example("c1", [{"type": "json", "json": {"error": "x"}}], True)
def test_result_round_trip(ident: Any, content: Any, is_error: bool) -> None:
    result = toolwire.ToolResult(id=ident, name="f", content=content, is_error=is_error)
    wire = toolwire.encode_result(result, D)
    assert type(wire["functionResponse"]["response"]) is dict  # Gemini requires an object
    assert toolwire.decode_result(wire, D) == result
    assert toolwire.decode_result(wire) == result


# --- prior art (reference/prior-art.md §3) and quirks ---------------------------------------


def test_thought_signature_is_kept_on_its_part() -> None:
    part = {**fc_part(), "thoughtSignature": SIG}
    call = toolwire.decode(part)
    assert call.provider_data[D]["part"] == {"thoughtSignature": SIG}
    assert toolwire.encode(call, D) == part


def test_snake_case_part_keeps_its_key_case() -> None:
    part = {"function_call": {"name": "f", "args": {"a": 1}, "id": "x1"}, "thought_signature": "c2ln"}
    call = toolwire.decode(part)
    assert canon([call]) == [{"name": "f", "args": {"a": 1}, "id": "x1"}]
    assert toolwire.encode(call, D) == part


def test_parallel_calls_only_the_first_carries_the_signature() -> None:
    parts = [{**fc_part(), "thoughtSignature": SIG}, fc_part(args={"city": "Rome"}), fc_part(args={})]
    calls = toolwire.decode_all(response(parts))
    assert [toolwire.encode(c, D) for c in calls] == parts


def test_ids_are_never_stripped_and_never_invented() -> None:
    # litellm PR #34603: stripping Gemini 3 ids gives an empty answer; goai #143: no synthetic ids
    assert toolwire.encode(toolwire.decode(fc_part(id="fwzli938")), D)["functionCall"]["id"] == "fwzli938"
    assert "id" not in toolwire.encode(toolwire.decode(fc_part()), D)["functionCall"]
    chat = {"id": "call_4162774", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    assert toolwire.encode(toolwire.decode(chat), D)["functionCall"]["id"] == "call_4162774"


def test_empty_string_id_is_no_id_but_re_encodes() -> None:
    # vercel/ai #19091
    call = toolwire.decode(fc_part(id=""))
    assert call.id is None
    assert toolwire.encode(call, D) == fc_part(id="")


def test_missing_args_is_an_empty_object() -> None:
    part = {"functionCall": {"name": "read_theme"}}
    call = toolwire.decode(part)
    assert call.args == {} and call.repairs == ("empty-arguments",)
    assert toolwire.encode(call, D) == part
    assert toolwire.encode(toolwire.decode(fc_part(args={})), D) == fc_part(args={})


def test_string_args_from_a_gateway_are_written_as_an_object() -> None:
    call = toolwire.decode(fc_part(args='{"city": "Oslo"}'))
    assert call.args == {"city": "Oslo"}
    assert toolwire.encode(call, D)["functionCall"]["args"] == {"city": "Oslo"}


def test_function_response_goes_under_response() -> None:
    # pydantic-ai #1879: function_response.name cannot be empty; Gemini wants an object
    r = toolwire.ToolResult(id="call_1", name="get_weather", content="22°C")
    assert toolwire.encode_result(r, D) == {
        "functionResponse": {"name": "get_weather", "id": "call_1", "response": {"output": "22°C"}}
    }
    obj = toolwire.ToolResult(name="get_weather", content=[{"type": "json", "json": {"temp": 22}}])
    assert toolwire.encode_result(obj, D)["functionResponse"]["response"] == {"temp": 22}
    lst = toolwire.ToolResult(name="f", content=[{"type": "json", "json": [1, 2]}])
    assert toolwire.encode_result(lst, D)["functionResponse"]["response"] == {"output": [1, 2]}
    err = toolwire.ToolResult(name="f", content="bad input", is_error=True)
    assert toolwire.encode_result(err, D)["functionResponse"]["response"] == {"error": "bad input"}
    texts = toolwire.ToolResult(name="f", content=[{"type": "text", "text": "a"}, {"type": "text", "text": "b"}])
    # the boundary kept (glued, "line1" "line2" read as "line1line2")
    assert toolwire.encode_result(texts, D)["functionResponse"]["response"] == {"output": "a\nb"}
    lines = {"type": "tool_result", "tool_use_id": "toolu_01",
             "content": [{"type": "text", "text": "line1"}, {"type": "text", "text": "line2"}]}
    ids = toolwire.IdMap(toolwire.get_dialect(D).ids, dialect=D)
    toolwire.convert({"type": "tool_use", "id": "toolu_01", "name": "read", "input": {}}, to=D, ids=ids)
    out = toolwire.convert(lines, to=D, ids=ids)
    assert out["functionResponse"]["response"] == {"output": "line1\nline2"}
    with pytest.raises(toolwire.EncodeError, match="needs the tool name"):
        toolwire.encode_result(toolwire.ToolResult(id="call_1", content="x"), D)


def test_text_and_json_parts_go_as_one_json_array() -> None:
    """A FunctionResponse ``response`` is one JSON object (https://ai.google.dev/api/caching#FunctionResponse):
    a result of text and JSON parts is written as one array under ``output``, each text
    part a string and each JSON part its value, in order; it reads back as one JSON part
    (the documented form, docs/dialects/gemini.md: the parts' boundaries and kinds are not
    on the wire)."""
    mixed = toolwire.ToolResult(name="f", content=[{"type": "text", "text": "a"}, {"type": "json", "json": {"t": 1}}])
    wire = toolwire.encode_result(mixed, D)
    assert wire == {"functionResponse": {"name": "f", "response": {"output": ["a", {"t": 1}]}}}
    back = toolwire.decode_result(wire, D)
    assert back.content == [{"type": "json", "json": ["a", {"t": 1}]}]
    assert toolwire.encode_result(back, D) == wire  # stable from then on
    two = toolwire.ToolResult(name="f", content=[{"type": "json", "json": 1}, {"type": "json", "json": {"t": 2}}])
    assert toolwire.encode_result(two, D)["functionResponse"]["response"] == {"output": [1, {"t": 2}]}


def test_result_key_and_extras_survive() -> None:
    part = {"function_response": {"name": "f", "response": {"result": {"a": 1}}, "willContinue": False}}
    r = toolwire.decode_result(part)
    assert r.content == [{"type": "json", "json": {"a": 1}}]
    assert toolwire.encode_result(r, D) == part


# --- containers, server calls, truncation -----------------------------------------------------


def test_each_candidate_is_read_on_its_own() -> None:
    # #15: candidates are alternatives: the first by default, another by choice=, never a mix
    body = response([fc_part(id="a")])
    body["candidates"].append({"content": {"role": "model", "parts": [fc_part(id="b")]}, "index": 1})
    assert [c.id for c in toolwire.decode_all(body)] == ["a"]
    assert [c.id for c in toolwire.decode_all(body, choice=1)] == ["b"]


def test_content_and_request_containers() -> None:
    content = {"role": "model", "parts": [{"text": "ok", "thoughtSignature": SIG}, fc_part(), {"newKind2027": 1}]}
    assert [c.name for c in toolwire.decode_all(content)] == ["get_weather"]
    legacy = {"role": "function", "parts": [{"functionResponse": {"name": "get_weather", "response": {"output": "x"}}}]}
    request = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}, content, legacy]}
    assert [c.name for c in toolwire.decode_all(request, D)] == ["get_weather"]
    kinds = [k for _, k, _, _, _ in walk(request)]
    assert kinds == [OTHER, OTHER, CALL, RESULT]


def test_code_execution_and_builtin_tools_are_server_calls() -> None:
    code = {"executableCode": {"code": "print(1)", "language": "PYTHON", "id": "h0m"}, "thoughtSignature": SIG}
    result = {"codeExecutionResult": {"id": "h0m", "outcome": "OUTCOME_OK", "output": "1\n"}}
    builtin = {"toolCall": {"id": "t1", "toolType": "GOOGLE_SEARCH_WEB", "args": {"q": "x"}}}
    body = response([code, result, builtin, fc_part()])
    assert canon(toolwire.decode_all(body)) == [{"name": "get_weather", "args": {"city": "Paris"}, "id": None}]
    server = [c for c in toolwire.decode_all(body, include_server=True) if c.server]
    assert [(c.name, c.id) for c in server] == [("code_execution", None), ("GOOGLE_SEARCH_WEB", "t1")]
    assert [toolwire.encode(c, D) for c in server] == [code, builtin]
    web = toolwire.decode({"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {}})
    with pytest.raises(toolwire.EncodeError, match="run by another provider"):
        toolwire.encode(web, D)


def test_max_tokens_marks_calls_as_cut_off() -> None:
    body = response([fc_part()], finish="MAX_TOKENS")
    with pytest.raises(toolwire.ArgumentsError, match=r"token limit \(MAX_TOKENS\)"):
        toolwire.decode_all(body)
    assert toolwire.decode_all(body, allow_truncated=True)[0].repairs == ("truncated",)


# --- tools -------------------------------------------------------------------------------------


def test_tool_entries_and_declarations() -> None:
    entry = {"functionDeclarations": [{"name": "f", "description": "d", "parameters": {"type": "OBJECT"}}]}
    tool = toolwire.decode_tool(entry)
    assert (tool.name, tool.description, tool.parameters) == ("f", "d", {"type": "object"})
    assert toolwire.encode_tool(tool, D) == entry
    two = {"functionDeclarations": [{"name": "f"}, {"name": "g"}]}
    with pytest.raises(toolwire.DecodeError, match=r"holds 2 function declarations, not one"):
        toolwire.decode_tool(two)
    openapi = {"name": "f", "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING"}}}}
    assert toolwire.detect(openapi) == D
    assert toolwire.encode_tool(toolwire.decode_tool(openapi), D) == openapi
    # a declaration that is exactly the canonical shape is left to the canonical dialect
    plain = {"name": "f", "parameters": {"type": "object"}}
    assert toolwire.detect(plain) == "canonical"
    assert toolwire.encode_tool(toolwire.decode_tool(plain, D), D) == plain  # read as Gemini when named


def test_snake_case_request_keeps_its_spelling() -> None:
    # the REST API takes proto field names too; Vertex's function-calling reference writes
    # "function_declarations" (cloud.google.com/vertex-ai/generative-ai/docs/model-reference/function-calling)
    decl = {
        "name": "get_current_weather",
        "description": "Get the current weather in a given location",
        "parameters": {
            "type": "object",
            "properties": {
                "location": {"type": "string", "description": "The city name of the location for which to get the weather."}
            },
            "required": ["location"],
        },
    }
    request = {
        "contents": [
            {"role": "user", "parts": [{"text": "What is the weather in Boston?"}]},
            {"role": "model", "parts": [{"function_call": {"name": "get_current_weather", "args": {"location": "Boston"}}}]},
            {
                "role": "user",
                "parts": [{"function_response": {"name": "get_current_weather", "response": {"temperature": 20, "unit": "C"}}}],
            },
        ],
        "tools": [{"function_declarations": [decl]}],
    }
    items = [(k, item) for _, k, item, _, _ in walk(request, D)]
    assert [k for k, _ in items] == [OTHER, CALL, RESULT]
    assert toolwire.encode(toolwire.decode(items[1][1], D), D) == items[1][1]
    assert toolwire.encode_result(toolwire.decode_result(items[2][1], D), D) == items[2][1]
    entry = request["tools"][0]
    assert toolwire.explain(entry)[:2] == (D, TOOL)
    assert toolwire.encode_tool(toolwire.decode_tool(entry), D) == entry
    assert toolwire.encode_tool(toolwire.decode_tool(decl, D), D) == decl
    # the same declaration in the other schema spellings, and the null description llm-gemini
    # sends (corpus request-llm-gemini-gemini-2.5-flash-snake-case-parts-two-rounds): once dropped
    for key in ("parametersJsonSchema", "parameters_json_schema"):
        other = {"name": decl["name"], "description": decl["description"], key: decl["parameters"]}
        assert toolwire.encode_tool(toolwire.decode_tool(other), D) == other
    null = {"name": "pelican_name_generator", "description": None, "parameters": {"properties": {}, "type": "object"}}
    tool = toolwire.decode_tool(null, D)
    assert tool.description is None
    assert toolwire.encode_tool(tool, D) == null
    assert toolwire.encode_tool(tool.replace(description="Names a pelican"), D)["description"] == (
        "Names a pelican"
    )
    assert "description" not in toolwire.encode_tool(toolwire.decode_tool({"name": "f"}, D), D)


def test_builtin_tool_parts_beside_a_call_in_a_history() -> None:
    # Gemini 3 built-in tools with function calling: the model turn replays toolCall / toolResponse
    # parts (inner keys in either case) with their thought signatures (corpus
    # request-pai-gemini-3-flash-server-toolcall-parts-history)
    call = {"functionCall": {"id": "oqeiriep", "name": "calculator", "args": {"expression": "2+2"}}, "thoughtSignature": SIG}
    tool_call = {"toolCall": {"id": "93z4z1x3", "tool_type": "GOOGLE_SEARCH_WEB", "args": {"queries": ["weather in Tokyo"]}}, "thoughtSignature": SIG}
    tool_response = {"toolResponse": {"id": "93z4z1x3", "tool_type": "GOOGLE_SEARCH_WEB", "response": {"search_suggestions": "<div></div>"}}, "thoughtSignature": SIG}
    answer = {"functionResponse": {"id": "oqeiriep", "name": "calculator", "response": {"output": "4"}}}
    request = {
        "contents": [
            {"role": "user", "parts": [{"text": "What is 2+2, and the weather in Tokyo?"}]},
            {"role": "model", "parts": [call, tool_call, tool_response]},
            {"role": "user", "parts": [answer]},
        ],
        "tools": [{"googleSearch": {}}, {"functionDeclarations": [{"name": "calculator", "parametersJsonSchema": {"type": "object"}}]}],
    }
    assert [k for _, k, _, _, _ in walk(request)] == [OTHER, CALL, SERVER, OTHER, RESULT]
    every = toolwire.decode_all(request, include_server=True)
    assert [(c.name, c.id, c.server) for c in every] == [
        ("calculator", "oqeiriep", False),
        ("GOOGLE_SEARCH_WEB", "93z4z1x3", True),
    ]
    assert [toolwire.encode(c, D) for c in every] == [call, tool_call]
    assert toolwire.decode_result(answer).id == "oqeiriep"


# --- detection and errors ----------------------------------------------------------------------


def test_explicit_dialect_rejects_other_dialects_naming_them() -> None:
    with pytest.raises(toolwire.DecodeError, match=r"not a gemini payload: it looks like anthropic\.messages"):
        toolwire.decode({"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}, D)
    with pytest.raises(toolwire.DecodeError, match=r"it looks like gemini"):
        toolwire.decode(fc_part(), "openai.chat")


@pytest.mark.parametrize(
    "bad",
    [
        fc_part(name=5),
        {"functionCall": {}},
        fc_part(args=[1]),
        fc_part(id={"x": 1}),
        response([1]),
        {"candidates": [{"content": {"parts": "nope"}}]},
        {"candidates": [3]},
        {"contents": [{"parts": [{"functionCall": {"name": ""}}]}]},
        {"functionResponse": {"name": 3, "response": {}}},
        {"functionResponse": {"name": "f", "response": [1]}},
        {"functionDeclarations": "x"},
        {"functionDeclarations": [{"name": "f", "parametersJsonSchema": 3}]},
        {"executableCode": "x"},
        {"toolCall": {"args": "{"}},
    ],
)
def test_malformed_shapes_raise_only_toolwire_errors(bad: Any) -> None:
    for fn in (toolwire.decode, toolwire.decode_all, toolwire.decode_tool, toolwire.decode_result):
        for kw in ({}, {"dialect": D}):
            with contextlib.suppress(toolwire.ToolwireError):
                fn(bad, **kw)


geminish = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.binary(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "functionCall",
                    "function_call",
                    "name",
                    "args",
                    "id",
                    "thoughtSignature",
                    "functionResponse",
                    "response",
                    "output",
                    "candidates",
                    "content",
                    "parts",
                    "role",
                    "contents",
                    "finishReason",
                    "executableCode",
                    "toolCall",
                    "functionDeclarations",
                    "parametersJsonSchema",
                    "text",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=25,
)


@given(geminish)
@example({"candidates": [{"content": {"parts": [{"functionCall": {"name": "f"}, "x": []}]}, "finishReason": []}]})
def test_fuzzed_gemini_shapes_raise_only_toolwire_errors(value: Any) -> None:
    for fn in (toolwire.decode, toolwire.decode_all, toolwire.decode_tool, toolwire.decode_result):
        for kw in ({}, {"dialect": D}):
            with contextlib.suppress(toolwire.ToolwireError):
                fn(value, **kw)


def test_the_gate_premise_no_gemini_object_has_a_type_key() -> None:
    # ``gate`` admits a dict with a string "type" only through _TYPED keys: that holds
    # while no part or declaration key set contains "type"
    from toolwire.dialects.gemini import sniff as gemini
    from toolwire.dialects.gemini.tools import DECLARATION_KEYS

    assert "type" not in gemini._PART_KEYS and "type" not in DECLARATION_KEYS


def test_a_streamed_call_keeps_its_thought_signature_on_re_encode() -> None:
    """Gemini 3 rejects a function call sent back without the thoughtSignature it came
    with (https://ai.google.dev/gemini-api/docs/thought-signatures); the stream kept it
    as provider data the encoder did not read, so it was dropped."""
    from toolwire.stream import accumulate

    chunks = [
        {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "f", "args": {"a": 1}}, "thoughtSignature": "c2ln"}]}, "index": 0}]},
        {"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP", "index": 0}]},
    ]
    (call,) = accumulate(chunks, "gemini")
    assert toolwire.encode(call, "gemini") == {"functionCall": {"id": "c1", "name": "f", "args": {"a": 1}}, "thoughtSignature": "c2ln"}
    (call,) = accumulate([{"candidates": [{"content": {"parts": [{"function_call": {"name": "f", "args": {}}, "thought_signature": "c2ln"}]}}]}], "gemini")
    # snake_case in, snake_case out (as the non-streaming decoder keeps it)
    assert toolwire.encode(call, "gemini") == {"function_call": {"name": "f", "args": {}}, "thought_signature": "c2ln"}


# the get_weather declaration of https://ai.google.dev/gemini-api/docs/function-calling
# as google-genai builds it (types.Schema: OpenAPI upper-case types), with nullable and
# an int64 count (a string in REST JSON, https://ai.google.dev/api/caching#Schema)
OPENAPI_DECL = {
    "name": "get_weather",
    "description": "Gets the weather for a location.",
    "parameters": {
        "type": "OBJECT",
        "properties": {
            "location": {"type": "STRING", "description": "The city, e.g. San Francisco"},
            "unit": {"type": "STRING", "enum": ["celsius", "fahrenheit"], "nullable": True},
            "days": {"type": "ARRAY", "items": {"type": "INTEGER"}, "maxItems": "3"},
            "note": {"nullable": True, "description": "any"},
        },
        "required": ["location"],
        "propertyOrdering": ["location", "unit", "days", "note"],
    },
}
OPENAPI_AS_JSON_SCHEMA = {
    "type": "object",
    "properties": {
        "location": {"type": "string", "description": "The city, e.g. San Francisco"},
        "unit": {"type": ["string", "null"], "enum": ["celsius", "fahrenheit", None]},
        "days": {"type": "array", "items": {"type": "integer"}, "maxItems": 3},
        "note": {"description": "any", "anyOf": [{}, {"type": "null"}]},
    },
    "required": ["location"],
    "propertyOrdering": ["location", "unit", "days", "note"],
}


def test_openapi_parameters_decode_to_json_schema() -> None:
    """Gemini's ``parameters`` is an OpenAPI subset: the ``Tool`` holds it as JSON Schema
    (lower-case types, nullable as a null type), so other dialects and validate_call
    read it; the Gemini declaration is written back exactly."""
    import ollama

    tool = toolwire.decode_tool(OPENAPI_DECL, D)
    assert tool.parameters == OPENAPI_AS_JSON_SCHEMA
    assert toolwire.encode_tool(tool, D) == OPENAPI_DECL
    ollama.Tool.model_validate(toolwire.encode_tool(tool, "ollama"))  # the SDK refuses type "OBJECT"
    assert toolwire.encode_tool(tool, "openai.chat")["function"]["parameters"] == OPENAPI_AS_JSON_SCHEMA
    call = toolwire.ToolCall("get_weather", {"location": 5, "unit": None})
    bad = toolwire.validate_call(call, [OPENAPI_DECL])
    assert isinstance(bad, toolwire.InvalidToolCall) and "$.location: 5 is not of type string" in bad.error
    # a Tool whose parameters changed is written with them, not with the original, and as
    # JSON Schema under parametersJsonSchema (OpenAPI ``parameters`` holds no JSON Schema)
    changed = toolwire.Tool("get_weather", parameters={"type": "object"}, provider_data=tool.provider_data)
    wire = toolwire.encode_tool(changed, D)
    assert "parameters" not in wire and wire["parametersJsonSchema"] == {"type": "object"}


def test_openapi_parameters_of_a_google_genai_declaration() -> None:
    from google.genai import types as gt

    fd = gt.FunctionDeclaration(name="get_weather", description="d", parameters=gt.Schema(
        type=gt.Type.OBJECT, properties={"city": gt.Schema(type=gt.Type.STRING, nullable=True)}, required=["city"]))
    tool = toolwire.decode_tool(fd, D)
    assert tool.parameters == {"type": "object", "properties": {"city": {"type": ["string", "null"]}},
                               "required": ["city"]}
    back = toolwire.encode_tool(tool, D)
    assert gt.FunctionDeclaration.model_validate(back) == fd


def test_openapi_parameters_with_a_bad_type() -> None:
    decl = {"functionDeclarations": [{"name": "f", "parameters": {"type": "OBJECT", "properties": {"a": {"type": "TEXT"}}}}]}
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_tool(decl, D)
    assert err.value.loc == "$.functionDeclarations[0].parameters.properties.a.type"


def test_a_google_genai_multimodal_function_response_reads_its_bytes_as_base64() -> None:
    """google-genai gives a ``FunctionResponseBlob``'s ``data`` as bytes; the wire (and the
    SDK's JSON dump) writes it as base64, as a thought signature is read."""
    from google.genai import types as gt

    part = gt.Part(function_response=gt.FunctionResponse(
        name="get_image", id="fc_1", response={"output": "here"},
        parts=[gt.FunctionResponsePart(inline_data=gt.FunctionResponseBlob(mime_type="image/png", data=b"\x89PNG\r\n"))]))
    r = toolwire.decode_result(part, D)
    assert r.content == [{"type": "text", "text": "here"},
                         {"type": "image", "inlineData": {"mimeType": "image/png", "data": "iVBORw0K"}}]
    wire = toolwire.encode_result(r, D)
    assert gt.Part.model_validate(wire) == part
    anthropic = toolwire.encode_result(r, "anthropic.messages")
    assert anthropic["content"][1] == {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                                                  "data": "iVBORw0K"}}
    (message,) = toolwire.decode_conversation([gt.Content(role="user", parts=[part])], D).messages
    assert message.parts[0].content == r.content
