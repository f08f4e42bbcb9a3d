"""Structured output's request edits and error classes, in each provider's own shapes.

``retry.classify_error`` on the real SDKs' exception objects, built offline: openai's
and anthropic's ``APIStatusError`` (``status_code``, ``body``), google-genai's
``APIError`` (``code``, ``details``), botocore's modeled ``ClientError`` subclasses
(``response["ResponseMetadata"]["HTTPStatusCode"]``, ``response["Error"]``), and the
Gemini REST error body (``{"error": {"code", "message", "status"}}``). The correction
turn and the prompt-mode instruction are pinned literally per target, in the message
shapes of each API reference (Chat and Mistral ``messages``, Responses ``input`` and
``instructions``, Anthropic ``system``, Gemini ``contents`` and ``systemInstruction``,
Bedrock Converse ``messages`` and ``system`` blocks).
"""

from __future__ import annotations

from typing import Any, Dict

import anthropic
import botocore.session
import httpx
import openai
import pytest
from google.genai import errors as genai_errors

from toolwire.retry import classify_error
from toolwire.schema import inject_instruction
from toolwire.schema._requests import with_correction
from toolwire.schema._validate import ValidationIssue


class _Bedrock:
    """botocore's modeled exception classes of a bedrock-runtime client (made once, when
    a test asks: a client takes seconds to build)."""

    exceptions: Any = None

    def __init__(self, name: str, status: int, message: str) -> None:
        self.args = (name, status, message)

    def __repr__(self) -> str:
        return self.args[0]

    def build(self) -> Exception:
        if _Bedrock.exceptions is None:
            _Bedrock.exceptions = botocore.session.get_session().create_client(
                "bedrock-runtime", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="y"
            ).exceptions
        return _botocore(*self.args)


def _botocore(name: str, status: int, message: str) -> Exception:
    cls = getattr(_Bedrock.exceptions, name)
    response = {"Error": {"Code": name, "Message": message}, "ResponseMetadata": {"HTTPStatusCode": status}}
    error: Exception = cls(response, "Converse")
    return error


def _openai(status: int, body: Dict[str, Any]) -> Exception:
    request = httpx.Request("POST", "https://api.openai.com/v1/chat/completions")
    response = httpx.Response(status, request=request, json={"error": body})
    cls = {400: openai.BadRequestError, 429: openai.RateLimitError}.get(status, openai.InternalServerError)
    return cls(f"Error code: {status}", response=response, body=body)


def _anthropic(status: int, body: Any) -> Exception:
    request = httpx.Request("POST", "https://api.anthropic.com/v1/messages")
    response = httpx.Response(status, request=request, json=body)
    cls = {400: anthropic.BadRequestError, 429: anthropic.RateLimitError}.get(status, anthropic.InternalServerError)
    return cls("error", response=response, body=body)


SCHEMA_400 = "output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false"
# Anthropic's answers to a schema its grammar compiler cannot take, naming no schema path:
# the 180 s compile timeout (platform.claude.com structured-outputs limits, as quoted in
# reference §C.1; its status not documented: 400 invalid_request_error as the others) and
# a grammar too large (a real 400 in anthropics/anthropic-sdk-python#1185)
TOO_COMPLEX = "Schema is too complex for compilation"
TOO_LARGE = ("The compiled grammar is too large, which would cause performance issues. Simplify your tool schemas "
             "or reduce the number of strict tools.")


def _anthropic_400(message: str, kind: str = "invalid_request_error") -> Exception:
    return _anthropic(400, {"type": "error", "error": {"type": kind, "message": message}})


