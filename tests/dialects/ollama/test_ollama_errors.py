"""ollama: every error site, with its class, whole message, ``$.path`` and dialect pinned
as literals (one row per site).

Shapes from https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-with-tools
(``message.tool_calls[].function.{index, name, arguments}``, ``done_reason``) and
https://docs.ollama.com/capabilities/tool-calling (``{"role": "tool", "tool_name",
"content"}``), made malformed by hand, one field at a time.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Type

import pytest

import toolwire
from toolwire import ArgumentsError, DecodeError, EncodeError, ToolResult

D = "ollama"


def call(**fn: Any) -> Dict[str, Any]:
    f: Dict[str, Any] = {"index": 0, "name": "get_weather", "arguments": {"city": "Zürich"}}
    f.update(fn)
    return {"function": {k: v for k, v in f.items() if v is not None}}


def reply(calls: Any, **kw: Any) -> Dict[str, Any]:
    return {"model": "llama3.2", "created_at": "2025-07-07T20:22:19.184789Z",
            "message": {"role": "assistant", "content": "", "tool_calls": calls}, "done": True, **kw}


def history(*messages: Any) -> Dict[str, Any]:
    return {"model": "llama3.2", "messages": list(messages), "keep_alive": "5m"}


decode_call: Callable[..., Any] = lambda x, **kw: toolwire.decode(x, D, **kw)  # noqa: E731
decode_all: Callable[..., Any] = lambda x, **kw: toolwire.decode_all(x, D, **kw)  # noqa: E731
decode_tool: Callable[..., Any] = lambda x: toolwire.decode_tool(x, D)  # noqa: E731
decode_result: Callable[..., Any] = lambda x: toolwire.decode_result(x, D)  # noqa: E731
decode_history: Callable[..., Any] = lambda x: toolwire.decode_conversation(x, D)  # noqa: E731

ROWS: List[Any] = [
    # --- calls.decode_call ---
    ("call.name.missing", lambda: decode_call(call(name=None)),
     DecodeError, "Tool name at $.function.name is missing", "$.function.name"),
    ("call.name.not_a_string", lambda: decode_call(call(name=5)),
     DecodeError, "Tool name at $.function.name must be a non-empty string, got 5", "$.function.name"),
    ("call.id.not_a_string", lambda: decode_call({"id": [1], **call()}),
     DecodeError, "Id at $.id must be a string, got [1]", "$.id"),
    ("call.arguments.list", lambda: decode_call(call(arguments=[1])),
     ArgumentsError, "Arguments at $.function.arguments must be a JSON object or its text, got list [1]",
     "$.function.arguments"),
    ("call.arguments.nan", lambda: decode_call({"id": "call_k3x9a0ze", **call(arguments={"t": float("inf")})}),
     ArgumentsError, "Arguments at $.function.arguments hold inf, which is not JSON (NaN and infinity are not "
     "numbers in JSON)", "$.function.arguments"),
    ("call.arguments.nan_no_id", lambda: decode_call(call(arguments={"t": float("nan")})),
     ArgumentsError, "Arguments at $.function.arguments hold nan, which is not JSON (NaN and infinity are not "
     "numbers in JSON)", "$.function.arguments"),
    ("call.arguments.too_deep", lambda: decode_call({"id": "call_k3x9a0ze", **call(arguments={"a": {"b": {}}})},
                                                    max_depth=1),
     ArgumentsError, "Arguments at $.function.arguments are nested deeper than the limit of 1 (or contain "
     "themselves)", "$.function.arguments"),
    ("call.arguments.text_not_object", lambda: decode_call(call(arguments="[1]")),
     ArgumentsError, "Arguments at $.function.arguments are JSON but not an object: list [1]", "$.function.arguments"),
    # --- in a response ---
    ("reply.call.name", lambda: decode_all(reply([call(), call(name=None)])),
     DecodeError, "Tool name at $.message.tool_calls[1].function.name is missing",
     "$.message.tool_calls[1].function.name"),
    ("reply.call.id", lambda: decode_all(reply([{"id": 5.5, **call()}])),
     DecodeError, "Id at $.message.tool_calls[0].id must be a string, got 5.5", "$.message.tool_calls[0].id"),
    ("reply.length.empty_arguments", lambda: decode_all(reply([call(arguments={})], done_reason="length")),
     ArgumentsError, "Arguments at $.message.tool_calls[0].function.arguments are empty and the reply stopped at "
     "its token limit (length): the call was cut off; pass allow_truncated=True to accept it",
     "$.message.tool_calls[0].function.arguments"),
    ("reply.length.no_arguments", lambda: decode_all(reply([call(arguments=None)], done_reason="length")),
     ArgumentsError, "Arguments at $.message.tool_calls[0].function.arguments are empty and the reply stopped at "
     "its token limit (length): the call was cut off; pass allow_truncated=True to accept it",
     "$.message.tool_calls[0].function.arguments"),
    # --- in a history (calls read without detection) ---
    ("history.call.function", lambda: decode_history(history({"role": "assistant", "content": "",
                                                              "tool_calls": [{"id": "call_1", "function": 5}]})),
     DecodeError, "Expected a 'function' object at $.messages[0].tool_calls[0].function, got int 5",
     "$.messages[0].tool_calls[0].function"),
    ("history.result.tool_name", lambda: decode_history(history({"role": "tool", "tool_name": 5, "content": "x"})),
     DecodeError, "Tool name at $.messages[0].tool_name must be a non-empty string, got 5",
     "$.messages[0].tool_name"),
    # --- tool definitions (read as Chat's, reported as ollama's) ---
    ("tool.name.not_a_string", lambda: decode_tool({"type": "function", "function": {"name": 5, "parameters": {}}}),
     DecodeError, "Tool name at $.function.name must be a non-empty string, got 5", "$.function.name"),
    ("tool.parameters.not_an_object", lambda: decode_tool(
        {"type": "function", "function": {"name": "f", "parameters": 5}}),
     DecodeError, "Tool parameters at $.function.parameters must be an object", "$.function.parameters"),
    # --- calls.decode_result ---
    ("result.tool_call_id.not_a_string", lambda: decode_result(
        {"role": "tool", "tool_name": "f", "content": "x", "tool_call_id": [1]}),
     DecodeError, "Id at $.tool_call_id must be a string, got [1]", "$.tool_call_id"),
    ("result.tool_name.not_a_string", lambda: decode_result({"role": "tool", "tool_name": 5, "content": "x"}),
     DecodeError, "Tool name at $.tool_name must be a non-empty string, got 5", "$.tool_name"),
    ("result.tool_name.empty", lambda: decode_result({"role": "tool", "tool_name": "", "content": "x"}),
     DecodeError, "Tool name at $.tool_name must be a non-empty string, got ''", "$.tool_name"),
    ("result.content.number", lambda: decode_result({"role": "tool", "tool_name": "f", "content": 22}),
     DecodeError, "Tool result content at $.content must be text or a list of parts, got 22", "$.content"),
    ("result.content.object", lambda: decode_result({"role": "tool", "tool_name": "f", "content": {"t": 22}}),
     DecodeError, "Tool result content at $.content must be text or a list of parts, got {'t': 22}", "$.content"),
    ("result.content.part", lambda: decode_result(
        {"role": "tool", "tool_name": "f", "content": [{"type": "text", "text": "a"}, 5]}),
     DecodeError, "Expected a content part at $.content[1], got int 5", "$.content[1]"),
    # --- encoders ---
    ("encode.result.part_type", lambda: toolwire.encode_result(
        ToolResult(id="call_1", name="f", content=[{"type": "audio"}]), D),
     EncodeError, "An ollama tool result holds only text; got an 'audio' part", "$"),
    ("encode.result.image_of_no_known_shape", lambda: toolwire.encode_result(
        ToolResult(id="call_1", name="f", content=[{"type": "image"}]), D),
     EncodeError, "An image part of no known shape in a tool result cannot be written for ollama: {'type': 'image'}",
     "$"),
]


@pytest.mark.parametrize(("run", "cls", "message", "loc"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_error_site(run: Callable[[], Any], cls: Type[Exception], message: str, loc: str) -> None:
    with pytest.raises(toolwire.ToolwireError) as exc:
        run()
    err = exc.value
    assert (type(err), err.message, str(err), err.loc, err.dialect) == (cls, message, message, loc, D)


def test_cut_off_calls_pass_when_allowed_and_say_so() -> None:
    calls = decode_all(reply([call(arguments={}), call(arguments={"city": "Zürich"})], done_reason="length"),
                       allow_truncated=True)
    assert [(c.name, c.args, c.repairs) for c in calls] == [
        ("get_weather", {}, ()),  # another call follows: whole (only the last may be cut)
        ("get_weather", {"city": "Zürich"}, ()),
    ]
    calls = decode_all(reply([call(arguments={"city": "Zürich"}), call(arguments={})], done_reason="length"),
                       allow_truncated=True)
    assert [c.repairs for c in calls] == [(), ("empty-arguments", "truncated")]
