"""A streamed refusal is the accumulator's ``refusal``, as ``Response.refusal`` of the same
reply whole (``response.normalize``).

Wire shapes: Chat ``choices[].delta.refusal`` (openai-python ``ChoiceDelta.refusal``; its
``ChatCompletionStreamState`` accumulates the pieces into ``message.refusal``);
Responses ``response.refusal.delta`` (``ResponseRefusalDeltaEvent``: ``output_index``,
``item_id``, ``content_index``, ``delta``) and ``response.refusal.done``
(``ResponseRefusalDoneEvent``: ``refusal``, the whole text) in a message's ``refusal``
content part; Anthropic's ``stop_reason: "refusal"`` (a finish reason: ``normalize``
gives the reply's text, or ``"refused"``). Without a refusal the attribute is ``None``,
as ``Response.refusal``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import response
from toolwire.stream import Accumulator, accumulate

REFUSAL = "I can't help with that."


def ch(delta: Optional[Dict[str, Any]] = None, finish: Optional[str] = None, index: int = 0) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
            "choices": [{"index": index, "delta": delta or {}, "finish_reason": finish}]}


CHAT = [ch({"role": "assistant", "content": None, "refusal": "I can"}), ch({"refusal": "'t help with that."}),
        ch(finish="stop")]
CHAT_WHOLE = {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o", "choices": [
    {"index": 0, "message": {"role": "assistant", "content": None, "refusal": REFUSAL}, "finish_reason": "stop"}]}


def resp(status: str, output: List[Any]) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "status": status,
            "output": output, "error": None, "incomplete_details": None}


MSG = {"type": "message", "id": "msg_0", "role": "assistant", "status": "in_progress", "content": []}
PART = {"type": "refusal", "refusal": REFUSAL}
DONE_MSG = {**MSG, "status": "completed", "content": [PART]}


def responses(deltas: bool = True) -> List[Dict[str, Any]]:
    at = {"output_index": 0, "item_id": "msg_0", "content_index": 0}
    events = [{"type": "response.created", "response": resp("in_progress", [])},
              {"type": "response.output_item.added", "output_index": 0, "item": MSG},
              {"type": "response.content_part.added", **at, "part": {"type": "refusal", "refusal": ""}}]
    if deltas:
        events += [{"type": "response.refusal.delta", **at, "delta": "I can"},
                   {"type": "response.refusal.delta", **at, "delta": "'t help with that."}]
    events += [{"type": "response.refusal.done", **at, "refusal": REFUSAL},
               {"type": "response.content_part.done", **at, "part": PART},
               {"type": "response.output_item.done", "output_index": 0, "item": DONE_MSG},
               {"type": "response.completed", "response": resp("completed", [DONE_MSG])}]
    return [{**e, "sequence_number": n} for n, e in enumerate(events)]


def refused(chunks: List[Dict[str, Any]], dialect: Optional[str] = None) -> Accumulator:
    acc = Accumulator(dialect)
    for c in chunks:
        acc.feed(c)
    assert acc.close() == []
    return acc


@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_chat_refusal_pieces(dialect: Optional[str]) -> None:
    acc = refused(CHAT, dialect)
    assert (acc.refusal, acc.text, acc.finish_reason) == (REFUSAL, "", "stop")
    assert acc.refusal == response.normalize(CHAT_WHOLE).refusal


@pytest.mark.parametrize("deltas", [True, False], ids=["deltas", "done-only"])
def test_responses_refusal(deltas: bool) -> None:
    """The ``.done`` text is the refusal's whole: after deltas it adds nothing."""
    events = responses(deltas)
    acc = refused(events)
    assert (acc.refusal, acc.text, acc.finish_reason) == (REFUSAL, "", "completed")
    assert acc.refusal == response.normalize(events[-1]["response"]).refusal
    assert accumulate(events) == []


def test_no_refusal_is_none() -> None:
    acc = refused([ch({"content": "Hi"}), ch(finish="stop")])
    assert acc.refusal is None and acc.text == "Hi"
    assert Accumulator().refusal is None


def test_refusal_beside_a_tool_call_continuation_in_one_delta() -> None:
    """(The hot loop over argument continuations leaves such a delta to the general reader.)"""
    head = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}
    more = {"index": 0, "function": {"arguments": "{}"}}
    acc = Accumulator("openai.chat")
    for c in [ch({"tool_calls": [head]}), ch({"tool_calls": [more], "refusal": "No."}), ch(finish="stop")]:
        acc.feed(c)
    assert acc.close()[0].name == "f" and acc.refusal == "No."


def test_several_choices_give_the_first_choice_refusal() -> None:
    chunks = [ch({"refusal": "second"}, index=1), ch({"refusal": "first"}, index=0),
              ch(finish="stop", index=1), ch(finish="stop", index=0)]
    assert refused(chunks).refusal == "first"


@pytest.mark.parametrize(("text", "expected"), [("", "refused"), ("I won't.", "I won't.")])
def test_anthropic_refusal_stop_reason_agrees_with_normalize(text: str, expected: str) -> None:
    message = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [],
               "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 0}}
    events: List[Dict[str, Any]] = [{"type": "message_start", "message": message}]
    if text:
        events += [{"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                   {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
                   {"type": "content_block_stop", "index": 0}]
    events += [{"type": "message_delta", "delta": {"stop_reason": "refusal", "stop_sequence": None},
                "usage": {"output_tokens": 1}},
               {"type": "message_stop"}]
    acc = refused(events, "anthropic.messages")
    whole = {**message, "content": [{"type": "text", "text": text}] if text else [], "stop_reason": "refusal"}
    assert acc.refusal == expected == response.normalize(whole).refusal
    # the text stays the text too: what the model wrote before it was stopped ("No additional
    # refusal message is included", Anthropic's streaming refusals guide; docs/streaming.md)
    assert acc.text == text == response.normalize(whole).text
