"""A custom tool's input in a Responses stream gives ``ArgsDelta`` events, as a function
call's arguments do (docs/streaming.md, Events: "argument text as received"; for a custom
tool the text is its free-form input). Before, a UI that shows ``ArgsDelta`` showed nothing
until the call was done (newsdk hunt NS3). Event shapes: openai-python
``ResponseCustomToolCallInputDeltaEvent`` (``response.custom_tool_call_input.delta``,
``delta: str``, ``item_id``, ``output_index``) and ``ResponseOutputItemAddedEvent`` /
``DoneEvent`` with a ``ResponseCustomToolCall`` item (``call_id``, ``input``, ``name``)."""

from __future__ import annotations

from typing import Any, Dict, List

from toolwire import stream


def item(status: str, text: str) -> Dict[str, Any]:
    return {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "exec", "input": text,
            "status": status}


def events(pieces: List[str], done_text: str) -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = [
        {"type": "response.created", "sequence_number": 0,
         "response": {"id": "resp_1", "object": "response", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "sequence_number": 1,
         "item": item("in_progress", "")},
    ]
    for i, p in enumerate(pieces):
        out.append({"type": "response.custom_tool_call_input.delta", "output_index": 0, "item_id": "ctc_1",
                    "delta": p, "sequence_number": 2 + i})
    out.append({"type": "response.output_item.done", "output_index": 0, "sequence_number": 9,
                "item": item("completed", done_text)})
    out.append({"type": "response.completed", "sequence_number": 10, "response": {
        "id": "resp_1", "object": "response", "status": "completed", "output": [item("completed", done_text)]}})
    return out


def feed_all(chunks: List[Dict[str, Any]]) -> List[Any]:
    acc = stream.Accumulator("openai.responses")
    seen: List[Any] = []
    for ch in chunks:
        seen.extend(acc.feed(ch))
    seen.extend(acc.events() if hasattr(acc, "events") else [])
    acc.close()
    return seen


def test_each_input_delta_is_an_args_delta() -> None:
    seen = feed_all(events(["print(", "1)"], "print(1)"))
    deltas = [e for e in seen if isinstance(e, stream.ArgsDelta)]
    assert [(e.index, e.id, e.delta) for e in deltas] == [(0, "call_1", "print("), (0, "call_1", "1)")]
    done = [e for e in seen if isinstance(e, stream.CallDone)]
    assert [(d.call.name, d.call.args) for d in done] == [("exec", {"input": "print(1)"})]


def test_an_input_given_only_when_done_is_the_missing_args_delta() -> None:
    # as for a function call whose ``.done`` carries the text no delta did
    seen = feed_all(events([], "print(1)"))
    assert [e.delta for e in seen if isinstance(e, stream.ArgsDelta)] == ["print(1)"]


def test_accumulate_is_unchanged() -> None:
    (call,) = stream.accumulate(events(["print(", "1)"], "print(1)"), "openai.responses")
    assert (call.name, call.args, call.id) == ("exec", {"input": "print(1)"}, "call_1")
