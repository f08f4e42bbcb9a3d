"""gemini whole responses: a hand-written ``GenerateContentResponse`` normalised to literal
fields, every documented ``finishReason`` mapped, and the model turn written for calls.

Shapes from https://ai.google.dev/api/generate-content#generatecontentresponse,
https://ai.google.dev/api/generate-content#FinishReason and
https://ai.google.dev/api/generate-content#UsageMetadata.
"""

from __future__ import annotations

from typing import Any

import pytest

import toolwire
from toolwire import ToolCall
from toolwire.dialects.gemini.response import reply
from toolwire.response import normalize

D = "gemini"


def test_a_response_with_thoughts_text_a_call_and_usage() -> None:
    body = {
        "candidates": [{
            "content": {"role": "model", "parts": [
                {"text": "Ich denke", "thought": True},
                {"text": "Antwort: "},
                {"text": 5},
                {"text": "22 °C"},
                {"functionCall": {"name": "f", "args": {"a": "ü"}}},
            ]},
            "finishReason": "STOP",
        }],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "thoughtsTokenCount": 3, "totalTokenCount": 18},
        "parsed": {"x": 1},
    }
    r = normalize(body)
    assert (r.provider, r.text, r.reasoning, r.refusal, r.finish_reason, r.raw_finish_reason, r.truncated, r.parsed) == (
        D, "Antwort: 22 °C", "Ich denke", None, "tool_calls", "STOP", False, {"x": 1},
    )
    assert r.tool_calls == (ToolCall("f", {"a": "ü"}),)
    u = r.usage
    assert (u.input_tokens, u.output_tokens, u.reasoning_tokens, u.total_tokens) == (10, 8, 3, 18)  # thoughts are output


def test_snake_case_fields_and_a_server_call() -> None:
    body = {
        "candidates": [{"content": {"parts": [{"executable_code": {"code": "1", "language": "PYTHON"}}]}, "finish_reason": "STOP"}],
        "usage_metadata": {"prompt_token_count": 4, "candidates_token_count": 2, "thoughts_token_count": 1, "total_token_count": 7},
    }
    r = normalize(body, provider=D)
    assert (r.finish_reason, r.raw_finish_reason, r.tool_calls) == ("stop", "STOP", ())  # run by Gemini itself
    u = r.usage
    assert (u.input_tokens, u.output_tokens, u.reasoning_tokens, u.total_tokens) == (4, 3, 1, 7)
    snake = normalize({"candidates": [{"content": {"parts": [{"function_call": {"name": "f", "args": {"a": "ü"}}}]}, "finish_reason": "STOP"}]})
    assert (snake.finish_reason, snake.tool_calls) == ("tool_calls", (ToolCall("f", {"a": "ü"}),))
    plain = normalize({"candidates": [{"content": {"parts": [{"text": "ok"}]}, "finishReason": "STOP"}]})
    assert (plain.text, plain.finish_reason) == ("ok", "stop")


@pytest.mark.parametrize(
    ("feedback", "raw", "refusal"),
    [
        ({"promptFeedback": {"blockReason": "SAFETY"}}, "SAFETY", "prompt blocked: SAFETY"),
        ({"prompt_feedback": {"block_reason": "PROHIBITED_CONTENT"}}, "PROHIBITED_CONTENT", "prompt blocked: PROHIBITED_CONTENT"),
    ],
)
def test_a_blocked_prompt_is_a_refusal(feedback: Any, raw: str, refusal: str) -> None:
    r = normalize(feedback)
    assert (r.provider, r.refusal, r.raw_finish_reason, r.finish_reason, r.text, r.tool_calls) == (D, refusal, raw, "content_filter", "", ())
    kept = normalize({"candidates": [{"content": {"parts": [{"text": "ok"}]}}], **feedback})
    assert (kept.refusal, kept.raw_finish_reason, kept.text) == (None, None, "ok")


