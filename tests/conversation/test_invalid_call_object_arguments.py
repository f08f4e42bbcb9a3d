"""An invalid call is written with its argument text where the target carries text
(``openai.chat``, ``openai.responses``, ``mistral``, ``cohere.v2``) and refused where it
carries an object, whatever the text, unless it records the object that text was read as
(``parsed``: ``validate_call``'s; test_validate_call_error_loop): an ``InvalidToolCall``'s ``raw`` is not always the
call's argument text (a text format's whole call region: ``text.llama``'s
``{"name": ..., "parameters": ...}``; a custom call's free text), so writing the object it
parses to would make a call the model never made (docs/convert.md). ``check_conversation``
(``unwritable-call``), ``fix_conversation`` and ``encode`` judge alike. Wire shapes:
/work/shared/reference/wire-formats.md.
"""

from __future__ import annotations

import json
from typing import Any, List

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

OBJECT_TARGETS = ["anthropic.messages", "bedrock.converse", "gemini", "ollama"]  # arguments as an object


def _loop(call: InvalidToolCall) -> Conversation:
    return Conversation([Message("user", [Text("hi")]), Message("assistant", [call]),
                         Message("tool", [ToolResult(call.id, call.name, call.error, is_error=True)])])


@pytest.mark.parametrize("target", OBJECT_TARGETS)
@pytest.mark.parametrize("raw", ['{"y": 1, "z": [true, null, "s"]}', '{"y": 1', '[1]', '"s"', '{"y": NaN}',
                                 '{"y": 1, "y": 2}', '{"y": 1e400}', '{"y": "a\tb"}', '{"y": 1} x'])
def test_object_targets_refuse_every_invalid_call(target: str, raw: str) -> None:
    conv = _loop(CALL.replace(raw=raw))
    assert [p.kind for p in check_conversation(conv, target)] == ["unwritable-call"]
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        encode_conversation(conv, target)
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        toolwire.encode(conv.messages[1].parts[0], target)
    fixed, changes = fix_conversation(conv, target)
    assert [p.kind for p in changes] == ["removed", "removed"]
    assert check_conversation(fixed, target) == []


# R1: text.llama's invalid call keeps the whole call region as raw (a JSON object that is
# no argument object): never written as the call's arguments
@pytest.mark.parametrize("target", OBJECT_TARGETS)
@pytest.mark.parametrize("text, finish", [('{"name": "f", "parameters": [1]}', "stop"),
                                          ('{"name": "f", "parameters": {"a": 1}}', "length")])
def test_a_text_formats_call_region_is_not_written_as_arguments(target: str, text: str, finish: str) -> None:
    call = toolwire.decode_text(text, "text.llama", finish_reason=finish).tool_calls[0]
    assert type(call) is InvalidToolCall
    call = call.replace(id="toolu_1")
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        toolwire.encode(call, target)
    conv = _loop(call)
    assert [p.kind for p in check_conversation(conv, target)] == ["unwritable-call"]
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        encode_conversation(conv, target)


# R2: a cut-off custom call's free text is no argument object, though it looks like one
def test_a_cut_custom_call_of_object_text_is_not_parsed_for_an_object_target() -> None:
    resp = {"id": "x", "object": "chat.completion", "model": "m", "choices": [{"index": 0, "finish_reason": "length",
            "message": {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "custom", "custom": {"name": "sql", "input": '{"q": "select 1"}'}}]}}]}
    call = toolwire.decode_all(resp, "openai.chat", invalid="keep")[0]
    assert type(call) is InvalidToolCall and call.raw == '{"q": "select 1"}'
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        toolwire.encode(call, "anthropic.messages")


# R3: argument text with an escaped lone surrogate (six ASCII characters) goes verbatim
# to text targets, as before; no unwritable-call, nothing removed
@pytest.mark.parametrize("target", ["openai.chat", "openai.responses", "mistral", "cohere.v2"])
def test_escaped_surrogate_text_goes_verbatim_to_text_targets(target: str) -> None:
    raw = '{"a": "\\ud800"}'
    call = InvalidToolCall(error="e", name="f", id="call_1", raw=raw)
    assert json.dumps(raw)[1:-1] in json.dumps(toolwire.encode(call, target))  # the text, verbatim
    conv = _loop(call)
    assert check_conversation(conv, target) == []
    assert fix_conversation(conv, target)[1] == []
    encode_conversation(conv, target)


def test_a_decoded_escaped_surrogate_call_goes_back_to_openai_chat() -> None:
    resp = {"id": "x", "object": "chat.completion", "model": "m", "choices": [{"index": 0, "finish_reason": "tool_calls",
            "message": {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": "\\ud800"}'}}]}}]}
    call = toolwire.decode_all(resp, "openai.chat", invalid="keep")[0]
    assert type(call) is InvalidToolCall
    conv = _loop(call)
    assert check_conversation(conv, "openai.chat") == []
    assert fix_conversation(conv, "openai.chat")[1] == []
    sent = encode_conversation(conv, "openai.chat")["messages"][1]
    assert sent["tool_calls"][0]["function"]["arguments"] == '{"a": "\\ud800"}'


def test_validate_calls_error_goes_back_to_openai_chat() -> None:
    tools = [{"type": "function", "function": {"name": "f", "parameters": {
        "type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}}}]
    resp = {"id": "x", "object": "chat.completion", "model": "m", "choices": [{"index": 0, "finish_reason": "tool_calls",
            "message": {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"y": 1}'}}]}}]}
    call = validate_call(toolwire.decode(resp, "openai.chat"), tools)
    assert type(call) is InvalidToolCall
    conv = _loop(call)
    assert check_conversation(conv, "openai.chat") == []
    sent: List[Any] = encode_conversation(conv, "openai.chat")["messages"]
    assert sent[1]["tool_calls"][0]["function"]["arguments"] == '{"y": 1}'
    assert sent[2] == {"role": "tool", "tool_call_id": "call_1", "content": call.error}


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
    with pytest.raises(EncodeError):  # Anthropic refuses the input as it came ("Input should be a valid
        encode_conversation(conv, "anthropic.messages")  # dictionary"): written fresh, the invalid call is not
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
