"""A recorded reply whose call has an empty id, answered as the docs' agent loop answers it.

Gemini's OpenAI-compatible endpoint replies with ``"id": ""`` on a tool call (corpus
``openai-compatible/pai-gemini-openai-compat-empty-id.json``); an empty id is no id.
docs/conversations.md "An agent loop" answers each call with ``ToolResult(c.id, ...)``,
so the result has no id either. Written back to a dialect that needs ids, the call (as
it came: ``""``) and its result (fresh: no id to write) used to raise ``EncodeError``
("needs the id of its call"). Now both are written fresh with the one id made for the
call, noted (``rewritten``). The body the Vercel AI SDK sends next echoes the empty id
(``"tool_call_id": ""``): it reads as an id-less result answering that call, as the
call's ``"id": ""`` reads as no id, and goes back as it came.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

import toolwire
from toolwire import ToolResult
from toolwire.conversation import Message, Problem, check_conversation, decode_conversation, encode_conversation

ARGS = "{}"
# (dialect, a reply whose call has an empty id (each provider's documented call shape), where the
# written call's id and the written result's id are found)
REPLIES: List[Tuple[str, Dict[str, Any]]] = [
    ("openai.chat", {"role": "assistant", "content": None, "tool_calls": [
        {"id": "", "type": "function", "function": {"name": "get_current_time", "arguments": ARGS}}]}),
    ("mistral", {"role": "assistant", "content": "", "tool_calls": [
        {"id": "", "type": "function", "function": {"name": "get_current_time", "arguments": ARGS}}]}),
    ("cohere.v2", {"role": "assistant", "tool_calls": [
        {"id": "", "type": "function", "function": {"name": "get_current_time", "arguments": ARGS}}]}),
    ("openai.responses", {"type": "function_call", "call_id": "", "name": "get_current_time", "arguments": ARGS}),
    ("anthropic.messages", {"role": "assistant", "content": [
        {"type": "tool_use", "id": "", "name": "get_current_time", "input": {}}]}),
    ("bedrock.converse", {"role": "assistant", "content": [
        {"toolUse": {"toolUseId": "", "name": "get_current_time", "input": {}}}]}),
]
USERS = {"anthropic.messages": {"role": "user", "content": [{"type": "text", "text": "time?"}]},
         "bedrock.converse": {"role": "user", "content": [{"text": "time?"}]}}


def _ids(out: Dict[str, Any], dialect: str) -> Tuple[Any, Any]:
    """The id of the call and the id of the result in the written fragment *out*."""
    if dialect == "openai.responses":
        call, result = out["input"][-2:]
        assert (call["type"], result["type"]) == ("function_call", "function_call_output")
        return call["call_id"], result["call_id"]
    msgs = out["messages"]
    if dialect == "anthropic.messages":
        return msgs[-2]["content"][0]["id"], msgs[-1]["content"][0]["tool_use_id"]
    if dialect == "bedrock.converse":
        return msgs[-2]["content"][0]["toolUse"]["toolUseId"], msgs[-1]["content"][0]["toolResult"]["toolUseId"]
    assert msgs[-1]["role"] == "tool"
    return msgs[-2]["tool_calls"][0]["id"], msgs[-1]["tool_call_id"]


@pytest.mark.parametrize(("dialect", "reply"), REPLIES, ids=[d for d, _ in REPLIES])
def test_the_docs_loop_answers_a_call_with_an_empty_id(dialect: str, reply: Dict[str, Any]) -> None:
    history = decode_conversation([USERS.get(dialect, {"role": "user", "content": "time?"})], dialect)
    history = history.append(*decode_conversation([reply], dialect).messages)
    calls = history.messages[-1].calls
    assert [c.id for c in calls] == [None]
    history = history.append(Message("tool", [ToolResult(c.id, c.name, "12:00") for c in calls]))
    report: List[Problem] = []
    out = encode_conversation(history, dialect, report=report)
    call_id, result_id = _ids(out, dialect)
    assert call_id and call_id == result_id
    assert [(p.kind, p.index) for p in report if p.kind == "rewritten"] == [("rewritten", 1)]
    assert toolwire.get_dialect(dialect).ids.valid(call_id)


SDK_BODY = {"messages": [
    {"role": "user", "content": "hi"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "", "type": "function", "function": {"name": "get_current_time", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "", "content": "12:00"}]}


def test_the_sdks_next_body_reads_paired_and_goes_back_as_it_came() -> None:
    conv = decode_conversation(SDK_BODY, "openai.chat")
    assert [c.id for c in conv.calls] == [None]
    assert [(r.id, r.content) for r in conv.results] == [(None, "12:00")]
    assert check_conversation(conv, "openai.chat") == []
    assert encode_conversation(conv, "openai.chat") == SDK_BODY
    # a later turn: the pair written before stays as it came
    later = conv.append(Message("user", [toolwire.conversation.Text("thanks")]))
    report: List[Problem] = []
    assert encode_conversation(later, "openai.chat", report=report) == {
        "messages": [*SDK_BODY["messages"], {"role": "user", "content": "thanks"}]}
    assert report == []
    msgs = encode_conversation(conv, "anthropic.messages")["messages"]
    assert msgs[1]["content"][0]["id"] == msgs[2]["content"][0]["tool_use_id"] != ""


def test_an_empty_tool_call_id_is_no_id_written_back_as_received() -> None:
    wire = {"role": "tool", "tool_call_id": "", "content": "x"}
    r = toolwire.decode_result(wire, "openai.chat")
    assert (r.id, r.content) == (None, "x")
    assert toolwire.encode_result(r, "openai.chat") == wire
