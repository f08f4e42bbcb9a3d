"""A request that already asks for a format gets the new one in its place, never the
two deep-merged (``properties`` of both with the ``required`` of one: a 400), and a
prompt-mode request asks for none.

Wire shapes: Chat ``response_format: {"type": "json_schema", "json_schema": {"name",
"schema", "strict"}}``, Responses ``text.format: {"type": "json_schema", "name",
"schema", "strict"}`` (https://platform.openai.com/docs/api-reference), Anthropic
``output_config.format: {"type": "json_schema", "schema"}``
(https://platform.claude.com/docs/en/build-with-claude/structured-outputs), Gemini
``response_json_schema`` ("If set, ``response_schema`` must be omitted": google-genai's
``GenerateContentConfig``), Bedrock ``outputConfig.textFormat.structure.jsonSchema``
(the schema as a string), Ollama ``format``, vLLM ``structured_outputs.json`` (one
constraint of ``json``/``regex``/``choice``/``grammar``...).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict

import pytest

from toolwire import retry

A = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"], "additionalProperties": False}
B = {"type": "object", "properties": {"age": {"type": "integer"}}, "required": ["age"], "additionalProperties": False}
MESSAGES = [{"role": "user", "content": "x"}]


def _chat(r: Dict[str, Any]) -> Any:
    return r["response_format"]["json_schema"]["schema"]


CASES: Dict[str, tuple[Dict[str, Any], Callable[[Dict[str, Any]], Any]]] = {
    "openai.chat": ({"model": "gpt-4o", "messages": MESSAGES}, _chat),
    "openai.responses": ({"model": "gpt-4o", "input": "x"}, lambda r: r["text"]["format"]["schema"]),
    "anthropic.messages": ({"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": MESSAGES},
                           lambda r: r["output_config"]["format"]["schema"]),
    "gemini": ({"model": "gemini-2.5-flash", "contents": "x", "config": {"temperature": 0}},
               lambda r: r["config"]["response_json_schema"]),
    "bedrock.converse": ({"modelId": "m", "messages": []},
                         lambda r: json.loads(r["outputConfig"]["textFormat"]["structure"]["jsonSchema"]["schema"])),
    "ollama": ({"model": "llama3.1", "messages": MESSAGES}, lambda r: r["format"]),
    "vllm": ({"model": "m", "messages": MESSAGES}, lambda r: r["extra_body"]["structured_outputs"]["json"]),
}


@pytest.mark.parametrize("target", list(CASES))
def test_a_second_schema_replaces_the_first(target: str) -> None:
    request, read = CASES[target]
    first = retry.prepare(request, A, target, mode="native").request
    second = retry.prepare(first, B, target, mode="native")
    assert read(second.request) == read(retry.prepare(request, B, target, mode="native").request)
    assert "name" not in json.dumps(read(second.request))


@pytest.mark.parametrize("target", list(CASES))
def test_prompt_mode_asks_for_no_format(target: str) -> None:
    request, read = CASES[target]
    first = retry.prepare(request, A, target, mode="native").request
    prompt = retry.prepare(first, B, target, mode="prompt").request
    with pytest.raises((KeyError, TypeError)):
        read(prompt)


def test_the_callers_other_fields_stay() -> None:
    first = {"model": "gpt-4o", "input": "x", "text": {"verbosity": "low", "format": {"type": "text"}}}
    out = retry.prepare(first, B, "openai.responses", mode="native").request
    assert out["text"]["verbosity"] == "low" and out["text"]["format"]["name"] == "response"
    vllm = {"model": "m", "messages": MESSAGES,
            "extra_body": {"structured_outputs": {"regex": "a+", "disable_any_whitespace": True}, "top_k": 5}}
    out = retry.prepare(vllm, B, "vllm").request
    assert out["extra_body"] == {"top_k": 5, "structured_outputs": {"disable_any_whitespace": True, "json": B}}
    claude = {"model": "c", "max_tokens": 1, "messages": [], "output_config": {"effort": "low", "format": {"x": 1}}}
    out = retry.prepare(claude, B, "anthropic.messages").request
    assert out["output_config"] == {"effort": "low", "format": {"type": "json_schema", "schema": B}}


def test_gemini_sends_one_of_its_two_schema_fields() -> None:
    openapi = retry.prepare({"model": "gemini-2.5-flash", "contents": "x", "config": {}}, A, "gemini.openapi").request
    assert "response_schema" in openapi["config"]
    out = retry.prepare(openapi, B, "gemini").request["config"]
    assert (out["response_mime_type"], out["response_json_schema"], "response_schema" in out) == (
        "application/json", B, False)
    rest = {"contents": [], "generationConfig": {"responseSchema": {"type": "OBJECT"}, "maxOutputTokens": 5}}
    out = retry.prepare(rest, B, "gemini").request["generationConfig"]
    assert out == {"maxOutputTokens": 5, "responseMimeType": "application/json", "responseJsonSchema": B}


def test_a_google_genai_config_object_keeps_its_type() -> None:
    types = pytest.importorskip("google.genai.types")
    config = types.GenerateContentConfig(response_mime_type="application/json", response_schema={"type": "OBJECT"},
                                         temperature=0.2)
    out = retry.prepare({"model": "gemini-2.5-flash", "contents": "x", "config": config}, B, "gemini").request
    assert type(out["config"]) is types.GenerateContentConfig
    assert (out["config"].response_schema, out["config"].response_json_schema, out["config"].temperature) == (
        None, B, 0.2)
    prompt = retry.prepare({"model": "gemini-2.5-flash", "contents": "x", "config": config}, B, "gemini",
                           mode="prompt").request
    assert (prompt["config"].response_schema, prompt["config"].response_mime_type) == (None, "application/json")
