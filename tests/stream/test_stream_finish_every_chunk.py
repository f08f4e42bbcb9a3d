"""A Chat stream whose every chunk carries the choice's ``finish_reason``, argument pieces
after it included: LiteLLM's Gemini iterator puts ``finish_reason`` on each chunk
(BerriAI/litellm#2195, BerriAI/litellm#31634, open-webui/open-webui#16377).

openai-python's ``ChatCompletionStreamState`` (and semantic-kernel's chunk sum) read
such a stream as the one call ``f({"a": 1})``: a piece after a finish with no name, at
the index of a call of that choice and with no id or that call's id, can only continue
that call. toolwire ended the choice at the first finish and gave ``f({})`` (runnable,
wrong arguments) and two nameless ``InvalidToolCall``s; its ``CallDone`` handed over
``f({})`` before the arguments came. A call ended by a finish is now reported done when
a later chunk of its choice shows nothing continues it, or at ``close()``.
"""

from __future__ import annotations

import pickle
from typing import Any, Dict, List, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, CallDone, accumulate


def c(delta: Dict[str, Any], finish: Optional[str] = "stop", index: int = 0) -> Dict[str, Any]:
    return {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": index, "delta": delta, "finish_reason": finish}]}


def head(i: int, ident: str, name: str, extra: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    return {"index": i, "id": ident, "type": "function", "function": {"name": name, "arguments": ""}, **(extra or {})}


def piece(i: int, text: str, **tc: Any) -> Dict[str, Any]:
    return {"index": i, **tc, "function": {"arguments": text}}


def _fed(chunks: List[Dict[str, Any]], last_word: bool = True) -> List[Any]:
    """The calls of ``feed`` one chunk at a time; every ``CallDone`` it gave must be the
    call's last word (never arguments a later piece changes; *last_word* off: a call
    re-sent after its end is made invalid after its ``CallDone``, as documented)."""
    acc = Accumulator("openai.chat")
    done = []
    for ch in chunks:
        done += [e.call for e in acc.feed(ch) if isinstance(e, CallDone)]
    out = acc.close()
    done += [e.call for e in acc.events() if isinstance(e, CallDone)]
    assert done == out or not last_word
    return out


@pytest.mark.parametrize("finish", ["stop", "tool_calls"])
def test_pieces_after_the_finish_continue_the_call(finish: str) -> None:
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}, finish),
              c({"tool_calls": [piece(0, '{"a":')]}, finish),
              c({"tool_calls": [piece(0, "1}")]}, finish)]
    expected = [ToolCall("f", {"a": 1}, "call_1")]
    assert accumulate(chunks, "openai.chat") == expected
    assert accumulate(chunks) == expected
    assert _fed(chunks) == expected


@pytest.mark.parametrize("ident", ["call_1", "", "null"], ids=["own-id", "empty-id", "mistralai-null"])
def test_pieces_with_the_calls_own_id_or_an_empty_one(ident: str) -> None:
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}),
              c({"tool_calls": [piece(0, '{"a":', id=ident)]}),
              c({"tool_calls": [piece(0, "1}", id=ident, type="function")]})]
    assert accumulate(chunks, "openai.chat") == [ToolCall("f", {"a": 1}, "call_1")]
    assert _fed(chunks) == [ToolCall("f", {"a": 1}, "call_1")]


def test_two_parallel_calls() -> None:
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f"), head(1, "call_2", "g")]}, "tool_calls"),
              c({"tool_calls": [piece(0, '{"a":'), piece(1, '{"b":')]}, "tool_calls"),
              c({"tool_calls": [piece(1, '"x"}')]}, "tool_calls"),
              c({"tool_calls": [piece(0, "1}")]}, "tool_calls"),
              c({}, "tool_calls")]
    expected = [ToolCall("f", {"a": 1}, "call_1"), ToolCall("g", {"b": "x"}, "call_2")]
    assert accumulate(chunks, "openai.chat") == expected
    assert _fed(chunks) == expected


