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


def test_anthropic_reply_blocks_alone_are_told_from_a_chat_history() -> None:
    """The blocks are the only sign of the dialect here: a history is read as it stands
    (no scan ahead), and read again as plain data when its readers met an SDK object."""
    pytest.importorskip("anthropic")
    from anthropic.types import TextBlock, ToolUseBlock

    content = [TextBlock(type="text", text="Checking."),
               ToolUseBlock(type="tool_use", id="toolu_1", name="f", input={"a": 1})]
    hist = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": content}]
    conv = toolwire.decode_conversation(hist)
    assert conv.dialect == "anthropic.messages"
    assert [c.name for c in conv.calls] == ["f"]
    body = toolwire.decode_conversation({"messages": hist})
    assert body.dialect == "anthropic.messages"
    assert body.wire[0]["messages"][1]["content"][1] == {
        "type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}
    json.dumps(body.wire[0])
    for m in conv.messages:  # each message's kept wire is JSON too
        json.dumps(m.wire[1])


def test_openai_tool_call_objects_in_an_assistant_dict_come_back_as_json() -> None:
    """``{"role": "assistant", "tool_calls": message.tool_calls}``: the SDK's call objects."""
    pytest.importorskip("openai")
    from openai.types.chat import ChatCompletionMessageToolCall

    tc = ChatCompletionMessageToolCall.model_validate(
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{\"a\": 1}"}})
    body = {"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "tool_calls": [tc]},
                         {"role": "tool", "tool_call_id": "call_1", "content": "ok"}]}
    out = toolwire.encode_conversation(toolwire.decode_conversation(body), "openai.chat")
    assert out["messages"][1]["tool_calls"] == [
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{\"a\": 1}"}}]
    json.dumps(out)
    assert body["messages"][1]["tool_calls"][0] is tc  # the caller's history is not changed


def test_a_plain_history_is_read_without_reading_any_foreign_value() -> None:
    """The count of foreign values read (``walks``) stays put for plain data: nothing is
    scanned or copied ahead of the readers (that cost a plain history up to +29%)."""
    from toolwire._access import walks

    body = {"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]},
                         {"role": "assistant", "content": [{"type": "tool_use", "id": "t", "name": "f",
                                                            "input": {"a": [1, {"b": 2}]}}]}]}
    before = walks()
    conv = toolwire.decode_conversation(body)
    assert walks() == before
    assert conv.wire[0]["messages"] is body["messages"]


@pytest.mark.parametrize("dialect", ["openai.chat", "anthropic.messages"])
def test_a_text_block_whose_text_is_not_a_string_is_refused(dialect: str) -> None:
    """It was left out without a word (no text part, no error)."""
    body = {"messages": [{"role": "user", "content": [{"type": "text", "text": {"x": 1}}]}]}
    with pytest.raises(toolwire.DecodeError, match=r"^Text at \$\.messages\[0\]\.content\[0\]\.text must be a "
                                                   r"string, got a dict"):
        toolwire.decode_conversation(body, dialect)
