"""``anthropic.tool``: a call of the answer tool whose ``input`` is no object (a list, a
text that is no JSON: reachable through proxies that pass ``input`` on as text) is an
``invalid`` answer, answered with a ``tool_result`` correction, never an ``empty`` reply
sent again unchanged. Anthropic's ``tool_use`` block: ``input`` is an object
(https://docs.anthropic.com/en/api/messages#response-content); the correction follows
https://docs.anthropic.com/en/docs/build-with-claude/tool-use#handling-tool-use-and-tool-result-content-blocks."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import retry

S = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
ASK = {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}]}


def _reply(inp: Any) -> Any:
    return {"type": "message", "role": "assistant", "stop_reason": "tool_use",
            "content": [{"type": "tool_use", "id": "toolu_1", "name": "response", "input": inp}]}


@pytest.mark.parametrize(("inp", "keyword"), [([1], "type"), ("not json", "json"), ("[1]", "type")])
def test_an_unreadable_answer_is_invalid_and_corrected(inp: Any, keyword: str) -> None:
    p = retry.prepare(ASK, S, "anthropic.tool")
    out = retry.classify(_reply(inp), p.state)
    assert (out.kind, out.source) == ("invalid", "tool_call")
    assert [e.keyword for e in out.errors] == [keyword]
    step = retry.plan(p.request, out, p.state)
    assert step.action == "retry"
    assert step.request is not None
    sent = step.request["messages"]
    assert len(sent) == 3
    assert sent[1]["content"] == _reply(inp)["content"]
    result = sent[2]["content"][0]
    assert (result["type"], result["tool_use_id"], result.get("is_error")) == ("tool_result", "toolu_1", True)
