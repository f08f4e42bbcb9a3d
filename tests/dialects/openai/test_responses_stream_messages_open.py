"""Responses stream messages open at once (``openai.responses``): each message's text in its place.

A gateway replaying a stored response announces every output item first
(``response.output_item.added`` for each, then their deltas and ``output_item.done``); a
message added while another is open holds its text apart until those before it end, so
``Accumulator.text`` and ``.commentary`` are what ``normalize`` reads from the final response
(hunt 41: the second message's text overwrote the first's, the answer before a commentary
message was lost).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire.response
from lines_run import lines_run
from toolwire import DecodeError, stream

D = "openai.responses"
CREATED = {"type": "response.created", "response": {"id": "resp_1", "object": "response", "status": "in_progress",
                                                     "output": []}}


def _msg(i: int, text: str, phase: Optional[str] = None, done: bool = True) -> Dict[str, Any]:
    item: Dict[str, Any] = {"type": "message", "id": f"msg_{i}", "role": "assistant",
                            "status": "completed" if done else "in_progress",
                            "content": [{"type": "output_text", "text": text, "annotations": []}] if done else []}
    if phase is not None:
        item["phase"] = phase
    return item


def _added(i: int, phase: Optional[str] = None) -> Dict[str, Any]:
    return {"type": "response.output_item.added", "output_index": i, "item": _msg(i, "", phase, False)}


def _delta(i: int, piece: str) -> Dict[str, Any]:
    return {"type": "response.output_text.delta", "item_id": f"msg_{i}", "output_index": i, "content_index": 0,
            "delta": piece}


def _done(i: int, text: str, phase: Optional[str] = None) -> Dict[str, Any]:
    return {"type": "response.output_item.done", "output_index": i, "item": _msg(i, text, phase)}


def _completed(output: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"type": "response.completed", "response": {"id": "resp_1", "object": "response", "status": "completed",
                                                       "output": output}}


def _read(events: List[Dict[str, Any]]) -> Tuple[str, str]:
    acc = stream.Accumulator(D)
    for e in events:
        acc.feed(e)
    acc.close()
    return acc.text, acc.commentary


def test_two_messages_added_first_then_ended_keep_both_texts() -> None:
    events = [CREATED, _added(0), _added(1), _done(0, "Hello. "), _done(1, "Done."),
              _completed([_msg(0, "Hello. "), _msg(1, "Done.")])]
    assert _read(events) == ("Hello. Done.", "")


def test_three_messages_added_first_keep_all_three() -> None:
    texts = ["A. ", "B. ", "C."]
    events = ([CREATED] + [_added(i) for i in range(3)] + [_done(i, t) for i, t in enumerate(texts)]
              + [_completed([_msg(i, t) for i, t in enumerate(texts)])])
    assert _read(events) == ("A. B. C.", "")


def test_deltas_of_two_open_messages_interleaved_go_to_their_own_message() -> None:
    events = [CREATED, _added(0), _added(1), _delta(0, "Hel"), _delta(1, "Do"), _delta(0, "lo. "), _delta(1, "ne."),
              _done(0, "Hello. "), _done(1, "Done."), _completed([_msg(0, "Hello. "), _msg(1, "Done.")])]
    assert _read(events) == ("Hello. Done.", "")


def test_interleaved_deltas_with_done_items_saying_no_text_keep_each_message_whole() -> None:
    """A gateway's done item may hold no text (``"content": []``): the deltas are the text."""
    done = [{"type": "response.output_item.done", "output_index": i, "item": _msg(i, "", None, False)}
            for i in range(2)]
    events = [CREATED, _added(0), _added(1), _delta(1, "Do"), _delta(0, "Hel"), _delta(1, "ne."), _delta(0, "lo. "),
              done[1], done[0]]
    assert _read(events) == ("Hello. Done.", "")


def test_the_text_of_the_first_message_shows_while_it_streams() -> None:
    acc = stream.Accumulator(D)
    for e in [CREATED, _added(0), _added(1), _delta(0, "Hel"), _delta(1, "Do"), _delta(0, "lo. ")]:
        acc.feed(e)
    assert acc.text == "Hello. "  # (the second message's text comes once the first ends)
    acc.feed(_done(0, "Hello. "))
    assert acc.text == "Hello. Do"


