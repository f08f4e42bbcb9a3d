"""#15 class 7: several choices / candidates are never an unmarked mix.

A ``ChatCompletion`` with ``n=2`` (OpenAI Chat and Mistral) or a Gemini response with
``candidateCount: 2`` holds alternative replies. ``decode_all`` gives the calls of
one of them: the first by default, the ``choice=``-th on request; each with its own
finish reason. ``response.normalize`` reads the first, text and calls alike.
"""

from __future__ import annotations

from typing import Any, Dict, List

import openai
import pytest

import toolwire
from toolwire import response


def _call(ident: str, name: str, arguments: str) -> Dict[str, Any]:
    return {"id": ident, "type": "function", "function": {"name": name, "arguments": arguments}}


def _choice(i: int, text: Any, calls: List[Dict[str, Any]], finish: str) -> Dict[str, Any]:
    msg: Dict[str, Any] = {"role": "assistant", "content": text}
    if calls:
        msg["tool_calls"] = calls
    return {"index": i, "message": msg, "finish_reason": finish}


CHAT = {
    "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o",
    "choices": [
        _choice(0, None, [_call("call_a", "delete_files", '{"glob": "*.tmp"}')], "tool_calls"),
        _choice(1, None, [_call("call_b", "list_files", "{}"), _call("call_c", "get_time", "{}")], "tool_calls"),
    ],
}
GEMINI = {"candidates": [
    {"index": 0, "content": {"role": "model", "parts": [{"functionCall": {"name": "delete_files",
                                                                          "args": {"glob": "*.tmp"}}}]},
     "finishReason": "STOP"},
    {"index": 1, "content": {"role": "model", "parts": [{"text": "Which files?"}]}, "finishReason": "STOP"},
]}

FIRST = [toolwire.ToolCall("delete_files", {"glob": "*.tmp"}, "call_a")]
SECOND = [toolwire.ToolCall("list_files", {}, "call_b"), toolwire.ToolCall("get_time", {}, "call_c")]


@pytest.mark.parametrize("dialect", [None, "openai.chat", "mistral"])
def test_several_choices_chat_first_by_default(dialect: Any) -> None:
    assert toolwire.decode_all(CHAT, dialect) == FIRST
    assert toolwire.decode_all(CHAT, dialect, choice=0) == FIRST
    assert toolwire.decode_all(CHAT, dialect, choice=1) == SECOND
    assert toolwire.decode_all(CHAT, dialect, repair=False) == FIRST  # the policy path too


def test_several_choices_chat_sdk_object() -> None:
    completion = openai.types.chat.ChatCompletion.model_validate(CHAT)
    assert toolwire.decode_all(completion) == FIRST
    assert toolwire.decode_all(completion, choice=1) == SECOND


def test_several_choices_gemini_candidates() -> None:
    assert toolwire.decode_all(GEMINI) == [toolwire.ToolCall("delete_files", {"glob": "*.tmp"})]
    assert toolwire.decode_all(GEMINI, "gemini", choice=1) == []  # the second candidate asked instead


def test_several_choices_each_has_its_finish_reason() -> None:
    cut = dict(CHAT, choices=[CHAT["choices"][0], _choice(1, None, [_call("call_b", "list_files", "")], "length")])
    assert toolwire.decode_all(cut) == FIRST  # the first finished normally
    [bad] = toolwire.decode_all(cut, choice=1, invalid="keep")
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.truncated
    assert bad.loc == "$.choices[1].message.tool_calls[0].function.arguments"


@pytest.mark.parametrize("choice", [2, 5, -1])
def test_several_choices_missing_choice_is_an_error(choice: int) -> None:
    with pytest.raises(toolwire.DecodeError, match=f"holds 2 choices; there is no choice {choice}"):
        toolwire.decode_all(CHAT, choice=choice)


def test_several_choices_choice_of_a_message_is_an_error() -> None:
    with pytest.raises(toolwire.DecodeError, match="holds no list of choices"):
        toolwire.decode_all({"role": "assistant", "tool_calls": [_call("call_a", "f", "{}")]}, choice=1)


def test_several_choices_one_choice_unchanged() -> None:
    one = dict(CHAT, choices=[CHAT["choices"][1]])
    assert toolwire.decode_all(one) == SECOND
    assert toolwire.decode_all(one, choice=0) == SECOND