# every ``promptFeedback.blockReason`` (google-genai ``BlockedReason``; JAILBREAK and
# MODEL_ARMOR are Vertex AI's), each to the normalised vocabulary: a prompt blocked by a
# safety or content rule is ``content_filter``, one blocked for a reason not given ``other``
BLOCKED = {
    "SAFETY": "content_filter",
    "BLOCKLIST": "content_filter",
    "PROHIBITED_CONTENT": "content_filter",
    "IMAGE_SAFETY": "content_filter",
    "MODEL_ARMOR": "content_filter",
    "JAILBREAK": "content_filter",
    "OTHER": "other",
    "BLOCKED_REASON_UNSPECIFIED": "other",
}


@pytest.mark.parametrize(("block", "normal"), BLOCKED.items())
def test_every_prompt_block_reason(block: str, normal: str) -> None:
    r = normalize({"promptFeedback": {"blockReason": block}})
    assert (r.refusal, r.raw_finish_reason, r.finish_reason) == (f"prompt blocked: {block}", block, normal)


def test_the_prompt_block_reasons_are_google_genais() -> None:
    types = pytest.importorskip("google.genai.types")
    assert {e.value for e in types.BlockedReason} == set(BLOCKED)


# https://ai.google.dev/api/generate-content#FinishReason, each to the normalised vocabulary
FINISH = {
    "STOP": "stop",
    "MAX_TOKENS": "length",
    # google-genai 3.6.1 ``FinishReason``: "the response reached the per-request token limit,
    # but generation is not yet complete"; "filtered by an escalation rule"; "stopped because
    # the user account is limited or disabled due to Prohibited Use Policy (PUP) violations"
    "CONTINUATION": "length",
    "ESCALATION": "content_filter",
    "PUP_LIMITED_DISABLED": "content_filter",
    "SAFETY": "content_filter",
    "RECITATION": "content_filter",
    "BLOCKLIST": "content_filter",
    "PROHIBITED_CONTENT": "content_filter",
    "SPII": "content_filter",
    "IMAGE_SAFETY": "content_filter",
    "IMAGE_PROHIBITED_CONTENT": "content_filter",
    "IMAGE_RECITATION": "content_filter",
    "MODEL_ARMOR": "content_filter",
    "MALFORMED_FUNCTION_CALL": "error",
    "UNEXPECTED_TOOL_CALL": "error",
    "TOO_MANY_TOOL_CALLS": "error",
    "MISSING_THOUGHT_SIGNATURE": "error",
    "MALFORMED_RESPONSE": "error",
    "LANGUAGE": "other",
    "OTHER": "other",
    "FINISH_REASON_UNSPECIFIED": "other",
    "IMAGE_OTHER": "other",
    "NO_IMAGE": "other",  # "The model was expected to generate an image, but didn't."
    "NEW_REASON_2027": "other",
}


@pytest.mark.parametrize(("raw", "normal"), FINISH.items())
def test_finish_reasons(raw: str, normal: str) -> None:
    r = normalize({"candidates": [{"content": {"parts": [{"text": "x"}]}, "finishReason": raw}]})
    assert (r.raw_finish_reason, r.finish_reason, r.truncated) == (raw, normal, normal == "length")


def test_the_finish_reasons_are_google_genais() -> None:
    """Every value of the installed google-genai ``FinishReason`` is mapped (a new one
    would read as ``other``: a cut-off reply's calls would run)."""
    types = pytest.importorskip("google.genai.types")
    table = toolwire.get_dialect(D).finish_reasons
    values = {e.value for e in types.FinishReason}
    assert values <= set(table), sorted(values - set(table))
    assert values <= set(FINISH), sorted(values - set(FINISH))
    assert all(table[k] == v for k, v in FINISH.items() if k in table)


