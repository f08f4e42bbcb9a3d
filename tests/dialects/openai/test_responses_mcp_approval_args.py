"""An ``mcp_approval_request``'s ``arguments`` go through the arguments policy.

https://platform.openai.com/docs/guides/tools-connectors-mcp ("Approvals"): the response
holds an ``mcp_approval_request`` item (openai-python ``McpApprovalRequest``: ``id``,
``arguments: str`` "A JSON string of arguments for the tool", ``name``, ``server_label``)
that the client shows the user to approve. Its arguments were read as strict JSON or kept
as ``{"arguments": text}``: a cut-off or malformed text came back as a whole, approvable
call. Now they are read as a ``function_call``'s are (repairs noted; cut-off text an
``InvalidToolCall``), in a whole response and in a stream. An ``mcp_call`` (already run by
the provider) keeps its text under ``arguments`` as before.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate

D = "openai.responses"


def _item(arguments: str) -> Dict[str, Any]:
    return {"type": "mcp_approval_request", "id": "mcpr_1", "server_label": "deepwiki",
            "name": "ask_question", "arguments": arguments}


def _reply(item: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "status": "completed", "output": [item]}


def _both(item: Dict[str, Any]) -> List[Any]:
    whole = toolwire.decode_all(_reply(item), D, include_server=True, invalid="keep")
    events = [{"type": "response.output_item.added", "output_index": 0, "item": item},
              {"type": "response.output_item.done", "output_index": 0, "item": item},
              {"type": "response.completed", "response": _reply(item)}]
    streamed = accumulate(events, D, include_server=True)
    fn = toolwire.decode_all(_reply({"type": "function_call", "call_id": "call_1", "name": "ask_question",
                                     "arguments": item["arguments"]}), D, invalid="keep")
    assert [type(c) for c in streamed] == [type(c) for c in whole] == [type(c) for c in fn]
    return [whole[0], streamed[0], fn[0]]


def test_whole_arguments_are_the_call() -> None:
    for c in _both(_item('{"repoName": "openai/codex", "question": "What is it?"}')):
        assert isinstance(c, ToolCall) and c.args == {"repoName": "openai/codex", "question": "What is it?"}
        assert not c.repairs


@pytest.mark.parametrize("text", ['{"question": "What is', '{"question": "ab"'])
def test_cut_off_arguments_are_never_a_whole_call(text: str) -> None:
    for c in _both(_item(text)):
        assert isinstance(c, InvalidToolCall)
        assert c.raw == text


def test_repaired_arguments_say_so() -> None:
    whole, streamed, fn = _both(_item('```json\n{"question": "x"}\n```'))
    assert whole.args == streamed.args == fn.args == {"question": "x"}
    assert whole.repairs == streamed.repairs == fn.repairs != ()


def test_an_mcp_call_keeps_its_text() -> None:
    item = {"type": "mcp_call", "id": "mcp_1", "server_label": "d", "name": "roll", "arguments": "not json"}
    (c,) = toolwire.decode_all(_reply(item), D, include_server=True, invalid="keep")
    assert isinstance(c, ToolCall) and c.args == {"arguments": "not json"}
