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
