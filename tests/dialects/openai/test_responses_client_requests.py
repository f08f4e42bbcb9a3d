"""Responses output items that ask the client to act: a client-executed
``tool_search_call`` (openai-python ``ResponseToolSearchCall`` with ``execution:
"client"``, answered by a ``tool_search_output`` input item carrying its ``call_id``:
``ResponseToolSearchOutputItemParamParam``) is a call; an ``mcp_approval_request``
(``response_output_item.McpApprovalRequest``, answered by an ``mcp_approval_response``)
is a server call the reply waits on (finish ``pause``). Never ``[]`` and ``stop``."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
import toolwire.response as R
from toolwire import InvalidToolCall, ToolCall, stream

D = "openai.responses"

SEARCH = {"type": "tool_search_call", "id": "tsc_1", "call_id": "call_ts1", "execution": "client",
          "arguments": {"query": "weather tools"}, "status": "completed"}
APPROVAL = {"type": "mcp_approval_request", "id": "mcpr_1", "server_label": "deepwiki",
            "name": "ask_question", "arguments": '{"q":"x"}'}


def _reply(*items: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "status": "completed", "output": list(items)}


def _events(item: Dict[str, Any], *, done: bool = True, end: bool = True) -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = [
        {"type": "response.created", "response": {"id": "r", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": {**item, "status": "in_progress"}},
    ]
    if done:
        out.append({"type": "response.output_item.done", "output_index": 0, "item": item})
    if end:
        out.append({"type": "response.completed", "response": _reply(item)})
    return out


def test_a_client_tool_search_call_is_a_call() -> None:
    expected = [ToolCall(name="tool_search", args={"query": "weather tools"}, id="call_ts1")]
    resp = _reply(SEARCH)
    assert toolwire.decode_all(resp) == expected
    assert toolwire.decode_all(resp, include_server=True) == expected
    assert toolwire.explain(SEARCH)[:2] == (D, "call")
    n = R.normalize(resp)
    assert (n.finish_reason, n.tool_calls) == ("tool_calls", tuple(expected))
    (call,) = toolwire.decode_all(resp)
    assert toolwire.encode(call, D) == SEARCH  # the item back, byte for byte
    assert stream.accumulate(_events(SEARCH)) == expected
    assert stream.accumulate(_events(SEARCH, done=False)) == expected  # the final response ends it


def test_a_client_tool_search_call_of_the_sdk_is_a_call() -> None:
    from openai.types.responses import Response, ResponseToolSearchCall

    item = ResponseToolSearchCall.model_validate(SEARCH)
    assert toolwire.decode(item) == ToolCall(name="tool_search", args={"query": "weather tools"}, id="call_ts1")
    resp = Response.model_validate({**_reply(SEARCH), "created_at": 1, "model": "gpt-5.4", "parallel_tool_calls": True,
                                    "tool_choice": "auto", "tools": [{"type": "tool_search", "execution": "client"}]})
    assert [c.id for c in toolwire.decode_all(resp)] == ["call_ts1"]


def test_the_client_answers_a_client_tool_search_with_its_call_id() -> None:
    # ``ResponseToolSearchOutputItemParamParam``: ``{"type": "tool_search_output", "call_id", "execution", "tools"}``
    answer = {"type": "tool_search_output", "call_id": "call_ts1", "execution": "client", "tools": []}
    (call,) = toolwire.decode_all(_reply(SEARCH))
    assert call.id == answer["call_id"]
    assert toolwire.explain(answer)[:2] == (D, "other")


def test_a_client_tool_search_call_cut_off_is_no_runnable_call() -> None:
    cut = {**SEARCH, "status": "incomplete"}
    resp = {**_reply(cut), "status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}}
    (bad,) = toolwire.decode_all(resp, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.truncated and (bad.name, bad.id) == ("tool_search", "call_ts1")
    (bad,) = stream.accumulate(_events(SEARCH, done=False, end=False))
    assert isinstance(bad, InvalidToolCall) and bad.truncated and (bad.name, bad.id) == ("tool_search", "call_ts1")


def test_client_tool_search_arguments_must_be_an_object() -> None:
    bad_item = {**SEARCH, "arguments": ["weather"]}
    (bad,) = toolwire.decode_all(_reply(bad_item), invalid="keep")
    assert isinstance(bad, InvalidToolCall) and (bad.name, bad.id) == ("tool_search", "call_ts1")
    assert bad.error == "Tool search arguments at $.output[0].arguments must be an object, got ['weather']"
    (streamed,) = stream.accumulate(_events(bad_item))
    assert isinstance(streamed, InvalidToolCall) and (streamed.name, streamed.id) == ("tool_search", "call_ts1")


def test_an_mcp_approval_request_is_a_server_call_the_reply_waits_on() -> None:
    resp = _reply(APPROVAL)
    assert toolwire.decode_all(resp) == []
    (server,) = toolwire.decode_all(resp, include_server=True)
    assert (server.name, server.args, server.id, server.server) == ("ask_question", {"q": "x"}, "mcpr_1", True)
    assert toolwire.encode(server, D) == APPROVAL
    n = R.normalize(resp)
    assert (n.finish_reason, n.raw_finish_reason, n.tool_calls) == ("pause", "mcp_approval_request", ())
    acc = stream.Accumulator(include_server=True)
    for e in _events(APPROVAL):
        acc.feed(e)
    (streamed,) = acc.close()
    assert (streamed.name, streamed.args, streamed.id, streamed.server) == ("ask_question", {"q": "x"}, "mcpr_1", True)
    assert acc.finish_reason == "mcp_approval_request"
    plain = stream.Accumulator()
    for e in _events(APPROVAL):
        plain.feed(e)
    assert plain.close() == [] and [c.id for c in plain.server_calls] == ["mcpr_1"]
    assert plain.finish_reason == "mcp_approval_request"


def test_an_mcp_approval_request_of_the_sdk() -> None:
    from openai.types.responses.response_output_item import McpApprovalRequest

    (server,) = toolwire.decode_all([McpApprovalRequest.model_validate(APPROVAL)], D, include_server=True)
    assert (server.name, server.id, server.server) == ("ask_question", "mcpr_1", True)


@pytest.mark.parametrize("status", ["failed", "incomplete"])
def test_an_unfinished_reply_keeps_its_own_finish_beside_an_approval_request(status: str) -> None:
    n = R.normalize({**_reply(APPROVAL), "status": status})
    assert n.raw_finish_reason == status
