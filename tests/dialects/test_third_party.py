"""A third-party dialect, defined here with shapes of its own, decodes, streams (named
and detected), has its responses normalised and its finish reasons read exactly as a
built-in does: every cross-provider behaviour is derived from ``Dialect`` fields.

The "Acme" wire API:

- a call item: ``{"acme_call": {"tool", "input", "ref"}}``;
- a reply: ``{"acme_reply": {"text", "thoughts", "calls": [...], "stop", "tokens"}}``
  with stop reasons ``DONE``, ``CALLED``, ``OUT_OF_TOKENS``, ``BLOCKED``;
- a stream of events ``{"type": "acme.call_begin" | "acme.call_args" |
  "acme.call_end" | "acme.text" | "acme.finish", ...}`` with calls keyed by ``slot``;
- structured output (``acme.json``): ``{"acme_format": {"name", "shape"}}`` taking
  JSON Schema without ``pattern`` and at most 3 properties, the budget in
  ``limits.max_out``, turns in ``dialogue`` as ``{"speaker", "said"}``, the system
  prompt in ``preamble``, a refused schema as an error whose ``field`` is
  ``acme_format``.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

import pytest
from hypothesis import Phase, find, settings

import toolwire
from toolwire import (
    DecodeError,
    Dialect,
    EncodeError,
    IdRule,
    InvalidToolCall,
    Registry,
    Tool,
    ToolCall,
    ToolResult,
    UnknownDialectError,
    _builtin,
    retry,
    schema,
    validate_call,
)
from toolwire import strategies as tws
from toolwire.dialects.batch_files import Envelope, open_envelope
from toolwire.response import FINISH_REASONS, ResponseReader, Usage, normalize, normalize_finish
from toolwire.stream import (
    Accumulator,
    ArgsDelta,
    CallDone,
    CallStarted,
    accumulate,
    detect_stream,
    encode_stream,
    stream_dialects,
)

NAME = "acme.chat"

# -- calls, tools, results -----------------------------------------------------------------


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is not dict:
        return None
    if type(data.get("acme_call")) is dict:
        return "call", "an 'acme_call' object"
    if type(data.get("acme_reply")) is dict:
        return "calls", "an 'acme_reply' object"
    if type(data.get("acme_tool")) is dict:
        return "tool", "an 'acme_tool' object"
    if type(data.get("acme_result")) is dict:
        return "result", "an 'acme_result' object"
    return None


def children(data: Dict[str, Any], loc: str) -> Iterator[Tuple[Any, str]]:
    for i, item in enumerate(data["acme_reply"].get("calls") or ()):
        yield item, f"{loc}.acme_reply.calls[{i}]"


def finish(data: Dict[str, Any]) -> Optional[str]:
    stop = data["acme_reply"].get("stop")
    return stop if type(stop) is str else None


def decode_call(item: Dict[str, Any], policy: Any, loc: str) -> ToolCall:
    body = item["acme_call"]
    group = {NAME: {"group": body["group"]}} if "group" in body else None  # Acme names tools in groups
    return ToolCall(name=body["tool"], args=body.get("input") or {}, id=body.get("ref"), provider_data=group)


def encode_call(call: ToolCall, ctx: Any) -> Dict[str, Any]:
    out = {"tool": call.name, "input": call.args, "ref": call.id}
    mine = call.provider_data.get(NAME)
    if mine is not None:
        out["group"] = mine["group"]
    return {"acme_call": out}


def scope(pd: Any) -> Optional[str]:
    return pd.get("group") if type(pd) is dict else None


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    body = item["acme_tool"]
    return Tool(name=body["tool"], provider_data={NAME: {"group": body["group"]}} if "group" in body else None)


def encode_tool(tool: Tool) -> Dict[str, Any]:
    out = {"tool": tool.name}
    mine = tool.provider_data.get(NAME)
    if mine is not None:
        out["group"] = mine["group"]
    return {"acme_tool": out}


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    body = item["acme_result"]
    return ToolResult(id=body.get("ref"), content=body.get("output"))


def encode_result(result: ToolResult, ctx: Any) -> Dict[str, Any]:
    return {"acme_result": {"ref": result.id, "output": result.content}}


def assistant_message(items: List[Dict[str, Any]], content: Optional[str]) -> Dict[str, Any]:
    return {"acme_turn": {"text": content or "", "calls": items}}


# -- stream ----------------------------------------------------------------------------------

EVENTS = frozenset({"acme.call_begin", "acme.call_args", "acme.call_end", "acme.text", "acme.finish"})


def stream_detect(chunk: Dict[str, Any]) -> bool:
    kind = chunk.get("type")
    return type(kind) is str and kind in EVENTS


class Handler:
    """Reads Acme events into the stream core it is given."""

    def __init__(self, core: Any) -> None:
        self.core = core

    def feed(self, data: Dict[str, Any]) -> None:
        core = self.core
        kind = data.get("type")
        if kind == "acme.call_begin":
            core.open(data["slot"], data.get("ref"), data.get("tool"))
        elif kind == "acme.call_args":
            core.add_at(data["slot"], data["text"])
        elif kind == "acme.call_end":
            core.end(core.find(data["slot"]))
        elif kind == "acme.text":
            core.text(data["text"])
        elif kind == "acme.finish":
            core.finish(data.get("stop"))
            core.end_scope(None)  # the reply is over: its open calls end here

    def close(self) -> None:
        return None


def stream_encoder(
    calls: Sequence[ToolCall], fragments: Sequence[Sequence[str]], *, split: Any, stop: str = "CALLED"
) -> List[Dict[str, Any]]:
    events: List[Dict[str, Any]] = []
    for i, call in enumerate(calls):
        events.append({"type": "acme.call_begin", "slot": i, "ref": call.id, "tool": call.name})
        events.extend({"type": "acme.call_args", "slot": i, "text": piece} for piece in fragments[i])
        events.append({"type": "acme.call_end", "slot": i})
    events.append({"type": "acme.finish", "stop": stop})
    return events


def stream_options(calls: Sequence[ToolCall]) -> Tuple[Dict[str, Any], ...]:
    return ({"stop": "DONE"},)  # a reply that called tools may end "DONE" too


# -- whole replies ---------------------------------------------------------------------------


def read_reply(data: Dict[str, Any]) -> Tuple[str, str, Optional[str], Optional[str], Any, Any]:
    reply = data["acme_reply"]
    tokens = reply.get("tokens") or {}
    usage = Usage(input_tokens=tokens.get("in"), output_tokens=tokens.get("out"))
    refusal = "blocked by policy" if reply.get("stop") == "BLOCKED" else None
    return reply.get("text") or "", reply.get("thoughts") or "", refusal, reply.get("stop"), usage, None


def is_reply(data: Dict[str, Any]) -> bool:
    return type(data.get("acme_reply")) is dict


def reply_has_calls(data: Dict[str, Any]) -> bool:
    return bool(data["acme_reply"].get("calls"))


def reply_envelope(items: List[Dict[str, Any]], content: Optional[str] = None,
                   finish: Optional[str] = None) -> Dict[str, Any]:
    return {"acme_reply": {"text": content or "", "calls": items, "stop": finish or "CALLED"}}


def open_batch_line(line: Dict[str, Any]) -> Optional[Envelope]:
    job = line.get("acme_job")
    if type(job) is not dict:
        return None
    if job.get("failed"):
        return Envelope("acme.batch", job.get("ticket"), None, str(job["failed"]), "an 'acme_job' line")
    return Envelope("acme.batch", job.get("ticket"), job.get("reply"), None, "an 'acme_job' line")


# -- structured output -----------------------------------------------------------------------


def acme_fragment(ask: schema.Ask) -> schema.Fragment:
    return schema.Fragment({"acme_format": {"name": ask.name, "shape": ask.schema}})


def acme_budget(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    return ("limits",), "max_out"


def acme_turn(role: str, text: str) -> Dict[str, Any]:
    return {"speaker": "bot" if role == "assistant" else "human", "said": text}


def acme_instruction(request: Dict[str, Any], text: str) -> Dict[str, Any]:
    return {**request, "preamble": (request.get("preamble", "") + "\n" + text).strip()}


def acme_schema_error(status: int, error: Dict[str, Any]) -> bool:
    return error.get("field") == "acme_format"


ACME_JSON = schema.Target(
    id="acme.json",
    aliases=("acme",),
    profile=schema.Profile(id="acme", supported=frozenset({"type", "properties", "required", "items", "enum",
                                                           "additionalProperties"})),
    limits=schema.Limits(max_properties=3),
    fragment=acme_fragment,
    budget=acme_budget,
    history="dialogue",
    turn=acme_turn,
    instruction=acme_instruction,
    schema_error=acme_schema_error,
)

ACME = Dialect(
    name=NAME,
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IdRule(required=False),
    children=children,
    finish=finish,
    aliases=("acme",),
    description="Acme chat (a third-party dialect of the tests)",
    keys=frozenset({"acme_call", "acme_reply", "acme_tool", "acme_result"}),
    assistant_message=assistant_message,
    stream=Handler,
    stream_detect=stream_detect,
    stream_events=EVENTS,
    stream_encoder=stream_encoder,
    response=ResponseReader(detect=is_reply, read=read_reply, may_hold_calls=reply_has_calls),
    finish_reasons={"DONE": "stop", "CALLED": "tool_calls", "OUT_OF_TOKENS": "length", "BLOCKED": "refusal"},
    response_envelope=reply_envelope,
    batch_envelope=open_batch_line,
    structured=(ACME_JSON,),
    scope=scope,
    stream_options=stream_options,
)

# -- literal payloads ------------------------------------------------------------------------

ITEM = {"acme_call": {"tool": "get_weather", "input": {"city": "Paris"}, "ref": "w1"}}
REPLY = {
    "acme_reply": {
        "text": "Checking.",
        "thoughts": "The user wants the weather.",
        "calls": [ITEM, {"acme_call": {"tool": "get_time", "input": {"tz": "CET"}, "ref": "t1"}}],
        "stop": "CALLED",
        "tokens": {"in": 12, "out": 7},
    }
}
EVENTS_STREAM = [
    {"type": "acme.text", "text": "Checking."},
    {"type": "acme.call_begin", "slot": 0, "ref": "w1", "tool": "get_weather"},
    {"type": "acme.call_begin", "slot": 1, "ref": "t1", "tool": "get_time"},
    {"type": "acme.call_args", "slot": 0, "text": '{"city": '},
    {"type": "acme.call_args", "slot": 1, "text": '{"tz": "CET"}'},
    {"type": "acme.call_args", "slot": 0, "text": '"Paris"}'},
    {"type": "acme.call_end", "slot": 0},
    {"type": "acme.call_end", "slot": 1},
    {"type": "acme.finish", "stop": "CALLED"},
]
EXPECTED = [ToolCall(name="get_weather", args={"city": "Paris"}, id="w1"),
         ToolCall(name="get_time", args={"tz": "CET"}, id="t1")]


@pytest.fixture()
def registry() -> Registry:
    reg = toolwire.default_registry().copy()
    reg.register(ACME)
    return reg


@pytest.fixture()
def as_default(monkeypatch: pytest.MonkeyPatch, registry: Registry) -> Registry:
    """The Acme dialect registered on the default registry (restored afterwards)."""
    monkeypatch.setattr(_builtin, "_default", registry)
    return registry


def _triples(calls: List[Any]) -> List[Tuple[str, Dict[str, Any], Optional[str]]]:
    return [(c.name, c.args, c.id) for c in calls]


# -- decoding --------------------------------------------------------------------------------


def test_decodes_detected_and_named(registry: Registry) -> None:
    assert toolwire.decode(ITEM, registry=registry) == EXPECTED[0]
    assert toolwire.decode(json.dumps(ITEM), "acme", registry=registry) == EXPECTED[0]
    assert toolwire.decode_all(REPLY, registry=registry) == EXPECTED
    assert toolwire.detect(REPLY, registry=registry) == NAME
    assert toolwire.encode(EXPECTED[0], NAME, registry=registry) == ITEM


def test_every_entry_point_reads_with_the_registry_given(registry: Registry) -> None:
    """The registry passed is the one each entry point and its inner steps use (the
    default registry does not know Acme)."""
    tool, result = {"acme_tool": {"tool": "get_weather"}}, {"acme_result": {"ref": "w1", "output": "22C"}}
    assert toolwire.decode_tool(tool, registry=registry) == Tool(name="get_weather")
    assert toolwire.decode_tool(tool, NAME, registry=registry) == Tool(name="get_weather")
    assert toolwire.decode_result(result, registry=registry) == ToolResult(id="w1", content="22C")
    assert toolwire.decode_result(result, "acme", registry=registry) == ToolResult(id="w1", content="22C")
    assert toolwire.encode(ITEM, "openai.chat", registry=registry)["function"] == {
        "name": "get_weather", "arguments": '{"city":"Paris"}'}
    assert toolwire.encode_tool(tool, "anthropic.messages", registry=registry)["name"] == "get_weather"
    assert toolwire.encode_result(result, "anthropic.messages", registry=registry) == {
        "type": "tool_result", "tool_use_id": "w1", "content": "22C"}
    assert toolwire.encode_result(ToolResult(id="w1", content="22C"), NAME, registry=registry) == result
    assert toolwire.explain(ITEM, registry=registry) == (NAME, "call", "an 'acme_call' object")
    with pytest.raises(DecodeError) as exc:
        toolwire.decode(REPLY, registry=registry)
    assert exc.value.message == "Input at $ holds 2 tool calls, not one; use decode_all"
    with pytest.raises(DecodeError) as exc:
        toolwire.decode(tool, registry=registry)
    assert exc.value.message == (
        "Input at $ is an acme.chat tool definition, not a tool call: {'acme_tool': {'tool': 'get_weather'}}")
    for entry in (toolwire.decode_tool, toolwire.decode_result):
        with pytest.raises(DecodeError, match="matches no known dialect"):
            entry(tool if entry is toolwire.decode_result else result)  # the default registry: unknown


def test_unregistered_it_is_not_known() -> None:
    with pytest.raises(DecodeError):
        toolwire.decode(ITEM)
    assert detect_stream(EVENTS_STREAM[0]) is None


# -- streaming -------------------------------------------------------------------------------


def test_streams_named_and_detected(registry: Registry) -> None:
    assert NAME in stream_dialects(registry) and NAME not in stream_dialects()
    assert accumulate(EVENTS_STREAM, NAME, registry=registry) == EXPECTED
    assert accumulate(EVENTS_STREAM, "acme", registry=registry) == EXPECTED  # an alias
    assert accumulate(EVENTS_STREAM, ACME) == EXPECTED  # the Dialect itself, registered nowhere
    assert accumulate(EVENTS_STREAM, registry=registry) == EXPECTED  # detected from its events
    assert accumulate([json.dumps(e) for e in EVENTS_STREAM], registry=registry) == EXPECTED  # JSON text
    body = "".join(f"data: {json.dumps(e)}\n\n" for e in EVENTS_STREAM)
    assert accumulate(body, registry=registry) == EXPECTED  # one SSE body
    assert detect_stream(EVENTS_STREAM[1], registry=registry) == NAME


def test_stream_detection_without_the_event_lookup(registry: Registry) -> None:
    """A dialect that declares no event types is detected by ``stream_detect`` alone."""
    plain = Dialect(**{**{f: getattr(ACME, f) for f in ACME.__dataclass_fields__},
                       "name": "acme.plain", "aliases": (), "stream_events": frozenset()})
    reg = toolwire.default_registry().copy()
    reg.register(plain)
    assert detect_stream(EVENTS_STREAM[1], registry=reg) == "acme.plain"
    assert accumulate(EVENTS_STREAM, registry=reg) == EXPECTED


def test_accumulator_events_and_state(registry: Registry) -> None:
    acc = Accumulator(registry=registry)
    events = [e for chunk in EVENTS_STREAM for e in acc.feed(chunk)]
    assert acc.dialect == NAME
    assert acc.close() == EXPECTED
    assert acc.text == "Checking." and acc.finish_reason == "CALLED"
    assert [type(e) for e in events if not isinstance(e, ArgsDelta)] == [CallStarted, CallStarted, CallDone, CallDone]
    assert "".join(e.delta for e in events if isinstance(e, ArgsDelta) and e.index == 0) == '{"city": "Paris"}'


def test_on_the_default_registry(as_default: Registry) -> None:
    assert NAME in toolwire.stream.stream_dialects() and toolwire.stream.STREAM_HANDLERS[NAME] is Handler
    with pytest.raises(TypeError):  # a read-only view derived from the registry
        toolwire.stream.STREAM_HANDLERS[NAME] = Handler  # type: ignore[index]
    assert toolwire.decode(ITEM) == EXPECTED[0]
    assert accumulate(EVENTS_STREAM) == EXPECTED
    assert accumulate(EVENTS_STREAM, NAME) == EXPECTED
    assert normalize(REPLY).provider == NAME
    assert normalize_finish("OUT_OF_TOKENS", NAME) == "length"


def test_encode_stream_round_trips(registry: Registry) -> None:
    chunks = encode_stream(EXPECTED, NAME, split=3, registry=registry)
    assert chunks[0] == {"type": "acme.call_begin", "slot": 0, "ref": "w1", "tool": "get_weather"}
    assert accumulate(chunks, registry=registry) == EXPECTED
    assert encode_stream(EXPECTED, ACME, stop="DONE")[-1] == {"type": "acme.finish", "stop": "DONE"}
    with pytest.raises(toolwire.EncodeError, match="Bad stream option for acme.chat"):
        encode_stream(EXPECTED, ACME, nonsense=True)


def test_a_truncating_finish_reason_of_its_own_cuts_the_stream_short(registry: Registry) -> None:
    """``OUT_OF_TOKENS`` normalises to ``length``: a call whose text stops inside a value
    is truncated, as under a built-in's ``length``."""
    cut = [
        {"type": "acme.call_begin", "slot": 0, "ref": "w1", "tool": "get_weather"},
        {"type": "acme.call_args", "slot": 0, "text": '{"city": "Par'},
        {"type": "acme.finish", "stop": "OUT_OF_TOKENS"},
    ]
    [got] = accumulate(cut, registry=registry)
    assert isinstance(got, InvalidToolCall) and got.truncated
    [lenient] = accumulate(cut, registry=registry, allow_truncated=True)
    assert isinstance(lenient, ToolCall) and lenient.args == {}  # never "Par" of "Paris"


