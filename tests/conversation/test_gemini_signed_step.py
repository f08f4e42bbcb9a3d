"""A step that carries a signature of Gemini's is Gemini's own and takes no dummy
(``step_signature``), in ``encode_message`` as in ``encode_conversation``: only Gemini
makes a thought signature (https://ai.google.dev/gemini-api/docs/thought-signatures,
"return the entire response with all parts ... back to the model"), so a reply whose
first call is unsigned but a later one signed goes back as Gemini sent it (revG2: 313
of 7,474 contents stamped by ``encode_message`` alone). A call's empty Gemini record
(``provider_data={"gemini": {}}``) holds no data of Gemini's: it is written as a plain
call and takes the dummy in both."""

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
ANSWER: Dict[str, Any] = {"role": "user", "parts": [
    {"functionResponse": {"name": f"f{k}", "id": f"id{k}", "response": {"output": "r"}}} for k in (1, 2, 3)]}


def _history(model: Dict[str, Any]) -> Dict[str, Any]:
    return {"contents": [{"role": "user", "parts": [{"text": "go"}]}, model, ANSWER]}


def test_encode_message_sends_a_signed_step_as_it_came() -> None:
    calls = toolwire.decode_all({"candidates": [{"content": REPLY}]})
    assert encode_message(calls, "gemini") == REPLY


def test_encode_conversation_of_the_fresh_reply_agrees() -> None:
    fresh = [Message(m.role, m.parts) for m in decode_conversation(_history(REPLY)).messages]
    report: List[Problem] = []
    assert encode_conversation(fresh, "gemini", report=report) == _history(REPLY)
    assert report == []


def test_a_signed_thought_makes_the_step_geminis() -> None:
    """A Gemini 2.5 step: the signature on its thought part, its call unsigned."""
    model = {"role": "model", "parts": [{"text": "plan", "thought": True, "thoughtSignature": "BR7u"},
                                        {"functionCall": {"name": "f1", "args": {}, "id": "id1"}}]}
    body = {"contents": [{"role": "user", "parts": [{"text": "go"}]}, model,
                         {"role": "user", "parts": [ANSWER["parts"][0]]}]}
    fresh = [Message(m.role, m.parts) for m in decode_conversation(body).messages]
    report: List[Problem] = []
    assert encode_conversation(fresh, "gemini", report=report) == body and report == []


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
