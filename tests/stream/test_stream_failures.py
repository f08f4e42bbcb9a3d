"""One named test per failure class of issue 4 (expectations written by hand from
wire-formats.md part e, prior-art.md §3 items 8, 9, 19-21 and the corpus quirks)."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

import pytest

from toolwire import ArgumentsError, DecodeError, InvalidToolCall, ToolCall, UnknownDialectError, decode_all
from toolwire.stream import (
    Accumulator,
    ArgsDelta,
    CallDone,
    CallStarted,
    accumulate,
    encode_stream,
)


def chat(*tool_calls: Dict[str, Any], finish: Optional[str] = None, choice: int = 0) -> Dict[str, Any]:
    delta: Dict[str, Any] = {"tool_calls": list(tool_calls)} if tool_calls else {}
    return {"object": "chat.completion.chunk",
            "choices": [{"index": choice, "delta": delta, "finish_reason": finish}]}


def tc(index: Any = None, id: Any = None, name: Any = None, args: Any = None, **extra: Any) -> Dict[str, Any]:
    out: Dict[str, Any] = dict(extra)
    if index is not None:
        out["index"] = index
    if id is not None:
        out["id"] = id
    fn: Dict[str, Any] = {}
    if name is not None:
        fn["name"] = name
    if args is not None:
        fn["arguments"] = args
    if fn:
        out["function"] = fn
    return out


def triples(calls: List[Any]) -> List[Any]:
    return [(c.name, c.args, c.id) if isinstance(c, ToolCall) else ("INVALID", c.name, c.id) for c in calls]


# ---- OpenAI Chat and compatible servers ---------------------------------------------


def test_azure_empty_first_chunk() -> None:
    azure_first = {"choices": [], "created": 0, "id": "", "model": "", "object": "",
                   "prompt_filter_results": [{"prompt_index": 0, "content_filter_results": {}}]}
    acc = Accumulator()
    assert acc.feed(azure_first) == []
    assert acc.dialect == "openai.chat"
    acc.feed(chat(tc(0, "call_1", "f", "")))
    acc.feed(chat(tc(0, args='{"x": 1}')))
    acc.feed(chat(finish="tool_calls"))
    assert triples(acc.close()) == [("f", {"x": 1}, "call_1")]


def test_all_calls_on_index_zero_with_distinct_ids() -> None:
    """Groq: three whole calls all on index 0 (LiteLLM #7621 merged them into {…}{…}{…})."""
    chunks = [
        chat(tc(0, "a1", "plus", '{"a": 1}')),
        chat(tc(0, "a2", "plus", '{"a": 2}')),
        chat(tc(0, "a3", "minus", '{"a": 3}')),
        chat(finish="tool_calls"),
    ]
    assert triples(accumulate(chunks)) == [("plus", {"a": 1}, "a1"), ("plus", {"a": 2}, "a2"),
                                           ("minus", {"a": 3}, "a3")]


def test_index_zero_continuations_after_a_new_id() -> None:
    chunks = [chat(tc(0, "a1", "f", "")), chat(tc(0, args='{"a":')), chat(tc(0, args="1}")),
              chat(tc(0, "a2", "g", "")), chat(tc(0, args='{"b":2}')), chat(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("f", {"a": 1}, "a1"), ("g", {"b": 2}, "a2")]


def test_missing_indexes() -> None:
    """No index at all: a delta with its own id and name is a separate call; bare
    continuations go to the latest call (langchain #34654)."""
    chunks = [chat(tc(id="c1", name="f", args='{"a"')), chat(tc(args=": 1}")),
              chat(tc(id="c2", name="g", args="{}")), chat(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("f", {"a": 1}, "c1"), ("g", {}, "c2")]


def test_sparse_and_reused_indexes() -> None:
    """vercel/ai #18333/#18382: indexes 3 and 7, then 3 reused by a new call."""
    chunks = [chat(tc(3, "c1", "f", '{"a":')), chat(tc(7, "c2", "g", '{"b":')), chat(tc(3, args="1}")),
              chat(tc(7, args="2}")), chat(tc(3, "c3", "h", '{"c":3}')), chat(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("f", {"a": 1}, "c1"), ("g", {"b": 2}, "c2"), ("h", {"c": 3}, "c3")]


def test_empty_string_ids_are_no_ids() -> None:
    """vercel/ai #19091, Gemini's OpenAI endpoint: ``""`` is no id."""
    chunks = [chat(tc(id="", name="f", args='{"v":true}'), finish="stop")]
    assert triples(accumulate(chunks)) == [("f", {"v": True}, None)]


def test_qwen_empty_id_repeats_do_not_overwrite() -> None:
    chunks = [
        chat(tc(0, "call_eee", "weather", "", type="function")),
        chat(tc(0, "", args='{"location": "San', type="function")),
        chat(tc(0, "", args=' Francisco"}', type="function")),
        chat(tc(0, "", args="", type="function")),
        chat(finish="tool_calls"),
    ]
    assert triples(accumulate(chunks)) == [("weather", {"location": "San Francisco"}, "call_eee")]


def test_name_in_later_delta() -> None:
    """vercel/ai #14760: the first delta has id and arguments, the name comes later."""
    acc = Accumulator("openai.chat")
    events = acc.feed(chat(tc(0, "c1", args='{"q":')))
    assert events[0] == CallStarted(0, "c1", None)
    acc.feed(chat(tc(0, name="search", args='"x"}')))
    acc.feed(chat(finish="tool_calls"))
    assert triples(acc.close()) == [("search", {"q": "x"}, "c1")]


def test_kimi_repeated_name_not_concatenated() -> None:
    chunks = [chat(tc(0, "0", "llm_version", "", type="function")),
              chat(tc(0, "0", "llm_version", "{}", type="function"))]
    assert triples(accumulate(chunks)) == [("llm_version", {}, "0")]


def test_different_name_on_occupied_index_starts_a_new_call() -> None:
    chunks = [chat(tc(0, name="f", args='{"a":1}')), chat(tc(0, name="g", args='{"b":2}')),
              chat(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("f", {"a": 1}, None), ("g", {"b": 2}, None)]


def test_mistral_two_complete_calls_in_one_chunk_without_index() -> None:
    chunk = chat(tc(id="nqjf8Hqe1", name="plus", args='{"a": 1, "b": 2}'),
                 tc(id="ATcpCKul3", name="minus", args='{"a": 2, "b": 1}'), finish="tool_calls")
    for dialect in (None, "mistral", "openai.chat"):
        assert triples(accumulate([chunk], dialect)) == [("plus", {"a": 1, "b": 2}, "nqjf8Hqe1"),
                                                         ("minus", {"a": 2, "b": 1}, "ATcpCKul3")]


def test_parsable_prefix_not_finalized() -> None:
    """vercel/ai #13137: the buffer parsing is no reason to finish a call."""
    acc = Accumulator("openai.chat")
    events = acc.feed(chat(tc(0, "c1", "run", '{"cmd": "ls"}')))
    assert not any(isinstance(e, CallDone) for e in events)
    assert acc.calls == []
    events = acc.feed(chat(finish="tool_calls"))
    assert [type(e) for e in events] == [CallDone]
    assert triples(acc.calls) == [("run", {"cmd": "ls"}, "c1")]

    ant = Accumulator("anthropic.messages")
    ant.feed({"type": "content_block_start", "index": 0,
              "content_block": {"type": "tool_use", "id": "toolu_1", "name": "run", "input": {}}})
    events = ant.feed({"type": "content_block_delta", "index": 0,
                       "delta": {"type": "input_json_delta", "partial_json": '{"cmd": "ls"}'}})
    assert not any(isinstance(e, CallDone) for e in events)
    events = ant.feed({"type": "content_block_delta", "index": 0,
                       "delta": {"type": "input_json_delta", "partial_json": " "}})
    assert not any(isinstance(e, CallDone) for e in events)
    assert [type(e) for e in ant.feed({"type": "content_block_stop", "index": 0})] == [CallDone]


def test_stream_ending_mid_call_with_finish_reason_length() -> None:
    chunks = [chat(tc(0, "c1", "write", '{"path": "/tmp/a", "text": "hel')), chat(finish="length")]
    acc = Accumulator()
    for c in chunks:
        acc.feed(c)
    [call] = acc.close()
    assert isinstance(call, InvalidToolCall)
    assert call.truncated is True
    assert (call.name, call.id, call.raw) == ("write", "c1", '{"path": "/tmp/a", "text": "hel')
    assert acc.finish_reason == "length"


def test_stream_ending_mid_call_without_finish_reason() -> None:
    """The connection dropped: the Chat call's text ends inside a value."""
    [call] = accumulate([chat(tc(0, "c1", "f", '{"a": [1, 2'))])
    assert isinstance(call, InvalidToolCall) and call.truncated


def test_allow_truncated_keeps_the_complete_prefix_and_says_so() -> None:
    [call] = accumulate([chat(tc(0, "c1", "f", '{"a": 1, "b": "x')), chat(finish="length")],
                        allow_truncated=True)
    assert isinstance(call, ToolCall)
    assert call.args == {"a": 1} and "truncated" in call.repairs  # "x" never closed: not kept


def test_merged_arguments_are_invalid_without_repair() -> None:
    [call] = accumulate([chat(tc(0, "c1", "f", '{"a": 1}{"a": 2}')), chat(finish="tool_calls")], repair=False)
    assert isinstance(call, InvalidToolCall) and not call.truncated


def test_merged_arguments_are_invalid_not_guessed() -> None:
    [call] = accumulate([chat(tc(0, "c1", "f", '{"a": 1}{"a": 2}')), chat(finish="tool_calls")])
    assert isinstance(call, InvalidToolCall) and not call.truncated


def test_choices_are_separate_scopes() -> None:
    chunks = [chat(tc(0, "a", "f", '{"n":0}'), choice=0), chat(tc(0, "b", "g", '{"n":1}'), choice=1),
              chat(finish="tool_calls", choice=0), chat(finish="tool_calls", choice=1)]
    # each choice's call stays its own (no merge by index 0); the first choice's calls are the answer
    assert triples(accumulate(chunks)) == [("f", {"n": 0}, "a")]
    swapped = [chat(tc(0, "b", "g", '{"n":1}'), choice=0), chat(tc(0, "a", "f", '{"n":0}'), choice=1),
               chat(finish="tool_calls", choice=0), chat(finish="tool_calls", choice=1)]
    assert triples(accumulate(swapped)) == [("g", {"n": 1}, "b")]


def test_legacy_function_call_stream() -> None:
    def fc(**kw: Any) -> Dict[str, Any]:
        return {"object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": {"function_call": kw}, "finish_reason": None}]}
    chunks = [fc(name="f", arguments=""), fc(arguments='{"a"'), fc(arguments=":1}"), chat(finish="function_call")]
    assert triples(accumulate(chunks)) == [("f", {"a": 1}, None)]


# ---- OpenAI Responses -----------------------------------------------------------------


def test_responses_done_without_name_and_rotating_item_ids() -> None:
    events = [
        {"type": "response.output_item.added", "output_index": 1,
         "item": {"type": "function_call", "id": "fc_1", "call_id": "call_A", "name": "calc", "arguments": ""}},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 1, "delta": '{"a":'},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_OTHER", "output_index": 1, "delta": "12}"},
        {"type": "response.function_call_arguments.done", "item_id": "fc_X", "output_index": 1, "arguments": '{"a":12}'},
        {"type": "response.output_item.done", "output_index": 1,
         "item": {"type": "function_call", "id": "fc_1", "call_id": "call_A", "name": "calc",
                  "arguments": '{"a":12}', "status": "completed"}},
        {"type": "response.completed", "response": {"status": "completed"}},
    ]
    acc = Accumulator()
    for e in events:
        acc.feed(e)
    [call] = acc.close()
    assert triples([call]) == [("calc", {"a": 12}, "call_A")]
    assert call.provider_data == {"openai.responses": {"id": "fc_1", "status": "completed"}}
    assert acc.finish_reason == "completed"


def test_responses_name_only_on_done_events() -> None:
    """No ``output_item.added``: the call is known from its deltas; ``.done`` has no name,
    the final item has it."""
    events = [
        {"type": "response.function_call_arguments.delta", "item_id": "a", "output_index": 0, "delta": "{}"},
        {"type": "response.function_call_arguments.done", "item_id": "b", "output_index": 0, "arguments": "{}"},
        {"type": "response.output_item.done", "output_index": 0,
         "item": {"type": "function_call", "call_id": "call_B", "name": "ping", "arguments": "{}"}},
    ]
    assert triples(accumulate(events, "openai.responses")) == [("ping", {}, "call_B")]


def test_responses_lmstudio_done_without_deltas_still_emits_the_text() -> None:
    acc = Accumulator("openai.responses")
    acc.feed({"type": "response.output_item.added", "output_index": 2,
              "item": {"type": "function_call", "id": "fc_z", "call_id": "call_2", "name": "weather", "arguments": ""}})
    events = acc.feed({"type": "response.function_call_arguments.done", "item_id": "fc_z", "output_index": 2,
                       "arguments": '{"location":"SF"}'})
    assert events == [ArgsDelta(0, "call_2", '{"location":"SF"}')]


def test_responses_incomplete_cuts_the_open_call() -> None:
    events = [
        {"type": "response.output_item.added", "output_index": 0,
         "item": {"type": "function_call", "id": "fc_1", "call_id": "call_A", "name": "f", "arguments": ""}},
        {"type": "response.function_call_arguments.delta", "output_index": 0, "delta": '{"a": "xy'},
        {"type": "response.incomplete",
         "response": {"status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}}},
    ]
    acc = Accumulator()
    for e in events:
        acc.feed(e)
    [call] = acc.close()
    assert isinstance(call, InvalidToolCall) and call.truncated and call.id == "call_A"
    assert acc.finish_reason == "max_output_tokens"


def test_responses_reused_output_index_across_responses() -> None:
    def item(call_id: str, name: str, args: str) -> Dict[str, Any]:
        return {"type": "function_call", "call_id": call_id, "name": name, "arguments": args}
    events = [
        {"type": "response.output_item.added", "output_index": 0, "item": item("c1", "f", "")},
        {"type": "response.output_item.done", "output_index": 0, "item": item("c1", "f", '{"a":1}')},
        {"type": "response.output_item.added", "output_index": 0, "item": item("c2", "g", "")},
        {"type": "response.function_call_arguments.delta", "output_index": 0, "delta": '{"b":2}'},
        {"type": "response.output_item.done", "output_index": 0, "item": item("c2", "g", '{"b":2}')},
    ]
    assert triples(accumulate(events)) == [("f", {"a": 1}, "c1"), ("g", {"b": 2}, "c2")]


# ---- Anthropic -----------------------------------------------------------------------------


def _ant_start(index: int, id: str, name: str, input: Any = None, type: str = "tool_use") -> Dict[str, Any]:
    return {"type": "content_block_start", "index": index,
            "content_block": {"type": type, "id": id, "name": name, "input": {} if input is None else input}}


def _ant_json(index: int, text: str) -> Dict[str, Any]:
    return {"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": text}}


def test_anthropic_empty_start_block_and_empty_no_arg_call() -> None:
    """LiteLLM #5063/#4537: ``input: {}`` is a placeholder; a no-argument tool sends only ``""``."""
    events = [_ant_start(0, "toolu_1", "now"), _ant_json(0, ""), {"type": "content_block_stop", "index": 0},
              _ant_start(1, "toolu_2", "weather"), _ant_json(1, ""), _ant_json(1, '{"city": '),
              _ant_json(1, '"Paris"}'), {"type": "content_block_stop", "index": 1},
              {"type": "message_delta", "delta": {"stop_reason": "tool_use"}}]
    calls = accumulate(events)
    assert triples(calls) == [("now", {}, "toolu_1"), ("weather", {"city": "Paris"}, "toolu_2")]
    assert calls[0].repairs == ("empty-arguments",)
    assert calls[1].raw == '{"city": "Paris"}'  # no "{}" glued in front


def test_anthropic_max_tokens_without_block_stop_is_truncated() -> None:
    events = [_ant_start(0, "toolu_1", "write"), _ant_json(0, '{"text": "a long'),
              {"type": "message_delta", "delta": {"stop_reason": "max_tokens"}}, {"type": "message_stop"}]
    [call] = accumulate(events)
    assert isinstance(call, InvalidToolCall)
    assert call.truncated and call.name == "write" and call.id == "toolu_1"
    assert call.error == ("The stream ended before this call was complete (no end event; the reply's finish reason: "
                          "'max_tokens')")


def test_anthropic_block_stop_on_cut_text_is_truncated() -> None:
    events = [_ant_start(0, "toolu_1", "write"), _ant_json(0, '{"text": "a long'),
              {"type": "content_block_stop", "index": 0},
              {"type": "message_delta", "delta": {"stop_reason": "max_tokens"}}]
    [call] = accumulate(events)
    assert isinstance(call, InvalidToolCall) and call.truncated and call.raw == '{"text": "a long'


def test_anthropic_server_tool_use_is_not_a_client_call() -> None:
    events = [_ant_start(0, "srvtoolu_1", "web_search", type="server_tool_use"), _ant_json(0, '{"q": "x"}'),
              {"type": "content_block_stop", "index": 0},
              {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None}}]
    assert accumulate(events) == []
    # cut before its stop_reason: the reply went on, its calls may be lost (never ``[]``)
    [cut] = accumulate(events[:-1])
    assert isinstance(cut, InvalidToolCall) and cut.name is None and "ended before the reply finished" in cut.error
    [call] = accumulate(events, include_server=True)
    assert call.server and call.args == {"q": "x"}


def test_anthropic_text_and_pings() -> None:
    acc = Accumulator()
    for e in [{"type": "ping"},
              {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
              {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi "}},
              {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "there"}},
              {"type": "content_block_stop", "index": 0},
              {"type": "message_delta", "delta": {"stop_reason": "end_turn"}}]:
        acc.feed(e)
    assert acc.close() == [] and acc.text == "Hi there" and acc.finish_reason == "end_turn"


# ---- Bedrock, Cohere, Gemini, Ollama ------------------------------------------------------


def test_bedrock_cut_block_is_truncated_and_empty_input_is_empty_args() -> None:
    events = [
        {"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": "t1", "name": "now"}}}},
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": ""}}}},
        {"contentBlockStop": {"contentBlockIndex": 0}},
        {"contentBlockStart": {"contentBlockIndex": 1, "start": {"toolUse": {"toolUseId": "t2", "name": "f"}}}},
        {"contentBlockDelta": {"contentBlockIndex": 1, "delta": {"toolUse": {"input": '{"a": 1}'}}}},
        {"messageStop": {"stopReason": "max_tokens"}},
    ]
    calls = accumulate(events)
    # under max_tokens only the last call may be cut: the ended block another follows was whole
    # (session 46; before, its empty input was refused as cut off)
    assert triples(calls) == [("now", {}, "t1"), ("INVALID", "f", "t2")]
    assert calls[1].truncated
    events[-1] = {"messageStop": {"stopReason": "tool_use"}}
    calls = accumulate(events)
    assert triples(calls) == [("now", {}, "t1"), ("INVALID", "f", "t2")]
    assert calls[1].truncated