def test_a_later_chunk_without_pieces_ends_the_call_before_a_stray_piece() -> None:
    """After a finish beside pieces, a chunk of the choice with no piece for the call says
    the call is done; a piece after that is no part of it (a nameless call, never run)."""
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}),
              c({"tool_calls": [piece(0, '{"a":1}')]}),
              c({"content": ""}, None),
              c({"tool_calls": [piece(0, "{}")]}, None)]
    out = accumulate(chunks, "openai.chat")
    assert out[0] == ToolCall("f", {"a": 1}, "call_1")
    assert [type(r) for r in out] == [ToolCall, InvalidToolCall] and out[1].name is None
    assert _fed(chunks) == out


def test_when_the_call_is_reported_done() -> None:
    """OpenAI's stream: the finish in a chunk of its own (an empty delta) ends the call
    there. A finish beside pieces: the call is done at the next chunk of its choice with
    no piece for it, or at close."""
    acc = Accumulator("openai.chat")
    acc.feed(c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}, None))
    acc.feed(c({"tool_calls": [piece(0, '{"a":1}')]}, None))
    events = acc.feed(c({}, "tool_calls"))
    assert [e.call for e in events if isinstance(e, CallDone)] == [ToolCall("f", {"a": 1}, "call_1")]
    acc = Accumulator("openai.chat")
    acc.feed(c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}))
    assert not [e for e in acc.feed(c({"tool_calls": [piece(0, '{"a":1}')]})) if isinstance(e, CallDone)]
    events = acc.feed(c({}))
    assert [e.call for e in events if isinstance(e, CallDone)] == [ToolCall("f", {"a": 1}, "call_1")]
    acc = Accumulator("openai.chat")
    acc.feed(c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}))
    acc.feed(c({"tool_calls": [piece(0, '{"a":1}')]}))
    assert acc.close() == [ToolCall("f", {"a": 1}, "call_1")]
    assert [e.call for e in acc.events() if isinstance(e, CallDone)] == [ToolCall("f", {"a": 1}, "call_1")]


def test_whole_calls_without_index_beside_their_finish_end_after_it() -> None:
    """Mistral's way (docs.mistral.ai: every call whole in one delta without ``index``,
    the finish on the same chunk): as beside any pieces, the calls are done when a later
    chunk of the choice holds none for them, or at ``close()``: a call that looks whole can
    still get its rest (white space, ``{}`` before the real object)."""
    calls = [{"id": "abcDEF123", "function": {"name": "f", "arguments": '{"a": 1}'}},
             {"id": "abcDEF124", "function": {"name": "g", "arguments": "{}"}}]
    expected = [ToolCall("f", {"a": 1}, "abcDEF123"), ToolCall("g", {}, "abcDEF124")]
    for dialect in ("mistral", "openai.chat"):
        acc = Accumulator(dialect)
        done = [e.call for e in acc.feed(c({"role": "assistant", "tool_calls": calls}, "tool_calls"))
                if isinstance(e, CallDone)]
        assert acc.close() == expected
        assert done + [e.call for e in acc.events() if isinstance(e, CallDone)] == expected


@pytest.mark.parametrize("second", [
    head(0, "call_2", "g"),  # another id at the reused index: a new call
    {"index": 0, "type": "function", "function": {"name": "g", "arguments": ""}},  # another name, no id
])
def test_a_new_call_at_a_reused_index_after_the_finish_is_a_new_call(second: Dict[str, Any]) -> None:
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}),
              c({"tool_calls": [piece(0, '{"a":1}')]}),
              c({"tool_calls": [second]}),
              c({"tool_calls": [piece(0, '{"b":2}')]})]
    out = accumulate(chunks, "openai.chat")
    assert out == [ToolCall("f", {"a": 1}, "call_1"), ToolCall("g", {"b": 2}, second.get("id"))]
    assert _fed(chunks) == out


