"""ollama: a call without ``index`` is Ollama's when its ``arguments`` are an object and it has
no ``type``, in every path (``decode``, ``decode_all`` of a list, a message or a reply, the
stream, a conversation), and is written back without an ``index``.

Pinned from Ollama's own documents: https://github.com/ollama/ollama/blob/main/docs/api.md
"Chat request (with tools)" answers ``"tool_calls": [{"function": {"name":
"get_current_weather", "arguments": {"format": "celsius", "location": "Paris, FR"}}}]``
(no ``index``, no ``id``, no ``type``), and ollama-python's ``Message.ToolCall`` is
``function: Function(name: str, arguments: Mapping[str, Any])``, so its ``model_dump()``
has neither. Chat's ``function.arguments`` is JSON text and its calls have ``type``
(https://platform.openai.com/docs/api-reference/chat/object): such a call stays Chat's.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import stream

D = "ollama"
# docs/api.md, "Chat request (with tools)", response (``message.tool_calls[0]``)
CALL: Dict[str, Any] = {"function": {"name": "get_current_weather",
                                     "arguments": {"format": "celsius", "location": "Paris, FR"}}}
MESSAGE: Dict[str, Any] = {"role": "assistant", "content": "", "tool_calls": [CALL]}
REPLY: Dict[str, Any] = {
    "model": "llama3.2", "created_at": "2024-07-22T20:33:28.123648Z", "message": MESSAGE,
    "done_reason": "stop", "done": True, "total_duration": 885095291, "load_duration": 3753500,
    "prompt_eval_count": 122, "prompt_eval_duration": 328493000, "eval_count": 33, "eval_duration": 552222000,
}
EXPECTED = toolwire.ToolCall("get_current_weather", {"format": "celsius", "location": "Paris, FR"}, None)
REASON = "object 'arguments' and no 'type' (an Ollama call; its 'index' is optional)"


def _ollama(calls: List[Any]) -> None:
    assert calls == [EXPECTED]
    assert [c.provider_data for c in calls] == [{D: {"no_index": True}}]
    assert toolwire.encode(calls[0], D) == CALL


def test_a_call_without_index() -> None:
    assert tuple(toolwire.explain(CALL)) == (D, "call", REASON)
    assert toolwire.detect(CALL) == D
    _ollama([toolwire.decode(CALL)])
    _ollama(toolwire.decode_all([CALL]))
    # with an id (Ollama's ``call_`` + 8 characters since late 2025): the same
    with_id = {"id": "call_k3x9a0ze", **CALL}
    assert toolwire.explain(with_id).dialect == D
    assert toolwire.encode(toolwire.decode(with_id), D) == with_id


def test_a_message_and_a_reply() -> None:
    assert tuple(toolwire.explain(MESSAGE)) == (
        D, "calls", "an assistant message whose 'tool_calls' hold an Ollama call (" + REASON + ")")
    _ollama(toolwire.decode_all(MESSAGE))
    _ollama(toolwire.decode_all(REPLY))
    assert [toolwire.encode(c, D) for c in toolwire.decode_all(MESSAGE)] == [CALL]


def test_a_message_whose_call_has_index_inside_function() -> None:
    call = {"function": {"index": 0, "name": "get_current_weather", "arguments": {"location": "Paris, FR"}}}
    msg = {"role": "assistant", "content": "", "tool_calls": [call]}
    assert toolwire.explain(msg).dialect == D
    (got,) = toolwire.decode_all(msg)
    assert got.provider_data == {D: {"function_extra": {"index": 0}}}


def test_the_stream() -> None:
    chunks = [
        {"model": "llama3.2", "created_at": "2024-07-22T20:33:28.1Z", "message": MESSAGE, "done": False},
        {"model": "llama3.2", "created_at": "2024-07-22T20:33:28.2Z",
         "message": {"role": "assistant", "content": ""}, "done_reason": "stop", "done": True},
    ]
    acc = stream.Accumulator()
    for chunk in chunks:
        acc.feed(chunk)
    assert acc.dialect == D
    _ollama(acc.close())


def test_a_conversation() -> None:
    history = [{"role": "user", "content": "What is the weather today in Paris?"}, MESSAGE]
    conv = toolwire.decode_conversation(copy.deepcopy(history))
    assert conv.dialect == D
    (call,) = conv.messages[1].parts
    assert call.provider_data == {D: {"no_index": True}}
    assert toolwire.encode_conversation(conv, D) == {"messages": history}


@pytest.mark.parametrize(
    "call",
    [
        {"type": "function", "function": {"name": "f", "arguments": {"a": 1}}},  # Chat's ``type``
        {"function": {"name": "f", "arguments": "{\"a\": 1}"}},  # Chat's JSON text
        {"id": "call_1", "function": {"name": "f", "arguments": "{}"}},
        {"function": {"name": "f", "arguments": {"a": 1}}, "index": 0},  # a key no Ollama call has
    ],
)
def test_chat_calls_stay_chat(call: Dict[str, Any]) -> None:
    assert toolwire.explain(call).dialect == "openai.chat"
    assert toolwire.explain({"role": "assistant", "content": "", "tool_calls": [call]}).dialect == "openai.chat"


def test_ollama_python_objects() -> None:
    ollama = pytest.importorskip("ollama")
    fn = CALL["function"]
    tc = ollama.Message.ToolCall(function=ollama.Message.ToolCall.Function(name=fn["name"], arguments=fn["arguments"]))
    assert toolwire.explain(tc).dialect == D
    _ollama([toolwire.decode(tc)])
    msg = ollama.Message(role="assistant", content="", tool_calls=[tc])
    assert toolwire.explain(msg).dialect == D
    _ollama(toolwire.decode_all(msg))


@pytest.mark.parametrize(
    "call",
    [
        CALL,
        {"id": "call_k3x9a0ze", **CALL},
        {"id": "call_k3x9a0ze", "function": {"index": 0, "name": "get_weather", "arguments": {"city": "Tokyo"}}},
        {"function": {"index": 1, "name": "get_time"}},
        {"id": "", "function": {"index": 0, "name": "f", "arguments": "{\"a\": 1}"}},
    ],
)
def test_the_stream_keeps_what_decode_all_keeps(call: Dict[str, Any]) -> None:
    """The stream's calls carry the provider data ``decode_all`` gives them (``index``, or
    that there was none), so both are written back as they came."""
    reply = {"model": "llama3.2", "message": {"role": "assistant", "content": "", "tool_calls": [call]},
             "done": True, "done_reason": "stop"}
    whole = toolwire.decode_all(reply)
    streamed = stream.accumulate([reply])
    assert streamed == whole
    assert [c.provider_data for c in streamed] == [c.provider_data for c in whole]
    assert [toolwire.encode(c, D) for c in streamed] == [call]
