"""The retry planner under a target alias (``openai``, ``azure``, ``vertex``, ``bedrock``,
``ollama.chat``): every request it makes is the one the canonical id makes.

The requests are checked against the real request types too: google-genai's
``generate_content(model=, contents=, config=)`` (a ``GenerateContentConfig``), botocore's
parameter validator for bedrock-runtime ``Converse`` (content blocks, ``inferenceConfig.maxTokens``),
ollama's ``ChatRequest`` (``options.num_predict``), and OpenAI's Chat
``max_completion_tokens`` (reasoning models reject ``max_tokens``).
"""

from __future__ import annotations

from typing import Any, Dict

import botocore.session
import pytest
from botocore.validate import ParamValidator
from google.genai import types as genai_types
from ollama._types import ChatRequest

from toolwire import retry

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}


def _chat(text: str, finish: str) -> Dict[str, Any]:
    return {"choices": [{"index": 0, "finish_reason": finish, "message": {"role": "assistant", "content": text}}]}


def _gemini(text: str, finish: str) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": finish}]}


def _bedrock(text: str, stop: str) -> Dict[str, Any]:
    return {"output": {"message": {"role": "assistant", "content": [{"text": text}]}}, "stopReason": stop,
            "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2}}


def _ollama(text: str, reason: str) -> Dict[str, Any]:
    return {"model": "llama3.1", "created_at": "2025-01-01T00:00:00Z", "done": True, "done_reason": reason,
            "message": {"role": "assistant", "content": text}}


CASES = [
    ("openai", "openai.chat",
     {"model": "gpt-5", "messages": [{"role": "user", "content": "hi"}], "max_completion_tokens": 1000},
     _chat('{"a":', "length"), _chat('{"a": "x"}', "stop")),
    ("azure", "openai.chat",
     {"model": "gpt-5", "messages": [{"role": "user", "content": "hi"}], "max_completion_tokens": 1000},
     _chat('{"a":', "length"), _chat('{"a": "x"}', "stop")),
    ("vertex", "gemini",
     {"model": "gemini-2.5-flash", "contents": "hi", "config": {"temperature": 0, "max_output_tokens": 1000}},
     _gemini('{"a":', "MAX_TOKENS"), _gemini('{"a": "x"}', "STOP")),
    ("bedrock", "bedrock.converse",
     {"modelId": "amazon.nova-pro-v1:0", "messages": [{"role": "user", "content": [{"text": "hi"}]}],
      "inferenceConfig": {"maxTokens": 1000}},
     _bedrock('{"a":', "max_tokens"), _bedrock('{"a": "x"}', "end_turn")),
    ("ollama.chat", "ollama",
     {"model": "llama3.1", "messages": [{"role": "user", "content": "hi"}], "options": {"num_predict": 1000}},
     _ollama('{"a":', "length"), _ollama('{"a": "x"}', "stop")),
]


def _requests(target: str, request: Dict[str, Any], truncated: Any, invalid: Any, mode: str) -> Dict[str, Any]:
    prepared = retry.prepare(request, SCHEMA, target, mode=mode)
    state = prepared.state
    bigger = retry.plan(prepared.request, retry.classify(truncated, state), state)
    corrected = retry.plan(prepared.request, retry.classify(invalid, state), state)
    assert bigger.action == "retry" and corrected.action == "retry"
    return {"first": prepared.request, "bigger": bigger.request, "corrected": corrected.request,
            "target": state.target}


@pytest.mark.parametrize("mode", ["native", "prompt"])
@pytest.mark.parametrize(("alias", "canonical", "request_", "truncated", "invalid"), CASES,
                         ids=[c[0] for c in CASES])
def test_an_alias_makes_the_requests_of_its_canonical_target(
    alias: str, canonical: str, request_: Dict[str, Any], truncated: Any, invalid: Any, mode: str
) -> None:
    assert _requests(alias, request_, truncated, invalid, mode) == _requests(
        canonical, request_, truncated, invalid, mode
    )
    assert retry.prepare(request_, SCHEMA, alias).state.target == canonical


@pytest.mark.parametrize("target", ["openai", "azure", "openai.chat"])
def test_a_chat_truncation_raises_max_completion_tokens_and_adds_no_max_tokens(target: str) -> None:
    request = {"model": "gpt-5", "messages": [{"role": "user", "content": "hi"}], "max_completion_tokens": 1000}
    out = _requests(target, request, _chat('{"a":', "length"), _chat('{"a": "x"}', "stop"), "native")["bigger"]
    assert out["max_completion_tokens"] == 4000
    assert "max_tokens" not in out


@pytest.mark.parametrize("target", ["vertex", "gemini"])
def test_a_vertex_request_stays_a_generate_content_call(target: str) -> None:
    request = {"model": "gemini-2.5-flash", "contents": "hi", "config": {"temperature": 0, "max_output_tokens": 1000}}
    reqs = _requests(target, request, _gemini('{"a":', "MAX_TOKENS"), _gemini('{"a": "x"}', "STOP"), "native")
    for out in (reqs["first"], reqs["bigger"], reqs["corrected"]):
        assert sorted(out) == ["config", "contents", "model"]  # generate_content(model=, contents=, config=)
        genai_types.GenerateContentConfig.model_validate(out["config"])
    assert reqs["bigger"]["config"]["max_output_tokens"] == 4000
    assert reqs["corrected"]["contents"] == [
        {"role": "user", "parts": [{"text": "hi"}]},
        {"role": "model", "parts": [{"text": '{"a": "x"}'}]},
        {"role": "user", "parts": [{"text": reqs["corrected"]["contents"][2]["parts"][0]["text"]}]},
    ]
    for turn in reqs["corrected"]["contents"]:
        genai_types.Content.model_validate(turn)


@pytest.mark.parametrize("target", ["bedrock", "bedrock.converse"])
def test_a_bedrock_request_passes_botocores_converse_validator(target: str) -> None:
    shape = botocore.session.get_session().get_service_model("bedrock-runtime").operation_model("Converse").input_shape
    request = {"modelId": "amazon.nova-pro-v1:0", "messages": [{"role": "user", "content": [{"text": "hi"}]}],
               "inferenceConfig": {"maxTokens": 1000}}
    for mode in ("native", "prompt"):
        reqs = _requests(target, request, _bedrock('{"a":', "max_tokens"), _bedrock('{"a": "x"}', "end_turn"), mode)
        for key in ("first", "bigger", "corrected"):
            report = ParamValidator().validate(reqs[key], shape)
            assert not report.has_errors(), report.generate_report()
        assert reqs["bigger"]["inferenceConfig"] == {"maxTokens": 4000}
        assert reqs["corrected"]["messages"][1] == {"role": "assistant", "content": [{"text": '{"a": "x"}'}]}


@pytest.mark.parametrize("target", ["ollama.chat", "ollama"])
def test_an_ollama_truncation_raises_num_predict(target: str) -> None:
    request = {"model": "llama3.1", "messages": [{"role": "user", "content": "hi"}], "options": {"num_predict": 1000}}
    reqs = _requests(target, request, _ollama('{"a":', "length"), _ollama('{"a": "x"}', "stop"), "native")
    assert reqs["bigger"]["options"] == {"num_predict": 4000}
    assert "max_tokens" not in reqs["bigger"]
    ChatRequest.model_validate(reqs["bigger"])


@pytest.mark.parametrize(("held", "name"), [({"max_tokens": 100}, "max_tokens"),
                                            ({"max_completion_tokens": 100}, "max_completion_tokens")])
def test_a_vllm_truncation_raises_the_budget_field_the_request_uses(held: Dict[str, Any], name: str) -> None:
    request = dict({"model": "qwen3", "messages": [{"role": "user", "content": "hi"}]}, **held)
    out = _requests("vllm", request, _chat('{"a":', "length"), _chat('{"a": "x"}', "stop"), "native")["bigger"]
    assert out[name] == 400
    assert set(out) & {"max_tokens", "max_completion_tokens"} == {name}
