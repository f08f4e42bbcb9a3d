"""Text deltas of an ended Responses message sent again: read in linear work, refused only when not its text.

https://platform.openai.com/docs/api-reference/responses-streaming: a message's
``response.output_text.delta`` events, then its ``response.output_item.done`` item with the
whole text. A stream resumed with ``starting_after`` inside the deltas, or an at-least-once
transport, sends deltas of the ended message again; each is a piece of the done item's
text and adds nothing. Before, placing them was held to a search budget (four times the
text's length), past which a piece of the text was refused as "other text" (10 single
deltas re-sent of a 1,000-character message of 250 deltas). Now a piece a delta carried
is found where that delta began, the searches for other text are paid by what was read,
and the error says what it checked.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lines_run import lines_run
from toolwire import DecodeError
from toolwire.dialects.openai import responses_stray
from toolwire.stream import Accumulator

D = "openai.responses"


def _message(text: str) -> Dict[str, Any]:
    return {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": []}]}


def _delta(piece: str) -> Dict[str, Any]:
    return {"type": "response.output_text.delta", "output_index": 0, "item_id": "msg_1", "content_index": 0,
            "delta": piece}


def _stream(pieces: List[str], streamed: bool = True) -> List[Dict[str, Any]]:
    """A response of one message in *pieces* (its deltas left out unless *streamed*: a stream
    resumed past them), up to its ``output_item.done``."""
    msg = _message("".join(pieces))
    ev: List[Dict[str, Any]] = [
        {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": {**msg, "content": [],
                                                                           "status": "in_progress"}}]
    if streamed:
        ev += [_delta(p) for p in pieces]
    ev.append({"type": "response.output_item.done", "output_index": 0, "item": msg})
    return ev


def _final(pieces: List[str]) -> Dict[str, Any]:
    return {"type": "response.completed",
            "response": {"id": "resp_1", "status": "completed", "output": [_message("".join(pieces))]}}


def _read(events: List[Dict[str, Any]]) -> str:
    acc = Accumulator(D)
    for e in events:
        acc.feed(e)
    acc.close()
    return acc.text


def _again(pieces: List[str], rnd: random.Random, whole: bool = False) -> List[Dict[str, Any]]:
    """Deltas of *pieces* sent again: a resume from a random point (*whole*: from the
    start), then single ones (at-least-once) and resumes."""
    out: List[Dict[str, Any]] = [_delta(p) for p in pieces[0 if whole else rnd.randrange(len(pieces)):]]
    for _ in range(4):
        out += [_delta(rnd.choice(pieces)) for _ in range(len(pieces) // 4)]
        out += [_delta(p) for p in pieces[rnd.randrange(len(pieces)):]]
    return out


def _pieces(n: int) -> List[str]:
    rnd = random.Random(n)
    return ["".join(rnd.choice("ab ") for _ in range(rnd.randint(1, 6))) for _ in range(n)]


def _searched(monkeypatch: pytest.MonkeyPatch) -> List[int]:
    """The characters the searches for re-sent deltas cost (``Stray.spent``), summed."""
    total = [0]
    search = responses_stray.Stray._search

    def counted(self: responses_stray.Stray, delta: str) -> int:
        before = self.spent
        try:
            return search(self, delta)
        finally:
            total[0] += self.spent - before
    monkeypatch.setattr(responses_stray.Stray, "_search", counted)
    return total


@pytest.mark.parametrize("streamed", [True, False], ids=["deltas-read", "resumed-past-them"])
def test_re_sent_deltas_are_read_in_linear_work(streamed: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    searched = _searched(monkeypatch)
    counts = []
    for n in (250, 1000):
        pieces = _pieces(n)
        # (deltas never read: resumed from the start first, the pieces then known; single pieces
        # never seen anywhere are each a search, held to a budget: test_searches_past_their_budget_say_so)
        events = _stream(pieces, streamed) + _again(pieces, random.Random(n), not streamed) + [_final(pieces)]
        searched[0] = 0
        text: List[str] = []
        counts.append((lines_run(lambda: text.append(_read(events))), searched[0]))  # noqa: B023
        assert text == ["".join(pieces)]
    (lines_n, searched_n), (lines_4n, searched_4n) = counts
    assert lines_4n < 6 * lines_n  # linear: about 4x (quadratic: 16x)
    assert searched_4n <= 6 * max(searched_n, 1)


def test_resumes_cut_into_other_pieces_are_searched_in_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    # a gateway that cuts the re-sent text anew: pieces no delta carried are searched for (from
    # where the delta before ended, else from the start), the searches held to four times the
    # text's and the deltas' length (past it: refused as not read, never as other text)
    searched = _searched(monkeypatch)
    for n in (250, 1000):
        rnd = random.Random(n)
        pieces = ["".join(rnd.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(4)) for _ in range(n)]
        text = "".join(pieces)
        again: List[Dict[str, Any]] = []
        for _ in range(10):
            at = rnd.randrange(len(text))
            again += [_delta(text[i:i + 3]) for i in range(at, len(text), 3)]
        searched[0] = 0
        try:
            assert _read(_stream(pieces) + again + [_final(pieces)]) == text
        except DecodeError as exc:
            assert "past their budget" in str(exc)
        assert 0 < searched[0] <= 5 * (len(text) + sum(len(e["delta"]) for e in again))


def test_the_at_least_once_deltas_of_the_review_give_the_text() -> None:
    # (prev revR2: 10 single deltas re-sent of a 1,000-character message of 250 deltas raised)
    rnd = random.Random(1)
    text = "".join(rnd.choice("abcdefghij ") for _ in range(1000))
    pieces = [text[i:i + 4] for i in range(0, 1000, 4)]
    again = [_delta(rnd.choice(pieces)) for _ in range(200)]
    assert _read(_stream(pieces) + again + [_final(pieces)]) == text


def test_a_delta_not_in_the_text_says_so() -> None:
    pieces = ["Hello", " world"]
    with pytest.raises(DecodeError) as err:
        _read(_stream(pieces) + [_delta(" there")])
    assert str(err.value) == ("The text delta at output_index 0 of the message ended there is not in its done "
                              "item's text (content_index 0): not guessed which is the reply's (at $[5].delta)")


def test_searches_past_their_budget_say_so() -> None:
    # text the deltas never carried (resumed past them), then pieces of it each somewhere else:
    # each a search of the text; past four times its length and the deltas', refused as not read
    rnd = random.Random(3)
    text = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(4000))
    again = []
    for _ in range(400):
        at = rnd.randrange(len(text) - 12)
        again.append(_delta(text[at:at + 12]))
    with pytest.raises(DecodeError) as err:
        _read(_stream([text], streamed=False) + again)
    assert "past their budget" in str(err.value) and "not read" in str(err.value)


@given(st.lists(st.text("ab c", min_size=1, max_size=5), min_size=1, max_size=30), st.randoms(use_true_random=False),
       st.sampled_from([None, "final"]), st.booleans())
def test_re_sent_deltas_leave_the_whole_text(pieces: List[str], rnd: random.Random, final: Optional[str],
                                             streamed: bool) -> None:
    text = "".join(pieces)
    again = _again(pieces, rnd, not streamed) if len(pieces) >= 4 else [_delta(p) for p in pieces]
    head = _stream(pieces, streamed) + ([_final(pieces)] if final else [])
    assert _read(head + again + ([] if final else [_final(pieces)])) == text
    other = rnd.choice(["d", text + "d", "dd"])
    with pytest.raises(DecodeError, match="is not in its done item's text"):
        _read(head + again + [_delta(other)])