@pytest.mark.parametrize("key", ["finishReason", "finish_reason"])
def test_continuation_cuts_the_calls_off(key: str) -> None:
    body = {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": "write",
                                                                                      "args": {"text": "Hello wor"}}}]},
                            key: "CONTINUATION"}]}
    with pytest.raises(toolwire.ArgumentsError) as exc:
        toolwire.decode_all(body)
    assert exc.value.loc == "$.candidates[0].content.parts[0].functionCall.args"
    r = normalize(body)
    assert (r.finish_reason, r.truncated, r.tool_calls, len(r.invalid_tool_calls)) == ("length", True, (), 1)
    # any candidate cut off: the reply's finish reason for its calls
    two = {"candidates": [{"content": {"parts": [{"text": "x"}]}, "finishReason": "STOP"}, body["candidates"][0]]}
    # cut off, and not finished: the provider's word (one of the dialect's ``unfinished_reasons``)
    assert toolwire.get_dialect(D).finish(two) == "CONTINUATION"


def test_max_tokens_in_snake_case_cuts_the_calls_off() -> None:
    body = {"candidates": [{"content": {"parts": [{"functionCall": {"name": "f", "args": {}}}]}, "finish_reason": "MAX_TOKENS"}]}
    with pytest.raises(toolwire.ArgumentsError) as exc:
        toolwire.decode_all(body)
    assert exc.value.loc == "$.candidates[0].content.parts[0].functionCall.args"
    assert toolwire.decode_all(body, allow_truncated=True)[0].repairs == ("truncated",)
    later = {"candidates": [{"content": {"parts": [{"functionCall": {"name": "f", "args": {}}}]}, "finishReason": "STOP"}, {"finishReason": "MAX_TOKENS"}]}
    assert toolwire.decode_all(later) == [ToolCall("f", {})]


def test_the_model_turn_and_the_reply_written_for_calls() -> None:
    call = ToolCall("f", {"a": "ü"}, "c1")
    # a request's model turn: Gemini 3's dummy signature on its first call, which carries none
    # (thought-signatures FAQ); the reply (the response side) gets none
    skip = "skip_thought_signature_validator"
    assert toolwire.encode_message([call], D, content="Hallo") == {
        "role": "model",
        "parts": [{"text": "Hallo"}, {"functionCall": {"name": "f", "args": {"a": "ü"}, "id": "c1"}, "thoughtSignature": skip}],
    }
    assert toolwire.encode_message([call], D) == {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {"a": "ü"}, "id": "c1"}, "thoughtSignature": skip}]}
    item = {"functionCall": {"name": "f", "args": {}}}
    assert reply([item]) == {
        "candidates": [{"content": {"role": "model", "parts": [item]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 40, "candidatesTokenCount": 12},
        "modelVersion": "gemini-2.5-flash",
    }
    assert reply([], "ok", "MAX_TOKENS")["candidates"][0] == {"content": {"role": "model", "parts": [{"text": "ok"}]}, "finishReason": "MAX_TOKENS", "index": 0}


def test_each_candidate_has_its_own_finish_reason() -> None:
    body = {"candidates": [
        {"content": {"parts": [{"functionCall": {"name": "a", "args": {}}}]}, "finishReason": "STOP", "index": 0},
        {"content": {"parts": [{"functionCall": {"name": "b", "args": {}}}]}, "finish_reason": "MAX_TOKENS", "index": 1},
        {"content": {"parts": [{"functionCall": {"name": "c", "args": {}}}]}, "finishReason": 7, "index": 2},
    ]}
    assert toolwire.decode_all(body) == [ToolCall("a", {})]
    with pytest.raises(toolwire.ArgumentsError) as exc:
        toolwire.decode_all(body, choice=1)
    assert exc.value.loc == "$.candidates[1].content.parts[0].functionCall.args"
    assert toolwire.decode_all(body, choice=1, allow_truncated=True)[0].repairs == ("truncated",)
    with pytest.raises(toolwire.DecodeError, match=r"stopped by its content filter \(BLOCKLIST\)"):
        toolwire.decode_all(body, choice=2)  # 7: BLOCKLIST in the proto numbering (test_gemini_finish_numbers)


# google-genai ``model_dump()`` (python mode) keeps ``FinishReason`` / ``BlockedReason`` as
# str enums (``str(FinishReason.MAX_TOKENS)`` is ``'FinishReason.MAX_TOKENS'``): read as their value
def _sdk_response(body: Any) -> Any:
    types = pytest.importorskip("google.genai.types")
    return types.GenerateContentResponse.model_validate(body)


def test_a_dumped_failed_reply_gives_no_runnable_call() -> None:
    g = _sdk_response({"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {"a": 1}}}]},
                                       "finishReason": "MALFORMED_FUNCTION_CALL"}]})
    dumped = g.model_dump(exclude_none=True)
    assert type(dumped["candidates"][0]["finish_reason"]) is not str  # the enum, as the SDK dumps it
    message = ("Tool call at $.candidates[0].content.parts[0] is in a reply that gemini reports as failed "
               "(MALFORMED_FUNCTION_CALL): it must not run; decode the item itself to read it anyway")
    for x in (dumped, g):
        with pytest.raises(toolwire.DecodeError) as exc:
            toolwire.decode_all(x)
        assert str(exc.value) == message
    r = normalize(dumped)
    assert (r.finish_reason, r.raw_finish_reason, type(r.raw_finish_reason), r.tool_calls) == (
        "error", "MALFORMED_FUNCTION_CALL", str, ())
    assert [c.error for c in r.invalid_tool_calls] == [message]