# -- responses and finish reasons ------------------------------------------------------------


def test_responses_are_normalised(registry: Registry) -> None:
    r = normalize(REPLY, registry=registry)
    assert (r.provider, r.text, r.reasoning, r.refusal) == (NAME, "Checking.", "The user wants the weather.", None)
    assert _triples(list(r.tool_calls)) == _triples(EXPECTED)
    assert (r.finish_reason, r.raw_finish_reason, r.truncated) == ("tool_calls", "CALLED", False)
    assert (r.usage.input_tokens, r.usage.output_tokens) == (12, 7)
    assert normalize(json.dumps(REPLY), provider="acme", registry=registry).provider == NAME
    blocked = normalize({"acme_reply": {"stop": "BLOCKED"}}, registry=registry)
    assert (blocked.finish_reason, blocked.refusal, blocked.tool_calls) == ("refusal", "blocked by policy", ())
    cut = normalize({"acme_reply": {"text": '{"a": ', "stop": "OUT_OF_TOKENS"}}, registry=registry)
    assert (cut.finish_reason, cut.truncated) == ("length", True)


def test_finish_reasons(registry: Registry) -> None:
    for raw, expected in ACME.finish_reasons.items():
        assert normalize_finish(raw, NAME, registry=registry) == expected in FINISH_REASONS
    assert normalize_finish("called", NAME, registry=registry) == "tool_calls"  # case-insensitive, as built-ins
    assert normalize_finish("SOMETHING_NEW", NAME, registry=registry) == "other"
    assert normalize_finish(None, NAME, registry=registry) is None


