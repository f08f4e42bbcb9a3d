"""A reply the provider reports as failed holds no runnable call.

Each dialect's finish reasons that ``finish_reasons`` normalises to ``error`` say the
generation failed: Gemini ``MALFORMED_FUNCTION_CALL`` ("a function call that is
syntactically invalid and can't be parsed"), ``UNEXPECTED_TOOL_CALL`` ("semantically
invalid ... the generated function is not in the function declaration"),
``TOO_MANY_TOOL_CALLS`` (google-genai ``FinishReason``); Bedrock Converse
``malformed_tool_use`` / ``malformed_model_output`` (``StopReason``); a Chat
``finish_reason: "error"`` (OpenRouter) or ``insufficient_system_resource`` (DeepSeek), Mistral's ``error``;
a Responses ``status: "failed"``; Cohere ``ERROR``. A call found in such a reply is an
``InvalidToolCall`` (``invalid="keep"``, ``response.normalize``, streams) or a
``DecodeError`` (``invalid="raise"``), never a runnable ``ToolCall``: the provider
itself says it is broken. The call item decoded on its own is still read. For
structured output, ``retry.classify`` calls such a reply ``failed``, never ``ok``,
even when its text validates. Payload shapes from each provider's API reference.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toolwire
from toolwire import InvalidToolCall, ToolCall, response, strategies, stream


def _gemini(finish: str) -> Dict[str, Any]:
    return {
        "candidates": [{"content": {"role": "model", "parts": [
            {"functionCall": {"name": "delete_files", "args": {"path": "/tmp/x"}}}]},
            "finishReason": finish, "index": 0}],
        "usageMetadata": {"promptTokenCount": 9, "candidatesTokenCount": 4, "totalTokenCount": 13},
        "modelVersion": "gemini-2.5-flash",
    }


def _bedrock(finish: str) -> Dict[str, Any]:
    return {
        "output": {"message": {"role": "assistant", "content": [
            {"toolUse": {"toolUseId": "tooluse_1", "name": "delete_files", "input": {"path": "/tmp/x"}}}]}},
        "stopReason": finish, "usage": {"inputTokens": 9, "outputTokens": 4, "totalTokens": 13},
        "metrics": {"latencyMs": 120},
    }


def _chat(finish: str) -> Dict[str, Any]:
    return {
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "deepseek-chat",
        "choices": [{"index": 0, "finish_reason": finish, "message": {
            "role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function",
                 "function": {"name": "delete_files", "arguments": '{"path": "/tmp/x"}'}}]}}],
    }


def _responses(status: str) -> Dict[str, Any]:
    return {
        "id": "resp_1", "object": "response", "status": status, "model": "gpt-4.1",
        "error": {"code": "server_error", "message": "The model failed to generate a response."}
        if status == "failed" else None,
        "output": [{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "delete_files",
                    "arguments": '{"path": "/tmp/x"}', "status": "completed"}],
    }


def _cohere(finish: str) -> Dict[str, Any]:
    return {
        "id": "c1", "finish_reason": finish,
        "message": {"role": "assistant", "tool_plan": "I will delete the file.", "tool_calls": [
            {"id": "delete_files_1byjy32y4hvq", "type": "function",
             "function": {"name": "delete_files", "arguments": '{"path": "/tmp/x"}'}}]},
        "usage": {"billed_units": {"input_tokens": 9, "output_tokens": 4}},
    }


FAILED = {
    "gemini-malformed": (_gemini("MALFORMED_FUNCTION_CALL"), "MALFORMED_FUNCTION_CALL"),
    "gemini-unexpected": (_gemini("UNEXPECTED_TOOL_CALL"), "UNEXPECTED_TOOL_CALL"),
    "gemini-too-many": (_gemini("TOO_MANY_TOOL_CALLS"), "TOO_MANY_TOOL_CALLS"),
    "bedrock-malformed-tool-use": (_bedrock("malformed_tool_use"), "malformed_tool_use"),
    "bedrock-malformed-output": (_bedrock("malformed_model_output"), "malformed_model_output"),
    "chat-error": (_chat("error"), "error"),
    "chat-insufficient-resource": (_chat("insufficient_system_resource"), "insufficient_system_resource"),
    "chat-zhipu-network-error": (_chat("network_error"), "network_error"),  # Z.ai: the model's inference failed
    "responses-failed": (_responses("failed"), "failed"),
    "cohere-error": (_cohere("ERROR"), "ERROR"),
    "mistral-error": ({**_chat("error"), "model": "mistral-large-latest"}, "error"),  # Mistral's FinishReason
}
FINE = {
    "gemini": _gemini("STOP"),
    "bedrock": _bedrock("tool_use"),
    "chat": _chat("tool_calls"),
    "responses": _responses("completed"),
    "cohere": _cohere("TOOL_CALL"),
}


@pytest.mark.parametrize("name", sorted(FAILED))
def test_the_calls_of_a_failed_reply_are_invalid(name: str) -> None:
    payload, word = FAILED[name]
    [bad] = toolwire.decode_all(payload, invalid="keep")
    assert isinstance(bad, InvalidToolCall)
    assert bad.name == "delete_files" and not bad.truncated
    assert f"({word})" in bad.error and "failed" in bad.error
    assert bad.loc.startswith("$.")
    assert bad.truncated is False
    with pytest.raises(toolwire.DecodeError, match=word) as info:
        toolwire.decode_all(payload)
    assert info.value.loc == bad.loc
    with pytest.raises(toolwire.DecodeError, match=word):
        toolwire.decode(payload)  # the one call of the reply


@pytest.mark.parametrize("name", sorted(FAILED))
def test_a_failed_reply_normalises_with_its_calls_invalid(name: str) -> None:
    payload, word = FAILED[name]
    r = response.normalize(payload)
    assert r.finish_reason == "error" and r.raw_finish_reason == word
    assert r.tool_calls == ()
    [bad] = r.invalid_tool_calls
    assert bad.name == "delete_files" and f"({word})" in bad.error


@pytest.mark.parametrize("name", sorted(FINE))
def test_the_same_replies_finished_normally_hold_runnable_calls(name: str) -> None:
    [call] = toolwire.decode_all(FINE[name])
    assert isinstance(call, ToolCall) and call.name == "delete_files" and call.args == {"path": "/tmp/x"}


def test_the_ids_and_argument_text_of_an_invalid_call_are_kept() -> None:
    [chat] = toolwire.decode_all(_chat("error"), invalid="keep")
    assert (chat.id, chat.raw, chat.loc) == ("call_1", '{"path": "/tmp/x"}', "$.choices[0].message.tool_calls[0]")
    [bedrock] = toolwire.decode_all(_bedrock("malformed_tool_use"), invalid="keep")
    assert (bedrock.id, bedrock.loc) == ("tooluse_1", "$.output.message.content[0]")


def test_a_call_whose_arguments_are_also_broken_reports_the_failed_reply() -> None:
    payload = _chat("error")
    payload["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"] = '{"path": '
    [bad] = toolwire.decode_all(payload, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and "(error)" in bad.error
    assert (bad.name, bad.id, bad.raw, bad.loc, bad.truncated) == (
        "delete_files", "call_1", '{"path": ', "$.choices[0].message.tool_calls[0]", False)


def test_the_call_item_itself_is_still_read() -> None:
    """The escape hatch: a caller who wants to look at the call decodes its item."""
    part = _gemini("MALFORMED_FUNCTION_CALL")["candidates"][0]["content"]["parts"][0]
    assert toolwire.decode(part) == ToolCall("delete_files", {"path": "/tmp/x"})


_FAILED_EMPTY = {  # replies reported as failed that hold no call at all (each provider's reference shape)
    "gemini-malformed": ({"candidates": [{"content": {}, "finishReason": "MALFORMED_FUNCTION_CALL", "index": 0,
                                          "finishMessage": "Malformed function call: print(default_api.delete_files("
                                                           "path=)"}],
                          "modelVersion": "gemini-2.5-flash"}, "MALFORMED_FUNCTION_CALL"),
    "bedrock-malformed-tool-use": ({"output": {"message": {"role": "assistant", "content": []}},
                                    "stopReason": "malformed_tool_use",
                                    "usage": {"inputTokens": 9, "outputTokens": 4, "totalTokens": 13}},
                                   "malformed_tool_use"),
    "chat-error": ({"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "deepseek-chat",
                    "choices": [{"index": 0, "finish_reason": "error",
                                 "message": {"role": "assistant", "content": ""}}]}, "error"),
    "responses-failed": ({"id": "resp_1", "object": "response", "status": "failed", "model": "gpt-4.1",
                          "error": {"code": "server_error", "message": "The model failed to generate a response."},
                          "output": []}, "failed"),
}
_FAILED_NO_CALL = "The reply is reported as failed ({!r}) and holds no tool call: any calls the model made are lost"


# the provider's own words beside the reason: Gemini's ``finishMessage`` (the call the model
# wrote), a Responses ``error`` (``{"code", "message"}``)
_WORDS = {
    "gemini-malformed": "MALFORMED_FUNCTION_CALL: Malformed function call: print(default_api.delete_files(path=)",
    "responses-failed": "failed: server_error: The model failed to generate a response.",
}


@pytest.mark.parametrize("name", sorted(_FAILED_EMPTY))
def test_a_failed_reply_without_calls_is_flagged_not_empty(name: str) -> None:
    """``[]`` would read as "the model answered without calling a tool": Gemini's
    ``MALFORMED_FUNCTION_CALL`` says the model did call one, and the call is lost."""
    payload, reason = _FAILED_EMPTY[name]
    word = _WORDS.get(name, reason)
    for named in (None, response.normalize(payload).provider):
        with pytest.raises(toolwire.DecodeError) as err:
            toolwire.decode_all(payload, named)
        assert (err.value.message, err.value.loc) == (_FAILED_NO_CALL.format(word), "$")
        (bad,) = toolwire.decode_all(payload, named, invalid="keep")
        assert isinstance(bad, InvalidToolCall)
        assert (bad.name, bad.id, bad.raw, bad.error, bad.loc) == (None, None, None, _FAILED_NO_CALL.format(word), "$")
    with pytest.raises(toolwire.DecodeError):  # the general path (a policy keyword) agrees
        toolwire.decode_all(payload, repair=False)
    r = response.normalize(payload)
    assert (r.finish_reason, r.raw_finish_reason, r.tool_calls) == ("error", reason, ())
    assert [c.error for c in r.invalid_tool_calls] == [_FAILED_NO_CALL.format(word)]


def test_a_failed_sdk_reply_without_calls_is_flagged() -> None:
    from google.genai import types

    resp = types.GenerateContentResponse.model_validate(_FAILED_EMPTY["gemini-malformed"][0])
    with pytest.raises(toolwire.DecodeError, match=r"\('MALFORMED_FUNCTION_CALL: Malformed function call: print"):
        toolwire.decode_all(resp)


def test_a_failure_reader_that_raises_leaves_the_reason_alone() -> None:
    import dataclasses

    gemini = toolwire.get_dialect("gemini")

    def broken(data: Any) -> Any:
        raise KeyError("x")

    reg = toolwire.Registry([dataclasses.replace(gemini, failure=broken)])
    payload, reason = _FAILED_EMPTY["gemini-malformed"]
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_all(payload, registry=reg)
    assert err.value.message == _FAILED_NO_CALL.format(reason)


def test_a_failed_stream_without_calls_is_flagged() -> None:
    chunks = [{"candidates": [{"content": {"role": "model", "parts": [{"text": "Deleting."}]}, "index": 0}]},
              {"candidates": [{"content": {}, "finishReason": "MALFORMED_FUNCTION_CALL", "index": 0}]}]
    for named in (None, "gemini"):
        (bad,) = stream.accumulate(chunks, named)
        assert isinstance(bad, InvalidToolCall) and bad.name is None
        assert bad.error == _FAILED_NO_CALL.format("MALFORMED_FUNCTION_CALL")
        worded = [chunks[0], {"candidates": [dict(chunks[1]["candidates"][0], finishMessage="Malformed function call: x(")]}]
        (said,) = stream.accumulate(worded, named)  # as ``decode_all`` says it of the whole reply
        assert said.error == _FAILED_NO_CALL.format("MALFORMED_FUNCTION_CALL: Malformed function call: x(")
        acc = stream.Accumulator(named)
        for chunk in chunks:
            acc.feed(chunk)
        assert acc.close() == [bad] and acc.calls == [bad] and acc.text == "Deleting."
    fine = [chunks[0], {"candidates": [{"content": {}, "finishReason": "STOP", "index": 0}]}]
    assert stream.accumulate(fine) == []


def test_only_the_failed_choice_is_affected() -> None:
    payload = _chat("tool_calls")
    payload["choices"].append(dict(_chat("error")["choices"][0], index=1))
    [first] = toolwire.decode_all(payload)
    assert isinstance(first, ToolCall)
    [second] = toolwire.decode_all(payload, choice=1, invalid="keep")
    assert isinstance(second, InvalidToolCall)


def test_openai_sdk_completion() -> None:
    from openai._models import construct_type
    from openai.types.chat import ChatCompletion

    completion = construct_type(type_=ChatCompletion, value=_chat("error"))
    [bad] = toolwire.decode_all(completion, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and "(error)" in bad.error


def test_google_genai_sdk_response() -> None:
    from google.genai import types

    resp = types.GenerateContentResponse.model_validate(_gemini("MALFORMED_FUNCTION_CALL"))
    [bad] = toolwire.decode_all(resp, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and "(MALFORMED_FUNCTION_CALL)" in bad.error


# -- streams ---------------------------------------------------------------------------------


def _gemini_stream(finish: str) -> List[Dict[str, Any]]:
    return [
        {"candidates": [{"content": {"role": "model", "parts": [{"text": "Deleting."}]}, "index": 0}]},
        {"candidates": [{"content": {"role": "model", "parts": [
            {"functionCall": {"name": "delete_files", "args": {"path": "/tmp/x"}}}]},
            "finishReason": finish, "index": 0}]},
    ]


def _bedrock_stream(finish: str) -> List[Dict[str, Any]]:
    return [
        {"messageStart": {"role": "assistant"}},
        {"contentBlockStart": {"contentBlockIndex": 0,
                               "start": {"toolUse": {"toolUseId": "tooluse_1", "name": "delete_files"}}}},
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": '{"path": "/tmp/x"}'}}}},
        {"contentBlockStop": {"contentBlockIndex": 0}},
        {"messageStop": {"stopReason": finish}},
    ]


def _chat_stream(finish: str) -> List[Dict[str, Any]]:
    head = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "deepseek-chat"}
    return [
        dict(head, choices=[{"index": 0, "finish_reason": None, "delta": {"role": "assistant", "tool_calls": [
            {"index": 0, "id": "call_1", "type": "function",
             "function": {"name": "delete_files", "arguments": '{"path": "/tmp/x"}'}}]}}]),
        dict(head, choices=[{"index": 0, "finish_reason": finish, "delta": {}}]),
    ]


STREAMS = {
    "gemini": (_gemini_stream, "MALFORMED_FUNCTION_CALL", "STOP"),
    "bedrock": (_bedrock_stream, "malformed_tool_use", "tool_use"),
    "chat": (_chat_stream, "error", "tool_calls"),
}


@pytest.mark.parametrize("name", sorted(STREAMS))
def test_the_calls_of_a_failed_stream_are_invalid(name: str) -> None:
    make, word, fine = STREAMS[name]
    [bad] = stream.accumulate(make(word))
    assert isinstance(bad, InvalidToolCall) and bad.name == "delete_files" and f"({word})" in bad.error
    acc = stream.Accumulator()
    for chunk in make(word):
        acc.feed(chunk)
    assert [type(c) for c in acc.close()] == [InvalidToolCall]
    [call] = stream.accumulate(make(fine))
    assert call == ToolCall("delete_files", {"path": "/tmp/x"}, call.id)


def test_a_failed_responses_stream() -> None:
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "delete_files",
            "arguments": "", "status": "in_progress"}
    events = [
        {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        {"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1",
         "delta": '{"path": "/tmp/x"}'},
        {"type": "response.output_item.done", "output_index": 0,
         "item": dict(item, arguments='{"path": "/tmp/x"}', status="completed")},
        {"type": "response.failed", "response": {"id": "resp_1", "status": "failed", "output": [],
                                                 "error": {"code": "server_error", "message": "failed"}}},
    ]
    [bad] = stream.accumulate(events)
    assert isinstance(bad, InvalidToolCall) and "(failed: server_error: failed)" in bad.error


# -- the invariant, over every dialect's own envelope -----------------------------------------

_REG = toolwire.default_registry()
_ENVELOPED = [d for d in _REG if d.response_envelope is not None]
_FAILING = [(d.name, w) for d in _ENVELOPED for w, norm in sorted(d.finish_reasons.items()) if norm == "error"]


def test_every_dialect_with_failing_words_is_covered() -> None:
    assert {name for name, _ in _FAILING} >= {
        "gemini", "bedrock.converse", "openai.chat", "openai.responses", "mistral", "cohere.v2"}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_FAILING), st.data())
def test_no_call_of_a_failed_reply_runs(case: Any, data: st.DataObject) -> None:
    """For each dialect's every word normalised to ``error``, a reply written by the
    dialect's own envelope holds only ``InvalidToolCall``s, one per call, in order."""
    name, word = case
    d = _REG.get(name)
    calls = data.draw(st.lists(strategies.tool_calls(d, ids=True if d.ids.required else None), min_size=1,
                               max_size=3, unique_by=lambda c: c.id or c.name))
    reply = d.response_envelope([toolwire.encode(c, d) for c in calls], None, word)
    got = toolwire.decode_all(reply, invalid="keep")
    assert [type(c) for c in got] == [InvalidToolCall] * len(calls)
    assert [c.name for c in got] == [c.name for c in calls]
    assert all(f"({word})" in c.error for c in got)
    r = response.normalize(reply)
    assert (r.finish_reason, r.tool_calls, len(r.invalid_tool_calls)) == ("error", (), len(calls))


