"""mistral: every error site, with its class, whole message, ``$.path`` and dialect pinned
as literals (one row per site).

Shapes from https://docs.mistral.ai/api/#tag/chat (``choices[].message.tool_calls[]``
with ``function.arguments`` JSON text, ``finish_reason``) and
https://docs.mistral.ai/capabilities/function_calling/ (``{"role": "tool", "name",
"content", "tool_call_id"}``), made malformed by hand, one field at a time.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Type

import pytest

import toolwire
from toolwire import ArgumentsError, DecodeError, EncodeError, ToolResult

D = "mistral"
ID = "D681PevKs"


def call(**fn: Any) -> Dict[str, Any]:
    f: Dict[str, Any] = {"name": "get_weather", "arguments": '{"city": "Zürich"}'}
    f.update(fn)
    return {"id": ID, "type": "function", "function": {k: v for k, v in f.items() if v is not None}}


def completion(calls: Any, finish: str = "tool_calls") -> Dict[str, Any]:
    return {"id": "cmpl-e5cc70bb28c444948073e77776eb30ef", "object": "chat.completion", "model": "mistral-large-latest",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "", "tool_calls": calls},
                         "finish_reason": finish}]}


def result(**kw: Any) -> Dict[str, Any]:
    return {"role": "tool", "tool_call_id": ID, "name": "get_weather", "content": "22°C", **kw}


def history(*messages: Any) -> Dict[str, Any]:
    return {"model": "mistral-large-latest", "messages": list(messages)}


decode_call: Callable[..., Any] = lambda x, **kw: toolwire.decode(x, D, **kw)  # noqa: E731
decode_all: Callable[..., Any] = lambda x, **kw: toolwire.decode_all(x, D, **kw)  # noqa: E731
decode_tool: Callable[..., Any] = lambda x: toolwire.decode_tool(x, D)  # noqa: E731
decode_result: Callable[..., Any] = lambda x: toolwire.decode_result(x, D)  # noqa: E731
decode_history: Callable[..., Any] = lambda x: toolwire.decode_conversation(x, D)  # noqa: E731

ROWS: List[Any] = [
    # --- calls.decode_fn_call ---
    ("call.name.missing", lambda: decode_call(call(name=None)),
     DecodeError, "Tool name at $.function.name is missing", "$.function.name"),
    ("call.name.not_a_string", lambda: decode_call(call(name=5)),
     DecodeError, "Tool name at $.function.name must be a non-empty string, got 5", "$.function.name"),
    ("call.id.not_a_string", lambda: decode_call({**call(), "id": [1]}),
     DecodeError, "Id at $.id must be a string, got [1]", "$.id"),
    ("call.arguments.list", lambda: decode_call(call(arguments=[1])),
     ArgumentsError, "Arguments at $.function.arguments must be a JSON object or its text, got list [1]",
     "$.function.arguments"),
    ("call.arguments.text_not_object", lambda: decode_call(call(arguments="[1]")),
     ArgumentsError, "Arguments at $.function.arguments are JSON but not an object: list [1]", "$.function.arguments"),
    ("call.arguments.too_deep", lambda: decode_call(call(arguments={"a": {"b": {}}}), max_depth=1),
     ArgumentsError, "Arguments at $.function.arguments are nested deeper than the limit of 1 (or contain "
     "themselves)", "$.function.arguments"),
    ("completion.call.name", lambda: decode_all(completion([call(), call(name=None)])),
     DecodeError, "Tool name at $.choices[0].message.tool_calls[1].function.name is missing",
     "$.choices[0].message.tool_calls[1].function.name"),
    ("completion.length.cut", lambda: decode_all(completion([call(arguments='{"city": "Zü')], "length")),
     ArgumentsError, "Arguments at $.choices[0].message.tool_calls[0].function.arguments are cut off (the JSON "
     "ends inside a value): '{\"city\": \"Zü'; pass allow_truncated=True to accept the complete prefix",
     "$.choices[0].message.tool_calls[0].function.arguments"),
    ("history.call.function", lambda: decode_history(history(
        {"role": "assistant", "content": "", "tool_calls": [{"id": ID, "type": "function", "function": 5}]})),
     DecodeError, "Expected a 'function' object at $.messages[0].tool_calls[0].function, got int 5",
     "$.messages[0].tool_calls[0].function"),
    ("history.result.name", lambda: decode_history(history(result(name=5))),
     DecodeError, "Tool name at $.messages[0].name must be a non-empty string, got 5", "$.messages[0].name"),
    # --- tool definitions (read as Chat's, reported as mistral's) ---
    ("tool.name.not_a_string", lambda: decode_tool({"type": "function", "function": {"name": 5, "parameters": {}}}),
     DecodeError, "Tool name at $.function.name must be a non-empty string, got 5", "$.function.name"),
    ("tool.parameters.not_an_object", lambda: decode_tool(
        {"type": "function", "function": {"name": "f", "parameters": 5}}),
     DecodeError, "Tool parameters at $.function.parameters must be an object", "$.function.parameters"),
    # --- calls.decode_result ---
    ("result.tool_call_id.not_a_string", lambda: decode_result(result(tool_call_id=[1])),
     DecodeError, "Id at $.tool_call_id must be a string, got [1]", "$.tool_call_id"),
    ("result.name.not_a_string", lambda: decode_result(result(name=5)),
     DecodeError, "Tool name at $.name must be a non-empty string, got 5", "$.name"),
    ("result.name.empty", lambda: decode_result(result(name="")),
     DecodeError, "Tool name at $.name must be a non-empty string, got ''", "$.name"),
    ("result.content.number", lambda: decode_result(result(content=22)),
     DecodeError, "Tool result content at $.content must be text or a list of parts, got 22", "$.content"),
    ("result.content.part", lambda: decode_result(result(content=[{"type": "text", "text": "a"}, 5])),
     DecodeError, "Expected a content part at $.content[1], got int 5", "$.content[1]"),
    # --- encoders ---
    ("encode.result.no_id", lambda: toolwire.encode_result(ToolResult(name="f", content="22°C"), D),
     EncodeError, "A mistral tool result needs the id of its call; this result has none "
     "(pass the IdMap its call was encoded with as ids=)", "$"),
    ("encode.result.part_type", lambda: toolwire.encode_result(ToolResult(ID, "f", [{"type": "image"}]), D),
     EncodeError, "An image part of no known shape in a tool result cannot be written for mistral: "
     "{'type': 'image'}", "$"),
    ("encode.result.part_unknown", lambda: toolwire.encode_result(ToolResult(ID, "f", [{"type": "audio"}]), D),
     EncodeError, "A mistral tool result holds only text, image_url and document_url chunks; got an 'audio' part", "$"),
]


@pytest.mark.parametrize(("run", "cls", "message", "loc"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_error_site(run: Callable[[], Any], cls: Type[Exception], message: str, loc: str) -> None:
    with pytest.raises(toolwire.ToolwireError) as exc:
        run()
    err = exc.value
    assert (type(err), err.message, str(err), err.loc, err.dialect) == (cls, message, message, loc, D)
