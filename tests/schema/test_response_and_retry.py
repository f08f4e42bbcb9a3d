"""reference/structured-output.md §H.3: response normalisation and retry planning, R01-R16."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Dict, List

import pytest

from toolwire import ToolCall
from toolwire.response import FINISH_REASONS, normalize, normalize_finish
from toolwire.retry import classify, classify_error, generate, plan, prepare
from toolwire.schema import Capabilities, choose_mode

S = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False}
MESSAGES = [{"role": "user", "content": "Give me a."}]


def chat(content: Any = "", finish: str = "stop", **message: Any) -> Dict[str, Any]:
    msg = {"role": "assistant", "content": content}
    msg.update(message)
    return {
        "object": "chat.completion",
        "choices": [{"index": 0, "message": msg, "finish_reason": finish}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


def native(target: str = "openai.chat", **request: Any) -> Any:
    req = {"model": "m", "messages": MESSAGES}
    req.update(request)
    return prepare(req, S, target, mode="native")


def test_h3_01_empty_content_answer_in_reasoning_content() -> None:
    p = native()
    out = classify(chat("", "stop", reasoning_content='{"a": 1}'), p.state)
    assert out.kind == "ok" and out.value == {"a": 1} and out.source == "reasoning"


def test_h3_02_reasoning_prose_cut_off_escalates_budget_and_ignores_reasoning() -> None:
    p = native(max_completion_tokens=1000)
    out = classify(chat("", "length", reasoning_content="Let me think about a {"), p.state)
    assert out.kind == "truncated" and out.value is None and out.source == ""
    step = plan(p.request, out, p.state)
    assert step.action == "retry"
    assert step.request["messages"] == MESSAGES
    assert step.request["max_completion_tokens"] == 4000
    capped = plan(dict(p.request, max_completion_tokens=30_000), out, p.state)
    assert capped.request["max_completion_tokens"] == 65_536
    at_cap = plan(dict(p.request, max_completion_tokens=65_536), out, p.state)
    assert at_cap.action == "stop"


def test_h3_03_partial_json_cut_off_escalates_without_correction() -> None:
    p = native(max_completion_tokens=256)
    out = classify(chat('{"a":1', "length"), p.state)
    assert out.kind == "truncated" and out.partial
    step = plan(p.request, out, p.state)
    assert step.request["messages"] == MESSAGES  # no correction turn, no partial assistant turn
    assert step.request["max_completion_tokens"] == 1024
    for target, path in (
        ("openai.responses", ["max_output_tokens"]),
        ("anthropic.messages", ["max_tokens"]),
        ("gemini", ["generation_config", "max_output_tokens"]),
        ("bedrock.converse", ["inferenceConfig", "maxTokens"]),
        ("ollama", ["options", "num_predict"]),
        ("vllm", ["max_tokens"]),
    ):
        budget: Any = 100
        for key in reversed(path):
            budget = {key: budget}
        q = native(target, **budget)
        bumped = plan(q.request, out, q.state).request
        for key in path:
            bumped = bumped[key]
        assert bumped == 400, target
        # no budget set: the provider's default (the model's maximum, or none) is in effect
        assert plan(native(target).request, out, q.state).action == "stop", target
    legacy_request = {k: v for k, v in p.request.items() if k != "max_completion_tokens"}
    legacy = plan(dict(legacy_request, max_tokens=100), out, p.state).request
    assert legacy["max_tokens"] == 400 and "max_completion_tokens" not in legacy
    camel = plan({"contents": [], "generationConfig": {"maxOutputTokens": 10}}, out, native("gemini").state).request
    assert camel["generationConfig"]["maxOutputTokens"] == 40


def test_h3_04_think_block_stripped_before_parsing() -> None:
    resp = normalize(chat('<think>{x}</think>\n{"a":1}'))
    assert resp.text == '{"a":1}' and resp.reasoning == "{x}" and resp.think_stripped
    assert classify(resp, native().state).value == {"a": 1}
    unclosed = normalize(chat("<think>still thinking {"))
    assert unclosed.text == "" and unclosed.reasoning == "still thinking {"


def test_h3_05_fenced_block_then_prose_with_brace() -> None:
    text = 'Here:\n```json\n{"a": 2}\n```\nNote: use {braces} like } this.'
    out = classify(chat(text), native().state)
    assert out.kind == "ok" and out.value == {"a": 2}


def test_h3_06_last_valid_candidate_wins() -> None:
    text = 'First try {"a": "x"} and then the answer {"a": 3}.'
    assert classify(chat(text), native().state).value == {"a": 3}
    first_only = 'Answer {"a": 3} and an example {"a": "x"}'
    assert classify(chat(first_only), native().state).value == {"a": 3}


def test_h3_07_refusals_from_three_providers_stop() -> None:
    p = native()
    cases = [
        chat(None, "stop", refusal="I can't help with that."),
        {
            "type": "message",
            "role": "assistant",
            "content": [],
            "stop_reason": "refusal",
            "usage": {"input_tokens": 1, "output_tokens": 1},
        },
        {"candidates": [{"content": {"parts": [], "role": "model"}, "finishReason": "SAFETY"}]},
    ]
    for payload in cases:
        out = classify(payload, p.state)
        assert out.kind == "refusal", payload
        assert plan(p.request, out, p.state).action == "stop"
    assert normalize(cases[0]).refusal == "I can't help with that."


def test_h3_08_empty_reply_resends_original_messages_and_switches_only_after_n() -> None:
    p = native()
    out = classify(chat("", "stop"), p.state)
    assert out.kind == "empty"
    first = plan(p.request, out, p.state)
    assert first.request == p.request
    assert all(m.get("content") for m in first.request["messages"])
    assert first.state.mode == "native"
    second = plan(first.request, out, first.state)
    assert second.state.mode == "prompt"
    assert "response_format" not in second.request
    assert [m["role"] for m in second.request["messages"]] == ["system", "user"]
    assert not any(m["role"] == "assistant" for m in second.request["messages"])


def test_h3_09_invalid_reply_gets_a_correction_naming_pointer_and_keyword() -> None:
    p = native()
    out = classify(chat('{"a": "seven"}'), p.state)
    assert out.kind == "invalid"
    step = plan(p.request, out, p.state)
    msgs = step.request["messages"]
    assert msgs[:-2] == MESSAGES
    assert msgs[-2] == {"role": "assistant", "content": '{"a": "seven"}'}
    assert msgs[-1]["role"] == "user" and "/a" in msgs[-1]["content"] and "(type)" in msgs[-1]["content"]


def test_h3_10_classified_schema_rejection_switches_to_prompt_once() -> None:
    payload = {
        "status": 400,
        "error": {
            "message": "Invalid schema for response_format 'x'",
            "type": "invalid_request_error",
            "param": "response_format",
            "code": "invalid_json_schema",
        },
    }
    assert classify_error(payload) == "schema_rejected"

    class BadRequest(Exception):
        status_code = 400
        body = payload["error"]

    sent: List[Dict[str, Any]] = []

    def send(req: Dict[str, Any]) -> Any:
        sent.append(req)
        if "response_format" in req:
            raise BadRequest("400")
        return chat('{"a": 5}')

    result = generate(send, {"model": "m", "messages": MESSAGES}, S, target="openai.chat")
    assert result.ok and result.value == {"a": 5}  # type: ignore[union-attr]
    assert ["response_format" in r for r in sent] == [True, False]
    p = native()
    from toolwire.retry import Outcome

    moved = plan(p.request, Outcome("schema_rejected"), p.state)
    assert moved.state.mode == "prompt"
    assert plan(moved.request, Outcome("schema_rejected"), moved.state).action == "stop"
    anthropic = {
        "status": 400,
        "error": {
            "type": "invalid_request_error",
            "message": "output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false",
        },
    }
    assert classify_error(anthropic) == "schema_rejected"


def test_h3_11_server_errors_rate_limits_and_substrings_are_not_rejections() -> None:
    assert classify_error({"status": 500, "error": {"message": "response_format failed"}}) == "transient"
    assert classify_error({"status": 429, "error": {"message": "rate limit"}}) == "transient"
    assert classify_error(RuntimeError("Request of 4000 tokens: this model is not supported")) == "error"
    assert classify_error({"status": 400, "error": {"message": "max_tokens 4000 is not supported"}}) == "error"

    class Boom(Exception):
        status_code = 503

    def send(req: Dict[str, Any]) -> Any:
        raise Boom("503 Service Unavailable")

    with pytest.raises(Boom):
        generate(send, {"messages": MESSAGES}, S, target="openai.chat")


# R12: expected values from reference §F.3 and §G.2 item 14 (each provider's own meaning)
FINISH = [
    ("openai.chat", "stop", "stop"),
    ("openai.chat", "length", "length"),
    ("openai.chat", "tool_calls", "tool_calls"),
    ("openai.chat", "content_filter", "content_filter"),
    ("openai.chat", "function_call", "tool_calls"),
    ("openai.chat", "insufficient_system_resource", "error"),
    ("openai.responses", "completed", "stop"),
    ("openai.responses", "max_output_tokens", "length"),
    ("openai.responses", "content_filter", "content_filter"),
    ("openai.responses", "failed", "error"),
    ("anthropic.messages", "end_turn", "stop"),
    ("anthropic.messages", "max_tokens", "length"),
    ("anthropic.messages", "stop_sequence", "stop"),
    ("anthropic.messages", "tool_use", "tool_calls"),
    ("anthropic.messages", "pause_turn", "pause"),
    ("anthropic.messages", "refusal", "refusal"),
    ("anthropic.messages", "model_context_window_exceeded", "context_window"),
    ("gemini", "STOP", "stop"),
    ("gemini", "MAX_TOKENS", "length"),
    ("gemini", "SAFETY", "content_filter"),
    ("gemini", "RECITATION", "content_filter"),
    ("gemini", "LANGUAGE", "other"),
    ("gemini", "OTHER", "other"),
    ("gemini", "BLOCKLIST", "content_filter"),
    ("gemini", "PROHIBITED_CONTENT", "content_filter"),
    ("gemini", "SPII", "content_filter"),
    ("gemini", "MALFORMED_FUNCTION_CALL", "error"),
    ("bedrock.converse", "end_turn", "stop"),
    ("bedrock.converse", "tool_use", "tool_calls"),
    ("bedrock.converse", "max_tokens", "length"),
    ("bedrock.converse", "stop_sequence", "stop"),
    ("bedrock.converse", "guardrail_intervened", "content_filter"),
    ("bedrock.converse", "content_filtered", "content_filter"),
    ("bedrock.converse", "malformed_model_output", "error"),
    ("bedrock.converse", "malformed_tool_use", "error"),
    ("bedrock.converse", "model_context_window_exceeded", "context_window"),
    ("cohere.v2", "COMPLETE", "stop"),
    ("cohere.v2", "STOP_SEQUENCE", "stop"),
    ("cohere.v2", "MAX_TOKENS", "length"),
    ("cohere.v2", "TOOL_CALL", "tool_calls"),
    ("cohere.v2", "ERROR", "error"),
    ("cohere.v2", "ERROR_TOXIC", "content_filter"),
    ("ollama", "stop", "stop"),
    ("ollama", "length", "length"),
    ("ollama", "load", "error"),
    ("ollama", "unload", "error"),
]


def test_h3_12_finish_reasons_normalised_with_raw_kept() -> None:
    for provider, raw, expected in FINISH:
        assert normalize_finish(raw, provider) == expected, (provider, raw)
        assert expected in FINISH_REASONS
    for provider in ("openai.chat", "anthropic.messages", "gemini", "bedrock.converse"):
        assert normalize_finish("brand_new_reason", provider) == "other"
    bedrock = {
        "output": {"message": {"role": "assistant", "content": [{"text": "{"}]}},
        "stopReason": "malformed_model_output",
        "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
    }
    r = normalize(bedrock)
    assert (r.finish_reason, r.raw_finish_reason, r.truncated) == ("error", "malformed_model_output", False)
    pause = normalize(
        {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "text", "text": "x"}],
            "stop_reason": "pause_turn",
            "usage": {},
        }
    )
    assert (pause.finish_reason, pause.raw_finish_reason, pause.truncated) == ("pause", "pause_turn", False)
    unknown = normalize(chat("x", "brand_new_reason"))
    assert (unknown.finish_reason, unknown.raw_finish_reason) == ("other", "brand_new_reason")
    incomplete = normalize(
        {
            "object": "response",
            "status": "incomplete",
            "output": [],
            "incomplete_details": {"reason": "max_output_tokens"},
        }
    )
    assert incomplete.finish_reason == "length" and incomplete.truncated


def test_h3_13_gemini_function_call_with_stop_is_tool_calls(corpus: Any) -> None:
    doc = corpus("gemini/pai-gemini-2.5-flash-nested-args.json")
    r = normalize(doc["payload"])
    assert r.raw_finish_reason == "STOP"
    assert r.finish_reason == "tool_calls"
    assert [(c.name, c.args) for c in r.tool_calls] == [(c["name"], c["args"]) for c in doc["expected_tool_calls"]]


def test_h3_14_reasoning_and_reasoning_content_both_read() -> None:
    assert normalize(chat("", reasoning="via vLLM")).reasoning == "via vLLM"
    assert normalize(chat("", reasoning_content="via DeepSeek")).reasoning == "via DeepSeek"
    p = native()
    assert classify(chat("", reasoning='{"a": 4}'), p.state).value == {"a": 4}


def test_h3_15_literal_newline_inside_a_string_parses() -> None:
    schema = {"type": "object", "properties": {"s": {"type": "string"}}, "required": ["s"]}
    p = prepare({"messages": MESSAGES}, schema, "openai.chat", mode="native")
    out = classify(chat('{"s": "line one\nline two"}'), p.state)
    assert out.kind == "ok" and out.value == {"s": "line one\nline two"}


def test_h3_16_capability_lookups_are_tri_state_with_override() -> None:
    caps = Capabilities({"gpt-4o": True, "old-model": False})
    assert caps.supports_native("gpt-4o") is True
    assert caps.supports_native("old-model") is False
    assert caps.supports_native("unknown-model-xyz") is None
    assert choose_mode("gpt-4o", capabilities=caps) == "native"
    assert choose_mode("old-model", capabilities=caps) == "prompt"
    assert choose_mode("unknown-model-xyz", capabilities=caps) == "native"
    assert choose_mode("unknown-model-xyz", capabilities=caps, unknown="prompt") == "prompt"
    # key absent from known data is Unknown, not False (ALTK's mistake, reference §E)
    known_without_flag = Capabilities({})
    assert known_without_flag.supports_native("ollama/llama3.1") is True  # quirk: format works
    assert known_without_flag.supports_native("watsonx/openai/gpt-oss-120b") is False  # quirk
    over = caps.with_overrides({"old-model": True, "watsonx/openai/gpt-oss-120b": True})
    assert over.supports_native("old-model") is True
    assert over.supports_native("watsonx/openai/gpt-oss-120b") is True
    assert caps.supports_native("old-model") is False  # the original is unchanged
    assert prepare({"messages": MESSAGES}, S, "openai.chat", model="old-model", capabilities=caps).mode == "prompt"
    assert (
        prepare({"messages": MESSAGES}, S, "openai.chat", model="unknown-model-xyz", capabilities=caps).mode == "native"
    )


def test_h3_generate_runs_the_plan_over_a_sync_callable() -> None:
    replies = iter([chat("", "stop"), chat('{"a":', "length"), chat('{"a": "x"}'), chat('{"a": 9}')])
    sent: List[Dict[str, Any]] = []

    def send(req: Dict[str, Any]) -> Any:
        sent.append(req)
        return next(replies)

    result = generate(
        send, {"model": "m", "messages": MESSAGES, "max_completion_tokens": 100}, S, target="openai.chat", attempts=5
    )
    assert result.ok and result.value == {"a": 9}  # type: ignore[union-attr]
    assert [a.outcome.kind for a in result.attempts] == ["empty", "truncated", "invalid", "ok"]  # type: ignore[union-attr]
    assert sent[1] == sent[0]
    assert sent[2]["max_completion_tokens"] == 400
    assert sent[3]["messages"][-2]["content"] == '{"a": "x"}'


def test_h3_generate_runs_the_plan_over_an_async_callable() -> None:
    async def send(req: Dict[str, Any]) -> Any:
        return chat('{"a": 1}')

    result = asyncio.run(generate(send, {"messages": MESSAGES}, S, target="openai.chat"))  # type: ignore[arg-type]
    assert result.ok and result.value == {"a": 1}
    assert json.dumps(result.attempts[0].request["response_format"]["json_schema"]["schema"])


def test_generate_runs_the_plan_over_an_object_whose_call_is_async() -> None:
    # a client object with ``async def __call__`` was refused: "send returned an awaitable"
    class Client:
        async def __call__(self, req: Dict[str, Any]) -> Any:
            return chat('{"a": 1}')

    import functools

    async def send(req: Dict[str, Any], reply: Any) -> Any:
        return reply

    for caller in (Client(), functools.partial(send, reply=chat('{"a": 1}'))):
        result = asyncio.run(generate(caller, {"messages": MESSAGES}, S, target="openai.chat"))  # type: ignore[arg-type]
        assert result.ok and result.value == {"a": 1}


def test_prepare_auto_prefers_prompt_mode_for_lossy_schemas_when_asked() -> None:
    lossy = {"type": "object", "properties": {"s": {"type": "string", "minLength": 3}}, "required": ["s"]}
    assert prepare({"messages": MESSAGES}, lossy, "openai.chat").mode == "native"
    assert prepare({"messages": MESSAGES}, lossy, "openai.chat", allow_lossy=False).mode == "prompt"
    from toolwire._errors import EncodeError

    with pytest.raises(EncodeError, match="lossily"):
        prepare({"messages": MESSAGES}, lossy, "openai.chat", mode="native", allow_lossy=False)


def test_anthropic_tool_mode_wraps_a_non_object_root_and_reads_the_tool_call() -> None:
    schema = {"type": "array", "items": {"type": "integer"}}
    p = prepare({"model": "m", "max_tokens": 100, "messages": MESSAGES}, schema, "anthropic.tool", mode="native")
    tool = p.request["tools"][0]
    assert tool["input_schema"]["type"] == "object" and tool["input_schema"]["required"] == ["result"]
    reply = {
        "type": "message",
        "role": "assistant",
        "stop_reason": "tool_use",
        "usage": {},
        "content": [{"type": "tool_use", "id": "toolu_01", "name": tool["name"], "input": {"result": [1, 2]}}],
    }
    out = classify(reply, p.state)
    assert out.kind == "ok" and out.value == [1, 2] and out.source == "tool_call"
    bad = dict(reply, content=[dict(reply["content"][0], input={"result": ["x"]})])
    wrong = classify(bad, p.state)
    assert wrong.kind == "invalid"
    step = plan(p.request, wrong, p.state)
    last = step.request["messages"][-1]["content"][0]
    assert last["type"] == "tool_result" and last["tool_use_id"] == "toolu_01" and last["is_error"] is True


def test_a_call_item_that_cannot_be_read_is_kept_beside_the_others() -> None:
    """``normalize`` keeps the calls it can run and reports the broken one in its place."""
    good = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
    nameless = {"id": "call_2", "type": "function", "function": {"name": None, "arguments": "{}"}}
    message = {"role": "assistant", "content": None, "tool_calls": [good, nameless]}
    reply = {"id": "c", "object": "chat.completion",
             "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}]}
    r = normalize(reply)
    assert r.tool_calls == (ToolCall("f", {"a": 1}, "call_1"),)
    [bad] = r.invalid_tool_calls
    assert (bad.name, bad.id, bad.error, bad.loc) == (
        None, "call_2", "Tool name at $.choices[0].message.tool_calls[1].function.name is missing",
        "$.choices[0].message.tool_calls[1].function.name")


@pytest.mark.parametrize(
    ("tool_calls", "loc"),
    [
        ([5], "$.choices[0].message.tool_calls[0]"),
        ([{"id": "call_1", "type": "function", "function": {"name": 5, "arguments": "{}"}}],
         "$.choices[0].message.tool_calls[0].function.name"),
        ("not a list", "$.choices[0].message.tool_calls"),
    ],
)
def test_calls_that_cannot_be_read_are_an_invalid_call_not_none(tool_calls: Any, loc: str) -> None:
    """A reply whose calls cannot be read reads as a reply with an invalid call, never
    as one without calls (it read as ``tool_calls=()`` and nothing else)."""
    message = {"role": "assistant", "content": None, "tool_calls": tool_calls}
    reply = {"id": "c", "object": "chat.completion", "choices": [{"index": 0, "message": message,
                                                                  "finish_reason": "tool_calls"}]}
    r = normalize(reply)
    assert r.tool_calls == ()
    [bad] = r.invalid_tool_calls
    assert (bad.name, bad.loc) == (None, loc) and loc in bad.error


def test_a_reply_that_ran_out_of_context_window_stops_the_plan() -> None:
    """Anthropic's ``model_context_window_exceeded``: its structured-output tool call is
    cut off (not run), and neither the same request nor one with a correction turn can
    fit, so the plan stops instead of re-sending it."""
    schema = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
    p = prepare({"model": "m", "max_tokens": 100, "messages": MESSAGES}, schema, "anthropic.tool", mode="native")
    tool = p.request["tools"][0]
    reply = {"type": "message", "role": "assistant", "stop_reason": "model_context_window_exceeded", "usage": {},
             "content": [{"type": "tool_use", "id": "toolu_01", "name": tool["name"], "input": {"a": 1}}]}
    out = classify(reply, p.state)
    assert out.kind == "truncated" and out.response is not None and out.response.finish_reason == "context_window"
    step = plan(p.request, out, p.state)
    assert (step.action, step.request, step.reason) == ("stop", None, "the context window ran out: no retry fits")
    text = {"type": "message", "role": "assistant", "stop_reason": "model_context_window_exceeded", "usage": {},
            "content": [{"type": "text", "text": '{"a": "x"'}]}
    tp = prepare({"model": "m", "max_tokens": 100, "messages": MESSAGES}, schema, "anthropic.tool", mode="prompt")
    assert plan(tp.request, classify(text, tp.state), tp.state).action == "stop"
