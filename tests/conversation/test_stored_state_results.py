"""Results whose call the provider stored: never orphans, never removed, never written lone.

OpenAI Responses keeps state server-side. An input item ``{"type": "item_reference",
"id": ...}`` stands for a stored item (openai-python ``ResponseInputItemParam``:
``ItemReference``, "An internal identifier for an item to reference"; the Vercel AI SDK
sends the model's ``function_call`` so, with ``store`` on, followed by its
``function_call_output``). With ``previous_response_id`` (or ``conversation``) the next
request's ``input`` holds only the ``function_call_output``: "When not using
previous_response_id, the original function_call item is echoed in input"
(wire-formats §2d). A result after such state answers a call the history does not hold:
``check_conversation`` does not call it an orphan and ``fix_conversation`` keeps it;
Responses gets it back as it came; another dialect, which cannot resolve the stored
state, raises ``EncodeError`` rather than get a lone result (or lose the state).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import EncodeError, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)

R = "openai.responses"
OUTPUT = {"type": "function_call_output", "call_id": "call_QL9VyC5TfIM2TK0pkVIg3GwM", "output": "R"}
REFERENCED: Dict[str, Any] = {"model": "gpt-5-mini", "input": [
    {"role": "user", "content": [{"type": "input_text", "text": "hi"}]},
    {"type": "item_reference", "id": "rs_00d262778c19b1fe00697bcdf78ee881a3aa92e531e977335d"},
    {"type": "item_reference", "id": "fc_00d262778c19b1fe00697bce06f4e881a38a9c7bace854cd70"},
    OUTPUT]}
PREVIOUS: Dict[str, Any] = {"model": "gpt-5", "previous_response_id": "resp_abc",
                            "input": [{"type": "function_call_output", "call_id": "call_1", "output": "22C"}]}
CONVERSATION: Dict[str, Any] = {"model": "gpt-5", "conversation": "conv_1",
                                "input": [{"type": "function_call_output", "call_id": "call_1", "output": "22C"}]}
STORED = [REFERENCED, PREVIOUS, CONVERSATION, {**PREVIOUS, "instructions": "Be brief."},
          {"conversation": {"id": "conv_1"}, "input": PREVIOUS["input"]}]


def _fragment(body: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in body.items() if k != "model"}


@pytest.mark.parametrize("body", STORED)
def test_a_result_after_stored_state_is_no_orphan(body: Dict[str, Any]) -> None:
    assert check_conversation(body, R) == []
    fixed, changes = fix_conversation(body, R)
    assert changes == []
    assert encode_conversation(fixed, R) == _fragment(body)


@pytest.mark.parametrize("body", STORED)
def test_stored_state_goes_back_to_responses_as_it_came(body: Dict[str, Any]) -> None:
    conv = decode_conversation(body, R)
    assert encode_conversation(conv, R) == _fragment(body)
    # written fresh (a history grown by a turn): the state and the result go as they came
    later = conv.append(Message("user", [Text("and now?")]))
    report: List[Problem] = []
    out = encode_conversation(later, R, report=report)
    assert out == {**_fragment(body), "input": [*body["input"], {"role": "user", "content": "and now?"}]}
    assert report == []


def test_a_previous_response_written_fresh_is_a_top_level_field() -> None:
    built = Conversation([*decode_conversation(PREVIOUS, R).messages[:1],
                          Message("tool", [ToolResult("call_1", None, "22C")])])
    assert encode_conversation(built, R) == {
        "previous_response_id": "resp_abc",
        "input": [{"type": "function_call_output", "call_id": "call_1", "output": "22C"}]}


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "gemini", "bedrock.converse", "mistral"])
def test_a_result_of_a_referenced_call_is_not_written_lone(target: str) -> None:
    with pytest.raises(EncodeError) as err:
        encode_conversation(decode_conversation(REFERENCED, R), target)
    assert str(err.value) == (
        "Message 3: the result for call_QL9VyC5TfIM2TK0pkVIg3GwM answers no call in the history: its call may be "
        "the one the openai.responses 'item_reference' in message 2 stands for, stored state "
        f"{target} cannot resolve, so it cannot be written")
    assert err.value.loc == "$.messages[3].parts[0]"


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "gemini"])
@pytest.mark.parametrize(("body", "what"), [(PREVIOUS, "'previous_response_id' 'resp_abc'"),
                                            (CONVERSATION, "'conversation' 'conv_1'")])
def test_a_history_continuing_a_stored_response_is_refused_elsewhere(
        target: str, body: Dict[str, Any], what: str) -> None:
    with pytest.raises(EncodeError) as err:
        encode_conversation(decode_conversation(body, R), target)
    assert str(err.value) == (
        f"Message 0 holds the openai.responses {what}: the history continues state openai.responses stored, "
        f"which {target} cannot resolve")


def test_a_reference_nothing_answers_is_still_dropped_and_noted() -> None:
    body = {"input": [{"role": "user", "content": "hi"}, {"type": "item_reference", "id": "msg_0"}]}
    report: List[Problem] = []
    assert encode_conversation(decode_conversation(body, R), "openai.chat", report=report) == {
        "messages": [{"role": "user", "content": "hi"}]}
    assert [(p.kind, p.message) for p in report] == [
        ("dropped", "A 'item_reference' item of openai.responses in message 1 is not sent to openai.chat"),
        ("dropped", "Assistant message 1 holds nothing openai.chat can take and is left out")]


def test_a_result_before_the_reference_is_still_an_orphan() -> None:
    body = {"input": [{"role": "user", "content": "hi"}, OUTPUT,
                      {"type": "item_reference", "id": "fc_00d262778c19b1fe00697bce06f4e881a38a9c7bace854cd70"}]}
    assert [p.kind for p in check_conversation(body, R)] == ["orphan-result"]
    assert [p.kind for p in fix_conversation(body, R)[1]] == ["removed"]


@pytest.mark.parametrize("value", [5, "", ["resp_abc"]])
def test_a_previous_response_id_that_is_no_id_is_refused(value: Any) -> None:
    from toolwire import DecodeError

    with pytest.raises(DecodeError) as err:
        decode_conversation({"previous_response_id": value, "input": []}, R)
    assert err.value.loc == "$.previous_response_id"


# A result whose call_id a call before it has answers that call or none: a second output for one
# call is an orphan (OpenAI: "No tool call found for function call output with call_id ..."), stored
# state or not. One whose call_id only a later call has may answer a stored call: Bedrock Mantle's
# Responses API gives ``call_0`` in every response (test_stored_state_reused_ids.py).
_CALL = {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}
_USER = {"role": "user", "content": "hi"}


def _output(text: str) -> Dict[str, Any]:
    return {"type": "function_call_output", "call_id": "c1", "output": text}


def test_a_second_output_for_one_call_after_stored_state_is_an_orphan() -> None:
    body = {"previous_response_id": "resp_1", "input": [_USER, _CALL, _output("A"), _output("B")]}
    assert [(p.kind, p.index) for p in check_conversation(body, R)] == [("orphan-result", 4)]
    fixed, changes = fix_conversation(body, R)
    assert [(p.kind, p.index) for p in changes] == [("removed", 4)]
    assert encode_conversation(fixed, R) == {"previous_response_id": "resp_1",
                                             "input": [_USER, _CALL, _output("A")]}


# For a target that cannot resolve the stored state, what depends on it cannot be written:
# check_conversation reports it (``stored-state``) and fix_conversation leaves it (removing a
# previous_response_id loses the whole earlier conversation; removing a result of a stored call
# loses real output): encode_conversation refuses it, as check said.
@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "gemini"])
@pytest.mark.parametrize(("body", "what"), [(PREVIOUS, "'previous_response_id' 'resp_abc'"),
                                            (CONVERSATION, "'conversation' 'conv_1'")])
def test_a_stored_response_is_reported_for_a_target_that_cannot_resolve_it(
        target: str, body: Dict[str, Any], what: str) -> None:
    said = (f"Message 0 holds the openai.responses {what}: the history continues state openai.responses stored, "
            f"which {target} cannot resolve")
    found = check_conversation(body, target, source=R)
    assert found == [Problem("stored-state", 0, None, said), Problem(
        "stored-state", 1, "call_1", "Message 1: the result for call_1 answers no call in the history: its call "
        f"may be the one the openai.responses {what.split()[0]} in message 0 stands for, stored state {target} "
        "cannot resolve")]
    fixed, changes = fix_conversation(body, target, source=R)
    assert changes == []
    assert check_conversation(fixed, target) == found
    with pytest.raises(EncodeError) as err:
        encode_conversation(fixed, target)
    assert str(err.value) == said


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "gemini"])
def test_a_result_of_a_referenced_call_is_reported_for_another_target(target: str) -> None:
    found = check_conversation(REFERENCED, target, source=R)
    assert found == [Problem(
        "stored-state", 3, "call_QL9VyC5TfIM2TK0pkVIg3GwM", "Message 3: the result for call_QL9VyC5TfIM2TK0pkVIg3GwM "
        "answers no call in the history: its call may be the one the openai.responses 'item_reference' in message 2 "
        f"stands for, stored state {target} cannot resolve")]
    fixed, changes = fix_conversation(REFERENCED, target, source=R)
    assert changes == []
    assert check_conversation(fixed, target) == found
    with pytest.raises(EncodeError):
        encode_conversation(fixed, target)


# One request continues one stored state: it has one previous_response_id, and that "Cannot be
# used in conjunction with `conversation`" (openai-python ResponseCreateParams.previous_response_id).
# Two histories appended that each continue one cannot be written as one request (the first's
# outputs answer calls stored with the first): refused, not written with the last one alone.
_SAID = ("Message 2 holds the openai.responses {what}, but message 0 holds the 'previous_response_id' 'resp_1': "
         "one openai.responses request continues one stored response or conversation")


def _appended(second: Dict[str, Any], fresh: bool) -> Conversation:
    first = decode_conversation({"previous_response_id": "resp_1", "input": [_output("A")]}, R)
    conv = first.append(*decode_conversation(second, R).messages)
    return Conversation([Message(m.role, m.parts) for m in conv.messages]) if fresh else conv


@pytest.mark.parametrize("fresh", [False, True], ids=["as-it-came", "fresh"])
def test_two_previous_responses_in_one_history_are_refused(fresh: bool) -> None:
    conv = _appended({"previous_response_id": "resp_2", "input": "next"}, fresh)
    said = _SAID.format(what="'previous_response_id' 'resp_2'")
    assert check_conversation(conv, R) == [Problem("stored-state", 2, None, said)]
    assert fix_conversation(conv, R)[1] == []  # (which of them the request continues is the caller's to say)
    with pytest.raises(EncodeError) as err:
        encode_conversation(conv, R)
    assert str(err.value) == said
    assert err.value.loc == "$.messages[2].parts[0]"


@pytest.mark.parametrize("fresh", [False, True], ids=["as-it-came", "fresh"])
def test_a_conversation_beside_a_previous_response_is_reported_and_written_as_it_came(fresh: bool) -> None:
    conv = _appended({"conversation": "conv_1", "input": "next"}, fresh)
    assert check_conversation(conv, R) == [Problem("stored-state", 2, None, _SAID.format(what="'conversation' 'conv_1'"))]
    assert encode_conversation(conv, R) == {"previous_response_id": "resp_1", "conversation": "conv_1", "input": [
        _output("A"), {"role": "user", "content": "next"}]}


def test_one_stored_state_twice_is_written_once() -> None:
    first = decode_conversation({"previous_response_id": "resp_1", "input": [_output("A")]}, R)
    conv = first.append(*decode_conversation({"previous_response_id": "resp_1", "input": "next"}, R).messages)
    assert check_conversation(conv, R) == []
    assert encode_conversation(conv, R) == {"previous_response_id": "resp_1", "input": [
        _output("A"), {"role": "user", "content": "next"}]}
