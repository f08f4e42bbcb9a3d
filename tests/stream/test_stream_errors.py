"""An error the provider reports inside a stream fails the reply.

Once a stream has started, a provider reports a failure in the stream itself, not in
the HTTP status. Each shape is the provider's documented one:

- OpenAI Chat (and vLLM, SGLang, OpenRouter, Mistral): a chunk ``{"error": {"message",
  "type", "code", ...}}``, which openai-python's ``Stream`` raises as ``APIError``; vLLM's
  own ``{"object": "error", "message", "type", "code"}``.
- OpenAI Responses: the ``error`` event ``{"type": "error", "code", "message", "param",
  "sequence_number"}`` (``ResponseErrorEvent``).
- Anthropic: the ``error`` event ``{"type": "error", "error": {"type":
  "overloaded_error", "message": "Overloaded"}}`` ("Error events", streaming docs).
- Bedrock ConverseStream: the exception members of ``ConverseStreamOutput``
  (``internalServerException``, ``modelStreamErrorException``, ``validationException``,
  ``throttlingException``, ``serviceUnavailableException``), each ``{"message": ...}``.
- Gemini: the Google API error ``{"error": {"code": 500, "message", "status"}}``.
- Ollama: an NDJSON line ``{"error": "..."}`` ("Errors that occur while streaming",
  docs.ollama.com/api/errors).

Such a chunk was dropped without a word, and a call that arrived before it ran. Now it
is what a failed finish reason is: every client call of the stream is an
``InvalidToolCall`` naming the error, a stream with no call gives one nameless
``InvalidToolCall`` (never ``[]``), and ``Accumulator.error`` holds the provider's words.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List

import pytest

from toolwire import DecodeError, InvalidToolCall, ToolCall, stream
from toolwire.stream import accumulate

_HEAD = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m"}


def _chat(tail: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [dict(_HEAD, choices=[{"index": 0, "finish_reason": None, "delta": {"role": "assistant", "tool_calls": [
        {"index": 0, "id": "call_1", "type": "function",
         "function": {"name": "delete_files", "arguments": '{"path": "/tmp/x"}'}}]}}]), *tail]


def _responses(tail: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "delete_files", "arguments": "",
            "status": "in_progress"}
    return [
        {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1",
         "delta": '{"path": "/tmp/x"}'},
        {"type": "response.output_item.done", "output_index": 0,
         "item": dict(item, arguments='{"path": "/tmp/x"}', status="completed")},
        *tail,
    ]


def _anthropic(tail: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [],
                                              "model": "claude"}},
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "toolu_1", "name": "delete_files", "input": {}}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta",
                                                              "partial_json": '{"path": "/tmp/x"}'}},
        {"type": "content_block_stop", "index": 0},
        *tail,
    ]


def _bedrock(tail: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [
        {"messageStart": {"role": "assistant"}},
        {"contentBlockStart": {"contentBlockIndex": 0,
                               "start": {"toolUse": {"toolUseId": "tooluse_1", "name": "delete_files"}}}},
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": '{"path": "/tmp/x"}'}}}},
        {"contentBlockStop": {"contentBlockIndex": 0}},
        *tail,
    ]


def _gemini(tail: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [{"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "delete_files", "args": {"path": "/tmp/x"}}}]}, "index": 0}]}, *tail]


def _ollama(tail: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [{"model": "qwen3", "created_at": "2025-10-26T17:21:21.196249Z", "message": {
        "role": "assistant", "content": "", "tool_calls": [
            {"function": {"index": 0, "name": "delete_files", "arguments": {"path": "/tmp/x"}}}]}, "done": False},
            *tail]


# (dialect, stream before the error, the error chunk, what ``Accumulator.error`` says)
CASES = {
    "chat": ("openai.chat", _chat, {"error": {"message": "Provider disconnected", "type": "server_error",
                                              "code": 502, "param": None}}, "502: Provider disconnected"),
    "chat-openrouter": ("openai.chat", _chat,
                        dict(_HEAD, error={"code": 502, "message": "Provider disconnected"},
                             choices=[{"index": 0, "delta": {"content": ""}, "finish_reason": "error"}]),
                        "502: Provider disconnected"),
    "chat-vllm": ("openai.chat", _chat, {"object": "error", "message": "CUDA out of memory",
                                         "type": "InternalServerError", "param": None, "code": 500},
                  "500: CUDA out of memory"),
    "mistral": ("mistral", _chat, {"error": {"message": "Internal server error", "type": "internal_error"}},
                "internal_error: Internal server error"),
    "responses": ("openai.responses", _responses,
                  {"type": "error", "code": "server_error", "message": "The server had an error",
                   "param": None, "sequence_number": 5}, "server_error: The server had an error"),
    "anthropic": ("anthropic.messages", _anthropic,
                  {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
                  "overloaded_error: Overloaded"),
    "bedrock": ("bedrock.converse", _bedrock,
                {"modelStreamErrorException": {"message": "Model stream error", "originalStatusCode": 500,
                                               "originalMessage": "boom"}},
                "modelStreamErrorException: Model stream error"),
    "bedrock-throttling": ("bedrock.converse", _bedrock, {"throttlingException": {"message": "Too many requests"}},
                           "throttlingException: Too many requests"),
    "gemini": ("gemini", _gemini, {"error": {"code": 500, "message": "An internal error has occurred.",
                                             "status": "INTERNAL"}}, "500: An internal error has occurred."),
    "ollama": ("ollama", _ollama, {"error": "an error was encountered while running the model"},
               "an error was encountered while running the model"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_call_before_an_error_chunk_does_not_run(case: str) -> None:
    dialect, make, error, words = CASES[case]
    chunks = make([error])
    for named in (None, dialect):
        [bad] = stream.accumulate(chunks, named)
        assert isinstance(bad, InvalidToolCall)
        assert (bad.name, bad.truncated) == ("delete_files", False)
        assert bad.raw == (None if dialect in ("gemini", "ollama") else '{"path": "/tmp/x"}')  # object arguments
        assert f"reports as failed ({words})" in bad.error and bad.error.endswith("it must not run")
        acc = stream.Accumulator(named)
        for chunk in chunks:
            acc.feed(chunk)
        assert acc.error == words
        assert acc.close() == [bad]
    [call] = stream.accumulate(make([]), dialect)  # the same stream without the error
    assert type(call) is ToolCall and call.args == {"path": "/tmp/x"}


# each dialect's stream of text only ("Deleting."), before the error
_TEXT_ONLY = {
    "openai.chat": [dict(_HEAD, choices=[{"index": 0, "finish_reason": None,
                                          "delta": {"role": "assistant", "content": "Deleting."}}])],
    "openai.responses": [
        {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}},
        {"type": "response.output_text.delta", "output_index": 0, "content_index": 0, "item_id": "msg_1",
         "delta": "Deleting."}],
    "anthropic.messages": [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [],
                                              "model": "claude"}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Deleting."}}],
    "bedrock.converse": [{"messageStart": {"role": "assistant"}},
                         {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"text": "Deleting."}}}],
    "gemini": [{"candidates": [{"content": {"role": "model", "parts": [{"text": "Deleting."}]}, "index": 0}]}],
    "ollama": [{"model": "qwen3", "created_at": "2025-10-26T17:21:21.196249Z",
                "message": {"role": "assistant", "content": "Deleting."}, "done": False}],
}
_TEXT_ONLY["mistral"] = _TEXT_ONLY["openai.chat"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_error_after_text_only_is_flagged_not_empty(case: str) -> None:
    dialect, _, error, words = CASES[case]
    for named in (None, dialect):
        acc = stream.Accumulator(named)
        for chunk in [*_TEXT_ONLY[dialect], error]:
            acc.feed(chunk)
        [bad] = acc.close()
        assert isinstance(bad, InvalidToolCall) and bad.name is None and bad.loc == "$"
        assert bad.error == (f"The reply is reported as failed ({words!r}) and holds no tool call: "
                             "any calls the model made are lost")
        assert (acc.error, acc.text) == (words, "Deleting.")


def test_the_first_error_is_kept() -> None:
    first = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    second = {"type": "error", "error": {"type": "api_error", "message": "Internal server error"}}
    acc = stream.Accumulator("anthropic.messages")
    for chunk in _anthropic([first, second]):
        acc.feed(chunk)
    assert acc.error == "overloaded_error: Overloaded"


def test_a_long_error_message_is_cut_short() -> None:
    acc = stream.Accumulator("ollama")
    for chunk in _ollama([{"error": "x" * 10_000}]):
        acc.feed(chunk)
    assert acc.error is not None and len(acc.error) <= 300 and acc.error.startswith("xxx")
    [bad] = acc.close()
    assert len(bad.error) < 500


def test_no_error_is_none() -> None:
    acc = stream.Accumulator("openai.chat")
    for chunk in _chat([]):
        acc.feed(chunk)
    assert acc.error is None
    assert stream.Accumulator().error is None


@pytest.mark.parametrize("value", [None, "", {}, []])
def test_an_empty_error_field_is_no_error(value: Any) -> None:
    """``"error": null`` rides on some gateways' ordinary chunks (openai-python raises
    only on a truthy ``error``)."""
    chunks = _chat([dict(_HEAD, error=value, choices=[{"index": 0, "delta": {}, "finish_reason": "tool_calls"}])])
    acc = stream.Accumulator("openai.chat")
    for chunk in chunks:
        acc.feed(chunk)
    assert acc.error is None
    [call] = acc.close()
    assert type(call) is ToolCall


_CHUNK = {"object": "chat.completion.chunk"}
_CALL = {"index": 0, "id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}


@pytest.mark.parametrize(("choices", "said"), [
    ([{"index": 0, "delta": {"tool_calls": _CALL}}], "Expected a list at $[0].choices[0].delta.tool_calls, got dict"),
    ({"0": {"delta": {"tool_calls": [_CALL]}}}, "Expected a list at $[0].choices, got dict"),
    ([{"index": 0, "delta": [{"tool_calls": [_CALL]}]}], "Expected an object at $[0].choices[0].delta, got list"),
    ([[{"delta": {"tool_calls": [_CALL]}}]], "Expected an object at $[0].choices[0], got list"),
])
def test_a_chat_chunk_of_the_wrong_shape_is_refused_not_read_as_no_calls(choices: Any, said: str) -> None:
    # decode_all refuses these shapes ("Expected a list at $.tool_calls"); the stream gave []
    with pytest.raises(DecodeError, match=re.escape(said)):
        accumulate([{**_CHUNK, "choices": choices}], "openai.chat")


def test_chat_chunks_without_a_delta_or_choices_stay_fine() -> None:
    # odd scalars hold no call: skipped, as before (``test_chat_stream_two_choices_and_odd_choices``)
    assert accumulate([{**_CHUNK, "choices": [{"index": 0, "delta": None, "finish_reason": "stop"}]},
                       {**_CHUNK, "choices": [], "usage": {"total_tokens": 3}},
                       {**_CHUNK, "choices": [{"index": 0, "delta": {"tool_calls": None, "content": "a"}}]},
                       {**_CHUNK, "choices": "x"}, {**_CHUNK, "choices": [None, 5]}], "openai.chat") == []


def test_an_anthropic_call_still_open_at_an_error_event_names_the_error() -> None:
    # streaming.md: every client call is an InvalidToolCall naming the error; the open one
    # said only "The stream ended before this call was complete (no end event)"
    events = _anthropic([])[:3]  # the call's delta came, its content_block_stop did not
    events[2] = dict(events[2], delta={"type": "input_json_delta", "partial_json": '{"path": "/tm'})
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    second = {"type": "error", "error": {"type": "api_error", "message": "Internal server error"}}
    for tail in ([error], [error, second]):
        for named in (None, "anthropic.messages"):
            [bad] = stream.accumulate([*events, *tail], named)
            assert isinstance(bad, InvalidToolCall) and (bad.name, bad.id) == ("delete_files", "toolu_1")
            assert bad.error == ("Tool call 0 of this stream is in a reply that anthropic.messages reports as failed "
                                 "(overloaded_error: Overloaded) before its end: it must not run")
            assert (bad.truncated, bad.raw) == (True, '{"path": "/tm')


# Wire shapes of an error inside a stream, with one call still open before it: OpenAI Chat's
# error chunk (an OpenAI-compatible server's ``{"error": {"message", "type"}}``), Bedrock's
# exception member (``ConverseStreamOutput.throttlingException``), Responses' ``error`` event
# (``ResponseErrorEvent``: ``code``, ``message``, ``param``, ``sequence_number``).
_OPEN_THEN_ERROR = {
    "openai.chat": (
        [{**_HEAD, "choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": 0, "id": "call_1", "type": "function",
             "function": {"name": "delete_files", "arguments": '{"path": "/tm'}}]}, "finish_reason": None}]},
         {"error": {"message": "Internal server error", "type": "server_error"}}],
        "call_1", "server_error: Internal server error"),
    "bedrock.converse": (
        [{"messageStart": {"role": "assistant"}},
         {"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": "tooluse_1",
                                                                              "name": "delete_files"}}}},
         {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": '{"path": "/tm'}}}},
         {"throttlingException": {"message": "Too many requests"}}],
        "tooluse_1", "throttlingException: Too many requests"),
    "openai.responses": (
        [{"type": "response.output_item.added", "output_index": 0, "sequence_number": 1,
          "item": {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "delete_files",
                   "arguments": "", "status": "in_progress"}},
         {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1",
          "sequence_number": 2, "delta": '{"path": "/tm'},
         {"type": "error", "code": "server_error", "message": "The server had an error", "param": None,
          "sequence_number": 3}],
        "call_1", "server_error: The server had an error"),
}


@pytest.mark.parametrize("dialect", sorted(_OPEN_THEN_ERROR))
def test_a_call_still_open_at_a_stream_error_names_the_error_in_every_dialect(dialect: str) -> None:
    # streaming.md: "every client call is an InvalidToolCall naming the error"; only Anthropic's
    # stream named it, the others said "cut off" or "no end event", as if a token limit had stopped it
    events, ident, said = _OPEN_THEN_ERROR[dialect]
    for named in (None, dialect):
        [bad] = accumulate(events, named)
        assert isinstance(bad, InvalidToolCall) and (bad.name, bad.id) == ("delete_files", ident)
        assert bad.error == (f"Tool call 0 of this stream is in a reply that {dialect} reports as failed "
                             f"({said}) before its end: it must not run")
        assert (bad.truncated, bad.raw) == (True, '{"path": "/tm')


def test_a_chat_call_whole_before_a_stream_error_is_failed_not_cut() -> None:
    # its arguments closed before the error: invalid for the failure, not said to be cut off
    events = [*_OPEN_THEN_ERROR["openai.chat"][0]]
    events[0] = {**_HEAD, "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "call_1", "type": "function",
         "function": {"name": "delete_files", "arguments": '{"path": "/tmp"}'}}]}, "finish_reason": None}]}
    [bad] = accumulate(events, "openai.chat")
    assert isinstance(bad, InvalidToolCall) and not bad.truncated
    assert bad.error == ("Tool call 0 of this stream is in a reply that openai.chat reports as failed "
                         "(server_error: Internal server error): it must not run")


def test_a_long_place_in_a_chunk_is_said_whole() -> None:
    """(a chunk's place put before a path over 60 characters: said whole once, not
    beside the path as it was shortened)"""
    from toolwire.stream._where import at_chunk

    loc = "$.candidates[0].content.parts[0].functionCall.partialArgs[0].jsonPath"
    e = at_chunk(DecodeError(f"'jsonPath' must be a string at {loc}, got int 5", loc=loc), "[3]")
    assert e.loc == "$[3]" + loc[1:]
    assert str(e) == f"'jsonPath' must be a string at {e.loc}, got int 5"
