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
    assert twice["tool_choice"] == {"type": "tool", "name": "response", "disable_parallel_tool_use": True}


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


# -- prompt mode on a request prepared natively before -------------------------------------
FORCED = {"name": "response", "description": "Record the answer as response.",
          "input_schema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
                           "additionalProperties": False},
          "strict": True}


def test_prompt_mode_on_a_natively_prepared_tool_request_drops_the_answer_tool() -> None:
    """The answer tool and the tool choice forcing it would make the model call it
    instead of answering in text: prompt mode takes them out, the caller's tool stays."""
    once = dict(ASK, tools=[ASK["tools"][0], FORCED], tool_choice={"type": "tool", "name": "response"})
    again = prepare(once, S, "anthropic.tool", mode="prompt").request
    assert again["tools"] == [ASK["tools"][0]]
    assert "tool_choice" not in again
    assert again["system"].startswith("Answer with a single JSON value")
    assert prepare(once, S, "anthropic.tool", mode="prompt").request == prepare(ASK, S, "anthropic.tool",
                                                                                mode="prompt").request


def test_prompt_mode_keeps_a_tool_choice_the_caller_set_and_only_tool_of_the_answer() -> None:
    """Only the request's answer tool was ours: a lone ``tools`` list emptied is taken out,
    the caller's own ``tool_choice`` (auto) is kept."""
    once = {"model": "claude-sonnet-4-5", "max_tokens": 64, "messages": [], "tools": [FORCED],
            "tool_choice": {"type": "auto"}}
    again = prepare(once, S, "anthropic.tool", mode="prompt", thinking=True).request
    assert "tools" not in again
    assert again["tool_choice"] == {"type": "auto"}


def test_prompt_mode_refuses_a_forced_tool_of_the_answers_name_it_did_not_add() -> None:
    """A forced ``response`` tool of another schema (an earlier prepare for another
    schema, or the caller's own): the reply would be its call, not the text answer."""
    other = dict(FORCED, input_schema={"type": "object", "properties": {"b": {"type": "integer"}}})
    once = dict(ASK, tools=[other], tool_choice={"type": "tool", "name": "response"})
    with pytest.raises(EncodeError) as caught:
        prepare(once, S, "anthropic.tool", mode="prompt")
    assert str(caught.value) == (
        "Request forces the tool 'response' at $.tool_choice, the name of the answer tool anthropic.tool adds, "
        "but prompt mode asks for the answer in text; remove that tool choice or that tool"
    )
    assert (caught.value.loc, caught.value.dialect) == ("$.tool_choice", "anthropic.tool")
    mine = dict(ASK, tools=[other])  # not forced: the caller's tool, kept
    assert prepare(mine, S, "anthropic.tool", mode="prompt").request["tools"] == [other]


def test_switching_to_prompt_mode_after_a_rejection_drops_the_answer_tool() -> None:
    """The planner's own switch (a schema rejected) on a request prepared before."""
    from toolwire.retry import Outcome, plan

    once = dict(ASK, tools=[ASK["tools"][0], FORCED], tool_choice={"type": "tool", "name": "response"})
    prepared = prepare(once, S, "anthropic.tool", mode="native")
    step = plan(prepared.request, Outcome("schema_rejected"), prepared.state)
    assert step.request is not None and step.state.mode == "prompt"
    assert step.request["tools"] == [ASK["tools"][0]]
    assert "tool_choice" not in step.request


@pytest.mark.parametrize(
    ("target", "request_", "emptied"),
    [
        ("openai.responses", {"model": "gpt-4o", "input": "x",
                              "text": {"format": {"type": "json_schema", "name": "r", "schema": S, "strict": True}}},
         "text"),
        ("anthropic.messages", {"model": "claude-sonnet-4-5", "max_tokens": 64, "messages": [],
                                "output_config": {"format": {"type": "json_schema", "schema": S}}}, "output_config"),
        ("bedrock.converse", {"modelId": "m", "messages": [], "outputConfig": {"textFormat": {
            "type": "json_schema", "structure": {"jsonSchema": {"schema": "{}", "name": "r"}}}}}, "outputConfig"),
        ("vllm", {"model": "m", "messages": [], "extra_body": {"structured_outputs": {"json": S}}}, "extra_body"),
    ],
)
def test_prompt_mode_takes_out_the_objects_it_emptied(target: str, request_: dict, emptied: str) -> None:
    """A format taken out leaves no empty object behind (vLLM's ``structured_outputs``
    with no constraint, ``outputConfig: {}``): the request is as if never prepared."""
    again = prepare(request_, S, target, mode="prompt").request
    assert emptied not in again
    kept = dict(request_, text={"format": {"type": "text"}, "verbosity": "low"}) if target == "openai.responses" \
        else None
    if kept is not None:
        assert prepare(kept, S, target, mode="prompt").request["text"] == {"verbosity": "low"}
