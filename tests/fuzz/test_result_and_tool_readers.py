"""Each dialect's tool-result and tool-definition reader, fed a valid payload with one
value swapped for a value of another type (or one key taken out): only
``ToolwireError`` escapes, from the front doors and from the dialect's own function
(which histories call directly). Found this way: a Bedrock ``{"type": "text"}`` block
in a ``toolResult`` was a ``KeyError``."""

from __future__ import annotations

import contextlib
import copy
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire

PNG = "iVBORw0KGgo="
RESULTS: Dict[str, List[Dict[str, Any]]] = {
    "openai.chat": [{"role": "tool", "tool_call_id": "call_1", "content": [{"type": "text", "text": "a"}]},
                    {"role": "function", "name": "f", "content": "x"}],
    "openai.responses": [{"type": "function_call_output", "call_id": "c", "output": [
        {"type": "input_text", "text": "a"}, {"type": "input_image", "image_url": f"data:image/png;base64,{PNG}"},
        {"type": "input_file", "file_data": "data:application/pdf;base64,AA==", "filename": "a.pdf"}]}],
    "anthropic.messages": [{"type": "tool_result", "tool_use_id": "t", "is_error": True, "content": [
        {"type": "text", "text": "a"}, {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                                                  "data": PNG}}]}],
    "gemini": [{"functionResponse": {"name": "f", "id": "a", "response": {"output": "x"},
                                     "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}]}}],
    "bedrock.converse": [{"toolResult": {"toolUseId": "a", "status": "error", "content": [
        {"text": "a"}, {"json": {"a": 1}}, {"image": {"format": "png", "source": {"bytes": PNG}}}]}}],
    "mistral": [{"role": "tool", "tool_call_id": "abcdefghi", "name": "f", "content": [{"type": "text", "text": "a"}]}],
    "cohere.v2": [{"role": "tool", "tool_call_id": "c", "content": [
        {"type": "text", "text": "a"}, {"type": "document", "document": {"data": {"a": 1}}}]}],
    "ollama": [{"role": "tool", "tool_name": "f", "content": "x", "tool_call_id": "call_1"}],
    "mcp": [{"jsonrpc": "2.0", "id": 1, "result": {"content": [
        {"type": "text", "text": "a"}, {"type": "image", "data": PNG, "mimeType": "image/png"}],
        "structuredContent": {"a": 1}, "isError": False}}],
    "canonical": [{"id": "c", "name": "f", "content": [{"type": "text", "text": "a"}], "is_error": False}],
}
TOOLS: Dict[str, List[Dict[str, Any]]] = {
    "openai.chat": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}, "strict": True}},
                    {"type": "custom", "custom": {"name": "f", "format": {"type": "text"}}}],
    "openai.responses": [{"type": "function", "name": "f", "parameters": {"type": "object"}, "strict": True},
                         {"type": "custom", "name": "f", "format": {"type": "grammar", "syntax": "lark",
                                                                    "definition": "x"}}],
    "anthropic.messages": [{"name": "f", "input_schema": {"type": "object"}, "strict": True},
                           {"type": "web_search_20250305", "name": "web_search"}],
    "gemini": [{"functionDeclarations": [{"name": "f", "parameters": {"type": "OBJECT"}}]}],
    "bedrock.converse": [{"toolSpec": {"name": "f", "description": "d", "inputSchema": {"json": {"type": "object"}},
                                       "strict": True}}, {"systemTool": {"name": "n"}}],
    "mistral": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
    "cohere.v2": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
    "ollama": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
    "mcp": [{"name": "f", "inputSchema": {"type": "object"}, "annotations": {}}],
    "canonical": [{"name": "f", "description": "d", "parameters": {"type": "object"}, "strict": True}],
}
SEEDS: List[Tuple[str, str, Dict[str, Any]]] = [
    (kind, d, item) for kind, table in (("result", RESULTS), ("tool", TOOLS)) for d, items in table.items()
    for item in items
]
ODD = st.sampled_from([None, 3, -1, 1.5, True, "", "x", [], [1], [None], {}, {"type": "text"}, [{"type": "text"}],
                       {"text": 3}, {"a": {"b": []}}])


def _paths(v: Any, p: Tuple[Any, ...] = ()) -> List[Tuple[Any, ...]]:
    out = [p]
    if type(v) is dict:
        for k in v:
            out += _paths(v[k], p + (k,))
    elif type(v) is list:
        for i, x in enumerate(v):
            out += _paths(x, p + (i,))
    return out


def _changed(item: Dict[str, Any], path: Tuple[Any, ...], value: Any, drop: bool) -> Any:
    if not path:
        return value
    out = copy.deepcopy(item)
    cur = out
    for k in path[:-1]:
        cur = cur[k]
    if drop:
        del cur[path[-1]]
    else:
        cur[path[-1]] = value
    return out


@given(st.sampled_from(SEEDS), st.data(), ODD, st.booleans())
@example(("result", "bedrock.converse", RESULTS["bedrock.converse"][0]), None, {"type": "text"}, False)
def test_result_and_tool_readers_raise_only_toolwire_errors(seed: Any, data: Any, value: Any, drop: bool) -> None:
    kind, dialect, item = seed
    paths = _paths(item)
    if data is None:  # the example: the Bedrock text block that was a KeyError
        path: Tuple[Any, ...] = ("toolResult", "content", 0)
    else:
        path = data.draw(st.sampled_from(paths))
    x = _changed(item, path, value, drop and bool(path))
    d = toolwire.get_dialect(dialect)
    front = toolwire.decode_result if kind == "result" else toolwire.decode_tool
    own = d.decode_result if kind == "result" else d.decode_tool
    for call in (lambda: front(x, dialect), lambda: front(x), lambda: own(x, "$") if type(x) is dict else None):
        with contextlib.suppress(toolwire.ToolwireError):
            call()


@pytest.mark.parametrize("item", [{}, {"type": "custom"}, {"type": "function", "function": None}])
def test_chat_tool_reader_without_its_object_is_a_decode_error(item: Dict[str, Any]) -> None:
    with pytest.raises(toolwire.DecodeError, match=r"^Expected an? '(function|custom)' object at \$\.(function|custom)"):
        toolwire.get_dialect("openai.chat").decode_tool(item, "$")
