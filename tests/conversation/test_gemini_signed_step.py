"""The first function call of a step takes the dummy signature when it has none of its
own, whatever a later part of the step carries (``step_signature``), in ``encode_message``
as in ``encode_conversation``: Gemini 3 checks "the first ``functionCall`` part in each
step of the current turn" (https://ai.google.dev/gemini-api/docs/thought-signatures,
checked 2026-12-07), so a later signature does not save the step from a 400. A real
Gemini 3 step has its first call signed and goes as it came; Gemini 2.x ignores the dummy.
A call's empty Gemini record (``provider_data={"gemini": {}}``) holds no data of Gemini's,
and an empty signature (``""``) is no signature: both take the dummy."""

from __future__ import annotations

from typing import Any, Dict, List

import toolwire
from toolwire import Problem, ToolCall, ToolResult, decode_conversation, encode_conversation, encode_message
from toolwire.conversation import Message, Text

SKIP = "skip_thought_signature_validator"

# revG2 seed 11's first model content: the first two calls unsigned, the third signed
REPLY: Dict[str, Any] = {"role": "model", "parts": [
    {"functionCall": {"name": "f1", "args": {"s": "é"}, "id": "id1"}},
    {"functionCall": {"name": "f2", "args": {}, "id": "id2"}},
    {"functionCall": {"name": "f3", "args": {"s": "é"}, "id": "id3"}, "thoughtSignature": "UAcgHhJhew/tp+Fk"}]}
STAMPED: Dict[str, Any] = {"role": "model", "parts": [{**REPLY["parts"][0], "thoughtSignature": SKIP},
                                                      *REPLY["parts"][1:]]}
ANSWER: Dict[str, Any] = {"role": "user", "parts": [
    {"functionResponse": {"name": f"f{k}", "id": f"id{k}", "response": {"output": "r"}}} for k in (1, 2, 3)]}


def _history(model: Dict[str, Any]) -> Dict[str, Any]:
    return {"contents": [{"role": "user", "parts": [{"text": "go"}]}, model, ANSWER]}


def test_the_reproducer_first_call_takes_the_dummy_in_both() -> None:
    """revGemimg: f85b339e sent the first call unsigned (a 400 from Gemini 3)."""
    f, g = ToolCall("f", {}, "a"), ToolCall("g", {}, "b", provider_data={"gemini": {"part": {"thoughtSignature": "SIG"}}})
    assert encode_message([f, g], "gemini")["parts"] == [
        {"functionCall": {"name": "f", "args": {}, "id": "a"}, "thoughtSignature": SKIP},
        {"functionCall": {"name": "g", "args": {}, "id": "b"}, "thoughtSignature": "SIG"}]
    msgs = [Message("user", [Text("go")]), Message("assistant", [f, g]),
            Message("tool", [ToolResult("a", content="1"), ToolResult("b", content="2")])]
    report: List[Problem] = []
    out = encode_conversation(msgs, "gemini", report=report)
    assert [p.get("thoughtSignature") for p in out["contents"][1]["parts"]] == [SKIP, "SIG"]
    assert [(p.kind, p.id) for p in report] == [("inserted", "a")]


def test_encode_message_stamps_an_unsigned_first_call_of_a_signed_step() -> None:
    calls = toolwire.decode_all({"candidates": [{"content": REPLY}]})
    assert encode_message(calls, "gemini") == STAMPED


def test_encode_conversation_of_the_fresh_reply_agrees() -> None:
    fresh = [Message(m.role, m.parts) for m in decode_conversation(_history(REPLY)).messages]
    report: List[Problem] = []
    assert encode_conversation(fresh, "gemini", report=report) == _history(STAMPED)
    assert [(p.kind, p.id) for p in report] == [("inserted", "id1")]


def test_a_signed_first_call_goes_as_it_came() -> None:
    model = {"role": "model", "parts": [REPLY["parts"][2], REPLY["parts"][0]]}
    assert encode_message(toolwire.decode_all({"candidates": [{"content": model}]}), "gemini") == model
    body = {"contents": [{"role": "user", "parts": [{"text": "go"}]}, model,
                         {"role": "user", "parts": [ANSWER["parts"][2], ANSWER["parts"][0]]}]}
    fresh = [Message(m.role, m.parts) for m in decode_conversation(body).messages]
    report: List[Problem] = []
    assert encode_conversation(fresh, "gemini", report=report) == body and report == []