def test_cohere_no_delta_call_and_cut_call() -> None:
    def start(i: int, id: str, name: str) -> Dict[str, Any]:
        return {"type": "tool-call-start", "index": i, "delta": {"message": {"tool_calls": {
            "id": id, "type": "function", "function": {"name": name, "arguments": ""}}}}}
    events = [start(0, "now_1", "now"), {"type": "tool-call-end", "index": 0}, start(1, "f_2", "f"),
              {"type": "tool-call-delta", "index": 1,
               "delta": {"message": {"tool_calls": {"function": {"arguments": '{"a"'}}}}},
              {"type": "message-end", "delta": {"finish_reason": "MAX_TOKENS"}}]
    calls = accumulate(events)
    # under MAX_TOKENS only the last call may be cut: the ended call another follows was whole
    # (session 46; before, its empty arguments were refused as cut off)
    assert triples(calls) == [("now", {}, "now_1"), ("INVALID", "f", "f_2")]
    assert calls[1].truncated
    events[-1] = {"type": "message-end", "delta": {"finish_reason": "TOOL_CALL"}}
    calls = accumulate(events)
    assert triples(calls) == [("now", {}, "now_1"), ("INVALID", "f", "f_2")]
    assert calls[1].truncated


def _vertex(fc: Dict[str, Any]) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": fc}]}}]}


