"""A Responses end event delivered twice never runs a call twice.

An at-least-once transport, a proxy retry, or a resume with ``starting_after`` that
overlaps what was read delivers an event again (the same ``sequence_number``, item ``id``
and ``call_id``). openai-python's ``ResponseStreamState``
(``lib/streaming/responses/_responses.py``) keeps the done items by ``output_index``
(``self._completed_output[event.output_index] = event.item``: a repeat replaces, never
adds), and its final response holds one call. A repeated ``response.output_item.done``
gave a second runnable call with the same ``call_id``; a repeated
``response.output_item.added`` a second, truncated ``InvalidToolCall`` with it. Now an
identical repeat adds nothing, a differing one makes the call invalid (which one runs is
not guessed), and an item streamed again whole is an ``InvalidToolCall``: never a second
run. A reused ``output_index`` with another item (several responses in one stream) is
still a new call.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Dict, List

import pytest

from memory_peak import peak
from toolwire import DecodeError, InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate

D = "openai.responses"
FC = {"id": "fc_1", "type": "function_call", "status": "completed", "call_id": "call_1", "name": "multiply",
      "arguments": '{"a":6,"b":7}'}
ADDED = {"type": "response.output_item.added", "sequence_number": 2, "output_index": 0,
         "item": {**FC, "status": "in_progress", "arguments": ""}}
DELTAS = [{"type": "response.function_call_arguments.delta", "sequence_number": 3, "item_id": "fc_1",
           "output_index": 0, "delta": '{"a":6,'},
          {"type": "response.function_call_arguments.delta", "sequence_number": 4, "item_id": "fc_1",
           "output_index": 0, "delta": '"b":7}'},
          {"type": "response.function_call_arguments.done", "sequence_number": 5, "item_id": "fc_1",
           "output_index": 0, "arguments": '{"a":6,"b":7}', "name": "multiply"}]
DONE = {"type": "response.output_item.done", "sequence_number": 6, "output_index": 0, "item": FC}
CREATED = {"type": "response.created", "sequence_number": 0,
           "response": {"id": "resp_1", "object": "response", "status": "in_progress", "output": []}}
COMPLETED = {"type": "response.completed", "sequence_number": 7,
             "response": {"id": "resp_1", "object": "response", "status": "completed", "output": [FC]}}
STREAM = [CREATED, ADDED, *DELTAS, DONE, COMPLETED]
CALL = ToolCall("multiply", {"a": 6, "b": 7}, "call_1")


def _both(events: List[Dict[str, Any]]) -> List[Any]:
    """The calls, by the hot loop and by the general reader (previews): the same."""
    out = accumulate(copy.deepcopy(events), D)
    acc = Accumulator(D, preview=True)
    for e in copy.deepcopy(events):
        acc.feed(e)
    assert acc.close() == out
    return out


def _again(event: Dict[str, Any], *at: int) -> List[Dict[str, Any]]:
    i = STREAM.index(event)
    return STREAM[:i + 1] + [copy.deepcopy(event)] + STREAM[i + 1:]


def test_the_stream_gives_one_call() -> None:
    assert _both(STREAM) == [CALL]


@pytest.mark.parametrize("event", ["done", "added", "deltas-done"])
def test_an_identical_repeat_adds_nothing(event: str) -> None:
    if event == "done":
        events = _again(DONE)
    elif event == "added":  # the start again, after the end
        events = STREAM[:6] + [copy.deepcopy(ADDED)] + STREAM[6:]
    else:  # the done event again, with the call's ``function_call_arguments.done`` before it
        events = STREAM[:6] + [copy.deepcopy(DELTAS[-1]), copy.deepcopy(DONE)] + STREAM[6:]
    assert _both(events) == [CALL]


def test_a_repeat_without_the_final_response_adds_nothing() -> None:
    assert _both([ADDED, *DELTAS, DONE, DONE]) == [CALL]


def test_a_differing_repeat_makes_the_call_invalid() -> None:
    other = {**DONE, "item": {**FC, "arguments": '{"a":6,"b":8}'}}
    (call,) = _both([CREATED, ADDED, *DELTAS, DONE, other])
    assert isinstance(call, InvalidToolCall)
    assert (call.name, call.id, call.raw) == ("multiply", "call_1", '{"a":6,"b":7}')
    assert "ended again" in call.error


def test_an_item_streamed_again_whole_is_never_a_second_run() -> None:
    events = [CREATED, ADDED, *DELTAS, DONE, ADDED, *DELTAS, DONE, COMPLETED]
    calls = _both(events)
    assert calls[0] == CALL
    assert all(isinstance(c, InvalidToolCall) for c in calls[1:])


def test_a_built_in_call_repeated_is_one_call() -> None:
    shell = {"type": "local_shell_call", "id": "ls_1", "call_id": "call_3", "status": "completed",
             "action": {"type": "exec", "command": ["ls"], "env": {}}}
    done = {"type": "response.output_item.done", "output_index": 0, "item": shell}
    calls = _both([done, done])
    assert [(c.name, c.id) for c in calls] == [("local_shell", "call_3")]


def test_a_server_call_repeated_is_one_call() -> None:
    search = {"type": "web_search_call", "id": "ws_1", "status": "completed",
              "action": {"type": "search", "query": "weather"}}
    done = {"type": "response.output_item.done", "output_index": 0, "item": search}
    acc = Accumulator(D, include_server=True)
    for e in [done, done]:
        acc.feed(e)
    assert [(c.name, c.id, c.server) for c in acc.close()] == [("web_search", "ws_1", True)]


def test_a_reused_output_index_with_another_item_is_another_call() -> None:
    """Two responses in one stream: the second's call at ``output_index`` 0 is its own."""
    second = {**FC, "id": "fc_2", "call_id": "call_2", "arguments": '{"a":1,"b":2}'}
    events = [ADDED, *DELTAS, DONE,
              {"type": "response.output_item.added", "output_index": 0, "item": {**second, "arguments": ""}},
              {"type": "response.function_call_arguments.delta", "item_id": "fc_2", "output_index": 0,
               "delta": '{"a":1,"b":2}'},
              {"type": "response.output_item.done", "output_index": 0, "item": second}]
    assert _both(events) == [CALL, ToolCall("multiply", {"a": 1, "b": 2}, "call_2")]


