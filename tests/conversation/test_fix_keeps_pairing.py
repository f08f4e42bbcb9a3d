"""``fix_conversation`` leaves each result that answered a call answering that call.

Id-less calls pair with the id-less results of the turn after theirs by tool name and
then by position (Gemini pairs parallel function responses by position:
https://ai.google.dev/gemini-api/docs/function-calling, "Parallel function calling";
Ollama addresses a result by ``tool_name`` alone:
https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat request (with tools)").
So an error result for an unanswered call, or a moved result, goes after the results
already answering the turn's earlier calls, never before them."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

from toolwire import ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)
from toolwire.conversation._pairing import answers

ERROR = "Error: this tool call was not run (its result is missing from the history)."

# Gemini parallel calls of one tool without ids (the shape of the corpus request
# gemini/request-mirascope-gemini-2.5-flash-parallel-no-ids.json); the agent ran the
# first call only, so the one functionResponse answers 'mellon' by position
GEMINI_ONE_RUN: Dict[str, Any] = {"contents": [
    {"role": "user", "parts": [{"text": "Retrieve the secrets of: mellon, radiance"}]},
    {"role": "model", "parts": [
        {"functionCall": {"name": "secret_retrieval_tool", "args": {"password": "mellon"}}},
        {"functionCall": {"name": "secret_retrieval_tool", "args": {"password": "radiance"}}}]},
    {"role": "user", "parts": [
        {"functionResponse": {"name": "secret_retrieval_tool", "response": {"output": "Welcome to Moria!"}}}]},
]}

# Ollama: two id-less calls of one tool; London's result comes after a user message
OLLAMA_LATE: Dict[str, Any] = {"model": "llama3.1", "messages": [
    {"role": "user", "content": "Weather in Paris and London?"},
    {"role": "assistant", "content": "", "tool_calls": [
        {"function": {"index": 0, "name": "get_weather", "arguments": {"city": "Paris"}}},
        {"function": {"index": 1, "name": "get_weather", "arguments": {"city": "London"}}}]},
    {"role": "tool", "tool_name": "get_weather", "content": "Paris: 18C sunny"},
    {"role": "user", "content": "(still waiting for London)"},
    {"role": "tool", "tool_name": "get_weather", "content": "London: 9C rain"},
]}


def _answers(conv: Conversation) -> List[Tuple[Any, Any]]:
    """(result content, args of the call it answers) for each id-less result."""
    got = answers(conv.messages)
    return sorted(
        ((conv.messages[i].parts[j].content, None if c is None else json.dumps(c.args, sort_keys=True))  # type: ignore[union-attr]
         for i, j, c in got.values()),
        key=repr,
    )


def test_the_error_result_goes_after_the_result_already_answering_the_turn() -> None:
    conv = decode_conversation(GEMINI_ONE_RUN, "gemini")
    assert [(p.kind, p.index) for p in check_conversation(conv)] == [("missing-result", 1)]
    fixed, changes = fix_conversation(conv)
    assert [(c.kind, c.index) for c in changes] == [("answered", 1)]
    assert check_conversation(fixed, "gemini") == []
    assert _answers(fixed) == sorted([(ERROR, '{"password": "radiance"}'),
                                      ("Welcome to Moria!", '{"password": "mellon"}')], key=repr)
    contents = encode_conversation(fixed, "gemini")["contents"]
    assert [p["functionCall"]["args"]["password"] for p in contents[1]["parts"]] == ["mellon", "radiance"]
    assert [p["functionResponse"]["response"] for p in contents[2]["parts"]] == [
        {"output": "Welcome to Moria!"}, {"error": ERROR}]


def test_a_moved_result_goes_after_the_result_already_answering_the_turn() -> None:
    conv = decode_conversation(OLLAMA_LATE, "ollama")
    fixed, changes = fix_conversation(conv)
    assert [(c.kind, c.index) for c in changes] == [("moved", 4)]
    assert check_conversation(fixed, "ollama") == []
    assert _answers(fixed) == _answers(conv)
    msgs = encode_conversation(fixed, "openai.chat")["messages"]
    city = {c["id"]: json.loads(c["function"]["arguments"])["city"] for c in msgs[1]["tool_calls"]}
    assert [(city[m["tool_call_id"]], m["content"]) for m in msgs if m["role"] == "tool"] == [
        ("Paris", "Paris: 18C sunny"), ("London", "London: 9C rain")]
    assert [m["role"] for m in msgs] == ["user", "assistant", "tool", "tool", "user"]


def test_a_result_appended_after_a_decoded_message_of_results_is_written_after_them() -> None:
    # the agent loop appends the result it has now to the history it decoded: the Gemini
    # content keeps the responses in call order (a turn's results go first only ahead of
    # its other content)
    conv = decode_conversation(GEMINI_ONE_RUN, "gemini")
    more = ToolResult(None, "secret_retrieval_tool", "Life before Death")
    grown = Conversation([*conv.messages, Message("tool", [more])], dialect="gemini")
    assert check_conversation(grown, "gemini") == []
    contents = encode_conversation(grown, "gemini")["contents"]
    assert [p["functionResponse"]["response"] for p in contents[2]["parts"]] == [
        {"output": "Welcome to Moria!"}, {"output": "Life before Death"}]
    assert len(contents) == 3
