"""Responses stream items the provider runs itself (openai-python ``ResponseOutputItem``:
``ResponseFunctionWebSearch``, ``ResponseFileSearchToolCall``,
``ResponseCodeInterpreterToolCall``, ``ImageGenerationCall``, ``McpCall``...) that started
(``response.output_item.added``, its item ``status: "in_progress"``) but never got their
``output_item.done``: the stream was cut, or ended with ``response.incomplete`` /
``response.failed``. Such an item is the server call a whole reply holding the item as it
stood gives (``decode_all`` of the ``in_progress`` snapshot, ``include_server=True``):
never nothing; the final response's item ends it when it lists one; the stream and the
whole reply of the same response agree."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall, stream

D = "openai.responses"
CREATED = {"type": "response.created", "response": {"id": "r", "object": "response", "status": "in_progress",
                                                     "output": []}}
# the items as ``output_item.added`` gives them (wire-formats §2e; openai-python types)
WEB = {"type": "web_search_call", "id": "ws_1", "status": "in_progress"}
FILES = {"type": "file_search_call", "id": "fs_1", "queries": [], "status": "in_progress", "results": None}
CODE = {"type": "code_interpreter_call", "id": "ci_1", "code": "", "container_id": "cntr_1", "outputs": None,
        "status": "in_progress"}
IMAGE = {"type": "image_generation_call", "id": "ig_1", "result": None, "status": "in_progress"}
MCP = {"type": "mcp_call", "id": "mcp_1", "name": "lookup", "server_label": "docs", "arguments": "",
       "status": "in_progress"}
SEARCH = {"type": "tool_search_call", "id": "tsc_1", "execution": "server", "arguments": {"query": "x"},
          "status": "in_progress"}
ITEMS = [WEB, FILES, CODE, IMAGE, MCP, SEARCH]
FC = {"type": "function_call", "id": "fc_0", "call_id": "call_0", "name": "f", "arguments": "", "status": "in_progress"}


def _added(item: Dict[str, Any], index: int = 0) -> Dict[str, Any]:
    return {"type": "response.output_item.added", "output_index": index, "item": item}


def _done(item: Dict[str, Any], index: int = 0) -> Dict[str, Any]:
    return {"type": "response.output_item.done", "output_index": index, "item": item}


def _response(status: str, output: List[Dict[str, Any]]) -> Dict[str, Any]:
    body: Dict[str, Any] = {"id": "r", "object": "response", "status": status, "output": output}
    if status == "incomplete":
        body["incomplete_details"] = {"reason": "max_output_tokens"}
    if status == "failed":
        body["error"] = {"code": "server_error", "message": "The server had an error"}
    return body


def _end(status: str, output: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"type": f"response.{status}", "response": _response(status, output)}


def _kind(c: Any) -> Any:
    return type(c), c.name, c.id, getattr(c, "server", None), getattr(c, "provider_data", None)


def _both(events: List[Any], include_server: bool) -> List[Any]:
    """The stream read by ``accumulate`` (the hot loop) and by an ``Accumulator`` fed
    event by event with ``preview`` (the general reader): they agree."""
    calls = stream.accumulate(events, D, include_server=include_server)
    acc = stream.Accumulator(D, include_server=include_server, preview=True)
    for e in events:
        acc.feed(e)
    assert acc.close() == calls
    return calls


@pytest.mark.parametrize("item", ITEMS, ids=[i["type"] for i in ITEMS])
@pytest.mark.parametrize("end", [None, "incomplete", "failed"])
def test_a_server_item_that_never_ended_is_its_in_progress_server_call(item: Dict[str, Any], end: Optional[str]) -> None:
    events = [CREATED, _added(item)] + ([] if end is None else [_end(end, [])])
    (call,) = _both(events, True)
    # what a whole reply holding the item as it stood gives (a snapshot, or a background response polled)
    (whole,) = toolwire.decode_all(_response("in_progress", [item]), D, include_server=True)
    assert type(call) is ToolCall and call.server and call == whole
    assert call.provider_data == whole.provider_data == {D: {"item": item}}
    assert toolwire.encode(call, D) == item  # the item as it stood, its ``in_progress`` status said
    # left out without include_server, as a whole reply leaves it out; a failed reply says its calls are
    # lost, and one not finished (a stream cut before its end) that its calls are not in it
    expected = toolwire.decode_all(_response(end or "in_progress", [item]), D, invalid="keep")
    got = _both(events, False)
    assert [(type(c), c.name) for c in got] == [(type(c), c.name) for c in expected]
    assert got == expected or end is None
    assert [type(c) for c in expected] == ([] if end == "incomplete" else [InvalidToolCall])


@pytest.mark.parametrize("item", ITEMS, ids=[i["type"] for i in ITEMS])
@pytest.mark.parametrize("end", ["completed", "incomplete", "failed"])
@pytest.mark.parametrize("status", ["in_progress", "incomplete", "completed"])
def test_the_final_response_ends_a_server_item_as_the_whole_reply_reads_it(
        item: Dict[str, Any], end: str, status: str) -> None:
    final = {**item, "status": status}
    done_fc = {**FC, "arguments": '{"a":1}', "status": "completed"}
    events = [CREATED, _added(FC), _added(item, 1), _done(done_fc),  # a client call streamed beside it
              _end(end, [done_fc, final])]
    whole = _response(end, [done_fc, final])
    for include_server in (False, True):
        calls = _both(events, include_server)
        expected = toolwire.decode_all(whole, D, include_server=include_server, invalid="keep")
        if end == "failed":  # the client call is invalid in both (each says so in its own words)
            assert [_kind(c) for c in calls] == [_kind(c) for c in expected]
        else:
            assert calls == expected
    server = _both(events, True)[1]
    assert server.server and server.provider_data == {D: {"item": final}}


@pytest.mark.parametrize("item", ITEMS, ids=[i["type"] for i in ITEMS])
def test_a_server_item_added_then_done_is_one_server_call(item: Dict[str, Any]) -> None:
    final = {**item, "status": "completed"}
    events = [CREATED, _added(item), _done(final), _end("completed", [final])]
    assert _both(events, True) == toolwire.decode_all(_response("completed", [final]), D, include_server=True)
    assert len(_both(events, True)) == 1 and _both(events, False) == []
    # its start and its end, as events
    acc = stream.Accumulator(D, include_server=True)
    kinds = [type(e).__name__ for ev in events for e in acc.feed(ev)]
    assert kinds == ["CallStarted", "CallDone"]


def test_a_server_item_without_output_index_is_ended_by_its_id() -> None:
    final = {**WEB, "status": "completed", "action": {"type": "search", "query": "weather"}}
    events = [CREATED, {"type": "response.output_item.added", "item": WEB},
              {"type": "response.output_item.done", "item": final}]
    (call,) = _both(events, True)
    assert call.provider_data == {D: {"item": final}} and call.args == {"action": final["action"]}


def test_a_server_item_done_never_ends_a_client_call_open_at_its_index() -> None:
    final = {**WEB, "status": "completed"}
    bad, call = _both([CREATED, _added(FC), _done(final)], True)
    assert isinstance(bad, InvalidToolCall) and bad.truncated and (bad.name, bad.id) == ("f", "call_0")
    assert call.server and call.id == "ws_1"


def test_a_failed_stream_with_a_server_call_only_says_its_calls_are_lost_as_the_whole_reply() -> None:
    # the server call is left out (no include_server): the failed reply holds no call the client sees
    final = {**WEB, "status": "completed"}
    events = [CREATED, _added(WEB), _done(final), _end("failed", [final])]
    whole = _response("failed", [final])
    assert _both(events, False) == toolwire.decode_all(whole, D, invalid="keep")
    assert _both(events, True) == toolwire.decode_all(whole, D, include_server=True, invalid="keep")
