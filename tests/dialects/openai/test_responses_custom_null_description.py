"""A Responses custom tool sent with ``"description": null`` is written back so
(docs/convert.md: a description sent as null is written back exactly, Responses
included; openai-python ``CustomToolParam.description`` is optional text), as the
Responses function tool and the Chat custom tool already were; the flag stays with
Responses (Chat gets no ``null_description`` key in its ``custom`` object)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import decode_tool, encode_tool

R = "openai.responses"


@pytest.mark.parametrize("wire", [
    {"type": "custom", "name": "c", "description": None},
    {"type": "custom", "name": "c", "description": None, "format": {"type": "text"}},
    {"type": "namespace", "name": "ns", "description": "N.", "tools": [{"type": "custom", "name": "c",
                                                                         "description": None}]},
])
def test_a_null_description_is_written_back(wire: Dict[str, Any]) -> None:
    assert encode_tool(decode_tool(wire, R), R) == wire


def test_to_chat_the_flag_stays_behind() -> None:
    tool = decode_tool({"type": "custom", "name": "c", "description": None, "format": {"type": "text"}}, R)
    assert encode_tool(tool, "openai.chat") == {"type": "custom", "custom": {"name": "c", "format": {"type": "text"}}}
