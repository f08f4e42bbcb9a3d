"""A Responses stream's text is its message items' text, as complete as its calls.

https://platform.openai.com/docs/api-reference/responses-streaming: a message's text comes
as ``response.output_text.delta`` events, then whole in ``response.output_text.done``
(``text``), ``response.content_part.done`` (``part``), the message item of
``response.output_item.done`` and the final ``response.completed`` response's ``output``.
openai-python's ``ResponseStreamState`` (``lib/streaming/responses/_responses.py``) keeps
the done item (a repeat replaces it) and ``get_final_response()`` is the
``response.completed`` response: its ``output_text`` is the whole text. The stream read the
text from the deltas only: a stream that carried none (only ``response.created`` and
``response.completed``: a background response replayed; a server sending the text in the
``.done`` events only) gave ``''`` while its calls came whole from the final response, and
one resumed mid-message (``starting_after``) its tail. Now the message item of
``output_item.done`` (or, for a message the stream never ended, the final response's) is the
text of that message: ``Accumulator.text`` is the text ``normalize`` reads from the final
response. Deltas that disagree with the item give way to it (as the SDK's final response).
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

from toolwire import ToolCall
from toolwire.response import normalize
from toolwire.stream import Accumulator

D = "openai.responses"
MSG = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
       "content": [{"type": "output_text", "text": "Hello there", "annotations": []}]}
FC = {"id": "fc_1", "type": "function_call", "status": "completed", "call_id": "call_1", "name": "f",
      "arguments": '{"a":1}'}
FINAL = {"id": "resp_1", "object": "response", "status": "completed", "output": [MSG, FC]}
CREATED = {"type": "response.created",
           "response": {"id": "resp_1", "object": "response", "status": "in_progress", "output": []}}
COMPLETED = {"type": "response.completed", "response": FINAL}
ADDED = {"type": "response.output_item.added", "output_index": 0,
         "item": {**MSG, "status": "in_progress", "content": []}}
DONE = {"type": "response.output_item.done", "output_index": 0, "item": MSG}
CALL_EVENTS = [{"type": "response.output_item.added", "output_index": 1, "item": {**FC, "status": "in_progress",
                                                                                 "arguments": ""}},
               {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 1,
                "delta": '{"a":1}'},
               {"type": "response.output_item.done", "output_index": 1, "item": FC}]


def delta(text: str, index: int = 0) -> Dict[str, Any]:
    return {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": index, "content_index": 0,
            "delta": text}


def fed(events: List[Dict[str, Any]], preview: bool = False) -> Tuple[List[Any], str]:
    acc = Accumulator(D, preview=preview)
    for e in events:
        acc.feed(e)
    return acc.close(), acc.text


CALLS = [ToolCall("f", {"a": 1}, "call_1")]

STREAMS = {
    # background mode / a replayed stream: only the response's start and end
    "created-completed": [CREATED, COMPLETED],
    # the text in the ``.done`` events only (no delta)
    "done-events-only": [
        CREATED, ADDED,
        {"type": "response.output_text.done", "item_id": "msg_1", "output_index": 0, "content_index": 0,
         "text": "Hello there"},
        {"type": "response.content_part.done", "item_id": "msg_1", "output_index": 0, "content_index": 0,
         "part": {"type": "output_text", "text": "Hello there", "annotations": []}},
        DONE, *CALL_EVENTS, COMPLETED],
    # resumed with ``starting_after`` mid-message: its first delta was before the resume point
    "resumed-mid-message": [delta("there"), DONE, *CALL_EVENTS, COMPLETED],
    # resumed after the message: only the call and the end
    "resumed-after-message": [*CALL_EVENTS, COMPLETED],
    # a delta lost (an at-most-once transport)
    "delta-lost": [CREATED, ADDED, delta("Hello "), DONE, *CALL_EVENTS, COMPLETED],
    # added and deltas, never an ``output_item.done``: the final response ends it
    "no-item-done": [CREATED, ADDED, delta("Hello "), *CALL_EVENTS, COMPLETED],
    # the whole stream, as the API sends it: unchanged
    "whole": [CREATED, ADDED, delta("Hello "), delta("there"), DONE, *CALL_EVENTS, COMPLETED],
}


@pytest.mark.parametrize("preview", [False, True])
@pytest.mark.parametrize("name", list(STREAMS))
def test_the_text_is_the_final_responses(name: str, preview: bool) -> None:
    assert normalize(FINAL, provider=D).text == "Hello there"
    assert fed(STREAMS[name], preview) == (CALLS, "Hello there")


def test_deltas_the_done_item_contradicts_give_way_to_it() -> None:
    """Deltas that are not the done item's text: the item's (the SDK's final response's)."""
    calls, text = fed([CREATED, ADDED, delta("Goodbye"), DONE, *CALL_EVENTS, COMPLETED])
    assert text == "Hello there"


def test_an_empty_done_text_after_deltas_says_nothing_of_them() -> None:
    """Some gateways send the done item with empty text after the deltas (as for calls:
    ``Core.set_full``): the deltas stay."""
    empty = {**MSG, "content": [{"type": "output_text", "text": "", "annotations": []}]}
    _, text = fed([ADDED, delta("Hello "), delta("there"),
                   {"type": "response.output_item.done", "output_index": 0, "item": empty}])
    assert text == "Hello there"


def test_a_message_of_the_final_response_goes_in_its_place() -> None:
    """A message the stream never carried (resumed after it), before one it did: the text
    in the final response's order."""
    first = {**MSG, "id": "msg_0", "content": [{"type": "output_text", "text": "One. ", "annotations": []}]}
    second = {**MSG, "id": "msg_2", "content": [{"type": "output_text", "text": "Two.", "annotations": []}]}
    final = {"id": "resp_1", "object": "response", "status": "completed", "output": [first, FC, second]}
    events = [{"type": "response.output_item.added", "output_index": 2, "item": {**second, "content": []}},
              {**delta("Two."), "item_id": "msg_2", "output_index": 2},
              {"type": "response.output_item.done", "output_index": 2, "item": second},
              {"type": "response.completed", "response": final}]
    calls, text = fed(events)
    assert text == normalize(final, provider=D).text == "One. Two."
    assert calls == CALLS


