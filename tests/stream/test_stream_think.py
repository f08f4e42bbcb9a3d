"""A Chat stream's inline think block (a reasoning model served without a reasoning
parser: vLLM's DeepSeek-R1 / Qwen3 put ``<think>…</think>`` in ``delta.content``) leaves
``Accumulator.text`` as ``normalize`` leaves the same reply whole (``_think.split_think``):
the text is the answer, the block the reasoning."""

from __future__ import annotations

import time
from typing import Any, Dict, List, Optional

import pytest

from toolwire.response import normalize
from toolwire.stream import Accumulator


def _chunk(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "deepseek-r1",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _stream(pieces: List[str], reasoning: Optional[str] = None) -> Accumulator:
    acc = Accumulator("openai.chat")
    acc.feed(_chunk({"role": "assistant", "content": ""}))
    if reasoning is not None:  # DeepSeek's own channel (https://api-docs.deepseek.com/guides/reasoning_model)
        acc.feed(_chunk({"content": None, "reasoning_content": reasoning}))
    for p in pieces:
        acc.feed(_chunk({"content": p}))
    acc.feed(_chunk({}, "stop"))
    acc.close()
    return acc


def _whole(text: str, reasoning: Optional[str] = None) -> str:
    msg: Dict[str, Any] = {"role": "assistant", "content": text}
    if reasoning is not None:
        msg["reasoning_content"] = reasoning
    return normalize({"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "deepseek-r1",
                      "choices": [{"index": 0, "message": msg, "finish_reason": "stop"}]}).text


@pytest.mark.parametrize(
    ("pieces", "text"),
    [
        (["<thi", "nk>\nThe user wants", " the weather.\n</th", "ink>\n\nIt is sunny", " in Paris."],
         "It is sunny in Paris."),
        (["<think>\nStill thinking about", " it"], ""),  # never closed: all reasoning
        (["The template opened it.\n</think>\n\n", "Paris."], "Paris."),  # <think> was in the prompt
        (["Write `<think>` and `</think>` around it."], "Write `<think>` and `</think>` around it."),
        (["No block here."], "No block here."),
    ],
)
def test_stream_text_is_the_whole_reply_text(pieces: List[str], text: str) -> None:
    assert _whole("".join(pieces)) == text
    assert _stream(pieces).text == text


def test_a_lone_tag_stays_when_the_reply_reasoned_apart() -> None:
    pieces = ["Use </think> to close.", " Done."]
    assert _stream(pieces, "I reasoned.").text == _whole("".join(pieces), "I reasoned.") == "".join(pieces)


def test_stream_text_costs_one_pass() -> None:
    def cost(n: int) -> float:
        pieces = ["<think>"] + ["ab <"] * n + ["</think>"] + ["cd "] * n
        best = float("inf")
        for _ in range(3):
            t = time.process_time()
            assert _stream(pieces).text.startswith("cd")
            best = min(best, time.process_time() - t)
        return best

    assert cost(20_000) < 8 * cost(5_000) + 0.05


def test_the_refusal_under_a_refusal_finish_is_the_split_text() -> None:
    """Under a finish reason that says the model refused, ``refusal`` is the reply text as
    ``normalize`` reads it (think block out), not the text with its ``<think>`` block."""
    import dataclasses

    from toolwire import Registry, default_registry

    chat = default_registry().get("openai.chat")
    reg = Registry()
    reg.register(dataclasses.replace(chat, name="acme", aliases=(), detect=None, gate=None,
                                     finish_reasons={**chat.finish_reasons, "refusal": "refusal"}))
    pieces = ["<think>\nNot allowed.\n</think>\n\n", "I can't help with that."]
    acc = Accumulator("acme", registry=reg)
    acc.feed(_chunk({"role": "assistant", "content": ""}))
    for p in pieces:
        acc.feed(_chunk({"content": p}))
    acc.feed(_chunk({}, "refusal"))
    acc.close()
    whole = normalize({"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "deepseek-r1",
                       "choices": [{"index": 0, "message": {"role": "assistant", "content": "".join(pieces)},
                                    "finish_reason": "refusal"}]}, provider="acme", registry=reg)
    assert whole.refusal == "I can't help with that."
    assert acc.refusal == whole.refusal
    assert acc.text == whole.text