def test_unregistered_replies_are_not_responses() -> None:
    with pytest.raises(DecodeError, match="Response is not a response of any known provider"):
        normalize(REPLY)


# -- the rest of the record ------------------------------------------------------------------


ONCE = settings(phases=[Phase.generate], database=None)  # the first example: no shrinking


def test_assistant_message_and_strategies(as_default: Registry) -> None:
    assert toolwire.encode_message(EXPECTED[:1], NAME, content="Hi") == {"acme_turn": {"text": "Hi", "calls": [ITEM]}}
    p = find(tws.payloads(NAME, kind="response", min_calls=2, max_calls=2, expected=True), lambda p: True, settings=ONCE)
    assert p.value["acme_reply"]["stop"] == "CALLED"
    assert toolwire.decode_all(p.value) == p.expected
    s = find(tws.streams(NAME, min_calls=2, max_calls=2, expected=True, transport="dict"), lambda s: True, settings=ONCE)
    assert accumulate(s.chunks) == s.calls


def test_batch_lines_open(registry: Registry) -> None:
    env = open_envelope({"acme_job": {"ticket": "j1", "reply": REPLY}}, registry=registry)
    assert env is not None and (env.kind, env.custom_id, env.body, env.error) == ("acme.batch", "j1", REPLY, None)
    assert toolwire.decode_all(env.body, registry=registry) == EXPECTED
    failed = open_envelope({"acme_job": {"ticket": "j2", "failed": "quota"}}, registry=registry)
    assert failed is not None and (failed.body, failed.error) == (None, "quota")
    assert open_envelope({"acme_job": {"ticket": "j1"}}) is None  # not registered there
    assert open_envelope({"custom_id": "c1", "result": {"type": "expired"}}, registry=registry) is not None


