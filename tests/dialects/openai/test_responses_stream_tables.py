"""The tables a Responses stream's final event is set against (``responses_feed_tables.call_tables``,
its calls by ``output_index`` and by ids; ``Feed._read_again``'s, for the final event
again after calls streamed since) are kept between deliveries and brought up to date
where a call is added or its id set or changed: the calls read are those a reading that
builds them afresh each time gives. The streams: calls added without ``call_id``
or with another one than their done item's (vLLM's gpt-oss), done items without it,
calls left open, final events with some of the calls (fresh ids, other arguments, ids
the added items had) delivered between the ends (some after a resume over the call
before), and a late end.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Dict, List, Tuple

import pytest

from toolwire import ToolCall
from toolwire.dialects.openai import responses_feed_final, responses_feed_tables
from toolwire.dialects.openai.responses_feed import Feed
from toolwire.stream import Accumulator

D = "openai.responses"


def _final(rnd: random.Random, items: List[Dict[str, Any]], shuffle: bool) -> Dict[str, Any]:
    out = copy.deepcopy(items[:rnd.randint(0, len(items))] if not shuffle else items)
    if shuffle:
        rnd.shuffle(out)
    for o in out:
        x = rnd.random()
        if x < 0.3:
            o["call_id"] += "_f"
            o["id"] += "_f"
        elif x < 0.4:
            o["arguments"] = '{"a": 3}'
        elif x < 0.5:
            o["call_id"] = f"call_added_{o['id'][3:]}"
    return {"type": "response.completed", "response": {"id": "r1", "status": "completed", "output": out}}


def _stream(seed: int) -> List[Dict[str, Any]]:
    rnd = random.Random(seed)
    events: List[Dict[str, Any]] = [{"type": "response.created",
                                     "response": {"id": "r1", "status": "in_progress", "output": []}}]
    items: List[Dict[str, Any]] = []
    for i in range(rnd.randint(1, 5)):
        item = {"type": "function_call", "id": f"fc_{i + 1}", "call_id": f"call_{rnd.choice([i + 1, 1])}",
                "name": rnd.choice("fg"), "arguments": rnd.choice(['{"a": 1}', '{"a": 2}', ""]),
                "status": "completed"}
        items.append(item)
        added = dict(item, arguments="", status="in_progress")
        r = rnd.random()
        if r < 0.3:
            del added["call_id"]
        elif r < 0.5:
            added["call_id"] = f"call_added_{i + 1}"
        events.append({"type": "response.output_item.added", "output_index": i, "item": added})
        if item["arguments"]:
            events.append({"type": "response.function_call_arguments.delta", "output_index": i,
                           "delta": item["arguments"]})
        if rnd.random() < 0.2:
            continue  # (left open)
        done = dict(item)
        if rnd.random() < 0.2:
            del done["call_id"]
        events.append({"type": "response.output_item.done", "output_index": i, "item": done})
        if rnd.random() < 0.5:
            events.append(_final(rnd, items, False))
            if rnd.random() < 0.5:  # (resumed before it: the call streamed again, the same final event)
                again = [e for e in events[-5:-1] if e.get("output_index") == i]
                events += copy.deepcopy(again) + [copy.deepcopy(events[-1])]
    for _ in range(rnd.randint(1, 3)):
        events.append(_final(rnd, items, True))
    if rnd.random() < 0.3:  # (a late end of a call, then the final event again)
        events.append({"type": "response.output_item.done", "output_index": 0, "item": items[0]})
        events.append(copy.deepcopy(events[-2]))
    return events


def _read(events: List[Dict[str, Any]], preview: bool) -> List[Tuple[Any, ...]]:
    acc = Accumulator(D, preview=preview)
    for e in copy.deepcopy(events):
        acc.feed(e)
    return [(type(c).__name__, c.name, c.id, c.args if type(c) is ToolCall else c.error) for c in acc.close()]


@pytest.mark.parametrize("preview", [False, True], ids=["hot-loop", "feed"])
def test_kept_tables_give_what_tables_built_afresh_give(preview: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    streams = [_stream(seed) for seed in range(300)]
    kept = [_read(events, preview) for events in streams]
    built = responses_feed_final.call_tables

    def afresh(feed: Any, first: int) -> Any:
        feed.tables = None
        return built(feed, first)

    read_again = Feed._read_again

    def again_afresh(feed: Any, start: int) -> None:
        feed.was = None
        read_again(feed, start)

    monkeypatch.setattr(responses_feed_final, "call_tables", afresh)
    monkeypatch.setattr(Feed, "_read_again", again_afresh)
    assert [_read(events, preview) for events in streams] == kept


@pytest.mark.parametrize("preview", [False, True], ids=["hot-loop", "feed"])
def test_a_kept_content_index_gives_what_one_built_afresh_gives(preview: bool,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # ``content_index`` (the ended calls by content, for final items under fresh ids) is kept between
    # final events of one response: the calls read are those an index built each time gives
    streams = [_stream(seed) for seed in range(300, 700)]
    kept = [_read(events, preview) for events in streams]
    built = responses_feed_final.content_index

    def afresh(feed: Any, first: int, done: Any) -> Any:
        feed.contents = None
        return built(feed, first, done)

    monkeypatch.setattr(responses_feed_final, "content_index", afresh)
    assert [_read(events, preview) for events in streams] == kept


def _fc(i: int, fresh: str = "") -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc{fresh}_{i}", "call_id": f"call{fresh}_{i}", "name": "f",
            "arguments": f'{{"a": {i}}}', "status": "completed"}


def _done_final(rid: Any, output: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"type": "response.completed", "response": {"id": rid, "status": "completed", "output": output}}


@pytest.mark.parametrize("alternate", [False, True], ids=["id-less-only", "r0-between"])
def test_final_events_under_fresh_ids_read_each_call_s_content_once(alternate: bool,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # n calls, the final event ``r0`` holding none, then n id-less final events (with ``r0`` again
    # between them, or not), each holding one call under fresh ids (vLLM's, parsed again): each is
    # ``r0`` again, its item the ended call of its content. Each read the content of every call of
    # the response again: n² (16x the reads for 4x the calls; counted, not timed)
    from toolwire.dialects.openai import responses_final_keys

    reads = [0]
    key = responses_final_keys.call_key

    def counted(c: Any, item: Any) -> Any:
        reads[0] += 1
        return key(c, item)

    monkeypatch.setattr(responses_feed_final, "call_key", counted)
    monkeypatch.setattr(responses_feed_tables, "call_key", counted)
    created = {"type": "response.created", "response": {"id": "r0", "status": "in_progress", "output": []}}

    def run(n: int) -> int:
        events: List[Dict[str, Any]] = [created]
        for i in range(n):
            events += [{"type": "response.output_item.added", "output_index": i,
                        "item": dict(_fc(i), arguments="", status="in_progress")},
                       {"type": "response.function_call_arguments.delta", "output_index": i, "item_id": f"fc_{i}",
                        "delta": f'{{"a": {i}}}'},
                       {"type": "response.output_item.done", "output_index": i, "item": _fc(i)}]
        events.append(_done_final("r0", []))
        for i in range(n):
            if alternate and i:
                events.append(_done_final("r0", []))
            events.append(_done_final(None, [_fc(i, "X")]))
        reads[0] = 0
        calls = Accumulator(D)
        for e in events:
            calls.feed(e)
        assert [c.id for c in calls.close()] == [f"call_{i}" for i in range(n)]
        return reads[0]

    small, big = run(50), run(200)
    assert big <= 5 * small
