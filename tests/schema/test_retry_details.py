"""What `retry.classify` and `retry.plan` hand back beside the outcome kind (the source,
the reasons, the state carried on, the correction turn of a tool call) and how
``response.normalize`` reads think blocks and calls it had to detect. Written from a
mutation sample of ``response.py`` and ``retry.py`` (docs/testing.md)."""

from __future__ import annotations

import json
from typing import Any, Dict

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.response import normalize
from toolwire.retry import Outcome, classify, plan, prepare

S = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False}
MESSAGES = [{"role": "user", "content": "Give me a."}]
REQUEST = {"model": "m", "max_tokens": 100, "messages": MESSAGES}


def chat(content: Any, finish: str = "stop", **message: Any) -> Dict[str, Any]:
    return {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": finish,
                                                      "message": {"role": "assistant", "content": content, **message}}]}


def test_think_blocks_anywhere_in_the_text_move_to_reasoning() -> None:
    r = normalize(chat("Answer: <think>x</think> 42 <thinking>y</thinking> done"))
    assert (r.text, r.reasoning, r.think_stripped) == ("Answer: 42 done", "x\ny", True)


ANTHROPIC_TEXT = {"id": "m", "type": "message", "role": "assistant", "model": "c", "content": [],
                  "stop_reason": "end_turn", "usage": {"input_tokens": 1, "output_tokens": 1}}
PROMPT = {"type": "object", "properties": {"prompt": {"type": "string"}}, "required": ["prompt"]}


@pytest.mark.parametrize("answer", [
    '{"prompt": "First think inside <thinking>your steps here</thinking> then give the answer."}',
    '{"prompt": "Close the tag with </think> please"}',
    '{"prompt": "<think>open, never closed"}',
    '{"prompt": "a </reasoning> b <reasoning>c</reasoning>"}',
])
@pytest.mark.parametrize("around", ["{}", "Here it is: {}", "<think>plan {{x}}</think>\n{}", "{}\n<think>done</think>",
                                    "```json\n{}\n```"])
def test_think_tags_inside_a_json_string_are_the_answer_s_own(answer: str, around: str) -> None:
    """A JSON answer whose string values hold think tags (a prompt about prompts) keeps
    them: only blocks outside the JSON value are reasoning."""
    from anthropic.types import Message

    text = around.format(answer)
    reply = Message.model_validate(dict(ANTHROPIC_TEXT, content=[{"type": "text", "text": text}]))
    r = normalize(reply)
    assert answer in r.text
    st = prepare({"model": "claude-sonnet-4-5", "max_tokens": 1000, "messages": []}, PROMPT,
                 "anthropic.messages").state
    outcome = classify(reply, st)
    assert (outcome.kind, outcome.value) == ("ok", json.loads(answer))


@pytest.mark.parametrize(("text", "kept", "reasoning"), [
    ('<think>{x}</think>\n{"a": 1}', '{"a": 1}', "{x}"),
    ('{"a": 1} <think>checked</think> done', '{"a": 1} done', "checked"),
    ('draft {"a": 0} more</think>\n{"a": 1}', '{"a": 1}', 'draft {"a": 0} more'),
    ('<think>{"a": "</think>"}</think>{"a": 1}', '{"a": 1}', '{"a": "</think>"}'),  # a JSON value in the block
])
def test_think_blocks_outside_the_json_still_move_to_reasoning(text: str, kept: str, reasoning: str) -> None:
    r = normalize(chat(text))
    assert (r.text, r.reasoning, r.think_stripped) == (kept, reasoning, bool(reasoning))


# Anthropic Messages: a ``thinking`` block (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking)
def _anthropic(text: str) -> Dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "stop_reason": "end_turn", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1},
            "content": [{"type": "thinking", "thinking": "real thoughts", "signature": "s"},
                        {"type": "text", "text": text}]}


@pytest.mark.parametrize("reply", [
    _anthropic,
    lambda text: chat(text, reasoning_content="real thoughts"),  # DeepSeek's field
    lambda text: chat(text, reasoning="real thoughts"),  # vLLM's
], ids=["anthropic-thinking", "reasoning_content", "reasoning"])
@pytest.mark.parametrize("text", [
    "R1 ends its reasoning with </think> and then answers.",  # a closing tag only
    "<think> is the tag R1 opens its reasoning with.",  # an opening tag never closed
])
def test_lone_think_tags_stay_in_a_reply_that_reasoned_apart(reply: Any, text: str) -> None:
    """A reply whose reasoning came in its own channel keeps a lone tag in its answer:
    the rules for a template's ``<think>`` in the prompt, or a block never closed, are for
    replies without reasoning of their own."""
    r = normalize(reply(text))
    assert (r.text, r.reasoning, r.think_stripped) == (text, "real thoughts", False)
    without = normalize(chat(text))  # no reasoning apart: the rules apply
    assert without.think_stripped and without.text != text


