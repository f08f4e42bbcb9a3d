"""``prepare`` on a request it prepared before: the ``anthropic.tool`` answer tool is
joined to the request's ``tools``, so a prepared request given back got a second one,
which Anthropic refuses (400 ``invalid_request_error`` "tools: Tool names must be
unique.", as anthropics/claude-code#10687 shows it)."""

from __future__ import annotations

import pytest

from toolwire import EncodeError
from toolwire.retry import prepare

S = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}


ASK = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [{"role": "user", "content": "hi"}],
       "tools": [{"name": "get_weather", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}


def test_preparing_an_anthropic_tool_request_again_keeps_one_answer_tool() -> None:
    """The same answer tool again is replaced: the request is the same as the first time."""
    once = prepare(ASK, S, "anthropic.tool", mode="native").request
    twice = prepare(once, S, "anthropic.tool", mode="native").request
    assert [t["name"] for t in twice["tools"]] == ["get_weather", "response"]
    assert twice == once
    assert twice["tool_choice"] == {"type": "tool", "name": "response"}


def test_another_tool_of_the_answer_tools_name_is_refused() -> None:
    """Not the answer tool (another schema, or the caller's own tool): replacing it
    would lose it, joining it sends two tools of one name."""
    once = prepare(ASK, S, "anthropic.tool", mode="native").request
    other = {"type": "object", "properties": {"b": {"type": "integer"}}, "required": ["b"]}
    with pytest.raises(EncodeError) as caught:
        prepare(once, other, "anthropic.tool", mode="native")
    assert str(caught.value) == (
        "Request already has a tool named 'response' at $.tools[1], the name of the answer tool anthropic.tool adds; "
        "name the answer otherwise (name=...) or remove that tool"
    )
    assert (caught.value.loc, caught.value.dialect) == ("$.tools[1]", "anthropic.tool")
    own = dict(ASK, tools=[{"name": "response", "input_schema": {"type": "object"}}])
    with pytest.raises(EncodeError):
        prepare(own, S, "anthropic.tool")
    named = prepare(own, S, "anthropic.tool", name="answer").request
    assert [t["name"] for t in named["tools"]] == ["response", "answer"]
