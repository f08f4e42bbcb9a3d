"""``validate_call`` on an OpenAI Responses tool-search call: a deferred function tool
loaded on its own is called with a ``namespace`` of its own name (as ``_scope.py`` and
docs/conversations.md say for ``encode``), and that call names the top-level tool.
https://platform.openai.com/docs/guides/tools-tool-search"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from corpus_data import CORPUS, SKIP_REASON, load
from toolwire import InvalidToolCall, ToolCall, decode_all, validate_call

# The shapes of request-pai-gpt-5.6-reasoning-tool-search-additional-tools.json, pinned
WEATHER: Dict[str, Any] = {
    "type": "function", "name": "get_weather", "defer_loading": True, "strict": True,
    "description": "Get the current weather in a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
                   "additionalProperties": False},
}
CALL: Dict[str, Any] = {
    "type": "function_call", "id": "fc_091af5051d4967d3006a721621d17c81968f4e1e6f59708a4a",
    "call_id": "call_sMWjxDWDKRwwMdW8RJAZ6y8F", "name": "get_weather", "namespace": "get_weather",
    "arguments": "{\"city\":\"Paris\"}",
}


def _call(item: Dict[str, Any]) -> Any:
    return decode_all([item], "openai.responses")[0]


def test_a_call_in_a_namespace_of_its_own_name_names_the_top_level_tool() -> None:
    got = validate_call(_call(CALL), [{"type": "tool_search"}, WEATHER])
    assert type(got) is ToolCall
    assert got.args == {"city": "Paris"}


def test_its_arguments_are_still_checked() -> None:
    bad = validate_call(_call({**CALL, "arguments": "{\"town\":\"Paris\"}"}), [WEATHER])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error is not None and bad.error.startswith("Arguments of 'get_weather' do not match its schema")


def test_another_namespace_is_still_unknown() -> None:
    bad = validate_call(_call({**CALL, "namespace": "weather"}), [WEATHER])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == "Unknown tool 'get_weather' in 'weather'; the tools offered are: get_weather."


def test_a_namespace_tool_of_that_name_wins_over_the_top_level_one() -> None:
    # both exist: the exact (namespace, name) pair is the tool the call names
    inner = {"type": "function", "name": "get_weather", "parameters": {
        "type": "object", "properties": {"zip": {"type": "string"}}, "required": ["zip"]}}
    group = {"type": "namespace", "name": "get_weather", "description": "Weather.", "tools": [inner]}
    bad = validate_call(_call(CALL), [WEATHER, group])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error is not None and "zip" in bad.error
    ok = validate_call(_call({**CALL, "arguments": "{\"zip\":\"75001\"}"}), [WEATHER, group])
    assert type(ok) is ToolCall


_FILES = ("request-pai-gpt-5.6-reasoning-tool-search-additional-tools.json",
          "request-pai-gpt-5.4-anthropic-ids-tool-search-history.json")


@pytest.mark.skipif(CORPUS is None, reason=SKIP_REASON)
@pytest.mark.parametrize("name", _FILES)
def test_the_recorded_tool_search_calls_validate_against_their_request_tools(name: str) -> None:
    assert CORPUS is not None
    payload = load(CORPUS / "openai-responses" / name)["payload"]
    offered = {t.get("name") for t in payload["tools"]}
    calls: List[Dict[str, Any]] = [it for it in payload["input"] if it.get("type") == "function_call"
                                   and it.get("namespace") == it["name"] and it["name"] in offered]
    assert calls  # the files hold such calls
    for item in calls:
        assert type(validate_call(_call(item), payload["tools"])) is ToolCall, item
