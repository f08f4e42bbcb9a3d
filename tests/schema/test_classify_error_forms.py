"""``retry.classify_error`` under each form of the target sent, on error bodies
recorded from the APIs (reference/structured-output.md): a ``State`` knows the request
sent; a target id or a ``Target`` knows only its rule. A ``Target`` holds neither the
answer tool's name nor the caller's tools, so an Anthropic error naming a tool by its
place (``tools.0.custom.input_schema: ...``) cannot be told apart without a ``State``:
the id and ``Target`` forms take it for the answer tool's (as their docstring says).

Bodies: Anthropic's ``{"type": "error", "error": {"type", "message"}}``
(https://docs.anthropic.com/en/api/errors) with "output_config.format.schema: For
'object' type, 'additionalProperties' must be explicitly set to false"
(lfnovo/esperanto#273), "Schema is too complex for compilation" (the 180 s compile
limit of Anthropic's structured-outputs guide), "Thinking may not be enabled when
tool_choice forces tool use" (run-llama/llama_index#19641); OpenAI's ``error.{param,
code}`` for a refused ``response_format`` (R10 of the reference's test list)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire.retry import classify_error, prepare
from toolwire.schema import get_target

S = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
CLAUDE = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [{"role": "user", "content": "hi"}]}
GPT = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}
WEATHER = {"name": "get_weather", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}


def _anthropic(message: str) -> Dict[str, Any]:
    return {"status": 400, "type": "error", "error": {"type": "invalid_request_error", "message": message}}


ADDITIONAL = _anthropic("output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly "
                        "set to false")
TOO_COMPLEX = _anthropic("Schema is too complex for compilation.")
THINKING = _anthropic("Thinking may not be enabled when tool_choice forces tool use.")
TOOL_0 = _anthropic("tools.0.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 "
                    "(https://json-schema.org/draft/2020-12).")
R10 = {"status": 400, "error": {"message": "Invalid schema for response_format 'response'", "type":
                                "invalid_request_error", "param": "response_format", "code": "invalid_json_schema"}}


def _forms(target: str, request: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": target, "Target": get_target(target), "State": prepare(request, S, target, mode="native").state}


@pytest.mark.parametrize(("target", "request_", "body", "kind"), [
    ("anthropic.messages", CLAUDE, ADDITIONAL, "schema_rejected"),
    ("anthropic.messages", CLAUDE, TOO_COMPLEX, "schema_rejected"),
    ("anthropic.messages", CLAUDE, THINKING, "error"),
    ("anthropic.messages", CLAUDE, TOOL_0, "error"),  # the caller's own tool: output_config is ours
    ("anthropic.tool", CLAUDE, ADDITIONAL, "error"),  # output_config was not sent
    ("anthropic.tool", CLAUDE, TOO_COMPLEX, "schema_rejected"),
    ("anthropic.tool", CLAUDE, THINKING, "error"),
    ("anthropic.tool", CLAUDE, TOOL_0, "schema_rejected"),  # no tool of the caller's: tools[0] is the answer
    ("openai.chat", GPT, R10, "schema_rejected"),
    # through an OpenAI-compatible proxy to Claude, the field response_format became (ALTK #118)
    ("openai.chat", GPT, ADDITIONAL, "schema_rejected"),
    ("openai.chat", GPT, TOO_COMPLEX, "error"),
])
def test_every_form_reads_a_recorded_error_alike(target: str, request_: Dict[str, Any], body: Dict[str, Any],
                                                 kind: str) -> None:
    assert {form: classify_error(body, t) for form, t in _forms(target, request_).items()} == {
        "id": kind, "Target": kind, "State": kind}


def test_without_the_request_a_tool_named_by_its_place_cannot_be_told() -> None:
    """The caller's tool is ``tools[0]``, the answer tool ``tools[1]``: only the
    ``State`` knows; the id, the ``Target`` and no target at all take either for the
    answer tool's (a wrong reading costs one prompt-mode request, which fails alike)."""
    forms = _forms("anthropic.tool", dict(CLAUDE, tools=[WEATHER]))
    state = forms.pop("State")
    assert classify_error(TOOL_0, state) == "error"
    assert classify_error(_anthropic(TOOL_0["error"]["message"].replace("tools.0", "tools.1")), state) == \
        "schema_rejected"
    assert {form: classify_error(TOOL_0, t) for form, t in forms.items()} == {
        "id": "schema_rejected", "Target": "schema_rejected"}
    assert classify_error(TOOL_0) == "schema_rejected"


def test_in_prompt_mode_no_recorded_error_is_a_rejection() -> None:
    state = prepare(CLAUDE, S, "anthropic.tool", mode="prompt").state
    assert [classify_error(b, state) for b in (ADDITIONAL, TOO_COMPLEX, THINKING, TOOL_0)] == ["error"] * 4
