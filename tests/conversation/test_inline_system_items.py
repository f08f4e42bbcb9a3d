"""System entries that are no system text, written fresh (a message rebuilt, e.g. after
filtering its parts) to their own dialect.

- A Responses ``additional_tools`` input item (``{"type": "additional_tools", "role":
  "developer", "tools": [...]}``: the openai SDK's ``ResponseInputItemParam`` member
  ``AdditionalTools``) is an item of the input list, not a content part of a message
  (``ResponseInputContentParam``: ``input_text``, ``input_image``, ``input_file``): it
  is written as its own item, unchanged, also where it comes first (then it ends the
  ``instructions``).
- An Anthropic ``role: "system"`` message inside ``messages`` holding a ``tool_addition``
  block: the top-level ``system`` takes text blocks only (anthropic SDK
  ``message_create_params``: ``system: Union[str, Iterable[TextBlockParam]]``), while
  ``BetaSystemMessageParam.content`` takes text, ``tool_addition`` and ``tool_removal``
  blocks. Such a message stays in its place; the system field never gets another block.

The payloads have the shapes of the corpus requests
``openai-responses/request-pai-gpt-5.6-reasoning-tool-search-additional-tools.json`` and
``anthropic-messages/request-pai-opus-4-8-system-tool-addition-history.json``.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import EncodeError
from toolwire.conversation import Conversation, Message, Other, Problem, Text, decode_conversation, encode_conversation

R = "openai.responses"
A = "anthropic.messages"

ADDITIONAL_TOOLS: Dict[str, Any] = {
    "role": "developer",
    "tools": [{"description": "Look up the refund policy for an order.", "name": "lookup_refund_policy",
               "parameters": {"additionalProperties": False, "properties": {"order_id": {"type": "string"}},
                              "required": ["order_id"], "type": "object"},
               "strict": True, "type": "function"}],
    "type": "additional_tools",
}

RESPONSES: Dict[str, Any] = {
    "instructions": "Load the refunds capability before answering refund questions.",
    "input": [
        {"content": "Can I get a refund on order-123?", "role": "user"},
        {"arguments": "{\"id\":\"refunds\"}", "call_id": "call_xQ3qiidxi1I3HOgmR9F02IRt", "name": "load_capability",
         "type": "function_call"},
        {"call_id": "call_xQ3qiidxi1I3HOgmR9F02IRt", "output": "{}", "type": "function_call_output"},
        ADDITIONAL_TOOLS,
        {"arguments": "{\"order_id\":\"order-123\"}", "call_id": "call_VbRPjteOXoB0jzgTbxPLQ4IQ",
         "name": "lookup_refund_policy", "type": "function_call"},
        {"call_id": "call_VbRPjteOXoB0jzgTbxPLQ4IQ", "output": "order-123: refund allowed",
         "type": "function_call_output"},
    ],
}


def _fresh(conv: Conversation) -> Conversation:
    """Every message rebuilt: written fresh, not back as it came."""
    return Conversation([Message(m.role, m.parts) for m in conv.messages])


def test_responses_additional_tools_written_fresh_is_its_item() -> None:
    out = encode_conversation(_fresh(decode_conversation(RESPONSES, R)), R)
    assert out == RESPONSES  # (each item here is written fresh as it came)
    assert out["input"][3] == ADDITIONAL_TOOLS


def test_responses_additional_tools_first_ends_the_instructions() -> None:
    conv = _fresh(decode_conversation({"input": [ADDITIONAL_TOOLS, {"role": "user", "content": "q"}]}, R))
    assert encode_conversation(conv, R) == {"input": [ADDITIONAL_TOOLS, {"role": "user", "content": "q"}]}
    # system text before it still goes to instructions; the item after it, in its place
    conv = Conversation([Message("system", [Text("Be brief.")]), *conv.messages])
    assert encode_conversation(conv, R) == {
        "instructions": "Be brief.", "input": [ADDITIONAL_TOOLS, {"role": "user", "content": "q"}]}


def test_responses_additional_tools_beside_system_text() -> None:
    conv = Conversation([
        Message("system", [Text("Be brief."), Other("additional_tools", R, ADDITIONAL_TOOLS), Text("Use tools.")]),
        Message("user", [Text("q")]),
    ])
    assert encode_conversation(conv, R) == {"input": [
        {"role": "system", "content": "Be brief."}, ADDITIONAL_TOOLS, {"role": "system", "content": "Use tools."},
        {"role": "user", "content": "q"}]}


TOOL_ADDITION: Dict[str, Any] = {"tool": {"name": "lookup_refund_policy", "type": "tool_reference"},
                                 "type": "tool_addition"}

ANTHROPIC: Dict[str, Any] = {
    "system": [{"text": "Refund tools are deferred; load them with load_capability.", "type": "text"}],
    "messages": [
        {"content": [{"text": "Can I get a refund on order-123? Use your tools.", "type": "text"}], "role": "user"},
        {"content": [{"id": "call_vnlaFYmpoXTeM8aMi5LWUYvG", "input": {"id": "refunds"}, "name": "load_capability",
                      "type": "tool_use"}], "role": "assistant"},
        {"content": [{"content": [{"text": "{\"instructions\":\"Use the refund policy tool.\"}", "type": "text"}],
                      "is_error": False, "tool_use_id": "call_vnlaFYmpoXTeM8aMi5LWUYvG", "type": "tool_result"}],
         "role": "user"},
        {"content": [TOOL_ADDITION], "role": "system"},
        {"content": [{"text": "I'll look up the refund policy.", "type": "text"},
                     {"id": "toolu_017nhrhVkYMfrWuzKkcmgsy7", "input": {"order_id": "order-123"},
                      "name": "lookup_refund_policy", "type": "tool_use"}], "role": "assistant"},
    ],
}


def test_anthropic_tool_addition_written_fresh_stays_in_place() -> None:
    report: List[Problem] = []
    out = encode_conversation(_fresh(decode_conversation(ANTHROPIC, A)), A, report=report)
    assert out["system"] == "Refund tools are deferred; load them with load_capability."
    assert [m["role"] for m in out["messages"]] == ["user", "assistant", "user", "system", "assistant"]
    assert out["messages"][3] == {"role": "system", "content": [TOOL_ADDITION]}
    assert report == []


def test_anthropic_tool_addition_first_is_no_system_field() -> None:
    conv = Conversation([Message("system", [Text("Be brief."), Other("tool_addition", A, TOOL_ADDITION)]),
                         Message("user", [Text("q")])])
    assert encode_conversation(conv, A) == {"messages": [
        {"role": "system", "content": [{"type": "text", "text": "Be brief."}, TOOL_ADDITION]},
        {"role": "user", "content": [{"type": "text", "text": "q"}]}]}


def test_anthropic_system_field_takes_text_blocks_only() -> None:
    block = {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "x"}}
    conv = Conversation([Message("system", [Text("Be brief."), Other("document", A, block)]),
                         Message("user", [Text("q")])])
    with pytest.raises(EncodeError) as info:
        encode_conversation(conv, A)
    assert (info.value.message, info.value.loc) == (
        "System message 0 holds a 'document' block, which the system field of anthropic.messages does not take "
        "(text blocks only)", "$.messages[0].parts[1]")


# Anthropic's ``tool_addition`` / ``tool_removal`` (a ``tool_reference`` by name) and
# Bedrock's ``toolAddition`` / ``toolRemoval`` (botocore 1.44.18 ``ToolAdditionBlock {tool:
# ToolReference {type, name, serverName}}``: "adding a tool to the available tool set
# mid-conversation ... Use within a system role message") are one directive: a reference
# by name maps both ways, in its place; what has no exact counterpart is still dropped.
B = "bedrock.converse"
BEDROCK_ADDITION: Dict[str, Any] = {"toolAddition": {"tool": {"name": "lookup_refund_policy"}}}


def test_anthropic_tool_addition_goes_to_bedrock_in_place() -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(ANTHROPIC, A), B, report=report)
    assert [m["role"] for m in out["messages"]] == ["user", "assistant", "user", "system", "assistant"]
    assert out["messages"][3] == {"role": "system", "content": [BEDROCK_ADDITION]}
    assert [p for p in report if "tool_addition" in p.message] == []


def test_bedrock_tool_changes_go_to_anthropic_in_place() -> None:
    bedrock = {"messages": [
        {"role": "user", "content": [{"text": "q"}]},
        {"role": "system", "content": [BEDROCK_ADDITION, {"toolRemoval": {"tool": {"name": "load_capability"}}}]},
        {"role": "assistant", "content": [{"text": "ok"}]},
    ]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(bedrock, B), A, report=report)
    assert out["messages"][1] == {"role": "system", "content": [
        TOOL_ADDITION, {"type": "tool_removal", "tool": {"type": "tool_reference", "name": "load_capability"}}]}
    assert report == []


def test_tool_addition_round_trips_through_bedrock() -> None:
    there = encode_conversation(decode_conversation(ANTHROPIC, A), B)
    back = encode_conversation(decode_conversation(there, B), A)
    assert back["messages"][3] == {"role": "system", "content": [TOOL_ADDITION]}


@pytest.mark.parametrize(("source", "block", "target"), [
    # an MCP toolset reference (anthropic SDK ``BetaToolChangeMCPToolsetReferenceParam``): Bedrock names a
    # server's tool with a ``type`` whose values it does not document
    (A, {"type": "tool_addition", "tool": {"type": "mcp_toolset_reference", "server_name": "docs"}}, B),
    # a cache breakpoint on the block: Bedrock's block has no such field
    (A, {**TOOL_ADDITION, "cache_control": {"type": "ephemeral"}}, B),
    # a Bedrock reference with ``type`` and ``serverName``: no Anthropic tool_reference says those
    (B, {"toolRemoval": {"tool": {"type": "mcp", "name": "search", "serverName": "docs"}}}, A),
])
def test_tool_changes_with_no_exact_counterpart_are_still_dropped(source: str, block: Dict[str, Any],
                                                                  target: str) -> None:
    kind = block.get("type") or next(iter(block))
    conv = Conversation([Message("user", [Text("q")]), Message("system", [Other(kind, source, block)]),
                         Message("assistant", [Text("ok")])])
    report: List[Problem] = []
    out = encode_conversation(conv, target, report=report)
    assert [m["role"] for m in out["messages"]] == ["user", "assistant"]
    assert Problem("dropped", 1, None, f"A {kind!r} item of {source} in message 1 is not sent to {target}") in report