@pytest.mark.parametrize(
    ("error", "kind"),
    [
        (_openai(400, {"message": "Invalid schema for response_format 'x': ...", "type": "invalid_request_error",
                       "param": "response_format", "code": "invalid_json_schema"}), "schema_rejected"),
        (_openai(400, {"message": "max_tokens is too large", "type": "invalid_request_error",
                       "param": "max_tokens", "code": None}), "error"),
        (_openai(429, {"message": "Rate limit reached", "type": "requests", "param": None, "code": None}),
         "transient"),
        (_openai(500, {"message": "server error", "type": "server_error", "param": None, "code": None}),
         "transient"),
        (_anthropic(400, {"type": "error", "error": {"type": "invalid_request_error", "message": SCHEMA_400}}),
         "schema_rejected"),
        (_anthropic(429, {"type": "error", "error": {"type": "rate_limit_error", "message": "Rate limited"}}),
         "transient"),
        (_anthropic_400(TOO_COMPLEX), "schema_rejected"),
        (_anthropic_400(TOO_COMPLEX + "."), "schema_rejected"),
        (_anthropic_400(TOO_LARGE), "schema_rejected"),
        # matched conservatively: the sentence opens the message of a 400 invalid_request_error
        (_anthropic_400("The prompt quotes: " + TOO_COMPLEX), "error"),
        (_anthropic_400(TOO_COMPLEX, "api_error"), "error"),
        (_anthropic(500, {"type": "error", "error": {"type": "api_error", "message": TOO_COMPLEX}}), "transient"),
        (_anthropic(413, {"type": "error", "error": {"type": "request_too_large", "message": TOO_LARGE}}), "error"),
        (genai_errors.ClientError(400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message":
                                                  'Invalid JSON payload received. Unknown name "response_schema"'}}),
         "schema_rejected"),
        (genai_errors.ClientError(400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message":
                                                  "Please use a valid role: user, model."}}), "error"),
        (genai_errors.ServerError(503, {"error": {"code": 503, "status": "UNAVAILABLE", "message": "overloaded"}}),
         "transient"),
        ({"error": {"code": 400, "status": "INVALID_ARGUMENT",  # the Gemini REST body, its status inside
                    "message": 'Invalid JSON payload received. Unknown name "responseSchema"'}}, "schema_rejected"),
        ({"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "Quota exceeded"}}, "transient"),
        (_Bedrock("ValidationException", 400, "The model returned the following errors: "
                   "outputConfig.textFormat.structure.jsonSchema.schema: unsupported keyword"), "schema_rejected"),
        (_Bedrock("ValidationException", 400, "messages.0.content: at least one block required"), "error"),
        (_Bedrock("ThrottlingException", 429, "Too many requests, please wait before trying again."), "transient"),
        (_Bedrock("ServiceUnavailableException", 503, "Service unavailable"), "transient"),
        (_Bedrock("InternalServerException", 500, "Internal server error"), "transient"),
        (_Bedrock("ModelTimeoutException", 408, "The request took too long"), "transient"),
        (_Bedrock("AccessDeniedException", 403, "not authorized"), "error"),
    ],
    ids=lambda x: repr(x) if isinstance(x, _Bedrock) else type(x).__name__ if isinstance(x, Exception) else None,
)
def test_the_sdks_errors_are_classified_by_their_status_and_fields(error: Any, kind: str) -> None:
    assert classify_error(error.build() if isinstance(error, _Bedrock) else error) == kind


ISSUES = (ValidationIssue("/a", "type", "1 is not of type 'string'"),)
NOTE = ("Your previous answer does not match the required JSON Schema:\n- at /a (type): 1 is not of type "
        "'string'\nAnswer again with only the corrected JSON.")


@pytest.mark.parametrize(
    ("target", "request_", "added"),
    [
        ("openai.chat", {"messages": [{"role": "user", "content": "q"}]},
         {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": '{"a": 1}'},
                       {"role": "user", "content": NOTE}]}),
        ("openai.responses", {"input": "q"},
         {"input": [{"role": "user", "content": "q"}, {"role": "assistant", "content": '{"a": 1}'},
                    {"role": "user", "content": NOTE}]}),
        ("gemini", {"contents": [{"role": "user", "parts": [{"text": "q"}]}]},
         {"contents": [{"role": "user", "parts": [{"text": "q"}]}, {"role": "model", "parts": [{"text": '{"a": 1}'}]},
                       {"role": "user", "parts": [{"text": NOTE}]}]}),
        ("bedrock.converse", {"messages": [{"role": "user", "content": [{"text": "q"}]}]},
         {"messages": [{"role": "user", "content": [{"text": "q"}]},
                       {"role": "assistant", "content": [{"text": '{"a": 1}'}]},
                       {"role": "user", "content": [{"text": NOTE}]}]}),
    ],
)
def test_the_correction_turn_in_each_targets_shape(target: str, request_: Dict[str, Any], added: Any) -> None:
    assert with_correction(request_, target, '{"a": 1}', ISSUES) == added


