"""Histories with id-less call/result pairs and with stored Responses state are written and
checked in time linear in their length (DESIGN.md invariant 8): size n and 4n, the lines
run counted (``lines_run``)."""

from __future__ import annotations

from typing import Any, List

from lines_run import lines_run
from toolwire import ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)


def _idless_answered(n: int) -> Conversation:
    """n turns, each a decoded Chat reply whose call has an empty id (no id) answered by a
    result built fresh without one: each pair is written fresh with one made id."""
    conv = decode_conversation({"messages": [{"role": "user", "content": "go"}]}, "openai.chat")
    for _ in range(n):
        reply = decode_conversation([{"role": "assistant", "tool_calls": [
            {"id": "", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}], "openai.chat")
        conv = conv.append(*reply.messages, Message("tool", [ToolResult(None, "f", "ok")]))
    return conv


def test_idless_calls_answered_fresh_are_written_in_linear_work() -> None:
    small, big = _idless_answered(50), _idless_answered(200)
    encode_conversation(small, "openai.chat")
    assert lines_run(lambda: encode_conversation(big, "openai.chat")) / lines_run(
        lambda: encode_conversation(small, "openai.chat")) < 5


def _stored(n: int) -> Any:
    """A Responses body of n references to stored calls, then n outputs answering them."""
    items: List[Any] = [{"role": "user", "content": "go"}]
    items += [{"type": "item_reference", "id": f"fc_{i}"} for i in range(n)]
    items += [{"type": "function_call_output", "call_id": f"call_{i}", "output": "ok"} for i in range(n)]
    return decode_conversation({"input": items}, "openai.responses")


def test_results_after_stored_state_are_checked_in_linear_work() -> None:
    small, big = _stored(100), _stored(400)
    assert check_conversation(small, "openai.responses") == []
    assert lines_run(lambda: check_conversation(big, "openai.responses")) / lines_run(
        lambda: check_conversation(small, "openai.responses")) < 5
    assert lines_run(lambda: fix_conversation(big, "openai.responses")) / lines_run(
        lambda: fix_conversation(small, "openai.responses")) < 5


def test_results_after_stored_state_are_judged_for_another_target_in_linear_work() -> None:
    small, big = _stored(100), _stored(400)
    assert len(check_conversation(small, "openai.chat")) == 100  # each result: stored-state
    assert lines_run(lambda: check_conversation(big, "openai.chat")) / lines_run(
        lambda: check_conversation(small, "openai.chat")) < 5


def _stored_then_called(n: int) -> Any:
    """A body continuing a stored response, then n calls each answered twice: the second
    output of each an orphan (its id is a call's of the history)."""
    items: List[Any] = [{"role": "user", "content": "go"}]
    for i in range(n):
        items += [{"type": "function_call", "call_id": f"call_{i}", "name": "f", "arguments": "{}"},
                  {"type": "function_call_output", "call_id": f"call_{i}", "output": "a"},
                  {"type": "function_call_output", "call_id": f"call_{i}", "output": "b"}]
    return decode_conversation({"previous_response_id": "resp_1", "input": items}, "openai.responses")


def test_orphans_after_stored_state_are_checked_in_linear_work() -> None:
    small, big = _stored_then_called(100), _stored_then_called(400)
    assert [p.kind for p in check_conversation(small, "openai.responses")] == ["orphan-result"] * 100
    assert lines_run(lambda: check_conversation(big, "openai.responses")) / lines_run(
        lambda: check_conversation(small, "openai.responses")) < 5
