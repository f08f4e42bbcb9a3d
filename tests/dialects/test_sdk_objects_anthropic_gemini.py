"""Real anthropic and google-genai SDK objects, built offline through each SDK's own
parse path, decode exactly like the JSON they came from."""

from __future__ import annotations

import base64
from typing import Any, Dict, List

import pytest

import toolwire
from corpus_data import files, load
from outcomes import decoded

anthropic_types = pytest.importorskip("anthropic.types")
anthropic_models = pytest.importorskip("anthropic._models")
gt = pytest.importorskip("google.genai.types")

A, G = "anthropic.messages", "gemini"
CALL_BLOCKS = ("tool_use", "server_tool_use", "mcp_tool_use")


def canon(calls: List[Any]) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in calls]


def _expected_all(doc: Dict[str, Any]) -> Any:
    return doc["expected_tool_calls"], [s["id"] for s in doc.get("expected_server_tool_calls") or []]


# --- anthropic ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", files("anthropic-messages", kinds=("response",)))
def test_anthropic_message_objects(path: Any) -> None:
    doc = load(path)
    payload = doc["payload"]
    msg = anthropic_models.construct_type(type_=anthropic_types.Message, value=payload)
    assert type(msg).__name__ == "Message"
    calls, server_ids = _expected_all(doc)
    assert canon(toolwire.decode_all(msg)) == calls
    assert [c.id for c in toolwire.decode_all(msg, include_server=True) if c.server] == server_ids
    blocks = [(obj, raw) for obj, raw in zip(msg.content, payload["content"]) if raw["type"] in CALL_BLOCKS]
    assert len(blocks) == len(calls) + len(server_ids)
    for obj, raw in blocks:
        assert toolwire.encode(toolwire.decode(obj), A) == raw


def test_anthropic_validated_objects() -> None:
    msg = anthropic_types.Message.model_validate(
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "content": [
                {"type": "text", "text": "Checking."},
                {
                    "type": "tool_use",
                    "id": "toolu_01",
                    "name": "get_weather",
                    "input": {"city": "Paris"},
                    "caller": {"type": "direct"},
                },
            ],
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {"input_tokens": 3, "output_tokens": 4},
        }
    )
    assert canon(toolwire.decode_all(msg)) == [{"name": "get_weather", "args": {"city": "Paris"}, "id": "toolu_01"}]
    block = anthropic_types.ToolUseBlock(id="toolu_02", name="now", input={}, type="tool_use")
    assert toolwire.encode(toolwire.decode(block), A) == {
        "type": "tool_use",
        "id": "toolu_02",
        "name": "now",
        "input": {},
    }
    server = anthropic_types.ServerToolUseBlock(
        id="srvtoolu_01", name="web_search", input={"query": "x"}, type="server_tool_use"
    )
    assert toolwire.decode(server).server
    assert (
        toolwire.decode_all(
            anthropic_types.Message.model_construct(
                content=[server], role="assistant", type="message", stop_reason="end_turn"
            )
        )
        == []
    )


def test_anthropic_max_tokens_message_object() -> None:
    payload = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "stop_reason": "max_tokens",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": "cut"}}],
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }
    msg = anthropic_models.construct_type(type_=anthropic_types.Message, value=payload)
    with pytest.raises(toolwire.ArgumentsError):
        toolwire.decode_all(msg)


# --- google-genai ---------------------------------------------------------------------------



@pytest.mark.parametrize("path", files("gemini", kinds=("response",)))
def test_gemini_response_objects(path: Any) -> None:
    doc = load(path)
    payload = doc["payload"]
    resp = gt.GenerateContentResponse._from_response(response=payload, kwargs={})
    calls = doc["expected_tool_calls"]
    assert canon(toolwire.decode_all(resp)) == calls
    server = [c for c in toolwire.decode_all(resp, include_server=True) if c.server]
    assert [c.args for c in server] == [s["args"] for s in doc.get("expected_server_tool_calls") or []]
    parts = [
        (obj, raw)
        for cand_o, cand in zip(resp.candidates, payload["candidates"])
        for obj, raw in zip(cand_o.content.parts, cand["content"]["parts"])
        if "functionCall" in raw or "executableCode" in raw
    ]
    assert len(parts) == len(calls) + len(server)
    for obj, raw in parts:
        # the SDK holds thought signatures as bytes; they go back out as the API's base64
        assert toolwire.encode(toolwire.decode(obj), G) == raw


