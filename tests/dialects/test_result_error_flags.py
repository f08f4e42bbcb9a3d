"""A tool result's error flag is a JSON boolean: MCP ``isError``
(https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-result)
and Anthropic ``is_error`` (canonical ``is_error`` too)
(https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#handling-tool-results).
Any other value is refused: read by truthiness, ``"false"`` flagged a success as an error
(carried on as Anthropic ``is_error`` / Bedrock ``status: "error"``), and ``"true"``
hid a failure."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

MCP: Dict[str, Any] = {"content": [{"type": "text", "text": "ok"}]}
ANTHROPIC: Dict[str, Any] = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "x"}
CANONICAL: Dict[str, Any] = {"id": "call_1", "content": "ok"}


@pytest.mark.parametrize("flag", ["false", "true", 1, 0, None, [], {}])
def test_an_error_flag_that_is_no_boolean_is_refused(flag: Any) -> None:
    for item, key, dialect in ((MCP, "isError", "mcp"), (ANTHROPIC, "is_error", "anthropic.messages"),
                               (CANONICAL, "is_error", "canonical")):
        if flag is None:
            assert toolwire.decode_result({**item, key: None}, dialect).is_error is False  # null: not set
            continue
        with pytest.raises(toolwire.DecodeError) as err:
            toolwire.decode_result({**item, key: flag}, dialect)
        assert err.value.loc == f"$.{key}" and "must be true or false" in err.value.message


@pytest.mark.parametrize("flag", [True, False])
def test_boolean_error_flags_are_read(flag: bool) -> None:
    assert toolwire.decode_result({**MCP, "isError": flag}).is_error is flag
    assert toolwire.decode_result({**ANTHROPIC, "is_error": flag}).is_error is flag
    assert toolwire.decode_result({**CANONICAL, "is_error": flag}, "canonical").is_error is flag
