"""A Responses tool output is written back to ``openai.responses`` as it came.

openai-python's ``FunctionCallOutput`` input item (``response_input_item_param.py``) has
an optional ``name`` ("The name of the tool that produced the output") beside
``namespace``; wire-formats §2d lists both. The text part of its ``output`` list,
``ResponseInputTextContentParam`` (``response_input_text_content_param.py``), has an
optional ``prompt_cache_breakpoint`` (``{"mode": "explicit", "ttl"?: "30m" | "12h"}``),
as its image and file parts do. Both were dropped when a decoded output was encoded
back (the name went only to ``ToolResult.name``; a text part was written with its type
and text alone), so a caller relaying outputs lost them without a word.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

R = "openai.responses"

NAMED = {"type": "function_call_output", "call_id": "call_unLAR8MvFNptuiZK6K6HCy5k", "output": "22°C",
         "name": "get_current_weather"}
IN_NAMESPACE = {**NAMED, "name": "lookup", "namespace": "crm"}
NULL_NAME = {**NAMED, "name": None}
BREAKPOINT = {"type": "function_call_output", "call_id": "call_unLAR8MvFNptuiZK6K6HCy5k", "output": [
    {"type": "input_text", "text": "22°C", "prompt_cache_breakpoint": {"mode": "explicit", "ttl": "30m"}},
    {"type": "input_text", "text": "plain"},
]}
CASES = {"named": NAMED, "in-namespace": IN_NAMESPACE, "null-name": NULL_NAME, "cache-breakpoint": BREAKPOINT}


@pytest.mark.parametrize("item", CASES.values(), ids=CASES.keys())
def test_the_sdk_takes_the_item(item: Dict[str, Any]) -> None:
    """The literals are input items the SDK's own types accept, field for field."""
    pydantic = pytest.importorskip("pydantic")
    params = pytest.importorskip("openai.types.responses.response_input_item_param")
    adapter = pydantic.TypeAdapter(params.FunctionCallOutput)
    assert adapter.validate_python(item) == item


@pytest.mark.parametrize("item", CASES.values(), ids=CASES.keys())
def test_a_tool_output_is_written_back_as_it_came(item: Dict[str, Any]) -> None:
    result = toolwire.decode_result(item, R)
    assert toolwire.encode_result(result, R) == item


def test_the_name_is_the_result_s_name() -> None:
    assert toolwire.decode_result(NAMED, R).name == "get_current_weather"
    assert toolwire.decode_result(IN_NAMESPACE, R).name == "lookup"


def test_a_result_from_elsewhere_is_written_without_a_name() -> None:
    """A name that came from another dialect is not written (the field is optional):
    what goes out of a result made elsewhere does not change."""
    chat = toolwire.decode_result({"role": "tool", "tool_call_id": "call_1", "name": "f", "content": "x"},
                                  "openai.chat")
    assert toolwire.encode_result(chat, R) == {"type": "function_call_output", "call_id": "call_1", "output": "x"}


def test_a_text_part_from_elsewhere_is_written_with_its_type_and_text() -> None:
    """Other providers' fields on a text part (Anthropic's ``cache_control``) stay out."""
    anthropic = toolwire.decode_result({"type": "tool_result", "tool_use_id": "toolu_01", "content": [
        {"type": "text", "text": "22°C", "cache_control": {"type": "ephemeral"}}]}, "anthropic.messages")
    assert toolwire.encode_result(anthropic, R)["output"] == [{"type": "input_text", "text": "22°C"}]
