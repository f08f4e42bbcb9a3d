"""A text part of a tool result holds a string (Mistral ``TextChunk.text: str``,
https://docs.mistral.ai/api/#tag/chat; Cohere v2 ``TextContent.text: string``,
https://docs.cohere.com/reference/chat; Ollama's content is text,
https://github.com/ollama/ollama/blob/main/docs/api.md): any other value raises a
``DecodeError`` at its ``$.path``, never turned into text with ``str()`` on the way to
another provider."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

CASES = [
    pytest.param("cohere.v2", {"role": "tool", "tool_call_id": "get_weather_9gpb31r7h7mj",
                               "content": [{"type": "text", "text": 5}]}, "5", id="cohere-an-int"),
    pytest.param("cohere.v2", {"role": "tool", "tool_call_id": "get_weather_9gpb31r7h7mj", "content": [
        {"type": "document", "document": {"data": {"t": 1}}}, {"type": "text", "text": None}]}, "None",
                 id="cohere-null-after-a-document"),
    pytest.param("mistral", {"role": "tool", "tool_call_id": "D681PevKs", "name": "get_weather",
                             "content": [{"type": "text", "text": ["a", "b"]}]}, "['a', 'b']", id="mistral-a-list"),
    pytest.param("mistral", {"role": "tool", "tool_call_id": "D681PevKs", "name": "get_weather",
                             "content": [{"type": "text", "text": None}]}, "None", id="mistral-null"),
    pytest.param("ollama", {"role": "tool", "tool_name": "get_weather",
                            "content": [{"type": "text", "text": {"a": 1}}]}, "{'a': 1}", id="ollama-an-object"),
]


@pytest.mark.parametrize(("dialect", "wire", "got"), CASES)
def test_a_text_part_that_is_no_string_raises_at_its_path(dialect: str, wire: Dict[str, Any], got: str) -> None:
    i = next(k for k, p in enumerate(wire["content"]) if p.get("type") == "text")
    for run in (lambda: toolwire.decode_result(wire, dialect),
                lambda: toolwire.convert(wire, to="gemini", source=dialect),
                lambda: toolwire.convert(wire, to="ollama", source=dialect)):
        with pytest.raises(toolwire.DecodeError) as exc:
            run()
        assert (exc.value.message, exc.value.loc, exc.value.dialect) == (
            f"Text part at $.content[{i}].text must hold a string, got {got}", f"$.content[{i}].text", dialect)


def test_the_canonical_value_refuses_one_too() -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.ToolResult(id="call_1", content=[{"type": "text", "text": 5}])
    assert (exc.value.message, exc.value.loc) == (
        "ToolResult content at $.content[0].text must hold a string, got 5", "$.content[0].text")
