"""The agent loop of docs/conversations.md and the README: one history, three providers,
each turn written with one call and read back from the provider's own reply object."""

from __future__ import annotations

from typing import Any, List

import pytest

import toolwire
from history_types import check_fragment
from toolwire.conversation import check_conversation


def _run(call: toolwire.ToolCall) -> str:
    return {"get_weather": "18 C", "get_time": "14:05"}[call.name]


def test_an_agent_loop_switches_providers_with_one_call_per_turn() -> None:
    from anthropic.types import Message as AnthropicMessage
    from google.genai import types
    from openai.types.chat import ChatCompletionMessage

    history = toolwire.decode_conversation({"messages": [
        {"role": "system", "content": "You are a travel assistant."},
        {"role": "user", "content": "Weather and time in Paris?"},
    ]})
    report: List[Any] = []
    replies = [
        ("openai.chat", ChatCompletionMessage.model_validate({"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_w1", "type": "function",
             "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}]})),
        ("anthropic.messages", AnthropicMessage.model_validate({
            "id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "thinking", "thinking": "Now the time.", "signature": "EqQBCgIYAh"},
                        {"type": "tool_use", "id": "toolu_01T", "name": "get_time", "input": {"city": "Paris"}}],
            "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 9, "output_tokens": 9}})),
        ("gemini", types.Content(role="model", parts=[types.Part(text="It is 18 C and 14:05 in Paris.")])),
    ]
    for dialect, reply in replies:
        fragment = toolwire.encode_conversation(history, dialect, report=report)
        check_fragment(dialect, fragment)  # what the provider's SDK accepts as the request's history
        assert check_conversation(fragment) == []
        history = history.append(*toolwire.decode_conversation([reply], dialect).messages)
        calls = history.messages[-1].calls
        if calls:
            history = history.append(toolwire.Message("tool", [toolwire.ToolResult(c.id, c.name, _run(c))
                                                               for c in calls]))
    assert [m.role for m in history.messages] == ["system", "user", "assistant", "tool", "assistant", "tool",
                                                  "assistant"]
    assert [(c.name, c.id) for c in history.calls] == [("get_weather", "call_w1"), ("get_time", "toolu_01T")]
    assert history.messages[-1].text == "It is 18 C and 14:05 in Paris."
    # the Anthropic thinking did not go to Gemini, and that was said; the calls Gemini did not
    # make got its dummy thought signature (Gemini 3 refuses a step's first call without one)
    noted = [("reasoning-dropped", 4), ("inserted", 2), ("inserted", 4)]
    assert [(p.kind, p.index) for p in report] == noted
    final = toolwire.encode_conversation(history, "openai.chat", report=report)
    assert [(p.kind, p.index) for p in report] == [*noted, ("reasoning-dropped", 4)]
    check_fragment("openai.chat", final)
    assert final["messages"][4] == {"role": "assistant", "content": None, "tool_calls": [
        {"id": "toolu_01T", "type": "function", "function": {"name": "get_time", "arguments": "{\"city\":\"Paris\"}"}}]}


WHOLE_RESPONSES = [
    ({"object": "chat.completion", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}]},
     {"role": "user", "content": "x"}, "openai.chat"),
    ({"object": "response", "status": "completed", "output": [
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "hi"}]}]},
     {"role": "user", "content": "x"}, "openai.responses"),
    ({"candidates": [{"finishReason": "STOP", "content": {"role": "model", "parts": [{"text": "hi"}]}}]},
     {"role": "user", "parts": [{"text": "x"}]}, "gemini"),
    ({"output": {"message": {"role": "assistant", "content": [{"text": "hi"}]}}, "stopReason": "end_turn"},
     {"role": "user", "content": [{"text": "x"}]}, "bedrock.converse"),
]


@pytest.mark.parametrize("response, first, provider", WHOLE_RESPONSES, ids=[w[2] for w in WHOLE_RESPONSES])
def test_a_whole_response_in_a_history_names_what_to_append(response: Any, first: Any, provider: str) -> None:
    """Each provider's docs append the message a response carries (``choices[0].message``,
    ``candidates[0].content``, ``output.message``...), not the response; a whole response in
    the list failed as "Message at $[1] has role None" (Gemini: "Parts at $[1].parts must
    be a list")."""
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_conversation([first, response])
    assert exc.value.message == (
        f"Item at $[1] is a whole {provider} response, not a message: a history holds the assistant message "
        "it carries"
    )
    assert exc.value.loc == "$[1]"


