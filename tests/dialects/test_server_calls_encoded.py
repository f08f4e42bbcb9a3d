"""A call the provider runs itself (``ToolCall.server``) is written back only to its own
dialect: any other target refuses it, as a function call it would ask the client to run
a tool it does not have. ``canonical`` keeps the flag."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

import toolwire

ANTHROPIC = {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "x"}}]}
RESPONSES = {"output": [
    {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "x"}}]}
GEMINI = {"candidates": [{"content": {"role": "model", "parts": [
    {"executableCode": {"language": "PYTHON", "code": "print(1)"}}]}}]}
SOURCES: Dict[str, Tuple[Dict[str, Any], str]] = {
    "anthropic": (ANTHROPIC, "anthropic.messages"),
    "responses": (RESPONSES, "openai.responses"),
    "gemini": (GEMINI, "gemini"),
}
TARGETS: List[str] = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse",
                      "mistral", "cohere.v2", "ollama", "mcp"]


def _server_call(source: str) -> toolwire.ToolCall:
    payload, dialect = SOURCES[source]
    [call] = toolwire.decode_all(payload, dialect, include_server=True)
    assert call.server
    return call


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("source", sorted(SOURCES))
def test_server_calls_encoded_only_to_their_own_dialect(source: str, target: str) -> None:
    call = _server_call(source)
    if target == SOURCES[source][1]:
        assert toolwire.encode(call, target) == toolwire.convert(call, to=target)
        return
    message = f"Call {call.name!r} is run by another provider; it cannot be replayed to {target}"
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode(call, target)
    assert str(info.value) == message
    with pytest.raises(toolwire.EncodeError):
        toolwire.convert(call, to=target)


@pytest.mark.parametrize("target", ["openai.chat", "mistral", "cohere.v2", "ollama"])
def test_server_calls_encoded_refused_in_an_assistant_message(target: str) -> None:
    with pytest.raises(toolwire.EncodeError, match="run by another provider"):
        toolwire.encode_message([_server_call("anthropic")], target)


def test_server_calls_encoded_own_dialect_unchanged() -> None:
    assert toolwire.encode(_server_call("anthropic"), "anthropic.messages") == ANTHROPIC["content"][0]
    assert toolwire.encode(_server_call("responses"), "openai.responses") == RESPONSES["output"][0]
    assert toolwire.encode(_server_call("gemini"), "gemini") == GEMINI["candidates"][0]["content"]["parts"][0]


def test_server_calls_encoded_canonical_keeps_the_flag() -> None:
    out = toolwire.convert(_server_call("anthropic"), to="canonical")
    assert out == {"name": "web_search", "args": {"query": "x"}, "id": "srvtoolu_01", "server": True}
    again = toolwire.decode(out, "canonical")
    assert again.server and (again.name, again.args, again.id) == ("web_search", {"query": "x"}, "srvtoolu_01")
    plain = toolwire.encode(toolwire.ToolCall("f", {}, "call_1"), "canonical")
    assert plain == {"name": "f", "args": {}, "id": "call_1"}
    assert toolwire.decode(plain, "canonical").server is False


def test_server_calls_encoded_canonical_flag_is_a_bool() -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode({"name": "f", "args": {}, "id": "a", "server": "false"}, "canonical")
    assert info.value.loc == "$.server"


def test_server_calls_encoded_conversation_drops_them_with_a_note() -> None:
    history = {"input": [
        {"role": "user", "content": "hi"},
        RESPONSES["output"][0],
        {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_1", "output": "ok"},
    ]}
    report: List[Any] = []
    out = toolwire.encode_conversation(history, "openai.chat", report=report)
    assert [p.kind for p in report] == ["dropped"]
    assert out["messages"][1]["tool_calls"] == [
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]
