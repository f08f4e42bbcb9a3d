"""The handlers' ``run`` loops (the hot path of ``accumulate`` and ``feed``) agree with
their general ``feed`` path on every stream, valid or not: same calls, same events,
same errors. An accumulator with ``preview=True`` never uses ``run``, so it is the
reference (its previews are dropped before comparing)."""

from __future__ import annotations

import copy
import gc
import json
from typing import Any, Dict, List, Tuple
from unittest import mock

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toolwire import ToolCall, ToolwireError
from toolwire.stream import STREAM_HANDLERS, Accumulator, ArgsDelta, accumulate, detect_stream, encode_stream
from toolwire.stream import _table as stream_table

RUN_DIALECTS = [d for d, handler in STREAM_HANDLERS.items() if hasattr(handler, "run")]

keys = st.sampled_from(
    ["type", "index", "id", "name", "arguments", "function", "tool_calls", "delta", "choices", "item",
     "output_index", "content_block", "partial_json", "contentBlockIndex", "toolUse", "input", "start",
     "message", "finish_reason", "content", "contentBlockStart", "contentBlockDelta", "contentBlockStop",
     "content_block_delta", "input_json_delta", "response.function_call_arguments.delta",
     "response.function_call_arguments.done", "response.output_item.done", "tool-call-delta", "tool-call-end"]
)
shaped = st.recursive(
    st.none() | st.booleans() | st.integers(-1, 2) | st.sampled_from(["", "{", "}", "x", "{}", "function_call"])
    | st.sampled_from(["content_block_delta", "input_json_delta", "content_block_stop", "tool-call-delta",
                       "response.function_call_arguments.delta", "response.output_item.done"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=25,
)
names = st.from_regex(r"[a-z_]{1,8}", fullmatch=True)
args = st.dictionaries(st.text(max_size=4), st.none() | st.integers() | st.text(max_size=6), max_size=3)


@st.composite
def call_lists(draw: Any) -> List[ToolCall]:
    n = draw(st.integers(1, 3))
    return [ToolCall(name=draw(names), args=draw(args), id=f"call_{i}") for i in range(n)]


def _outcome(fn: Any) -> Tuple[str, Any]:
    try:
        return "ok", fn()
    except ToolwireError as exc:
        return "error", (type(exc).__name__, str(exc))


def _plain(results: List[Any]) -> List[Any]:
    """Results as data; provider data also as text, so that its key order counts."""
    return [(type(r).__name__, r.as_dict(), repr(r.provider_data)) for r in results]


def _fed(chunks: List[Any], dialect: str, **kw: Any) -> Tuple[List[Any], List[Any], Any]:
    acc = Accumulator(dialect, **kw)
    events: List[Any] = []
    for c in chunks:
        events.extend(acc.feed(c))
    calls = acc.close()
    events.extend(acc.events())
    return _plain(calls), [_strip(e) for e in events], (acc.text, acc.finish_reason)


def _strip(event: Any) -> Any:
    if isinstance(event, ArgsDelta):
        return ArgsDelta(event.index, event.id, event.delta, None, event.path)
    if hasattr(event, "call"):
        return (type(event).__name__, event.index, type(event.call).__name__, event.call.as_dict())
    return event


def _agree(chunks: List[Any], dialect: str, **policy: Any) -> None:
    reference = _outcome(lambda: _fed(copy.deepcopy(chunks), dialect, preview=True, include_server=True, **policy))
    events = _outcome(lambda: _fed(copy.deepcopy(chunks), dialect, include_server=True, **policy))
    assert events == reference
    calls = _outcome(lambda: _plain(accumulate(copy.deepcopy(chunks), dialect, include_server=True, **policy)))
    assert calls == (reference[0], reference[1][0] if reference[0] == "ok" else reference[1])


@pytest.mark.parametrize("dialect", RUN_DIALECTS)
@given(calls=call_lists(), data=st.data())
def test_run_agrees_with_feed_on_corrupted_streams(dialect: str, calls: List[ToolCall], data: Any) -> None:
    chunks = encode_stream(calls, dialect, split=3)
    for _ in range(data.draw(st.integers(0, 4))):
        i = data.draw(st.integers(0, len(chunks) - 1))
        node: Any = chunks[i]
        while type(node) is dict and node:
            k = data.draw(st.sampled_from(sorted(node, key=str)))
            if type(node[k]) in (dict, list) and node[k] and data.draw(st.booleans()):
                node = node[k] if type(node[k]) is dict else node[k][0]
                continue
            node[k] = data.draw(shaped | st.sampled_from(["", True, 1.0, 0, None]))
            break
    _agree(chunks, dialect)


@given(calls=call_lists(), one_index=st.booleans(), numbered=st.booleans(), gateway=st.booleans(),
       resent=st.lists(st.tuples(st.integers(0, 30), st.integers(1, 30)), min_size=1, max_size=3))
@example(calls=[ToolCall("f", {"a": "xyz"}, "call_0"), ToolCall("g", {"b": 1}, "call_1")], one_index=True,
         numbered=False, gateway=True, resent=[(3, 6)])  # (call_0's second delta after call_1's first)
@example(calls=[ToolCall("_", {"0000": None}, "call_0")], one_index=False, numbered=False, gateway=True,
         resent=[(0, 9), (1, 8), (18, 4)])  # (the item added again after the final event, the response
# created again, its done item again: the hot loop ended the open call under the ended one's id, revR #5)
def test_responses_run_agrees_with_feed_on_resent_events(calls: List[ToolCall], one_index: bool, numbered: bool,
                                                         gateway: bool, resent: List[Tuple[int, int]]) -> None:
    # a stream resumed from before an event it sent (``responses.retrieve(id, stream=True,
    # starting_after=N)``), an at-least-once transport: events sent again later, a call's
    # deltas after its end among another call's; *one_index*: a server giving every item
    # ``output_index`` 0 (each call ended before the next is added); not *numbered*: a
    # gateway dropping ``sequence_number``; *gateway*: done items saying ``"arguments": ""``
    # and no ``.done`` of the arguments (farion1231/cc-switch#6481)
    chunks = encode_stream(calls, "openai.responses", split=3)
    if gateway:
        chunks = [c for c in chunks if c["type"] != "response.function_call_arguments.done"]
    for c in chunks:
        if gateway and c["type"] == "response.output_item.done":
            c["item"]["arguments"] = ""
        if one_index and "output_index" in c:
            c["output_index"] = 0
        if not numbered:
            del c["sequence_number"]
    for i, after in resent:  # chunk *i* sent again *after* chunks later
        i %= len(chunks)
        chunks.insert(min(i + after, len(chunks)), copy.deepcopy(chunks[i]))
    _agree(chunks, "openai.responses")


@pytest.mark.parametrize("dialect", RUN_DIALECTS)
@given(chunks=st.lists(shaped, max_size=8))
def test_run_agrees_with_feed_on_arbitrary_chunks(dialect: str, chunks: List[Any]) -> None:
    _agree(chunks, dialect)


@pytest.mark.parametrize("dialect", RUN_DIALECTS)
@pytest.mark.parametrize("later", [False, "x", b"\xff", [1]])
def test_another_dialects_first_chunk_is_the_error_before_a_later_one(dialect: str, later: Any) -> None:
    # (the thorough profile: ``feed`` kept the first chunk's "not NAME chunks" for ``close``
    # and raised the later chunk's error, ``accumulate`` the first chunk's)
    first = ({"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": "{"}}
             if dialect != "anthropic.messages" else
             {"type": "response.function_call_arguments.delta", "index": None, "delta": False})
    _agree([first, later], dialect)


def _chat(tool_call: Dict[str, Any], **choice: Any) -> Dict[str, Any]:
    return {"object": "chat.completion.chunk",
            "choices": [dict({"index": 0, "delta": {"tool_calls": [tool_call]}, "finish_reason": None}, **choice)]}


@pytest.mark.parametrize("chunks", [
    # an empty continuation for an index with no open call starts a (nameless) call
    [_chat({"index": 1, "function": {"arguments": ""}})],
    # a bool index is not the int index it equals
    [_chat({"index": 1, "id": "a", "function": {"name": "f", "arguments": ""}}),
     _chat({"index": True, "function": {"arguments": "{}"}}), _chat({"index": 1, "function": {"arguments": "{}"}})],
    # a continuation carrying text and a finish reason
    [_chat({"index": 0, "id": "a", "function": {"name": "f", "arguments": "{"}}),
     _chat({"index": 0, "function": {"arguments": "}"}}, finish_reason="tool_calls")],
    # no index: the call its choice started last, while it is open
    [_chat({"id": "a", "function": {"name": "f", "arguments": "{"}}), _chat({"function": {"arguments": "}"}}),
     _chat({"id": "b", "function": {"name": "g", "arguments": ""}}), _chat({"index": None, "function": {"arguments": "{}"}})],
    # ... not a call another choice started last
    [_chat({"id": "a", "function": {"name": "f", "arguments": "{"}}),
     _chat({"id": "b", "function": {"name": "g", "arguments": "{"}}, index=1), _chat({"function": {"arguments": "}"}})],
    # ... nor one already finished (a new, nameless call)
    [_chat({"id": "a", "function": {"name": "f", "arguments": "{}"}}, finish_reason="tool_calls"),
     _chat({"function": {"arguments": "{}"}})],
    # ... and none at all
    [_chat({"function": {"arguments": "{}"}}), _chat({"function": {"arguments": ""}})],
    # continuations of one index in two choices, in turn: each goes to its own choice's call
    [_chat({"index": 0, "id": "a", "function": {"name": "f", "arguments": ""}}),
     _chat({"index": 0, "id": "b", "function": {"name": "g", "arguments": ""}}, index=1),
     _chat({"index": 0, "function": {"arguments": "{"}}), _chat({"index": 0, "function": {"arguments": "{"}}, index=1),
     _chat({"index": 0, "function": {"arguments": "}"}}), _chat({"index": 0, "function": {"arguments": "}"}}, index=1)],
    # a choice index that equals the one before but is a bool or a float is not it
    [_chat({"index": 0, "id": "a", "function": {"name": "f", "arguments": ""}}, index=1),
     _chat({"index": 0, "function": {"arguments": "{"}}, index=1),
     _chat({"index": 0, "function": {"arguments": "1"}}, index=True),
     _chat({"index": 0, "function": {"arguments": "2"}}, index=1.0),
     _chat({"index": 0, "function": {"arguments": "}"}}, index=1)],
    # a continuation after a chunk that is not a dict (a keep-alive line) and after one fed
    # (its call ended there): the call is looked up again
    [_chat({"index": 0, "id": "a", "function": {"name": "f", "arguments": "{"}}),
     _chat({"index": 0, "function": {"arguments": "\"x\""}}), ": keep-alive",
     _chat({"index": 0, "function": {"arguments": ":1"}}),
     _chat({"index": 0, "function": {"arguments": "}"}}, finish_reason="tool_calls"),
     _chat({"index": 0, "function": {"arguments": "{}"}})],
    # Mistral's continuations: ``"name": ""`` (or ``null``) beside the arguments, with and without
    # an index, and a name that is not empty there (a new call, or a repeat: ``feed`` decides)
    [_chat({"index": 0, "id": "a", "function": {"name": "f", "arguments": ""}}),
     _chat({"index": 0, "function": {"arguments": "{", "name": ""}}),
     _chat({"index": 0, "function": {"arguments": "\"x\"", "name": None}}),
     _chat({"function": {"arguments": ":1", "name": ""}}),
     _chat({"index": 0, "function": {"arguments": "}", "name": "f"}}),
     _chat({"index": 1, "function": {"arguments": "{}", "name": ""}}),
     _chat({"index": 0, "type": "function", "function": {"arguments": "", "name": ""}})],
    # a finish on every chunk (LiteLLM's Gemini iterator): pieces after it at the call's index go on
    # with it; one without an index does not (a nameless call); the hot loop leaves it to ``feed``
    [_chat({"index": 0, "id": "a", "type": "function", "function": {"name": "f", "arguments": ""}}, finish_reason="stop"),
     _chat({"index": 0, "function": {"arguments": "{\"a\":"}}, finish_reason="stop"),
     _chat({"index": 0, "function": {"arguments": "1}"}}, finish_reason="stop")],
    [_chat({"index": 0, "id": "a", "function": {"name": "f", "arguments": "{"}}, finish_reason="stop"),
     _chat({"index": 0, "function": {"arguments": "}"}}), _chat({"function": {"arguments": "{}"}}),
     _chat({"index": 0, "function": {"arguments": "{}"}})],
    # the name again with no text after a whole value, no id: the call is held (``Core.held``); the
    # hot loop leaves its pieces to ``feed``, where text beginning a value starts the next call
    [_chat({"index": 0, "type": "function", "function": {"name": "f", "arguments": "{}"}}),
     _chat({"index": 0, "function": {"name": "f", "arguments": ""}}), _chat({"index": 0, "function": {"arguments": " "}}),
     _chat({"index": 0, "function": {"arguments": "{"}}), _chat({"index": 0, "function": {"arguments": "}"}})],
    [_chat({"type": "function", "function": {"name": "f", "arguments": "{}"}}),
     _chat({"function": {"name": "f", "arguments": ""}}), _chat({"function": {"arguments": " "}}),
     _chat({"function": {"arguments": "{"}}), _chat({"function": {"arguments": "}"}})],
    # an id after the repeat: pending (the next call's, or the invalid repeat's)
    [_chat({"index": 0, "type": "function", "function": {"name": "f", "arguments": "{}"}}),
     _chat({"index": 0, "function": {"name": "f", "arguments": ""}}), _chat({"index": 0, "id": "c9"}),
     _chat({"index": 0, "function": {"arguments": "{"}}), _chat({"index": 0, "function": {"arguments": "}"}})],
    [_chat({"index": 0, "type": "function", "function": {"name": "f", "arguments": "{}"}}),
     _chat({"index": 0, "id": "c8", "function": {"name": "f", "arguments": ""}}), _chat({"index": 0, "id": "c9"}),
     _chat({"index": 0, "function": {"arguments": " "}}), _chat({"index": 1, "function": {"name": "g", "arguments": "{}"}})],
])
def test_chat_run_edge_cases(chunks: List[Any]) -> None:
    _agree(chunks, "openai.chat")


@example(index=True)
@example(index=1.0)
@given(index=st.sampled_from([True, 1.0, "1", None, -1]))
def test_anthropic_odd_indexes(index: Any) -> None:
    start = {"type": "content_block_start", "index": 1,
             "content_block": {"type": "tool_use", "id": "t", "name": "f", "input": {}}}
    chunks = [start, {"type": "content_block_delta", "index": index,
                      "delta": {"type": "input_json_delta", "partial_json": '{"a": 1}'}},
              {"type": "content_block_stop", "index": index}, {"type": "content_block_stop", "index": 1}]
    _agree(chunks, "anthropic.messages")


_GONE = object()


def _item(**fields: Any) -> Dict[str, Any]:
    item = {"id": "fc_1", "type": "function_call", "status": "in_progress", "arguments": "", "call_id": "call_1",
            "name": "f"}
    item.update(fields)
    return {k: v for k, v in item.items() if v is not _GONE}


def _responses(added: Dict[str, Any], done: Dict[str, Any], *, index: Any = 1, pieces: Any = ('{"a": ', "1}"),
               done_index: Any = 1, args_done: Any = '{"a": 1}') -> List[Any]:
    """One Responses item: added, argument deltas, arguments done, item done."""
    chunks: List[Any] = [{"type": "response.created", "response": {"status": "in_progress"}},
                         {"type": "response.output_item.added", "output_index": index, "item": added}]
    chunks += [{"type": "response.function_call_arguments.delta", "output_index": index, "delta": p} for p in pieces]
    if args_done is not _GONE:
        chunks.append({"type": "response.function_call_arguments.done", "output_index": index,
                       "arguments": args_done})
    chunks.append({"type": "response.output_item.done", "output_index": done_index, "item": done})
    chunks.append({"type": "response.completed", "response": {"status": "completed"}})
    return chunks


_DONE = _item(status="completed", arguments='{"a": 1}')
_WEB = {"type": "web_search_call", "id": "ws_1", "status": "in_progress"}


@pytest.mark.parametrize("chunks", [
    _responses(_item(), _DONE),  # the plain item: both fast paths
    # ``output_item.added`` that the fast path must leave to ``_added``
    _responses(_item(call_id=_GONE), _DONE),
    _responses(_item(call_id=""), _DONE),
    _responses(_item(call_id=7), _DONE),
    _responses(_item(name=_GONE), _DONE),
    _responses(_item(name=""), _DONE),
    _responses(_item(name=["f"]), _DONE),
    _responses(_item(arguments=_GONE), _DONE),
    _responses(_item(arguments='{"a"'), _DONE, pieces=(": 1}",)),
    _responses(_item(arguments={}), _DONE),
    _responses(_item(arguments=None), _DONE),
    _responses(_item(type=_GONE), _DONE),
    _responses(_item(type="custom_tool_call"), _DONE),
    _responses(_item(type="web_search_call"), _DONE),
    _responses(_item(type=["function_call"]), _DONE),
    _responses(["not", "a", "dict"], _DONE),
    _responses(_item(), _DONE, index=True, done_index=True),
    _responses(_item(), _DONE, index=1.0, done_index=1.0),
    _responses(_item(), _DONE, index="1", done_index="1"),
    _responses(_item(), _DONE, index=None, done_index=None),
    # the index is taken: the open call there is finalized first
    [{"type": "response.output_item.added", "output_index": 1, "item": _item(call_id="call_0")}]
    + _responses(_item(), _DONE),
    # ``output_item.done`` that the fast path must leave to ``_done``
    _responses(_item(), _item(status="completed", arguments='{"a": 2}')),  # same length, other text
    _responses(_item(), _item(status="completed", arguments='{"a": 1, "b": 2}')),  # more text than seen
    _responses(_item(), _item(status="completed", arguments='{"a"')),  # less text than seen
    _responses(_item(), _item(status="completed", arguments={"a": 1})),
    _responses(_item(), _item(status="completed", arguments=_GONE)),
    _responses(_item(), _item(status="completed", arguments=None)),
    _responses(_item(), _item(status="completed", arguments='{"a": 1}', name=_GONE)),
    _responses(_item(), _item(status="completed", arguments='{"a": 1}', call_id=_GONE)),
    _responses(_item(), _item(status="completed", arguments='{"a": 1}', type=_GONE)),
    _responses(_item(), _item(status="completed", arguments='{"a": 1}', type="custom_tool_call")),
    _responses(_item(), "not a dict"),
    _responses(_item(), _DONE, done_index=True),
    _responses(_item(), _DONE, done_index=1.0),
    _responses(_item(), _DONE, done_index=2),  # no call open there
    _responses(_item(name=_GONE), _DONE),  # a call without a name until its item is done
    _responses(_item(call_id=_GONE), _DONE),  # a call without an id until its item is done
    _responses(_item(), _DONE, pieces=(), args_done=_GONE),  # the whole text only in the final item
    _responses(_item(), _DONE, pieces=("", '{"a": 1}'), args_done=_GONE),
    _responses(_item(), _DONE, pieces=(7, '{"a": 1}')),
    # provider data: every extra field, in the item's order
    _responses(_item(), {"status": "completed", "type": "function_call", "call_id": "call_1", "name": "f",
                         "arguments": '{"a": 1}', "id": "fc_1"}),
    _responses(_item(), _item(status="completed", arguments='{"a": 1}', id=_GONE, extra={"x": [1]}, z=None)),
    _responses(_item(), _item(status=_GONE, arguments='{"a": 1}', id=_GONE)),
    _responses(_item(), _item(status="completed", arguments='{"a": 1}', input="text")),
    # a final item read before: a new item of the same index
    _responses(_item(), _DONE) + _responses(_item(call_id="call_2"), _item(call_id="call_2", arguments='{"a": 1}')),
    # no ``output_item.done``: the call is cut off at close
    _responses(_item(), _DONE)[:-2],
    # a provider-run item: a server call from its ``output_item.added``, ended by its item done
    _responses(_WEB, dict(_WEB, status="completed"), pieces=(), args_done=_GONE),
    _responses(_WEB, dict(_WEB, status="completed"), pieces=(), args_done=_GONE)[:-2],  # never done: as added
    _responses(_WEB, _DONE),  # function call events at its index: the server call is not ended by them
    _responses(_WEB, dict(_WEB, id="ws_2", status="completed"), pieces=(), args_done=_GONE),  # another item
    _responses(_WEB, dict(_WEB, status="completed"), pieces=(), args_done=_GONE, index=None, done_index=None),
])
def test_responses_item_fast_paths_agree_with_feed(chunks: List[Any]) -> None:
    _agree(chunks, "openai.responses")


@pytest.mark.parametrize("max_bytes", [3, 5, 7, 8, 9])
def test_responses_fast_paths_respect_the_size_limit(max_bytes: int) -> None:
    _agree(_responses(_item(), _DONE), "openai.responses", max_bytes=max_bytes)
    _agree(_responses(_item(), _DONE, pieces=(), args_done=_GONE), "openai.responses", max_bytes=max_bytes)


@pytest.mark.parametrize(("dialect", "odd"), [
    ("openai.responses", [{"type": "response.in_progress"}, {"type": ["response.output_item.done"]},
                          {"type": "response.output_text.delta", "delta": "hi"}, {"type": None}, {"output_index": 1},
                          {"type": "response.incomplete", "response": {"incomplete_details": {"reason": "x"}}}]),
    *[("openai.responses", [{"type": "response.failed", "response": {"status": "failed"}},  # then:
                            {"type": "response.completed", **body}]) for body in (
        {}, {"response": None}, {"response": {}}, {"response": {"status": ""}}, {"response": {"status": 7}},
        {"response": {"status": "completed", "incomplete_details": None}},
        {"response": {"status": "completed", "incomplete_details": {"reason": "max_output_tokens"}}},
        {"response": {"status": "incomplete", "incomplete_details": {}}},
        {"response": {"incomplete_details": {"reason": ""}}}, {"response": ["status"]})],
    *[("anthropic.messages", [{"type": "message_delta", "delta": {"stop_reason": "max_tokens"}}, event]) for event in (
        {"type": "message_delta"}, {"type": "message_delta", "delta": None}, {"type": "message_delta", "delta": {}},
        {"type": "message_delta", "delta": {"stop_reason": ""}}, {"type": "message_delta", "delta": {"stop_reason": 3}},
        {"type": "message_delta", "delta": ["stop_reason"]}, {"type": "message_start", "message": {"stop_reason": "x"}})],
    *[("cohere.v2", [{"type": "message-end", "delta": {"finish_reason": "MAX_TOKENS"}}, event]) for event in (
        {"type": "message-end"}, {"type": "message-end", "delta": None}, {"type": "message-end", "delta": {}},
        {"type": "message-end", "delta": {"finish_reason": ""}}, {"type": "message-end", "delta": {"finish_reason": 0}},
        {"type": "message-end", "delta": {"finish_reason": "COMPLETE"}})],
    *[("bedrock.converse", [{"messageStop": {"stopReason": "max_tokens"}}, event]) for event in (
        {"messageStop": None}, {"messageStop": {}}, {"messageStop": {"stopReason": ""}}, {"messageStop": [1]},
        {"messageStop": {"stopReason": "end_turn"}, "contentBlockStop": {"contentBlockIndex": 0}},
        {"messageStop": {"stopReason": "end_turn"}, "contentBlockStop": None},
        {"messageStop": {"stopReason": "end_turn"}, "contentBlockDelta": {"delta": {"text": "x"}}},
        {"messageStop": {"stopReason": "end_turn"}, "contentBlockStart": 5})],
    ("cohere.v2", [{"type": "message-start"}, {"type": "citation-start", "index": 0}, {"type": ["tool-call-end"]},
                   {"type": "content-delta", "delta": {"message": {"content": {"text": "hi"}}}}, {"index": 0},
                   {"type": "message-end", "delta": {"finish_reason": "MAX_TOKENS"}}]),
    ("bedrock.converse", [{"messageStart": {"role": "assistant"}}, {"metadata": {}}, {"p": "abc"}, {},
                          {"messageStop": {"stopReason": "max_tokens"}, "metadata": {}},
                          {"contentBlockStop": 0, "p": 1}, {"messageStop": []}]),
])
def test_run_skips_only_events_feed_ignores(dialect: str, odd: List[Any]) -> None:  # and reads the others
    chunks = encode_stream([ToolCall(name="f", args={"a": "b" * 9}, id="call_1")], dialect, split=4)
    for at in (1, 2, 3, len(chunks) - 1, len(chunks)):
        _agree(chunks[:at] + odd + chunks[at:], dialect)


def _anthropic(block: Any, index: Any = 1, pieces: Any = ('{"a": ', "1}")) -> List[Any]:
    chunks: List[Any] = [{"type": "content_block_start", "index": index, "content_block": block}]
    chunks += [{"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": p}}
               for p in pieces]
    return chunks + [{"type": "content_block_stop", "index": index}]