def test_vertex_partial_args_open_at_end_is_truncated() -> None:
    events = [_vertex({"name": "f", "willContinue": True}),
              _vertex({"partialArgs": [{"jsonPath": "$.a", "stringValue": "x", "willContinue": True}],
                       "willContinue": True})]
    [call] = accumulate(events)
    assert isinstance(call, InvalidToolCall) and call.truncated and call.name == "f"


def test_vertex_partial_args_by_path_with_separators() -> None:
    events = [_vertex({"name": "f", "willContinue": True}),
              _vertex({"partialArgs": [{"jsonPath": "$.items[0].n", "stringValue": "a", "willContinue": True}],
                       "willContinue": True}),
              _vertex({"partialArgs": [{"jsonPath": "$.items[0].n", "stringValue": "b", "willContinue": True}],
                       "willContinue": True}),
              _vertex({"partialArgs": [{"jsonPath": "$.items[0].n", "stringValue": ""}], "willContinue": True}),
              _vertex({"willContinue": True}),
              _vertex({"partialArgs": [{"jsonPath": "$.items[1].n", "numberValue": 2},
                                       {"jsonPath": "$['odd key']", "boolValue": False},
                                       {"jsonPath": "$.z", "nullValue": "NULL_VALUE"}], "willContinue": True}),
              _vertex({})]
    assert triples(accumulate(events)) == [("f", {"items": [{"n": "ab"}, {"n": 2}], "odd key": False, "z": None},
                                            None)]