def test_a_whole_call_sent_again_after_the_finish_is_not_run_twice() -> None:
    whole = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a":1}'}}
    chunks = [c({"role": "assistant", "tool_calls": [whole]}, "tool_calls"),
              c({"role": "assistant", "tool_calls": [whole]}, "tool_calls")]
    out = accumulate(chunks, "openai.chat")
    assert [type(r) for r in out] == [InvalidToolCall]
    assert _fed(chunks, last_word=False) == out


def test_a_piece_without_an_index_after_the_finish_is_no_part_of_the_call() -> None:
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}, None),
              c({"tool_calls": [piece(0, '{"a":1}')]}),
              c({"tool_calls": [{"function": {"arguments": "{}"}}]})]
    out = accumulate(chunks, "openai.chat")
    assert out[0] == ToolCall("f", {"a": 1}, "call_1")
    assert [type(r) for r in out] == [ToolCall, InvalidToolCall]
    assert _fed(chunks) == out


def test_a_stream_checkpointed_after_such_a_finish_goes_on() -> None:
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}),
              c({"tool_calls": [piece(0, '{"a":')]})]
    acc = Accumulator("openai.chat")
    for ch in chunks:
        acc.feed(ch)
    acc = pickle.loads(pickle.dumps(acc))
    acc.feed(c({"tool_calls": [piece(0, "1}")]}))
    assert acc.close() == [ToolCall("f", {"a": 1}, "call_1")]


def test_the_usage_chunk_ends_a_pending_choice() -> None:
    """vLLM's stream: the last indexed argument piece comes in the chunk with
    ``finish_reason``; then the usage chunk, ``choices: []`` (OpenAI's
    ``stream_options.include_usage``: the last chunk before ``[DONE]``). No piece can come
    after it: the calls are done there, not only at ``close()``."""
    acc = Accumulator("openai.chat")
    acc.feed(c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}, None))
    acc.feed(c({"tool_calls": [piece(0, '{"a":')]}, None))
    assert not [e for e in acc.feed(c({"tool_calls": [piece(0, "1}")]}, "tool_calls")) if isinstance(e, CallDone)]
    usage = {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [],
             "usage": {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8}}
    events = acc.feed(usage)
    assert [e.call for e in events if isinstance(e, CallDone)] == [ToolCall("f", {"a": 1}, "call_1")]
    assert acc.calls == [ToolCall("f", {"a": 1}, "call_1")]
    assert acc.close() == [ToolCall("f", {"a": 1}, "call_1")]
    assert not [e for e in acc.events() if isinstance(e, CallDone)]


def test_an_empty_choices_chunk_without_usage_ends_nothing() -> None:
    """``choices: []`` without ``usage`` is no usage chunk: LiteLLM's Gemini stream gave
    one for a metadata-only Gemini chunk (BerriAI/litellm#27928), beside a finish on every
    chunk (the review of session 35): the pieces after it still go on with the call."""
    meta = {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": []}
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}, "tool_calls"),
              c({"tool_calls": [piece(0, '{"x":')]}, "tool_calls"), meta,
              c({"tool_calls": [piece(0, "1}")]}, "tool_calls")]
    expected = [ToolCall("f", {"x": 1}, "call_1")]
    assert accumulate(chunks, "openai.chat") == expected
    assert _fed(chunks) == expected


def test_parallel_heads_in_separate_chunks_then_interleaved_pieces() -> None:
    """A finish on every chunk, the heads of two parallel calls in chunks of their own,
    then their pieces interleaved: a head at an index where the choice has no open call
    starts that call beside the others (openai-python's ``ChatCompletionStreamState``
    reads ``f({"a": 1})``, ``g({"b": 2})``)."""
    chunks = [c({"tool_calls": [head(0, "call_1", "f")]}), c({"tool_calls": [head(1, "call_2", "g")]}),
              c({"tool_calls": [piece(0, '{"a":')]}), c({"tool_calls": [piece(1, '{"b":')]}),
              c({"tool_calls": [piece(0, "1}")]}), c({"tool_calls": [piece(1, "2}")]})]
    expected = [ToolCall("f", {"a": 1}, "call_1"), ToolCall("g", {"b": 2}, "call_2")]
    assert accumulate(chunks, "openai.chat") == expected
    assert accumulate(chunks) == expected
    assert _fed(chunks) == expected


