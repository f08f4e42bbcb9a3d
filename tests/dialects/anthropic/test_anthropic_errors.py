"""anthropic.messages: every error site, with its class, whole message, ``$.path`` and
dialect pinned as literals (one row per site).

Shapes from https://docs.claude.com/en/api/messages (content blocks ``tool_use`` /
``server_tool_use`` / ``tool_result``, ``tools[]``, ``system``, ``messages[]``) made
malformed by hand, one field at a time.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Type

import pytest

import toolwire
from toolwire import ArgumentsError, DecodeError, EncodeError, ToolCall, ToolResult

D = "anthropic.messages"


def use(**kw: Any) -> Dict[str, Any]:
    """A ``tool_use`` block with the fields of *kw* replaced (``None`` drops one)."""
    b: Dict[str, Any] = {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {"city": "Zürich"}}
    b.update(kw)
    return {k: v for k, v in b.items() if v is not None}


def server(**kw: Any) -> Dict[str, Any]:
    b: Dict[str, Any] = {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "q"}}
    b.update(kw)
    return {k: v for k, v in b.items() if v is not None}


def reply(content: Any, stop_reason: str = "tool_use") -> Dict[str, Any]:
    return {"id": "msg_01", "type": "message", "role": "assistant", "content": content, "stop_reason": stop_reason}


def history(*messages: Any) -> Dict[str, Any]:
    return {"messages": list(messages)}


decode_call: Callable[..., Any] = lambda x, **kw: toolwire.decode(x, D, **kw)  # noqa: E731
decode_all: Callable[..., Any] = lambda x, **kw: toolwire.decode_all(x, D, **kw)  # noqa: E731
decode_tool: Callable[..., Any] = lambda x: toolwire.decode_tool(x, D)  # noqa: E731
decode_result: Callable[..., Any] = lambda x: toolwire.decode_result(x, D)  # noqa: E731
decode_history: Callable[..., Any] = lambda x: toolwire.decode_conversation(x, D)  # noqa: E731

CUT = "may be cut off: the reply stopped at its token limit (max_tokens); pass allow_truncated=True to accept them"

# (id, call, error class, message, loc); the dialect is anthropic.messages in every row
ROWS: List[Any] = [
    # --- messages.decode_call: the tool_use block ---
    ("call.name.missing", lambda: decode_call(use(name=None)),
     DecodeError, "Tool name at $.name is missing", "$.name"),
    ("call.name.not_a_string", lambda: decode_call(use(name=5)),
     DecodeError, "Tool name at $.name must be a non-empty string, got 5", "$.name"),
    ("call.name.empty", lambda: decode_call(use(name="")),
     DecodeError, "Tool name at $.name must be a non-empty string, got ''", "$.name"),
    ("call.id.not_a_string", lambda: decode_call(use(id=[1])),
     DecodeError, "Id at $.id must be a string, got [1]", "$.id"),
    ("call.input.list", lambda: decode_call(use(input=[1])),
     ArgumentsError, "Arguments at $.input must be a JSON object or its text, got list [1]", "$.input"),
    ("call.input.nan", lambda: decode_call(use(input={"t": float("nan")})),
     ArgumentsError, "Arguments at $.input hold nan, which is not JSON (NaN and infinity are not numbers in JSON)",
     "$.input"),
    ("call.input.too_deep", lambda: decode_call(use(input={"a": {"b": {}}}), max_depth=1),
     ArgumentsError, "Arguments at $.input are nested deeper than the limit of 1 (or contain themselves)", "$.input"),
    ("call.input.text_not_object", lambda: decode_call(use(input="[1]")),
     ArgumentsError, "Arguments at $.input are JSON but not an object: list [1]", "$.input"),
    ("call.input.text_too_long", lambda: decode_call(use(input='{"city": "Zürich"}'), max_bytes=5),
     ArgumentsError, "Arguments at $.input are 18 characters long, over the limit of 5", "$.input"),
    # --- messages.decode_call: server_tool_use ---
    ("server.name.missing", lambda: decode_call(server(name=None)),
     DecodeError, "Tool name at $.name is missing", "$.name"),
    ("server.id.not_a_string", lambda: decode_call(server(id=2.5)),
     DecodeError, "Id at $.id must be a string, got 2.5", "$.id"),
    ("server.input.text_not_object", lambda: decode_call(server(input="[1]")),
     ArgumentsError, "Arguments at $.input are JSON but not an object: list [1]", "$.input"),
    ("server.input.too_deep", lambda: decode_call(server(input={"a": {"b": {}}}), max_depth=1),
     ArgumentsError, "Arguments at $.input are nested deeper than the limit of 1 (or contain themselves)", "$.input"),
    # --- messages.children: containers ---
    ("message.content.not_a_list", lambda: decode_all(reply(5)),
     DecodeError, "Expected a list at $.content, got int", "$.content"),
    ("message.messages.not_a_list", lambda: decode_all({"type": "message", "stop_reason": "end_turn", "messages": 5}),
     DecodeError, "Expected a list at $.messages, got int", "$.messages"),
    ("message.call.at_its_index", lambda: decode_all(reply([{"type": "text", "text": "x"}, use(name=None)])),
     DecodeError, "Tool name at $.content[1].name is missing", "$.content[1].name"),
    ("message.call.id_at_its_index", lambda: decode_all(reply([use(id=7.5)])),
     DecodeError, "Id at $.content[0].id must be a string, got 7.5", "$.content[0].id"),
    ("message.block.no_type", lambda: decode_all(reply([{"name": "get_weather", "input": {}}])),
     DecodeError, "Content block at $.content[0] has no 'type', which every anthropic.messages block has",
     "$.content[0]"),
    ("message.block.type_not_a_string", lambda: decode_all(reply([use(), {"type": ["tool_use"], "name": "f"}])),
     DecodeError, "A content block's 'type' must be a string at $.content[1].type, got list ['tool_use']",
     "$.content[1].type"),
    # another dialect's call beside a tool_use: never passed over as an unknown block (it was dropped)
    ("message.block.responses_call", lambda: decode_all(reply([use(), {
        "type": "function_call", "call_id": "call_2", "name": "f", "arguments": "{}"}])),
     DecodeError, "Content block at $.content[1] has type 'function_call', which is openai.responses's, "
     "not anthropic.messages's", "$.content[1]"),
    ("message.block.chat_call", lambda: decode_all(reply([use(), {
        "id": "call_2", "type": "function", "function": {"name": "f", "arguments": "{}"}}])),
     DecodeError, "Content block at $.content[1] is an openai.chat tool call, not an anthropic.messages block",
     "$.content[1]"),
    ("request.block.no_type", lambda: decode_all(
        {"system": "s", "messages": [{"role": "assistant", "content": [{"id": "toolu_1", "name": "f", "input": {}}]}]}),
     DecodeError, "Content block at $.messages[0].content[0] has no 'type', which every anthropic.messages block has",
     "$.messages[0].content[0]"),
    ("request.message.not_an_object", lambda: decode_all({"system": "s", "messages": [{"role": "user", "content": "a"}, 5]}),
     DecodeError, "Expected a message at $.messages[1], got int 5", "$.messages[1]"),
    ("request.content.not_a_list", lambda: decode_all({"system": "s", "messages": [{"role": "user", "content": 5}]}),
     DecodeError, "Expected a list at $.messages[0].content, got int", "$.messages[0].content"),
    ("request.call.at_its_index", lambda: decode_all(
        {"system": "s", "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": [use(id=[])]}]}),
     DecodeError, "Id at $.messages[1].content[0].id must be a string, got []", "$.messages[1].content[0].id"),
    # --- messages.object_arguments: stop_reason max_tokens ---
    ("cut_off.object", lambda: decode_all(reply([use()], "max_tokens")),
     ArgumentsError, f"Arguments at $.content[0].input {CUT}", "$.content[0].input"),
    ("cut_off.text", lambda: decode_all(reply([use(input='{"city": "Zürich"}')], "max_tokens")),
     ArgumentsError, f"Arguments at $.content[0].input {CUT}", "$.content[0].input"),
    ("cut_off.too_deep", lambda: decode_all(reply([use(input={"a": {"b": {}}})], "max_tokens"), max_depth=1),
     ArgumentsError, "Arguments at $.content[0].input are nested deeper than the limit of 1 (or contain themselves)",
     "$.content[0].input"),
    # --- tools.decode_tool ---
    ("tool.name.missing", lambda: decode_tool({"name": None, "input_schema": {"type": "object"}}),
     DecodeError, "Tool name at $.name is missing", "$.name"),
    ("tool.name.empty", lambda: decode_tool({"name": "", "input_schema": {"type": "object"}}),
     DecodeError, "Tool name at $.name must be a non-empty string, got ''", "$.name"),
    ("tool.name.server_tool", lambda: decode_tool({"type": "web_search_20250305", "name": 5}),
     DecodeError, "Tool name at $.name must be a non-empty string, got 5", "$.name"),
    ("tool.input_schema.not_an_object", lambda: decode_tool({"name": "f", "input_schema": "nope"}),
     DecodeError, "Tool input_schema at $.input_schema must be an object", "$.input_schema"),
    ("tool.strict.not_a_bool", lambda: decode_tool({"name": "f", "input_schema": {"type": "object"}, "strict": "yes"}),
     DecodeError, "Tool strict at $.strict must be a bool, got 'yes'", "$.strict"),
    # --- tools.decode_result ---
    ("result.tool_use_id.not_a_string", lambda: decode_result({"type": "tool_result", "tool_use_id": [1]}),
     DecodeError, "Id at $.tool_use_id must be a string, got [1]", "$.tool_use_id"),
    # tool_use_id is required (anthropic-sdk-python tool_result_block_param.py)
    ("result.tool_use_id.missing", lambda: decode_result({"type": "tool_result", "content": "x"}),
     DecodeError, "Tool result id at $.tool_use_id is missing: anthropic.messages needs the id of the call it answers",
     "$.tool_use_id"),
    ("result.tool_use_id.empty", lambda: decode_result({"type": "tool_result", "tool_use_id": "", "content": "x"}),
     DecodeError, "Tool result id at $.tool_use_id is empty: anthropic.messages needs the id of the call it answers",
     "$.tool_use_id"),
    # input_schema: "type must be 'object'" (anthropic-sdk-python tool_param.py InputSchema)
    ("tool.input_schema.not_an_object_type", lambda: decode_tool({"name": "f", "input_schema": {"type": "string"}}),
     DecodeError, "Tool input_schema at $.input_schema.type must be 'object', got 'string'", "$.input_schema.type"),
    ("result.content.not_text", lambda: decode_result({"type": "tool_result", "tool_use_id": "toolu_1", "content": 5}),
     DecodeError, "Tool result content at $.content must be text or a list of blocks", "$.content"),
    ("result.block.not_an_object", lambda: decode_result(
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "text", "text": "a"}, 5]}),
     DecodeError, "Expected a content block at $.content[1], got int 5", "$.content[1]"),
    ("result.block.no_type", lambda: decode_result(
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "text", "text": "a"}, {"text": "b"}]}),
     DecodeError, "Content block at $.content[1] has no 'type'", "$.content[1]"),
    # --- encoders (no path: the value is canonical) ---
    ("encode.result.no_id", lambda: toolwire.encode_result(ToolResult(content="22°C"), D),
     EncodeError, "An anthropic.messages tool result needs the id of its call; this result has none "
     "(pass the IdMap its call was encoded with as ids=)", "$"),
    ("encode.result.part_type", lambda: toolwire.encode_result(ToolResult(id="toolu_1", content=[{"type": "audio"}]), D),
     EncodeError, "An anthropic.messages tool result cannot hold an 'audio' part", "$"),
    ("encode.call.foreign_server_call", lambda: toolwire.encode(
        ToolCall("web_search", {"q": "x"}, "ws_1", server=True, provider_data={"openai.responses": {"type": "web_search_call"}}), D),
     EncodeError, "Call 'web_search' is run by another provider; it cannot be replayed to anthropic.messages", "$"),
    # --- history.decode ---
    ("history.messages.not_a_list", lambda: decode_history({"messages": 5}),
     DecodeError, "An anthropic.messages history needs a list at $.messages", "$.messages"),
    ("history.message.not_an_object", lambda: decode_history(history({"role": "user", "content": "a"}, 5)),
     DecodeError, "Expected a message at $.messages[1], got int 5", "$.messages[1]"),
    ("history.message.role", lambda: decode_history(history({"role": "tool", "content": "a"})),
     DecodeError, "Message at $.messages[0] has role 'tool'", "$.messages[0].role"),
    ("history.message.no_role", lambda: decode_history([{"role": "user", "content": "a"}, {"content": "b"}]),
     DecodeError, "Message at $[1] has role None", "$[1].role"),
    ("history.message.tool_calls", lambda: decode_history(history({"role": "assistant", "content": "a", "tool_calls": []})),
     DecodeError, "Message at $.messages[0] has 'tool_calls', which anthropic.messages messages do not have",
     "$.messages[0].tool_calls"),
    ("history.content.not_text", lambda: decode_history(history({"role": "user", "content": 5})),
     DecodeError, "Message content at $.messages[0].content must be text or a list of blocks", "$.messages[0].content"),
    ("history.system.not_text", lambda: decode_history({"system": 5, "messages": []}),
     DecodeError, "Message content at $.system must be text or a list of blocks", "$.system"),
    ("history.block.not_an_object", lambda: decode_history(history({"role": "user", "content": [{"type": "text", "text": "a"}, 5]})),
     DecodeError, "Expected a content block at $.messages[0].content[1], got int 5", "$.messages[0].content[1]"),
    ("history.block.no_type", lambda: decode_history(history({"role": "user", "content": [{"text": "a"}]})),
     DecodeError, "Content block at $.messages[0].content[0] has no 'type', which every anthropic.messages block has",
     "$.messages[0].content[0]"),
    ("history.block.foreign", lambda: decode_history(history({"role": "user", "content": [{"type": "function_call"}]})),
     DecodeError, "Content block at $.messages[0].content[0] has type 'function_call', which is openai.responses's, "
     "not anthropic.messages's", "$.messages[0].content[0]"),
    ("history.call.name", lambda: decode_history(history({"role": "assistant", "content": [use(name=None)]})),
     DecodeError, "Tool name at $.messages[0].content[0].name is missing", "$.messages[0].content[0].name"),
    ("history.result.id", lambda: decode_history(history({"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": 2.5, "content": "x"}]})),
     DecodeError, "Id at $.messages[0].content[0].tool_use_id must be a string, got 2.5",
     "$.messages[0].content[0].tool_use_id"),
    ("history.result.content", lambda: decode_history(history({"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": {"text": "x"}}]})),
     DecodeError, "Tool result content at $.messages[0].content[0].content must be text or a list of blocks",
     "$.messages[0].content[0].content"),
]


@pytest.mark.parametrize(("run", "cls", "message", "loc"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_error_site(run: Callable[[], Any], cls: Type[Exception], message: str, loc: str) -> None:
    with pytest.raises(toolwire.ToolwireError) as exc:
        run()
    err = exc.value
    assert (type(err), err.message, str(err), err.loc, err.dialect) == (cls, message, message, loc, D)


def test_cut_off_arguments_keep_their_text_as_it_came_or_as_unescaped_json() -> None:
    """``raw`` of a cut-off call: the argument text as received, else the object as
    JSON with non-ASCII text unescaped; ``truncated`` is set."""
    rows: List[Any] = [
        (reply([use()], "max_tokens"), '{"city": "Zürich"}'),
        (reply([use(input='{"city":"Zürich" }')], "max_tokens"), '{"city":"Zürich" }'),
    ]
    for payload, raw in rows:
        with pytest.raises(ArgumentsError) as exc:
            toolwire.decode_all(payload, D)
        assert (exc.value.raw, exc.value.truncated) == (raw, True)


def test_cut_off_calls_are_kept_as_invalid_calls_on_request() -> None:
    calls = toolwire.decode_all(reply([server(), use()], "max_tokens"), D, invalid="keep", include_server=True)
    assert [type(c).__name__ for c in calls] == ["ToolCall", "InvalidToolCall"]
    invalid = calls[1]
    assert (invalid.name, invalid.id, invalid.raw, invalid.loc) == (  # type: ignore[union-attr]
        "get_weather", "toolu_01A", '{"city": "Zürich"}', "$.content[1].input",
    )
    # a server call is the provider's: never cut off for the client
    assert (calls[0].name, calls[0].args, calls[0].id, calls[0].repairs) == (  # type: ignore[union-attr]
        "web_search", {"query": "q"}, "srvtoolu_01", (),
    )
    # a client call another call follows was whole: only the reply's last call may be cut off
    first = toolwire.decode_all(reply([use(), server()], "max_tokens"), D, invalid="keep", include_server=True)[0]
    assert type(first) is ToolCall and first.args == {"city": "Zürich"}


def test_cut_off_calls_pass_when_allowed_and_say_so() -> None:
    calls = toolwire.decode_all(
        reply([use(), use(id="toolu_01B", input='{"city": "Zürich"}')], "max_tokens"), D, allow_truncated=True
    )
    assert [(c.name, c.args, c.id, c.raw, c.repairs) for c in calls] == [
        ("get_weather", {"city": "Zürich"}, "toolu_01A", None, ()),  # another call follows: whole
        ("get_weather", {"city": "Zürich"}, "toolu_01B", '{"city": "Zürich"}', ("truncated",)),
    ]


def test_one_bad_call_does_not_hide_its_siblings() -> None:
    calls = toolwire.decode_all(reply([use(input="[1]"), use(id="toolu_01B")]), D, invalid="keep")
    assert [type(c).__name__ for c in calls] == ["InvalidToolCall", "ToolCall"]
    assert calls[0].error == "Arguments at $.content[0].input are JSON but not an object: list [1]"  # type: ignore[union-attr]
