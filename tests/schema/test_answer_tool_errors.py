"""``anthropic.tool`` joins its answer tool to the caller's ``tools``, and Anthropic names
a refused tool schema by its place in that list: ``tools.1.custom.input_schema: JSON
schema is invalid. It must match JSON Schema draft 2020-12 ...`` (as
anthropics/anthropic-sdk-java#241 shows it), ``tools.106.custom.input_schema:
input_schema does not support oneOf, allOf, or anyOf at the top level``
(anthropics/claude-code#5319). Under the planner's ``State`` the request sent is known,
so an error naming the caller's tool is no rejection of the schema (switching to prompt
mode would send the same bad tool again), and one naming the answer tool says so, with
its ``$.tools[i]``."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire.retry import classify_error, generate, prepare

S = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
WEATHER = {"name": "get_weather", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
ASK = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [{"role": "user", "content": "hi"}],
       "tools": [WEATHER]}
INVALID = ("tools.{}.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 "
           "(https://json-schema.org/draft/2020-12). Learn more about tool use at https://docs.anthropic.com/en/docs/tool-use.")
TOP_LEVEL = "tools.{}.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level"


def _error(message: str) -> Dict[str, Any]:
    return {"status": 400, "type": "error", "error": {"type": "invalid_request_error", "message": message}}


class BadRequest(Exception):  # as anthropic's APIStatusError: status_code and the body
    status_code = 400

    def __init__(self, message: str) -> None:
        super().__init__(f"Error code: 400 - {message}")
        self.body = {"type": "error", "error": {"type": "invalid_request_error", "message": message}}


@pytest.mark.parametrize("wording", [INVALID, TOP_LEVEL], ids=["invalid", "top-level"])
def test_an_error_naming_the_callers_tool_is_no_rejection_of_the_schema(wording: str) -> None:
    state = prepare(ASK, S, "anthropic.tool", mode="native").state
    assert [t["name"] for t in prepare(ASK, S, "anthropic.tool", mode="native").request["tools"]] == [
        "get_weather", "response"]
    assert classify_error(_error(wording.format(0)), state) == "error"
    assert classify_error(_error(wording.format(1)), state) == "schema_rejected"
    assert classify_error(_error(wording.format(7)), state) == "error"  # no tool there: not ours either


def test_the_answer_tools_place_follows_the_callers_tools() -> None:
    """A request prepared before (the answer tool replaced, not joined again), and one
    with no tools of the caller's: the answer tool is ``tools[0]``."""
    once = prepare(ASK, S, "anthropic.tool", mode="native")
    again = prepare(once.request, S, "anthropic.tool", mode="native").state
    assert classify_error(_error(INVALID.format(1)), again) == "schema_rejected"
    assert classify_error(_error(INVALID.format(0)), again) == "error"
    alone = prepare(dict(ASK, tools=[]), S, "anthropic.tool", mode="native").state
    assert classify_error(_error(INVALID.format(0)), alone) == "schema_rejected"


def test_an_error_naming_no_tool_is_read_as_before() -> None:
    state = prepare(ASK, S, "anthropic.tool", mode="native").state
    assert classify_error(_error("Schema is too complex for compilation."), state) == "schema_rejected"
    assert classify_error(_error("input_schema: JSON schema is invalid"), state) == "schema_rejected"
    assert classify_error(_error(INVALID.format(0)), "anthropic.tool") == "schema_rejected"  # no request known


def test_generate_re_raises_an_error_about_the_callers_tool_at_once() -> None:
    """It switched to prompt mode, sent the same bad tool again and only then raised."""
    sent: List[Dict[str, Any]] = []

    def send(req: Dict[str, Any]) -> Any:
        sent.append(req)
        raise BadRequest(INVALID.format(0))

    with pytest.raises(BadRequest):
        generate(send, ASK, S, target="anthropic.tool", mode="native")
    assert len(sent) == 1


def test_a_rejection_of_the_answer_tool_says_which_tool_and_where() -> None:
    sent: List[Dict[str, Any]] = []

    def send(req: Dict[str, Any]) -> Any:
        sent.append(req)
        if len(sent) == 1:
            raise BadRequest(INVALID.format(1))
        return {"type": "message", "role": "assistant", "stop_reason": "end_turn",
                "content": [{"type": "text", "text": '{"a": "x"}'}]}

    result = generate(send, ASK, S, target="anthropic.tool", mode="native")
    assert result.ok and result.value == {"a": "x"}
    first = result.attempts[0].outcome
    assert first.kind == "schema_rejected"
    assert first.detail == ("the answer tool 'response' at $.tools[1] was refused: Error code: 400 - "
                            + INVALID.format(1))
    assert [t["name"] for t in sent[1].get("tools", [])] == ["get_weather"]
