"""A Responses stream's ``phase: "commentary"`` messages are not the answer, as in a whole response.

openai-python 3.60+ ``types/responses/response_output_message.py``:
``phase: Optional[Literal["commentary", "final_answer"]]``, "Labels an `assistant` message
as intermediate commentary (`commentary`) or the final answer (`final_answer`)". In a stream
(https://platform.openai.com/docs/api-reference/responses-streaming) the message comes
whole on ``response.output_item.added`` (``ResponseOutputItemAddedEvent.item``, its
``phase`` set) and ``.done``; its text on ``response.output_text.delta``
(``ResponseTextDeltaEvent``: ``item_id``, ``output_index``, ``delta``). ``normalize`` of
the final ``response.completed`` payload keeps the commentary out of ``text`` and gives it
as ``Response.commentary`` (``test_response_phase``); the stream glued it into
``Accumulator.text`` and had no ``commentary``. Now ``Accumulator.commentary`` holds it,
one line per message, as ``Response.commentary`` does; a stream without ``phase`` (older
models) reads as before. The stream has no text events: the text and the commentary are
read from the accumulator, and ``feed`` gives no event for either.

The events are built offline from openai-python's own event types.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openai.types.responses import (
    Response,
    ResponseCompletedEvent,
    ResponseContentPartAddedEvent,
    ResponseFunctionCallArgumentsDeltaEvent,
    ResponseFunctionCallArgumentsDoneEvent,
    ResponseFunctionToolCall,
    ResponseOutputItemAddedEvent,
    ResponseOutputItemDoneEvent,
    ResponseOutputMessage,
    ResponseOutputText,
    ResponseTextDeltaEvent,
    ResponseTextDoneEvent,
)

import toolwire
from toolwire import ToolCall
from toolwire.response import normalize
from toolwire.stream import Accumulator, CallDone, CallStarted, accumulate

D = "openai.responses"
ABSENT = "absent"  # a message without ``phase`` at all (older models' wire)


class Msg:
    def __init__(self, text: str, phase: Optional[str], pieces: Optional[Sequence[str]] = None) -> None:
        self.text, self.phase = text, phase
        self.pieces = list(pieces) if pieces is not None else [text]


class Fn:
    def __init__(self, name: str, arguments: str, call_id: str, pieces: Optional[Sequence[str]] = None) -> None:
        self.name, self.arguments, self.call_id = name, arguments, call_id
        self.pieces = list(pieces) if pieces is not None else [arguments]


Item = Union[Msg, Fn]


def _message(i: int, m: Msg, done: bool, phase: Any = None) -> ResponseOutputMessage:
    content = [ResponseOutputText(type="output_text", text=m.text, annotations=[])] if done else []
    fields: Dict[str, Any] = dict(id=f"msg_{i}", type="message", role="assistant",
                                  status="completed" if done else "in_progress", content=content)
    p = m.phase if phase is None else phase
    if p != ABSENT:
        fields["phase"] = p
    return ResponseOutputMessage(**fields)


def _call(i: int, f: Fn, done: bool) -> ResponseFunctionToolCall:
    return ResponseFunctionToolCall(type="function_call", id=f"fc_{i}", call_id=f.call_id, name=f.name,
                                    arguments=f.arguments if done else "",
                                    status="completed" if done else "in_progress")


def sdk_events(items: Sequence[Item], added_phase: Optional[Dict[int, Any]] = None) -> List[Any]:
    """The stream of *items* as openai-python event objects (``added_phase``: the phase an
    item's ``output_item.added`` says, where it differs from its final one)."""
    out: List[Any] = []
    n = 0

    def seq() -> int:
        nonlocal n
        n += 1
        return n

    final: List[Any] = []
    for i, it in enumerate(items):
        if isinstance(it, Msg):
            added = _message(i, it, False, (added_phase or {}).get(i))
            out.append(ResponseOutputItemAddedEvent(type="response.output_item.added", output_index=i,
                                                    sequence_number=seq(), item=added))
            out.append(ResponseContentPartAddedEvent(
                type="response.content_part.added", item_id=f"msg_{i}", output_index=i, content_index=0,
                sequence_number=seq(), part=ResponseOutputText(type="output_text", text="", annotations=[])))
            for p in it.pieces:
                out.append(ResponseTextDeltaEvent(type="response.output_text.delta", item_id=f"msg_{i}",
                                                  output_index=i, content_index=0, delta=p, logprobs=[],
                                                  sequence_number=seq()))
            out.append(ResponseTextDoneEvent(type="response.output_text.done", item_id=f"msg_{i}", output_index=i,
                                             content_index=0, text=it.text, logprobs=[], sequence_number=seq()))
            done: Any = _message(i, it, True)
        else:
            out.append(ResponseOutputItemAddedEvent(type="response.output_item.added", output_index=i,
                                                    sequence_number=seq(), item=_call(i, it, False)))
            for p in it.pieces:
                out.append(ResponseFunctionCallArgumentsDeltaEvent(
                    type="response.function_call_arguments.delta", item_id=f"fc_{i}", output_index=i, delta=p,
                    sequence_number=seq()))
            out.append(ResponseFunctionCallArgumentsDoneEvent(
                type="response.function_call_arguments.done", item_id=f"fc_{i}", output_index=i,
                arguments=it.arguments, name=it.name, sequence_number=seq()))
            done = _call(i, it, True)
        out.append(ResponseOutputItemDoneEvent(type="response.output_item.done", output_index=i,
                                               sequence_number=seq(), item=done))
        final.append(done)
    response = Response(id="resp_1", object="response", created_at=1.0, model="gpt-5.3-codex", output=final,
                        parallel_tool_calls=True, tool_choice="auto", tools=[], status="completed")
    out.append(ResponseCompletedEvent(type="response.completed", response=response, sequence_number=seq()))
    return out


def wire(events: Sequence[Any]) -> List[Dict[str, Any]]:
    """The events as the API sends them: the fields set, nothing else (no ``phase`` where unset)."""
    return [e.model_dump(mode="json", exclude_unset=True) for e in events]


def fed(events: Sequence[Any]) -> Tuple[Accumulator, List[Any]]:
    acc = Accumulator(D)
    seen: List[Any] = []
    for e in events:
        seen.extend(acc.feed(e))
    seen.extend(acc.events())
    acc.close()
    return acc, seen


COMMENT = "I'll check the weather in Paris first."
ANSWER = "It is 21 °C and sunny in Paris."
ARGS = '{"city":"Paris"}'
PHASED = [Msg(COMMENT, "commentary", ["I'll check ", "the weather", " in Paris first."]),
          Fn("get_weather", ARGS, "call_1", ['{"city"', ':"Paris"}']),
          Msg(ANSWER, "final_answer", ["It is 21 °C", " and sunny in Paris."])]


@pytest.mark.parametrize("form", ["wire", "sdk"])
def test_commentary_deltas_are_not_the_answer(form: str) -> None:
    events = sdk_events(PHASED)
    acc, _ = fed(wire(events) if form == "wire" else events)
    assert (acc.text, acc.commentary) == (ANSWER, COMMENT)
    assert acc.calls == [ToolCall("get_weather", {"city": "Paris"}, "call_1")]
    assert acc.finish_reason == "completed"


def test_with_previews_the_same() -> None:
    """``preview=True`` feeds every event through ``feed`` (no hot loop): the same reading."""
    acc = Accumulator(D, preview=True)
    for e in wire(sdk_events(PHASED)):
        acc.feed(e)
    assert acc.close() == [ToolCall("get_weather", {"city": "Paris"}, "call_1")]
    assert (acc.text, acc.commentary) == (ANSWER, COMMENT)


def test_the_stream_agrees_with_the_final_response() -> None:
    events = wire(sdk_events(PHASED))
    final = events[-1]["response"]
    r = normalize(final)
    assert (r.text, r.commentary) == (ANSWER, COMMENT)
    acc, _ = fed(events)
    assert (acc.text, acc.commentary) == (r.text, r.commentary)
    assert accumulate(events, D) == toolwire.decode_all(final, D) == acc.calls


def test_an_sse_body_reads_the_same() -> None:
    body = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in wire(sdk_events(PHASED))).encode()
    acc = Accumulator()
    for i in range(0, len(body), 7):  # a transport's pieces, cut anywhere
        acc.feed(body[i:i + 7])
    acc.close()
    assert (acc.text, acc.commentary, acc.dialect) == (ANSWER, COMMENT, D)