def test_a_long_correction_names_twenty_problems_and_counts_the_rest() -> None:
    issues = tuple(ValidationIssue(f"/{i}", "type", "wrong") for i in range(23))
    note = with_correction({"messages": []}, "openai.chat", "{}", issues)["messages"][-1]["content"]
    assert note.count("\n- at /") == 20
    assert "\n- at /19 (type): wrong\n- ... and 3 more\nAnswer again" in note


@pytest.mark.parametrize(
    ("target", "request_", "expected"),
    [
        ("openai.chat", {"messages": [{"role": "developer", "content": "Be brief."}]},
         {"messages": [{"role": "developer", "content": "Be brief.\n\nANSWER"}]}),
        ("openai.chat", {"messages": [{"role": "user", "content": "q"}]},
         {"messages": [{"role": "system", "content": "ANSWER"}, {"role": "user", "content": "q"}]}),
        ("openai.responses", {"instructions": "Be brief."}, {"instructions": "Be brief.\n\nANSWER"}),
        ("anthropic.messages", {"system": [{"type": "text", "text": "Be brief."}]},
         {"system": [{"type": "text", "text": "Be brief."}, {"type": "text", "text": "ANSWER"}]}),
        ("bedrock.converse", {"system": [{"text": "Be brief."}]}, {"system": [{"text": "Be brief."}, {"text": "ANSWER"}]}),
        ("bedrock.converse", {}, {"system": [{"text": "ANSWER"}]}),
        ("gemini", {"systemInstruction": {"parts": [{"text": "Be brief."}]}},
         {"systemInstruction": {"parts": [{"text": "Be brief."}, {"text": "ANSWER"}]}}),  # REST, camelCase kept
        ("gemini", {}, {"system_instruction": {"parts": [{"text": "ANSWER"}]}}),
        # a REST request (camelCase ``generationConfig``/``toolConfig``) gets ``systemInstruction``,
        # as its token budget goes to ``generationConfig.maxOutputTokens`` (docs/structured-output.md)
        ("gemini", {"generationConfig": {"temperature": 0}},
         {"generationConfig": {"temperature": 0}, "systemInstruction": {"parts": [{"text": "ANSWER"}]}}),
        ("gemini", {"toolConfig": {}}, {"toolConfig": {}, "systemInstruction": {"parts": [{"text": "ANSWER"}]}}),
        ("gemini", {"generation_config": {}}, {"generation_config": {}, "system_instruction": {"parts": [{"text": "ANSWER"}]}}),
        # an instruction already there is added to under its own spelling, never beside it
        ("gemini", {"generationConfig": {}, "system_instruction": {"parts": [{"text": "Be brief."}]}},
         {"generationConfig": {}, "system_instruction": {"parts": [{"text": "Be brief."}, {"text": "ANSWER"}]}}),
    ],
)
def test_the_prompt_mode_instruction_goes_where_each_api_keeps_its_system_prompt(
    target: str, request_: Dict[str, Any], expected: Any
) -> None:
    assert inject_instruction(request_, "ANSWER", target) == expected


def test_capability_lookups_by_bare_name_and_custom_quirks() -> None:
    """A provider-prefixed entry answers for its bare name spelled with any prefix (the
    last path segment: ``watsonx/openai/gpt-oss-120b`` is ``gpt-oss-120b``), and
    overrides keep a caller's own quirks table."""
    from toolwire.schema import Capabilities, supports_native

    assert supports_native("gpt-oss-120b") is False  # from watsonx/openai/gpt-oss-120b
    assert supports_native("azure/eu/deepseek-chat") is False  # deepseek/deepseek-chat, another prefix
    assert supports_native("azure/eu/unknown-model") is None
    own = Capabilities(quirks={"acme/model-x": (False, "ignores the schema")})
    assert own.supports_native("model-x") is False
    assert own.supports_native("deepseek-chat") is None  # its quirks replace the built-in ones
    moved = own.with_overrides({"other": True})
    assert (moved.supports_native("model-x"), moved.supports_native("other")) == (False, True)
    assert moved.supports_native("deepseek-chat") is None