def test_a_repeated_message_item_adds_no_text() -> None:
    msg = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
           "content": [{"type": "output_text", "text": "Hi.", "annotations": []}]}
    done = {"type": "response.output_item.done", "output_index": 0, "item": msg}
    acc = Accumulator(D)
    for e in [{"type": "response.output_item.added", "output_index": 0, "item": {**msg, "content": []}},
              {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0,
               "delta": "Hi."}, done, done]:
        acc.feed(e)
    acc.close()
    assert acc.text == "Hi."


# ---- a stream replayed from its ``response.created`` (a reconnect re-sent from the start) ----

MSG = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
       "content": [{"type": "output_text", "text": "Sure.", "annotations": []}]}
MSG_EVENTS = [
    {"type": "response.output_item.added", "sequence_number": 1, "output_index": 0, "item": {**MSG, "content": []}},
    {"type": "response.output_text.delta", "sequence_number": 2, "item_id": "msg_1", "output_index": 0,
     "content_index": 0, "delta": "Sure."},
    {"type": "response.output_item.done", "sequence_number": 3, "output_index": 0, "item": MSG},
]
FC1 = {**FC, "id": "fc_1"}
CALL_EVENTS = [{**e, "output_index": 1, "sequence_number": e["sequence_number"] + 2}
               for e in [ADDED, *DELTAS, DONE]]
REPLAYED = [CREATED, *MSG_EVENTS, *CALL_EVENTS]  # up to the call's end, then the stream again from the start
FINAL = {"type": "response.completed", "sequence_number": 9,
         "response": {"id": "resp_1", "object": "response", "status": "completed", "output": [MSG, FC]}}


def _strip(events: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "sequence_number"} for e in events]


def _text(events: List[Dict[str, Any]]) -> str:
    acc = Accumulator(D)
    for e in copy.deepcopy(events):
        acc.feed(e)
    acc.close()
    return acc.text