def _block(**fields: Any) -> Dict[str, Any]:
    block = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
    block.update(fields)
    return {k: v for k, v in block.items() if v is not _GONE}


@pytest.mark.parametrize("chunks", [
    _anthropic(_block()),
    _anthropic(_block(input={"a": 2}), pieces=()),  # a proxy's whole input, no delta
    _anthropic(_block(input={"a": 2})),
    _anthropic(_block(input=[1]), pieces=()),
    _anthropic(_block(input=_GONE)),
    _anthropic(_block(id=_GONE)), _anthropic(_block(id="")), _anthropic(_block(id=3)),
    _anthropic(_block(name=_GONE)), _anthropic(_block(name="")), _anthropic(_block(name=["f"])),
    _anthropic(_block(cache_control={"type": "ephemeral"})),  # not plain: provider data
    _anthropic(_block(type="server_tool_use")),
    _anthropic(_block(), index=True), _anthropic(_block(), index=1.0), _anthropic(_block(), index="1"),
    _anthropic(_block())[:1] + _anthropic(_block(id="toolu_2")),  # the index is taken: the open call ends first
])
def test_anthropic_block_start_agrees_with_feed(chunks: List[Any]) -> None:
    _agree(chunks, "anthropic.messages")


def _bedrock(use: Any, index: Any = 1, pieces: Any = ('{"a": ', "1}")) -> List[Any]:
    chunks: List[Any] = [{"contentBlockStart": {"contentBlockIndex": index, "start": {"toolUse": use}}}]
    chunks += [{"contentBlockDelta": {"contentBlockIndex": index, "delta": {"toolUse": {"input": p}}}} for p in pieces]
    return chunks + [{"contentBlockStop": {"contentBlockIndex": index}}]


