"""The dialect-agnostic stream core (``stream/_core.py``) and the front doors
(``stream/_accumulate.py``): what an invalid call says and where, broken call bodies,
ids that arrive late, strings of path-built arguments still growing at the end, deltas
after their block's end, the finish reason of a stream without one, and the core's own
bookkeeping of open calls (its documented hot-path contract). Written from the
survivors of a sampled mutation run of these modules (docs/testing.md).

Chunk shapes: OpenAI Chat streaming
(https://platform.openai.com/docs/api-reference/chat-streaming), Anthropic streaming
(https://docs.anthropic.com/en/docs/build-with-claude/streaming), Bedrock
ConverseStream (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html)
and Vertex AI ``partialArgs``
(https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import DecodeError, InvalidToolCall, ToolCall, UnknownDialectError
from toolwire._args import DEFAULT_POLICY
from toolwire.stream import Accumulator, ArgsDelta, accumulate
from toolwire.stream._core import Core


def _chat(*tool_calls: Any, finish: Any = None) -> Dict[str, Any]:
    return {"object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {"tool_calls": list(tool_calls)}, "finish_reason": finish}]}


def test_a_call_over_the_size_limit_is_invalid_not_truncated() -> None:
    chunks = [_chat({"index": 0, "id": "call_1", "function": {"name": "f", "arguments": '{"a": "'}}),
              _chat({"index": 0, "function": {"arguments": "x" * 40}}),
              _chat({"index": 0, "function": {"arguments": '"}'}}, finish="tool_calls")]
    [bad] = accumulate(chunks, max_bytes=20)
    assert type(bad) is InvalidToolCall
    assert (bad.name, bad.id, bad.loc, bad.truncated, bad.error) == (
        "f", "call_1", "$.calls[0].arguments", False, "Arguments are over the limit of 20 characters")


def test_a_call_body_that_is_no_object_is_an_invalid_call_in_its_place() -> None:
    chunks = [_chat({"index": 0, "id": "call_1", "function": {"name": "f", "arguments": "{}"}}),
              _chat(5),
              _chat({"index": 2, "id": "call_3", "function": {"name": "g", "arguments": '{"b": 2}'}},
                    finish="tool_calls")]
    first, bad, last = accumulate(chunks)
    assert (first, last) == (ToolCall("f", {}, "call_1"), ToolCall("g", {"b": 2}, "call_3"))
    assert type(bad) is InvalidToolCall
    assert (bad.name, bad.id, bad.raw, bad.loc, bad.truncated, bad.error) == (
        None, None, None, "$.calls[1]", False, "The tool call at $.calls[1] is not an object: 5")


def test_an_id_that_arrives_late_is_found_by_later_deltas() -> None:
    """The name first, the id in a later delta, then deltas that carry only the id (no
    index): they continue that call, they do not start a nameless one."""
    chunks = [_chat({"index": 0, "function": {"name": "f", "arguments": ""}}),
              _chat({"index": 0, "id": "call_1"}),
              _chat({"id": "call_1", "function": {"arguments": '{"a": 1}'}}, finish="tool_calls")]
    assert accumulate(chunks) == [ToolCall("f", {"a": 1}, "call_1")]


_TOOL_USE = {"type": "content_block_start", "index": 0,
             "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}}
_ADDED = {"type": "response.output_item.added", "output_index": 0,
          "item": {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": ""}}
_CUSTOM = {"type": "response.output_item.added", "output_index": 0,
           "item": {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "f", "input": ""}}
_COHERE = {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
    "id": "f_abcdefghijkl", "type": "function", "function": {"name": "f", "arguments": ""}}}}}
_BEDROCK = {"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": "t1", "name": "f"}}}}

# (dialect, events with an argument delta that is no text (5) between two that are)
NOT_TEXT = [
    ("anthropic.messages", [_TOOL_USE, *({"type": "content_block_delta", "index": 0,
                                          "delta": {"type": "input_json_delta", "partial_json": p}}
                                         for p in ('{"a": 1', 5, "}")),
                            {"type": "content_block_stop", "index": 0}]),
    ("openai.responses", [_ADDED, *({"type": "response.function_call_arguments.delta", "output_index": 0,
                                     "item_id": "fc_1", "delta": p} for p in ('{"a": 1', 5, "}")),
                          {"type": "response.completed", "response": {"status": "completed"}}]),
    ("openai.responses", [_CUSTOM, *({"type": "response.custom_tool_call_input.delta", "output_index": 0,
                                      "item_id": "ctc_1", "delta": p} for p in ("ab", 5, "c")),
                          {"type": "response.completed", "response": {"status": "completed"}}]),
    ("cohere.v2", [_COHERE, *({"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": {
        "function": {"arguments": p}}}}} for p in ('{"a": 1', 5, "}")),
                   {"type": "tool-call-end", "index": 0}]),
    ("bedrock.converse", [_BEDROCK, *({"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {
        "input": p}}}} for p in ('{"a": 1', 5, "}")), {"contentBlockStop": {"contentBlockIndex": 0}}]),
]


@pytest.mark.parametrize(("dialect", "events"), NOT_TEXT, ids=[f"{d}-{i}" for i, (d, _) in enumerate(NOT_TEXT)])
def test_an_argument_delta_that_is_no_text_makes_its_call_invalid(dialect: str, events: List[Any]) -> None:
    """Skipped, it left ``{"a": 1}`` (or ``abc``): a call that runs without part of
    what the model sent."""
    [bad] = accumulate(events, dialect)
    assert type(bad) is InvalidToolCall
    assert (bad.name, bad.error) == ("f", "An argument delta is not text: 5")


def test_a_stream_of_another_dialect_names_the_one_asked_for() -> None:
    chunks = [{"type": "content_block_start", "index": 0,
               "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}},
              {"type": "content_block_stop", "index": 0}]
    with pytest.raises(DecodeError) as err:
        accumulate(chunks, "openai.chat")
    assert err.value.dialect == "openai.chat"


def test_a_stream_without_a_finish_reason_has_none() -> None:
    acc = Accumulator("openai.chat")
    acc.feed(_chat({"index": 0, "id": "call_1", "function": {"name": "f", "arguments": "{}"}}))
    assert acc.close() == [ToolCall("f", {}, "call_1")]
    assert acc.finish_reason is None


def test_server_calls_are_listed_apart() -> None:
    events = [
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}},
        {"type": "content_block_delta", "index": 0,
         "delta": {"type": "input_json_delta", "partial_json": '{"query": "x"}'}},
        {"type": "content_block_stop", "index": 0},
        {"type": "content_block_start", "index": 1,
         "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}},
        {"type": "content_block_stop", "index": 1},
    ]
    acc = Accumulator("anthropic.messages")
    for e in events:
        acc.feed(e)
    acc.close()
    assert [c.name for c in acc.calls] == ["f"]
    assert [(c.name, c.args, c.server) for c in acc.server_calls] == [("web_search", {"query": "x"}, True)]


def test_a_growing_string_still_open_at_the_end_of_its_call_is_joined() -> None:
    """Vertex ``partialArgs``: a string value in pieces whose last piece still says
    ``willContinue`` when its call ends was cut off (an ``InvalidToolCall``, truncated);
    accepted with ``allow_truncated=True``, it is joined whole, not cut to its first piece."""
    def part(call: Dict[str, Any]) -> Dict[str, Any]:
        return {"candidates": [{"index": 0, "content": {"role": "model", "parts": [{"functionCall": call}]}}]}

    chunks = [part({"name": "f", "willContinue": True}),
              part({"partialArgs": [{"jsonPath": "$.city", "stringValue": "Pa", "willContinue": True}],
                    "willContinue": True}),
              part({"partialArgs": [{"jsonPath": "$.city", "stringValue": "ri", "willContinue": True}],
                    "willContinue": True}),
              part({"partialArgs": [{"jsonPath": "$.city", "stringValue": "s", "willContinue": True}]})]
    [cut] = accumulate(chunks, "gemini")
    assert type(cut) is InvalidToolCall and cut.truncated and cut.name == "f"
    [call] = accumulate(chunks, "gemini", allow_truncated=True)
    assert (call.name, call.args, call.repairs) == ("f", {"city": "Paris"}, ("truncated",))


def test_a_delta_after_its_block_ended_is_not_dropped() -> None:
    """Bedrock: an ``input`` object delta at an index whose block already stopped starts
    a call there (nameless: invalid), never lands on the finished call or vanishes."""
    events: List[Dict[str, Any]] = [
        {"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": "t1", "name": "f"}}}},
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": '{"a": 1}'}}}},
        {"contentBlockStop": {"contentBlockIndex": 0}},
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": {"b": 2}}}}},
        {"contentBlockStop": {"contentBlockIndex": 0}},
        {"messageStop": {"stopReason": "tool_use"}},
    ]
    first, late = accumulate(events, "bedrock.converse")
    assert first == ToolCall("f", {"a": 1}, "t1")
    assert type(late) is InvalidToolCall and late.error == "The stream never gave this call a name"


def test_the_core_keeps_open_calls_only() -> None:
    """The hot-path contract: ``by_key`` and each scope's open calls hold open calls
    only (a finalized call leaves both, a broken body never enters them), so that a
    finish reason per chunk costs nothing per earlier call."""
    core = Core("openai.chat", DEFAULT_POLICY, False, False, False)
    c = core.new((0, 0), 0, "call_1", "f", False)
    assert core.by_key == {(0, 0): c} and core._open[0] == {0: c}
    core.end(c)
    assert core.by_key == {} and core._open[0] == {}
    core.broken(5, 0)
    assert core._open[0] == {} and [type(x.result) for x in core.calls] == [ToolCall, InvalidToolCall]


_ONE = [_chat({"index": 0, "id": "call_1", "function": {"name": "f", "arguments": "{}"}}, finish="tool_calls")]


def test_the_front_doors_errors() -> None:
    with pytest.raises(UnknownDialectError) as bad:
        accumulate(_ONE, 5)  # type: ignore[arg-type]
    assert bad.value.message == "A dialect is a name or a Dialect, got 5"
    with pytest.raises(UnknownDialectError) as none:
        accumulate(_ONE, "mcp")
    assert none.value.message == ("Dialect 'mcp' has no stream handler; streaming dialects: anthropic.messages, "
                                  "bedrock.converse, gemini, openai.responses, mistral, cohere.v2, ollama, openai.chat")
    acc = Accumulator()
    acc.feed(_ONE[0])
    acc.close()
    with pytest.raises(DecodeError) as closed:
        acc.feed(_ONE[0])
    assert closed.value.message == "The stream is closed; nothing can be fed after close()"


def test_preview_is_accepted_by_accumulate() -> None:
    assert accumulate(_ONE, preview=True) == [ToolCall("f", {}, "call_1")]


def test_a_block_started_again_at_its_index_ends_the_first_before_the_second_starts() -> None:
    start = {"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": "t1", "name": "f"}}}}
    again = {"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": "t2", "name": "g"}}}}
    acc = Accumulator("bedrock.converse")
    events = [type(e).__name__ for chunk in (start, again) for e in acc.feed(chunk)]
    assert events == ["CallStarted", "CallDone", "CallStarted"]


def test_a_whole_text_that_goes_on_from_the_deltas_gives_the_rest_as_a_delta() -> None:
    """Responses: deltas gave ``{"a": 1``, the ``.done`` event the whole ``{"a": 1}``: the
    part not seen yet (``}``) comes as one more ``ArgsDelta``."""
    acc = Accumulator("openai.responses")
    chunks = [_ADDED, *({"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1",
                         "delta": p} for p in ('{"a"', ": 1")),
              {"type": "response.function_call_arguments.done", "output_index": 0, "item_id": "fc_1",
               "arguments": '{"a": 1}'}]
    texts = [e.delta for chunk in chunks for e in acc.feed(chunk) if type(e) is ArgsDelta]
    assert texts == ['{"a"', ": 1", "}"]


def test_calls_without_index_or_id_but_with_names_are_separate() -> None:
    chunks = [_chat({"function": {"name": "f", "arguments": "{}"}}),
              _chat({"function": {"name": "g", "arguments": '{"b": 2}'}}, finish="tool_calls")]
    assert accumulate(chunks) == [ToolCall("f", {}, None), ToolCall("g", {"b": 2}, None)]


def test_every_open_call_of_a_choice_ends_at_its_finish_reason() -> None:
    """Both calls end at ``finish_reason``: the first, with no argument text, is ``{}``
    (empty arguments), not a call cut off by the end of the stream."""
    chunks = [_chat({"index": 0, "id": "call_1", "function": {"name": "f", "arguments": ""}}),
              _chat({"index": 1, "id": "call_2", "function": {"name": "g", "arguments": '{"b": 2}'}}),
              _chat(finish="tool_calls")]
    f, g = accumulate(chunks)
    assert (f, f.repairs, g) == (ToolCall("f", {}, "call_1"), ("empty-arguments",), ToolCall("g", {"b": 2}, "call_2"))


def test_a_call_that_never_got_a_name_keeps_its_text() -> None:
    chunks = [_chat({"index": 0, "id": "call_1", "function": {"arguments": '{"a": 1}'}}, finish="tool_calls")]
    [bad] = accumulate(chunks)
    assert type(bad) is InvalidToolCall
    assert (bad.name, bad.id, bad.raw, bad.loc) == (None, "call_1", '{"a": 1}', "$.calls[0].name")


def test_an_empty_id_is_no_id() -> None:
    events = [{"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": "", "name": "f"}}}},
              {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": "{}"}}}},
              {"contentBlockStop": {"contentBlockIndex": 0}}]
    [call] = accumulate(events, "bedrock.converse")
    assert (call.name, call.id) == ("f", None)


def test_a_whole_call_with_argument_text_gives_that_text_as_a_delta() -> None:
    """Ollama: a call that arrives whole, its arguments as text (some proxies): one
    ``ArgsDelta`` with the text, then the call (as streamed calls give them)."""
    acc = Accumulator("ollama")
    chunk = {"model": "m", "message": {"role": "assistant", "content": "",
                                       "tool_calls": [{"function": {"name": "f", "arguments": '{"a": 1}'}}]},
             "done": False}
    events = acc.feed(chunk)
    assert [(type(e).__name__, getattr(e, "delta", None)) for e in events] == [
        ("CallStarted", None), ("ArgsDelta", '{"a": 1}'), ("CallDone", None)]
    [call] = acc.close()
    assert (call.name, call.args, call.raw) == ("f", {"a": 1}, '{"a": 1}')


_CUT_AND_SERVER = [
    {"type": "content_block_start", "index": 0,
     "content_block": {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '{"query": "x"}'}},
    {"type": "content_block_stop", "index": 0},
    {"type": "content_block_start", "index": 1,
     "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '{"a": "b'}},
    {"type": "content_block_stop", "index": 1},
    {"type": "message_delta", "delta": {"stop_reason": "max_tokens"}},
]


@pytest.mark.parametrize("form", ["list", "iterator", "tuple"])
def test_accumulate_takes_its_keywords_whatever_the_form_of_the_chunks(form: str) -> None:
    """A list takes the direct path, other iterables an ``Accumulator``: both honour the
    policy keywords and ``include_server``."""
    def chunks() -> Any:
        return {"list": list, "iterator": iter, "tuple": tuple}[form](_CUT_AND_SERVER)

    [cut] = accumulate(chunks())
    assert isinstance(cut, InvalidToolCall) and cut.truncated
    [kept] = accumulate(chunks(), allow_truncated=True)
    assert isinstance(kept, ToolCall) and kept.args == {} and "truncated" in kept.repairs  # "b" was cut
    server, client = accumulate(chunks(), include_server=True, allow_truncated=True)
    assert (server.name, server.server, client.name) == ("web_search", True, "f")
