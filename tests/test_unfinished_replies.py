"""Whole replies the provider says have not finished (F-R, F-S): never ``[]`` nor
runnable calls. Shapes from the providers' docs: OpenAI Responses ``status``
(``queued``, ``in_progress``, ``cancelled``: https://platform.openai.com/docs/api-reference/responses/object,
background mode https://platform.openai.com/docs/guides/background), Cohere v2
``finish_reason`` ``USER_CANCEL`` (https://docs.cohere.com/reference/chat), an Ollama
``/api/chat`` stream chunk ``"done": false`` (docs/api.md), and the anthropic-sdk
stream's ``current_message_snapshot``: a ``Message`` whose ``stop_reason`` is ``null``
(https://docs.anthropic.com/en/api/messages-streaming: ``message_start``'s message)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall, response


def _responses(status: str, *output: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "created_at": 1741476542, "model": "gpt-4.1",
            "status": status, "output": list(output), "parallel_tool_calls": True, "tool_choice": "auto",
            "tools": []}


def _fn_call(arguments: str) -> Dict[str, Any]:
    return {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
            "arguments": arguments, "status": "in_progress"}


@pytest.mark.parametrize("status", ["queued", "in_progress", "cancelled"])
def test_a_responses_reply_not_finished_without_calls_is_no_answer(status: str) -> None:
    reply = _responses(status)
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(reply)
    assert info.value.message == (f"The reply has not finished ({status!r}) and holds no tool call: "
                                  "the calls the model makes are not in it")
    with pytest.raises(DecodeError):
        toolwire.decode_all(reply, "openai.responses")
    [bad] = toolwire.decode_all(reply, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.name is None and "has not finished" in bad.error
    got = response.normalize(reply)
    assert got.unfinished and got.tool_calls == ()


def test_the_calls_of_a_responses_reply_not_finished_are_cut_off() -> None:
    reply = _responses("in_progress", _fn_call('{"city": "Par'))
    [bad] = toolwire.decode_all(reply, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.truncated and bad.name == "get_weather"
    with pytest.raises(DecodeError):
        toolwire.decode_all(reply)
    [cut] = toolwire.decode_all(reply, allow_truncated=True)
    assert type(cut) is ToolCall and "truncated" in cut.repairs


def test_a_finished_responses_reply_without_calls_is_still_empty() -> None:
    assert toolwire.decode_all(_responses("completed")) == []


def _cohere(finish: str, **message: Any) -> Dict[str, Any]:
    return {"id": "c6f9", "finish_reason": finish, "message": {"role": "assistant", **message},
            "usage": {"billed_units": {"input_tokens": 5, "output_tokens": 3}}}


def test_a_cohere_reply_the_user_cancelled_is_no_answer() -> None:
    reply = _cohere("USER_CANCEL", content=[{"type": "text", "text": "Let me"}])
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(reply)
    assert "has not finished ('USER_CANCEL')" in info.value.message
    [bad] = toolwire.decode_all(reply, "cohere.v2", invalid="keep")
    assert bad.name is None
    calls = [{"id": "get_weather_1", "type": "function",
              "function": {"name": "get_weather", "arguments": '{"city": "Par'}}]
    [cut] = toolwire.decode_all(_cohere("USER_CANCEL", tool_calls=calls), invalid="keep")
    assert isinstance(cut, InvalidToolCall) and cut.truncated
    assert toolwire.decode_all(_cohere("COMPLETE", content=[{"type": "text", "text": "Hi"}])) == []


OLLAMA_CHUNK = {"model": "llama3.2", "created_at": "2025-01-01T00:00:00Z",
                "message": {"role": "assistant", "content": "Let"}, "done": False}


@pytest.mark.parametrize("dialect", [None, "ollama"])
def test_an_ollama_stream_chunk_is_refused_where_a_payload_is_read(dialect: Any) -> None:
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(OLLAMA_CHUNK, dialect)
    assert "an ollama stream chunk" in info.value.message
    calls = {**OLLAMA_CHUNK, "message": {"role": "assistant", "content": "", "tool_calls": [
        {"function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]}}
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(calls, dialect)
    assert "an ollama stream chunk" in info.value.message
    done = {**OLLAMA_CHUNK, "done": True, "done_reason": "stop"}
    assert toolwire.decode_all(done, dialect) == []


def _snapshot(stop_reason: Any, block_input: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": block_input}],
            "stop_reason": stop_reason, "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}


@pytest.mark.parametrize("block_input", [{}, {"city": "Par"}], ids=["placeholder", "partial"])
def test_an_anthropic_message_snapshot_gives_no_runnable_call(block_input: Dict[str, Any]) -> None:
    snap = _snapshot(None, block_input)
    [bad] = toolwire.decode_all(snap, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.truncated and bad.name == "get_weather"
    assert "the reply has not finished" in bad.error
    with pytest.raises(DecodeError):
        toolwire.decode_all(snap)
    with pytest.raises(DecodeError):
        toolwire.decode_all(snap, "anthropic.messages")
    [cut] = toolwire.decode_all(snap, allow_truncated=True)
    assert type(cut) is ToolCall and "truncated" in cut.repairs
    got = response.normalize(snap)
    assert got.unfinished and got.finish_reason != "tool_calls" and got.tool_calls == ()


def test_an_anthropic_snapshot_without_blocks_is_no_answer() -> None:
    snap = {**_snapshot(None, {}), "content": []}
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(snap)
    assert "has not finished" in info.value.message


def test_a_finished_anthropic_message_and_a_bare_message_give_their_calls() -> None:
    [call] = toolwire.decode_all(_snapshot("tool_use", {"city": "Paris"}))
    assert type(call) is ToolCall and call.args == {"city": "Paris"}
    assert not response.normalize(_snapshot("tool_use", {"city": "Paris"})).unfinished
    bare = {"role": "assistant", "content": _snapshot(None, {"city": "Paris"})["content"]}
    [call] = toolwire.decode_all(bare)
    assert type(call) is ToolCall and call.args == {"city": "Paris"}


@pytest.mark.parametrize(("payload", "dialect", "word"), [
    ({"role": "assistant", "content": [{"type": "text", "text": "Let me"}]}, "cohere.v2", "TIMEOUT"),
    ({"role": "assistant", "content": [{"type": "text", "text": "Let me"}]}, "cohere.v2", "USER_CANCEL"),
    ([{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Let me"}]}],
     "openai.responses", "in_progress"),
    (None, "cohere.v2", "TIMEOUT"),
])
def test_the_finish_reason_keyword_of_a_reply_not_finished_without_calls_is_no_answer(
        payload: Any, dialect: str, word: str) -> None:
    """The keyword reads as the whole reply with that finish does (docs/custom-dialects.md,
    ``unfinished_reasons``): not ``[]``."""
    message = f"The reply has not finished ({word!r}) and holds no tool call: the calls the model makes are not in it"
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(payload, dialect, finish_reason=word)
    assert info.value.message == message
    [bad] = toolwire.decode_all(payload, dialect, finish_reason=word, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.name is None and bad.error == message


def test_the_unfinished_keyword_without_a_dialect_is_no_answer() -> None:
    message = "The reply has not finished and holds no tool call: the calls the model makes are not in it"
    [bad] = toolwire.decode_all({"role": "assistant", "content": "Let me"}, finish_reason="unfinished",
                                invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.error == message
