"""A reply alone reads as a one-message history of its dialect (docs/conversations.md,
"An agent loop": "A reply object (an SDK ``Message``, ``ChatCompletionMessage``,
``Content``...) or its dict reads as a one-message history of its dialect"). Given alone
(not in a list) each used to raise ``DecodeError`` ("An openai.chat history needs a list
at $.messages"), and an Anthropic message with no dialect named was called a Chat history.

The reply dicts are the providers' documented shapes: an Anthropic Messages response
(https://docs.anthropic.com/en/api/messages, ``type: "message"``), an OpenAI Chat
``choices[0].message`` and a Gemini ``candidates[0].content``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import pytest

from toolwire import DecodeError, EncodeError, ToolCall
from toolwire.conversation import decode_conversation, encode_conversation

ANTHROPIC = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
             "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}],
             "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}
CHAT = {"role": "assistant", "content": None,
        "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{\"a\": 1}"}}]}
GEMINI = {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {"a": 1}}}]}
REPLIES: List[Tuple[str, Dict[str, Any], Optional[str]]] = [
    ("anthropic.messages", ANTHROPIC, "toolu_1"), ("openai.chat", CHAT, "call_1"), ("gemini", GEMINI, None)]


def _sdk(dialect: str, reply: Dict[str, Any]) -> Any:
    if dialect == "anthropic.messages":
        anthropic = pytest.importorskip("anthropic")
        return anthropic.types.Message.model_validate(reply)
    if dialect == "openai.chat":
        chat = pytest.importorskip("openai.types.chat")
        return chat.ChatCompletionMessage.model_validate(reply)
    genai = pytest.importorskip("google.genai.types")
    return genai.Content.model_validate(reply)


@pytest.mark.parametrize("sdk", [False, True], ids=["dict", "sdk"])
@pytest.mark.parametrize("named", [False, True], ids=["detected", "named"])
@pytest.mark.parametrize(("dialect", "reply", "ident"), REPLIES, ids=[d for d, _, _ in REPLIES])
def test_a_reply_alone_is_a_one_message_history(
        dialect: str, reply: Dict[str, Any], ident: Optional[str], sdk: bool, named: bool) -> None:
    x = _sdk(dialect, reply) if sdk else reply
    conv = decode_conversation(x, dialect if named else None)
    assert conv.dialect == dialect
    assert [(m.role, m.parts) for m in conv.messages] == [("assistant", (ToolCall("f", {"a": 1}, ident),))]
    assert conv.messages == decode_conversation([x], dialect).messages


def test_a_chat_reply_alone_goes_back_as_it_came() -> None:
    assert encode_conversation(decode_conversation(CHAT), "openai.chat") == {"messages": [CHAT]}


def test_a_body_is_still_a_body() -> None:
    with pytest.raises(DecodeError, match=r"needs a list at \$\.messages"):
        decode_conversation({"role": "assistant", "messages": None}, "openai.chat")


@pytest.mark.parametrize("named", [False, True], ids=["detected", "named"])
def test_an_error_in_a_reply_alone_is_located_in_it(named: bool) -> None:
    # the input is the dict at $: its first block is $.content[0], not $[0].content[0]
    reply = {"role": "assistant", "content": [{"type": "tool_use", "id": "t", "name": 5, "input": {}}]}
    with pytest.raises(DecodeError) as err:
        decode_conversation(reply, "anthropic.messages" if named else None)
    assert err.value.loc == "$.content[0].name"
    assert str(err.value) == "Tool name at $.content[0].name must be a non-empty string, got 5"
    with pytest.raises(DecodeError) as listed:  # in a list, it is $[0]
        decode_conversation([reply], "anthropic.messages")
    assert listed.value.loc == "$[0].content[0].name"


def test_an_invalid_call_in_a_reply_alone_is_located_in_the_dict_given() -> None:
    # its DecodeError says $.content[0]...; an InvalidToolCall kept in the same reply did say
    # $[0].content[0]..., a path into a list the caller never gave
    from toolwire import InvalidToolCall

    reply = {"role": "assistant", "content": [{"type": "tool_use", "id": "t", "name": "f", "input": []}]}
    conv = decode_conversation(reply, "anthropic.messages")
    call = conv.messages[0].parts[0]
    assert type(call) is InvalidToolCall
    assert call.loc == "$.content[0].input"
    assert "$[0]" not in call.error and "$.content[0].input" in call.error
    # Anthropic refuses the input as it came ("Input should be a valid dictionary"): written
    # fresh, where the invalid call cannot be written, at the place of the message given
    with pytest.raises(EncodeError, match="invalid call of 'f'"):
        encode_conversation(conv, "anthropic.messages")
    # in a list, it keeps the list's path
    listed = decode_conversation([reply], "anthropic.messages").messages[0].parts[0]
    assert listed.loc == "$[0].content[0].input"  # type: ignore[union-attr]
