"""Cohere v2 (``cohere.v2``): corpus, tool_plan, results, finish reasons."""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest
from test_mistral import needs_detect_hook

import toolwire
from corpus_data import files, load
from toolwire._codec import walk
from toolwire._registry import CALL, RESULT, SERVER

COHERE = files("cohere-v2", kinds=("response", "request"))


def _canon(calls: List[Any]) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in calls]


@pytest.mark.parametrize("path", COHERE)
@pytest.mark.parametrize("dialect", [None, "cohere.v2"])
def test_corpus_calls(path: Any, dialect: Any) -> None:
    doc = load(path)
    assert _canon(toolwire.decode_all(doc["payload"], dialect)) == doc["expected_tool_calls"]


@pytest.mark.parametrize("path", COHERE)
@pytest.mark.parametrize("dialect", [None, "cohere.v2"])
def test_corpus_lossless(path: Any, dialect: Any) -> None:
    doc = load(path)
    seen = 0
    for d, kind, item, loc, _ in walk(doc["payload"], dialect):
        if kind in (CALL, SERVER):
            seen += 1
            assert toolwire.encode(toolwire.decode(item, d), d) == item, loc
    assert seen == len(doc["expected_tool_calls"])


@pytest.mark.parametrize("path", files("cohere-v2", kinds=("request",)))
def test_corpus_result_ids(path: Any) -> None:
    doc = load(path)
    ids = [toolwire.decode_result(i, d).id for d, k, i, _, _ in walk(doc["payload"], "cohere.v2") if k == RESULT]
    assert ids == doc["expected_tool_result_ids"]


def test_responses_are_detected_as_cohere() -> None:
    doc = load(files("cohere-v2", kinds=("response",))[0].values[0])
    assert toolwire.detect(doc["payload"]) == "cohere.v2"


def test_null_arguments_give_empty_args_and_reencode() -> None:
    item = {"id": "currentTime_tf4dywn8wgnk", "type": "function", "function": {"name": "currentTime", "arguments": "null"}}
    call = toolwire.decode(item, "cohere.v2")
    assert call.args == {} and "empty-arguments" in call.repairs
    assert toolwire.encode(call, "cohere.v2") == item


def test_max_tokens_marks_cut_off_calls_truncated() -> None:
    payload = {
        "id": "x",
        "finish_reason": "MAX_TOKENS",
        "message": {"role": "assistant", "tool_calls": [
            {"id": "f_aaaaaaaaaaaa", "type": "function", "function": {"name": "f", "arguments": '{"a": "par'}}
        ]},
    }
    with pytest.raises(toolwire.ArgumentsError):
        toolwire.decode_all(payload)
    kept = toolwire.decode_all(payload, invalid="keep")
    assert isinstance(kept[0], toolwire.InvalidToolCall) and kept[0].truncated


def test_document_results() -> None:
    item = {"role": "tool", "tool_call_id": "get_weather_9gpb31r7h7mj",
            "content": [{"type": "document", "document": {"data": {"temp": 22}}}, {"type": "text", "text": "ok"}]}
    result = toolwire.decode_result(item, "cohere.v2")
    assert result.id == "get_weather_9gpb31r7h7mj"
    assert result.content == [{"type": "json", "json": {"temp": 22}}, {"type": "text", "text": "ok"}]
    assert toolwire.encode_result(result, "cohere.v2") == item
    with_id = copy.deepcopy(item)
    with_id["content"][0]["document"]["id"] = "doc-1"  # kept on a re-encode
    assert toolwire.encode_result(toolwire.decode_result(with_id, "cohere.v2"), "cohere.v2") == with_id


def test_json_result_becomes_a_document() -> None:
    result = toolwire.ToolResult(id="a_1", content=[{"type": "json", "json": {"t": 1}}])
    assert toolwire.encode_result(result, "cohere.v2")["content"] == [{"type": "document", "document": {"data": {"t": 1}}}]


def test_tool_definition_has_no_strict() -> None:
    tool = toolwire.Tool(name="f", parameters={"type": "object"}, strict=True)
    assert toolwire.encode_tool(tool, "cohere.v2") == {
        "type": "function", "function": {"name": "f", "parameters": {"type": "object"}}
    }


@needs_detect_hook
def test_tool_plan_message_is_detected() -> None:
    msg = {"role": "assistant", "tool_plan": "p", "tool_calls": [
        {"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}
    assert toolwire.detect(msg) == "cohere.v2"
