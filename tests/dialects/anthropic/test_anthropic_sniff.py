"""anthropic.messages detection: each ``sniff`` branch with its pinned ``explain``
triple, a near miss beside it that the dialect must not claim, and the ``gate`` (the
necessary condition on keys and ``type`` that the decode plan asks first).

Shapes from https://docs.claude.com/en/api/messages (content blocks, ``Message``,
``tools``, ``system``) and
https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool (versioned
server tool types such as ``web_search_20250305``).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import pytest

import toolwire

D = "anthropic.messages"
DIALECT = toolwire.get_dialect(D)

CALL_USE = {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Zürich"}}
RESULT = {"type": "tool_result", "tool_use_id": "toolu_01", "content": "22°C"}
STRONG_WHY = "with tool_use/tool_result/thinking blocks"
TEXT_WHY = "of text only (Anthropic and Chat messages look alike)"
MESSAGE_WHY = "type 'message' with 'stop_reason' (an Anthropic Message)"
MESSAGE_BLOCKS_WHY = "type 'message' with tool_use/tool_result/thinking blocks (an Anthropic Message)"
ONE_BLOCK_WHY = "an 'assistant' message whose content is one tool_use/tool_result/thinking block, not a list"
TOOL_WHY = "a tool definition with 'input_schema' or a versioned server tool type"
HI = [{"role": "user", "content": "hi"}]

# (id, payload, kind, reason): explain names anthropic.messages
CLAIMED = [
    ("block.tool_use", CALL_USE, "call", "a content block of type 'tool_use'"),
    ("block.server_tool_use", {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "q"}},
     "server", "a content block of type 'server_tool_use'"),
    ("block.mcp_tool_use", {"type": "mcp_tool_use", "id": "mcptoolu_01", "name": "f", "server_name": "s", "input": {}},
     "server", "a content block of type 'mcp_tool_use'"),
    ("block.tool_result", RESULT, "result", "a content block of type 'tool_result'"),
    ("block.text", {"type": "text", "text": "hi"}, "other", "a content block of type 'text'"),
    ("block.thinking", {"type": "thinking", "thinking": "hm", "signature": "c2ln"}, "other",
     "a content block of type 'thinking'"),
    ("block.redacted_thinking", {"type": "redacted_thinking", "data": "EmwKAhgB"}, "other",
     "a content block of type 'redacted_thinking'"),
    ("block.image", {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}}, "other",
     "a content block of type 'image'"),
    ("block.document", {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "d"}},
     "other", "a content block of type 'document'"),
    ("block.search_result", {"type": "search_result", "source": "https://x", "title": "t", "content": []}, "other",
     "a content block of type 'search_result'"),
    ("block.container_upload", {"type": "container_upload", "file_id": "file_1"}, "other",
     "a content block of type 'container_upload'"),
    ("block.tool_reference", {"type": "tool_reference", "tool_name": "f"}, "other",
     "a content block of type 'tool_reference'"),
    ("block.web_search_tool_result", {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": []},
     "other", "a content block of type 'web_search_tool_result'"),
    ("block.any_tool_result", {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_01", "content": []},
     "other", "a content block of type 'mcp_tool_result'"),
    ("message.stop_reason", {"type": "message", "role": "assistant", "content": [], "stop_reason": "end_turn"},
     "calls", MESSAGE_WHY),
    ("message.usage", {"type": "message", "role": "assistant", "content": [], "usage": {"input_tokens": 1}},
     "calls", "type 'message' with 'usage' (an Anthropic Message)"),
    ("message.strong_content", {"type": "message", "role": "assistant", "content": [CALL_USE]}, "calls",
     MESSAGE_BLOCKS_WHY),
    ("message.server_result_content", {"type": "message", "role": "assistant", "content": [
        {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": []}]}, "calls", MESSAGE_BLOCKS_WHY),
    # content is one block, not a list of them: claimed, so decoding refuses it (never [])
    ("role.content_one_block", {"role": "assistant", "content": CALL_USE}, "calls", ONE_BLOCK_WHY),
    ("role.content_one_result", {"role": "user", "content": RESULT}, "calls",
     "a 'user' message whose content is one tool_use/tool_result/thinking block, not a list"),
    ("tool.versioned", {"type": "web_search_20250305", "name": "web_search", "max_uses": 5}, "tool", TOOL_WHY),
    ("tool.versioned_digits_in_name", {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
     "tool", TOOL_WHY),
    ("tool.typed_with_schema", {"type": "custom", "name": "f", "input_schema": {"type": "object"}}, "tool", TOOL_WHY),
    ("tool.untyped", {"name": "f", "input_schema": {"type": "object"}}, "tool",
     "'name' and 'input_schema' (an Anthropic tool definition)"),
    ("tool.untyped_null_role", {"name": "f", "input_schema": {}, "role": None, "tool_calls": None}, "tool",
     "'name' and 'input_schema' (an Anthropic tool definition)"),
    ("role.assistant_call", {"role": "assistant", "content": [{"type": "text", "text": "…"}, CALL_USE]}, "calls",
     f"an 'assistant' message {STRONG_WHY}"),
    ("role.user_result", {"role": "user", "content": [RESULT]}, "calls", f"a 'user' message {STRONG_WHY}"),
    ("role.user_server_result", {"role": "user", "content": [{"type": "code_execution_tool_result"}]}, "calls",
     f"a 'user' message {STRONG_WHY}"),
    ("role.redacted_thinking", {"role": "assistant", "content": [{"type": "redacted_thinking", "data": "x"}]},
     "calls", f"an 'assistant' message {STRONG_WHY}"),
    ("role.text", {"role": "assistant", "content": "Il fait 22°C."}, "calls", f"an 'assistant' message {TEXT_WHY}"),
    ("role.text_blocks", {"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "image", "source": {}}]},
     "calls", f"a 'user' message {TEXT_WHY}"),
    ("role.empty", {"role": "user", "content": []}, "calls", f"a 'user' message {TEXT_WHY}"),
    # a type this version does not know (a later API version's block): passed over when read
    ("role.unknown_block", {"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "mystery"}]},
     "calls", "a 'user' message of typed blocks, none of another dialect's"),
    ("request.system_text", {"messages": HI, "system": "Sois bref."}, "calls",
     "'messages' with a top-level 'system' (an Anthropic request)"),
    ("request.system_blocks", {"messages": HI, "system": [{"type": "text", "text": "x"}, {"text": "y"}]}, "calls",
     "'messages' with a top-level 'system' (an Anthropic request)"),
    ("request.tools", {"messages": HI, "tools": [5, {"name": "f", "input_schema": {}}]}, "calls",
     "'messages' with 'input_schema' tools (an Anthropic request)"),
    ("request.blocks", {"messages": [5, {"role": "assistant", "content": [
        {"type": "thinking", "thinking": "x", "signature": "c2ln"}]}]},
     "calls", f"'messages' {STRONG_WHY} (an Anthropic request)"),
    ("request.server_result", {"messages": [{"role": "user", "content": [{"type": "web_fetch_tool_result"}]}]},
     "calls", f"'messages' {STRONG_WHY} (an Anthropic request)"),
]


@pytest.mark.parametrize(("payload", "kind", "reason"), [r[1:] for r in CLAIMED], ids=[r[0] for r in CLAIMED])
def test_claimed(payload: Dict[str, Any], kind: str, reason: str) -> None:
    assert tuple(toolwire.explain(payload)) == (D, kind, reason)
    assert DIALECT.sniff(payload) == (kind, reason)


# (id, payload, what explain says instead: a dialect id, or None when no dialect claims it)
NEAR = [
    ("no_known_key", {"id": "toolu_01", "name": "f", "input": {}}, None),
    ("type.not_a_string", {"type": 5, "name": "f", "input_schema": {}}, None),
    ("type.unknown", {"type": "mystery", "text": "x"}, None),
    ("type.tool_result_prefix", {"type": "tool_result_x", "content": "x"}, None),
    ("message.text_only", {"type": "message", "role": "assistant", "content": [{"type": "text", "text": "x"}]},
     "openai.responses"),
    ("tool.typed_no_schema", {"type": "custom", "name": "f"}, "openai.responses"),
    ("tool.schema_no_name", {"type": "custom", "input_schema": {}}, None),
    ("tool.versioned_no_name", {"type": "web_search_20250305"}, None),
    ("tool.version_seven_digits", {"type": "web_search_2025030", "name": "w"}, None),
    ("tool.version_nine_digits", {"type": "web_search_202503051", "name": "w"}, None),
    ("tool.version_then_more", {"type": "web_search_20250305x", "name": "w"}, None),
    ("tool.version_capital", {"type": "Web_search_20250305", "name": "w"}, None),
    ("tool.version_leading_digit", {"type": "1web_20250305", "name": "w"}, None),
    ("tool.untyped_no_name", {"input_schema": {"type": "object"}}, None),
    ("role.system", {"role": "system", "content": "hello"}, "openai.responses"),
    ("role.tool_calls", {"role": "assistant", "content": "a", "tool_calls": []}, "openai.chat"),
    ("role.function_call", {"role": "user", "content": "hi", "function_call": None}, "openai.chat"),
    ("role.tool_call_id", {"role": "user", "content": "hi", "tool_call_id": "x"}, "openai.responses"),
    ("role.parts", {"role": "user", "content": "hi", "parts": []}, "gemini"),
    ("role.refusal", {"role": "assistant", "content": [CALL_USE], "refusal": None}, "openai.chat"),  # Chat's field
    ("role.tool_plan", {"role": "user", "content": "hi", "tool_plan": "x"}, "openai.responses"),
    ("role.content_not_text", {"role": "user", "content": 5}, "openai.responses"),
    ("role.block_not_an_object", {"role": "user", "content": [{"type": "text", "text": "a"}, 5]}, "openai.responses"),
    ("role.block_type_not_a_string", {"role": "user", "content": [{"type": ["tool_use"]}]}, "openai.responses"),
    ("request.messages_not_a_list", {"messages": "x", "system": "s"}, None),
    ("request.plain", {"messages": HI}, "openai.chat"),
    ("request.system_empty_list", {"messages": HI, "system": []}, "openai.chat"),
    ("request.system_untyped_blocks", {"messages": HI, "system": [{"text": "x"}]}, "openai.chat"),
    ("request.system_not_text", {"messages": HI, "system": 5}, "openai.chat"),
    ("request.chat_tools", {"messages": HI, "tools": [{"name": "f", "parameters": {}}]}, "openai.chat"),
    ("request.tools_not_a_list", {"messages": HI, "tools": {"name": "f", "input_schema": {}}}, "openai.chat"),
    ("request.converse_tool_config", {"messages": HI, "system": "s", "toolConfig": {}}, "bedrock.converse"),
    ("request.converse_inference_config", {"messages": HI, "system": "s", "inferenceConfig": {}}, "bedrock.converse"),
]


@pytest.mark.parametrize(("payload", "instead"), [r[1:] for r in NEAR], ids=[r[0] for r in NEAR])
def test_near_miss_is_not_claimed(payload: Dict[str, Any], instead: Optional[str]) -> None:
    assert DIALECT.detect is not None and DIALECT.detect(payload) is None
    if instead is None:
        with pytest.raises(toolwire.DecodeError, match="matches no known dialect"):
            toolwire.explain(payload)
    else:
        assert toolwire.explain(payload).dialect == instead


NAMED_WHY = "'messages' of Anthropic messages and nothing of another dialect (an Anthropic request)"


# named, the dialect also claims a request that detection leaves to openai.chat when it
# holds nothing only another dialect has; the near misses above it still declines
@pytest.mark.parametrize(("payload", "named"), [
    ({"messages": HI}, True),
    ({"messages": HI, "system": None, "tools": None, "tool_choice": None}, True),
    ({"messages": HI, "tools": [], "tool_choice": {"type": "any"}}, True),
    ({"messages": []}, True),
    ({"messages": HI, "system": []}, False),
    ({"messages": HI, "system": [{"text": "x"}]}, False),
    ({"messages": HI, "system": 5}, False),
    ({"messages": HI, "tools": [{"name": "f", "parameters": {}}]}, False),
    ({"messages": HI, "tools": {"name": "f", "input_schema": {}}}, False),
    ({"messages": HI, "tool_choice": "auto"}, False),
    ({"messages": HI, "tool_choice": {"type": "function", "function": {"name": "f"}}}, False),
    ({"messages": HI, "parallel_tool_calls": False}, False),
    ({"messages": HI, "toolConfig": {}}, False),
    ({"messages": [*HI, 5]}, False),
    ({"messages": [*HI, {"role": "system", "content": "x"}]}, False),
    ({"messages": [*HI, {"role": "assistant", "content": "x", "refusal": None}]}, False),
    ({"messages": {"role": "user"}}, False),
], ids=lambda x: str(x)[:60] if isinstance(x, dict) else str(x))
def test_named_claims_a_plain_request(payload: Dict[str, Any], named: bool) -> None:
    assert DIALECT.detect is not None and DIALECT.detect(payload) is None
    assert DIALECT.sniff(payload) == ((("calls", NAMED_WHY)) if named else None)


@pytest.mark.parametrize("dialect", [None, D])
def test_content_of_one_block_is_refused_not_read_as_no_calls(dialect: Optional[str]) -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_all({"role": "assistant", "content": CALL_USE}, dialect)
    assert (exc.value.message, exc.value.loc) == (
        "Message content at $.content must be text or a list of blocks, got one block of type 'tool_use'",
        "$.content",
    )


def test_not_a_dict_is_not_claimed() -> None:
    assert DIALECT.sniff([CALL_USE]) is None
    assert DIALECT.sniff("tool_use") is None


# (keys, type value, gate): the plan asks sniff only where the gate lets it through
GATE: Tuple[Tuple[Tuple[str, ...], Optional[str], bool], ...] = (
    (("id", "name", "input"), None, False),
    (("role", "content"), None, True),
    (("messages",), None, True),
    (("input_schema",), None, True),
    (("role", "content", "tool_calls"), None, False),
    (("role", "content", "parts"), None, False),
    (("role", "tool_calls", "messages"), None, True),
    (("role", "tool_calls", "input_schema", "name"), None, True),
    (("role", "tool_calls", "input_schema"), None, False),
    (("role", "tool_calls", "name"), None, False),
    (("type", "id", "name", "input"), "tool_use", True),
    (("type", "tool_use_id"), "tool_result", True),
    (("type", "text"), "text", True),
    (("type", "content"), "message", True),
    (("type", "content"), "bash_code_execution_tool_result", True),
    (("type", "content"), "tool_result_x", False),
    (("type", "name", "input_schema"), "custom", True),
    (("type", "input_schema"), "custom", False),
    (("type", "name"), "custom", False),
    (("type", "name"), "web_search_20250305", True),
    (("type",), "web_search_20250305", False),
    (("type", "name"), "web_search_2025030", False),
    (("type", "name", "parameters"), "function", False),
)


@pytest.mark.parametrize(("keys", "kind", "expected"), GATE, ids=[f"{'-'.join(k)}:{t}" for k, t, _ in GATE])
def test_gate(keys: Tuple[str, ...], kind: Optional[str], expected: bool) -> None:
    assert DIALECT.gate is not None
    assert DIALECT.gate(keys, kind) is expected


# A ``Message`` (docs: ``type`` is always ``"message"``) whose ``type`` says something else, as a
# wrapper or a hand-built dict may write it: its tool_use blocks were read by no dialect and
# decode_all gave [] (Chat read "an 'assistant' message without tool calls").
_ODD_MESSAGE = {"id": "msg_01", "role": "assistant", "model": "claude-haiku-4-5", "stop_reason": "tool_use",
                "content": [{"type": "text", "text": "Checking."}, CALL_USE, {**CALL_USE, "id": "toolu_02"}]}


@pytest.mark.parametrize("odd", ["Message", "", "msg", 5, {}, ["message"]])
def test_a_message_whose_type_is_not_message_is_refused_not_read_as_no_calls(odd: Any) -> None:
    data = {**_ODD_MESSAGE, "type": odd}
    for named in (None, D):
        with pytest.raises(toolwire.DecodeError) as err:
            toolwire.decode_all(data, named)
        assert err.value.loc == "$.type" and err.value.dialect == D
        assert "'message'" in str(err.value)


def test_the_message_with_its_own_type_or_none_still_reads() -> None:
    for data in ({**_ODD_MESSAGE, "type": "message"}, _ODD_MESSAGE):
        assert [c.id for c in toolwire.decode_all(data)] == ["toolu_01", "toolu_02"]