def test_pickles_by_value() -> None:
    assert pickle.loads(pickle.dumps(ACME)).finish_reasons == ACME.finish_reasons


def test_the_accumulator_honours_a_finish_reason_of_its_own(registry: Registry) -> None:
    """The same under ``Accumulator`` (events on): a call still open when the reply stops
    at ``OUT_OF_TOKENS`` has no arguments yet, so it was cut off, never ``{}``."""
    acc = Accumulator(registry=registry)
    for event in [{"type": "acme.call_begin", "slot": 0, "ref": "w1", "tool": "get_weather"},
                  {"type": "acme.finish", "stop": "OUT_OF_TOKENS"}]:
        acc.feed(event)
    [got] = acc.close()
    assert isinstance(got, InvalidToolCall) and got.truncated and acc.finish_reason == "OUT_OF_TOKENS"
    [plain] = accumulate([{"type": "acme.call_begin", "slot": 0, "ref": "w1", "tool": "get_weather"},
                          {"type": "acme.finish", "stop": "CALLED"}], registry=registry)
    assert isinstance(plain, ToolCall) and plain.args == {}


class _ClosingBadly(Handler):
    def close(self) -> None:
        raise ValueError("no end marker")


def test_a_handler_that_fails_at_close_is_a_decode_error(registry: Registry) -> None:
    reg = registry.copy()
    reg.register(Dialect(**{**{f: getattr(ACME, f) for f in ACME.__dataclass_fields__}, "stream": _ClosingBadly}),
                 replace=True)
    with pytest.raises(toolwire.DecodeError) as err:
        accumulate(encode_stream(EXPECTED, NAME, registry=reg), NAME, registry=reg)
    assert (err.value.message, err.value.dialect) == (
        f"Malformed {NAME} stream (ValueError: no end marker)", NAME)


def test_a_built_in_name_given_another_stream_handler_streams_with_it(registry: Registry) -> None:
    """A registry that replaces ``openai.chat`` with its own dialect: streams named
    ``openai.chat`` there go to that dialect's handler, not the built-in one."""
    reg = toolwire.default_registry().copy()
    own = Dialect(**{**{f: getattr(ACME, f) for f in ACME.__dataclass_fields__},
                     "name": "openai.chat", "aliases": ()})
    reg.register(own, replace=True)
    events = encode_stream(EXPECTED, ACME)
    assert _triples(accumulate(events, "openai.chat", registry=reg)) == _triples(EXPECTED)


def test_a_chunk_its_handler_cannot_read_is_a_decode_error_naming_the_dialect(registry: Registry) -> None:
    with pytest.raises(toolwire.DecodeError) as err:
        accumulate([{"type": "acme.call_begin", "ref": "w1", "tool": "get_weather"}], NAME, registry=registry)
    assert err.value.dialect == NAME
    assert err.value.loc == "$[0]"
    assert err.value.message == (f"Malformed {NAME} stream chunk at $[0] (KeyError: 'slot'): "
                                 "{'type': 'acme.call_begin', 'ref': 'w1', 'tool': 'get_weath…")


def test_an_item_of_this_dialect_under_another_named_one_is_refused_not_kept(registry: Registry) -> None:
    """Under ``openai.chat`` with ``invalid="keep"``, an Acme call among Chat calls is an
    item of another dialect of the registry in use (refused), not an item of no dialect
    (which would be kept as an invalid call)."""
    chat = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    acme = {"acme_call": {"tool": "get_weather", "input": {}, "ref": "w1"}}
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all([chat, acme], "openai.chat", registry=registry, invalid="keep")
    assert err.value.loc == "$[1]" and NAME in err.value.message
    [ok, kept] = toolwire.decode_all([chat, acme], "openai.chat", invalid="keep")  # the default registry
    assert ok == ToolCall("f", {}, "call_1") and type(kept) is InvalidToolCall and kept.loc == "$[1]"


def _decode_text_call(item: Dict[str, Any], policy: Any, loc: str) -> ToolCall:
    """An Acme call whose ``input`` is argument text, read by the arguments policy (as
    docs/custom-dialects.md says a dialect's decoder does)."""
    from toolwire._args import parse_arguments

    body = item["acme_call"]
    args, raw, repairs = parse_arguments(body.get("input"), policy, loc + ".acme_call.input", NAME)
    return ToolCall(name=body["tool"], args=args, id=body.get("ref"), raw=raw, repairs=repairs)