@pytest.mark.parametrize("chunks", [
    _bedrock({"toolUseId": "t1", "name": "f"}),
    _bedrock({"toolUseId": "t1", "name": "f", "type": "server_tool_use"}),
    _bedrock({"toolUseId": "t1", "name": "f", "x": 1}),
    _bedrock({"toolUseId": "", "name": "f"}), _bedrock({"toolUseId": 1, "name": "f"}),
    _bedrock({"toolUseId": "t1", "name": ""}), _bedrock({"toolUseId": "t1", "name": None}),
    _bedrock({"toolUseId": "t1", "nom": "f"}),
    _bedrock({"toolUseId": "t1", "name": "f"}, index=True), _bedrock({"toolUseId": "t1", "name": "f"}, index=1.0),
    _bedrock({"toolUseId": "t1", "name": "f"})[:1] + _bedrock({"toolUseId": "t2", "name": "g"}),
])
def test_bedrock_block_start_agrees_with_feed(chunks: List[Any]) -> None:
    _agree(chunks, "bedrock.converse")


def _cohere(tc: Any, index: Any = 1, pieces: Any = ('{"a": ', "1}")) -> List[Any]:
    chunks: List[Any] = [{"type": "tool-call-start", "index": index, "delta": {"message": {"tool_calls": tc}}}]
    chunks += [{"type": "tool-call-delta", "index": index,
                "delta": {"message": {"tool_calls": {"function": {"arguments": p}}}}} for p in pieces]
    return chunks + [{"type": "tool-call-end", "index": index}]


