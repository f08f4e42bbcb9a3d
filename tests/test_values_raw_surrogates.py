"""Argument text holding a lone UTF-16 surrogate (``"\\ud800"`` raw in a ``str``): no
UTF-8 text, and so no HTTP request body, can carry it (httpx writes JSON bodies with
``ensure_ascii=False`` and encodes them as UTF-8).

- An ``InvalidToolCall`` holds its argument text as received, a surrogate too (that is
  why it is invalid; ``replace`` of a decoded one must keep working). Writing it back
  (``encode``, ``encode_message``, ``convert``, ``encode_conversation``) is refused with
  an ``EncodeError`` at ``$.raw``: escaping the surrogate would change the text the model
  sent (README, arguments policy: "argument text is never written with one").
- A runnable ``ToolCall`` decoded from such text (a surrogate in a comment json-repair
  removed, or in a code-fence tag) broke its own constructor's rule on ``raw``: the text
  is refused as a surrogate in a string is (``ArgumentsError``; an ``InvalidToolCall``
  under ``invalid="keep"``), so every decoded value passes its constructor.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest
from pydantic import TypeAdapter

import toolwire
from toolwire import ArgumentsError, EncodeError, InvalidToolCall, ToolCall
from toolwire.conversation import Conversation, Message, Text, encode_conversation

S = "\ud800"
RAW = '{"a": "' + S + '"}'
# what the encoders write an invalid call's text in (README: Chat, Responses, Mistral, Cohere)
TEXT_TARGETS = ["openai.chat", "openai.responses", "mistral", "cohere.v2"]
REFUSED = "holds a lone UTF-16 surrogate no UTF-8 text can carry"


def _chat_item(arguments: str) -> Dict[str, Any]:
    # https://platform.openai.com/docs/api-reference/chat/object (tool_calls[])
    return {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}


def _kept() -> InvalidToolCall:
    [bad] = toolwire.decode_all([_chat_item(RAW)], "openai.chat", invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.raw == RAW
    return bad


def test_an_invalid_call_holds_its_text_as_received() -> None:
    bad = _kept()
    assert bad.replace(id="call_2").raw == RAW  # a decoded value passes its constructor
    assert InvalidToolCall(name="g", raw=RAW, error="x").raw == RAW


@pytest.mark.parametrize("target", TEXT_TARGETS)
def test_an_invalid_call_with_a_surrogate_is_not_written(target: str) -> None:
    for bad in (_kept(), InvalidToolCall(name="f", id="call_1", raw=RAW, error="x")):
        with pytest.raises(EncodeError) as info:
            toolwire.encode(bad, target)
        assert (info.value.loc, info.value.dialect) == ("$.raw", target)
        assert info.value.message == (
            f"The invalid call 'f' at $.raw {REFUSED}: '{{\"a\": \"\\ud800\"}}'; "
            f"it cannot be written back as {target}: leave it out of the history, or give it text UTF-8 can carry "
            "(replace(raw=...))"
        )
        with pytest.raises(EncodeError):
            toolwire.convert(bad, to=target)
        with pytest.raises(EncodeError):
            toolwire.convert([bad], to=target)
        with pytest.raises(EncodeError):
            toolwire.encode_message([bad], target)


def test_an_invalid_call_with_a_surrogate_is_not_written_in_a_history() -> None:
    conv = Conversation([Message("user", [Text("Hi")]), Message("assistant", [_kept()])])
    with pytest.raises(EncodeError, match="surrogate"):
        encode_conversation(conv, "openai.chat")


def test_an_invalid_call_without_a_surrogate_is_still_written() -> None:
    bad = InvalidToolCall(name="f", id="call_1", raw='{"a": "\U0001f600', error="x")  # a pair is one character
    assert toolwire.encode(bad, "openai.chat")["function"]["arguments"] == '{"a": "\U0001f600'


@pytest.mark.parametrize(
    "raw",
    [
        '{"a": 1 /* ' + S + " */}",  # a comment json-repair removes
        "```json" + S + '\n{"a": 1}\n```',  # a code-fence tag
    ],
)
def test_decoded_text_with_a_surrogate_anywhere_is_refused(raw: str) -> None:
    with pytest.raises(ArgumentsError) as info:
        toolwire.decode(_chat_item(raw), "openai.chat")
    assert info.value.loc == "$.function.arguments" and info.value.dialect == "openai.chat"
    assert "lone UTF-16 surrogate" in info.value.message
    [bad] = toolwire.decode_all([_chat_item(raw)], "openai.chat", invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.raw == raw
    assert bad.replace(id="call_2").id == "call_2"


def test_every_decoded_runnable_call_passes_its_constructor() -> None:
    """Text the slow tiers read without a surrogate keeps its raw text, checked again."""
    for raw in ['{"a": 1 /* \u00e9 */}', '```json\n{"a": "\u00e9"}\n```']:
        call = toolwire.decode(_chat_item(raw), "openai.chat")
        assert call.raw == raw and call.replace(id="x").raw == raw
        TypeAdapter(ToolCall).dump_json(call)
