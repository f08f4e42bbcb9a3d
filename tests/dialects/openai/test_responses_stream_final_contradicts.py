"""A Responses stream whose final response contradicts a call the stream ended, under
the SAME ids; the call status a final item gives; a final event without ``id`` after
another response's streamed message.

openai-python's ``ResponseStream.get_final_response()`` (``lib/streaming/responses``:
``response.completed`` -> the final ``Response`` parsed from ``event.response``) hands the
final item's arguments over, while the stream's ``output_item.done`` gave others: which
one runs is not guessed (an ``InvalidToolCall``), as under fresh ids and for a second
``output_item.done``. Gateways send ``"arguments": ""`` in final and done items
(farion1231/cc-switch#6481): an empty text there gives no arguments, and contradicts
none. A built-in item's own ``status`` in the final response is the call's (the API
reference: ``ResponseComputerToolCall.status`` ``in_progress`` / ``completed`` /
``incomplete``), under its streamed ids as under fresh ones: ``incomplete`` or
``in_progress`` is cut off, ``completed`` runs. Every case runs through ``accumulate``
(the hot loop), an ``Accumulator(preview=True)`` and one fed event by event: all three agree.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional, Tuple

import pytest

from toolwire import ToolCall
from toolwire.stream import Accumulator, accumulate

D = "openai.responses"
Shape = Tuple[str, Optional[str], Optional[str], Any]


def _all(events: List[Dict[str, Any]], **kw: Any) -> Tuple[List[Any], str]:
    out = accumulate(copy.deepcopy(events), D, **kw)
    texts = []
    for acc in (Accumulator(D, preview=True, **kw), Accumulator(D, **kw)):
        for e in copy.deepcopy(events):
            acc.feed(e)
        assert _shape(acc.close()) == _shape(out)
        texts.append(acc.text)
    assert texts[0] == texts[1]
    return out, texts[0]


def _shape(calls: List[Any]) -> List[Shape]:
    return [(type(c).__name__, c.name, c.id, c.args if type(c) is ToolCall else c.raw) for c in calls]


def _calls(events: List[Dict[str, Any]]) -> List[Shape]:
    return _shape(_all(events)[0])


def _created(rid: str = "resp_1") -> Dict[str, Any]:
    return {"type": "response.created", "response": {"id": rid, "object": "response", "status": "in_progress",
                                                     "output": []}}


def _final(output: List[Dict[str, Any]], rid: Optional[str] = "resp_1", status: str = "completed") -> Dict[str, Any]:
    body: Dict[str, Any] = {"object": "response", "status": status, "output": output}
    if rid is not None:
        body["id"] = rid
    return {"type": f"response.{status}", "response": body}


FC = {"type": "function_call", "id": "fc_b", "call_id": "c2", "name": "g", "arguments": '{"y": 2}',
      "status": "completed"}
CTC = {"type": "custom_tool_call", "id": "ctc_b", "call_id": "c3", "name": "run", "input": "ls -l",
       "status": "completed"}


def _streamed(item: Dict[str, Any] = FC, *, done: bool = True) -> List[Dict[str, Any]]:
    field, kind = (("input", "response.custom_tool_call_input.delta") if item["type"] == "custom_tool_call"
                   else ("arguments", "response.function_call_arguments.delta"))
    events = [_created(), {"type": "response.output_item.added", "output_index": 0,
                           "item": {**item, field: "", "status": "in_progress"}},
              {"type": kind, "output_index": 0, "item_id": item["id"], "delta": item[field]}]
    if done:
        events.append({"type": "response.output_item.done", "output_index": 0, "item": item})
    return events


# ---- 1. the final item under the same ids with other arguments or another tool ------------

@pytest.mark.parametrize("other", [{"arguments": '{"y": 3}'}, {"name": "h"}, {"arguments": '{"x": 2}'}])
def test_a_final_item_under_the_same_ids_with_other_arguments_is_not_guessed(other: Dict[str, Any]) -> None:
    # before: the streamed g({"y": 2}) ran, the final response's other call passed over
    assert _calls([*_streamed(), _final([{**FC, **other}])]) == [("InvalidToolCall", "g", "c2", '{"y": 2}')]


def test_a_custom_call_under_the_same_ids_with_other_input_is_not_guessed() -> None:
    calls = _calls([*_streamed(CTC), _final([{**CTC, "input": "rm -rf /"}])])
    assert [c[:3] for c in calls] == [("InvalidToolCall", "run", "c3")]


@pytest.mark.parametrize("same", [{}, {"arguments": '{ "y" : 2 }'}, {"arguments": ""}, {"status": "incomplete"}])
def test_a_final_item_under_the_same_ids_that_agrees_or_gives_no_arguments_keeps_the_call(
        same: Dict[str, Any]) -> None:
    # ``"arguments": ""`` in the final item (a gateway's): not given, no contradiction
    assert _calls([*_streamed(), _final([{**FC, **same}])]) == [("ToolCall", "g", "c2", {"y": 2})]


def test_a_custom_call_whose_final_input_is_empty_keeps_its_input() -> None:
    assert _calls([*_streamed(CTC), _final([{**CTC, "input": ""}])]) == [("ToolCall", "run", "c3", {"input": "ls -l"})]


def test_a_final_item_under_fresh_ids_with_empty_arguments_is_the_streamed_call() -> None:
    # (empty arguments read by the policy would be ``{}``: another call; they are not given)
    fresh = {**FC, "id": "fc_z", "call_id": "c_z", "arguments": ""}
    assert _calls([*_streamed(), _final([fresh])]) == [("ToolCall", "g", "c2", {"y": 2})]


def test_the_contradicting_final_event_delivered_twice_stays_one_invalid_call() -> None:
    final = _final([{**FC, "arguments": '{"y": 3}'}])
    assert _calls([*_streamed(), final, copy.deepcopy(final)]) == [("InvalidToolCall", "g", "c2", '{"y": 2}')]


def test_an_unended_call_still_takes_the_final_items_arguments() -> None:
    # no done item: the final item ends it (openai-python's final response): no contradiction
    assert _calls([*_streamed(done=False), _final([{**FC, "arguments": '{"y": 3}'}])]) == [
        ("ToolCall", "g", "c2", {"y": 3})]


# ---- 2. an id-less final event after a second response's streamed message --------------------

MSG = {"id": "msg_2", "type": "message", "role": "assistant", "status": "completed",
       "content": [{"type": "output_text", "text": "Again.", "annotations": []}]}
CU = {"type": "computer_call", "id": "cu_1", "call_id": "call_c1", "action": {"type": "screenshot"},
      "pending_safety_checks": [], "status": "completed"}


@pytest.mark.parametrize("first, second", [
    (CU, {**CU, "id": "cu_2", "call_id": "call_c2"}),
    (CU, {**CU, "id": "cu_2", "call_id": "call_c2", "status": "in_progress"}),
    ({**FC, "call_id": "call_1"}, {**FC, "id": "fc_2", "call_id": "call_2"})])
def test_an_id_less_final_after_a_streamed_message_is_the_second_responses(
        first: Dict[str, Any], second: Dict[str, Any]) -> None:
    """A message streamed since the first response's final event: the final event
    without ``id`` that follows is another response's (its call is its own, never taken
    for the first's and lost)."""
    events = [_created("r1"), {"type": "response.output_item.added", "output_index": 0, "item": first},
              {"type": "response.output_item.done", "output_index": 0, "item": first}, _final([first], "r1"),
              {"type": "response.output_item.added", "output_index": 1, "item": {**MSG, "content": []}},
              {"type": "response.output_text.delta", "output_index": 1, "item_id": "msg_2", "delta": "Again."},
              {"type": "response.output_item.done", "output_index": 1, "item": MSG},
              _final([second, MSG], None)]
    calls, text = _all(events)
    assert [c.id for c in calls] == [first["call_id"], second["call_id"]]
    assert text == "Again."


