"""A reply cut off where the context window ran out is never an answer.

Anthropic's ``stop_reason: "model_context_window_exceeded"``
(https://docs.claude.com/en/api/handling-stop-reasons), Bedrock Converse's
``stopReason: "model_context_window_exceeded"`` and Mistral's ``finish_reason:
"model_length"`` (https://docs.mistral.ai/api/, ``FinishReason``) normalise to
``context_window``: cut off as a ``length`` finish is (the tool-call side has always
read them so), so the text is not searched for a value that happens to validate, and
the plan stops (no larger budget, no correction turn fits).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire.response import normalize
from toolwire.retry import classify, plan, prepare

S = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
# the first value validates; the corrected one was cut off
TEXT = '{"n": 1}\nWait, that is wrong. Corrected: {"n": 21'


def _anthropic(stop: str, text: str = TEXT) -> Dict[str, Any]:
    return {"id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": text}], "stop_reason": stop, "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 9}}


def _mistral(text: str = TEXT) -> Dict[str, Any]:
    return {"id": "cmpl-1", "object": "chat.completion", "model": "mistral-large-latest", "created": 1,
            "choices": [{"index": 0, "finish_reason": "model_length",
                         "message": {"role": "assistant", "content": text}}]}


def _bedrock(text: str = TEXT) -> Dict[str, Any]:
    return {"stopReason": "model_context_window_exceeded",
            "output": {"message": {"role": "assistant", "content": [{"text": text}]}}}


CASES = [
    ("anthropic.messages", {"model": "claude-sonnet-4-5", "max_tokens": 1000,
                            "messages": [{"role": "user", "content": "hi"}]}, _anthropic("model_context_window_exceeded")),
    ("openai.chat", {"model": "mistral-large-latest", "max_tokens": 1000,
                     "messages": [{"role": "user", "content": "hi"}]}, _mistral()),
    ("bedrock.converse", {"modelId": "anthropic.claude-sonnet-4-5", "inferenceConfig": {"maxTokens": 1000},
                          "messages": [{"role": "user", "content": [{"text": "hi"}]}]}, _bedrock()),
]


@pytest.mark.parametrize(("target", "request_", "reply"), CASES, ids=[c[0] for c in CASES])
def test_a_reply_cut_off_by_the_context_window_is_never_ok(
    target: str, request_: Dict[str, Any], reply: Dict[str, Any]
) -> None:
    p = prepare(request_, S, target)
    resp = normalize(reply)
    assert (resp.finish_reason, resp.truncated) == ("context_window", True)
    out = classify(reply, p.state)
    assert (out.kind, out.value, out.partial) == ("truncated", None, True)
    step = plan(p.request, out, p.state)
    assert (step.action, step.request, step.reason) == ("stop", None, "the context window ran out: no retry fits")


def test_a_bare_value_cut_off_by_the_context_window_is_not_taken() -> None:
    p = prepare({"model": "claude-sonnet-4-5", "max_tokens": 1000, "messages": []}, {"type": "integer"},
                "anthropic.messages")
    out = classify(_anthropic("model_context_window_exceeded", "12"), p.state)
    assert (out.kind, out.value, out.detail) == ("truncated", None, "model_context_window_exceeded")


def test_the_token_budget_still_raises_the_budget() -> None:
    p = prepare({"model": "claude-sonnet-4-5", "max_tokens": 1000, "messages": []}, S, "anthropic.messages")
    out = classify(_anthropic("max_tokens"), p.state)
    step = plan(p.request, out, p.state)
    assert (out.kind, step.action, step.request["max_tokens"]) == ("truncated", "retry", 4000)  # type: ignore[index]