def _tc(ident: Any = "c1", name: Any = "f", arguments: Any = "") -> Dict[str, Any]:
    fn = {k: v for k, v in (("name", name), ("arguments", arguments)) if v is not _GONE}
    return {k: v for k, v in (("id", ident), ("type", "function"), ("function", fn)) if v is not _GONE}


@pytest.mark.parametrize("chunks", [
    _cohere(_tc()),
    _cohere(_tc(arguments='{"a": 1}'), pieces=()),
    _cohere(_tc(arguments='{"a"'), pieces=(": 1}",)),
    _cohere(_tc(arguments=None)), _cohere(_tc(arguments=_GONE)), _cohere(_tc(arguments={"a": 1}), pieces=()),
    _cohere(_tc(ident="")), _cohere(_tc(ident=_GONE)), _cohere(_tc(ident=5)),
    _cohere(_tc(name="")), _cohere(_tc(name=_GONE)), _cohere(_tc(name=1)),
    _cohere([_tc()]),
    _cohere(_tc(), index=True), _cohere(_tc(), index=1.0), _cohere(_tc(), index=None),
    _cohere(_tc())[:1] + _cohere(_tc(ident="c2")),
])
def test_cohere_call_start_agrees_with_feed(chunks: List[Any]) -> None:
    _agree(chunks, "cohere.v2")
    _agree(chunks, "cohere.v2", max_bytes=4)


