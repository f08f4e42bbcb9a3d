"""Gemini function names: at most 64 characters.

The Gemini API reference (``FunctionDeclaration.name``, generativelanguage v1beta): "Must
be a-z, A-Z, 0-9, or contain underscores, colons, dots, and dashes, with a maximum length
of 64." The API refuses a longer one with a 400: "tools[0].function_declarations[53].name:
[FIELD_INVALID] Invalid function name. Must start with a letter or an underscore. Must be
a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a
maximum length of 64." (kaitranntt/ccs#25, 2025-11; google-gemini/gemini-cli#7878). Only
the google-genai docstring and Vertex's v1 reference say 128; the ``gemini`` dialect
serves both APIs, so 64 holds. A longer name (MCP and Anthropic allow 128) is mapped as
other targets' over-long names are, and refused by ``encode`` as they are.
"""

from __future__ import annotations

import re

import pytest

import toolwire
from toolwire import NameMap, Tool, ToolCall, ToolResult

D = "gemini"
# the documented rule, from the error text above
API = re.compile(r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}")
MCP_NAME = "mcp__github__list_pull_request_review_comments_for_repository_owner_x"  # 69 characters


def test_the_rule_is_the_apis() -> None:
    names = toolwire.get_dialect(D).names
    assert names is not None
    assert names.fullmatch("a" * 64) and names.fullmatch("f.b:c-d_e")
    assert not names.fullmatch("a" * 65)  # was: allowed up to 128


def test_long_names_map_to_64_and_back() -> None:
    names = NameMap(toolwire.get_dialect(D).names, dialect=D)
    out = names.map("a" * 70)
    assert len(out) <= 64 and API.fullmatch(out)
    assert names.original(out) == "a" * 70
    assert names.map("a" * 64) == "a" * 64  # at the limit: unchanged


def test_convert_writes_declaration_call_and_response_under_the_limit() -> None:
    assert len(MCP_NAME) == 69
    names = NameMap(toolwire.get_dialect(D).names, dialect=D)
    decl = toolwire.convert({"name": MCP_NAME, "inputSchema": {"type": "object"}}, D, names=names)
    call = toolwire.convert(ToolCall(MCP_NAME, {}, "c1"), D, names=names)
    result = toolwire.convert(ToolResult("c1", MCP_NAME, "ok"), D, names=names)
    written = {decl["name"], call["functionCall"]["name"], result["functionResponse"]["name"]}
    assert len(written) == 1
    name = written.pop()
    assert API.fullmatch(name) and names.original(name) == MCP_NAME


@pytest.mark.parametrize("encode", [
    lambda: toolwire.encode(ToolCall("a" * 65, {}, "c1"), D),
    lambda: toolwire.encode_tool(Tool("a" * 65, "d", {"type": "object"}), D),
    lambda: toolwire.encode_result(ToolResult("c1", "a" * 65, "ok"), D),
])
def test_encode_refuses_a_name_over_64(encode) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(toolwire.EncodeError, match=r"Tool name 'a{65}' is not allowed in gemini \(must match"):
        encode()
