"""A result part holds the member its type names: a ``text`` part its ``text``, a
``json`` part its ``json`` (hunt h22 F-E).

Each provider's text part requires its text: OpenAI Chat ``ChatCompletionContentPartText``
(``text: string``, required, https://platform.openai.com/docs/api-reference/chat/create),
Responses ``ResponseInputTextContentParam`` (``text``, required), Anthropic ``TextBlockParam``
(``text``, required, https://docs.claude.com/en/api/messages), Mistral ``TextChunk.text``,
Cohere v2 ``TextContent.text``, MCP ``TextContent`` (``text: string``, schema.ts 2025-11-25).
Before, ``{"type": "text"}`` without it passed the constructor and every decoder but
Bedrock's, and each encoder then wrote something else: ``""`` (Chat, Mistral, Cohere),
``"\\nok"`` (Gemini, Ollama: joined with the next part), nothing (Anthropic, Bedrock),
``"text": null`` (Responses: a 400), or MCP's misleading "cannot hold a 'text' part".
Now a missing member is refused as ``text: null`` is: a ``DecodeError`` at its path,
so no encoder ever sees it.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import DecodeError, ToolResult


@pytest.mark.parametrize(
    ("content", "message", "loc"),
    [
        ([{"type": "text"}], "ToolResult content at $.content[0].text is missing: a text part holds a string, "
         "got {'type': 'text'}", "$.content[0].text"),
        ([{"type": "text", "text": "ok"}, {"type": "text"}], "ToolResult content at $.content[1].text is missing: "
         "a text part holds a string, got {'type': 'text'}", "$.content[1].text"),
        ([{"type": "json"}], "ToolResult content at $.content[0].json is missing: a json part holds a JSON value, "
         "got {'type': 'json'}", "$.content[0].json"),
    ],
)
def test_the_constructor_refuses_a_part_without_its_member(content: Any, message: str, loc: str) -> None:
    for build in (lambda: ToolResult(id="call_1", name="f", content=content),
                  lambda: ToolResult(id="call_1", name="f").replace(content=content)):
        with pytest.raises(DecodeError) as exc:
            build()
        assert (exc.value.message, exc.value.loc) == (message, loc)


def test_a_json_part_of_null_is_a_value() -> None:
    # JSON null is a JSON value: only a part without the member is refused
    assert ToolResult(id="call_1", content=[{"type": "json", "json": None}]).content == [{"type": "json", "json": None}]


# each dialect's tool result holding a text part without its text
WIRE = [
    pytest.param("openai.chat", {"role": "tool", "tool_call_id": "call_1", "content": [{"type": "text"}]},
                 "$.content[0].text", id="openai.chat"),
    pytest.param("openai.responses", {"type": "function_call_output", "call_id": "call_1",
                                      "output": [{"type": "input_text"}]}, "$.output[0].text", id="openai.responses"),
    pytest.param("anthropic.messages", {"type": "tool_result", "tool_use_id": "toolu_1",
                                        "content": [{"type": "text"}]}, "$.content[0].text", id="anthropic.messages"),
    pytest.param("mistral", {"role": "tool", "tool_call_id": "D681PevKs", "name": "f", "content": [{"type": "text"}]},
                 "$.content[0].text", id="mistral"),
    pytest.param("cohere.v2", {"role": "tool", "tool_call_id": "get_weather_9gpb31r7h7mj",
                               "content": [{"type": "text"}]}, "$.content[0].text", id="cohere.v2"),
    pytest.param("ollama", {"role": "tool", "tool_name": "f", "content": [{"type": "text"}]},
                 "$.content[0].text", id="ollama"),
    pytest.param("mcp", {"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text"}]}},
                 "$.result.content[0].text", id="mcp"),
    pytest.param("canonical", {"id": "c", "name": "f", "content": [{"type": "text"}], "is_error": False},
                 "$.content[0].text", id="canonical-text"),
    pytest.param("canonical", {"id": "c", "name": "f", "content": [{"type": "json"}], "is_error": False},
                 "$.content[0].json", id="canonical-json"),
]


@pytest.mark.parametrize(("dialect", "wire", "loc"), WIRE)
def test_every_decoder_refuses_a_part_without_its_member(dialect: str, wire: Dict[str, Any], loc: str) -> None:
    for run in (lambda: toolwire.decode_result(wire, dialect), lambda: toolwire.decode_result(wire),
                lambda: toolwire.convert(wire, "openai.responses", source=dialect)):
        with pytest.raises(DecodeError) as exc:
            run()
        assert exc.value.loc == loc
        assert "is missing" in exc.value.message, exc.value.message
