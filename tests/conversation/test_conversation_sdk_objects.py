"""SDK objects inside the dicts of a history: read as plain data, so what is written
back (same dialect: the history as decoded) is JSON."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, List

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


def test_a_plain_history_is_kept_as_it_stands() -> None:
    """Nothing is scanned or copied ahead of the readers (that cost a plain history up
    to +29%): the request fragment and each message's wire are the caller's own dicts."""
    body = {"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]},
                         {"role": "assistant", "content": [{"type": "tool_use", "id": "t", "name": "f",
                                                            "input": {"a": [1, {"b": 2}]}}]}]}
    conv = toolwire.decode_conversation(body)
    assert conv.wire[0]["messages"] is body["messages"]
    assert all(m.wire[1] is w for m, w in zip(conv.messages, body["messages"]))


def _counting(calls: List[str]) -> toolwire.Registry:
    """A copy of the default registry whose history readers note each call (their
    dialect's name) in *calls*."""
    reg = toolwire.default_registry().copy()
    for d in list(reg):
        h = d.history
        if h is None:
            continue

        def decode(data: Any, dialect: Any, _read: Any = h.decode, _name: str = d.name) -> Any:
            calls.append(_name)
            return _read(data, dialect)

        reg.register(dataclasses.replace(d, history=dataclasses.replace(h, decode=decode)), replace=True)
    return reg


def test_sdk_blocks_in_a_message_dict_are_read_in_one_pass() -> None:
    """Anthropic's tool loop appends ``{"role": "assistant", "content": response.content}``:
    the blocks are objects, the only sign of the dialect. The history is read once, by
    the Anthropic reader (it was read as Chat first, which raised on the ``tool_use``
    block, then read again as plain data)."""
    pytest.importorskip("anthropic")
    from anthropic.types import TextBlock, ToolUseBlock

    content = [TextBlock(type="text", text="Checking."),
               ToolUseBlock(type="tool_use", id="toolu_1", name="f", input={"a": 1})]
    hist = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": content},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]}]
    for x in (hist, {"messages": hist}):
        calls: List[str] = []
        conv = toolwire.decode_conversation(x, registry=_counting(calls))
        assert calls == ["anthropic.messages"]
        assert conv.dialect == "anthropic.messages" and [c.name for c in conv.calls] == ["f"]
        assert conv.messages[1].wire[1] == {"role": "assistant", "content": [
            {"type": "text", "text": "Checking."}, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}]}
    calls = []
    toolwire.decode_conversation({"messages": hist}, "anthropic.messages", registry=_counting(calls))
    assert calls == ["anthropic.messages"]
    assert hist[1]["content"] is content  # the caller's history is not changed


class _Unreadable:
    """Stands for an SDK object whose dump raises (not the pydantic serializer bug)."""

    def model_dump(self) -> Any:
        raise ValueError("no dump")


def test_an_error_in_a_history_holding_objects_is_reported_where_it_is() -> None:
    """The reader's own error comes out, at its own path. The history was read again as
    plain data after any error, and making that copy read every object in it first: an
    unreadable object further on was reported instead, at its path."""
    hist = [{"role": "user", "content": "hi"}, {"role": "robot", "content": "x"},
            {"role": "assistant", "content": [_Unreadable()]}]
    for x, loc in ((hist, "$[1]"), ({"messages": hist}, "$.messages[1]")):
        calls: List[str] = []
        with pytest.raises(toolwire.DecodeError) as exc:
            toolwire.decode_conversation(x, "anthropic.messages", registry=_counting(calls))
        assert str(exc.value).startswith(f"Message at {loc} has role 'robot'")
        assert exc.value.loc == f"{loc}.role"
        assert calls == ["anthropic.messages"]
    # met where it stands, the object is reported there
    with pytest.raises(toolwire.DecodeError, match=r"^Could not read the _Unreadable object at \$\[1\]\.content\[0\]: "
                                                   r"ValueError: no dump"):
        toolwire.decode_conversation(hist[:1] + hist[2:], "anthropic.messages")


@pytest.mark.parametrize("dialect", ["openai.chat", "anthropic.messages"])
def test_a_text_block_whose_text_is_not_a_string_is_refused(dialect: str) -> None:
    """It was left out without a word (no text part, no error)."""
    body = {"messages": [{"role": "user", "content": [{"type": "text", "text": {"x": 1}}]}]}
    with pytest.raises(toolwire.DecodeError, match=r"^Text at \$\.messages\[0\]\.content\[0\]\.text must be a "
                                                   r"string, got a dict"):
        toolwire.decode_conversation(body, dialect)


def test_a_google_genai_system_instruction_object_is_kept_as_json() -> None:
    types = pytest.importorskip("google.genai.types")
    body = {"systemInstruction": types.Content(parts=[types.Part(text="Be brief.")]),
            "contents": [{"role": "user", "parts": [{"text": "hi"}]},
                         {"role": "model", "parts": [types.Part(function_call=types.FunctionCall(name="f", args={}))]}]}
    conv = toolwire.decode_conversation(body)
    assert conv.dialect == "gemini" and conv.messages[0].text == "Be brief."
    out = toolwire.encode_conversation(conv, "gemini")
    assert out["systemInstruction"] == {"parts": [{"text": "Be brief."}]}
    assert out["contents"][1] == {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}}]}
    json.dumps(out)


def test_responses_sdk_parts_in_an_item_dict_tell_the_dialect_and_come_back_as_json() -> None:
    """``{"role": "assistant", "content": item.content}``: ``ResponseOutputText`` objects."""
    pytest.importorskip("openai")
    from openai.types.responses import ResponseOutputText

    part = ResponseOutputText(type="output_text", text="Hello.", annotations=[])
    hist = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": [part]}]
    calls: List[str] = []
    conv = toolwire.decode_conversation(hist, registry=_counting(calls))
    assert calls == ["openai.responses"] and conv.messages[1].text == "Hello."
    json.dumps(conv.messages[1].wire[1])
    out = toolwire.encode_conversation({"input": hist}, "openai.responses")
    assert out["input"][1] == {"role": "assistant", "content": [
        {"type": "output_text", "text": "Hello.", "annotations": []}]}



def test_message_objects_in_a_body_are_read_and_kept_as_json() -> None:
    """A reply's message appended to a body's list as it came: the reader reads it
    where it meets it, and the request fragment kept holds it as JSON."""
    pytest.importorskip("anthropic")
    from anthropic.types import Message, TextBlock, ToolUseBlock, Usage

    reply = Message(id="msg_1", type="message", role="assistant", model="claude-sonnet-4-5", stop_reason="tool_use",
                    content=[TextBlock(type="text", text="Checking."),
                             ToolUseBlock(type="tool_use", id="toolu_1", name="f", input={"a": 1})],
                    usage=Usage(input_tokens=1, output_tokens=1))
    body = {"messages": [{"role": "user", "content": "hi"}, reply]}
    calls: List[str] = []
    conv = toolwire.decode_conversation(body, registry=_counting(calls))
    assert calls == ["anthropic.messages"] and [c.name for c in conv.calls] == ["f"]
    assert conv.messages[1].wire[1] == {"role": "assistant", "content": [
        {"type": "text", "text": "Checking."}, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}]}
    kept = conv.wire[0]["messages"][1]
    assert kept["id"] == "msg_1" and kept["content"][1]["input"] == {"a": 1}
    json.dumps(conv.wire[0])
