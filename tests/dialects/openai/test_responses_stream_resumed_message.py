"""A Responses stream resumed inside a message's text deltas, after its end was read.

openai-python ``client.responses.retrieve(id, stream=True, starting_after=N)`` streams
the events after sequence number N: with N inside a message's ``response.output_text.delta``
events (a client that read on past N before it reconnected), the deltas after N come
again, then the message's ``output_item.done`` again. ``ResponseStreamState`` adds each
delta to the item's snapshot at its ``content_index``; the done item and the final
response (``get_final_response()``) hold the message's text once. Re-sent deltas are a
piece of the done item's text: they add nothing; text the done item does not hold is
not guessed (``DecodeError``).
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional

import pytest

from toolwire import DecodeError
from toolwire.stream import Accumulator

D = "openai.responses"
PIECES = ["Hello", " world,", " how", " are", " you"]
TEXT = "".join(PIECES)


def _message(parts: List[str]) -> Dict[str, Any]:
    return {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": p, "annotations": []} for p in parts]}


def _stream(parts: List[List[str]], content_index: bool = True) -> List[Dict[str, Any]]:
    """A response of one message whose parts are streamed in *parts*' pieces, numbered."""
    msg = _message(["".join(p) for p in parts])
    events: List[Dict[str, Any]] = [
        {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": {**msg, "content": [],
                                                                           "status": "in_progress"}}]
    for i, pieces in enumerate(parts):
        for piece in pieces:
            delta: Dict[str, Any] = {"type": "response.output_text.delta", "output_index": 0, "item_id": "msg_1",
                                     "delta": piece}
            if content_index:
                delta["content_index"] = i
            events.append(delta)
    events += [{"type": "response.output_item.done", "output_index": 0, "item": msg},
               {"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "output": [msg]}}]
    for n, e in enumerate(events):
        e["sequence_number"] = n
    return events


def _read(events: List[Dict[str, Any]], preview: bool = False) -> str:
    acc = Accumulator(D, preview=preview)
    for e in copy.deepcopy(events):
        acc.feed(e)
    acc.close()
    return acc.text


def _resumed(events: List[Dict[str, Any]], after: int, read: Optional[int] = None) -> List[Dict[str, Any]]:
    """Read up to the message's ``output_item.done`` (or up to *read*), then resumed with
    ``starting_after`` *after* (its events again from there)."""
    done = next(i for i, e in enumerate(events) if e["type"] == "response.output_item.done")
    return events[:(done + 1 if read is None else read)] + events[after + 1:]


@pytest.mark.parametrize("preview", [False, True], ids=["hot-loop", "feed"])
@pytest.mark.parametrize("content_index", [True, False], ids=["content_index", "no-content_index"])
@pytest.mark.parametrize("after", range(1, 7))
def test_a_stream_resumed_inside_a_message_after_its_end_gives_its_text_once(after: int, content_index: bool,
                                                                          preview: bool) -> None:
    events = _stream([PIECES], content_index)
    # before: DecodeError (the deltas re-sent repeat the done item's text from its middle)
    assert _read(_resumed(events, after), preview) == TEXT


@pytest.mark.parametrize("after", range(1, 9))
def test_a_stream_resumed_inside_a_two_part_message_gives_its_text_once(after: int) -> None:
    events = _stream([["la", " la"], ["la", " la", " la"]])
    assert _read(_resumed(events, after)) == "la lala la la"


def test_a_stream_resumed_twice_inside_a_message_gives_its_text_once() -> None:
    events = _stream([PIECES])
    once = _resumed(events, 4)
    twice = once[:-1] + events[3:]  # (its final event not read: resumed again, further back)
    assert _read(twice) == TEXT


def test_a_repeated_word_resumed_at_its_later_place_gives_the_text_once() -> None:
    pieces = ["the", " cat", " and", " the", " dog"]
    events = _stream([pieces])
    for after in range(1, 7):
        assert _read(_resumed(events, after)) == "the cat and the dog"


@pytest.mark.parametrize("content_index", [True, False], ids=["content_index", "no-content_index"])
@pytest.mark.parametrize("delta", [" you?", " how are we", "Hi", "you are"])
def test_a_resumed_delta_the_done_item_does_not_hold_is_not_guessed(delta: str, content_index: bool) -> None:
    events = _stream([PIECES], content_index)
    resumed = _resumed(events, 4)
    assert [e["delta"] for e in resumed[8:10]] == [" are", " you"]
    resumed[8] = {**resumed[8], "delta": delta}
    with pytest.raises(DecodeError, match="output_index 0"):
        _read(resumed)


def test_a_resumed_delta_of_another_part_is_not_that_part_s_text() -> None:
    events = _stream([["Hello"], ["world"]])
    resumed = _resumed(events, 2)  # ("world" of part 1 again: said to be part 0's)
    assert resumed[5]["delta"] == "world"
    resumed[5] = {**resumed[5], "content_index": 0}
    with pytest.raises(DecodeError, match="output_index 0"):
        _read(resumed)


def test_deltas_placed_anew_any_number_of_times_give_the_text_once() -> None:
    # each "y" and "z" is a piece of the text, none where the one before ended; before: placing
    # them anew was held to a budget of four times the text's length, past it a DecodeError saying
    # they were other text (at-least-once delivery of many pieces); now a piece a delta carried
    # is found where it began (tests/dialects/openai/test_responses_stream_stray_linear.py)
    events = _stream([["x" + "b" * 1000, "y" + "b" * 1000 + "z"]])

    def resumed(times: int) -> List[Dict[str, Any]]:
        return events[:5] + [{**events[3], "delta": "y"}, {**events[3], "delta": "z"}] * times + events[4:]
    assert _read(resumed(1)) == "x" + "b" * 1000 + "y" + "b" * 1000 + "z"
    assert _read(resumed(1000)) == "x" + "b" * 1000 + "y" + "b" * 1000 + "z"


@pytest.mark.parametrize("preview", [False, True], ids=["hot-loop", "feed"])
@pytest.mark.parametrize("phase", [None, "commentary"])
@pytest.mark.parametrize("after", [1, 4])
def test_a_stream_resumed_inside_a_message_after_its_final_event_gives_its_text_once(
        after: int, phase: Optional[str], preview: bool) -> None:
    events = _stream([PIECES])
    if phase is not None:
        for e in events:
            for item in [e.get("item"), *(e.get("response") or {}).get("output", [])]:
                if item is not None:
                    item["phase"] = phase
    acc = Accumulator(D, preview=preview)
    for e in copy.deepcopy(events + events[after + 1:]):  # (read to its end, resumed before the end)
        acc.feed(e)
    acc.close()
    # before: the deltas again added to the text ("Hello world, how are you are you"; a
    # commentary message's to the answer text)
    assert (acc.text, acc.commentary) == ((TEXT, "") if phase is None else ("", TEXT))


def test_other_text_after_a_message_s_final_event_is_not_guessed() -> None:
    events = _stream([PIECES])
    with pytest.raises(DecodeError, match="output_index 0"):
        _read(events + [{**events[2], "delta": "Bye"}])


@pytest.mark.parametrize("preview", [False, True], ids=["hot-loop", "feed"])
@pytest.mark.parametrize("after", [1, 2, 3])
def test_a_resume_past_the_final_event_of_a_message_done_empty_checks_the_final_s_text(after: int,
                                                                                     preview: bool) -> None:
    # a gateway's ``output_item.done`` with ``"content": []`` (the text in the deltas and the final
    # response only); before: the re-sent deltas, the final's text, were a DecodeError
    events = _stream([PIECES])
    done = next(i for i, e in enumerate(events) if e["type"] == "response.output_item.done")
    events[done] = {**events[done], "item": {**events[done]["item"], "content": []}}
    acc = Accumulator(D, preview=preview)
    for e in copy.deepcopy(events + events[after + 1:]):
        acc.feed(e)
    acc.close()
    assert acc.text == TEXT
    with pytest.raises(DecodeError, match="output_index 0"):
        _read(events + [{**events[2], "delta": "Bye"}], preview)


def _documented(messages: List[List[str]]) -> List[Dict[str, Any]]:
    """A response of messages, each streamed as the documented events say
    (``response.output_item.added``, ``response.content_part.added``, its
    ``response.output_text.delta`` pieces, ``response.output_text.done``,
    ``response.content_part.done``, ``response.output_item.done``), numbered."""
    events: List[Dict[str, Any]] = [
        {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}}]
    output = []
    for i, pieces in enumerate(messages):
        msg = {**_message(["".join(pieces)]), "id": f"msg_{i}"}
        part = {"type": "output_text", "text": "", "annotations": []}
        text = "".join(pieces)
        events += [{"type": "response.output_item.added", "output_index": i,
                    "item": {**msg, "content": [], "status": "in_progress"}},
                   {"type": "response.content_part.added", "output_index": i, "item_id": msg["id"],
                    "content_index": 0, "part": part}]
        events += [{"type": "response.output_text.delta", "output_index": i, "item_id": msg["id"], "content_index": 0,
                    "delta": p} for p in pieces]
        events += [{"type": "response.output_text.done", "output_index": i, "item_id": msg["id"], "content_index": 0,
                    "text": text},
                   {"type": "response.content_part.done", "output_index": i, "item_id": msg["id"], "content_index": 0,
                    "part": {**part, "text": text}},
                   {"type": "response.output_item.done", "output_index": i, "item": msg}]
        output.append(msg)
    events.append({"type": "response.completed", "response": {"id": "resp_1", "status": "completed",
                                                              "output": output}})
    for n, e in enumerate(events):
        e["sequence_number"] = n
    return events


@pytest.mark.parametrize("preview", [False, True], ids=["hot-loop", "feed"])
def test_a_message_added_again_after_the_final_event_gives_its_text_once(preview: bool) -> None:
    # read to the end, then resumed from any event: a message re-sent whole (its
    # ``output_item.added`` again, then its deltas) after the final event; before: its text twice
    # ("Hello world,Hello world," from the start, "... how are you how are you" from the second)
    events = _documented([PIECES[:2], PIECES[2:]])
    for after in range(len(events) - 1):
        acc = Accumulator(D, preview=preview)
        for e in copy.deepcopy(events + events[after + 1:]):
            acc.feed(e)
        acc.close()
        assert acc.text == TEXT, after