@pytest.mark.parametrize("strip", [False, True], ids=["sequence-numbers", "stripped"])
def test_a_stream_replayed_from_its_start_gives_one_call(strip: bool) -> None:
    events = REPLAYED + REPLAYED + [FINAL]
    events = _strip(events) if strip else events
    assert _both(events) == [CALL]
    assert _text(events) == "Sure."


@pytest.mark.parametrize("strip", [False, True], ids=["sequence-numbers", "stripped"])
def test_a_stream_replayed_mid_call_gives_the_call_once(strip: bool) -> None:
    """Reconnected after the call's first delta: the replay re-sends it, then the rest."""
    cut = REPLAYED[:6]  # created, the message, the call added and its first delta
    events = cut + REPLAYED + [FINAL]
    events = _strip(events) if strip else events
    assert _both(events) == [CALL]
    assert _text(events) == "Sure."
    acc = Accumulator(D)  # each piece of its text shown once
    shown = [ev.delta for e in copy.deepcopy(events) for ev in acc.feed(e) if type(ev).__name__ == "ArgsDelta"]
    assert "".join(shown) == '{"a":6,"b":7}'


def test_a_stream_replayed_mid_message_gives_its_text_once() -> None:
    msg = {**MSG, "content": [{"type": "output_text", "text": "Sure, one.", "annotations": []}]}
    events = [CREATED, MSG_EVENTS[0], MSG_EVENTS[1],
              CREATED, MSG_EVENTS[0], MSG_EVENTS[1],
              {"type": "response.output_text.delta", "sequence_number": 3, "item_id": "msg_1", "output_index": 0,
               "content_index": 0, "delta": " one."}]
    assert _text(events) == "Sure. one."
    assert _text(events + [{"type": "response.output_item.done", "output_index": 0, "item": msg}]) == "Sure, one."


def test_a_replay_with_other_arguments_is_never_run() -> None:
    other = [{**e, "delta": '{"a":9,'} if e["type"].endswith("arguments.delta") and "6" in e["delta"] else e
             for e in CALL_EVENTS[:2]]
    events = REPLAYED[:6] + [CREATED, *MSG_EVENTS, *other, *CALL_EVENTS[2:]]
    calls = _both(events)
    assert len(calls) == 1 and isinstance(calls[0], InvalidToolCall)


def test_another_response_after_created_is_still_its_own() -> None:
    """A second response (another id) reusing ``output_index`` 0: a second call."""
    created2 = {**CREATED, "response": {**CREATED["response"], "id": "resp_2"}}
    second = {**FC, "call_id": "call_2", "arguments": '{"a":1,"b":2}'}
    events = [CREATED, ADDED, *DELTAS, DONE, created2,
              {"type": "response.output_item.added", "output_index": 0, "item": {**second, "arguments": ""}},
              {"type": "response.output_item.done", "output_index": 0, "item": second}]
    assert _both(events) == [CALL, ToolCall("multiply", {"a": 1, "b": 2}, "call_2")]


# ---- two responses fed to one reader without ``response.created``, reusing item ids ----

def test_a_reused_item_id_with_another_call_id_is_another_call() -> None:
    second = {**FC, "call_id": "call_2", "arguments": '{"a":1,"b":2}'}  # ``fc_1`` again
    events = [ADDED, *DELTAS, DONE,
              {"type": "response.output_item.added", "output_index": 0, "item": {**second, "arguments": ""}},
              {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
               "delta": '{"a":1,"b":2}'},
              {"type": "response.output_item.done", "output_index": 0, "item": second}]
    assert _both(events) == [CALL, ToolCall("multiply", {"a": 1, "b": 2}, "call_2")]


def test_a_reused_item_and_call_id_with_other_arguments_is_never_lost() -> None:
    """Nothing tells a second response's item from the first streamed again: it is an
    ``InvalidToolCall`` in its place, never dropped, never a second run."""
    second = {**FC, "arguments": '{"a":1,"b":2}'}
    events = [ADDED, *DELTAS, DONE,
              {"type": "response.output_item.added", "output_index": 0, "item": {**second, "arguments": ""}},
              {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
               "delta": '{"a":1,"b":2}'},
              {"type": "response.output_item.done", "output_index": 0, "item": second}]
    calls = _both(events)
    assert calls[0] == CALL and len(calls) == 2 and isinstance(calls[1], InvalidToolCall)


