"""A tool result of text only is written for ``openai.chat`` as one string.

DeepSeek answers a list of text parts in a tool message with a 400 ("invalid type:
sequence, expected a string"), Together's SDK types the tool message's ``content`` as
``Required[str]``: ``openai.chat`` is the dialect of every OpenAI-compatible server, so
text parts go as one text (joined by newlines, as Ollama's are, noted). A part that is not
text (a gateway's ``image_url``) keeps the list, and so does a text part holding more
than its text (OpenRouter's ``cache_control``, read from Chat: written back)."""

from __future__ import annotations

from typing import Any, Dict

import toolwire
from toolwire import ToolResult
from toolwire.conversation import decode_conversation, encode_conversation

ANTHROPIC: Dict[str, Any] = {"model": "claude", "max_tokens": 100, "messages": [
    {"role": "user", "content": "2+2?"},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01", "name": "calc", "input": {"e": "2+2"}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01",
                                  "content": [{"type": "text", "text": "4"}]}]}]}


def test_anthropic_text_block_result_goes_to_chat_as_a_string() -> None:
    out = encode_conversation(decode_conversation(ANTHROPIC), "openai.chat")
    assert out["messages"][2] == {"role": "tool", "tool_call_id": "toolu_01", "content": "4"}


def test_encode_result_text_parts_are_one_string() -> None:
    r = ToolResult(id="c1", name="calc", content=[{"type": "text", "text": "4"}, {"type": "text", "text": "5"}])
    assert toolwire.encode_result(r, "openai.chat") == {"role": "tool", "tool_call_id": "c1", "content": "4\n5"}


def test_json_part_result_is_one_string() -> None:
    r = ToolResult(id="c1", name="calc", content=[{"type": "json", "json": {"a": 1}}])
    assert toolwire.encode_result(r, "openai.chat") == {"role": "tool", "tool_call_id": "c1", "content": '{"a": 1}'}


def test_image_part_keeps_the_list() -> None:
    r = ToolResult(id="c1", name="f", content=[{"type": "text", "text": "r"},
                                               {"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}])
    assert toolwire.encode_result(r, "openai.chat")["content"] == [
        {"type": "text", "text": "r"}, {"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}]


def test_chat_part_with_cache_control_is_written_back_as_a_list() -> None:
    item = {"role": "tool", "tool_call_id": "c1",
            "content": [{"type": "text", "text": "4", "cache_control": {"type": "ephemeral"}}]}
    r = toolwire.decode_result(item, "openai.chat")
    assert toolwire.encode_result(r, "openai.chat") == item


def test_chat_text_parts_decoded_are_written_as_a_string() -> None:
    # (a Chat history written back to Chat keeps its tool messages as they came)
    r = toolwire.decode_result({"role": "tool", "tool_call_id": "call_1", "content": [{"type": "text", "text": "a"}]},
                               "openai.chat")
    assert (r.content, dict(r.provider_data)) == ([{"type": "text", "text": "a"}], {})
    assert toolwire.encode_result(r, "openai.chat") == {"role": "tool", "tool_call_id": "call_1", "content": "a"}
