"""An error result with no content: the Messages API answers 400 "tool_result: content
cannot be empty if `is_error` is true". ``encode_result`` refuses it, as it does a result
of blank text only (and as Bedrock's does); ``encode_conversation`` sends "(no output)",
noted ``inserted``."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

D = "anthropic.messages"
MESSAGE = ('An anthropic.messages error result cannot be empty (Anthropic: "content cannot be empty if `is_error` is '
           "true\"): the result for 'toolu_1' has no content; give it some text (the error message, or a word saying "
           "there was none)")


@pytest.mark.parametrize("content", ["", []])
def test_an_empty_error_result_is_refused(content: Any) -> None:
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode_result(toolwire.ToolResult("toolu_1", "f", content, is_error=True), D)
    assert str(info.value) == MESSAGE
    # not an error: written as it is (the API takes empty content then)
    assert toolwire.encode_result(toolwire.ToolResult("toolu_1", "f", content), D) == {
        "type": "tool_result", "tool_use_id": "toolu_1", "content": content}


@pytest.mark.parametrize("wire", [
    {"jsonrpc": "2.0", "id": "toolu_1", "result": {"content": [], "isError": True}},  # MCP CallToolResult
    {"jsonrpc": "2.0", "id": "toolu_1", "error": {"code": -32603, "message": ""}},  # a JSON-RPC error
])
def test_an_empty_mcp_error_is_refused_for_anthropic(wire: Dict[str, Any]) -> None:
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.convert(wire, to=D)
    assert str(info.value) == MESSAGE


@pytest.mark.parametrize("content", ["", []])
def test_encode_conversation_sends_an_empty_error_as_no_output(content: Any) -> None:
    history = [toolwire.Message("assistant", [toolwire.ToolCall("f", {"a": 1}, "toolu_1")]),
               toolwire.Message("tool", [toolwire.ToolResult("toolu_1", "f", content, is_error=True)])]
    report: Any = []
    out = toolwire.encode_conversation(history, D, report=report)
    assert out["messages"][-1] == {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "(no output)", "is_error": True}]}
    assert [(p.kind, p.message) for p in report] == [
        ("inserted", "The result for toolu_1 ('f') in message 1 is empty, which anthropic.messages refuses: it is sent "
                     "as '(no output)'")]


@pytest.mark.parametrize("content", ["", [], None])
def test_an_anthropic_history_with_an_empty_error_is_not_replayed_as_it_came(content: Any) -> None:
    """An Anthropic history holding ``{"type": "tool_result", "is_error": true, "content": ""}``
    (or ``[]``, or none) went back to Anthropic as it came, which the API answers 400
    (session 42): the message is written fresh, the result sent as "(no output)", both noted."""
    result: Dict[str, Any] = {"type": "tool_result", "tool_use_id": "toolu_1", "is_error": True}
    if content is not None:
        result["content"] = content
    history = [{"role": "user", "content": "What is the weather in Paris?"},
               {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather",
                                                  "input": {"city": "Paris"}}]},
               {"role": "user", "content": [result]}]
    report: Any = []
    out = toolwire.encode_conversation(history, D, report=report)
    assert out["messages"][:2] == history[:2]
    assert out["messages"][2] == {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "(no output)", "is_error": True}]}
    assert [(p.kind, p.index) for p in report] == [("rewritten", 2), ("inserted", 2)]
    assert report[0].message == ("User message 2 is written fresh, not as it came: it holds an error result without "
                                 "content (toolu_1), which Anthropic refuses (\"content cannot be empty if `is_error` "
                                 "is true\")")
    # an error result with content, and an empty one that is no error, go as they came
    for ok in ({**result, "content": "boom"}, {"type": "tool_result", "tool_use_id": "toolu_1", "content": ""}):
        fine = [*history[:2], {"role": "user", "content": [ok]}]
        assert toolwire.encode_conversation(fine, D) == {"messages": fine}
