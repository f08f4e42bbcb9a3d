"""OpenAI Responses stream events for the tests, and the calls read from them both ways.

The event shapes are the streaming reference's
(https://platform.openai.com/docs/api-reference/responses-streaming):
``response.output_item.added`` / ``.done`` carry ``output_index`` and ``item``,
``response.function_call_arguments.delta`` ``item_id``, ``output_index`` and ``delta``;
every event may carry its ``sequence_number``.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional

from toolwire.stream import Accumulator, accumulate

D = "openai.responses"


def _numbered(event: Dict[str, Any], seq: Optional[int]) -> Dict[str, Any]:
    if seq is not None:
        event["sequence_number"] = seq
    return event


def added(item: Dict[str, Any], index: int, seq: Optional[int] = None) -> Dict[str, Any]:
    """The ``response.output_item.added`` event of the function call *item* (no arguments yet)."""
    return _numbered({"type": "response.output_item.added", "output_index": index,
                      "item": {**item, "arguments": "", "status": "in_progress"}}, seq)


def delta(item: Dict[str, Any], index: int, seq: Optional[int] = None) -> Dict[str, Any]:
    """The one ``response.function_call_arguments.delta`` event of *item*: all its arguments."""
    return _numbered({"type": "response.function_call_arguments.delta", "item_id": item["id"], "output_index": index,
                      "delta": item["arguments"]}, seq)


def done(item: Dict[str, Any], index: int, seq: Optional[int] = None) -> Dict[str, Any]:
    """The ``response.output_item.done`` event of *item*."""
    return _numbered({"type": "response.output_item.done", "output_index": index, "item": item}, seq)


def item_events(item: Dict[str, Any], index: int) -> List[Dict[str, Any]]:
    """The function call *item* streamed at *index*: added, one delta, done (unnumbered)."""
    return [added(item, index), delta(item, index), done(item, index)]


def read_both(events: List[Dict[str, Any]]) -> List[Any]:
    """The calls ``(kind, id)`` read from *events*, the same through ``accumulate`` and
    ``Accumulator.feed`` (each given its own copy)."""
    out = [(type(c).__name__, c.id) for c in accumulate(copy.deepcopy(events), D)]
    acc = Accumulator(D)
    for e in copy.deepcopy(events):
        acc.feed(e)
    assert [(type(c).__name__, c.id) for c in acc.close()] == out
    return out
