"""``decode_all(body, "anthropic.messages")`` reads an Anthropic request body that holds
nothing only another dialect has, as the list form and ``decode_conversation`` do.

https://docs.claude.com/en/api/messages: a request is ``{"model", "max_tokens",
"messages": [{"role": "user" | "assistant", "content": text | blocks}]}``; ``system``,
``tools`` and tool blocks are optional. Detection leaves a body without them to
``openai.chat`` (the shapes are alike), but the caller who names the dialect was refused
with "looks like openai.chat". A body with something only Chat has (a ``system`` or
``tool`` role message, ``tool_calls``, Chat tools, a string ``tool_choice``,
``response_format``: https://platform.openai.com/docs/api-reference/chat/create) is
still refused.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

D = "anthropic.messages"
BODY = {"model": "claude-opus-4-5", "max_tokens": 100, "messages": [
    {"role": "user", "content": "hi"}, {"role": "assistant", "content": [{"type": "text", "text": "x"}]},
    {"role": "user", "content": [{"type": "text", "text": "more"}]}]}


@pytest.mark.parametrize("body", [
    BODY,
    {"model": "claude-opus-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}]},
    {**BODY, "tool_choice": {"type": "auto"}, "temperature": 0.5, "stop_sequences": ["x"]},
    {**BODY, "tools": [{"type": "web_search_20250305", "name": "web_search", "max_uses": 5}]},
    {**BODY, "messages": [{"role": "user", "content": [{"type": "compaction", "content": "S"}]}]},
], ids=["text", "one", "anthropic-keys", "server-tool", "compaction"])
def test_a_plain_body_named_reads_as_anthropic(body: Dict[str, Any]) -> None:
    assert toolwire.decode_all(body, D) == []
    assert toolwire.decode_all(body["messages"], D) == []
    assert toolwire.decode_conversation(body, D).dialect == D


def test_detection_is_unchanged() -> None:
    assert toolwire.detect(BODY) == "openai.chat"


def test_calls_of_a_named_body_are_read() -> None:
    body = {**BODY, "messages": [*BODY["messages"], {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}]}]}
    assert toolwire.decode_all(body, D) == [toolwire.ToolCall("f", {"a": 1}, "toolu_1")]


CHAT_CALL = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}


@pytest.mark.parametrize("body", [
    {**BODY, "messages": [{"role": "system", "content": "Be brief."}, *BODY["messages"]]},
    {**BODY, "messages": [*BODY["messages"], {"role": "assistant", "content": None, "tool_calls": [CHAT_CALL]}]},
    {**BODY, "messages": [*BODY["messages"], {"role": "tool", "tool_call_id": "call_1", "content": "ok"}]},
    {**BODY, "messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "https://x"}}]}]},
    {**BODY, "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]},
    {**BODY, "tool_choice": "auto"},
    {**BODY, "response_format": {"type": "json_object"}},
    {**BODY, "functions": [{"name": "f", "parameters": {"type": "object"}}]},
], ids=["system-role", "tool_calls", "tool-role", "image_url", "chat-tools", "tool_choice-text", "response_format",
        "functions"])
def test_a_body_with_something_only_chat_has_is_refused(body: Dict[str, Any]) -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_all(body, D)
    assert exc.value.message.startswith("Input at $ is not an anthropic.messages payload: it looks like openai.chat")
