"""Groq's ``executed_tools`` on a bare message and in histories (review revSv2, session 43).

Literals: Groq's compound systems (https://console.groq.com/docs/compound:
``completion.choices[0].message.executed_tools``; the groq SDK's ``ExecutedTool{index,
type, arguments, output, search_results}``): a message without ``tool_calls`` that lists
the tools Groq ran is ``openai.chat``'s, never Anthropic's or a Responses message item
(both read it as a message without calls: ``[]``), and writing such a history for another
provider notes what it goes without.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

RAN = [{"index": 0, "type": "search", "arguments": "{\"query\": \"weather Tokyo\"}",
        "output": "Title: Tokyo weather ...", "search_results": {"results": []}}]
REPLY = {"role": "assistant", "content": "It is 18°C and sunny in Tokyo.", "executed_tools": RAN}
BARE = [
    REPLY,
    {"role": "assistant", "content": None, "executed_tools": RAN},
    {"role": "assistant", "content": "It is sunny.", "reasoning": "searching", "executed_tools": RAN},
    {"role": "assistant", "content": [{"type": "text", "text": "It is sunny."}], "executed_tools": RAN},
]


@pytest.mark.parametrize("msg", BARE)
def test_a_bare_groq_message_is_openai_chat(msg: Dict[str, Any]) -> None:
    assert toolwire.detect(msg) == "openai.chat"
    assert toolwire.decode_all(msg) == []
    (call,) = toolwire.decode_all(msg, include_server=True)
    assert (call.name, call.args, call.server) == ("search", {"query": "weather Tokyo"}, True)


def test_a_message_with_an_empty_executed_tools_holds_no_call() -> None:
    msg = {"role": "assistant", "content": "Hi.", "executed_tools": []}
    assert toolwire.decode_all(msg, include_server=True) == []


def test_an_anthropic_message_is_still_anthropic() -> None:
    msg = {"role": "assistant", "content": "It is sunny."}
    assert toolwire.detect(msg) == "anthropic.messages"


HISTORY = [{"role": "user", "content": "What is the weather in Tokyo?"}, REPLY,
           {"role": "user", "content": "Thanks"}]


@pytest.mark.parametrize("target", ["anthropic.messages", "openai.responses", "gemini", "bedrock.converse",
                                    "mistral"])
def test_executed_tools_dropped_for_another_target_are_noted(target: str) -> None:
    report: list = []
    toolwire.encode_conversation(HISTORY, target, source="openai.chat", report=report)
    (note,) = [p for p in report if p.kind == "dropped"]
    assert note.index == 1 and "executed_tools" in note.message and "search" in note.message


def test_executed_tools_written_back_to_chat_as_they_came() -> None:
    report: list = []
    out = toolwire.encode_conversation(HISTORY, "openai.chat", source="openai.chat", report=report)
    assert out["messages"][1]["executed_tools"] == RAN and report == []


TOOL_USE = [{"type": "text", "text": "Let me check."},
            {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {"city": "Tokyo"}}]


@pytest.mark.parametrize("ran", [[], None])
def test_an_anthropic_message_with_no_executed_tools_keeps_its_call(ran: Any) -> None:
    msg = {"role": "assistant", "content": TOOL_USE, "executed_tools": ran}
    (call,) = toolwire.decode_all(msg)
    assert (call.name, call.args, call.id) == ("get_weather", {"city": "Tokyo"}, "toolu_01A")


def test_anthropic_blocks_beside_groq_items_are_refused() -> None:
    msg = {"role": "assistant", "content": TOOL_USE, "executed_tools": RAN}  # no provider sends both
    with pytest.raises(toolwire.DecodeError, match="tool_use"):
        toolwire.decode_all(msg)


@pytest.mark.parametrize("data", [{"executed_tools": RAN[0]}, {"executed_tools": RAN}])
def test_only_toolwire_wraps_an_executed_tools_item(data: Dict[str, Any]) -> None:
    from toolwire.dialects.openai import chat_server

    assert chat_server.ran(data) is None  # JSON holds no ``Ran``: only ``children`` makes one
    with pytest.raises(toolwire.DecodeError, match="no known dialect"):
        toolwire.decode_all(data, include_server=True)
    wrapped = chat_server.wrap(RAN[0])
    assert chat_server.ran(wrapped).item is RAN[0]  # type: ignore[union-attr]
