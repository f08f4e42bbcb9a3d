"""bedrock.converse: each provider-data key the decoders record, from a hand-written wire
payload to its literal canonical value and back to exactly that payload; whole responses
and stop reasons.

Shapes from https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolUseBlock.html,
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultBlock.html,
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html,
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Tool.html
(``toolSpec`` | ``systemTool`` | ``cachePoint``),
https://docs.aws.amazon.com/nova/latest/userguide/tool-built-in.html (``server_tool_use``)
and https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
(``output``, ``stopReason``, ``usage``).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import Tool, ToolCall, ToolResult
from toolwire.dialects.bedrock.response import reply
from toolwire.response import normalize

D = "bedrock.converse"


def pd(value: Any) -> Dict[str, Any]:
    return dict(value.provider_data)


CALLS = (
    # (id, wire block, name, args, id, provider data, server)
    ("plain", {"toolUse": {"toolUseId": "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", "name": "top_song", "input": {"sign": "WZPZ"}}}, "top_song", {"sign": "WZPZ"}, "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", {}, False),
    ("typed", {"toolUse": {"toolUseId": "t1", "name": "f", "input": {"q": "Zürich"}, "type": "tool_use"}}, "f", {"q": "Zürich"}, "t1", {D: {"type": "tool_use"}}, False),
    ("beside-another-member", {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}, "cachePoint": {"type": "default"}}, "f", {}, "t1", {D: {"block": {"cachePoint": {"type": "default"}}}}, False),
    ("kimi-id", {"toolUse": {"toolUseId": "functions.get_temperature:0", "name": "get_temperature", "input": {"city": "東京"}}}, "get_temperature", {"city": "東京"}, "functions.get_temperature:0", {}, False),
    ("server", {"toolUse": {"toolUseId": "s1", "name": "nova_grounding", "type": "server_tool_use", "input": {"query": "météo"}}}, "nova_grounding", {"query": "météo"}, "s1", {D: {"type": "server_tool_use"}}, True),
)


@pytest.mark.parametrize(("wire", "name", "args", "ident", "data", "server"), [pytest.param(*row[1:], id=row[0]) for row in CALLS])
def test_call_provider_data_round_trips(wire: Any, name: str, args: Any, ident: Any, data: Any, server: bool) -> None:
    (call,) = toolwire.decode_all(wire, D, include_server=True)
    assert (call.name, call.args, call.id, pd(call), call.server, call.repairs) == (name, args, ident, data, server, ())
    assert toolwire.encode(call, D) == wire


def test_input_as_text_and_a_missing_input() -> None:
    call = toolwire.decode({"toolUse": {"toolUseId": "t1", "name": "f", "input": '{"a": "ß"}'}}, D)
    assert (call.args, call.raw) == ({"a": "ß"}, '{"a": "ß"}')
    assert toolwire.encode(call, D) == {"toolUse": {"toolUseId": "t1", "name": "f", "input": {"a": "ß"}}}
    call = toolwire.decode({"toolUse": {"toolUseId": "t1", "name": "f"}}, D)
    assert (call.args, call.repairs) == ({}, ("empty-arguments",))
    assert toolwire.encode(call, D) == {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}


def test_ids_are_mapped_and_synthesized_to_literal_values() -> None:
    # an id change is a wire change for everyone who stored histories (#21 item 2)
    assert toolwire.encode(ToolCall("get_weather", {"city": "Zürich"}), D) == {
        "toolUse": {"toolUseId": "tooluse_KLGGeplzCThuaP4vm3VbZq", "name": "get_weather", "input": {"city": "Zürich"}}
    }
    assert toolwire.encode(ToolCall("get_weather", {"city": "Zürich"}, "call 1/ü"), D)["toolUse"]["toolUseId"] == "tooluse_tkk40GZhd6T3Zs04Q2pnHI"
    assert toolwire.encode_result(ToolResult("call 1/ü", "get_weather", "22 °C"), D) == {
        "toolResult": {"toolUseId": "tooluse_tkk40GZhd6T3Zs04Q2pnHI", "content": [{"text": "22 °C"}]}
    }
    server = ToolCall("nova_grounding", {}, "not a valid id", provider_data={D: {"type": "server_tool_use"}}, server=True)
    assert toolwire.encode(server, D)["toolUse"]["toolUseId"] == "not a valid id"  # Bedrock's own, sent back as is


# the Converse API takes an object schema only ("top-level schema type must be object"); a
# strict tool's objects are closed (reference/structured-output.md §C.3)
CLOSED = {"type": "object", "properties": {}, "additionalProperties": False}
TOOLS = (
    ("spec", {"toolSpec": {"name": "top_song", "description": "Das beliebteste Lied", "inputSchema": {"json": {"type": "object"}}}}, "Das beliebteste Lied", {"type": "object"}, None, {}),
    ("strict", {"toolSpec": {"name": "top_song", "inputSchema": {"json": CLOSED}, "strict": True}}, None, CLOSED, True, {}),
    ("unknown-spec-field", {"toolSpec": {"name": "top_song", "inputSchema": {"json": {"type": "object"}}, "newField": "é"}}, None, {"type": "object"}, None, {D: {"newField": "é"}}),
    ("schema-beside-json", {"toolSpec": {"name": "top_song", "inputSchema": {"json": {"type": "object"}, "jsonSchemaVersion": "x"}}}, None, {"type": "object"}, None, {D: {"input_schema": {"jsonSchemaVersion": "x"}}}),
    ("entry-beside-spec", {"toolSpec": {"name": "top_song", "inputSchema": {"json": {"type": "object"}}}, "cachePoint": {"type": "default"}}, None, {"type": "object"}, None, {D: {"entry": {"cachePoint": {"type": "default"}}}}),
    ("bare", {"name": "top_song", "inputSchema": {"json": {"type": "object"}}}, None, {"type": "object"}, None, {D: {"bare": True}}),
    ("system-tool", {"systemTool": {"name": "top_song"}}, None, None, None, {D: {"system_tool": {"systemTool": {"name": "top_song"}}}}),
)


@pytest.mark.parametrize(("wire", "description", "parameters", "strict", "data"), [pytest.param(*row[1:], id=row[0]) for row in TOOLS])
def test_tool_provider_data_round_trips(wire: Any, description: Any, parameters: Any, strict: Any, data: Any) -> None:
    tool = toolwire.decode_tool(wire, D)
    assert (tool.name, tool.description, tool.parameters, tool.strict, pd(tool)) == ("top_song", description, parameters, strict, data)
    assert toolwire.encode_tool(tool, D) == wire


def test_new_tools_and_renamed_system_tools() -> None:
    assert toolwire.encode_tool(Tool("f"), D) == {"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object", "properties": {}}}}}
    assert toolwire.encode_tool(Tool("f", "d", {"type": "object"}, strict=False), D) == {
        "toolSpec": {"name": "f", "description": "d", "inputSchema": {"json": {"type": "object"}}, "strict": False}
    }
    sys_tool = toolwire.decode_tool({"systemTool": {"name": "nova_grounding", "x": 1}, "y": 2}, D)
    assert toolwire.encode_tool(sys_tool.replace(name="g"), D) == {"systemTool": {"name": "g", "x": 1}, "y": 2}
    # a ToolSpecification requires its inputSchema: none is refused, not made up on the way back
    with pytest.raises(toolwire.DecodeError, match=r"^Tool input schema at \$\.toolSpec\.inputSchema\.json is missing"):
        toolwire.decode_tool({"toolSpec": {"name": "f", "inputSchema": {"json": None}}}, D)
    with pytest.raises(toolwire.DecodeError, match="must be a bool"):  # never dropped silently
        toolwire.decode_tool({"toolSpec": {"name": "f", "inputSchema": {"json": {}}, "strict": "yes"}}, D)


RESULTS = (
    ("text", {"toolResult": {"toolUseId": "t1", "content": [{"text": "22 °C"}]}}, "22 °C", False, {}),
    ("json", {"toolResult": {"toolUseId": "t1", "content": [{"json": {"song": "Élan"}}]}}, [{"type": "json", "json": {"song": "Élan"}}], False, {}),
    ("error", {"toolResult": {"toolUseId": "t1", "content": [{"text": "Kein Sender"}], "status": "error"}}, "Kein Sender", True, {}),
    ("success", {"toolResult": {"toolUseId": "t1", "content": [{"text": "a"}, {"text": "b"}], "status": "success"}}, [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}], False, {D: {"status": "success"}}),
    ("image", {"toolResult": {"toolUseId": "t1", "content": [{"image": {"format": "png", "source": {"bytes": "iVBO"}}}]}}, [{"type": "image", "image": {"format": "png", "source": {"bytes": "iVBO"}}}], False, {}),
    ("no-content", {"toolResult": {"toolUseId": "t1"}}, "", False, {D: {"no_content": True}}),
    ("empty-content", {"toolResult": {"toolUseId": "t1", "content": []}}, [], False, {}),
    ("typed", {"toolResult": {"toolUseId": "t1", "content": [{"text": "ok"}], "type": "tool_result"}}, "ok", False, {D: {"type": "tool_result"}}),
    ("beside-another-member", {"toolResult": {"toolUseId": "t1", "content": [{"text": "ok"}]}, "cachePoint": {"type": "default"}}, "ok", False, {D: {"block": {"cachePoint": {"type": "default"}}}}),
)


@pytest.mark.parametrize(("wire", "content", "is_error", "data"), [pytest.param(*row[1:], id=row[0]) for row in RESULTS])
def test_result_provider_data_round_trips(wire: Any, content: Any, is_error: bool, data: Any) -> None:
    r = toolwire.decode_result(wire, D)
    assert (r.id, r.name, r.content, r.is_error, pd(r)) == ("t1", None, content, is_error, data)
    assert toolwire.encode_result(r, D) == wire


def test_results_encode_to_literal_wire() -> None:
    r = ToolResult("t1", "f", [{"type": "text", "text": "ä"}, {"type": "json", "json": [1]}, {"type": "text", "text": ""}],
                   is_error=True)
    # (an empty text block is left out: Converse refuses it, and it holds nothing; JSON that is no object goes as
    # its text: "Provide a json object for the field", test_bedrock_json_result.py)
    assert toolwire.encode_result(r, D) == {"toolResult": {"toolUseId": "t1", "content": [{"text": "ä"}, {"text": "[1]"}], "status": "error"}}
    no_content = toolwire.decode_result({"toolResult": {"toolUseId": "t1", "status": "success"}}, D)
    assert toolwire.encode_result(no_content.replace(content="x"), D) == {"toolResult": {"toolUseId": "t1", "content": [{"text": "x"}], "status": "success"}}
    assert toolwire.encode_result(no_content.replace(is_error=True), D) == {"toolResult": {"toolUseId": "t1", "status": "error"}}


# --- whole responses --------------------------------------------------------------------------


def test_a_response_with_reasoning_text_a_call_and_usage() -> None:
    body = {
        "output": {"message": {"role": "assistant", "content": [
            {"reasoningContent": {"reasoningText": {"text": "Erst nachdenken", "signature": "c2ln"}}},
            {"reasoningContent": {"reasoningText": {"text": "dann handeln"}}},
            {"reasoningContent": {"redactedContent": "eA=="}},
            {"reasoningContent": {"reasoningText": "x"}},
            {"text": "Ich sehe nach: "},
            {"text": "Zürich"},
            {"toolUse": {"toolUseId": "t1", "name": "f", "input": {"q": "ü"}}},
        ]}},
        "stopReason": "tool_use",
        "usage": {"inputTokens": 30, "outputTokens": 9, "totalTokens": 39},
    }
    r = normalize(body)
    assert (r.provider, r.text, r.reasoning, r.refusal, r.finish_reason, r.raw_finish_reason, r.parsed) == (
        D, "Ich sehe nach: Zürich", "Erst nachdenken\ndann handeln", None, "tool_calls", "tool_use", None,
    )
    assert r.tool_calls == (ToolCall("f", {"q": "ü"}, "t1"),)
    u = r.usage
    assert (u.input_tokens, u.output_tokens, u.reasoning_tokens, u.total_tokens) == (30, 9, None, 39)


FINISH = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "tool_use": "tool_calls",
    "max_tokens": "length",
    "guardrail_intervened": "content_filter",
    "content_filtered": "content_filter",
    "malformed_model_output": "error",
    "malformed_tool_use": "error",
    "model_context_window_exceeded": "context_window",
    "new_reason_2027": "other",
}


@pytest.mark.parametrize(("raw", "normal"), FINISH.items())
def test_stop_reasons(raw: str, normal: str) -> None:
    r = normalize({"output": {"message": {"role": "assistant", "content": [{"text": "x"}]}}, "stopReason": raw})
    # cut off: the token budget or the context window ran out
    assert (r.raw_finish_reason, r.finish_reason, r.truncated) == (raw, normal, normal in ("length", "context_window"))


def test_the_assistant_turn_and_the_reply_written_for_calls() -> None:
    call = ToolCall("f", {"a": "ü"}, "t1")
    block = {"toolUse": {"toolUseId": "t1", "name": "f", "input": {"a": "ü"}}}
    assert toolwire.encode_message([call], D, content="Moment") == {"role": "assistant", "content": [{"text": "Moment"}, block]}
    assert toolwire.encode_message([call], D) == {"role": "assistant", "content": [block]}
    assert reply([block]) == {
        "output": {"message": {"role": "assistant", "content": [block]}},
        "stopReason": "tool_use",
        "usage": {"inputTokens": 40, "outputTokens": 12, "totalTokens": 52},
        "metrics": {"latencyMs": 420},
    }
    assert reply([], "ok", "max_tokens")["stopReason"] == "max_tokens"