def test_the_second_message_ended_first_waits_for_the_first() -> None:
    events = [CREATED, _added(0), _added(1), _delta(1, "Done."), _done(1, "Done."), _delta(0, "Hello. "),
              _done(0, "Hello. "), _completed([_msg(0, "Hello. "), _msg(1, "Done.")])]
    assert _read(events) == ("Hello. Done.", "")


def _empty_done(i: int) -> Dict[str, Any]:
    """A gateway's done item: ``"content": []`` (the text in the deltas only)."""
    return {"type": "response.output_item.done", "output_index": i, "item": _msg(i, "", None, False)}


@pytest.mark.parametrize("final", [True, False], ids=["final", "no-final"])
@pytest.mark.parametrize("empty", [True, False], ids=["content-empty", "content-text"])
def test_a_delta_of_a_held_message_sent_again_after_its_end_adds_nothing(empty: bool, final: bool) -> None:
    """revH: an at-least-once transport (or ``starting_after``) re-sends a delta of the second
    message after its done item, while the first is still open (before: ``Hello. Done.Done.``)."""
    events = [CREATED, _added(0), _added(1), _delta(1, "Done."), _empty_done(1) if empty else _done(1, "Done."),
              _delta(1, "Done."), _delta(0, "Hello. "), _empty_done(0) if empty else _done(0, "Hello. ")]
    if final:
        events.append(_completed([_msg(0, "Hello. "), _msg(1, "Done.")]))
    assert _read(events) == ("Hello. Done.", "")


def test_other_text_in_a_delta_of_a_held_message_after_its_end_is_not_guessed() -> None:
    events = [CREATED, _added(0), _added(1), _delta(1, "Done."), _empty_done(1), _delta(1, "Bye.")]
    with pytest.raises(DecodeError, match="output_index 1"):
        _read(events)


@pytest.mark.parametrize("cut", [True, False], ids=["first-part-only", "replayed"])
def test_a_response_streamed_again_with_a_held_message_ended_adds_its_text_once(cut: bool) -> None:
    """revH: the stream re-sent from its ``response.created`` (same ``id``) while the first
    message is open and the second, held, has ended (before: ``Note 0Result: 421Result: 421``)."""
    first = [CREATED, _added(0), _added(1), _delta(1, "Result: 421"), _empty_done(1), _delta(0, "No")]
    events = first if cut else first + first + [_delta(0, "te 0"), _empty_done(0)]
    assert _read(events) == ("NoResult: 421" if cut else "Note 0Result: 421", "")


def test_a_delta_of_a_message_done_empty_sent_again_adds_nothing() -> None:
    """One message, its done item ``"content": []``: a re-sent delta is a piece of its deltas'
    text (before: a ``DecodeError`` until the final event; streamed again from
    ``response.created``, one too)."""
    events = [CREATED, _added(0), _delta(0, "Hel"), _delta(0, "lo."), _empty_done(0), _delta(0, "lo.")]
    assert _read(events) == ("Hello.", "")
    assert _read(events[:5] + events[:5])[0] == "Hello."


def test_an_answer_then_a_commentary_message_keeps_the_answer() -> None:
    """The commentary's phase given on its done item only (hunt 41: the text was ``""``)."""
    out = [_msg(0, "Answer. "), _msg(1, "Note.", "commentary")]
    events = [CREATED, _added(0), _added(1), _done(0, "Answer. "), _done(1, "Note.", "commentary"), _completed(out)]
    assert _read(events) == ("Answer. ", "Note.")


def test_a_cut_stream_keeps_the_text_of_every_open_message() -> None:
    """No done item, no final event: the deltas are all there is, each message's in its place."""
    events = [CREATED, _added(0), _added(1), _delta(1, "Done."), _delta(0, "Hello. ")]
    assert _read(events)[0] == "Hello. Done."


def test_the_final_event_places_messages_no_done_item_ended() -> None:
    out = [_msg(0, "Hello. "), _msg(1, "Done.")]
    events = [CREATED, _added(0), _added(1), _delta(1, "Do"), _delta(0, "Hel"), _completed(out)]
    assert _read(events) == ("Hello. Done.", "")