@pytest.mark.parametrize("form", ["text", "bytes", "line"])
def test_done_ends_a_pending_choice(form: str) -> None:
    """vLLM's stream without the usage chunk: the last indexed piece beside the finish,
    then ``data: [DONE]`` (OpenAI's SSE stream ends with it): nothing comes after it, so
    the call is done there, fed as SSE text, bytes or lines without their line end."""
    import json

    def sse(data: Any) -> Any:
        text = f"data: {data if type(data) is str else json.dumps(data)}"
        return {"text": text + "\n\n", "bytes": (text + "\n\n").encode(), "line": text}[form]

    acc = Accumulator("openai.chat")
    acc.feed(sse(c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}, None)))
    acc.feed(sse(c({"tool_calls": [piece(0, '{"a":')]}, None)))
    assert not [e for e in acc.feed(sse(c({"tool_calls": [piece(0, "1}")]}, "tool_calls"))) if isinstance(e, CallDone)]
    events = acc.feed(sse("[DONE]"))
    assert [e.call for e in events if isinstance(e, CallDone)] == [ToolCall("f", {"a": 1}, "call_1")]
    assert acc.close() == [ToolCall("f", {"a": 1}, "call_1")]


@pytest.mark.parametrize("name", ["f", None], ids=["id-and-name", "id-alone"])
def test_pieces_repeating_the_calls_id_and_name_continue_it(name: Optional[str]) -> None:
    """A gateway that repeats the call's id and name on every delta, a finish beside each:
    a piece at the call's index with its own id (and its own name, or none) can only be
    the rest of that call (the session-35 note, §6). toolwire read the repeated head as a
    new call and handed over ``f({})`` before the arguments came."""
    def again(text: str) -> Dict[str, Any]:
        return {"index": 0, "id": "call_1", "type": "function",
                "function": {**({"name": name} if name else {}), "arguments": text}}
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}, "tool_calls"),
              c({"tool_calls": [again('{"a":')]}, "tool_calls"),
              c({"tool_calls": [again("1}")]}, "tool_calls")]
    expected = [ToolCall("f", {"a": 1}, "call_1")]
    assert accumulate(chunks, "openai.chat") == expected
    assert accumulate(chunks) == expected
    assert _fed(chunks) == expected


def test_pieces_repeating_the_name_alone_continue_the_call() -> None:
    """Its name on every delta but the id on the first only (Kimi-style names, LiteLLM's
    finish on every chunk): as without the finish, one call (docs/streaming.md rule 1:
    "never a second {} call nor a dropped one"). toolwire cut the call at the repeated
    name and handed over ``f({})`` between two invalid calls (revS2's review)."""
    def named(text: str) -> Dict[str, Any]:
        return {"index": 0, "type": "function", "function": {"name": "f", "arguments": text}}
    chunks = [c({"role": "assistant", "tool_calls": [{**named('{"q": "a'), "id": "call_1"}]}, "tool_calls"),
              c({"tool_calls": [named(" ")]}, "tool_calls"),
              c({"tool_calls": [named('b"}')]}, "tool_calls")]
    expected = [ToolCall("f", {"q": "a b"}, "call_1")]
    assert accumulate(chunks, "openai.chat") == expected
    assert accumulate(chunks) == expected
    assert _fed(chunks) == expected
    assert accumulate([{**ch, "choices": [{**ch["choices"][0], "finish_reason": None}]} for ch in chunks]) == expected


