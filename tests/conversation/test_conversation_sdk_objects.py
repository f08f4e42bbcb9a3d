"""SDK objects inside the dicts of a history: read as plain data, so what is written
back (same dialect: the history as decoded) is JSON."""

from __future__ import annotations

import json

import pytest

import toolwire


def test_anthropic_reply_blocks_appended_to_a_message_dict_come_back_as_json() -> None:
    """Anthropic's documented tool loop appends ``{"role": "assistant", "content":
    response.content}``: a list of ``TextBlock`` / ``ToolUseBlock`` objects inside a dict."""
    pytest.importorskip("anthropic")
    from anthropic.types import TextBlock, ToolUseBlock

    content = [TextBlock(type="text", text="Checking."),
               ToolUseBlock(type="tool_use", id="toolu_1", name="f", input={"a": 1})]
    hist = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": content},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]}]
    for body in (hist, {"messages": hist}):
        out = toolwire.encode_conversation(toolwire.decode_conversation(body), "anthropic.messages")
        assert out["messages"][1] == {"role": "assistant", "content": [
            {"type": "text", "text": "Checking."}, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}]}
        json.dumps(out)
    assert hist[1]["content"] is content  # the caller's history is not changed


def test_google_genai_parts_inside_a_content_dict() -> None:
    types = pytest.importorskip("google.genai.types")
    part = types.Part(function_call=types.FunctionCall(name="f", args={"a": 1}))
    hist = [{"role": "user", "parts": [{"text": "hi"}]}, {"role": "model", "parts": [part]}]
    out = toolwire.encode_conversation(toolwire.decode_conversation(hist), "gemini")
    assert out["contents"][1] == {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {"a": 1}}}]}
    json.dumps(out)


def test_plain_data_is_not_copied_and_a_cycle_is_refused() -> None:
    from toolwire._access import MAX_OBJECT_DEPTH, to_plain

    hist = [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]
    assert to_plain(hist) is hist and to_plain(hist[0]) is hist[0]
    loop: list = []
    loop.append(loop)
    with pytest.raises(toolwire.DecodeError, match=rf"is deeper than {MAX_OBJECT_DEPTH} \(a cycle\?\)"):
        toolwire.decode_conversation([{"role": "user", "content": loop}])