def test_a_reply_cut_off_by_a_finish_reason_of_its_own_cuts_its_calls(registry: Registry) -> None:
    """``OUT_OF_TOKENS`` normalises to ``length``: in a whole reply (``decode_all``,
    ``normalize``) as in a stream, a call with empty arguments was cut off, never ``{}``."""
    reg = registry.copy()
    reg.register(Dialect(**{**{f: getattr(ACME, f) for f in ACME.__dataclass_fields__},
                            "decode_call": _decode_text_call}), replace=True)
    reply = {"acme_reply": {"calls": [{"acme_call": {"tool": "get_weather", "input": "", "ref": "w1"}}],
                            "stop": "OUT_OF_TOKENS"}}
    [cut] = toolwire.decode_all(reply, registry=reg, invalid="keep")
    assert isinstance(cut, InvalidToolCall) and cut.truncated and "(length)" in cut.error
    r = normalize(reply, registry=reg)
    assert (r.tool_calls, [c.truncated for c in r.invalid_tool_calls], r.truncated) == ((), [True], True)
    done = {"acme_reply": {"calls": reply["acme_reply"]["calls"], "stop": "CALLED"}}
    assert toolwire.decode_all(done, registry=reg) == [ToolCall("get_weather", {}, "w1")]


def test_a_finish_reason_of_its_own_for_the_context_window_cuts_calls_short(registry: Registry) -> None:
    """A word the dialect normalises to ``context_window`` cuts its calls short as one
    normalised to ``length`` does, in streams and whole replies."""
    reg = registry.copy()
    reg.register(Dialect(**{**{f: getattr(ACME, f) for f in ACME.__dataclass_fields__},
                            "decode_call": _decode_text_call,
                            "finish_reasons": {**ACME.finish_reasons, "WINDOW_FULL": "context_window"}}),
                 replace=True)
    [streamed] = accumulate([{"type": "acme.call_begin", "slot": 0, "ref": "w1", "tool": "get_weather"},
                             {"type": "acme.finish", "stop": "WINDOW_FULL"}], registry=reg)
    assert isinstance(streamed, InvalidToolCall) and streamed.truncated
    reply = {"acme_reply": {"calls": [{"acme_call": {"tool": "get_weather", "input": "", "ref": "w1"}}],
                            "stop": "WINDOW_FULL"}}
    [whole] = toolwire.decode_all(reply, registry=reg, invalid="keep")
    assert isinstance(whole, InvalidToolCall) and whole.truncated


def test_a_failing_finish_reason_of_its_own_makes_its_calls_invalid(registry: Registry) -> None:
    """A word the dialect normalises to ``error`` says the reply failed: its calls are
    invalid in whole replies and in streams, as under Gemini's ``MALFORMED_FUNCTION_CALL``."""
    reg = registry.copy()
    reg.register(Dialect(**{**{f: getattr(ACME, f) for f in ACME.__dataclass_fields__},
                            "finish_reasons": {**ACME.finish_reasons, "BROKE": "error"}}), replace=True)
    reply = {"acme_reply": {**REPLY["acme_reply"], "stop": "BROKE"}}
    bad = toolwire.decode_all(reply, registry=reg, invalid="keep")
    assert [(type(c), c.name) for c in bad] == [(InvalidToolCall, "get_weather"), (InvalidToolCall, "get_time")]
    assert "(BROKE)" in bad[0].error
    r = normalize(reply, registry=reg)
    assert (r.finish_reason, r.tool_calls, len(r.invalid_tool_calls)) == ("error", (), 2)
    events = [*EVENTS_STREAM[:-1], {"type": "acme.finish", "stop": "BROKE"}]
    assert [type(c) for c in accumulate(events, registry=reg)] == [InvalidToolCall, InvalidToolCall]
    assert accumulate(EVENTS_STREAM, registry=reg) == EXPECTED


def test_a_finish_reason_keyword_of_its_own_cuts_calls_short(registry: Registry) -> None:
    """``finish_reason=`` given by the caller in the dialect's own word (``OUT_OF_TOKENS``,
    normalised to ``length``) cuts a call short as a built-in word (``max_tokens``) does,
    in ``decode``, ``decode_all`` and ``accumulate``, named or detected."""
    reg = registry.copy()
    reg.register(Dialect(**{**{f: getattr(ACME, f) for f in ACME.__dataclass_fields__},
                            "decode_call": _decode_text_call}), replace=True)
    item = {"acme_call": {"tool": "get_weather", "input": "", "ref": "w1"}}
    for dialect in (None, NAME):
        for word in ("max_tokens", "OUT_OF_TOKENS"):
            with pytest.raises(toolwire.ArgumentsError, match="cut off") as info:
                toolwire.decode(item, dialect, registry=reg, finish_reason=word)
            assert info.value.truncated
            [cut] = toolwire.decode_all([item], dialect, registry=reg, invalid="keep", finish_reason=word)
            assert isinstance(cut, InvalidToolCall) and cut.truncated
    events = [{"type": "acme.call_begin", "slot": 0, "ref": "w1", "tool": "get_weather"},
              {"type": "acme.call_end", "slot": 0}]
    [streamed] = accumulate(events, registry=reg, finish_reason="OUT_OF_TOKENS")
    assert isinstance(streamed, InvalidToolCall) and streamed.truncated
    assert toolwire.decode(item, registry=reg, finish_reason="DONE") == ToolCall("get_weather", {}, "w1")
    with pytest.raises(toolwire.UnknownDialectError):  # an unknown name stays that error
        toolwire.decode(item, "acme.nope", registry=reg, finish_reason="OUT_OF_TOKENS")
    # named: the named dialect's words only (another dialect's word means nothing to it)
    chat = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
    assert toolwire.decode(chat, "openai.chat", registry=reg, finish_reason="OUT_OF_TOKENS").args == {}
    with pytest.raises(toolwire.ArgumentsError, match="cut off"):
        toolwire.decode(chat, registry=reg, finish_reason="OUT_OF_TOKENS")  # detected: any dialect's words


def test_a_reply_of_this_dialect_named_as_another_is_refused_with_the_registry_given(registry: Registry) -> None:
    """The check that ``[]`` is no wrong answer asks the caller's registry: Acme's reply
    named ``openai.chat`` names Acme, which only that registry knows."""
    with pytest.raises(toolwire.DecodeError, match="looks like acme.chat"):
        toolwire.decode_all(REPLY, "openai.chat", registry=registry)


# -- a dialect's own code failing ----------------------------------------------------------------


def _boom(*args: Any, **kwargs: Any) -> Any:
    raise ZeroDivisionError("division by zero")


