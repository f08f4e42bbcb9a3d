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

from typing import Any, List

import pytest

import toolwire
from toolwire import ToolResult
from toolwire.conversation import Problem, decode_conversation, encode_conversation

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


def test_json_written_as_text_is_noted() -> None:
    # the wire is unchanged; encode_result(report=...) says that the array went as text
    r = ToolResult("tooluse_1", "list_sites", [{"type": "json", "json": [{"id": 1}, {"id": 2}]}])
    report: List[Problem] = []
    assert toolwire.encode_result(r, D, report=report) == {
        "toolResult": {"toolUseId": "tooluse_1", "content": [{"text": '[{"id": 1}, {"id": 2}]'}]}}
    assert report == [Problem("converted", 0, "tooluse_1", "A JSON array in the result for tooluse_1 ('list_sites') "
                                                           "is sent to bedrock.converse as text: a Converse json "
                                                           "block holds an object")]


def test_json_object_is_not_noted() -> None:
    report: List[Problem] = []
    r = ToolResult("tooluse_1", "f", [{"type": "json", "json": {"n": 2}}])
    assert toolwire.encode_result(r, D, report=report) == {
        "toolResult": {"toolUseId": "tooluse_1", "content": [{"json": {"n": 2}}]}}
    assert report == []


def test_json_written_as_text_in_a_history_is_noted_at_its_message() -> None:
    history = {"contents": [
        {"role": "user", "parts": [{"text": "sites?"}]},
        {"role": "model", "parts": [{"functionCall": {"id": "tooluse_1", "name": "list_sites", "args": {}}}]},
        {"role": "user", "parts": [RESPONSE]},
    ]}
    report: List[Problem] = []
    encode_conversation(decode_conversation(history, "gemini"), D, report=report)
    assert report == [Problem("converted", 2, "tooluse_1", "A JSON array in the result for tooluse_1 ('list_sites') "
                                                           "in message 2 is sent to bedrock.converse as text: a "
                                                           "Converse json block holds an object")]


def test_blank_text_part_left_out_is_noted() -> None:
    # "The text field in the ContentBlock object ... is blank": left out, as a history writes it
    r = ToolResult("tooluse_1", "f", [{"type": "text", "text": "  "}, {"type": "text", "text": "ok"}])
    report: List[Problem] = []
    assert toolwire.encode_result(r, D, report=report) == {
        "toolResult": {"toolUseId": "tooluse_1", "content": [{"text": "ok"}]}}
    assert [(p.kind, p.message) for p in report] == [
        ("dropped", "A blank text part in the result for tooluse_1 ('f') is left out: bedrock.converse refuses blank "
                    "text")]


def test_json_written_as_text_by_convert_is_noted_at_its_item() -> None:
    # ``convert`` of results writes what ``encode_result`` writes, and notes the same
    # (``index``: the item of the list given, 0 for one result)
    gemini = {"functionResponse": {"id": "tooluse_1", "name": "list_sites", "response": {"output": [1, 2]}}}
    ok = {"functionResponse": {"id": "tooluse_2", "name": "f", "response": {"n": 2}}}
    wire = {"toolResult": {"toolUseId": "tooluse_1", "content": [{"text": "[1, 2]"}]}}
    assert toolwire.convert(gemini, D) == wire
    report: List[Problem] = []
    assert toolwire.convert(gemini, D, report=report) == wire
    message = ("A JSON array in the result for tooluse_1 ('list_sites') is sent to bedrock.converse as text: a "
               "Converse json block holds an object")
    assert report == [Problem("converted", 0, "tooluse_1", message)]
    report.clear()
    assert toolwire.convert([ok, gemini], D, report=report)[1] == wire
    assert report == [Problem("converted", 1, "tooluse_1", message)]
    with pytest.raises(toolwire.EncodeError, match=r"^report= must be a list or None, got a dict \{\}$"):
        toolwire.convert(gemini, D, report={})
