"""A ``system`` / ``developer`` message holding another dialect's call block is never ``[]``.

No dialect defines such a message: Anthropic has no ``system`` role in ``messages``
(https://docs.anthropic.com/en/api/messages: ``system`` is a top-level field, a message's
role is ``user`` or ``assistant``); a Chat system or developer message's content is text
parts only (https://platform.openai.com/docs/api-reference/chat/create); a Responses
message item's content is ``input_text`` / ``output_text``... parts, and a ``function_call``
is an item of its own, never a part (https://platform.openai.com/docs/api-reference/responses/create).
A ``user`` or ``assistant`` message of role and ``tool_use`` blocks alone is an Anthropic
message (decoded); one of another role is read as Chat's (the role no other dialect's
message has) as holding calls by the dialect reading it (a Responses message item when
detected, Chat's when named), which raises at the block naming the block's dialect, as
for a Chat message with a field of its own (``test_chat_foreign_blocks``); before, the
Responses reader took it for "a role item without tool calls": ``[]``.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

TOOL_USE = {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}}
FUNCTION_CALL = {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"}
WHOSE = {"tool_use": "anthropic.messages", "function_call": "openai.responses"}


def _msg(role: str, *blocks: Dict[str, Any]) -> Dict[str, Any]:
    return {"role": role, "content": [{"type": "text", "text": "Be brief."}, *blocks]}


def _says(loc: str, kind: str, reader: str) -> str:
    if WHOSE[kind] == reader:  # a Responses item where a part goes
        return f"Content block at {loc} has type {kind!r}, an item of its own, never a part of an {reader} message"
    return f"Content block at {loc} has type {kind!r}, which is {WHOSE[kind]}'s, not {reader}'s"


@pytest.mark.parametrize("role", ["system", "developer"])
@pytest.mark.parametrize("block", [TOOL_USE, FUNCTION_CALL], ids=["tool_use", "function_call"])
@pytest.mark.parametrize("dialect", [None, "openai.responses", "openai.chat"])
def test_a_system_message_holding_a_call_block_raises(role: str, block: Dict[str, Any], dialect: Any) -> None:
    kind = block["type"]
    reader = dialect or "openai.responses"  # auto-detected: a Responses message item's role and content
    cases = [(_msg(role, block), "$"), ([_msg(role, block)], "$[0]")]
    if reader == "openai.responses":
        cases.append(({"model": "gpt-4.1", "input": [_msg(role, block)]}, "$.input[0]"))
    if dialect == "openai.chat" or (dialect is None and kind != "tool_use"):  # (tool_use: below)
        cases.append(({"model": "gpt-4o", "messages": [_msg(role, block)]}, "$.messages[0]"))
    for payload, loc in cases:
        expected = dialect or ("openai.chat" if "messages" in payload else "openai.responses")
        with pytest.raises(toolwire.DecodeError) as info:
            toolwire.decode_all(payload, dialect)
        assert info.value.message == _says(f"{loc}.content[1]", kind, expected)
        assert (info.value.loc, info.value.dialect) == (f"{loc}.content[1]", expected)
    assert toolwire.detect(_msg(role, block)) == "openai.responses"


@pytest.mark.parametrize("role", ["system", "developer"])
def test_a_request_of_messages_never_gives_nothing(role: str) -> None:
    # 'messages' holding tool_use blocks is read as an Anthropic request (its calls): never []
    assert toolwire.decode_all({"model": "m", "messages": [_msg(role, TOOL_USE)]}) == [
        toolwire.ToolCall("get_weather", {"city": "Paris"}, "toolu_1")]


@pytest.mark.parametrize("role", ["system", "developer", "user", "assistant"])
def test_named_responses_refuses_a_message_with_a_call_block(role: str) -> None:
    for payload in (_msg(role, TOOL_USE), {"model": "gpt-4o", "input": [_msg(role, TOOL_USE)]}):
        with pytest.raises(toolwire.DecodeError):
            toolwire.decode_all(payload, "openai.responses")


def test_user_and_assistant_stay_anthropic() -> None:
    for role in ("user", "assistant"):
        msg = {"role": role, "content": [TOOL_USE]}
        assert toolwire.detect(msg) == "anthropic.messages"
        assert toolwire.decode_all(msg) == [toolwire.ToolCall("get_weather", {"city": "Paris"}, "toolu_1")]


@pytest.mark.parametrize("role", ["system", "developer", "user"])
def test_a_responses_message_item_of_text_is_still_responses(role: str) -> None:
    item = {"role": role, "content": [{"type": "input_text", "text": "Be brief."}]}
    assert toolwire.detect(item) == "openai.responses"
    assert toolwire.decode_all(item) == toolwire.decode_all({"input": [item]}) == []


CHAT_CALL = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
GEMINI_PART = {"functionCall": {"name": "get_weather", "args": {}}}


@pytest.mark.parametrize("role", ["user", "assistant", "system", "developer"])
@pytest.mark.parametrize(("part", "says"), [
    (FUNCTION_CALL, "has type 'function_call', an item of its own, never a part of an openai.responses message"),
    (CHAT_CALL, "is an openai.chat tool call, never a part of a message"),
    (GEMINI_PART, "is a gemini part, never a part of a message"),
], ids=["function_call", "chat_call", "gemini_part"])
def test_a_call_part_in_any_message_raises(role: str, part: Dict[str, Any], says: str) -> None:
    """A user or assistant message with a ``function_call`` (or a Chat tool call, a Gemini
    part) among its parts was "a role item without tool calls": ``[]``."""
    for payload, loc in ((_msg(role, part), "$"), ({"type": "message", **_msg(role, part)}, "$"),
                         ({"model": "gpt-4.1", "input": [_msg(role, part)]}, "$.input[0]")):
        with pytest.raises(toolwire.DecodeError) as info:
            toolwire.decode_all(payload)
        assert info.value.message == f"Content block at {loc}.content[1] {says}"
        assert (info.value.loc, info.value.dialect) == (f"{loc}.content[1]", "openai.responses")