def test_gemini_whole_calls_are_appended_with_thought_signature() -> None:
    chunk = {"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "a", "args": {"x": 1}}, "thoughtSignature": "sig"},
        {"functionCall": {"name": "b"}}]}}]}
    calls = accumulate([chunk, {"candidates": [{"content": {"parts": [{"text": ""}]}, "finishReason": "STOP"}]}])
    assert triples(calls) == [("a", {"x": 1}, None), ("b", {}, None)]
    assert calls[0].provider_data == {"gemini": {"part": {"thoughtSignature": "sig"}}}


def test_ollama_whole_calls_appended_not_merged() -> None:
    def chunk(name: str, args: Dict[str, Any]) -> Dict[str, Any]:
        return {"model": "llama3.2", "message": {"role": "assistant", "content": "",
                "tool_calls": [{"function": {"index": 0, "name": name, "arguments": args}}]}, "done": False}
    chunks = [chunk("f", {"a": 1}), chunk("f", {"a": 2}),
              {"model": "llama3.2", "message": {"role": "assistant", "content": ""}, "done": True,
               "done_reason": "stop"}]
    assert triples(accumulate(chunks)) == [("f", {"a": 1}, None), ("f", {"a": 2}, None)]
    assert accumulate("\n".join(json.dumps(c) for c in chunks), "ollama") == accumulate(chunks)


