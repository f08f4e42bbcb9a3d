"""The calls of one ``convert`` to ``mcp`` that would be requests with one JSON-RPC id are refused.

MCP (https://modelcontextprotocol.io/specification/2025-11-25/basic, "Requests"): the
request id "MUST NOT have been previously used by the requestor within the same
session". DeepSeek and GLM give the parallel calls of one reply one id; written as two
requests with that id, their answers (a ``CallToolResult`` names no tool) could not be
told apart. The check is within one ``convert`` (a reply, a list, a conversation, whose
results free their ids: a later turn may reuse one); nothing is kept across calls, so
writing a call again, a later turn after ``IdMap.turn()`` or ``restart()`` go as ever.
"""

from __future__ import annotations

import json

import pytest

import toolwire
from toolwire import IdMap, ToolCall, ToolResult

D = "mcp"
REPLY = {"role": "assistant", "content": None, "tool_calls": [
    {"id": "call_0", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}},
    {"id": "call_0", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'}}]}
MESSAGE = ("The call 'get_weather' cannot be written as an mcp request with the id 'call_0': a call before it has "
           "that id and no result with it comes between, and mcp pairs a result with its call by the id alone (as "
           'MCP, whose request id "MUST NOT have been previously used by the requestor within the same session"); '
           "give each call its own id (call.replace(id=...))")


def _ids() -> IdMap:
    return IdMap(toolwire.get_dialect(D).ids, dialect=D)


def _reply(city: str) -> dict:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_0", "type": "function", "function": {"name": "get_weather", "arguments": json.dumps({"city": city})}}]}


def test_parallel_calls_sharing_an_id_are_refused() -> None:
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.convert(REPLY, to=D)
    assert str(info.value) == MESSAGE and info.value.loc == "$.tool_calls[1]"
    paris, oslo = toolwire.decode_all(REPLY, "openai.chat")
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.convert([paris, oslo], to=D, ids=_ids())
    assert str(info.value) == MESSAGE and info.value.loc == "$[1]"


def test_an_answered_id_may_be_used_again() -> None:
    paris, oslo = toolwire.decode_all(REPLY, "openai.chat")
    out = toolwire.convert([paris, ToolResult("call_0", content="3 C"), oslo], to=D)
    assert [x["id"] for x in out] == ["call_0", "call_0", "call_0"] and "method" in out[2]
    history = {"messages": [_reply("Paris"), {"role": "tool", "tool_call_id": "call_0", "content": "3 C"},
                            _reply("Oslo")]}
    assert toolwire.convert(history, to=D) == [
        {"jsonrpc": "2.0", "id": "call_0", "method": "tools/call",
         "params": {"name": "get_weather", "arguments": {"city": "Paris"}}},
        {"jsonrpc": "2.0", "id": "call_0", "method": "tools/call",
         "params": {"name": "get_weather", "arguments": {"city": "Oslo"}}}]
    # distinct ids, and calls without one (each gets its own), go as before
    out = toolwire.convert([ToolCall("f", {}, "a"), ToolCall("f", {}, "b"), ToolCall("f", {}), ToolCall("f", {"x": 1})],
                           to=D)
    assert [r["id"] for r in out][:2] == ["a", "b"] and len({r["id"] for r in out}) == 4


def test_nothing_is_kept_across_calls() -> None:
    """revM: the bridge flow (the server's response decoded, not written), a call written
    twice, a failed convert, ``restart()``: each id is written (as before 0.41)."""
    ids = _ids()
    assert toolwire.convert(_reply("Paris"), to=D, ids=ids)[0]["id"] == "call_0"
    toolwire.decode_result({"jsonrpc": "2.0", "id": "call_0", "result": {"content": [{"type": "text", "text": "3"}]}},
                           D)
    ids.turn()
    assert toolwire.convert(_reply("Oslo"), to=D, ids=ids)[0]["id"] == "call_0"
    ids = _ids()
    call = ToolCall("get", {"a": 1}, "call_1")
    assert toolwire.encode(call, D, ids=ids)["id"] == "call_1"
    assert toolwire.encode(call, D, ids=ids)["id"] == "call_1"
    bad = {"jsonrpc": "2.0", "id": "x", "method": "tools/call", "params": {"name": "get", "arguments": "{oops"}}
    with pytest.raises(toolwire.ArgumentsError):
        toolwire.convert([call, bad], to=D, ids=ids)
    assert toolwire.convert([call], to=D, ids=ids)[0]["id"] == "call_1"
    ids.restart()
    assert toolwire.convert(call, to=D, ids=ids)["id"] == "call_1"


def test_a_history_reusing_an_id_after_its_result() -> None:
    """pydantic-ai's cassette (request-pai-sonnet-4-5-gemini-ids-reused-history): Gemini's
    ids in an Anthropic history, one reused in a later turn, after its result."""
    def use(name: str, ident: str) -> dict:
        return {"role": "assistant", "content": [{"type": "tool_use", "id": ident, "name": name, "input": {}}]}

    def result(ident: str) -> dict:
        return {"role": "user", "content": [{"type": "tool_result", "tool_use_id": ident, "content": "ok"}]}

    body = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [
        {"role": "user", "content": [{"type": "text", "text": "refund?"}]},
        use("load_capability", "0usajhl5"), result("0usajhl5"), use("search_tools", "0usajhl5"), result("0usajhl5"),
        use("lookup_refund_policy", "8ci92gmp"), result("8ci92gmp")]}
    assert [(x["id"], x["params"]["name"]) for x in toolwire.convert(body, to=D)] == [
        ("0usajhl5", "load_capability"), ("0usajhl5", "search_tools"), ("8ci92gmp", "lookup_refund_policy")]
    body["messages"][2:3] = []  # (no result between: one turn's two calls, as far as anyone can tell)
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.convert(body, to=D)
    assert str(info.value) == MESSAGE.replace("get_weather", "search_tools").replace("call_0", "0usajhl5")
    assert info.value.loc == "$.messages[2].content[0]"


def test_a_list_of_messages_with_the_result_between_two_calls_of_one_id() -> None:
    """A list of Anthropic messages (not a request body): the user message holding the
    result frees the id, as in the body (review revM2: the list was refused)."""
    messages = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "a", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "b", "input": {}}]},
    ]
    out = toolwire.convert(messages, D, source="anthropic.messages")
    assert [(x["id"], x["params"]["name"]) for x in out if "params" in x] == [("toolu_1", "a"), ("toolu_1", "b")]
    with pytest.raises(toolwire.EncodeError):  # without the result between, the second is refused
        toolwire.convert([messages[1], messages[3]], D, source="anthropic.messages")