# -- structured output: a failed reply's text is no answer ----------------------------------

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
ANSWER = '{"city": "Paris"}'  # valid under SCHEMA: only the finish reason says it is not an answer


def _answer(target: str, finish: str) -> Dict[str, Any]:
    """A reply of *target* whose text is ANSWER, finished with *finish*."""
    if target == "bedrock.converse":
        return {"output": {"message": {"role": "assistant", "content": [{"text": ANSWER}]}},
                "stopReason": finish, "usage": {"inputTokens": 9, "outputTokens": 6, "totalTokens": 15}}
    if target == "gemini":
        return {"candidates": [{"content": {"role": "model", "parts": [{"text": ANSWER}]},
                                "finishReason": finish, "index": 0}], "modelVersion": "gemini-2.5-flash"}
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "deepseek-chat",
            "choices": [{"index": 0, "finish_reason": finish,
                         "message": {"role": "assistant", "content": ANSWER}}]}


REQUESTS = {
    "bedrock.converse": {"modelId": "amazon.nova-pro-v1:0", "messages": [{"role": "user", "content": [{"text": "x"}]}]},
    "gemini": {"contents": [{"role": "user", "parts": [{"text": "x"}]}]},
    "openai.chat": {"model": "deepseek-chat", "messages": [{"role": "user", "content": "x"}]},
}


