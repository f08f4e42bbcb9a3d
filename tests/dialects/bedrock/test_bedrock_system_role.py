"""bedrock.converse ``system``-role messages holding ``toolAddition`` / ``toolRemoval`` blocks.

Shapes pinned from botocore 1.44.18, ``botocore/data/bedrock-runtime/2023-09-30/service-2.json``:
``ConversationRole`` is ``user | assistant | system``; ``ContentBlock`` has the members
``toolAddition`` (``ToolAdditionBlock {tool: ToolReference}``: "A content block for adding a
tool to the available tool set mid-conversation ... Use within a ``system`` role message to
make a tool available without re-sending the full tool configuration") and ``toolRemoval``
(``ToolRemovalBlock {tool: ToolReference}``); ``ToolReference {type, name, serverName}``.
The top-level ``system`` (``SystemContentBlock``: ``text``, ``guardContent``, ``cachePoint``)
takes neither, so such a message stays in its place, as Anthropic's in-line ``role:
"system"`` message with ``tool_addition`` does (tests/conversation/test_inline_system_items.py).
"""

from __future__ import annotations

from typing import Any, Dict, List

import toolwire
from toolwire.conversation import (
    Conversation,
    Message,
    Other,
    Problem,
    Text,
    decode_conversation,
    encode_conversation,
)

D = "bedrock.converse"
ADD: Dict[str, Any] = {"toolAddition": {"tool": {"name": "get_weather"}}}
REMOVE: Dict[str, Any] = {"toolRemoval": {"tool": {"type": "mcp", "name": "search", "serverName": "docs"}}}
SYSTEM: Dict[str, Any] = {"role": "system", "content": [ADD]}
REQUEST: Dict[str, Any] = {
    "system": [{"text": "Answer briefly."}],
    "messages": [
        {"role": "user", "content": [{"text": "weather in Paris?"}]},
        SYSTEM,
        {"role": "assistant", "content": [
            {"toolUse": {"toolUseId": "tooluse_1", "name": "get_weather", "input": {"city": "Paris"}}}]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "tooluse_1", "content": [{"text": "18 C"}]}}]},
        {"role": "system", "content": [{"text": "Weather is done."}, REMOVE]},
        {"role": "assistant", "content": [{"text": "18 C in Paris."}]},
    ],
}


def _fresh(conv: Conversation) -> Conversation:
    """Every message rebuilt: written fresh, not back as it came."""
    return Conversation([Message(m.role, m.parts) for m in conv.messages])


def test_system_message_is_read_in_place() -> None:
    conv = decode_conversation(REQUEST, D)
    assert [m.role for m in conv.messages] == ["system", "user", "system", "assistant", "user", "system", "assistant"]
    assert conv.messages[2].parts == (Other("toolAddition", D, ADD),)
    assert conv.messages[5].parts == (Text("Weather is done."), Other("toolRemoval", D, REMOVE))


def test_system_message_round_trips_exactly() -> None:
    report: List[Problem] = []
    assert encode_conversation(decode_conversation(REQUEST, D), D, report=report) == REQUEST
    assert report == []


def test_system_message_written_fresh_stays_in_place() -> None:
    report: List[Problem] = []
    out = encode_conversation(_fresh(decode_conversation(REQUEST, D)), D, report=report)
    assert out == REQUEST
    assert report == []


def test_tool_addition_first_is_no_system_field() -> None:
    conv = Conversation([Message("system", [Text("Be brief."), Other("toolAddition", D, ADD)]),
                         Message("user", [Text("q")])])
    assert encode_conversation(conv, D) == {"messages": [
        {"role": "system", "content": [{"text": "Be brief."}, ADD]},
        {"role": "user", "content": [{"text": "q"}]}]}


def test_other_targets_get_a_note_not_the_block() -> None:
    # as Responses' ``additional_tools``: provider state, not sent and noted; Anthropic takes a
    # reference by name as its own ``tool_addition`` (tests/conversation/test_inline_system_items.py)
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(REQUEST, D), "anthropic.messages", report=report)
    assert "toolAddition" not in repr(out) and "toolRemoval" not in repr(out)
    assert out["messages"][1] == {"role": "system", "content": [
        {"type": "tool_addition", "tool": {"type": "tool_reference", "name": "get_weather"}}]}
    assert [(p.kind, p.index) for p in report if p.kind == "dropped"] == [("dropped", 5)]
    assert Problem("dropped", 5, None, "A 'toolRemoval' item of bedrock.converse in message 5 is not sent to "
                                       "anthropic.messages") in report
    report = []
    out = encode_conversation(decode_conversation(REQUEST, D), "openai.chat", report=report)
    assert "toolAddition" not in repr(out) and "tool_addition" not in repr(out)
    assert Problem("dropped", 2, None, "A 'toolAddition' item of bedrock.converse in message 2 is not sent to "
                                       "openai.chat") in report


def test_system_message_is_detected_as_converse() -> None:
    assert toolwire.detect(SYSTEM) == D
    assert toolwire.detect({"role": "system", "content": [REMOVE]}) == D
    assert toolwire.decode_all(SYSTEM, D) == []
    assert toolwire.decode_all(REQUEST, D) == [toolwire.ToolCall("get_weather", {"city": "Paris"}, "tooluse_1")]


def test_history_with_a_system_message_is_detected() -> None:
    conv = decode_conversation({"messages": [{"role": "user", "content": [{"text": "q"}]}, SYSTEM]})
    assert conv.messages[1].parts == (Other("toolAddition", D, ADD),)
