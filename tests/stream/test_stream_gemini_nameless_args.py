"""Gemini stream parts that carry ``args`` but no ``name``: reported in the wild
(wire-formats §4g; smallmain/vscode-unify-chat-provider#48), they are the arguments of
the call before them, to be merged into it and never read as calls of their own. A
name-only part waits for them; a nameless part with arguments that no call waits for
is an invalid call in its place, never dropped."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import stream


def _chunk(parts: List[Dict[str, Any]], finish: Optional[str] = None) -> Dict[str, Any]:
    cand: Dict[str, Any] = {"content": {"role": "model", "parts": parts}}
    if finish:
        cand["finishReason"] = finish
    return {"candidates": [cand]}


END = _chunk([{"text": ""}], "STOP")


def test_name_then_args_is_one_call() -> None:
    calls = stream.accumulate([_chunk([{"functionCall": {"name": "delete_files"}}]),
                               _chunk([{"functionCall": {"args": {"path": "/tmp/cache"}}}]), END], "gemini")
    assert calls == [toolwire.ToolCall(name="delete_files", args={"path": "/tmp/cache"})]


def test_name_only_call_ends_at_the_next_call_or_the_end() -> None:
    calls = stream.accumulate([_chunk([{"functionCall": {"name": "ping"}}]),
                               _chunk([{"functionCall": {"name": "f", "args": {"a": 1}}}]),
                               _chunk([{"functionCall": {"name": "pong"}}]), END], "gemini")
    assert [(c.name, c.args) for c in calls] == [("ping", {}), ("f", {"a": 1}), ("pong", {})]


@pytest.mark.parametrize("events", [
    [_chunk([{"functionCall": {"args": {"b": 2}}}]), END],
    [_chunk([{"functionCall": {"name": "f", "args": {"a": 1}}}]), _chunk([{"functionCall": {"args": {"b": 2}}}]), END],
], ids=["alone", "after-a-whole-call"])
def test_args_no_call_waits_for_are_an_invalid_call(events: List[Dict[str, Any]]) -> None:
    calls = stream.accumulate(events, "gemini")
    assert isinstance(calls[-1], toolwire.InvalidToolCall)
    assert "without a name" in calls[-1].error
    assert [c.args for c in calls if isinstance(c, toolwire.ToolCall)] in ([], [{"a": 1}])


def test_args_part_while_a_streamed_call_is_open_fails_it() -> None:
    calls = stream.accumulate([_chunk([{"functionCall": {"name": "f", "willContinue": True}}]),
                               _chunk([{"functionCall": {"args": {"path": "/a"}}}]), END], "gemini")
    (call,) = calls
    assert isinstance(call, toolwire.InvalidToolCall) and call.name == "f"


def test_terminators_still_read_as_nothing() -> None:
    calls = stream.accumulate([_chunk([{"functionCall": {"name": "f", "args": {"a": 1}}}]),
                               _chunk([{"functionCall": {}}]), END], "gemini")
    assert calls == [toolwire.ToolCall(name="f", args={"a": 1})]