@pytest.mark.parametrize(
    ("target", "finish"),
    [
        ("bedrock.converse", "malformed_model_output"),
        ("bedrock.converse", "malformed_tool_use"),
        ("gemini", "MALFORMED_FUNCTION_CALL"),
        ("openai.chat", "error"),
        ("openai.chat", "insufficient_system_resource"),
    ],
)
def test_a_failed_reply_is_no_structured_answer(target: str, finish: str) -> None:
    """``retry.classify`` gives ``failed`` (never ``ok``) for a reply its provider reports
    as failed, even when its text validates; the plan sends the same request again."""
    from toolwire import retry

    prepared = retry.prepare(REQUESTS[target], SCHEMA, target, mode="prompt")
    outcome = retry.classify(_answer(target, finish), prepared.state)
    assert (outcome.kind, outcome.value, outcome.text, outcome.detail) == ("failed", None, ANSWER, finish)
    step = retry.plan(prepared.request, outcome, prepared.state)
    assert (step.action, step.request) == ("retry", prepared.request)
    assert step.state.attempt == prepared.state.attempt + 1
    assert finish in step.reason
    fine = retry.classify(_answer(target, "stop" if target == "openai.chat" else
                                  "STOP" if target == "gemini" else "end_turn"), prepared.state)
    assert (fine.kind, fine.value) == ("ok", {"city": "Paris"})