class _NoCore:  # a stream handler written without the core argument
    def __init__(self) -> None:
        pass


def _with(**changes: Any) -> Registry:
    reg = toolwire.default_registry().copy()
    reg.register(Dialect(**{**{f: getattr(ACME, f) for f in ACME.__dataclass_fields__}, **changes}))
    return reg


CALL = ToolCall(name="get_weather", args={"city": "Paris"}, id="w1")


@pytest.mark.parametrize(("changes", "run", "error", "message"), [
    ({"encode_call": _boom}, lambda reg: toolwire.encode(CALL, NAME, registry=reg), toolwire.EncodeError,
     "Cannot encode ToolCall(name='get_weather', args={'city': 'Paris'}, id='w1… as acme.chat "
     "(ZeroDivisionError: division by zero)"),
    ({"encode_tool": _boom}, lambda reg: toolwire.encode_tool(Tool(name="t"), NAME, registry=reg),
     toolwire.EncodeError, "Cannot encode Tool(name='t') as acme.chat (ZeroDivisionError: division by zero)"),
    ({"encode_result": _boom}, lambda reg: toolwire.encode_result(ToolResult(id="w1", content="ok"), NAME, registry=reg),
     toolwire.EncodeError,
     "Cannot encode ToolResult(id='w1', content='ok') as acme.chat (ZeroDivisionError: division by zero)"),
    ({"stream_encoder": _boom}, lambda reg: encode_stream([CALL], NAME, registry=reg), toolwire.EncodeError,
     "Cannot encode [ToolCall(name='get_weather', args={'city': 'Paris'}, id='w… as acme.chat "
     "(ZeroDivisionError: division by zero)"),
    ({"assistant_message": _boom}, lambda reg: toolwire.encode_message([CALL], NAME, registry=reg),
     toolwire.EncodeError, "Cannot build the acme.chat assistant message (ZeroDivisionError: division by zero)"),
    ({"builtin_tool": _boom},
     lambda reg: toolwire.encode_tool(Tool(name="t", provider_data={NAME: {"kind": "x"}}), "openai.chat", registry=reg),
     toolwire.EncodeError,
     "Cannot encode tool 't' as openai.chat: the builtin_tool of acme.chat raised ZeroDivisionError: division by zero"),
    ({"stream": _NoCore}, lambda reg: accumulate(EVENTS_STREAM, registry=reg), DecodeError,
     "The acme.chat stream reader could not be made (TypeError: _NoCore.__init__() takes 1 positional argument "
     "but 2 were given)"),
    ({"stream": _NoCore}, lambda reg: accumulate(EVENTS_STREAM, NAME, registry=reg), DecodeError,
     "The acme.chat stream reader could not be made (TypeError: _NoCore.__init__() takes 1 positional argument "
     "but 2 were given)"),
    ({"batch_envelope": _boom}, lambda reg: open_envelope({"acme_job": {}}, registry=reg), DecodeError,
     "Batch line could not be opened by acme.chat (ZeroDivisionError: division by zero) at $"),
    ({"children": _boom}, lambda reg: toolwire.decode_all(REPLY, registry=reg), DecodeError,
     "Cannot read the acme.chat reply at $ (ZeroDivisionError: division by zero)"),
    ({"finish": _boom}, lambda reg: toolwire.decode_all(REPLY, NAME, registry=reg), DecodeError,
     "Cannot read the acme.chat reply at $ (ZeroDivisionError: division by zero)"),
    ({"gate": _boom}, lambda reg: toolwire.decode(ITEM, registry=reg), DecodeError,
     "Input at $ could not be read: reading it raised ZeroDivisionError: division by zero"),
    ({"response": ResponseReader(detect=is_reply, read=_boom)}, lambda reg: normalize(REPLY, registry=reg),
     DecodeError, "Input at $ could not be read: reading it raised ZeroDivisionError: division by zero"),
    ({"response": ResponseReader(detect=is_reply, read=read_reply, may_hold_calls=_boom)},
     lambda reg: normalize(REPLY, registry=reg), DecodeError,
     "Input at $ could not be read: reading it raised ZeroDivisionError: division by zero"),
    ({"response": ResponseReader(detect=is_reply, read=read_reply, unfinished=_boom)},
     lambda reg: normalize(REPLY, registry=reg), DecodeError,
     "Input at $ could not be read: reading it raised ZeroDivisionError: division by zero"),
])
def test_a_dialect_s_own_code_failing_is_a_toolwire_error_naming_it(
        changes: Dict[str, Any], run: Any, error: type, message: str) -> None:
    """Whatever a dialect's own code raises comes out as an ``EncodeError`` or
    ``DecodeError`` naming the dialect (docs/custom-dialects.md), never as itself."""
    with pytest.raises(error) as exc:
        run(_with(**changes))
    assert exc.value.message == message  # type: ignore[attr-defined]
    assert exc.value.dialect in (NAME, "openai.chat")  # type: ignore[attr-defined]


class _OwnError(Exception):
    """An exception class of a third-party dialect's own (no built-in base but Exception)."""


def test_a_dialect_s_own_exception_class_is_an_encode_error_too() -> None:
    def fail(*args: Any) -> Any:
        raise _OwnError("nope")

    for field, run in (("encode_call", lambda reg: toolwire.encode(CALL, NAME, registry=reg)),
                       ("encode_tool", lambda reg: toolwire.encode_tool(Tool(name="t"), NAME, registry=reg)),
                       ("assistant_message", lambda reg: toolwire.encode_message([CALL], NAME, registry=reg))):
        with pytest.raises(toolwire.EncodeError, match="_OwnError: nope"):
            run(_with(**{field: fail}))


def test_a_memory_error_of_a_dialect_s_own_code_passes() -> None:
    def starve(*args: Any) -> Any:
        raise MemoryError

    with pytest.raises(MemoryError):
        toolwire.encode(CALL, NAME, registry=_with(encode_call=starve))