# ---- 3. a built-in item's own status in the final response -------------------------------------

_CU_OPEN = {**CU, "status": "in_progress"}


def _cu(final_item: Dict[str, Any], status: str = "completed") -> List[Dict[str, Any]]:
    return [_created("r"), {"type": "response.output_item.added", "output_index": 0, "item": _CU_OPEN},
            {"type": "response.output_item.done", "output_index": 0, "item": _CU_OPEN},
            _final([final_item], "r", status)]


@pytest.mark.parametrize("ids", [{}, {"id": "cu_9", "call_id": "call_c9"}])
@pytest.mark.parametrize("response", ["completed", "incomplete"])
def test_a_built_in_calls_final_status_is_its_own_under_any_ids(ids: Dict[str, Any], response: str) -> None:
    """An ``incomplete`` or ``in_progress`` item in the final response is cut off; a
    ``completed`` one runs (in an incomplete response too): under the streamed ids (before:
    runnable, its streamed status kept) as under fresh ones."""
    for status, runs in (("incomplete", False), ("completed", True)):
        events = _cu({**_CU_OPEN, **ids, "status": status}, response)
        (call,) = _all(events)[0]
        assert (type(call) is ToolCall) is runs, (status, ids, response)
        assert call.id == "call_c1"
        if runs:
            assert call.provider_data[D]["item"]["status"] == status
        else:
            assert call.truncated
            (call,) = accumulate(copy.deepcopy(events), D, allow_truncated=True)
            assert type(call) is ToolCall and call.provider_data[D]["item"]["status"] == status


