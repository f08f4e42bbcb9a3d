"""mistral: detection (each branch with its ``explain`` triple and a near miss), the
provider data the decoders keep (hand-written wire payloads round-tripped to literal
wire), streams and the message and reply envelopes.

Shapes from https://docs.mistral.ai/api/#tag/chat (``tool_calls[]`` items ``{"id",
"type", "function": {"name", "arguments"}, "index"}``, ``prefix`` on an assistant
message, the streamed ``chat.completion.chunk``), https://docs.mistral.ai/capabilities/function_calling/
(``{"role": "tool", "name", "content", "tool_call_id"}``, 9-character ids), the
mistralai SDK's ``ToolCall`` (its default id is the string ``"null"``) and a recorded
Mistral stream (whole calls in one delta without ``index``, ``finish_reason`` on the
same chunk).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import pytest

import toolwire
from toolwire import ToolCall, ToolResult
from toolwire.stream import accumulate, encode_stream

D = "mistral"
DIALECT = toolwire.get_dialect(D)
ID = "D681PevKs"
FN = {"name": "get_weather", "arguments": '{"city": "Zürich"}'}
HI = [{"role": "user", "content": "hi"}]

# --- detection -------------------------------------------------------------------------------

CLAIMED = [
    ("call.null_id", {"id": "null", "type": "function", "function": FN}, "call",
     "a call with the SDK's placeholder id 'null'"),
    ("call.nine_and_index", {"id": ID, "type": "function", "function": FN, "index": 0}, "call",
     "a call with a 9-alphanumeric id and 'index'"),
    ("message.prefix", {"role": "assistant", "content": "", "prefix": True, "tool_calls": []}, "calls",
     "an assistant message with 'prefix'"),
    ("completion.model", {"id": "x", "model": "mistral-large-latest", "choices": [
        {"index": 0, "message": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}]}, "calls",
     "a chat payload of the Mistral model 'mistral-large-latest'"),
    ("request.open_model", {"model": "open-mistral-nemo", "messages": HI}, "calls",
     "a chat payload of the Mistral model 'open-mistral-nemo'"),
    ("request.codestral", {"model": "codestral-latest", "messages": HI}, "calls",
     "a chat payload of the Mistral model 'codestral-latest'"),
    ("request.ministral", {"model": "ministral-8b-latest", "messages": HI}, "calls",
     "a chat payload of the Mistral model 'ministral-8b-latest'"),
]


@pytest.mark.parametrize(("payload", "kind", "reason"), [r[1:] for r in CLAIMED], ids=[r[0] for r in CLAIMED])
def test_claimed(payload: Dict[str, Any], kind: str, reason: str) -> None:
    assert tuple(toolwire.explain(payload)) == (D, kind, reason)
    assert DIALECT.detect is not None and DIALECT.detect(payload) == (kind, reason)


NEAR = [  # (id, payload, what explain says instead; None: no dialect)
    ("call.nine_without_index", {"id": ID, "type": "function", "function": FN}, "openai.chat"),
    ("call.eight_and_index", {"id": "D681PevK", "type": "function", "function": FN, "index": 0}, "openai.chat"),
    ("call.nine_with_underscore", {"id": "D681PevK_", "type": "function", "function": FN, "index": 0}, "openai.chat"),
    ("call.ten_and_index", {"id": "D681PevKsx", "type": "function", "function": FN, "index": 0}, "openai.chat"),
    ("call.no_arguments", {"id": "null", "type": "function", "function": {"name": "f"}}, "openai.chat"),
    ("call.null_id_value", {"id": None, "type": "function", "function": FN}, "openai.chat"),
    ("message.prefix_without_calls", {"role": "assistant", "content": "", "prefix": True}, "anthropic.messages"),
    ("message.user_prefix", {"role": "user", "content": "", "prefix": True, "tool_calls": []}, "openai.chat"),
    ("model.alone", {"model": "mistral-large-latest"}, None),
    ("model.hub_name", {"model": "mistralai/Mistral-7B", "messages": HI}, "openai.chat"),
    ("model.prefixed", {"model": "xmistral-large", "messages": HI}, "openai.chat"),
    ("model.other", {"model": "gpt-4o", "messages": HI}, "openai.chat"),
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
    assert DIALECT.detect is not None and DIALECT.detect([FN]) is None


# --- calls: provider data ----------------------------------------------------------------------

CALLS = [  # (id, wire, (args, id, raw), provider data)
    ("plain", {"id": ID, "type": "function", "function": FN}, ({"city": "Zürich"}, ID, '{"city": "Zürich"}'), {}),
    ("sdk_null_id", {"id": "null", "type": "function", "function": FN},
     ({"city": "Zürich"}, None, '{"city": "Zürich"}'), {D: {"id": "null"}}),
    ("empty_id", {"id": "", "type": "function", "function": FN}, ({"city": "Zürich"}, None, '{"city": "Zürich"}'),
     {D: {"id": ""}}),
    ("null_id", {"id": None, "type": "function", "function": FN}, ({"city": "Zürich"}, None, '{"city": "Zürich"}'),
     {D: {"id": None}}),
    ("gateway_id", {"id": "call_abc123", "type": "function", "function": FN},
     ({"city": "Zürich"}, "call_abc123", '{"city": "Zürich"}'), {D: {"native_id": True}}),
    ("index", {"id": ID, "type": "function", "function": FN, "index": 0},
     ({"city": "Zürich"}, ID, '{"city": "Zürich"}'), {D: {"extra": {"index": 0}}}),
    ("bare", {"function": FN}, ({"city": "Zürich"}, None, '{"city": "Zürich"}'), {D: {"no_type": True, "no_id": True}}),
    ("object_arguments", {"id": ID, "type": "function", "function": {"name": "get_weather",
                                                                     "arguments": {"city": "Zürich"}}},
     ({"city": "Zürich"}, ID, None), {D: {"object_args": True}}),
]


@pytest.mark.parametrize(("wire", "fields", "pd"), [r[1:] for r in CALLS], ids=[r[0] for r in CALLS])
def test_call_round_trip(wire: Dict[str, Any], fields: Tuple[Any, ...], pd: Dict[str, Any]) -> None:
    call = toolwire.decode(wire, D)
    assert (call.name, call.args, call.id, call.raw, call.repairs) == ("get_weather", *fields, ())
    assert dict(call.provider_data) == pd
    assert toolwire.encode(call, D) == wire


def test_canonical_calls_get_nine_character_ids() -> None:
    assert toolwire.encode(ToolCall("f", {"a": "é"}, "call_abc123"), D) == {
        "id": "AFNaTVJEU", "type": "function", "function": {"name": "f", "arguments": '{"a":"é"}'}}
    assert toolwire.encode(ToolCall("f", {"a": "é"}), D) == {
        "id": "bP3ueO0yp", "type": "function", "function": {"name": "f", "arguments": '{"a":"é"}'}}
    item = {"id": ID, "type": "function", "function": {"name": "f", "arguments": "{}"}}
    assert toolwire.encode_message([ToolCall("f", {}, ID)], D) == {"role": "assistant", "tool_calls": [item]}
    assert toolwire.encode_message([ToolCall("f", {}, ID)], D, content="Je regarde") == {
        "role": "assistant", "content": "Je regarde", "tool_calls": [item]}


def test_tool_definitions_keep_strict_and_their_extras_for_mistral_only() -> None:
    wire = {"type": "function", "function": {"name": "f", "description": "Météo", "parameters": {"type": "object"},
                                             "strict": True, "x": 1}}
    tool = toolwire.decode_tool(wire, D)
    assert (tool.name, tool.description, tool.parameters, tool.strict) == ("f", "Météo", {"type": "object"}, True)
    assert dict(tool.provider_data) == {D: {"function_extra": {"x": 1}}}
    assert toolwire.encode_tool(tool, D) == wire
    # another dialect's extras are not written
    chat = toolwire.Tool(name="f", provider_data={"openai.chat": {"function_extra": {"y": 2}}})
    # (``parameters`` is required: an empty object schema)
    assert toolwire.encode_tool(chat, D) == {
        "type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}


# --- results ---------------------------------------------------------------------------------

RESULTS = [  # (id, wire, (id, name, content), provider data)
    ("plain", {"role": "tool", "tool_call_id": ID, "name": "get_weather", "content": "22°C"},
     (ID, "get_weather", "22°C"), {}),
    ("sdk_null_id", {"role": "tool", "tool_call_id": "null", "name": "get_weather", "content": "22°C"},
     (None, "get_weather", "22°C"), {D: {"id": "null"}}),
    ("empty_id", {"role": "tool", "tool_call_id": "", "name": "get_weather", "content": "22°C"},
     (None, "get_weather", "22°C"), {D: {"id": ""}}),
    ("null_name", {"role": "tool", "tool_call_id": ID, "name": None, "content": "22°C"}, (ID, None, "22°C"),
     {D: {"null_name": True}}),
    ("no_name", {"role": "tool", "tool_call_id": ID, "content": "22°C"}, (ID, None, "22°C"), {}),
    ("null_content", {"role": "tool", "tool_call_id": ID, "name": "f", "content": None}, (ID, "f", ""),
     {D: {"content": None}}),
    ("extra", {"role": "tool", "tool_call_id": ID, "name": "f", "content": "x", "prefix": False}, (ID, "f", "x"),
     {D: {"extra": {"prefix": False}}}),
    ("parts", {"role": "tool", "tool_call_id": ID, "name": "f", "content": [{"type": "text", "text": "a"},
                                                                            {"type": "text", "text": "é"}]},
     (ID, "f", [{"type": "text", "text": "a"}, {"type": "text", "text": "é"}]), {}),
]


@pytest.mark.parametrize(("wire", "fields", "pd"), [r[1:] for r in RESULTS], ids=[r[0] for r in RESULTS])
def test_result_round_trip(wire: Dict[str, Any], fields: Tuple[Any, ...], pd: Dict[str, Any]) -> None:
    result = toolwire.decode_result(wire, D)
    assert (result.id, result.name, result.content, result.is_error) == (*fields, False)
    assert dict(result.provider_data) == pd
    assert toolwire.encode_result(result, D) == wire


def test_canonical_results() -> None:
    assert toolwire.encode_result(ToolResult("toolu_01", "f", [{"type": "json", "json": {"t": "22°C"}}]), D) == {
        "role": "tool", "tool_call_id": "ChZ1gKSYb", "name": "f", "content": [{"type": "text", "text": '{"t": "22°C"}'}]}
    assert toolwire.encode_result(ToolResult(ID, None, "x"), D) == {"role": "tool", "tool_call_id": ID, "content": "x"}


# --- streams ----------------------------------------------------------------------------------


# the first chunk of every recorded Mistral stream (shared/corpus/mistral: magentic's and vercel/ai's
# recordings): the role alone, before any call
ROLE = {"id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 1764460800, "model": "mistral-large-latest",
        "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]}


def test_encode_stream_writes_whole_calls_as_mistral_sends_them() -> None:
    calls = [ToolCall("plus", {"a": 1, "b": "é"}, "nqjf8Hqe1"), ToolCall("minus", {"a": 2, "b": 1}, "ATcpCKul3")]
    chunks = encode_stream(calls, D)
    assert chunks == [ROLE, {"id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 1764460800,
                             "model": "mistral-large-latest", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"id": "nqjf8Hqe1", "function": {"name": "plus", "arguments": '{"a":1,"b":"é"}'}},
        {"id": "ATcpCKul3", "function": {"name": "minus", "arguments": '{"a":2,"b":1}'}},
    ]}, "finish_reason": "tool_calls"}]}]
    assert accumulate(chunks, D) == calls
    now = ToolCall("now", {})  # Mistral needs an id: the one encode makes
    assert encode_stream([now], D)[1]["choices"][0]["delta"]["tool_calls"] == [
        {"id": toolwire.encode(now, D)["id"], "function": {"name": "now", "arguments": "{}"}}]


def test_encode_stream_in_pieces() -> None:
    calls = [ToolCall("plus", {"a": "é"}, "nqjf8Hqe1")]

    def delta(tool_calls: Any, finish: Any = None) -> Dict[str, Any]:
        return {"id": "chatcmpl-0", "object": "chat.completion.chunk", "created": 1764460800,
                "model": "mistral-large-latest", "choices": [{"index": 0, "delta": tool_calls, "finish_reason": finish}]}

    # argument deltas carry "name": "" as the API sends them (mistralai's FunctionCall.name
    # is required; mistralai/mistral-vibe tests/backend/data/mistral.py)
    assert encode_stream(calls, D, split=6) == [
        ROLE,
        delta({"tool_calls": [{"type": "function", "function": {"name": "plus", "arguments": ""}, "id": "nqjf8Hqe1"}]}),
        delta({"tool_calls": [{"function": {"arguments": '{"a":"', "name": ""}}]}),
        delta({"tool_calls": [{"function": {"arguments": 'é"}', "name": ""}}]}),
        delta({}, "tool_calls"),
    ]
    assert encode_stream(calls, D, split=6, with_index=True) == [
        ROLE,
        delta({"tool_calls": [{"type": "function", "function": {"name": "plus", "arguments": ""}, "id": "nqjf8Hqe1",
                               "index": 0}]}),
        delta({"tool_calls": [{"function": {"arguments": '{"a":"', "name": ""}, "index": 0}]}),
        delta({"tool_calls": [{"function": {"arguments": 'é"}', "name": ""}, "index": 0}]}),
        delta({}, "tool_calls"),
    ]
    assert encode_stream([], D) == [ROLE, delta({}, "stop")]  # no call: the plain stop reason


def test_the_reply_envelope() -> None:
    envelope = DIALECT.response_envelope
    assert envelope is not None
    assert envelope([{"id": ID}]) == {
        "id": "chatcmpl-0", "object": "chat.completion", "created": 1764460800, "model": "mistral-large-latest",
        "choices": [{"index": 0, "finish_reason": "tool_calls",
                     "message": {"role": "assistant", "tool_calls": [{"id": ID}]}}],
        "usage": {"prompt_tokens": 84, "completion_tokens": 22, "total_tokens": 106}}


def test_a_null_tool_content_is_kept_until_the_content_changes() -> None:
    wire = {"role": "tool", "tool_call_id": "D681PevKs", "content": None}
    result = toolwire.decode_result(wire, "mistral")
    assert (result.content, dict(result.provider_data)) == ("", {"mistral": {"content": None}})
    assert toolwire.encode_result(result, "mistral") == wire
    assert toolwire.encode_result(result.replace(content="22 °C"), "mistral") == {**wire, "content": "22 °C"}


# the id of a call carrying mistral provider data: each branch of the id writer, against the
# ids pinned above for the same call without provider data ("AFNaTVJEU" maps "call_abc123",
# "bP3ueO0yp" is the id made for f({"a": "é"}) at position 0)
ID_WRITER = [  # (id, call id, provider data, wire fields beside "function")
    ("kept-fields-id-made", None, {"extra": {"index": 0}}, {"id": "bP3ueO0yp", "type": "function", "index": 0}),
    ("kept-fields-id-mapped", "call_abc123", {"extra": {"index": 0}},
     {"id": "AFNaTVJEU", "type": "function", "index": 0}),
    ("valid-id-passes", "D681PevKs", {"no_type": True}, {"id": "D681PevKs"}),
    ("placeholder-restored", None, {"id": "null"}, {"id": "null", "type": "function"}),
    ("placeholder-replaced-by-an-id", "call_abc123", {"id": "null"}, {"id": "AFNaTVJEU", "type": "function"}),
    ("native-id-passes", "call_abc123", {"native_id": True}, {"id": "call_abc123", "type": "function"}),
    ("native-flag-without-id", None, {"native_id": True}, {"id": "bP3ueO0yp", "type": "function"}),
    ("no-id-on-the-wire", None, {"no_id": True}, {"type": "function"}),
]


@pytest.mark.parametrize(("ident", "pd", "fields"), [r[1:] for r in ID_WRITER], ids=[r[0] for r in ID_WRITER])
def test_the_id_writer_of_a_call_with_provider_data(ident: Any, pd: Dict[str, Any], fields: Dict[str, Any]) -> None:
    call = ToolCall("f", {"a": "é"}, ident, provider_data={D: pd})
    fn = {"name": "f", "arguments": '{"a":"é"}'}
    assert toolwire.encode(call, D) == {**fields, "function": fn}


def test_the_id_writer_with_an_id_map_pairs_calls_and_results() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect(D).ids, dialect=D)
    kept = {D: {"extra": {"index": 0}}}
    assert toolwire.encode(ToolCall("f", {"a": "é"}, "call_abc123", provider_data=kept), D, ids=ids)["id"] == "AFNaTVJEU"
    assert toolwire.encode(ToolCall("f", {"a": "é"}, provider_data=kept), D, ids=ids)["id"] == "bP3ueO0yp"
    assert toolwire.encode_result(ToolResult(name="f", content="ok"), D, ids=ids)["tool_call_id"] == "bP3ueO0yp"
    assert toolwire.encode_result(ToolResult("call_abc123", "f", "ok"), D, ids=ids)["tool_call_id"] == "AFNaTVJEU"


def test_a_repaired_call_has_no_provider_data() -> None:
    """Arguments in a code fence: unfenced and recorded as a repair; nothing else came
    on the wire, so there is no provider data (not an empty entry for the dialect)."""
    item = {"id": "abcdefghi", "type": "function",
            "function": {"name": "f", "arguments": '```json\n{"a": 1}\n```'}}
    call = toolwire.decode(item, "mistral")
    assert (call.args, call.repairs, dict(call.provider_data)) == ({"a": 1}, ("code-fence",), {})


def test_interleaved_stream_deltas_alternate_between_the_calls() -> None:
    """``encode_stream(..., with_index=True, interleave=True)``: the argument deltas of
    parallel calls alternate by index, as a server streaming them at once sends them."""
    calls = [toolwire.ToolCall("f", {"a": "xxxx"}, "abcdefghi"), toolwire.ToolCall("g", {"b": "yyyy"}, "bbcdefghi")]
    chunks = encode_stream(calls, "mistral", with_index=True, split=3, interleave=True)
    indexes = [c["choices"][0]["delta"]["tool_calls"][0]["index"] for c in chunks[1:-1]]
    assert indexes == [0, 1] * 5
    assert accumulate(chunks, "mistral") == calls


def test_fields_beside_the_function_name_go_back_as_they_came() -> None:
    item = {"id": "abcdefghi", "type": "function", "function": {"name": "f", "arguments": "{}", "strict": True}}
    call = toolwire.decode(item, "mistral")
    assert dict(call.provider_data) == {"mistral": {"function_extra": {"strict": True}}}
    assert toolwire.encode(call, "mistral") == item