@pytest.mark.parametrize(
    ("error", "kind"),
    [
        ({"code": 400, "message": "Invalid JSON payload: unknown name response_schema"}, "schema_rejected"),
        ({"status": 400, "body": {"error": {"message": "output_config.format.schema: bad"}}}, "schema_rejected"),
        ({"status": 400, "body": {"error": {"message": "messages: at least one message is required"}}}, "error"),
    ],
)
def test_error_payloads_with_their_status_at_the_top_or_a_body_beside_it(error: Any, kind: str) -> None:
    assert classify_error(error) == kind


def test_an_exception_with_a_status_and_only_its_text() -> None:
    class Rejected(Exception):
        status_code = 400

    assert classify_error(Rejected("Invalid schema for response_format 'answer'")) == "schema_rejected"
    assert classify_error(Rejected("max_tokens: too large")) == "error"


def test_a_root_level_problem_is_named_at_slash() -> None:
    out = with_correction({"messages": []}, "openai.chat", "5", (ValidationIssue("", "type", "5 is not an object"),))
    assert "\n- at / (type): 5 is not an object\n" in out["messages"][-1]["content"]


def test_a_tool_turn_answers_only_the_anthropic_tool_target() -> None:
    blocks = [{"type": "tool_use", "id": "toolu_1", "name": "answer", "input": {"a": 1}}]
    chat = with_correction({"messages": []}, "openai.chat", '{"a": 1}', ISSUES, (blocks, "toolu_1"))
    assert chat["messages"] == [{"role": "assistant", "content": '{"a": 1}'}, {"role": "user", "content": NOTE}]
    tool = with_correction({"messages": []}, "anthropic.tool", '{"a": 1}', ISSUES, (blocks, "toolu_1"))
    assert tool["messages"] == [
        {"role": "assistant", "content": blocks},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": NOTE,
                                      "is_error": True}]},
    ]


@pytest.mark.parametrize("rest_key", ["generationConfig", "systemInstruction", "toolConfig"])
def test_a_gemini_rest_request_gets_its_budget_in_camel_case(rest_key: str) -> None:
    """Any camelCase top-level field says the request is the REST form: the budget is
    read from and raised in ``generationConfig.maxOutputTokens``, not the snake_case
    spelling (none there: the model's own maximum is in effect, nothing to raise)."""
    from toolwire.schema._requests import raise_budget

    request = {"contents": [], rest_key: {}}
    assert raise_budget(request, "gemini", 4, 65_536) is None
    request["generationConfig"] = dict(request.get("generationConfig") or {}, maxOutputTokens=1000)
    out = raise_budget(request, "gemini", 4, 65_536)
    assert out is not None
    assert out["generationConfig"]["maxOutputTokens"] == 4000
    assert "generation_config" not in out


def test_a_bedrock_request_names_its_model_in_model_id() -> None:
    """``prepare(mode="auto")`` asks the capability data about the request's model:
    Bedrock names it in ``modelId``."""
    from toolwire import retry
    from toolwire.schema import Capabilities

    caps = Capabilities(quirks={"acme-model": (False, "ignores the schema")})
    schema = {"type": "object", "properties": {"a": {"type": "integer"}}}
    request = {"modelId": "acme-model", "messages": [{"role": "user", "content": [{"text": "q"}]}]}
    assert retry.prepare(request, schema, "bedrock.converse", capabilities=caps).mode == "prompt"
    assert retry.prepare(dict(request, modelId="other"), schema, "bedrock.converse", capabilities=caps).mode == "native"