def test_several_choices_response_normalize_reads_the_first() -> None:
    two = dict(CHAT, choices=[_choice(0, "First.", [], "stop"), CHAT["choices"][1]])
    r = response.normalize(two)
    assert (r.text, r.tool_calls, r.finish_reason) == ("First.", (), "stop")
    r = response.normalize(CHAT)
    assert list(r.tool_calls) == FIRST
    g = response.normalize(GEMINI)
    assert [c.name for c in g.tool_calls] == ["delete_files"] and g.text == ""


def test_several_choices_inside_a_list_of_responses() -> None:
    # a batch of saved responses: each one's first choice, never a mix
    assert toolwire.decode_all([CHAT, CHAT]) == FIRST + FIRST
    assert toolwire.decode_all([GEMINI, CHAT]) == [toolwire.ToolCall("delete_files", {"glob": "*.tmp"})] + FIRST
    assert toolwire.convert(CHAT, to="anthropic.messages") == [
        {"type": "tool_use", "id": "call_a", "name": "delete_files", "input": {"glob": "*.tmp"}}]


# Gemini leaves ``content`` out of a candidate it blocked (``SAFETY``) or whose call it could
# not read (``MALFORMED_FUNCTION_CALL``), or sends only its ``role``; a Chat choice can
# carry ``message: null`` beside ``finish_reason: "error"`` (OpenAI-compatible servers)
_ANSWERED = {"index": 0, "content": {"role": "model", "parts": [{"text": "Which files?"}]}, "finishReason": "STOP"}
_EMPTY_ALTS = [
    {"index": 1, "finishReason": "SAFETY"},
    {"index": 1, "content": {}, "finishReason": "STOP"},
    {"index": 1, "content": {"role": "model"}, "finishReason": "SAFETY"},
]


@pytest.mark.parametrize("alt", _EMPTY_ALTS)
def test_a_candidate_without_content_has_no_calls(alt: Dict[str, Any]) -> None:
    """An alternative without content holds no call: ``[]``, as a response holding only
    it gives, never "not a gemini payload" (nor "looks like openai.chat" for its role)."""
    first = dict(alt, index=0)
    for payload, choice in (({"candidates": [_ANSWERED, alt]}, 1), ({"candidates": [first, dict(_ANSWERED, index=1)]}, 0),
                            ({"candidates": [first]}, 0)):
        for dialect in (None, "gemini"):
            assert toolwire.decode_all(payload, dialect, choice=choice) == []
            assert toolwire.decode_all(payload, dialect, choice=choice, repair=False) == []


_LOST = "The reply is reported as failed ({!r}) and holds no tool call: any calls the model made are lost"


def test_a_failed_candidate_without_content_is_flagged_with_its_own_words() -> None:
    """The chosen candidate's own finish reason and ``finishMessage``, not another's."""
    failed = {"index": 1, "finishReason": "MALFORMED_FUNCTION_CALL", "finishMessage": "Malformed function call: f("}
    worded = {"candidates": [dict(_ANSWERED, finishMessage="the first one's"), failed]}
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_all(worded, choice=1)
    assert (err.value.message, err.value.loc) == (
        _LOST.format("MALFORMED_FUNCTION_CALL: Malformed function call: f("), "$.candidates[1].content")
    assert toolwire.decode_all(worded, choice=0) == []
    (bad,) = toolwire.decode_all({"candidates": [dict(failed, index=0), dict(_ANSWERED, index=1)]}, invalid="keep")
    assert (bad.name, bad.error) == (None, _LOST.format("MALFORMED_FUNCTION_CALL: Malformed function call: f("))
    silent = {"candidates": [{"index": 0, "finishReason": "MALFORMED_FUNCTION_CALL"},
                             dict(_ANSWERED, index=1, finishMessage="the second one's")]}
    with pytest.raises(toolwire.DecodeError) as err:  # another candidate's words are not this one's
        toolwire.decode_all(silent)
    assert err.value.message == _LOST.format("MALFORMED_FUNCTION_CALL")


def test_a_failed_chat_choice_without_message_is_flagged() -> None:
    answered = _choice(0, "Sure.", [], "stop")
    failed = {"index": 1, "message": None, "finish_reason": "error"}
    for payload, choice in (({"choices": [answered, failed]}, 1), ({"choices": [dict(failed, index=0), answered]}, 0)):
        with pytest.raises(toolwire.DecodeError, match="reported as failed"):
            toolwire.decode_all(payload, choice=choice)
    assert toolwire.decode_all({"choices": [answered, failed]}, choice=0) == []
