"""The commentary of a Responses stream with n messages is read in work linear in n.

Event shapes: https://platform.openai.com/docs/api-reference/responses-streaming
(``response.output_item.added`` / ``.done`` of a ``message`` item with ``phase``,
``response.output_text.delta``, ``response.completed``). Each commentary message's
place among the commentary was looked up with a linear search, once per message at
the ``output_item.done`` and at the final event: n * n. Counted, not timed.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from lines_run import lines_run
from toolwire.stream import Accumulator


def _msg(i: int, phase: Optional[str]) -> Dict[str, Any]:
    item: Dict[str, Any] = {"type": "message", "id": f"msg_{i}", "role": "assistant", "status": "completed",
                            "content": [{"type": "output_text", "text": f"m{i}", "annotations": []}]}
    if phase is not None:
        item["phase"] = phase
    return item


def _phase(i: int) -> str:
    return "commentary" if i % 3 else "final_answer"


def _events(n: int, form: str) -> List[Dict[str, Any]]:
    events: List[Dict[str, Any]] = [{"type": "response.created",
                                     "response": {"id": "r1", "status": "in_progress", "output": []}}]
    final = [_msg(i, _phase(i)) for i in range(n)]
    if form != "final-only":
        for i in range(n):
            added = _msg(i, "commentary" if form == "answer-after-all" else _phase(i))
            events.append({"type": "response.output_item.added", "output_index": i,
                           "item": {**added, "content": [], "status": "in_progress"}})
            events.append({"type": "response.output_text.delta", "output_index": i, "item_id": f"msg_{i}",
                           "content_index": 0, "delta": f"m{i}"})
            if form == "streamed":
                events.append({"type": "response.output_item.done", "output_index": i, "item": final[i]})
    events.append({"type": "response.completed", "response": {"id": "r1", "status": "completed", "output": final}})
    return events


def _work(n: int, form: str) -> int:
    events = _events(n, form)
    acc = Accumulator("openai.responses")
    work = lines_run(lambda: [acc.feed(e) for e in events])
    assert acc.commentary == "\n".join(f"m{i}" for i in range(n) if i % 3)
    assert acc.text == "".join(f"m{i}" for i in range(n) if not i % 3)
    return work


@pytest.mark.parametrize("form", ["streamed", "final-only", "answer-after-all"])
def test_n_commentary_messages_are_read_in_linear_work(form: str) -> None:
    small, big = _work(100, form), _work(400, form)
    assert big <= 4.4 * small
