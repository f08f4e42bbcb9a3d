"""A reply whose reasoning comes both in its own field and as a closed think block in its
text: the same reasoning sent twice, kept once.

A gateway that inlines the reasoning into ``content`` while keeping the field sends
``reasoning_content: "abc"`` with ``content: "<think>abc</think>ans"``
(NVIDIA-NeMo/Guardrails#2316: "a provider that sends both leaves a block already in the
content"). A closed block whose text (blanks around it aside) equals the reasoning
already given is that reasoning again: kept once. Any other block is appended to it, as
before. ``Accumulator.text`` of the same reply streamed is the text ``normalize`` gives.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire.response import normalize
from toolwire.stream import Accumulator


def _chat(content: str, key: str, reasoning: str) -> Dict[str, Any]:
    # DeepSeek ``reasoning_content`` (https://api-docs.deepseek.com/guides/reasoning_model), OpenRouter ``reasoning``
    return {"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content, key: reasoning}}]}


@pytest.mark.parametrize("key", ["reasoning_content", "reasoning"])
@pytest.mark.parametrize(("content", "reasoning", "text", "read"), [
    ("<think>abc</think>ans", "abc", "ans", "abc"),  # the hunter's reply
    ("<think>\nabc\n</think>\n\nans", "abc\n", "ans", "abc\n"),  # blanks around the block's text aside
    ("<think>xyz</think>ans", "abc", "ans", "abc\nxyz"),  # another block: appended
    ("<think>abc</think><think>more</think>ans", "abc", "ans", "abc\nmore"),
    ("<think>ab</think>ans", "abc", "ans", "abc\nab"),  # a part of it is no copy
    # an empty block (Qwen3's template with thinking off writes "<think>\n\n</think>\n\n") adds nothing,
    # not a line break
    ("<think>\n\n</think>\n\nans", "abc", "ans", "abc"),
])
def test_a_block_equal_to_the_reasoning_is_kept_once(content: str, reasoning: str, text: str, read: str,
                                                      key: str) -> None:
    r = normalize(_chat(content, key, reasoning))
    assert (r.text, r.reasoning, r.think_stripped) == (text, read, True)


def test_ollama_thinking_and_the_same_block() -> None:
    # ollama docs/api.md, /api/chat: ``message.thinking`` with ``think`` on
    r = normalize({"model": "qwen3", "created_at": "2025-11-30T08:00:00Z", "done": True, "done_reason": "stop",
                   "message": {"role": "assistant", "content": "<think>abc</think>ans", "thinking": "abc"}})
    assert (r.text, r.reasoning) == ("ans", "abc")


def _chunk(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


@pytest.mark.parametrize("pieces", [["<think>abc</think>ans"], ["<thi", "nk>ab", "c</think", ">an", "s"]])
def test_the_stream_gives_the_text_of_the_whole_reply(pieces: List[str]) -> None:
    acc = Accumulator("openai.chat")
    acc.feed(_chunk({"role": "assistant", "content": None, "reasoning_content": "abc"}))
    for p in pieces:
        acc.feed(_chunk({"content": p}))
    acc.feed(_chunk({}, "stop"))
    acc.close()
    assert acc.text == normalize(_chat("".join(pieces), "reasoning_content", "abc")).text == "ans"