# ---- the API -------------------------------------------------------------------------------


def test_event_sequence() -> None:
    acc = Accumulator("openai.chat")
    got = []
    for c in [chat(tc(0, "c1", "f", "")), chat(tc(0, args='{"a":')), chat(tc(0, args="1}")),
              chat(finish="tool_calls")]:
        got.extend(acc.feed(c))
    call = ToolCall(name="f", args={"a": 1}, id="c1")
    assert got == [CallStarted(0, "c1", "f"), ArgsDelta(0, "c1", '{"a":'), ArgsDelta(0, "c1", "1}"),
                   CallDone(0, call)]


def test_preview_is_best_effort_and_opt_in() -> None:
    acc = Accumulator("openai.chat", preview=True)
    acc.feed(chat(tc(0, "c1", "f", "")))
    [delta] = acc.feed(chat(tc(0, args='{"city": "Par')))
    assert isinstance(delta, ArgsDelta) and delta.preview == {"city": "Par"}
    assert acc.calls == []


def test_sse_text_forms() -> None:
    line = "data: " + json.dumps(chat(tc(0, "c1", "f", "{}"), finish="tool_calls"))
    assert triples(accumulate([": comment", "event: message", line, "data: [DONE]", b"data: [DONE]"])) == [
        ("f", {}, "c1")]
    block = "\n".join([line, "", "data: [DONE]", ""])
    assert triples(accumulate([block])) == [("f", {}, "c1")]


