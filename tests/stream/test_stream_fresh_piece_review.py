"""A nameless Chat piece held under a fresh id (docs/streaming.md, rule 1), the pieces after it
that the review of the hold found read wrongly: arguments not text under the held id, a name
without an index, held pieces at parallel indexes named out of order, Mistral's ``"null"`` id.
The streams are the review's (an id-first second head, its name later: vercel/ai#14722)."""

from __future__ import annotations

from typing import Any, List

from chat_chunks import END
from chat_chunks import read_started as _run
from chat_chunks import tool_chunk as ch
from toolwire import ToolCall

A = {"index": 0, "id": "A", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
B = {"index": 0, "id": "B", "type": "function", "function": {"arguments": ""}}
TZ = '{"tz":"UTC"}'
TWO = [ToolCall("get_weather", {}, "A"), ToolCall("get_time", {"tz": "UTC"}, "B")]


def test_arguments_not_text_under_the_held_id_are_the_held_calls() -> None:
    # revC2 R1: the object went to get_weather, get_time ran with {} and no id
    calls, _ = _run([ch(A), ch(B), ch({"index": 0, "id": "B", "type": "function", "function": {"arguments": {"tz": "UTC"}}}),
                     ch({"index": 0, "function": {"name": "get_time"}}), END])
    assert calls == TWO


def test_arguments_not_text_without_an_id_after_the_held_piece() -> None:
    calls, _ = _run([ch(A), ch(B), ch({"index": 0, "function": {"arguments": {"tz": "UTC"}}}),
                     ch({"index": 0, "function": {"name": "get_time"}}), END])
    assert calls == TWO


def test_a_name_without_index_names_the_piece_held_at_one() -> None:
    # revC2 R2: read as get_weather's rest, get_time(tz) ran as get_weather's
    calls, started = _run([ch(A), ch(B), ch({"function": {"name": "get_time"}}),
                           ch({"index": 0, "function": {"arguments": TZ}}), END])
    assert calls == TWO
    assert started == [(0, "A", "get_weather"), (1, "B", "get_time")]


def test_held_pieces_at_parallel_indexes_named_out_of_order_are_each_named() -> None:
    # revC2 S1: named @1 then @0 (the calls come in the order of their first pieces: review revC3;
    # revC2 order.py: B1 named before B, and B1 came first, 663 of 1,000)
    f = {"name": "f", "arguments": ""}
    chunks = [ch({**A, "function": f}), ch({**A, "index": 1, "id": "A1", "function": f}), ch(B),
              ch({**B, "index": 1, "id": "B1"}), ch({"index": 1, "function": {"name": "g"}}),
              ch({"index": 0, "function": {"name": "g"}}), ch({"index": 0, "function": {"arguments": TZ}}),
              ch({"index": 1, "function": {"arguments": TZ}}), END]
    calls, started = _run(chunks)
    assert [(c.name, c.id, c.args) for c in calls] == [("f", "A", {}), ("f", "A1", {}), ("g", "B", {"tz": "UTC"}),
                                                       ("g", "B1", {"tz": "UTC"})]
    assert started == [(0, "A", "f"), (1, "A1", "f"), (2, "B", "g"), (3, "B1", "g")]


def test_a_rest_held_at_another_index_stays_that_calls_rest() -> None:
    # review revC3: a GLM-style rest held at index 1 was made a nameless call when a piece held
    # at index 0 was named, and `lookup` ran without its arguments
    chunks = [ch({"index": 1, "id": "C", "type": "function", "function": {"name": "lookup", "arguments": ""}}),
              ch({"index": 1, "id": "R0", "type": "function", "function": {"name": None, "arguments": '{"q":1}'}}),
              ch({**A, "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}), ch(B),
              ch({"index": 0, "function": {"name": "get_time"}}), ch({"index": 0, "function": {"arguments": TZ}}), END]
    calls, _ = _run(chunks)
    assert calls == [ToolCall("lookup", {"q": 1}, "C"), ToolCall("get_weather", {"city": "Paris"}, "A"),
                     ToolCall("get_time", {"tz": "UTC"}, "B")]


def test_mistral_null_id_names_the_held_piece() -> None:
    # revC2 S2: CallStarted(1, 'B', 'get_time') for a call that ended nameless, get_time ran without its id
    calls, started = _run([ch(A), ch(B), ch({"index": 0, "id": "null",
                                             "function": {"name": "get_time", "arguments": TZ}}), END])
    assert calls == TWO
    assert started == [(0, "A", "get_weather"), (1, "B", "get_time")]


def _parallel(n: int) -> List[Any]:
    chunks = [ch({"index": i, "id": f"A{i}", "type": "function", "function": {"name": "f", "arguments": ""}})
              for i in range(n)]
    chunks += [ch({"index": i, "id": f"B{i}", "type": "function", "function": {"arguments": ""}}) for i in range(n)]
    chunks += [ch({"index": i, "function": {"name": "g"}}) for i in reversed(range(n))]
    return chunks + [ch({"index": i, "function": {"arguments": TZ}}) for i in range(n)] + [END]


def test_held_pieces_named_out_of_order_stay_linear(monkeypatch: Any) -> None:
    from toolwire.stream._calls import Calls
    from toolwire.stream._fresh import Fresh

    settled = [0]  # the steps: pieces read where a piece is held, calls started, text added
    def counting(f: Any) -> Any:
        def counted(self: Any, *args: Any, **kw: Any) -> Any:
            settled[0] += 1
            return f(self, *args, **kw)
        return counted

    for cls, step in ((Fresh, "fresh_piece"), (Calls, "new"), (Calls, "add")):
        monkeypatch.setattr(cls, step, counting(getattr(cls, step)))
    counts = []
    for n in (50, 200):
        settled[0] = 0
        calls, started = _run(_parallel(n))
        assert [c.id for c in calls] == [f"A{i}" for i in range(n)] + [f"B{i}" for i in range(n)]
        assert [i for i, _, _ in started] == list(range(2 * n))
        counts.append(settled[0])
    assert 3.9 < counts[1] / counts[0] < 4.1