# ---- 5. an open provider-run item added again (its response streamed again) ------------------

WS = {"id": "ws_1", "type": "web_search_call", "status": "in_progress", "action": {"type": "search", "query": "x"}}


@pytest.mark.parametrize("final", [True, False])
def test_an_open_server_item_added_again_is_one_server_call(final: bool) -> None:
    # before: a second ``web_search`` server call (include_server=True)
    done = {**WS, "status": "completed"}
    added = {"type": "response.output_item.added", "output_index": 0, "item": WS}
    events = [_created(), added, _created(), added, {"type": "response.output_item.done", "output_index": 0,
                                                      "item": done}]
    if final:
        events.append(_final([done]))
    calls = _all(events, include_server=True)[0]
    assert [(c.name, c.id, c.provider_data[D]["item"]["status"]) for c in calls] == [("web_search", "ws_1", "completed")]


# ---- 6. a message re-sent whole after its end ----------------------------------------------------

_M = {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed",
      "content": [{"type": "output_text", "text": "Hello.", "annotations": []}]}


def _message_events(whole_added: bool = False) -> List[Dict[str, Any]]:
    added = {**_M, "content": [], "status": "in_progress"}
    return [{"type": "response.output_item.added", "output_index": 0, "item": _M if whole_added else added},
            {"type": "response.output_text.delta", "output_index": 0, "item_id": "msg_1", "content_index": 0,
             "delta": "Hello."},
            {"type": "response.output_text.done", "output_index": 0, "item_id": "msg_1", "content_index": 0,
             "text": "Hello."},
            {"type": "response.content_part.done", "output_index": 0, "item_id": "msg_1", "content_index": 0,
             "part": _M["content"][0]},
            {"type": "response.output_item.done", "output_index": 0, "item": _M}]


@pytest.mark.parametrize("whole_added", [False, True])
@pytest.mark.parametrize("created", [True, False])
def test_a_message_re_sent_whole_after_its_end_gives_its_text_once(whole_added: bool, created: bool) -> None:
    # before: "Hello.Hello." (the deltas of the item added again went to the text)
    head = [_created()] if created else []
    events = [*head, *_message_events(), *_message_events(whole_added), _final([_M])]
    assert _all(events)[1] == "Hello."
    assert _all(events[:-1])[1] == "Hello."


@pytest.mark.parametrize("rid", [None, "resp_1"])
def test_the_last_messages_end_and_final_event_delivered_again_add_nothing(rid: Optional[str]) -> None:
    """An at-least-once transport re-sends the message's ``output_item.done`` and the final
    event (a gateway stripped its ``id``): the same response, its call once, its text once
    (a message streamed since makes an id-less final event another response's only when
    it is no item the last final event's response ended there)."""
    call = {**FC, "call_id": "call_1"}
    events = [_created(), *_message_events(),
              {"type": "response.output_item.added", "output_index": 1, "item": {**call, "arguments": ""}},
              {"type": "response.output_item.done", "output_index": 1, "item": call}, _final([_M, call])]
    calls, text = _all([*events, events[5], _final([_M, call], rid)])
    assert [c.id for c in calls] == ["call_1"] and text == "Hello."
