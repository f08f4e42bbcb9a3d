"""Under a token-limit finish only the LAST call of a reply can have been cut off.

A model emits its calls one after another: a call another call follows was whole when
the budget ran out. A no-argument call (what providers send for a tool without
parameters: Anthropic ``partial_json: ""``, Bedrock ``"input": ""``, Cohere
``"arguments": ""``, Ollama and Gemini ``{}``) followed by another call runs with
``{}``; the same call LAST stays cut off (``truncated``), even when its Responses item
says ``"status": "completed"`` (vLLM says so of every item). Literals from the
hunt reproducer (huntOTel r2) and the providers' documented shapes.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.response import normalize
from toolwire.stream import accumulate

TIME = ToolCall("get_time", {}, "A")
PARIS = {"city": "Paris"}


def _names(calls: List[Any]) -> List[Any]:
    return [(type(c).__name__, c.name, c.args if isinstance(c, ToolCall) else c.truncated) for c in calls]


def _no_arg_first(calls: List[Any], last_object_cut: bool = False) -> None:
    # the last call: whole text is whole; an object given whole may be cut off (Anthropic,
    # Bedrock, Gemini whole replies: nothing in it shows where it stopped)
    last = ("InvalidToolCall", "get_weather", True) if last_object_cut else ("ToolCall", "get_weather", PARIS)
    assert _names(calls) == [("ToolCall", "get_time", {}), last]


def _no_arg_last(calls: List[Any]) -> None:
    assert _names(calls) == [("ToolCall", "get_weather", PARIS), ("InvalidToolCall", "get_time", True)]


# --- Anthropic ---------------------------------------------------------------------------

def _ant_stream(order: List[str]) -> List[Dict[str, Any]]:
    evs: List[Dict[str, Any]] = [{"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 1}}}]
    for i, name in enumerate(order):
        evs.append({"type": "content_block_start", "index": i, "content_block": {
            "type": "tool_use", "id": "toolu_" + name, "name": name, "input": {}}})
        evs.append({"type": "content_block_delta", "index": i, "delta": {
            "type": "input_json_delta", "partial_json": "" if name == "get_time" else '{"city": "Paris"}'}})
        evs.append({"type": "content_block_stop", "index": i})
    evs.append({"type": "message_delta", "delta": {"stop_reason": "max_tokens", "stop_sequence": None},
                "usage": {"output_tokens": 50}})
    evs.append({"type": "message_stop"})
    return evs


def _ant_whole(order: List[str]) -> Dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "stop_reason": "max_tokens", "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 50},
            "content": [{"type": "tool_use", "id": "toolu_" + n, "name": n, "input": {} if n == "get_time" else PARIS}
                        for n in order]}


# --- Bedrock -----------------------------------------------------------------------------

def _bed_stream(order: List[str]) -> List[Dict[str, Any]]:
    evs: List[Dict[str, Any]] = [{"messageStart": {"role": "assistant"}}]
    for i, name in enumerate(order):
        evs.append({"contentBlockStart": {"contentBlockIndex": i, "start": {
            "toolUse": {"toolUseId": "tooluse_" + name, "name": name}}}})
        evs.append({"contentBlockDelta": {"contentBlockIndex": i, "delta": {
            "toolUse": {"input": "" if name == "get_time" else '{"city": "Paris"}'}}}})
        evs.append({"contentBlockStop": {"contentBlockIndex": i}})
    evs.append({"messageStop": {"stopReason": "max_tokens"}})
    return evs


def _bed_whole(order: List[str]) -> Dict[str, Any]:
    return {"output": {"message": {"role": "assistant", "content": [
        {"toolUse": {"toolUseId": "tooluse_" + n, "name": n, "input": {} if n == "get_time" else PARIS}}
        for n in order]}}, "stopReason": "max_tokens", "usage": {"inputTokens": 5, "outputTokens": 5,
                                                                "totalTokens": 10}}


# --- OpenAI Responses --------------------------------------------------------------------

def _resp_whole(order: List[str], status: str = "completed") -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "status": "incomplete",
            "incomplete_details": {"reason": "max_output_tokens"}, "model": "gpt-5",
            "output": [{"id": "fc_" + n, "type": "function_call", "status": status, "call_id": "call_" + n,
                        "name": n, "arguments": "" if n == "get_time" else '{"city":"Paris"}'} for n in order]}


# --- OpenAI Chat -------------------------------------------------------------------------

def _chat_whole(order: List[str]) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o", "choices": [{
        "index": 0, "finish_reason": "length", "message": {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_" + n, "type": "function", "function": {
                "name": n, "arguments": "" if n == "get_time" else '{"city": "Paris"}'}} for n in order]}}]}


def _chat_stream(order: List[str]) -> List[Dict[str, Any]]:
    def chunk(delta: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
        return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    out = [chunk({"role": "assistant", "content": None})]
    for i, n in enumerate(order):
        out.append(chunk({"tool_calls": [{"index": i, "id": "call_" + n, "type": "function",
                                          "function": {"name": n, "arguments": ""}}]}))
        if n != "get_time":
            out.append(chunk({"tool_calls": [{"index": i, "function": {"arguments": '{"city": "Paris"}'}}]}))
    out.append(chunk({}, "length"))
    return out


# --- Cohere v2 ---------------------------------------------------------------------------

def _co_stream(order: List[str]) -> List[Dict[str, Any]]:
    evs: List[Dict[str, Any]] = [{"id": "m1", "type": "message-start", "delta": {"message": {
        "role": "assistant", "content": [], "tool_plan": "", "tool_calls": [], "citations": []}}}]
    for i, n in enumerate(order):
        evs.append({"type": "tool-call-start", "index": i, "delta": {"message": {"tool_calls": {
            "id": n + "_1", "type": "function", "function": {"name": n, "arguments": ""}}}}})
        if n != "get_time":
            evs.append({"type": "tool-call-delta", "index": i, "delta": {"message": {"tool_calls": {
                "function": {"arguments": '{"city": "Paris"}'}}}}})
        evs.append({"type": "tool-call-end", "index": i})
    evs.append({"type": "message-end", "delta": {"finish_reason": "MAX_TOKENS", "usage": {
        "billed_units": {"input_tokens": 5, "output_tokens": 5}, "tokens": {"input_tokens": 5, "output_tokens": 5}}}})
    return evs


def _co_whole(order: List[str]) -> Dict[str, Any]:
    return {"id": "c1", "finish_reason": "MAX_TOKENS", "message": {"role": "assistant", "tool_plan": "", "tool_calls": [
        {"id": n + "_1", "type": "function", "function": {
            "name": n, "arguments": "" if n == "get_time" else '{"city": "Paris"}'}} for n in order]},
        "usage": {"billed_units": {"input_tokens": 5, "output_tokens": 5}}}


# --- Ollama ------------------------------------------------------------------------------

def _oll_call(n: str) -> Dict[str, Any]:
    return {"function": {"name": n, "arguments": {} if n == "get_time" else PARIS}}


def _oll_whole(order: List[str]) -> Dict[str, Any]:
    return {"model": "qwen3", "created_at": "2025-01-01T00:00:00Z", "message": {
        "role": "assistant", "content": "", "tool_calls": [_oll_call(n) for n in order]},
        "done": True, "done_reason": "length"}


def _oll_stream(order: List[str]) -> List[Dict[str, Any]]:
    def base(msg: Dict[str, Any], done: bool = False, **kw: Any) -> Dict[str, Any]:
        return {"model": "qwen3", "created_at": "2025-01-01T00:00:00Z",
                "message": {"role": "assistant", "content": "", **msg}, "done": done, **kw}
    return [*(base({"tool_calls": [_oll_call(n)]}) for n in order), base({}, True, done_reason="length")]


# --- Gemini ------------------------------------------------------------------------------

def _gem_part(n: str) -> Dict[str, Any]:
    return {"functionCall": {"name": n, "args": {} if n == "get_time" else PARIS}}


def _gem_whole(order: List[str]) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": [_gem_part(n) for n in order]},
                            "finishReason": "MAX_TOKENS", "index": 0}], "modelVersion": "gemini-2.5-flash"}


def _gem_stream(order: List[str]) -> List[Dict[str, Any]]:
    def mk(parts: List[Dict[str, Any]], fin: Any = None) -> Dict[str, Any]:
        cand: Dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
        if fin:
            cand["finishReason"] = fin
        return {"candidates": [cand], "modelVersion": "gemini-2.5-flash", "responseId": "r1"}
    return [*(mk([_gem_part(n)]) for n in order), mk([{"text": ""}], "MAX_TOKENS")]


FIRST = ["get_time", "get_weather"]
LAST = ["get_weather", "get_time"]

WHOLE = [("anthropic.messages", _ant_whole), ("bedrock.converse", _bed_whole), ("openai.chat", _chat_whole),
         ("cohere.v2", _co_whole), ("ollama", _oll_whole), ("gemini", _gem_whole)]
OBJECT_CUT = {"anthropic.messages", "bedrock.converse", "gemini"}  # ``whole_cut``: the last object may be cut
STREAMS = [("anthropic.messages", _ant_stream), ("bedrock.converse", _bed_stream), ("openai.chat", _chat_stream),
           ("cohere.v2", _co_stream), ("ollama", _oll_stream), ("gemini", _gem_stream)]


@pytest.mark.parametrize(("dialect", "make"), WHOLE, ids=[d for d, _ in WHOLE])
def test_a_no_arg_call_before_another_call_runs_in_a_whole_reply(dialect: str, make: Any) -> None:
    _no_arg_first(toolwire.decode_all(make(FIRST), dialect, invalid="keep"), dialect in OBJECT_CUT)
    _no_arg_first(toolwire.decode_all(make(FIRST), invalid="keep"), dialect in OBJECT_CUT)  # detected alike


@pytest.mark.parametrize(("dialect", "make"), WHOLE, ids=[d for d, _ in WHOLE])
def test_a_no_arg_call_last_stays_cut_off_in_a_whole_reply(dialect: str, make: Any) -> None:
    _no_arg_last(toolwire.decode_all(make(LAST), dialect, invalid="keep"))
    with pytest.raises(toolwire.ArgumentsError):
        toolwire.decode_all(make(LAST), dialect)


@pytest.mark.parametrize(("dialect", "make"), STREAMS, ids=[d for d, _ in STREAMS])
def test_a_no_arg_call_before_another_call_runs_in_a_stream(dialect: str, make: Any) -> None:
    _no_arg_first(accumulate(make(FIRST), dialect), dialect == "gemini")


@pytest.mark.parametrize(("dialect", "make"), STREAMS, ids=[d for d, _ in STREAMS])
def test_a_no_arg_call_last_stays_cut_off_in_a_stream(dialect: str, make: Any) -> None:
    _no_arg_last(accumulate(make(LAST), dialect))


def test_the_reproducer_anthropic_and_bedrock_streams() -> None:
    for events, dialect in ((_ant_stream(FIRST), "anthropic.messages"), (_bed_stream(FIRST), "bedrock.converse")):
        first = accumulate(events, dialect)[0]
        assert first == ToolCall("get_time", {}, first.id, repairs=first.repairs)
        assert type(first) is ToolCall and first.args == {}


def test_a_responses_item_completed_is_whole_in_an_incomplete_response() -> None:
    r = normalize(_resp_whole(FIRST))
    assert [(c.name, c.args) for c in r.tool_calls] == [("get_time", {}), ("get_weather", PARIS)]
    assert r.invalid_tool_calls == ()
    # last, it may be cut off whatever its item says (vLLM says completed of every item: vllm-project/vllm#57998)
    _no_arg_last(toolwire.decode_all(_resp_whole(LAST), "openai.responses", invalid="keep"))


def test_a_responses_item_incomplete_stays_cut_off() -> None:
    out = toolwire.decode_all(_resp_whole(FIRST, "incomplete"), invalid="keep")
    assert type(out[0]) is InvalidToolCall and out[0].truncated


def test_two_replies_each_keep_their_own_last_call() -> None:
    # a list of two Anthropic messages cut at the token limit: each one's last call may be cut
    two = [_ant_whole(LAST), _ant_whole(LAST)]
    out = toolwire.decode_all(two, "anthropic.messages", invalid="keep")
    assert [type(c).__name__ for c in out] == ["ToolCall", "InvalidToolCall", "ToolCall", "InvalidToolCall"]


def test_anthropic_whole_object_before_another_call_is_whole() -> None:
    # "in Anthropic, Bedrock and Gemini an object given whole may be cut off too": the last only
    msg = _ant_whole(["get_weather", "get_weather"])
    out = toolwire.decode_all(msg, "anthropic.messages", invalid="keep")
    assert type(out[0]) is ToolCall and out[0].args == PARIS
    assert type(out[1]) is InvalidToolCall and out[1].truncated


def test_the_caller_keyword_cuts_the_last_call_only() -> None:
    calls = _chat_whole(FIRST)["choices"][0]["message"]["tool_calls"]
    out = toolwire.decode_all(calls, "openai.chat", finish_reason="length", invalid="keep")
    _no_arg_first(out)
    out = toolwire.decode_all(list(reversed(calls)), "openai.chat", finish_reason="length", invalid="keep")
    _no_arg_last(out)


def test_a_stream_of_two_choices_judges_each_choice_s_last_call() -> None:
    # Chat ``n=2`` (huntOTel gen258 shape): the first choice's no-arg call, then its call, then
    # the second choice's; every finish ``length``: the first choice's first call is whole
    def chunk(ci: int, delta: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
        return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
                "choices": [{"index": ci, "delta": delta, "finish_reason": finish}]}
    events = [chunk(0, {"role": "assistant"}), chunk(1, {"role": "assistant"})]
    for ci in (0, 1):
        for i, n in enumerate(FIRST):
            events.append(chunk(ci, {"tool_calls": [{"index": i, "id": f"call_{ci}{n}", "type": "function",
                                                     "function": {"name": n, "arguments": ""}}]}))
            if n != "get_time":
                events.append(chunk(ci, {"tool_calls": [{"index": i, "function": {"arguments": '{"city": "Paris"}'}}]}))
    events += [chunk(0, {}, "length"), chunk(1, {}, "length")]
    _no_arg_first(accumulate(events, "openai.chat"))


def test_a_responses_item_that_says_incomplete_is_cut_off_wherever_it_stands() -> None:
    reply = _resp_whole(FIRST)
    reply["output"][0]["status"] = "incomplete"
    out = toolwire.decode_all(reply, "openai.responses", invalid="keep")
    assert _names(out) == [("InvalidToolCall", "get_time", True), ("ToolCall", "get_weather", PARIS)]


def test_text_between_calls_does_not_end_the_reply() -> None:
    msg = _ant_whole(FIRST)
    msg["content"].insert(1, {"type": "text", "text": "and the weather:"})
    _no_arg_first(toolwire.decode_all(msg, "anthropic.messages", invalid="keep"), True)


def _two_choice_stream(n: int) -> List[Dict[str, Any]]:
    def chunk(ci: int, delta: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
        return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
                "choices": [{"index": ci, "delta": delta, "finish_reason": finish}]}
    events = []
    for ci in (0, 1):
        events += [chunk(ci, {"tool_calls": [{"index": i, "id": f"call_{ci}_{i}", "type": "function",
                                              "function": {"name": "get_time", "arguments": ""}}]}) for i in range(n)]
    return events + [chunk(0, {}, "length"), chunk(1, {}, "length")]


def test_judging_the_last_call_is_linear_in_the_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    # each call of each choice is looked at a bounded number of times: n vs 4n calls, ratio ~4
    from toolwire.stream import _cut_judge

    seen = [0]
    plain = range

    def counting(*args: int) -> Any:
        for i in plain(*args):
            seen[0] += 1
            yield i

    monkeypatch.setattr(_cut_judge, "range", counting, raising=False)
    counts = []
    for n in (50, 200):
        seen[0] = 0
        out = accumulate(_two_choice_stream(n), "openai.chat")
        assert [type(c).__name__ for c in out] == ["ToolCall"] * (n - 1) + ["InvalidToolCall"]
        counts.append(seen[0])
    assert counts[0] > 0 and counts[1] <= 4.5 * counts[0]