def test_a_signed_thought_does_not_sign_the_call() -> None:
    """A Gemini 2.5 step: the signature on its thought part, its call unsigned; the call
    takes the dummy (2.x ignores it), the thought goes as it came."""
    model = {"role": "model", "parts": [{"text": "plan", "thought": True, "thoughtSignature": "BR7u"},
                                        {"functionCall": {"name": "f1", "args": {}, "id": "id1"}}]}
    body = {"contents": [{"role": "user", "parts": [{"text": "go"}]}, model,
                         {"role": "user", "parts": [ANSWER["parts"][0]]}]}
    fresh = [Message(m.role, m.parts) for m in decode_conversation(body).messages]
    out = encode_conversation(fresh, "gemini", report=[])
    assert out["contents"][1]["parts"] == [model["parts"][0], {**model["parts"][1], "thoughtSignature": SKIP}]


def test_a_dummy_on_a_later_call_makes_no_step_geminis() -> None:
    """A dummy is no signature of Gemini's: the first call still takes one."""
    later = ToolCall("g", {}, "b", provider_data={"gemini": {"part": {"thoughtSignature": SKIP}}})
    parts = encode_message([ToolCall("f", {}, "a"), later], "gemini")["parts"]
    assert [p.get("thoughtSignature") for p in parts] == [SKIP, SKIP]
    msgs = [Message("user", [Text("go")]), Message("assistant", [ToolCall("f", {}, "a"), later]),
            Message("tool", [ToolResult("a", content="1"), ToolResult("b", content="2")])]
    report: List[Problem] = []
    out = encode_conversation(msgs, "gemini", report=report)
    assert [p.get("thoughtSignature") for p in out["contents"][1]["parts"]] == [SKIP, SKIP]
    assert [(p.kind, p.id) for p in report] == [("inserted", "a")]


def test_another_messages_signature_does_not_count() -> None:
    """A Chat step merged with a signed Gemini step in one content (no result between):
    the Chat call, first, still takes the dummy (its step has no signature)."""
    chat = ToolCall("f", {}, "a")
    gem = ToolCall("g", {}, "b", provider_data={"gemini": {"part": {"thoughtSignature": "SIG"}}})
    msgs = [Message("user", [Text("go")]), Message("assistant", [chat]), Message("assistant", [gem]),
            Message("tool", [ToolResult("a", content="1"), ToolResult("b", content="2")])]
    report: List[Problem] = []
    out = encode_conversation(msgs, "gemini", report=report)
    assert [p.get("thoughtSignature") for p in out["contents"][1]["parts"]] == [SKIP, "SIG"]
    assert [(p.kind, p.id) for p in report] == [("inserted", "a")]


def test_an_empty_gemini_record_takes_the_dummy_in_both() -> None:
    call = ToolCall("f", {}, "x", provider_data={"gemini": {}})
    assert encode_message([call], "gemini")["parts"][0] == {
        "functionCall": {"name": "f", "args": {}, "id": "x"}, "thoughtSignature": SKIP}
    msgs = [Message("user", [Text("go")]), Message("assistant", [call]), Message("tool", [ToolResult("x", content="r")])]
    report: List[Problem] = []
    out = encode_conversation(msgs, "gemini", report=report)
    assert out["contents"][1]["parts"][0] == {"functionCall": {"name": "f", "args": {}, "id": "x"}, "thoughtSignature": SKIP}
    assert [(p.kind, p.id) for p in report] == [("inserted", "x")]


def test_an_empty_signature_is_no_signature() -> None:
    """revGemimg empty_sig: ``thoughtSignature: ""`` on the first call is none (Gemini 3
    refuses it as missing); the call takes the dummy in both writers."""
    empty = {"role": "model", "parts": [{"functionCall": {"name": "f1", "args": {}, "id": "id1"}, "thoughtSignature": ""},
                                        {"functionCall": {"name": "f2", "args": {}, "id": "id2"}}]}
    calls = toolwire.decode_all({"candidates": [{"content": empty}]})
    assert encode_message(calls, "gemini")["parts"][0]["thoughtSignature"] == SKIP
    f = ToolCall("f", {}, "a", provider_data={"gemini": {"part": {"thoughtSignature": ""}}})
    msgs = [Message("user", [Text("go")]), Message("assistant", [f]), Message("tool", [ToolResult("a", content="1")])]
    report: List[Problem] = []
    out = encode_conversation(msgs, "gemini", report=report)
    assert out["contents"][1]["parts"][0]["thoughtSignature"] == SKIP
    assert [(p.kind, p.id) for p in report] == [("inserted", "a")]