_INDEX_KEYS = ("index", "output_index", "contentBlockIndex")
_TYPED_RUN = ["openai.responses", "anthropic.messages", "bedrock.converse", "cohere.v2"]


def _reindexed(node: Any, index: Any, only: Any = None, inside: bool = False) -> Any:
    """*node* with its block/item indexes mapped by *index* (only within events for
    which *only*, if given, holds)."""
    if type(node) is list:
        return [_reindexed(x, index, only, inside) for x in node]
    if type(node) is not dict:
        return node
    inside = inside or only is None or only(node)
    return {k: (index(v) if k in _INDEX_KEYS and type(v) is int and inside else _reindexed(v, index, only, inside))
            for k, v in node.items()}


def _argument_delta(event: Dict[str, Any]) -> bool:
    return "delta" in str(event.get("type", "")) or "contentBlockDelta" in event


def _arguments_done(event: Dict[str, Any]) -> bool:
    return event.get("type") == "response.function_call_arguments.done"


@pytest.mark.parametrize("dialect", _TYPED_RUN)
@pytest.mark.parametrize("index", [lambda i: i + 1000, lambda i: 256 + i, lambda i: -i - 6])
def test_indexes_beyond_small_ints_agree_with_feed(dialect: str, index: Any) -> None:
    calls = [ToolCall(name="f", args={"a": 1}, id="call_1"), ToolCall(name="g", args={"b": [2]}, id="call_2")]
    _agree(_reindexed(encode_stream(calls, dialect, split=3), index), dialect)


def _starts_first(chunks: List[Any]) -> List[Any]:
    """*chunks* with every call started before any argument delta (all open at once)."""
    def start(c: Any) -> bool:
        return "contentBlockStart" in c or c.get("type") in (
            "response.output_item.added", "content_block_start", "tool-call-start")

    first = next(i for i, c in enumerate(chunks) if start(c))
    return chunks[:first] + [c for c in chunks if start(c)] + [c for c in chunks[first:] if not start(c)]


@pytest.mark.parametrize("dialect", _TYPED_RUN)
@pytest.mark.parametrize("odd", [lambda i: bool(i), lambda i: float(i), lambda i: str(i), lambda i: [i]])
def test_argument_deltas_with_odd_indexes_agree_with_feed(dialect: str, odd: Any) -> None:
    """A bool or a float equal to an open call's index is not its index (``feed``
    gives such a delta to the latest call)."""
    calls = [ToolCall(name="f", args={"a": 1}, id="call_1"), ToolCall(name="g", args={"b": [2]}, id="call_2")]
    chunks = encode_stream(calls, dialect, split=3)
    _agree(_reindexed(chunks, odd, _argument_delta), dialect)
    _agree(_reindexed(_starts_first(chunks), odd, _argument_delta), dialect)
    _agree(_reindexed(_starts_first(chunks), odd, _arguments_done), dialect)
    _agree(_reindexed(_starts_first(chunks), lambda i: i + 1000), dialect)


