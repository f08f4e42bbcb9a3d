"""The Responses hot loop's per-delta ``item_id`` check (``responses_stream.Handler.run``: a
delta of the run's call under another ``item_id`` goes to ``feed``, whose ``LateDeltas.stale``
tells an ended call's delta sent again) is held to the general path (``preview=True`` never
uses ``run``): every call, event and error is the general path's (without the check a
re-sent delta joins the open call's arguments: both tests fail). Streams as https://platform.openai.com/docs/api-reference/responses-streaming
shows them (``response.function_call_arguments.delta``: ``item_id``, ``output_index``,
``delta``), each delta's ``item_id`` then drawn: the call's own, another call's, another, none
(a gateway stripping it, a server changing it from event to event)."""

from __future__ import annotations

import copy
from typing import Any, List, Optional, Tuple

from hypothesis import example, given
from hypothesis import strategies as st

from toolwire import ToolCall, ToolwireError
from toolwire.stream import Accumulator, ArgsDelta, accumulate, encode_stream

_D = "openai.responses"


def _outcome(fn: Any) -> Tuple[str, Any]:
    try:
        return "ok", fn()
    except ToolwireError as exc:
        return "error", (type(exc).__name__, str(exc))


def _plain(results: List[Any]) -> List[Any]:
    return [(type(r).__name__, r.as_dict(), repr(r.provider_data)) for r in results]


def _strip(event: Any) -> Any:
    if isinstance(event, ArgsDelta):
        return ArgsDelta(event.index, event.id, event.delta, None, event.path)
    if hasattr(event, "call"):
        return (type(event).__name__, event.index, type(event.call).__name__, event.call.as_dict())
    return event


def _fed(chunks: List[Any], copy_at: Optional[int], **kw: Any) -> Tuple[Any, ...]:
    acc = Accumulator(_D, include_server=True, **kw)
    events: List[Any] = []
    for i, c in enumerate(chunks):
        if i == copy_at:  # (a checkpoint copy midway reads on as the original would)
            acc = copy.deepcopy(acc)
        events.extend(acc.feed(c))
    calls = acc.close()
    events.extend(acc.events())
    return _plain(calls), [_strip(e) for e in events], acc.text, acc.finish_reason


def _agree(chunks: List[Any], copy_at: Optional[int] = None) -> None:
    reference = _outcome(lambda: _fed(copy.deepcopy(chunks), None, preview=True))
    assert _outcome(lambda: _fed(copy.deepcopy(chunks), copy_at)) == reference
    calls = _outcome(lambda: _plain(accumulate(copy.deepcopy(chunks), _D, include_server=True)))
    assert calls == (reference[0], reference[1][0] if reference[0] == "ok" else reference[1])


_IDS = st.sampled_from(["own", "other", "fc_x", "none", "int"])


@given(n=st.integers(1, 3), one_index=st.booleans(), gateway=st.booleans(), drawn=st.lists(_IDS, max_size=40),
       resent=st.lists(st.tuples(st.integers(0, 40), st.integers(1, 12)), max_size=2),
       copy_at=st.none() | st.integers(0, 40))
@example(n=1, one_index=False, gateway=True, drawn=["own", "other", "own"], resent=[], copy_at=None)
@example(n=2, one_index=True, gateway=True, drawn=["own"] * 6 + ["other", "own"] * 4, resent=[], copy_at=3)
@example(n=2, one_index=True, gateway=True, drawn=[], resent=[(2, 6)], copy_at=None)  # (call 0's delta in call 1's run)
def test_delta_item_ids_agree_with_the_general_path(n: int, one_index: bool, gateway: bool, drawn: List[str],
                                                    resent: List[Tuple[int, int]], copy_at: Optional[int]) -> None:
    # *gateway*: done items saying ``"arguments": ""`` and no ``.done`` of the arguments (the deltas are
    # the arguments: farion1231/cc-switch#6481)
    calls = [ToolCall(name=f"f{i}", args={"q": "abcdefgh"[: 3 + i]}, id=f"call_{i}") for i in range(n)]
    chunks = encode_stream(calls, _D, split=2)
    if gateway:
        chunks = [c for c in chunks if c["type"] != "response.function_call_arguments.done"]
    k = 0
    for c in chunks:
        if gateway and c["type"] == "response.output_item.done":
            c["item"]["arguments"] = ""
        if one_index and "output_index" in c:
            c["output_index"] = 0  # (a gateway's: every item at index 0, each ended before the next)
        if c["type"] != "response.function_call_arguments.delta" or k >= len(drawn):
            continue
        how, k = drawn[k], k + 1
        if how == "other":
            c["item_id"] = "fc_0" if c["item_id"] != "fc_0" else "fc_1"
        elif how == "fc_x":
            c["item_id"] = "fc_x"
        elif how == "none":
            del c["item_id"]
        elif how == "int":
            c["item_id"] = 7
    for i, after in resent:  # chunk *i* sent again *after* chunks later (a resume, an at-least-once transport)
        i %= len(chunks)
        chunks.insert(min(i + after, len(chunks)), copy.deepcopy(chunks[i]))
    _agree(chunks, copy_at)


def test_a_resent_delta_in_a_later_calls_run_is_passed_over() -> None:
    """A delta of the ended call ``fc_0`` sent again amid ``fc_1``'s run at the same index (a
    gateway giving every item index 0, its done items ``"arguments": ""``): ``fc_1``'s arguments
    are its own deltas."""
    def delta(iid: str, piece: str) -> Any:
        return {"type": "response.function_call_arguments.delta", "item_id": iid, "output_index": 0, "delta": piece}

    def item(iid: str, ident: str, name: str, args: str, status: str) -> Any:
        return {"type": "function_call", "id": iid, "call_id": ident, "name": name, "arguments": args, "status": status}

    chunks = [
        {"type": "response.output_item.added", "output_index": 0, "item": item("fc_0", "call_0", "f", "", "in_progress")},
        delta("fc_0", '{"a":'), delta("fc_0", "1}"),
        {"type": "response.output_item.done", "output_index": 0, "item": item("fc_0", "call_0", "f", "", "completed")},
        {"type": "response.output_item.added", "output_index": 0, "item": item("fc_1", "call_1", "g", "", "in_progress")},
        delta("fc_1", '{"b":'), delta("fc_0", "1}"), delta("fc_1", "2}"),
        {"type": "response.output_item.done", "output_index": 0, "item": item("fc_1", "call_1", "g", "", "completed")},
    ]
    assert [(r.name, r.args) for r in accumulate(chunks, _D)] == [("f", {"a": 1}), ("g", {"b": 2})]
    _agree(chunks, 6)
