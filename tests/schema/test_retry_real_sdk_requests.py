"""#15 class 13: retry with real SDK request forms.

One convention per Gemini request form, chosen from the request: google-genai's
``generate_content(model=, contents=, config=...)`` puts everything under ``config``
(snake_case: ``response_mime_type``, ``response_json_schema``, ``max_output_tokens``,
``system_instruction``); the REST body under ``generationConfig`` (camelCase); the
REST body's snake_case spelling under ``generation_config``. The model is read from
``request["model"]`` when ``model=`` is not given; bare and provider-prefixed model
names resolve alike; ``Capabilities.from_litellm()`` without litellm is a toolwire error.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import retry
from toolwire.schema import Capabilities

SCHEMA = {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}
CONTENTS = [{"role": "user", "parts": [{"text": "x?"}]}]


def _gemini(text: str, finish: str) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": finish}]}


def _run(request: Dict[str, Any], **kw: Any) -> List[Dict[str, Any]]:
    sent: List[Dict[str, Any]] = []

    def send(req: Dict[str, Any]) -> Dict[str, Any]:
        sent.append(req)
        return _gemini('{"x": ', "MAX_TOKENS") if len(sent) == 1 else _gemini('{"x": 1}', "STOP")

    result = retry.generate(send, request, SCHEMA, target="gemini", **kw)
    assert result.ok and result.value == {"x": 1}
    return sent


def test_retry_real_sdk_requests_google_genai_config() -> None:
    first, second = _run({"model": "gemini-2.5-flash", "contents": CONTENTS,
                          "config": {"temperature": 0, "max_output_tokens": 100}})
    assert first["config"] == {"temperature": 0, "max_output_tokens": 100, "response_mime_type": "application/json",
                               "response_json_schema": SCHEMA}
    assert second["config"]["max_output_tokens"] == 400
    assert "generation_config" not in first and "generation_config" not in second
    assert "generationConfig" not in second


def test_retry_real_sdk_requests_rest_camel_case() -> None:
    request = {"contents": CONTENTS, "generationConfig": {"temperature": 0, "maxOutputTokens": 100}}
    first, second = _run(request)
    assert first["generationConfig"] == {"temperature": 0, "maxOutputTokens": 100,
                                         "responseMimeType": "application/json", "responseJsonSchema": SCHEMA}
    assert second["generationConfig"]["maxOutputTokens"] == 400
    assert "generation_config" not in first and "config" not in first


def test_retry_real_sdk_requests_rest_snake_case() -> None:
    first, second = _run({"contents": CONTENTS, "generation_config": {"max_output_tokens": 100}})
    assert first["generation_config"] == {"max_output_tokens": 100, "response_mime_type": "application/json",
                                          "response_json_schema": SCHEMA}
    assert second["generation_config"]["max_output_tokens"] == 400


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ({}, "Answer"),
        ({"system_instruction": "Be brief."}, "Be brief.\n\nAnswer"),
        ({"system_instruction": {"parts": [{"text": "Be brief."}]}}, None),
    ],
)
def test_retry_real_sdk_requests_google_genai_prompt_mode(config: Dict[str, Any], expected: Any) -> None:
    request = {"model": "gemini-2.5-flash", "contents": CONTENTS, "config": config}
    prepared = retry.prepare(request, SCHEMA, "gemini", mode="prompt")
    out = prepared.request
    assert "system_instruction" not in out and "systemInstruction" not in out
    instruction = out["config"]["system_instruction"]
    if expected is None:
        assert instruction["parts"][0] == {"text": "Be brief."} and len(instruction["parts"]) == 2
    else:
        assert instruction.startswith(expected)


@pytest.mark.parametrize("model", ["deepseek-chat", "deepseek/deepseek-chat", "openrouter/deepseek/deepseek-chat"])
def test_retry_real_sdk_requests_model_read_from_the_request(model: str) -> None:
    # DeepSeek's Chat Completions rejects json_schema: prompt mode, with the model named only in the request
    request = {"model": model, "messages": [{"role": "user", "content": "x?"}]}
    prepared = retry.prepare(request, SCHEMA, "openai.chat")
    assert prepared.mode == "prompt"
    assert "response_format" not in prepared.request
    assert retry.prepare(request, SCHEMA, "openai.chat", model="gpt-4o").mode == "native"  # model= wins


@pytest.mark.parametrize("model", ["deepseek-chat", "deepseek/deepseek-chat", "some-host/deepseek-chat"])
def test_retry_real_sdk_requests_bare_and_prefixed_names(model: str) -> None:
    assert Capabilities().supports_native(model) is False


def test_retry_real_sdk_requests_bare_name_with_disagreeing_prefixes_is_unknown() -> None:
    caps = Capabilities({"a/m1": True, "b/m1": False, "c/m2": True})
    assert caps.supports_native("m1") is None
    assert caps.supports_native("m2") is True
    assert caps.supports_native("a/m1") is True


def test_retry_real_sdk_requests_from_litellm_without_litellm(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    import importlib.resources

    def missing(name: str) -> Any:
        raise ModuleNotFoundError(f"No module named {name!r}")

    monkeypatch.setattr(importlib.resources, "files", missing)
    with pytest.raises(toolwire.ToolwireError, match="litellm is not installed"):
        Capabilities.from_litellm()
    with pytest.raises(toolwire.ToolwireError, match="Cannot read litellm's model map"):
        Capabilities.from_litellm(str(tmp_path / "absent.json"))
    (tmp_path / "map.json").write_text('{"m1": {"supports_response_schema": true}}')
    assert Capabilities.from_litellm(str(tmp_path / "map.json")).supports_native("m1") is True