# the vercel hunt's body: `` data:`` (a space first) between the data lines of one call
_A = json.dumps(chat(tc(0, "call_a", "f", '{"x":')))
_X = json.dumps(chat(tc(0, args="1")))
_B = json.dumps(chat(tc(0, args="2}")))
_C = json.dumps(chat(finish="tool_calls"))


@pytest.mark.parametrize("lead", [" ", "  ", "\t"])
@pytest.mark.parametrize("whole", [True, False])
def test_a_line_with_whitespace_before_its_field_is_no_data_line(lead: str, whole: bool) -> None:
    """WHATWG "Server-sent events": the field name is everything before the first colon, so
    `` data`` is no ``data`` field (openai-python's and anthropic-sdk-python's ``SSEDecoder``
    compare the name after ``line.partition(":")``): never read as data (the hunt got
    ``{"x": 12}``); refused, as a line of an unknown field is, never dropped."""
    body = f"data: {_A}\n\n{lead}data: {_X}\n\ndata: {_B}\n\ndata: {_C}\n\n"
    with pytest.raises(DecodeError) as info:
        accumulate(body if whole else body.splitlines(keepends=True), "openai.chat")
    assert "whitespace before its field name" in info.value.message


def test_indented_json_lines_and_blank_lines_stay_read() -> None:
    """NDJSON with leading spaces is JSON, and a line of spaces is a blank line."""
    body = f"  {_A}\n   \n\t{json.dumps(chat(tc(0, args='1}')))}\n {_C}\n"
    assert triples(accumulate(body, "openai.chat")) == [("f", {"x": 1}, "call_a")]


def test_a_bare_data_line_is_an_empty_data_line() -> None:
    """WHATWG: a line without a colon is a field named by the whole line with an empty
    value; ``data`` so is an empty data line (nothing to read)."""
    body = f"data: {_A}\n\ndata\n\ndata: {json.dumps(chat(tc(0, args='1}')))}\n\ndata: {_C}\n\n"
    assert triples(accumulate(body, "openai.chat")) == [("f", {"x": 1}, "call_a")]


