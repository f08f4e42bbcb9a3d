"""Under a token-limit finish a call that any LATER item of its reply follows was whole.

The model wrote the call, then went on (a message, a reasoning item, a text or thinking
block, a text part): only what it wrote last can have been cut off (review revCut23 R1:
1,058 of 3,000 Responses replies with a call before a message or reasoning item refused
as cut). Literals: the review's reproducer, the providers' documented shapes. Decided:
an EMPTY later item counts (a started block or item means the model closed the call's),
except a Gemini part of empty text alone, which the final chunk of a Gemini stream may
carry whatever the model did (reference/wire-formats.md, Gemini streaming).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate

MSG = {"type": "message", "id": "msg_1", "role": "assistant", "status": "incomplete",
       "content": [{"type": "output_text", "text": "Now I will", "annotations": []}]}
REASONING = {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "hm"}],
             "status": "completed"}
CUSTOM = {"type": "custom_tool_call", "id": "ctc_a", "call_id": "call_a", "name": "a", "input": "ls -la",
          "status": "completed"}
EMPTY_FN = {"type": "function_call", "id": "fc_a", "call_id": "call_a", "name": "a", "arguments": "",
            "status": "completed"}


def _resp(*items: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "resp", "object": "response", "status": "incomplete",
            "incomplete_details": {"reason": "max_output_tokens"}, "model": "m", "output": list(items)}


def _resp_events(r: Dict[str, Any]) -> List[Dict[str, Any]]:
    ev: List[Dict[str, Any]] = [{"type": "response.created", "response": {
        **r, "status": "in_progress", "output": [], "incomplete_details": None}}]
    for i, it in enumerate(r["output"]):
        added = {**it, "status": "in_progress"}
        kind = it["type"]
        added.update({"function_call": {"arguments": ""}, "custom_tool_call": {"input": ""},
                      "message": {"content": []}, "reasoning": {"summary": []}}[kind])
        ev.append({"type": "response.output_item.added", "output_index": i, "item": added})
        if kind == "function_call" and it["arguments"]:
            ev.append({"type": "response.function_call_arguments.delta", "item_id": it["id"], "output_index": i,
                       "delta": it["arguments"]})
        if kind == "custom_tool_call":
            ev.append({"type": "response.custom_tool_call_input.delta", "item_id": it["id"], "output_index": i,
                       "delta": it["input"]})
        if kind == "message" and it["content"]:
            ev.append({"type": "response.output_text.delta", "item_id": it["id"], "output_index": i,
                       "content_index": 0, "delta": it["content"][0]["text"]})
        ev.append({"type": "response.output_item.done", "output_index": i, "item": it})
    ev.append({"type": "response.incomplete", "response": r})
    return ev


def _both(r: Dict[str, Any], dialect: str, events: List[Dict[str, Any]]) -> List[List[Any]]:
    acc = Accumulator()
    for e in events:
        acc.feed(e)
    return [toolwire.decode_all(r, dialect, invalid="keep"), accumulate(events, dialect), acc.close()]


def _kinds(calls: List[Any]) -> List[str]:
    return [type(c).__name__ for c in calls]


@pytest.mark.parametrize("later", [MSG, REASONING, {**MSG, "content": []}], ids=["message", "reasoning", "empty"])
@pytest.mark.parametrize("call", [CUSTOM, EMPTY_FN], ids=["custom", "function"])
def test_a_responses_call_before_a_later_item_is_whole(call: Dict[str, Any], later: Dict[str, Any]) -> None:
    r = _resp(call, later)
    for out in _both(r, "openai.responses", _resp_events(r)):
        assert _kinds(out) == ["ToolCall"], out
        assert out[0].name == "a" and "truncated" not in out[0].repairs


@pytest.mark.parametrize("call", [CUSTOM, EMPTY_FN], ids=["custom", "function"])
def test_a_responses_call_after_a_message_stays_cut_off(call: Dict[str, Any]) -> None:
    r = _resp({**MSG, "status": "completed"}, REASONING, call)
    for out in _both(r, "openai.responses", _resp_events(r)):
        assert _kinds(out) == ["InvalidToolCall"] and out[0].truncated, out


def test_empty_arguments_of_an_item_that_says_completed_are_whole() -> None:
    # (narrowed from the test fix46-cut3 deleted) completed, and a later item: whole
    r = _resp(EMPTY_FN, MSG)
    expected = [ToolCall("a", {}, "call_a", raw="", repairs=("empty-arguments",))]
    assert toolwire.decode_all(r, "openai.responses") == expected
    assert [c.args for c in accumulate(_resp_events(r), "openai.responses")] == [{}]


# --- Anthropic -----------------------------------------------------------------------------

def _ant(blocks: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": blocks,
            "stop_reason": "max_tokens", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 9}}


def _ant_events(m: Dict[str, Any]) -> List[Dict[str, Any]]:
    ev: List[Dict[str, Any]] = [{"type": "message_start", "message": {**m, "content": [], "stop_reason": None}}]
    for i, b in enumerate(m["content"]):
        if b["type"] == "tool_use":
            ev.append({"type": "content_block_start", "index": i, "content_block": {**b, "input": {}}})
            ev.append({"type": "content_block_delta", "index": i, "delta": {
                "type": "input_json_delta", "partial_json": "" if not b["input"] else '{"city": "Paris"}'}})
        elif b["type"] == "text":
            ev.append({"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}})
            if b["text"]:
                ev.append({"type": "content_block_delta", "index": i, "delta": {"type": "text_delta",
                                                                                "text": b["text"]}})
        else:
            ev.append({"type": "content_block_start", "index": i, "content_block": {
                "type": "thinking", "thinking": "", "signature": ""}})
            ev.append({"type": "content_block_delta", "index": i, "delta": {"type": "thinking_delta",
                                                                            "thinking": b["thinking"]}})
        ev.append({"type": "content_block_stop", "index": i})
    ev.append({"type": "message_delta", "delta": {"stop_reason": "max_tokens", "stop_sequence": None},
               "usage": {"output_tokens": 9}})
    ev.append({"type": "message_stop"})
    return ev


TOOL_USE = {"type": "tool_use", "id": "toolu_1", "name": "get_time", "input": {}}
LATER_BLOCKS = [{"type": "text", "text": "Then"}, {"type": "text", "text": ""},
                {"type": "thinking", "thinking": "hm", "signature": "s"}]


@pytest.mark.parametrize("later", LATER_BLOCKS, ids=["text", "empty-text", "thinking"])
def test_an_anthropic_tool_use_before_a_later_block_is_whole(later: Dict[str, Any]) -> None:
    m = _ant([TOOL_USE, later])
    for out in _both(m, "anthropic.messages", _ant_events(m)):
        assert _kinds(out) == ["ToolCall"] and out[0].args == {}, out
    [msg] = [x for x in toolwire.decode_conversation([m], "anthropic.messages") if x.role == "assistant"]
    assert [type(p).__name__ for p in msg.parts if isinstance(p, (ToolCall, InvalidToolCall))] == ["ToolCall"]


def test_an_anthropic_tool_use_after_text_stays_cut_off() -> None:
    m = _ant([{"type": "text", "text": "Let me check."}, TOOL_USE])
    for out in _both(m, "anthropic.messages", _ant_events(m)):
        assert _kinds(out) == ["InvalidToolCall"] and out[0].truncated, out


# --- Bedrock -------------------------------------------------------------------------------

def _bed(blocks: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"output": {"message": {"role": "assistant", "content": blocks}}, "stopReason": "max_tokens",
            "usage": {"inputTokens": 5, "outputTokens": 5, "totalTokens": 10}}


def _bed_events(m: Dict[str, Any]) -> List[Dict[str, Any]]:
    ev: List[Dict[str, Any]] = [{"messageStart": {"role": "assistant"}}]
    for i, b in enumerate(m["output"]["message"]["content"]):
        if "toolUse" in b:
            ev.append({"contentBlockStart": {"contentBlockIndex": i, "start": {"toolUse": {
                "toolUseId": b["toolUse"]["toolUseId"], "name": b["toolUse"]["name"]}}}})
            ev.append({"contentBlockDelta": {"contentBlockIndex": i, "delta": {"toolUse": {"input": ""}}}})
        elif "text" in b:  # (a text block has no start event: its first delta starts it)
            ev.append({"contentBlockDelta": {"contentBlockIndex": i, "delta": {"text": b["text"]}}})
        else:
            ev.append({"contentBlockDelta": {"contentBlockIndex": i, "delta": {"reasoningContent": {
                "text": b["reasoningContent"]["reasoningText"]["text"]}}}})
        ev.append({"contentBlockStop": {"contentBlockIndex": i}})
    ev.append({"messageStop": {"stopReason": "max_tokens"}})
    return ev


TOOL_USE_B = {"toolUse": {"toolUseId": "tooluse_1", "name": "get_time", "input": {}}}


@pytest.mark.parametrize("later", [{"text": "Then"}, {"reasoningContent": {"reasoningText": {"text": "hm"}}}],
                         ids=["text", "reasoning"])
def test_a_bedrock_tool_use_before_a_later_block_is_whole(later: Dict[str, Any]) -> None:
    m = _bed([TOOL_USE_B, later])
    for out in _both(m, "bedrock.converse", _bed_events(m)):
        assert _kinds(out) == ["ToolCall"] and out[0].args == {}, out


def test_a_bedrock_tool_use_after_text_stays_cut_off() -> None:
    m = _bed([{"text": "Let me check."}, TOOL_USE_B])
    for out in _both(m, "bedrock.converse", _bed_events(m)):
        assert _kinds(out) == ["InvalidToolCall"] and out[0].truncated, out


# --- Gemini --------------------------------------------------------------------------------

def _gem(parts: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "MAX_TOKENS",
                            "index": 0}], "modelVersion": "gemini-2.5-flash"}


def _gem_events(m: Dict[str, Any]) -> List[Dict[str, Any]]:
    parts = m["candidates"][0]["content"]["parts"]
    out = [{"candidates": [{"content": {"role": "model", "parts": [p]}, "index": 0}], "responseId": "r1"}
           for p in parts]
    out.append({"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "MAX_TOKENS",
                                "index": 0}], "responseId": "r1"})
    return out


CALL_PART = {"functionCall": {"name": "get_time", "args": {}}}


def test_a_gemini_call_before_a_text_part_is_whole() -> None:
    m = _gem([CALL_PART, {"text": "Then"}])
    for out in _both(m, "gemini", _gem_events(m)):
        assert _kinds(out) == ["ToolCall"] and out[0].args == {}, out


@pytest.mark.parametrize("later", [{"text": ""}, {"text": "", "thoughtSignature": "c2ln"}], ids=["empty", "signed"])
def test_a_gemini_empty_text_part_after_a_call_proves_nothing(later: Dict[str, Any]) -> None:
    # the final chunk of a stream may carry an empty text part (reference/wire-formats.md)
    m = _gem([CALL_PART, later])
    for out in _both(m, "gemini", _gem_events(m)):
        assert _kinds(out) == ["InvalidToolCall"] and out[0].truncated, out


@pytest.mark.parametrize("mode", ["python", "json"])
def test_a_gemini_empty_part_dumped_from_the_sdk_proves_nothing(mode: str) -> None:
    # an SDK Part's model_dump() gives every field, the unset ones None: Gemini 3's last
    # chunk, an empty text with its signature, so dumped, is still no later item (review
    # revChat8 C2: the cut call ran)
    from google.genai import types

    later = types.Part(text="", thought_signature=b"A").model_dump(mode=mode)
    assert later["function_call"] is None and later["text"] == ""
    m = _gem([CALL_PART, later])
    for out in _both(m, "gemini", _gem_events(m)):
        assert _kinds(out) == ["InvalidToolCall"] and out[0].truncated, out


def test_a_gemini_call_after_text_stays_cut_off() -> None:
    m = _gem([{"text": "Let me check."}, CALL_PART])
    for out in _both(m, "gemini", _gem_events(m)):
        assert _kinds(out) == ["InvalidToolCall"] and out[0].truncated, out


def _cand(idx: int, parts: List[Dict[str, Any]], fin: Any = None) -> Dict[str, Any]:
    c: Dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": idx}
    if fin:
        c["finishReason"] = fin
    return {"candidates": [c], "responseId": "r1"}


def test_gemini_candidates_each_go_on_alone() -> None:
    # two candidates: the first's text after its call makes the call whole, whether the second
    # candidate came before or after it; the second's text does not
    end = [_cand(0, [{"text": ""}], "MAX_TOKENS"), _cand(1, [{"text": ""}], "MAX_TOKENS")]
    went_on = [_cand(0, [CALL_PART]), _cand(0, [{"text": "Then"}]), _cand(1, [{"text": "x"}])]
    before = [_cand(1, [{"text": "x"}]), _cand(0, [CALL_PART]), _cand(0, [{"text": "Then"}])]
    other = [_cand(0, [CALL_PART]), _cand(1, [{"text": "x"}])]
    assert _kinds(accumulate(went_on + end, "gemini")) == ["ToolCall"]
    assert _kinds(accumulate(before + end, "gemini")) == ["ToolCall"]
    assert _kinds(accumulate(other + end, "gemini")) == ["InvalidToolCall"]


def _anthropic_message(blocks: List[Any], stop: str) -> List[Dict[str, Any]]:
    events: List[Dict[str, Any]] = [{"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "content": [], "model": "m", "stop_reason": None,
        "usage": {"input_tokens": 1, "output_tokens": 1}}}]
    for i, b in enumerate(blocks):
        if b is None:  # a tool_use block whose input never came
            events += [{"type": "content_block_start", "index": i, "content_block": {
                "type": "tool_use", "id": "toolu_f", "name": "f", "input": {}}}]
        else:
            events += [{"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}},
                       {"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": b}}]
        events.append({"type": "content_block_stop", "index": i})
    return events + [{"type": "message_delta", "delta": {"stop_reason": stop}, "usage": {"output_tokens": 5}},
                     {"type": "message_stop"}]


def test_a_later_reply_in_the_same_stream_proves_nothing_anthropic() -> None:
    # two messages in one stream, the second's blocks numbered from 0 again: its block 2 is
    # no later item of the first's tool_use at 1 (review revChat8 C1: the cut call ran)
    events = _anthropic_message(["a", None], "max_tokens") + _anthropic_message(["b", "c", "d"], "max_tokens")
    out = accumulate(events, "anthropic.messages")
    assert _kinds(out) == ["InvalidToolCall"] and out[0].truncated, out


def test_a_later_reply_in_the_same_stream_proves_nothing_responses() -> None:
    def response(rid: str, items: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        events: List[Dict[str, Any]] = [{"type": "response.created", "response": {
            "id": rid, "object": "response", "status": "in_progress", "output": []}}]
        for i, item in enumerate(items):
            events.append({"type": "response.output_item.added", "output_index": i, "item": item})
            if item["type"] == "function_call":
                events.append({"type": "response.output_item.done", "output_index": i, "item": item})
        return events + [{"type": "response.incomplete", "response": {
            "id": rid, "object": "response", "status": "incomplete",
            "incomplete_details": {"reason": "max_output_tokens"}, "output": []}}]

    msg = {"type": "message", "id": "msg_2", "role": "assistant", "status": "in_progress", "content": []}
    events = (response("resp_1", [EMPTY_FN])
              + response("resp_2", [msg, {**msg, "id": "msg_3"}]))
    out = accumulate(events, "openai.responses")
    assert _kinds(out) == ["InvalidToolCall"] and out[0].truncated, out


def test_a_later_reply_in_the_same_stream_proves_nothing_bedrock() -> None:
    # ConverseStream events (docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html):
    # two messages in one stream, the second's blocks numbered from 0 again: its block 2 is
    # no later item of the first's toolUse at 1 (review revLead47 C1: the cut call ran as {})
    def message(blocks: List[Any]) -> List[Dict[str, Any]]:
        events: List[Dict[str, Any]] = [{"messageStart": {"role": "assistant"}}]
        for i, b in enumerate(blocks):
            if b is None:  # a toolUse block whose input never came
                events += [{"contentBlockStart": {"contentBlockIndex": i, "start": {"toolUse": {
                    "toolUseId": "tooluse_1", "name": "get_time"}}}},
                    {"contentBlockDelta": {"contentBlockIndex": i, "delta": {"toolUse": {"input": ""}}}}]
            else:
                events.append({"contentBlockDelta": {"contentBlockIndex": i, "delta": {"text": b}}})
            events.append({"contentBlockStop": {"contentBlockIndex": i}})
        return events + [{"messageStop": {"stopReason": "max_tokens"}}]

    out = accumulate(message(["a", None]) + message(["b", "c", "d"]), "bedrock.converse")
    assert _kinds(out) == ["InvalidToolCall"] and out[0].truncated, out
    went_on = accumulate(message(["a", None, "b"]), "bedrock.converse")  # a later block of the same reply
    assert _kinds(went_on) == ["ToolCall"], went_on
