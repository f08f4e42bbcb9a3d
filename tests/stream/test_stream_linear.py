"""Stream bookkeeping costs the same for every delta, and memory stays inside
``max_bytes`` (issue #16, items 3 and 4). Counted, never timed: the work is read off
the structures (how many earlier calls a run visits, whether fragments are joined
again); ``benchmarks/bench_scaling.py`` has the timings at n and 4n."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional

import pytest

from lines_run import calls_made, lines_run
from toolwire import ArgumentsError, InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate


class CountingList(List[Any]):
    """A list that counts the elements its loops visit (forwards and backwards)."""

    visited = 0

    def __iter__(self) -> Iterator[Any]:
        for x in list.__iter__(self):
            CountingList.visited += 1
            yield x

    def __reversed__(self) -> Iterator[Any]:
        for x in list.__reversed__(self):
            CountingList.visited += 1
            yield x


def counted(dialect: str, chunks: List[Dict[str, Any]]) -> int:
    """Elements of the calls list visited while feeding *chunks* one by one (close not counted)."""
    acc = Accumulator(dialect)
    core = acc._core
    assert core is not None
    core.calls = CountingList()
    CountingList.visited = 0
    for chunk in chunks:
        acc.feed(chunk)
    visited = CountingList.visited
    acc.close()
    return visited


def chat(choice: int, *tool_calls: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"object": "chat.completion.chunk",
            "choices": [{"index": choice, "delta": {"tool_calls": list(tool_calls)} if tool_calls else {},
                         "finish_reason": finish}]}


def head(i: int, index: Optional[int] = None) -> Dict[str, Any]:
    out: Dict[str, Any] = {"id": f"call_{i}", "type": "function", "function": {"name": "f", "arguments": ""}}
    if index is not None:
        out["index"] = index
    return out


def piece(text: str, index: Optional[int] = None) -> Dict[str, Any]:
    out: Dict[str, Any] = {"function": {"arguments": text}}
    if index is not None:
        out["index"] = index
    return out


# --- Chat: deltas without ``index`` and finish reasons visit no earlier call ------------


def _index_less_after_other_choice(n: int) -> List[Dict[str, Any]]:
    """Choice 1 opens a call without an index, choice 0 opens n calls, then n
    continuations of choice 1's call arrive (no index, no id): the latest call of
    choice 1 lies n calls back."""
    chunks = [chat(1, head(-1))]
    chunks += [chat(0, head(i, index=i)) for i in range(n)]
    chunks += [chat(1, piece("{" if j == 0 else " ")) for j in range(n)] + [chat(1, piece("}"))]
    return chunks


def _finish_per_chunk(n: int) -> List[Dict[str, Any]]:
    """Each chunk opens a call in choice 0 and carries a finish reason of choice 1."""
    chunks: List[Dict[str, Any]] = []
    for i in range(n):
        chunk = chat(0, head(i, index=i), piece("{}", index=i))
        chunk["choices"].append({"index": 1, "delta": {}, "finish_reason": "stop"})
        chunks.append(chunk)
    return chunks


def _many_choices_finishing(n: int) -> List[Dict[str, Any]]:
    """n calls in choice 0 stay open while choices 1..n finish one by one."""
    chunks = [chat(0, head(i, index=i), piece("{}", index=i)) for i in range(n)]
    chunks += [chat(k, finish="stop") for k in range(1, n + 1)]
    return chunks


@pytest.mark.parametrize(
    "make", [_index_less_after_other_choice, _finish_per_chunk, _many_choices_finishing],
    ids=["index-less-deltas", "finish-reason-per-chunk", "many-choices-finishing"],
)
def test_stream_bookkeeping_is_constant_per_delta_chat(make: Any) -> None:
    small, big = counted("openai.chat", make(200)), counted("openai.chat", make(800))
    # a scan per delta visits ~n calls each time: 40,000 vs 640,000; constant work visits none
    assert small <= 10 and big <= 10, (small, big)


def test_index_less_deltas_still_reach_their_call() -> None:
    # the index-less deltas belong to the first choice (0), which another choice interleaves
    def swap(chunks: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        for c in chunks:
            for ch in c["choices"]:
                ch["index"] = 1 - ch["index"]
        return chunks

    done = [chat(0, finish="tool_calls"), chat(1, finish="tool_calls")]
    calls = accumulate(swap(_index_less_after_other_choice(3)) + done)
    assert [(c.id, c.args) for c in calls] == [("call_-1", {})]
    chunks = [chat(0, head(7)), chat(1, head(0, index=0)), chat(0, piece('{"a":')), chat(0, piece("1}")), *done]
    assert [(c.id, c.args) for c in accumulate(chunks)] == [("call_7", {"a": 1})]



def test_a_finish_reason_ends_its_own_choice_only() -> None:
    acc = Accumulator("openai.chat")
    acc.feed(chat(0, head(0, index=0), piece('{"a":', index=0)))
    acc.feed(chat(1, head(1, index=0), piece("{}", index=0)))
    acc.feed(chat(1, finish="tool_calls"))
    assert [c.id for c in acc.calls] == ["call_1"]  # choice 0's call is still open
    acc.feed(chat(0, piece("2}", index=0), finish="tool_calls"))
    assert [c.id for c in acc.calls] == ["call_1"]  # (a finish beside a piece: more pieces may come)
    acc.feed(chat(0, finish="tool_calls"))  # nothing more
    assert [(c.id, c.args) for c in acc.calls] == [("call_0", {"a": 2}), ("call_1", {})]


# --- Responses: a whole text given again joins nothing again ---------------------------------


def _responses(n: int, repeats: int) -> List[Dict[str, Any]]:
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": ""}
    events: List[Dict[str, Any]] = [{"type": "response.output_item.added", "output_index": 0, "item": item}]
    events += [{"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1",
                "delta": "{" if j == 0 else " "} for j in range(n)]
    # ``done`` events whose text is not what the deltas made (LM Studio-like servers)
    events += [{"type": "response.function_call_arguments.done", "output_index": 0, "item_id": "fc_1",
                "arguments": '{"a": 1}'}] * repeats
    return events


@pytest.mark.parametrize("repeats", [1, 2, 50])
def test_stream_bookkeeping_is_constant_per_delta_responses_done(repeats: int) -> None:
    acc = Accumulator("openai.responses")
    for event in _responses(500, repeats):
        acc.feed(event)
    core = acc._core
    assert core is not None
    (call,) = core.by_key.values()
    assert len(call.parts) == 1  # the 500 fragments were joined once, not once per ``done``
    assert call.full == '{"a": 1}'
    acc.feed({"type": "response.output_item.done", "output_index": 0,
              "item": {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f",
                       "arguments": '{"a": 1}'}})
    (done,) = acc.close()
    assert type(done) is ToolCall and done.args == {"a": 1}


# --- Responses: a final response showing n calls again under fresh ids (vLLM gpt-oss) ------


def _fresh_ids(n: int, shift: int) -> List[Dict[str, Any]]:
    """n calls of one tool with the same arguments, each ended with a ``call_id`` of its
    own; the final response shows them again with fresh ids (at *shift* places before)."""
    events: List[Dict[str, Any]] = []
    for i in range(n):
        at = i + shift
        events += [{"type": "response.output_item.added", "output_index": at,
                    "item": {"type": "function_call", "id": f"fc_A{i}", "call_id": f"call_A{i}", "name": "f",
                             "arguments": ""}},
                   {"type": "response.function_call_arguments.delta", "output_index": at, "delta": '{"a": 1}'},
                   {"type": "response.output_item.done", "output_index": at,
                    "item": {"type": "function_call", "call_id": f"fc_B{i}", "name": "f", "arguments": '{"a": 1}'}}]
    output = [{"type": "function_call", "id": f"fc_{i}", "call_id": f"call_{i}", "name": "f", "arguments": '{"a":1}'}
              for i in range(n)]
    return events + [{"type": "response.completed", "response": {"status": "completed", "output": output}}]


def _final_work(n: int, shift: int) -> int:
    """Python and builtin calls made while reading the final response (counted, not timed)."""
    events = _fresh_ids(n, shift)
    acc = Accumulator("openai.responses")
    for event in events[:-1]:
        acc.feed(event)
    work = calls_made(lambda: acc.feed(events[-1]))
    calls = acc.close()
    assert len(calls) == n and all(type(c) is ToolCall for c in calls)  # each streamed call once
    return work


def _responses_with_final_events(n: int) -> List[Dict[str, Any]]:
    """n responses in one stream without ``response.created``, each one call at a new
    ``output_index`` and its own ``response.completed``."""
    events: List[Dict[str, Any]] = []
    for i in range(n):
        item = {"type": "function_call", "id": f"fc_{i}", "call_id": f"call_{i}", "name": "f",
                "arguments": f'{{"i": {i}}}'}
        events += [{"type": "response.output_item.added", "output_index": i, "item": {**item, "arguments": ""}},
                   {"type": "response.function_call_arguments.delta", "output_index": i, "delta": item["arguments"]},
                   {"type": "response.output_item.done", "output_index": i, "item": item},
                   {"type": "response.completed", "response": {"status": "completed", "output": [item]}}]
    return events


def _several_final_events_work(n: int) -> int:
    """Python and builtin calls made reading n responses each with its final event (counted)."""
    events = _responses_with_final_events(n)
    acc = Accumulator("openai.responses")
    work = calls_made(lambda: [acc.feed(event) for event in events])
    calls = acc.close()
    assert [c.id for c in calls] == [f"call_{i}" for i in range(n)] and all(type(c) is ToolCall for c in calls)
    return work


def test_many_responses_each_with_its_final_event_are_read_in_linear_work() -> None:
    """Each final response is set against its own response's calls only: the work per
    response does not grow with the responses read before it."""
    small, big = _several_final_events_work(100), _several_final_events_work(400)
    assert big <= 4.4 * small


# --- Gemini: strings streamed by path grow by appending ------------------------------------


def vertex(fc: Dict[str, Any], sig: Optional[str] = None) -> Dict[str, Any]:
    part: Dict[str, Any] = {"functionCall": fc}
    if sig is not None:
        part["thoughtSignature"] = sig
    return {"candidates": [{"content": {"role": "model", "parts": [part]}, "index": 0}]}


def grow(path: str, text: str, more: bool = True) -> Dict[str, Any]:
    return vertex({"partialArgs": [{"jsonPath": path, "stringValue": text, "willContinue": more}],
                   "willContinue": True})


@pytest.mark.parametrize("n", [1, 2, 300])
def test_stream_bookkeeping_is_constant_per_delta_gemini_strings(n: int) -> None:
    acc = Accumulator("gemini")
    acc.feed(vertex({"name": "write", "willContinue": True}))
    for j in range(n):
        acc.feed(grow("$.text", "ab"[j % 2]))
    core = acc._core
    assert core is not None
    (call,) = core.calls
    assert call.tree == {"text": "a"}  # no string is built per piece: the first one stands in
    assert call.open_paths is not None
    assert [pieces for _, _, pieces in call.open_paths.values()] == [["ab"[j % 2] for j in range(n)]]
    acc.feed(grow("$.text", "", more=False))
    acc.feed(vertex({}))
    (done,) = acc.close()
    assert done.args == {"text": "".join("ab"[j % 2] for j in range(n))}


@pytest.mark.parametrize(
    "paths, expected",
    [
        (["$.a", "$.a"], {"a": "xy"}),  # one spelling
        (["$.a", "$['a']"], {"a": "xy"}),  # two spellings of one slot
        (["$.l[0]", "$.l[0]"], {"l": ["xy"]}),  # an array element
        (["$.o.k", "$.o.k"], {"o": {"k": "xy"}}),
    ],
    ids=["dot", "bracket", "index", "nested"],
)
def test_growing_strings_join_in_order(paths: List[str], expected: Dict[str, Any]) -> None:
    chunks = [vertex({"name": "f", "willContinue": True}), grow(paths[0], "x"), grow(paths[1], "y", more=False),
              vertex({})]
    (call,) = accumulate(chunks)
    assert call.args == expected


def test_a_value_written_over_an_open_string_fails_the_call() -> None:
    """Never a silent replacement (it was ``{"a": "y"}``: the vercel hunt; googleapis/go-genai#831
    errs on conflicting values)."""
    chunks = [vertex({"name": "f", "willContinue": True}), grow("$.a", "x"),
              vertex({"partialArgs": [{"jsonPath": "$.a", "numberValue": 3}], "willContinue": True}),
              grow("$.a", "y", more=False), vertex({})]
    (call,) = accumulate(chunks)
    assert type(call) is InvalidToolCall
    assert call.error == "Partial argument path $.a is set again while its string value is still open"


def test_an_open_string_is_joined_when_the_stream_ends_inside_it() -> None:
    (call,) = accumulate([vertex({"name": "f", "willContinue": True}), grow("$.a", "x"), grow("$.a", "y")])
    assert type(call) is InvalidToolCall and call.truncated  # cut off: never runnable


# --- Gemini: index jumps pad inside ``max_bytes`` (item 4) -----------------------------------


def _jumps(k: int, step: int = 10_000) -> List[Dict[str, Any]]:
    chunks = [vertex({"name": "f", "willContinue": True})]
    chunks += [vertex({"partialArgs": [{"jsonPath": f"$.a[{i * step}]", "numberValue": 1}], "willContinue": True})
               for i in range(1, k + 1)]
    return chunks + [vertex({})]


@pytest.mark.parametrize(
    "path, limit",
    [("$.a[60]", 300), ("$.a[59]", 299), ("$.a[0].b[60]", 310), ("$.a[64]", 324)],
    ids=["jump", "jump-just-over", "nested-jump", "largest-jump"],
)
def test_index_jumps_count_against_max_bytes(path: str, limit: int) -> None:
    chunks = [vertex({"name": "f", "willContinue": True}),
              vertex({"partialArgs": [{"jsonPath": path, "numberValue": 1}], "willContinue": True}), vertex({})]
    (call,) = accumulate(chunks, max_bytes=limit)
    assert type(call) is InvalidToolCall
    assert call.error == f"Arguments are over the limit of {limit} characters"


def test_an_index_jump_inside_the_limit_pads_with_nulls() -> None:
    chunks = [vertex({"name": "f", "willContinue": True}),
              vertex({"partialArgs": [{"jsonPath": "$.a[2]", "numberValue": 1}], "willContinue": True}), vertex({})]
    (call,) = accumulate(chunks, max_bytes=100)
    assert call.args == {"a": [None, None, 1]}


def test_index_jumps_hold_memory_inside_max_bytes() -> None:
    """65 KB of jumps held 4M list elements (35 MB) whatever ``max_bytes`` said."""
    import tracemalloc

    chunks = _jumps(4_000, 60)  # 4,000 jumps of 60: 240,000 elements, in ~300 KB of chunks
    tracemalloc.start()
    (call,) = accumulate(chunks, max_bytes=1_000_000)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert type(call) is InvalidToolCall and "over the limit" in call.error
    assert peak < 3_000_000, peak  # 1M characters of budget: 200,000 padded elements at most


@pytest.mark.parametrize("path", ["$.a[65]", "$.a[10000]", "$.a[0].b[1000000]"])
def test_an_index_jump_past_the_bound_makes_the_call_invalid(path: str) -> None:
    chunks = [vertex({"name": "f", "willContinue": True}),
              vertex({"partialArgs": [{"jsonPath": path, "numberValue": 1}], "willContinue": True}), vertex({})]
    (call,) = accumulate(chunks)
    assert type(call) is InvalidToolCall and call.name == "f"
    assert call.error.startswith(f"Partial argument path {path} skips ")
    assert call.error.endswith("at most 64 are padded with null")


def test_index_jumps_in_many_calls_hold_memory_linear() -> None:
    """122 KB of chunks, 40 calls of 20 jumps of 10,000 each (every call inside its own
    ``max_bytes``), held 64 MB of padding."""
    import tracemalloc

    chunks: List[Dict[str, Any]] = []
    for _ in range(40):
        chunks.append(vertex({"name": "f", "willContinue": True}))
        chunks += [vertex({"partialArgs": [{"jsonPath": f"$.k{k}[10000]", "numberValue": 1}], "willContinue": True})
                   for k in range(20)]
    tracemalloc.start()
    calls = accumulate(chunks)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(calls) == 40 and all(type(c) is InvalidToolCall for c in calls)
    assert peak < 2_000_000, peak


# --- custom tool input is held to ``max_bytes`` (item 4) -------------------------------------


def _custom_stream(pieces: List[str], final: Optional[str]) -> List[Dict[str, Any]]:
    item = {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "shell"}
    events: List[Dict[str, Any]] = [
        {"type": "response.output_item.added", "output_index": 0, "item": dict(item, input="")}]
    events += [{"type": "response.custom_tool_call_input.delta", "output_index": 0, "item_id": "ctc_1",
                "delta": p} for p in pieces]
    done = dict(item) if final is None else dict(item, input=final)
    events.append({"type": "response.output_item.done", "output_index": 0, "item": done})
    return events


@pytest.mark.parametrize(
    "pieces, final",
    [(["ls -la /tmp"] * 3, None), (["ls"], "ls -la /tmp" * 3), (["x"] * 31, None)],
    ids=["deltas", "final-item", "one-character-deltas"],
)
def test_custom_tool_input_is_held_to_max_bytes_in_the_responses_stream(pieces: List[str],
                                                                          final: Optional[str]) -> None:
    (call,) = accumulate(_custom_stream(pieces, final), max_bytes=30)
    assert type(call) is InvalidToolCall
    assert (call.name, call.id) == ("shell", "call_1")
    assert call.error == "Custom tool input is over the limit of 30 characters"
    (ok,) = accumulate(_custom_stream(["ls ", "-la"], None), max_bytes=30)
    assert ok.args == {"input": "ls -la"}


@pytest.mark.parametrize(
    "item, loc",
    [
        ({"type": "custom_tool_call", "call_id": "call_1", "name": "shell", "input": "x" * 31}, "$.input"),
        ({"id": "call_1", "type": "custom", "custom": {"name": "shell", "input": "x" * 31}}, "$.custom.input"),
    ],
    ids=["openai.responses", "openai.chat"],
)
def test_custom_tool_input_is_held_to_max_bytes_in_decode(item: Dict[str, Any], loc: str) -> None:
    import toolwire

    with pytest.raises(ArgumentsError) as exc:
        toolwire.decode(item, max_bytes=30)
    assert exc.value.message == f"Custom tool input at {loc} is 31 characters long, over the limit of 30"
    assert exc.value.loc == loc
    (kept,) = toolwire.decode_all([item], max_bytes=30, invalid="keep")
    assert type(kept) is InvalidToolCall and kept.id == "call_1"
    assert toolwire.decode(item, max_bytes=31).args == {"input": "x" * 31}


def test_custom_tool_input_is_held_to_max_bytes_in_the_chat_stream() -> None:
    chunk = chat(0, {"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "shell", "input": "x" * 31}})
    (call,) = accumulate([chunk, chat(0, finish="tool_calls")], max_bytes=30)
    # (the input's own length, as decode and the Responses stream count it, in the Responses stream's words)
    assert type(call) is InvalidToolCall and call.error == "Custom tool input is over the limit of 30 characters"
    (kept,) = accumulate([chunk, chat(0, finish="tool_calls")], max_bytes=31)
    assert kept.args == {"input": "x" * 31}


# --- Responses: one response replayed n times; one final event delivered n times ------------


def _item(i: int) -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{i}", "call_id": f"call_{i}", "name": "f", "arguments": '{"a": 1}',
            "status": "completed"}


def _replayed(n: int) -> List[Dict[str, Any]]:
    """A response of n calls and a message, then its ``response.created`` and an empty
    final event again, n times (a gateway re-sending its start and end)."""
    created = {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}}
    final = {"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "output": []}}
    message = {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed",
               "content": [{"type": "output_text", "text": "Hi.", "annotations": []}]}
    events: List[Dict[str, Any]] = [created, {"type": "response.output_item.done", "output_index": n, "item": message}]
    for i in range(n):
        events += [{"type": "response.output_item.added", "output_index": i, "item": {**_item(i), "arguments": ""}},
                   {"type": "response.function_call_arguments.delta", "output_index": i, "delta": '{"a": 1}'},
                   {"type": "response.output_item.done", "output_index": i, "item": _item(i)}]
    return events + [final] + [created, final] * n


def _delivered(n: int) -> List[Dict[str, Any]]:
    """A response of n calls, then its final event (the n calls) delivered n times."""
    events: List[Dict[str, Any]] = []
    for i in range(n):
        events += [{"type": "response.output_item.added", "output_index": i, "item": {**_item(i), "arguments": ""}},
                   {"type": "response.output_item.done", "output_index": i, "item": _item(i)}]
    final = {"type": "response.completed",
             "response": {"id": "resp_1", "status": "completed", "output": [_item(i) for i in range(n)]}}
    return events + [final] * n


def _replay_work(make: Any, n: int, preview: bool) -> int:
    events = make(n)
    acc = Accumulator("openai.responses", preview=preview)
    work = calls_made(lambda: [acc.feed(event) for event in events])
    calls = acc.close()
    assert [c.id for c in calls] == [f"call_{i}" for i in range(n)] and all(type(c) is ToolCall for c in calls)
    assert acc.text == ("Hi." if make is _replayed else "")
    return work


@pytest.mark.parametrize("preview", [False, True], ids=["hot-loop", "feed"])
def test_a_response_replayed_n_times_is_read_in_linear_work(preview: bool) -> None:
    """What ended in the response is kept for a replay of it without a copy per final event
    and per ``response.created`` (n replays of n items were n² copies)."""
    small, big = _replay_work(_replayed, 50, preview), _replay_work(_replayed, 200, preview)
    assert big <= 4.4 * small


@pytest.mark.parametrize("preview", [False, True], ids=["hot-loop", "feed"])
def test_a_final_event_delivered_n_times_is_read_in_linear_work(preview: bool) -> None:
    """n deliveries of a final event of n calls are n² of input: the work per delivery is
    linear in the delivery (checked by its calls: n deliveries of 4n calls)."""
    def work(n: int, deliveries: int) -> int:
        events = _delivered(n)
        events = events[:len(events) - n] + events[-1:] * deliveries
        acc = Accumulator("openai.responses", preview=preview)
        made = calls_made(lambda: [acc.feed(event) for event in events])
        assert [c.id for c in acc.close()] == [f"call_{i}" for i in range(n)]
        return made
    small, big = work(50, 50), work(200, 50)
    assert big <= 4.4 * small
    small, big = work(20, 50), work(20, 200)  # and in the number of deliveries
    assert big <= 4.4 * small


def _fc(i: int) -> Dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{i}", "call_id": f"call_{i}", "name": "f",
            "arguments": '{"a": 1}', "status": "completed"}


def _final_of(*items: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "response.completed", "response": {"id": "r1", "status": "completed", "output": list(items)}}


def _n_calls_streamed(n: int, open_last: bool = False) -> List[Dict[str, Any]]:
    """Response r1 created, then n function calls streamed (added, done; the last one
    never done with *open_last*: its arguments streamed, its item left open)."""
    events: List[Dict[str, Any]] = [{"type": "response.created",
                                     "response": {"id": "r1", "status": "in_progress", "output": []}}]
    for i in range(n):
        events.append({"type": "response.output_item.added", "output_index": i, "item": {**_fc(i), "arguments": ""}})
        if open_last and i == n - 1:
            events.append({"type": "response.function_call_arguments.delta", "output_index": i,
                           "item_id": f"fc_{i}", "delta": '{"a": 1}'})
        else:
            events.append({"type": "response.output_item.done", "output_index": i, "item": _fc(i)})
    return events


def _redelivery_work(before: List[Dict[str, Any]], measured: List[Dict[str, Any]], n: int) -> int:
    """Lines run feeding *measured* after *before*; the n calls still run, once each."""
    acc = Accumulator("openai.responses")
    for event in before:
        acc.feed(event)
    work = lines_run(lambda: [acc.feed(event) for event in measured])
    calls = acc.close()
    assert [c.id for c in calls] == [f"call_{i}" for i in range(n)] and all(type(c) is ToolCall for c in calls)
    return work


def _one_item_final_work(n: int, replayed: bool) -> int:
    """n calls streamed, then their response's final event holding ONE of them delivered n
    times (*replayed*: each time after its ``response.created`` again, a reconnect)."""
    events = _n_calls_streamed(n)
    created, final = events[0], _final_of(_fc(0))
    events.append(final)
    again = events[:]
    for _ in range(n):
        again += [created, final] if replayed else [final]
    return _redelivery_work(events, again[len(events):], n)


@pytest.mark.parametrize("replayed", [False, True], ids=["delivered-again", "replayed-from-created"])
def test_a_small_final_event_delivered_n_times_is_read_in_linear_work(replayed: bool) -> None:
    # before: each delivery built the tables of all n calls (``settle``): n * n
    small, big = _one_item_final_work(100, replayed), _one_item_final_work(400, replayed)
    assert big <= 4.4 * small


def _varied_final_work(n: int, alternating: bool, open_last: bool = False) -> int:
    """n calls streamed (the last one left open: *open_last*), then their response's final
    event delivered n times, each holding one of them: another each time, or two bodies in
    turn (*alternating*); then once holding the last one (the open one ends there)."""
    return _redelivery_work(_n_calls_streamed(n, open_last),
                            [*(_final_of(_fc(i % 2 if alternating else i)) for i in range(n)),
                             _final_of(_fc(n - 1))], n)


@pytest.mark.parametrize("open_last", [False, True], ids=["every-call-done", "one-call-open"])
@pytest.mark.parametrize("alternating", [False, True], ids=["another-item-each-time", "two-bodies-in-turn"])
def test_a_final_event_delivered_n_times_with_other_items_is_read_in_linear_work(alternating: bool,
                                                                                  open_last: bool) -> None:
    # before: each delivery unlike the one before built the tables of all n calls (``settle``): n * n;
    # with one call open until session 37 (the tables were kept only when every call was done)
    small, big = _varied_final_work(100, alternating, open_last), _varied_final_work(400, alternating, open_last)
    assert big <= 4.4 * small


def _reread_work(n: int, id_at_end: bool = False) -> int:
    """Call_1 streamed and its response's final event, then the stream resumed over both
    (openai-python ``retrieve(id, stream=True, starting_after=N)``), n times (*id_at_end*:
    its added item without ``call_id``, its done item gives it)."""
    item = {k: v for k, v in _fc(1).items() if k != "call_id" or not id_at_end}
    added = {"type": "response.output_item.added", "output_index": 0, "item": {**item, "arguments": ""}}
    delta = {"type": "response.function_call_arguments.delta", "output_index": 0, "delta": '{"a": 1}'}
    done = {"type": "response.output_item.done", "output_index": 0, "item": _fc(1)}
    first = [_n_calls_streamed(0)[0], added, delta, done, _final_of(_fc(1))]
    acc = Accumulator("openai.responses")
    for event in first:
        acc.feed(event)
    work = lines_run(lambda: [acc.feed(event) for event in [added, delta, done, _final_of(_fc(1))] * n])
    calls = acc.close()
    assert [type(c).__name__ for c in calls] == ["ToolCall"] + ["InvalidToolCall"] * n
    return work


@pytest.mark.parametrize("id_at_end", [False, True], ids=["call_id-added", "call_id-at-end"])
def test_a_resumed_stream_over_a_call_and_its_final_event_n_times_is_read_in_linear_work(id_at_end: bool) -> None:
    # before (session 37's first fix): each final event again compared the calls streamed since with
    # every call from the response's start, the repeats before included: n * n
    small, big = _reread_work(100, id_at_end), _reread_work(400, id_at_end)
    assert big <= 4.4 * small


def _stray_work(n: int) -> int:
    """A message of n text parts ended, then its deltas again one by one without
    ``content_index`` (a stream resumed over them: their text is its parts joined)."""
    parts = [{"type": "output_text", "text": "ab", "annotations": []} for _ in range(n)]
    msg = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed", "content": parts}
    deltas = [{"type": "response.output_text.delta", "output_index": 0, "item_id": "msg_1", "delta": "ab"}] * n
    acc = Accumulator("openai.responses")
    for event in [_n_calls_streamed(0)[0], {"type": "response.output_item.added", "output_index": 0,
                                            "item": {**msg, "content": []}}, *deltas,
                  {"type": "response.output_item.done", "output_index": 0, "item": msg}]:
        acc.feed(event)
    work = lines_run(lambda: [acc.feed(event) for event in deltas[:n // 2] + deltas])
    acc.close()
    assert acc.text == "ab" * n
    return work


def test_text_deltas_of_an_ended_message_again_are_read_in_linear_work() -> None:
    # before: each delta without ``content_index`` joined every text part of the message again: n * n
    small, big = _stray_work(100), _stray_work(400)
    assert big <= 4.4 * small


def _renamed_work(n: int) -> int:
    """n calls added without ``call_id`` (their done item gives it), ended one by one, the
    response's final event (holding the first call, two bodies in turn) delivered again
    after each end."""
    events = [_n_calls_streamed(0)[0]]
    for i in range(n):
        events += [{"type": "response.output_item.added", "output_index": i,
                    "item": {k: v for k, v in _fc(i).items() if k != "call_id"} | {"arguments": ""}},
                   {"type": "response.function_call_arguments.delta", "output_index": i, "delta": '{"a": 1}'}]
    first = [{"type": "response.output_item.done", "output_index": 0, "item": _fc(0)}, _final_of(_fc(0))]
    measured = []
    for i in range(1, n):
        measured += [{"type": "response.output_item.done", "output_index": i, "item": _fc(i)},
                     _final_of({**_fc(0), "arguments": '{"a":1}'} if i % 2 else _fc(0))]
    return _redelivery_work(events + first, measured, n)


def test_calls_ending_under_their_ids_between_final_events_again_are_read_in_linear_work() -> None:
    # before: each end set the call's id, so each delivery built the tables of all n calls again: n * n
    small, big = _renamed_work(100), _renamed_work(400)
    assert big <= 4.4 * small