def test_a_call_of_another_dialect_among_chat_calls_is_read_beside_the_invalid_one() -> None:
    """Read as Chat, the Anthropic block among the calls is refused, so the calls are
    read again by shape; the broken Chat item stays an invalid call beside it."""
    r = normalize(chat(None, "tool_calls", tool_calls=[
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}},
        {"id": "call_2", "type": "function", "function": {"name": "g", "arguments": "{oops}"}},
    ]))
    assert r.tool_calls == (ToolCall("f", {"a": 1}, "toolu_1"),)
    [bad] = r.invalid_tool_calls
    assert isinstance(bad, InvalidToolCall) and (bad.name, bad.id) == ("g", "call_2")


def test_normalize_keeps_the_payload_it_read() -> None:
    payload = chat("hi")
    assert normalize(payload).raw is payload


def test_outcome_sources_and_texts() -> None:
    state = prepare(REQUEST, S, "openai.chat", mode="prompt").state
    parsed = classify(chat('{"a": 1}', parsed={"a": 1}), state)
    assert (parsed.kind, parsed.value, parsed.source, parsed.text) == ("ok", {"a": 1}, "parsed", '{"a": 1}')
    content = classify(chat('Sure: {"a": 2}'), state)
    assert (content.kind, content.value, content.source, content.text) == ("ok", {"a": 2}, "content", 'Sure: {"a": 2}')
    empty = classify(chat(""), state)
    assert (empty.kind, empty.detail) == ("empty", "stop")
    no_finish = classify({"object": "chat.completion", "choices": [
        {"index": 0, "message": {"role": "assistant", "content": ""}}]}, state)
    assert (no_finish.kind, no_finish.detail) == ("empty", "")
    filtered = classify(chat("", "content_filter"), state)
    assert (filtered.kind, filtered.detail) == ("refusal", "content_filter")


def test_plan_actions_reasons_and_the_state_carried_on() -> None:
    p = prepare(REQUEST, S, "openai.chat", mode="native")
    tired = p.state.__class__(**{**p.state.__dict__, "empties": 1})
    done = plan(p.request, Outcome("ok", {"a": 1}), tired)
    assert (done.action, done.request, done.reason, done.state.empties) == ("done", None, "ok", 0)
    raised = plan(p.request, Outcome("transient"), tired)
    assert (raised.action, raised.reason) == ("raise", "transient error; the caller's transport decides")
    assert raised.state is tired
    bumped = plan(p.request, Outcome("truncated"), tired)
    assert (bumped.action, bumped.reason, bumped.state.empties, bumped.state.attempt) == (
        "retry", "truncated: larger token budget", 0, 2)
    cut = normalize({"type": "message", "role": "assistant", "stop_reason": "model_context_window_exceeded",
                     "usage": {}, "content": [{"type": "text", "text": ""}]})
    stopped = plan(p.request, Outcome("empty", response=cut), tired)
    assert (stopped.action, stopped.state) == ("stop", tired)


def test_a_mistral_reply_that_ran_out_of_context_window_stops() -> None:
    """Mistral's ``model_length`` says the context window ran out (https://docs.mistral.ai/api/,
    ``FinishReason``): a larger ``max_tokens`` cannot fit either, as for Anthropic's
    ``model_context_window_exceeded`` (the plan raised the budget 1000 -> 4000)."""
    p = prepare({"model": "mistral-large-latest", "messages": MESSAGES, "max_tokens": 1000}, S, "openai.chat")
    reply = {"id": "x", "object": "chat.completion", "model": "mistral-large-latest", "created": 1, "choices": [
        {"index": 0, "finish_reason": "model_length", "message": {"role": "assistant", "content": '{"a": 1'}}]}
    outcome = classify(reply, p.state)
    assert (outcome.kind, outcome.response.finish_reason) == ("truncated", "context_window")  # type: ignore[union-attr]
    step = plan(p.request, outcome, p.state)
    assert (step.action, step.request, step.reason) == ("stop", None, "the context window ran out: no retry fits")


def test_the_structured_output_tool_keeps_the_callers_own_tools() -> None:
    mine = {"name": "lookup", "description": "d", "input_schema": {"type": "object"}}
    p = prepare({**REQUEST, "tools": [mine]}, S, "anthropic.tool", mode="native")
    assert p.request["tools"][0] == mine
    assert len(p.request["tools"]) == 2 and p.request["tools"][1]["name"] != "lookup"


