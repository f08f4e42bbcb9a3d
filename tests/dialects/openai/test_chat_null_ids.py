"""``openai.chat``: a ``"null"`` id is no id on both sides, the call's and the tool
message's ``tool_call_id`` (mistralai's ``ToolCall.id`` default is the string
``"null"``; a tool message answering such a call copies it), so a history of such
calls and results reads and converts paired, as ``dialect="mistral"`` reads it."""

from __future__ import annotations

import json
from typing import Any, Dict

import pytest

import toolwire
from toolwire import ToolResult

C = "openai.chat"


def _call(city: str) -> Dict[str, Any]:
    return {"id": "null", "type": "function",
            "function": {"name": "get_weather", "arguments": json.dumps({"city": city})}}


BODY = {"model": "mistral-large-latest", "messages": [
    {"role": "user", "content": "Paris and Rome?"},
    {"role": "assistant", "content": "", "tool_calls": [_call("Paris"), _call("Rome")]},
    {"role": "tool", "tool_call_id": "null", "name": "get_weather", "content": "Paris 20C"},
    {"role": "tool", "tool_call_id": "null", "name": "get_weather", "content": "Rome 30C"},
]}
RESULT = {"role": "tool", "tool_call_id": "null", "name": "get_weather", "content": "22°C"}


def test_a_null_tool_call_id_is_no_id_and_is_written_back() -> None:
    r = toolwire.decode_result(RESULT, C)
    assert (r.id, r.name, r.content) == (None, "get_weather", "22°C")
    assert r.provider_data == {C: {"id": "null", "named": True}}
    assert toolwire.encode_result(r, C) == RESULT


def test_the_empty_tool_call_id_is_no_id_too() -> None:
    """As a call's ``"id": ""`` is (the Vercel AI SDK echoes it in the tool message that answers
    the call): tests/conversation/test_empty_call_ids_answered.py."""
    r = toolwire.decode_result({"role": "tool", "tool_call_id": "", "content": "x"}, C)
    assert (r.id, r.provider_data) == (None, {C: {"id": ""}})


@pytest.mark.parametrize("dialect", [C, "mistral"])
def test_null_ids_pair_by_name_and_position(dialect: str) -> None:
    conv = toolwire.decode_conversation(BODY, dialect)
    assert [c.id for c in conv.calls] == [None, None]
    assert [r.id for r in conv.results] == [None, None]
    assert toolwire.check_conversation(conv, "anthropic.messages") == []
    msgs = toolwire.encode_conversation(conv, "anthropic.messages")["messages"]
    uses = [b["id"] for b in msgs[1]["content"]]
    results = msgs[2]["content"]
    assert [(b["tool_use_id"], b["content"]) for b in results] == [(uses[0], "Paris 20C"), (uses[1], "Rome 30C")]


def test_same_dialect_write_back_is_exact() -> None:
    conv = toolwire.decode_conversation(BODY, C)
    assert toolwire.encode_conversation(conv, C)["messages"] == BODY["messages"]
    ids = toolwire.IdMap(toolwire.get_dialect(C).ids, dialect=C)
    assert toolwire.encode_conversation(conv, C, ids=ids)["messages"] == BODY["messages"]


def test_a_null_result_answers_its_call_through_convert() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("mistral").ids, dialect="mistral")
    call = toolwire.convert(_call("Paris"), "mistral", source=C, ids=ids)
    result = toolwire.convert(RESULT, "mistral", source=C, ids=ids)
    assert result["tool_call_id"] == call["id"] != "null"


def test_a_built_result_without_id_is_still_refused_alone() -> None:
    with pytest.raises(toolwire.EncodeError, match="tool result needs the id of its call"):
        toolwire.encode_result(ToolResult(None, "get_weather", "x"), C)