def test_a_commentary_message_only_in_the_final_response_is_commentary() -> None:
    said = {**MSG, "phase": "commentary",
            "content": [{"type": "output_text", "text": "Checking.", "annotations": []}]}
    final = {"id": "resp_1", "object": "response", "status": "completed", "output": [said, FC]}
    acc = Accumulator(D)
    for e in [CREATED, {"type": "response.completed", "response": final}]:
        acc.feed(e)
    assert acc.close() == CALLS
    r = normalize(final, provider=D)
    assert (acc.text, acc.commentary) == (r.text, r.commentary) == ("", "Checking.")


def test_a_message_streamed_at_another_index_than_its_final_place_is_read_once() -> None:
    """A gateway streaming every item at ``output_index`` 0: the final response's
    message (at 1 there) is the one read at 0, known by its ``id``; its text was read a
    second time ('HelloHello')."""
    from toolwire import stream

    fc = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": '{"a":1}',
          "status": "completed"}
    msg = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
           "content": [{"type": "output_text", "text": "Hello", "annotations": []}]}
    events = [
        {"type": "response.created", "sequence_number": 0,
         "response": {"id": "resp_1", "object": "response", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "sequence_number": 1, "output_index": 0,
         "item": {**fc, "arguments": "", "status": "in_progress"}},
        {"type": "response.function_call_arguments.delta", "sequence_number": 2, "output_index": 0,
         "item_id": "fc_1", "delta": '{"a":1}'},
        {"type": "response.output_item.done", "sequence_number": 3, "output_index": 0, "item": fc},
        {"type": "response.output_item.added", "sequence_number": 4, "output_index": 0,
         "item": {**msg, "status": "in_progress", "content": []}},
        {"type": "response.output_text.delta", "sequence_number": 5, "output_index": 0, "item_id": "msg_1",
         "content_index": 0, "delta": "Hello"},
        {"type": "response.output_item.done", "sequence_number": 6, "output_index": 0, "item": msg},
        {"type": "response.completed", "sequence_number": 7,
         "response": {"id": "resp_1", "object": "response", "status": "completed", "output": [fc, msg]}},
    ]
    acc = stream.Accumulator("openai.responses")
    for e in events:
        acc.feed(e)
    assert [(c.name, c.args, c.id) for c in acc.close()] == [("f", {"a": 1}, "call_1")]
    assert acc.text == "Hello"
