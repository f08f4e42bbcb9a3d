"""Whole OpenAI responses read by ``toolwire.response.normalize``, the replies and
messages the dialects build around call items, and Batch API output lines, against
hand-written payloads.

Shapes from:
- https://platform.openai.com/docs/api-reference/chat/object (``choices[].message``
  with ``content``, ``refusal``, ``parsed``; ``finish_reason``; ``usage`` with
  ``completion_tokens_details.reasoning_tokens``);
- https://api-docs.deepseek.com/guides/reasoning_model (``reasoning_content``),
  https://docs.vllm.ai/en/latest/features/reasoning_outputs.html (``reasoning``),
  https://docs.mistral.ai/capabilities/reasoning/ (``thinking`` content chunks);
- https://platform.openai.com/docs/api-reference/responses/object (``output`` items
  ``message`` with ``output_text`` / ``refusal`` parts and ``reasoning`` with
  ``summary`` / ``content``; ``status``; ``incomplete_details.reason``; ``usage`` with
  ``output_tokens_details.reasoning_tokens``);
- https://platform.openai.com/docs/api-reference/batch/request-output (``id``,
  ``custom_id``, ``response.{status_code, request_id, body}``, ``error``).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire.dialects.batch_files import open_envelope
from toolwire.dialects.openai import chat_response as oa_response
from toolwire.response import Usage, normalize, normalize_finish

C = "openai.chat"
R = "openai.responses"
CALL = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Zürich"}'}}


def _chat(message: Dict[str, Any], finish: Any = "stop", **top: Any) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4o",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}], **top}


def _read(data: Dict[str, Any], provider: Any = None) -> Any:
    r = normalize(data, provider=provider)
    return r.provider, r.text, r.reasoning, r.refusal, r.finish_reason, r.raw_finish_reason, r.usage, r.parsed


# --- Chat ------------------------------------------------------------------------------------


def test_chat_text_usage_and_reasoning_tokens() -> None:
    data = _chat({"role": "assistant", "content": "Grüezi"}, usage={
        "prompt_tokens": 9, "completion_tokens": 12, "total_tokens": 21,
        "completion_tokens_details": {"reasoning_tokens": 4}})
    assert _read(data) == (C, "Grüezi", "", None, "stop", "stop", Usage(9, 12, 4, 21), None)


def test_chat_usage_counts_that_are_not_whole_numbers_are_none() -> None:
    data = _chat({"role": "assistant", "content": "x"}, usage={"prompt_tokens": True, "completion_tokens": "3",
                                                            "total_tokens": 4.5})
    assert normalize(data).usage == Usage(None, None, None, None)
    # a whole number sent as a float (cohere's SDK types its counts so) is a count
    whole = _chat({"role": "assistant", "content": "x"}, usage={"prompt_tokens": 1.0, "completion_tokens": 3,
                                                             "total_tokens": 4.0})
    assert normalize(whole).usage == Usage(1, 3, None, 4)


def test_chat_content_parts_and_thinking_chunks() -> None:
    content = [
        {"type": "thinking", "thinking": [{"type": "text", "text": "erst "}, {"type": "text"}]},
        {"type": "thinking", "thinking": "dann"},
        {"type": "thinking", "thinking": 5},
        {"type": "text", "text": "Hallo "},
        {"type": "output_text", "text": "Welt"},
        {"type": "text", "text": None},
        {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}},
    ]
    assert _read(_chat({"role": "assistant", "content": content})) == (
        C, "Hallo Welt", "erst dann", None, "stop", "stop", Usage(), None)


@pytest.mark.parametrize(
    ("fields", "reasoning"),
    [
        ({"reasoning_content": "DeepSeek denkt"}, "DeepSeek denkt"),
        ({"reasoning": "vLLM denkt"}, "vLLM denkt"),
        ({"reasoning_content": None, "reasoning": "zweiter"}, "zweiter"),
        ({"reasoning_content": "erster", "reasoning": "zweiter"}, "erster"),
        ({"reasoning": {"content": "als Objekt"}}, "als Objekt"),
        ({"reasoning": {"summary": "ohne content"}}, ""),
        ({"reasoning": 5}, ""),
        # a gateway writing both fields, one left empty: the empty one hides nothing
        ({"reasoning_content": "", "reasoning": "plan2"}, "plan2"),
        ({"reasoning_content": {"content": ""}, "reasoning": "plan3"}, "plan3"),
        ({"reasoning_content": "plan4", "reasoning": ""}, "plan4"),
    ],
    ids=["reasoning_content", "reasoning", "null-first", "first-wins", "object", "object-without-content", "number",
         "empty-first", "empty-object-first", "empty-second"],
)
def test_chat_reasoning_fields(fields: Dict[str, Any], reasoning: str) -> None:
    assert normalize(_chat({"role": "assistant", "content": "ok", **fields})).reasoning == reasoning


def test_chat_reasoning_field_goes_before_thinking_chunks() -> None:
    msg = {"role": "assistant", "reasoning_content": "A", "content": [{"type": "thinking", "thinking": "B"}]}
    assert normalize(_chat(msg)).reasoning == "AB"


def test_chat_refusal_and_parsed() -> None:
    refused = _chat({"role": "assistant", "content": None, "refusal": "Non, désolé."})
    assert _read(refused) == (C, "", "", "Non, désolé.", "stop", "stop", Usage(), None)
    assert normalize(_chat({"role": "assistant", "content": "", "refusal": ""})).refusal is None
    assert normalize(_chat({"role": "assistant", "content": "x", "refusal": 5})).refusal is None
    parsed = _chat({"role": "assistant", "content": '{"a": 1}', "parsed": {"a": 1}})
    assert normalize(parsed).parsed == {"a": 1}


def test_chat_audio_reply_text_is_its_transcript() -> None:
    """An audio reply has ``content: null`` and its words in ``message.audio.transcript``
    (https://platform.openai.com/docs/api-reference/chat/object, ``ChatCompletionAudio``)."""
    audio = {"id": "audio_1", "data": "UklGRg==", "expires_at": 1, "transcript": "Il fait beau à Paris."}
    assert normalize(_chat({"role": "assistant", "content": None, "audio": audio})).text == "Il fait beau à Paris."
    assert normalize(_chat({"role": "assistant", "audio": audio})).text == "Il fait beau à Paris."
    # text content is the text; an audio without a transcript gives none
    assert normalize(_chat({"role": "assistant", "content": "Bonjour", "audio": audio})).text == "Bonjour"
    assert normalize(_chat({"role": "assistant", "content": None, "audio": {"id": "a", "transcript": 5}})).text == ""
    chat = pytest.importorskip("openai.types.chat")
    obj = chat.ChatCompletion.model_validate({
        "id": "c", "object": "chat.completion", "created": 1, "model": "gpt-4o-audio-preview",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": None,
                                                                       "audio": audio}}]})
    assert normalize(obj).text == "Il fait beau à Paris."


