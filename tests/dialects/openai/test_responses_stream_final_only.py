"""A Responses stream carrying a response given only as its final event (``response.completed``
with its ``output``; no ``response.created``, no item streamed: a background response
replayed, a stream resumed after its items), beside responses streamed in full.

The wire shapes are those of https://platform.openai.com/docs/api-reference/responses-streaming
(``ResponseCreatedEvent``, ``ResponseOutputItemAddedEvent`` / ``DoneEvent``,
``ResponseTextDeltaEvent``, ``ResponseCompletedEvent.response.output``) and openai-python
``ResponseOutputMessage.phase`` ("intermediate commentary (`commentary`) or the final answer
(`final_answer`)"). Each response's own text and commentary are what ``normalize`` reads from
its final response; a response streamed again from its ``response.created`` adds nothing; a
completed reply holding an ``mcp_approval_request`` finishes with ``mcp_approval_request``
(docs/streaming.md; the MCP guide: the reply waits on the client's approval), in the hot
loop as in the preview reader.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional

import pytest

from toolwire import DecodeError
from toolwire.stream import Accumulator

D = "openai.responses"


def _created(rid: str) -> Dict[str, Any]:
    return {"type": "response.created", "response": {"id": rid, "status": "in_progress", "output": []}}


def _final(rid: str, output: List[Any]) -> Dict[str, Any]:
    return {"type": "response.completed", "response": {"id": rid, "status": "completed", "output": output}}


def _msg(mid: str, text: str, phase: Optional[str]) -> Dict[str, Any]:
    m: Dict[str, Any] = {"id": mid, "type": "message", "role": "assistant", "status": "completed",
                         "content": [{"type": "output_text", "text": text, "annotations": []}]}
    if phase is not None:
        m["phase"] = phase
    return m


def _read(events: List[Any], preview: bool, **kw: Any) -> Accumulator:
    acc = Accumulator(D, preview=preview, **kw)
    for e in copy.deepcopy(events):
        acc.feed(e)
    acc.close()
    return acc


_FC = {"type": "function_call", "id": "fc_2", "call_id": "call_2", "name": "f", "arguments": "{}",
       "status": "completed"}
_APPROVAL = {"type": "mcp_approval_request", "id": "mcpr_1", "server_label": "deepwiki", "name": "ask_question",
             "arguments": '{"q": "x"}'}


@pytest.mark.parametrize("preview", [False, True])
def test_an_approval_request_only_in_the_final_output_finishes_the_reply_as_waiting(preview: bool) -> None:
    acc = Accumulator(D, preview=preview, include_server=True)
    for e in [_created("r1"), _final("r1", [copy.deepcopy(_APPROVAL)])]:
        acc.feed(e)
    assert [(type(c).__name__, c.id) for c in acc.close()] == [("ToolCall", "mcpr_1")]
    assert acc.finish_reason == "mcp_approval_request"


@pytest.mark.parametrize("preview", [False, True])
def test_an_approval_request_only_in_the_final_output_after_a_streamed_call_finishes_as_waiting(preview: bool) -> None:
    events = [_created("r1"),
              {"type": "response.output_item.added", "output_index": 0, "item": {**_FC, "arguments": ""}},
              {"type": "response.function_call_arguments.delta", "output_index": 0, "delta": "{}"},
              {"type": "response.output_item.done", "output_index": 0, "item": _FC},
              _final("r1", [_FC, copy.deepcopy(_APPROVAL)])]
    acc = _read(events, preview, include_server=True)
    assert [(type(c).__name__, c.id) for c in acc.calls] == [("ToolCall", "call_2"), ("ToolCall", "mcpr_1")]
    assert acc.finish_reason == "mcp_approval_request"


_HELLO = _msg("msg_1", "Hello.", None)
_STREAMED_R1 = [
    _created("r1"),
    {"type": "response.output_item.added", "output_index": 0,
     "item": {**_HELLO, "content": [], "status": "in_progress"}},
    {"type": "response.output_text.delta", "output_index": 0, "item_id": "msg_1", "content_index": 0,
     "delta": "Hello."},
    {"type": "response.output_item.done", "output_index": 0, "item": _HELLO},
    _final("r1", [_HELLO])]


@pytest.mark.parametrize("preview", [False, True])
def test_a_response_streamed_again_after_another_given_only_as_its_final_event_adds_nothing(preview: bool) -> None:
    acc = _read(_STREAMED_R1 + [_final("r2", [_FC])] + _STREAMED_R1, preview)
    assert [(c.name, c.id) for c in acc.calls] == [("f", "call_2")]
    assert acc.text == "Hello."


@pytest.mark.parametrize("preview", [False, True])
@pytest.mark.parametrize(("events", "text", "commentary"), [
    ([_final("r1", [_msg("msg_1", "Looking it up.", "commentary")]),
      _final("r2", [_msg("msg_2", "Answer.", "final_answer")])], "Answer.", "Looking it up."),
    ([_final("r1", [_msg("msg_1", "Looking it up.", "commentary")]),
      _final("r2", [_msg("msg_2", "Answer.", None)])], "Answer.", "Looking it up."),
    ([_created("r1"),
      {"type": "response.output_item.added", "output_index": 0,
       "item": {**_msg("msg_1", "", "commentary"), "content": []}},
      {"type": "response.output_text.delta", "output_index": 0, "item_id": "msg_1", "delta": "Looking it up."},
      {"type": "response.output_item.done", "output_index": 0, "item": _msg("msg_1", "Looking it up.", "commentary")},
      _final("r1", [_msg("msg_1", "Looking it up.", "commentary")]),
      _final("r2", [_msg("msg_2", "Answer.", "final_answer")])], "Answer.", "Looking it up."),
    ([_final("r1", [_msg("msg_1", "Look.", "commentary"), _msg("msg_2", "Ans.", "final_answer")]),
      _final("r2", [_msg("msg_3", "Look2.", "commentary"), _msg("msg_4", "Ans2.", "final_answer")])],
     "Ans.Ans2.", "Look.\nLook2."),
])
def test_a_later_response_given_only_as_its_final_event_keeps_the_earlier_commentary(
        preview: bool, events: List[Any], text: str, commentary: str) -> None:
    acc = _read(events, preview)
    assert (acc.text, acc.commentary) == (text, commentary)


@pytest.mark.parametrize("preview", [False, True])
def test_a_final_item_whose_type_is_a_list_is_named_at_its_path(preview: bool) -> None:
    events = [_created("r1"),
              {"type": "response.output_item.added", "output_index": 0, "item": {**_FC, "arguments": ""}},
              {"type": "response.function_call_arguments.delta", "output_index": 0, "delta": "{}"},
              {"type": "response.output_item.done", "output_index": 0, "item": _FC},
              _final("r1", [{**_FC, "type": ["function_call"]}])]
    with pytest.raises(DecodeError) as info:
        _read(events, preview)
    assert "is not a string" in str(info.value)
    assert info.value.loc == "$[4].response.output[0].type"  # (the chunk's place, then the item's)
