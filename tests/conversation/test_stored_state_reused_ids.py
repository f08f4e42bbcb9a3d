"""Stored Responses state and call ids a provider reuses; a derived Responses dialect.

Bedrock Mantle's Responses API (read as openai.responses) gives ``call_0`` in every
response (corpus ``pai-bedrock-mantle-gpt-5.6-no-arg.json``; the notes of
``request-pai-bedrock-mantle-gpt-5.6-compound-call-ids.json``), and offers stored state
(``previous_response_id``, ``item_reference``). After such state, an output whose id no
call before it has may answer the stored call though a later call reuses the id: it is
no orphan and is never removed. A second output for a call already answered stays an
orphan (test_stored_state_results.py).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import EncodeError, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)

R = "openai.responses"
_FIRST = {"type": "function_call_output", "call_id": "call_0", "output": "first result"}
_REPLY = [{"type": "function_call", "call_id": "call_0", "name": "second_tool", "arguments": "{}", "id": "fc_B"}]
_SECOND = {"type": "function_call_output", "call_id": "call_0", "output": "second result"}
BODIES = [
    {"previous_response_id": "resp_A", "input": [_FIRST]},
    {"store": True, "input": [{"role": "user", "content": [{"type": "input_text", "text": "hi"}]},
                              {"type": "item_reference", "id": "fc_ccdc17fdac4f5c7e863e8d8fd3812a13"}, _FIRST]},
]


def _grown(body: Dict[str, Any]) -> Conversation:
    return decode_conversation(body, R).append(
        *decode_conversation(_REPLY, R).messages, Message("tool", [ToolResult("call_0", "second_tool", "second result")]))


@pytest.mark.parametrize("body", BODIES, ids=["previous_response_id", "item_reference"])
def test_an_output_of_a_stored_call_whose_id_a_later_call_reuses_is_kept(body: Dict[str, Any]) -> None:
    conv = _grown(body)
    assert check_conversation(conv, R) == []
    fixed, changes = fix_conversation(conv, R)
    assert changes == []
    out = encode_conversation(fixed, R)
    assert out["input"][-3:] == [_FIRST, *_REPLY, _SECOND]


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages"])
def test_it_is_refused_for_a_target_that_cannot_resolve_the_stored_call(target: str) -> None:
    conv = _grown(BODIES[1])
    said = ("Message 2: the result for call_0 answers no call in the history: its call may be the one the "
            f"openai.responses 'item_reference' in message 1 stands for, stored state {target} cannot resolve")
    assert [(p.kind, p.message) for p in check_conversation(conv, target)] == [("stored-state", said)]
    with pytest.raises(EncodeError) as err:  # not written as a lone result
        encode_conversation(conv, target)
    assert str(err.value) == said + ", so it cannot be written"
    assert err.value.loc == "$.messages[2].parts[0]"


def test_a_second_output_before_a_reused_id_is_still_an_orphan() -> None:
    body = {"previous_response_id": "resp_A", "input": [
        {"type": "function_call", "call_id": "call_0", "name": "f", "arguments": "{}"}, _FIRST, _FIRST, *_REPLY]}
    assert [(p.kind, p.index) for p in check_conversation(body, R)] == [
        ("orphan-result", 3), ("missing-result", 4)]


def test_without_stored_state_an_output_before_its_call_is_an_orphan() -> None:
    body = {"input": [{"role": "user", "content": "hi"}, _FIRST, *_REPLY]}
    assert [p.kind for p in check_conversation(body, R)] == ["orphan-result", "missing-result"]
    with pytest.raises(EncodeError):  # as any orphan, for a target that counts results
        encode_conversation(decode_conversation(body, R), "gemini")


# A dialect derived from openai.responses with dataclasses.replace (docs/custom-dialects.md)
# shares its history codec: its own stored state is its own, not another dialect's.
def test_a_derived_responses_dialect_resolves_its_own_stored_state() -> None:
    acme = dataclasses.replace(toolwire.get_dialect(R), name="acme.responses", aliases=())
    reg = toolwire.default_registry().copy()
    reg.register(acme)
    body = {"previous_response_id": "resp_1", "input": [
        {"type": "function_call_output", "call_id": "call_s", "output": "r"}]}
    assert check_conversation(body, "acme.responses", registry=reg) == []
    assert encode_conversation(decode_conversation(body, "acme.responses", registry=reg), "acme.responses",
                               registry=reg) == body
    two = decode_conversation(body, "acme.responses", registry=reg).append(
        *decode_conversation({"previous_response_id": "resp_2", "input": "next"}, "acme.responses",
                             registry=reg).messages)
    assert [p.kind for p in check_conversation(two, "acme.responses", registry=reg)] == ["stored-state"]


def test_a_derived_responses_dialect_writes_its_stored_state_fresh() -> None:
    acme = dataclasses.replace(toolwire.get_dialect(R), name="acme.responses", aliases=())
    reg = toolwire.default_registry().copy()
    reg.register(acme)
    body = {"input": [{"role": "user", "content": "hi"}, {"type": "item_reference", "id": "fc_1"},
                      {"type": "function_call_output", "call_id": "call_s", "output": "r"}]}
    conv = decode_conversation(body, "acme.responses", registry=reg)
    fresh = Conversation([Message(m.role, m.parts) for m in conv.messages])
    report: List[Problem] = []
    assert encode_conversation(fresh, "acme.responses", registry=reg, report=report) == body
    assert report == []
    with pytest.raises(EncodeError):  # another dialect still cannot resolve it
        encode_conversation(fresh, "openai.chat", registry=reg)