# ---- a message ended again with other text ----

def test_a_differing_repeated_message_is_not_guessed() -> None:
    other = {**MSG, "content": [{"type": "output_text", "text": "No.", "annotations": []}]}
    acc = Accumulator(D)
    for e in [CREATED, *MSG_EVENTS]:
        acc.feed(e)
    with pytest.raises(DecodeError, match="ended again"):
        acc.feed({"type": "response.output_item.done", "output_index": 0, "item": other})


# ---- text deltas of a message re-sent after its end, without its ``output_item.added`` ----
# openai-python's ``ResponseStreamState`` adds such a delta to the item at its ``output_index``
# (its snapshot), while the done item and ``get_final_response()`` (the final event's ``output``)
# hold the message's text once: the done item is its text; deltas repeating it add nothing.

TEXT_AGAIN = [e for e in MSG_EVENTS if e["type"] == "response.output_text.delta"]


@pytest.mark.parametrize("final", [False, True], ids=["no-final", "final"])
@pytest.mark.parametrize("times", [1, 2])
def test_text_deltas_of_an_ended_message_again_add_nothing(final: bool, times: int) -> None:
    events = [CREATED, *MSG_EVENTS, *TEXT_AGAIN * times]
    if final:
        events.append({**FINAL, "response": {**FINAL["response"], "output": [MSG]}})
    # before: "Sure.Sure." (the text doubled)
    assert _text(events) == "Sure."
    assert _text(_strip(events)) == "Sure."


def test_text_deltas_of_an_ended_message_in_pieces_again_add_nothing() -> None:
    pieces = [{**TEXT_AGAIN[0], "delta": d} for d in ("Su", "re", ".")]
    assert _text([CREATED, MSG_EVENTS[0], *pieces, MSG_EVENTS[2], *pieces, pieces[0]]) == "Sure."


def test_text_deltas_of_an_ended_commentary_message_again_add_nothing() -> None:
    msg = {**MSG, "phase": "commentary"}
    acc = Accumulator(D)
    for e in [CREATED, {**MSG_EVENTS[0], "item": {**msg, "content": []}}, MSG_EVENTS[1],
              {**MSG_EVENTS[2], "item": msg}, *TEXT_AGAIN]:
        acc.feed(e)
    acc.close()
    # before: "Sure.Sure." in the commentary
    assert (acc.text, acc.commentary) == ("", "Sure.")


def test_other_text_deltas_of_an_ended_message_are_not_guessed() -> None:
    acc = Accumulator(D)
    for e in [CREATED, *MSG_EVENTS]:
        acc.feed(e)
    # before: "Sure.No." (text the done item does not hold appended to the reply's)
    with pytest.raises(DecodeError, match="output_index 0"):
        acc.feed({**TEXT_AGAIN[0], "delta": "No."})


def test_text_deltas_of_another_message_at_an_ended_index_are_its_text() -> None:
    # (a gateway sending no ``output_item.added``: another ``item_id`` is another message)
    msg2 = {**MSG, "id": "msg_2", "content": [{"type": "output_text", "text": " Done.", "annotations": []}]}
    events = [CREATED, *MSG_EVENTS, {**TEXT_AGAIN[0], "item_id": "msg_2", "delta": " Done."},
              {**MSG_EVENTS[2], "item": msg2}]
    assert _text(events) == "Sure. Done."