def test_gemini_python_mode_dump_is_snake_case_with_bytes() -> None:
    resp = gt.GenerateContentResponse._from_response(
        response={
            "candidates": [
                {
                    "content": {
                        "role": "model",
                        "parts": [
                            {"functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": "c2lnbmF0dXJl"},
                            {"functionCall": {"name": "g", "id": "fc-2"}},
                        ],
                    },
                    "finishReason": "STOP",
                }
            ]
        },
        kwargs={},
    )
    dumped = resp.model_dump(exclude_none=True)
    first = dumped["candidates"][0]["content"]["parts"][0]
    assert first["thought_signature"] == b"signature"
    calls = toolwire.decode_all(dumped)
    assert canon(calls) == [{"name": "f", "args": {"a": 1}, "id": None}, {"name": "g", "args": {}, "id": "fc-2"}]
    assert toolwire.encode(calls[0], G) == {
        "function_call": {"name": "f", "args": {"a": 1}},
        "thought_signature": base64.b64encode(b"signature").decode(),
    }


def test_gemini_part_content_and_function_call_objects() -> None:
    part = gt.Part(function_call=gt.FunctionCall(name="f", args={"x": 1}, id="c1"), thought_signature=b"\xff\x00sig")
    assert toolwire.encode(toolwire.decode(part), G) == {
        "functionCall": {"name": "f", "args": {"x": 1}, "id": "c1"},
        "thoughtSignature": "/wBzaWc=",
    }
    content = gt.Content(role="model", parts=[gt.Part(text="ok"), gt.Part.from_function_call(name="g", args={})])
    assert canon(toolwire.decode_all(content, G)) == [{"name": "g", "args": {}, "id": None}]
    bare = gt.FunctionCall(name="h", args={"y": 2})
    assert canon([toolwire.decode(bare)]) == [{"name": "h", "args": {"y": 2}, "id": None}]


def test_gemini_function_response_and_tool_objects() -> None:
    part = gt.Part.from_function_response(name="get_weather", response={"output": "22°C"})
    r = toolwire.decode_result(part)
    assert (r.name, r.content, r.is_error) == ("get_weather", "22°C", False)
    tool = gt.Tool(
        function_declarations=[
            gt.FunctionDeclaration(
                name="get_weather", description="Weather.", parameters_json_schema={"type": "object"}
            )
        ]
    )
    t = toolwire.decode_tool(tool)
    assert (t.name, t.description, t.parameters) == ("get_weather", "Weather.", {"type": "object"})
    assert toolwire.encode_tool(t, G) == {
        "functionDeclarations": [
            {"name": "get_weather", "description": "Weather.", "parametersJsonSchema": {"type": "object"}}
        ]
    }


@pytest.mark.parametrize(
    "block",
    [
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}},
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}, "cache_control": None},
        {"type": "tool_use", "id": "", "name": "f", "input": {"a": [1, {"b": None}]}},
        {"type": "tool_use", "id": "toolu_1", "name": "", "input": {}},  # an error
    ],
)
def test_anthropic_object_reader_agrees_with_the_generic_walk(block: Dict[str, Any]) -> None:
    obj = anthropic_models.construct_type(type_=anthropic_types.ToolUseBlock, value=block)

    from toolwire._access import to_data

    assert decoded(obj) == decoded(obj, repair=True) == decoded(to_data(obj))