def test_the_plan_of_a_failed_reply_says_the_providers_words() -> None:
    from toolwire import retry

    prepared = retry.prepare(REQUESTS["gemini"], SCHEMA, "gemini", mode="prompt")
    reply = _answer("gemini", "MALFORMED_FUNCTION_CALL")
    reply["candidates"][0]["finishMessage"] = "Malformed function call: print(default_api.f("
    step = retry.plan(prepared.request, retry.classify(reply, prepared.state), prepared.state)
    assert step.reason == ("the provider reports the reply as failed (MALFORMED_FUNCTION_CALL: Malformed function "
                           "call: print(default_api.f(): same request")


def test_generate_retries_a_failed_reply_and_takes_the_next() -> None:
    from toolwire import retry

    replies = [_answer("bedrock.converse", "malformed_model_output"), _answer("bedrock.converse", "end_turn")]
    sent: List[Any] = []

    def send(request: Dict[str, Any]) -> Any:
        sent.append(request)
        return replies[len(sent) - 1]

    result = retry.generate(send, REQUESTS["bedrock.converse"], SCHEMA, target="bedrock.converse", mode="prompt")
    assert (result.ok, result.value) == (True, {"city": "Paris"})
    assert [a.outcome.kind for a in result.attempts] == ["failed", "ok"]
    assert sent[0] == sent[1]


