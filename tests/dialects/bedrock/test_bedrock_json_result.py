"""A JSON tool-result part that is no object, written for bedrock.converse.

Converse refuses a ``toolResult.content[].json`` that is no JSON object: "The format of
the value at messages.2.content.0.toolResult.content.0.json is invalid. Provide a json
object for the field and try again." (sigoden/aichat#1550, an MCP tool returning a
top-level array; maximhq/bifrost#1330 wraps arrays for the same reason). botocore types the
member as a ``Document``, so its validator lets such a request through. Such JSON is
written as a ``{"text"}`` block holding its JSON text, as the MCP writer writes JSON that
``structuredContent`` does not take; an object stays a ``{"json"}`` block.
"""

from __future__ import annotations

from typing import Any

import pytest

import toolwire
from toolwire import ToolResult
from toolwire.conversation import decode_conversation, encode_conversation

D = "bedrock.converse"


@pytest.mark.parametrize(("value", "text"), [
    pytest.param([{"id": 1}, {"id": 2}], '[{"id": 1}, {"id": 2}]', id="array"),
    pytest.param("plain", '"plain"', id="string"),
    pytest.param(3, "3", id="number"),
    pytest.param(True, "true", id="bool"),
    pytest.param(None, "null", id="null"),
    pytest.param(["é"], '["é"]', id="non-ascii"),
])
def test_json_that_is_no_object_is_a_text_block(value: Any, text: str) -> None:
    r = ToolResult("tooluse_1", "list_sites", [{"type": "json", "json": value}])
    assert toolwire.encode_result(r, D) == {"toolResult": {"toolUseId": "tooluse_1", "content": [{"text": text}]}}


def test_json_object_stays_a_json_block() -> None:
    r = ToolResult("tooluse_1", "f", [{"type": "text", "text": "sites"}, {"type": "json", "json": {"n": 2}},
                                      {"type": "json", "json": [1, 2]}])
    assert toolwire.encode_result(r, D) == {"toolResult": {"toolUseId": "tooluse_1", "content": [
        {"text": "sites"}, {"json": {"n": 2}}, {"text": "[1, 2]"}]}}


# a Gemini ``functionResponse`` whose ``output`` is an array (read as a JSON part)
RESPONSE = {"functionResponse": {"id": "tooluse_1", "name": "list_sites", "response": {"output": [{"id": 1}, {"id": 2}]}}}


def test_gemini_array_output_converted_is_text() -> None:
    assert toolwire.convert(RESPONSE, to=D) == {
        "toolResult": {"toolUseId": "tooluse_1", "content": [{"text": '[{"id": 1}, {"id": 2}]'}]}}


def test_gemini_array_output_in_a_history_is_text() -> None:
    history = {"contents": [
        {"role": "user", "parts": [{"text": "sites?"}]},
        {"role": "model", "parts": [{"functionCall": {"id": "tooluse_1", "name": "list_sites", "args": {}}}]},
        {"role": "user", "parts": [RESPONSE]},
    ]}
    out = encode_conversation(decode_conversation(history, "gemini"), D)
    assert out["messages"][2] == {"role": "user", "content": [
        {"toolResult": {"toolUseId": "tooluse_1", "content": [{"text": '[{"id": 1}, {"id": 2}]'}]}}]}