@pytest.mark.parametrize("case", [str.lower, str.title])
def test_finish_reasons_in_another_case_act_as_normalize_finish_reads_them(case: Any) -> None:
    """``finish_reasons`` is looked up as is, then upper and lower case (as
    ``normalize_finish`` does) by every rule: a failed reply's calls never run, a
    cut-off reply's calls are cut, a reply that says it called a tool and holds none
    is flagged, in whole replies and in streams alike."""
    reg = _with(finish_reasons={**ACME.finish_reasons, "BROKE": "error"})
    broke, cut, called = case("BROKE"), case("OUT_OF_TOKENS"), case("CALLED")
    assert [normalize_finish(w, NAME, registry=reg) for w in (broke, cut, called)] == ["error", "length", "tool_calls"]
    failed = {"acme_reply": {**REPLY["acme_reply"], "stop": broke}}
    assert [type(c) for c in toolwire.decode_all(failed, registry=reg, invalid="keep")] == [InvalidToolCall] * 2
    r = normalize(failed, registry=reg)
    assert (r.finish_reason, r.tool_calls, len(r.invalid_tool_calls)) == ("error", (), 2)
    events = [*EVENTS_STREAM[:-1], {"type": "acme.finish", "stop": broke}]
    assert [type(c) for c in accumulate(events, registry=reg)] == [InvalidToolCall] * 2
    # cut off: a call whose arguments are empty was cut off, never {}
    empty = {"acme_reply": {"calls": [{"acme_call": {"tool": "get_weather", "input": "", "ref": "w1"}}], "stop": cut}}
    reg_text = _with(finish_reasons={**ACME.finish_reasons, "BROKE": "error"}, decode_call=_decode_text_call)
    [got] = toolwire.decode_all(empty, registry=reg_text, invalid="keep")
    assert isinstance(got, InvalidToolCall) and got.truncated
    begin = {"type": "acme.call_begin", "slot": 0, "ref": "w1", "tool": "get_weather"}
    [streamed] = accumulate([begin, {"type": "acme.finish", "stop": cut}], registry=reg)
    assert isinstance(streamed, InvalidToolCall) and streamed.truncated
    [kw] = accumulate([begin, {"type": "acme.call_end", "slot": 0}], registry=reg, finish_reason=cut)
    assert isinstance(kw, InvalidToolCall) and kw.truncated
    with pytest.raises(toolwire.ArgumentsError, match="cut off"):
        toolwire.decode(empty["acme_reply"]["calls"][0], registry=reg_text, finish_reason=cut)
    # called, and no call
    with pytest.raises(DecodeError, match="says the model called a tool"):
        toolwire.decode_all({"acme_reply": {"calls": [], "stop": called}}, registry=reg)
    [none] = accumulate([{"type": "acme.finish", "stop": called}], registry=reg)
    assert isinstance(none, InvalidToolCall) and none.name is None