def test_the_same_id_under_another_name_after_the_finish_is_a_new_call() -> None:
    """The same id under another name at the index is no repeat of the call: another call
    sharing the id (DeepSeek, GLM reuse one), as without a finish."""
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}),
              c({"tool_calls": [piece(0, '{"a":1}')]}),
              c({"tool_calls": [head(0, "call_1", "g")]}),
              c({"tool_calls": [piece(0, '{"b":2}')]})]
    out = accumulate(chunks, "openai.chat")
    assert out == [ToolCall("f", {"a": 1}, "call_1"), ToolCall("g", {"b": 2}, "call_1")]
    assert _fed(chunks) == out


def test_a_whole_call_beside_a_pending_partial_one_cuts_nothing() -> None:
    """A whole call (name, whole arguments) beside a finish, while a call of the choice
    waits for its rest after an earlier finish: the finish does not end the choice there
    (openai-python's ``ChatCompletionStreamState`` reads ``f({"a": 1})``, ``g({"b": 2})``)."""
    whole = {"index": 1, "id": "call_2", "type": "function", "function": {"name": "g", "arguments": '{"b":2}'}}
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}, "tool_calls"),
              c({"tool_calls": [piece(0, '{"a":')]}, "tool_calls"),
              c({"tool_calls": [whole]}, "tool_calls"),
              c({"tool_calls": [piece(0, "1}")]}, "tool_calls")]
    expected = [ToolCall("f", {"a": 1}, "call_1"), ToolCall("g", {"b": 2}, "call_2")]
    assert accumulate(chunks, "openai.chat") == expected
    assert _fed(chunks) == expected


def test_a_call_in_pieces_sent_again_whole_after_the_finish_is_not_run_twice() -> None:
    """The call's id and name again after its pieces, with its whole arguments (a gateway
    re-sending the call at its end): read as the call's rest, its text is two JSON values,
    an ``InvalidToolCall``; never a second run."""
    whole = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a":1}'}}
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}, "tool_calls"),
              c({"tool_calls": [piece(0, '{"a":')]}, "tool_calls"),
              c({"tool_calls": [piece(0, "1}")]}, "tool_calls"),
              c({"tool_calls": [whole]}, "tool_calls")]
    out = accumulate(chunks, "openai.chat")
    assert [(type(r), r.name) for r in out] == [(InvalidToolCall, "f")]
    assert _fed(chunks) == out


# The review of session 36 (rule 3: "a finish beside pieces that each start a whole call
# ends them at that chunk"): a call whose text so far is one whole JSON value may still
# get its rest after the finish. The finish beside any pieces now waits as for the others.

