"""An Anthropic message written fresh to Anthropic (an image labelled other than its
bytes show, which Anthropic refuses: "The image was specified using the image/jpeg media
type, but the image appears to be a image/png image"; a message merged into a fresh turn;
one ``fix_conversation`` rebuilt) keeps its text blocks as they came, ``cache_control``
and ``citations`` with them: both are valid on a ``TextBlockParam``
(https://docs.claude.com/en/docs/build-with-claude/prompt-caching,
https://docs.claude.com/en/docs/build-with-claude/citations). Only a text block that is
not written (empty, or whitespace only: "text content blocks must contain non-whitespace
text") loses them, noted ``dropped``."""

from __future__ import annotations

import copy
from typing import Any, Dict, List

from toolwire.conversation import Problem, decode_conversation, encode_conversation

A = "anthropic.messages"
CC = {"type": "ephemeral"}
# a 1x1 PNG (its bytes), labelled JPEG
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
CITE = {"type": "char_location", "cited_text": "x", "document_index": 0, "document_title": None,
        "start_char_index": 0, "end_char_index": 1}
IMAGE = {"type": "image", "source": {"type": "base64", "media_type": "image/jpeg", "data": PNG}, "cache_control": CC}


def _history() -> Dict[str, Any]:
    return {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "hi"}]},
        {"role": "assistant", "content": [
            {"type": "text", "text": "calling", "citations": [CITE]},
            {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}, "cache_control": CC}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "r", "cache_control": CC},
            {"type": "text", "text": "look", "cache_control": CC},
            {"type": "text", "text": "", "cache_control": CC},
            {"type": "text", "text": "  ", "cache_control": CC},
            IMAGE,
            {"type": "text", "text": "tail", "cache_control": {"type": "ephemeral", "ttl": "1h"}, "citations": [CITE]},
        ]},
    ]}


def test_a_rewritten_message_keeps_its_text_blocks_hints() -> None:
    h = _history()
    before = copy.deepcopy(h)
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, A), A, report=report)
    assert h == before
    assert out["messages"][:2] == h["messages"][:2]
    assert out["messages"][2]["content"] == [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "r", "cache_control": CC},
        {"type": "text", "text": "look", "cache_control": CC},
        {**IMAGE, "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
        {"type": "text", "text": "tail", "citations": [CITE]},  # (1h after 5m breakpoints: left out, noted)
    ]
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("rewritten", 2, "User message 2 is written fresh, not as it came: it holds an empty text block, which "
                         "Anthropic refuses (\"text content blocks must be non-empty\")"),
        ("dropped", 2, "An empty text block of message 2 is not sent to anthropic.messages"),
        ("dropped", 2, "The cache_control on 2 content blocks of message 2 is not sent to anthropic.messages"),
        ("dropped", 2, "A whitespace-only text in message 2 is left out: anthropic.messages refuses blank text"),
        ("converted", 2, "The image in message 2 labelled 'image/jpeg' is sent as 'image/png', the type its bytes "
                         "show: anthropic.messages checks them"),
        ("dropped", 2, "The cache_control (ttl '1h') on a text block of message 2 is not sent to anthropic.messages: "
                       "written fresh, the block goes after a breakpoint of a shorter ttl, and longer ttls must come "
                       "first"),
    ]


def test_a_message_merged_into_a_fresh_turn_keeps_its_text_blocks_hints() -> None:
    h = {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "a", "cache_control": CC}, IMAGE]},
        {"role": "user", "content": [{"type": "text", "text": "b", "cache_control": CC, "citations": [CITE]}]},
    ]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, A), A, report=report)
    assert out["messages"] == [{"role": "user", "content": [
        {"type": "text", "text": "a", "cache_control": CC},
        {**IMAGE, "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
        {"type": "text", "text": "b", "cache_control": CC, "citations": [CITE]}]}]
    assert [p.kind for p in report] == ["rewritten", "converted"]


def test_a_final_assistant_text_block_is_trimmed_keeping_its_hints() -> None:
    h = {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "q"}, IMAGE]},
        {"role": "assistant", "content": [{"type": "text", "text": "so ", "citations": [CITE]}]},
    ]}
    conv = decode_conversation(h, A)
    # written back as it came, it loses the whitespace too (a copy: review revAnth2, a prefill refused so)
    out = encode_conversation(conv.append(), A)
    assert out["messages"][1] == {"role": "assistant", "content": [
        {"type": "text", "text": "so", "citations": [CITE]}]}
    report: List[Problem] = []
    fresh = conv.messages[1].replace(wire=(*conv.messages[1].wire[:2], None, *conv.messages[1].wire[3:]))
    out = encode_conversation([conv.messages[0], fresh], A, report=report)
    assert out["messages"][1] == {"role": "assistant", "content": [
        {"type": "text", "text": "so", "citations": [CITE]}]}
    assert h["messages"][1]["content"][0]["text"] == "so "
