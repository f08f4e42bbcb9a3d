"""A decoded message written back to its own dialect keeps its wire form, unless a name in
it is one the target's rule refuses: then it is written fresh, its names through the
``NameMap``, so the request names each tool one way, the way its definition converted with
the same map is named (docs/conversations.md). A Gemini (Vertex) history may call a tool of
more than 64 characters, which the Gemini API refuses ("with a maximum length of 64",
``FunctionDeclaration.name``): written back as decoded, its turns called a function the
request did not declare (review hunt R2-1)."""

from __future__ import annotations

from typing import Any, Dict, List

import toolwire
from toolwire import Message, NameMap, ToolCall, ToolResult

LONG = "get_customer_order_history_" + "x" * 80  # 107 characters: Vertex takes it, the Gemini API does not
HISTORY = {"contents": [
    {"role": "user", "parts": [{"text": "What did I order?"}]},
    {"role": "model", "parts": [{"functionCall": {"name": LONG, "args": {"q": 1}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": LONG, "response": {"r": 1}}}]},
]}
TOOL = {"functionDeclarations": [{"name": LONG, "description": "d", "parametersJsonSchema": {"type": "object"}}]}


def names_in(body: Dict[str, Any]) -> List[str]:
    return [p[k]["name"] for c in body["contents"] for p in c["parts"] for k in ("functionCall", "functionResponse")
            if k in p]


def test_a_kept_message_with_a_refused_name_is_written_with_the_mapped_name() -> None:
    names = NameMap(toolwire.get_dialect("gemini").names, dialect="gemini")
    declared = toolwire.convert(toolwire.decode_tool(TOOL, "gemini"), "gemini", names=names)
    conv = toolwire.decode_conversation(HISTORY, "gemini").append(
        Message("assistant", [ToolCall(LONG, {"q": 2})]), Message("tool", [ToolResult(None, LONG, "r2")]))
    out = toolwire.encode_conversation(conv, "gemini", names=names)
    mapped = declared["functionDeclarations"][0]["name"] if "functionDeclarations" in declared else declared["name"]
    assert len(mapped) <= 64
    assert names_in(out) == [mapped] * 4
    assert names.original(mapped) == LONG


def test_a_kept_message_whose_names_fit_is_written_as_decoded() -> None:
    body = {"contents": [
        {"role": "user", "parts": [{"text": "q"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}},
                                     "thoughtSignature": "c2ln"}]},
    ]}
    names = NameMap(toolwire.get_dialect("gemini").names, dialect="gemini")
    out = toolwire.encode_conversation(body, "gemini", source="gemini", names=names)
    assert out["contents"] == body["contents"]  # the signature beside the call kept: written as decoded