def test_an_invalid_structured_output_tool_call_is_answered_with_an_error_result() -> None:
    """Anthropic: the correction replays the assistant's own blocks and answers its
    ``tool_use`` with an error ``tool_result`` (a ``tool_use`` must be answered)."""
    p = prepare(REQUEST, S, "anthropic.tool", mode="native")
    name = p.request["tools"][0]["name"]
    blocks = [{"type": "text", "text": "Here."}, {"type": "tool_use", "id": "toolu_9", "name": name, "input": {"a": "x"}}]
    reply = {"type": "message", "role": "assistant", "stop_reason": "tool_use", "usage": {}, "content": blocks}
    out = classify(reply, p.state)
    assert (out.kind, out.source) == ("invalid", "tool_call")
    step = plan(p.request, out, p.state)
    assert step.action == "retry" and step.request is not None
    assistant, answer = step.request["messages"][-2:]
    assert assistant == {"role": "assistant", "content": blocks}
    [result] = answer["content"]
    assert (result["type"], result["tool_use_id"], result["is_error"]) == ("tool_result", "toolu_9", True)
    assert "/a" in result["content"]


def test_a_payload_of_no_known_shape_names_its_keys() -> None:
    import pytest

    from toolwire import DecodeError

    with pytest.raises(DecodeError) as info:
        normalize({"hello": 1, "answer": 2})
    assert info.value.message == "Response is not a response of any known provider; keys were ['answer', 'hello'] at $"


LOOKUP = {"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": '{"q": "x"}'}}


def test_a_reply_that_calls_the_callers_tool_is_not_empty() -> None:
    """A structured-output request with the caller's own tools: the model may call one
    before it answers. That reply was "empty": sent again (the call lost), and after two
    of them native mode was given up for prompt mode."""
    for mode in ("native", "prompt"):
        state = prepare({**REQUEST, "tools": [{"type": "function", "function": {"name": "lookup"}}]}, S,
                        "openai.chat", mode=mode).state
        out = classify(chat(None, "tool_calls", tool_calls=[LOOKUP]), state)
        assert (out.kind, out.detail) == ("tool_calls", "lookup")
        assert out.response is not None and out.response.tool_calls == (ToolCall("lookup", {"q": "x"}, "call_1"),)
        step = plan(REQUEST, out, state)
        assert (step.action, step.request, step.state) == ("stop", None, state)
        assert step.reason == "the model called a tool (lookup): run it, add its result and ask again"
    # an answer beside a call is not taken either: the call would be dropped
    both = classify(chat('{"a": 1}', "tool_calls", tool_calls=[LOOKUP]), state)
    assert both.kind == "tool_calls"
    # a call that could not be read is a call too (its name is known)
    broken = classify(chat(None, "tool_calls", tool_calls=[{**LOOKUP, "function": {"name": "lookup",
                                                                                     "arguments": "{oops"}}]), state)
    assert (broken.kind, broken.detail) == ("tool_calls", "lookup")


def test_generate_stops_at_a_tool_call() -> None:
    from toolwire.retry import generate

    sent = []

    def send(request: Dict[str, Any]) -> Any:
        sent.append(request)
        return chat(None, "tool_calls", tool_calls=[LOOKUP])

    result = generate(send, REQUEST, S, target="openai.chat", attempts=3)
    assert len(sent) == 1 and not result.ok and result.outcome.kind == "tool_calls"


def test_the_structured_output_tool_beside_another_call_is_a_tool_call_outcome() -> None:
    p = prepare(REQUEST, S, "anthropic.tool", mode="native")
    name = p.request["tools"][0]["name"]
    reply = {"type": "message", "role": "assistant", "stop_reason": "tool_use", "usage": {}, "content": [
        {"type": "tool_use", "id": "toolu_1", "name": name, "input": {"a": 1}}]}
    assert classify(reply, p.state).kind == "ok"  # the structured-output tool is the answer
    reply["content"] = [{"type": "tool_use", "id": "toolu_2", "name": "lookup", "input": {}}]
    assert (classify(reply, p.state).kind, classify(reply, p.state).detail) == ("tool_calls", "lookup")


PAUSED = {"type": "message", "role": "assistant", "stop_reason": "pause_turn", "usage": {}, "content": [
    {"type": "text", "text": "Searching."},
    {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "a"}}]}


def test_a_paused_anthropic_turn_is_sent_back_to_continue() -> None:
    """Anthropic ``pause_turn``: "provide the response back as-is in a subsequent request
    to let Claude continue its turn" (docs.claude.com, handling stop reasons). It was
    ``empty``: the same request again (the server tool's work thrown away), and after
    two pauses native mode was given up for prompt mode."""
    for target in ("anthropic.messages", "anthropic.tool"):
        p = prepare(REQUEST, S, target, mode="native")
        out = classify(PAUSED, p.state)
        assert (out.kind, out.detail) == ("pause", "pause_turn")
        step = plan(p.request, out, p.state)
        assert (step.action, step.reason) == ("retry", "paused turn (pause_turn): sent back to continue")
        assert step.request is not None
        assert step.request["messages"] == [*p.request["messages"], {"role": "assistant", "content": PAUSED["content"]}]
        assert step.state.empties == 0 and step.state.mode == "native"


