"""Every error site of ``openai.chat`` and ``openai.responses`` (calls, tools, results,
containers), reached by a minimal malformed payload, with its class, whole message,
``$.path`` and dialect pinned as literals.

Shapes from https://platform.openai.com/docs/api-reference/chat/create (``tools``,
``messages``, ``tool_calls``) and https://platform.openai.com/docs/api-reference/responses/create
(``input`` / ``output`` items, ``tools``). Sites the front doors cannot reach (their
``sniff`` refuses the shape first) are reached through the dialect's own functions.
"""

from __future__ import annotations

from typing import Any, Callable, List, Tuple

import pytest

import toolwire
from toolwire import ArgumentsError, DecodeError, EncodeError, Policy, ToolResult, ToolwireError

C = "openai.chat"
R = "openai.responses"
CHAT = toolwire.get_dialect(C)
RESP = toolwire.get_dialect(R)
STRICT = Policy()


def _tiny(**kw: Any) -> Policy:
    return Policy(**kw)


Row = Tuple[str, Callable[[], Any], type, str, str, str]

ROWS: List[Row] = [
    # --- openai.chat containers (chat.children / chat.choices) ---
    ("chat.children.choices-not-a-list", lambda: toolwire.decode_all({"choices": 5}, C),
     DecodeError, "Expected a list at $.choices, got int", "$.choices", C),
    ("chat.choices.choice-not-an-object", lambda: toolwire.decode_all({"choices": [{"message": None}, 4]}, C),
     DecodeError, "Expected a choice object at $.choices[1], got int 4", "$.choices[1]", C),
    ("chat.children.choice-not-an-object", lambda: list(CHAT.children({"choices": [7]}, "$.r")),
     DecodeError, "Expected a choice object at $.r.choices[0], got int 7", "$.r.choices[0]", C),
    ("chat.children.messages-not-a-list", lambda: toolwire.decode_all({"tool_calls": [], "messages": 5}, C),
     DecodeError, "Expected a list at $.messages, got int", "$.messages", C),
    ("chat.children.tool_calls-not-a-list", lambda: toolwire.decode_all({"role": "assistant", "tool_calls": 5}, C),
     DecodeError, "Expected a list at $.tool_calls, got int", "$.tool_calls", C),
    ("chat.children.nested-tool_calls-not-a-list",
     lambda: toolwire.decode_all({"choices": [{"message": {"role": "assistant", "tool_calls": 5}}]}, C),
     DecodeError, "Expected a list at $.choices[0].message.tool_calls, got int",
     "$.choices[0].message.tool_calls", C),
    # --- openai.chat calls (chat.decode_call) ---
    ("chat.call.no-function", lambda: CHAT.decode_call({"id": "call_1"}, STRICT, "$.x"),
     DecodeError, "Tool call at $.x has no 'function'", "$.x", C),
    ("chat.call.function-not-an-object", lambda: CHAT.decode_call({"id": "call_1", "function": 5}, STRICT, "$.x"),
     DecodeError, "Expected a 'function' object at $.x.function, got int 5", "$.x.function", C),
    ("chat.call.no-name", lambda: toolwire.decode({"id": "call_1", "function": {"arguments": "{}"}}, C),
     DecodeError, "Tool name at $.function.name is missing", "$.function.name", C),
    ("chat.call.empty-name",
     lambda: toolwire.decode({"id": "call_1", "type": "function", "function": {"name": "", "arguments": "{}"}}, C),
     DecodeError, "Tool name at $.function.name must be a non-empty string, got ''", "$.function.name", C),
    ("chat.call.arguments-a-list",
     lambda: toolwire.decode({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "[1]"}}, C),
     ArgumentsError, "Arguments at $.function.arguments are JSON but not an object: list [1]",
     "$.function.arguments", C),
    ("chat.call.nested-arguments",
     lambda: toolwire.decode_all({"choices": [{"message": {"role": "assistant", "tool_calls": [
         {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "[1]"}}]}}]}, C),
     ArgumentsError, "Arguments at $.choices[0].message.tool_calls[0].function.arguments are JSON but not an "
     "object: list [1]", "$.choices[0].message.tool_calls[0].function.arguments", C),
    ("chat.call.id-a-float",
     lambda: toolwire.decode({"id": 5.5, "type": "function", "function": {"name": "f", "arguments": "{}"}}, C),
     DecodeError, "Id at $.id must be a string, got 5.5", "$.id", C),
    ("chat.legacy.name-not-text", lambda: toolwire.decode_all({"role": "assistant", "function_call": {"name": 5, "arguments": "{}"}}, C),
     DecodeError, "Tool name at $.function_call.name must be a non-empty string, got 5", "$.function_call.name", C),
    ("chat.legacy.arguments-a-list",
     lambda: toolwire.decode_all({"role": "assistant", "function_call": {"name": "f", "arguments": "[1]"}}, C),
     ArgumentsError, "Arguments at $.function_call.arguments are JSON but not an object: list [1]",
     "$.function_call.arguments", C),
    ("chat.legacy.bare-name-not-text", lambda: CHAT.decode_call({"name": 5, "arguments": "{}"}, STRICT, "$.fc"),
     DecodeError, "Tool name at $.fc.name must be a non-empty string, got 5", "$.fc.name", C),
    # --- openai.chat custom tool calls (chat._decode_custom) ---
    ("chat.custom.not-an-object", lambda: CHAT.decode_call({"id": "c", "type": "custom", "custom": 5}, STRICT, "$.x"),
     DecodeError, "Expected a 'custom' object at $.x.custom, got int 5", "$.x.custom", C),
    ("chat.custom.no-name", lambda: toolwire.decode({"id": "c", "type": "custom", "custom": {"input": "x"}}, C),
     DecodeError, "Tool name at $.custom.name is missing", "$.custom.name", C),
    ("chat.custom.input-not-text",
     lambda: toolwire.decode({"id": "c", "type": "custom", "custom": {"name": "f", "input": 5}}, C),
     DecodeError, "Custom tool input at $.custom.input must be text", "$.custom.input", C),
    ("chat.custom.input-over-the-limit",
     lambda: toolwire.decode({"id": "c", "type": "custom", "custom": {"name": "f", "input": "ééééééé"}}, C,
                             max_bytes=6),
     ArgumentsError, "Custom tool input at $.custom.input is 7 characters long, over the limit of 6",
     "$.custom.input", C),
    ("chat.custom.input-at-the-limit-nested",
     lambda: CHAT.decode_call({"id": "c", "type": "custom", "custom": {"name": "f", "input": "abcdefg"}},
                              _tiny(max_bytes=6), "$.tool_calls[2]"),
     ArgumentsError, "Custom tool input at $.tool_calls[2].custom.input is 7 characters long, over the limit of 6",
     "$.tool_calls[2].custom.input", C),
    ("chat.custom.id-a-float",
     lambda: toolwire.decode({"id": 1.5, "type": "custom", "custom": {"name": "f", "input": "x"}}, C),
     DecodeError, "Id at $.id must be a string, got 1.5", "$.id", C),
    # --- openai.chat tools (chat_tools.decode_tool) ---
    ("chat.tool.function-not-an-object", lambda: CHAT.decode_tool({"type": "function", "function": 5}, "$.t"),
     DecodeError, "Expected a 'function' object at $.t.function, got int 5", "$.t.function", C),
    ("chat.tool.no-name", lambda: CHAT.decode_tool({"type": "function", "function": {"parameters": {}}}, "$.t"),
     DecodeError, "Tool name at $.t.function.name is missing", "$.t.function.name", C),
    ("chat.tool.name-not-text", lambda: toolwire.decode_tool({"type": "function", "function": {"name": 3}}, C),
     DecodeError, "Tool name at $.function.name must be a non-empty string, got 3", "$.function.name", C),
    ("chat.tool.parameters-not-an-object",
     lambda: toolwire.decode_tool({"type": "function", "function": {"name": "f", "parameters": [1]}}, C),
     DecodeError, "Tool parameters at $.function.parameters must be an object", "$.function.parameters", C),
    ("chat.tool.custom-not-an-object", lambda: CHAT.decode_tool({"type": "custom", "custom": 5}, "$.t"),
     DecodeError, "Expected a 'custom' object at $.t.custom, got int 5", "$.t.custom", C),
    ("chat.tool.custom-no-name", lambda: toolwire.decode_tool({"type": "custom", "custom": {"description": "d"}}, C),
     DecodeError, "Tool name at $.custom.name is missing", "$.custom.name", C),
    # the Chat tool shape other dialects read with ``chat_tools.decode_tool``: errors name their dialect
    ("mistral.tool.parameters-not-an-object",
     lambda: toolwire.decode_tool({"type": "function", "function": {"name": "f", "parameters": [1]}}, "mistral"),
     DecodeError, "Tool parameters at $.function.parameters must be an object", "$.function.parameters", "mistral"),
    ("ollama.tool.name-not-text",
     lambda: toolwire.decode_tool({"type": "function", "function": {"name": 3}}, "ollama"),
     DecodeError, "Tool name at $.function.name must be a non-empty string, got 3", "$.function.name", "ollama"),
    ("cohere.tool.no-name",
     lambda: toolwire.decode_tool({"type": "function", "function": {"name": None, "parameters": {}}}, "cohere.v2"),
     DecodeError, "Tool name at $.function.name is missing", "$.function.name", "cohere.v2"),
    # --- openai.chat results (chat_results.decode_result / encode_result) ---
    ("chat.result.content-a-number",
     lambda: toolwire.decode_result({"role": "tool", "tool_call_id": "call_1", "content": 5}, C),
     DecodeError, "Tool result content at $.content must be text or a list of parts", "$.content", C),
    ("chat.result.id-a-float",
     lambda: toolwire.decode_result({"role": "tool", "tool_call_id": 5.5, "content": "x"}, C),
     DecodeError, "Id at $.tool_call_id must be a string, got 5.5", "$.tool_call_id", C),
    # tool_call_id is required (openai-python chat_completion_tool_message_param.py)
    ("chat.result.id-null",
     lambda: toolwire.decode_result({"role": "tool", "tool_call_id": None, "content": "x"}, C),
     DecodeError, "Tool result id at $.tool_call_id is missing: openai.chat needs the id of the call it answers",
     "$.tool_call_id", C),
    ("chat.result.part-not-an-object",
     lambda: toolwire.decode_result({"role": "tool", "tool_call_id": "call_1", "content": [
         {"type": "text", "text": "a"}, "x"]}, C),
     DecodeError, "Expected a content part at $.content[1], got str 'x'", "$.content[1]", C),
    ("chat.result.encode-image-part",
     lambda: toolwire.encode_result(ToolResult(id="call_1", content=[{"type": "image", "data": "iVBO"}]), C),
     EncodeError, "An openai.chat tool result holds only text; got an 'image' part", "$", C),
    ("chat.result.encode-no-id", lambda: toolwire.encode_result(ToolResult(content="x"), C),
     EncodeError, "An openai.chat tool result needs the id of its call; this result has none (pass the IdMap its "
     "call was encoded with as ids=)", "$", C),
    # --- openai.responses containers (responses_sniff.children) ---
    ("responses.children.output-not-a-list",
     lambda: toolwire.decode_all({"object": "response", "output": None}, R),
     DecodeError, "Expected a list at $.output, got NoneType", "$.output", R),
    ("responses.children.input-not-a-list", lambda: list(RESP.children({"input": "hi"}, "$.body")),
     DecodeError, "Expected a list at $.body.input, got str", "$.body.input", R),
    # --- openai.responses calls (responses_calls.decode_call) ---
    ("responses.call.plain-arguments-a-list",
     lambda: toolwire.decode({"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "[1]"}, R),
     ArgumentsError, "Arguments at $.arguments are JSON but not an object: list [1]", "$.arguments", R),
    ("responses.call.plain-nested",
     lambda: toolwire.decode_all({"output": [{"type": "message", "content": []}, {
         "type": "function_call", "call_id": "call_1", "name": "f", "arguments": "[1]"}]}, R),
     ArgumentsError, "Arguments at $.output[1].arguments are JSON but not an object: list [1]",
     "$.output[1].arguments", R),
    ("responses.call.arguments-a-list",
     lambda: toolwire.decode({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f",
                              "arguments": "[1]", "status": "completed"}, R),
     ArgumentsError, "Arguments at $.arguments are JSON but not an object: list [1]", "$.arguments", R),
    ("responses.call.arguments-over-the-limit",
     lambda: RESP.decode_call({"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}", "x": 1},
                              _tiny(max_bytes=1), "$.i"),
     ArgumentsError, "Arguments at $.i.arguments are 2 characters long, over the limit of 1", "$.i.arguments", R),
    ("responses.call.call_id-a-float",
     lambda: toolwire.decode({"type": "function_call", "call_id": 5.5, "name": "f", "arguments": "{}"}, R),
     DecodeError, "Id at $.call_id must be a string, got 5.5", "$.call_id", R),
    ("responses.call.empty-name",
     lambda: toolwire.decode({"type": "function_call", "call_id": "call_1", "name": "", "arguments": "{}"}, R),
     DecodeError, "Tool name at $.name must be a non-empty string, got ''", "$.name", R),
    ("responses.call.no-name", lambda: toolwire.decode({"type": "function_call", "call_id": "c", "arguments": "{}"}, R),
     DecodeError, "Tool name at $.name is missing", "$.name", R),
    ("responses.custom.input-not-text",
     lambda: toolwire.decode({"type": "custom_tool_call", "call_id": "c", "name": "f", "input": 5}, R),
     DecodeError, "Custom tool input at $.input must be text", "$.input", R),
    ("responses.custom.input-over-the-limit",
     lambda: toolwire.decode({"type": "custom_tool_call", "call_id": "c", "name": "f", "input": "ü" * 9}, R,
                             max_bytes=8),
     ArgumentsError, "Custom tool input at $.input is 9 characters long, over the limit of 8", "$.input", R),
    ("responses.server.id-a-float",
     lambda: toolwire.decode_all({"output": [{"type": "web_search_call", "id": 5.5}]}, R, include_server=True),
     DecodeError, "Id at $.output[0].id must be a string, got 5.5", "$.output[0].id", R),
    # --- openai.responses tools and results (responses_tools) ---
    ("responses.tool.no-name", lambda: RESP.decode_tool({"type": "function", "parameters": {}}, "$.tools[0]"),
     DecodeError, "Tool name at $.tools[0].name is missing", "$.tools[0].name", R),
    ("responses.tool.name-not-text", lambda: toolwire.decode_tool({"type": "function", "name": ["f"]}, R),
     DecodeError, "Tool name at $.name must be a non-empty string, got ['f']", "$.name", R),
    ("responses.tool.parameters-not-an-object",
     lambda: toolwire.decode_tool({"type": "function", "name": "f", "parameters": "x"}, R),
     DecodeError, "Tool parameters at $.parameters must be an object", "$.parameters", R),
    ("responses.result.call_id-a-float",
     lambda: toolwire.decode_result({"type": "function_call_output", "call_id": 5.5, "output": "x"}, R),
     DecodeError, "Id at $.call_id must be a string, got 5.5", "$.call_id", R),
    # call_id is required (openai-python response_input_param.py FunctionCallOutput)
    ("responses.result.call_id-missing",
     lambda: toolwire.decode_result({"type": "function_call_output", "output": "x"}, R),
     DecodeError, "Tool result id at $.call_id is missing: openai.responses needs the id of the call it answers",
     "$.call_id", R),
    ("responses.result.output-a-number",
     lambda: toolwire.decode_result({"type": "function_call_output", "call_id": "c", "output": 5}, R),
     DecodeError, "Tool output at $.output must be text or a list of parts", "$.output", R),
    ("responses.result.part-not-an-object",
     lambda: toolwire.decode_result({"type": "function_call_output", "call_id": "c", "output": [
         {"type": "input_text", "text": "a"}, 5]}, R),
     DecodeError, "Expected a content part at $.output[1], got int 5", "$.output[1]", R),
    ("responses.result.part-without-type",
     lambda: toolwire.decode_result({"type": "function_call_output", "call_id": "c", "output": [
         {"type": "input_text", "text": "a"}, {"text": "b"}]}, R),
     DecodeError, "Content part at $.output[1] has no 'type'", "$.output[1].type", R),
    ("responses.result.encode-audio-part",
     lambda: toolwire.encode_result(ToolResult(id="call_1", content=[{"type": "audio", "data": "x"}]), R),
     EncodeError, "An openai.responses tool output cannot hold an 'audio' part", "$", R),
    ("responses.result.encode-no-id", lambda: toolwire.encode_result(ToolResult(content="x"), R),
     EncodeError, "An openai.responses tool result needs the id of its call; this result has none (pass the IdMap "
     "its call was encoded with as ids=)", "$", R),
]


@pytest.mark.parametrize(("thunk", "cls", "message", "loc", "dialect"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_error_site(thunk: Callable[[], Any], cls: type, message: str, loc: str, dialect: str) -> None:
    with pytest.raises(ToolwireError) as exc:
        thunk()
    err = exc.value
    assert (type(err), err.message, str(err), err.loc, err.dialect) == (cls, message, message, loc, dialect)


def test_the_table_names_each_site_once() -> None:
    assert len({r[0] for r in ROWS}) == len(ROWS)
