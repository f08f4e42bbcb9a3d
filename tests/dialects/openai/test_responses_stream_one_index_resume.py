"""A Responses stream with every item at one ``output_index``, resumed from a sequence point.

A stream resumed with openai-python ``client.responses.retrieve(response_id, stream=True,
starting_after=N)`` re-sends the events after event N; read after what was already read
(a reconnecting client that keeps what it had), the events of an item ended before come
again. Gateways stream every item at ``output_index`` 0, so the item ended there last is
another one and nothing at that index tells the call streamed again from a new one: such
a call ran twice (about 100 of 300 generated streams per shape). Its ``call_id`` (the id
its ``function_call_output`` answers: one per call of a response) and its argument
events' ``item_id`` (the item's ``id``) tell it: never a second run, never a call lost.
Event shapes: https://platform.openai.com/docs/api-reference/responses-streaming
(``response.output_item.added``, ``response.function_call_arguments.delta`` / ``.done``,
``response.output_item.done``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator

D = "openai.responses"


def _fc(n: int, name: str, arguments: str) -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{n}", "call_id": f"call_{n}", "name": name,
            "arguments": arguments, "status": "completed"}


def _item(index: int, item: Dict[str, Any], pieces: List[str]) -> List[Dict[str, Any]]:
    ev: List[Dict[str, Any]] = [{"type": "response.output_item.added", "output_index": index,
                                 "item": {**item, "arguments": "", "status": "in_progress"}}]
    ev += [{"type": "response.function_call_arguments.delta", "item_id": item["id"], "output_index": index,
            "delta": p} for p in pieces]
    ev.append({"type": "response.function_call_arguments.done", "item_id": item["id"], "output_index": index,
               "name": item["name"], "arguments": item["arguments"]})
    ev.append({"type": "response.output_item.done", "output_index": index, "item": item})
    return ev


F1 = _fc(1, "get_weather", '{"city": "Paris"}')
F2 = _fc(2, "get_weather", '{"city": "Rome"}')
F3 = _fc(3, "get_time", '{"tz": "CET"}')
WS = {"type": "web_search_call", "id": "ws_1", "status": "completed",
      "action": {"type": "search", "query": "weather"}}


def _stream(seq: Optional[str]) -> List[Dict[str, Any]]:
    ev: List[Dict[str, Any]] = [{"type": "response.created",
                                 "response": {"id": "resp_1", "status": "in_progress", "output": []}}]
    ev += _item(0, F1, ['{"city"', ': "Paris"}'])
    ev += [{"type": "response.output_item.added", "output_index": 0, "item": {**WS, "status": "in_progress"}},
           {"type": "response.output_item.done", "output_index": 0, "item": WS}]
    ev += _item(0, F2, ['{"ci', 'ty": "Rome"}'])
    ev += _item(0, F3, ['{"tz": ', '"CET"}'])
    ev.append({"type": "response.completed",
               "response": {"id": "resp_1", "status": "completed", "output": [F1, WS, F2, F3]}})
    for n, e in enumerate(ev):
        if seq == "counting":
            e["sequence_number"] = n
        elif seq == "placeholder":
            e["sequence_number"] = 0
    return ev


def _read(events: List[Dict[str, Any]]) -> List[Any]:
    acc = Accumulator(D)
    for e in events:
        acc.feed(e)
    return acc.close()


@pytest.mark.parametrize("seq", [None, "placeholder"])
def test_a_call_streamed_again_at_one_index_never_runs_twice_and_none_is_lost(seq: Optional[str]) -> None:
    ev = _stream(seq)
    want = ["call_1", "call_2", "call_3"]
    assert sorted(c.id for c in _read(ev) if type(c) is ToolCall) == want
    for j in range(2, len(ev)):
        for k in range(1, j):
            calls = _read(ev[:j] + ev[k:])  # read up to event j, then resumed after event k - 1
            ran = sorted(c.id for c in calls if type(c) is ToolCall)
            assert ran == want, (j, k, [(type(c).__name__, c.id) for c in calls])


def test_with_counting_sequence_numbers_a_resume_never_runs_a_call_twice() -> None:
    ev = _stream("counting")
    for j in range(2, len(ev)):
        for k in range(1, j):
            try:
                calls = _read(ev[:j] + ev[k:])
            except Exception as exc:  # (a number going back where another item ended: refused, never merged)
                assert "sequence_number" in str(exc)
                continue
            ran = [c.id for c in calls if type(c) is ToolCall]
            assert len(ran) == len(set(ran)), (j, k, ran)


def test_the_argument_end_of_an_ended_call_again_is_not_the_open_call_s() -> None:
    ev = _stream(None)
    # F2 is open (added, no delta yet) when F1's last delta, argument end and item end come again
    at = next(i for i, e in enumerate(ev) if e["type"] == "response.output_item.added" and e["item"]["id"] == "fc_2")
    again = [e for e in ev[:at] if e.get("item_id") == "fc_1" or e.get("item", {}).get("id") == "fc_1"][-3:]
    calls = _read(ev[:at + 1] + again + ev[at + 1:])
    assert [(type(c).__name__, c.id, getattr(c, "args", None)) for c in calls] == [
        ("ToolCall", "call_1", {"city": "Paris"}), ("ToolCall", "call_2", {"city": "Rome"}),
        ("ToolCall", "call_3", {"tz": "CET"})]


def test_another_call_under_a_call_id_ended_in_the_response_runs_neither() -> None:
    other = _fc(1, "delete_files", '{"path": "/"}')  # call_1's id, another tool
    ev = _stream(None)
    end = len(ev) - 1
    calls = _read(ev[:end] + _item(0, other, [other["arguments"]]))
    assert [(type(c).__name__, c.id) for c in calls] == [
        ("InvalidToolCall", "call_1"), ("ToolCall", "call_2"), ("ToolCall", "call_3"), ("InvalidToolCall", "call_1")]
    assert all("not guessed which" in c.error or "never a second run" in c.error
               for c in calls if type(c) is InvalidToolCall)


def _msg(n: int, pieces: List[str]) -> List[Dict[str, Any]]:
    msg = {"type": "message", "id": f"msg_{n}", "role": "assistant", "status": "completed",
           "content": [{"type": "output_text", "text": "".join(pieces), "annotations": []}]}
    part = {"type": "output_text", "text": "", "annotations": []}
    return ([{"type": "response.output_item.added", "output_index": 0,
              "item": {**msg, "content": [], "status": "in_progress"}},
             {"type": "response.content_part.added", "output_index": 0, "item_id": msg["id"], "content_index": 0,
              "part": part}]
            + [{"type": "response.output_text.delta", "output_index": 0, "item_id": msg["id"], "content_index": 0,
                "delta": p} for p in pieces]
            + [{"type": "response.output_text.done", "output_index": 0, "item_id": msg["id"], "content_index": 0,
                "text": "".join(pieces)},
               {"type": "response.output_item.done", "output_index": 0, "item": msg}])


@pytest.mark.parametrize("seq", [None, "placeholder"])
def test_a_message_streamed_again_at_one_index_gives_the_text_once(seq: Optional[str]) -> None:
    # before: the re-sent deltas of an ended message went to the item open at that index (the
    # text twice, "Hello world 1Sure. 3Sure. 3"), or its done item again ended the open message;
    # past the final event, a message ended before the last item at its index was read again
    ev: List[Dict[str, Any]] = [{"type": "response.created",
                                 "response": {"id": "resp_1", "status": "in_progress", "output": []}}]
    ev += _msg(1, ["Hello", " world"]) + _item(0, F1, [F1["arguments"]]) + _msg(2, ["Sure", "."])
    ev += _msg(3, [" Done", "!"])
    ev.append({"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "output": [
        e["item"] for e in ev if e["type"] == "response.output_item.done"]}})
    for e in ev:
        if seq == "placeholder":
            e["sequence_number"] = 0
    for j in range(2, len(ev) + 1):  # (up to its final event read: a resume past it too)
        for k in range(1, j):
            acc = Accumulator(D)
            for e in ev[:j] + ev[k:]:
                acc.feed(e)
            calls = acc.close()
            assert acc.text == "Hello worldSure. Done!", (j, k)
            assert [c.id for c in calls if type(c) is ToolCall] == ["call_1"], (j, k)


def test_with_counting_sequence_numbers_a_resume_of_calls_and_messages_is_read_as_without() -> None:
    # before: a call or message its response ended, added again where another item ended since
    # at a higher number, was refused as another response's ("Another item was added at
    # output_index 0 at sequence_number ..."); it is the item again
    ev: List[Dict[str, Any]] = [{"type": "response.created",
                                 "response": {"id": "resp_1", "status": "in_progress", "output": []}}]
    ev += _msg(1, ["Hello", " world"]) + _item(0, F1, [F1["arguments"]]) + _item(0, F2, [F2["arguments"]])
    ev += _msg(2, ["Done"])
    ev.append({"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "output": [
        e["item"] for e in ev if e["type"] == "response.output_item.done"]}})
    for n, e in enumerate(ev):
        e["sequence_number"] = n
    for j in range(2, len(ev) + 1):
        for k in range(1, j):
            acc = Accumulator(D)
            for e in ev[:j] + ev[k:]:
                acc.feed(e)
            calls = acc.close()
            assert acc.text == "Hello worldDone", (j, k)
            assert [c.id for c in calls if type(c) is ToolCall] == ["call_1", "call_2"], (j, k)


_MSG = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
        "content": [{"type": "output_text", "text": "ab", "annotations": []}]}
_F0 = _fc(0, "get_weather", '{"city": "Oslo"}')


def _call_then_message(item_ids: bool) -> List[Dict[str, Any]]:
    # a call, then a message, both at ``output_index`` 0; text deltas with ``item_id`` or, as a
    # gateway that strips it sends them, without
    text = [{"type": "response.output_text.delta", "output_index": 0, "content_index": 0, "delta": d,
             **({"item_id": "msg_1"} if item_ids else {})} for d in ("a", "b")]
    return ([{"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}},
             {"type": "response.output_item.added", "output_index": 0,
              "item": {**_F0, "arguments": "", "status": "in_progress"}},
             {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_0",
              "delta": _F0["arguments"]},
             {"type": "response.output_item.done", "output_index": 0, "item": _F0},
             {"type": "response.output_item.added", "output_index": 0,
              "item": {**_MSG, "content": [], "status": "in_progress"}}]
            + text
            + [{"type": "response.output_item.done", "output_index": 0, "item": _MSG},
               {"type": "response.completed",
                "response": {"id": "resp_1", "status": "completed", "output": [_F0, _MSG]}}])


@pytest.mark.parametrize("item_ids", [True, False])
def test_a_message_re_added_after_a_call_ended_there_in_a_resume_past_the_final_event_adds_no_text(
        item_ids: bool) -> None:
    ev = _call_then_message(item_ids)
    acc = Accumulator(D)
    for e in ev + ev[2:]:  # resumed from the call's delta, past the final event
        acc.feed(e)
    calls = acc.close()
    assert acc.text == "ab"
    assert [(type(c).__name__, c.id) for c in calls if type(c) is ToolCall] == [("ToolCall", "call_0")]


@pytest.mark.parametrize("resumes", [1, 2, 3])
def test_resumes_past_the_final_event_from_a_message_s_end_add_no_text(resumes: int) -> None:
    # a message, then a call, at ``output_index`` 0; read whole, then resumed past the final event
    # from before the message's ``output_item.done``, once or more: its done item and the final
    # response hold its text once
    msg = {**_MSG, "content": [{"type": "output_text", "text": "aab", "annotations": []}]}
    ev: List[Dict[str, Any]] = [
        {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": {**msg, "content": [], "status": "in_progress"}},
        {"type": "response.output_text.delta", "output_index": 0, "item_id": "msg_1", "content_index": 0, "delta": "a"},
        {"type": "response.output_text.delta", "output_index": 0, "item_id": "msg_1", "content_index": 0, "delta": "ab"},
        {"type": "response.output_item.done", "output_index": 0, "item": msg}]
    ev += _item(0, F1, ['{"city": "Paris"}'])
    ev.append({"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "output": [msg, F1]}})
    acc = Accumulator(D)
    for e in ev + ev[4:] * resumes:
        acc.feed(e)
    calls = acc.close()
    assert acc.text == "aab"
    assert [(type(c).__name__, c.id) for c in calls if type(c) is ToolCall] == [("ToolCall", "call_1")]