def test_a_custom_tool_call_replayed_mid_input_gives_its_input_once() -> None:
    item = {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_9", "name": "exec", "input": ""}
    added = {"type": "response.output_item.added", "output_index": 0, "item": item}

    def piece(text: str) -> Dict[str, Any]:
        return {"type": "response.custom_tool_call_input.delta", "output_index": 0, "item_id": "ctc_1",
                "delta": text}
    done = {"type": "response.output_item.done", "output_index": 0,
            "item": {**item, "input": "print(1)", "status": "completed"}}
    events = [CREATED, added, piece("print("), CREATED, added, piece("print("), piece("1)")]
    acc = Accumulator(D)
    deltas = [ev.delta for e in copy.deepcopy(events) for ev in acc.feed(e) if type(ev).__name__ == "ArgsDelta"]
    assert "".join(deltas) == "print(1)"
    assert _both(events + [done]) == [ToolCall("exec", {"input": "print(1)"}, "call_9")]


def test_an_item_ended_with_another_call_id_takes_the_done_items() -> None:
    # one item (``fc_1`` at output 0) added with one call_id and done with another: vLLM's
    # gpt-oss Responses stream does it (``streaming_events.py``, ``emit_function_call_done_events``:
    # ``call_id=f"fc_{random_uuid()}"`` on the done item, another on the added one), and
    # openai-python's ``ResponseStreamState`` keeps the done item, so its id is the call's. The
    # general reader ran the call twice (the final response's item, its call_id unseen, read as a
    # call the stream never carried; the fast-path property, thorough profile), the hot loop once
    # under the first id
    added = copy.deepcopy(ADDED)
    added["item"]["call_id"] = "call_0"
    assert _both([CREATED, added, *DELTAS, DONE, COMPLETED]) == [CALL]
    assert _both([CREATED, added, *DELTAS, DONE]) == [CALL]
    # vLLM's done item: no ``id``, the item's id as an extra ``item_id``
    done = copy.deepcopy(DONE)
    done["item"].update({"id": None, "call_id": "fc_bbb", "item_id": "fc_1"})
    (call,) = _both([CREATED, added, *DELTAS, done])
    assert (type(call), call.name, call.args, call.id) == (ToolCall, "multiply", {"a": 6, "b": 7}, "fc_bbb")


# A gateway giving every item ``output_index`` 0 and done items saying ``"arguments": ""``
# (farion1231/cc-switch#6481: such text says nothing, the deltas are the arguments)
def _fc(u: int, arguments: str = "") -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{u}", "call_id": f"call_{u}", "name": "rm", "arguments": arguments,
            "status": "completed"}


def _added(u: int) -> Dict[str, Any]:
    return {"type": "response.output_item.added", "output_index": 0, "item": {**_fc(u), "status": "in_progress"}}


def _delta(u: int, piece: str) -> Dict[str, Any]:
    return {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": f"fc_{u}",
            "delta": piece}


def _done(u: int) -> Dict[str, Any]:
    return {"type": "response.output_item.done", "output_index": 0, "item": _fc(u)}


def test_an_ended_call_s_delta_again_after_the_open_call_s_delta_is_not_its_text() -> None:
    # call 1's second delta delivered again, late, right after a delta of call 2 (open at the
    # same index): the hot loop added it to call 2 (``{"path": "/home/me"}``)
    events = [_added(1), _delta(1, '{"path": "/ho'), _delta(1, 'me/'), _delta(1, 'me/x"}'), _done(1),
              _added(2), _delta(2, '{"path": "/ho'), _delta(1, 'me/'), _delta(2, 'me"}'), _done(2)]
    assert _both(events) == [ToolCall("rm", {"path": "/home/me/x"}, "call_1"), ToolCall("rm", {"path": "/home"}, "call_2")]


@pytest.mark.parametrize("said", [{"arguments": ""}, {"arguments": None}, {"name": None, "arguments": None}],
                         ids=["empty", "no-arguments", "no-name-no-arguments"])
def test_a_done_item_saying_nothing_again_while_another_call_is_open_adds_nothing(said: Dict[str, Any]) -> None:
    # call 1's done item delivered again, identical, while call 2 is open at the same index:
    # it was set against call 1's text (``{"q": 1}``) and name, and call 1 did not run
    def done(u: int) -> Dict[str, Any]:
        item = {k: v for k, v in {**_fc(u), **said}.items() if v is not None}
        return {"type": "response.output_item.done", "output_index": 0, "item": item}
    events = [{"type": "response.created", "response": {"id": "r1", "status": "in_progress", "output": []}},
              _added(1), _delta(1, '{"q": 1}'), done(1), _added(2), done(1), _delta(2, '{"q": 2}'), done(2),
              {"type": "response.completed", "response": {"id": "r1", "status": "completed",
                                                          "output": [_fc(1, '{"q": 1}'), _fc(2, '{"q": 2}')]}}]
    assert _both(events) == [ToolCall("rm", {"q": 1}, "call_1"), ToolCall("rm", {"q": 2}, "call_2")]


