"""A tool result maps exactly as its call did: an id a
dialect's own wire produced although it breaks the documented rule (a gateway's long
Chat id, a Mistral-compatible server's ``call_abc``) is written back as received for
the call and for its result (one built by hand, through the IdMap its call was encoded
with); to another dialect both map to the same id."""

from __future__ import annotations

from typing import Any, Dict, Tuple

import pytest

import toolwire

LONG = "ws_" + "a" * 48  # 51 characters: over Chat's 40
RESP_LONG = "call_" + "b" * 70  # over Responses' 64


def _chat(dialect: str, ident: str) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    call = {"id": ident, "type": "function", "function": {"name": "f", "arguments": "{}"}}
    return call, {"role": "tool", "tool_call_id": ident, "content": "ok"}


CASES = {
    "openai.chat": _chat("openai.chat", LONG),
    "mistral": _chat("mistral", "call_abc"),
    "cohere.v2": _chat("cohere.v2", LONG),
    "openai.responses": (
        {"type": "function_call", "call_id": RESP_LONG, "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": RESP_LONG, "output": "ok"},
    ),
}


def _call_id(item: Dict[str, Any]) -> Any:
    if "toolUse" in item:
        return item["toolUse"]["toolUseId"]
    return item["call_id"] if "call_id" in item else item["id"]


def _result_id(item: Dict[str, Any]) -> Any:
    if "toolResult" in item:
        return item["toolResult"]["toolUseId"]
    for key in ("tool_call_id", "call_id", "tool_use_id"):
        if key in item:
            return item[key]
    raise AssertionError(item)


@pytest.mark.parametrize("dialect", sorted(CASES))
def test_native_result_ids_written_back_as_received(dialect: str) -> None:
    call_item, result_item = CASES[dialect]
    call = toolwire.decode(call_item, dialect)
    result = toolwire.decode_result(result_item, dialect)
    assert toolwire.encode(call, dialect) == call_item
    assert toolwire.encode_result(result, dialect) == result_item
    assert toolwire.convert(result_item, to=dialect, source=dialect) == result_item
    # with one IdMap for both, the same
    ids = toolwire.IdMap(toolwire.get_dialect(dialect).ids, dialect=dialect)
    assert toolwire.encode(call, dialect, ids=ids) == call_item
    assert toolwire.encode_result(result, dialect, ids=ids) == result_item


@pytest.mark.parametrize("target", ["openai.chat", "mistral", "openai.responses", "anthropic.messages",
                                    "bedrock.converse", "cohere.v2"])
@pytest.mark.parametrize("source", sorted(CASES))
def test_native_result_ids_converted_one_at_a_time_stay_paired(source: str, target: str) -> None:
    call_item, result_item = CASES[source]
    call_out = toolwire.convert(call_item, to=target, source=source)
    result_out = toolwire.convert(result_item, to=target, source=source)
    call_id, result_id = _call_id(call_out), _result_id(result_out)
    assert call_id is not None and call_id == result_id
    if target != source:  # the target's rule holds
        assert toolwire.get_dialect(target).ids.valid(call_id)


def test_native_result_ids_a_mapped_call_keeps_its_result_paired() -> None:
    # a call from canonical (no native mark) mapped by the IdMap; its result read from
    # Chat (marked native) follows the call's mapping
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    call_out = toolwire.encode(toolwire.ToolCall("f", {}, LONG), "openai.chat", ids=ids)
    result = toolwire.decode_result(CASES["openai.chat"][1], "openai.chat")
    assert toolwire.encode_result(result, "openai.chat", ids=ids)["tool_call_id"] == call_out["id"] != LONG


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
def test_native_result_ids_a_built_result_pairs_through_the_map(dialect: str) -> None:
    # the README loop: ToolResult(id=call.id, ...) answers a call kept as received, via its IdMap
    call = toolwire.decode(CASES[dialect][0], dialect)
    ids = toolwire.IdMap(toolwire.get_dialect(dialect).ids, dialect=dialect)
    sent = toolwire.encode(call, dialect, ids=ids)["id"]
    out = toolwire.encode_result(toolwire.ToolResult(call.id, call.name, "ok"), dialect, ids=ids)
    assert out["tool_call_id"] == sent == CASES[dialect][0]["id"]
