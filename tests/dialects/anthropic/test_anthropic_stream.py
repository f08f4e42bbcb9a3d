"""anthropic.messages streams: events written by hand as
https://docs.claude.com/en/docs/build-with-claude/streaming shows them (``message_start``,
``content_block_start`` / ``_delta`` / ``_stop``, ``input_json_delta.partial_json``,
``message_delta.delta.stop_reason``, ``ping``), read three ways that must agree: the
handler's own loop (``accumulate`` of a list), ``Accumulator.feed`` and the per-event
reader (``preview=True``); and the events ``encode_stream`` writes, as literals.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, ArgsDelta, CallDone, CallStarted, accumulate, detect_stream, encode_stream

D = "anthropic.messages"
TOOLU = "toolu_01T1x1fJ34qAmk2tNTrN7Up6"
START = {"type": "message_start", "message": {
    "id": "msg_014p7gG3wDgGV9EUtLvnow3U", "type": "message", "role": "assistant", "content": [],
    "model": "claude-sonnet-4-5", "stop_reason": None, "stop_sequence": None,
    "usage": {"input_tokens": 472, "output_tokens": 2}}}


def stream(*blocks: List[Dict[str, Any]], stop: str = "tool_use") -> List[Dict[str, Any]]:
    events: List[Dict[str, Any]] = [START]
    for b in blocks:
        events += b
    return events + [{"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                      "usage": {"output_tokens": 89}}, {"type": "message_stop"}]


def text(i: int, t: str) -> List[Dict[str, Any]]:
    return [{"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}},
            {"type": "ping"},
            {"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": t}},
            {"type": "content_block_stop", "index": i}]


def use(i: int, pieces: List[str], **block: Any) -> List[Dict[str, Any]]:
    b: Dict[str, Any] = {"type": "tool_use", "id": TOOLU, "name": "get_weather", "input": {}}
    b.update(block)
    return ([{"type": "content_block_start", "index": i, "content_block": b}]
            + [{"type": "content_block_delta", "index": i, "delta": {"type": "input_json_delta", "partial_json": p}}
               for p in pieces]
            + [{"type": "content_block_stop", "index": i}])


def read(events: List[Dict[str, Any]], **kw: Any) -> List[Any]:
    """The calls of *events*, the same by all three readers (else the test fails)."""
    by_list = accumulate(events, D, **kw)
    out = []
    for preview in (False, True):
        acc = Accumulator(D, preview=preview, **kw)
        for e in events:
            acc.feed(e)
        out.append(acc.close())
    assert out == [by_list, by_list]
    return by_list


def test_a_call_after_text_with_its_arguments_in_pieces() -> None:
    events = stream(text(0, "Je regarde la météo."), use(1, ["", '{"location": "Zü', 'rich, CH"}']))
    assert read(events) == [ToolCall("get_weather", {"location": "Zürich, CH"}, TOOLU)]
    acc = Accumulator()
    seen: List[Any] = []
    for e in events:
        seen += acc.feed(e)
    assert (acc.dialect, acc.finish_reason, acc.text) == (D, "tool_use", "Je regarde la météo.")
    assert seen == [
        CallStarted(0, TOOLU, "get_weather"),
        ArgsDelta(0, TOOLU, '{"location": "Zü', None, None),
        ArgsDelta(0, TOOLU, 'rich, CH"}', None, None),
        CallDone(0, ToolCall("get_weather", {"location": "Zürich, CH"}, TOOLU)),
    ]


def test_previews_follow_the_pieces() -> None:
    acc = Accumulator(D, preview=True)
    seen: List[Any] = []
    for e in stream(use(0, ["", '{"location": "Zü', 'rich"}'])):
        seen += acc.feed(e)
    assert [e.preview for e in seen if type(e) is ArgsDelta] == [{"location": "Zü"}, {"location": "Zürich"}]


def test_text_from_the_start_block_and_the_deltas() -> None:
    for preview in (False, True):
        acc = Accumulator(D, preview=preview)
        acc.feed({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": "Bonjour "}})
        acc.feed({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "à tous"}})
        assert acc.text == "Bonjour à tous"


def test_server_calls_and_extras_keep_their_provider_data() -> None:
    events = stream(
        use(0, [""], type="server_tool_use", id="srvtoolu_01", name="web_search"),
        use(1, ['{"query": "météo"}'], type="mcp_tool_use", id="mcptoolu_01", name="echo", server_name="ex"),
        use(2, ['{"a": 1}'], caller={"type": "direct"}),
    )
    calls = read(events, include_server=True)
    assert [(c.name, c.args, c.id, c.server, dict(c.provider_data)) for c in calls] == [
        ("web_search", {}, "srvtoolu_01", True, {D: {"type": "server_tool_use"}}),
        ("echo", {"query": "météo"}, "mcptoolu_01", True, {D: {"server_name": "ex", "type": "mcp_tool_use"}}),
        ("get_weather", {"a": 1}, TOOLU, False, {D: {"caller": {"type": "direct"}}}),
    ]
    assert [c.id for c in read(events)] == [TOOLU]
    # written back, the server call keeps its type and its extras
    assert toolwire.encode(calls[1], D) == {"type": "mcp_tool_use", "id": "mcptoolu_01", "name": "echo",
                                            "input": {"query": "météo"}, "server_name": "ex"}


def test_a_non_empty_start_input_is_used_when_no_delta_follows() -> None:
    events = stream(use(0, [], input={"city": "Zürich"}), use(1, [""], id="toolu_2", input={"x": 1}),
                    use(2, ['{"y": 2}'], id="toolu_3", input={"x": 1}))
    assert read(events) == [ToolCall("get_weather", {"city": "Zürich"}, TOOLU),
                            ToolCall("get_weather", {"x": 1}, "toolu_2"),
                            ToolCall("get_weather", {"y": 2}, "toolu_3")]


def test_a_call_without_deltas_or_with_only_the_empty_one_has_no_arguments() -> None:
    calls = read(stream(use(0, []), use(1, [""], id="toolu_2")))
    assert [(c.args, c.id) for c in calls] == [({}, TOOLU), ({}, "toolu_2")]


def test_a_new_block_at_an_open_index_ends_the_old_call_as_incomplete() -> None:
    events = stream(use(0, ['{"a": 1}'])[:2] + use(0, ['{"b": 2}'], id="toolu_2"))
    first, second = read(events)
    assert type(first) is InvalidToolCall
    assert (first.name, first.id, first.error, first.truncated) == (
        "get_weather", TOOLU, "The stream ended before this call was complete (no end event)", True,
    )
    assert second == ToolCall("get_weather", {"b": 2}, "toolu_2")


def test_events_that_do_not_fit_are_passed_over() -> None:
    noise = [
        {"type": "content_block_stop", "index": 7},  # no block open there
        {"type": "content_block_start", "index": 5, "content_block": "x"},
        {"type": "content_block_start", "index": 6, "content_block": {"type": "thinking", "thinking": ""}},
        {"type": "content_block_delta", "index": 6, "delta": {"type": "thinking_delta", "thinking": "hm"}},
        {"type": "content_block_stop", "index": 6},
        {"type": "content_block_delta", "index": 0, "delta": "x"},
        {"type": "message_delta", "delta": "x"},
    ]
    events = stream(noise[:5], use(0, ['{"a": 1}'])[:1] + noise[5:6] + [
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": 5}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '{"a": 1}'}},
        {"type": "content_block_stop", "index": 0}], noise[6:])
    # noise is passed over; an argument delta that is no text is not: its call is invalid
    [bad] = read(events)
    assert type(bad) is InvalidToolCall and (bad.name, bad.id, bad.error) == (
        "get_weather", TOOLU, "An argument delta is not text: 5")
    assert read([e for e in events if e.get("delta", {}) != {"type": "input_json_delta", "partial_json": 5}]) == [
        ToolCall("get_weather", {"a": 1}, TOOLU)]


def test_an_index_that_is_not_an_int_is_refused() -> None:
    # ``RawContentBlockDeltaEvent.index: int``: read as none, the delta went to the latest call
    # open, another block's when two are open (tests/stream/test_stream_string_index.py)
    for index in (1.0, True):
        events = stream(use(1, [])[:1] + [
            {"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": '{"a": 1}'}},
            {"type": "content_block_stop", "index": 1}])
        with pytest.raises(DecodeError, match="Block index at .* is neither an int nor a digit string"):
            read(events)


def test_arguments_over_the_size_limit_make_an_invalid_call() -> None:
    (call,) = read(stream(use(0, ['{"a": "', 'xxxxxxxxxxxxxxxxxxxx"}'])), max_bytes=10)
    assert type(call) is InvalidToolCall
    assert (call.name, call.id, call.error) == ("get_weather", TOOLU, "Arguments are over the limit of 10 characters")
    assert read(stream(use(0, ['{"a": "', 'xxx"}'])), max_bytes=12) == [ToolCall("get_weather", {"a": "xxx"}, TOOLU)]


def test_a_block_whose_type_is_not_a_string_gives_its_arguments_to_a_nameless_call() -> None:
    (call,) = read(stream(use(0, ['{"a": 1}'], type=["tool_use"])))
    assert type(call) is InvalidToolCall
    assert (call.name, call.id, call.error) == (None, None, "The stream never gave this call a name")


def test_a_block_without_name_or_id_is_an_invalid_call() -> None:
    (call,) = read(stream(use(0, ['{"a": 1}'], name="", id="")))
    assert type(call) is InvalidToolCall
    assert (call.name, call.id, call.error) == (None, None, "The stream never gave this call a name")


@pytest.mark.parametrize("preview", [False, True])
def test_the_finish_reason_comes_from_message_start_or_message_delta(preview: bool) -> None:
    acc = Accumulator(D, preview=preview)
    acc.feed({"type": "message_start", "message": {"type": "message", "stop_reason": "end_turn"}})
    assert acc.finish_reason == "end_turn"
    acc.feed({"type": "message_delta", "delta": {"stop_reason": "max_tokens"}})
    assert acc.finish_reason == "max_tokens"


def test_arguments_cut_off_at_max_tokens_are_an_invalid_call() -> None:
    (call,) = read(stream(use(0, ['{"location": "Zü']), stop="max_tokens"))
    assert type(call) is InvalidToolCall
    assert (call.name, call.id, call.truncated) == ("get_weather", TOOLU, True)


def test_server_sent_event_text_among_the_events_is_read() -> None:
    events = use(0, ['{"city": "Zürich"}'])
    sse = "".join(f"event: {e['type']}\ndata: {json.dumps(e, ensure_ascii=False)}\n\n" for e in events[1:])
    for body in (sse, sse.encode()):
        assert accumulate([START, events[0], body], D) == [ToolCall("get_weather", {"city": "Zürich"}, TOOLU)]
    with pytest.raises(toolwire.DecodeError) as exc:
        accumulate([START, 5], D)
    assert (exc.value.message, exc.value.loc) == ("Stream chunk at $[1] is not an object: 5", "$[1]")


def test_encode_stream_writes_the_documented_events() -> None:
    calls = [ToolCall("get_weather", {"city": "Zürich"}, "toolu_01"), ToolCall("now", {}, "toolu_02")]
    assert encode_stream(calls, D, split=8) == [
        {"type": "message_start",
         "message": {"id": "msg_0", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [],
                     "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 412, "output_tokens": 1}}},
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {}}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '{"city":'}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '"Zürich"'}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": "}"}},
        {"type": "content_block_stop", "index": 0},
        {"type": "content_block_start", "index": 1,
         "content_block": {"type": "tool_use", "id": "toolu_02", "name": "now", "input": {}}},
        {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": ""}},
        {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "{}"}},
        {"type": "content_block_stop", "index": 1},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
         "usage": {"output_tokens": 61}},
        {"type": "message_stop"},
    ]


@pytest.mark.parametrize("event", stream(text(0, "a"), use(1, ["{}"])), ids=lambda e: str(e["type"]))
def test_every_documented_event_is_detected(event: Dict[str, Any]) -> None:
    assert detect_stream(event) == D


@pytest.mark.parametrize("event", [{"type": "message"}, {"type": "content_block"}, {"type": None}, {"index": 0},
                                   {"type": ["ping"]}])
def test_near_miss_events_are_not(event: Dict[str, Any]) -> None:
    assert detect_stream(event) is None


# ---- a block's ``content_block_start`` delivered twice (an at-least-once transport, a gateway re-sending) ----

def _both_ways(events: List[Dict[str, Any]]) -> List[Any]:
    out = read(events)
    assert accumulate(events, D) == out
    return out


def test_an_identical_start_again_before_any_delta_is_one_call() -> None:
    block = use(0, ['{"location": "Paris"}'])
    events = stream([block[0], block[0], *block[1:]])
    assert _both_ways(events) == [ToolCall("get_weather", {"location": "Paris"}, TOOLU)]
    empty = use(0, [""])  # the documented first ``partial_json`` of ``""``, then the start again
    events = stream([empty[0], empty[1], empty[0], *use(0, ['{"location": "Paris"}'])[1:]])
    assert _both_ways(events) == [ToolCall("get_weather", {"location": "Paris"}, TOOLU)]


def test_a_start_again_after_argument_text_is_never_run() -> None:
    block = use(0, ['{"location": ', '"Paris"}'])
    events = stream([block[0], block[1], block[0], block[2], block[3]])
    (call,) = _both_ways(events)
    assert type(call) is InvalidToolCall and call.id == TOOLU and "started again" in call.error


def test_a_start_again_with_another_name_is_never_run() -> None:
    block = use(0, ['{"location": "Paris"}'])
    again = use(0, [], name="get_time")[0]
    (call,) = _both_ways(stream([block[0], again, *block[1:]]))
    assert type(call) is InvalidToolCall and call.id == TOOLU and "get_time" in call.error


def test_a_block_sent_again_after_its_stop_is_never_a_second_run() -> None:
    """The whole block again (its ``content_block_start`` with its ``id`` at its ``index``,
    deltas, ``content_block_stop``): one call to run, the repeat an ``InvalidToolCall``."""
    block = use(0, ['{"location": "Paris"}'])
    first, again = _both_ways(stream(block + block))
    assert first == ToolCall("get_weather", {"location": "Paris"}, TOOLU)
    assert type(again) is InvalidToolCall and again.id == TOOLU and "started again after its end" in again.error
