"""``tool_results(dialect)`` draws results without an id, or without a tool name, where
the dialect's result wire goes without them (fuzzkit FK-1: it always drew both, so the
Ollama result with neither, which toolwire's own reader refused, was never drawn).

What each wire allows, from the providers' types: Ollama ``api.Message`` (``tool_name``
and ``tool_call_id`` both ``omitempty``); Gemini ``FunctionResponse`` (``id``
optional, ``name`` required); MCP ``CallToolResult`` (no name; the JSON-RPC ``id`` only
around a response); Chat, Responses, Anthropic, Bedrock, Mistral and Cohere need the
call's id.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

import toolwire
from toolwire import strategies as tws

NO_SHRINK = settings(phases=[Phase.generate], database=None, max_examples=300,
                     suppress_health_check=list(HealthCheck))

# dialect -> (may lack an id, may lack a name, may lack both)
OPTIONAL = {
    "ollama": (True, True, True),
    "gemini": (True, False, False),
    "mcp": (True, True, True),
    "openai.chat": (False, True, False),
    "anthropic.messages": (False, True, False),
    "bedrock.converse": (False, True, False),
}


@pytest.mark.parametrize("dialect", sorted(OPTIONAL))
def test_results_lack_an_id_or_a_name_where_the_wire_allows(dialect: str) -> None:
    no_id, no_name, neither = OPTIONAL[dialect]
    for allowed, missing in ((no_id, lambda r: r.id is None),
                             (no_name, lambda r: r.name is None),
                             (neither, lambda r: r.id is None and r.name is None)):
        if allowed:
            find(tws.tool_results(dialect), missing, settings=NO_SHRINK)
        else:
            with pytest.raises(NoSuchExample):
                find(tws.tool_results(dialect), missing, settings=NO_SHRINK)


def test_the_ollama_result_without_tool_name_is_drawn() -> None:
    res = find(tws.payloads("ollama", kind="result", expected=True),
               lambda p: "tool_name" not in p.value and "tool_call_id" not in p.value, settings=NO_SHRINK)
    assert set(res.value) == {"role", "content"}
    assert toolwire.decode_result(res.value, "ollama") == res.expected


def test_any_dialect_results_keep_both() -> None:
    # ``tool_results()`` (no dialect) gives results every dialect can write
    with pytest.raises(NoSuchExample):
        find(tws.tool_results(), lambda r: r.id is None or r.name is None, settings=NO_SHRINK)


@pytest.mark.parametrize("dialect", sorted(OPTIONAL))
@settings(max_examples=30)
@given(data=st.data())
def test_drawn_results_are_written_and_read_back(dialect: str, data: Any) -> None:
    p = data.draw(tws.payloads(dialect, kind="result", expected=True))
    assert toolwire.decode_result(p.value, dialect) == p.expected
