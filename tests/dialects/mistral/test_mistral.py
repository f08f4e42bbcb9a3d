"""Mistral (``mistral``): corpus, ids, shapes, detection."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire


def _canon(calls: List[Any]) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in calls]


def test_foreign_ids_map_to_nine_alphanumerics_langchain_24668() -> None:
    # langchain-ai/langchain#24668: Mistral rejects any id but [a-zA-Z0-9]{9}
    call = toolwire.ToolCall(name="f", args={}, id="call_Xy12ab34cd56ef78gh90ij12")
    wire = toolwire.encode(call, "mistral")
    assert len(wire["id"]) == 9 and wire["id"].isalnum() and wire["id"].isascii()
    assert wire["id"] != "callXy12a"  # hashed, not truncated
    assert toolwire.encode(call, "mistral")["id"] == wire["id"]  # deterministic
    ok = toolwire.ToolCall(name="f", args={}, id="D681PevKs")
    assert toolwire.encode(ok, "mistral")["id"] == "D681PevKs"  # valid ids pass through


def test_result_id_maps_like_its_call() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("mistral").ids, dialect="mistral")
    call = toolwire.encode(toolwire.ToolCall(name="f", args={}, id="toolu_01A"), "mistral", ids=ids)
    result = toolwire.encode_result(toolwire.ToolResult(id="toolu_01A", name="f", content="ok"), "mistral", ids=ids)
    assert result == {"role": "tool", "tool_call_id": call["id"], "name": "f", "content": "ok"}


def test_sdk_placeholder_null_id_is_no_id() -> None:
    item = {"function": {"name": "f", "arguments": {"a": 1}}, "id": "null", "type": "function", "index": 0}
    call = toolwire.decode(item, "mistral")
    assert (call.name, call.args, call.id) == ("f", {"a": 1}, None)
    assert toolwire.encode(call, "mistral") == item  # object arguments and "null" re-emitted


def test_canonical_call_encodes_as_string_arguments() -> None:
    wire = toolwire.encode(toolwire.ToolCall(name="get_weather", args={"city": "Paris"}, id="KikbB849t"), "mistral")
    assert wire == {
        "id": "KikbB849t",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
    }


def test_missing_id_is_synthesized_stably() -> None:
    call = toolwire.ToolCall(name="f", args={"x": 1})
    first, again = toolwire.encode(call, "mistral")["id"], toolwire.encode(call, "mistral")["id"]
    assert first == again and len(first) == 9 and first.isalnum()


def test_tool_name_rule() -> None:
    with pytest.raises(toolwire.EncodeError, match="not allowed in mistral"):
        toolwire.encode(toolwire.ToolCall(name="fs.read", args={}), "mistral")


def test_tool_definition_shape() -> None:
    tool = toolwire.Tool(name="f", description="d", parameters={"type": "object"}, strict=True)
    wire = toolwire.encode_tool(tool, "mistral")
    assert wire == {
        "type": "function",
        "function": {"name": "f", "description": "d", "parameters": {"type": "object"}, "strict": True},
    }
    assert toolwire.decode_tool(wire, "mistral") == tool


def test_result_with_null_content_round_trips() -> None:
    item = {"role": "tool", "tool_call_id": "KikbB849t", "name": None, "content": None}
    result = toolwire.decode_result(item, "mistral")
    assert (result.id, result.content) == ("KikbB849t", "")
    assert toolwire.encode_result(result, "mistral") == item


def test_mistral_evidence_is_detected() -> None:
    msg = {"role": "assistant", "content": "", "prefix": False, "tool_calls": []}
    assert toolwire.detect(msg) == "mistral"
    item = {"function": {"name": "f", "arguments": "{}"}, "id": "KikbB849t", "index": 0}
    assert toolwire.detect(item) == "mistral"


def test_generic_chat_item_stays_openai_chat() -> None:
    # Groq and Cerebras use 9-character ids too: without other evidence it is Chat
    item = {"id": "ax9fskhev", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    assert toolwire.detect(item) == "openai.chat"


MISTRAL_REPLY = {  # a chat.completion as https://docs.mistral.ai/api/#tag/chat documents it
    "id": "cmpl-e5cc70bb", "object": "chat.completion", "model": "mistral-large-latest", "created": 1702256327,
    "usage": {"prompt_tokens": 16, "completion_tokens": 34, "total_tokens": 50},
    "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
        "role": "assistant", "content": "Checking.",
        "tool_calls": [{"id": "D681PevKs", "type": "function",
                        "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}]}}],
}


def test_normalize_reads_a_mistral_response_named_as_mistral() -> None:
    """``provider="mistral"`` reads Mistral's (Chat-shaped) replies; it raised "not a
    response for provider 'mistral'" though ``normalize_finish`` takes the name."""
    from toolwire.response import normalize

    r = normalize(MISTRAL_REPLY, provider="mistral")
    assert (r.provider, r.text, r.finish_reason, r.raw_finish_reason) == ("mistral", "Checking.", "tool_calls",
                                                                        "tool_calls")
    assert [(c.name, c.args, c.id) for c in r.tool_calls] == [("get_weather", {"city": "Paris"}, "D681PevKs")]
    assert (r.usage.input_tokens, r.usage.output_tokens, r.usage.total_tokens) == (16, 34, 50)
    # unnamed, a Mistral model's reply is mistral's, as detection names it; another Chat reply stays Chat's
    assert normalize(MISTRAL_REPLY).provider == toolwire.detect(MISTRAL_REPLY) == "mistral"
    plain = {"object": "chat.completion", "model": "m", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}]}
    assert normalize(plain).provider == toolwire.detect(plain) == "openai.chat"
    assert normalize(plain, provider="openai.chat").provider == "openai.chat"
    assert normalize(MISTRAL_REPLY, provider="openai.chat").provider == "openai.chat"  # named: as named
    assert (normalize(plain, provider="mistral").provider, normalize(plain, provider="mistral").text) == ("mistral", "hi")


