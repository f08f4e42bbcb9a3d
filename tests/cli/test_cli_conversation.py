"""``toolwire convert --conversation``: a record that is a whole history becomes the
target's request fragment (``encode_conversation``), notes go to stderr."""

from __future__ import annotations

import json

from toolwire.cli import EXIT_OK

# https://platform.openai.com/docs/guides/function-calling (Chat Completions history)
CHAT = {"model": "gpt-4o", "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}]},
    {"role": "tool", "tool_call_id": "call_1", "content": "18 C"},
]}
# https://docs.claude.com/en/docs/build-with-claude/extended-thinking (thinking before a tool call)
ANTHROPIC = {"messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [
        {"type": "thinking", "thinking": "Call the tool.", "signature": "EqQBCgIYAh"},
        {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "18 C"}]},
]}


def test_a_request_body_becomes_the_target_fragment(cli) -> None:
    run = cli("convert", "--to", "anthropic", "--conversation", stdin=json.dumps(CHAT).encode())
    assert (run.code, run.err) == (EXIT_OK, "")
    assert run.lines == [{"messages": [
        {"role": "user", "content": [{"type": "text", "text": "Weather in Paris?"}]},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "call_1", "name": "get_weather", "input": {"city": "Paris"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_1", "content": "18 C"}]},
    ]}]


def test_a_bare_message_list_and_dropped_reasoning_noted(cli) -> None:
    run = cli("convert", "--to", "openai.chat", "--conversation", stdin=json.dumps(ANTHROPIC["messages"]).encode())
    assert run.code == EXIT_OK
    assert run.lines[0]["messages"][1] == {"role": "assistant", "content": None, "tool_calls": [
        {"id": "toolu_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}]}
    assert run.err_lines == ["toolwire: line 1: note: Reasoning of anthropic.messages in message 1 is not sent to openai.chat"]


def test_same_dialect_is_exact(cli) -> None:
    run = cli("convert", "--to", "openai.chat", "--conversation", stdin=json.dumps(CHAT).encode())
    assert run.lines == [{"messages": CHAT["messages"]}]


def test_without_conversation_a_history_gives_its_calls(cli) -> None:
    run = cli("convert", "--to", "anthropic", stdin=json.dumps(CHAT).encode())
    assert run.code == EXIT_OK
    assert run.lines == [[{"type": "tool_use", "id": "call_1", "name": "get_weather", "input": {"city": "Paris"}}]]


def test_notes_name_the_line_of_their_record(cli) -> None:
    data = (json.dumps(CHAT) + "\n" + json.dumps(ANTHROPIC) + "\n\n" + json.dumps(ANTHROPIC) + "\n").encode()
    run = cli("convert", "--to", "openai.chat", "--conversation", stdin=data)
    assert run.code == EXIT_OK
    assert run.err_lines == [
        "toolwire: line 2: note: Reasoning of anthropic.messages in message 1 is not sent to openai.chat",
        "toolwire: line 4: note: Reasoning of anthropic.messages in message 1 is not sent to openai.chat",
    ]
