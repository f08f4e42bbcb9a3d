"""Gemini's thought signature through either wire Gemini serves: a call of its
OpenAI-compatible endpoint carries it as ``extra_content.google.thought_signature``
(https://ai.google.dev/gemini-api/docs/openai and
https://ai.google.dev/gemini-api/docs/thought-signatures, "OpenAI compatibility": the
request echoes it on the call), a native part as ``thoughtSignature`` beside
``functionCall`` (https://ai.google.dev/api/caching#Part). Gemini 3 answers 400 when a
current-turn call goes back without it, so it moves from one wire to the other, and
another provider's target drops it with a note."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire.stream import Accumulator

SIG = "CsIBAbcdeQ=="
# the literals of the docs' example: a call of the compatible endpoint and its native part
COMPAT_CALL: Dict[str, Any] = {
    "id": "function-call-1", "type": "function",
    "function": {"name": "get_weather", "arguments": "{\"city\": \"Paris\"}"},
    "extra_content": {"google": {"thought_signature": SIG}},
}
NATIVE_PART: Dict[str, Any] = {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}},
                               "thoughtSignature": SIG}
CHAT_HISTORY: List[Dict[str, Any]] = [
    {"role": "user", "content": "weather in Paris?"},
    {"role": "assistant", "content": None, "tool_calls": [COMPAT_CALL]},
    {"role": "tool", "tool_call_id": "function-call-1", "content": "sunny"},
]
GEMINI_HISTORY: Dict[str, Any] = {"contents": [
    {"role": "user", "parts": [{"text": "weather in Paris?"}]},
    {"role": "model", "parts": [NATIVE_PART]},
    {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"output": "sunny"}}}]},
]}


def test_a_compat_history_goes_to_gemini_with_each_calls_signature() -> None:
    conv = toolwire.decode_conversation({"messages": CHAT_HISTORY}, "openai.chat")
    report: List[Any] = []
    out = toolwire.encode_conversation(conv, "gemini", report=report)
    assert out["contents"][1] == {"role": "model", "parts": [
        {"functionCall": {"id": "function-call-1", "name": "get_weather", "args": {"city": "Paris"}},
         "thoughtSignature": SIG}]}
    assert report == []


def test_one_compat_call_goes_to_gemini_with_its_signature() -> None:
    want = {"functionCall": {"id": "function-call-1", "name": "get_weather", "args": {"city": "Paris"}},
            "thoughtSignature": SIG}
    assert toolwire.convert(COMPAT_CALL, to="gemini") == want
    assert toolwire.encode(toolwire.decode(COMPAT_CALL, "openai.chat"), "gemini") == want
    message = toolwire.encode_message([COMPAT_CALL], "gemini")
    assert want in message["parts"]


def test_a_compat_call_read_from_a_stream_goes_to_gemini_with_its_signature() -> None:
    acc = Accumulator("openai.chat")
    acc.feed({"choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "function-call-1", "type": "function",
         "function": {"name": "get_weather", "arguments": ""},
         "extra_content": {"google": {"thought_signature": SIG}}}]}}]})
    acc.feed({"choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "function": {"arguments": "{\"city\": \"Paris\"}"}}]}, "finish_reason": "tool_calls"}]})
    [call] = acc.close()
    assert toolwire.encode(call, "gemini")["thoughtSignature"] == SIG


def test_a_native_signature_is_not_written_as_openai_chat_and_its_drop_is_noted() -> None:
    # OpenAI refuses a field it does not know on a call ("Unknown parameter:
    # 'messages[1].tool_calls[0].index'", songquanpeng/one-api#1319), and "openai.chat" does
    # not say whether OpenAI or Gemini's compatible endpoint reads it: dropped, noted
    conv = toolwire.decode_conversation(GEMINI_HISTORY, "gemini")
    report: List[Any] = []
    out = toolwire.encode_conversation(conv, "openai.chat", report=report)
    [call] = out["messages"][1]["tool_calls"]
    assert set(call) == {"id", "type", "function"}
    assert [(p.kind, p.index, p.message) for p in report] == [(
        "reasoning-dropped", 1, "The gemini reasoning signature on call 'get_weather' in message 1 is not sent "
        "to openai.chat")]
    item = toolwire.convert(NATIVE_PART, to="openai.chat")
    assert set(item) == {"id", "type", "function"}


def test_the_calls_own_extra_content_wins() -> None:
    own = {**COMPAT_CALL, "extra_content": {"google": {"thought_signature": "b3du"}}}
    call = toolwire.decode(own, "openai.chat")
    both = call.replace(provider_data={**call.provider_data, "gemini": {"part": {"thoughtSignature": SIG}}})
    assert toolwire.encode(both, "openai.chat")["extra_content"] == {"google": {"thought_signature": "b3du"}}
    assert toolwire.encode(both, "gemini")["thoughtSignature"] == SIG


def test_a_native_snake_case_signature_goes_to_gemini() -> None:
    part = {"function_call": {"name": "f", "args": {}}, "thought_signature": SIG}
    assert "extra_content" not in toolwire.convert(part, to="openai.chat")
    out = toolwire.convert(part, to="gemini")
    assert out.get("thoughtSignature", out.get("thought_signature")) == SIG


@pytest.mark.parametrize("target", ["anthropic.messages", "openai.responses", "mistral", "bedrock.converse"])
def test_a_compat_signature_dropped_elsewhere_is_noted(target: str) -> None:
    conv = toolwire.decode_conversation({"messages": CHAT_HISTORY}, "openai.chat")
    report: List[Any] = []
    out = toolwire.encode_conversation(conv, target, report=report)
    assert SIG not in str(out)
    assert [(p.kind, p.index, p.message) for p in report] == [(
        "reasoning-dropped", 1,
        f"The openai.chat reasoning signature on call 'get_weather' in message 1 is not sent to {target}")]


def test_a_compat_call_without_a_signature_notes_nothing() -> None:
    plain = {**COMPAT_CALL, "extra_content": {"google": {}}}
    conv = toolwire.decode_conversation({"messages": [CHAT_HISTORY[0], {**CHAT_HISTORY[1], "tool_calls": [plain]},
                                                      CHAT_HISTORY[2]]}, "openai.chat")
    report: List[Any] = []
    out = toolwire.encode_conversation(conv, "anthropic.messages", report=report)
    assert report == []
    report = []
    gemini = toolwire.encode_conversation(conv, "gemini", report=report)
    # no signature of Gemini's: its dummy one, noted (a Chat message is no Gemini content)
    assert gemini["contents"][1]["parts"][0]["thoughtSignature"] == "skip_thought_signature_validator"
    assert [p.kind for p in report] == ["inserted"]
    assert out["messages"][1]["content"][0]["name"] == "get_weather"


def test_a_native_signature_leaves_the_calls_own_extra_content_as_it_came() -> None:
    own = {**COMPAT_CALL, "extra_content": {"google": {}, "other": 1}}
    call = toolwire.decode(own, "openai.chat")
    both = call.replace(provider_data={**call.provider_data, "gemini": {"part": {"thoughtSignature": SIG}}})
    assert toolwire.encode(both, "openai.chat")["extra_content"] == {"google": {}, "other": 1}
    assert own["extra_content"] == {"google": {}, "other": 1}  # the call's data is not changed


# a call of the compatible endpoint whose arguments were cut off (a reply stopped at its
# token limit) or are no object: an ``InvalidToolCall`` that keeps the signature as a
# valid call keeps it, so it goes back to Gemini with the text or its drop is noted
CUT_CALL: Dict[str, Any] = {**COMPAT_CALL, "function": {"name": "get_weather", "arguments": "{\"city\": \"Par"}}
LIST_CALL: Dict[str, Any] = {**COMPAT_CALL, "function": {"name": "get_weather", "arguments": "[\"Paris\"]"}}
KEPT = {"openai.chat": {"extra": {"extra_content": {"google": {"thought_signature": SIG}}}}}


@pytest.mark.parametrize("item", [CUT_CALL, LIST_CALL])
def test_an_invalid_compat_call_keeps_its_signature(item: Dict[str, Any]) -> None:
    reply = {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "length", "message": {
        "role": "assistant", "content": None, "tool_calls": [item]}}]}
    [bad] = toolwire.decode_all(reply, "openai.chat", invalid="keep")
    assert type(bad) is toolwire.InvalidToolCall
    assert bad.provider_data == KEPT
    assert toolwire.encode(bad, "openai.chat") == item  # written back with it, as the endpoint wants
    conv = toolwire.decode_conversation({"messages": [CHAT_HISTORY[0], {**CHAT_HISTORY[1], "tool_calls": [item]}]},
                                        "openai.chat")
    [part] = conv.messages[1].parts
    assert type(part) is toolwire.InvalidToolCall
    assert part.provider_data == KEPT


def test_an_invalid_compat_call_is_refused_by_gemini_and_its_drop_noted_elsewhere() -> None:
    conv = toolwire.decode_conversation({"messages": [CHAT_HISTORY[0], {**CHAT_HISTORY[1], "tool_calls": [CUT_CALL]}]},
                                        "openai.chat")
    with pytest.raises(toolwire.EncodeError, match="gemini carries arguments as an object"):
        toolwire.encode_conversation(conv, "gemini")  # no object to write it with: the text is not lost either
    report: List[Any] = []
    out = toolwire.encode_conversation(conv, "openai.responses", report=report)
    assert SIG not in str(out)
    assert [(p.kind, p.index, p.message) for p in report] == [(
        "reasoning-dropped", 1,
        "The openai.chat reasoning signature on call 'get_weather' in message 1 is not sent to openai.responses")]


# Gemini's compatible endpoint also sends a call with an empty id (vercel/ai#7834:
# gemini-2.5-pro, ``"id": ""``), its signature beside it: written with an id made for it,
# only the empty id's placeholder goes, never the signature (it went with it, unnoted)
EMPTY_ID_CALL: Dict[str, Any] = {**COMPAT_CALL, "id": ""}
EMPTY_ID_CUT: Dict[str, Any] = {**CUT_CALL, "id": ""}


def _signed_with_an_id(item: Dict[str, Any]) -> None:
    assert item["extra_content"] == {"google": {"thought_signature": SIG}}
    assert item["type"] == "function"
    assert type(item["id"]) is str and item["id"].startswith("call_")


@pytest.mark.parametrize("item", [EMPTY_ID_CALL, EMPTY_ID_CUT])
def test_a_call_given_an_id_keeps_its_signature(item: Dict[str, Any]) -> None:
    [call] = toolwire.decode_all([item], "openai.chat", invalid="keep")
    report: List[Any] = []
    _signed_with_an_id(toolwire.convert(call, to="openai.chat", report=report))
    assert report == []
    [written] = toolwire.encode_message([call], "openai.chat")["tool_calls"]
    _signed_with_an_id(written)
    conv = toolwire.decode_conversation({"messages": [CHAT_HISTORY[0], {**CHAT_HISTORY[1], "tool_calls": [item]}]},
                                        "openai.chat")
    out = toolwire.encode_conversation(conv, "openai.chat", report=report)
    [written] = out["messages"][1]["tool_calls"]  # no result needs an id: the empty one as it came
    assert written == item
    assert report == []


def test_an_invalid_call_given_an_id_by_an_id_map_keeps_its_signature() -> None:
    [bad] = toolwire.decode_all([EMPTY_ID_CUT], "openai.chat", invalid="keep")
    assert type(bad) is toolwire.InvalidToolCall
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids)
    out = toolwire.encode(bad, "openai.chat", ids=ids)
    _signed_with_an_id(out)
    assert out["function"]["arguments"] == "{\"city\": \"Par"
