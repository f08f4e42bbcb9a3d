"""``decode_all(invalid="keep")`` and ``response.normalize`` with an item that no
dialect can read inside a container of calls (``tool_calls: [call, 5]``): an
``InvalidToolCall`` in its place, its readable siblings kept. Before, the whole
container raised, and ``normalize`` reported one nameless invalid call instead of the
readable calls beside it. Without ``keep`` the error is raised as it was.

The payload shapes follow each provider's documented reply (the dialect modules cite
them); the broken item is the same everywhere: a value that is no item of any dialect.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall
from toolwire.response import normalize

CHAT = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
TOOL_USE = {"type": "tool_use", "id": "toolu_01", "name": "f", "input": {"a": 1}}

# (label, payload, dialect, the readable call, the broken item's path)
CASES = [
    ("chat-message", {"role": "assistant", "content": None, "tool_calls": [CHAT, 5]}, "openai.chat",
     ToolCall("f", {"a": 1}, "call_1"), "$.tool_calls[1]"),
    ("chat-completion",
     {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
         "role": "assistant", "content": None, "tool_calls": [CHAT, "x"]}}]}, "openai.chat",
     ToolCall("f", {"a": 1}, "call_1"), "$.choices[0].message.tool_calls[1]"),
    ("chat-item-of-no-dialect", {"role": "assistant", "tool_calls": [{"nothing": 1}, CHAT]}, "openai.chat",
     ToolCall("f", {"a": 1}, "call_1"), "$.tool_calls[0]"),
    ("anthropic", {"role": "assistant", "content": [TOOL_USE, 5]}, "anthropic.messages",
     ToolCall("f", {"a": 1}, "toolu_01"), "$.content[1]"),
    ("gemini", {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {"a": 1}}}, 5]}, "gemini",
     ToolCall("f", {"a": 1}, None), "$.parts[1]"),
    ("responses", {"object": "response", "output": [
        {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": '{"a": 1}'}, None]},
     "openai.responses", ToolCall("f", {"a": 1}, "call_1"), "$.output[1]"),
    ("bedrock", {"role": "assistant", "content": [{"toolUse": {"toolUseId": "tooluse_1", "name": "f",
                                                                "input": {"a": 1}}}, 5]},
     "bedrock.converse", ToolCall("f", {"a": 1}, "tooluse_1"), "$.content[1]"),
    ("list-of-items", [CHAT, 5], "openai.chat", ToolCall("f", {"a": 1}, "call_1"), "$[1]"),
]
IDS = [c[0] for c in CASES]


def _broken(found: Any, loc: str) -> None:
    [bad] = [c for c in found if type(c) is InvalidToolCall]
    assert (bad.name, bad.id, bad.raw, bad.loc, bad.truncated) == (None, None, None, loc, False)
    assert bad.error.startswith(f"Input at {loc} ") and "no known dialect" in bad.error


@pytest.mark.parametrize(("label", "payload", "dialect", "call", "loc"), CASES, ids=IDS)
@pytest.mark.parametrize("named", [False, True], ids=["detected", "named"])
def test_an_unreadable_item_is_kept_in_its_place(
    label: str, payload: Any, dialect: str, call: ToolCall, loc: str, named: bool
) -> None:
    found = toolwire.decode_all(payload, dialect if named else None, invalid="keep")
    assert len(found) == 2
    assert [c for c in found if type(c) is ToolCall] == [call]
    position = 0 if loc.endswith("[0]") else 1
    assert type(found[position]) is InvalidToolCall
    _broken(found, loc)


@pytest.mark.parametrize(("label", "payload", "dialect", "call", "loc"), CASES, ids=IDS)
def test_without_keep_the_unreadable_item_is_raised(
    label: str, payload: Any, dialect: str, call: ToolCall, loc: str
) -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(payload)
    assert err.value.loc == loc


def test_an_item_of_another_dialect_under_a_named_one_is_still_refused() -> None:
    """Not unreadable: recognisably another dialect's (a caller's mistake, not a broken item)."""
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all([CHAT, TOOL_USE], "openai.chat", invalid="keep")
    assert err.value.loc == "$[1]" and "anthropic.messages" in err.value.message


def test_a_top_level_payload_that_cannot_be_read_still_raises() -> None:
    with pytest.raises(DecodeError):
        toolwire.decode_all({"nothing": 1}, invalid="keep")


def test_normalize_keeps_the_readable_calls_beside_the_unreadable_item() -> None:
    reply: Dict[str, Any] = CASES[1][1]
    r = normalize(reply)
    assert r.tool_calls == (ToolCall("f", {"a": 1}, "call_1"),)
    _broken(r.invalid_tool_calls, "$.choices[0].message.tool_calls[1]")


@pytest.mark.parametrize("function", ["x", 5, ["a"], None])
@pytest.mark.parametrize("named", [None, "openai.chat"])
def test_a_chat_call_whose_function_is_no_object_keeps_its_id(function: Any, named: Any) -> None:
    """A Chat ``tool_calls`` item (``{"id", "type": "function", "function"}``, the API
    reference's ``ChatCompletionMessageToolCall``) whose ``function`` is no object: its id
    is readable, and the kept ``InvalidToolCall`` carries it (a result can pair with it);
    it read as an item of no dialect, with neither."""
    bad = {"id": "call_3", "type": "function", "function": function}
    [ok, kept] = toolwire.decode_all({"role": "assistant", "tool_calls": [CHAT, bad]}, named, invalid="keep")
    assert ok == ToolCall("f", {"a": 1}, "call_1")
    assert type(kept) is InvalidToolCall and (kept.name, kept.id) == (None, "call_3")
    assert kept.loc.startswith("$.tool_calls[1]") and "no known dialect" not in kept.error
    with pytest.raises(DecodeError) as err:
        toolwire.decode(bad)
    assert err.value.dialect == "openai.chat"
