"""SDK stream objects (openai, anthropic, google-genai) are fed as they come."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List

import pytest
from pydantic import TypeAdapter, ValidationError

from corpus_data import files, load
from toolwire import ToolCall
from toolwire.stream import accumulate


def _sdk_events(adapter: Any, events: List[Any]) -> List[Any]:
    out = []
    for e in events:
        try:
            out.append(adapter.validate_python(e))
        except ValidationError:
            out.append(e)  # an event shape the installed SDK does not know: fed as a dict
    return out


def _check(path: Path, adapter: Any, dialect: Any = None) -> None:
    doc = load(path)
    objs = _sdk_events(adapter, doc["events"])
    if all(isinstance(o, dict) for o in objs):
        pytest.skip("the installed SDK rejects every chunk of this recording (fields missing)")
    calls = accumulate(objs, dialect)
    assert [(c.name, c.args, c.id) for c in calls if isinstance(c, ToolCall)] == [
        (c["name"], c["args"], c["id"]) for c in doc["expected_tool_calls"]
    ]
    assert len(calls) == len(doc["expected_tool_calls"])


@pytest.mark.parametrize("path", files("openai-chat", "openai-compatible", kinds=("stream",)))
def test_openai_chat_chunks(path: Path) -> None:
    chunk = pytest.importorskip("openai.types.chat").ChatCompletionChunk
    _check(path, TypeAdapter(chunk))


@pytest.mark.parametrize("path", files("openai-responses", kinds=("stream",)))
def test_openai_responses_events(path: Path) -> None:
    event = pytest.importorskip("openai.types.responses").ResponseStreamEvent
    _check(path, TypeAdapter(event))


@pytest.mark.parametrize("path", files("anthropic-messages", kinds=("stream",)))
def test_anthropic_events(path: Path) -> None:
    event = pytest.importorskip("anthropic.types").RawMessageStreamEvent
    _check(path, TypeAdapter(event))


@pytest.mark.parametrize("path", files("gemini", kinds=("stream",)))
def test_gemini_responses(path: Path) -> None:
    types = pytest.importorskip("google.genai.types")
    _check(path, TypeAdapter(types.GenerateContentResponse))


def test_google_genai_partial_args_null_value_objects() -> None:
    """Vertex ``partialArgs`` with ``nullValue: null`` fed as google-genai objects gives
    what the same stream as dicts gives: ``{"z": None}``, never "has no value"."""
    types = pytest.importorskip("google.genai.types")

    def part(fc: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
        cand: Dict[str, Any] = {"content": {"role": "model", "parts": [{"functionCall": fc}]}, "index": 0}
        if finish:
            cand["finishReason"] = finish
        return {"candidates": [cand]}

    wire = [part({"name": "f", "willContinue": True}),
            part({"partialArgs": [{"jsonPath": "$.z", "nullValue": None}], "willContinue": True}),
            part({}, "STOP")]
    objects = [types.GenerateContentResponse.model_validate(x) for x in wire]
    assert accumulate(wire) == accumulate(objects) == [ToolCall("f", {"z": None})]
    assert accumulate(objects, "gemini") == [ToolCall("f", {"z": None})]