# Without a budget of its own a request runs at the provider's default, the model's
# maximum or no limit at all: OpenAI Chat ``max_completion_tokens`` and Responses
# ``max_output_tokens`` (no default: the model's output limit), Gemini
# ``maxOutputTokens`` ("the default value varies by model, see Model.output_token_limit"),
# Bedrock ``maxTokens`` ("the default value is the maximum allowed value for the model"),
# Ollama ``num_predict`` (default -1: "infinite"; -2: "fill context"), vLLM ``max_tokens``
# (what the context leaves). No number is known to be larger: the plan stops.
UNRAISABLE = [
    ("openai.chat", {"model": "gpt-4.1", "messages": []}),
    ("openai.responses", {"model": "gpt-4.1", "input": "q"}),
    ("anthropic.messages", {"model": "claude-sonnet-4-5", "messages": []}),  # max_tokens is required: none known
    ("gemini", {"model": "gemini-2.5-flash", "contents": "q", "config": {"temperature": 0}}),
    ("gemini", {"contents": [], "generationConfig": {"temperature": 0}}),
    ("gemini", {"contents": []}),
    ("bedrock.converse", {"modelId": "amazon.nova-pro-v1:0", "messages": []}),
    ("ollama", {"model": "llama3.1", "messages": []}),
    ("ollama", {"model": "llama3.1", "messages": [], "options": {"num_predict": -1}}),
    ("ollama", {"model": "llama3.1", "messages": [], "options": {"num_predict": -2}}),
    ("vllm", {"model": "qwen3", "messages": []}),
    ("openai.chat", {"model": "gpt-4.1", "messages": [], "max_completion_tokens": 0}),
    ("openai.chat", {"model": "gpt-4.1", "messages": [], "max_completion_tokens": True}),  # no count
    ("openai.chat", {"model": "o3", "messages": [], "max_completion_tokens": 100_000}),  # above the cap: never lowered
]


@pytest.mark.parametrize(("target", "request_"), UNRAISABLE)
def test_a_budget_in_effect_is_never_lowered(target: str, request_: Dict[str, Any]) -> None:
    from toolwire.schema._requests import raise_budget

    assert raise_budget(request_, target, 4, 65_536) is None


def test_a_truncated_ollama_reply_with_unlimited_output_stops() -> None:
    """``num_predict: -1`` is no limit: a ``length`` there means the context filled up,
    and a "larger" budget of 16384 capped output that had none."""
    from toolwire import retry

    request = {"model": "llama3.1", "messages": [{"role": "user", "content": "hi"}], "options": {"num_predict": -1}}
    p = retry.prepare(request, {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
                      "ollama")
    reply = {"model": "llama3.1", "created_at": "x", "message": {"role": "assistant", "content": '{"a": 12'},
             "done": True, "done_reason": "length"}
    outcome = retry.classify(reply, p.state)
    step = retry.plan(p.request, outcome, p.state)
    assert (outcome.kind, step.action, step.request) == ("truncated", "stop", None)
    assert step.reason == ("truncated without a token budget of its own: the provider's default (the model's "
                           "maximum, or no limit) was in effect, no larger one is known")
    capped = retry.plan(dict(p.request, options={"num_predict": 65_536}), outcome, p.state)
    assert (capped.action, capped.reason) == ("stop", "truncated at the token cap (65536)")


@pytest.mark.parametrize(("target", "mode"), [
    ("openai.chat", "prompt"), ("azure", "prompt"), ("openai.responses", "native"), ("vllm", "native"),
    ("ollama", "native"),
])
def test_the_deepseek_chat_completions_quirk_holds_for_chat_completions_only(target: str, mode: str) -> None:
    """DeepSeek's Chat Completions endpoint rejects ``json_schema`` ("This response_format
    type is unavailable now"), its Responses endpoint honours it
    (reference/structured-output.md §E): the quirk sent every target to prompt mode."""
    from toolwire.retry import prepare
    from toolwire.schema import choose_mode, supports_native

    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
    for model in ("deepseek-chat", "deepseek/deepseek-reasoner"):
        assert prepare({"model": model, "messages": []}, schema, target).mode == mode
    assert supports_native("deepseek-chat") is False  # no target: every quirk answers, as before
    assert (supports_native("deepseek-chat", target="openai.responses"), choose_mode("gpt-oss-120b", target="vllm")) == (
        None, "native")


def test_a_correction_line_stays_short_however_long_the_pointer() -> None:
    # a pointer under 1,000-character keys, 40 levels down: 40,000 characters per line
    deep = "".join(f"/{str(i % 10) * 1000}" for i in range(40))
    said = f"property {'k' * 5000!r} is not allowed"
    issues = (ValidationIssue(f"{deep}/7", "additionalProperties", said),)
    note = with_correction({"messages": []}, "openai.chat", "{}", issues)["messages"][-1]["content"]
    line = note.split("\n")[1]  # 200 characters of the pointer, 300 of the message: the start and the end
    assert line == f"- at {deep[:60]}…{deep[-137:]}/7 (additionalProperties): {said[:149]}…{said[-150:]}"
    assert said[-150:] == "k" * 134 + "' is not allowed"
