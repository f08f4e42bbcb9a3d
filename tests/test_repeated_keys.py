"""Argument text that is valid JSON but gives a key twice in one object (RFC 8259 §4:
"the names within an object SHOULD be unique"; parsers keep the last value): refused on
every path, its ``loc`` naming the key, never read as its last value (DESIGN.md: nothing
silently repaired). The same text with a trailing comma was already refused by the
repair tier, naming the key."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import ArgumentsError, InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate

ARGS_LOC = "$.choices[0].message.tool_calls[0].function.arguments"


def chat(arguments: Any) -> Dict[str, Any]:
    """The brief's reproducer: a Chat Completions reply (API reference's ``tool_calls``)."""
    return {"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": [{
        "index": 0, "finish_reason": "tool_calls", "message": {
            "role": "assistant", "content": None, "tool_calls": [{
                "id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}]}}]}


@pytest.mark.parametrize(("text", "loc"), [
    ('{"x":1,"x":2}', ARGS_LOC + ".x"),
    ('{"x": 1, "y": "a:b", "x": 2}', ARGS_LOC + ".x"),  # colons in a string
    ('{"a": {"b": 1, "b": 2}}', ARGS_LOC + ".a.b"),  # nested
    ('{"a": [{"b": 1}, {"c": 1, "c": 2}]}', ARGS_LOC + ".a[1].c"),
    ('{"u": "https://x.test", "u": "https://y.test"}', ARGS_LOC + ".u"),
    ('{"k\\u003a": 1, "k:": 2}', ARGS_LOC + '["k:"]'),  # an escaped colon: the same key
    ('{"a b": 1, "a b": 2}', ARGS_LOC + '["a b"]'),
])
def test_a_repeated_key_in_valid_json_is_refused_naming_it(text: str, loc: str) -> None:
    with pytest.raises(ArgumentsError) as err:
        toolwire.decode(chat(text), "openai.chat")
    assert err.value.loc == loc and "repeat the key" in err.value.message and err.value.raw == text
    [bad] = toolwire.decode_all(chat(text), "openai.chat", invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.loc == loc and bad.raw == text


@pytest.mark.parametrize("text", [
    '{"x": 1, "y": 2}', '{"t": "12:30", "u": "a:b:c"}', '{"a": {"b": 1}, "c": {"b": 2}}',
    '{"k\\u003a": 1, "k": 2}', '{"a": [{"b": 1}, {"b": 2}]}', '{"a": "\\":\\""}', '{}',
])
def test_distinct_keys_are_read_as_before(text: str) -> None:
    import json

    assert toolwire.decode(chat(text), "openai.chat").args == json.loads(text)


def test_a_repeated_key_behind_a_repair_is_refused() -> None:
    for text in ['```json\n{"x": 1, "x": 2}\n```', '{}{"x": 1, "x": 2}', '"{\\"x\\": 1, \\"x\\": 2}"']:
        with pytest.raises(ArgumentsError, match="repeat the key 'x'") as err:
            toolwire.decode(chat(text), "openai.chat")
        assert err.value.loc == ARGS_LOC + ".x" and err.value.raw == text


def test_the_stdlib_tier_names_the_key_too() -> None:
    text = '{"path": "/safe", "path": "/etc", "note": "\\ud800"}'
    with pytest.raises(ArgumentsError, match="repeat the key 'path'") as err:
        toolwire.decode(chat(text), "openai.chat")
    assert err.value.loc == ARGS_LOC + ".path"


@pytest.mark.parametrize(("dialect", "reply"), [
    ("openai.responses", {"object": "response", "status": "completed", "output": [
        {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": '{"x":1,"x":2}'}]}),
    ("anthropic.messages", {"type": "message", "role": "assistant", "stop_reason": "tool_use", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": '{"x":1,"x":2}'}]}),
    ("mistral", {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
        "role": "assistant", "content": "", "tool_calls": [
            {"id": "D681PevKs", "function": {"name": "f", "arguments": '{"x":1,"x":2}'}}]}}]}),
])
def test_other_dialects_refuse_it(dialect: str, reply: Dict[str, Any]) -> None:
    [bad] = toolwire.decode_all(reply, dialect, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.loc.endswith(".x") and "repeat the key 'x'" in bad.error


def _fed(dialect: str, events: List[Dict[str, Any]]) -> List[Any]:
    acc = Accumulator(dialect)
    for e in events:
        acc.feed(e)
    calls = acc.close()
    assert [type(c) for c in accumulate(events, dialect)] == [type(c) for c in calls]
    return calls


def _chunk(delta: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


# each stream as its provider's reference shows it, the argument text in two pieces
STREAMS = {
    "openai.chat": [
        _chunk({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                                    "function": {"name": "f", "arguments": ""}}]}),
        _chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"x":1,'}}]}),
        _chunk({"tool_calls": [{"index": 0, "function": {"arguments": '"x":2}'}}]}),
        _chunk({}, "tool_calls")],
    "openai.responses": [
        {"type": "response.output_item.added", "output_index": 0, "item": {
            "type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "",
            "status": "in_progress"}},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
         "delta": '{"x":1,'},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0, "delta": '"x":2}'},
        {"type": "response.output_item.done", "output_index": 0, "item": {
            "type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": '{"x":1,"x":2}',
            "status": "completed"}}],
    "anthropic.messages": [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [],
                                              "model": "claude-sonnet-4-5", "stop_reason": None}},
        {"type": "content_block_start", "index": 0, "content_block": {
            "type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '{"x":1,'}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '"x":2}'}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}}, {"type": "message_stop"}],
    "bedrock.converse": [
        {"messageStart": {"role": "assistant"}},
        {"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": "t1", "name": "f"}}}},
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": '{"x":1,'}}}},
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": '"x":2}'}}}},
        {"contentBlockStop": {"contentBlockIndex": 0}}, {"messageStop": {"stopReason": "tool_use"}}],
    "cohere.v2": [
        {"type": "message-start", "id": "29f14a5a", "delta": {"message": {"role": "assistant", "tool_calls": []}}},
        {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
            "id": "f_nsz5zm3w56q3", "type": "function", "function": {"name": "f", "arguments": ""}}}}},
        {"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": {"function": {
            "arguments": '{"x":1,'}}}}},
        {"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": {"function": {
            "arguments": '"x":2}'}}}}},
        {"type": "tool-call-end", "index": 0},
        {"type": "message-end", "delta": {"finish_reason": "TOOL_CALL"}}],
    "mistral": [
        {"id": "cmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "mistral-large-latest",
         "choices": [{"index": 0, "delta": {"tool_calls": [{"id": "D681PevKs", "function": {
             "name": "f", "arguments": '{"x":1,"x":2}'}, "index": 0}]}, "finish_reason": "tool_calls"}]}],
}


@pytest.mark.parametrize("dialect", sorted(STREAMS))
def test_streams_close_a_repeated_key_as_an_invalid_call(dialect: str) -> None:
    [bad] = _fed(dialect, STREAMS[dialect])
    assert isinstance(bad, InvalidToolCall), bad
    assert "repeat the key 'x'" in bad.error and bad.loc.endswith(".x"), bad


@pytest.mark.parametrize("dialect", sorted(STREAMS))
def test_streams_with_distinct_keys_are_unchanged(dialect: str) -> None:
    events = [_distinct(e) for e in STREAMS[dialect]]
    [good] = _fed(dialect, events)
    assert isinstance(good, ToolCall) and good.args == {"x": 1, "y": 2}, good


def _distinct(event: Any) -> Any:
    if isinstance(event, dict):
        return {k: _distinct(v) for k, v in event.items()}
    if isinstance(event, list):
        return [_distinct(v) for v in event]
    if event == '"x":2}':
        return '"y":2}'
    return '{"x":1,"y":2}' if event == '{"x":1,"x":2}' else event


def test_a_server_call_giving_a_key_twice_keeps_its_text_whole() -> None:
    # an mcp_call the provider ran (Responses API reference: ``arguments``, "A JSON string
    # of the arguments passed to the tool"): kept as text, as other text that is no object
    item = {"type": "mcp_call", "id": "mcp_1", "name": "roll", "server_label": "dice",
            "arguments": '{"d": 6, "d": 20}', "output": "4"}
    [call] = toolwire.decode_all({"output": [item]}, "openai.responses", include_server=True)
    assert call.args == {"arguments": '{"d": 6, "d": 20}'}


def test_a_free_form_string_giving_a_key_twice_stays_the_string() -> None:
    from toolwire import schema

    s = {"type": "object", "properties": {"meta": {"type": "object", "additionalProperties": True}},
         "required": ["meta"]}
    r = schema.render(s, "openai.chat", free_form="string")
    sent = {"meta": '{"a": 1, "a": 2}'}
    assert r.decode(sent) == sent  # as one holding NaN: the issue is the string's type
    assert [(e.path, e.keyword) for e in r.validate(sent)] == [("$.meta", "type")]
    assert r.decode({"meta": '{"a": 1, "b": "x:y"}'}) == {"meta": {"a": 1, "b": "x:y"}}
