"""A reply its provider stopped by a content filter or a refusal holds no runnable call.

The providers say such output was stopped or omitted: OpenAI Chat ``finish_reason:
"content_filter'`` ("content was omitted due to a flag from our content filters");
Responses ``status: "incomplete"`` with ``incomplete_details.reason: "content_filter"``;
Anthropic ``stop_reason: "refusal"`` ("Handle streaming refusals": the streaming
classifiers intervened, "you must reset the conversation context ... remove or rephrase
the turn that triggered the refusal"); Gemini ``SAFETY``, ``PROHIBITED_CONTENT``,
``SPII``, ``BLOCKLIST``, ``IMAGE_SAFETY``, ``MODEL_ARMOR``, ``JAILBREAK``, ``RECITATION``
(google-genai ``FinishReason``); Bedrock Converse ``guardrail_intervened`` /
``content_filtered`` (``StopReason``); Cohere ``ERROR_TOXIC``. A call in such a reply may
be cut or was never meant to run: it is an ``InvalidToolCall`` naming the finish
(``invalid="keep"``, ``response.normalize``, streams, histories) or a ``DecodeError``,
as for a failed reply (``tests/test_failed_replies.py``). A reply with no call and such
a finish stays as it is: nothing says a call was lost. The call item decoded on its own
is still read. Payload shapes from each provider's API reference.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toolwire
from toolwire import InvalidToolCall, ToolCall, response, strategies, stream
from toolwire.conversation import decode_conversation

ARGS = {"path": "/tmp/x"}
TEXT = '{"path": "/tmp/x"}'
FILTER = "stopped by its content filter"
REFUSAL = "stopped by a refusal"


def _whole_error(dialect: str, loc: str, how: str, word: str) -> str:
    return (f"Tool call at {loc} is in a reply that {dialect} reports as {how} ({word}): it must not run; "
            "decode the item itself to read it anyway")


def _stream_error(dialect: str, how: str, word: str) -> str:
    return f"Tool call 0 of this stream is in a reply that {dialect} reports as {how} ({word}): it must not run"


# -- whole replies (each provider's reference shape) ------------------------------------------


def _anthropic(stop: str, calls: bool = True) -> Dict[str, Any]:
    # https://docs.claude.com/en/docs/test-and-evaluate/strengthen-guardrails/handle-streaming-refusals
    content: List[Dict[str, Any]] = [{"type": "text", "text": "I'll delete it."}]
    if calls:
        content.append({"type": "tool_use", "id": "toolu_1", "name": "delete_files", "input": ARGS})
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": content,
            "stop_reason": stop, "stop_sequence": None, "usage": {"input_tokens": 9, "output_tokens": 4}}


def _chat(finish: str, calls: bool = True) -> Dict[str, Any]:
    message: Dict[str, Any] = {"role": "assistant", "content": None, "refusal": None}
    if calls:
        message["tool_calls"] = [{"id": "call_1", "type": "function",
                                  "function": {"name": "delete_files", "arguments": TEXT}}]
    else:
        message["content"] = ""
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4.1",
            "choices": [{"index": 0, "finish_reason": finish, "logprobs": None, "message": message}],
            "usage": {"prompt_tokens": 9, "completion_tokens": 4, "total_tokens": 13}}


def _responses(reason: str, calls: bool = True) -> Dict[str, Any]:
    output = [{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "delete_files",
               "arguments": TEXT, "status": "completed"}] if calls else []
    return {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-4.1", "status": "incomplete",
            "incomplete_details": {"reason": reason}, "error": None, "parallel_tool_calls": True,
            "tool_choice": "auto", "tools": [], "output": output}


def _gemini(finish: str, calls: bool = True) -> Dict[str, Any]:
    parts = [{"functionCall": {"name": "delete_files", "args": ARGS}}] if calls else [{"text": "I"}]
    return {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": finish, "index": 0}],
            "usageMetadata": {"promptTokenCount": 9, "candidatesTokenCount": 4, "totalTokenCount": 13},
            "modelVersion": "gemini-2.5-flash"}


def _bedrock(stop: str, calls: bool = True) -> Dict[str, Any]:
    content = ([{"toolUse": {"toolUseId": "tooluse_1", "name": "delete_files", "input": ARGS}}] if calls
               else [{"text": "I"}])
    return {"output": {"message": {"role": "assistant", "content": content}}, "stopReason": stop,
            "usage": {"inputTokens": 9, "outputTokens": 4, "totalTokens": 13}, "metrics": {"latencyMs": 120}}


def _cohere(finish: str, calls: bool = True) -> Dict[str, Any]:
    message: Dict[str, Any] = {"role": "assistant"}
    if calls:
        message["tool_plan"] = "I will delete the file."
        message["tool_calls"] = [{"id": "delete_files_1byjy32y4hvq", "type": "function",
                                  "function": {"name": "delete_files", "arguments": TEXT}}]
    else:
        message["content"] = [{"type": "text", "text": "I"}]
    return {"id": "c1", "finish_reason": finish, "message": message,
            "usage": {"billed_units": {"input_tokens": 9, "output_tokens": 4}}}


Make = Callable[..., Dict[str, Any]]
# name -> (reply maker, raw finish word, dialect, how it stopped, normalised finish, path of the call, fine word)
STOPPED: Dict[str, Tuple[Make, str, str, str, str, str, str]] = {
    "anthropic-refusal": (_anthropic, "refusal", "anthropic.messages", REFUSAL, "refusal", "$.content[1]",
                          "tool_use"),
    "chat-content-filter": (_chat, "content_filter", "openai.chat", FILTER, "content_filter",
                            "$.choices[0].message.tool_calls[0]", "tool_calls"),
    "responses-content-filter": (_responses, "content_filter", "openai.responses", FILTER, "content_filter",
                                 "$.output[0]", "max_output_tokens"),
    "bedrock-guardrail": (_bedrock, "guardrail_intervened", "bedrock.converse", FILTER, "content_filter",
                          "$.output.message.content[0]", "tool_use"),
    "bedrock-content-filtered": (_bedrock, "content_filtered", "bedrock.converse", FILTER, "content_filter",
                                 "$.output.message.content[0]", "tool_use"),
    "cohere-toxic": (_cohere, "ERROR_TOXIC", "cohere.v2", FILTER, "content_filter", "$.message.tool_calls[0]",
                     "TOOL_CALL"),
    **{f"gemini-{w.lower()}": (_gemini, w, "gemini", FILTER, "content_filter",
                                "$.candidates[0].content.parts[0]", "STOP")
       for w in ("SAFETY", "PROHIBITED_CONTENT", "SPII", "BLOCKLIST", "IMAGE_SAFETY", "MODEL_ARMOR", "JAILBREAK",
                 "RECITATION")},
}


@pytest.mark.parametrize("name", sorted(STOPPED))
def test_the_calls_of_a_stopped_reply_are_invalid(name: str) -> None:
    make, word, dialect, how, _, loc, _ = STOPPED[name]
    error = _whole_error(dialect, loc, how, word)
    for named in (None, dialect):
        [bad] = toolwire.decode_all(make(word), named, invalid="keep")
        assert type(bad) is InvalidToolCall
        assert (bad.name, bad.error, bad.loc, bad.truncated) == ("delete_files", error, loc, False)
        assert bad.raw in (TEXT, None)
        with pytest.raises(toolwire.DecodeError) as info:
            toolwire.decode_all(make(word), named)
        assert (info.value.message, info.value.loc) == (error, loc)
        with pytest.raises(toolwire.DecodeError, match=word):
            toolwire.decode(make(word), named)  # the one call of the reply
    with pytest.raises(toolwire.DecodeError, match=word):  # the general path (a policy keyword) agrees
        toolwire.decode_all(make(word), repair=False)


@pytest.mark.parametrize("name", sorted(STOPPED))
def test_a_stopped_reply_normalises_with_its_calls_invalid(name: str) -> None:
    make, word, dialect, how, norm, loc, _ = STOPPED[name]
    r = response.normalize(make(word))
    assert (r.provider, r.finish_reason, r.raw_finish_reason, r.tool_calls) == (dialect, norm, word, ())
    [bad] = r.invalid_tool_calls
    assert (bad.name, bad.error) == ("delete_files", _whole_error(dialect, loc, how, word))


@pytest.mark.parametrize("name", sorted(STOPPED))
def test_the_same_reply_finished_otherwise_holds_a_runnable_call(name: str) -> None:
    make, _, _, _, _, _, fine = STOPPED[name]
    payload = make(fine)
    if make is _responses:  # a finished Responses reply
        payload = dict(payload, status="completed", incomplete_details=None)
    [call] = toolwire.decode_all(payload)
    assert type(call) is ToolCall and (call.name, call.args) == ("delete_files", ARGS)


@pytest.mark.parametrize("name", sorted(STOPPED))
def test_a_stopped_reply_without_calls_stays_as_it_is(name: str) -> None:
    """Nothing says the model called a tool: no ``InvalidToolCall`` is invented."""
    make, word, dialect, _, norm, _, _ = STOPPED[name]
    payload = make(word, calls=False)
    assert toolwire.decode_all(payload) == [] and toolwire.decode_all(payload, dialect, invalid="keep") == []
    r = response.normalize(payload)
    assert (r.finish_reason, r.tool_calls, r.invalid_tool_calls) == (norm, (), ())


def test_the_call_item_itself_is_still_read() -> None:
    """The escape hatch: a caller who wants to look at the call decodes its item."""
    assert toolwire.decode(_anthropic("refusal")["content"][1]) == ToolCall("delete_files", ARGS, "toolu_1")
    item = _chat("content_filter")["choices"][0]["message"]["tool_calls"][0]
    assert toolwire.decode(item) == ToolCall("delete_files", ARGS, "call_1")


def test_a_finish_word_in_another_case_is_read_as_its_table_spells_it() -> None:
    [bad] = toolwire.decode_all(_bedrock("Guardrail_Intervened"), invalid="keep")
    assert type(bad) is InvalidToolCall and "(Guardrail_Intervened)" in bad.error and FILTER in bad.error


def test_only_the_stopped_choice_is_affected() -> None:
    payload = _chat("tool_calls")
    payload["choices"].append(dict(_chat("content_filter")["choices"][0], index=1))
    [first] = toolwire.decode_all(payload)
    assert type(first) is ToolCall
    [second] = toolwire.decode_all(payload, choice=1, invalid="keep")
    assert type(second) is InvalidToolCall and FILTER in second.error


def test_sdk_objects() -> None:
    from anthropic.types import Message
    from google.genai import types
    from openai.types.chat import ChatCompletion

    for obj, word in ((ChatCompletion.model_validate(_chat("content_filter")), "content_filter"),
                      (Message.model_validate(_anthropic("refusal")), "refusal"),
                      (types.GenerateContentResponse.model_validate(_gemini("SAFETY")), "SAFETY")):
        [bad] = toolwire.decode_all(obj, invalid="keep")
        assert type(bad) is InvalidToolCall and f"({word})" in bad.error


def test_a_history_reads_a_stopped_reply_as_decode_all_does() -> None:
    stopped = {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "run",
                                                             "input": {"cmd": "x"}}}],
               "stopReason": "guardrail_intervened"}
    conv = decode_conversation([{"role": "user", "content": [{"text": "Clean the build."}]}, stopped],
                               "bedrock.converse")
    [call] = [p for p in conv.messages[-1].parts if type(p) in (ToolCall, InvalidToolCall)]
    assert type(call) is InvalidToolCall and call.error == _whole_error(
        "bedrock.converse", "$[1].content[0]", FILTER, "guardrail_intervened")


# -- streams (each provider's documented events) ----------------------------------------------


def _anthropic_stream(stop: str, calls: bool = True) -> List[Dict[str, Any]]:
    # https://docs.claude.com/en/docs/build-with-claude/streaming: ``message_delta`` carries the stop reason
    start = {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 9, "output_tokens": 1}}}
    body = [
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "toolu_1", "name": "delete_files", "input": {}}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": TEXT}},
        {"type": "content_block_stop", "index": 0},
    ] if calls else [
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "I"}},
        {"type": "content_block_stop", "index": 0},
    ]
    return [start, *body,
            {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
             "usage": {"output_tokens": 4}},
            {"type": "message_stop"}]


def _chat_stream(finish: str, calls: bool = True) -> List[Dict[str, Any]]:
    head = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4.1"}
    delta: Dict[str, Any] = {"role": "assistant", "tool_calls": [
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": TEXT}}]
    } if calls else {"role": "assistant", "content": "I"}
    return [dict(head, choices=[{"index": 0, "finish_reason": None, "delta": delta}]),
            dict(head, choices=[{"index": 0, "finish_reason": finish, "delta": {}}])]


def _responses_stream(reason: str, calls: bool = True) -> List[Dict[str, Any]]:
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "delete_files", "arguments": "",
            "status": "in_progress"}
    body = [
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1", "delta": TEXT},
        {"type": "response.output_item.done", "output_index": 0,
         "item": dict(item, arguments=TEXT, status="completed")},
    ] if calls else []
    return [{"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}},
            *body, {"type": "response.incomplete", "response": _responses(reason, calls)}]


def _gemini_stream(finish: str, calls: bool = True) -> List[Dict[str, Any]]:
    parts = [{"functionCall": {"name": "delete_files", "args": ARGS}}] if calls else [{"text": "more"}]
    return [{"candidates": [{"content": {"role": "model", "parts": [{"text": "Deleting."}]}, "index": 0}]},
            {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": finish, "index": 0}]}]


def _bedrock_stream(stop: str, calls: bool = True) -> List[Dict[str, Any]]:
    body = [
        {"contentBlockStart": {"contentBlockIndex": 0,
                               "start": {"toolUse": {"toolUseId": "tooluse_1", "name": "delete_files"}}}},
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": TEXT}}}},
        {"contentBlockStop": {"contentBlockIndex": 0}},
    ] if calls else [
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"text": "I"}}},
        {"contentBlockStop": {"contentBlockIndex": 0}},
    ]
    return [{"messageStart": {"role": "assistant"}}, *body, {"messageStop": {"stopReason": stop}}]


def _cohere_stream(finish: str, calls: bool = True) -> List[Dict[str, Any]]:
    # https://docs.cohere.com/v2/docs/streaming: ``tool-call-*`` events, ``message-end.delta.finish_reason``
    body = [
        {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
            "id": "delete_files_1byjy32y4hvq", "type": "function",
            "function": {"name": "delete_files", "arguments": ""}}}}},
        {"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": {"function": {"arguments": TEXT}}}}},
        {"type": "tool-call-end", "index": 0},
    ] if calls else [
        {"type": "content-start", "index": 0, "delta": {"message": {"content": {"type": "text", "text": ""}}}},
        {"type": "content-delta", "index": 0, "delta": {"message": {"content": {"text": "I"}}}},
        {"type": "content-end", "index": 0},
    ]
    return [{"type": "message-start", "id": "c1", "delta": {"message": {"role": "assistant"}}}, *body,
            {"type": "message-end", "delta": {"finish_reason": finish,
                                              "usage": {"billed_units": {"input_tokens": 9, "output_tokens": 4}}}}]


STREAMS: Dict[str, Tuple[Callable[..., List[Dict[str, Any]]], str, str, str, str]] = {
    "anthropic-refusal": (_anthropic_stream, "refusal", "anthropic.messages", REFUSAL, "tool_use"),
    "chat-content-filter": (_chat_stream, "content_filter", "openai.chat", FILTER, "tool_calls"),
    "responses-content-filter": (_responses_stream, "content_filter", "openai.responses", FILTER,
                                 "max_output_tokens"),
    "gemini-safety": (_gemini_stream, "SAFETY", "gemini", FILTER, "STOP"),
    "gemini-prohibited": (_gemini_stream, "PROHIBITED_CONTENT", "gemini", FILTER, "STOP"),
    "bedrock-guardrail": (_bedrock_stream, "guardrail_intervened", "bedrock.converse", FILTER, "tool_use"),
    "bedrock-content-filtered": (_bedrock_stream, "content_filtered", "bedrock.converse", FILTER, "tool_use"),
    "cohere-toxic": (_cohere_stream, "ERROR_TOXIC", "cohere.v2", FILTER, "TOOL_CALL"),
}


@pytest.mark.parametrize("name", sorted(STREAMS))
def test_the_calls_of_a_stopped_stream_are_invalid(name: str) -> None:
    make, word, dialect, how, fine = STREAMS[name]
    for named in (None, dialect):
        [bad] = stream.accumulate(make(word), named)
        assert type(bad) is InvalidToolCall
        assert (bad.name, bad.error, bad.loc) == ("delete_files", _stream_error(dialect, how, word), "$.calls[0]")
        acc = stream.Accumulator(named)
        for chunk in make(word):
            acc.feed(chunk)
        assert acc.close() == [bad] and acc.calls == [bad]
    [call] = stream.accumulate(make(fine))
    assert type(call) is ToolCall and (call.name, call.args) == ("delete_files", ARGS)


@pytest.mark.parametrize("name", sorted(STREAMS))
def test_a_stopped_stream_without_calls_stays_as_it_is(name: str) -> None:
    make, word, dialect, _, _ = STREAMS[name]
    assert stream.accumulate(make(word, calls=False)) == []
    assert stream.accumulate(make(word, calls=False), dialect) == []


# -- the invariant, over every dialect's own envelope -----------------------------------------

_REG = toolwire.default_registry()
_ENVELOPED = [d for d in _REG if d.response_envelope is not None]
_STOPPING = [(d.name, w) for d in _ENVELOPED for w, norm in sorted(d.finish_reasons.items())
             if norm in ("content_filter", "refusal")]


def test_every_dialect_with_stopping_words_is_covered() -> None:
    assert {name for name, _ in _STOPPING} >= {
        "anthropic.messages", "gemini", "bedrock.converse", "openai.chat", "openai.responses", "cohere.v2"}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_STOPPING), st.data())
def test_no_call_of_a_stopped_reply_runs(case: Any, data: st.DataObject) -> None:
    """For each dialect's every word normalised to ``content_filter`` or ``refusal``, a
    reply written by the dialect's own envelope holds only ``InvalidToolCall``s, one per
    call, in order."""
    name, word = case
    d = _REG.get(name)
    calls = data.draw(st.lists(strategies.tool_calls(d, ids=True if d.ids.required else None), min_size=1,
                               max_size=3, unique_by=lambda c: c.id or c.name))
    reply = d.response_envelope([toolwire.encode(c, d) for c in calls], None, word)
    if name == "openai.responses":  # the envelope writes its finish as the status: the reason's is ``incomplete``
        reply = dict(reply, status="incomplete", incomplete_details={"reason": word})
    got = toolwire.decode_all(reply, invalid="keep")
    assert [type(c) for c in got] == [InvalidToolCall] * len(calls)
    assert [c.name for c in got] == [c.name for c in calls]
    assert all(f"({word})" in c.error and "it must not run" in c.error for c in got)
    r = response.normalize(reply)
    assert (r.tool_calls, len(r.invalid_tool_calls)) == ((), len(calls))