def test_failed_replies_count_with_empty_ones_towards_prompt_mode() -> None:
    """In native mode, replies without an answer in a row (empty or failed) switch to
    prompt mode after ``switch_after``, as empty ones alone did."""
    from toolwire import retry

    prepared = retry.prepare(REQUESTS["bedrock.converse"], SCHEMA, "bedrock.converse", mode="native")
    assert prepared.state.mode == "native"
    failed = retry.classify(_answer("bedrock.converse", "malformed_model_output"), prepared.state)
    first = retry.plan(prepared.request, failed, prepared.state)
    assert (first.action, first.state.mode, first.state.empties) == ("retry", "native", 1)
    empty = retry.classify({"output": {"message": {"role": "assistant", "content": []}}, "stopReason": "end_turn"},
                           first.state)
    assert empty.kind == "empty"
    second = retry.plan(first.request, empty, first.state)
    assert (second.action, second.state.mode, second.reason) == (
        "retry", "prompt", "2 replies in a row without an answer (empty or failed) in native mode: prompt mode")


# --- a reply whose finish reason says tools were called, and that holds none --------------------

_SAYS_CALLED = [
    ("openai.chat", {"id": "c", "object": "chat.completion", "model": "m", "choices": [
        {"index": 0, "message": {"role": "assistant", "content": "Let me check."}, "finish_reason": "tool_calls"}]},
     "tool_calls"),
    ("anthropic.messages", {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude",
                            "content": [{"type": "text", "text": "Let me check."}], "stop_reason": "tool_use"},
     "tool_use"),
    ("bedrock.converse", {"output": {"message": {"role": "assistant", "content": [{"text": "Let me check."}]}},
                          "stopReason": "tool_use"}, "tool_use"),
    ("cohere.v2", {"id": "x", "finish_reason": "TOOL_CALL",
                   "message": {"role": "assistant", "content": [{"type": "text", "text": "Let me check."}]}},
     "TOOL_CALL"),
]


