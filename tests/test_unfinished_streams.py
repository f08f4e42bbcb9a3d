"""A reply its provider says has not finished (Cohere ``TIMEOUT`` / ``USER_CANCEL``,
Responses ``in_progress`` / ``queued`` / ``cancelled``) reads the same in a stream, in
``decode_all`` / ``normalize`` of the whole reply and as the ``finish_reason=`` keyword:
its calls are cut off, and without a call it is the nameless "has not finished"
``InvalidToolCall``. Payloads: Cohere v2 chat stream events (``message-end`` with
``delta.finish_reason``, cohere-python ``ChatMessageEndEventDelta``; ``ChatFinishReason``
``COMPLETE``, ``STOP_SEQUENCE``, ``MAX_TOKENS``, ``TOOL_CALL``, ``ERROR``, ``TIMEOUT``;
``FinishReason`` adds ``ERROR_TOXIC``, ``ERROR_LIMIT``, ``USER_CANCEL``)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall, get_dialect, stream

FENCED = '```json\n{"path": "/tmp/a"}\n```'


def _whole(fr: str, args: Optional[str]) -> Dict[str, Any]:
    msg: Dict[str, Any] = (
        {"role": "assistant", "tool_calls": [
            {"id": "t1", "type": "function", "function": {"name": "delete_file", "arguments": args}}]}
        if args is not None else {"role": "assistant", "content": [{"type": "text", "text": "Let me check"}]})
    return {"id": "x", "finish_reason": fr, "message": msg,
            "usage": {"tokens": {"input_tokens": 10, "output_tokens": 5}}}


def _events(fr: str, args: Optional[str]) -> List[Dict[str, Any]]:
    ev: List[Dict[str, Any]] = [{"type": "message-start", "id": "x", "delta": {"message": {"role": "assistant"}}}]
    if args is not None:
        ev.append({"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
            "id": "t1", "type": "function", "function": {"name": "delete_file", "arguments": ""}}}}})
        if args:
            ev.append({"type": "tool-call-delta", "index": 0,
                       "delta": {"message": {"tool_calls": {"function": {"arguments": args}}}}})
        ev.append({"type": "tool-call-end", "index": 0})
    else:
        ev.append({"type": "content-delta", "index": 0,
                   "delta": {"message": {"content": {"text": "Let me check"}}}})
    ev.append({"type": "message-end", "delta": {"finish_reason": fr}})
    return ev


def _shape(results: Any) -> List[Any]:
    out = []
    for r in results:
        if type(r) is ToolCall:
            out.append(("call", r.name, r.args))
        else:
            assert type(r) is InvalidToolCall
            out.append(("invalid", r.name, r.truncated))
    return out


def _decode(fr: str, args: Optional[str]) -> Any:
    try:
        return _shape(toolwire.decode_all(_whole(fr, args), invalid="keep"))
    except toolwire.ToolwireError as exc:
        return ("error", str(exc))


def _stream(fr: str, args: Optional[str]) -> Any:
    try:
        return _shape(stream.accumulate(_events(fr, args), "cohere.v2"))
    except toolwire.ToolwireError as exc:
        return ("error", str(exc))


@pytest.mark.parametrize("fr", ["TIMEOUT", "USER_CANCEL"])
def test_cohere_unfinished_stream_cuts_calls(fr: str) -> None:
    for args in ("", FENCED):
        got = stream.accumulate(_events(fr, args), "cohere.v2")
        assert [type(r) for r in got] == [InvalidToolCall]
        assert got[0].truncated is True  # type: ignore[union-attr]
        assert "has not finished" in got[0].error  # type: ignore[union-attr]


@pytest.mark.parametrize("fr", ["TIMEOUT", "USER_CANCEL"])
def test_cohere_unfinished_stream_without_call(fr: str) -> None:
    got = stream.accumulate(_events(fr, None), "cohere.v2")
    assert len(got) == 1 and type(got[0]) is InvalidToolCall and got[0].name is None
    assert f"has not finished ({fr!r})" in got[0].error


@pytest.mark.parametrize("fr", sorted(get_dialect("cohere.v2").finish_reasons))
@pytest.mark.parametrize("args", ["", FENCED, '{"path": "/tmp/a"}', None])
def test_cohere_stream_reads_as_whole_reply(fr: str, args: Optional[str]) -> None:
    """Every finish word of the dialect's table: the stream gives what ``decode_all`` of
    the same whole reply gives (its error for a failed reply without a call as the
    nameless ``InvalidToolCall`` with the same words)."""
    whole, streamed = _decode(fr, args), _stream(fr, args)
    if whole and whole[0] == "error":
        assert streamed == [("invalid", None, False)]
    else:
        assert streamed == whole


@pytest.mark.parametrize(("dialect", "fr"), [
    ("cohere.v2", "TIMEOUT"), ("cohere.v2", "USER_CANCEL"), ("cohere.v2", "timeout"),
    ("openai.responses", "in_progress"), ("openai.responses", "queued"), ("openai.responses", "cancelled"),
    (None, "TIMEOUT"), (None, "in_progress"),
])
def test_unfinished_keyword_cuts_calls(dialect: Optional[str], fr: str) -> None:
    if dialect == "openai.responses" or (dialect is None and fr == "in_progress"):
        calls: Any = [{"type": "function_call", "call_id": "call_1", "name": "delete_file", "arguments": ""}]
    else:
        calls = _whole(fr, "")["message"]["tool_calls"]
    name = dialect or ("openai.responses" if fr == "in_progress" else "cohere.v2")
    for kw in ({"dialect": dialect} if dialect else {}, {"dialect": name}):
        got = toolwire.decode_all(calls, finish_reason=fr, invalid="keep", **kw)
        assert [type(r) for r in got] == [InvalidToolCall]
        assert got[0].truncated is True  # type: ignore[union-attr]
        if fr != "cancelled":  # (also IBM watsonx.ai's word: a core cut-off word)
            assert "has not finished" in got[0].error  # type: ignore[union-attr]


def _chat_whole(fr: str, args: Optional[str]) -> Dict[str, Any]:
    msg: Dict[str, Any] = (
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "delete_file", "arguments": args}}]}
        if args is not None else {"role": "assistant", "content": "Let me check"})
    return {"id": "c", "object": "chat.completion", "created": 1, "model": "gpt-4o",
            "choices": [{"index": 0, "finish_reason": fr, "message": msg}]}


def _chat_events(fr: str, args: Optional[str]) -> List[Dict[str, Any]]:
    def chunk(delta: Dict[str, Any], f: Optional[str] = None) -> Dict[str, Any]:
        return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
                "choices": [{"index": 0, "delta": delta, "finish_reason": f}]}

    ev = [chunk({"role": "assistant"})]
    if args is not None:
        ev.append(chunk({"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                         "function": {"name": "delete_file", "arguments": ""}}]}))
        if args:
            ev.append(chunk({"tool_calls": [{"index": 0, "function": {"arguments": args}}]}))
    else:
        ev.append(chunk({"content": "Let me check"}))
    ev.append(chunk({}, fr))
    return ev


@pytest.mark.parametrize("fr", sorted(get_dialect("openai.chat").finish_reasons))
@pytest.mark.parametrize("args", ["", FENCED, None])
def test_chat_stream_reads_as_whole_reply(fr: str, args: Optional[str]) -> None:
    try:
        whole: Any = _shape(toolwire.decode_all(_chat_whole(fr, args), invalid="keep"))
    except toolwire.ToolwireError:
        whole = [("invalid", None, False)]  # the stream's nameless InvalidToolCall
    assert _shape(stream.accumulate(_chat_events(fr, args), "openai.chat")) == whole


@pytest.mark.parametrize(("dialect", "word", "chunks"), [
    ("cohere.v2", "TIMEOUT", [{"type": "message-start", "id": "x", "delta": {"message": {"role": "assistant"}}}]),
    ("cohere.v2", "unfinished", [{"type": "message-start", "id": "x", "delta": {"message": {"role": "assistant"}}}]),
    ("gemini", "CONTINUATION", [{"candidates": [{"content": {"role": "model", "parts": [{"text": "Let me"}]}}]}]),
    ("openai.responses", "in_progress", [{"type": "response.output_text.delta", "item_id": "msg_1",
                                          "output_index": 0, "content_index": 0, "delta": "Let me"}]),
])
def test_the_unfinished_keyword_reads_a_stream_as_the_whole_reply(dialect: str, word: str,
                                                                  chunks: List[Dict[str, Any]]) -> None:
    """The caller's word for a reply that has not finished: the stream without a call
    gives what ``decode_all`` gives for the same word, never ``[]``."""
    said = "" if word == "unfinished" else f" ({word!r})"
    message = f"The reply has not finished{said} and holds no tool call: the calls the model makes are not in it"
    [whole] = toolwire.decode_all(None, dialect, finish_reason=word, invalid="keep")
    assert isinstance(whole, InvalidToolCall) and whole.error == message
    [bad] = stream.accumulate(chunks, dialect, finish_reason=word)
    assert isinstance(bad, InvalidToolCall) and bad.error == message
    acc = stream.Accumulator(dialect, finish_reason=word)
    for chunk in chunks:
        acc.feed(chunk)
    [bad] = acc.close()
    assert isinstance(bad, InvalidToolCall) and bad.error == message
