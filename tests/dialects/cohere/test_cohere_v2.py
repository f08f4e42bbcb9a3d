"""Cohere v2 (``cohere.v2``): corpus, tool_plan, results, finish reasons."""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import Conversation, Message, ToolCall
from toolwire.conversation import Reasoning, Text


def _canon(calls: List[Any]) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in calls]


def test_null_arguments_give_empty_args_and_reencode() -> None:
    item = {"id": "currentTime_tf4dywn8wgnk", "type": "function", "function": {"name": "currentTime", "arguments": "null"}}
    call = toolwire.decode(item, "cohere.v2")
    assert call.args == {} and "empty-arguments" in call.repairs
    # re-encoded as "{}": servers that parse the history refuse "null" (#15)
    assert toolwire.encode(call, "cohere.v2") == dict(item, function={"name": "currentTime", "arguments": "{}"})


def test_max_tokens_marks_cut_off_calls_truncated() -> None:
    payload = {
        "id": "x",
        "finish_reason": "MAX_TOKENS",
        "message": {"role": "assistant", "tool_calls": [
            {"id": "f_aaaaaaaaaaaa", "type": "function", "function": {"name": "f", "arguments": '{"a": "par'}}
        ]},
    }
    with pytest.raises(toolwire.ArgumentsError):
        toolwire.decode_all(payload)
    kept = toolwire.decode_all(payload, invalid="keep")
    assert isinstance(kept[0], toolwire.InvalidToolCall) and kept[0].truncated


def test_document_results() -> None:
    item = {"role": "tool", "tool_call_id": "get_weather_9gpb31r7h7mj",
            "content": [{"type": "document", "document": {"data": {"temp": 22}}}, {"type": "text", "text": "ok"}]}
    result = toolwire.decode_result(item, "cohere.v2")
    assert result.id == "get_weather_9gpb31r7h7mj"
    assert result.content == [{"type": "json", "json": {"temp": 22}}, {"type": "text", "text": "ok"}]
    assert toolwire.encode_result(result, "cohere.v2") == item
    with_id = copy.deepcopy(item)
    with_id["content"][0]["document"]["id"] = "doc-1"  # kept on a re-encode
    assert toolwire.encode_result(toolwire.decode_result(with_id, "cohere.v2"), "cohere.v2") == with_id


def test_json_result_becomes_a_document() -> None:
    result = toolwire.ToolResult(id="a_1", content=[{"type": "json", "json": {"t": 1}}])
    assert toolwire.encode_result(result, "cohere.v2")["content"] == [{"type": "document", "document": {"data": {"t": 1}}}]


def test_tool_definition_has_no_strict() -> None:
    tool = toolwire.Tool(name="f", parameters={"type": "object"}, strict=True)
    assert toolwire.encode_tool(tool, "cohere.v2") == {
        "type": "function", "function": {"name": "f", "parameters": {"type": "object"}}
    }


def test_tool_plan_message_is_detected() -> None:
    msg = {"role": "assistant", "tool_plan": "p", "tool_calls": [
        {"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}
    assert toolwire.detect(msg) == "cohere.v2"


def test_a_document_whose_data_is_text_is_text_not_a_json_string() -> None:
    """Cohere's tool-use guide sends ``{"type": "document", "document": {"data":
    json.dumps(result)}}`` (https://docs.cohere.com/docs/tool-use-overview): data as text.
    It decoded to a JSON part holding a string, which every other dialect then wrote
    JSON-encoded a second time ('"{\\"temperature\\": ...}"')."""
    wire = {"role": "tool", "tool_call_id": "get_weather_1byjy32y4hvq", "content": [{"type": "document", "document": {"data": '{"temperature": "20C"}'}}]}
    result = toolwire.decode_result(wire, "cohere.v2")
    assert result.content == [{"type": "text", "text": '{"temperature": "20C"}'}]
    assert toolwire.encode_result(result, "cohere.v2") == wire  # still exact in its own dialect
    assert toolwire.convert(wire, to="openai.chat", source="cohere.v2") == {
        "role": "tool",
        "tool_call_id": "get_weather_1byjy32y4hvq",
        "content": '{"temperature": "20C"}',
    }
    as_object = {"role": "tool", "tool_call_id": "c", "content": [{"type": "document", "document": {"data": {"temperature": "20C"}}}]}
    assert toolwire.decode_result(as_object, "cohere.v2").content == [{"type": "json", "json": {"temperature": "20C"}}]


# cohere's ``FinishReason``: COMPLETE, STOP_SEQUENCE, MAX_TOKENS, TOOL_CALL, ERROR, ERROR_TOXIC,
# ERROR_LIMIT, USER_CANCEL, TIMEOUT (https://docs.cohere.com/reference/chat, ``finish_reason``)
@pytest.mark.parametrize("reason", ["ERROR_LIMIT", "ERROR_TOXIC", "USER_CANCEL", "TIMEOUT"])
def test_every_finish_reason_names_a_cohere_reply(reason: str) -> None:
    """A reply with no ``tool_plan`` is known by its upper-case finish reason: each one
    cohere sends, not only the usual ones."""
    payload = {"id": "x", "finish_reason": reason, "message": {"role": "assistant", "tool_calls": [
        {"id": "f_1byjy32y4hvq", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}]}}
    for dialect in ("cohere.v2", None):
        got = toolwire.decode_all(payload, dialect, invalid="keep")
        if reason == "ERROR_TOXIC":  # stopped by the content filter: its call never runs (test_stopped_replies)
            assert [(type(c), c.name, c.id) for c in got] == [(toolwire.InvalidToolCall, "f", "f_1byjy32y4hvq")]
        else:
            assert got == [toolwire.ToolCall("f", {"a": 1}, "f_1byjy32y4hvq")]
    assert toolwire.detect(payload) == "cohere.v2"


def test_error_limit_marks_cut_off_calls_truncated() -> None:
    """``ERROR_LIMIT``: the context window ran out; a call it cut off never runs, from the
    whole reply, its stream, or ``response.normalize``."""
    from cohere.v2.types import V2ChatResponse

    from toolwire.response import normalize
    from toolwire.stream import accumulate

    payload = {"id": "x", "finish_reason": "ERROR_LIMIT", "message": {"role": "assistant", "tool_calls": [
        {"id": "f_1byjy32y4hvq", "type": "function", "function": {"name": "f", "arguments": '{"a": 1'}}]}}
    sdk = V2ChatResponse.model_validate(payload)
    for given in (payload, sdk):
        with pytest.raises(toolwire.ArgumentsError):
            toolwire.decode_all(given, "cohere.v2")
        [kept] = toolwire.decode_all(given, "cohere.v2", invalid="keep")
        assert type(kept) is toolwire.InvalidToolCall and kept.truncated and kept.name == "f"
        r = normalize(given)
        assert (r.provider, r.finish_reason, r.tool_calls) == ("cohere.v2", "context_window", ())
        [bad] = r.invalid_tool_calls
        assert bad.truncated and (bad.name, bad.id) == ("f", "f_1byjy32y4hvq")
    events = [
        {"type": "message-start", "id": "x", "delta": {"message": {"role": "assistant"}}},
        {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
            "id": "f_1byjy32y4hvq", "type": "function", "function": {"name": "f", "arguments": ""}}}}},
        {"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": {"function": {
            "arguments": '{"a": 1'}}}}},
        {"type": "tool-call-end", "index": 0},
        {"type": "message-end", "delta": {"finish_reason": "ERROR_LIMIT"}},
    ]
    [streamed] = accumulate(events)
    assert type(streamed) is toolwire.InvalidToolCall and streamed.truncated