def test_a_server_call_value_reserves_no_id() -> None:
    """A ``ToolCall`` the provider ran (``server=True``) among a Chat message's calls is not
    written (``decode_all`` leaves it out, as an Anthropic ``server_tool_use`` block): its id
    takes no request id, so a client call with that id is one request (it was refused:
    the check paired the walk's items with the calls by count, then item by item)."""
    web = ToolCall("web_search", {"query": "Paris"}, "call_0", server=True)
    message = {"role": "assistant", "content": None, "tool_calls": [web, REPLY["tool_calls"][0]]}
    assert toolwire.convert(message, to=D) == [
        {"jsonrpc": "2.0", "id": "call_0", "method": "tools/call",
         "params": {"name": "get_weather", "arguments": {"city": "Paris"}}}]
    message["tool_calls"].append(REPLY["tool_calls"][1])  # two written with the id: refused at the second
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.convert(message, to=D)
    assert str(info.value) == MESSAGE and info.value.loc == "$.tool_calls[2]"
    anthropic = {"role": "assistant", "content": [
        {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "Paris"}},
        {"type": "tool_use", "id": "srvtoolu_01", "name": "get_weather", "input": {"city": "Paris"}}]}
    assert [x["id"] for x in toolwire.convert(anthropic, to=D)] == ["srvtoolu_01"]
