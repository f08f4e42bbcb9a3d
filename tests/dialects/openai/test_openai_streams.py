"""OpenAI streams against hand-written chunks and events: Chat ``chat.completion.chunk``
and Responses typed events, read (calls, events, text, finish reason) and written
(``encode_stream``), with the stream readers' detection.

Shapes from:
- https://platform.openai.com/docs/api-reference/chat-streaming (``choices[].delta``
  with ``tool_calls[]`` items ``index``, ``id``, ``type``, ``function.{name, arguments}``;
  ``finish_reason``);
- https://learn.microsoft.com/azure/ai-foundry/openai/concepts/content-filter (Azure's
  first chunk: ``choices: []`` with ``prompt_filter_results``);
- https://platform.openai.com/docs/api-reference/responses-streaming
  (``response.output_item.added`` / ``.done``, ``response.function_call_arguments.delta``
  / ``.done``, ``response.custom_tool_call_input.delta``, ``response.output_text.delta``,
  ``response.completed`` / ``.incomplete`` / ``.failed``).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.dialects.openai import chat_stream, chat_stream_args, responses_stream
from toolwire.stream import Accumulator, ArgsDelta, CallDone, CallStarted, accumulate, detect_stream, encode_stream

C = "openai.chat"
R = "openai.responses"


def ch(delta: Dict[str, Any], finish: Any = None, index: Any = 0) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
            "choices": [{"index": index, "delta": delta, "finish_reason": finish}]}


HEAD = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
CHAT_STREAM = [
    ch({"role": "assistant", "content": None, "tool_calls": [HEAD]}),
    ch({"tool_calls": [{"index": 0, "function": {"arguments": '{"city": '}}]}),
    ch({"tool_calls": [{"index": 0, "function": {"arguments": '"Zürich"}'}}]}),
    ch({}, "tool_calls"),
]
WEATHER = ToolCall(name="get_weather", args={"city": "Zürich"}, id="call_1")


def _fed(chunks: List[Any], **kw: Any) -> Any:
    acc = Accumulator(**kw)
    events = [e for c in chunks for e in acc.feed(c)]
    calls = acc.close()
    return calls, events, acc.finish_reason, acc.text


# --- Chat --------------------------------------------------------------------------------------


def test_chat_stream_calls_events_and_finish_reason() -> None:
    assert accumulate(CHAT_STREAM) == [WEATHER]
    calls, events, finish, text = _fed(CHAT_STREAM)
    assert calls == [WEATHER]
    assert events == [CallStarted(0, "call_1", "get_weather"), ArgsDelta(0, "call_1", '{"city": '),
                      ArgsDelta(0, "call_1", '"Zürich"}'), CallDone(0, WEATHER)]
    assert (finish, text) == ("tool_calls", "")


def test_chat_stream_text_and_a_legacy_function_call() -> None:
    chunks = [ch({"role": "assistant", "content": "Je "}), ch({"content": "regarde"}), ch({"content": ""}),
              ch({"function_call": {"name": "f", "arguments": ""}}), ch({"function_call": {"arguments": '{"a": "é"}'}}),
              ch({}, "function_call")]
    calls, _, finish, text = _fed(chunks)
    assert (calls, finish, text) == ([ToolCall(name="f", args={"a": "é"})], "function_call", "Je regarde")
    assert accumulate(chunks) == [ToolCall(name="f", args={"a": "é"})]


def test_chat_stream_arguments_as_an_object_are_their_json_text() -> None:
    # llama.cpp sends ``arguments`` as an object
    chunks = [ch({"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                  "function": {"name": "f", "arguments": {"q": "東京"}}}]}), ch({}, "tool_calls")]
    assert accumulate(chunks) == [ToolCall(name="f", args={"q": "東京"}, id="call_1")]


def test_chat_stream_without_index() -> None:
    # Mistral / Gemini's OpenAI endpoint: whole calls without index; then a continuation without index
    whole = [ch({"tool_calls": [{"id": "a", "function": {"name": "f", "arguments": "{}"}},
                                {"id": "b", "function": {"name": "g", "arguments": '{"x": 1}'}}]}), ch({}, "tool_calls")]
    assert accumulate(whole) == [ToolCall(name="f", id="a"), ToolCall(name="g", args={"x": 1}, id="b")]
    pieces = [ch({"tool_calls": [{"id": "a", "function": {"name": "f", "arguments": '{"x"'}}]}),
              ch({"tool_calls": [{"function": {"arguments": ""}}]}),
              ch({"tool_calls": [{"function": {"arguments": ": 1}"}}]}), ch({}, "stop")]
    for run in (accumulate(pieces), _fed(pieces)[0]):
        assert run == [ToolCall(name="f", args={"x": 1}, id="a")]


def test_chat_stream_odd_indexes_go_to_the_general_reader() -> None:
    chunks = [ch({"tool_calls": [HEAD]}), ch({"tool_calls": [{"index": "0", "function": {"arguments": '{"city": "Zürich"}'}}]}),
              ch({}, "tool_calls")]
    # an index that is not an int is no index: the call its choice started last
    assert accumulate(chunks) == [WEATHER]


def test_chat_stream_custom_tool_call() -> None:
    chunks = [ch({"tool_calls": [{"index": 0, "id": "call_1", "type": "custom",
                                  "custom": {"name": "sql", "input": "SELECT 'é'"}}]}), ch({}, "tool_calls")]
    assert accumulate(chunks) == [ToolCall(name="sql", args={"input": "SELECT 'é'"}, id="call_1")]


def test_chat_stream_over_the_limit_is_an_invalid_call() -> None:
    (bad,) = accumulate(CHAT_STREAM, max_bytes=12)
    assert bad == InvalidToolCall(name="get_weather", id="call_1", error="Arguments are over the limit of 12 characters",
                                  loc="$.calls[0].arguments")


def test_chat_stream_item_that_is_not_an_object_is_an_invalid_call_in_its_place() -> None:
    """Never skipped: a skipped item would hand over its siblings as the whole answer."""
    chunks = [ch({"role": "assistant", "tool_calls": [5, HEAD]}), *CHAT_STREAM[1:]]
    for calls in (accumulate(chunks), _fed(chunks)[0]):
        assert calls == [InvalidToolCall(error="The tool call at $.calls[0] is not an object: 5", loc="$.calls[0]"),
                         WEATHER]
    _, events, _, _ = _fed(chunks)
    assert [type(e).__name__ for e in events][:2] == ["CallStarted", "CallDone"]


def test_chat_stream_two_choices_and_odd_choices() -> None:
    chunks = [
        {"object": "chat.completion.chunk", "choices": [], "prompt_filter_results": []},  # Azure's first chunk
        {"object": "chat.completion.chunk", "choices": "x"},
        {"object": "chat.completion.chunk", "choices": [
            {"index": 0, "delta": {"tool_calls": [HEAD]}, "finish_reason": None},
            "not a choice",
            {"index": 1, "delta": {"tool_calls": [dict(HEAD, id="call_2")]}, "finish_reason": None}]},
        {"object": "chat.completion.chunk", "choices": [
            {"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": '{"city": "Zürich"}'}}]}},
            {"index": "1", "delta": {"content": "ignored scope"}}, {"delta": None, "message": {"content": "!"}}]},
        {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"},
                                                         {"index": 1, "delta": {}, "finish_reason": "tool_calls"}]},
    ]
    calls, _, finish, text = _fed(chunks)
    assert calls == [WEATHER]
    assert (finish, text) == ("tool_calls", "")  # the first choice's: the other choices' text is not mixed in


@pytest.mark.parametrize(
    ("chunk", "expected"),
    [
        ({"object": "chat.completion.chunk"}, True),
        ({"choices": [], "prompt_filter_results": []}, True),
        ({"choices": [], "usage": {"total_tokens": 3}}, True),
        ({"choices": [], "object": ""}, True),
        ({"choices": []}, False),
        ({"choices": [{"delta": {}}]}, True),
        ({"choices": [{"message": {}}]}, False),
        ({"choices": ["x"]}, False),
        ({"choices": "x", "usage": {}}, False),
        ({"object": "chat.completion"}, False),
    ],
)
def test_chat_stream_detect(chunk: Dict[str, Any], expected: bool) -> None:
    assert chat_stream.detect(chunk) is expected
    assert (detect_stream(chunk) == C) is expected


def test_chat_stream_text_of_an_argument_value() -> None:
    assert chat_stream_args.text_of(None) is None
    assert chat_stream_args.text_of("x") == "x"
    assert chat_stream_args.text_of({"q": "東京", "n": 1}) == '{"q":"東京","n":1}'
    assert chat_stream_args.text_of({1, 2}) == "{1, 2}"


def test_chat_stream_encode() -> None:
    calls = [ToolCall(name="f", args={"a": "é"}, id="call_1"), ToolCall(name="g", args={})]
    g_id = toolwire.encode(calls[1], C, position=1)["id"]  # an id-less call gets the id encode makes

    def chunk(tool_calls: Any, finish: Any = None) -> Dict[str, Any]:
        delta = {"tool_calls": tool_calls} if tool_calls is not None else {}
        return {"id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 1764460800, "model": "gpt-4o",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    def first(tool_calls: Any, finish: Any = None) -> Dict[str, Any]:  # the role on the first delta, as OpenAI
        made = chunk(tool_calls, finish)  # sends it (every recorded Chat stream)
        made["choices"][0]["delta"] = {"role": "assistant", **made["choices"][0]["delta"]}
        return made

    assert encode_stream(calls, C, split=4, interleave=True) == [
        first([{"type": "function", "function": {"name": "f", "arguments": ""}, "id": "call_1", "index": 0}]),
        chunk([{"type": "function", "function": {"name": "g", "arguments": ""}, "id": g_id, "index": 1}]),
        chunk([{"function": {"arguments": '{"a"'}, "index": 0}]),
        chunk([{"function": {"arguments": "{}"}, "index": 1}]),
        chunk([{"function": {"arguments": ':"é"'}, "index": 0}]),
        chunk([{"function": {"arguments": "}"}, "index": 0}]),
        chunk(None, "tool_calls"),
    ]
    assert encode_stream(calls, C, split=4) == [
        first([{"type": "function", "function": {"name": "f", "arguments": ""}, "id": "call_1", "index": 0}]),
        chunk([{"function": {"arguments": '{"a"'}, "index": 0}]),
        chunk([{"function": {"arguments": ':"é"'}, "index": 0}]),
        chunk([{"function": {"arguments": "}"}, "index": 0}]),
        chunk([{"type": "function", "function": {"name": "g", "arguments": ""}, "id": g_id, "index": 1}]),
        chunk([{"function": {"arguments": "{}"}, "index": 1}]),
        chunk(None, "tool_calls"),
    ]
    assert encode_stream(calls[:1], C, with_index=False, finish_reason="stop") == [
        first([{"type": "function", "function": {"name": "f", "arguments": ""}, "id": "call_1"}]),
        chunk([{"function": {"arguments": '{"a":"é"}'}}]),
        chunk(None, "stop"),
    ]
    assert encode_stream([], C) == [first(None, "stop")]  # no call: the plain stop reason


# --- Responses ------------------------------------------------------------------------------------

ITEM = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": "",
        "status": "in_progress"}
DONE = dict(ITEM, arguments='{"city": "Zürich"}', status="completed")
RESP_STREAM = [
    {"type": "response.created", "sequence_number": 0,
     "response": {"id": "resp_1", "object": "response", "status": "in_progress", "output": []}},
    {"type": "response.output_item.added", "sequence_number": 1, "output_index": 0, "item": ITEM},
    {"type": "response.function_call_arguments.delta", "sequence_number": 2, "item_id": "fc_1", "output_index": 0,
     "delta": '{"city": '},
    {"type": "response.function_call_arguments.delta", "sequence_number": 3, "item_id": "fc_1", "output_index": 0,
     "delta": '"Zürich"}'},
    {"type": "response.function_call_arguments.done", "sequence_number": 4, "item_id": "fc_1", "output_index": 0,
     "arguments": '{"city": "Zürich"}'},
    {"type": "response.output_item.done", "sequence_number": 5, "output_index": 0, "item": DONE},
    {"type": "response.completed", "sequence_number": 6,
     "response": {"id": "resp_1", "object": "response", "status": "completed", "output": [DONE]}},
]
KEPT = {R: {"id": "fc_1", "status": "completed"}}


def test_responses_stream_calls_events_and_provider_data() -> None:
    (call,) = accumulate(RESP_STREAM)
    assert (call, dict(call.provider_data)) == (WEATHER, KEPT)
    assert toolwire.encode(call, R) == DONE
    calls, events, finish, text = _fed(RESP_STREAM)
    assert [dict(c.provider_data) for c in calls] == [KEPT]
    assert events == [CallStarted(0, "call_1", "get_weather"), ArgsDelta(0, "call_1", '{"city": '),
                      ArgsDelta(0, "call_1", '"Zürich"}'), CallDone(0, WEATHER)]
    assert (calls, finish, text) == ([WEATHER], "completed", "")


def test_responses_stream_general_reader_gives_the_same() -> None:
    # item ids that change between events (some servers), an unknown event, a delta that is not text
    chunks = [
        {"type": "response.output_item.added", "output_index": 0, "item": dict(ITEM, arguments='{"city"')},
        {"type": "response.function_call_arguments.delta", "item_id": "x1", "output_index": 0, "delta": ": "},
        {"type": "response.function_call_arguments.delta", "item_id": "x2", "output_index": 0, "delta": None},
        {"type": "response.future_event", "output_index": 0},
        {"type": "response.function_call_arguments.delta", "item_id": "x3", "output_index": 0, "delta": '"Zürich"}'},
        {"type": "response.output_item.done", "output_index": 0, "item": dict(DONE, namespace="w")},
        {"type": "response.completed", "response": {"status": "completed", "incomplete_details": None}},
    ]
    for run in (accumulate(chunks), _fed(chunks)[0]):
        assert [(c, dict(c.provider_data)) for c in run] == [
            (WEATHER, {R: {"id": "fc_1", "status": "completed", "namespace": "w"}})]


def test_responses_stream_arguments_done_without_deltas_or_name() -> None:
    # LM Studio: ``.arguments.done`` without a delta before it, the name only on the item
    chunks = [
        {"type": "response.output_item.added", "output_index": 0, "item": dict(ITEM, name="")},
        {"type": "response.function_call_arguments.done", "output_index": 0, "arguments": '{"a": "é"}', "name": "f"},
        {"type": "response.output_item.done", "output_index": 0, "item": dict(ITEM, name="f", arguments='{"a": "é"}')},
        {"type": "response.completed", "response": {"status": "completed"}},
    ]
    for run in (accumulate(chunks), _fed(chunks)[0]):
        assert run == [ToolCall(name="f", args={"a": "é"}, id="call_1")]


def test_responses_stream_custom_tool_call_and_incomplete() -> None:
    ci = {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_2", "name": "sql", "input": "", "status": "in_progress"}
    head = [{"type": "response.output_item.added", "output_index": 1, "item": ci},
            {"type": "response.custom_tool_call_input.delta", "output_index": 1, "item_id": "ctc_1", "delta": "SELECT "},
            {"type": "response.custom_tool_call_input.delta", "output_index": 1, "item_id": "ctc_1", "delta": "'é'"}]
    end = {"type": "response.incomplete", "response": {"status": "incomplete",
                                                        "incomplete_details": {"reason": "max_output_tokens"}}}
    sql = ToolCall(name="sql", args={"input": "SELECT 'é'"}, id="call_2")
    with_input = [*head, {"type": "response.output_item.done", "output_index": 1,
                          "item": dict(ci, input="SELECT 'é'", status="completed")}, end]
    # the last call of a reply cut at max_output_tokens: cut off though its item says completed
    # (vLLM says so of every item: vllm-project/vllm#57998); accepted with allow_truncated
    (cut,) = accumulate(with_input)
    assert type(cut) is InvalidToolCall and cut.truncated and (cut.name, cut.id) == ("sql", "call_2")
    calls, _, finish, _ = _fed(with_input, allow_truncated=True)
    assert ([(c, dict(c.provider_data)) for c in calls], finish) == (
        [(sql, {R: {"id": "ctc_1", "status": "completed", "custom": True}})], "max_output_tokens")
    assert calls[0].repairs == ("truncated",)
    assert toolwire.encode(calls[0], R) == dict(ci, input="SELECT 'é'", status="completed")
    without = dict(ci, status="completed")
    del without["input"]
    done = [*head, {"type": "response.output_item.done", "output_index": 1, "item": without}, end]
    assert accumulate(done, allow_truncated=True) == [sql]
    (over,) = accumulate(with_input, max_bytes=8)
    assert over == InvalidToolCall(name="sql", id="call_2", error="Custom tool input is over the limit of 8 characters",
                                   loc="$.calls[0].arguments")
    (whole_over,) = accumulate([head[0], with_input[3]], max_bytes=8)
    assert whole_over.error == "Custom tool input is over the limit of 8 characters"


def test_responses_stream_server_items_text_and_failure() -> None:
    ws = {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "météo"}}
    chunks = [
        {"type": "response.output_item.added", "output_index": 0, "item": dict(ws, status="in_progress")},
        {"type": "response.output_item.done", "output_index": 0, "item": ws},
        {"type": "response.output_item.done", "output_index": 1,
         "item": {"type": "tool_search_call", "execution": "client", "arguments": {}}},  # (replayed: no id)
        {"type": "response.output_item.done", "output_index": 2, "item": {"type": "message", "id": "msg_1"}},
        {"type": "response.output_text.delta", "output_index": 3, "delta": "Voilà"},
        {"type": "response.failed", "response": {"status": "failed"}},
    ]
    acc = Accumulator(include_server=True)
    for c in chunks:
        acc.feed(c)
    (web,) = acc.close()
    assert (web.name, web.args, web.id, web.server) == ("web_search", {"action": {"type": "search", "query": "météo"}},
                                                        "ws_1", True)
    assert (acc.finish_reason, acc.text) == ("failed", "Voilà")
    # the whole item is kept, as the non-streaming decoder keeps it: the re-encode is the item
    assert dict(web.provider_data) == {R: {"item": ws}}
    assert toolwire.encode(web, R) == ws
    # without the server call: a failed reply whose calls are lost, as ``decode_all`` reads the whole reply
    (lost,) = accumulate(chunks)
    assert [lost] == toolwire.decode_all({"object": "response", "status": "failed", "output": [ws]}, R, invalid="keep")
    assert type(lost) is InvalidToolCall and lost.error.endswith("any calls the model made are lost")


@pytest.mark.parametrize(
    ("chunk", "expected"),
    [({"type": "response.created"}, True), ({"type": "response.anything_new"}, True), ({"type": "response"}, False),
     ({"type": "message_start"}, False), ({"type": 5}, False), ({}, False)],
)
def test_responses_stream_detect(chunk: Dict[str, Any], expected: bool) -> None:
    assert responses_stream.detect(chunk) is expected


def test_responses_stream_encode() -> None:
    call = ToolCall(name="f", args={"a": "é"}, id="call_1")
    item = {"id": "fc_0", "type": "function_call", "status": "in_progress", "arguments": "", "call_id": "call_1", "name": "f"}
    done = dict(item, status="completed", arguments='{"a":"é"}')
    response = {"id": "resp_0", "object": "response", "created_at": 1764460800, "model": "gpt-5",
                "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}
    assert encode_stream([call], R, split=4) == [
        {"type": "response.created", "sequence_number": 0, "response": dict(response, status="in_progress", output=[])},
        {"type": "response.output_item.added", "sequence_number": 1, "output_index": 0, "item": item},
        {"type": "response.function_call_arguments.delta", "sequence_number": 2, "item_id": "fc_0", "output_index": 0,
         "delta": '{"a"'},
        {"type": "response.function_call_arguments.delta", "sequence_number": 3, "item_id": "fc_0", "output_index": 0,
         "delta": ':"é"'},
        {"type": "response.function_call_arguments.delta", "sequence_number": 4, "item_id": "fc_0", "output_index": 0,
         "delta": "}"},
        {"type": "response.function_call_arguments.done", "sequence_number": 5, "item_id": "fc_0", "output_index": 0,
         "name": "f", "arguments": '{"a":"é"}'},
        {"type": "response.output_item.done", "sequence_number": 6, "output_index": 0, "item": done},
        {"type": "response.completed", "sequence_number": 7, "response": dict(response, status="completed",
                                                                              output=[done])},
    ]


def test_responses_stream_custom_input_that_is_not_text_is_an_invalid_call() -> None:
    # the non-streaming decoder refuses it ("Custom tool input at $.input must be text"); never an empty input
    added = {"type": "response.output_item.added", "output_index": 0,
             "item": {"type": "custom_tool_call", "call_id": "call_1", "name": "sql"}}
    done = {"type": "response.output_item.done", "output_index": 0,
            "item": {"type": "custom_tool_call", "call_id": "call_1", "name": "sql", "input": 5}}
    assert accumulate([added, done]) == [
        InvalidToolCall(name="sql", id="call_1", error="Custom tool input must be text, got 5", loc="$.calls[0].arguments")]
    # without ``input`` (the deltas carried it, or there were none): the deltas' text
    bare = {"type": "response.output_item.done", "output_index": 0,
            "item": {"type": "custom_tool_call", "call_id": "call_1", "name": "sql"}}
    assert accumulate([added, bare]) == [ToolCall(name="sql", args={"input": ""}, id="call_1")]


def test_chat_stream_custom_call_without_input_has_empty_input() -> None:
    chunks = [ch({"tool_calls": [{"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "sql"}}]}),
              ch({}, "tool_calls")]
    assert accumulate(chunks) == [ToolCall(name="sql", args={"input": ""}, id="call_1")]


@pytest.mark.parametrize("first", [CHAT_STREAM[0], RESP_STREAM[1]], ids=["chat", "responses"])
@pytest.mark.parametrize(
    ("bad", "message"),
    [(5, "Stream chunk at $[1] is not an object: 5"),
     ("data: {bad\n\n", "Stream data at $[1][0] is not JSON (key must be a string at line 1 column 2): '{bad'")],
    ids=["number", "bad-sse"],
)
def test_a_bad_chunk_after_the_first_raises_the_readers_error_unchanged(first: Any, bad: Any, message: str) -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        accumulate([first, bad])
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == (message, message.split()[3], None)


def _chunk(*choices: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
            "choices": list(choices)}


CUT = ("Arguments at $.calls[0].arguments are empty and the reply stopped at its token limit (length): "
       "the call was cut off; pass allow_truncated=True to accept it")


@pytest.mark.parametrize("together", [False, True], ids=["own-chunks", "one-chunk"])
def test_chat_stream_several_choices_the_first_choice_is_judged_by_its_own_finish_reason(together: bool) -> None:
    """n=2 (https://platform.openai.com/docs/api-reference/chat-streaming): choice 0 stops
    at its token limit with its call's arguments empty, choice 1 ends later with
    ``stop``. The reply's last finish reason is ``stop``, but choice 0's call is cut off;
    the stream's text and finish reason are choice 0's (never a mix of choices)."""
    call = {"index": 0, "delta": {"tool_calls": [HEAD]}, "finish_reason": None}
    other = {"index": 1, "delta": {"content": "Hallo"}, "finish_reason": None}
    end0 = {"index": 0, "delta": {}, "finish_reason": "length"}
    end1 = {"index": 1, "delta": {}, "finish_reason": "stop"}
    chunks = ([_chunk(other, call), _chunk(end0, end1)] if together
              else [_chunk(other), _chunk(call), _chunk(end0), _chunk(end1)])
    calls, _, finish, text = _fed(chunks)
    assert (finish, text) == ("length", "")
    assert calls == [InvalidToolCall(name="get_weather", id="call_1", error=CUT, loc="$.calls[0].arguments",
                                     truncated=True)]
    assert accumulate(chunks) == calls
    # the other way round: choice 0 ended with its calls, choice 1 at the limit; the empty
    # arguments of choice 0 are {} (a tool without parameters), not cut off
    chunks = [_chunk(call), _chunk(dict(end0, finish_reason="tool_calls")), _chunk(other), _chunk(dict(end1, finish_reason="length"))]
    calls, _, finish, _ = _fed(chunks)
    assert finish == "tool_calls"
    assert [(type(c).__name__, c.name, c.args, c.repairs) for c in calls] == [
        ("ToolCall", "get_weather", {}, ("empty-arguments",))]


def test_responses_stream_arguments_on_the_added_item_are_the_start_of_its_text() -> None:
    """An ``output_item.added`` whose item already holds ``arguments`` (servers that send
    the first piece with the item): that text comes first, before the deltas, in the
    events and in the call (here cut off: no end event came)."""
    chunks = [
        {"type": "response.output_item.added", "output_index": 0, "item": dict(ITEM, arguments='{"city": ')},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0, "delta": '"Zürich"}'},
        {"type": "response.incomplete",
         "response": {"status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}}},
    ]
    calls, events, finish, _ = _fed(chunks)
    assert events == [CallStarted(0, "call_1", "get_weather"), ArgsDelta(0, "call_1", '{"city": '),
                      ArgsDelta(0, "call_1", '"Zürich"}')]
    assert finish == "max_output_tokens"
    (call,) = calls
    assert type(call) is InvalidToolCall
    assert (call.name, call.id, call.raw, call.truncated) == ("get_weather", "call_1", '{"city": "Zürich"}', True)
    assert call.error == ("The stream ended before this call was complete (no end event; the reply's finish reason: "
                          "'max_output_tokens')")
    assert accumulate(chunks) == calls


def test_responses_stream_item_done_without_added_starts_the_call_with_its_call_id() -> None:
    """An ``output_item.done`` whose item was never ``added`` (a proxy that drops events)
    starts, fills and ends its call at once: its ``CallStarted`` carries the ``call_id``."""
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": '{"a":1}',
            "status": "completed"}
    acc = Accumulator(R)
    events = acc.feed({"type": "response.output_item.done", "output_index": 0, "item": item})
    call = ToolCall("f", {"a": 1}, "call_1")
    assert events == [CallStarted(0, "call_1", "f"), ArgsDelta(0, "call_1", '{"a":1}'), CallDone(0, call)]
    assert acc.close() == [call]


def test_chat_stream_choices_after_ones_that_are_not_objects_keep_their_position() -> None:
    """Without ``index``, a choice is the one at its position in ``choices`` (choices that
    are no object still take their places): a later chunk naming ``index: 2`` continues it."""
    head = {"index": 0, "id": "call_2", "type": "function", "function": {"name": "g", "arguments": '{"a":'}}
    rest = {"index": 0, "function": {"arguments": "1}"}}
    chunks = [{"object": "chat.completion.chunk", "choices": [None, "x", {"delta": {"tool_calls": [head]}}]},
              {"object": "chat.completion.chunk", "choices": [
                  {"index": 2, "delta": {"tool_calls": [rest]}, "finish_reason": "tool_calls"}]}]
    assert toolwire.stream.accumulate(chunks, C) == [ToolCall("g", {"a": 1}, "call_2")]


@pytest.mark.parametrize("empty", ["", None], ids=["empty-reasoning_content", "no-reasoning_content"])
def test_chat_stream_an_empty_reasoning_content_does_not_hide_reasoning(empty: Any) -> None:
    """A gateway writing both ``reasoning_content: ""`` and ``reasoning`` (vLLM's new name)
    reasons in a channel of its own all the same: a lone ``</think>`` in the text is then the
    answer's own words, as when ``reasoning_content`` is absent (hunt strands2 R1)."""
    def delta(d: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
        return _chunk({"index": 0, "delta": d, "finish_reason": finish})
    acc = Accumulator()
    for chunk in (delta({"role": "assistant", "content": "", "reasoning_content": empty, "reasoning": "plan"}),
                  delta({"content": "</think>ok"}), delta({}, "stop")):
        acc.feed(chunk)
    assert acc.text == "</think>ok"
