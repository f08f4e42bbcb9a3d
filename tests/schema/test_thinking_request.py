"""``retry.prepare`` for ``anthropic.tool`` on a request that turns thinking on itself
(``thinking: {"type": "enabled", "budget_tokens": ...}``, or ``adaptive``: anthropic's
``ThinkingConfigParam``) forced the answer tool (``tool_choice: {"type": "tool"}``),
which the API refuses: "Tool use with thinking only supports tool_choice: {"type":
"auto"} (the default) or {"type": "none"}"
(https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#extended-thinking-with-tool-use);
the error, "Thinking may not be enabled when tool_choice forces tool use"
(run-llama/llama_index#19641), names no schema, so ``generate`` re-raised it. Only
``thinking=True`` given to ``prepare`` downgraded the choice; the request's own field
now does too (reported as ``render`` reports it)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire.retry import generate, prepare

S = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
ASK = {"model": "claude-sonnet-4-5", "max_tokens": 4096, "messages": [{"role": "user", "content": "hi"}]}
ENABLED = {"type": "enabled", "budget_tokens": 2048}


@pytest.mark.parametrize("thinking", [ENABLED, {"type": "adaptive"}, {"type": "between_tools"}])
def test_a_request_that_thinks_gets_no_forced_answer_tool(thinking: Dict[str, Any]) -> None:
    prepared = prepare(dict(ASK, thinking=thinking), S, "anthropic.tool", mode="native")
    assert prepared.request["tool_choice"] == {"type": "auto"}
    assert prepared.request["thinking"] == thinking
    assert prepared.rendered is not None
    assert [lint.code for lint in prepared.rendered.lints] == ["forced-tool-with-thinking"]


@pytest.mark.parametrize("request_", [ASK, dict(ASK, thinking={"type": "disabled"})], ids=["none", "disabled"])
def test_a_request_that_does_not_think_forces_the_answer_tool(request_: Dict[str, Any]) -> None:
    prepared = prepare(request_, S, "anthropic.tool", mode="native")
    assert prepared.request["tool_choice"] == {"type": "tool", "name": "response", "disable_parallel_tool_use": True}


class BadRequest(Exception):  # as anthropic's APIStatusError
    status_code = 400

    def __init__(self, message: str) -> None:
        super().__init__(f"Error code: 400 - {message}")
        self.body = {"type": "error", "error": {"type": "invalid_request_error", "message": message}}


def test_generate_with_a_thinking_request_gets_its_answer() -> None:
    sent: List[Dict[str, Any]] = []

    def send(req: Dict[str, Any]) -> Any:  # the API's rule
        sent.append(req)
        thinks = isinstance(req.get("thinking"), dict) and req["thinking"].get("type") != "disabled"
        if thinks and req.get("tool_choice", {}).get("type") in ("any", "tool"):
            raise BadRequest("Thinking may not be enabled when tool_choice forces tool use.")
        return {"type": "message", "role": "assistant", "stop_reason": "tool_use",
                "content": [{"type": "thinking", "thinking": "...", "signature": "sig"},
                            {"type": "tool_use", "id": "toolu_01", "name": "response", "input": {"a": "x"}}]}

    result = generate(send, dict(ASK, thinking=ENABLED), S, target="anthropic.tool", mode="native")
    assert result.ok and result.value == {"a": "x"}
    assert len(sent) == 1
