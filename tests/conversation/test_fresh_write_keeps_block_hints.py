"""A decoded Anthropic message that ``fix_conversation`` rebuilds (an orphan result
removed from it) is written fresh; written to Anthropic again, its ``tool_result``,
``image``, ``document``, ``tool_use`` and ``thinking`` blocks go out with their
``cache_control`` (their parts keep the block), and so does a text block (with its
``citations``: the fresh write takes a text part's block as it came); only a blank text
block, not written, loses them, noted ``dropped``. Every block with one was noted, though
the request still held it
(https://docs.claude.com/en/docs/build-with-claude/prompt-caching: ``cache_control`` on
tool_result, image, document and text blocks). Written to another dialect, every one is
lost and noted.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

from toolwire.conversation import Problem, decode_conversation, encode_conversation, fix_conversation

CC = {"type": "ephemeral"}
BLOCKS: Dict[str, Dict[str, Any]] = {
    "text": {"type": "text", "text": "hello", "cache_control": CC},
    "image": {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="},
              "cache_control": CC},
    "document": {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "doc"},
                 "cache_control": CC},
    "tool_result": {"type": "tool_result", "tool_use_id": "t2", "content": "out-g", "cache_control": CC},
}
STALE = {"type": "tool_result", "tool_use_id": "zz", "content": "stale"}


def _body(kind: str) -> Dict[str, Any]:
    head = [] if kind == "tool_result" else [{"type": "tool_result", "tool_use_id": "t2", "content": "out-g"}]
    return {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t2", "name": "g", "input": {}}]},
        {"role": "user", "content": head + [BLOCKS[kind], STALE]}]}


def _write(kind: str, target: str) -> Any:
    fixed, changes = fix_conversation(decode_conversation(_body(kind), "anthropic.messages"), "anthropic.messages")
    assert [p.kind for p in changes] == ["removed"]
    notes: List[Problem] = []
    out = encode_conversation(fixed, target, report=notes)
    return out, [p.message for p in notes if p.kind == "dropped"]


@pytest.mark.parametrize("kind", ["image", "document", "tool_result"])
def test_a_block_written_with_its_cache_control_is_not_noted(kind: str) -> None:
    out, dropped = _write(kind, "anthropic.messages")
    assert json.dumps(out["messages"][2]).count('"cache_control"') == 1
    assert dropped == []


def test_a_text_block_keeps_its_cache_control() -> None:
    out, dropped = _write("text", "anthropic.messages")  # (a TextBlockParam takes it: the block goes as it came)
    assert out["messages"][2]["content"][1] == BLOCKS["text"]
    assert dropped == []


def test_another_dialect_notes_every_block() -> None:
    out, dropped = _write("tool_result", "openai.chat")
    assert "cache_control" not in json.dumps(out)
    assert dropped == ["The cache_control on 1 content block of message 2 is not sent to openai.chat"]
