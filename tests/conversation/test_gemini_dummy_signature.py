"""The dummy thought signature (``step_signature``) after it is written: Gemini's
thought-signatures FAQ (https://ai.google.dev/gemini-api/docs/thought-signatures, checked
2026-12-08) names two, ``"skip_thought_signature_validator"`` and
``"context_engineering_is_the_way_to_go"``, for calls Gemini did not make. Neither is a
signature of Gemini's: its drop is not reported elsewhere, yet it goes back to Gemini as
it came. "The first functionCall part in each step of the current turn must include its
thought_signature": the first call part of a content takes it whatever later parts carry.
A call with Gemini's provider data is Gemini's own and never takes it. google-genai holds
a signature as bytes (its JSON writes them URL-safe, ``_common.encode_unserializable_types``,
the only spelling of the dummies Gemini knows: pydantic-ai#3881, langchain-google#1570):
a dummy's bytes are written as the dummy (review revG R1, C1-C3)."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import Problem, ToolCall, decode_conversation, encode_conversation, encode_message
from toolwire.conversation import Message, Text

SKIP = "skip_thought_signature_validator"
OTHER = "context_engineering_is_the_way_to_go"

# revG's reproducer
CHAT: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "hi"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": "x"}]}


def _gemini(sig: str) -> Dict[str, Any]:
    return {"contents": [
        {"role": "user", "parts": [{"text": "hi"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}, "id": "c1"}, "thoughtSignature": sig}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "f", "id": "c1", "response": {"output": "x"}}}]}]}


def test_the_dummy_is_no_signature_dropped_elsewhere() -> None:
    out = encode_conversation(CHAT, "gemini")
    assert out["contents"][1]["parts"][0]["thoughtSignature"] == SKIP
    for target in ("openai.chat", "anthropic.messages", "openai.responses"):
        report: List[Problem] = []
        encode_conversation(decode_conversation(out), target, report=report)
        assert report == [], target
    for dummy in (SKIP, OTHER):  # the FAQ's two dummies, from whoever wrote them
        report = []
        encode_conversation(decode_conversation(_gemini(dummy)), "openai.chat", report=report)
        assert report == [], dummy
    report = []  # a signature Gemini made is still reported dropped
    encode_conversation(decode_conversation(_gemini("CiQBjz1rX8Zb2w==")), "openai.chat", report=report)
    assert [p.kind for p in report] == ["reasoning-dropped"]


def test_the_dummy_goes_back_to_gemini_as_it_came() -> None:
    out = encode_conversation(CHAT, "gemini")
    for conv in (decode_conversation(out), [Message(m.role, m.parts) for m in decode_conversation(out).messages]):
        report: List[Problem] = []
        assert json.dumps(encode_conversation(conv, "gemini", report=report)) == json.dumps(out)
        assert report == []
    for dummy in (SKIP, OTHER):
        body = _gemini(dummy)
        assert encode_conversation(decode_conversation(body), "gemini") == body


def test_the_first_call_of_a_merged_step_takes_it_whatever_later_calls_carry() -> None:
    """revG C1: a Chat call, then a Gemini call signed "SIG", with no result between."""
    chat = list(decode_conversation({"messages": [
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}]}).messages)
    gem = list(decode_conversation({"contents": [{"role": "model", "parts": [
        {"functionCall": {"name": "g", "args": {}, "id": "b"}, "thoughtSignature": "SIG"}]}]}).messages)
    tool = list(decode_conversation({"messages": [{"role": "tool", "tool_call_id": "a", "content": "1"},
                                                  {"role": "tool", "tool_call_id": "b", "content": "2"}]},
                                    "openai.chat").messages)
    report: List[Problem] = []
    out = encode_conversation(chat + gem + tool, "gemini", report=report)
    assert out["contents"][1] == {"role": "model", "parts": [
        {"functionCall": {"name": "f", "args": {}, "id": "a"}, "thoughtSignature": SKIP},
        {"functionCall": {"name": "g", "args": {}, "id": "b"}, "thoughtSignature": "SIG"}]}
    assert [(p.kind, p.index, p.id) for p in report] == [("inserted", 1, "a")]
    calls = [c for m in chat + gem for c in m.calls]  # one step: its first call checked (session 43: both writers)
    assert encode_message(calls, "gemini")["parts"][0]["thoughtSignature"] == SKIP
    # a Gemini call first (unsigned, as Gemini 2.x sends it) keeps its step as it came
    unsigned = list(decode_conversation({"contents": [{"role": "model", "parts": [
        {"functionCall": {"name": "g", "args": {}}}, {"functionCall": {"name": "h", "args": {}}}]}]}).messages)
    part = encode_conversation([Message("user", [Text("go")]), *unsigned], "gemini")["contents"][1]["parts"][0]
    assert "thoughtSignature" not in part


# google-genai's snake_case spelling of an unsigned Gemini 2.x call
SNAKE = {"role": "model", "parts": [{"function_call": {"name": "get_weather", "args": {"city": "Paris"}}}]}


def test_a_call_with_geminis_own_data_takes_no_dummy() -> None:
    """revG C2."""
    calls = toolwire.decode_all(SNAKE)
    assert calls[0].provider_data == {"gemini": {"snake": True}}
    assert encode_message(calls, "gemini") == SNAKE
    fresh = [Message("user", [Text("Weather in Paris?")]), Message("assistant", list(calls))]
    report: List[Problem] = []
    out = encode_conversation(fresh, "gemini", report=report)
    assert out["contents"][1] == SNAKE and report == []
    bare = {"role": "model", "parts": [{"functionCall": {"name": "get_time"}}]}  # no args: Gemini's own too
    assert toolwire.decode_all(bare)[0].provider_data == {"gemini": {"no_args": True}}
    assert encode_message(toolwire.decode_all(bare), "gemini") == bare
    mine = ToolCall("get_time", {}, None)  # no provider data: not Gemini's, stamped
    assert encode_message([mine], "gemini")["parts"][0]["thoughtSignature"] == SKIP


def test_google_genai_objects_keep_the_dummys_spelling() -> None:
    """revG C3: the SDK holds the dummy as the bytes its base64 reading gives; its own JSON
    writes them back URL-safe, the literal; standard base64 would be ``skip/thought/...``."""
    types = pytest.importorskip("google.genai.types")
    for dummy in (SKIP, OTHER):
        body = _gemini(dummy)
        objs = [types.Content.model_validate(c) for c in body["contents"]]
        assert objs[1].model_dump(mode="json", by_alias=True, exclude_none=True)["parts"][0][
            "thoughtSignature"] == dummy
        back = encode_conversation(decode_conversation({"contents": objs}), "gemini")
        assert back["contents"][1]["parts"][0]["thoughtSignature"] == dummy
        fresh = [m.replace(wire=None) for m in decode_conversation({"contents": objs}).messages]
        assert encode_conversation(fresh, "gemini")["contents"][1]["parts"][0]["thoughtSignature"] == dummy
        reply = types.GenerateContentResponse.model_validate({"candidates": [{"content": body["contents"][1]}]})
        assert encode_message(toolwire.decode_all(reply), "gemini")["parts"][0]["thoughtSignature"] == dummy
        report: List[Problem] = []
        encode_conversation(decode_conversation({"contents": objs}), "openai.chat", report=report)
        assert report == []


def test_google_genai_signature_bytes_are_written_as_the_api_sent_them() -> None:
    """A real signature's bytes go back in the standard alphabet the API's responses use
    (the SDK's own JSON spells them URL-safe; proto3 JSON reads both)."""
    types = pytest.importorskip("google.genai.types")
    sent = {"functionCall": {"name": "f", "args": {}, "id": "c1"}, "thoughtSignature": "+//+"}
    part = types.Part.model_validate(sent)
    assert part.thought_signature == b"\xfb\xff\xfe"
    assert part.model_dump(mode="json", by_alias=True, exclude_none=True)["thoughtSignature"] == "-__-"
    assert toolwire.encode(toolwire.decode(part), "gemini") == sent
    objs = [types.Content(role="user", parts=[types.Part(text="hi")]), types.Content(role="model", parts=[part])]
    out = encode_conversation(decode_conversation({"contents": objs}), "gemini")
    assert out["contents"][1]["parts"][0] == sent
    assert [types.Content.model_validate(c) for c in out["contents"]] == objs
