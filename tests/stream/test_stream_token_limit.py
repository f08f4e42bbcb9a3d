"""Under a token-limit finish (``length``, ``max_tokens``, ``MAX_TOKENS``...) a stream
judges its calls as ``decode_all`` judges the same content in a whole reply: empty
arguments are cut off (also those of a call that ended, or arrived whole, before the
finish reason), and in the dialects whose whole replies give arguments as an object
(Anthropic, Bedrock, Gemini) an object given whole may be cut off. A cut-off call is
never handed over as whole; ``allow_truncated=True`` accepts it, recorded."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import ArgumentsError, InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate


def _runs(chunks: List[Any], dialect: str, **policy: Any) -> List[List[Any]]:
    fed = Accumulator(dialect, **policy)
    for c in chunks:
        fed.feed(c)
    preview = Accumulator(dialect, preview=True, **policy)
    for c in chunks:
        preview.feed(c)
    return [accumulate(chunks, dialect, **policy), accumulate(iter(chunks), **policy), fed.close(), preview.close()]


def _agree(chunks: List[Any], whole: Dict[str, Any], dialect: str) -> None:
    """The stream and ``decode_all`` of the whole reply agree, with and without
    ``allow_truncated``."""
    try:
        expected: Any = toolwire.decode_all(whole, dialect)
    except ArgumentsError as exc:
        assert exc.truncated
        expected = None
    for calls in _runs(chunks, dialect):
        if expected is None:
            assert len(calls) == 1 and type(calls[0]) is InvalidToolCall, calls
            assert calls[0].truncated and calls[0].name == "f"
            assert "empty" in calls[0].error or "may be cut off" in calls[0].error
        else:
            assert calls == expected and all(type(c) is ToolCall for c in calls)
    allowed = toolwire.decode_all(whole, dialect, allow_truncated=True)
    for calls in _runs(chunks, dialect, allow_truncated=True):
        assert calls == allowed
        assert [("truncated" in c.repairs) for c in calls] == [("truncated" in c.repairs) for c in allowed]


# --- Gemini: whole calls (https://ai.google.dev/api/generate-content#v1beta.GenerateContentResponse)

def _gemini(parts: List[Dict[str, Any]], finish: Any = None) -> Dict[str, Any]:
    candidate: Dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    if finish:
        candidate["finishReason"] = finish
    return {"candidates": [candidate]}


@pytest.mark.parametrize("args", [{"a": 1}, {}])
@pytest.mark.parametrize("separate", [False, True])
def test_gemini_whole_calls_under_max_tokens(args: Dict[str, Any], separate: bool) -> None:
    part = {"functionCall": {"name": "f", "args": args}}
    whole = _gemini([part], "MAX_TOKENS")
    chunks = [_gemini([part]), _gemini([{"text": ""}], "MAX_TOKENS")] if separate else [whole]
    _agree(chunks, whole, "gemini")


# --- Ollama /api/chat NDJSON (https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-with-tools)

def _ollama(tool_calls: Any, done: bool, reason: Any = None) -> Dict[str, Any]:
    message: Dict[str, Any] = {"role": "assistant", "content": ""}
    if tool_calls is not None:
        message["tool_calls"] = tool_calls
    chunk: Dict[str, Any] = {"model": "llama3.1", "created_at": "2024-07-22T20:33:28.123648Z", "message": message,
                             "done": done}
    if reason:
        chunk["done_reason"] = reason
    return chunk


@pytest.mark.parametrize("args", [{}, {"a": 1}])
@pytest.mark.parametrize("separate", [False, True])
def test_ollama_whole_calls_under_length(args: Dict[str, Any], separate: bool) -> None:
    calls = [{"function": {"name": "f", "arguments": args}}]
    whole = _ollama(calls, True, "length")
    chunks = [_ollama(calls, False), _ollama(None, True, "length")] if separate else [whole]
    _agree(chunks, whole, "ollama")


# --- event streams: a call whose arguments are only "" that ended before the finish reason

def _anthropic(text: str, initial: Dict[str, Any], reason: str) -> List[Dict[str, Any]]:
    # https://docs.anthropic.com/en/docs/build-with-claude/streaming
    events: List[Dict[str, Any]] = [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [],
                                              "stop_reason": None}},
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": initial}}]
    if text is not None:
        events.append({"type": "content_block_delta", "index": 0,
                       "delta": {"type": "input_json_delta", "partial_json": text}})
    return [*events, {"type": "content_block_stop", "index": 0},
            {"type": "message_delta", "delta": {"stop_reason": reason}}, {"type": "message_stop"}]


def _anthropic_whole(args: Dict[str, Any], reason: str) -> Dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant", "stop_reason": reason,
            "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": args}]}


@pytest.mark.parametrize(("text", "initial", "args"), [
    ("", {}, {}),  # the call of a tool without parameters, or one cut off before its arguments
    (None, {"a": 1}, {"a": 1}),  # a non-empty ``input`` in the start block, no delta
])
def test_anthropic_calls_under_max_tokens(text: Any, initial: Dict[str, Any], args: Dict[str, Any]) -> None:
    _agree(_anthropic(text, initial, "max_tokens"), _anthropic_whole(args, "max_tokens"), "anthropic.messages")
    _agree(_anthropic(text, initial, "end_turn"), _anthropic_whole(args, "end_turn"), "anthropic.messages")


def test_anthropic_complete_text_is_not_cut_off() -> None:
    # streamed text that closes its object is complete whatever the finish reason says
    for calls in _runs(_anthropic('{"a":1}', {}, "max_tokens"), "anthropic.messages"):
        assert calls == [ToolCall("f", {"a": 1}, "toolu_1")]


def _bedrock(pieces: List[Any], reason: str) -> List[Dict[str, Any]]:
    # https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
    return [{"messageStart": {"role": "assistant"}},
            {"contentBlockStart": {"start": {"toolUse": {"toolUseId": "tooluse_1", "name": "f"}},
                                   "contentBlockIndex": 0}},
            *({"contentBlockDelta": {"delta": {"toolUse": {"input": p}}, "contentBlockIndex": 0}} for p in pieces),
            {"contentBlockStop": {"contentBlockIndex": 0}},
            {"messageStop": {"stopReason": reason}}]


def _bedrock_whole(args: Dict[str, Any], reason: str) -> Dict[str, Any]:
    return {"output": {"message": {"role": "assistant", "content": [
        {"toolUse": {"toolUseId": "tooluse_1", "name": "f", "input": args}}]}}, "stopReason": reason}


@pytest.mark.parametrize(("pieces", "args"), [([""], {}), ([], {}), ([{"a": 1}], {"a": 1})])
def test_bedrock_calls_under_max_tokens(pieces: List[Any], args: Dict[str, Any]) -> None:
    _agree(_bedrock(pieces, "max_tokens"), _bedrock_whole(args, "max_tokens"), "bedrock.converse")
    _agree(_bedrock(pieces, "tool_use"), _bedrock_whole(args, "tool_use"), "bedrock.converse")


def _cohere(deltas: List[str], reason: str) -> List[Dict[str, Any]]:
    # https://docs.cohere.com/v2/docs/streaming#tool-use-events
    start = {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
        "id": "f_abc123", "type": "function", "function": {"name": "f", "arguments": ""}}}}}
    return [{"type": "message-start", "id": "m1", "delta": {"message": {"role": "assistant"}}}, start,
            *({"type": "tool-call-delta", "index": 0,
               "delta": {"message": {"tool_calls": {"function": {"arguments": d}}}}} for d in deltas),
            {"type": "tool-call-end", "index": 0},
            {"type": "message-end", "delta": {"finish_reason": reason}}]


def _cohere_whole(text: str, reason: str) -> Dict[str, Any]:
    return {"id": "m1", "finish_reason": reason, "message": {"role": "assistant", "tool_calls": [
        {"id": "f_abc123", "type": "function", "function": {"name": "f", "arguments": text}}]}}


@pytest.mark.parametrize("deltas", [[], [""]])
def test_cohere_calls_under_max_tokens(deltas: List[str]) -> None:
    _agree(_cohere(deltas, "MAX_TOKENS"), _cohere_whole("", "MAX_TOKENS"), "cohere.v2")
    _agree(_cohere(deltas, "TOOL_CALL"), _cohere_whole("", "TOOL_CALL"), "cohere.v2")




# --- text that closes its object but is not strict JSON, ended before the finish reason: the
# README's arguments policy makes it truncated under a token limit, as ``decode_all`` does

_NOT_STRICT = ["{'a': 1,}", '```json\n{"a": 1}\n```', '{}{"a": 1}']


@pytest.mark.parametrize("text", [*_NOT_STRICT, '{"a": 1}', '"{\\"a\\": 1}"', "null", " ", '{"a": 1', "[1]"])
def test_cohere_text_under_max_tokens_as_decode_all(text: str) -> None:
    for reason in ("MAX_TOKENS", "TOOL_CALL"):
        for allow in (False, True):
            whole = toolwire.decode_all(_cohere_whole(text, reason), "cohere.v2", invalid="keep",
                                        allow_truncated=allow)
            for calls in _runs(_cohere([text], reason), "cohere.v2", allow_truncated=allow):
                assert [(type(c), c.name, getattr(c, "truncated", None), getattr(c, "args", None)) for c in calls] \
                    == [(type(c), c.name, getattr(c, "truncated", None), getattr(c, "args", None)) for c in whole]
    if text in _NOT_STRICT:
        assert _cut_off(toolwire.decode_all(_cohere_whole(text, "MAX_TOKENS"), "cohere.v2", invalid="keep"))


def _cut_off(calls: List[Any]) -> bool:
    return (len(calls) == 1 and type(calls[0]) is InvalidToolCall and calls[0].truncated
            and calls[0].name == "f" and "may be cut off" in calls[0].error)


@pytest.mark.parametrize("text", _NOT_STRICT)
def test_anthropic_repaired_text_under_max_tokens(text: str) -> None:
    for calls in _runs(_anthropic(text, {}, "max_tokens"), "anthropic.messages"):
        assert _cut_off(calls), calls
    for calls in _runs(_anthropic(text, {}, "end_turn"), "anthropic.messages"):
        assert calls == [ToolCall("f", {"a": 1}, "toolu_1")] and calls[0].repairs


@pytest.mark.parametrize("text", _NOT_STRICT)
def test_bedrock_repaired_text_under_max_tokens(text: str) -> None:
    for calls in _runs(_bedrock([text], "max_tokens"), "bedrock.converse"):
        assert _cut_off(calls), calls
    for calls in _runs(_bedrock([text], "tool_use"), "bedrock.converse"):
        assert calls == [ToolCall("f", {"a": 1}, "tooluse_1")] and calls[0].repairs


def _responses(text: str, last: Dict[str, Any], status: Any = "completed") -> List[Dict[str, Any]]:
    # https://platform.openai.com/docs/api-reference/responses-streaming
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": ""}
    done = {**item, "arguments": text, **({} if status is None else {"status": status})}
    return [{"type": "response.output_item.added", "output_index": 0, "item": {**item, "status": "in_progress"}},
            {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1", "delta": text},
            {"type": "response.function_call_arguments.done", "output_index": 0, "item_id": "fc_1",
             "arguments": text},
            {"type": "response.output_item.done", "output_index": 0, "item": done}, last]


@pytest.mark.parametrize("text", _NOT_STRICT)
def test_responses_repaired_text_under_max_output_tokens(text: str) -> None:
    # an item without its own status, the last of an incomplete reply: cut off
    body = {"id": "resp_1", "object": "response", "status": "incomplete",
            "incomplete_details": {"reason": "max_output_tokens"},
            "output": [{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": text}]}
    whole = toolwire.decode_all(body, "openai.responses", invalid="keep")
    assert _cut_off(whole), whole
    for calls in _runs(_responses(text, {"type": "response.incomplete", "response": body}, None), "openai.responses"):
        assert _cut_off(calls), calls
    # an item that says "completed" is cut off too when last: vLLM marks every item so, the one
    # cut by max_output_tokens too (vllm-project/vllm#57998)
    body["output"][0]["status"] = "completed"
    assert _cut_off(toolwire.decode_all(body, "openai.responses", invalid="keep"))
    for calls in _runs(_responses(text, {"type": "response.incomplete", "response": body}), "openai.responses"):
        assert _cut_off(calls), calls
    body["output"][0].pop("status")
    completed = {**body, "status": "completed", "incomplete_details": None}
    for calls in _runs(_responses(text, {"type": "response.completed", "response": completed}), "openai.responses"):
        assert calls == [ToolCall("f", {"a": 1}, "call_1")] and calls[0].repairs
