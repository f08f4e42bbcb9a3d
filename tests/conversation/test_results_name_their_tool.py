"""An id-less result that names its tool answers only a call of that tool.

Gemini's ``functionResponse.name`` is "Required. The name of the function to call.
Matches [FunctionDeclaration.name] and [FunctionCall.name]" (google-genai
``types.py`` ``FunctionResponse``; https://ai.google.dev/api/caching#FunctionResponse),
and Ollama addresses a tool message by ``tool_name`` (docs/api.md, "Chat request (with
tools)"). So a response of ``get_time`` never answers a call of ``get_weather``: written
for a target that pairs by id it used to take that call's id, a wrong pairing that
looks right. Now ``IdMap.answer`` raises ``EncodeError`` naming both tools, and
``check_conversation`` reports the result as ``orphan-result`` (the call as
``missing-result``). A result without a tool name still answers by position, and
results of one tool answer its calls first in, first out.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

import pytest

import toolwire
from toolwire import EncodeError, IdMap, ToolCall, ToolResult


def _ids(dialect: str = "openai.chat") -> IdMap:
    return IdMap(toolwire.get_dialect(dialect).ids, dialect=dialect)


def _call(name: str, **args: Any) -> Dict[str, Any]:
    return {"functionCall": {"name": name, "args": args}}


def _response(name: str, output: str) -> Dict[str, Any]:
    return {"functionResponse": {"name": name, "response": {"output": output}}}


# https://ai.google.dev/api/caching#Content: a model turn of calls, the user turn of responses
GEMINI_OTHER_TOOL: Dict[str, Any] = {"contents": [
    {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "get_time", "response": {"output": "noon"}}}]},
]}

# Ollama /api/chat, a call without an id (before "Add Tool Call ID (#12956)") and a tool
# message addressed by tool_name (docs/api.md, "Chat request (with tools)")
OLLAMA_OTHER_TOOL: Dict[str, Any] = {"model": "qwen3", "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": "", "tool_calls": [
        {"function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]},
    {"role": "tool", "tool_name": "get_time", "content": "noon"},
]}

OTHER = ("A tool result of 'get_time' has no id, and no call of 'get_time' waits for one: it would take "
         "the id of a call of 'get_weather'")


def test_the_map_gives_no_id_of_another_tool() -> None:
    ids = _ids()
    weather = ids.id_of(ToolCall("get_weather", {"city": "Paris"}, None))
    with pytest.raises(EncodeError) as err:
        ids.answer("get_time", "$.messages[2]")
    assert err.value.message == f"{OTHER} (at $.messages[2])"
    assert err.value.loc == "$.messages[2]" and err.value.dialect == "openai.chat"
    assert ids.answer("get_weather") == weather  # the call still waits: the refusal took nothing


def test_encode_result_refuses_a_result_of_another_tool() -> None:
    ids = _ids()
    toolwire.encode(ToolCall("get_weather", {"city": "Paris"}, None), "openai.chat", ids=ids)
    with pytest.raises(EncodeError) as err:
        toolwire.encode_result(ToolResult(None, "get_time", "noon"), "openai.chat", ids=ids)
    assert err.value.message == OTHER
    assert err.value.loc == "$"


def test_convert_of_a_gemini_response_of_another_tool_names_its_place() -> None:
    ids = _ids()
    with pytest.raises(EncodeError) as err:
        toolwire.convert([_call("get_weather", city="Paris"), _response("get_time", "noon")], "openai.chat", ids=ids)
    assert err.value.message == f"{OTHER} (at $[1])"
    assert err.value.loc == "$[1]"
    ids = _ids()
    toolwire.convert(_call("get_weather", city="Paris"), "openai.chat", ids=ids)
    with pytest.raises(EncodeError) as err:
        toolwire.convert(_response("get_time", "noon"), "openai.chat", ids=ids)
    assert err.value.loc == "$"


def test_an_mcp_response_takes_no_request_id_of_another_tool() -> None:
    """MCP: the JSON-RPC response carries its request's id (https://www.jsonrpc.org/specification,
    "Response object"); a result of ``g`` is no response to the ``tools/call`` of ``f``."""
    ids = _ids("mcp")
    toolwire.encode(ToolCall("f", {"a": 1}, None), "mcp", ids=ids)
    with pytest.raises(EncodeError) as err:
        toolwire.encode_result(ToolResult(None, "g", "ok"), "mcp", ids=ids)
    assert err.value.message == ("A tool result of 'g' has no id, and no call of 'g' waits for one: it would take "
                                 "the id of a call of 'f'")


@pytest.mark.parametrize(("history", "source"), [(GEMINI_OTHER_TOOL, "gemini"), (OLLAMA_OTHER_TOOL, "ollama")])
@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "bedrock.converse"])
def test_a_history_whose_result_names_another_tool(history: Dict[str, Any], source: str, target: str) -> None:
    conv = toolwire.decode_conversation(history, source)
    assert [(p.kind, p.index) for p in toolwire.check_conversation(conv, source)] == [
        ("missing-result", 1), ("orphan-result", 2)]
    with pytest.raises(EncodeError) as err:
        toolwire.encode_conversation(conv, target)
    assert err.value.loc == "$.messages[2].parts[0]"
    assert err.value.message == (
        "Message 2: the result for 'get_time' (no id) answers no call before it (check_conversation: orphan-result), so it "
        f"cannot be written: {OTHER}")


def test_the_same_history_goes_back_to_its_own_dialect_as_it_came() -> None:
    conv = toolwire.decode_conversation(GEMINI_OTHER_TOOL, "gemini")
    assert toolwire.encode_conversation(conv, "gemini")["contents"] == GEMINI_OTHER_TOOL["contents"]


def _chat(history: Dict[str, Any]) -> List[Dict[str, Any]]:
    messages: List[Dict[str, Any]] = toolwire.encode_conversation(
        toolwire.decode_conversation(history, "gemini"), "openai.chat")["messages"]
    return messages


def _answers(messages: List[Dict[str, Any]]) -> List[Tuple[str, str]]:
    """(the call each tool message answers, as ``name(args)``, its content)."""
    calls = {c["id"]: f"{c['function']['name']}({json.loads(c['function']['arguments'])})"
             for m in messages if m["role"] == "assistant" for c in m.get("tool_calls") or ()}
    return [(calls[m["tool_call_id"]], m["content"]) for m in messages if m["role"] == "tool"]


def test_several_calls_waiting_are_answered_by_name_in_order() -> None:
    history = {"contents": [
        {"role": "user", "parts": [{"text": "Weather in Paris and Rome, and the time?"}]},
        {"role": "model", "parts": [_call("get_weather", city="Paris"), _call("get_time", zone="CET"),
                                    _call("get_weather", city="Rome")]},
        {"role": "user", "parts": [_response("get_time", "noon"), _response("get_weather", "18C"),
                                   _response("get_weather", "25C")]},
    ]}
    assert toolwire.check_conversation(history, "gemini") == []
    assert _answers(_chat(history)) == [
        ("get_time({'zone': 'CET'})", "noon"),
        ("get_weather({'city': 'Paris'})", "18C"),
        ("get_weather({'city': 'Rome'})", "25C"),
    ]


def test_a_result_without_a_name_still_answers_by_position() -> None:
    ids = _ids()
    first = ids.id_of(ToolCall("get_weather", {"city": "Paris"}, None))
    second = ids.id_of(ToolCall("get_time", {"zone": "CET"}, None))
    assert ids.answer() == first
    assert ids.answer(None) == second
    assert ids.answer() is None and ids.answer("get_time") is None  # nothing waits: no error, no id


def test_a_result_of_a_tool_whose_calls_are_answered_takes_no_other() -> None:
    ids = _ids()
    weather = ids.id_of(ToolCall("get_weather", {"city": "Paris"}, None))
    ids.id_of(ToolCall("get_time", {"zone": "CET"}, None))
    assert ids.answer("get_weather") == weather
    with pytest.raises(EncodeError, match="no call of 'get_weather' waits for one: it would take the id of a call "
                                          "of 'get_time'"):
        ids.answer("get_weather")
