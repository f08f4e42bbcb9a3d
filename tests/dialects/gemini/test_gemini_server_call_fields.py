"""A Gemini server ``toolCall`` part holds ``id``, ``toolType`` and ``args`` only
(https://ai.google.dev/api/caching#Part; google-genai 3.6.1 ``ToolCall``). Haystack's
serialized tool call, ``{"tool_call": {"tool_name": ..., "arguments": ..., "id": ...}}``,
read as one was a server call named ``tool_call`` with no arguments: its name and
arguments were dropped without a word (Haystack hunt F3). Now refused at its path, by
the stream reader too (an invalid call in its place)."""

from __future__ import annotations

from typing import Any

import pytest

import toolwire
from toolwire.stream import accumulate

D = "gemini"
HAYSTACK = {"tool_call": {"tool_name": "get_weather", "arguments": {"city": "Paris"}, "id": "call_1", "extra": None}}
WHY = ("holds 'arguments', 'tool_name', which a Gemini ToolCall has not (its fields: id, toolType, args): its name "
       "and arguments would be lost")


@pytest.mark.parametrize(("data", "loc"), [
    (HAYSTACK, "$.tool_call"),
    ({"candidates": [{"content": {"role": "model", "parts": [HAYSTACK]}, "finishReason": "STOP"}]},
     "$.candidates[0].content.parts[0].tool_call"),
])
@pytest.mark.parametrize("include_server", [True, False])
def test_a_tool_call_part_with_fields_of_its_own_is_refused(data: Any, loc: str, include_server: bool) -> None:
    # refused whatever include_server says, as a toolCall that is no object is (review revC2: the
    # default path passed server parts over, so Haystack's message still gave [] and a stream an
    # invalid call the one-shot reading did not)
    with pytest.raises(toolwire.DecodeError) as e:
        toolwire.decode_all(data, include_server=include_server)
    assert (str(e.value), e.value.loc) == (f"The server tool call at {loc} {WHY}", loc)


def test_a_message_beside_a_call_is_refused_too() -> None:
    msg = {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}}, HAYSTACK]}
    with pytest.raises(toolwire.DecodeError):
        toolwire.decode_all(msg)


def test_a_streamed_one_is_an_invalid_call() -> None:
    ch = {"candidates": [{"content": {"role": "model", "parts": [HAYSTACK]}, "finishReason": "STOP", "index": 0}]}
    assert accumulate([ch], D) == [
        toolwire.InvalidToolCall(error=f"The tool call at $.calls[0] {WHY}", loc="$.calls[0]")]


def test_its_documented_fields_and_sdk_nones_are_read() -> None:
    part = {"toolCall": {"id": "t1", "toolType": "GOOGLE_SEARCH_WEB", "args": {"q": "x"}, "extra": None}}
    (call,) = toolwire.decode_all(part, include_server=True)
    assert (call.name, call.args, call.id, call.server) == ("GOOGLE_SEARCH_WEB", {"q": "x"}, "t1", True)