@pytest.mark.parametrize("form", ["wire", "sdk"])
def test_a_stream_without_phase_is_read_as_before(form: str) -> None:
    items = [Msg("Looking. ", ABSENT), Msg("Done.", ABSENT)]
    events = sdk_events(items)
    acc, _ = fed(wire(events) if form == "wire" else events)
    assert (acc.text, acc.commentary) == ("Looking. Done.", "")
    if form == "wire":
        assert all("phase" not in e.get("item", {}) for e in wire(events))


def test_several_commentary_messages_are_a_line_each() -> None:
    items = [Msg("First, the schema.", "commentary"), Msg("", "commentary"), Msg("Then the data.", "commentary"),
             Msg("{}", "final_answer")]
    events = wire(sdk_events(items))
    acc, _ = fed(events)
    assert (acc.text, acc.commentary) == ("{}", "First, the schema.\n\nThen the data.")
    r = normalize(events[-1]["response"])
    assert (acc.text, acc.commentary) == (r.text, r.commentary)


def test_commentary_gives_no_event() -> None:
    """The stream has no text events; a commentary delta gives none either (the event
    types are unchanged: ``CallStarted``, ``ArgsDelta``, ``CallDone``)."""
    events = wire(sdk_events(PHASED))
    acc = Accumulator(D)
    for e in events[:6]:  # the commentary message, added to done
        assert acc.feed(e) == []
    _, seen = fed(events)
    assert [type(e) for e in seen if type(e) is not CallDone][:1] == [CallStarted]
    assert {type(e).__name__ for e in seen} == {"CallStarted", "ArgsDelta", "CallDone"}