PARTS_OF_RESPONSES = [
    # a ChatCompletion's ``choices[0]`` (https://platform.openai.com/docs/api-reference/chat/object)
    ({"index": 0, "finish_reason": "tool_calls", "logprobs": None,
      "message": {"role": "assistant", "content": "hi"}}, {"role": "user", "content": "x"}, "openai.chat",
     "choice", "message"),
    # a GenerateContentResponse's ``candidates[0]`` (https://ai.google.dev/api/generate-content#candidate)
    ({"finishReason": "STOP", "index": 0, "content": {"role": "model", "parts": [{"text": "hi"}]}},
     {"role": "user", "parts": [{"text": "x"}]}, "gemini", "candidate", "content"),
]


@pytest.mark.parametrize("item, first, dialect, what, member", PARTS_OF_RESPONSES,
                         ids=[p[2] for p in PARTS_OF_RESPONSES])
@pytest.mark.parametrize("named", [True, False])
def test_a_choice_or_candidate_in_a_history_names_what_to_append(
    item: Any, first: Any, dialect: str, what: str, member: str, named: bool
) -> None:
    """A Chat choice failed as "Message at $[1] has role None"."""
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_conversation([first, item], dialect if named else None)
    assert exc.value.message == (
        f"Item at $[1] is a response {what}, not a message: a history holds its {member!r}")
    assert exc.value.loc == "$[1]"


def test_only_the_item_that_failed_is_taken_for_a_response() -> None:
    """An Anthropic ``Message`` is both a response and a history message: in a list
    that fails elsewhere it is not blamed."""
    reply = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude", "stop_reason": "end_turn",
             "content": [{"type": "text", "text": "hi"}], "usage": {"input_tokens": 1, "output_tokens": 1}}
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_conversation([{"role": "user", "content": "x"}, reply, {"role": "robot", "content": "y"}],
                                     "anthropic.messages")
    assert exc.value.message == "Message at $[2] has role 'robot'"


# https://ai.google.dev/gemini-api/docs/function-calling: calls and responses without ids, paired by name
GEMINI_ROUND: Any = {"contents": [
    {"role": "user", "parts": [{"text": "Paris?"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"output": "sunny"}}}]},
]}


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "mistral"])
def test_one_id_map_serves_every_turn_of_a_history_with_id_less_calls(target: str) -> None:
    history = toolwire.decode_conversation(GEMINI_ROUND)
    ids = toolwire.IdMap(toolwire.get_dialect(target).ids, dialect=target)
    first = toolwire.encode_conversation(history, target, ids=ids)
    assert toolwire.encode_conversation(history, target, ids=ids) == first  # the same ids again
    history = history.append(
        toolwire.Message("assistant", [toolwire.ToolCall("get_weather", {"city": "Rome"})]),
        toolwire.Message("tool", [toolwire.ToolResult(None, "get_weather", "rainy")]),
    )
    out = toolwire.encode_conversation(history, target, ids=ids)
    check_fragment(target, out)
    assert check_conversation(out, target) == []
    back = toolwire.decode_conversation(out, target)
    assert [c.id for c in back.calls] == [r.id for r in back.results]
    assert back.calls[0].id == toolwire.decode_conversation(first, target).calls[0].id


def test_an_id_less_result_answered_in_one_turn_keeps_its_call_in_the_next() -> None:
    # two id-less calls, one answered per turn: each result keeps its own call's id
    conv = toolwire.decode_conversation({"contents": [
        {"role": "user", "parts": [{"text": "Paris and Rome?"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}},
                                    {"functionCall": {"name": "get_weather", "args": {"city": "Rome"}}}]}]})
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    one = conv.append(toolwire.Message("tool", [toolwire.ToolResult(None, "get_weather", "Paris: sunny")]))
    toolwire.encode_conversation(one, "openai.chat", ids=ids)
    two = one.append(toolwire.Message("tool", [toolwire.ToolResult(None, "get_weather", "Rome: rainy")]))
    out = toolwire.encode_conversation(two, "openai.chat", ids=ids)["messages"]
    call_ids = [c["id"] for c in out[1]["tool_calls"]]
    assert [(m["tool_call_id"], m["content"]) for m in out[2:]] == [(call_ids[0], "Paris: sunny"),
                                                                     (call_ids[1], "Rome: rainy")]
