"""The less travelled paths of the OpenAI package, pinned on hand-written payloads: the
one-step readers' refusals (the general path then decides), the SDK attribute readers
on objects they cannot read, stream chunks that leave the readers' fast loops, and
history messages written back from what was decoded.

Shapes as in the sibling modules (https://platform.openai.com/docs/api-reference/chat,
https://platform.openai.com/docs/api-reference/responses,
https://platform.openai.com/docs/api-reference/chat-streaming,
https://platform.openai.com/docs/api-reference/responses-streaming).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall
from toolwire.conversation import (
    Conversation,
    Media,
    Message,
    Reasoning,
    Text,
    decode_conversation,
    encode_conversation,
)
from toolwire.dialects.openai import chat_plain, sdk
from toolwire.stream import accumulate

openai = pytest.importorskip("openai")
from openai._models import construct_type  # noqa: E402
from openai.types.chat import ChatCompletionMessageFunctionToolCall  # noqa: E402

C = "openai.chat"
R = "openai.responses"
PLAIN = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": "é"}'}}


# --- Chat one-step readers ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "item",
    [
        {"id": "call_1", "type": "custom", "function": {"name": "f", "arguments": "{}"}},
        {"id": "call_1", "index": 0, "function": {"name": "f", "arguments": "{}"}},
        {"id": "call_1", "type": "function", "function": {"name": "f", "args": "{}"}},
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}", "x": 1}},
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "[1]"}},
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{bad"}},
        {"id": "null", "type": "function", "function": {"name": "f", "arguments": "{}"}},
        {"id": "f_123456789012", "type": "function", "function": {"name": "f", "arguments": "{}"}},
        {"id": "x" * 41, "type": "function", "function": {"name": "f", "arguments": "{}"}},
        {"id": "", "type": "function", "function": {"name": "f", "arguments": "{}"}},
        {"id": "call_1", "type": "function", "function": {"name": "", "arguments": "{}"}},
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": {}}},
    ],
)
def test_the_one_step_reader_leaves_these_to_the_plan(item: Dict[str, Any]) -> None:
    assert chat_plain.decode_plain(item) is None


def test_the_one_step_reader_takes_the_plain_item() -> None:
    assert chat_plain.decode_plain(PLAIN) == ToolCall(name="f", args={"a": "é"}, id="call_1")
    empty = chat_plain.decode_plain({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}})
    assert empty is not None
    assert (empty.args, empty.repairs, dict(empty.provider_data)) == ({}, ("empty-arguments",), {C: {"arguments": ""}})
    assert chat_plain.decode_plain_fields("x" * 40, "f", "{}") == ToolCall(name="f", id="x" * 40)


def test_odd_items_decode_through_the_plan() -> None:
    call = toolwire.decode({"id": "call_1", "index": 0, "function": {"name": "f", "arguments": "{}"}}, C)
    assert (call.id, dict(call.provider_data)) == ("call_1", {C: {"extra": {"index": 0}, "no_type": True}})


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"choices": [{"message": {"role": "assistant", "content": "x"}}]}, []),
        ({"choices": [{"message": {"role": "assistant", "tool_calls": [PLAIN]}}]}, [ToolCall("f", {"a": "é"}, "call_1")]),
        ({"choices": [{"message": {"role": "user", "tool_calls": []}}]}, None),
        ({"choices": [{"message": {"role": "assistant", "type": "x"}}]}, None),
        ({"choices": [{"message": {"role": "assistant", "tool_calls": 5}}]}, None),
        ({"choices": [{"message": {"role": "assistant", "tool_calls": [5]}}]}, None),
        ({"choices": [{"message": {"role": "assistant", "tool_calls": [dict(PLAIN, id="")]}}]}, None),
        ({"choices": [{"message": {"role": "assistant", "tool_calls": [PLAIN]}, "finish_reason": "length"}]}, None),
        # another case of a word the walk judges (failed, cut off), and a word no table holds: the walk
        ({"choices": [{"message": {"role": "assistant", "tool_calls": [PLAIN]}, "finish_reason": "ERROR"}]}, None),
        ({"choices": [{"message": {"role": "assistant", "tool_calls": [PLAIN]}, "finish_reason": "LENGTH"}]}, None),
        ({"choices": [{"message": {"role": "assistant", "tool_calls": [PLAIN]}, "finish_reason": "abort"}]}, None),
        ({"choices": [{"message": {"role": "assistant", "tool_calls": [PLAIN]}, "finish_reason": "stop"}]},
         [ToolCall("f", {"a": "é"}, "call_1")]),
        ({"choices": [{"message": {"role": "assistant", "function_call": {"name": "f"}}}]}, None),
        ({"choices": [{"message": "x"}]}, None),
        ({"choices": ["x"]}, None),
        ({"choices": [{}, {}]}, None),
        ({"choices": "x"}, None),
    ],
)
def test_the_one_step_completion_reader(data: Dict[str, Any], expected: Any) -> None:
    assert chat_plain.decode_plain_completion(data) == expected


def test_a_chat_request_body_gives_the_calls_of_its_messages() -> None:
    body = {"messages": [{"role": "user", "content": "x"}, {"role": "assistant", "tool_calls": [PLAIN]}]}
    assert toolwire.decode_all(body, C) == [ToolCall("f", {"a": "é"}, "call_1")]
    assert toolwire.decode_all(body) == [ToolCall("f", {"a": "é"}, "call_1")]


def test_peek_reads_name_and_id_without_decoding() -> None:
    d = toolwire.get_dialect(C)
    assert d.peek(PLAIN) == ("f", "call_1")
    assert d.peek({"name": "g", "id": ""}) == ("g", None)
    assert d.peek({"function": 5, "name": "h"}) == ("h", None)
    assert toolwire.get_dialect(R).peek({"name": "f", "call_id": "call_1"}) == ("f", "call_1")


def test_chat_finish_of_a_completion() -> None:
    d = toolwire.get_dialect(C)
    assert d.finish({"choices": [5, {"finish_reason": ""}, {"finish_reason": "length"}]}) == "length"
    assert d.finish({"choices": "x"}) is None
    assert d.finish({"choices": [{"finish_reason": None}]}) is None


@pytest.mark.parametrize(
    ("data", "expected"),
    [({"status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}}, "max_output_tokens"),
     ({"status": "incomplete", "incomplete_details": {"reason": "content_filter"}}, "content_filter"),
     ({"status": "incomplete", "incomplete_details": {"reason": "steered"}}, "incomplete"),
     ({"status": "incomplete", "incomplete_details": None}, "incomplete"),
     ({"status": "completed", "incomplete_details": {"reason": "max_output_tokens"}}, None),
     ({}, None)],
)
def test_responses_finish_of_a_response(data: Dict[str, Any], expected: Any) -> None:
    assert toolwire.get_dialect(R).finish(data) == expected


# --- SDK attribute readers ------------------------------------------------------------------------


def test_sdk_call_reader_refuses_what_it_cannot_read_faithfully() -> None:
    extra = construct_type(type_=ChatCompletionMessageFunctionToolCall, value=dict(PLAIN, x_extra=1))
    assert sdk.read_object(extra) is None
    gap = ChatCompletionMessageFunctionToolCall.model_construct(id=None, type="function",
                                                                function={"name": "f", "arguments": "{}"})
    assert sdk.read_object(gap) is None
    assert sdk.read_object(object()) is None
    plain = construct_type(type_=ChatCompletionMessageFunctionToolCall, value=PLAIN)
    assert sdk.read_object(plain) == PLAIN
    # the extra field is read by the generic walk and kept
    call = toolwire.decode(extra)
    assert (call.id, dict(call.provider_data)) == ("call_1", {C: {"extra": {"x_extra": 1}}})


class _Choice:
    message = object()
    finish_reason = "stop"
    __pydantic_extra__ = None


class _Completion:
    object = "chat.completion"
    model = "gpt-4o"
    choices = [_Choice()]
    __pydantic_extra__ = None


class _Other:
    object = "thread.run"


def test_sdk_container_readers_refuse_other_objects() -> None:
    assert sdk.read_message(object()) is None
    assert sdk.read_completion(object()) is None
    assert sdk.read_response(object()) is None
    assert sdk.read_completion(_Other()) is None
    assert sdk.read_response(_Other()) is None
    assert sdk.read_completion(_Completion()) is None  # a choice whose message it cannot read


# --- streams: chunks that leave the fast loops ----------------------------------------------------


def ch(delta: Dict[str, Any], finish: Any = None, index: Any = 0) -> Dict[str, Any]:
    return {"object": "chat.completion.chunk", "choices": [{"index": index, "delta": delta, "finish_reason": finish}]}


HEAD = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}


def test_chat_stream_sse_text_among_dict_chunks() -> None:
    sse = "data: " + json.dumps(ch({"tool_calls": [{"index": 0, "function": {"arguments": '{"a": "é"}'}}]})) + "\n\n"
    assert accumulate([ch({"tool_calls": [HEAD]}), sse, ch({}, "tool_calls")]) == [ToolCall("f", {"a": "é"}, "call_1")]


def test_chat_stream_continuations_without_an_open_call() -> None:
    # a finish in a chunk of no pieces ends the choice's calls: a later piece opens none
    after_finish = [ch({"tool_calls": [{"id": "a", "function": {"name": "f", "arguments": "{}"}}]}), ch({}, "tool_calls"),
                    ch({"tool_calls": [{"function": {"arguments": "{}"}}]})]
    first, second = accumulate(after_finish)
    assert first == ToolCall("f", {}, "a")
    assert isinstance(second, InvalidToolCall)
    assert (second.name, second.id, second.error, second.loc) == (
        None, None, "The stream never gave this call a name", "$.calls[1].name")
    # a finish beside the pieces leaves the call open (LiteLLM's finish on every chunk): the
    # piece without index continues it (Mistral's index defaults to 0), `{}` then `{}` is `{}`
    beside = [ch({"tool_calls": [{"id": "a", "function": {"name": "f", "arguments": "{}"}}]}, "tool_calls"),
              ch({"tool_calls": [{"function": {"arguments": "{}"}}]})]
    (one,) = accumulate(beside)
    assert (one, one.repairs) == (ToolCall("f", {}, "a"), ("leading-empty-object",))
    other_choice = [ch({"tool_calls": [{"id": "a", "function": {"name": "f", "arguments": "{"}}]}),
                    ch({"tool_calls": [{"function": {"arguments": "}"}}]}, index=1), ch({}, "stop")]
    (cut,) = accumulate(other_choice)
    assert (cut.name, cut.id, cut.truncated) == ("f", "a", True)


@pytest.mark.parametrize(
    ("piece", "expected"),
    # a number is not text (docs/streaming.md rule 8); an object is the whole arguments, as llama.cpp sends them
    [(5, InvalidToolCall(name="f", id="call_1", error="An argument delta is not text: 5", loc="$.calls[0].arguments")),
     ({"a": "é"}, ToolCall("f", {"a": "é"}, "call_1"))],
)
def test_chat_stream_continuation_arguments_that_are_not_text(piece: Any, expected: Any) -> None:
    chunks = [ch({"tool_calls": [HEAD]}), ch({"tool_calls": [{"index": 0, "function": {"arguments": piece}}]}), ch({}, "stop")]
    (got,) = accumulate(chunks)
    if isinstance(expected, InvalidToolCall):
        assert isinstance(got, InvalidToolCall)
        assert (got.name, got.id, got.error, got.loc) == (expected.name, expected.id, expected.error, expected.loc)
    else:
        assert got == expected


def test_chat_stream_choice_index_that_is_a_bool_is_refused() -> None:
    # ``ChunkChoice.index: int``: read as its position, another choice's call joined this reply
    chunks = [ch({"tool_calls": [HEAD]}), ch({"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]}, index=True),
              ch({}, "stop")]
    with pytest.raises(DecodeError, match="Choice index at .* is neither an int nor a digit string: True") as info:
        accumulate(chunks)
    assert info.value.loc == "$[1].choices[0].index"


ITEM = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "", "status": "in_progress"}
ADD = {"type": "response.output_item.added", "output_index": 0, "item": ITEM}
KEPT = {R: {"id": "fc_1", "status": "in_progress"}}


def _delta(text: Any, index: Any = 0) -> Dict[str, Any]:
    return {"type": "response.function_call_arguments.delta", "output_index": index, "delta": text}


def _done(item: Any, index: Any = 0) -> Dict[str, Any]:
    return {"type": "response.output_item.done", "output_index": index, "item": item}


@pytest.mark.parametrize(
    ("chunks", "args", "kept"),
    [
        ([ADD, "data: " + json.dumps(_delta('{"a": "é"}')) + "\n\n", _done(dict(ITEM, arguments='{"a": "é"}'))],
         {"a": "é"}, KEPT),
        ([ADD, _delta(""), _delta("{}"), _done(dict(ITEM, arguments="{}", input="x"))], {}, KEPT),
        ([ADD, _delta("{}"), _done(dict(ITEM, arguments='{"b": 1}'))], {"b": 1}, KEPT),
        ([ADD, _delta("{}"), _done(dict(ITEM, arguments={"b": 1}))], {"b": 1}, KEPT),
        ([ADD, _delta("{}"), _done({"type": "function_call", "call_id": "call_1", "name": "f"})], {}, {}),
        ([dict(ADD, item=dict(ITEM, call_id="", name="")), _delta("{}"), _done(dict(ITEM, arguments="{}"))], {}, KEPT),
        ([{"type": "response.output_item.added", "item": ITEM}, {"type": "response.function_call_arguments.delta",
                                                                 "delta": "{}"},
          {"type": "response.output_item.done", "item": dict(ITEM, arguments="{}")}], {}, KEPT),
        ([dict(ADD, item=dict(ITEM, arguments='{"a"')), _delta(": 1}"), _done(dict(ITEM, arguments='{"a": 1}'))],
         {"a": 1}, KEPT),
        ([_done(dict(ITEM, arguments='{"a": 1}'))], {"a": 1}, KEPT),
        ([ADD, _done("x"), _done(dict(ITEM, arguments="{}"))], {}, KEPT),
        ([ADD, _delta("{}", True), _done(dict(ITEM, arguments="{}"))], {}, KEPT),
        ([ADD, {"type": "response.function_call_arguments.done", "output_index": 0, "arguments": "{}"},
          _done(dict(ITEM, arguments="{}"))], {}, KEPT),
    ],
    ids=["sse-text", "empty-delta-and-input-key", "done-text-wins", "done-object", "done-without-arguments",
         "name-and-id-from-done", "no-output-index", "text-on-added", "done-only", "odd-item",
         "bool-index", "arguments-done"],
)
def test_responses_stream_paths(chunks: List[Any], args: Dict[str, Any], kept: Dict[str, Any]) -> None:
    (call,) = accumulate(chunks)
    assert (call, dict(call.provider_data)) == (ToolCall("f", args, "call_1"), kept)


@pytest.mark.parametrize(
    ("end", "finish"),
    [({"type": "response.completed", "response": {"status": None}}, "completed"),
     ({"type": "response.completed", "response": "x"}, "completed"),
     ({"type": "response.completed", "response": {"status": "completed", "incomplete_details": {"reason": "x"}}}, "x"),
     ({"type": "response.incomplete", "response": {"status": "incomplete", "incomplete_details": {}}}, "incomplete"),
     ({"type": "response.failed"}, "failed")],
)
def test_responses_stream_finish_reasons(end: Dict[str, Any], finish: str) -> None:
    acc = toolwire.stream.Accumulator()
    for c in (ADD, _delta("{}"), _done(dict(ITEM, arguments="{}")), end):
        acc.feed(c)
    acc.close()
    assert acc.finish_reason == finish


# --- histories: messages written back from what was decoded ---------------------------------------


def test_decoded_media_moved_into_new_messages_is_written_as_received() -> None:
    chat_img = {"type": "image_url", "image_url": {"url": "https://example.com/a.png", "detail": "low"}}
    chat = decode_conversation({"messages": [{"role": "user", "content": [chat_img]}]}, C)
    media = chat.messages[0].parts[0]
    assert isinstance(media, Media)
    assert encode_conversation(Conversation([Message("user", [Text("voir"), media])]), C) == {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "voir"}, chat_img]}]}
    resp_img = {"type": "input_image", "image_url": "https://example.com/a.png", "detail": "high"}
    resp = decode_conversation({"input": [{"role": "user", "content": [resp_img]}]}, R)
    assert encode_conversation(Conversation([Message("user", [Text("voir"), resp.messages[0].parts[0]])]), R) == {
        "input": [{"role": "user", "content": [{"type": "input_text", "text": "voir"}, resp_img]}]}


@pytest.mark.parametrize(
    ("dialect", "reasoning"),
    [(C, Reasoning("r", C, {"reasoning_content": "r"})), (R, Reasoning("r", R, {"type": "reasoning", "id": "rs_1"}))],
)
def test_own_reasoning_in_a_user_message_is_refused(dialect: str, reasoning: Reasoning) -> None:
    # it was written as a content part ({"reasoning_content": "r"}, a reasoning item inside content)
    with pytest.raises(toolwire.EncodeError) as exc:
        encode_conversation(Conversation([Message("user", [Text("voir"), reasoning])]), dialect)
    assert (exc.value.message, exc.value.dialect) == ("Message 0 is a user message holding reasoning", dialect)
    # another dialect's reasoning is dropped and noted, as in assistant messages
    report: List[Any] = []
    other = Reasoning("r", "anthropic.messages", {"type": "thinking", "thinking": "r", "signature": "s"})
    out = encode_conversation(Conversation([Message("user", [Text("voir"), other])]), dialect, report=report)
    assert [p.kind for p in report] == ["reasoning-dropped"]
    assert out == ({"messages": [{"role": "user", "content": "voir"}]} if dialect == C
                   else {"input": [{"role": "user", "content": "voir"}]})


def test_responses_input_and_instructions_fields_written_back() -> None:
    conv = decode_conversation({"instructions": "Sois bref.", "input": "Bonjour"}, R)
    assert encode_conversation(conv, R) == {"instructions": "Sois bref.", "input": "Bonjour"}
    # a text input that is no longer the last message becomes an item
    more = Conversation([*conv, Message("assistant", [Text("Salut")])])
    assert encode_conversation(more, R) == {"instructions": "Sois bref.", "input": [
        {"role": "user", "content": "Bonjour"}, {"role": "assistant", "content": "Salut"}]}
    # instructions after an item are a system message
    late = Conversation([Message("user", [Text("q")]), *conv])
    assert encode_conversation(late, R) == {"input": [
        {"role": "user", "content": "q"}, {"role": "system", "content": "Sois bref."}, {"role": "user", "content": "Bonjour"}]}


def test_sdk_one_step_object_reader_refuses_other_objects() -> None:
    assert chat_plain.decode_plain_object(object()) is None
    plain = construct_type(type_=ChatCompletionMessageFunctionToolCall, value=PLAIN)
    assert chat_plain.decode_plain_object(plain) == ToolCall("f", {"a": "é"}, "call_1")
    extra = construct_type(type_=ChatCompletionMessageFunctionToolCall, value=dict(PLAIN, x_extra=1))
    assert chat_plain.decode_plain_object(extra) is None


def test_responses_fields_written_back_from_messages_rebuilt() -> None:
    conv = decode_conversation({"instructions": "Sois bref.", "input": "Bonjour"}, R)
    assert encode_conversation(Conversation(list(conv)), R) == {"instructions": "Sois bref.", "input": "Bonjour"}
    a = decode_conversation({"instructions": "A", "input": []}, R)
    b = decode_conversation({"instructions": "B", "input": []}, R)
    # a second decoded ``instructions`` never replaces the first: it is a system message
    assert encode_conversation(Conversation([*a, *b, Message("user", [Text("q")])]), R) == {
        "instructions": "A", "input": [{"role": "system", "content": "B"}, {"role": "user", "content": "q"}]}
    assert encode_conversation(Conversation([Message("system", [Text("C")]), *a, Message("user", [Text("q")])]), R) == {
        "instructions": "C\n\nA", "input": [{"role": "user", "content": "q"}]}
    text = decode_conversation({"input": "x"}, R)
    assert encode_conversation(Conversation([*text, *text]), R) == {"input": [
        {"role": "user", "content": "x"}, {"role": "user", "content": "x"}]}


# --- limits at their boundary ------------------------------------------------------------------------

CHAT_CHUNKS = [ch({"tool_calls": [HEAD]}), ch({"tool_calls": [{"index": 0, "function": {"arguments": '{"a": '}}]}),
               ch({"tool_calls": [{"index": 0, "function": {"arguments": '"é"}'}}]}), ch({}, "tool_calls")]
RESP_CHUNKS = [ADD, _delta('{"a": '), _delta('"é"}'), _done(dict(ITEM, arguments='{"a": "é"}'))]


@pytest.mark.parametrize("chunks", [CHAT_CHUNKS, RESP_CHUNKS], ids=["chat", "responses"])
def test_stream_arguments_at_the_limit_are_whole_and_one_over_is_not(chunks: List[Any]) -> None:
    # the text is 10 characters long
    (whole,) = accumulate(chunks, max_bytes=10)
    assert whole.args == {"a": "é"} and isinstance(whole, ToolCall)
    (over,) = accumulate(chunks, max_bytes=9)
    assert isinstance(over, InvalidToolCall)
    assert over.error == "Arguments are over the limit of 9 characters"


def test_custom_input_at_the_limit() -> None:
    chat_item = {"id": "call_1", "type": "custom", "custom": {"name": "sql", "input": "é" * 6}}
    assert toolwire.decode(chat_item, C, max_bytes=6).args == {"input": "é" * 6}
    resp_item = {"type": "custom_tool_call", "call_id": "call_1", "name": "sql", "input": "é" * 6}
    assert toolwire.decode(resp_item, R, max_bytes=6).args == {"input": "é" * 6}
    head = {"type": "response.output_item.added", "output_index": 0,
            "item": {"type": "custom_tool_call", "call_id": "call_1", "name": "sql"}}
    pieces = [{"type": "response.custom_tool_call_input.delta", "output_index": 0, "delta": "é" * 3}] * 2
    end = {"type": "response.output_item.done", "output_index": 0,
           "item": {"type": "custom_tool_call", "call_id": "call_1", "name": "sql"}}
    assert accumulate([head, *pieces, end], max_bytes=6) == [ToolCall("sql", {"input": "é" * 6}, "call_1")]
    (over,) = accumulate([head, *pieces, end], max_bytes=5)
    assert isinstance(over, InvalidToolCall) and over.error == "Custom tool input is over the limit of 5 characters"
    whole_end = dict(end, item=dict(end["item"], input="é" * 6))
    assert accumulate([head, whole_end], max_bytes=6) == [ToolCall("sql", {"input": "é" * 6}, "call_1")]


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        ({"type": "mcp_list_tools", "id": "mcpl_1", "server_label": "d", "tools": []}, ("mcp_list_tools", {}, "mcpl_1")),
        ({"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": {"d": 6}}, ("roll", {"d": 6}, "mcp_1")),
        ({"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": '{"d": 6}'}, ("roll", {"d": 6}, "mcp_1")),
        ({"type": "code_interpreter_call", "id": "ci_1", "code": "print('é')"}, ("code_interpreter", {"code": "print('é')"},
                                                                                  "ci_1")),
        ({"type": "file_search_call", "id": "", "queries": ["a"]}, ("file_search", {"queries": ["a"]}, None)),
        # as the non-streaming decoder reads them: text that is no JSON object is kept under "arguments"
        ({"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": "not json"},
         ("roll", {"arguments": "not json"}, "mcp_1")),
        ({"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": "[1]"}, ("roll", {"arguments": "[1]"}, "mcp_1")),
        # NaN is no JSON number (it was read into the arguments), and nesting past the
        # parser's limit is text too (it was a ``RecursionError`` in the decoder)
        ({"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": '{"d": NaN}'},
         ("roll", {"arguments": '{"d": NaN}'}, "mcp_1")),
        ({"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": "[" * 3000 + "]" * 3000},
         ("roll", {"arguments": "[" * 3000 + "]" * 3000}, "mcp_1")),
    ],
)
def test_stream_server_items(item: Dict[str, Any], expected: Any) -> None:
    (call,) = accumulate([_done(item)], include_server=True)
    assert (call.name, call.args, call.id, call.server, dict(call.provider_data)) == (*expected, True, {R: {"item": item}})
    assert toolwire.encode(call, R) == item
    assert toolwire.decode_all({"output": [item]}, R, include_server=True) == [call]


def test_more_shapes_pinned() -> None:
    # a message's own calls, whatever else it holds
    assert toolwire.decode_all({"role": "assistant", "tool_calls": [PLAIN], "messages": 5}, C) == [
        ToolCall("f", {"a": "é"}, "call_1")]
    # an older hosted-tool item with ``query`` at the top
    web = {"type": "web_search_call", "id": "ws_1", "status": "completed", "query": "météo"}
    (call,) = toolwire.decode_all({"output": [web]}, R, include_server=True)
    assert (call.name, call.args) == ("web_search", {"query": "météo"})


def test_chat_stream_continuations_that_carry_more() -> None:
    # text beside a continuation is kept; a finish reason on the continuation ends the call once
    # nothing more can come for it (LiteLLM sends pieces after it: test_stream_finish_every_chunk)
    chunks = [ch({"tool_calls": [HEAD]}), ch({"content": "Je ", "tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]}),
              ch({"role": "assistant", "tool_calls": [{"index": 0, "function": {"arguments": ""}}]}, "tool_calls")]
    acc = toolwire.stream.Accumulator()
    for c in chunks:
        acc.feed(c)
    assert (acc.close(), acc.text, acc.finish_reason) == ([ToolCall("f", {}, "call_1")], "Je ", "tool_calls")
    ended = [ch({"tool_calls": [HEAD]}), ch({"tool_calls": [{"index": 0, "function": {"arguments": '{"a": 1}'}}]}, "tool_calls")]
    acc = toolwire.stream.Accumulator()
    events = [e for c in ended for e in acc.feed(c)]
    assert [type(e).__name__ for e in events] == ["CallStarted", "ArgsDelta"]
    assert acc.close() == [ToolCall("f", {"a": 1}, "call_1")]
    assert [type(e).__name__ for e in acc.events()] == ["CallDone"]


def test_responses_stream_arguments_done_differing_from_the_deltas_wins() -> None:
    chunks = [ADD, _delta("{"), {"type": "response.function_call_arguments.done", "output_index": 0, "arguments": '{"b": 2}'},
              _done(dict(ITEM, arguments='{"b": 2}'))]
    assert accumulate(chunks) == [ToolCall("f", {"b": 2}, "call_1")]


def test_mistral_bridge_turn_is_noted() -> None:
    conv = Conversation([Message("user", [Text("f ?")]), Message("assistant", [ToolCall("f", {}, "abcDEF123")]),
                         Message("tool", [toolwire.ToolResult("abcDEF123", "f", "ok")]), Message("user", [Text("merci")])])
    report: List[Any] = []
    out = encode_conversation(conv, "mistral", report=report)
    assert out["messages"][3:] == [{"role": "assistant", "content": "OK"}, {"role": "user", "content": "merci"}]
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("inserted", 3, "An assistant message 'OK' is written before user message 3: mistral takes no user "
                        "message right after a tool message")]


def test_server_item_arguments_given_as_data_must_be_json() -> None:
    """An ``mcp_call`` whose ``arguments`` object holds NaN (a caller's dict, not JSON
    text): refused with its path, or kept as an invalid call, never handed over."""
    item = {"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": {"d": float("nan")}}
    with pytest.raises(toolwire.ArgumentsError) as err:
        toolwire.decode_all({"output": [item]}, R, include_server=True)
    assert err.value.loc == "$.output[0].arguments"
    [kept] = toolwire.decode_all({"output": [item]}, R, include_server=True, invalid="keep")
    assert type(kept) is InvalidToolCall and (kept.name, kept.id, kept.loc) == ("roll", "mcp_1", "$.output[0].arguments")
    [streamed] = accumulate([_done(item)], include_server=True)
    assert type(streamed) is InvalidToolCall and "NaN" in streamed.error



_INCOMPLETE = {"type": "response.incomplete",
               "response": {"status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}}}


def _events(item: Dict[str, Any]) -> List[Dict[str, Any]]:
    added = dict(item, status="in_progress", **({"input": ""} if "input" in item else {"arguments": ""}))
    return [{"type": "response.output_item.added", "output_index": 0, "item": added},
            {"type": "response.output_item.done", "output_index": 0, "item": item}]


@pytest.mark.parametrize("end", [[], [_INCOMPLETE]], ids=["no-response-event", "response-incomplete"])
def test_an_incomplete_item_is_judged_as_cut_off(end: List[Dict[str, Any]]) -> None:
    """A Responses item with ``status: "incomplete"`` (the documented values are
    ``in_progress``, ``completed``, ``incomplete``) was cut off: its empty arguments are
    no ``{}`` that runs, and a custom tool's free-text input may stop anywhere. Complete
    JSON text is still taken (as under any token-limit finish). The same from a whole
    response and from a stream, where ``output_item.done`` comes before
    ``response.incomplete`` (or alone)."""
    empty = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "",
             "status": "incomplete"}
    whole = dict(empty, arguments='{"a": 1}')
    custom = {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "f", "input": "print(1",
              "status": "incomplete"}
    for read in (lambda item: toolwire.decode_all({"output": [item]}, R, invalid="keep"),
                 lambda item: accumulate(_events(item) + end)):
        [cut] = read(empty)
        assert type(cut) is InvalidToolCall and cut.truncated and "(incomplete)" in cut.error
        [ok] = read(whole)
        assert (ok.name, ok.args, ok.id) == ("f", {"a": 1}, "call_1")
        [bad] = read(custom)
        assert type(bad) is InvalidToolCall and bad.truncated and bad.raw == "print(1"
        assert bad.error.startswith("Custom tool input") and "may be cut off: its item is incomplete" in bad.error
    [lenient] = toolwire.decode_all({"output": [custom]}, R, allow_truncated=True)
    assert lenient.args == {"input": "print(1"}
    assert toolwire.decode_all({"output": [dict(empty, status="completed")]}, R) == [ToolCall("f", {}, "call_1")]


def test_server_item_argument_text_past_the_callers_limit_is_not_parsed() -> None:
    """``max_bytes`` bounds what is parsed of a provider-run item's argument text too:
    past it the text is kept as it came, in a whole response and in a stream alike."""
    item = {"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": '{"d": "' + "x" * 40 + '"}'}
    [call] = toolwire.decode_all({"output": [item]}, R, include_server=True, max_bytes=20)
    assert call.args == {"arguments": item["arguments"]}
    [streamed] = accumulate([_done(item)], include_server=True, max_bytes=20)
    assert streamed.args == {"arguments": item["arguments"]}
    assert toolwire.decode_all({"output": [item]}, R, include_server=True)[0].args == {"d": "x" * 40}
