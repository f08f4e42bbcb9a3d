"""An item of a reply's ``tool_calls`` is a call, never a tool definition: one without
``arguments`` (and without an id) reads like a Chat tool definition
(``{"function": {"name"}}``) when alone, but inside ``tool_calls`` it is a call whose
missing arguments are ``{}`` (the arguments policy), as the stream reads it. Skipped,
its siblings would be handed over as the whole answer.

Shapes from https://platform.openai.com/docs/api-reference/chat/object (``message.
tool_calls[]``: ``id``, ``type``, ``function.{name, arguments}``; gateways omit ``id``,
``type`` or ``arguments``) and https://github.com/ollama/ollama/blob/main/docs/api.md
(``/api/chat`` response: ``message.tool_calls[].function.{name, arguments}``, ``done``).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import Tool, ToolCall
from toolwire.stream import accumulate

NO_ARGS = {"function": {"name": "get_time"}}
TYPED_NO_ARGS = {"type": "function", "function": {"name": "get_time"}}
WEATHER = {"function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}


def _msg(calls: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": calls}


@pytest.mark.parametrize("item", [NO_ARGS, TYPED_NO_ARGS])
@pytest.mark.parametrize("dialect", [None, "openai.chat", "mistral"])
def test_a_call_without_arguments_in_tool_calls_is_kept(item: Dict[str, Any], dialect: Any) -> None:
    calls = toolwire.decode_all(_msg([item, WEATHER]), dialect)
    assert [(c.name, c.args, c.id) for c in calls] == [("get_time", {}, None), ("get_weather", {"city": "Paris"}, None)]
    assert type(calls[0]) is ToolCall and calls[0].repairs == ("empty-arguments",)


def test_in_a_completion_too() -> None:
    completion = {"object": "chat.completion", "choices": [
        {"index": 0, "message": _msg([NO_ARGS]), "finish_reason": "tool_calls"}]}
    assert [(c.name, c.args) for c in toolwire.decode_all(completion)] == [("get_time", {})]


def test_the_stream_and_the_whole_reply_agree() -> None:
    tcs = [dict(NO_ARGS, index=0), dict(WEATHER, index=1)]
    chunks = [{"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": tcs}}]},
              {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}]
    assert accumulate(chunks) == toolwire.decode_all(_msg([NO_ARGS, WEATHER]))


@pytest.mark.parametrize("dialect", [None, "ollama"])
def test_ollama_reply(dialect: Any) -> None:
    reply = {"model": "llama3.2", "created_at": "2025-01-01T00:00:00Z",
             "message": {"role": "assistant", "content": "", "tool_calls": [NO_ARGS, {
                 "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]},
             "done": True, "done_reason": "stop"}
    calls = toolwire.decode_all(reply, dialect)
    assert [(c.name, c.args) for c in calls] == [("get_time", {}), ("get_weather", {"city": "Paris"})]
    if dialect == "ollama":  # written back as received: no arguments
        assert toolwire.encode(calls[0], "ollama") == {"function": {"name": "get_time"}}


def test_alone_it_is_still_a_tool_definition() -> None:
    assert toolwire.detect(TYPED_NO_ARGS) == "openai.chat"
    assert toolwire.explain(TYPED_NO_ARGS).kind == "tool"
    assert toolwire.decode_tool(TYPED_NO_ARGS) == Tool(name="get_time")


def test_a_list_of_definitions_holds_no_call() -> None:
    weather = {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}
    assert toolwire.decode_all([weather, TYPED_NO_ARGS]) == []


def test_a_list_of_bare_names_is_no_list_of_definitions() -> None:
    # a call without arguments or a definition without parameters: never ``[]``
    # (``tests/test_definitions_among_calls.py``)
    with pytest.raises(toolwire.DecodeError, match=r"^Input at \$\[0\] is an openai.chat tool definition"):
        toolwire.decode_all([TYPED_NO_ARGS])