def test_garbage_raises_decode_error() -> None:
    acc = Accumulator()
    with pytest.raises(DecodeError) as info:
        acc.feed("hello world")
    assert info.value.message == ("Stream chunk at $[0][0] is text but neither JSON nor an SSE data line: "
                                  "'hello world'")
    acc = Accumulator()
    acc.feed("data: {not json")  # (the first data line of an event, maybe: its next lines may follow)
    with pytest.raises(DecodeError) as info:
        acc.close()
    assert info.value.loc == "$[0][0]"
    assert info.value.message.startswith("Stream data at $[0][0] is not JSON")


def test_unknown_shapes_fail_at_close() -> None:
    acc = Accumulator()
    assert acc.feed({"foo": 1}) == []
    with pytest.raises(DecodeError) as info:
        acc.close()
    assert info.value.message == "No chunk of this stream has a known streaming shape; the first was {'foo': 1}"


def test_feed_after_close() -> None:
    acc = Accumulator("openai.chat")
    [empty] = acc.close()  # no chunk of data: no reply (F-G)
    assert isinstance(empty, InvalidToolCall) and empty.name is None
    with pytest.raises(DecodeError):
        acc.feed(chat())
    assert acc.close() == [empty]  # idempotent


def test_unknown_dialect() -> None:
    with pytest.raises(UnknownDialectError):
        Accumulator("nope")
    with pytest.raises(UnknownDialectError):
        encode_stream([], "nope")


def test_aliases() -> None:
    assert Accumulator("openai").dialect == "openai.chat"
    assert Accumulator("anthropic").dialect == "anthropic.messages"


def test_max_bytes_limits_accumulation() -> None:
    chunks = [chat(tc(0, "c1", "f", '{"a": "')), chat(tc(0, args="x" * 100)), chat(tc(0, args='"}')),
              chat(finish="tool_calls")]
    [call] = accumulate(chunks, max_bytes=50)
    assert isinstance(call, InvalidToolCall)
    assert call.error == "Arguments are over the limit of 50 characters"


def test_call_without_a_name_is_invalid() -> None:
    [call] = accumulate([chat(tc(0, "c1", args="{}")), chat(finish="tool_calls")])
    assert isinstance(call, InvalidToolCall) and call.error == "The stream never gave this call a name"


def test_calls_property_grows_as_calls_end() -> None:
    acc = Accumulator("anthropic.messages")
    acc.feed(_ant_start(0, "t1", "f"))
    acc.feed({"type": "content_block_stop", "index": 0})
    assert triples(acc.calls) == [("f", {}, "t1")]
    acc.feed(_ant_start(1, "t2", "g"))
    assert len(acc.calls) == 1


class _ConnectionReset(Exception):
    """What an HTTP client raises mid-stream (``httpx.ReadError``, say)."""


def _cut_by_the_network(chunks: List[Any], after: int) -> Any:
    yield from chunks[:after]
    raise _ConnectionReset("connection reset by peer")


@pytest.mark.parametrize("dialect", ["anthropic.messages", "openai.chat", "openai.responses", "bedrock.converse",
                                     "gemini", "cohere.v2", "mistral", "ollama"])
@pytest.mark.parametrize("named", [True, False])
@pytest.mark.parametrize("after", [0, 1, 3])
def test_the_chunk_sources_own_error_is_raised_as_it_is(dialect: str, named: bool, after: int) -> None:
    """An iterator of chunks that raises (the network went away) raised "Malformed
    anthropic.messages stream chunk (_ConnectionReset: ...)", blaming the last chunk
    read: a caller's retry on its HTTP client's error never saw it."""
    chunks = encode_stream([ToolCall("f", {"a": 1}, "call_1")], dialect)
    with pytest.raises(_ConnectionReset, match="connection reset by peer"):
        accumulate(_cut_by_the_network(chunks, after), dialect if named else None)


# --- arguments under a key the dialect does not read: an invalid call, never ``{}`` ------
# (each stream's documented chunks, the call's arguments field renamed to another
# dialect's: ``Dialect.argument_keys``; ``decode`` refuses the same call)

