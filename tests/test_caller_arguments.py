"""A caller's own arguments of the wrong type are refused where they are given, with
Python's ``TypeError`` / ``ValueError`` (as an unknown keyword is): never read as truthy,
and never failing later inside a reader as if the payload were at fault."""

from __future__ import annotations

from typing import Any, Callable

import pytest

import toolwire
from toolwire import stream

CHAT = {"choices": [
    {"index": i, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"call_{i}", "type": "function", "function": {"name": name, "arguments": "{}"}}]}}
    for i, name in enumerate(("f", "g"))]}
ANTHROPIC = {"type": "message", "role": "assistant", "stop_reason": "tool_use", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "Paris"}},
    {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {"city": "Paris"}}]}
EVENTS = toolwire.stream.encode_stream([toolwire.ToolCall("f", {"a": 1}, "toolu_01")], "anthropic.messages")


@pytest.mark.parametrize("call", [
    lambda v: toolwire.decode_all(ANTHROPIC, include_server=v),
    lambda v: stream.accumulate(EVENTS, "anthropic.messages", include_server=v),
    lambda v: stream.accumulate(EVENTS, include_server=v),
    lambda v: stream.Accumulator("anthropic.messages", include_server=v),
    lambda v: stream.Accumulator(preview=v),
], ids=["decode_all", "accumulate named", "accumulate", "Accumulator", "Accumulator preview"])
@pytest.mark.parametrize("value", ["false", 0, None])
def test_flags_are_true_or_false(call: Callable[[Any], Any], value: Any) -> None:
    # ``include_server="false"`` handed the calls Anthropic had already run to the client to run again
    with pytest.raises(TypeError, match=r"must be True or False, got"):
        call(value)


def test_flags_given_as_bools_work() -> None:
    assert [c.name for c in toolwire.decode_all(ANTHROPIC, include_server=True)] == ["web_search", "get_weather"]
    assert [c.name for c in toolwire.decode_all(ANTHROPIC, include_server=False)] == ["get_weather"]


@pytest.mark.parametrize("value, error", [("1", TypeError), (1.0, TypeError), (True, TypeError), (None, TypeError)])
def test_choice_is_an_int(value: Any, error: type) -> None:
    # ``choice="1"`` failed as "Input at $ could not be read: reading it raised TypeError"
    with pytest.raises(error, match=r"^choice must be an int"):
        toolwire.decode_all(CHAT, choice=value)


def test_a_choice_the_reply_lacks_is_still_the_payloads_error() -> None:
    assert [c.name for c in toolwire.decode_all(CHAT, choice=1)] == ["g"]
    with pytest.raises(toolwire.DecodeError, match=r"holds 2 choices; there is no choice 5"):
        toolwire.decode_all(CHAT, choice=5)