def test_a_dumped_max_tokens_reply_is_truncated() -> None:
    g = _sdk_response({"candidates": [{"content": {"role": "model", "parts": [{"text": "x"}]}, "finishReason": "MAX_TOKENS"}]})
    r = normalize(g.model_dump())
    assert (r.finish_reason, r.raw_finish_reason, type(r.raw_finish_reason), r.truncated) == ("length", "MAX_TOKENS", str, True)
    calls = _sdk_response({"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}}]},
                                           "finishReason": "MAX_TOKENS"}]})
    with pytest.raises(toolwire.ArgumentsError) as exc:
        toolwire.decode_all(calls.model_dump(exclude_none=True))
    assert "(MAX_TOKENS)" in str(exc.value)


def test_a_dumped_blocked_prompt() -> None:
    r = normalize(_sdk_response({"promptFeedback": {"blockReason": "SAFETY"}}).model_dump())
    assert (r.finish_reason, r.raw_finish_reason, type(r.raw_finish_reason), r.refusal) == (
        "content_filter", "SAFETY", str, "prompt blocked: SAFETY")


def test_str_subclasses_are_read_as_their_word() -> None:
    import enum

    from toolwire._dialect import finish_lookup, finish_word, key_of
    from toolwire._finish import called_reason, cut_reason, failed_reason

    class Named(str, enum.Enum):  # a name unlike its value: its value is the word
        LEN = "length"
        BAD = "error"

    class Text(str):
        pass

    chat = toolwire.get_dialect("openai.chat")
    assert [finish_word(x) for x in (Named.LEN, Text("stop"), "stop", 5, None)] == ["length", "stop", "stop", None, None]
    assert type(finish_word(Text("stop"))) is str
    assert finish_lookup(chat.finish_reasons, Named.BAD) == "error"
    assert finish_lookup(chat.finish_reasons, Text("TOOL_CALLS")) == "tool_calls"
    assert key_of(chat.finish_reasons, Text("LENGTH")) == "length" and type(key_of(chat.finish_reasons, Named.LEN)) is str
    assert (cut_reason(chat, Named.LEN), failed_reason(chat, Named.BAD), called_reason(chat, Text("tool_calls"))) == (
        "length", "error", "tool_calls")
    assert type(failed_reason(chat, Named.BAD)) is str and type(called_reason(chat, Text("tool_calls"))) is str
    assert (cut_reason(chat, None), failed_reason(chat, None), cut_reason(chat, [1])) == (None, None, None)
