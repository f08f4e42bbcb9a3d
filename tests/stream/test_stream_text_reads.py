"""``Accumulator.text`` and ``Accumulator.refusal`` read after every chunk (a UI showing
the reply as it streams) cost work linear in the stream overall: the text is joined
once and then grows by the pieces that came since (it was joined, and think-split,
anew on each read: quadratic, 8,000 chunks 0.32 s, 16,000 1.1 s). A reader that edits
the pieces already read (an ``openai.responses`` message re-read as commentary, a
lower choice index taking the first place) is seen: the text read after every chunk is
always the text joined whole."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from corpus_data import DIALECT_OF_DIR, files, load
from lines_run import lines_run
from toolwire._think import split_think
from toolwire.stream import Accumulator


def _chunk(delta: Dict[str, Any], finish: Optional[str] = None, index: int = 0) -> Dict[str, Any]:
    return {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": index, "delta": delta, "finish_reason": finish}]}


def _stream(n: int, key: str, piece: str) -> List[Dict[str, Any]]:
    return [_chunk({"role": "assistant", "content": ""}), *(_chunk({key: piece}) for _ in range(n)), _chunk({}, "stop")]


def _read_after_each(chunks: List[Dict[str, Any]], field: str) -> Any:
    acc = Accumulator()
    last = None
    for c in chunks:
        acc.feed(c)
        last = getattr(acc, field)
    return last


def _count_joins(monkeypatch: Any) -> List[int]:
    """A counter (``[n]``) of the pieces ``_pieces.join_pieces`` joins from now on: the join
    itself is C, which no line count sees."""
    from toolwire.stream import _pieces

    joined = [0]
    whole = _pieces.join_pieces

    def counting(parts: Any, start: int = 0) -> str:
        joined[0] += len(parts) - start
        return whole(parts, start)

    monkeypatch.setattr(_pieces, "join_pieces", counting)
    return joined


@pytest.mark.parametrize("key, field, piece", [
    ("content", "text", "word "),
    ("content", "text", "a <b> c "),  # a '<' in the text: the think split is asked for
    ("refusal", "refusal", "no "),
])
def test_reading_after_every_chunk_is_linear(key: str, field: str, piece: str, monkeypatch: Any) -> None:
    assert _read_after_each(_stream(3, key, piece), field) == piece * 3
    joined = _count_joins(monkeypatch)
    counts = []
    for n in (500, 2000):
        joined[0] = 0
        lines = lines_run(lambda n=n: _read_after_each(_stream(n, key, piece), field))
        counts.append((joined[0], lines))
    (small, small_lines), (big, big_lines) = counts
    assert small == 500 and big == 2000  # each piece joined once (every piece on every read: 125,250 / 2,001,000)
    assert big_lines / small_lines < 5, counts


def _commentary_stream(n: int, messages: int = 1) -> List[Dict[str, Any]]:
    # openai.responses: a message whose ``phase`` says commentary (openai-python
    # ``ResponseOutputMessage.phase``), its text in ``response.output_text.delta`` events
    out: List[Dict[str, Any]] = [{"type": "response.created", "response": {
        "id": "resp_1", "object": "response", "status": "in_progress", "output": []}}]
    for m in range(messages):
        out.append({"type": "response.output_item.added", "output_index": m, "item": {
            "id": f"m{m}", "type": "message", "role": "assistant", "content": [], "status": "in_progress",
            "phase": "commentary"}})
        out += [{"type": "response.output_text.delta", "item_id": f"m{m}", "output_index": m, "content_index": 0,
                 "delta": "word "}] * n
    return out


@pytest.mark.parametrize("messages", [1, 3])
def test_reading_the_commentary_after_every_event_is_linear(messages: int, monkeypatch: Any) -> None:
    # it was joined whole on each read: 20,000 deltas 1.2 s
    def read(n: int) -> str:
        acc = Accumulator("openai.responses")
        for e in _commentary_stream(n, messages):
            acc.feed(e)
            text = acc.commentary
        return text

    assert read(2) == "\n".join(["word word "] * messages)
    joined = _count_joins(monkeypatch)
    counts = []
    for n in (500, 2000):
        joined[0] = 0
        read(n)
        counts.append(joined[0])
    assert counts == [500 * messages, 2000 * messages], counts  # each piece joined once


def test_reading_many_commentary_messages_after_every_event_is_linear() -> None:
    """Many short commentary messages, the commentary read after every event: each read
    looked at every message read before (a check of each list per read: quadratic in the
    messages, the session-36 note, §6). The lines run at 4n messages stay about 4x those at
    n (a check of each message per read: about 16x)."""
    def read(n: int) -> str:
        acc = Accumulator("openai.responses")
        text = ""
        for e in _commentary_stream(2, n):
            acc.feed(e)
            text = acc.commentary
        return text

    assert read(3) == "\n".join(["word word "] * 3)
    small, big = lines_run(lambda: read(150)), lines_run(lambda: read(600))
    assert big / small < 5, (small, big)


def test_commentary_read_after_every_event_is_the_messages_joined_whole() -> None:
    """A message re-read as commentary at the final event goes in before those after it
    (an insert), and an earlier message's text is replaced by its final's: each read is
    the messages joined whole."""
    events = _commentary_stream(2, 3)
    events.insert(5, {"type": "response.output_text.delta", "item_id": "m0", "output_index": 0,
                      "content_index": 0, "delta": "late "})  # an earlier message's delta after a later one's
    final = {"type": "response.completed", "response": {"id": "resp_1", "object": "response", "status": "completed",
             "output": [{"id": f"m{m}", "type": "message", "role": "assistant", "status": "completed",
                         "phase": "commentary", "content": [{"type": "output_text", "text": f"final {m}",
                                                              "annotations": []}]} for m in range(3)]}}
    acc = Accumulator("openai.responses")
    for e in [*events, final]:
        acc.feed(e)
        core = acc._core
        assert core is not None
        assert acc.commentary == "\n".join("".join(p) for p in core.commentary_parts or ())
    assert acc.commentary == "final 0\nfinal 1\nfinal 2"


def _whole_text(acc: Accumulator) -> str:
    core = acc._core
    assert core is not None
    text = "".join(core.text_parts)
    if acc._inline_think(core.dialect) and "<" in text:
        text = split_think(text, "-" if core.reasoned else "")[0]
    return text


def test_a_lower_choice_taking_the_first_place_is_seen() -> None:
    acc = Accumulator()
    acc.feed(_chunk({"role": "assistant", "content": "one "}, index=1))
    assert acc.text == "one "
    acc.feed(_chunk({"content": "zero "}, index=0))
    assert acc.text == "zero "
    acc.feed(_chunk({"content": "again"}, index=0))
    assert acc.text == "zero again"


STREAMS = files(kinds=("stream",))


@pytest.mark.parametrize("path", STREAMS)
def test_text_read_after_every_event_is_the_text_joined_whole(path: Any) -> None:
    doc = load(path)
    acc = Accumulator(DIALECT_OF_DIR[path.parent.name])
    for event in doc["events"]:
        acc.feed(event)
        assert acc.text == _whole_text(acc)
    acc.close()
    assert acc.text == _whole_text(acc)
