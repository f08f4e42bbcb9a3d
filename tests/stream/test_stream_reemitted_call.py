"""A Chat call re-emitted whole after its argument deltas is never a second call to run.

Several OpenAI-compatible gateways send a streamed call's arguments once more, whole, in
a "consolidated" tool-call chunk after the deltas (elizaOS/eliza#16973,
lidge-jun/opencodex#361, Soju06/codex-lb#284; a Responses->Chat bridge re-sending
``function_call_arguments.done``: router-for-me/CLIProxyAPI#1635). The fields of that
chunk are not shown in those reports: with the call's id, with its name and no id, or
with the arguments alone. A call that came with an id and a later delta at its index
with the same name and no id: nothing says a new call began (a server that gives ids
gives one to every call), so it is the same call, and two JSON values in one call's
text are an ``InvalidToolCall``, never two runs of the tool. Calls without any id
(smolagents#1569: ``test_stream_same_name_index.py``) are still told apart.
Chunk shapes: openai-python ``ChatCompletionChunk`` / ``ChoiceDeltaToolCall``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, CallStarted, accumulate

FULL = '{"to": "bob@example.com", "amount": 100}'
SEVERAL = ("Arguments at $.calls[0].arguments are several JSON values one after another (merged parallel "
           "calls?): ")


def ch(delta: Optional[Dict[str, Any]] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}]}


START = ch({"tool_calls": [{"index": 0, "id": "call_a", "type": "function",
                            "function": {"name": "send_payment", "arguments": ""}}]})
DELTAS = [ch({"tool_calls": [{"index": 0, "function": {"arguments": FULL[:18]}}]}),
          ch({"tool_calls": [{"index": 0, "function": {"arguments": FULL[18:]}}]})]


def reemit(**fields: Any) -> Dict[str, Any]:
    d: Dict[str, Any] = {"index": 0, "type": "function", "function": {"name": "send_payment", "arguments": FULL}}
    d.update(fields)
    return ch({"tool_calls": [d]})


SHAPES = {
    "name-no-id": reemit(),
    "name-and-id": reemit(id="call_a"),
    "arguments-only": ch({"tool_calls": [{"index": 0, "function": {"arguments": FULL}}]}),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_whole_re_emission_is_one_invalid_call(shape: str) -> None:
    chunks = [START, *DELTAS, SHAPES[shape], ch(finish="tool_calls")]
    (call,) = accumulate(chunks, "openai.chat")
    assert isinstance(call, InvalidToolCall)
    assert (call.name, call.id, call.raw) == ("send_payment", "call_a", FULL + FULL)
    assert call.error.startswith(SEVERAL)
    acc = Accumulator("openai.chat")
    started = [e for c in chunks for e in acc.feed(c) if isinstance(e, CallStarted)]
    assert started == [CallStarted(0, "call_a", "send_payment")]
    assert acc.close() == [call]


def test_a_second_call_with_its_own_id_is_still_a_second_call() -> None:
    """Groq and others send every call on index 0, each with its own id."""
    chunks = [START, *DELTAS, reemit(id="call_b"), ch(finish="tool_calls")]
    args = {"to": "bob@example.com", "amount": 100}
    assert accumulate(chunks) == [ToolCall("send_payment", args, "call_a"), ToolCall("send_payment", args, "call_b")]


C_HEAD = ch({"tool_calls": [{"index": 0, "id": "call_a", "type": "custom", "custom": {"name": "shell", "input": ""}}]})
C_DELTAS = [ch({"tool_calls": [{"index": 0, "custom": {"input": "rm -rf /tmp/x"}}]}),
            ch({"tool_calls": [{"index": 0, "custom": {"input": "; ls"}}]})]


@pytest.mark.parametrize("again", [
    {"index": 0, "id": "call_a", "type": "custom", "custom": {"name": "shell", "input": "rm -rf /tmp/x; ls"}},
    {"index": 0, "type": "custom", "custom": {"name": "shell", "input": "rm -rf /tmp/x; ls"}},
])
def test_a_custom_call_named_again_with_its_whole_input_never_runs_twice(again: Dict[str, Any]) -> None:
    """(review hunt: the re-sent input was joined to the pieces, a runnable call with the
    command twice: ``rm -rf /tmp/x; lsrm -rf /tmp/x; ls``)"""
    [bad] = accumulate([C_HEAD, *C_DELTAS, ch({"tool_calls": [again]}), ch(None, "tool_calls")], "openai.chat")
    assert isinstance(bad, InvalidToolCall) and bad.name == "shell" and "came again whole" in bad.error


def test_two_custom_calls_without_ids_at_one_index_stay_two() -> None:
    head = {"index": 0, "type": "custom", "custom": {"name": "code", "input": ""}}
    chunks = [ch({"tool_calls": [head]}), ch({"tool_calls": [{"index": 0, "custom": {"input": "print(1)"}}]}),
              ch({"tool_calls": [head]}), ch({"tool_calls": [{"index": 0, "custom": {"input": "print(2)"}}]}),
              ch(None, "tool_calls")]
    calls = accumulate(chunks, "openai.chat")
    assert [(type(c), c.args) for c in calls] == [(ToolCall, {"input": "print(1)"}), (ToolCall, {"input": "print(2)"})]


def test_a_server_naming_every_custom_delta_gives_one_call() -> None:
    """(an OpenAI-compatible server that repeats the id and name on every delta)"""
    chunks = [ch({"tool_calls": [{"index": 0, "id": "call_a", "type": "custom",
                                  "custom": {"name": "shell", "input": piece}}]}) for piece in ("ls", " -la", " /")]
    [call] = accumulate([*chunks, ch(None, "tool_calls")], "openai.chat")
    assert isinstance(call, ToolCall) and call.args == {"input": "ls -la /"}


# -- a whole call and its finish in one chunk (Mistral's API), sent twice ------------------

WHOLE = {"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                         "function": {"name": "f", "arguments": '{"a": 1}'}}]}


NO_ID = {"tool_calls": [{"index": 0, "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}]}


@pytest.mark.parametrize("again", ["with-id", "without-id"])
@pytest.mark.parametrize("after_finish", [False, True], ids=["before-finish", "after-finish"])
def test_a_whole_call_sent_again_is_never_a_second_run(after_finish: bool, again: str) -> None:
    """The chunk holding a whole call re-sent (a proxy retry, an at-least-once transport),
    with the call's id or with its name and no id: before the choice's finish it is one
    ``InvalidToolCall`` (above); after it, the same, never two runs of one call."""
    second = WHOLE if again == "with-id" else NO_ID
    if after_finish:
        chunks = [ch(WHOLE, "tool_calls"), ch(second, "tool_calls")]
    else:
        chunks = [ch(WHOLE), ch(second), ch(finish="tool_calls")]
    (call,) = accumulate(chunks, "openai.chat")
    assert isinstance(call, InvalidToolCall)
    assert (call.name, call.id) == ("f", "call_1")


def test_another_call_after_the_finish_is_still_read() -> None:
    """A call with another id after a finish (nothing re-sent) is a call of its own."""
    other = {"tool_calls": [{"index": 1, "id": "call_2", "type": "function",
                             "function": {"name": "g", "arguments": "{}"}}]}
    calls = accumulate([ch(WHOLE, "tool_calls"), ch(other, "tool_calls")], "openai.chat")
    assert calls == [ToolCall("f", {"a": 1}, "call_1"), ToolCall("g", {}, "call_2")]


def test_a_second_completion_reusing_an_id_with_other_arguments_is_another_call() -> None:
    """Two completions fed to one reader, Kimi K2's per-message ids (``functions.f:0``)
    in both: other argument text is another call, not the first sent again (both were
    lost as one ``InvalidToolCall``)."""
    def chunk(cid: str, delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
        return {"id": cid, "object": "chat.completion.chunk", "created": 1, "model": "kimi-k2",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    def call(args: str) -> Dict[str, Any]:
        return {"index": 0, "id": "functions.f:0", "type": "function", "function": {"name": "f", "arguments": args}}

    chunks = [chunk("cmpl-a", {"role": "assistant", "tool_calls": [call('{"x":1}')]}), chunk("cmpl-a", {}, "tool_calls"),
              chunk("cmpl-b", {"role": "assistant", "tool_calls": [call('{"x":2}')]}), chunk("cmpl-b", {}, "tool_calls")]
    calls = accumulate(chunks)
    assert [(type(c).__name__, c.args) for c in calls] == [("ToolCall", {"x": 1}), ("ToolCall", {"x": 2})]
