"""The retry planner keeps what the caller sent: SDK config objects and bare prompts.

A google-genai ``GenerateContentConfig`` became a plain dict holding only the schema
fields (temperature, system instruction and token budget lost), and a ``contents``
string became one turn per character (``list("Give me a")``). Expected values: the
schema fields of reference/structured-output.md W06 (``response_mime_type`` and
``response_json_schema``), the caller's own fields unchanged, and the real SDK's reading
of the contents (``t_contents``: user, model, user).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire.schema._plan import classify, plan, prepare
from toolwire.schema._requests import merged, raise_budget, with_correction

types = pytest.importorskip("google.genai.types")

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}


def _request() -> Dict[str, Any]:
    config = types.GenerateContentConfig(temperature=0.0, system_instruction="be terse", max_output_tokens=100)
    return {"model": "gemini-2.5-flash", "contents": "Give me a", "config": config}


def _gemini(text: str, finish: str) -> Dict[str, Any]:
    return {"candidates": [{"content": {"parts": [{"text": text}]}, "finishReason": finish}]}


def test_a_config_object_keeps_its_type_and_fields_with_the_schema_set_in_it() -> None:
    request = _request()
    before = request["config"].model_dump()
    config = prepare(request, SCHEMA, "gemini", mode="native").request["config"]
    assert type(config) is types.GenerateContentConfig
    assert (config.temperature, config.system_instruction, config.max_output_tokens) == (0.0, "be terse", 100)
    assert config.response_mime_type == "application/json"
    assert config.response_json_schema == SCHEMA
    assert request["config"].model_dump() == before  # the caller's object is not touched


def test_a_truncated_reply_raises_the_budget_inside_the_config_object() -> None:
    p = prepare(_request(), SCHEMA, "gemini", mode="native")
    nxt = plan(p.request, classify(_gemini('{"a": ', "MAX_TOKENS"), p.state), p.state).request
    assert nxt is not None
    config = nxt["config"]
    assert type(config) is types.GenerateContentConfig
    assert config.max_output_tokens == 400  # 100 x 4
    assert (config.temperature, config.system_instruction) == (0.0, "be terse")
    assert config.response_json_schema == SCHEMA


def test_a_contents_string_is_one_user_turn_before_the_correction() -> None:
    from google.genai import _transformers

    p = prepare(_request(), SCHEMA, "gemini", mode="native")
    nxt = plan(p.request, classify(_gemini('{"a": "x"}', "STOP"), p.state), p.state).request
    assert nxt is not None
    contents = nxt["contents"]
    assert contents[0] == {"role": "user", "parts": [{"text": "Give me a"}]}  # was ['G', 'i', 'v', 'e', ...]
    assert [c["role"] for c in contents] == ["user", "model", "user"]
    read = _transformers.t_contents(contents)  # as the SDK will send it
    assert [c.role for c in read] == ["user", "model", "user"]
    assert read[0].parts[0].text == "Give me a" and read[1].parts[0].text == '{"a": "x"}'


def test_one_content_object_is_one_turn_before_the_correction() -> None:
    content = types.Content(role="user", parts=[types.Part(text="Give me a")])
    out = with_correction({"contents": content}, "gemini", "{}", ())
    assert out["contents"][0] is content and len(out["contents"]) == 3


@pytest.mark.parametrize(("target", "field", "turn"), [
    ("openai.responses", "input", {"role": "user", "content": "Give me a"}),
    ("bedrock.converse", "messages", {"role": "user", "content": [{"text": "Give me a"}]}),
    ("openai.chat", "messages", {"role": "user", "content": "Give me a"}),
])
def test_a_bare_prompt_string_is_one_user_turn_for_every_target(target: str, field: str, turn: Any) -> None:
    out = with_correction({field: "Give me a"}, target, "{}", ())
    assert out[field][0] == turn and len(out[field]) == 3


@pytest.mark.parametrize("config", [None, "be terse"])
def test_prompt_mode_puts_the_instruction_into_the_config_object(config: Any) -> None:
    request = _request()
    request["config"] = types.GenerateContentConfig(temperature=0.0, system_instruction=config)
    out = prepare(request, SCHEMA, "gemini", mode="prompt").request
    assert "system_instruction" not in out  # generate_content() has no such keyword
    assert type(out["config"]) is types.GenerateContentConfig and out["config"].temperature == 0.0
    said = out["config"].system_instruction
    assert isinstance(said, str) and "JSON Schema" in said
    assert said.startswith("be terse\n\n") is (config is not None)


def test_a_config_object_that_cannot_take_a_field_becomes_a_dict_of_all_it_held() -> None:
    config = types.GenerateContentConfig(temperature=0.0, max_output_tokens=100)
    assert merged({"config": config}, {"config": {"not_a_field": 1}}) == {
        "config": {"temperature": 0.0, "max_output_tokens": 100, "not_a_field": 1}}


def test_an_ollama_options_object_keeps_its_type_and_never_drops_a_field() -> None:
    ollama = pytest.importorskip("ollama")
    options = ollama.Options(temperature=0.0, num_predict=1000)
    out = raise_budget({"model": "m", "messages": [], "options": options}, "ollama", 4, 65_536)
    assert out is not None and type(out["options"]) is ollama.Options
    assert (out["options"].num_predict, out["options"].temperature) == (4000, 0.0)
    # Options ignores a field it does not have: kept in a dict rather than lost
    assert merged(options, {"not_a_field": 1}) == {"temperature": 0.0, "num_predict": 1000, "not_a_field": 1}