def _head_with(text: str) -> Dict[str, Any]:
    """The call's index, id and name on every delta (a gateway's way, rule 1)."""
    return {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": text}}


@pytest.mark.parametrize("chunks,expected", [
    ([c({"role": "assistant", "tool_calls": [_head_with("{}")]}, "tool_calls"),
      c({"tool_calls": [piece(0, '{"path": "/etc"}')]}, "tool_calls")],
     ToolCall("f", {"path": "/etc"}, "call_1")),
    ([c({"role": "assistant", "tool_calls": [_head_with("{}")]}, "tool_calls"),
      c({"tool_calls": [_head_with('{"a":')]}, "tool_calls"), c({"tool_calls": [_head_with("1}")]}, "tool_calls")],
     ToolCall("f", {"a": 1}, "call_1")),
], ids=["pieces", "head-on-every-delta"])
def test_an_empty_object_head_then_the_real_object(chunks: List[Dict[str, Any]], expected: ToolCall) -> None:
    """``{}`` at the head, the real object after it, a finish on every chunk: README
    "Arguments policy" (``{}`` followed by the real object, streaming leftovers: the
    object); openai-python's ``ChatCompletionStreamState`` gathers ``{}{"path": "/etc"}``.
    toolwire ended the call at the first chunk: ``f({})`` runnable beside a nameless call
    (or, with the head on every delta, ``f({})`` and ``f({"a": 1})``, both runnable)."""
    out = accumulate(chunks, "openai.chat")
    assert out == [expected] and out[0].repairs == ("leading-empty-object",)
    assert _fed(chunks) == out


@pytest.mark.parametrize("again", [_head_with(""), {"index": 0, "id": "call_1", "function": {"arguments": ""}}],
                         ids=["id-and-name", "id-alone"])
def test_a_whole_call_then_its_head_again_with_nothing(again: Dict[str, Any]) -> None:
    """A whole call, then its index, id (and name) again with ``""``, a finish on every
    chunk: the rest of the call (rule 1), adding nothing. toolwire gave ``f({})`` (id and
    name) or a nameless ``InvalidToolCall`` (id alone) beside ``f({"a": 1})``."""
    chunks = [c({"role": "assistant", "tool_calls": [_head_with('{"a":1}')]}, "tool_calls"),
              c({"tool_calls": [again]}, "tool_calls")]
    assert accumulate(chunks, "openai.chat") == [ToolCall("f", {"a": 1}, "call_1")]
    assert _fed(chunks) == [ToolCall("f", {"a": 1}, "call_1")]


@pytest.mark.parametrize("text", [" ", "\n", ""])
def test_white_space_after_a_whole_call_and_its_finish(text: str) -> None:
    """A whole call beside a finish, then white space (or nothing) at its index beside
    another: still that call (openai-python's ``ChatCompletionStreamState`` adds the piece
    to it). toolwire gave a nameless ``InvalidToolCall`` beside it."""
    chunks = [c({"role": "assistant", "tool_calls": [_head_with('{"a":1}')]}, "tool_calls"),
              c({"tool_calls": [piece(0, text)]}, "tool_calls")]
    assert accumulate(chunks, "openai.chat") == [ToolCall("f", {"a": 1}, "call_1")]
    assert _fed(chunks) == [ToolCall("f", {"a": 1}, "call_1")]


def test_a_whole_call_beside_a_finish_does_not_cut_an_open_one() -> None:
    """Parallel calls: ``f``'s first piece (no finish), then a whole ``g`` beside the
    choice's first finish, then ``f``'s rest: openai-python's ``ChatCompletionStreamState``
    reads ``f({"x": 1})``, ``g({})``. toolwire cut ``f`` at the finish (an invalid, cut
    off call) and made its rest a nameless call."""
    chunks = [c({"role": "assistant", "tool_calls": [{**head(0, "a", "f"), "function": {"name": "f", "arguments": '{"x":'}}]},
                None),
              c({"tool_calls": [{**head(1, "b", "g"), "function": {"name": "g", "arguments": "{}"}}]}, "tool_calls"),
              c({"tool_calls": [piece(0, "1}")]}, None)]
    expected = [ToolCall("f", {"x": 1}, "a"), ToolCall("g", {}, "b")]
    assert accumulate(chunks, "openai.chat") == expected
    assert accumulate(chunks) == expected
    assert _fed(chunks) == expected


# Session 36's leftovers (its closing note, §6; revS2's review).

def test_an_id_first_given_after_the_finish_joins_the_call() -> None:
    """The head without an id, the id first on the next piece (at the call's index), a
    finish on every chunk: as without the finish, one call (the id is the call's, as
    ``Core.delta`` gives a call without one the first id at its index). toolwire ended
    the call at the new id: a cut-off ``f`` and a nameless call, both invalid."""
    chunks = [c({"role": "assistant", "tool_calls": [{"index": 0, "type": "function",
                                                      "function": {"name": "f", "arguments": '{"a":'}}]}, "tool_calls"),
              c({"tool_calls": [piece(0, "1}", id="call_1")]}, "tool_calls")]
    expected = [ToolCall("f", {"a": 1}, "call_1")]
    assert accumulate(chunks, "openai.chat") == expected
    assert accumulate(chunks) == expected
    assert _fed(chunks) == expected
    assert accumulate([{**ch, "choices": [{**ch["choices"][0], "finish_reason": None}]} for ch in chunks]) == expected


def test_another_id_after_the_finish_is_still_another_call() -> None:
    """A call that came with an id, then a piece at its index with another id: another
    call, the finish or not (``Core.delta``: a new id on an occupied index)."""
    chunks = [c({"role": "assistant", "tool_calls": [head(0, "call_1", "f")]}, "tool_calls"),
              c({"tool_calls": [piece(0, '{"a":1}')]}, "tool_calls"),
              c({"tool_calls": [{**head(0, "call_2", "f"), "function": {"name": "f", "arguments": '{"a":2}'}}]},
                "tool_calls")]
    expected = [ToolCall("f", {"a": 1}, "call_1"), ToolCall("f", {"a": 2}, "call_2")]
    assert accumulate(chunks, "openai.chat") == expected
    assert _fed(chunks) == expected


def _legacy(fc: Dict[str, Any], finish: Optional[str] = "function_call") -> Dict[str, Any]:
    """A chunk of the deprecated ``delta.function_call`` (OpenAI's Chat reference:
    ``function_call`` with ``name`` and ``arguments``; finish reason ``function_call``)."""
    return c({"function_call": fc}, finish)


@pytest.mark.parametrize("finish", ["function_call", "stop"])
def test_legacy_function_call_pieces_after_the_finish_continue_the_call(finish: str) -> None:
    """The legacy ``function_call`` in pieces, a finish on every chunk (LiteLLM's): the
    pieces join as ``tool_calls`` pieces do (openai-python's ``ChatCompletionStreamState``
    keeps adding them). toolwire ended the call at the first chunk: a cut-off ``f`` and a
    nameless call, both invalid."""
    chunks = [_legacy({"name": "f", "arguments": '{"a":'}, finish), _legacy({"arguments": "1}"}, finish)]
    expected = [ToolCall("f", {"a": 1}, None)]
    assert accumulate(chunks, "openai.chat") == expected
    assert accumulate(chunks) == expected
    assert _fed(chunks) == expected
    assert accumulate([_legacy({"name": "f", "arguments": '{"a":'}, None), _legacy({"arguments": "1}"}, None),
                       c({}, finish)]) == expected


def test_a_chunk_without_a_legacy_piece_ends_the_legacy_call() -> None:
    """After such a finish, a chunk of the choice without a piece ends the legacy call
    (its ``CallDone`` there); text after it is no part of the call."""
    acc = Accumulator("openai.chat")
    acc.feed(_legacy({"name": "f", "arguments": '{"a":'}))
    assert not [e for e in acc.feed(_legacy({"arguments": "1}"})) if isinstance(e, CallDone)]
    events = acc.feed(c({"content": "done"}))
    assert [e.call for e in events if isinstance(e, CallDone)] == [ToolCall("f", {"a": 1}, None)]
    assert acc.close() == [ToolCall("f", {"a": 1}, None)]


def test_another_legacy_name_after_the_finish_is_another_call() -> None:
    """Another name in the legacy field after the finish: no part of the call (as without
    the finish: a different name after arguments starts a new call)."""
    chunks = [_legacy({"name": "f", "arguments": '{"a":1}'}), _legacy({"name": "g", "arguments": '{"b":2}'})]
    out = accumulate(chunks, "openai.chat")
    plain = accumulate([_legacy({"name": "f", "arguments": '{"a":1}'}, None),
                        _legacy({"name": "g", "arguments": '{"b":2}'}, None), c({}, "function_call")])
    assert out[0] == ToolCall("f", {"a": 1}, None) and [type(r) for r in out] == [type(r) for r in plain]
    assert _fed(chunks) == out
