"""mistralai SDK stream objects: the SDK's ``ToolCall`` fills ``id="null"`` (and
``index=0``) where the wire has none. ``"null"`` is no id wherever such objects can
arrive: a stream named ``mistral`` or ``openai.chat``, or detected (Mistral's chunks
are Chat chunks, detected as ``openai.chat``). The result is the wire dicts' own."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Optional

import pytest

pytest.importorskip("mistralai")
try:  # mistralai 2.x and later
    from mistralai.client.models import CompletionChunk, CompletionEvent
except ImportError:  # mistralai 1.x (installed beside the oldest pydantic)
    from mistralai.models import CompletionChunk, CompletionEvent  # type: ignore[no-redef]

from toolwire import ToolCall  # noqa: E402
from toolwire.stream import Accumulator, accumulate  # noqa: E402


def _chunk(tool_calls: Optional[List[Dict[str, Any]]], finish: Optional[str] = None) -> Dict[str, Any]:
    # a ``CompletionChunk`` as https://docs.mistral.ai/api/#tag/chat streams it
    delta: Dict[str, Any] = {"tool_calls": tool_calls} if tool_calls else {"content": ""}
    return {"id": "cmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "mistral-large-latest",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


INDEXED = [  # the newer form: id and name first, then argument deltas keyed by index, without id
    _chunk([{"id": "abcdefghi", "index": 0, "function": {"name": "f", "arguments": ""}}]),
    _chunk([{"index": 0, "function": {"name": "", "arguments": '{"a":'}}]),
    _chunk([{"index": 0, "function": {"name": "", "arguments": "1}"}}]),
    _chunk([{"id": "bcdefghij", "index": 1, "function": {"name": "g", "arguments": ""}}]),
    _chunk([{"index": 1, "function": {"name": "", "arguments": '{"b":2}'}}]),
    _chunk(None, "tool_calls"),
]
WHOLE_NO_ID = [_chunk([{"function": {"name": "f", "arguments": '{"a":1}'}},
                       {"function": {"name": "g", "arguments": '{"b":2}'}}], "tool_calls")]
SAME_NAME_NO_ID = [_chunk([{"function": {"name": "f", "arguments": '{"a":1}'}},
                           {"function": {"name": "f", "arguments": '{"a":2}'}}], "tool_calls")]
SEPARATE_NO_ID = [_chunk([{"function": {"name": "f", "arguments": '{"a":1}'}}]),
                  _chunk([{"function": {"name": "f", "arguments": '{"a":2}'}}]), _chunk(None, "tool_calls")]
# id and name first, then argument deltas, all without ``index``, a finish on every chunk (as
# LiteLLM's Gemini iterator sends it, BerriAI/litellm#2195): Mistral's API reference gives
# ``ToolCall.index`` the default 0, and the SDK fills it in, so a delta without one continues
# the call before it; the dicts read as the SDK's objects do (the session-35 note, §6)
FINISH_EVERY_CHUNK = [
    _chunk([{"id": "abcdefghi", "function": {"name": "f", "arguments": ""}}], "tool_calls"),
    _chunk([{"function": {"name": "", "arguments": '{"a":'}}], "tool_calls"),
    _chunk([{"function": {"name": "", "arguments": "1}"}}], "tool_calls"),
    _chunk([{"id": "bcdefghij", "function": {"name": "g", "arguments": ""}}], "tool_calls"),
    _chunk([{"function": {"name": "", "arguments": '{"b":2}'}}], "tool_calls"),
]

FORMS: Dict[str, Callable[[Dict[str, Any]], Any]] = {
    "chunk": CompletionChunk.model_validate,
    "event": lambda c: CompletionEvent(data=CompletionChunk.model_validate(c)),
    "dump": lambda c: CompletionChunk.model_validate(c).model_dump(),
    "json dump": lambda c: CompletionChunk.model_validate(c).model_dump_json(),
}


def _results(chunks: List[Any], dialect: Optional[str]) -> List[List[Any]]:
    fed = Accumulator(dialect)
    for c in chunks:
        fed.feed(c)
    preview = Accumulator(dialect, preview=True)
    for c in chunks:
        preview.feed(c)
    return [accumulate(chunks, dialect), accumulate(iter(chunks), dialect), fed.close(), preview.close()]


def _plain(calls: List[Any]) -> List[Any]:
    return [(type(c).__name__, c.as_dict()) for c in calls]


@pytest.mark.parametrize("dialect", [None, "mistral", "openai.chat"])
@pytest.mark.parametrize("form", sorted(FORMS))
@pytest.mark.parametrize(("wire", "expected"), [
    (INDEXED, [ToolCall("f", {"a": 1}, "abcdefghi"), ToolCall("g", {"b": 2}, "bcdefghij")]),
    (WHOLE_NO_ID, [ToolCall("f", {"a": 1}), ToolCall("g", {"b": 2})]),
    (SAME_NAME_NO_ID, [ToolCall("f", {"a": 1}), ToolCall("f", {"a": 2})]),
    (SEPARATE_NO_ID, [ToolCall("f", {"a": 1}), ToolCall("f", {"a": 2})]),
    (FINISH_EVERY_CHUNK, [ToolCall("f", {"a": 1}, "abcdefghi"), ToolCall("g", {"b": 2}, "bcdefghij")]),
], ids=["indexed", "whole-no-id", "same-name-no-id", "separate-no-id", "finish-every-chunk"])
def test_sdk_objects_give_the_wire_dicts_calls(dialect: Optional[str], form: str, wire: List[Any],
                                               expected: List[ToolCall]) -> None:
    for calls in _results(wire, dialect):
        assert calls == expected
        assert [c.raw for c in calls] == [json.dumps(c.args, separators=(",", ":")) for c in expected]
    plain = _plain(_results(wire, dialect)[0])
    objects = [FORMS[form](c) for c in wire]
    for calls in _results(objects, dialect):
        assert _plain(calls) == plain


def test_the_sdk_fills_the_placeholders() -> None:  # what the fix relies on: mistralai 3.x defaults
    tc = CompletionChunk.model_validate(WHOLE_NO_ID[0]).choices[0].delta.tool_calls
    assert tc is not None and [(t.id, t.index) for t in tc] == [("null", 0), ("null", 0)]


# Mistral's stream as recorded (jackmpcollins/magentic cassettes, vercel/ai's
# ``mistral-tool-call.chunks.txt``): every call whole (id, name, arguments) in one delta
# without ``index``, beside ``finish_reason: "tool_calls"`` and the usage (the last chunk; the
# SDK's objects have no ``[DONE]`` after it). As beside any pieces, the calls wait for a later
# chunk (a whole-looking call may still get its rest): their ``CallDone`` comes at ``close()``
# for the SDK's objects (``index=0`` filled in) as for the dicts
WHOLE = [
    {"id": "7b9ca0036a7148d9b31648d5292abe34", "object": "chat.completion.chunk", "created": 1731829453,
     "model": "mistral-large-latest", "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""},
                                                   "finish_reason": None}]},
    {"id": "7b9ca0036a7148d9b31648d5292abe34", "object": "chat.completion.chunk", "created": 1731829453,
     "model": "mistral-large-latest",
     "choices": [{"index": 0, "delta": {"tool_calls": [
         {"id": "nqjf8Hqe1", "function": {"name": "plus", "arguments": '{"a": 1, "b": 2}'}},
         {"id": "ATcpCKul3", "function": {"name": "minus", "arguments": '{"a": 2, "b": 1}'}}]},
                  "finish_reason": "tool_calls"}],
     "usage": {"prompt_tokens": 187, "total_tokens": 232, "completion_tokens": 45}},
]


@pytest.mark.parametrize("dialect", [None, "mistral", "openai.chat"])
@pytest.mark.parametrize("form", ["wire"] + sorted(FORMS))
def test_whole_calls_are_done_once_each(dialect: Optional[str], form: str) -> None:
    from toolwire.stream import CallDone

    expected = [ToolCall("plus", {"a": 1, "b": 2}, "nqjf8Hqe1"), ToolCall("minus", {"a": 2, "b": 1}, "ATcpCKul3")]
    acc = Accumulator(dialect)
    done = [e.call for c in WHOLE for e in acc.feed(c if form == "wire" else FORMS[form](c)) if isinstance(e, CallDone)]
    assert acc.close() == expected
    assert done + [e.call for e in acc.events() if isinstance(e, CallDone)] == expected


@pytest.mark.parametrize("dialect", [None, "mistral", "openai.chat"])
@pytest.mark.parametrize("form", ["wire"] + sorted(FORMS))
@pytest.mark.parametrize("text", ["\n", " ", ""])
def test_white_space_after_a_whole_call_and_its_finish(dialect: Optional[str], form: str, text: str) -> None:
    """A whole call beside a finish, then white space (or nothing) without ``index``
    beside another finish (a finish on every chunk): still that call, for the SDK's
    objects (``index=0``) as for the dicts. toolwire gave a nameless ``InvalidToolCall``
    beside it (the dicts, and since session 36's rule 3 the objects too)."""
    wire = [_chunk([{"id": "abcdefghi", "function": {"name": "f", "arguments": '{"a":1}'}}], "tool_calls"),
            _chunk([{"function": {"name": "", "arguments": text}}], "tool_calls")]
    chunks = wire if form == "wire" else [FORMS[form](c) for c in wire]
    assert accumulate(chunks, dialect) == [ToolCall("f", {"a": 1}, "abcdefghi")]


# Magistral streams ``delta.content`` as a list of content chunks (mistralai
# ``DeltaMessage.content: str | List[ContentChunk]``: ``ThinkChunk`` with its
# ``thinking`` chunks, ``TextChunk``): the text chunks are the reply text, as the
# whole reply's reader (``toolwire.response.normalize``) reads them
def _content(content: Any, finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "cmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "magistral-medium-latest",
            "choices": [{"index": 0, "delta": {"content": content}, "finish_reason": finish}]}


MAGISTRAL = [
    _content([{"type": "thinking", "thinking": [{"type": "text", "text": "2+2 is 4"}]}]),
    _content([{"type": "text", "text": "The answer "}]),
    _content("is "),
    _content([{"type": "text", "text": "4."}]),
    _content("", "stop"),
]


@pytest.mark.parametrize("dialect", [None, "mistral", "openai.chat"])
@pytest.mark.parametrize("as_objects", [False, True], ids=["dicts", "sdk"])
def test_list_content_text_chunks_are_the_text(dialect: Any, as_objects: bool) -> None:
    chunks: List[Any] = [CompletionChunk.model_validate(c) for c in MAGISTRAL] if as_objects else MAGISTRAL
    acc = Accumulator(dialect)
    for c in chunks:
        acc.feed(c)
    assert acc.close() == []
    assert (acc.text, acc.finish_reason) == ("The answer is 4.", "stop")
