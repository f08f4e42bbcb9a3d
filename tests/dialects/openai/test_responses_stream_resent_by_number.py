"""A Responses done item re-sent under fresh ids is found by its own ``sequence_number``.

openai-python ``ResponseOutputItemDoneEvent`` carries ``output_index``, ``item`` and
``sequence_number`` (each event of a response numbered from 0, ``response.created`` first,
then ``response.in_progress``). A done item sent again (an at-least-once transport; vLLM
re-parses the reply and gives it fresh ``id`` / ``call_id``) keeps its event's number: it is
the call whose done event had that number in the response read, wherever that call is
among those ended at its ``output_index`` (a gateway streams every item at index 0), never
a second run. A new response (``response.created`` or ``response.in_progress`` of another
``id``, a final event) counts from 0 again: what it is compared against starts afresh, so a
call of its own with a number one of the first response's calls had is never dropped (an
earlier response's ``in_progress`` again starts nothing). The numbers are a count only when
the item events' numbers differ or go on above the lifecycle events': numbered lifecycle
events and one placeholder on every item event lose no call.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from responses_events import added as _added
from responses_events import delta as _delta
from responses_events import done as _done
from responses_events import read_both as _read
from toolwire.stream import accumulate

D = "openai.responses"
PARIS = '{"city": "Paris"}'


def _fc(n: int, arguments: str = PARIS, name: str = "get_weather") -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{n}", "call_id": f"call_{n}", "name": name,
            "arguments": arguments, "status": "completed"}


def _fresh(item: Dict[str, Any]) -> Dict[str, Any]:
    n = item["call_id"].split("_")[1]
    return {**item, "id": f"fx_{n}", "call_id": f"fresh_{n}"}


def _life(kind: str, rid: str, seq: int) -> Dict[str, Any]:
    return {"type": f"response.{kind}", "response": {"id": rid, "status": "in_progress", "output": []},
            "sequence_number": seq}


def _text(seq: int) -> Dict[str, Any]:
    return {"type": "response.output_text.delta", "item_id": "msg_2", "output_index": 1, "content_index": 0,
            "delta": "", "sequence_number": seq}


def _ids(n: int) -> List[Any]:
    return [("ToolCall", f"call_{k}") for k in range(1, n + 1)]


EITHER = ("InvalidToolCall", "fresh_2")


@pytest.mark.parametrize("third", ["Paris", "Oslo"])
def test_an_earlier_calls_done_item_again_at_a_shared_index_never_runs_twice(third: str) -> None:
    # every item at index 0, numbers counting up; call_2's done item (number 3) sent again
    # under fresh ids after call_3 ended there (it ran twice): call_2's again, or another
    # response's call counted from 0 with no boundary (below): not guessed, it does not run
    a, b, c = _fc(1, '{"city": "Rome"}'), _fc(2), _fc(3, f'{{"city": "{third}"}}')
    events = [_done(a, 0, 0), _added(b, 0, 1), _delta(b, 0, 2), _done(b, 0, 3), _done(c, 0, 4),
              _done(_fresh(b), 0, 3)]
    assert _read(events) == _ids(3) + [EITHER]


def test_a_merged_second_responses_call_at_an_earlier_calls_number_is_never_dropped_unseen() -> None:
    # two responses, no response.created, no final event between, each counted from 0: the
    # second's get_weather(Paris) done-only at index 0, number 0, that of the first's call_1
    # there (call_2 ended there since): the same events as call_1's done item again under
    # fresh ids; not guessed which (it is a call that does not run, never dropped unseen)
    a, b, c = _fc(1), _fc(2, '{"city": "Rome"}'), _fc(3)
    events = [_done(a, 0, 0), _added(b, 0, 1), _done(b, 0, 2), _done(c, 0, 0), _text(1)]
    assert _read(events) == _ids(2) + [("InvalidToolCall", "call_3")]


def test_an_earlier_calls_done_item_again_while_another_call_is_open_there_runs_it_once() -> None:
    # (call_3 open at index 0 when call_2's done item comes again: it does not end call_3)
    a, b, c = _fc(1, '{"city": "Rome"}'), _fc(2), _fc(3, '{"city": "Oslo"}')
    events = [_done(a, 0, 0), _added(b, 0, 1), _delta(b, 0, 2), _done(b, 0, 3), _added(c, 0, 4),
              _done(_fresh(b), 0, 3), _delta(c, 0, 5), _done(c, 0, 6)]
    assert _read(events) == _ids(3)


@pytest.mark.parametrize("boundary", ["in_progress", "created", "in_progress_after_created"])
def test_a_second_responses_call_with_the_first_ones_done_number_is_kept(boundary: str) -> None:
    # two responses, each counted from 0; the second's get_weather(Paris), done item only,
    # at index 0 with number 2, the number of the first's call there: a call of its own
    # (it was dropped as a re-send: a call lost)
    a, b = _fc(1), _fc(2)
    first = [_added(a, 0, 0), _delta(a, 0, 1), _done(a, 0, 2)]
    if boundary == "in_progress":
        second = [_life("in_progress", "resp_2", 0), _text(1), _done(b, 0, 2)]
    elif boundary == "created":
        second = [_life("created", "resp_2", 0), _text(1), _done(b, 0, 2)]
    else:
        first = [_life("created", "resp_1", 0), _life("in_progress", "resp_1", 1), _added(a, 0, 2),
                 _delta(a, 0, 3), _done(a, 0, 4)]
        second = [_life("in_progress", "resp_2", 1), _text(2), _text(3), _done(b, 0, 4)]
    assert _read(first + second) == _ids(2)


def test_a_done_only_call_again_right_after_runs_once() -> None:
    # a gateway sending done items only; response.created 0 and .in_progress 1 show the
    # numbers are real: call_1's done item again under fresh ids, its number (2) kept
    a, b = _fc(1, '{"q": 1}', "f"), _fc(2, '{"q": 2}', "g")
    events = [_life("created", "resp_1", 0), _life("in_progress", "resp_1", 1), _done(a, 0, 2),
              _done(_fresh(a), 0, 2), _done(b, 1, 3)]
    assert _read(events) == _ids(2)


@pytest.mark.parametrize("boundary", ["created", "in_progress"])
def test_a_second_response_with_one_number_on_every_event_keeps_its_calls(boundary: str) -> None:
    # the first response's numbers vary; the second (its own response.created /
    # .in_progress) puts 7 on every event: two real get_weather(Paris) calls, done items
    # only at index 0, each its own ids; one number on every event proves no re-send there
    # (the second call was dropped: "the numbers vary" was never reset)
    a, x, y = _fc(1), _fc(2), _fc(3)
    events = ([_life("created", "resp_1", 5), _added(a, 0, 6), _delta(a, 0, 7), _done(a, 0, 8)]
              + [_life(boundary, "resp_2", 7), _done(x, 0, 7), _done(y, 0, 7)])
    assert _read(events) == _ids(3)


def test_the_same_rule_reads_events_built_as_sdk_objects() -> None:
    # openai-python's own event types, dumped as a client hands them over
    types = pytest.importorskip("openai.types.responses")
    b, c = _fc(2), _fc(3, '{"city": "Oslo"}')

    def done(item: Dict[str, Any], seq: int) -> Dict[str, Any]:
        return dict(types.ResponseOutputItemDoneEvent(
            type="response.output_item.done", output_index=0, sequence_number=seq,
            item=types.ResponseFunctionToolCall(**item)).model_dump(exclude_none=True))

    events = [done(_fc(1, '{"city": "Rome"}'), 0), done(b, 1), done(c, 2), done(_fresh(c), 2), done(_fresh(b), 1)]
    assert _read(events) == _ids(3) + [EITHER]


@pytest.mark.parametrize("numbered", [True, False])
def test_a_resent_call_with_another_number_or_none_is_a_call_of_its_own(numbered: bool) -> None:
    # (no proof it is that event again: a call of its own, never a call lost)
    a, b = _fc(1), _fc(2, '{"city": "Rome"}')
    events = [_done(a, 0, 0), _done(b, 0, 1), _done(_fresh(a), 0, 5 if numbered else None)]
    assert _read(events) == _ids(2) + [("ToolCall", "fresh_1")]


@pytest.mark.parametrize("placeholder", [0, -1])
@pytest.mark.parametrize("order", ["lifecycle_first", "in_progress_between"])
def test_lifecycle_numbers_with_one_number_on_every_item_event_lose_no_call(placeholder: int, order: str) -> None:
    # response.created 0 and .in_progress 1 numbered, every item event one placeholder: two
    # real get_weather(Paris) calls at index 0, each its own ids (call_2 was dropped as
    # call_1's done item again: the lifecycle numbers were read as the items' count)
    a, b = _fc(1), _fc(2)
    if order == "lifecycle_first":
        events = [_life("created", "r", 0), _life("in_progress", "r", 1), _done(a, 0, placeholder),
                  _done(b, 0, placeholder)]
    else:
        events = [_life("created", "r", 0), _done(a, 0, placeholder), _life("in_progress", "r", 1),
                  _done(b, 0, placeholder)]
    assert _read(events) == _ids(2)


def test_an_earlier_responses_in_progress_again_late_starts_no_count() -> None:
    # resp_A then resp_B, each counted from 0; resp_A's response.in_progress delivered again
    # after resp_B began, then resp_B's call_2 done item again under fresh ids, its number
    # (3) kept: call_2 again, never a second run (the late event restarted the count)
    a, b = _fc(1), _fc(2, '{"city": "Rome"}')
    events = [_life("created", "resp_A", 0), _life("in_progress", "resp_A", 1), _added(a, 0, 2), _done(a, 0, 3),
              _life("created", "resp_B", 0), _life("in_progress", "resp_B", 1), _added(b, 0, 2), _done(b, 0, 3),
              _life("in_progress", "resp_A", 1), _done(_fresh(b), 0, 3)]
    assert _read(events) == _ids(2)


@pytest.mark.parametrize("start", [0, 1])
def test_a_second_response_begun_by_in_progress_only_at_the_same_index_is_read(start: int) -> None:
    # resp_B gives no response.created and resp_A no final event: its response.in_progress
    # (another id, its number below those read) starts its count; its call at index 0 is
    # a call of its own (it was refused: "Another item was added at output_index 0")
    a, b = _fc(1), _fc(2, '{"city": "Rome"}')
    events = [_life("created", "resp_A", 0), _life("in_progress", "resp_A", 1), _added(a, 0, 2), _done(a, 0, 3),
              _life("in_progress", "resp_B", start), _added(b, 0, start + 1), _done(b, 0, start + 2)]
    assert _read(events) == _ids(2)


def test_an_earlier_responses_done_item_again_after_the_next_began_never_runs_twice() -> None:
    # resp_A, then resp_B begun by its response.in_progress alone (counted from 0 again);
    # resp_A's call_2 done item (number 4, index 1) again under fresh ids once resp_B passed
    # number 4: call_2 again, or resp_B's own call: not guessed, it does not run (it ran twice)
    a, b, c, d = _fc(1, '{"city": "Rome"}'), _fc(2), _fc(3, '{"city": "Oslo"}'), _fc(4)
    events = [_life("in_progress", "resp_A", 0), _done(a, 0, 1), _added(b, 1, 2), _delta(b, 1, 3), _done(b, 1, 4),
              _life("in_progress", "resp_B", 0), _added(c, 0, 1), _delta(c, 0, 2), _done(c, 0, 3), _done(d, 1, 5),
              _done(_fresh(b), 1, 4)]
    assert _read(events) == _ids(4) + [EITHER]


def test_responses_begun_by_in_progress_keep_the_work_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    # each response counted from 0 again keeps the one before (its calls by number): n
    # responses copy n such tables of one call each, 4n four times as many (count, not time)
    from toolwire.dialects.openai import responses_stream_phase as phase

    copied = [0]
    recount = phase.Phased._recount

    def counted(self: Any, rid: Any, n: Any, top: Any) -> None:
        copied[0] += len(self.done_at)
        recount(self, rid, n, top)

    monkeypatch.setattr(phase.Phased, "_recount", counted)

    def run(n: int) -> int:
        copied[0] = 0
        events: List[Dict[str, Any]] = []
        for r in range(n):
            x = _fc(r + 1, f'{{"city": "C{r % 3}"}}')
            events += [_life("in_progress", f"resp_{r}", 0), _added(x, 0, 1), _delta(x, 0, 2), _done(x, 0, 3),
                       _done(_fresh(x), 0, 3)]
        out = accumulate(events, D)
        assert [c.id for c in out] == [f"call_{k}" for k in range(1, n + 1)]
        return copied[0]

    small, large = run(200), run(800)
    assert small > 0 and large <= 4 * small + 4


def test_the_responses_created_again_keeps_its_count() -> None:
    # resp_1's response.created delivered again (the same id: the response read, streamed
    # again from its start, numbered as first sent), then call_1's done item again under
    # fresh ids, its number (4) kept: never a second run (the count was not reset). With an
    # item open at that response.created it may also be a retry cut mid-item whose own call
    # has that number and content (review revR3b: such calls were lost, 745 of 2,000): not
    # guessed, an InvalidToolCall
    a, b = _fc(1), _fc(2, '{"city": "Rome"}')
    events = [_life("created", "resp_1", 0), _life("in_progress", "resp_1", 1), _added(a, 0, 2), _delta(a, 0, 3),
              _done(a, 0, 4), _added(b, 1, 5), _life("created", "resp_1", 0), _done(_fresh(a), 0, 4),
              _delta(b, 1, 6), _done(b, 1, 7)]
    assert _read(events) == _ids(2) + [("InvalidToolCall", "fresh_1")]


def test_a_retry_cut_mid_item_under_the_same_id_never_loses_its_call() -> None:
    # review revR3b: the first response cut with call_2 open, the retry under the same id
    # ends call_3, done-only, with call_1's number and content: was lost
    cut = _fc(2)
    events = (_again([_fc(1)]) + [_added(cut, 1, 3), _delta(cut, 1, 4)]
              + [_life("created", "resp_X", 0), _life("in_progress", "resp_X", 1), _done(_fc(3), 0, 2)])
    out = _read(events)
    assert ("ToolCall", "call_1") in out and ("InvalidToolCall", "call_3") in out


def test_the_response_streamed_again_from_its_start_re_adds_its_items_at_one_index() -> None:
    # every item at index 0; the response streamed again from its start, numbered as first
    # sent: its reasoning item added again (number 2) where call_1 ended (number 4) is that
    # item again, no other response (its count kept must not refuse it)
    rs = {"type": "reasoning", "id": "rs_1", "summary": []}
    a, b = _fc(1), _fc(2, '{"city": "Rome"}')
    first = [_life("created", "resp_1", 0), _life("in_progress", "resp_1", 1),
             {"type": "response.output_item.added", "output_index": 0, "item": rs, "sequence_number": 2},
             {"type": "response.output_item.done", "output_index": 0, "item": rs, "sequence_number": 3},
             _done(a, 0, 4)]
    assert _read(first + first + [_done(b, 0, 5)]) == _ids(2)


def test_an_earlier_responses_created_again_late_starts_nothing() -> None:
    # as its response.in_progress: resp_A's response.created delivered again after resp_B
    # began; resp_B's call_2 done item again under fresh ids, its number kept: call_2
    # again (it began a new response, and the re-send ran twice)
    a, b = _fc(1), _fc(2, '{"city": "Rome"}')
    events = [_life("created", "resp_A", 0), _added(a, 0, 1), _done(a, 0, 2), _life("created", "resp_B", 3),
              _added(b, 1, 4), _done(b, 1, 5), _life("created", "resp_A", 0), _done(_fresh(b), 1, 5)]
    assert _read(events) == _ids(2)


def _again(calls: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """A response of id ``resp_X`` with the done-only *calls* at index 0, numbered from 2."""
    return ([_life("created", "resp_X", 0), _life("in_progress", "resp_X", 1)]
            + [_done(c, 0, n) for n, c in enumerate(calls, 2)])


def test_a_second_response_under_the_same_id_never_loses_its_call_unseen() -> None:
    # review revR2's reproducer: two responses sharing one response.id (a gateway's fixed id,
    # or its retry upstream under its own id), no final event between, each call done-only at
    # index 0 with the same number and arguments: call_2 is call_1 again or a call of its own?
    # Not guessed: it does not run (never a call dropped unseen)
    events = _again([_fc(1)]) + _again([_fc(2)])
    assert _read(events) == [("ToolCall", "call_1"), ("InvalidToolCall", "call_2")]


def test_two_done_only_calls_of_a_second_response_under_the_same_id_are_both_seen() -> None:
    # call_2 as above; call_4 (number 3) is past the last done number read (call_2's, 2): a call
    events = _again([_fc(1), _fc(3)]) + _again([_fc(2), _fc(4)])
    assert _read(events) == [("ToolCall", "call_1"), ("ToolCall", "call_3"),
                             ("InvalidToolCall", "call_2"), ("ToolCall", "call_4")]


def test_a_second_response_under_the_same_id_with_other_arguments_runs() -> None:
    events = _again([_fc(1)]) + _again([_fc(2, '{"city": "Rome"}')])
    assert _read(events) == _ids(2)


def test_the_response_streamed_again_under_its_own_ids_runs_once() -> None:
    # a real replay: the same items again, with the same ids: nothing new
    events = _again([_fc(1), _fc(3)])
    assert _read(events + events) == [("ToolCall", "call_1"), ("ToolCall", "call_3")]


def test_a_done_only_stream_with_its_fresh_id_copy_received_twice_runs_once() -> None:
    # review revR3b: a vLLM stream (a done item, then its copy under fresh ids) received twice:
    # its own done item seen again after the repeated response.created is the replay's proof,
    # the copy after it nothing new (was an InvalidToolCall "fresh_1")
    events = _again([_fc(1)]) + [_done(_fresh(_fc(1)), 0, 2)]
    assert _read(events) == [("ToolCall", "call_1")]
    assert _read(events + events) == [("ToolCall", "call_1")]


@pytest.mark.parametrize("copied", [False, True])
def test_a_third_response_under_the_same_id_after_a_replay_never_loses_its_call(copied: bool) -> None:
    # review revLead R1: resp_X, resp_X streamed again whole (a replay: call_1's own done item
    # again), then a third response under that id whose done-only call_3 has call_1's number and
    # content. The replay's evidence is its own pass's: call_3 was lost (315 of 2,000 against
    # 56f286c6); now not guessed, it does not run (as without the replay between)
    first = _again([_fc(1)]) + ([_done(_fresh(_fc(1)), 0, 2)] if copied else [])
    events = first + _again([_fc(1)]) + _again([_fc(3)])
    assert _read(events) == [("ToolCall", "call_1"), ("InvalidToolCall", "call_3")]


@pytest.mark.parametrize("restart", [False, True])
def test_a_call_open_at_the_responses_created_again_ends_after_it(restart: bool) -> None:
    # review revLead R2: resp_1's response.created delivered again while call_1 is open (or
    # the stream started again from its start with the same ids), then call_1's done item and
    # vLLM's copy of it under fresh ids at the same number: call_1 ended after the created
    # again, so its copy is nothing new (it was an InvalidToolCall: 1,632 of 2,000 refused)
    a = _fc(1)
    head = [_life("created", "resp_1", 0), _life("in_progress", "resp_1", 1), _added(a, 0, 2)]
    middle = head if restart else [_life("created", "resp_1", 0)]
    events = head + middle + [_delta(a, 0, 3), _done(a, 0, 4), _done(_fresh(a), 0, 4)]
    assert _read(events) == _ids(1)
