"""A Chat message whose content holds another dialect's call block is never ``[]``.

Chat's assistant message (https://platform.openai.com/docs/api-reference/chat/object,
``ChatCompletionMessage``: ``content`` text or null, ``refusal`` text or null) holds its
calls under ``tool_calls``; content parts are text and refusal only. An Anthropic
``tool_use`` block (https://docs.anthropic.com/en/api/messages: ``{"type": "tool_use",
"id", "name", "input"}``) or a Responses ``function_call`` item in it is another
dialect's call: reading the message raises at that block.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from outcomes import decoded_all

TOOL_USE = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
FUNCTION_CALL = {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"}
WHOSE = {"tool_use": "anthropic.messages", "function_call": "openai.responses"}


def completion(msg: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o",
            "choices": [{"index": 0, "finish_reason": "stop", "message": msg}]}


MESSAGES = {
    "refusal": {"role": "assistant", "refusal": "no", "content": [TOOL_USE]},  # h17 b13
    "null-refusal": {"role": "assistant", "refusal": None, "content": [TOOL_USE]},
    "null-tool-calls": {"role": "assistant", "content": [TOOL_USE], "tool_calls": None},
    "after-text": {"role": "assistant", "refusal": None, "content": [{"type": "text", "text": "x"}, FUNCTION_CALL]},
    "developer-role-refusal": {"role": "developer", "refusal": None, "content": [TOOL_USE]},
}


@pytest.mark.parametrize("msg", list(MESSAGES.values()), ids=list(MESSAGES))
@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_a_chat_message_holding_another_dialects_call_raises(msg: Dict[str, Any], dialect: Any) -> None:
    at = next(i for i, p in enumerate(msg["content"]) if p["type"] in WHOSE)
    kind = msg["content"][at]["type"]
    assert toolwire.detect(msg) == "openai.chat"
    for payload, loc in ((msg, "$"), (completion(msg), "$.choices[0].message")):
        with pytest.raises(toolwire.DecodeError) as info:
            toolwire.decode_all(payload, dialect)
        assert info.value.message == (f"Content block at {loc}.content[{at}] has type {kind!r}, "
                                      f"which is {WHOSE[kind]}'s, not openai.chat's")
        assert (info.value.loc, info.value.dialect) == (f"{loc}.content[{at}]", "openai.chat")


def test_named_responses_says_it_looks_like_chat() -> None:
    with pytest.raises(toolwire.DecodeError, match=r"^Input at \$ is not an openai\.responses payload: "
                                                   r"it looks like openai\.chat"):
        toolwire.decode_all(MESSAGES["refusal"], "openai.responses")


def test_an_anthropic_message_named_chat_still_names_anthropic() -> None:
    # role and blocks alone: the dialect it looks like is named (tests/test_wrong_dialect.py)
    with pytest.raises(toolwire.DecodeError, match=r"it looks like anthropic\.messages"):
        toolwire.decode_all({"role": "assistant", "content": [TOOL_USE]}, "openai.chat")
    assert toolwire.decode_all({"role": "assistant", "content": [TOOL_USE]})[0].id == "toolu_1"


@pytest.mark.parametrize(
    "msg",
    [
        {"role": "assistant", "refusal": "I can't help with that.", "content": None},
        {"role": "assistant", "refusal": None, "content": [{"type": "refusal", "refusal": "no"}]},
        {"role": "assistant", "refusal": None, "content": [{"type": "text", "text": "hi"}]},
    ],
    ids=["refusal-field", "refusal-part", "text-part"],
)
def test_a_chat_message_of_its_own_parts_is_chats_and_empty(msg: Dict[str, Any]) -> None:
    # ``refusal`` is Chat's field: never read as a Responses message item
    assert toolwire.detect(msg) == "openai.chat"
    assert toolwire.decode_all(msg) == toolwire.decode_all(completion(msg)) == []


def test_a_responses_message_item_is_still_responses() -> None:
    item = {"role": "assistant", "content": [{"type": "output_text", "text": "hi", "annotations": []}]}
    assert toolwire.detect(item) == "openai.responses"


def test_sdk_messages_read_as_their_dicts() -> None:
    openai = pytest.importorskip("openai")
    from openai._models import construct_type  # the SDK's response parser

    for msg in MESSAGES.values():
        obj = construct_type(type_=openai.types.chat.ChatCompletion, value=completion(msg))
        assert decoded_all(obj) == decoded_all(completion(msg))
