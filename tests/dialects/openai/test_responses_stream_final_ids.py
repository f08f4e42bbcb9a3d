"""A Responses stream whose final response shows its calls again under fresh ids.

vLLM's gpt-oss Responses stream (``vllm/entrypoints/openai/responses/streaming_events.py``,
earlier ``serving_responses.py``) adds each function call item with ``id`` ``fc_<uuid>``
and ``call_id`` ``call_<uuid>``, streams its arguments by
``response.function_call_arguments.delta`` at the item's ``output_index`` (one per
harmony message: reasoning, text, call), and ends it with an ``output_item.done``
whose item has no ``id`` and a ``call_id`` made afresh, ``fc_<uuid>``. Its
``response.completed`` holds the reply parsed again (``responses/harmony.py``
``_parse_function_call``: ``id`` ``fc_<r>``, ``call_id`` ``call_<r>``, one new random
``r`` per call; reasoning ``rs_…``, messages ``msg_…``): the general reader read that
item as a call the stream never carried, and the call ran twice.

The rule (``responses_feed_final.settle``): only the calls of the current response; a
final item claims a streamed call first by ids (across the whole output), then, when
its ids name none, a call the stream ended at its position with its tool and equal
parsed arguments, then such a call anywhere, then an ended call at its position with
another tool or arguments: a conflict, the streamed call an ``InvalidToolCall``. A call
still open is claimed by ids or place only (its final item completes it). Each
streamed call is claimed once; what is left is a call the stream never carried (a
stream resumed with ``starting_after``). Every case runs
through ``accumulate`` (the hot loop), an ``Accumulator(preview=True)`` and one fed
event by event: all three agree.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional, Tuple

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate, encode_stream

D = "openai.responses"
Shape = Tuple[str, Optional[str], Optional[str], Any]


def _shape(calls: List[Any]) -> List[Shape]:
    return [(type(c).__name__, c.name, c.id, c.args if type(c) is ToolCall else c.raw) for c in calls]


def _all(events: List[Dict[str, Any]]) -> Tuple[List[Shape], str]:
    """The calls (and text) by the hot loop, a previewing accumulator and one fed event
    by event: the same."""
    out = _shape(accumulate(copy.deepcopy(events), D))
    texts = []
    for acc in (Accumulator(D, preview=True), Accumulator(D)):
        for e in copy.deepcopy(events):
            acc.feed(e)
        assert _shape(acc.close()) == out
        texts.append(acc.text)
    assert texts[0] == texts[1]
    return out, texts[0]


def _calls(events: List[Dict[str, Any]]) -> List[Shape]:
    return _all(events)[0]


def _created(rid: str = "resp_1") -> Dict[str, Any]:
    return {"type": "response.created", "sequence_number": 0,
            "response": {"id": rid, "object": "response", "status": "in_progress", "output": []}}


def _completed(output: List[Dict[str, Any]], rid: str = "resp_1") -> Dict[str, Any]:
    return {"type": "response.completed",
            "response": {"id": rid, "object": "response", "status": "completed", "output": output}}


def _reasoning(at: int, ident: str = "msg_r0") -> List[Dict[str, Any]]:
    """A reasoning item as vLLM streams it (its streamed ``id`` is ``msg_…``)."""
    item = {"type": "reasoning", "id": ident, "summary": [], "status": "in_progress"}
    done = {"type": "reasoning", "id": ident, "summary": [], "status": "completed",
            "content": [{"type": "reasoning_text", "text": "Need the tool."}]}
    return [{"type": "response.output_item.added", "output_index": at, "item": item},
            {"type": "response.reasoning_text.delta", "item_id": ident, "output_index": at, "content_index": 0,
             "delta": "Need the tool."},
            {"type": "response.output_item.done", "output_index": at, "item": done}]


def _message(at: int, text: str, ident: str = "msg_t1") -> List[Dict[str, Any]]:
    item = {"id": ident, "type": "message", "role": "assistant", "content": [], "status": "in_progress"}
    part = {"type": "output_text", "text": text, "annotations": []}
    return [{"type": "response.output_item.added", "output_index": at, "item": item},
            {"type": "response.output_text.delta", "item_id": ident, "output_index": at, "content_index": 0,
             "delta": text},
            {"type": "response.output_item.done", "output_index": at,
             "item": {**item, "content": [part], "status": "completed"}}]


def _call(at: int, name: str, text: str, n: int, *, done: bool = True) -> List[Dict[str, Any]]:
    """A function call as vLLM's gpt-oss stream gives it: added with ``fc_A<n>`` /
    ``call_A<n>``, ended by an item without ``id`` whose ``call_id`` is ``fc_B<n>``."""
    added = {"type": "response.output_item.added", "output_index": at,
             "item": {"id": f"fc_A{n}", "type": "function_call", "call_id": f"call_A{n}", "name": name,
                      "arguments": "", "status": "in_progress"}}
    half = len(text) // 2
    deltas = [{"type": "response.function_call_arguments.delta", "item_id": f"fc_A{n}", "output_index": at,
               "delta": piece} for piece in (text[:half], text[half:])]
    if not done:
        return [added, deltas[0]]
    return [added, *deltas,
            {"type": "response.function_call_arguments.done", "item_id": f"fc_A{n}", "output_index": at,
             "arguments": text, "name": name},
            {"type": "response.output_item.done", "output_index": at,
             "item": {"type": "function_call", "arguments": text, "name": name, "item_id": f"fc_A{n}",
                      "output_index": at, "sequence_number": -1, "call_id": f"fc_B{n}", "status": "completed",
                      "id": None}}]


def _final_call(name: str, text: str, r: str) -> Dict[str, Any]:
    """A call of vLLM's final response: the reply parsed again, fresh ids."""
    return {"arguments": text, "call_id": f"call_{r}", "name": name, "type": "function_call", "id": f"fc_{r}",
            "status": "completed"}