def test_normalize_names_a_mistralai_response_object_as_detection_does() -> None:
    """A mistralai ``ChatCompletionResponse`` (and its dump) normalises with the
    provider ``toolwire.detect`` names: ``mistral`` (it was ``openai.chat``)."""
    from toolwire.response import normalize

    models = pytest.importorskip("mistralai.client.models")
    obj = models.ChatCompletionResponse.model_validate(MISTRAL_REPLY)
    for x in (obj, obj.model_dump(), obj.model_dump_json()):
        r = normalize(x)
        assert (r.provider, r.text, r.finish_reason) == ("mistral", "Checking.", "tool_calls")
        assert [(c.name, c.id) for c in r.tool_calls] == [("get_weather", "D681PevKs")]
    assert toolwire.detect(obj) == "mistral"


def test_normalize_named_as_mistral_refuses_another_providers_response() -> None:
    from toolwire.response import normalize

    anthropic = {"type": "message", "role": "assistant", "content": [{"type": "text", "text": "hi"}],
                 "stop_reason": "end_turn"}
    with pytest.raises(toolwire.DecodeError, match="not a mistral response: it looks like anthropic.messages"):
        normalize(anthropic, provider="mistral")


def test_normalize_reads_a_mistralai_response_object_named_as_mistral() -> None:
    models = pytest.importorskip("mistralai.client.models")
    from toolwire.response import normalize

    obj = models.ChatCompletionResponse.model_validate(MISTRAL_REPLY)
    r = normalize(obj, provider="mistral")
    assert (r.provider, r.text, [(c.name, c.args) for c in r.tool_calls]) == (
        "mistral", "Checking.", [("get_weather", {"city": "Paris"})])


def test_a_result_image_of_a_detail_mistral_does_not_list_is_written_without_it() -> None:
    # Mistral's ImageURL.detail takes "auto", "low" or "high"; OpenAI's "original" was passed on
    chat = {"role": "tool", "tool_call_id": "c1", "content": [
        {"type": "image_url", "image_url": {"url": "https://x.test/a.png", "detail": "original"}}]}
    out = toolwire.encode_result(toolwire.decode_result(chat, "openai.chat").replace(id="abcdefghi"), "mistral")
    assert out["content"] == [{"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}]
    low = {**chat, "content": [{"type": "image_url", "image_url": {"url": "https://x.test/a.png", "detail": "low"}}]}
    out = toolwire.encode_result(toolwire.decode_result(low, "openai.chat").replace(id="abcdefghi"), "mistral")
    assert out["content"] == low["content"]


def test_the_model_prefilter_holds_every_model_family_the_pattern_names() -> None:
    """``detect`` tests a model name's first letter before ``_MODELS``: every name the
    pattern can match starts with one of ``_STARTS``, so the prefilter drops none."""
    import re

    from toolwire.dialects.mistral.calls import _MODELS, _STARTS

    families = re.search(r"\(([a-z|]+)\)-$", _MODELS.pattern)
    assert families is not None
    for family in families.group(1).split("|"):
        for name in (f"{family}-large-latest", f"open-{family}-7b"):
            assert _MODELS.match(name) and name[0] in _STARTS
    for other in ("gpt-4o", "claude-sonnet-4-5", "gemini-2.5-pro", "llama-3.3-70b", "qwen3-32b"):
        assert other[0] not in _STARTS or not _MODELS.match(other)
