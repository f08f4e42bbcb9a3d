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


# IBM watsonx.ai Chat (OpenAI-compatible) ``TextChatResultChoice.finish_reason``:
# ``time_limit`` ("Time limit reached"), ``cancelled`` ("Request canceled by the client"),
# and its generation ``stop_reason`` ``not_finished`` ("Possibly more tokens to be
# streamed"); vLLM's ``abort`` (vllm/v1/engine ``FinishReason.ABORT``: "aborted by client",
# also SGLang's). A Chat reply with one of them has not finished: no call is no answer,
# and its calls are cut off, as Gemini's ``CONTINUATION`` (tests/dialects/gemini).
_STOPPED_EARLY = ["time_limit", "not_finished", "cancelled", "abort"]


def _chat(finish: str, arguments: Any = None) -> Dict[str, Any]:
    msg: Dict[str, Any] = {"role": "assistant", "content": "Let me check the weather."}
    if arguments is not None:
        msg["content"] = None
        msg["tool_calls"] = [{"id": "chatcmpl-tool-1", "type": "function",
                              "function": {"name": "get_weather", "arguments": arguments}}]
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1741476542,
            "model": "ibm/granite-3-8b-instruct", "choices": [{"index": 0, "message": msg, "finish_reason": finish}],
            "usage": {"prompt_tokens": 84, "completion_tokens": 22, "total_tokens": 106}}


def _chat_stream(finish: str, arguments: Any = None) -> Any:
    head = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1741476542,
            "model": "ibm/granite-3-8b-instruct"}
    chunks = [{**head, "choices": [{"index": 0, "delta": {"role": "assistant", "content": "Let me check"},
                                    "finish_reason": None}]}]
    if arguments is not None:
        chunks.append({**head, "choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": 0, "id": "chatcmpl-tool-1", "type": "function",
             "function": {"name": "get_weather", "arguments": arguments}}]}, "finish_reason": None}]})
    chunks.append({**head, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]})
    return chunks


def _not_finished(word: str) -> str:
    return (f"The reply has not finished ({word!r}) and holds no tool call: "
            "the calls the model makes are not in it")