def test_chat_tool_calls_turn_stop_into_tool_calls() -> None:
    r = normalize(_chat({"role": "assistant", "content": None, "tool_calls": [CALL]}, finish="stop"))
    assert (r.finish_reason, r.raw_finish_reason, [c.name for c in r.tool_calls]) == ("tool_calls", "stop", ["get_weather"])
    legacy = normalize(_chat({"role": "assistant", "content": None,
                              "function_call": {"name": "f", "arguments": "{}"}}, finish="function_call"))
    assert (legacy.finish_reason, [c.name for c in legacy.tool_calls]) == ("tool_calls", ["f"])
    plain = normalize(_chat({"role": "assistant", "content": "x", "tool_calls": []}, finish="stop"))
    assert (plain.finish_reason, plain.tool_calls) == ("stop", ())


def test_chat_a_chunk_delta_and_odd_choices() -> None:
    chunk = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": "Teil", "tool_calls": [
        dict(CALL, index=0)]}, "finish_reason": None}]}
    r = normalize(chunk, provider=C)  # a chunk's text is read; its calls are a stream's (``toolwire.stream``)
    assert (r.text, r.finish_reason, r.tool_calls) == ("Teil", None, ())
    assert _read({"choices": []}) == (C, "", "", None, None, None, Usage(), None)
    assert normalize({"choices": [{"message": None, "finish_reason": "length"}]}).truncated is True