_CITY = {"city": "Paris"}
_CHAT_CHUNK = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m"}
MISPLACED_STREAMS = [
    ("openai.chat", [{**_CHAT_CHUNK, "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "args": _CITY}}]},
        "finish_reason": "tool_calls"}]}], "$.choices[0].delta.tool_calls[0].function", "args", "arguments"),
    ("openai.chat", [{**_CHAT_CHUNK, "choices": [{"index": 0, "delta": {"function_call": {
        "name": "get_weather", "params": _CITY}}, "finish_reason": "function_call"}]}],
     "$.choices[0].delta.function_call", "params", "arguments"),
    ("anthropic.messages", [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [],
                                              "model": "m", "stop_reason": None,
                                              "usage": {"input_tokens": 1, "output_tokens": 1}}},
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "args": _CITY}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 1}},
        {"type": "message_stop"}], "$.content_block", "args", "input"),
    ("bedrock.converse", [
        {"messageStart": {"role": "assistant"}},
        {"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {
            "toolUseId": "tooluse_1", "name": "get_weather", "arguments": _CITY}}}},
        {"contentBlockStop": {"contentBlockIndex": 0}}, {"messageStop": {"stopReason": "tool_use"}}],
     "$.contentBlockStart.start.toolUse", "arguments", "input"),
    ("openai.responses", [
        {"type": "response.output_item.added", "output_index": 0, "item": {
            "type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "args": _CITY,
            "status": "in_progress"}},
        {"type": "response.output_item.done", "output_index": 0, "item": {
            "type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "args": _CITY,
            "status": "completed"}}], "$.item", "args", "arguments"),
    ("gemini", [{"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "get_weather", "arguments": _CITY}}]}, "finishReason": "STOP"}]}],
     "$.candidates[0].content.parts[0].functionCall", "arguments", "args"),
    ("ollama", [
        {"model": "m", "created_at": "2025-01-01T00:00:00Z", "message": {"role": "assistant", "content": "", "tool_calls": [
            {"function": {"name": "get_weather", "args": _CITY}}]}, "done": False},
        {"model": "m", "created_at": "2025-01-01T00:00:01Z", "message": {"role": "assistant", "content": ""},
         "done": True, "done_reason": "stop"}], "$.message.tool_calls[0].function", "args", "arguments"),
    ("cohere.v2", [
        {"type": "message-start", "id": "x", "delta": {"message": {"role": "assistant"}}},
        {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
            "id": "get_weather_abcdefghijkl", "type": "function", "function": {"name": "get_weather", "args": _CITY}}}}},
        {"type": "tool-call-end", "index": 0},
        {"type": "message-end", "delta": {"finish_reason": "TOOL_CALL"}}],
     "$.delta.message.tool_calls.function", "args", "arguments"),
    ("cohere.v2", [
        {"type": "message-start", "id": "x", "delta": {"message": {"role": "assistant"}}},
        {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
            "id": "get_weather_abcdefghijkl", "type": "function", "function": {"name": "get_weather"}}}}},
        {"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": {"function": {"input": "{}"}}}}},
        {"type": "tool-call-end", "index": 0},
        {"type": "message-end", "delta": {"finish_reason": "TOOL_CALL"}}],
     "$.delta.message.tool_calls.function", "input", "arguments"),
]


@pytest.mark.parametrize(("dialect", "chunks", "at", "key", "own"), MISPLACED_STREAMS)
def test_arguments_under_another_key_make_the_streamed_call_invalid(dialect: str, chunks: List[Dict[str, Any]],
                                                                    at: str, key: str, own: str) -> None:
    for named in (dialect, None):
        calls = accumulate(chunks, named)
        assert len(calls) == 1 and isinstance(calls[0], InvalidToolCall), calls
        assert calls[0].name == "get_weather"
        assert calls[0].error.startswith(f"Tool call at {at} has no {own!r} but has {key!r}, which ")


@pytest.mark.parametrize("key", ["functionCall", "function_call"])
@pytest.mark.parametrize("index", [0, 1])
def test_a_gemini_streamed_call_under_a_misplaced_key_names_its_part(key: str, index: int) -> None:
    """The path said ``parts[*]``, and the candidate's ``index`` field where the chunk's
    list holds it at 0: ``decode_all`` names the part, its key as sent, for the same
    response (a ``GenerateContentResponse`` chunk, https://ai.google.dev/api/generate-content)."""
    chunk = {"candidates": [{"index": index, "content": {"role": "model", "parts": [
        {"text": "Let me check."}, {"text": " One moment."},
        {key: {"name": "get_weather", "arguments": _CITY}}]}, "finishReason": "STOP"}]}
    with pytest.raises(ArgumentsError) as exc:
        decode_all(chunk, "gemini")
    assert exc.value.message.startswith(f"Tool call at $.candidates[0].content.parts[2].{key} has no 'args' ")
    for named in ("gemini", None):
        [call] = accumulate([chunk], named)
        assert isinstance(call, InvalidToolCall) and call.error == exc.value.message
