"""A custom tool's free-text input in a reply cut off by its token limit is never handed
over as runnable: the Responses ``status: "incomplete"`` with ``incomplete_details.reason
"max_output_tokens"`` (openai-python ``Response.incomplete_details``) and the Chat
``finish_reason: "length"`` judge it as they judge a ``function_call``, whole or streamed."""

from __future__ import annotations

from typing import Any, Dict, List

import toolwire
from toolwire import stream

CTC = {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "code", "input": "print('hel"}
RESP = {"id": "r", "object": "response", "status": "incomplete",
        "incomplete_details": {"reason": "max_output_tokens"}, "output": [CTC]}
CHAT_TC = {"id": "call_1", "type": "custom", "custom": {"name": "code", "input": "print('hel"}}
CHAT = {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "length", "message": {
    "role": "assistant", "content": None, "tool_calls": [CHAT_TC]}}]}


def _responses_events() -> List[Dict[str, Any]]:
    return [
        {"type": "response.created", "response": {"id": "r", "object": "response", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": {**CTC, "input": ""}},
        {"type": "response.custom_tool_call_input.delta", "output_index": 0, "item_id": "ctc_1", "delta": "print('hel"},
        {"type": "response.output_item.done", "output_index": 0, "item": CTC},
        {"type": "response.incomplete", "response": RESP},
    ]


def _chat_chunks() -> List[Dict[str, Any]]:
    return [
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "finish_reason": None, "delta": {
            "role": "assistant", "tool_calls": [{"index": 0, **CHAT_TC}]}}]},
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "length"}]},
    ]


def test_a_custom_input_in_a_response_cut_at_its_token_limit_is_invalid() -> None:
    [bad] = toolwire.decode_all(RESP, invalid="keep")
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.truncated
    assert bad.error == ("Custom tool input at $.output[0].input may be cut off: the reply stopped before its end "
                         "(max_output_tokens); pass allow_truncated=True to accept it")
    [kept] = toolwire.decode_all(RESP, allow_truncated=True)
    assert kept.args == {"input": "print('hel"} and kept.repairs == ("truncated",)


def test_a_custom_input_in_a_chat_reply_cut_at_its_token_limit_is_invalid() -> None:
    [bad] = toolwire.decode_all(CHAT, invalid="keep")
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.truncated
    [kept] = toolwire.decode_all(CHAT, allow_truncated=True)
    assert kept.repairs == ("truncated",)


def test_a_streamed_custom_input_cut_at_its_token_limit_is_invalid() -> None:
    for chunks in (_responses_events(), _chat_chunks()):
        [bad] = stream.accumulate(chunks)
        assert isinstance(bad, toolwire.InvalidToolCall) and bad.truncated and bad.raw == "print('hel"
        [kept] = stream.accumulate(chunks, allow_truncated=True)
        assert kept.args == {"input": "print('hel"} and kept.repairs == ("truncated",)


def test_a_custom_input_of_a_whole_reply_runs() -> None:
    whole = {**RESP, "status": "completed", "incomplete_details": None, "output": [{**CTC, "input": "print(1)"}]}
    [call] = toolwire.decode_all(whole)
    assert call.args == {"input": "print(1)"} and call.repairs == ()