def test_the_phase_only_on_the_done_item_moves_the_text() -> None:
    """An ``output_item.added`` without ``phase`` whose ``.done`` item says ``commentary``:
    the done item is authoritative, as for calls."""
    events = wire(sdk_events(PHASED, added_phase={0: ABSENT}))
    assert "phase" not in events[0]["item"]
    acc, _ = fed(events)
    assert (acc.text, acc.commentary) == (ANSWER, COMMENT)


def test_text_that_is_not_the_done_items_text_gives_way_to_it() -> None:
    """A message whose deltas (those since its own ``output_item.added``) are not its done
    item's text (one lost): the item's text is the message's, where the phase puts it (as
    ``normalize`` reads the final response); the text of the message before stays."""
    events = wire(sdk_events([Msg("Hello.", ABSENT), Msg("Checking.", "commentary", ["Check", "ing."])],
                             added_phase={1: ABSENT}))
    events = [e for e in events if e.get("delta") != "Check"]
    acc, _ = fed(events)
    assert (acc.text, acc.commentary) == ("Hello.", "Checking.")


def test_a_done_commentary_without_deltas_takes_no_answer_text() -> None:
    """Review hunt RB-2: a commentary message whose phase shows on ``.done`` only and that
    sent no deltas took the answer's last delta ("42") because it joined to its text; only
    the deltas since its own ``output_item.added`` are its."""
    answer = {"type": "message", "id": "m0", "role": "assistant", "status": "completed",
              "content": [{"type": "output_text", "text": "The answer is 42", "annotations": []}]}
    comment = {"type": "message", "id": "m1", "role": "assistant", "status": "completed", "phase": "commentary",
               "content": [{"type": "output_text", "text": "42", "annotations": []}]}
    events = [
        {"type": "response.output_item.added", "output_index": 0, "item": dict(answer, status="in_progress", content=[])},
        {"type": "response.output_text.delta", "output_index": 0, "item_id": "m0", "content_index": 0,
         "delta": "The answer is "},
        {"type": "response.output_text.delta", "output_index": 0, "item_id": "m0", "content_index": 0, "delta": "42"},
        {"type": "response.output_item.done", "output_index": 0, "item": answer},
        {"type": "response.output_item.added", "output_index": 1,
         "item": {"type": "message", "id": "m1", "role": "assistant", "status": "in_progress", "content": []}},
        {"type": "response.output_item.done", "output_index": 1, "item": comment},
    ]
    acc, _ = fed(events)
    assert acc.text == "The answer is 42"