@pytest.mark.parametrize("copies", [1, 2, 3])
def test_an_ended_calls_done_item_again_several_times_leaves_the_open_call(copies: int) -> None:
    """Every item at one ``output_index`` (a gateway), an at-least-once transport: call A's
    ``output_item.done`` delivered again, identical, while call B is open there. Each copy
    adds nothing; B runs (two copies made B invalid: the first recorded B as ended with A's
    item, review revR2)."""
    def fc(u: int, name: str, args: str) -> Dict[str, Any]:
        return {"type": "function_call", "id": f"fc_{u}", "call_id": f"call_{u}", "name": name,
                "arguments": args, "status": "completed"}
    a, b = fc(0, "g", '{"q": 2}'), fc(1, "f", '{"q": 1}')

    def added(it: Dict[str, Any]) -> Dict[str, Any]:
        return {"type": "response.output_item.added", "output_index": 0, "item": dict(it, arguments="",
                                                                                      status="in_progress")}

    def delta(it: Dict[str, Any], piece: str) -> Dict[str, Any]:
        return {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": it["id"],
                "delta": piece}

    def done(it: Dict[str, Any]) -> Dict[str, Any]:
        return {"type": "response.output_item.done", "output_index": 0, "item": it}

    events = [{"type": "response.created", "response": {"id": "r1", "status": "in_progress", "output": []}},
              added(a), delta(a, '{"q": 2}'), done(a), added(b), *[done(a)] * copies,
              delta(b, '{"q": 1}'), done(b)]
    acc = Accumulator("openai.responses")
    for e in events:
        acc.feed(dict(e))
    want = [("g", {"q": 2}, "call_0"), ("f", {"q": 1}, "call_1")]
    assert [(c.name, c.args, c.id) for c in acc.close()] == want
    assert [(c.name, c.args, c.id) for c in accumulate([dict(e) for e in events], "openai.responses")] == want


def test_an_ended_item_added_again_after_the_final_event_then_its_response_again_runs_the_call_once() -> None:
    # a gateway's done item saying ``"arguments": ""``; after the final event, the call's
    # ``output_item.added`` again (a new call opens there), the response's ``response.created``
    # again (streamed again from its start: what ended stays ended), its done item again: the
    # item already ended there, streamed again whole, an ``InvalidToolCall``; the call read
    # first runs (the hot loop ended the open call as a call of its own under ``call_1``, which
    # made both invalid: review revR #5)
    done = {**DONE, "item": {**FC, "arguments": ""}}
    events = [CREATED, ADDED, *DELTAS[:2], done, COMPLETED, ADDED, CREATED, done]
    events = [{k: v for k, v in e.items() if k != "sequence_number"} for e in events]
    out = _both(events)
    assert out[0] == CALL
    assert [type(c) for c in out] == [ToolCall, InvalidToolCall]


FC2 = {**FC, "id": "fc_2", "call_id": "call_2", "arguments": '{"a":1,"b":2}'}
SECOND = [{"type": "response.output_item.added", "output_index": 1, "item": {**FC2, "status": "in_progress",
                                                                              "arguments": ""}},
          {"type": "response.function_call_arguments.delta", "item_id": "fc_2", "output_index": 1,
           "delta": FC2["arguments"]},
          {"type": "response.output_item.done", "output_index": 1, "item": FC2}]


@pytest.mark.parametrize("which", [0, 1], ids=["first-delta", "second-delta"])
@pytest.mark.parametrize("final", [False, True], ids=["no-final", "final"])
def test_an_ended_call_s_delta_again_later_adds_nothing(which: int, final: bool) -> None:
    # an at-least-once transport delivers call_1's delta again after call_2 (nothing open at its
    # ``output_index``): a piece of the arguments its done item holds, it adds nothing (it
    # opened a nameless call, an ``InvalidToolCall`` of noise at the end)
    events = [CREATED, ADDED, *DELTAS, DONE, *SECOND, copy.deepcopy(DELTAS[which])]
    if final:
        events.append({**COMPLETED, "response": {**COMPLETED["response"], "output": [FC, FC2]}})
    out = _both(events)
    assert out == [CALL, ToolCall("multiply", {"a": 1, "b": 2}, "call_2")]


