"""Real SDK objects (mistralai, cohere, ollama), built offline through each SDK's own
parse path, decode exactly like the JSON they were built from."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

import toolwire
from corpus_data import files, load


def _canon(calls: List[Any]) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in calls]


@pytest.mark.parametrize("path", files("mistral", kinds=("response",)))
def test_mistralai_response_objects(path: Any) -> None:
    models = pytest.importorskip("mistralai.client.models")
    serializers = pytest.importorskip("mistralai.client.utils.serializers")
    doc = load(path)
    obj = serializers.unmarshal_json(json.dumps(doc["payload"]), models.ChatCompletionResponse)
    assert _canon(toolwire.decode_all(obj)) == doc["expected_tool_calls"]
    assert _canon(toolwire.decode_all(obj, "mistral")) == doc["expected_tool_calls"]


def test_mistralai_user_built_call_with_default_id() -> None:
    models = pytest.importorskip("mistralai.client.models")
    tc = models.ToolCall(function=models.FunctionCall(name="f", arguments={"a": 1}))
    call = toolwire.decode(tc, "mistral")
    assert (call.name, call.args, call.id) == ("f", {"a": 1}, None)  # the SDK's "null" id is no id
    assert toolwire.encode(call, "mistral")["id"] == "null"  # re-emitted as received


@pytest.mark.parametrize("path", files("cohere-v2", kinds=("response",)))
def test_cohere_response_objects(path: Any) -> None:
    v2 = pytest.importorskip("cohere.v2.types.v2chat_response")
    construct = pytest.importorskip("cohere.core.unchecked_base_model").construct_type
    doc = load(path)
    obj = construct(type_=v2.V2ChatResponse, object_=doc["payload"])
    assert type(obj).__name__ == "V2ChatResponse"
    assert _canon(toolwire.decode_all(obj)) == doc["expected_tool_calls"]
    assert toolwire.detect(obj) == "cohere.v2"


# the shape of ollama docs/api.md, written by hand (there is no ollama-native corpus)
OLLAMA = {
    "model": "llama3.1",
    "created_at": "2024-07-22T20:33:28.123648Z",
    "message": {"role": "assistant", "content": "", "tool_calls": [
        {"id": "call_k3x9a0ze", "function": {"index": 0, "name": "get_weather", "arguments": {"city": "Paris", "unit": "c"}}},
        {"function": {"index": 1, "name": "get_time", "arguments": {}}},
    ]},
    "done": True,
    "done_reason": "stop",
}


def test_ollama_chat_response_objects() -> None:
    ollama = pytest.importorskip("ollama")
    obj = ollama.ChatResponse(**OLLAMA)
    from_sdk = toolwire.decode_all(obj)
    from_dict = toolwire.decode_all(OLLAMA)
    # the SDK drops ids and 'index' (extra='ignore'): names and arguments agree
    assert [(c.name, c.args) for c in from_sdk] == [(c.name, c.args) for c in from_dict]
    assert [c.id for c in from_dict] == ["call_k3x9a0ze", None]
    assert toolwire.detect(obj) == "ollama"


def test_ollama_chat_response_built_without_created_at() -> None:
    # ``created_at`` (and ``model``) are Optional on the SDK's ChatResponse: a response built
    # in a caller's test or adapter has none, and its calls must still be read, named or not
    ollama = pytest.importorskip("ollama")
    from toolwire import response

    fields = {k: v for k, v in OLLAMA.items() if k not in ("created_at", "model")}
    obj = ollama.ChatResponse(**fields)
    expected = [("get_weather", {"city": "Paris", "unit": "c"}), ("get_time", {})]
    assert [(c.name, c.args) for c in toolwire.decode_all(obj)] == expected
    assert [(c.name, c.args) for c in toolwire.decode_all(obj, "ollama")] == expected
    assert toolwire.detect(obj) == "ollama"
    got = response.normalize(obj)
    assert (got.provider, [(c.name, c.args) for c in got.tool_calls], got.invalid_tool_calls) == (
        "ollama", expected, ())


def test_ollama_tool_message_objects() -> None:
    ollama = pytest.importorskip("ollama")
    msg = ollama.Message(role="tool", tool_name="get_weather", content="22C")
    result = toolwire.decode_result(msg, "ollama")
    assert (result.name, result.content, result.id) == ("get_weather", "22C", None)


def test_mistral_sdk_response_placeholder_ids_are_no_ids() -> None:
    """mistralai fills ``id="null"`` into a call the wire sent without one (reference
    §6g): no id, whichever object is decoded, also when the model name does not say
    Mistral (the response reads as Chat-shaped)."""
    try:  # mistralai 2.x and later
        import mistralai.client.models as mm
    except ImportError:  # mistralai 1.x (installed beside the oldest pydantic)
        import mistralai.models as mm  # type: ignore[no-redef]

    wire = {"id": "x", "object": "chat.completion", "model": "m", "created": 1,
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                "role": "assistant", "tool_calls": [{"function": {"name": "g", "arguments": "{}"}}]}}]}
    r = mm.ChatCompletionResponse.model_validate(wire)
    assert r.choices[0].message.tool_calls[0].id == "null"  # the SDK's placeholder
    for x in (r, r.choices[0].message, r.model_dump(), wire):
        assert [(c.name, c.id) for c in toolwire.decode_all(x)] == [("g", None)], x
    assert [(c.name, c.id) for c in toolwire.decode_all(r, "mistral")] == [("g", None)]
    item = {"id": "null", "type": "function", "function": {"name": "g", "arguments": "{}"}}
    read = toolwire.decode(item, "openai.chat")
    assert (read.id, toolwire.encode(read, "openai.chat")) == (None, item)  # written back as received
