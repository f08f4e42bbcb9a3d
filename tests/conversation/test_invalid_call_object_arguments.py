"""An invalid call whose argument text is a JSON object (``validate_call``'s: the model's
arguments, refused by the schema) is written with that object where the target carries
arguments as an object, so the model sees its call and the error result answering it
(docs/conversations.md, "Validating calls": "The error is meant to be sent back to the
model as the tool's result"). Only text that is no JSON object stays unwritable there
(``{}`` would be a call the model never made): ``check_conversation`` (``unwritable-call``)
and ``encode`` judge alike. Wire shapes: Anthropic ``tool_use.input``, Gemini
``functionCall.args``, Bedrock ``toolUse.input``, Ollama ``function.arguments`` (objects:
/work/shared/reference/wire-formats.md).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import EncodeError, InvalidToolCall, ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
    validate_call,
)

ERROR = "Arguments of 'f' do not match its schema: $: property 'x' is required (required)."
CALL = InvalidToolCall(error=ERROR, name="f", id="toolu_1", raw='{"y": 1, "z": [true, null, "s"]}')
ARGS: Dict[str, Any] = {"y": 1, "z": [True, None, "s"]}

# the assistant message each target gets, as its provider documents it
WIRE: Dict[str, Any] = {
    "anthropic.messages": {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"y": 1, "z": [True, None, "s"]}}]},
    "gemini": {"role": "model", "parts": [
        {"functionCall": {"id": "toolu_1", "name": "f", "args": {"y": 1, "z": [True, None, "s"]}}}]},
    "bedrock.converse": {"role": "assistant", "content": [
        {"toolUse": {"toolUseId": "toolu_1", "name": "f", "input": {"y": 1, "z": [True, None, "s"]}}}]},
    "ollama": {"role": "assistant", "content": "", "tool_calls": [
        {"id": "toolu_1", "function": {"index": 0, "name": "f", "arguments": {"y": 1, "z": [True, None, "s"]}}}]},
}  # (Ollama: ``ToolCall = {id?, function: {index, name, arguments: object}}``, api/types.go)
KEY = {"anthropic.messages": "messages", "gemini": "contents", "bedrock.converse": "messages", "ollama": "messages"}


def _loop(call: InvalidToolCall) -> Conversation:
    return Conversation([Message("user", [Text("hi")]), Message("assistant", [call]),
                         Message("tool", [ToolResult(call.id, call.name, call.error, is_error=True)])])


@pytest.mark.parametrize("target", sorted(WIRE))
def test_an_invalid_call_of_a_json_object_is_written_with_it(target: str) -> None:
    conv = _loop(CALL)
    assert check_conversation(conv, target) == []
    assert fix_conversation(conv, target)[1] == []
    wire = encode_conversation(conv, target)[KEY[target]]
    assert wire[1] == WIRE[target]
    assert len(wire) == 3  # and its error result after it
    out = toolwire.encode(CALL, target)  # encode and convert follow the one rule
    assert ARGS in [out.get("input"), out.get("args"), out.get("functionCall", {}).get("args"),
                    out.get("toolUse", {}).get("input"), out.get("function", {}).get("arguments")]


@pytest.mark.parametrize("target", sorted(WIRE))
@pytest.mark.parametrize("raw", ['{"y": 1', '[1]', '"s"', '{"y": NaN}', '{"y": 1, "y": 2}', '{"y": 1e400}',
                                 '{"y": "a\tb"}', '{"y": 1} x'])
def test_text_that_is_no_json_object_stays_unwritable(target: str, raw: str) -> None:
    conv = _loop(CALL.replace(raw=raw))
    assert [p.kind for p in check_conversation(conv, target)] == ["unwritable-call"]
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        encode_conversation(conv, target)
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        toolwire.encode(conv.messages[1].parts[0], target)
    fixed, changes = fix_conversation(conv, target)
    assert [p.kind for p in changes] == ["removed", "removed"]
    assert check_conversation(fixed, target) == []


def test_validate_calls_error_goes_back_to_claude() -> None:
    tools = [{"name": "f", "description": "d", "input_schema": {
        "type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}}]
    resp = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"y": 1}}], "stop_reason": "tool_use",
        "usage": {"input_tokens": 1, "output_tokens": 1}}
    call = validate_call(toolwire.decode(resp, "anthropic.messages"), tools)
    assert type(call) is InvalidToolCall
    conv = decode_conversation([{"role": "user", "content": "hi"}], "anthropic.messages")
    conv = conv.append(Message("assistant", (call,))).append(
        Message("user", (ToolResult(call.id, call.name, call.error, is_error=True),)))
    assert check_conversation(conv, "anthropic.messages") == []
    fixed, changes = fix_conversation(conv, "anthropic.messages")
    assert changes == []
    sent: List[Any] = encode_conversation(fixed, "anthropic.messages")["messages"]
    assert sent[1] == {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"y": 1}}]}
    assert sent[2]["content"][0]["type"] == "tool_result" and sent[2]["content"][0]["is_error"] is True


@pytest.mark.parametrize("target", ["mcp", "canonical"])
def test_no_history_target_still_refuses_it(target: str) -> None:
    # an MCP tools/call request would run the call; canonical would make it a valid call
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        toolwire.encode(CALL, target)
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        toolwire.convert(CALL, to=target)


def test_text_targets_still_get_the_text_as_it_came() -> None:
    call = CALL.replace(raw='{"y":  1,"z":[true,null,"s"]}')
    out = toolwire.encode(call, "openai.chat")
    assert out["function"]["arguments"] == '{"y":  1,"z":[true,null,"s"]}'


def test_a_cut_custom_call_of_object_text_stays_a_custom_call() -> None:
    # an OpenAI custom tool's free text (wire-formats.md: {"type":"custom_tool_call", ..., "input": string})
    item = {"type": "custom_tool_call", "call_id": "call_1", "name": "write_sql", "input": '{"q": 1}'}
    call = toolwire.decode(item, "openai.responses")
    bad = InvalidToolCall(error="cut", name=call.name, id=call.id, raw='{"q": 1}', provider_data=call.provider_data)
    out = toolwire.encode(bad, "openai.responses")
    assert out["type"] == "custom_tool_call" and out["input"] == '{"q": 1}'


# A message written back as it came that fix_conversation rebuilds is written fresh: its
# invalid calls are judged so in the same pass (fix -> check clean, encode works)
def test_fix_removes_an_invalid_call_of_a_message_it_rebuilds() -> None:
    body = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "f", "input": "notobj"},
            {"type": "tool_result", "tool_use_id": "toolu_0", "content": "stale"}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "r"}]}]}
    conv = decode_conversation(body, "anthropic.messages")
    encode_conversation(conv, "anthropic.messages")  # as it came: written
    fixed, changes = fix_conversation(conv, "anthropic.messages")
    assert sorted((p.kind, p.index, p.id) for p in changes) == [
        ("removed", 1, "toolu_0"), ("removed", 1, "toolu_1"), ("removed", 2, "toolu_1")]
    assert check_conversation(fixed, "anthropic.messages") == []
    assert encode_conversation(fixed, "anthropic.messages")["messages"] == [{"role": "user", "content": "q"}]


# A target with no history writer (a text format, mcp, canonical): encode_conversation
# refuses it whole, so no invalid call is singled out and fix deletes nothing
@pytest.mark.parametrize("target", ["text.hermes", "canonical", "mcp"])
def test_no_unwritable_call_for_a_target_with_no_history_writer(target: str) -> None:
    c = InvalidToolCall(error="e", name="f", id="c1", raw='{"a": 1')
    conv = Conversation([Message("user", [Text("q")]), Message("assistant", [ToolCall("g", {}, "c0"), c]),
                         Message("tool", [ToolResult("c0", "g", "o"), ToolResult("c1", "f", "o")])])
    assert check_conversation(conv, target) == []
    fixed, changes = fix_conversation(conv, target)
    assert changes == [] and fixed.messages == conv.messages
    with pytest.raises(EncodeError):
        encode_conversation(conv, target)