@pytest.mark.parametrize("word", _STOPPED_EARLY)
def test_a_chat_reply_stopped_early_without_calls_is_no_answer(word: str) -> None:
    reply = _chat(word)
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(reply)
    assert info.value.message == _not_finished(word)
    [bad] = toolwire.decode_all(reply, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.name is None and bad.error == _not_finished(word)
    [bad] = toolwire.stream.accumulate(_chat_stream(word), "openai.chat")
    assert isinstance(bad, InvalidToolCall) and bad.name is None and bad.error == _not_finished(word)
    read = response.normalize(reply)
    assert read.unfinished and read.raw_finish_reason == word and read.tool_calls == ()  # as Responses' own


@pytest.mark.parametrize("word", _STOPPED_EARLY)
def test_the_cut_calls_of_a_chat_reply_stopped_early_say_it_has_not_finished(word: str) -> None:
    cut = (f"Arguments at {{}} are empty and the reply has not finished ({word}): the call was cut off; "
           "pass allow_truncated=True to accept it")
    [bad] = toolwire.decode_all(_chat(word, ""), invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.truncated
    assert bad.error == cut.format("$.choices[0].message.tool_calls[0].function.arguments")
    [bad] = toolwire.stream.accumulate(_chat_stream(word, ""), "openai.chat")
    assert isinstance(bad, InvalidToolCall) and bad.truncated and bad.error == cut.format("$.calls[0].arguments")
    [bad] = toolwire.decode_all(_chat(word, '{"city": "Par'), invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.truncated
    read = response.normalize(_chat(word, '{"city": "Par'))
    assert read.unfinished and not read.tool_calls and [c.truncated for c in read.invalid_tool_calls] == [True]


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
def test_the_chat_dialects_name_the_words_of_a_reply_stopped_early(dialect: str) -> None:
    # the keyword, with the dialect named, reads as the reply does
    content = {"role": "assistant", "content": "Let me check"}
    for word in _STOPPED_EARLY:
        assert word in toolwire.default_registry().get(dialect).unfinished_reasons
    [bad] = toolwire.decode_all(content, dialect, finish_reason="time_limit", invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.error == _not_finished("time_limit")


def test_vllm_repetition_bars_the_calls_of_its_reply() -> None:
    # vLLM ``FinishReason.REPETITION``: "repetitive token pattern detected (hallucination)":
    # the engine stopped a degenerate generation; a call in it must not run
    reply = _chat("repetition", '{"city": "Paris"}')
    [bad] = toolwire.decode_all(reply, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.name == "get_weather"
    assert bad.error == ("Tool call at $.choices[0].message.tool_calls[0] is in a reply that openai.chat reports as "
                         "failed (repetition): it must not run; decode the item itself to read it anyway")
    [bad] = toolwire.stream.accumulate(_chat_stream("repetition", '{"city": "Paris"}'), "openai.chat")
    assert isinstance(bad, InvalidToolCall) and bad.name == "get_weather"
    assert response.normalize(reply).finish_reason == "error"


# Every built-in dialect's word for a reply not finished (Cohere's ``USER_CANCEL`` and
# ``TIMEOUT``, Responses' ``cancelled``, ``in_progress``, ``queued``, and the Chat ones
# above): text formats know no dialect, so the core's list must hold them all. A Mistral
# ``[TOOL_CALLS]`` array ends at the end of the text, where only the finish reason tells
# a whole call from a cut one: under ``stop`` it runs, under any of these it must not.
_EVERY_UNFINISHED = sorted({w for d in toolwire.default_registry() for w in d.unfinished_reasons})


def test_every_dialect_s_unfinished_words_are_known() -> None:
    assert {"USER_CANCEL", "TIMEOUT", "in_progress", "queued", "CONTINUATION", *_STOPPED_EARLY} <= set(_EVERY_UNFINISHED)


@pytest.mark.parametrize("word", _EVERY_UNFINISHED)
def test_a_text_call_of_a_reply_not_finished_does_not_run(word: str) -> None:
    text = '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]'
    [whole] = toolwire.text.decode_text(text, "text.mistral", finish_reason="stop").tool_calls
    assert isinstance(whole, ToolCall)
    [cut] = toolwire.text.decode_text(text, "text.mistral", finish_reason=word).tool_calls
    assert isinstance(cut, InvalidToolCall) and cut.truncated and repr(word) in cut.error


@pytest.mark.parametrize("word", _EVERY_UNFINISHED)
@pytest.mark.parametrize("dialect", [None, "openai.chat", "anthropic.messages"])
def test_every_dialect_s_unfinished_keyword_without_calls_is_no_answer(word: str, dialect: Any) -> None:
    # as the reply with that finish reads, named or not: a dialect's word for a reply not
    # finished (``Dialect.unfinished_reasons``) that the named dialect does not read otherwise
    message = f"The reply has not finished ({word!r}) and holds no tool call: the calls the model makes are not in it"
    content = {"role": "assistant", "content": "Let me"} if dialect != "anthropic.messages" else {
        "role": "assistant", "content": [{"type": "text", "text": "Let me"}]}
    [bad] = toolwire.decode_all(content, dialect, finish_reason=word, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.name is None and bad.error == message


def test_a_named_dialect_that_reads_a_cut_off_word_as_failed_bars_the_keyword_s_calls() -> None:
    # a dialect's own reading of a word wins over the core's list of cut-off words, for the
    # keyword as for the reply with that finish
    import dataclasses

    base = toolwire.get_dialect("openai.chat")
    acme = dataclasses.replace(base, name="acme.chat", aliases=(),
                               finish_reasons={**base.finish_reasons, "TIMEOUT": "error", "queued": "error"})
    reg = toolwire.Registry([acme])
    msg = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}
    for word in ("TIMEOUT", "queued"):
        [bad] = toolwire.decode_all(msg, "acme.chat", finish_reason=word, invalid="keep", registry=reg)
        assert isinstance(bad, InvalidToolCall) and "as failed" in bad.error
        reply = _chat(word, "{}")
        [bad] = toolwire.decode_all(reply, "acme.chat", invalid="keep", registry=reg)
        assert isinstance(bad, InvalidToolCall) and "as failed" in bad.error


@pytest.mark.parametrize("word", ["TIMEOUT", "timeout", "Timeout", "queued", "CANCELLED"])
def test_a_chat_reply_under_another_dialect_s_unfinished_word_reads_alike_everywhere(word: str) -> None:
    # Cohere's ``TIMEOUT``, Responses' ``queued`` on a Chat-shaped reply, in any case (as a
    # table reads a word): no calls is no answer in ``decode_all``, ``normalize`` and the
    # keyword alike; a text call under it is cut off
    message = f"The reply has not finished ({word!r}) and holds no tool call: the calls the model makes are not in it"
    [bad] = toolwire.decode_all(_chat(word), invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.error == message
    [bad] = toolwire.decode_all(_chat(word), "openai.chat", invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.error == message
    assert response.normalize(_chat(word)).unfinished
    [bad] = toolwire.stream.accumulate(_chat_stream(word), "openai.chat")
    assert isinstance(bad, InvalidToolCall) and bad.error == message
    for dialect in (None, "openai.chat"):
        [bad] = toolwire.decode_all({"role": "assistant", "content": "Let me"}, dialect, finish_reason=word,
                                    invalid="keep")
        assert isinstance(bad, InvalidToolCall) and bad.error == message
    text = '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]'
    [cut] = toolwire.text.decode_text(text, "text.mistral", finish_reason=word).tool_calls
    assert isinstance(cut, InvalidToolCall) and cut.truncated


@pytest.mark.parametrize("word", ["timeout", "Queued"])
def test_a_streamed_call_cut_under_another_dialect_s_word_names_it(word: str) -> None:
    # the word as the stream sent it, in the cut call's error (as for the dialect's own)
    [bad] = toolwire.stream.accumulate(_chat_stream(word, ""), "openai.chat")
    assert isinstance(bad, InvalidToolCall) and bad.truncated
    assert bad.error == (f"Arguments at $.calls[0].arguments are empty and the reply has not finished ({word}): the "
                         "call was cut off; pass allow_truncated=True to accept it")
