"""Request edits on a history or system field of the wrong kind: an ``EncodeError``
naming the field (``$.messages``, ``$.system``), never a bare ``TypeError``, and a string
never split into characters. Chat Completions ``messages`` is "a list of messages"
(https://platform.openai.com/docs/api-reference/chat/create); Bedrock Converse ``system``
is a list of ``SystemContentBlock``
(https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import EncodeError, retry

S = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}


@pytest.mark.parametrize(("target", "request_", "mode", "loc"), [
    ("openai.chat", {"model": "m", "messages": 5}, "prompt", "$.messages"),
    ("ollama", {"model": "m", "messages": 1.5}, "prompt", "$.messages"),
    ("openai.chat", {"model": "m", "messages": True}, "prompt", "$.messages"),
    ("bedrock.converse", {"modelId": "m", "messages": [], "system": 5}, "prompt", "$.system"),
])
def test_prepare_refuses_a_field_of_no_list_kind(target: str, request_: Dict[str, Any], mode: str, loc: str) -> None:
    with pytest.raises(EncodeError) as err:
        retry.prepare(request_, S, target, mode=mode)
    assert err.value.loc == loc


@pytest.mark.parametrize(("outcome", "loc"), [(retry.Outcome("schema_rejected"), "$.messages"),
                                              (retry.Outcome("invalid", text="{}"), "$.messages")])
def test_plan_refuses_a_field_of_no_list_kind(outcome: Any, loc: str) -> None:
    p = retry.prepare({"model": "m", "messages": True}, S, "openai.chat", mode="native")
    with pytest.raises(EncodeError) as err:
        retry.plan(p.request, outcome, p.state)
    assert err.value.loc == loc


def test_a_bedrock_system_string_is_one_block() -> None:
    p = retry.prepare({"modelId": "m", "messages": [], "system": "Be nice"}, S, "bedrock.converse", mode="prompt")
    system = p.request["system"]
    assert system[0] == {"text": "Be nice"}
    assert len(system) == 2 and set(system[1]) == {"text"}


def test_a_chat_messages_string_is_one_user_turn() -> None:
    """As a correction turn reads it (``listed_turns``: a bare prompt is one user turn)."""
    p = retry.prepare({"model": "m", "messages": "hi"}, S, "openai.chat", mode="prompt")
    messages = p.request["messages"]
    assert messages[0]["role"] == "system"
    assert messages[1:] == [{"role": "user", "content": "hi"}]
