"""``retry.classify_error`` asks the schema rule of the target that was sent, and only
it; in prompt mode no schema was sent, so no error is a rejection of it.

Error shapes: OpenAI ``error.{message, type, param, code}``
(https://platform.openai.com/docs/guides/error-codes; a strict function's schema refused
names ``param: "tools[0].function.parameters"``), Anthropic ``{"type": "error", "error":
{"type", "message"}}`` with no ``param`` (https://docs.anthropic.com/en/api/errors),
Ollama ``{"error": "<text>"}`` (its ``llm/server.go``: "invalid JSON schema in format").
"""

from __future__ import annotations

from typing import Any, Dict, List

import ollama
import pytest

from toolwire.retry import classify_error, generate, prepare

S = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
OWN_TOOL = {"message": "Invalid schema for function 'get_weather': In context=(), 'additionalProperties' is required "
                       "to be supplied and to be false.",
            "type": "invalid_request_error", "param": "tools[0].function.parameters",
            "code": "invalid_function_parameters"}
OPENAI_FORMAT_PARAM = {"message": "Invalid value: 'x'.", "type": "invalid_request_error", "param": "format",
                       "code": "invalid_value"}
ANTHROPIC_OWN_TOOL = {"type": "error", "error": {"type": "invalid_request_error",
                                                 "message": "tools.0.custom.input_schema: JSON schema is invalid. It "
                                                            "must match JSON Schema draft 2020-12"}}


class BadRequest(Exception):  # as openai's APIStatusError: status_code and the ``error`` object as body
    status_code = 400

    def __init__(self, body: Dict[str, Any]) -> None:
        super().__init__("Error code: 400")
        self.body = body


def test_an_error_about_the_callers_own_tool_is_no_rejection_of_the_schema() -> None:
    """The ``anthropic.tool`` rule took any ``param`` under ``tools[`` for its schema."""
    assert classify_error({"status": 400, "error": OWN_TOOL}, "openai.chat") == "error"
    assert classify_error(BadRequest(OWN_TOOL), "openai.chat") == "error"
    assert classify_error({"status": 400, "error": OWN_TOOL}) == "error"  # no target: no rule takes it either


def test_only_the_target_sent_is_asked() -> None:
    """An Anthropic message naming a caller's tool's ``input_schema`` is the schema of
    ``anthropic.tool`` only; an OpenAI ``param`` of ``format`` is no Ollama error."""
    assert classify_error({"status": 400, **ANTHROPIC_OWN_TOOL}, "anthropic.messages") == "error"
    assert classify_error({"status": 400, "error": OPENAI_FORMAT_PARAM}, "openai.chat") == "error"
    assert classify_error({"status": 400, "error": OPENAI_FORMAT_PARAM}) == "error"
    ollama = {"status": 400, "error": "invalid JSON schema in format"}
    assert (classify_error(ollama, "ollama"), classify_error(ollama, "openai.chat")) == ("schema_rejected", "error")
    rejected = {"status": 400, "error": {"message": "Invalid schema for response_format 'x'", "param": "response_format",
                                         "type": "invalid_request_error", "code": "invalid_json_schema"}}
    assert (classify_error(rejected, "openai.chat"), classify_error(rejected, "anthropic.messages")) == (
        "schema_rejected", "error")


def test_in_prompt_mode_no_error_is_a_rejection_of_the_schema() -> None:
    rejected = {"status": 400, "error": {"message": "Invalid schema for response_format 'x'", "param": "response_format",
                                         "type": "invalid_request_error", "code": "invalid_json_schema"}}
    native = prepare({"model": "gpt-4o", "messages": []}, S, "openai.chat", mode="native")
    prompt = prepare({"model": "gpt-4o", "messages": []}, S, "openai.chat", mode="prompt")
    assert (classify_error(rejected, native.state), classify_error(rejected, prompt.state)) == ("schema_rejected", "error")


def test_generate_re_raises_an_error_about_the_callers_own_tool() -> None:
    """It switched to prompt mode, got the same error, and returned ``ok=False``."""
    sent: List[Dict[str, Any]] = []

    def send(req: Dict[str, Any]) -> Any:
        sent.append(req)
        raise BadRequest(OWN_TOOL)

    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}, "strict": True}}]
    with pytest.raises(BadRequest):
        generate(send, {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], "tools": tools}, S,
                 target="openai.chat")
    assert len(sent) == 1


def test_generate_re_raises_a_rejection_in_prompt_mode() -> None:
    rejected = {"message": "Invalid schema for response_format 'x'", "param": "response_format",
                "type": "invalid_request_error", "code": "invalid_json_schema"}
    sent: List[Dict[str, Any]] = []

    def send(req: Dict[str, Any]) -> Any:
        sent.append(req)
        raise BadRequest(rejected)

    with pytest.raises(BadRequest):
        generate(send, {"model": "gpt-4o", "messages": []}, S, target="openai.chat", mode="prompt")
    assert len(sent) == 1


def test_ollama_refusing_a_format_with_a_500_is_a_request_error_not_transient() -> None:
    """Ollama answers a ``format`` it cannot make a grammar of with HTTP 500
    ``{"error":"invalid JSON schema in format"}`` (llm/server.go ``Completion``; the
    response as seen in datalab-to/marker#984): sent again, it fails again. It was
    ``transient``, which a transport retries forever."""
    body = {"status": 500, "error": "invalid JSON schema in format"}
    assert classify_error(body, "ollama") == "error"
    assert classify_error(body) == "error"
    sdk_error = ollama.ResponseError('{"error":"invalid JSON schema in format"}', 500)  # as its client raises it
    assert classify_error(sdk_error, "ollama") == "error"
    bad_format = {"status": 500, "error": 'invalid format: "yaml"; expected "json" or a valid JSON Schema object'}
    assert classify_error(bad_format, "ollama") == "error"
    native = prepare({"model": "llama3.1", "messages": []}, S, "ollama", mode="native")
    assert classify_error(body, native.state) == "error"


def test_other_500s_stay_transient() -> None:
    assert classify_error({"status": 500, "error": "model runner has unexpectedly stopped"}, "ollama") == "transient"
    assert classify_error({"status": 503, "error": "server busy, please try again"}) == "transient"
    assert classify_error({"status": 500, "error": "invalid JSON schema in format"}, "openai.chat") == "transient"
    prompt = prepare({"model": "llama3.1", "messages": []}, S, "ollama", mode="prompt")
    assert classify_error({"status": 500, "error": "invalid JSON schema in format"}, prompt.state) == "transient"