RS = {"id": "rs_9", "summary": [], "type": "reasoning", "status": None,
      "content": [{"text": "Need the tool.", "type": "reasoning_text"}]}
PARIS = '{"city": "Paris"}'
ROME = '{"city": "Rome"}'


def _msg(text: str) -> Dict[str, Any]:
    return {"id": "msg_9", "type": "message", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": []}]}


# ---- vLLM's gpt-oss stream ------------------------------------------------------------------


@pytest.mark.parametrize("shift", [0, 1])
def test_vllm_one_call(shift: int) -> None:
    # (*shift*: the stream's output_index one past the final output's place: then only the tool
    # and arguments tell)
    events = [_created(), *_reasoning(0 + shift), *_call(1 + shift, "get_weather", PARIS, 1),
              _completed([RS, _final_call("get_weather", PARIS, "r1")])]
    assert _calls(events) == [("ToolCall", "get_weather", "fc_B1", {"city": "Paris"})]


@pytest.mark.parametrize("shift", [0, 1])
def test_vllm_two_calls(shift: int) -> None:
    events = [_created(), *_reasoning(0 + shift), *_call(1 + shift, "get_weather", PARIS, 1),
              *_call(2 + shift, "get_weather", ROME, 2),
              _completed([RS, _final_call("get_weather", PARIS, "r1"), _final_call("get_weather", ROME, "r2")])]
    assert _calls(events) == [("ToolCall", "get_weather", "fc_B1", {"city": "Paris"}),
                              ("ToolCall", "get_weather", "fc_B2", {"city": "Rome"})]


def test_vllm_two_equal_calls() -> None:
    events = [_created(), *_call(0, "get_weather", PARIS, 1), *_call(1, "get_weather", PARIS, 2),
              _completed([_final_call("get_weather", PARIS, "r1"), _final_call("get_weather", PARIS, "r2")])]
    assert _calls(events) == [("ToolCall", "get_weather", "fc_B1", {"city": "Paris"}),
                              ("ToolCall", "get_weather", "fc_B2", {"city": "Paris"})]


def test_vllm_call_and_message() -> None:
    events = [_created(), *_reasoning(0), *_message(1, "Checking."), *_call(2, "get_weather", PARIS, 1),
              _completed([RS, _msg("Checking."), _final_call("get_weather", PARIS, "r1")])]
    calls, text = _all(events)
    assert calls == [("ToolCall", "get_weather", "fc_B1", {"city": "Paris"})]
    assert text == "Checking."


def test_vllm_call_then_message() -> None:
    events = [_created(), *_call(0, "get_weather", PARIS, 1), *_message(1, "Done."),
              _completed([_final_call("get_weather", PARIS, "r1"), _msg("Done.")])]
    calls, text = _all(events)
    assert calls == [("ToolCall", "get_weather", "fc_B1", {"city": "Paris"})]
    assert text == "Done."


@pytest.mark.parametrize("final", ['{"city":"Paris"}', '{ "city" : "Paris" }'])
@pytest.mark.parametrize("shift", [0, 1])
def test_compact_and_spaced_argument_text_are_one_call(final: str, shift: int) -> None:
    events = [_created(), *_call(0 + shift, "get_weather", PARIS, 1),
              _completed([_final_call("get_weather", final, "r1")])]
    assert _calls(events) == [("ToolCall", "get_weather", "fc_B1", {"city": "Paris"})]


def test_keys_in_another_order_are_equal_arguments() -> None:
    events = [_created(), *_call(1, "f", '{"a": 1, "b": [2, 3]}', 1),
              _completed([_final_call("f", '{"b":[2,3],"a":1}', "r1")])]
    assert _calls(events) == [("ToolCall", "f", "fc_B1", {"a": 1, "b": [2, 3]})]


# ---- a stream resumed mid-reply -----------------------------------------------------------


def test_resumed_mid_reply_adds_the_calls_done_before_in_output_order() -> None:
    """``retrieve(stream=True, starting_after=N)``: calls 1 and 2 are alike (tool and
    arguments); the stream carries only 2 and 3, the final response all three (same ids)."""
    calls = [ToolCall("get_weather", {"city": "Paris"}, "call_1"), ToolCall("get_weather", {"city": "Paris"}, "call_2"),
             ToolCall("get_time", {"tz": "CET"}, "call_3")]
    ev = encode_stream(calls, D)
    done = [i for i, e in enumerate(ev) if e["type"] == "response.output_item.done"]
    assert _calls(ev[done[0] + 1:]) == [("ToolCall", "get_weather", "call_1", {"city": "Paris"}),
                                        ("ToolCall", "get_weather", "call_2", {"city": "Paris"}),
                                        ("ToolCall", "get_time", "call_3", {"tz": "CET"})]


# ---- several responses in one stream -------------------------------------------------------


@pytest.mark.parametrize("created", [True, False])
@pytest.mark.parametrize("args", [PARIS, ROME])
def test_a_second_responses_call_only_in_its_final_response(created: bool, args: str) -> None:
    """Response 2's call (the same tool, and in one case the same arguments, as response 1's)
    is only in its ``response.completed``: never taken for response 1's call."""
    first = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
             "arguments": PARIS, "status": "completed"}
    second = {**first, "id": "fc_2", "call_id": "call_2", "arguments": args}
    events = [_created("resp_1"),
              {"type": "response.output_item.added", "output_index": 0, "item": {**first, "arguments": ""}},
              {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1",
               "delta": PARIS},
              {"type": "response.output_item.done", "output_index": 0, "item": first},
              _completed([first], "resp_1"),
              *([_created("resp_2")] if created else []),
              _completed([second], "resp_2")]
    assert _calls(events) == [("ToolCall", "get_weather", "call_1", {"city": "Paris"}),
                              ("ToolCall", "get_weather", "call_2", {"city": args[10:-2]})]