def test_gemini_vertex_partial_argument_chunks_as_objects_and_as_their_dumps() -> None:
    """google-genai ``PartialArg`` objects stream the same call as objects, as
    ``model_dump()`` (every value field written, the unset ones ``None``: the dump was read
    as an unset ``string_value`` and made the call invalid) and as the JSON dump."""
    from toolwire.stream import accumulate

    def chunk(fc: Any, finish: Any = None) -> Any:
        content = gt.Content(role="model", parts=[gt.Part(function_call=fc)])
        return gt.GenerateContentResponse(candidates=[gt.Candidate(content=content, finish_reason=finish)])

    chunks = [
        chunk(gt.FunctionCall(name="plan_trip", will_continue=True)),
        chunk(gt.FunctionCall(partial_args=[gt.PartialArg(json_path="$.city", string_value="Zü", will_continue=True)],
                              will_continue=True)),
        chunk(gt.FunctionCall(partial_args=[gt.PartialArg(json_path="$.city", string_value="rich")], will_continue=True)),
        chunk(gt.FunctionCall(partial_args=[gt.PartialArg(json_path="$.days", number_value=3),
                                            gt.PartialArg(json_path="$.flex", bool_value=False),
                                            gt.PartialArg(json_path="$.note", null_value="NULL_VALUE")],
                              will_continue=True)),
        chunk(gt.FunctionCall(), "STOP"),
    ]
    expected = [toolwire.ToolCall("plan_trip", {"city": "Zürich", "days": 3.0, "flex": False, "note": None})]
    assert accumulate(chunks, "gemini") == expected
    assert accumulate([c.model_dump() for c in chunks], "gemini") == expected
    assert accumulate([c.model_dump(mode="json", by_alias=True, exclude_none=True) for c in chunks], "gemini") == expected


def test_gemini_function_call_objects_without_args_are_calls() -> None:
    """A google-genai ``FunctionCall`` is a call whatever fields it holds: without
    ``args`` (a tool without parameters: ``{}``, reference §4e) its dump ``{"name"}``
    alone would read as a tool definition, and ``{"id", "name"}`` as nothing known."""
    no_args, with_id = gt.FunctionCall(name="get_time"), gt.FunctionCall(name="get_time", id="abc")
    assert canon([toolwire.decode(no_args)]) == [{"name": "get_time", "args": {}, "id": None}]
    assert canon([toolwire.decode(with_id)]) == [{"name": "get_time", "args": {}, "id": "abc"}]
    assert canon([toolwire.decode(with_id, G)]) == [{"name": "get_time", "args": {}, "id": "abc"}]
    assert canon(toolwire.decode_all(with_id)) == [{"name": "get_time", "args": {}, "id": "abc"}]
    response = gt.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "get_time"}}, {"functionCall": {"name": "get_weather", "args": {"c": "P"}}}]}}]})
    both = [{"name": "get_time", "args": {}, "id": None}, {"name": "get_weather", "args": {"c": "P"}, "id": None}]
    assert canon(toolwire.decode_all(response)) == both
    for dialect in (None, G):  # the SDK's own accessor: a list of FunctionCall objects
        assert canon(toolwire.decode_all(response.function_calls, dialect)) == both


def test_gemini_function_response_objects_are_results_named_as_gemini() -> None:
    """b11: a google-genai ``FunctionResponse`` (the body of a ``functionResponse`` part,
    https://ai.google.dev/api/caching#FunctionResponse) is a Gemini result, read as its
    part; a ``FunctionCall`` or ``FunctionResponse`` given as another dialect names Gemini."""
    fr = gt.FunctionResponse(name="f", id="c1", response={"output": "ok"})
    for dialect in (None, G):
        assert toolwire.decode_result(fr, dialect) == toolwire.ToolResult(id="c1", name="f", content="ok")
        with pytest.raises(toolwire.DecodeError, match=r"^Input at \$ is a gemini tool result, not a tool call"):
            toolwire.decode(fr, dialect)
    with pytest.raises(toolwire.DecodeError, match=r"^Input at \$ is not an openai\.chat payload: it looks like "
                       r"gemini \(a 'functionResponse' part\)"):
        toolwire.decode_result(fr, "openai.chat")
    fc = gt.FunctionCall(name="f", args={"a": 1})
    with pytest.raises(toolwire.DecodeError, match=r"^Input at \$ is not an openai\.chat payload: it looks like "
                       r"gemini \(a 'functionCall' part"):
        toolwire.decode(fc, "openai.chat")