@pytest.mark.parametrize(
    ("raw", "normalized"),
    [("stop", "stop"), ("length", "length"), ("tool_calls", "tool_calls"), ("function_call", "tool_calls"),
     ("content_filter", "content_filter"), ("insufficient_system_resource", "error"),
     ("model_length", "context_window"),  # Mistral: the context window ran out (docs.mistral.ai/api)
     # Zhipu / Z.ai (docs.bigmodel.cn): stopped by the safety review, inference failed, context full
     ("sensitive", "content_filter"), ("network_error", "error"), ("model_context_window_exceeded", "context_window"),
     ("error", "error"), ("eos", "stop"), ("end_turn", "stop"), ("something_new", "other")],
)
def test_chat_finish_reasons(raw: str, normalized: str) -> None:
    assert normalize_finish(raw, C) == normalized
    assert normalize_finish(raw, "openai") == normalized
    assert normalize(_chat({"role": "assistant", "content": "x"}, finish=raw)).finish_reason == normalized


def test_chat_envelopes_written_around_items() -> None:
    d = toolwire.get_dialect(C)
    assert d.assistant_message([CALL], None) == {"role": "assistant", "content": None, "tool_calls": [CALL]}
    assert d.assistant_message([CALL], "Je regarde") == {"role": "assistant", "content": "Je regarde", "tool_calls": [CALL]}
    assert d.assistant_message([], None) == {"role": "assistant", "content": ""}
    assert d.response_envelope([CALL]) == {
        "id": "chatcmpl-0", "object": "chat.completion", "created": 1764460800, "model": "gpt-4o",
        "choices": [{"index": 0, "finish_reason": "tool_calls",
                     "message": {"role": "assistant", "content": None, "tool_calls": [CALL]}}],
        "usage": {"prompt_tokens": 84, "completion_tokens": 22, "total_tokens": 106}}
    reply = d.response_envelope([], "fertig", "stop")
    assert reply["choices"] == [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "fertig"}}]
    reply["usage"]["total_tokens"] = 0  # each reply has its own usage dict
    assert d.response_envelope([])["usage"]["total_tokens"] == 106


@pytest.mark.parametrize(
    ("items", "content", "empty", "expected"),
    [
        ([CALL], None, "null", {"role": "assistant", "content": None, "tool_calls": [CALL]}),
        ([CALL], "", "null", {"role": "assistant", "content": None, "tool_calls": [CALL]}),
        ([CALL], None, "empty", {"role": "assistant", "content": "", "tool_calls": [CALL]}),
        ([CALL], None, "absent", {"role": "assistant", "tool_calls": [CALL]}),
        ([], None, "absent", {"role": "assistant", "content": ""}),
        ([], "x", "null", {"role": "assistant", "content": "x"}),
    ],
)
def test_chat_message_content_of_a_tool_only_message(items: Any, content: Any, empty: str, expected: Any) -> None:
    assert oa_response.chat_message(items, content, empty) == expected


# --- Responses -------------------------------------------------------------------------------


def _resp(output: Any, status: str = "completed", **top: Any) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "status": status, "model": "gpt-5", "output": output, **top}


def test_responses_text_reasoning_refusal_usage() -> None:
    data = _resp([
        {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "Résumé"}],
         "content": [{"type": "reasoning_text", "text": "Gedanke"}, {"type": "reasoning_text", "text": 5}]},
        {"type": "message", "id": "msg_1", "role": "assistant", "content": [
            {"type": "output_text", "text": "Bonjour ", "annotations": []},
            {"type": "output_text", "text": None},
            {"type": "refusal", "refusal": "Nein"},
            {"type": "output_text", "text": "monde"},
            {"type": "refusal", "refusal": " danke"},
            {"type": "refusal"},
        ]},
    ], usage={"input_tokens": 10, "output_tokens": 20, "total_tokens": 30,
              "output_tokens_details": {"reasoning_tokens": 7}}, output_parsed={"a": 1})
    assert _read(data) == (R, "Bonjour monde", "Gedanke\nRésumé", "Nein danke", "stop", "completed",
                           Usage(10, 20, 7, 30), {"a": 1})