def test_an_ended_call_s_delta_again_with_other_text_makes_it_invalid() -> None:
    late = {**DELTAS[0], "delta": '{"a":9,'}
    out = _both([CREATED, ADDED, *DELTAS, DONE, *SECOND, late])
    assert [type(c) for c in out] == [InvalidToolCall, ToolCall]
    assert out[0].id == "call_1"


WEATHER = ['{"', "location", '":"', "San", " Francisco", ",", " CA", '","', "unit", '":"', "c", "elsius", '"}']


@pytest.mark.parametrize("times", [1, 2, 5])
def test_an_ended_call_s_last_deltas_again_several_times_add_nothing(times: int) -> None:
    # the call's last deltas (from its second '":"' on) delivered again after its
    # ``output_item.done``, *times* times (an at-least-once transport, resumes): each is a
    # piece its own delta carried, where that delta began; the call runs once (it was made
    # invalid as "not searched": each piece not at the place the one before ended was
    # searched for from the start, at the arguments' whole length each)
    text = "".join(WEATHER)
    item = {**FC, "name": "get_weather", "arguments": text}
    pieces = [{"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
               "delta": p} for p in WEATHER]
    added = {**ADDED, "item": {**item, "status": "in_progress", "arguments": ""}}
    events = [CREATED, added, *pieces, {**DONE, "item": item}]
    for _ in range(times):
        events += copy.deepcopy(pieces[9:])
    out = _both(events)
    assert out == [ToolCall("get_weather", {"location": "San Francisco, CA", "unit": "celsius"}, "call_1")]


def _late_search(monkeypatch: pytest.MonkeyPatch, again: Any) -> Any:
    """A run (*n* one-character deltas of a call, then *again* of them after its end) counting
    the characters ``late`` searched."""
    from toolwire.dialects.openai import responses_feed_late

    searched = [0]
    find = responses_feed_late.find

    def counted(text: str, piece: str) -> int:
        searched[0] += len(text)
        return find(text, piece)

    monkeypatch.setattr(responses_feed_late, "find", counted)

    def run(n: int) -> int:
        text = '{"a":"' + "x" * n + '"}'
        item = {**FC, "arguments": text}
        pieces = [{"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
                   "delta": ch} for ch in text]
        added = {**ADDED, "item": {**item, "status": "in_progress", "arguments": ""}}
        events = [CREATED, added, *pieces, {**DONE, "item": item}, *SECOND, *again(copy.deepcopy(pieces))]
        searched[0] = 0
        acc = Accumulator(D)
        for e in events:
            acc.feed(e)
        acc.close()
        return searched[0]

    return run


