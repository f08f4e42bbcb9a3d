"""The Responses stream's handler keeps at most 30 instance attributes over a plain stream
(CPython 3.11 keeps a class's instances' attributes in a shared table of at most 30 keys:
one more moves the instance's into a dict of its own, and every attribute read of the hot
loop is slower). An attribute reset to its class default is not set (``Phased.created``,
``final_calls``, ``Feed.final_calls``)."""

from __future__ import annotations

from typing import Any, Dict, List

from toolwire.stream import Accumulator

# the events of https://platform.openai.com/docs/api-reference/responses-streaming, one function call
_RESPONSE = {"id": "resp_1", "object": "response", "status": "in_progress", "output": []}
_ITEM = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": ""}
_DONE = dict(_ITEM, arguments='{"city":"Paris"}', status="completed")


def _events(text: bool) -> List[Dict[str, Any]]:
    evs: List[Dict[str, Any]] = [
        {"type": "response.created", "sequence_number": 0, "response": _RESPONSE},
        {"type": "response.output_item.added", "sequence_number": 1, "output_index": 0, "item": _ITEM},
        {"type": "response.function_call_arguments.delta", "sequence_number": 2, "item_id": "fc_1",
         "output_index": 0, "delta": '{"city":'},
        {"type": "response.function_call_arguments.delta", "sequence_number": 3, "item_id": "fc_1",
         "output_index": 0, "delta": '"Paris"}'},
        {"type": "response.function_call_arguments.done", "sequence_number": 4, "item_id": "fc_1",
         "output_index": 0, "arguments": '{"city":"Paris"}'},
        {"type": "response.output_item.done", "sequence_number": 5, "output_index": 0, "item": _DONE},
        {"type": "response.completed", "sequence_number": 6,
         "response": dict(_RESPONSE, status="completed", output=[_DONE])},
    ]
    if text:
        evs.insert(1, {"type": "response.output_text.delta", "sequence_number": 1, "item_id": "msg_1",
                       "output_index": 1, "content_index": 0, "delta": "Checking."})
    return evs


def test_plain_stream_handler_attributes_stay_shared() -> None:
    for text in (False, True):
        acc = Accumulator("openai.responses")
        for event in _events(text):
            acc.feed(event)
        calls = acc.close()
        assert [(c.name, c.args) for c in calls] == [("get_weather", {"city": "Paris"})]
        assert len(vars(acc._handler)) <= 30, sorted(vars(acc._handler))