def test_responses_parsed_of_a_parsed_response() -> None:
    """openai's ``ParsedResponse`` (``client.responses.parse``) holds the parsed answer in
    its ``output_text`` parts' ``parsed``; its ``output_parsed`` is a property (the first
    one set), in no dump."""
    text = {"type": "output_text", "text": '{"city": "Paris"}', "annotations": []}
    data = _resp([{"type": "reasoning", "id": "rs_1", "summary": []},
                  {"type": "message", "id": "msg_1", "role": "assistant", "content": [
                      {**text, "parsed": None}, {**text, "parsed": {"city": "Paris"}}]}])
    assert normalize(data).parsed == {"city": "Paris"}
    pydantic = pytest.importorskip("pydantic")
    pytest.importorskip("openai")
    from openai.lib._parsing._responses import parse_response
    from openai.types.responses import Response

    class Weather(pydantic.BaseModel):
        city: str

    resp = Response.model_validate({
        "id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "status": "completed",
        "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
        "output": [{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed", "content": [text]}]})
    parsed = parse_response(text_format=Weather, input_tools=[], response=resp)
    assert parsed.output_parsed == Weather(city="Paris")
    for x in (parsed, parsed.model_dump(), parsed.model_dump_json()):
        r = normalize(x)
        assert (r.provider, r.text, r.parsed) == (R, '{"city": "Paris"}', {"city": "Paris"})
    assert normalize(resp).parsed is None  # not parsed: none


def test_responses_incomplete_reason_and_status_words() -> None:
    cut = _resp([], "incomplete", incomplete_details={"reason": "max_output_tokens"})
    assert _read(cut)[4:6] == ("length", "max_output_tokens")
    assert normalize(cut).truncated is True
    filtered = _resp([], "incomplete", incomplete_details={"reason": "content_filter"})
    assert _read(filtered)[4:6] == ("content_filter", "content_filter")
    bare = _resp([], "incomplete", incomplete_details=None)
    assert _read(bare)[4:6] == ("other", "incomplete")
    done_with_details = _resp([], "completed", incomplete_details={"reason": "max_output_tokens"})
    assert _read(done_with_details)[4:6] == ("stop", "completed")


@pytest.mark.parametrize(
    ("raw", "normalized"),
    [("completed", "stop"), ("max_output_tokens", "length"), ("content_filter", "content_filter"), ("failed", "error"),
     ("cancelled", "other"), ("in_progress", "other"), ("queued", "other"), ("incomplete", "other"), ("new", "other")],
)
def test_responses_finish_reasons(raw: str, normalized: str) -> None:
    assert normalize_finish(raw, R) == normalized
    assert normalize_finish(raw, "responses") == normalized


def test_responses_calls_and_what_claims_a_response() -> None:
    call = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "{}", "status": "completed"}
    r = normalize(_resp([{"type": "reasoning", "id": "rs_1", "summary": []}, call]))
    assert (r.finish_reason, [c.id for c in r.tool_calls]) == ("tool_calls", ["call_1"])
    only_text = normalize(_resp([{"type": "message", "role": "assistant", "content": []}]))
    assert (only_text.finish_reason, only_text.tool_calls) == ("stop", ())
    # without ``object``: an ``output`` list with a ``status``
    assert normalize({"output": [], "status": "completed"}).provider == R
    with pytest.raises(toolwire.DecodeError):
        normalize({"output": []})


def test_responses_envelopes_written_around_items() -> None:
    call = {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"}
    # an output item has its item id and status (recorded: {"arguments", "call_id",
    # "id": "fc_…", "name", "status": "completed", "type": "function_call"}); an input
    # item (a request's history) may leave both out
    out = {**call, "id": "fc_0", "status": "completed"}
    d = toolwire.get_dialect(R)
    assert d.response_envelope([call]) == {
        "id": "resp_0", "object": "response", "status": "completed", "created_at": 1764460800, "model": "gpt-5",
        "output": [{"type": "reasoning", "id": "rs_0", "summary": []}, out],
        "parallel_tool_calls": True, "tool_choice": "auto",  # openai's Response requires them
        "tools": [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}]}  # the function it calls, declared (fuzzkit FK-5)
    assert d.response_envelope([call], "Voilà", "incomplete")["output"] == [
        {"type": "reasoning", "id": "rs_0", "summary": []},
        {"type": "message", "id": "msg_0", "role": "assistant", "status": "completed",
         "content": [{"type": "output_text", "text": "Voilà", "annotations": []}]},
        out]
    assert d.response_envelope([call], "Voilà", "incomplete")["status"] == "incomplete"
    own = {**call, "id": "fc_9", "status": "incomplete"}  # an item's own id and status are kept
    assert d.response_envelope([own])["output"][1] == own
    assert d.message_envelope([call]) == {"model": "gpt-5", "input": [{"role": "user", "content": "What is the weather?"}, call]}
    assert d.message_envelope([call], "Voilà") == {"model": "gpt-5", "input": [
        {"role": "user", "content": "What is the weather?"},
        {"type": "message", "role": "assistant", "id": "msg_0", "status": "completed",  # the SDK's param needs it
         "content": [{"type": "output_text", "text": "Voilà", "annotations": []}]},
        call]}


# --- Batch API output lines ---------------------------------------------------------------------


BODY = _chat({"role": "assistant", "content": "ok"})
REASON = "'custom_id' with 'response' / 'error' (OpenAI Batch API output line)"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ({"id": "batch_req_1", "custom_id": "req-1", "response": {"status_code": 200, "request_id": "r", "body": BODY},
          "error": None}, ("req-1", BODY, None)),
        ({"id": "batch_req_2", "custom_id": "req-2", "response": None,
          "error": {"code": "batch_expired", "message": "This request could not be executed."}},
         ("req-2", None, "batch_expired: This request could not be executed.")),
        ({"id": "batch_req_3", "custom_id": "req-3", "response": {"status_code": 400, "request_id": "r", "body": {
            "error": {"message": "Invalid 'messages'.", "type": "invalid_request_error"}}}, "error": None},
         ("req-3", None, "HTTP 400: invalid_request_error: Invalid 'messages'.")),
        ({"custom_id": "req-4", "response": {"status_code": 299, "body": BODY}}, ("req-4", BODY, None)),
        ({"custom_id": "req-5", "response": {"status_code": 300, "body": None}}, ("req-5", None, "HTTP 300: no details")),
        ({"custom_id": "req-6", "response": {"status_code": 199, "body": {"message": "früh"}}},
         ("req-6", None, "HTTP 199: früh")),
        ({"custom_id": "req-7", "response": {"status_code": 200}}, ("req-7", None, "the response has no body")),
        ({"custom_id": "req-8", "response": {"body": BODY}}, ("req-8", BODY, None)),
        ({"custom_id": None, "error": None, "response": None},
         (None, None, "the line has neither a response nor an error")),
    ],
    ids=["ok", "error", "http-400", "status-299", "status-300", "status-199", "no-body", "no-status",
         "all-null"],
)
def test_batch_lines(line: Dict[str, Any], expected: Any) -> None:
    env = toolwire.get_dialect(C).batch_envelope(line)
    assert env is not None
    assert (env.kind, env.custom_id, env.body, env.error, env.reason) == ("openai.batch", *expected, REASON)
    assert open_envelope(line) == env


@pytest.mark.parametrize(
    "line",
    [{"custom_id": "req-1"}, {"response": {"status_code": 200, "body": BODY}}, {"error": {"code": "x"}},
     {"custom_id": "req-1", "result": {}},
     # not the documented line: a response that is no {"status_code", "body"} object (CLI bug hunt h14 #1)
     {"custom_id": 9, "response": "x"}, {"custom_id": "req-1", "response": BODY},
     {"custom_id": "req-1", "response": None}],
)
def test_not_batch_lines(line: Dict[str, Any]) -> None:
    assert toolwire.get_dialect(C).batch_envelope(line) is None