def test_an_ended_call_s_deltas_again_are_searched_in_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    # n one-character deltas of a call, then pieces of two characters no delta carried, in
    # reverse order (each where the one before did not end: searched): the characters
    # searched are held to four times the arguments' and the deltas' length (counted, not
    # timed); past that the call is not run
    def pairs(pieces: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        return [{**a, "delta": a["delta"] + b["delta"]} for a, b in zip(pieces[-2::-1], pieces[::-1])]

    run = _late_search(monkeypatch, pairs)
    small, big = run(100), run(400)
    assert 0 < big <= 5 * small


def test_an_ended_call_s_own_deltas_again_are_found_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # its own deltas again, in reverse order, three times: each found where it began (a
    # table of its deltas), none searched for (n-vs-4n: no work but the table's)
    run = _late_search(monkeypatch, lambda pieces: list(reversed(pieces)) * 3)
    assert run(100) == run(400) == 0



def test_the_deltas_of_ended_calls_are_let_go_when_their_response_ends() -> None:
    """``late`` keeps an ended call's deltas for the response still streaming only (revR2:
    kept to the stream's end, 2,000 calls in 3-character deltas held 138 MB)."""
    import json
    import tracemalloc

    args = json.dumps({"q": "x" * 600})
    acc = Accumulator("openai.responses")
    tracemalloc.start()
    try:
        for i in range(100):
            item = {"type": "function_call", "id": f"fc_{i}", "call_id": f"call_{i}", "name": "f"}
            acc.feed({"type": "response.created", "response": {"id": f"resp_{i}", "status": "in_progress"}})
            acc.feed({"type": "response.output_item.added", "output_index": 0,
                      "item": {**item, "arguments": "", "status": "in_progress"}})
            for j in range(0, len(args), 3):
                acc.feed({"type": "response.function_call_arguments.delta", "output_index": 0,
                          "item_id": f"fc_{i}", "delta": args[j:j + 3]})
            done = {**item, "arguments": args, "status": "completed"}
            acc.feed({"type": "response.output_item.done", "output_index": 0, "item": done})
            acc.feed({"type": "response.completed",
                      "response": {"id": f"resp_{i}", "status": "completed", "output": [done]}})
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # the arguments themselves: 100 x 612 characters; each delta kept as a string: 20,400
    # objects of 52 bytes or more (over 1 MB)
    assert held < 100 * len(args) * 8, held
    assert [c.id for c in acc.close()] == [f"call_{i}" for i in range(100)]


@pytest.mark.parametrize("times", [3, 6])
def test_a_call_s_deltas_re_sent_after_its_response_is_replayed_add_nothing(times: int) -> None:
    """The same response again (``response.created`` with its id after its final event, a
    reconnect) reads its calls again: their own deltas re-sent late are still found where
    they began (revR3: the table was let go at the final event, the pieces were searched
    for and the call made invalid)."""
    import json

    args = json.dumps({"q": "ab" * 200})
    pieces = [args[j:j + 2] for j in range(0, len(args), 2)]
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f"}
    done = {**item, "arguments": args, "status": "completed"}
    created = {"type": "response.created", "response": {"id": "r0", "status": "in_progress", "output": []}}
    final = {"type": "response.completed", "response": {"id": "r0", "status": "completed", "output": [done]}}
    delta = {"type": "response.function_call_arguments.delta", "item_id": "fc_1"}
    events: List[Dict[str, Any]] = [
        created, {"type": "response.output_item.added", "output_index": 0,
                  "item": {**item, "arguments": "", "status": "in_progress"}}]
    events += [{**delta, "output_index": 0, "delta": p} for p in pieces]
    events += [{"type": "response.output_item.done", "output_index": 0, "item": done}, final, created]
    events += [{**delta, "delta": p} for p in pieces[-5:]] * times + [final]
    out = accumulate(events, "openai.responses")
    assert [(type(c), c.id) for c in out] == [(ToolCall, "call_1")], out


def test_the_deltas_of_ended_calls_are_let_go_without_response_created() -> None:
    """Responses without ``response.created`` (a gateway that strips it): an ended call's
    deltas are let go at its response's final event (they were kept to the stream's end,
    the table cleared only where a new response begins)."""
    import json

    args = json.dumps({"q": "x" * 600})

    def run(n: int) -> Callable[[], None]:
        def go() -> None:
            acc = Accumulator("openai.responses")
            for i in range(n):
                item = {"type": "function_call", "id": f"fc_{i}", "call_id": f"call_{i}", "name": "f"}
                acc.feed({"type": "response.output_item.added", "output_index": 0,
                          "item": {**item, "arguments": "", "status": "in_progress"}})
                for j in range(0, len(args), 3):
                    acc.feed({"type": "response.function_call_arguments.delta", "output_index": 0,
                              "item_id": f"fc_{i}", "delta": args[j:j + 3]})
                done = {**item, "arguments": args, "status": "completed"}
                acc.feed({"type": "response.output_item.done", "output_index": 0, "item": done})
                acc.feed({"type": "response.completed",
                          "response": {"id": f"resp_{i}", "status": "completed", "output": [done]}})
            assert [c.id for c in acc.close()] == [f"call_{i}" for i in range(n)]
        return go

    small, big = peak(run(25)), peak(run(100))
    # each call's 204 deltas kept to the end: 4x the calls held 4x the deltas (over 1 MB at 100)
    assert big < 100 * len(args) * 8, (small, big)

