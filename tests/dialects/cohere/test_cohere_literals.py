"""cohere.v2: detection (each branch with its ``explain`` triple and a near miss), the
provider data the decoders keep (hand-written wire payloads round-tripped to literal
wire), streams read by all three readers, whole responses and the envelopes.

Shapes from https://docs.cohere.com/reference/chat (reply: ``id``, ``finish_reason``
upper case, ``message.{tool_plan, tool_calls, content}``, ``usage.tokens``),
https://docs.cohere.com/reference/chat-stream (``message-start``, ``tool-plan-delta``,
``tool-call-start`` / ``-delta`` / ``-end`` with ``delta.message.tool_calls``,
``content-delta``, ``message-end.delta.finish_reason``) and
https://docs.cohere.com/docs/tool-use (call ids ``<name>_<12 characters>``, tool
messages with ``document`` parts).
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Optional, Tuple

import pytest

import toolwire
from toolwire import DecodeError, Tool, ToolCall, ToolResult
from toolwire.response import normalize, normalize_finish
from toolwire.stream import Accumulator, accumulate, detect_stream, encode_stream

D = "cohere.v2"
DIALECT = toolwire.get_dialect(D)
ID = "get_weather_9gpb31r7h7mj"
FN = {"name": "get_weather", "arguments": '{"location":"Zürich"}'}
HI = [{"role": "user", "content": "hi"}]
DOC = [{"type": "document", "document": {"data": {"t": 1}}}]

# --- detection -------------------------------------------------------------------------------

CALL_WHY = "a call whose id is '<name>_' and 12 lowercase alphanumerics"
CLAIMED = [
    ("call", {"id": ID, "type": "function", "function": FN}, "call", CALL_WHY),
    ("reply.finish_reason", {"id": "c", "finish_reason": "COMPLETE", "message": {"role": "assistant", "content": []}},
     "calls", "'message' with an upper-case 'finish_reason' (a Cohere v2 response)"),
    ("reply.message_not_an_object", {"id": "c", "finish_reason": "TOOL_CALL", "message": "x"},  # read: raises there
     "calls", "'message' with an upper-case 'finish_reason' (a Cohere v2 response)"),
    ("reply.tool_plan", {"id": "c", "finish_reason": "stop", "message": {"role": "assistant", "tool_plan": "x"}},
     "calls", "'message' with 'tool_plan' (a Cohere v2 response)"),
    ("message.tool_plan", {"role": "assistant", "tool_plan": "x", "tool_calls": []}, "calls",
     "an assistant message with 'tool_plan'"),
    ("result.document", {"role": "tool", "tool_call_id": ID, "content": [{"type": "text", "text": "a"}, *DOC]},
     "result", "a tool message with 'document' content"),
    ("request.command", {"model": "command-a-03-2025", "messages": HI}, "calls", "a chat request for a Command model"),
    ("request.strict_tools", {"model": "gpt-4o", "messages": HI, "strict_tools": True}, "calls",
     "a chat request for a Command model"),
]


@pytest.mark.parametrize(("payload", "kind", "reason"), [r[1:] for r in CLAIMED], ids=[r[0] for r in CLAIMED])
def test_claimed(payload: Dict[str, Any], kind: str, reason: str) -> None:
    assert tuple(toolwire.explain(payload)) == (D, kind, reason)
    assert DIALECT.detect is not None and DIALECT.detect(payload) == (kind, reason)


def _call(ident: Any, name: Any = "get_weather") -> Dict[str, Any]:
    return {"id": ident, "type": "function", "function": {"name": name, "arguments": "{}"}}


NEAR = [  # (id, payload, what explain says instead; None: no dialect)
    ("call.suffix_11", _call("get_weather_9gpb31r7h7m"), "openai.chat"),
    ("call.suffix_13", _call("get_weather_9gpb31r7h7mjj"), "openai.chat"),
    ("call.dash", _call("get_weather-9gpb31r7h7mj"), "openai.chat"),
    ("call.upper_case", _call("get_weather_9GPB31r7h7mj"), "openai.chat"),
    ("call.other_name", _call("get_time_9gpb31r7h7mj", "get_weather"), "openai.chat"),
    ("call.same_length_other_name", _call("xx_weather_9gpb31r7h7mj"), "openai.chat"),
    ("call.id_not_a_string", _call(5), "openai.chat"),
    ("reply.lower_case", {"id": "c", "finish_reason": "complete", "message": {"role": "assistant", "content": []}},
     None),
    ("reply.message_not_an_object_lower_case", {"id": "c", "finish_reason": "tool_call", "message": "x"}, None),
    ("message.user_tool_plan", {"role": "user", "tool_plan": "x"}, "openai.chat"),
    ("result.text_only", {"role": "tool", "tool_call_id": ID, "content": [{"type": "text", "text": "x"}]},
     "openai.chat"),
    ("result.no_id", {"role": "tool", "content": DOC}, "openai.chat"),
    ("result.not_a_tool_role", {"role": "user", "tool_call_id": ID, "content": DOC}, "openai.responses"),
    ("request.other_model", {"model": "gpt-4o", "messages": HI}, "openai.chat"),
    ("request.model_not_a_string", {"model": 5, "messages": []}, "openai.chat"),
    ("request.messages_not_a_list", {"model": "command-a", "messages": "x"}, None),
]


@pytest.mark.parametrize(("payload", "instead"), [r[1:] for r in NEAR], ids=[r[0] for r in NEAR])
def test_near_miss(payload: Dict[str, Any], instead: Optional[str]) -> None:
    assert DIALECT.detect is not None and DIALECT.detect(payload) is None
    if instead is None:
        with pytest.raises(toolwire.DecodeError, match="matches no known dialect"):
            toolwire.explain(payload)
    else:
        assert toolwire.explain(payload).dialect == instead


def test_not_a_dict() -> None:
    assert DIALECT.detect is not None and DIALECT.detect([_call(ID)]) is None


# --- calls: provider data ----------------------------------------------------------------------

CALLS = [  # (id, wire, (args, id, raw, repairs), provider data)
    ("plain", {"id": ID, "type": "function", "function": FN},
     ({"location": "Zürich"}, ID, '{"location":"Zürich"}', ()), {}),
    ("extra", {"id": ID, "type": "function", "function": FN, "index": 0},
     ({"location": "Zürich"}, ID, '{"location":"Zürich"}', ()), {D: {"extra": {"index": 0}}}),
    ("function_extra", {"id": ID, "type": "function", "function": {**FN, "x": "é"}},
     ({"location": "Zürich"}, ID, '{"location":"Zürich"}', ()), {D: {"function_extra": {"x": "é"}}}),
    ("no_type", {"id": ID, "function": FN}, ({"location": "Zürich"}, ID, '{"location":"Zürich"}', ()),
     {D: {"no_type": True}}),
    ("other_type", {"id": ID, "type": "tool", "function": FN}, ({"location": "Zürich"}, ID, '{"location":"Zürich"}', ()),
     {D: {"type": "tool"}}),
    ("no_id", {"type": "function", "function": FN}, ({"location": "Zürich"}, None, '{"location":"Zürich"}', ()),
     {D: {"no_id": True}}),
    ("empty_id", {"id": "", "type": "function", "function": FN},
     ({"location": "Zürich"}, None, '{"location":"Zürich"}', ()), {D: {"id": ""}}),
    ("object_arguments", {"id": ID, "type": "function", "function": {"name": "get_weather",
                                                                     "arguments": {"location": "Zürich"}}},
     ({"location": "Zürich"}, ID, None, ()), {D: {"object_args": True}}),
    ("foreign_id", {"id": "call_ab.c:0", "type": "function", "function": FN},
     ({"location": "Zürich"}, "call_ab.c:0", '{"location":"Zürich"}', ()), {}),
]


@pytest.mark.parametrize(("wire", "fields", "pd"), [r[1:] for r in CALLS], ids=[r[0] for r in CALLS])
def test_call_round_trip(wire: Dict[str, Any], fields: Tuple[Any, ...], pd: Dict[str, Any]) -> None:
    call = toolwire.decode(wire, D)
    assert (call.name, call.args, call.id, call.raw, call.repairs) == ("get_weather", *fields)
    assert dict(call.provider_data) == pd
    assert toolwire.encode(call, D) == wire


@pytest.mark.parametrize(("arguments", "pd"), [
    ("null", {D: {"arguments": "null"}}), (None, {D: {"arguments": None, "no_arguments": True}}),
])
def test_empty_arguments_are_written_as_an_empty_object(arguments: Any, pd: Dict[str, Any]) -> None:
    fn = {"name": "get_weather"} if arguments is None else {"name": "get_weather", "arguments": arguments}
    call = toolwire.decode({"id": ID, "type": "function", "function": fn}, D)
    assert (call.args, call.repairs, dict(call.provider_data)) == ({}, ("empty-arguments",), pd)
    assert toolwire.encode(call, D) == {"id": ID, "type": "function", "function": {"name": "get_weather",
                                                                                  "arguments": "{}"}}


def test_canonical_calls_and_messages() -> None:
    assert toolwire.encode(ToolCall("f", {"a": "é"}, "call_1"), D) == {
        "id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a":"é"}'}}
    item = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    assert toolwire.encode_message([ToolCall("f", {}, "call_1")], D, content="Je regarde") == {
        "role": "assistant", "tool_calls": [item], "tool_plan": "Je regarde"}
    assert toolwire.encode_message([ToolCall("f", {}, "call_1")], D) == {"role": "assistant", "tool_calls": [item]}
    assert toolwire.encode_message([], D, content="Bonjour") == {"role": "assistant", "content": "Bonjour"}


# --- results and tools -------------------------------------------------------------------------

RESULTS = [  # (id, wire, content, provider data)
    ("text", {"role": "tool", "tool_call_id": ID, "content": "22°C"}, "22°C", {}),
    ("document", {"role": "tool", "tool_call_id": ID, "content": [{"type": "document", "document": {
        "data": {"t": "22°C"}}}]}, [{"type": "json", "json": {"t": "22°C"}}], {}),
    ("document_text", {"role": "tool", "tool_call_id": ID, "content": [{"type": "document", "document": {
        "data": "22°C", "id": "doc_0"}}]}, [{"type": "text", "text": "22°C"}],
     {D: {"content": [{"type": "document", "document": {"data": "22°C", "id": "doc_0"}}]}}),
    ("other_part", {"role": "tool", "tool_call_id": ID, "content": [{"type": "text", "text": "a"},
                                                                    {"type": "image", "x": 1}]},
     [{"type": "text", "text": "a"}, {"type": "image", "x": 1}],
     {D: {"content": [{"type": "text", "text": "a"}, {"type": "image", "x": 1}]}}),
    ("null_content", {"role": "tool", "tool_call_id": ID, "content": None}, "", {D: {"content": None}}),
    ("extra", {"role": "tool", "tool_call_id": ID, "content": "x", "name": "f"}, "x", {D: {"extra": {"name": "f"}}}),
]


@pytest.mark.parametrize(("wire", "content", "pd"), [r[1:] for r in RESULTS], ids=[r[0] for r in RESULTS])
def test_result_round_trip(wire: Dict[str, Any], content: Any, pd: Dict[str, Any]) -> None:
    result = toolwire.decode_result(wire, D)
    assert (result.id, result.name, result.content, result.is_error) == (ID, None, content, False)
    assert dict(result.provider_data) == pd
    assert toolwire.encode_result(result, D) == wire


def test_canonical_result_parts() -> None:
    result = ToolResult(ID, None, [{"type": "json", "json": [1, "é"]}, {"type": "json", "json": {"a": "é"}},
                                   {"type": "text", "text": "t"}, {"type": "text", "text": ""}])
    assert toolwire.encode_result(result, D) == {"role": "tool", "tool_call_id": ID, "content": [
        {"type": "text", "text": '[1, "é"]'}, {"type": "document", "document": {"data": {"a": "é"}}},
        {"type": "text", "text": "t"}, {"type": "text", "text": ""}]}
    assert toolwire.encode_result(ToolResult(ID, None, ""), D) == {"role": "tool", "tool_call_id": ID, "content": ""}


def test_tool_definitions_have_no_strict() -> None:
    wire = {"type": "function", "function": {"name": "get_weather", "description": "Météo",
                                             "parameters": {"type": "object", "properties": {}}}}
    tool = toolwire.decode_tool(wire, D)
    assert (tool.name, tool.description, tool.strict, dict(tool.provider_data)) == ("get_weather", "Météo", None, {})
    assert toolwire.encode_tool(tool, D) == wire
    assert toolwire.encode_tool(Tool(name="f", strict=True, parameters={"type": "object"}), D) == {
        "type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}


# --- streams ----------------------------------------------------------------------------------

SID = "get_weather_nsz5zm3w56q3"
START = {"type": "message-start", "id": "29f14a5a", "delta": {"message": {
    "role": "assistant", "content": [], "tool_plan": "", "tool_calls": [], "citations": []}}}


def start(i: Any, ident: Any = SID, name: Any = "get_weather", args: Any = "", listed: bool = False) -> Dict[str, Any]:
    tc = {"id": ident, "type": "function", "function": {"name": name, "arguments": args}}
    return {"type": "tool-call-start", "index": i, "delta": {"message": {"tool_calls": [tc] if listed else tc}}}


def delta(i: Any, piece: Any, listed: bool = False) -> Dict[str, Any]:
    tc = {"function": {"arguments": piece}}
    return {"type": "tool-call-delta", "index": i, "delta": {"message": {"tool_calls": [tc] if listed else tc}}}


def end(i: Any) -> Dict[str, Any]:
    return {"type": "tool-call-end", "index": i}


def finish(reason: str = "TOOL_CALL") -> Dict[str, Any]:
    return {"type": "message-end", "delta": {"finish_reason": reason, "usage": {
        "billed_units": {"input_tokens": 37, "output_tokens": 19}}}}


def read(events: List[Dict[str, Any]], **kw: Any) -> List[Any]:
    """The calls of *events*, the same by all three readers (else the test fails)."""
    by_list = accumulate(events, D, **kw)
    out = []
    for preview in (False, True):
        acc = Accumulator(D, preview=preview, **kw)
        for e in events:
            acc.feed(e)
        out.append(acc.close())
    assert out == [by_list, by_list]
    return by_list


def rows(calls: List[Any]) -> List[Tuple[Any, ...]]:
    return [(type(c).__name__, c.name, c.id, getattr(c, "args", None), getattr(c, "error", None)) for c in calls]


STREAMS = [  # (id, events, kwargs, calls as rows)
    ("documented", [START, {"type": "tool-plan-delta", "delta": {"message": {"tool_plan": "Je vais"}}}, start(0),
                    delta(0, '{"location": "Zü'), delta(0, 'rich"}'), end(0),
                    start(1, "get_time_abcdefabcdef", "get_time"), end(1), finish()], {},
     [("ToolCall", "get_weather", SID, {"location": "Zürich"}, None),
      ("ToolCall", "get_time", "get_time_abcdefabcdef", {}, None)]),
    ("arguments_in_the_start", [START, start(0, args='{"a": 1}'), end(0), finish()], {},
     [("ToolCall", "get_weather", SID, {"a": 1}, None)]),
    ("listed_tool_calls", [START, start(0, listed=True), delta(0, '{"a": 1}', listed=True), end(0), finish()], {},
     [("ToolCall", "get_weather", SID, {"a": 1}, None)]),
    ("no_name_or_id", [START, start(0, ident="", name=""), delta(0, '{"a": 1}'), end(0), finish()], {},
     [("InvalidToolCall", None, None, None, "The stream never gave this call a name")]),
    ("name_not_a_string", [START, start(0, name=["x"]), delta(0, '{"a": 1}'), end(0)], {},
     [("InvalidToolCall", None, SID, None, "The stream never gave this call a name")]),
    ("listed_non_object", [START, {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": [5]}}},
                           delta(0, '{"a": 1}'), end(0)], {},
     [("InvalidToolCall", None, None, None, "The stream never gave this call a name")]),
    ("start_without_arguments", [START, {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
        "id": SID, "function": {"name": "f"}}}}}, delta(0, '{"a": 1}'), end(0)], {},
     [("ToolCall", "f", SID, {"a": 1}, None)]),
    ("restart_at_an_open_index", [START, start(0), start(0, ident="get_weather_bbbbbbbbbbbb"), delta(0, "{}"), end(0),
                                  finish()], {},
     [("InvalidToolCall", "get_weather", SID, None, "The stream ended before this call was complete (no end event)"),
      ("ToolCall", "get_weather", "get_weather_bbbbbbbbbbbb", {}, None)]),
    ("odd_deltas", [START, start(0), delta(0, ""), delta(0, '{"a": 1}'),
                    {"type": "tool-call-delta", "index": 0, "delta": "x"},
                    {"type": "tool-call-delta", "index": 0, "delta": {"message": {"tool_calls": []}}}, end(0),
                    finish()], {},
     [("ToolCall", "get_weather", SID, {"a": 1}, None)]),
    ("delta_not_text", [START, start(0), delta(0, 5), delta(0, '{"a": 1}'), end(0), finish()], {},
     [("InvalidToolCall", "get_weather", SID, None, "An argument delta is not text: 5")]),
    ("over_the_limit", [START, start(0), delta(0, '{"a": "xxxxxxxxxxxxxx"}'), end(0), finish()], {"max_bytes": 10},
     [("InvalidToolCall", "get_weather", SID, None, "Arguments are over the limit of 10 characters")]),
    ("noise", [START, start(0), delta(0, '{"a": 1}'), end(7), end(0), {"type": "message-end", "delta": "x"},
               {"type": "debug"}, {"type": "citation-start"}], {},
     [("ToolCall", "get_weather", SID, {"a": 1}, None)]),
    ("max_tokens_cut", [START, start(0), delta(0, '{"a": "Zü'), end(0), finish("MAX_TOKENS")], {},
     [("InvalidToolCall", "get_weather", SID, None, "Arguments at $.calls[0].arguments are cut off (the JSON ends "
                                                    "inside a value): '{\"a\": \"Zü'; pass allow_truncated=True to "
                                                    "accept the complete prefix")]),
]


@pytest.mark.parametrize(("events", "kw", "expected"), [r[1:] for r in STREAMS], ids=[r[0] for r in STREAMS])
def test_stream(events: List[Dict[str, Any]], kw: Dict[str, Any], expected: List[Tuple[Any, ...]]) -> None:
    assert rows(read(events, **kw)) == expected


def test_stream_start_listing_several_calls_is_refused() -> None:
    """One event, one ``index``, one call: a second listed call would be dropped unseen."""
    two = start(0, listed=True)
    two["delta"]["message"]["tool_calls"].append({"id": "get_time_abcdefabcdef", "type": "function",
                                                  "function": {"name": "get_time", "arguments": ""}})
    message = ("A cohere.v2 tool-call-start event carries one call; this one lists 2 in 'delta.message.tool_calls': ")
    with pytest.raises(DecodeError, match=re.escape(message)):
        accumulate([START, two, end(0), finish()], D)
    for preview in (False, True):
        acc = Accumulator(D, preview=preview)
        acc.feed(START)
        with pytest.raises(DecodeError, match=re.escape(message)):
            acc.feed(two)


def test_stream_text_and_finish_reason() -> None:
    for preview in (False, True):
        acc = Accumulator(D, preview=preview)
        for e in [{"type": "content-delta", "index": 0, "delta": {"message": {"content": {"text": "Bon"}}}},
                  {"type": "content-delta", "index": 0, "delta": {"message": {"content": {"text": "jour"}}}},
                  {"type": "content-delta", "index": 0, "delta": {"message": {"content": "x"}}},
                  finish("COMPLETE")]:
            acc.feed(e)
        assert (acc.text, acc.finish_reason, acc.close()) == ("Bonjour", "COMPLETE", [])


def test_server_sent_event_text_among_the_events_is_read() -> None:
    sse = "".join(f"event: {e['type']}\ndata: {json.dumps(e, ensure_ascii=False)}\n\n"
                  for e in [delta(0, '{"location": "Zürich"}'), end(0)])
    for body in (sse, sse.encode()):
        assert accumulate([START, start(0), body], D) == [ToolCall("get_weather", {"location": "Zürich"}, SID)]
    with pytest.raises(toolwire.DecodeError) as exc:
        accumulate([START, 5], D)
    assert (exc.value.message, exc.value.loc) == ("Stream chunk at $[1] is not an object: 5", "$[1]")


def test_encode_stream() -> None:
    calls = [ToolCall("get_weather", {"location": "Zürich"}, SID), ToolCall("now", {}, "now_aaaaaaaaaaaa")]
    assert encode_stream(calls, D, split=12) == [
        {"type": "message-start", "delta": {"message": {"role": "assistant", "tool_calls": []}}},
        start(0),
        delta(0, '{"location":'), delta(0, '"Zürich"}'), end(0),
        start(1, "now_aaaaaaaaaaaa", "now"), delta(1, "{}"), end(1),
        {"type": "message-end", "delta": {"finish_reason": "TOOL_CALL"}},
    ]


@pytest.mark.parametrize(("event", "expected"), [
    (START, D), (finish(), D), ({"type": "debug"}, D), ({"type": "message"}, None), ({"type": None}, None),
    ({"type": "tool-call"}, None),
])
def test_stream_detection(event: Dict[str, Any], expected: Optional[str]) -> None:
    assert detect_stream(event) == expected


# --- whole responses ----------------------------------------------------------------------------


def test_a_reply_is_read() -> None:
    r = normalize({"id": "c", "finish_reason": "TOOL_CALL", "message": {
        "role": "assistant", "tool_plan": "Je vais regarder.",
        "content": [{"type": "text", "text": "Il "}, {"type": "text", "text": "fait"}, {"type": "text"},
                    {"type": "thinking", "thinking": "x"}],
        "tool_calls": [{"id": ID, "type": "function", "function": {"name": "f", "arguments": '{"a":"é"}'}}]},
        "usage": {"billed_units": {"input_tokens": 1}, "tokens": {"input_tokens": 37, "output_tokens": 19}}})
    assert (r.provider, r.text, r.reasoning, r.refusal, r.finish_reason, r.raw_finish_reason) == (
        D, "Il fait", "x\nJe vais regarder.", None, "tool_calls", "TOOL_CALL")
    assert r.tool_calls == (ToolCall("f", {"a": "é"}, ID),)
    assert (r.usage.input_tokens, r.usage.output_tokens) == (37, 19)  # type: ignore[union-attr]
    odd = normalize({"id": "c", "finish_reason": "COMPLETE", "message": {"role": "assistant", "tool_plan": 5},
                     "usage": {"tokens": {"input_tokens": True}}})
    assert (odd.text, odd.reasoning, odd.usage.input_tokens) == ("", "", None)  # type: ignore[union-attr]


def test_an_sdk_reply_gives_its_usage_and_thinking() -> None:
    """cohere's ``V2ChatResponse`` types the token counts as ``float`` (``50.0``), and a
    reasoning model's ``message.content`` holds ``{"type": "thinking", "thinking"}``
    items (https://docs.cohere.com/reference/chat, ``ThinkingAssistantMessageResponseContentItem``)."""
    from cohere.v2.types import V2ChatResponse

    wire = {"id": "x", "finish_reason": "COMPLETE", "message": {"role": "assistant", "content": [
        {"type": "thinking", "thinking": "let me think"}, {"type": "text", "text": "hi"}]},
        "usage": {"tokens": {"input_tokens": 50, "output_tokens": 7}}}
    sdk = V2ChatResponse.model_validate(wire)
    assert sdk.usage is not None and sdk.usage.tokens is not None and sdk.usage.tokens.input_tokens == 50.0
    for given in (wire, sdk, sdk.model_dump(mode="json")):
        r = normalize(given)
        assert (r.text, r.reasoning, r.usage.input_tokens, r.usage.output_tokens) == ("hi", "let me think", 50, 7)
        assert type(r.usage.input_tokens) is int


@pytest.mark.parametrize("count", [50.5, float("inf"), float("nan"), True, "50", None])
def test_a_token_count_that_is_no_whole_number_is_unknown(count: Any) -> None:
    r = normalize({"id": "x", "finish_reason": "COMPLETE", "message": {"role": "assistant", "content": []},
                   "usage": {"tokens": {"input_tokens": count, "output_tokens": 7.0}}})
    assert (r.usage.input_tokens, r.usage.output_tokens) == (None, 7)


@pytest.mark.parametrize(("raw", "normal"), [
    ("COMPLETE", "stop"), ("STOP_SEQUENCE", "stop"), ("MAX_TOKENS", "length"), ("TOOL_CALL", "tool_calls"),
    ("ERROR", "error"), ("ERROR_TOXIC", "content_filter"), ("ERROR_LIMIT", "context_window"),
    ("USER_CANCEL", "other"), ("SOMETHING_NEW", "other"),
])
def test_finish_reasons(raw: str, normal: str) -> None:
    assert normalize_finish(raw, D) == normal


def test_the_reply_envelope() -> None:
    envelope = DIALECT.response_envelope
    assert envelope is not None
    assert envelope([{"id": "a"}], "Je vais", "MAX_TOKENS") == {
        "id": "5d4e9c2a-0", "finish_reason": "MAX_TOKENS",
        "message": {"role": "assistant", "tool_calls": [{"id": "a"}], "tool_plan": "Je vais"},
        "usage": {"billed_units": {"input_tokens": 30, "output_tokens": 18}}}
    # a reply's message is an AssistantMessageResponse: ``content`` is a list of blocks
    # (cohere ``List[AssistantMessageResponseContentItem]``), never a string
    assert envelope([]) == {"id": "5d4e9c2a-0", "finish_reason": "TOOL_CALL",
                            "message": {"role": "assistant", "content": []},
                            "usage": {"billed_units": {"input_tokens": 30, "output_tokens": 18}}}
    assert envelope([], "Sunny.", "COMPLETE")["message"] == {
        "role": "assistant", "content": [{"type": "text", "text": "Sunny."}]}