def test_a_second_responses_fresh_call_at_a_reused_index_is_its_own() -> None:
    """Response 2 (no ``response.created``) streams a call at index 0 again and its final
    response shows it under fresh ids: response 1's call stays, response 2's is one call."""
    events = [*_call(0, "get_weather", PARIS, 1), _completed([_final_call("get_weather", PARIS, "r1")], "resp_1"),
              *_call(0, "get_weather", PARIS, 2), _completed([_final_call("get_weather", PARIS, "r2")], "resp_2")]
    assert _calls(events) == [("ToolCall", "get_weather", "fc_B1", {"city": "Paris"}),
                              ("ToolCall", "get_weather", "fc_B2", {"city": "Paris"})]


# ---- a call the stream did not end ----------------------------------------------------------


def test_an_unended_call_is_completed_by_the_final_response() -> None:
    item = {"type": "function_call", "id": "fc_A1", "call_id": "call_A1", "name": "get_weather",
            "arguments": PARIS, "status": "completed"}
    events = [_created(), *_reasoning(0), *_call(1, "get_weather", PARIS, 1, done=False), _completed([RS, item])]
    assert _calls(events) == [("ToolCall", "get_weather", "call_A1", {"city": "Paris"})]


def test_an_unended_call_without_ids_is_completed_by_the_final_item_at_its_place() -> None:
    item = {"type": "function_call", "name": "get_weather", "arguments": PARIS, "status": "completed"}
    events = [_created(), *_call(0, "get_weather", PARIS, 1, done=False), _completed([item])]
    assert _calls(events) == [("ToolCall", "get_weather", "call_A1", {"city": "Paris"})]


