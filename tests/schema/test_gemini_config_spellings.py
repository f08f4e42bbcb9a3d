"""Gemini retry-plan edits read and write a config in the spelling its caller used.

google-genai's ``GenerateContentConfig`` (a pydantic model with ``alias_generator=to_camel``
and ``populate_by_name=True``) takes each field under its snake_case name or its
camelCase alias, and refuses a second key for one field ("Extra inputs are not
permitted"); the REST API's ``generationConfig`` is read as proto3 JSON, which takes the
proto field name (``max_output_tokens``) as well as the lowerCamelCase JSON name
(https://protobuf.dev/programming-guides/json/: "parsers accept both the lowerCamelCase
name ... and the original proto field name"). The SDK's model is the oracle here."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import EncodeError, retry

genai = pytest.importorskip("google.genai")
from google.genai import types  # noqa: E402

S = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
CUT = {"candidates": [{"index": 0, "finishReason": "MAX_TOKENS",
                       "content": {"role": "model", "parts": [{"text": '{"name": "B'}]}}]}


def _sdk(config: Dict[str, Any]) -> Dict[str, Any]:
    return {"model": "gemini-2.5-flash", "contents": "hi", "config": config}


def _retried(request: Dict[str, Any]) -> Dict[str, Any]:
    p = retry.prepare(request, S, "gemini", mode="native")
    step = retry.plan(p.request, retry.classify(CUT, p.state), p.state)
    assert step.action == "retry", step.reason
    assert step.request is not None
    return step.request


def test_a_camel_case_budget_in_config_is_raised_under_its_own_key() -> None:
    config = _retried(_sdk({"maxOutputTokens": 100}))["config"]
    assert config["maxOutputTokens"] == 400
    assert "max_output_tokens" not in config
    assert types.GenerateContentConfig.model_validate(config).max_output_tokens == 400


def test_a_camel_case_config_gets_the_format_in_camel_case() -> None:
    p = retry.prepare(_sdk({"responseMimeType": "text/plain", "temperature": 0.2}), S, "gemini", mode="native")
    config = p.request["config"]
    assert sorted(config) == ["responseJsonSchema", "responseMimeType", "temperature"]
    sent = types.GenerateContentConfig.model_validate(config)
    assert (sent.response_mime_type, sent.response_json_schema) == ("application/json", S)


def test_a_camel_case_schema_is_replaced_not_doubled() -> None:
    p = retry.prepare(_sdk({"responseSchema": {"type": "STRING"}}), S, "gemini", mode="native")
    config = p.request["config"]
    assert sorted(config) == ["responseJsonSchema", "responseMimeType"]
    types.GenerateContentConfig.model_validate(config)


def test_a_camel_case_system_instruction_is_joined_in_prompt_mode() -> None:
    p = retry.prepare(_sdk({"systemInstruction": "Be brief."}), S, "gemini", mode="prompt")
    config = p.request["config"]
    assert list(config) == ["systemInstruction"]
    said = types.GenerateContentConfig.model_validate(config).system_instruction
    assert isinstance(said, str) and said.startswith("Be brief.\n\n")


def test_a_camel_case_config_gets_its_continuation_token_in_camel_case() -> None:
    p = retry.prepare(_sdk({"maxOutputTokens": 100}), S, "gemini", mode="native")
    more = {"candidates": [{"index": 0, "finishReason": "CONTINUATION", "continuationToken": "dG9r",
                            "content": {"role": "model", "parts": [{"text": '{"name": '}]}}]}
    step = retry.plan(p.request, retry.classify(more, p.state), p.state)
    assert step.request is not None
    config = step.request["config"]
    assert (config.get("continuationToken"), "continuation_token" in config) == ("dG9r", False)
    if "continuation_token" in types.GenerateContentConfig.model_fields:  # (older google-genai lack the field)
        types.GenerateContentConfig.model_validate(config)


def test_snake_case_config_stays_snake_case() -> None:
    config = _retried(_sdk({"max_output_tokens": 100, "temperature": 0.2}))["config"]
    assert sorted(config) == ["max_output_tokens", "response_json_schema", "response_mime_type", "temperature"]
    assert types.GenerateContentConfig.model_validate(config).max_output_tokens == 400


def test_rest_generation_config_with_proto_names() -> None:
    body = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}], "generationConfig": {"max_output_tokens": 100}}
    gc = _retried(body)["generationConfig"]
    assert gc == {"max_output_tokens": 400, "response_mime_type": "application/json", "response_json_schema": S}


def test_rest_snake_generation_config_with_camel_names() -> None:
    body = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}], "generation_config": {"maxOutputTokens": 100}}
    gc = _retried(body)["generation_config"]
    assert gc == {"maxOutputTokens": 400, "responseMimeType": "application/json", "responseJsonSchema": S}


@pytest.mark.parametrize("mode", ["native", "prompt"])
def test_both_spellings_of_one_field_are_refused(mode: str) -> None:
    config = {"max_output_tokens": 100, "maxOutputTokens": 200}
    with pytest.raises(ValueError, match="Extra inputs are not permitted"):  # the SDK refuses it too
        types.GenerateContentConfig.model_validate(config)
    with pytest.raises(EncodeError) as err:
        retry.prepare(_sdk(config), S, "gemini", mode=mode)
    assert err.value.loc == "$.config.maxOutputTokens"
    assert str(err.value) == ("The Gemini config sets 'max_output_tokens' and 'maxOutputTokens', two spellings of "
                              "one field: give one")
