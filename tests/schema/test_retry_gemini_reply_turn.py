"""The correction turn ``retry.plan`` writes for Gemini sends the model's reply back as it
came: the first candidate's ``content``, its parts' ``thoughtSignature`` and its thought
parts kept. Google: "if you receive a thought signature in a model response, you should
pass it back exactly as it was received"
(https://ai.google.dev/gemini-api/docs/thought-signatures, checked 2026-12-06); as the
Anthropic correction keeps the reply's thinking block before its ``tool_use``. The turn
was rebuilt as a bare ``{"text": ...}`` part, the signature and the thoughts dropped.
"""

from __future__ import annotations

from typing import Any, Dict

from toolwire import retry

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
REQUEST = {"model": "gemini-3-pro", "contents": [{"role": "user", "parts": [{"text": "q"}]}],
           "config": {"max_output_tokens": 100}}


def _correction(reply: Dict[str, Any]) -> Any:
    prep = retry.prepare(REQUEST, SCHEMA, "gemini")
    outcome = retry.classify(reply, prep.state)
    assert outcome.kind == "invalid"
    plan = retry.plan(prep.request, outcome, prep.state)
    assert plan.action == "retry"
    return plan.request["contents"]


def test_the_model_turn_keeps_its_thought_signature() -> None:
    content = {"role": "model", "parts": [{"text": "{\"a\": \"x\"}", "thoughtSignature": "c2ln"}]}
    contents = _correction({"candidates": [{"index": 0, "finishReason": "STOP", "content": content}]})
    assert contents[1] == content
    assert contents[2]["role"] == "user"
    assert contents[2]["parts"][0]["text"].startswith("Your previous answer does not match the required JSON Schema")


def test_the_model_turn_keeps_its_thought_parts() -> None:
    content = {"role": "model", "parts": [
        {"text": "Working out the value of a.", "thought": True},
        {"text": "{\"a\": \"x\"}", "thoughtSignature": "c2ln"},
    ]}
    contents = _correction({"candidates": [{"index": 0, "finishReason": "STOP", "content": content}]})
    assert contents[1] == content


def test_a_plain_text_reply_is_the_same_turn() -> None:
    reply = {"candidates": [{"index": 0, "finishReason": "STOP", "content": {"role": "model", "parts": [
        {"text": "{\"a\": \"x\"}"}]}}]}
    contents = _correction(reply)
    assert contents[1] == {"role": "model", "parts": [{"text": "{\"a\": \"x\"}"}]}