@pytest.mark.parametrize("name, text", [("get_weather", PARIS), ("get_time", '{"tz": "CET"}')])
def test_an_unended_call_is_never_taken_for_a_final_item_with_other_ids(name: str, text: str) -> None:
    """Only a call the stream ended may be the final item under fresh ids: the open one is
    cut off (never run), the final item is a call of its own (never lost)."""
    events = [_created(), *_call(0, "get_weather", PARIS, 1, done=False), _completed([_final_call(name, text, "r1")])]
    calls = _calls(events)
    assert calls[0][:3] == ("InvalidToolCall", "get_weather", "call_A1")
    assert calls[1:] == [("ToolCall", name, "call_r1", {"city": "Paris"} if text == PARIS else {"tz": "CET"})]


# ---- claimed once; conflicts ----------------------------------------------------------------


def test_one_streamed_call_and_two_final_items_like_it() -> None:
    """The streamed call is claimed once: the second item is a call the stream never carried."""
    events = [_created(), *_call(0, "get_weather", PARIS, 1),
              _completed([_final_call("get_weather", PARIS, "r1"), _final_call("get_weather", PARIS, "r2")])]
    assert _calls(events) == [("ToolCall", "get_weather", "fc_B1", {"city": "Paris"}),
                              ("ToolCall", "get_weather", "call_r2", {"city": "Paris"})]


@pytest.mark.parametrize("name, text", [("get_time", PARIS), ("get_weather", ROME), ("get_time", '{"tz": "CET"}')])
def test_another_call_at_a_streamed_calls_place_is_not_guessed(name: str, text: str) -> None:
    events = [_created(), *_call(0, "get_weather", PARIS, 1), _completed([_final_call(name, text, "r1")])]
    assert _calls(events) == [("InvalidToolCall", "get_weather", "fc_B1", PARIS)]


def test_a_built_in_call_at_the_place_is_no_conflict() -> None:
    """Only a function or custom tool call the stream ended may be taken for a final item
    under fresh ids: a built-in tool's call there stays, and the item is a call of its own."""
    shell = {"type": "shell_call", "id": "sh_1", "call_id": "cs_1", "action": {"commands": ["ls"]},
             "status": "completed"}
    events = [_created(), {"type": "response.output_item.added", "output_index": 0, "item": shell},
              {"type": "response.output_item.done", "output_index": 0, "item": shell},
              _completed([_final_call("get_weather", PARIS, "r1"), shell])]
    assert [c[:3] for c in _calls(events)] == [("ToolCall", "get_weather", "call_r1"), ("ToolCall", "shell", "cs_1")]


# ---- a final event again: the same response's ------------------------------------------------


