"""A dialect derived from a built-in one (``dataclasses.replace(get_dialect(...), name=...)``,
docs/custom-dialects.md) judges a call cut off at the token limit as its parent does:
whether a reply holds its items in the order written (``Dialect.items_in_order``) and which
item shows nothing (``Dialect.blank_item``: a Gemini part of empty text alone) are fields of
the record, set in each provider's package, not a table of built-in names (issue #14; before,
``_cut_last.ORDERED`` named the four built-ins, so a derived one refused the call as cut).
Literals: the providers' documented reply shapes (as tests/test_cut_later_item.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import default_registry

GEM_CALL = {"functionCall": {"name": "get_time", "args": {}}}


def _gem(parts: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "MAX_TOKENS",
                            "index": 0}], "modelVersion": "gemini-2.5-flash"}


def _ant(blocks: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": blocks,
            "stop_reason": "max_tokens", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 9}}


def _bed(blocks: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"output": {"message": {"role": "assistant", "content": blocks}}, "stopReason": "max_tokens",
            "usage": {"inputTokens": 1, "outputTokens": 9, "totalTokens": 10}}


def _resp(*items: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "resp", "object": "response", "status": "incomplete",
            "incomplete_details": {"reason": "max_output_tokens"}, "model": "m", "output": list(items)}


ANT_CALL = {"type": "tool_use", "id": "toolu_1", "name": "get_time", "input": {}}
BED_CALL = {"toolUse": {"toolUseId": "tooluse_1", "name": "get_time", "input": {}}}
RESP_CALL = {"type": "function_call", "id": "fc_a", "call_id": "call_a", "name": "get_time", "arguments": "",
             "status": "completed"}
RESP_MSG = {"type": "message", "id": "msg_1", "role": "assistant", "status": "incomplete",
            "content": [{"type": "output_text", "text": "Now I will", "annotations": []}]}

WENT_ON = {
    "gemini": _gem([GEM_CALL, {"text": "Then"}]),
    "anthropic.messages": _ant([ANT_CALL, {"type": "text", "text": "Then"}]),
    "bedrock.converse": _bed([BED_CALL, {"text": "Then"}]),
    "openai.responses": _resp(RESP_CALL, RESP_MSG),
}


def _kinds(parent: str, reply: Dict[str, Any]) -> List[List[str]]:
    """The kinds of the calls of *reply* read by *parent* and by a dialect derived from it."""
    reg = default_registry().copy()
    reg.register(replace(toolwire.get_dialect(parent), name="acme.derived", aliases=()))
    return [[type(c).__name__ for c in toolwire.decode_all(reply, name, invalid="keep", registry=reg)]
            for name in (parent, "acme.derived")]


@pytest.mark.parametrize("parent", sorted(WENT_ON))
def test_a_derived_dialect_sees_the_model_went_on_past_a_call(parent: str) -> None:
    assert _kinds(parent, WENT_ON[parent]) == [["ToolCall"], ["ToolCall"]]


@pytest.mark.parametrize("later", [{"text": ""}, {"text": "", "thoughtSignature": "c2ln"}], ids=["empty", "signed"])
def test_a_derived_gemini_reads_an_empty_text_part_as_nothing(later: Dict[str, Any]) -> None:
    # the final chunk of a Gemini stream may carry an empty text part (reference/wire-formats.md)
    assert _kinds("gemini", _gem([GEM_CALL, later])) == [["InvalidToolCall"], ["InvalidToolCall"]]


def test_the_record_fields_say_it() -> None:
    ordered = {n for n in toolwire.dialect_names() if toolwire.get_dialect(n).items_in_order}
    assert ordered == set(WENT_ON)
    blank = toolwire.get_dialect("gemini").blank_item
    assert blank is not None and blank({"text": ""}) and not blank({"text": "x"})
    assert all(toolwire.get_dialect(n).blank_item is None for n in toolwire.dialect_names() if n != "gemini")
