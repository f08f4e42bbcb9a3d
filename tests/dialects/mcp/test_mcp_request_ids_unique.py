"""Two ``tools/call`` requests waiting with one JSON-RPC id are refused.

MCP (https://modelcontextprotocol.io/specification/2025-11-25/basic, "Requests"): the
request id "MUST NOT have been previously used by the requestor within the same
session". DeepSeek and GLM give the parallel calls of one reply one id; written as two
requests with that id, their answers (a ``CallToolResult`` names no tool) could not be
told apart. Once a response with the id is written, a later turn's call may take it.
"""

from __future__ import annotations

import pytest

import toolwire
from toolwire import IdMap, ToolCall, ToolResult

D = "mcp"
REPLY = {"role": "assistant", "content": None, "tool_calls": [
    {"id": "call_0", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}},
    {"id": "call_0", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'}}]}
MESSAGE = ("The call 'get_weather' cannot be written as an mcp request with the id 'call_0': a request written with "
           'this IdMap waits with that id (MCP: a request id "MUST NOT have been previously used by the requestor '
           'within the same session"; the two answers could not be told apart); give each call its own id '
           "(call.replace(id=...))")


def _ids() -> IdMap:
    return IdMap(toolwire.get_dialect(D).ids, dialect=D)


def test_parallel_calls_sharing_an_id_are_refused() -> None:
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.convert(REPLY, to=D)
    assert str(info.value) == MESSAGE
    ids = _ids()
    ids.turn()  # (the caller tells the turns: still one request waits with the id)
    paris, oslo = toolwire.decode_all(REPLY, "openai.chat")
    assert toolwire.encode(paris, D, ids=ids)["id"] == "call_0"
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode(oslo, D, ids=ids)
    assert str(info.value) == MESSAGE


def test_an_answered_id_may_be_used_again() -> None:
    ids = _ids()
    paris, oslo = toolwire.decode_all(REPLY, "openai.chat")
    assert toolwire.encode(paris, D, ids=ids)["id"] == "call_0"
    assert toolwire.encode_result(ToolResult("call_0", content="3 C"), D, ids=ids) == {
        "jsonrpc": "2.0", "id": "call_0", "result": {"content": [{"type": "text", "text": "3 C"}]}}
    assert toolwire.encode(oslo, D, ids=ids) == {"jsonrpc": "2.0", "id": "call_0", "method": "tools/call",
                                                 "params": {"name": "get_weather", "arguments": {"city": "Oslo"}}}
    # distinct ids, and calls without one (each gets its own), go as before
    out = toolwire.convert([ToolCall("f", {}, "a"), ToolCall("f", {}, "b"), ToolCall("f", {}), ToolCall("f", {})], to=D)
    assert [r["id"] for r in out][:2] == ["a", "b"] and len({r["id"] for r in out}) == 4
