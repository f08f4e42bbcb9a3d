"""``openai.chat``: a message (or a stream's deltas) carrying its call both in
``tool_calls`` and in the deprecated ``function_call`` gives the call once.

llama-cpp-python's OpenAI-compatible server writes every forced ``tool_choice`` reply so
(``llama_cpp/llama_chat_format.py`` ``_convert_completion_to_chat_function``: the
message ``{"content": None, "function_call": {"name", "arguments"}, "tool_calls":
[{"id", "type": "function", "function": {"name", "arguments"}}]}``, "# TODO: Fix for
legacy function calls"; every streamed chunk repeats the argument piece in both). The
``function_call`` is the legacy form of the same turn (reference/wire-formats.md §1;
LangChain #31198 "ignore function_calls if tool_calls are present"); one that repeats
no ``tool_calls`` entry is no mirror: an ``InvalidToolCall``, never a second call to run.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
import toolwire.response
from toolwire import DecodeError, InvalidToolCall, ToolCall
from toolwire.stream import accumulate

TID = "call__0_f_cmpl-1"  # ``"call_" + "_0_" + tool_name + "_" + completion["id"]``
MSG: Dict[str, Any] = {
    "role": "assistant", "content": None,
    "function_call": {"name": "f", "arguments": '{"a": 1}'},
    "tool_calls": [{"id": TID, "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}],
}
RESP = {"id": "chatcmpl-1", "object": "chat.completion", "model": "m",
        "choices": [{"index": 0, "message": MSG, "finish_reason": "tool_calls"}]}
ONE = [ToolCall(name="f", args={"a": 1}, id=TID)]


def test_the_mirror_adds_no_call() -> None:
    assert toolwire.decode_all(RESP) == ONE
    assert toolwire.decode_all(MSG) == ONE
    assert toolwire.decode_all(RESP, "openai.chat") == ONE
    assert list(toolwire.response.normalize(RESP).tool_calls) == ONE


def test_the_mirror_of_the_first_of_several_calls() -> None:
    # llama-cpp-python's functionary handlers mirror ``tool_calls[0]`` beside several calls
    g = {"id": "call_g", "type": "function", "function": {"name": "g", "arguments": "{}"}}
    msg = {**MSG, "tool_calls": [*MSG["tool_calls"], g]}
    assert toolwire.decode_all(msg) == [*ONE, ToolCall(name="g", args={}, id="call_g")]


@pytest.mark.parametrize("fc", [{"name": "g", "arguments": '{"a": 1}'}, {"name": "f", "arguments": '{"a": 2}'},
                                {"name": "f", "arguments": '{"a":1}'}])
def test_a_function_call_repeating_no_tool_call_is_invalid(fc: Dict[str, Any]) -> None:
    msg = {**MSG, "function_call": fc}
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(msg)
    assert err.value.loc == "$.function_call"
    assert str(err.value).startswith("Legacy function_call at $.function_call repeats none of the tool_calls")
    calls = toolwire.decode_all(msg, invalid="keep")
    assert calls[0] == ONE[0]
    assert type(calls[1]) is InvalidToolCall and calls[1].name == fc["name"] and calls[1].id is None
    assert len(calls) == 2


def test_without_tool_calls_the_function_call_is_the_call() -> None:
    for tcs in (None, []):
        msg = {**MSG, "tool_calls": tcs}
        assert toolwire.decode_all(msg) == [ToolCall(name="f", args={"a": 1}, id=None)]


def test_conversation_reads_the_call_once_and_writes_the_message_back_as_received() -> None:
    body = {"messages": [{"role": "user", "content": "go"}, MSG,
                         {"role": "tool", "tool_call_id": TID, "content": "ok"}]}
    conv = toolwire.decode_conversation(body)
    calls = [p for p in conv.messages[1].parts if isinstance(p, (ToolCall, InvalidToolCall))]
    assert calls == ONE
    assert toolwire.encode_conversation(conv, "openai.chat") == body  # the message as received, mirror kept
    anthropic = toolwire.encode_conversation(conv, "anthropic.messages")
    assert anthropic["messages"][1]["content"] == [{"type": "tool_use", "id": TID, "name": "f", "input": {"a": 1}}]
    # written fresh, the call is in tool_calls only (OpenAI refuses a message with both: langchain#31198)
    fresh = toolwire.encode_conversation(toolwire.decode_conversation(anthropic), "openai.chat")["messages"][1]
    assert "function_call" not in fresh and len(fresh["tool_calls"]) == 1


def test_conversation_keeps_a_non_mirror_as_an_invalid_call() -> None:
    msg = {**MSG, "function_call": {"name": "g", "arguments": "{}"}}
    conv = toolwire.decode_conversation({"messages": [msg]})
    calls = [p for p in conv.messages[0].parts if isinstance(p, (ToolCall, InvalidToolCall))]
    assert calls[0] == ONE[0]
    assert type(calls[1]) is InvalidToolCall and calls[1].name == "g"
    assert len(calls) == 2


# ---- streams ----------------------------------------------------------------------------


def _ch(delta: Dict[str, Any], fr: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "finish_reason": fr, "logprobs": None, "delta": delta}]}


def _both(piece: str, fc: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    return _ch({"role": None, "content": None,
                "function_call": {"name": "f", "arguments": piece} if fc is None else fc,
                "tool_calls": [{"index": 0, "id": TID, "type": "function",
                                "function": {"name": "f", "arguments": piece}}]})


# ``_stream_response_to_function_stream``: a blank first chunk, each piece in both fields, a
# last chunk of nulls with the finish reason
_NULLS = {"role": None, "content": None, "function_call": None, "tool_calls": None}
LLAMA_CPP = [_ch({**_NULLS, "role": "assistant"}), _both('{"a":'), _both(" 1}"), _ch(_NULLS, "tool_calls")]


def test_stream_mirror_adds_no_call() -> None:
    assert accumulate(LLAMA_CPP) == [ToolCall(name="f", args={"a": 1}, id=TID)]


def test_stream_mirror_events_start_one_call() -> None:
    from toolwire.stream import Accumulator, CallStarted

    acc = Accumulator()
    events = [e for chunk in LLAMA_CPP for e in acc.feed(chunk)]
    assert [e for e in events if isinstance(e, CallStarted)] == [CallStarted(0, TID, "f")]


def test_stream_function_call_repeating_no_tool_call_is_invalid() -> None:
    chunks = [LLAMA_CPP[0], _both('{"a":', {"name": "g", "arguments": '{"a":'}), _both(" 1}"),
              LLAMA_CPP[-1]]
    out = accumulate(chunks)
    assert out[0] == ToolCall(name="f", args={"a": 1}, id=TID)
    assert type(out[1]) is InvalidToolCall and out[1].name == "g" and out[1].id is None
    assert out[1].error.startswith("Legacy function_call at $.choices[0].delta.function_call repeats none")
    assert len(out) == 2


@pytest.mark.parametrize("dummy", [{"name": "", "arguments": ""}, {"name": None, "arguments": None},
                                   {"arguments": ""}])
def test_stream_all_empty_function_call_opens_no_call(dummy: Dict[str, Any]) -> None:
    # the dummy the whole-message reader skips (Snowflake Cortex), in every delta
    chunks: List[Dict[str, Any]] = [
        _ch({"role": "assistant", "content": "", "function_call": dummy,
             "tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                             "function": {"name": "f", "arguments": ""}}]}),
        _ch({"function_call": dummy, "tool_calls": [{"index": 0, "function": {"arguments": '{"a": 1}'}}]}),
        _ch({"function_call": dummy}, "tool_calls")]
    assert accumulate(chunks) == [ToolCall(name="f", args={"a": 1}, id="call_1")]


# ---- a token-limit finish: object arguments {} (finding 8) --------------------------------


def test_object_arguments_empty_under_length_are_cut_off() -> None:
    # what ollama reads as cut off (docs/dialects/ollama.md: "never a runnable call with {}")
    r = {"id": "x", "object": "chat.completion", "model": "m", "choices": [{"index": 0, "message": {
        "role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function",
                                                              "function": {"name": "get_weather", "arguments": {}}}]},
        "finish_reason": "length"}]}
    (call,) = toolwire.decode_all(r, invalid="keep")
    assert type(call) is InvalidToolCall and call.truncated and call.name == "get_weather" and call.id == "call_1"
    (kept,) = toolwire.decode_all(r, allow_truncated=True)
    assert kept.args == {} and "truncated" in kept.repairs
    r["choices"][0]["finish_reason"] = "stop"
    assert toolwire.decode_all(r) == [ToolCall(name="get_weather", args={}, id="call_1")]


@pytest.mark.parametrize("dialect", ["mistral", "cohere.v2"])
def test_object_arguments_empty_under_length_are_cut_off_in_every_chat_shaped_dialect(dialect: str) -> None:
    # one rule (``_args.function_arguments``): Mistral's reader (``openai_like``) ran ``{}`` under length
    r = {"id": "x", "object": "chat.completion", "model": "m", "choices": [{"index": 0, "message": {
        "role": "assistant", "content": None, "tool_calls": [{"id": "abcdefghi", "type": "function",
                                                              "function": {"name": "get_weather", "arguments": {}}}]},
        "finish_reason": "length"}]}
    if dialect == "cohere.v2":
        r = {"id": "x", "finish_reason": "MAX_TOKENS", "message": {"role": "assistant", "tool_calls": [
            {"id": "get_weather_abcdefghijkl", "type": "function", "function": {"name": "get_weather", "arguments": {}}}]}}
    (call,) = toolwire.decode_all(r, dialect, invalid="keep")
    assert type(call) is InvalidToolCall and call.truncated and call.name == "get_weather"


def test_stream_function_call_before_the_tool_calls_is_invalid() -> None:
    fc = _ch({"function_call": {"name": "f", "arguments": ""}})
    out = accumulate([LLAMA_CPP[0], fc, *LLAMA_CPP[1:]])
    assert type(out[0]) is InvalidToolCall and out[0].name == "f"
    assert out[0].error.startswith("The legacy function_call of choice 0 came before tool_calls")
    assert out[1] == ToolCall(name="f", args={"a": 1}, id=TID)
    assert len(out) == 2


def test_stream_function_call_after_the_tool_calls_alone_is_invalid() -> None:
    fc = _ch({"function_call": {"name": "f", "arguments": '{"a": 1}'}})
    out = accumulate([*LLAMA_CPP[:-1], fc, LLAMA_CPP[-1]])
    assert out[0] == ToolCall(name="f", args={"a": 1}, id=TID)
    assert type(out[1]) is InvalidToolCall and out[1].name == "f" and out[1].raw == '{"a": 1}'
    assert len(out) == 2


def test_stream_object_arguments_empty_under_length_are_cut_off() -> None:
    def tc(fr: str) -> List[Dict[str, Any]]:
        return [_ch({"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                     "function": {"name": "get_weather", "arguments": {}}}]}), _ch({}, fr)]
    (call,) = accumulate(tc("length"))
    assert type(call) is InvalidToolCall and call.truncated and call.name == "get_weather"
    assert accumulate(tc("tool_calls")) == [ToolCall(name="get_weather", args={}, id="call_1")]
    assert accumulate(tc("tool_calls"))[0].repairs == toolwire.decode_all(
        {"tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": {}}}]}
    )[0].repairs


# ---- the mirror rule needs no mark in any payload --------------------------------------------

_OLD_MARK = " beside tool_calls"  # the key ``children`` once put in the item it gave


@pytest.mark.parametrize("args", ["{}", {"a": 1}])
def test_a_callers_dict_holding_the_old_mark_is_no_function_call_beside_tool_calls(args: Any) -> None:
    # a key any caller may send: it says nothing of a message's tool_calls
    item = {"name": "g", "arguments": args, _OLD_MARK: True}
    for dialect in (None, "openai.chat"):
        with pytest.raises(DecodeError) as err:
            toolwire.decode(item, dialect)
        assert "repeats none of the tool_calls" not in str(err.value)
        assert "matches no known dialect" in str(err.value)
    msg = {"role": "assistant", "content": None, "tool_calls": [item]}
    (bad,) = toolwire.decode_all(msg, invalid="keep")
    assert type(bad) is InvalidToolCall and "repeats none of the tool_calls" not in bad.error


def test_a_function_call_repeating_no_tool_call_has_a_plain_path() -> None:
    msg = {**MSG, "function_call": {"name": "g", "arguments": "{}"}}
    for finish in ("tool_calls", "content_filter"):
        resp = {**RESP, "choices": [{"index": 0, "message": msg, "finish_reason": finish}]}
        bad = toolwire.decode_all(resp, invalid="keep")[-1]
        assert type(bad) is InvalidToolCall and bad.name == "g"
        assert bad.loc == "$.choices[0].message.function_call" and type(bad.loc) is str
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(msg)
    assert type(err.value.loc) is str