def test_text_beside_calls_is_written_once_as_the_tool_plan() -> None:
    """An assistant message written fresh with Cohere reasoning, text and a call: the
    text is its ``tool_plan`` ("the text that goes with the tool calls",
    https://docs.cohere.com/reference/chat: ``AssistantMessage.tool_plan``), and its
    ``content`` holds the thinking block alone (``ThinkingAssistantMessageV2ContentOneItem``),
    never the text a second time."""
    thinking = {"type": "thinking", "thinking": "The user wants the weather."}
    call = ToolCall("get_weather", {"location": "Paris"}, "get_weather_9gpb31r7h7mj")
    conv = Conversation([Message("user", [Text("Weather in Paris?")]),
                         Message("assistant", [Reasoning(thinking["thinking"], "cohere.v2", thinking),
                                               Text("I will look up the weather."), call])])
    out = toolwire.encode_conversation(conv, "cohere.v2")
    assert out["messages"][1] == {
        "role": "assistant",
        "tool_calls": [{"id": "get_weather_9gpb31r7h7mj", "type": "function",
                        "function": {"name": "get_weather", "arguments": '{"location":"Paris"}'}}],
        "tool_plan": "I will look up the weather.",
        "content": [thinking],
    }
    # without calls the text is the content, beside the thinking block, once
    conv = Conversation([Message("user", [Text("Hi")]),
                         Message("assistant", [Reasoning(thinking["thinking"], "cohere.v2", thinking), Text("Hello.")])])
    assert toolwire.encode_conversation(conv, "cohere.v2")["messages"][1] == {
        "role": "assistant", "content": [thinking, {"type": "text", "text": "Hello."}]}


def _cohere_start(name: str = "get_weather") -> Dict[str, Any]:
    return {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
        "id": "get_weather_9gpb31r7h7mj", "type": "function", "function": {"name": name, "arguments": ""}}}}}


def _cohere_delta(piece: str) -> Dict[str, Any]:
    return {"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": {"function": {
        "arguments": piece}}}}}


_COHERE_END = [{"type": "tool-call-end", "index": 0},
               {"type": "message-end", "delta": {"finish_reason": "TOOL_CALL"}}]


def test_a_tool_call_start_again_before_any_delta_is_one_call() -> None:
    """``tool-call-start`` delivered twice (a retried event): one call, never a truncated second."""
    from toolwire.stream import accumulate
    events = [_cohere_start(), _cohere_start(), _cohere_delta('{"location": "Toronto"}'), *_COHERE_END]
    assert accumulate(events, "cohere.v2") == [ToolCall("get_weather", {"location": "Toronto"},
                                                        "get_weather_9gpb31r7h7mj")]


@pytest.mark.parametrize("again", ["after-delta", "other-name"])
def test_a_tool_call_start_again_that_differs_is_never_run(again: str) -> None:
    from toolwire.stream import accumulate
    if again == "after-delta":
        events = [_cohere_start(), _cohere_delta('{"location": '), _cohere_start(), _cohere_delta('"Toronto"}')]
    else:
        events = [_cohere_start(), _cohere_start("get_time"), _cohere_delta('{"location": "Toronto"}')]
    (call,) = accumulate(events + _COHERE_END, "cohere.v2")
    assert type(call) is toolwire.InvalidToolCall and call.id == "get_weather_9gpb31r7h7mj"


def test_a_tool_call_sent_again_after_its_end_is_never_a_second_run() -> None:
    from toolwire.stream import accumulate
    call = [_cohere_start(), _cohere_delta('{"location": "Toronto"}'), {"type": "tool-call-end", "index": 0}]
    first, again = accumulate(call + call + _COHERE_END[1:], "cohere.v2")
    assert first == ToolCall("get_weather", {"location": "Toronto"}, "get_weather_9gpb31r7h7mj")
    assert type(again) is toolwire.InvalidToolCall and "after its end" in again.error
