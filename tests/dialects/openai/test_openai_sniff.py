"""What ``openai.chat`` and ``openai.responses`` claim, and why: every ``sniff`` branch
with a payload and its pinned ``toolwire.explain`` triple, and near misses that must
not be claimed.

Shapes from https://platform.openai.com/docs/api-reference/chat/object (``tool_calls``
items, messages, ``ChatCompletion``), https://platform.openai.com/docs/api-reference/chat/create
(``tools``), https://platform.openai.com/docs/api-reference/responses/object (``output``
items) and https://platform.openai.com/docs/api-reference/responses/create (``input``
items, flat ``tools``).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import pytest

import toolwire
from toolwire.dialects.openai import responses_sniff

C = "openai.chat"
R = "openai.responses"
CHAT = toolwire.get_dialect(C)
RESP = toolwire.get_dialect(R)

CALL_REASON = "a 'function' object with 'arguments' (a Chat tool_calls item)"

# (id, payload, dialect, what that dialect's sniff says (None: not claimed))
SNIFF = [
    ("chat.call", {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}, C,
     ("call", CALL_REASON)),
    ("chat.call-id-without-arguments", {"id": "call_1", "function": {"name": "f"}}, C,
     ("call", "a 'function' object beside an 'id' (a Chat tool_calls item)")),
    ("chat.call-arguments-without-id", {"function": {"arguments": "{}"}}, C, ("call", CALL_REASON)),
    ("chat.tool", {"type": "function", "function": {"name": "f", "parameters": {}}}, C,
     ("tool", "a 'function' object with 'name' and no 'arguments' (a Chat tool definition)")),
    ("chat.tool-without-parameters", {"type": "function", "function": {"name": "now"}}, C,
     ("tool", "a 'function' object with 'name' and no 'arguments' (a Chat tool definition)")),
    ("chat.near.empty-function", {"function": {}}, C, None),
    ("chat.custom-call", {"type": "custom", "custom": {"name": "f", "input": "x"}}, C,
     ("call", "a 'custom' object with 'input' (a Chat custom tool call)")),
    ("chat.custom-tool", {"type": "custom", "custom": {"name": "f"}}, C,
     ("tool", "a 'custom' object without 'input' (a Chat custom tool definition)")),
    ("chat.near.custom-not-an-object", {"type": "custom", "custom": "f"}, C, None),
    ("chat.near.custom-of-another-type", {"type": "other", "custom": {"name": "f", "input": "x"}}, C, None),
    ("chat.completion-choices", {"choices": []}, C, ("calls", "'choices' (a ChatCompletion)")),
    ("chat.completion-object", {"object": "chat.completion"}, C, ("calls", "'choices' (a ChatCompletion)")),
    ("chat.near.chunk-object", {"object": "chat.completion.chunk"}, C, None),
    ("chat.message-tool_calls", {"role": "assistant", "tool_calls": []}, C, ("calls", "a message with 'tool_calls'")),
    ("chat.message-function_call", {"role": "assistant", "function_call": {"name": "f", "arguments": "{}"}}, C,
     ("calls", "a message with 'tool_calls'")),
    ("chat.result", {"role": "tool", "tool_call_id": "call_1", "content": "x"}, C,
     ("result", "role 'tool' with 'tool_call_id'")),
    ("chat.near.tool-without-id", {"role": "tool", "content": "x"}, C,
     ("other", "a 'tool' message without tool calls")),
    ("chat.legacy-result", {"role": "function", "name": "f", "content": "x"}, C,
     ("result", "role 'function' (a legacy function result)")),
    ("chat.near.function-without-name", {"role": "function", "content": "x"}, C,
     ("other", "a 'function' message without tool calls")),
    ("chat.near.tool_call_id-on-a-user", {"role": "user", "tool_call_id": "c"}, C,
     ("other", "a 'user' message without tool calls")),
    ("chat.near.name-on-a-tool", {"role": "tool", "name": "f"}, C, ("other", "a 'tool' message without tool calls")),
    ("chat.other-message", {"role": "robot", "content": "x"}, C, ("other", "a 'robot' message without tool calls")),
    ("chat.tool_calls", {"tool_calls": []}, C, ("calls", "'tool_calls'")),
    ("chat.legacy-function_call", {"function_call": {"name": "f", "arguments": "{}"}}, C,
     ("calls", "a legacy 'function_call' with text 'arguments' (a Chat message's)")),
    ("chat.near.function_call-with-args", {"function_call": {"name": "f", "arguments": "{}", "args": {}}}, C, None),
    ("chat.near.function_call-object-arguments", {"function_call": {"name": "f", "arguments": {}}}, C, None),
    ("chat.request", {"messages": []}, C, ("calls", "'messages' (a Chat request)")),
    ("chat.near.messages-not-a-list", {"messages": "x"}, C, None),
    ("chat.legacy-call", {"name": "f", "arguments": "{}"}, C,
     ("call", "only 'name' and string 'arguments' (a legacy function_call)")),
    ("chat.legacy-call-null-arguments", {"name": "f", "arguments": None}, C,
     ("call", "only 'name' and null 'arguments' (a legacy function_call without arguments)")),
    ("chat.near.legacy-object-arguments", {"name": "f", "arguments": {}}, C, None),
    ("chat.near.legacy-number-arguments", {"name": "f", "arguments": 5}, C, None),
    ("chat.near.legacy-three-keys", {"name": "f", "arguments": "{}", "x": 1}, C, None),
    ("chat.near.legacy-without-name", {"nom": "f", "arguments": "{}"}, C, None),
    ("chat.near.not-a-dict", ["x"], C, None),
    ("responses.call", {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}, R,
     ("call", "type 'function_call' (a Responses output item)")),
    ("responses.custom-call", {"type": "custom_tool_call", "call_id": "c", "name": "f", "input": "x"}, R,
     ("call", "type 'custom_tool_call'")),
    ("responses.server", {"type": "web_search_call", "id": "ws_1"}, R,
     ("server", "type 'web_search_call' (a tool the provider runs)")),
    ("responses.client-tool-search", {"type": "tool_search_call", "execution": "client"}, R,
     ("other", "type 'tool_search_call' with execution 'client' (a search the client ran)")),
    ("responses.near.server-tool-search", {"type": "tool_search_call", "execution": "server"}, R,
     ("server", "type 'tool_search_call' (a tool the provider runs)")),
    ("responses.near.client-execution-elsewhere", {"type": "mcp_call", "execution": "client"}, R,
     ("server", "type 'mcp_call' (a tool the provider runs)")),
    ("responses.result", {"type": "function_call_output", "call_id": "c", "output": "x"}, R,
     ("result", "type 'function_call_output'")),
    ("responses.custom-result", {"type": "custom_tool_call_output", "call_id": "c", "output": "x"}, R,
     ("result", "type 'custom_tool_call_output'")),
    ("responses.tool", {"type": "function", "name": "f", "parameters": {}}, R,
     ("tool", "a flat type 'function' definition with 'name' at the top")),
    ("responses.custom-tool", {"type": "custom", "name": "f"}, R,
     ("tool", "a flat type 'custom' definition with 'name' at the top")),
    ("responses.near.tool-with-function", {"type": "function", "name": "f", "function": {}}, R, None),
    ("responses.near.tool-with-custom", {"type": "custom", "name": "f", "custom": {}}, R, None),
    ("responses.near.tool-without-name", {"type": "function"}, R, None),
    ("responses.response-object", {"object": "response"}, R, ("calls", "'output' items (a Responses Response)")),
    ("responses.response-output", {"output": []}, R, ("calls", "'output' items (a Responses Response)")),
    ("responses.near.output-not-a-list", {"output": "x"}, R, None),
    ("responses.request", {"input": []}, R, ("calls", "'input' items (a Responses request)")),
    ("responses.near.input-not-a-list", {"input": "x"}, R, None),
    ("responses.reasoning", {"type": "reasoning", "summary": []}, R, ("other", "a reasoning item without tool calls")),
    ("responses.message", {"role": "user", "content": "x"}, R, ("other", "a role item without tool calls")),
    ("responses.near.message-with-tool_calls", {"role": "assistant", "content": "x", "tool_calls": []}, R, None),
    ("responses.near.message-with-function_call", {"role": "assistant", "content": "x", "function_call": {}}, R,
     None),
    ("responses.near.message-of-another-role", {"role": "robot", "content": "x"}, R, None),
    ("responses.near.message-without-content", {"role": "user"}, R, None),
    ("responses.near.typed-message-of-another-type", {"type": "thing", "role": "user", "content": "x"}, R, None),
    ("responses.untyped-call", {"call_id": "c", "name": "f", "arguments": "{}"}, R,
     ("call", "'call_id', 'name' and 'arguments' (a function_call without 'type')")),
    ("responses.untyped-call-odd-type", {"type": 5, "call_id": "c", "name": "f", "arguments": "{}"}, R,
     ("call", "'call_id', 'name' and 'arguments' (a function_call without 'type')")),
    ("responses.near.untyped-without-arguments", {"call_id": "c", "name": "f"}, R, None),
    ("responses.near.untyped-without-name", {"call_id": "c", "arguments": "{}"}, R, None),
    ("responses.near.untyped-without-call_id", {"id": "c", "name": "f", "arguments": "{}"}, R, None),
    ("responses.near.chat-completion", {"choices": [], "type": "function_call"}, R, None),
]

# what ``explain`` says of the payloads the OpenAI dialects win (others go to another
# dialect first: ``{"role": "user", "content": "x"}`` is Anthropic's, ``{"name", "arguments": {}}`` MCP's)
EXPLAINED = {
    "chat.call", "chat.call-id-without-arguments", "chat.call-arguments-without-id", "chat.tool",
    "chat.tool-without-parameters", "chat.custom-call",
    "chat.custom-tool", "chat.completion-choices", "chat.completion-object", "chat.message-tool_calls",
    "chat.message-function_call", "chat.result", "chat.near.tool-without-id", "chat.legacy-result",
    "chat.near.function-without-name", "chat.other-message", "chat.tool_calls", "chat.legacy-function_call", "chat.request", "chat.legacy-call",
    "responses.call", "responses.custom-call", "responses.server", "responses.client-tool-search",
    "responses.near.server-tool-search", "responses.result", "responses.custom-result", "responses.tool",
    "responses.custom-tool", "responses.response-object", "responses.response-output", "responses.request",
    "responses.reasoning", "responses.untyped-call", "responses.untyped-call-odd-type",
}


@pytest.mark.parametrize(("payload", "dialect", "expected"), [r[1:] for r in SNIFF], ids=[r[0] for r in SNIFF])
def test_sniff(payload: Any, dialect: str, expected: Optional[Tuple[str, str]]) -> None:
    assert toolwire.get_dialect(dialect).sniff(payload) == expected


@pytest.mark.parametrize(("payload", "dialect", "expected"), [r[1:] for r in SNIFF if r[0] in EXPLAINED],
                         ids=[r[0] for r in SNIFF if r[0] in EXPLAINED])
def test_explain(payload: Dict[str, Any], dialect: str, expected: Tuple[str, str]) -> None:
    assert tuple(toolwire.explain(payload)) == (dialect, *expected)


def test_every_explained_row_exists() -> None:
    assert {r[0] for r in SNIFF} >= EXPLAINED


def test_near_misses_no_dialect_claims() -> None:
    for payload in ({"function": {}}, {"type": "custom", "custom": "f"}, {"messages": "x"}, {"output": "x"},
                    {"name": "f", "arguments": "{}", "x": 1}, {"call_id": "c", "name": "f"}):
        with pytest.raises(toolwire.DecodeError) as exc:
            toolwire.explain(payload)
        assert exc.value.message == f"Input at $ matches no known dialect: {payload!r}"


@pytest.mark.parametrize(
    ("keys", "kind", "expected"),
    [
        (("choices", "type"), "function_call", False),
        (("type", "call_id"), "function_call", True),
        (("type", "id"), "web_search_call", True),
        (("type",), "message", True),
        (("type", "name"), "function", True),
        (("type", "name"), "custom", True),
        (("type", "name", "function"), "function", False),
        (("type", "name", "custom"), "custom", False),
        (("type",), "function", False),
        (("object",), None, True),
        (("output",), None, True),
        (("input",), None, True),
        (("call_id",), None, True),
        (("role", "content"), None, True),
        (("role", "content", "tool_calls"), None, False),
        (("role", "content", "function_call"), None, False),
        (("role",), None, False),
        (("content",), None, False),
        (("role", "content"), "thing", False),
        (("name",), None, False),
    ],
)
def test_gate(keys: Tuple[str, ...], kind: Optional[str], expected: bool) -> None:
    assert responses_sniff.gate(keys, kind) is expected
