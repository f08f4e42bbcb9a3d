"""An ``executed_tools`` key that holds no Groq item (review revServer, session 43): Anthropic's
and Responses' sniffers declined every message whose ``executed_tools`` was truthy (``True``,
a string, an object, an app's own record ``[{"tool_name", "input", "output"}]``), so such a
message went to ``openai.chat``, which refuses it (1,458 of 1,458 Anthropic ``tool_use``
messages of the reviewer's generator). Only a list holding an item of Groq's shape
(https://console.groq.com/docs/compound: ``{"index", "type", "arguments", ...}``) makes a
message Chat's; the notes written for another target agree in number, and a ``user`` or
``system`` message with Groq items is noted as it is read (as server calls).
"""

from __future__ import annotations

import collections
from typing import Any, List

import pytest

import toolwire

TOOL_USE = [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}]
APP = [True, "search", {"search": 1}, [{"tool_name": "search", "input": "x", "output": "y"}], ["search", "python"],
       [{"name": "get_weather", "args": {"a": 1}}], [None], 3]
RAN = [{"index": 0, "type": "search", "arguments": "{\"query\": \"weather Tokyo\"}", "output": "o"},
       {"index": 1, "type": "python", "arguments": "{\"code\": \"1+1\"}", "output": "2"}]


@pytest.mark.parametrize("value", APP)
def test_an_anthropic_message_with_an_apps_executed_tools_keeps_its_call(value: Any) -> None:
    msg = {"role": "assistant", "content": TOOL_USE, "executed_tools": value}
    assert toolwire.detect(msg) == "anthropic.messages"
    (call,) = toolwire.decode_all(msg)
    assert (call.name, call.args, call.id) == ("f", {"a": 1}, "toolu_1")


@pytest.mark.parametrize("value", APP)
def test_a_responses_message_with_an_apps_executed_tools_is_a_message(value: Any) -> None:
    msg = {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "x"}],
           "executed_tools": value}
    assert toolwire.decode_all(msg) == []
    item = {"role": "assistant", "content": [{"type": "output_text", "text": "x"}], "executed_tools": value}
    assert toolwire.detect(item) in ("openai.responses", "anthropic.messages")  # as without the key
    assert toolwire.decode_all(item) == []


def test_groq_items_still_make_a_message_chats() -> None:
    msg = {"role": "assistant", "content": "It is sunny.", "executed_tools": RAN[:1]}
    assert toolwire.detect(msg) == "openai.chat"
    (call,) = toolwire.decode_all(msg, include_server=True)
    assert (call.name, call.server) == ("search", True)


def _notes(msgs: List[Any]) -> List[Any]:
    report: list = []
    toolwire.encode_conversation(msgs, "gemini", source="openai.chat", report=report)
    return [p for p in report if p.kind == "dropped" and "executed_tools" in p.message]


def test_the_note_agrees_in_number() -> None:
    msgs = [{"role": "user", "content": "q"}, {"role": "assistant", "content": "ok", "executed_tools": RAN}]
    (note,) = _notes(msgs)
    assert note.message == ("The list of the 2 tools the provider ran (executed_tools: 'search', 'python') "
                            "of message 1 is not sent to gemini")
    msgs[1]["executed_tools"] = RAN[:1]
    (note,) = _notes(msgs)
    assert note.message.startswith("The list of the 1 tool the provider ran (executed_tools: 'search') of message 1 is ")


@pytest.mark.parametrize("role", ["user", "system"])
def test_groq_items_on_another_role_are_noted_as_they_are_read(role: str) -> None:
    msg = {"role": role, "content": "q", "executed_tools": RAN[:1]}
    (call,) = toolwire.decode_all(msg, include_server=True)  # read: a server call
    assert call.server
    (note,) = _notes([msg, {"role": "assistant", "content": "ok"}] if role == "system" else [msg])
    assert note.index == 0


@pytest.mark.parametrize("wrap", ["ordered", "list_subclass"])
def test_groq_items_of_other_containers_are_still_chats(wrap: str) -> None:
    # review revServer2: an OrderedDict item or a list subclass (as the Chat reader reads them)
    # no longer made Anthropic's sniffer decline: the message was Anthropic's, its calls dropped
    class Items(list):  # type: ignore[type-arg]
        pass

    item = {"index": 0, "type": "search", "arguments": '{"query": "x"}', "output": "o"}
    ran: Any = [collections.OrderedDict(item)] if wrap == "ordered" else Items([item])
    message = {"role": "assistant", "content": "It is sunny.", "executed_tools": ran}
    got = toolwire.decode_all(message, include_server=True)
    assert [(c.name, c.args, c.server) for c in got] == [("search", {"query": "x"}, True)]
