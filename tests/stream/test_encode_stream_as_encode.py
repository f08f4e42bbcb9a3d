"""``encode_stream`` is held to ``encode``'s rules for what a call carries beside its
name and arguments: a call the provider runs (``server``) is refused where ``encode``
refuses it and written as the provider's own item where ``encode`` writes it back
(never as a client call the application would run); provider data ``encode`` writes
back (Gemini ``thoughtSignature``, a Responses ``custom_tool_call`` and its item id) is
written in the stream too. Every chunk is checked against the provider SDK's stream
types (``tests/sdk_types.py``) and read back.

Shapes from https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool
(``server_tool_use`` blocks, streamed with ``input_json_delta``),
https://ai.google.dev/gemini-api/docs/thought-signatures (the signature on the
``functionCall`` part), https://ai.google.dev/gemini-api/docs/code-execution
(``executableCode`` parts), https://platform.openai.com/docs/api-reference/responses-streaming
(``response.custom_tool_call_input.delta`` / ``.done``: ``item_id``, ``output_index``,
``delta`` / ``input``; openai-python ``ResponseCustomToolCallInputDeltaEvent``), and
https://docs.aws.amazon.com/nova/latest/userguide/ (Nova's ``toolUse`` with ``type:
"server_tool_use"``).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from sdk_types import stream_checker
from toolwire import EncodeError, ToolCall
from toolwire.stream import accumulate, encode_stream

ANTHROPIC_SERVER = {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "weather Paris"}}]}
GEMINI_CODE = {"candidates": [{"content": {"role": "model", "parts": [
    {"executableCode": {"language": "PYTHON", "code": "print(1 + 1)"}}]}, "finishReason": "STOP"}]}
RESPONSES_SEARCH = {"object": "response", "status": "completed", "output": [
    {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "x"}}]}
BEDROCK_NOVA = {"role": "assistant", "content": [
    {"toolUse": {"toolUseId": "tooluse_1", "name": "nova_grounding", "type": "server_tool_use",
                 "input": {"query": "x"}}}]}

SERVER_CALLS = [
    ("anthropic.messages", ANTHROPIC_SERVER),
    ("gemini", GEMINI_CODE),
    ("openai.responses", RESPONSES_SEARCH),
    ("bedrock.converse", BEDROCK_NOVA),
]


def _checked(chunks: List[Dict[str, Any]], dialect: str) -> List[Dict[str, Any]]:
    check = stream_checker(dialect)
    for chunk in chunks:
        check(chunk)
    return chunks


@pytest.mark.parametrize(("dialect", "reply"), SERVER_CALLS)
def test_server_calls_are_written_as_the_providers_own(dialect: str, reply: Dict[str, Any]) -> None:
    calls = toolwire.decode_all(reply, dialect, include_server=True)
    assert [c.server for c in calls] == [True]
    chunks = _checked(encode_stream(calls, dialect, split=4), dialect)
    assert accumulate(chunks, dialect) == []  # nothing for the client to run
    back = accumulate(chunks, dialect, include_server=True)
    assert [(c.name, c.server) for c in back] == [(calls[0].name, True)]


def test_anthropic_server_tool_use_block() -> None:
    calls = toolwire.decode_all(ANTHROPIC_SERVER, include_server=True)
    events = encode_stream(calls, "anthropic.messages")
    assert events[1]["content_block"] == {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
                                          "input": {}}
    [back] = accumulate(events, include_server=True)
    assert (back.name, back.args, back.id, back.server) == ("web_search", {"query": "weather Paris"}, "srvtoolu_01",
                                                             True)


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral", "cohere.v2", "ollama"])
@pytest.mark.parametrize(("source", "reply"), SERVER_CALLS)
def test_server_calls_are_refused_where_encode_refuses(dialect: str, source: str, reply: Dict[str, Any]) -> None:
    call = toolwire.decode_all(reply, source, include_server=True)[0]
    with pytest.raises(EncodeError):
        toolwire.encode(call, dialect)
    with pytest.raises(EncodeError):
        encode_stream([call], dialect)


def test_another_providers_server_call_is_refused() -> None:
    call = toolwire.decode_all(ANTHROPIC_SERVER, include_server=True)[0]
    with pytest.raises(EncodeError):
        toolwire.encode(call, "gemini")
    with pytest.raises(EncodeError):
        encode_stream([call], "gemini")


SIG = "EpwICpkIAXLI2nxl"
GEMINI_SIGNED = {"candidates": [{"content": {"role": "model", "parts": [
    {"functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": SIG}]}, "finishReason": "STOP"}]}


def test_gemini_thought_signature_is_written_on_the_part() -> None:
    calls = toolwire.decode_all(GEMINI_SIGNED)
    part = toolwire.encode(calls[0], "gemini")
    assert part == {"functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": SIG}
    chunks = _checked(encode_stream(calls, "gemini"), "gemini")
    assert chunks[0]["candidates"][0]["content"]["parts"][0] == part
    [back] = accumulate(chunks)
    assert toolwire.encode(back, "gemini") == part


def test_gemini_partial_args_carry_the_signature_on_the_first_part() -> None:
    calls = toolwire.decode_all(GEMINI_SIGNED)
    chunks = _checked(encode_stream(calls, "gemini", partial_args=True), "gemini")
    assert chunks[0]["candidates"][0]["content"]["parts"][0] == {
        "functionCall": {"name": "f", "willContinue": True}, "thoughtSignature": SIG}
    [back] = accumulate(chunks)
    assert toolwire.encode(back, "gemini") == {"functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": SIG}


CUSTOM = {"object": "response", "status": "completed", "output": [
    {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "py", "input": "print(1)"}]}


def test_responses_custom_tool_call_streams_its_input() -> None:
    calls = toolwire.decode_all(CUSTOM)
    item = toolwire.encode(calls[0], "openai.responses")
    assert item == CUSTOM["output"][0]
    events = _checked(encode_stream(calls, "openai.responses", split=3), "openai.responses")
    types = [e["type"] for e in events]
    assert types == ["response.created", "response.output_item.added",
                     "response.custom_tool_call_input.delta", "response.custom_tool_call_input.delta",
                     "response.custom_tool_call_input.delta", "response.custom_tool_call_input.done",
                     "response.output_item.done", "response.completed"]
    assert events[1]["item"] == {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "py",
                                 "input": ""}
    assert [e["delta"] for e in events[2:5]] == ["pri", "nt(", "1)"]
    assert {e["item_id"] for e in events[2:7] if "item_id" in e} == {"ctc_1"}
    assert events[5]["input"] == "print(1)"
    assert events[6]["item"] == item
    [back] = accumulate(events)
    assert (back.name, back.args, back.id) == ("py", {"input": "print(1)"}, "call_1")
    assert toolwire.encode(back, "openai.responses") == item


def test_responses_function_call_keeps_its_item_id_and_status() -> None:
    reply = {"object": "response", "status": "completed", "output": [
        {"type": "function_call", "id": "fc_67ab", "call_id": "call_1", "name": "f", "arguments": '{"a":1}',
         "status": "completed"}]}
    calls = toolwire.decode_all(reply)
    events = _checked(encode_stream(calls, "openai.responses"), "openai.responses")
    assert events[1]["item"]["id"] == "fc_67ab"
    assert events[-2]["item"] == reply["output"][0]
    [back] = accumulate(events)
    assert toolwire.encode(back, "openai.responses") == reply["output"][0]


def test_plain_calls_are_written_as_before() -> None:
    events = encode_stream([ToolCall("f", {"a": 1}, "call_1")], "openai.responses")
    assert events[1]["item"] == {"id": "fc_0", "type": "function_call", "status": "in_progress", "arguments": "",
                                 "call_id": "call_1", "name": "f"}