def test_pickles_by_value_also_when_registered_on_the_default_registry(
        as_default: Registry, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that unpickles it has not registered it: only the built-ins pickle by name."""
    blob = pickle.dumps(ACME)
    gemini = pickle.dumps(toolwire.get_dialect("gemini"))
    monkeypatch.setattr(_builtin, "_default", None)  # a fresh process's default registry
    got = pickle.loads(blob)
    assert (got.name, got.finish_reasons, got.stream) == (NAME, ACME.finish_reasons, Handler)
    assert pickle.loads(gemini) is toolwire.get_dialect("gemini")
    assert len(gemini) < 100  # by name


# Anthropic's stream opening event (docs.anthropic.com/en/docs/build-with-claude/streaming),
# as a proxy marks it
PROXIED_START = {"type": "message_start", "provider": "acme-proxy",
                 "message": {"id": "msg_01", "type": "message", "role": "assistant", "content": [],
                             "model": "claude-3-haiku-20240307", "stop_reason": None, "stop_sequence": None,
                             "usage": {"input_tokens": 1, "output_tokens": 0}}}


def test_a_dialect_refining_another_s_stream_is_asked_in_registry_order() -> None:
    """A dialect registered first that claims Anthropic's events only with evidence of
    its own wins those chunks (docs/streaming.md: each group in registry order, the
    first claim wins), and the others stay Anthropic's; the built-ins keep their one
    lookup by event type."""
    from anthropic.types import RawMessageStartEvent

    RawMessageStartEvent.model_validate(PROXIED_START)
    anthropic = toolwire.get_dialect("anthropic.messages")
    assert anthropic.stream_detect is not None
    plain_detect = anthropic.stream_detect
    proxy = Dialect(**{**{f: getattr(anthropic, f) for f in anthropic.__dataclass_fields__},
                       "name": "acme.anthropic", "aliases": (), "keys": frozenset({"acme_never"}),
                       "stream_detect": lambda c: plain_detect(c) and c.get("provider") == "acme-proxy"})
    reg = toolwire.default_registry().copy()
    reg.register(proxy, first=True)
    assert detect_stream(PROXIED_START, registry=reg) == "acme.anthropic"
    assert detect_stream({**PROXIED_START, "provider": "other"}, registry=reg) == "anthropic.messages"
    assert detect_stream({"type": "ping"}, registry=reg) == "anthropic.messages"
    from toolwire.stream._table import streams

    table = streams()
    declared = {k for d in toolwire.default_registry() if d.stream_detect is not None for k in d.stream_events}
    assert set(table.kinds) == declared


def test_a_dialect_reads_the_entries_of_its_tools_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """``tool_entry`` is a field of the record (no table of providers' tools lists):
    validate_call leaves out what it calls hosted and reads the several tools of one
    entry, for a third-party dialect as for Gemini, Responses and Bedrock."""
    def entry(e: Dict[str, Any]) -> Any:
        if "acme_hosted" in e:
            return []
        if "acme_pair" in e:
            return [(f".acme_pair[{i}]", t) for i, t in enumerate(e["acme_pair"])]
        return None

    reg = toolwire.default_registry().copy()
    reg.register(dataclasses.replace(ACME, tool_entry=entry))
    monkeypatch.setattr(_builtin, "_default", reg)
    tools = [{"acme_hosted": True},
             {"acme_pair": [{"acme_tool": {"tool": "a"}}, {"acme_tool": {"tool": "b"}}]}]
    assert toolwire.validate_call(ToolCall("b", {}), tools) == ToolCall("b", {})
    unknown = toolwire.validate_call(ToolCall("acme_hosted", {}), tools)
    assert isinstance(unknown, toolwire.InvalidToolCall)
    assert toolwire.get_dialect("gemini").tool_entry is not None  # the built-ins declare theirs


# -- structured output --------------------------------------------------------------------------

SHAPE = {"type": "object", "properties": {"code": {"type": "string", "pattern": "^[A-Z]+$"}}, "required": ["code"],
         "additionalProperties": False}


def test_its_structured_output_target_renders_by_name_and_alias(as_default: Registry) -> None:
    assert schema.targets()["acme.json"] is ACME_JSON and schema.get_target("acme") is ACME_JSON
    r = schema.render(SHAPE, "acme", name="Code")
    assert r.target == "acme.json"
    assert r.request == {"acme_format": {"name": "Code", "shape": {
        "type": "object", "properties": {"code": {"type": "string", "description": '{pattern: "^[A-Z]+$"}'}},
        "required": ["code"], "additionalProperties": False}}}  # its profile has no ``pattern``: moved, reported
    assert [(c.keyword, c.action) for c in r.report] == [("pattern", "moved")] and not r.lossless
    assert schema.PROFILES["acme.json"] is ACME_JSON.profile and schema.LIMITS["acme.json"].max_properties == 3
    wide = {"type": "object", "properties": {k: {"type": "string"} for k in "abcd"}}
    assert [lint.code for lint in schema.check_limits(wide, "acme.json")] == ["limit-properties"]


def test_its_target_is_unknown_unregistered_and_taken_as_a_value() -> None:
    with pytest.raises(UnknownDialectError, match="Unknown structured-output target 'acme.json'"):
        schema.render(SHAPE, "acme.json")
    assert schema.render(SHAPE, ACME_JSON).request["acme_format"]["name"] == "response"
    assert retry.classify_error({"status": 400, "error": {"field": "acme_format"}}) == "error"


def test_the_retry_plan_edits_its_requests_through_the_target(as_default: Registry) -> None:
    first = retry.prepare({"dialogue": "Name the code.", "limits": {"max_out": 100}}, SHAPE, "acme", mode="native")
    assert first.state.target == "acme.json"
    assert first.request["acme_format"]["shape"]["required"] == ["code"]
    cut = retry.plan(first.request, retry.Outcome("truncated"), first.state)
    assert cut.action == "retry" and cut.request is not None and cut.request["limits"] == {"max_out": 400}
    wrong = retry.Outcome("invalid", errors=(schema.ValidationIssue("/code", "type", "not a string"),), text="{}")
    fixed = retry.plan(first.request, wrong, first.state).request
    assert fixed is not None
    assert [t["speaker"] for t in fixed["dialogue"]] == ["human", "bot", "human"]
    assert fixed["dialogue"][0]["said"] == "Name the code." and "/code" in fixed["dialogue"][2]["said"]
    rejected = {"status": 400, "error": {"field": "acme_format", "message": "unsupported"}}
    assert retry.classify_error(rejected) == "schema_rejected"
    moved = retry.plan(first.request, retry.Outcome("schema_rejected"), first.state)
    assert moved.request is not None and "acme_format" not in moved.request
    assert moved.request["preamble"].startswith("Answer with a single JSON value")
    prompted = retry.prepare({"dialogue": []}, SHAPE, ACME_JSON, mode="prompt")  # unregistered, as a value
    assert prompted.state.spec is ACME_JSON and "JSON Schema" in prompted.request["preamble"]


def test_a_structured_field_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(TypeError, match="field 'structured' must be a tuple of toolwire.schema.Target"):
        Registry([dataclasses.replace(ACME, structured=[ACME_JSON])])  # type: ignore[arg-type]


def test_a_target_given_by_value_classifies_its_own_schema_rejections() -> None:
    # registered nowhere, its ``schema_error`` was never asked: the 400 was re-raised
    class Refused(Exception):
        status_code = 400
        body = {"error": {"field": "acme_format", "message": "unsupported keyword"}}

    sent: List[Dict[str, Any]] = []

    def send(request: Dict[str, Any]) -> Dict[str, Any]:
        sent.append(request)
        if "acme_format" in request:
            raise Refused("bad schema")
        return {"choices": [{"index": 0, "message": {"role": "assistant", "content": '{"code": "X"}'},
                             "finish_reason": "stop"}]}

    assert retry.classify_error(Refused()) == "error"
    assert retry.classify_error(Refused(), ACME_JSON) == "schema_rejected"
    result = retry.generate(send, {"dialogue": []}, SHAPE, target=ACME_JSON, mode="native")
    assert result.ok and result.value == {"code": "X"}
    assert "acme_format" in sent[0] and "preamble" in sent[1]


def test_its_groups_tell_tools_of_one_name_apart(as_default: Registry) -> None:
    """``Dialect.scope``: ``validate_call`` matches a call to a tool by group and name, as
    it matches a Responses call by ``namespace`` and name."""
    tools = [{"acme_tool": {"tool": "find", "group": "crm"}}, {"acme_tool": {"tool": "find", "group": "erp"}}]
    call = toolwire.decode({"acme_call": {"tool": "find", "input": {}, "ref": "f1", "group": "erp"}})
    assert validate_call(call, tools) == call
    stray = toolwire.decode({"acme_call": {"tool": "find", "input": {}, "ref": "f2", "group": "hr"}})
    got = validate_call(stray, tools)
    assert isinstance(got, InvalidToolCall)
    assert got.error == "Unknown tool 'find' in 'hr'; the tools offered are: crm.find, erp.find."


def test_a_grouped_call_or_tool_is_not_written_to_another_dialect_by_its_bare_name(registry: Registry) -> None:
    call = toolwire.decode({"acme_call": {"tool": "find", "input": {}, "ref": "f1", "group": "erp"}}, registry=registry)
    with pytest.raises(EncodeError, match="named in the acme.chat namespace 'erp', which openai.chat cannot write"):
        toolwire.encode(call, "openai.chat", registry=registry)
    with pytest.raises(EncodeError, match="namespace 'erp'"):
        encode_stream([call], "openai.chat", registry=registry)
    tool = toolwire.decode_tool({"acme_tool": {"tool": "find", "group": "erp"}}, registry=registry)
    with pytest.raises(EncodeError, match="The tool 'find' is named in the acme.chat namespace 'erp'"):
        toolwire.encode_tool(tool, "anthropic.messages", registry=registry)
    assert toolwire.encode(call, NAME, registry=registry)["acme_call"]["group"] == "erp"  # its own: written
    bare = toolwire.encode(call.replace(provider_data=None), "openai.chat", registry=registry)
    assert bare == {"id": "f1", "type": "function", "function": {"name": "find", "arguments": "{}"}}


def test_the_fuzz_kit_draws_its_stream_options(as_default: Registry) -> None:
    """``Dialect.stream_options``: ``strategies.streams`` draws the default form and each
    option set, and the dialect is among the streaming dialects by default."""
    from hypothesis import given

    assert NAME in tws.STREAM_DIALECTS and NAME in tws.WIRE_DIALECTS
    stops = set()

    @settings(max_examples=60, database=None, derandomize=True)
    @given(tws.streams(NAME, transport="dict"))
    def run(chunks: List[Dict[str, Any]]) -> None:
        stops.add(chunks[-1]["stop"])
        assert all(type(c) is ToolCall for c in accumulate(chunks, NAME))

    run()
    assert stops == {"CALLED", "DONE"}