def _plain_stream(rid: str = "resp_1") -> List[Dict[str, Any]]:
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": PARIS,
            "status": "completed"}
    return [_created(rid), {"type": "response.output_item.added", "output_index": 0, "item": {**item, "arguments": ""}},
            {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1", "delta": PARIS},
            {"type": "response.output_item.done", "output_index": 0, "item": item}, _completed([item], rid)]


@pytest.mark.parametrize("ids", [True, False])
def test_a_final_event_delivered_twice_adds_nothing(ids: bool) -> None:
    events = _plain_stream()
    final = copy.deepcopy(events[-1])
    if not ids:
        del final["response"]["id"]
    assert _calls([*events, final]) == [("ToolCall", "get_weather", "call_1", {"city": "Paris"})]


def test_a_whole_response_replayed_from_its_start_after_its_final_event_adds_nothing() -> None:
    events = _plain_stream()
    assert _calls(events + events) == [("ToolCall", "get_weather", "call_1", {"city": "Paris"})]


def test_a_second_response_with_the_same_call_ids_is_its_own() -> None:
    """Another ``response.id`` after a final event: its calls are its own, never taken for
    the first response's (their items share ids and arguments here)."""
    assert _calls(_plain_stream() + _plain_stream("resp_2")) == [
        ("ToolCall", "get_weather", "call_1", {"city": "Paris"})] * 2


def test_a_custom_tool_call_under_fresh_ids_is_one_call() -> None:
    added = {"type": "custom_tool_call", "id": "ctc_A", "call_id": "call_A", "name": "run", "input": "",
             "status": "in_progress"}
    done = {**added, "id": None, "call_id": "ctc_B", "input": "ls -l", "status": "completed"}
    events = [_created(), {"type": "response.output_item.added", "output_index": 0, "item": added},
              {"type": "response.custom_tool_call_input.delta", "output_index": 0, "item_id": "ctc_A",
               "delta": "ls -l"},
              {"type": "response.output_item.done", "output_index": 0, "item": done},
              _completed([{**done, "id": "ctc_r", "call_id": "call_r"}])]
    assert _calls(events) == [("ToolCall", "run", "ctc_B", {"input": "ls -l"})]


# ---- review of the rule (session 34): a final event again, argument policy, built-ins, reuse --


def _vllm_one(text: str = PARIS, created: bool = True) -> List[Dict[str, Any]]:
    return [*([_created()] if created else []), *_call(0, "get_weather", text, 1)]


@pytest.mark.parametrize("created", [True, False])
def test_a_vllm_final_event_delivered_twice_adds_nothing(created: bool) -> None:
    """The repeat is read by the claims of the first: its fresh-id item is the streamed
    call again, never a second call."""
    final = _completed([RS, _final_call("get_weather", PARIS, "r1"), _msg("Done.")])
    calls, text = _all([*_vllm_one(created=created), final, copy.deepcopy(final)])
    assert calls == [("ToolCall", "get_weather", "fc_B1", {"city": "Paris"})]
    assert text == "Done."


def test_a_vllm_final_event_with_a_resumed_call_delivered_twice_adds_nothing() -> None:
    """A call only in the final response (no ids: nothing to find it by) is added once."""
    resumed = {"type": "function_call", "name": "get_time", "arguments": '{"tz": "CET"}', "status": "completed"}
    final = _completed([_final_call("get_weather", PARIS, "r1"), resumed])
    assert _calls([*_vllm_one(), final, copy.deepcopy(final)]) == [
        ("ToolCall", "get_weather", "fc_B1", {"city": "Paris"}), ("ToolCall", "get_time", None, {"tz": "CET"})]


def test_a_final_event_again_under_other_fresh_ids_adds_nothing() -> None:
    """The same response's final event again, its calls parsed again under other fresh ids:
    the calls it showed the first time (streamed, or only in it), never second ones."""
    final = _completed([_final_call("get_weather", PARIS, "r1"), _final_call("get_time", '{"tz": "CET"}', "r2")])
    again = _completed([_final_call("get_weather", PARIS, "r3"), _final_call("get_time", '{"tz": "CET"}', "r4")])
    assert _calls([*_vllm_one(), final, again]) == [
        ("ToolCall", "get_weather", "fc_B1", {"city": "Paris"}), ("ToolCall", "get_time", "call_r2", {"tz": "CET"})]


def test_a_conflicting_final_event_delivered_twice_stays_one_invalid_call() -> None:
    final = _completed([_final_call("get_weather", ROME, "r1")])
    assert _calls([*_vllm_one(), final, copy.deepcopy(final)]) == [("InvalidToolCall", "get_weather", "fc_B1", PARIS)]


@pytest.mark.parametrize("text, args", [
    ("", {}), ("null", {}), ('{"a":1,}', {"a": 1}), ("{'a': 1}", {"a": 1}), ('{"a": True}', {"a": True}),
    ('```json\n{"a":1}\n```', {"a": 1})])
def test_a_fresh_id_item_is_read_by_the_streams_argument_policy(text: str, args: Dict[str, Any]) -> None:
    """The final item's arguments are read as the streamed call's are (the repairs the
    policy makes): the same call, never an ``InvalidToolCall``."""
    events = _vllm_one(text)
    assert _calls(events) == [("ToolCall", "get_weather", "fc_B1", args)]
    assert _calls([*events, _completed([_final_call("get_weather", text, "r1")])]) == [
        ("ToolCall", "get_weather", "fc_B1", args)]


@pytest.mark.parametrize("text", ["{{{", '{"a": '])
def test_a_fresh_id_item_whose_arguments_cannot_be_read_contradicts_nothing(text: str) -> None:
    """Unreadable arguments say nothing of which call the item is: the streamed call at its
    place stays as it was, and no second call is made of it."""
    assert _calls([*_vllm_one(), _completed([_final_call("get_weather", text, "r1")])]) == [
        ("ToolCall", "get_weather", "fc_B1", {"city": "Paris"})]


def test_a_fresh_id_item_of_another_tool_whose_arguments_cannot_be_read_is_a_conflict() -> None:
    assert _calls([*_vllm_one(), _completed([_final_call("get_time", "{{{", "r1")])]) == [
        ("InvalidToolCall", "get_weather", "fc_B1", PARIS)]


WS = {"id": "ws_1", "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "x"}}


def _server(events: List[Dict[str, Any]]) -> List[Tuple[str, Optional[str], Optional[str]]]:
    """The calls with server calls, by all three readers (the same)."""
    def shape(calls: List[Any]) -> List[Tuple[str, Optional[str], Optional[str]]]:
        return [(type(c).__name__, c.name, c.id) for c in calls]
    out = shape(accumulate(copy.deepcopy(events), D, include_server=True))
    for acc in (Accumulator(D, preview=True, include_server=True), Accumulator(D, include_server=True)):
        for e in copy.deepcopy(events):
            acc.feed(e)
        assert shape(acc.close()) == out
    return out


def _ws_stream(final: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [_created("r"), {"type": "response.output_item.added", "output_index": 0,
                            "item": {**WS, "status": "in_progress"}},
            {"type": "response.output_item.done", "output_index": 0, "item": WS}, _completed(final, "r")]


def test_a_built_in_item_under_a_fresh_id_is_the_streamed_one() -> None:
    """vLLM's browser tool: the final response's ``web_search_call`` has a fresh ``ws_…``."""
    assert _server(_ws_stream([{**WS, "id": "ws_9"}])) == [("ToolCall", "web_search", "ws_1")]


def test_a_built_in_item_with_other_content_is_its_own() -> None:
    other = {**WS, "id": "ws_9", "action": {"type": "search", "query": "y"}}
    assert _server(_ws_stream([{**WS, "id": "ws_9"}, other])) == [
        ("ToolCall", "web_search", "ws_1"), ("ToolCall", "web_search", "ws_9")]


def test_a_message_id_reused_after_a_final_event_is_another_responses() -> None:
    """A new response begins after each final event: a second response (no
    ``response.created``) reusing ``msg_1`` at index 0 has its own text."""
    def msg(text: str) -> List[Dict[str, Any]]:
        events = _message(0, text, "msg_1")
        return [*events, {"type": "response.completed",
                          "response": {"status": "completed", "output": [events[-1]["item"]]}}]
    assert _all(msg("Hello") + msg("Bye")) == ([], "HelloBye")


def test_a_call_id_reused_after_a_final_event_is_another_responses() -> None:
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "status": "completed"}

    def call(text: str) -> List[Dict[str, Any]]:
        done = {**item, "arguments": text}
        return [{"type": "response.output_item.added", "output_index": 0, "item": {**item, "arguments": ""}},
                {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1",
                 "delta": text},
                {"type": "response.output_item.done", "output_index": 0, "item": done},
                {"type": "response.completed", "response": {"status": "completed", "output": [done]}}]
    assert _calls(call(PARIS) + call(ROME)) == [("ToolCall", "get_weather", "call_1", {"city": "Paris"}),
                                                ("ToolCall", "get_weather", "call_1", {"city": "Rome"})]


# the second review of the rule: a ``response.created`` of another response between, and a
# final event without items before the same final event with them

_IT1 = {"id": "fc_1", "type": "function_call", "call_id": "call_1", "name": "w", "arguments": '{"a":1}'}
_IT2 = {"id": "fc_2", "type": "function_call", "call_id": "call_2", "name": "x", "arguments": '{"b":2}'}


@pytest.mark.parametrize("first_output", [[_IT1], []])
def test_a_final_after_another_responses_created_is_not_the_first_final_again(first_output: Any) -> None:
    # response 1 without its id (a gateway strips it), then a response.created of "rb" and rb's
    # final event with its own call: rb's (it made call_1 invalid and lost call_2)
    events = [
        {"type": "response.output_item.added", "output_index": 0, "item": {**_IT1, "arguments": ""}},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0, "delta": '{"a":1}'},
        {"type": "response.output_item.done", "output_index": 0, "item": _IT1},
        {"type": "response.completed", "response": {"id": None, "status": "completed", "output": first_output}},
        _created("rb"),
        _completed([_IT2], "rb"),
    ]
    assert _calls(events) == [("ToolCall", "w", "call_1", {"a": 1}), ("ToolCall", "x", "call_2", {"b": 2})]


def test_a_final_without_items_then_again_with_them_under_fresh_ids_is_one_call() -> None:
    # vLLM's call, its response.completed first without items, then again with the reply parsed
    # again under fresh ids: the hot loop forgot the ended call at the first (the call twice)
    done = {"id": None, "type": "function_call", "call_id": "fc_B1", "name": "w", "arguments": '{"a":1}',
            "status": "completed"}
    fresh = {"id": "fc_r1", "type": "function_call", "call_id": "call_r1", "name": "w", "arguments": '{"a":1}',
             "status": "completed"}
    events = [
        _created("r1"),
        {"type": "response.output_item.added", "output_index": 0,
         "item": {"id": "fc_A1", "type": "function_call", "call_id": "call_A1", "name": "w", "arguments": ""}},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_A1", "output_index": 0, "delta": '{"a":1}'},
        {"type": "response.output_item.done", "output_index": 0, "item": done},
        _completed([], "r1"),
        _completed([fresh], "r1"),
    ]
    assert _calls(events) == [("ToolCall", "w", "fc_B1", {"a": 1})]


def _vllm_ended(rid: str = "resp_1") -> List[Dict[str, Any]]:
    """vLLM's gpt-oss call, added as ``call_A1`` and ended under its done item's ``fc_B1``."""
    return [
        _created(rid),
        {"type": "response.output_item.added", "output_index": 0,
         "item": {"id": "fc_A1", "type": "function_call", "call_id": "call_A1", "name": "w", "arguments": ""}},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_A1", "output_index": 0, "delta": '{"a":1}'},
        {"type": "response.output_item.done", "output_index": 0,
         "item": {"id": None, "type": "function_call", "call_id": "fc_B1", "name": "w", "arguments": '{"a":1}',
                  "status": "completed"}},
    ]


@pytest.mark.parametrize("with_final", [False, True])
def test_a_vllm_stream_replayed_from_its_created_runs_its_call_once(with_final: bool) -> None:
    # a reconnect re-sends the stream from its response.created: the replayed added item carries
    # the call_id it was added with (call_A1), the ended call is under its done item's (fc_B1)
    one = _vllm_ended()
    if with_final:
        one = one + [_completed([{"id": "fc_r1", "type": "function_call", "call_id": "call_r1", "name": "w",
                                  "arguments": '{"a":1}', "status": "completed"}], "resp_1")]
    assert _calls(one + copy.deepcopy(one)) == [("ToolCall", "w", "fc_B1", {"a": 1})]


def test_another_responses_call_at_that_place_is_its_own_after_a_replayed_vllm_call() -> None:
    # the added id is that call's alias only: another call_id at that place is another call
    other = [
        {"type": "response.output_item.added", "output_index": 0,
         "item": {"id": "fc_X", "type": "function_call", "call_id": "call_X", "name": "v", "arguments": ""}},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_X", "output_index": 0, "delta": '{"b":2}'},
        {"type": "response.output_item.done", "output_index": 0,
         "item": {"id": "fc_X", "type": "function_call", "call_id": "call_X", "name": "v", "arguments": '{"b":2}',
                  "status": "completed"}},
    ]
    assert _calls(_vllm_ended() + [_created("resp_2")] + other) == [
        ("ToolCall", "w", "fc_B1", {"a": 1}), ("ToolCall", "v", "call_X", {"b": 2})]


# ---- session 35: a response given only as its final event; a built-in's status ----------------


def _final_only(text: str, ident: str, rid: Optional[str]) -> Dict[str, Any]:
    return {"type": "response.completed",
            "response": {**({"id": rid} if rid is not None else {}), "object": "response", "status": "completed",
                         "output": [{"id": ident, "type": "message", "role": "assistant", "status": "completed",
                                     "content": [{"type": "output_text", "text": text, "annotations": []}]}]}}


@pytest.mark.parametrize("ident", ["msg_1", "msg_2"])
@pytest.mark.parametrize("streamed", [True, False])
def test_a_second_response_given_only_as_its_final_event_keeps_its_text(streamed: bool, ident: str) -> None:
    # response 1 (streamed, or itself only its final event), then resp_2 only as its final event
    # (another response.id, no response.created): its message at index 0 (its own id, or msg_1
    # again) is its own text (it was taken for response 1's message, read already)
    first = ([_created("resp_1"), *_message(0, "Hello. ", "msg_1"), _completed([_msg("Hello. ")], "resp_1")]
             if streamed else [_final_only("Hello. ", "msg_1", "resp_1")])
    assert _all([*first, _final_only("World.", ident, "resp_2")]) == ([], "Hello. World.")


@pytest.mark.parametrize("rid", ["resp_2", None])
def test_a_final_only_response_delivered_twice_gives_its_text_once(rid: Optional[str]) -> None:
    # the same final event again (the same response.id, or none: a gateway strips it): its message once
    events = [_created("resp_1"), *_message(0, "Hello. ", "msg_1"), _completed([_msg("Hello. ")], "resp_1"),
              _final_only("World.", "msg_2", "resp_2"), _final_only("World.", "msg_2", rid)]
    assert _all(events) == ([], "Hello. World.")


def test_a_final_only_response_then_a_replay_of_the_first_adds_no_text() -> None:
    # response 1 streamed again from its response.created after its final event: no text again
    one = [_created("resp_1"), *_message(0, "Hello. ", "msg_1"), _completed([_msg("Hello. ")], "resp_1")]
    assert _all(one + copy.deepcopy(one)) == ([], "Hello. ")


def _status_of(events: List[Dict[str, Any]]) -> List[Tuple[str, Optional[str], Any]]:
    """The calls with server calls (by all three readers: the same) and their item's status."""
    out = _server(events)
    calls = accumulate(copy.deepcopy(events), D, include_server=True)
    return [(*o[1:], c.provider_data[D]["item"].get("status")) for o, c in zip(out, calls)]


def test_a_built_in_item_under_a_fresh_id_with_another_status_is_the_streamed_one() -> None:
    """The item streamed ``in_progress`` (its done item too), the final response's
    ``completed`` under a fresh ``ws_…``: the same search, its final status taken."""
    events = _ws_stream([{**WS, "id": "ws_9"}])
    events[2] = {**events[2], "item": {**WS, "status": "in_progress"}}
    assert _status_of(events) == [("web_search", "ws_1", "completed")]
    assert _status_of([*events, copy.deepcopy(events[-1])]) == [("web_search", "ws_1", "completed")]  # again


_CU = {"type": "computer_call", "id": "cu_1", "call_id": "call_c1", "action": {"type": "screenshot"},
       "pending_safety_checks": [], "status": "in_progress"}


def _cu_stream(final: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [_created("r"), {"type": "response.output_item.added", "output_index": 0, "item": _CU},
            {"type": "response.output_item.done", "output_index": 0, "item": _CU}, _completed(final, "r")]


def test_a_client_built_in_call_under_fresh_ids_with_another_status_runs_once() -> None:
    # a computer_call the client runs: read as a second call, it ran twice
    fresh = {**_CU, "id": "cu_9", "call_id": "call_c9", "status": "completed"}
    assert _status_of(_cu_stream([fresh])) == [("computer", "call_c1", "completed")]


def test_a_client_built_in_call_whose_final_item_is_incomplete_is_cut_off() -> None:
    # the final status taken: an incomplete item is cut off, never run (as its done item would be)
    fresh = {**_CU, "id": "cu_9", "call_id": "call_c9", "status": "incomplete"}
    assert [c[:3] for c in _server(_cu_stream([fresh]))] == [("InvalidToolCall", "computer", "call_c1")]
    (call,) = accumulate(_cu_stream([fresh]), D)
    assert type(call) is InvalidToolCall and call.truncated
    (call,) = accumulate(_cu_stream([fresh]), D, allow_truncated=True)
    assert type(call) is ToolCall and call.provider_data[D]["item"]["status"] == "incomplete"


@pytest.mark.parametrize("other", [{"action": {"type": "click", "x": 1, "y": 2, "button": "left"}},
                                   {"pending_safety_checks": [{"id": "sc_1", "code": "x", "message": "m"}]}])
def test_a_client_built_in_call_with_other_fields_and_another_status_is_its_own(other: Dict[str, Any]) -> None:
    fresh = {**_CU, "id": "cu_9", "call_id": "call_c9", "status": "completed", **other}
    assert [c[:3] for c in _server(_cu_stream([fresh]))] == [("ToolCall", "computer", "call_c1"),
                                                              ("ToolCall", "computer", "call_c9")]
