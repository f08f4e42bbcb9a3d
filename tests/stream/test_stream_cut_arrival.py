"""Under a token-limit finish the call that may be cut is the one whose text ARRIVED last,
not the one of the highest index label (review revCut R2): a stream may send index 1
before index 0 (gateways, permuted parallel calls) or interleave two calls' fragments.
Literals from the review reproducer and the providers' documented chunk shapes
(https://platform.openai.com/docs/api-reference/chat-streaming,
https://docs.anthropic.com/en/docs/build-with-claude/streaming,
https://docs.cohere.com/reference/chat-stream,
https://platform.openai.com/docs/api-reference/responses-streaming).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, accumulate

F = '```json\n{"x": 1}'


def _ch(tc: Optional[List[Dict[str, Any]]], fin: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "c1", "object": "chat.completion.chunk", "model": "m",
            "choices": [{"index": 0, "delta": {"tool_calls": tc} if tc else {}, "finish_reason": fin}]}


def _tc(i: int, n: str, a: str) -> List[Dict[str, Any]]:
    return [{"index": i, "id": "id_" + n, "type": "function", "function": {"name": n, "arguments": a}}]


def _by_name(calls: List[Any]) -> Dict[str, Any]:
    return {c.name: c for c in calls}


def _a_cut_b_runs(calls: List[Any]) -> None:
    got = _by_name(calls)
    assert type(got["a"]) is InvalidToolCall and got["a"].truncated, calls
    assert got["b"] == ToolCall("b", {"y": 1}, got["b"].id), calls


def test_chat_index_1_then_index_0_cut_last() -> None:
    _a_cut_b_runs(accumulate([_ch(_tc(1, "b", '{"y": 1}')), _ch(_tc(0, "a", F)), _ch(None, "length")], "openai.chat"))


def test_chat_interleaved_fragments_the_last_to_arrive_is_cut() -> None:
    events = [_ch(_tc(0, "a", "")), _ch(_tc(1, "b", "")), _ch([{"index": 1, "function": {"arguments": '{"y": 1}'}}]),
              _ch([{"index": 0, "function": {"arguments": F}}]), _ch(None, "length")]
    _a_cut_b_runs(accumulate(events, "openai.chat"))
    acc = Accumulator()  # the general path (one chunk at a time), as the hot loop
    for e in events:
        acc.feed(e)
    _a_cut_b_runs(acc.close())


def test_chat_interleaved_with_an_empty_piece_after_the_cut_one() -> None:
    # an empty continuation is no fragment: the call before it stays the last to arrive
    events = [_ch(_tc(0, "a", "")), _ch(_tc(1, "b", '{"y": 1}')), _ch([{"index": 0, "function": {"arguments": F}}]),
              _ch([{"index": 1, "function": {"arguments": ""}}]), _ch(None, "length")]
    _a_cut_b_runs(accumulate(events, "openai.chat"))


def test_anthropic_block_1_before_block_0() -> None:
    def blk(i: int, n: str, text: str) -> List[Dict[str, Any]]:
        return [{"type": "content_block_start", "index": i, "content_block": {
                    "type": "tool_use", "id": "toolu_" + n, "name": n, "input": {}}},
                {"type": "content_block_delta", "index": i, "delta": {"type": "input_json_delta", "partial_json": text}},
                {"type": "content_block_stop", "index": i}]
    events = [{"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant",
                                                    "model": "m", "content": [], "stop_reason": None,
                                                    "stop_sequence": None, "usage": {"input_tokens": 1,
                                                                                     "output_tokens": 1}}},
              *blk(1, "b", '{"y": 1}'), *blk(0, "a", ""),
              {"type": "message_delta", "delta": {"stop_reason": "max_tokens", "stop_sequence": None},
               "usage": {"output_tokens": 5}}, {"type": "message_stop"}]
    _a_cut_b_runs(accumulate(events, "anthropic.messages"))


def test_cohere_index_1_before_index_0() -> None:
    def call(i: int, n: str, text: str) -> List[Dict[str, Any]]:
        return [{"type": "tool-call-start", "index": i, "delta": {"message": {"tool_calls": {
                    "id": "t_" + n, "type": "function", "function": {"name": n, "arguments": ""}}}}},
                {"type": "tool-call-delta", "index": i, "delta": {"message": {"tool_calls": {
                    "function": {"arguments": text}}}}},
                {"type": "tool-call-end", "index": i}]
    events = [*call(1, "b", '{"y": 1}'), *call(0, "a", F),
              {"type": "message-end", "delta": {"finish_reason": "MAX_TOKENS"}}]
    _a_cut_b_runs(accumulate(events, "cohere.v2"))


def test_responses_output_index_1_before_0() -> None:
    def item(n: str, a: str) -> Dict[str, Any]:
        return {"id": "fc_" + n, "type": "function_call", "call_id": "call_" + n, "name": n, "arguments": a}
    body = {"id": "resp", "object": "response", "status": "incomplete",
            "incomplete_details": {"reason": "max_output_tokens"}, "model": "m",
            "output": [item("a", F), item("b", '{"y": 1}')]}
    events: List[Dict[str, Any]] = []
    for i, n, a in ((1, "b", '{"y": 1}'), (0, "a", F)):
        events += [{"type": "response.output_item.added", "output_index": i,
                    "item": {**item(n, ""), "status": "in_progress"}},
                   {"type": "response.function_call_arguments.delta", "item_id": "fc_" + n, "output_index": i,
                    "delta": a}]
    events.append({"type": "response.incomplete", "response": body})
    _a_cut_b_runs(accumulate(events, "openai.responses"))


def test_responses_custom_input_that_arrived_last_is_cut() -> None:
    # a custom tool added at output_index 0, a function call at 1 written whole, then the custom
    # tool's input (its deltas, or only its done item): it arrived last
    fc = {"id": "fc_b", "type": "function_call", "call_id": "call_b", "name": "b", "arguments": '{"y": 1}'}
    ct = {"id": "ctc_a", "type": "custom_tool_call", "call_id": "call_a", "name": "a", "input": "rm -rf /tmp/bui"}
    body = {"id": "resp", "object": "response", "status": "incomplete",
            "incomplete_details": {"reason": "max_output_tokens"}, "model": "m", "output": [ct, fc]}
    for deltas in (True, False):
        events: List[Dict[str, Any]] = [
            {"type": "response.output_item.added", "output_index": 0, "item": {**ct, "input": "",
                                                                                "status": "in_progress"}},
            {"type": "response.output_item.added", "output_index": 1, "item": {**fc, "arguments": "",
                                                                                "status": "in_progress"}},
            {"type": "response.function_call_arguments.delta", "item_id": "fc_b", "output_index": 1,
             "delta": '{"y": 1}'},
            {"type": "response.output_item.done", "output_index": 1, "item": {**fc, "status": "completed"}}]
        if deltas:
            events.append({"type": "response.custom_tool_call_input.delta", "item_id": "ctc_a", "output_index": 0,
                           "delta": "rm -rf /tmp/bui"})
        events += [{"type": "response.output_item.done", "output_index": 0, "item": {**ct, "status": "completed"}},
                   {"type": "response.incomplete", "response": body}]
        _a_cut_b_runs(accumulate(events, "openai.responses"))


def test_bedrock_input_object_that_arrived_last_is_cut() -> None:
    # a toolUse delta may carry the input as a whole object (a gateway's or an SDK object's
    # dump; decode_all judges a whole object under max_tokens as cut): block 0's object arrives
    # after block 1's text, so block 0 is the call the limit may have cut
    # (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlockDeltaEvent.html)
    def start(i: int, n: str) -> Dict[str, Any]:
        return {"contentBlockStart": {"contentBlockIndex": i, "start": {"toolUse": {"toolUseId": "tooluse_" + n,
                                                                                     "name": n}}}}

    def delta(i: int, piece: Any) -> Dict[str, Any]:
        return {"contentBlockDelta": {"contentBlockIndex": i, "delta": {"toolUse": {"input": piece}}}}

    events = [{"messageStart": {"role": "assistant"}}, start(0, "a"), start(1, "b"), delta(1, '{"y": 1}'),
              {"contentBlockStop": {"contentBlockIndex": 1}}, delta(0, {"x": 1}),
              {"contentBlockStop": {"contentBlockIndex": 0}}, {"messageStop": {"stopReason": "max_tokens"}}]
    _a_cut_b_runs(accumulate(events, "bedrock.converse"))
    done = events[:-1] + [{"messageStop": {"stopReason": "end_turn"}}]
    assert accumulate(done, "bedrock.converse") == [ToolCall("a", {"x": 1}, "tooluse_a"),
                                                    ToolCall("b", {"y": 1}, "tooluse_b")]


def test_gemini_name_only_call_whose_args_came_last_is_cut() -> None:
    # a name-only functionCall part then a part without a name carrying its args (§4g): the
    # call given whole before it is not the last, so it runs under MAX_TOKENS
    # (https://ai.google.dev/api/generate-content#FinishReason)
    def chunk(part: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
        cand: Dict[str, Any] = {"content": {"role": "model", "parts": [part] if part else []}, "index": 0}
        if finish:
            cand["finishReason"] = finish
        return {"candidates": [cand]}

    events = [chunk({"functionCall": {"name": "b", "args": {"y": 1}}}), chunk({"functionCall": {"name": "a"}}),
              chunk({"functionCall": {"args": {"x": 1}}}), chunk({}, "MAX_TOKENS")]
    _a_cut_b_runs(accumulate(events, "gemini"))
def _cch(ci: int, tc: Optional[List[Dict[str, Any]]] = None, fin: Optional[str] = None,
         content: Optional[str] = None) -> Dict[str, Any]:
    delta: Dict[str, Any] = {}
    if tc:
        delta["tool_calls"] = tc
    if content is not None:
        delta["content"] = content
    return {"id": "c1", "object": "chat.completion.chunk", "model": "m",
            "choices": [{"index": ci, "delta": delta, "finish_reason": fin}]}


def test_two_choices_the_call_that_arrived_last_is_cut_not_the_one_started_last() -> None:
    # revCut23 C1 (min_n2.py): choice 0's call a starts, b (no arguments) starts, a's text
    # goes on: a arrived last; a second choice beside it. b is whole, as with one choice
    ev = [_cch(0, [{"index": 0, "id": "call_a", "type": "function", "function": {"name": "a", "arguments": "```json"}}]),
          _cch(1, content="Hi"),
          _cch(0, [{"index": 1, "id": "call_b", "type": "function", "function": {"name": "get_time",
                                                                                  "arguments": ""}}]),
          _cch(0, [{"index": 0, "function": {"arguments": '\n{"x": 1}'}}]),
          _cch(0, fin="length"), _cch(1, fin="length")]
    for one in (False, True):
        events = [e for e in ev if not one or e["choices"][0]["index"] == 0]
        acc = Accumulator()
        for e in events:
            acc.feed(e)
        for out in (accumulate(events, "openai.chat"), acc.close()):
            got = _by_name(out)
            assert type(got["a"]) is InvalidToolCall and got["a"].truncated, out
            assert got["get_time"] == ToolCall("get_time", {}, "call_b", repairs=("empty-arguments",)), out


def test_a_piece_without_index_between_two_of_another_call_stamps_that_call() -> None:
    # revCut23 C2 (probe_noidx.py): the piece with no index goes to b (started last); a's next
    # piece arrived after it: a is the last call, cut off, in the hot loop as in ``feed``
    ev = [_ch(_tc(0, "a", "")), _ch(_tc(1, "b", "")), _ch([{"index": 0, "function": {"arguments": "```json"}}]),
          _ch([{"function": {"arguments": '{"y": 1}'}}]), _ch([{"index": 0, "function": {"arguments": '\n{"x": 1}'}}]),
          _ch(None, "length")]
    acc = Accumulator()
    for e in ev:
        acc.feed(e)
    for out in (accumulate(ev, "openai.chat"), acc.close()):
        _a_cut_b_runs(out)
