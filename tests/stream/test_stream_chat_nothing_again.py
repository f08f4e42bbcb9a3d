"""A Chat piece (``openai.chat``) that carries nothing of a call adds nothing, after a call
sent piece by piece too (docs/streaming.md rule 1): an empty custom input piece is no
piece of a re-send, and a finish on every chunk is read as such whether or not tool-call
pieces are in every chunk (review revChat8 R1-R3). Wire shapes: the API reference's
``chat.completion.chunk`` (``choices[].delta.tool_calls[]``; the custom tool's ``custom.input``
in pieces, openai/openai-openapi#576); Kimi K2 names every piece; Qwen3-max sends a trailing
empty nameless piece (corpus vercel-alibaba-qwen3-max-stream-empty-id-fragments.json)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from chat_chunks import END, chunk, fed, tool_chunk
from toolwire import ToolCall
from toolwire.stream import accumulate

RUN_LS = [ToolCall("run", {"input": "ls"}, "call_1")]


def calls(chunks: List[Any]) -> List[Any]:
    out = fed(chunks)
    assert out == accumulate(chunks)
    return out


# R3: a custom call named on every piece (Kimi K2), then a nameless piece carrying nothing
K_L = tool_chunk({"index": 0, "id": "0", "type": "custom", "custom": {"name": "run", "input": "l"}})
K_S = tool_chunk({"index": 0, "id": "0", "type": "custom", "custom": {"name": "run", "input": "s"}})


@pytest.mark.parametrize("tail", [
    {"index": 0, "custom": {"input": ""}},
    {"index": 0, "id": "", "type": "custom", "custom": {}},
], ids=["nameless-empty", "no-input-empty-id"])
def test_a_custom_call_named_on_every_piece_then_an_empty_piece(tail: Dict[str, Any]) -> None:
    """toolwire refused ``run(input='ls')`` (an ``InvalidToolCall``: a head again, then a
    nameless piece) though the last piece adds nothing."""
    assert calls([K_L, K_S, tool_chunk(tail), END]) == [ToolCall("run", {"input": "ls"}, "0")]


# R2: a custom call streamed as OpenAI does (head with "", nameless pieces), then its head again
# with "" or no input
HEAD = {"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "run", "input": ""}}
L = tool_chunk({"index": 0, "custom": {"input": "l"}})
S = tool_chunk({"index": 0, "custom": {"input": "s"}})


@pytest.mark.parametrize("again", [
    HEAD,
    {"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "run"}},
    {"index": 0, "type": "custom", "custom": {"name": "run", "input": ""}},
], ids=["head-empty", "head-no-input", "head-no-id"])
def test_a_custom_call_then_its_head_again_with_nothing(again: Dict[str, Any]) -> None:
    """As a function call's head again with ``""`` (``test_a_whole_call_then_its_head_again_with_nothing``):
    it adds nothing. toolwire gave two ``InvalidToolCall``s."""
    assert calls([tool_chunk(HEAD), L, S, tool_chunk(again), END]) == RUN_LS


def test_a_custom_call_re_sent_from_an_empty_head_still_never_runs() -> None:
    """The head again with ``""``, then the input again: the call sent again (never run, never
    ``lsls``)."""
    out = calls([tool_chunk(HEAD), L, S, tool_chunk(HEAD), L, S, END])
    assert out and all(type(c) is not ToolCall for c in out)


def test_a_custom_head_again_with_nothing_after_another_call_took_its_index_never_runs() -> None:
    """Calls ``A``, then ``B`` at index 0, then ``A``'s head again with ``""`` and its input again
    (revChat7's ``r.jsonl`` 368): ``A`` sent again, whose input never joins ``B``'s."""
    a = {"index": 0, "id": "call_A", "type": "custom", "custom": {"name": "search_web", "input": ""}}
    b = {"index": 0, "id": "call_B", "type": "custom", "custom": {"name": "run", "input": ""}}
    out = calls([tool_chunk(a), L, S, tool_chunk(b), L, tool_chunk(a), L, S, END])
    assert not any(type(c) is ToolCall and c.args["input"] not in ("ls", "l") for c in out), out
    assert not any(type(c) is ToolCall and c.id == "call_A" for c in out), out


# R1: a finish on every chunk (LiteLLM's Gemini iterator), a chunk without tool-call pieces between
# two id-less calls of one completion
def roll(ident: Any = "") -> Dict[str, Any]:
    item: Dict[str, Any] = {"index": 0, "type": "function", "function": {"name": "roll", "arguments": "{}"}}
    if ident != "absent":
        item["id"] = ident
    return item


@pytest.mark.parametrize("middle", [
    {"content": "x"}, {"content": ""}, {"role": "assistant"}, {"reasoning_content": "hm"},
    {"extra_content": {"google": {"thought_signature": "c2ln"}}},
], ids=["text", "empty-text", "role", "reasoning", "thought-signature"])
@pytest.mark.parametrize("ident", ["", "absent"])
def test_two_id_less_calls_with_a_finish_on_every_chunk_and_a_chunk_between(middle: Dict[str, Any],
                                                                            ident: Any) -> None:
    """A finish on every chunk with a chunk of no pieces between two identical id-less calls:
    nothing in the chunk between tells it from a server's last chunk (a role or empty text
    beside the finish) after which the call came again (review revChat9 R1: reading it as a
    finish on every chunk ran such re-sends twice, 144 of 144): neither runs, never twice."""
    first = chunk({"tool_calls": [roll(ident)]}, "stop")
    chunks = [first, chunk(middle, "stop"), first]
    assert sum(type(c) is ToolCall for c in calls(chunks)) == 0


@pytest.mark.parametrize("last", [{"role": "assistant", "content": ""}, {"content": ""}, {"role": "assistant"}],
                         ids=["role-and-text", "empty-text", "role"])
def test_a_call_sent_again_after_a_last_chunk_that_carries_something_never_runs_twice(last: Dict[str, Any]) -> None:
    # review revChat9 R1: the finish on the call's last piece and on a last chunk with a role
    one = [chunk({"role": "assistant", "content": ""}),
           chunk({"tool_calls": [{"index": 0, "type": "function", "function": {"name": "f", "arguments": ""}}]}),
           chunk({"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]}, "tool_calls"),
           chunk(last, "tool_calls")]
    assert sum(type(c) is ToolCall for c in calls(one + one)) <= 1
    assert calls(one) == [ToolCall("f", {}, None)]


def test_an_id_less_call_re_sent_after_a_finish_of_its_own_still_never_runs_twice() -> None:
    """The finish only where the call ended (then a chunk of text): the call again is not run twice."""
    first = chunk({"tool_calls": [roll()]})
    out = calls([first, chunk({}, "tool_calls"), chunk({"content": "x"}), first, END])
    assert sum(type(c) is ToolCall for c in out) <= 1


# claims of chat8 not holding (review revChat8): Mistral's ``"null"`` id (mistralai's placeholder: no
# id) and calls without an index (Gemini's OpenAI-compatible endpoint: ``"id": ""``, no index)
def head(ident: Any, index: Any = 0) -> Dict[str, Any]:
    item: Dict[str, Any] = {"type": "function", "function": {"name": "f", "arguments": "{}"}}
    if index is not None:
        item["index"] = index
    if ident != "absent":
        item["id"] = ident
    return tool_chunk(item)


@pytest.mark.parametrize("again", [head("null"), head("", None), head("absent", None), head(None, None)],
                         ids=["null-id", "no-index-empty-id", "no-index-no-id", "no-index-null"])
def test_a_call_without_an_id_re_sent_after_its_finish_never_runs_twice(again: Dict[str, Any]) -> None:
    """toolwire ran ``f({})`` twice."""
    out = calls([again, END, again, END])
    assert out and not any(type(c) is ToolCall for c in out), out


@pytest.mark.parametrize("index", [0, None])
def test_calls_without_an_id_in_one_completion_still_run(index: Any) -> None:
    """Gemini-style calls of one completion, no id, before the finish, or other arguments after it."""
    other = tool_chunk({**head("", index)["choices"][0]["delta"]["tool_calls"][0],
                        "function": {"name": "f", "arguments": '{"a":1}'}})
    assert len(calls([head("", index), head("", index), END])) == 2
    out = calls([head("", index), END, other, END])
    assert [type(c) for c in out] == [ToolCall, ToolCall]
