"""An id-less MCP tool result answers its call with the JSON-RPC id the call was given.

A ``tools/call`` request and its response share the request's ``id``
(https://www.jsonrpc.org/specification, "Response object": "It MUST be the same as the
value of the id member in the Request Object";
https://modelcontextprotocol.io/specification/2025-11-25/server/tools, "Calling Tools").
A call without an id (Gemini, Ollama) gets one from the ``IdMap``; the result that
answers it, also without an id, must carry that id, by ``encode_result`` as by
``convert`` (README: ``encode_result`` "answers its call, also one without an id"). A
bare ``CallToolResult`` is written only when nothing pairs it: no map, or no call waiting.
"""

from __future__ import annotations

import toolwire
from toolwire import IdMap, ToolCall, ToolResult

D = "mcp"


def _ids() -> IdMap:
    return IdMap(toolwire.get_dialect(D).ids, dialect=D)


def test_encode_result_answers_the_idless_call_with_its_id() -> None:
    ids = _ids()
    call = toolwire.encode(ToolCall("f", {"a": 1}, None), D, ids=ids)
    assert call["jsonrpc"] == "2.0" and call["method"] == "tools/call" and type(call["id"]) is str
    result = toolwire.encode_result(ToolResult(None, "f", "ok"), D, ids=ids)  # was: a bare CallToolResult
    assert result == {"jsonrpc": "2.0", "id": call["id"], "result": {"content": [{"type": "text", "text": "ok"}]}}


def test_encode_result_and_convert_agree() -> None:
    by_encode, by_convert = _ids(), _ids()
    toolwire.encode(ToolCall("f", {"a": 1}, None), D, ids=by_encode)
    toolwire.convert(ToolCall("f", {"a": 1}, None), D, ids=by_convert)
    assert toolwire.encode_result(ToolResult(None, "f", "ok"), D, ids=by_encode) == toolwire.convert(
        ToolResult(None, "f", "ok"), D, ids=by_convert)


def test_results_pair_first_in_first_out_per_tool() -> None:
    ids = _ids()
    first = toolwire.encode(ToolCall("f", {"n": 1}, None), D, ids=ids)
    other = toolwire.encode(ToolCall("g", {}, None), D, ids=ids)
    second = toolwire.encode(ToolCall("f", {"n": 2}, None), D, ids=ids)
    got = [toolwire.encode_result(ToolResult(None, n, "ok"), D, ids=ids)["id"] for n in ("f", "g", "f")]
    assert got == [first["id"], other["id"], second["id"]]


def test_a_result_nothing_pairs_is_a_bare_call_tool_result() -> None:
    body = {"content": [{"type": "text", "text": "ok"}]}
    assert toolwire.encode_result(ToolResult(None, "f", "ok"), D) == body  # no map
    assert toolwire.encode_result(ToolResult(None, "f", "ok"), D, ids=_ids()) == body  # no call waits
    ids = _ids()
    call = toolwire.encode(ToolCall("f", {}, None), D, ids=ids)
    assert toolwire.encode_result(ToolResult(None, "f", "ok"), D, ids=ids)["id"] == call["id"]
    assert toolwire.encode_result(ToolResult(None, "f", "again"), D, ids=ids) == {
        "content": [{"type": "text", "text": "again"}]}  # its call is answered already