def test_a_done_item_that_says_answer_moves_the_text_back() -> None:
    events = wire(sdk_events([Msg("Looking.", "final_answer"), Msg(" Done.", "final_answer")],
                             added_phase={0: "commentary"}))
    acc, _ = fed(events)
    assert (acc.text, acc.commentary) == ("Looking. Done.", "")


def test_a_delta_without_output_index_goes_by_item_id() -> None:
    events = wire(sdk_events(PHASED))
    for e in events:
        if e["type"] == "response.output_text.delta":
            del e["output_index"]
    acc, _ = fed(events)
    assert (acc.text, acc.commentary) == (ANSWER, COMMENT)


def test_a_reused_output_index_starts_over() -> None:
    """Two responses in one stream (each begins with its ``response.created``): the
    second's message at index 0 has no phase."""
    first = wire(sdk_events([Msg(COMMENT, "commentary")]))
    second = wire(sdk_events([Msg(ANSWER, ABSENT)]))
    created = {"type": "response.created", "response": {"id": "resp_2", "object": "response",
                                                        "status": "in_progress", "output": []}}
    acc, _ = fed(first[:-1] + [created] + second)
    assert (acc.text, acc.commentary) == (ANSWER, COMMENT)


# -- property: the stream, split anywhere, reads as its final response ----------------

texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
phases = st.sampled_from(["commentary", "final_answer", None, ABSENT])


def _cut(draw: Any, text: str) -> List[str]:
    points = sorted(draw(st.lists(st.integers(0, len(text)), max_size=4)))
    bounds = [0, *points, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:]) if b > a] or [""]


@st.composite
def items(draw: Any) -> List[Item]:
    out: List[Item] = []
    for i in range(draw(st.integers(0, 5))):
        if draw(st.booleans()):
            text = draw(texts)
            out.append(Msg(text, draw(phases), _cut(draw, text)))
        else:
            args = json.dumps(draw(st.dictionaries(texts, texts, max_size=2)), ensure_ascii=False)
            out.append(Fn("f", args, f"call_{i}", _cut(draw, args)))
    return out


@given(its=items(), data=st.data())
def test_the_stream_split_anywhere_reads_as_its_final_response(its: List[Item], data: Any) -> None:
    events = wire(sdk_events(its))
    final = events[-1]["response"]
    r = normalize(final, provider=D)
    calls = toolwire.decode_all(final, D)
    acc, _ = fed(events)
    assert (acc.text, acc.commentary, acc.calls) == (r.text, r.commentary, calls)
    assert accumulate(events, D) == calls
    body = "".join(f"data: {json.dumps(e, ensure_ascii=False)}\n\n" for e in events).encode()
    cuts = sorted(data.draw(st.lists(st.integers(0, len(body)), max_size=6)))
    pieces = [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)])]
    sse = Accumulator()
    for p in pieces:
        sse.feed(p)
        core = sse._core  # the commentary read after every piece: its messages joined whole
        assert sse.commentary == ("\n".join("".join(m) for m in core.commentary_parts or ()) if core else "")
    assert (sse.text, sse.commentary, sse.close()) == (r.text, r.commentary, calls)
