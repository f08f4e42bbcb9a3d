"""Under a token-limit finish only the last call of an assistant message may have been
cut off: ``decode_conversation`` reads a message's calls as ``decode_all`` reads the same
reply (``_cut_last.whole_policy``), so a call another call follows is whole and the last
one is still judged under the finish reason. Wire shapes from each provider's reference:
Anthropic ``stop_reason: "max_tokens"`` (https://docs.claude.com/en/api/messages),
Bedrock ``stopReason: "max_tokens"`` (API_runtime_Converse.html), Cohere v2
``finish_reason: "MAX_TOKENS"`` (https://docs.cohere.com/reference/chat), Ollama
``done_reason: "length"`` (https://github.com/ollama/ollama/blob/main/docs/api.md),
Responses items with their own ``status``
(https://platform.openai.com/docs/api-reference/responses/object).
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.conversation import decode_conversation
from toolwire.dialects import _history_read

_ANTHROPIC = {
    "id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
    "content": [
        {"type": "text", "text": "I'll check both."},
        {"type": "tool_use", "id": "toolu_01A", "name": "get_time", "input": {}},
        {"type": "tool_use", "id": "toolu_01B", "name": "get_weather", "input": {}},
    ],
    "stop_reason": "max_tokens", "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 20},
}
_BEDROCK = {"role": "assistant", "stopReason": "max_tokens", "content": [
    {"toolUse": {"toolUseId": "tooluse_1", "name": "get_time", "input": {}}},
    {"toolUse": {"toolUseId": "tooluse_2", "name": "get_weather", "input": {}}},
]}
_COHERE = {"role": "assistant", "finish_reason": "MAX_TOKENS", "tool_plan": "I will check both.", "tool_calls": [
    {"id": "get_time_1", "type": "function", "function": {"name": "get_time", "arguments": ""}},
    {"id": "get_weather_2", "type": "function", "function": {"name": "get_weather", "arguments": ""}},
]}
_OLLAMA = {"role": "assistant", "content": "", "done_reason": "length", "tool_calls": [
    {"function": {"name": "get_time", "arguments": {}}},
    {"function": {"name": "get_weather", "arguments": {}}},
]}

CASES: List[Tuple[str, Any, Dict[str, Any]]] = [
    ("anthropic.messages", {"role": "user", "content": "Time and weather?"}, _ANTHROPIC),
    ("bedrock.converse", {"role": "user", "content": [{"text": "Time and weather?"}]}, _BEDROCK),
    ("cohere.v2", {"role": "user", "content": "Time and weather?"}, _COHERE),
    ("ollama", {"role": "user", "content": "Time and weather?"}, _OLLAMA),
]


def _calls(conv: Any) -> List[Any]:
    return [p for m in conv for p in m.parts if isinstance(p, (ToolCall, InvalidToolCall))]


@pytest.mark.parametrize(("dialect", "user", "reply"), CASES, ids=[c[0] for c in CASES])
def test_only_the_last_call_of_a_message_cut_at_its_limit_is_cut(dialect: str, user: Any, reply: Any) -> None:
    first, last = _calls(decode_conversation([user, reply], dialect))
    assert type(first) is ToolCall and (first.name, first.args) == ("get_time", {})
    assert type(last) is InvalidToolCall and last.name == "get_weather" and last.truncated is True
    # the verdicts decode_all gives the same reply
    alone = toolwire.decode_all(reply, dialect, invalid="keep")
    assert [type(c) for c in alone] == [ToolCall, InvalidToolCall]
    assert last.error == alone[1].error.replace(" $.", " $[1].", 1)


@pytest.mark.parametrize(("dialect", "user", "reply"), CASES, ids=[c[0] for c in CASES])
def test_a_message_with_one_call_cut_at_its_limit_is_still_cut(dialect: str, user: Any, reply: Any) -> None:
    key = "content" if dialect in ("anthropic.messages", "bedrock.converse") else "tool_calls"
    one = {**reply, key: [b for b in reply[key] if "get_time" not in str(b)]}
    (call,) = _calls(decode_conversation([user, one], dialect))
    assert type(call) is InvalidToolCall and call.truncated is True


def test_a_server_call_after_a_call_makes_it_whole_as_in_decode_all() -> None:
    # Anthropic web search (https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool)
    reply = {**_ANTHROPIC, "content": [
        {"type": "tool_use", "id": "toolu_01A", "name": "get_time", "input": {}},
        {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "weather"}},
    ]}
    (call,) = _calls(decode_conversation([{"role": "user", "content": "Time?"}, reply], "anthropic.messages"))
    (alone,) = toolwire.decode_all(reply, "anthropic.messages", invalid="keep")
    assert type(call) is ToolCall and type(alone) is ToolCall


def test_a_later_message_does_not_make_an_earlier_last_call_whole() -> None:
    second = {**_ANTHROPIC, "id": "msg_02", "content": [
        {"type": "tool_use", "id": "toolu_02A", "name": "get_news", "input": {}}]}
    conv = decode_conversation([{"role": "user", "content": "Time and weather?"}, _ANTHROPIC, second],
                               "anthropic.messages")
    assert [type(c) for c in _calls(conv)] == [ToolCall, InvalidToolCall, InvalidToolCall]


def test_responses_items_are_judged_by_their_own_status_as_in_decode_all() -> None:
    items = [
        {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_time", "arguments": "{}",
         "status": "completed"},
        {"type": "function_call", "id": "fc_2", "call_id": "call_2", "name": "get_weather", "arguments": "",
         "status": "incomplete"},
    ]
    first, last = _calls(decode_conversation([{"role": "user", "content": "Time and weather?"}, *items],
                                             "openai.responses"))
    assert type(first) is ToolCall and type(last) is InvalidToolCall and last.truncated is True
    response = {"id": "resp_1", "object": "response", "status": "incomplete",
                "incomplete_details": {"reason": "max_output_tokens"}, "output": items}
    assert [type(c) for c in toolwire.decode_all(response, invalid="keep")] == [ToolCall, InvalidToolCall]


def test_reading_a_long_cut_message_stays_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each call of a message is read once (``call_part``): n vs 4n calls, about 4 times the reads."""
    real = _history_read.call_part
    seen = [0]

    def counted(*a: Any) -> Any:
        seen[0] += 1
        return real(*a)

    monkeypatch.setattr(_history_read, "call_part", counted)
    counts = []
    for n in (200, 800):
        reply = {**_ANTHROPIC, "content": [
            {"type": "tool_use", "id": f"toolu_{i}", "name": "get_time", "input": {}} for i in range(n)]}
        seen[0] = 0
        conv = decode_conversation([{"role": "user", "content": "x"}, reply], "anthropic.messages")
        assert [type(c) for c in _calls(conv)] == [ToolCall] * (n - 1) + [InvalidToolCall]
        counts.append(seen[0])
    assert counts == [200, 800]
