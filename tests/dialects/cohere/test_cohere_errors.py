"""cohere.v2: every error site, with its class, whole message, ``$.path`` and dialect
pinned as literals (one row per site).

Shapes from https://docs.cohere.com/reference/chat (``message.tool_calls[]`` with
``function.arguments`` JSON text, ``finish_reason``) and
https://docs.cohere.com/docs/tool-use (``{"role": "tool", "tool_call_id", "content"}``
with text or ``document`` parts), made malformed by hand, one field at a time.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Type

import pytest

import toolwire
from toolwire import ArgumentsError, DecodeError, EncodeError, ToolResult

D = "cohere.v2"
ID = "get_weather_9gpb31r7h7mj"


def call(**fn: Any) -> Dict[str, Any]:
    f: Dict[str, Any] = {"name": "get_weather", "arguments": '{"location": "Zürich"}'}
    f.update(fn)
    return {"id": ID, "type": "function", "function": {k: v for k, v in f.items() if v is not None}}


def reply(calls: Any, finish: str = "TOOL_CALL") -> Dict[str, Any]:
    return {"id": "c14c80c3-18eb-4519-9460-6c92edd8cfb4", "finish_reason": finish,
            "message": {"role": "assistant", "tool_plan": "Je regarde la météo.", "tool_calls": calls}}


def result(content: Any) -> Dict[str, Any]:
    return {"role": "tool", "tool_call_id": ID, "content": content}


decode_call: Callable[..., Any] = lambda x, **kw: toolwire.decode(x, D, **kw)  # noqa: E731
decode_all: Callable[..., Any] = lambda x, **kw: toolwire.decode_all(x, D, **kw)  # noqa: E731
decode_tool: Callable[..., Any] = lambda x: toolwire.decode_tool(x, D)  # noqa: E731
decode_result: Callable[..., Any] = lambda x: toolwire.decode_result(x, D)  # noqa: E731

ROWS: List[Any] = [
    # --- mistral.calls.decode_fn_call, for cohere.v2 ---
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
    ("reply.call.name", lambda: decode_all(reply([call(), call(name=None)])),
     DecodeError, "Tool name at $.message.tool_calls[1].function.name is missing",
     "$.message.tool_calls[1].function.name"),
    ("reply.max_tokens.cut", lambda: decode_all(reply([call(arguments='{"location": "Zü')], "MAX_TOKENS")),
     ArgumentsError, "Arguments at $.message.tool_calls[0].function.arguments are cut off (the JSON ends inside a "
     "value): '{\"location\": \"Zü'; pass allow_truncated=True to accept the complete prefix",
     "$.message.tool_calls[0].function.arguments"),
    ("history.call.function", lambda: toolwire.decode_conversation(
        {"model": "command-a-03-2025", "messages": [
            {"role": "assistant", "tool_plan": "x", "tool_calls": [{"id": ID, "type": "function", "function": 5}]}]},
        D),
     DecodeError, "Expected a 'function' object at $.messages[0].tool_calls[0].function, got int 5",
     "$.messages[0].tool_calls[0].function"),
    # --- tool definitions (read as Chat's, reported as cohere.v2's) ---
    ("tool.name.not_a_string", lambda: decode_tool({"type": "function", "function": {"name": 5, "parameters": {}}}),
     DecodeError, "Tool name at $.function.name must be a non-empty string, got 5", "$.function.name"),
    ("tool.parameters.not_an_object", lambda: decode_tool(
        {"type": "function", "function": {"name": "f", "parameters": 5}}),
     DecodeError, "Tool parameters at $.function.parameters must be an object", "$.function.parameters"),
    # --- v2.decode_result ---
    ("result.tool_call_id.not_a_string", lambda: decode_result({"role": "tool", "tool_call_id": [1], "content": "x"}),
     DecodeError, "Id at $.tool_call_id must be a string, got [1]", "$.tool_call_id"),
    ("result.content.number", lambda: decode_result(result(22)),
     DecodeError, "Tool result content at $.content must be text or a list of parts, got 22", "$.content"),
    ("result.part.not_an_object", lambda: decode_result(result([{"type": "text", "text": "a"}, 5])),
     DecodeError, "Expected a content part at $.content[1], got int 5", "$.content[1]"),
    ("result.document.not_an_object", lambda: decode_result(result([{"type": "text", "text": "a"},
                                                                    {"type": "document", "document": 5}])),
     DecodeError, "Expected a document at $.content[1].document, got int 5", "$.content[1].document"),
    # --- encoders ---
    ("encode.result.no_id", lambda: toolwire.encode_result(ToolResult(content="22°C"), D),
     EncodeError, "A cohere.v2 tool result needs the id of its call; this result has none "
     "(pass the IdMap its call was encoded with as ids=)", "$"),
    ("encode.result.part_type", lambda: toolwire.encode_result(ToolResult(ID, None, [{"type": "image"}]), D),
     EncodeError, "A cohere.v2 tool result holds text and documents; got an 'image' part", "$"),
]


@pytest.mark.parametrize(("run", "cls", "message", "loc"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_error_site(run: Callable[[], Any], cls: Type[Exception], message: str, loc: str) -> None:
    with pytest.raises(toolwire.ToolwireError) as exc:
        run()
    err = exc.value
    assert (type(err), err.message, str(err), err.loc, err.dialect) == (cls, message, message, loc, D)


def test_whole_arguments_at_max_tokens_pass() -> None:
    # the arguments are text: a complete JSON object was not cut
    calls = decode_all(reply([call()], "MAX_TOKENS"))
    assert [(c.name, c.args, c.id, c.raw, c.repairs) for c in calls] == [
        ("get_weather", {"location": "Zürich"}, ID, '{"location": "Zürich"}', ())]