@pytest.mark.parametrize(("dialect", "reply", "word"), _SAYS_CALLED, ids=[d for d, _, _ in _SAYS_CALLED])
def test_a_reply_that_says_it_called_a_tool_and_holds_none_is_flagged(
    dialect: str, reply: Dict[str, Any], word: str
) -> None:
    got = response.normalize(reply)
    assert (got.provider, got.text, got.finish_reason, got.tool_calls) == (dialect, "Let me check.", "tool_calls", ())
    (bad,) = got.invalid_tool_calls
    assert (bad.name, bad.id, bad.loc) == (None, None, "$")
    assert bad.error == f"The finish reason {word!r} says the model called a tool, but the reply holds no tool call"


def test_a_tool_use_stop_over_calls_the_provider_runs_is_not_flagged() -> None:
    reply = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude", "stop_reason": "tool_use",
             "content": [{"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search",
                          "input": {"query": "weather"}}]}
    got = response.normalize(reply)
    assert (got.tool_calls, got.invalid_tool_calls) == ((), ())


_NO_CALL_ERROR = "The finish reason {!r} says the model called a tool, but the reply holds no tool call"


@pytest.mark.parametrize(("dialect", "reply", "word"), _SAYS_CALLED, ids=[d for d, _, _ in _SAYS_CALLED])
def test_decode_all_of_a_reply_that_says_it_called_a_tool_and_holds_none(
    dialect: str, reply: Dict[str, Any], word: str
) -> None:
    for named in (None, dialect):
        with pytest.raises(toolwire.DecodeError) as err:
            toolwire.decode_all(reply, named)
        assert (err.value.message, err.value.loc) == (_NO_CALL_ERROR.format(word), "$")
        (bad,) = toolwire.decode_all(reply, named, invalid="keep")
        assert isinstance(bad, InvalidToolCall) and bad.error == _NO_CALL_ERROR.format(word)
    with pytest.raises(toolwire.DecodeError):  # the general path (a policy keyword) agrees with the fast ones
        toolwire.decode_all(reply, repair=False)