@pytest.mark.parametrize("dialect", RUN_DIALECTS)
def test_a_call_with_an_error_takes_no_fragment_on_the_hot_path(dialect: str) -> None:
    """The loops test only ``c.size`` (the core's contract): a failed call is over the limit."""
    acc = Accumulator(dialect, max_bytes=100)
    calls = [ToolCall(name="f", args={"a": "x" * 20}, id="call_1")]
    chunks = encode_stream(calls, dialect, split=5, **({"with_index": True} if dialect == "mistral" else {}))
    for chunk in chunks[:4]:
        acc.feed(chunk)
    core = acc._core
    assert core is not None and core.by_key
    [c] = core.by_key.values()
    core.fail(c, "broken")
    assert c.size > core.max_bytes
    for chunk in chunks[4:]:
        assert not [e for e in acc.feed(chunk) if isinstance(e, ArgsDelta)]
    [result] = acc.close()
    assert result.error == "broken"  # type: ignore[union-attr]


def test_core_finds_calls_by_id_in_every_scope() -> None:
    from toolwire._args import DEFAULT_POLICY
    from toolwire.stream._core import Core

    core = Core("x", DEFAULT_POLICY, False, False, False)
    a, b = core.new(None, None, "id1", "f", True), core.new(None, 0, "id1", "g", True)
    c = core.new(None, 1, "id2", "h", True)
    assert (core.find(None, "id1"), core.find(None, "id1", 0), core.find(None, "id2", 1)) == (a, b, c)
    assert (core.find(None, "id2"), core.find(None, "id2", 0), core.find(None, "id1", 1)) == (None, None, None)
    core.delta(0, None, "id1", None, "{}")  # to the open call with that id in that scope
    assert b.parts == ["{}"] and a.parts == []


def test_responses_plain_items_take_the_hot_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Structural, not timed: a plain stream never reaches ``feed``, ``_added`` or ``_done``."""
    handler = STREAM_HANDLERS["openai.responses"]
    seen: List[str] = []

    def counting(method: str) -> Any:
        general = getattr(handler, method)

        def count(self: Any, *args: Any) -> None:
            seen.append(method)
            general(self, *args)

        return count

    for method in ("feed", "_added", "_done"):
        monkeypatch.setattr(handler, method, counting(method))
    calls = [ToolCall(name="f", args={"text": "x" * 40}, id="call_1"), ToolCall(name="g", args={}, id="call_2")]
    chunks = encode_stream(calls, "openai.responses", split=4)
    assert [(c.name, c.args, c.id) for c in accumulate(chunks)] == [(c.name, c.args, c.id) for c in calls]
    assert seen == []


TABLE = stream_table.streams()


def _detected(data: Dict[str, Any]) -> Any:
    """The first dialect whose ``stream_detect`` accepts *data* (detection without its lookup)."""
    for test, (name, *_) in TABLE.tests:
        try:
            if test(data):
                return name
        except Exception:
            continue
    return None


def _typed() -> List[Any]:
    """The tests of the event-typed dialects (they come first)."""
    return [test for test, _ in TABLE.tests[: len(TABLE.tests) - len(TABLE.untyped)]]


def test_known_types_are_detected_as_the_tests_do() -> None:
    assert TABLE.kinds
    for kind, (name, *_) in TABLE.kinds.items():
        assert name == _detected({"type": kind}) == detect_stream({"type": kind, "choices": []}), kind


@given(kind=st.sampled_from(sorted(TABLE.kinds)) | st.sampled_from(["response.x", "ping", "debug", ""])
       | st.text(max_size=12),
       extra=st.dictionaries(st.sampled_from(["choices", "candidates", "message", "done", "delta", "index"]),
                             st.none() | st.integers() | st.just([]) | st.just({}), max_size=3))
def test_detection_by_known_type_agrees_with_the_tests(kind: str, extra: Dict[str, Any]) -> None:
    """A chunk of a known type is detected by one lookup: the typed tests (of dialects
    with ``stream_events``) must depend on the type alone, and the lookup must answer as
    all the tests in order do."""
    data = dict(extra, type=kind)
    for test in _typed():
        assert test(data) == test({"type": kind})
    assert detect_stream(data) == _detected(data)


@pytest.mark.parametrize("dialect", RUN_DIALECTS)
def test_argument_deltas_take_the_hot_path(dialect: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Structural, not timed: a plain stream's argument deltas never reach ``feed``."""
    handler = STREAM_HANDLERS[dialect]
    seen: List[Any] = []
    general = handler.feed

    def counting(self: Any, data: Dict[str, Any]) -> None:
        seen.append(data)
        general(self, data)

    monkeypatch.setattr(handler, "feed", counting)
    calls = [ToolCall(name="f", args={"text": "x" * 40}, id="callAAAA1"),  # ids valid in every dialect
             ToolCall(name="g", args={"n": 12345678}, id="callAAAA2")]
    chunks = encode_stream(calls, dialect, split=4, **({"with_index": True} if dialect == "mistral" else {}))
    assert [(c.name, c.args, c.id) for c in accumulate(chunks, dialect)] == [(c.name, c.args, c.id) for c in calls]
    assert len(seen) <= len(chunks) // 3, f"{len(seen)} of {len(chunks)} chunks took the general path"


