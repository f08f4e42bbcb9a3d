"""ollama: detection (each branch with its ``explain`` triple and a near miss), the
provider data the decoders keep (hand-written wire payloads round-tripped to literal
wire), streams, whole responses and the message and reply envelopes.

Shapes from https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-with-tools
(``/api/chat`` reply: ``model``, ``created_at``, ``message.{content, thinking,
tool_calls}``, ``done``, ``done_reason``, ``prompt_eval_count``, ``eval_count``; a
streamed reply is NDJSON of the same objects), https://docs.ollama.com/capabilities/tool-calling
(``tool_calls[].function.{index, name, arguments}``, ``{"role": "tool", "tool_name",
"content"}``) and the server type ``api.ToolCall`` (``id``, ``function.index``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import pytest

import toolwire
from toolwire import InvalidToolCall, Tool, ToolCall, ToolResult
from toolwire.response import normalize, normalize_finish
from toolwire.stream import Accumulator, CallDone, CallStarted, accumulate, detect_stream, encode_stream

D = "ollama"
DIALECT = toolwire.get_dialect(D)
CREATED = "2025-07-07T20:22:19.184789Z"
HI = [{"role": "user", "content": "hi"}]
WEATHER = {"id": "call_k3x9a0ze", "function": {"index": 0, "name": "get_weather", "arguments": {"city": "Zürich"}}}

# --- detection -------------------------------------------------------------------------------

CLAIMED = [
    ("call.object_arguments", WEATHER, "call", "'index' inside 'function' and object 'arguments'"),
    ("call.no_id", {"function": {"index": 1, "name": "get_time", "arguments": {}}}, "call",
     "'index' inside 'function' and object 'arguments'"),
    ("call.no_arguments", {"function": {"index": 0, "name": "get_time"}}, "call",
     "'index' inside 'function' and no 'arguments'"),
    # docs/api.md's reply and ollama-python's ``Message.ToolCall``: no ``index`` (nor ``id``)
    ("call.no_index", {"function": {"name": "f", "arguments": {"a": 1}}}, "call",
     "object 'arguments' and no 'type' (an Ollama call; its 'index' is optional)"),
    ("message.calls", {"role": "assistant", "content": "", "tool_calls": [WEATHER]}, "calls",
     "an assistant message whose 'tool_calls' hold an Ollama call ('index' inside 'function' and object "
     "'arguments')"),
    ("reply.message_not_an_object", {"model": "m", "created_at": CREATED, "message": "x", "done": True}, "calls",
     "'message' and 'done' (an /api/chat response; its 'message' is read there)"),  # decode_all raises there
    ("reply", {"model": "llama3.2", "created_at": CREATED, "message": {"role": "assistant", "content": "hi"},
               "done": True}, "calls", "'message' and 'done' (an /api/chat response)"),
    # ``created_at`` is Optional in the ollama SDK's ChatResponse: one built without it dumps none
    ("reply.no_created_at", {"model": "m", "message": {"role": "assistant", "content": "hi"}, "done": True},
     "calls", "'message' and 'done' (an /api/chat response)"),
    ("result", {"role": "tool", "tool_name": "get_weather", "content": "22°C"}, "result",
     "a tool message with 'tool_name'"),
    ("message.images", {"role": "assistant", "content": "", "tool_calls": [], "images": None}, "calls",
     "a message with Ollama's 'tool_name'/'images' fields"),
    ("message.tool_name", {"role": "assistant", "content": "", "tool_calls": [WEATHER], "tool_name": "x"}, "calls",
     "a message with Ollama's 'tool_name'/'images' fields"),
    ("request.keep_alive", {"model": "llama3.2", "messages": HI, "keep_alive": "5m"}, "calls",
     "a chat request with 'options'/'keep_alive'"),
    ("request.options", {"model": "llama3.2", "messages": HI, "options": {"temperature": 0}}, "calls",
     "a chat request with 'options'/'keep_alive'"),
]


@pytest.mark.parametrize(("payload", "kind", "reason"), [r[1:] for r in CLAIMED], ids=[r[0] for r in CLAIMED])
def test_claimed(payload: Dict[str, Any], kind: str, reason: str) -> None:
    assert tuple(toolwire.explain(payload)) == (D, kind, reason)
    assert DIALECT.detect is not None and DIALECT.detect(payload) == (kind, reason)


NEAR = [  # (id, payload, what explain says instead; None: no dialect)
    ("call.no_index_typed", {"type": "function", "function": {"name": "f", "arguments": {"a": 1}}}, "openai.chat"),
    ("call.no_index_text_arguments", {"function": {"name": "f", "arguments": "{}"}}, "openai.chat"),
    ("call.text_arguments", {"function": {"index": 0, "name": "f", "arguments": "{}"}}, "openai.chat"),
    ("call.null_arguments", {"function": {"index": 0, "name": "f", "arguments": None}}, "openai.chat"),
    ("call.typed", {"type": "function", "function": {"index": 0, "name": "f", "arguments": {}}}, "openai.chat"),
    ("tool_definition", {"type": "function", "function": {"name": "f", "parameters": {}}}, "openai.chat"),
    ("reply.message_not_an_object_not_done", {"model": "m", "created_at": CREATED, "message": "x", "done": False},
     None),
    ("reply.no_done", {"model": "m", "created_at": CREATED, "message": {"role": "assistant", "content": "hi"}},
     None),
    ("reply.with_choices", {"message": {"role": "assistant", "content": "hi"}, "done": True, "choices": []},
     "openai.chat"),
    ("result.no_tool_name", {"role": "tool", "content": "22"}, "openai.chat"),
    ("result.not_a_tool_role", {"role": "user", "tool_name": "x", "content": "22"}, "anthropic.messages"),
    ("message.images_null", {"role": "user", "content": "", "images": None}, "anthropic.messages"),
    ("message.no_role", {"content": "", "tool_calls": [], "images": None}, "openai.chat"),
    ("request.null_options", {"model": "llama3.2", "messages": HI, "options": None}, "openai.chat"),
    ("request.messages_not_a_list", {"model": "llama3.2", "messages": "x", "keep_alive": "5m"}, None),
]


def test_a_message_with_an_images_list_is_ollama_evidence() -> None:
    # ``images`` (base64 strings) is a field of Ollama's /api/chat messages only: evidence
    # with or without calls (a history holding it is Ollama's); ``explain`` of the lone
    # message still names Anthropic, whose plain-message claim comes first
    msg = {"role": "user", "content": "what is in this image?", "images": ["aGk="]}
    assert DIALECT.detect is not None and DIALECT.detect(msg) == (
        "calls", "a message with Ollama's 'tool_name'/'images' fields")
    assert toolwire.decode_conversation([msg]).dialect == D


@pytest.mark.parametrize(("payload", "instead"), [r[1:] for r in NEAR], ids=[r[0] for r in NEAR])
def test_near_miss(payload: Dict[str, Any], instead: Optional[str]) -> None:
    assert DIALECT.detect is not None and DIALECT.detect(payload) is None
    if instead is None:
        with pytest.raises(toolwire.DecodeError, match="matches no known dialect"):
            toolwire.explain(payload)
    else:
        assert toolwire.explain(payload).dialect == instead


def test_not_a_dict() -> None:
    assert DIALECT.detect is not None and DIALECT.detect([WEATHER]) is None


GATE: Tuple[Tuple[Tuple[str, ...], bool], ...] = (
    (("function",), True),
    (("id", "function"), True),
    (("type", "function"), False),
    (("type", "function", "role"), True),
    (("type", "function", "done"), True),
    (("type", "function", "messages"), True),
    (("type", "id"), True),
)


@pytest.mark.parametrize(("keys", "expected"), GATE, ids=["-".join(k) for k, _ in GATE])
def test_gate(keys: Tuple[str, ...], expected: bool) -> None:
    assert DIALECT.gate is not None and DIALECT.gate(keys, None) is expected


def test_a_reply_call_without_arguments_is_not_passed_over() -> None:
    reply = {"model": "llama3.2", "created_at": CREATED, "done": True, "done_reason": "stop",
             "message": {"role": "assistant", "content": "", "tool_calls": [{"function": {"index": 0, "name": "now"}}]}}
    assert [(c.name, c.args, c.repairs) for c in toolwire.decode_all(reply, D)] == [("now", {}, ("empty-arguments",))]


# --- calls: provider data ----------------------------------------------------------------------

CALLS = [  # (id, wire, (name, args, id, raw, repairs), provider data)
    ("index", WEATHER, ("get_weather", {"city": "Zürich"}, "call_k3x9a0ze", None, ()),
     {D: {"function_extra": {"index": 0}}}),
    ("no_index", {"id": "call_k3x9a0ze", "function": {"name": "get_weather", "arguments": {"city": "Zürich"}}},
     ("get_weather", {"city": "Zürich"}, "call_k3x9a0ze", None, ()), {D: {"no_index": True}}),
    ("no_id", {"function": {"index": 1, "name": "get_time", "arguments": {}}},
     ("get_time", {}, None, None, ()), {D: {"function_extra": {"index": 1}}}),
    ("empty_id", {"id": "", "function": {"index": 0, "name": "f", "arguments": {}}},
     ("f", {}, None, None, ()), {D: {"function_extra": {"index": 0}, "id": ""}}),
    ("null_id", {"id": None, "function": {"index": 0, "name": "f", "arguments": {}}},
     ("f", {}, None, None, ()), {D: {"function_extra": {"index": 0}, "id": None}}),
    ("typed", {"id": "call_1", "type": "function", "function": {"index": 0, "name": "f", "arguments": {}}},
     ("f", {}, "call_1", None, ()), {D: {"function_extra": {"index": 0}, "extra": {"type": "function"}}}),
    ("function_extra", {"id": "call_1", "function": {"index": 2, "name": "f", "arguments": {}, "x": "é"}},
     ("f", {}, "call_1", None, ()), {D: {"function_extra": {"index": 2, "x": "é"}}}),
    ("text_arguments", {"function": {"index": 0, "name": "f", "arguments": '{"a": "é"}'}},
     ("f", {"a": "é"}, None, '{"a": "é"}', ()), {D: {"function_extra": {"index": 0}, "arguments": '{"a": "é"}'}}),
    ("text_null", {"function": {"index": 0, "name": "f", "arguments": "null"}},
     ("f", {}, None, "null", ("empty-arguments",)), {D: {"function_extra": {"index": 0}, "arguments": "null"}}),
    ("text_empty", {"function": {"index": 0, "name": "f", "arguments": " "}},
     ("f", {}, None, " ", ("empty-arguments",)), {D: {"function_extra": {"index": 0}, "arguments": " "}}),
    ("null_arguments", {"function": {"index": 0, "name": "f", "arguments": None}},
     ("f", {}, None, None, ("empty-arguments",)), {D: {"function_extra": {"index": 0}, "arguments": None}}),
    ("no_arguments", {"function": {"index": 0, "name": "f"}},
     ("f", {}, None, None, ("empty-arguments",)),
     {D: {"function_extra": {"index": 0}, "arguments": None, "no_arguments": True}}),
]


@pytest.mark.parametrize(("wire", "fields", "pd"), [r[1:] for r in CALLS], ids=[r[0] for r in CALLS])
def test_call_round_trip(wire: Dict[str, Any], fields: Tuple[Any, ...], pd: Dict[str, Any]) -> None:
    call = toolwire.decode(wire, D)
    assert (call.name, call.args, call.id, call.raw, call.repairs) == fields
    assert dict(call.provider_data) == pd
    assert toolwire.encode(call, D) == wire


def test_changed_arguments_are_written_as_an_object() -> None:
    call = toolwire.decode({"function": {"index": 0, "name": "f", "arguments": '{"a": 1}'}}, D)
    assert toolwire.encode(call.replace(args={"a": 2}), D) == {"function": {"name": "f", "arguments": {"a": 2},
                                                                            "index": 0}}
    empty = toolwire.decode({"function": {"index": 0, "name": "f", "arguments": None}}, D)
    assert toolwire.encode(empty.replace(args={"a": 2}), D) == {"function": {"name": "f", "arguments": {"a": 2},
                                                                             "index": 0}}
    gone = toolwire.decode({"function": {"index": 0, "name": "f"}}, D)
    assert toolwire.encode(gone.replace(args={"a": 2}), D) == {"function": {"name": "f", "arguments": {"a": 2},
                                                                            "index": 0}}


def test_repaired_argument_text_is_written_back_repaired() -> None:
    call = toolwire.decode({"function": {"index": 0, "name": "f", "arguments": '```json\n{"a": "é"}\n```'}}, D)
    assert (call.args, call.repairs) == ({"a": "é"}, ("code-fence",))
    assert toolwire.encode(call, D) == {"function": {"name": "f", "arguments": {"a": "é"}, "index": 0}}


def test_canonical_calls_get_their_position_as_index() -> None:
    assert toolwire.encode_message([ToolCall("f", {"a": "é"}, "call_1"), ToolCall("g", {})], D) == {
        "role": "assistant", "content": "", "tool_calls": [
            {"id": "call_1", "function": {"name": "f", "arguments": {"a": "é"}, "index": 0}},
            {"function": {"name": "g", "arguments": {}, "index": 1}},
        ]}
    assert toolwire.encode_message([ToolCall("f", {}, "call_1")], D, content="Je regarde") == {
        "role": "assistant", "content": "Je regarde",
        "tool_calls": [{"id": "call_1", "function": {"name": "f", "arguments": {}, "index": 0}}]}


# --- results and tools -------------------------------------------------------------------------

RESULTS = [  # (id, wire, (id, name, content), provider data)
    ("plain", {"role": "tool", "tool_name": "get_weather", "content": "22°C"}, (None, "get_weather", "22°C"), {}),
    ("with_id", {"role": "tool", "tool_name": "get_weather", "content": "22°C", "tool_call_id": "call_k3x9a0ze"},
     ("call_k3x9a0ze", "get_weather", "22°C"), {}),
    ("empty_id", {"role": "tool", "tool_name": "get_weather", "content": "22°C", "tool_call_id": ""},
     (None, "get_weather", "22°C"), {D: {"id": ""}}),
    ("null_content", {"role": "tool", "tool_name": "get_weather", "content": None}, (None, "get_weather", ""),
     {D: {"content": None}}),
    ("extra", {"role": "tool", "tool_name": "get_weather", "content": "x", "images": "aGk="},
     (None, "get_weather", "x"), {D: {"extra": {"images": "aGk="}}}),
    ("no_name", {"role": "tool", "content": "x", "tool_call_id": "call_1"}, ("call_1", None, "x"), {}),
]


@pytest.mark.parametrize(("wire", "fields", "pd"), [r[1:] for r in RESULTS], ids=[r[0] for r in RESULTS])
def test_result_round_trip(wire: Dict[str, Any], fields: Tuple[Any, ...], pd: Dict[str, Any]) -> None:
    result = toolwire.decode_result(wire, D)
    assert (result.id, result.name, result.content, result.is_error) == (*fields, False)
    assert dict(result.provider_data) == pd
    assert toolwire.encode_result(result, D) == wire


def test_result_parts_are_one_text() -> None:
    parts = [{"type": "text", "text": "a"}, {"type": "text", "text": "é"}]
    result = toolwire.decode_result({"role": "tool", "tool_name": "f", "content": parts}, D)
    assert result.content == parts
    assert toolwire.encode_result(result, D) == {"role": "tool", "tool_name": "f", "content": "a\né"}
    mixed = ToolResult("call_1", "f", [{"type": "text", "text": "Zürich"}, {"type": "json", "json": {"t": "22°C"}},
                                       {"type": "text", "text": ""}])
    assert toolwire.encode_result(mixed, D) == {"role": "tool", "tool_name": "f", "content": 'Zürich\n{"t": "22°C"}\n',
                                                "tool_call_id": "call_1"}
    assert toolwire.encode_result(ToolResult(None, "f", ""), D) == {"role": "tool", "tool_name": "f", "content": ""}


def test_tool_definitions_have_no_strict() -> None:
    wire = {"type": "function", "function": {"name": "get_weather", "description": "Météo", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}
    tool = toolwire.decode_tool(wire, D)
    assert (tool.name, tool.description, tool.parameters, tool.strict, dict(tool.provider_data)) == (
        "get_weather", "Météo", wire["function"]["parameters"], None, {})  # type: ignore[index]
    assert toolwire.encode_tool(tool, D) == wire
    assert toolwire.encode_tool(Tool(name="f", strict=True, parameters={"type": "object"}), D) == {
        "type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}
    extra = toolwire.decode_tool({"type": "function", "function": {"name": "f", "parameters": {}, "x": 1}}, D)
    assert dict(extra.provider_data) == {D: {"function_extra": {"x": 1}}}
    assert toolwire.encode_tool(extra, D) == {"type": "function", "function": {"name": "f", "parameters": {}, "x": 1}}


# --- streams ----------------------------------------------------------------------------------


def chunk(done: Any = False, **msg: Any) -> Dict[str, Any]:
    return {"model": "llama3.2", "created_at": CREATED, "message": {"role": "assistant", "content": "", **msg},
            "done": done}


def test_a_stream_of_whole_calls() -> None:
    chunks: List[Dict[str, Any]] = [
        chunk(content="Je "), chunk(content="regarde"), chunk(tool_calls=[WEATHER]),
        chunk(tool_calls=[{"function": {"index": 1, "name": "get_time", "arguments": {}}}]),
        {**chunk(True), "done_reason": "stop", "eval_count": 12},
    ]
    expected = [ToolCall("get_weather", {"city": "Zürich"}, "call_k3x9a0ze"), ToolCall("get_time", {})]
    assert accumulate(chunks) == expected
    acc = Accumulator()
    seen: List[Any] = []
    for c in chunks:
        seen += acc.feed(c)
    assert (acc.dialect, acc.text, acc.finish_reason) == (D, "Je regarde", "stop")
    assert seen == [CallStarted(0, "call_k3x9a0ze", "get_weather"), CallDone(0, expected[0]),
                    CallStarted(1, None, "get_time"), CallDone(1, expected[1])]


def test_streamed_items_that_do_not_fit_are_invalid_calls_not_skipped() -> None:
    calls = accumulate([chunk(tool_calls=[5, {"function": 5}, {"function": {"name": "f", "arguments": '{"a": 1}'}},
                                          {"function": {"name": "g"}, "id": 7}]),
                        {**chunk(True), "done_reason": "length"}], D)
    assert [(type(c).__name__, c.name, c.id) for c in calls] == [
        ("InvalidToolCall", None, None), ("InvalidToolCall", None, None), ("ToolCall", "f", None),
        ("InvalidToolCall", "g", None)]
    assert calls[2] == ToolCall("f", {"a": 1})
    assert [(c.error, c.loc) for c in calls if type(c) is InvalidToolCall][:2] == [
        ("The tool call at $.calls[0] is not an object: 5", "$.calls[0]"),
        ("The stream never gave this call a name", "$.calls[1].name")]


def test_the_finish_reason_needs_done_true() -> None:
    acc = Accumulator(D)
    acc.feed({**chunk("yes"), "done_reason": "length"})
    assert acc.finish_reason is None
    acc.feed({**chunk(True), "done_reason": "length"})
    assert acc.finish_reason == "length"


def test_encode_stream() -> None:
    assert encode_stream([ToolCall("get_weather", {"city": "Zürich"}, "call_1"), ToolCall("now", {})], D) == [
        {"model": "m", "message": {"role": "assistant", "content": "", "tool_calls": [
            {"function": {"index": 0, "name": "get_weather", "arguments": {"city": "Zürich"}}, "id": "call_1"}]},
         "done": False},
        {"model": "m", "message": {"role": "assistant", "content": "", "tool_calls": [
            {"function": {"index": 1, "name": "now", "arguments": {}}}]}, "done": False},
        {"model": "m", "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop"},
    ]


@pytest.mark.parametrize(("event", "expected"), [
    (chunk(content="x"), D), ({"message": {}, "done": False}, D), ({"message": {}, "done": True, "choices": []}, None),
    ({"message": "x", "done": True}, None), ({"message": {}}, None),
])
def test_stream_detection(event: Dict[str, Any], expected: Optional[str]) -> None:
    assert detect_stream(event) == expected


# --- whole responses ----------------------------------------------------------------------------


def test_a_reply_is_read() -> None:
    r = normalize({"model": "qwen3", "created_at": CREATED, "message": {
        "role": "assistant", "content": "Il fait 22°C.", "thinking": "Je réfléchis",
        "tool_calls": [{"function": {"index": 0, "name": "f", "arguments": {"a": "é"}}}]},
        "done": True, "done_reason": "stop", "prompt_eval_count": 26, "eval_count": 298})
    assert (r.provider, r.text, r.reasoning, r.refusal, r.finish_reason, r.raw_finish_reason, r.truncated) == (
        D, "Il fait 22°C.", "Je réfléchis", None, "tool_calls", "stop", False)
    assert r.tool_calls == (ToolCall("f", {"a": "é"}),)
    assert (r.usage.input_tokens, r.usage.output_tokens, r.usage.total_tokens) == (26, 298, 324)  # type: ignore[union-attr]
    odd = normalize({"model": "q", "created_at": CREATED, "message": {"role": "assistant", "content": 5},
                     "done_reason": "length", "eval_count": True})
    assert (odd.text, odd.reasoning, odd.finish_reason, odd.truncated, odd.usage.output_tokens) == (  # type: ignore[union-attr]
        "", "", "length", True, None)


@pytest.mark.parametrize(("raw", "normal"), [("stop", "stop"), ("length", "length"), ("load", "error"),
                                             ("unload", "error"), ("something_new", "other")])
def test_done_reasons(raw: str, normal: str) -> None:
    assert normalize_finish(raw, D) == normal


# server/routes.go ``ChatHandler``: ``messages: []`` loads the model and answers at once with
# ``api.ChatResponse{Message: api.Message{Role: "assistant"}, Done: true, DoneReason: "load"}``
# (``"unload"`` with ``keep_alive: 0``), one object even when streaming: no prompt ran, so no
# content and no tool call (docs/api.md "Load a model" / "Unload a model" show these replies).
# A call in one is no model's: ``load`` / ``unload`` bar it, as a failed reply's
# (``finish_reasons`` -> ``error``), and without calls the reply is no answer either.


def _loaded(reason: str, **msg: Any) -> Dict[str, Any]:
    return {"model": "llama3.2", "created_at": "2024-09-12T21:17:29.110811Z",
            "message": {"role": "assistant", "content": "", **msg}, "done_reason": reason, "done": True}


_BARRED = ("Tool call at $.message.tool_calls[0] is in a reply that ollama reports as failed ({}): it must not "
           "run; decode the item itself to read it anyway")
_NO_ANSWER = "The reply is reported as failed ('{}') and holds no tool call: any calls the model made are lost"


@pytest.mark.parametrize("reason", ["load", "unload"])
def test_a_call_in_a_load_reply_does_not_run(reason: str) -> None:
    reply = _loaded(reason, tool_calls=[WEATHER])
    for named in (None, D):
        with pytest.raises(toolwire.DecodeError) as err:
            toolwire.decode_all(reply, named)
        assert (err.value.message, err.value.loc, err.value.dialect) == (
            _BARRED.format(reason), "$.message.tool_calls[0]", D)
        (bad,) = toolwire.decode_all(reply, named, invalid="keep")
        assert isinstance(bad, InvalidToolCall)
        assert (bad.name, bad.id, bad.error) == ("get_weather", "call_k3x9a0ze", _BARRED.format(reason))
    assert toolwire.decode(WEATHER, D) == ToolCall("get_weather", {"city": "Zürich"}, "call_k3x9a0ze")  # the item
    r = normalize(reply)
    assert (r.provider, r.finish_reason, r.raw_finish_reason, r.tool_calls, r.truncated) == (
        D, "error", reason, (), False)
    assert [(c.name, c.error) for c in r.invalid_tool_calls] == [("get_weather", _BARRED.format(reason))]
    # the one NDJSON line a streamed request gets back
    (streamed,) = accumulate([reply])
    assert isinstance(streamed, InvalidToolCall)
    assert (streamed.name, streamed.error) == (
        "get_weather", f"Tool call 0 of this stream is in a reply that ollama reports as failed ({reason}): "
                       "it must not run")
    # the same reply finished by a prompt that ran holds a runnable call
    assert toolwire.decode_all(_loaded("stop", tool_calls=[WEATHER])) == [
        ToolCall("get_weather", {"city": "Zürich"}, "call_k3x9a0ze")]


@pytest.mark.parametrize("reason", ["load", "unload"])
def test_a_load_reply_is_no_answer(reason: str) -> None:
    """docs/api.md's load and unload replies as sent: ``[]`` would read as "the model
    answered without calling a tool", but no prompt ran."""
    reply = _loaded(reason)
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_all(reply)
    assert (err.value.message, err.value.loc) == (_NO_ANSWER.format(reason), "$")
    (bad,) = toolwire.decode_all(reply, D, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and (bad.name, bad.error) == (None, _NO_ANSWER.format(reason))
    r = normalize(reply)
    assert (r.text, r.finish_reason, r.raw_finish_reason, r.tool_calls) == ("", "error", reason, ())
    assert [c.error for c in r.invalid_tool_calls] == [_NO_ANSWER.format(reason)]
    assert [c.error for c in accumulate([reply], D)] == [_NO_ANSWER.format(reason)]  # type: ignore[union-attr]


def test_a_load_reply_is_no_structured_answer() -> None:
    from toolwire import retry

    schema = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    prepared = retry.prepare({"model": "llama3.2", "messages": HI}, schema, D, mode="prompt")
    outcome = retry.classify(_loaded("load", content='{"city": "Paris"}'), prepared.state)
    assert (outcome.kind, outcome.value, outcome.detail) == ("failed", None, "load")
    assert retry.classify(_loaded("stop", content='{"city": "Paris"}'), prepared.state).value == {"city": "Paris"}


@pytest.mark.parametrize("reason", ["load", "unload"])
def test_an_sdk_load_reply(reason: str) -> None:
    ollama = pytest.importorskip("ollama")
    call = ollama.Message.ToolCall(function=ollama.Message.ToolCall.Function(
        name="get_weather", arguments={"city": "Zürich"}))
    obj = ollama.ChatResponse(model="llama3.2", created_at="2024-09-12T21:17:29.110811Z", done=True,
                              done_reason=reason, message=ollama.Message(role="assistant", content="",
                                                                         tool_calls=[call]))
    with pytest.raises(toolwire.DecodeError, match=r"reports as failed \(" + reason + r"\): it must not run"):
        toolwire.decode_all(obj)
    (bad,) = toolwire.decode_all(obj, D, invalid="keep")
    assert isinstance(bad, InvalidToolCall) and bad.name == "get_weather"
    r = normalize(obj)
    assert (r.finish_reason, r.raw_finish_reason, r.tool_calls, len(r.invalid_tool_calls)) == (
        "error", reason, (), 1)
    empty = ollama.ChatResponse(model="llama3.2", done=True, done_reason=reason,
                                message=ollama.Message(role="assistant", content=""))
    with pytest.raises(toolwire.DecodeError, match="holds no tool call"):
        toolwire.decode_all(empty)


def test_the_reply_envelope() -> None:
    envelope = DIALECT.response_envelope
    assert envelope is not None
    item = {"function": {"index": 0, "name": "f", "arguments": {}}}
    assert envelope([item], "Voilà", "length") == {
        "model": "llama3.1", "created_at": "2025-11-30T08:00:00.000000Z",
        "message": {"role": "assistant", "content": "Voilà", "tool_calls": [item]}, "done_reason": "length",
        "done": True}
    assert envelope([]) == {"model": "llama3.1", "created_at": "2025-11-30T08:00:00.000000Z",
                            "message": {"role": "assistant", "content": ""}, "done_reason": "stop", "done": True}
