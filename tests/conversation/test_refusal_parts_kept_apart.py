"""A refusal content part stands apart from the reply's text where a target joins them.

OpenAI Responses and Chat carry an assistant's refusal as a content part
``{"type": "refusal", "refusal": ...}`` (openai-python ``ResponseOutputRefusal``,
``ChatCompletionContentPartRefusalParam``) beside its ``output_text`` / ``text`` parts.
Written to a target that takes an assistant's content as one string, the refusal was
glued to the text before it (``"SureI cannot do that."``) while the Chat ``refusal``
field got a blank line; both now do (docs/conversations.md, "Message text": a blank line
before a ``refusal``).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire as tw

RESPONSES: Dict[str, Any] = {"input": [
    {"role": "user", "content": "q"},
    {"type": "message", "role": "assistant", "content": [
        {"type": "output_text", "text": "Sure"}, {"type": "refusal", "refusal": "I cannot do that."}]},
    {"role": "user", "content": "why?"}]}
CHAT: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "q"},
    {"role": "assistant", "content": [
        {"type": "text", "text": "Sure"}, {"type": "refusal", "refusal": "I cannot do that."}]},
    {"role": "user", "content": "why?"}]}


@pytest.mark.parametrize(("body", "source", "target"), [(RESPONSES, "openai.responses", "openai.chat"),
                                                        (RESPONSES, "openai.responses", "ollama"),
                                                        (CHAT, "openai.chat", "ollama")])
def test_a_refusal_part_is_apart_by_a_blank_line(body: Dict[str, Any], source: str, target: str) -> None:
    conv = tw.decode_conversation(body, source)
    report: List[Any] = []
    out = tw.encode_conversation(conv, target, report=report)
    assert out["messages"][1]["content"] == "Sure\n\nI cannot do that."
    assert any(p.kind == "converted" and "refusal" in p.message for p in report)


def test_a_refusal_part_before_the_text_is_one_more_piece() -> None:
    body = {"input": [{"role": "user", "content": "q"}, {"type": "message", "role": "assistant", "content": [
        {"type": "refusal", "refusal": "No."}, {"type": "output_text", "text": " Sorry"}]}]}
    out = tw.encode_conversation(tw.decode_conversation(body, "openai.responses"), "ollama")
    assert out["messages"][1]["content"] == "No. Sorry"
