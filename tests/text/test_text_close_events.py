"""TextParser.close() settles what was held back (a trailing partial marker, Harmony
text with no header, a call cut off at the end); those deltas and calls come from
``events()`` after ``close()``, so the joined deltas equal the result (docs: "the
joined ContentDeltas equal close().content")."""

from __future__ import annotations

from toolwire.stream import TextParser
from toolwire.text._events import CallEvent, ContentDelta


def test_a_trailing_partial_marker_arrives_as_a_delta_after_close() -> None:
    p = TextParser("text.hermes")
    assert p.feed("The answer is x <") == [ContentDelta("The answer is x")]
    r = p.close()
    assert r.content == "The answer is x <"
    assert p.events() == [ContentDelta(" <")]
    assert p.events() == []


def test_harmony_text_without_a_header_arrives_after_close() -> None:
    p = TextParser("text.harmony")
    assert p.feed("Just an answer.") == []
    assert p.close().content == "Just an answer."
    assert p.events() == [ContentDelta("Just an answer.")]


def test_a_call_cut_off_at_the_end_arrives_as_a_call_event_after_close() -> None:
    p = TextParser("text.hermes")
    p.feed('<tool_call>\n{"name": "f", "arguments": {"a": 1')
    r = p.close()
    assert p.events() == [CallEvent(r.tool_calls[0], 0)]
    assert r.tool_calls[0].truncated
