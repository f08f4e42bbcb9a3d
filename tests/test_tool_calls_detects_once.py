"""``ToolCalls`` detects each item once.

It reads the ``ToolCall`` field's dict form (a dict of its keys only), so it asks
detection what such an item is; it hands the list to ``decode_all``, whose plain-list
step reads each item through the registry's plan (``test_list_calls``), and asks
detection of every item only to report a tool definition among them (two registry
sniffs per call before, one after that). Held to ``decode_all`` by a property over
every dialect's calls.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire
from sniffs import count_sniffs
from toolwire import DecodeError, ToolCall, ToolCalls, strategies

# https://platform.openai.com/docs/api-reference/chat/object (``tool_calls[]``)
CHAT = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
DIALECTS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "mistral",
            "cohere.v2", "ollama", "mcp", "canonical"]


@pytest.mark.parametrize(("value", "sniffs"), [([CHAT, CHAT, CHAT], 0), ((CHAT, CHAT, CHAT), 0),
                                               ([{"name": "f"}, CHAT, CHAT], 1)])
def test_each_item_is_detected_once(monkeypatch: Any, value: Any, sniffs: int) -> None:
    """Detection asked only of the field's dict form; the calls through the plan (``decode_all``)."""
    seen = count_sniffs(monkeypatch)
    got = ToolCalls(value)
    assert len(got) == 3
    assert seen[0] == sniffs


def test_one_call_is_detected_once(monkeypatch: Any) -> None:
    seen = count_sniffs(monkeypatch)
    assert ToolCalls(CHAT) == [ToolCall("f", {"a": 1}, "call_1")]
    assert seen[0] == 1


def test_errors_come_in_list_order_as_before() -> None:
    bad = dict(CHAT, function={"name": "f", "arguments": "[1]"})
    with pytest.raises(DecodeError) as info:  # the definition at $[1] is met first, as before
        ToolCalls([bad, {"type": "function", "function": {"name": "g"}}])
    assert info.value.loc == "$[1]"
    with pytest.raises(DecodeError) as info:
        ToolCalls([CHAT, bad])
    assert info.value.loc == "$[1].function.arguments"


@given(st.data())
def test_tool_calls_agrees_with_decode_all(data: st.DataObject) -> None:
    dialect = data.draw(st.sampled_from(DIALECTS))
    calls = data.draw(st.lists(strategies.tool_calls(dialect), max_size=4))
    items = [toolwire.encode(c, dialect) for c in calls]
    assert ToolCalls(items) == [c for c in toolwire.decode_all(items) if isinstance(c, ToolCall)]
    for item in items:
        assert ToolCalls(item) == toolwire.decode_all(item)
