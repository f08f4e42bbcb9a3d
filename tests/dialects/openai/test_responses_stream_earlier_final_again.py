"""An earlier response's final event delivered again after another response's final event.

https://platform.openai.com/docs/api-reference/responses-streaming: a response's final
event (``response.completed``) carries the whole ``Response``, its ``id`` and ``output``;
an at-least-once transport (or a gateway re-sending what it relayed) may deliver it again
after the final event of a later response in the same stream. It is that response's final
event again (its ``response.id`` is one whose final event was read: response ids name one
response): a call item under the ``call_id`` of one of that response's calls is that call,
never a second run (another tool or other arguments: it does not run), and its messages
read then add no text. Before, the call ran twice (review revR #6; with merged responses
whose first final event had no ``response.id`` but whose ``response.created`` gave it, revR2).
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional, Tuple

import pytest

from toolwire.stream import Accumulator, accumulate

D = "openai.responses"


def _fc(n: int, arguments: str = '{"q": 1}', name: str = "f") -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{n}", "call_id": f"call_{n}", "name": name,
            "arguments": arguments, "status": "completed"}


def _item(item: Dict[str, Any], index: int = 0) -> List[Dict[str, Any]]:
    return [{"type": "response.output_item.added", "output_index": index,
             "item": {**item, "arguments": "", "status": "in_progress"}},
            {"type": "response.function_call_arguments.delta", "item_id": item["id"], "output_index": index,
             "delta": item["arguments"]},
            {"type": "response.output_item.done", "output_index": index, "item": item}]


def _created(rid: str) -> Dict[str, Any]:
    return {"type": "response.created", "response": {"id": rid, "status": "in_progress", "output": []}}


def _final(rid: Optional[str], output: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"type": "response.completed", "response": {"id": rid, "status": "completed", "output": output}}


MSG = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
       "content": [{"type": "output_text", "text": "Checking.", "annotations": []}]}


def _read(events: List[Dict[str, Any]]) -> Tuple[List[Tuple[str, Any]], str]:
    """The calls (kind, id) and text, the same through ``accumulate``, the hot loop and the general reader."""
    out = [(type(c).__name__, c.id) for c in accumulate(copy.deepcopy(events), D)]
    texts = set()
    for acc in (Accumulator(D), Accumulator(D, preview=True)):
        for e in copy.deepcopy(events):
            acc.feed(e)
        assert [(type(c).__name__, c.id) for c in acc.close()] == out
        texts.add(acc.text)
    assert len(texts) == 1
    return out, texts.pop()


@pytest.mark.parametrize("between", [[], [_created("resp_2")]])
def test_an_earlier_response_s_final_event_again_runs_its_call_once(between: List[Dict[str, Any]]) -> None:
    f0 = _fc(0)
    head = [_created("resp_1")] + _item(f0) + [_final("resp_1", [MSG, f0])]
    calls, text = _read(head + between + [_final("resp_2", []), _final("resp_1", [MSG, f0])])
    assert calls == [("ToolCall", "call_0")]
    assert text == "Checking."


def test_an_earlier_final_event_again_after_a_later_response_s_call() -> None:
    f0, f7 = _fc(0), _fc(7, '{"q": 7}')
    calls, _ = _read([_created("resp_1")] + _item(f0) + [_final("resp_1", [f0]), _final("resp_2", [f7]),
                                                         _final("resp_1", [f0])])
    assert calls == [("ToolCall", "call_0"), ("ToolCall", "call_7")]


def test_an_earlier_final_event_again_with_other_arguments_runs_neither() -> None:
    f0 = _fc(0)
    calls, _ = _read([_created("resp_1")] + _item(f0) + [_final("resp_1", [f0]), _final("resp_2", []),
                                                         _final("resp_1", [_fc(0, '{"q": 2}')])])
    assert calls == [("InvalidToolCall", "call_0")]


def test_an_earlier_final_event_again_keeps_a_call_the_stream_never_carried() -> None:
    # (an item under a call_id none of that response's calls had: added, never dropped)
    f0, f5 = _fc(0), _fc(5, '{"q": 5}')
    calls, _ = _read([_created("resp_1")] + _item(f0) + [_final("resp_1", [f0]), _final("resp_2", []),
                                                         _final("resp_1", [f0, f5])])
    assert calls == [("ToolCall", "call_0"), ("ToolCall", "call_5")]


def test_merged_finals_then_the_first_again_under_the_id_its_created_event_gave() -> None:
    # revR2 #1's last variant: finals (none, none, resp_1), the first response named by its
    # ``response.created``; revR2 #3 (a final event with an id never read is another
    # response's) is test_responses_stream_two_responses_one_stream's
    f1, f2 = _fc(1, '{"q": 1}'), _fc(2, '{"q": 2}')
    calls, _ = _read([_created("resp_1")] + _item(f1) + _item(f2)
                     + [_final(None, [f1]), _final(None, [f2]), _final("resp_1", [f1])])
    assert calls == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


@pytest.mark.parametrize("times", [2, 3])
def test_an_earlier_response_s_final_event_again_adding_a_call_runs_it_once(times: int) -> None:
    # resp_1's final event again after resp_2's, holding a call no event streamed (call_3:
    # added, never dropped), delivered *times* times (at-least-once): call_3 runs once (each
    # delivery after the first added it again: it was no call of resp_1's span)
    a, b, c = _fc(1), _fc(2, '{"q": 2}'), _fc(3, '{"q": 3}')
    events = ([_created("resp_1")] + _item(a) + [_final("resp_1", [a]), _created("resp_2")] + _item(b)
              + [_final("resp_2", [b])] + [_final("resp_1", [a, c])] * times)
    calls, _ = _read(events)
    assert calls == [("ToolCall", "call_1"), ("ToolCall", "call_2"), ("ToolCall", "call_3")]


def _fresh(item: Dict[str, Any], n: int) -> Dict[str, Any]:
    """*item* under fresh ids (vLLM makes them afresh when it parses the reply again)."""
    return {**item, "id": f"fx_{n}", "call_id": f"fresh_{n}"}


@pytest.mark.parametrize("created", [True, False])
def test_an_earlier_final_event_again_under_fresh_ids_runs_its_call_once(created: bool) -> None:
    # finals resp_1, resp_2, resp_1 (the first again), each item under fresh ids: the item
    # is its response's call with that content, never a call added (fresh_1 ran twice)
    a, b = _fc(1, '{"q": 1}'), _fc(2, '{"q": 2}')
    events = (([_created("resp_1")] if created else []) + _item(a) + [_final("resp_1", [_fresh(a, 1)])]
              + ([_created("resp_2")] if created else []) + _item(b)
              + [_final("resp_2", [_fresh(b, 2)]), _final("resp_1", [_fresh(a, 1)]), _final("resp_2", [_fresh(b, 2)])])
    calls, _ = _read(events)
    assert calls == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


@pytest.mark.parametrize("order", [["resp_11", "resp_12", "resp_11"], ["resp_12", "resp_11", "resp_12"],
                                   ["resp_11", "resp_12", "resp_11", "resp_12", "resp_11"]])
def test_an_earlier_merged_final_event_again_under_fresh_ids_runs_its_call_once(order: List[str]) -> None:
    # two responses' events merged in one stream (no response.created), then their final
    # events, the earlier one again after the next one's: its fresh-id item is the call
    # with its content (fresh_11 ran beside call_11)
    a, b = _fc(11, '{"q": 11}'), _fc(12, '{"q": 12}', "g")
    finals = {"resp_11": _final("resp_11", [_fresh(a, 11)]), "resp_12": _final("resp_12", [_fresh(b, 12)])}
    calls, _ = _read(_item(a) + _item(b, 1) + [finals[r] for r in order])
    assert calls == [("ToolCall", "call_11"), ("ToolCall", "call_12")]


def test_an_earlier_final_event_again_a_claim_by_call_id_before_one_by_content() -> None:
    # two calls of one content; the earlier final again names call_2 by its call_id and holds
    # a fresh-id item after it: call_2 is the id'd item's, the fresh one is call_1 (each once)
    a, b = _fc(1, '{"q": 1}'), _fc(2, '{"q": 1}')
    events = (_item(a) + _item(b, 1) + [_final("resp_1", [_fresh(a, 1), b]), _final("resp_2", []),
                                        _final("resp_1", [_fresh(a, 1), b])])
    calls, _ = _read(events)
    assert calls == [("ToolCall", "call_1"), ("ToolCall", "call_2")]


@pytest.mark.parametrize("merged", [False, True])
def test_an_earlier_final_event_again_under_fresh_ids_reads_each_call_once(merged: bool,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # n calls of one content, their response's final event holding them under fresh ids, then
    # another response's final event, then the first again with n + 1 such items (one more than
    # there are calls): each call passed over once per final event (n vs 4n, counted)
    from toolwire.dialects.openai import responses_feed_again

    reads = [0]
    key = responses_feed_again.call_key

    def counted(c: Any, item: Any) -> Any:
        reads[0] += 1
        return key(c, item)

    monkeypatch.setattr(responses_feed_again, "call_key", counted)

    def run(n: int) -> int:
        fcs = [_fc(i, '{"q": 1}') for i in range(n)]
        fresh = [_fresh(f, i) for i, f in enumerate(fcs)] + [_fresh(fcs[0], n)]
        events = [] if merged else [_created("resp_1")]
        for i, f in enumerate(fcs):
            events += _item(f, i)
        first = _final("resp_1", fresh[:n])
        events += [first, _final("resp_2", []), _final("resp_1", fresh)]
        reads[0] = 0
        out = accumulate(events, D)
        assert len([c for c in out if type(c).__name__ == "ToolCall"]) == n + 1
        return reads[0]

    small, big = run(50), run(200)
    assert big <= 5 * small, (small, big)


def test_earlier_final_events_again_under_fresh_ids_a_checkpoint_reads_as_unbroken() -> None:
    # finals resp_1, resp_2, resp_1, resp_1 (fresh ids): pickled at any event, the restored
    # reader gives what one unbroken reader gives (the content keys' markers were copied by
    # pickle, so the restored index matched no key again: fresh_1 ran beside call_1)
    import pickle

    a, b = _fc(1, '{"city": "Paris"}'), _fc(2, '{"city": "Paris"}')
    events = ([_created("resp_1")] + _item(a) + [_final("resp_1", [_fresh(a, 1)]), _created("resp_2")]
              + _item(b) + [_final("resp_2", [_fresh(b, 2)])] + [_final("resp_1", [_fresh(a, 1)])] * 2)
    for cut in range(len(events) + 1):
        acc = Accumulator(D)
        for i, e in enumerate(copy.deepcopy(events)):
            if i == cut:
                acc = pickle.loads(pickle.dumps(acc))
            acc.feed(e)
        assert [(type(c).__name__, c.id) for c in acc.close()] == [("ToolCall", "call_1"), ("ToolCall", "call_2")], cut


def test_every_earlier_final_event_again_under_fresh_ids_is_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    # n responses, one call each, their final events under fresh ids; then every earlier final
    # event again (an at-least-once transport): each call indexed once (an index per response's
    # start over every call to the end was n²: 1,200 responses took 92 s), n vs 4n, counted
    from toolwire.dialects.openai import responses_feed_again

    reads = [0]
    key = responses_feed_again.call_key

    def counted(c: Any, item: Any) -> Any:
        reads[0] += 1
        return key(c, item)

    monkeypatch.setattr(responses_feed_again, "call_key", counted)

    def run(n: int) -> int:
        events: List[Dict[str, Any]] = []
        finals = []
        for r in range(n):
            f = _fc(r, f'{{"city": "Paris", "r": {r}}}')
            finals.append(_final(f"resp_{r}", [_fresh(f, r)]))
            events += _item(f) + [finals[-1]]
        reads[0] = 0
        out = accumulate(events + finals[:-1], D)
        assert [c.id for c in out] == [f"call_{r}" for r in range(n)]
        return reads[0]

    small, big = run(50), run(200)
    assert big <= 5 * small, (small, big)