def test_decode_all_of_an_sdk_completion_that_says_it_called_a_tool_and_holds_none() -> None:
    from openai.types.chat import ChatCompletion

    obj = ChatCompletion.model_validate(dict(_SAYS_CALLED[0][1], created=1))
    with pytest.raises(toolwire.DecodeError, match="says the model called a tool"):
        toolwire.decode_all(obj)
    assert [type(c) for c in toolwire.decode_all(obj, invalid="keep")] == [InvalidToolCall]


def test_decode_all_judges_the_chosen_reply_by_its_own_finish_reason() -> None:
    reply = {"id": "c", "object": "chat.completion", "model": "m", "choices": [
        {"index": 0, "message": {"role": "assistant", "content": "Hi."}, "finish_reason": "stop"},
        {"index": 1, "message": {"role": "assistant", "content": "Let me check."}, "finish_reason": "tool_calls"}]}
    assert toolwire.decode_all(reply) == []
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_all(reply, choice=1)
    assert err.value.loc == "$.choices[1].message"


def test_decode_all_of_a_tool_use_stop_over_calls_the_provider_runs_is_empty() -> None:
    reply = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude", "stop_reason": "tool_use",
             "content": [{"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search",
                          "input": {"query": "weather"}}]}
    assert toolwire.decode_all(reply) == []
    assert [c.name for c in toolwire.decode_all(reply, include_server=True)] == ["web_search"]


_CHUNK = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
_STREAMS_SAYING_CALLED = [
    ("openai.chat", [dict(_CHUNK, choices=[{"index": 0, "delta": {"role": "assistant", "content": "Let me check."},
                                            "finish_reason": None}]),
                     dict(_CHUNK, choices=[{"index": 0, "delta": {}, "finish_reason": "tool_calls"}])], "tool_calls"),
    ("anthropic.messages", [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [],
                                              "model": "claude"}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Let me check."}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}},
        {"type": "message_stop"}], "tool_use"),
]


@pytest.mark.parametrize(("dialect", "chunks", "word"), _STREAMS_SAYING_CALLED, ids=[d for d, _, _ in _STREAMS_SAYING_CALLED])
def test_a_stream_that_says_it_called_a_tool_and_holds_none(dialect: str, chunks: List[Any], word: str) -> None:
    for named in (None, dialect):
        (bad,) = stream.accumulate(chunks, named)
        assert isinstance(bad, InvalidToolCall) and bad.name is None
        assert bad.error == _NO_CALL_ERROR.format(word)
        acc = stream.Accumulator(named)
        for chunk in chunks:
            acc.feed(chunk)
        assert acc.close() == [bad] and acc.close() == [bad] and acc.calls == [bad]
        assert acc.text == "Let me check."
    stop = [*chunks[:-1], {"type": "message_delta", "delta": {"stop_reason": "end_turn"}}] if dialect.startswith(
        "anthropic") else [chunks[0], dict(_CHUNK, choices=[{"index": 0, "delta": {}, "finish_reason": "stop"}])]
    assert stream.accumulate(stop, dialect) == []


@pytest.mark.parametrize("name", sorted(_FAILED_EMPTY))
def test_a_failed_response_holds_the_providers_words(name: str) -> None:
    """``Response.failure``: what the provider said of the failure (Gemini's
    ``finishMessage``, a Responses ``error``), for a retry prompt; ``None`` where it
    said nothing."""
    payload, reason = _FAILED_EMPTY[name]
    words = _WORDS.get(name)
    assert response.normalize(payload).failure == (None if words is None else words[len(reason) + 2:])


def test_a_reply_that_did_not_fail_has_no_failure() -> None:
    payload = {"candidates": [{"content": {"role": "model", "parts": [{"text": "Hi"}]}, "finishReason": "STOP",
                               "finishMessage": "fine", "index": 0}]}
    assert response.normalize(payload).failure is None  # words beside a finish that is no failure are no failure
    ok = {"id": "resp_1", "object": "response", "status": "completed", "model": "gpt-4.1", "error": None,
          "output": [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Hi"}]}]}
    assert response.normalize(ok).failure is None
