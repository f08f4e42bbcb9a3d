"""reference/structured-output.md §H.2: request shapes W01-W08 (and §B.1, §C.1-C.5)."""

from __future__ import annotations

import json

from toolwire.retry import prepare
from toolwire.schema import normalize, prompt, render, with_instruction

S = {
    "title": "Answer",
    "type": "object",
    "properties": {
        "city": {"type": "string"},
        "kinds": {"type": "array", "items": {"type": "string", "enum": ["A", "B"]}},
    },
    "required": ["city", "kinds"],
    "additionalProperties": False,
}


def test_h2_01_openai_chat_response_format_has_strict_inside_json_schema() -> None:
    r = render(S, "openai.chat")
    assert r.request == {
        "response_format": {
            "type": "json_schema",
            "json_schema": {"name": "Answer", "schema": r.wire_schema, "strict": True},
        }
    }
    assert r.wire_schema == normalize(S)  # already strict-compatible: sent unchanged
    assert r.lossless


def test_h2_02_openai_responses_text_format_is_flat() -> None:
    r = render(S, "openai.responses")
    assert r.request == {
        "text": {"format": {"type": "json_schema", "name": "Answer", "schema": r.wire_schema, "strict": True}}
    }
    assert "json_schema" not in r.request["text"]["format"]


def test_h2_03_anthropic_output_config_and_beta_form() -> None:
    r = render(S, "anthropic.messages")
    assert r.request == {"output_config": {"format": {"type": "json_schema", "schema": r.wire_schema}}}
    assert r.headers == {}
    beta = render(S, "anthropic.messages.beta")
    assert beta.request == {"output_format": {"type": "json_schema", "schema": beta.wire_schema}}
    assert beta.headers == {"anthropic-beta": "structured-outputs-2025-11-13"}
    sent = prepare({"model": "m", "messages": []}, S, "anthropic.messages.beta", mode="native").request
    assert sent["extra_headers"] == {"anthropic-beta": "structured-outputs-2025-11-13"}


def test_h2_04_anthropic_forced_tool_with_thinking_is_downgraded_and_reported() -> None:
    forced = render(S, "anthropic.tool")
    assert forced.request["tool_choice"] == {"type": "tool", "name": "Answer", "disable_parallel_tool_use": True}
    assert forced.request["tools"][0]["input_schema"] == forced.wire_schema
    r = render(S, "anthropic.tool", thinking=True)
    assert r.request["tool_choice"] == {"type": "auto"}
    assert any(c.keyword == "tool_choice" and c.action == "rewritten" for c in r.report)
    assert any(lint.code == "forced-tool-with-thinking" for lint in r.lints)


def test_h2_05_bedrock_schema_is_a_json_string() -> None:
    r = render(S, "bedrock.converse")
    spec = r.request["outputConfig"]["textFormat"]["structure"]["jsonSchema"]
    assert r.request["outputConfig"]["textFormat"]["type"] == "json_schema"
    assert isinstance(spec["schema"], str)
    assert json.loads(spec["schema"]) == r.wire_schema
    assert spec["name"] == "Answer"


def test_h2_06_gemini_mime_type_and_exactly_one_schema_field() -> None:
    for target, key in (("gemini", "response_json_schema"), ("gemini.openapi", "response_schema")):
        config = render(S, target).request["generation_config"]
        assert config["response_mime_type"] == "application/json"
        present = {"response_json_schema", "response_schema"} & set(config)
        assert present == {key}, target
    openapi = render(S, "gemini.openapi").wire_schema
    assert "additionalProperties" not in json.dumps(openapi)


def test_h2_07_ollama_format_and_vllm_structured_outputs() -> None:
    assert render(S, "ollama").request == {"format": normalize(S)}
    v = render(S, "vllm").request
    assert v == {"extra_body": {"structured_outputs": {"json": normalize(S)}}}
    assert "guided_" not in json.dumps(v)


def test_h2_08_prompt_mode_merges_schema_json_into_the_system_message() -> None:
    text = prompt(S)
    assert "JSON" in text
    assert json.loads(text.split("JSON Schema:\n", 1)[1]) == normalize(S)
    messages = [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "Where?"}]
    merged = with_instruction(messages, text)
    assert [m["role"] for m in merged] == ["system", "user"]
    assert merged[0]["content"].startswith("You are terse.\n\n")
    assert json.loads(merged[0]["content"].split("JSON Schema:\n", 1)[1]) == normalize(S)
    assert messages[0]["content"] == "You are terse."  # not mutated
    sent = prepare({"model": "m", "messages": messages}, S, "openai.chat", mode="prompt").request
    assert "response_format" not in sent
    assert sent["messages"][0]["content"] == merged[0]["content"]
    assert with_instruction([{"role": "user", "content": "hi"}], text)[0] == {"role": "system", "content": text}
    anth = prepare({"system": "Be brief.", "messages": []}, S, "anthropic.messages", mode="prompt").request
    assert anth["system"].startswith("Be brief.\n\n") and "JSON Schema:" in anth["system"]
