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
    from toolwire._access import MAX_OBJECT_DEPTH, to_plain, to_plain_near

    hist = [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]
    assert to_plain(hist) is hist and to_plain(hist[0]) is hist[0]
    assert to_plain_near(hist, 5) is hist
    loop: list = []
    loop.append(loop)
    with pytest.raises(toolwire.DecodeError, match=rf"is deeper than {MAX_OBJECT_DEPTH} \(a cycle\?\)"):
        to_plain(loop)
    # the history's scan stops at the blocks: the cycle is met where a part is read
    with pytest.raises(toolwire.DecodeError, match=r"^Expected a content part at \$\[0\]\.content\[0\], got list"):
        toolwire.decode_conversation([{"role": "user", "content": loop}])


def test_the_scan_for_sdk_objects_stops_at_the_blocks() -> None:
    """Only a history's outline is looked at (messages, their blocks, a block's list):
    arguments, schemas and tools are JSON the decoders check, and walking them made a
    history decode up to 86% slower. An object deeper than that is left where it is."""
    from toolwire._access import to_plain_near

    class Odd:  # stands for an SDK object; the walk would read its attributes
        def __init__(self) -> None:
            self.type = "text"
            self.text = "x"

    deep = {"a": {"b": Odd()}}
    block = {"type": "tool_use", "id": "t", "name": "f", "input": deep}
    hist = [{"role": "assistant", "content": [block]}]
    assert to_plain_near(hist, 5) is hist  # input's values are not looked into
    near = [{"role": "assistant", "content": [Odd()]}]
    assert to_plain_near(near, 5) == [{"role": "assistant", "content": [{"type": "text", "text": "x"}]}]
    assert near[0]["content"][0].__class__ is Odd  # the caller's list is not changed