def test_a_pause_without_content_to_send_back_stops() -> None:
    p = prepare(REQUEST, S, "anthropic.messages", mode="native")
    out = classify({**PAUSED, "content": []}, p.state)
    assert out.kind == "pause"
    assert plan(p.request, out, p.state).action == "stop"


def test_generate_continues_a_paused_turn() -> None:
    from toolwire.retry import generate

    replies = [PAUSED, {"type": "message", "role": "assistant", "stop_reason": "end_turn", "usage": {},
                        "content": [{"type": "text", "text": '{"a": 3}'}]}]
    sent = []

    def send(request: Dict[str, Any]) -> Any:
        sent.append(request)
        return replies[len(sent) - 1]

    result = generate(send, REQUEST, S, target="anthropic.messages", mode="native", attempts=3)
    assert result.ok and result.value == {"a": 3} and len(sent) == 2
    assert sent[1]["messages"][-1] == {"role": "assistant", "content": PAUSED["content"]}


# Gemini ``finishReason: CONTINUATION`` (google-genai ``FinishReason``: "stopped because the
# response reached the per-request token limit, but generation is not yet complete. The
# model response can be continued via a subsequent request using the returned
# continuation_token"; ``Candidate.continuation_token``: "Clients can pass this token in a
# subsequent GenerateContentRequest to continue generation"): the budget is not spent, so a
# larger one does not help; the same request goes on with the token, and the replies'
# texts are one answer.
_LIST = {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "string"}}},
         "required": ["items"]}


def _gemini(text: str, finish: str, token: Any = None) -> Dict[str, Any]:
    cand: Dict[str, Any] = {"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": finish,
                            "index": 0}
    if token is not None:
        cand["continuationToken"] = token
    return {"candidates": [cand], "modelVersion": "gemini-3-pro-preview",
            "usageMetadata": {"promptTokenCount": 12, "candidatesTokenCount": 8, "totalTokenCount": 20}}


def test_a_gemini_reply_to_be_continued_goes_on_with_its_token() -> None:
    from toolwire.retry import generate

    req = {"contents": [{"role": "user", "parts": [{"text": "list"}]}], "generationConfig": {"maxOutputTokens": 800}}
    p = prepare(req, _LIST, "gemini")
    first = _gemini('{"items": ["a", "b', "CONTINUATION", "Q0hFQ0tQT0lOVA==")
    out = classify(first, p.state)
    assert (out.kind, out.value, out.text) == ("continuation", "Q0hFQ0tQT0lOVA==", '{"items": ["a", "b')
    step = plan(p.request, out, p.state)
    assert step.action == "retry" and step.request is not None
    assert step.request == {**p.request, "continuationToken": "Q0hFQ0tQT0lOVA=="}  # the budget as it was
    assert step.reason == "generation not complete (CONTINUATION): the same request with its continuation token"
    done = classify(_gemini('", "c"]}', "STOP"), step.state)
    assert (done.kind, done.value) == ("ok", {"items": ["a", "b", "c"]})
    # a correction after it starts from the request without the token, the whole text in it
    bad = classify(_gemini('", 3]}', "STOP"), step.state)
    fixed = plan(step.request, bad, step.state)
    assert "continuationToken" not in (fixed.request or {}) and not fixed.state.partial
    assert fixed.request is not None and fixed.request["contents"][1] == {
        "role": "model", "parts": [{"text": '{"items": ["a", "b", 3]}'}]}
    # the loop
    replies = iter([first, _gemini('", "c"]}', "STOP")])
    sent = []
    result = generate(lambda r: (sent.append(r), next(replies))[1], req, _LIST, target="gemini")
    assert result.value == {"items": ["a", "b", "c"]} and sent[1]["continuationToken"] == "Q0hFQ0tQT0lOVA=="


def test_a_gemini_sdk_request_takes_the_token_in_its_config() -> None:
    req = {"model": "gemini-3-pro-preview", "contents": "list", "config": {"max_output_tokens": 800}}
    p = prepare(req, _LIST, "gemini")
    step = plan(p.request, classify(_gemini('{"items": [', "CONTINUATION", b"CHECKPOINT"), p.state), p.state)
    assert step.request is not None and step.request["config"]["continuation_token"] == b"CHECKPOINT"


def test_continuation_without_a_token_is_truncated() -> None:
    p = prepare({"contents": "list", "generationConfig": {"maxOutputTokens": 800}}, _LIST, "gemini")
    assert classify(_gemini('{"items": [', "CONTINUATION"), p.state).kind == "truncated"