_TEXT = st.text(st.sampled_from("ab. "), min_size=1, max_size=6)


@st.composite
def _streams(draw: Any) -> Tuple[List[Dict[str, Any]], Dict[str, Any]]:
    """Messages announced up front (each ``added`` before any ``done``), their deltas and
    ends in any order (a message's own events in order), with or without a final event."""
    n = draw(st.integers(2, 4))
    texts = [draw(_TEXT) for _ in range(n)]
    phases = [draw(st.sampled_from([None, None, "final_answer", "commentary"])) for _ in range(n)]
    # the phase given on the added items too, or on the done items only (a message added as
    # the answer's after one added as commentary that turns commentary at its end: its line
    # comes last, not read here)
    on_added = [draw(st.booleans())] * n
    pending: List[List[Dict[str, Any]]] = []
    for i, (text, phase) in enumerate(zip(texts, phases)):
        cut = sorted(set(draw(st.lists(st.integers(1, max(1, len(text) - 1)), max_size=3))))
        pieces = [text[a:b] for a, b in zip([0, *cut], [*cut, len(text)]) if a < b]
        pending.append([_delta(i, p) for p in pieces] + [_done(i, text, phase)])
    events = [CREATED] + [_added(i, phases[i] if on_added[i] else None) for i in range(n)]
    while any(pending):
        i = draw(st.sampled_from([j for j in range(n) if pending[j]]))
        events.append(pending[i].pop(0))
    final = _completed([_msg(i, t, p) for i, (t, p) in enumerate(zip(texts, phases))])
    if draw(st.booleans()):
        events.append(final)
    return events, final["response"]


@given(_streams())
def test_messages_open_at_once_read_as_normalize_reads_the_final_response(
        case: Tuple[List[Dict[str, Any]], Dict[str, Any]]) -> None:
    events, final = case
    want = toolwire.response.normalize(final)
    assert _read(events) == (want.text, want.commentary)


def _announced(n: int, form: str) -> List[Dict[str, Any]]:
    texts = [f"m{i}." for i in range(n)]
    events = [CREATED] + [_added(i) for i in range(n)]
    events += [_delta(i, t[:2]) for i, t in enumerate(texts)] + [_delta(i, t[2:]) for i, t in enumerate(texts)]
    order = range(n) if form == "in-order" else range(n - 1, -1, -1)
    if form != "final-only":
        events += [_done(i, texts[i]) for i in order]
    return events + [_completed([_msg(i, t) for i, t in enumerate(texts)])]


@pytest.mark.parametrize("form", ["in-order", "reversed", "final-only"])
def test_n_messages_open_at_once_are_read_in_linear_work(form: str) -> None:
    """Each held delta is moved once, each message read once; ``text`` read after every event."""
    def work(n: int) -> int:
        events = _announced(n, form)
        acc = stream.Accumulator(D)
        done = lines_run(lambda: [(acc.feed(e), acc.text) for e in events])
        assert acc.text == "".join(f"m{i}." for i in range(n))
        return done

    small, big = work(100), work(400)
    assert big <= 4.4 * small


@pytest.mark.parametrize("held", [False, True], ids=["alone", "held"])
def test_deltas_of_a_message_done_empty_sent_again_are_read_in_linear_work(held: bool) -> None:
    """Its deltas' text is joined once (not per re-sent delta); each re-sent delta is found
    by where its piece began."""
    def work(n: int) -> int:
        pieces = [f"p{i}." for i in range(n)]
        events = [CREATED, _added(0)] + ([_added(1)] if held else [])
        events += [_delta(1 if held else 0, p) for p in pieces] + [_empty_done(1 if held else 0)]
        events += [_delta(1 if held else 0, p) for p in pieces]
        if held:
            events += [_delta(0, "A. "), _empty_done(0)]
        acc = stream.Accumulator(D)
        done = lines_run(lambda: [acc.feed(e) for e in events])
        acc.close()
        assert acc.text == ("A. " if held else "") + "".join(pieces)
        return done

    small, big = work(100), work(400)
    assert big <= 4.4 * small
