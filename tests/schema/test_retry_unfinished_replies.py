"""A reply the provider says never finished is not ``ok``, even when its text validates.

reference/structured-output.md §F.3: Responses ``status: completed / incomplete / failed
/ cancelled / …``; Cohere and Ollama say it with ``USER_CANCEL`` and ``done: false``.
These were ``ok``. A reply with no finish field at all stays ``ok`` (many providers
leave it out). Outcomes from the table in docs/structured-output.md: ``truncated`` for a
Responses ``incomplete`` with no reason, ``failed`` for the rest.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import pytest

from toolwire.response import normalize
from toolwire.schema._plan import classify, plan, prepare

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
ANSWER = '{"a": 1}'


def _responses(status: Optional[str], **extra: Any) -> Dict[str, Any]:
    out: Dict[str, Any] = {"object": "response", "incomplete_details": None,
                           "output": [{"type": "message", "content": [{"type": "output_text", "text": ANSWER}]}]}
    if status is not None:
        out["status"] = status
    return {**out, **extra}


@pytest.mark.parametrize(("status", "kind"), [
    ("cancelled", "failed"), ("in_progress", "failed"), ("queued", "failed"), ("incomplete", "truncated"),
    ("completed", "ok"), (None, "ok"),
])
def test_a_responses_status_that_is_not_done_is_not_ok(status: Optional[str], kind: str) -> None:
    p = prepare({"model": "m", "input": "x"}, SCHEMA, "openai.responses", mode="native")
    outcome = classify(_responses(status), p.state)
    assert outcome.kind == kind
    assert normalize(_responses(status)).unfinished is (kind != "ok")


def test_an_incomplete_reply_with_a_reason_keeps_its_reading() -> None:
    p = prepare({"model": "m", "input": "x"}, SCHEMA, "openai.responses", mode="native")
    cut = _responses("incomplete", incomplete_details={"reason": "max_output_tokens"})
    assert classify(cut, p.state).kind == "truncated" and not normalize(cut).unfinished
    filtered = _responses("incomplete", incomplete_details={"reason": "content_filter"})
    assert classify(filtered, p.state).kind == "refusal"


@pytest.mark.parametrize("reason", ["steered", "max_messages", "some_later_reason"])
def test_an_incomplete_reply_with_another_reason_is_unfinished(reason: str) -> None:
    """openai-python's ``IncompleteDetails.reason``: ``max_output_tokens``,
    ``content_filter``, ``max_messages``, ``steered`` (stopped at a safe output boundary,
    a successor response follows). Only the first two have a finish reason of their own
    (``length``, ``content_filter``); any other is a reply that did not finish."""
    from openai.types.responses import Response as SDKResponse

    data = {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "status": "incomplete",
            "incomplete_details": {"reason": reason}, "parallel_tool_calls": True, "tool_choice": "auto",
            "tools": [], "output": [{"type": "message", "id": "msg_1", "role": "assistant", "status": "incomplete",
                                     "content": [{"type": "output_text", "text": ANSWER, "annotations": []}]}]}
    sdk = (SDKResponse.model_validate(data),) if reason != "some_later_reason" else ()  # the SDK's own values
    p = prepare({"model": "gpt-5", "input": "x"}, SCHEMA, "openai.responses", mode="native")
    for given in (*sdk, data):
        n = normalize(given)
        assert (n.finish_reason, n.raw_finish_reason, n.unfinished, n.truncated) == ("other", reason, True, False)
        outcome = classify(given, p.state)
        assert (outcome.kind, outcome.detail) == ("failed", reason)
        step = plan(p.request, outcome, p.state)
        assert (step.action, step.request, step.reason) == (
            "retry", p.request, f"the reply did not finish ({reason}): same request")


def _cohere(reason: str) -> Dict[str, Any]:
    return {"id": "x", "finish_reason": reason, "message": {"role": "assistant", "content": [{"type": "text",
                                                                                                "text": ANSWER}]}}


@pytest.mark.parametrize(("reason", "kind"), [("USER_CANCEL", "failed"), ("TIMEOUT", "failed"),
                                              ("COMPLETE", "ok"), ("STOP_SEQUENCE", "ok")])
def test_a_cancelled_cohere_reply_is_not_ok(reason: str, kind: str) -> None:
    p = prepare({"model": "m", "messages": []}, SCHEMA, "prompt", mode="prompt")
    assert classify(_cohere(reason), p.state).kind == kind


@pytest.mark.parametrize(("fields", "kind"), [
    ({"done": False}, "failed"), ({"done": False, "done_reason": None}, "failed"),
    ({"done": True}, "ok"), ({"done": True, "done_reason": "stop"}, "ok"),
])
def test_an_ollama_reply_that_is_not_done_is_not_ok(fields: Dict[str, Any], kind: str) -> None:
    p = prepare({"model": "m", "messages": []}, SCHEMA, "ollama", mode="native")
    reply = {"model": "m", "message": {"role": "assistant", "content": ANSWER}, **fields}
    assert classify(reply, p.state).kind == kind


@pytest.mark.parametrize("reply", [
    {"choices": [{"message": {"role": "assistant", "content": ANSWER}}]},
    {"content": [{"type": "text", "text": ANSWER}], "role": "assistant", "type": "message"},
    {"candidates": [{"content": {"parts": [{"text": ANSWER}]}}]},
], ids=["chat", "anthropic", "gemini"])
def test_a_reply_without_a_finish_field_is_still_ok(reply: Dict[str, Any]) -> None:
    p = prepare({"model": "m", "messages": []}, SCHEMA, "prompt", mode="prompt")
    outcome = classify(reply, p.state)
    assert outcome.kind == "ok" and outcome.value == {"a": 1}


def test_the_plan_for_an_unfinished_reply() -> None:
    p = prepare({"model": "m", "input": "x", "max_output_tokens": 1000}, SCHEMA, "openai.responses", mode="native")
    failed = plan(p.request, classify(_responses("cancelled"), p.state), p.state)
    assert (failed.action, failed.request, failed.reason) == (
        "retry", p.request, "the reply did not finish (cancelled): same request")
    cut = plan(p.request, classify(_responses("incomplete"), p.state), p.state)
    assert cut.action == "retry" and cut.request is not None and cut.request["max_output_tokens"] == 4000
