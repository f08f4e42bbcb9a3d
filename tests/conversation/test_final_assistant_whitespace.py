"""A final assistant message (a prefill) whose text ends in whitespace, for Anthropic and Bedrock.

Anthropic answers 400 "messages: final assistant content cannot end with trailing
whitespace" (tailcallhq/forgecode#1872, anomalyco/opencode#1295; langchain-ai/langchain
PR #35073 strips it), and Bedrock Converse with Claude a ValidationException in the same
words. A history written fresh for these two has that whitespace left out of the final
assistant message's last text block, noted (``dropped``) at the message it came from;
text anywhere else, and the other targets, keep it.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

from toolwire.conversation import Problem, decode_conversation, encode_conversation

TARGETS = ["anthropic.messages", "bedrock.converse"]
PREFILL: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "Write JSON."},
    {"role": "assistant", "content": "Here is the JSON:\n"},
]}


def _last_text(out: Dict[str, Any]) -> Any:
    return out["messages"][-1]["content"][-1]["text"]


def _said(target: str, index: int) -> str:
    return (f"The trailing whitespace of the final assistant message's text in message {index} is left out: "
            f"{target} refuses it (\"final assistant content cannot end with trailing whitespace\")")


@pytest.mark.parametrize("target", TARGETS)
def test_a_prefill_ending_in_whitespace_is_sent_without_it_and_noted(target: str) -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(PREFILL, "openai.chat"), target, report=report)
    assert out["messages"][-1]["role"] == "assistant"
    assert _last_text(out) == "Here is the JSON:"
    assert report == [Problem("dropped", 1, None, _said(target, 1))]


@pytest.mark.parametrize("target", TARGETS)
def test_only_the_final_assistant_text_loses_its_whitespace(target: str) -> None:
    body = {"messages": [
        {"role": "user", "content": "Hi \n"},
        {"role": "assistant", "content": "Hello.\n\n"},
        {"role": "user", "content": "Write JSON. "},
        {"role": "assistant", "content": "Sure.  "},
        {"role": "assistant", "content": "Here it is:\t"},
    ]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(body, "openai.chat"), target, report=report)
    texts = [[b["text"] for b in m["content"]] for m in out["messages"]]
    # the two last assistant messages merge into one turn: only its last block is the end of it
    assert texts == [["Hi \n"], ["Hello.\n\n"], ["Write JSON. "], ["Sure.  ", "Here it is:"]]
    assert report == [Problem("dropped", 4, None, _said(target, 4))]


@pytest.mark.parametrize("target", TARGETS)
def test_the_assistant_message_left_final_by_a_dropped_turn_loses_it_too(target: str) -> None:
    # a whitespace-only user message is left out (blank text): the assistant message before it is the final one
    body = {"messages": [
        {"role": "user", "content": "Write JSON."},
        {"role": "assistant", "content": "Here is the JSON:\n"},
        {"role": "user", "content": "  "},
    ]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(body, "openai.chat"), target, report=report)
    assert out["messages"][-1]["role"] == "assistant"
    assert _last_text(out) == "Here is the JSON:"
    assert Problem("dropped", 1, None, _said(target, 1)) in report


@pytest.mark.parametrize("target", TARGETS)
def test_a_final_assistant_message_ending_in_a_call_is_written_as_it_is(target: str) -> None:
    body = {"messages": [
        {"role": "user", "content": "Weather?"},
        {"role": "assistant", "content": "Let me look.\n", "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]},
    ]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(body, "openai.chat"), target, report=report)
    assert out["messages"][-1]["content"][0]["text"] == "Let me look.\n"
    assert report == []


@pytest.mark.parametrize("target", ["openai.chat", "gemini", "mistral", "ollama", "cohere.v2"])
def test_other_targets_take_the_prefill_as_it_is(target: str) -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(PREFILL, "openai.chat"), target, report=report)
    assert json.dumps("Here is the JSON:\n") in json.dumps(out)
    # Mistral takes it as a prefix ("prefix": true: test_mistral_final_assistant), its whitespace kept
    assert [p.kind for p in report] == (["converted"] if target == "mistral" else [])


def test_a_bedrock_prefill_before_a_cache_point_loses_it_too() -> None:
    # a cachePoint block marks where the cache ends, it holds no content (ContentBlock
    # union: text, toolUse, toolResult, reasoningContent, cachePoint...): the text before
    # it is the final assistant content Bedrock judges
    from toolwire.conversation import Conversation, Message
    from toolwire.conversation._values import Text

    b = {"messages": [{"role": "user", "content": [{"text": "q"}]},
                      {"role": "assistant", "content": [{"text": "Say: "}, {"cachePoint": {"type": "default"}}]}]}
    parts = decode_conversation(b, "bedrock.converse").messages[1].parts
    conv = Conversation([Message("user", [Text("q")]), Message("assistant", list(parts))])  # written fresh
    report: List[Problem] = []
    out = encode_conversation(conv, "bedrock.converse", report=report)
    assert out["messages"][-1] == {"role": "assistant", "content": [{"text": "Say:"},
                                                                    {"cachePoint": {"type": "default"}}]}
    assert [(p.kind, p.index) for p in report] == [("dropped", 1)]


_REPLAYED = [
    # revAnth2: a blank block, then text ending in a space; a single block; string content
    ([{"type": "text", "text": "\n"}, {"type": "text", "text": "Sure "}],
     [{"type": "text", "text": "\n"}, {"type": "text", "text": "Sure"}]),
    ([{"type": "text", "text": "Sure "}], [{"type": "text", "text": "Sure"}]),
    ([{"type": "text", "text": "Sure ", "cache_control": {"type": "ephemeral"}}],
     [{"type": "text", "text": "Sure", "cache_control": {"type": "ephemeral"}}]),
    ("Sure ", "Sure"),
]


@pytest.mark.parametrize("content,sent", _REPLAYED)
def test_an_anthropic_prefill_replayed_as_it_came_loses_it_too(content: Any, sent: Any) -> None:
    body = {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": content}]}
    before = json.dumps(body)
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(body, "anthropic.messages"), "anthropic.messages", report=report)
    assert out["messages"] == [{"role": "user", "content": "q"}, {"role": "assistant", "content": sent}]
    assert report == [Problem("dropped", 1, None, _said("anthropic.messages", 1))]
    assert json.dumps(body) == before  # the caller's history is left as it is


def test_a_bedrock_prefill_replayed_as_it_came_loses_it_too() -> None:
    body = {"messages": [{"role": "user", "content": [{"text": "q"}]},
                         {"role": "assistant", "content": [{"text": "Say: "}, {"cachePoint": {"type": "default"}}]}]}
    before = json.dumps(body)
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(body, "bedrock.converse"), "bedrock.converse", report=report)
    assert out["messages"][-1] == {"role": "assistant", "content": [{"text": "Say:"},
                                                                    {"cachePoint": {"type": "default"}}]}
    assert report == [Problem("dropped", 1, None, _said("bedrock.converse", 1))]
    assert json.dumps(body) == before


def test_a_replayed_assistant_message_before_the_last_keeps_its_whitespace() -> None:
    body = {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "Sure "},
                         {"role": "user", "content": "go on"}]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(body, "anthropic.messages"), "anthropic.messages", report=report)
    assert out == body and report == []