def test_chat_deltas_without_index_take_the_hot_path(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: List[Any] = []
    handler = STREAM_HANDLERS["openai.chat"]
    general = handler.feed
    monkeypatch.setattr(handler, "feed", lambda self, data: (seen.append(data), general(self, data)))
    calls = [ToolCall(name="f", args={"text": "x" * 40}, id="call_1"), ToolCall(name="g", args={"n": 1}, id="call_2")]
    chunks = encode_stream(calls, "openai.chat", split=4, with_index=False)
    assert accumulate(chunks, "openai.chat") == calls
    assert len(seen) <= len(chunks) // 3, f"{len(seen)} of {len(chunks)} chunks took the general path"


def test_responses_deltas_without_item_id_take_the_hot_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """A gateway that strips ``item_id`` from argument deltas: every second delta went to ``feed``
    (a missing key, 3.5-4x slower), and, read there, they agree."""
    from toolwire.dialects.openai.responses_feed import Feed

    seen: List[Any] = []
    general = Feed.feed  # (the general reader ``run`` hands events to)
    monkeypatch.setattr(Feed, "feed", lambda self, data: (seen.append(data), general(self, data)))
    calls = [ToolCall(name="f", args={"text": "x" * 40}, id="call_1"), ToolCall(name="g", args={"n": 1}, id="call_2")]
    chunks = encode_stream(calls, "openai.responses", split=4)
    assert any(c.get("type") == "response.function_call_arguments.delta" for c in chunks)
    for c in chunks:
        if c.get("type") == "response.function_call_arguments.delta":
            del c["item_id"]
    assert accumulate(chunks, "openai.responses") == calls
    assert not [d for d in seen if d.get("type") == "response.function_call_arguments.delta"]
    acc = Accumulator("openai.responses")
    for c in chunks:
        acc.feed(c)
    assert acc.close() == calls


@pytest.mark.parametrize("dialect", RUN_DIALECTS)
def test_accumulate_leaves_no_reference_cycles(dialect: str) -> None:
    """A cycle would leave every stream's calls to the cyclic GC (it did once: a
    self-referencing closure)."""
    chunks = encode_stream([ToolCall(name="f", args={"a": 1}, id="call_1")], dialect, split=2)
    accumulate(chunks)
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            accumulate(chunks)
            accumulate(chunks, dialect)
            accumulate(["data: " + json.dumps(c) for c in chunks])
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("dialect", ["openai.responses", "no.such.dialect", None])
def test_accumulate_checks_policy_keywords_first(dialect: Any) -> None:
    with pytest.raises(TypeError, match="unknown policy keyword"):
        accumulate([{"type": "ping"}], dialect, bogus=1)


def _delta(index: Any, piece: Any) -> Dict[str, Any]:
    return {"type": "response.function_call_arguments.delta", "item_id": "fc_x", "output_index": index, "delta": piece}


def _opened(index: int, call_id: str) -> Dict[str, Any]:
    return {"type": "response.output_item.added", "output_index": index,
            "item": {"type": "function_call", "id": f"fc_{index}", "call_id": call_id, "name": "f", "arguments": "",
                     "status": "in_progress"}}


def _closed(index: int, call_id: str, arguments: str) -> Dict[str, Any]:
    return {"type": "response.output_item.done", "output_index": index,
            "item": {"type": "function_call", "id": f"fc_{index}", "call_id": call_id, "name": "f",
                     "arguments": arguments, "status": "completed"}}


def test_responses_deltas_in_a_row_around_an_sdk_event() -> None:
    """An event that is no dict between deltas (fed as its plain form) ends the run too."""
    types = pytest.importorskip("openai.types.responses")
    done = types.ResponseOutputItemDoneEvent.model_validate(_closed(0, "a", "{}") | {"sequence_number": 3})
    chunks = [_opened(0, "a"), _delta(0, "{"), _delta(0, "}"), done, _delta(0, "{}")]
    assert [(type(r).__name__, r.name) for r in accumulate(chunks)] == [("ToolCall", "f"), ("InvalidToolCall", None)]
    plain = [_opened(0, "a"), _delta(0, "{"), _delta(0, "}"), _closed(0, "a", "{}"), _delta(0, "{}")]
    assert _plain(accumulate(chunks)) == _plain(accumulate(plain))


# (open a call at an index, a delta of an index, end the call at an index, an event ``feed`` reads)
_RUNS: Dict[str, Tuple[Any, Any, Any, Dict[str, Any]]] = {
    "openai.responses": (lambda i, ident: _opened(i, ident), _delta,
                         lambda i: _closed(i, "a" if i == 0 else "b", "{}"),
                         {"type": "response.output_text.delta", "output_index": 9, "delta": "hi"}),
    "anthropic.messages": (
        lambda i, ident: {"type": "content_block_start", "index": i,
                          "content_block": {"type": "tool_use", "id": ident, "name": "f", "input": {}}},
        lambda i, p: {"type": "content_block_delta", "index": i, "delta": {"type": "input_json_delta", "partial_json": p}},
        lambda i: {"type": "content_block_stop", "index": i},
        {"type": "content_block_delta", "index": 9, "delta": {"type": "text_delta", "text": "hi"}}),
    "bedrock.converse": (
        lambda i, ident: {"contentBlockStart": {"contentBlockIndex": i, "start": {"toolUse": {"toolUseId": ident,
                                                                                              "name": "f"}}}},
        lambda i, p: {"contentBlockDelta": {"contentBlockIndex": i, "delta": {"toolUse": {"input": p}}}},
        lambda i: {"contentBlockStop": {"contentBlockIndex": i}},
        {"contentBlockDelta": {"contentBlockIndex": 9, "delta": {"text": "hi"}}}),
    "cohere.v2": (
        lambda i, ident: {"type": "tool-call-start", "index": i, "delta": {"message": {"tool_calls": {
            "id": ident, "type": "function", "function": {"name": "f", "arguments": ""}}}}},
        lambda i, p: {"type": "tool-call-delta", "index": i,
                      "delta": {"message": {"tool_calls": {"function": {"arguments": p}}}}},
        lambda i: {"type": "tool-call-end", "index": i},
        {"type": "content-delta", "index": 9, "delta": {"message": {"content": {"text": "hi"}}}}),
}


def _runs_of(dialect: str) -> List[List[Any]]:
    opened, delta, closed, fed = _RUNS[dialect]
    a, b = opened(0, "a"), opened(1, "b")
    return [
        # deltas of two open calls, interleaved: each goes to its own call
        [a, b, delta(0, '{"x"'), delta(1, '{"y"'), delta(1, ": 2}"), delta(0, ": 1}"), closed(0), closed(1)],
        # a delta of the same index after its call ended (no event but deltas between)
        [a, delta(0, "{}"), closed(0), delta(0, "{}")],
        # a new call at the index of the call the deltas before went to
        [a, delta(0, "{}"), closed(0), opened(0, "b"), delta(0, "{}"), closed(0)],
        # a bool, a float, an int beyond the shared ones in a run of deltas
        [opened(1, "a"), delta(1, "{"), delta(True, '"a"'), delta(1.0, ": 1"), delta(1, "}"), closed(1)],
        [opened(300, "a"), delta(300, "{"), delta(300, "}"), closed(300)],
        # a delta that is not text, or empty, in a run of deltas
        [a, delta(0, "{"), delta(0, 5), delta(0, ""), delta(0, "}"), closed(0)],
        # an event fed in between, then more deltas
        [a, delta(0, "{"), fed, delta(0, "}"), closed(0)],
        # the end given as JSON text (no dict: read apart), then a delta of its index
        [a, delta(0, "{"), delta(0, "}"), json.dumps(closed(0)), delta(0, "{}")],
        *([[a, delta(0, "{"), {"type": "response.function_call_arguments.done", "output_index": 0,
                               "item_id": "fc_0", "name": "f", "arguments": "{}"}, delta(0, "}")]]
          if dialect == "openai.responses" else []),  # the whole text (arguments.done) in a run of deltas
    ]


def test_a_final_event_fed_as_text_starts_the_next_response_in_both_paths() -> None:
    """A final event that is no dict (JSON text, an SDK object) is read by a run of its own
    (*other*): what it starts afresh (``ended``) is the one the hot loop reads next (a
    second response's item ended twice at a reused index ran twice)."""
    final = {"type": "response.completed", "response": {"status": "completed", "output": [_closed(0, "a", "{}")["item"]]}}
    chunks = [_opened(0, "a"), _delta(0, "{}"), _closed(0, "a", "{}"), json.dumps(final),
              _opened(0, "b"), _delta(0, "{}"), _closed(0, "b", "{}"), _closed(0, "b", "{}")]
    assert [(type(c).__name__, c.id) for c in accumulate(copy.deepcopy(chunks))] == [("ToolCall", "a"),
                                                                                    ("ToolCall", "b")]
    _agree(chunks, "openai.responses")


@pytest.mark.parametrize("dialect", sorted(_RUNS))
def test_runs_of_deltas_agree_with_feed(dialect: str) -> None:
    """A hot loop looks a run of deltas' call up once: any other chunk ends the run."""
    for chunks in _runs_of(dialect):
        _agree(chunks, dialect)
        for max_bytes in (1, 2, 3):  # over the limit inside a run of deltas
            _agree(chunks, dialect, max_bytes=max_bytes)


# --- Responses: the short path of a plain final response (``responses_feed_final.plain``) --------

_FEED_MODULE = "toolwire.dialects.openai.responses_feed"
_MSG = {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed",
        "content": [{"type": "output_text", "text": "Done.", "annotations": []}]}
_RS = {"id": "rs_1", "type": "reasoning", "summary": []}
_WS = {"id": "ws_1", "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "x"}}
_AP = {"id": "mcpr_1", "type": "mcp_approval_request", "server_label": "s", "name": "ask", "arguments": "{}"}


def test_a_plain_final_response_is_read_without_settle() -> None:
    """Structural, not timed: each final item at its streamed call's place with its ids
    (the benchmark's stream) takes the short path, in the hot loop and in ``feed``."""
    seen: List[Any] = []
    import toolwire.dialects.openai.responses_feed as feed_module
    general = feed_module.settle

    def counting(*args: Any, **kw: Any) -> Any:
        seen.append(args)
        return general(*args, **kw)

    calls = [ToolCall(name="f", args={"a": 1}, id="call_1"), ToolCall(name="g", args={}, id="call_2")]
    chunks = encode_stream(calls, "openai.responses", split=3)
    final = chunks[-1]["response"]
    final["output"] = [_RS, final["output"][0], _MSG, final["output"][1]]  # (no call: passed over)
    for e in chunks:  # (the calls streamed at their places in it)
        if "output_index" in e:
            e["output_index"] = {0: 1, 1: 3}[e["output_index"]]
    with mock.patch(f"{_FEED_MODULE}.settle", counting):
        assert [(c.name, c.args, c.id) for c in accumulate(copy.deepcopy(chunks))] == [
            (c.name, c.args, c.id) for c in calls]
        acc = Accumulator("openai.responses", preview=True)
        for c in chunks:
            acc.feed(c)
        assert len(acc.close()) == 2
    assert seen == []


@st.composite
def _final_variants(draw: Any) -> List[Any]:
    """A Responses stream whose final response is plain or nearly so: items moved,
    dropped, doubled, given other ids, other arguments or name under theirs, other items
    put in; its events dropped, delivered
    twice or as JSON text, other nodes corrupted."""
    calls = draw(call_lists())
    chunks: List[Any] = encode_stream(calls, "openai.responses", split=2)
    final = chunks[-1]["response"]
    output: List[Any] = final["output"]
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(["swap", "drop", "double", "ids", "insert", "type", "node", "event", "text",
                                   "args"]))
        at = draw(st.integers(0, max(len(output) - 1, 0)))
        if op == "swap" and len(output) > 1:
            other = draw(st.integers(0, len(output) - 1))
            output[at], output[other] = output[other], output[at]
        elif op == "drop" and output:
            del output[at]
        elif op == "double" and output:
            output.insert(at, copy.deepcopy(output[at]))
        elif op == "ids" and output and type(output[at]) is dict:
            output[at] = dict(output[at], call_id=draw(st.sampled_from(["call_0", "call_1", "call_x", "", None])),
                              id=draw(st.sampled_from(["fc_0", "fc_9", None])))
        elif op == "args" and output and type(output[at]) is dict:  # its ids kept: the same or another call
            field = draw(st.sampled_from(["arguments", "input", "name"]))
            output[at] = dict(output[at], **{field: draw(st.sampled_from(["", '{"z": 1}', "{ }", "g", None]))})
        elif op == "insert":
            output.insert(at, copy.deepcopy(draw(st.sampled_from([_MSG, _RS, _WS, _AP, "x", {}]))))
        elif op == "type" and output and type(output[at]) is dict:
            output[at] = dict(output[at], type=draw(st.sampled_from(["custom_tool_call", "message", "shell_call"])))
        elif op == "node":
            i = draw(st.integers(0, len(chunks) - 1))
            if type(chunks[i]) is dict and chunks[i]:
                chunks[i][draw(st.sampled_from(sorted(chunks[i])))] = draw(shaped)
        elif op == "event":
            i = draw(st.integers(0, len(chunks) - 1))
            if draw(st.booleans()):
                del chunks[i]
            else:
                chunks.insert(i, copy.deepcopy(chunks[i]))
        elif op == "text":  # an event as JSON text: read by a run of its own (*other*)
            i = draw(st.integers(0, len(chunks) - 1))
            chunks[i] = json.dumps(chunks[i])
    if draw(st.booleans()):  # the final event again (its items under other ids, maybe)
        again = copy.deepcopy(chunks[-1])
        if draw(st.booleans()) and type(again) is dict and type(again.get("response")) is dict:
            out = again["response"].get("output")
            if type(out) is list:
                again["response"]["output"] = [dict(x, call_id=f"call_r{j}") if type(x) is dict else x
                                               for j, x in enumerate(out)]
        chunks.append(again)
    return chunks


@given(chunks=_final_variants())
@example(chunks=encode_stream([ToolCall(name="f", args={}, id="call_0")], "openai.responses"))
def test_responses_plain_final_short_path_agrees_with_settle(chunks: List[Any]) -> None:
    """The short path (``plain``) gives what ``settle`` gives, in both readers; the hot
    loop agrees with ``feed`` on these streams too."""
    _agree(chunks, "openai.responses")
    short = _outcome(lambda: _fed(copy.deepcopy(chunks), "openai.responses", include_server=True))
    with mock.patch(f"{_FEED_MODULE}.plain", lambda *args: None):
        general = _outcome(lambda: _fed(copy.deepcopy(chunks), "openai.responses", include_server=True))
        general_acc = _outcome(lambda: _plain(accumulate(copy.deepcopy(chunks), "openai.responses",
                                                         include_server=True)))
    assert short == general
    assert general_acc == (general[0], general[1][0] if general[0] == "ok" else general[1])
