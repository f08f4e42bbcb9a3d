"""A Responses assistant message's ``phase`` goes nowhere else: noted where it is dropped.

openai-python 3.60+ ``ResponseOutputMessage.phase``: ``Optional[Literal["commentary",
"final_answer"]]``, "Labels an `assistant` message as intermediate commentary
(`commentary`) or the final answer (`final_answer`). For models like `gpt-5.3-codex` and
beyond, when sending follow-up requests, preserve and resend phase on all assistant
messages". No other dialect has the field: converted (or written fresh) the message goes
without it, noted (``dropped``) as a Chat message's participant ``name`` is.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire.conversation import Problem, decode_conversation, encode_conversation


def _said(phase: str, i: int, target: str) -> str:
    return f"The message phase {phase!r} of message {i} is not sent to {target}"


def _msg(text: str, phase: str) -> Dict[str, Any]:
    return {"type": "message", "role": "assistant", "phase": phase,
            "content": [{"type": "output_text", "text": text, "annotations": []}]}


HISTORY = {"input": [{"type": "message", "role": "user", "content": [{"type": "input_text", "text": "q"}]},
                     _msg("Let me check.", "commentary"), _msg("Done.", "final_answer"),
                     {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "thanks"}]}]}


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "gemini", "mistral"])
def test_a_phase_converted_is_noted(target: str) -> None:
    report: List[Problem] = []
    encode_conversation(decode_conversation(HISTORY, "openai.responses"), target, report=report)
    assert [(p.kind, p.index, p.message) for p in report if p.kind == "dropped"] == [
        ("dropped", 1, _said("commentary", 1, target)), ("dropped", 2, _said("final_answer", 2, target))]


def test_a_phase_written_back_is_kept() -> None:
    conv = decode_conversation(HISTORY, "openai.responses")
    report: List[Problem] = []
    assert encode_conversation(conv, "openai.responses", report=report) == HISTORY and report == []
