"""The registry's contracts: registration and its errors, a third-party decoder that
breaks, provider-run calls, and the speed-only decoders (``add_fast``,
``add_fast_object``, ``add_fast_calls``, ``add_fast_response``) being used where they are registered, kept by
``copy()`` and dropped when the plan of their shape changes."""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import Registry, ToolCall, default_registry
from toolwire._dialect import CALL, SERVER

CHAT = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
MESSAGE = {"role": "assistant", "content": None, "tool_calls": [CHAT]}
SHAPE = ("id", "type", "function", "function")  # CHAT's keys, then its string "type"


def _acme(**changes: Any) -> toolwire.Dialect:
    chat = default_registry().get("openai.chat")
    base: Dict[str, Any] = dict(
        name="acme", aliases=(), keys=frozenset({"acme"}), gate=None, detect=None,
        sniff=lambda d: (CALL, "an 'acme' key") if type(d) is dict and "acme" in d else None,
        decode_call=lambda d, policy, loc: ToolCall(name=d.get("acme") or "acme-" + d["function"]["name"], args={}),
    )
    base.update(changes)
    return dataclasses.replace(chat, **base)


def test_registering_a_taken_name_needs_replace() -> None:
    reg = Registry()
    acme = _acme()
    reg.register(acme)
    reg.register(acme)  # the same dialect again: nothing changes
    assert reg.names() == ["acme"]
    other = _acme(decode_call=lambda d, policy, loc: ToolCall(name="other", args={}))
    with pytest.raises(ValueError, match="^dialect 'acme' is already registered$"):
        reg.register(other)
    reg.register(other, replace=True)
    assert reg.names() == ["acme"] and toolwire.decode({"acme": "x"}, registry=reg).name == "other"


def test_an_alias_is_a_taken_name_too() -> None:
    reg = Registry()
    reg.register(_acme(aliases=("ac",)))
    with pytest.raises(ValueError, match="^dialect 'ac' is already registered$"):
        reg.register(_acme(name="beta", aliases=("ac",)))
    reg.register(_acme(name="beta", aliases=("ac",)), replace=True)  # replaces acme, which held the alias
    assert reg.names() == ["beta"] and reg.get("ac").name == "beta"
    with pytest.raises(toolwire.UnknownDialectError) as exc:
        reg.get("acme")
    assert exc.value.message == "Unknown dialect 'acme'; known dialects: beta" and exc.value.dialect is None



def test_an_unknown_name_lists_every_wire_dialect_whole() -> None:
    # it listed the twenty text formats too, and the 400-character cap of a message cut
    # the list in the middle of a name ("te … x")
    with pytest.raises(toolwire.UnknownDialectError) as exc:
        toolwire.get_dialect("nope")
    assert exc.value.message == (
        "Unknown dialect 'nope'; known dialects: anthropic.messages, bedrock.converse, gemini, "
        "openai.responses, mistral, cohere.v2, ollama, openai.chat, mcp, canonical; and 35 text "
        "formats (text.*; dialect_names() lists them)"
    )
    with pytest.raises(toolwire.UnknownDialectError) as exc:
        toolwire.get_dialect("x" * 10_000)
    assert exc.value.message.endswith("(text.*; dialect_names() lists them)")

def test_first_puts_a_dialect_ahead() -> None:
    reg = Registry()
    reg.register(_acme())
    reg.register(_acme(name="beta"), first=True)
    assert reg.names() == ["beta", "acme"]
    assert toolwire.explain({"acme": "x"}, registry=reg)[0] == "beta"


def test_a_decoder_that_raises_another_error_is_a_decode_error_at_the_item() -> None:
    reg = Registry()
    reg.register(_acme(decode_call=lambda d, policy, loc: d["missing"]))
    for entry, loc in ((lambda x: toolwire.decode(x, registry=reg), "$"),
                       (lambda x: toolwire.decode(x, "acme", registry=reg), "$")):
        with pytest.raises(toolwire.DecodeError) as exc:
            entry({"acme": "x"})
        err = exc.value
        assert (err.message, err.loc, err.dialect) == (
            f"Malformed acme tool call at {loc} (KeyError: 'missing'): {{'acme': 'x'}}", loc, "acme")
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_all([{"acme": "x"}, {"acme": "y"}], registry=reg)
    assert (exc.value.loc, exc.value.dialect) == ("$[0]", "acme")


def test_a_call_claimed_as_provider_run_is_marked_so() -> None:
    reg = Registry()
    reg.register(_acme(sniff=lambda d: (SERVER, "server") if type(d) is dict and "acme" in d else None))
    call = toolwire.decode({"acme": "search"}, registry=reg)
    assert (call.name, call.server) == ("search", True)
    assert toolwire.decode_all([{"acme": "search"}], registry=reg) == []
    assert [c.server for c in toolwire.decode_all([{"acme": "search"}], registry=reg, include_server=True)] == [True]


def _spy(calls: List[Any], result: Any = None) -> Any:
    def fn(data: Any) -> Any:
        calls.append(data)
        return result

    return fn


def test_a_fast_decoder_serves_its_shape_while_the_plan_is_unchanged() -> None:
    reg = default_registry().copy()
    chat = reg.get("openai.chat")
    ahead = tuple(d for d, _ in reg._shape_claims(SHAPE))
    seen: List[Any] = []
    reg.add_fast(SHAPE, ahead, _spy(seen, ToolCall(name="fast", args={})))
    assert toolwire.decode(CHAT, registry=reg).name == "fast" and seen == [CHAT]
    assert toolwire.decode(CHAT, "openai.chat", registry=reg).name == "fast"  # named: it serves that name
    assert toolwire.decode(CHAT, registry=reg, repair=True).name == "f"  # a policy keyword: the general path
    copied = reg.copy()
    assert toolwire.decode(CHAT, registry=copied).name == "fast"
    assert toolwire.decode(CHAT, "openai.chat", registry=copied).name == "fast"
    reg.register(_acme(name="ahead", keys=None), first=True)  # the shape's claims change: the fast decoder stops
    assert toolwire.decode(CHAT, registry=reg).name == "f"
    assert chat is reg.get("openai.chat")


def test_a_fast_decoder_that_declines_or_raises_leaves_it_to_the_plan() -> None:
    reg = default_registry().copy()
    ahead = tuple(d for d, _ in reg._shape_claims(SHAPE))
    seen: List[Any] = []
    reg.add_fast(SHAPE, ahead, _spy(seen, None))
    assert toolwire.decode(CHAT, registry=reg).name == "f" and len(seen) == 1
    assert toolwire.decode(CHAT, "openai.chat", registry=reg).name == "f" and len(seen) == 2

    def boom(data: Any) -> Any:
        raise KeyError("x")

    reg.add_fast(SHAPE, ahead, boom)
    assert toolwire.decode(CHAT, registry=reg).name == "f"
    assert toolwire.decode(CHAT, "openai.chat", registry=reg).name == "f"


def test_a_named_fast_decoder_serves_only_its_own_dialect_object() -> None:
    reg = default_registry().copy()
    ahead = tuple(d for d, _ in reg._shape_claims(SHAPE))
    reg.add_fast(SHAPE, ahead, _spy([], ToolCall(name="fast", args={})))
    assert reg.one_step(reg.get("openai.chat")) is not None
    assert reg.one_step(reg.get("anthropic.messages")) is None
    mine = _acme(name="openai.chat", keys=None, sniff=reg.get("openai.chat").sniff)
    reg.register(mine, replace=True)  # another dialect under the name: not the one the decoder was made for
    assert reg.one_step(mine) is None
    assert toolwire.decode(CHAT, "openai.chat", registry=reg).name == "acme-f"
    assert toolwire.decode(CHAT, registry=reg).name == "acme-f"


def test_a_fast_container_reader_serves_its_dialect() -> None:
    reg = default_registry().copy()
    chat = reg.get("openai.chat")
    message = {"role": "assistant", "content": None, "tool_calls": [CHAT]}
    seen: List[Any] = []
    reg.add_fast_calls(chat, _spy(seen, [ToolCall(name="fast", args={})]))
    assert [c.name for c in toolwire.decode_all(message, registry=reg)] == ["fast"] and seen == [message]
    assert [c.name for c in toolwire.decode_all(message, registry=reg.copy())] == ["fast"]
    reg.add_fast_calls(chat, _spy(seen, None))  # declines: the walk reads it
    assert [c.name for c in toolwire.decode_all(message, registry=reg)] == ["f"]
    reg.add_fast_calls(dataclasses.replace(chat), _spy(seen, [ToolCall(name="fast", args={})]))  # not this object
    assert [c.name for c in toolwire.decode_all(message, registry=reg)] == ["f"]


class Thing:
    """A foreign call object, as an SDK's."""

    def __init__(self, name: str) -> None:
        self.acme = name


def test_a_fast_object_reader_serves_its_class() -> None:
    reg = Registry()
    acme = _acme(sdk_calls={"test_registry:Thing": lambda obj: {"acme": obj.acme}})
    reg.register(acme)
    assert toolwire.decode(Thing("slow"), registry=reg).name == "slow"
    seen: List[Any] = []
    reg.add_fast_object("test_registry:Thing", acme, _spy(seen, ToolCall(name="fast", args={})))
    thing = Thing("x")
    assert toolwire.decode(thing, registry=reg).name == "fast" and seen == [thing]
    assert toolwire.decode(thing, registry=reg.copy()).name == "fast"
    reg.add_fast_object("test_registry:Thing", _acme(name="other"), _spy(seen, ToolCall(name="fast", args={})))
    assert toolwire.decode(thing, registry=reg).name == "x"  # made for another dialect: not used


def test_a_replaced_built_in_decodes_with_its_replacement_when_named() -> None:
    reg = default_registry().copy()
    mine = _acme(name="openai.chat", keys=None, sniff=reg.get("openai.chat").sniff)
    reg.register(mine, replace=True)
    assert toolwire.decode(CHAT, "openai.chat", registry=reg).name == "acme-f"  # the built-in fast decoder did
    assert toolwire.decode(CHAT, registry=reg).name == "acme-f"
    assert [c.name for c in toolwire.decode_all([CHAT], "openai.chat", registry=reg)] == ["acme-f"]


def test_a_type_that_is_not_a_string_does_not_break_the_plan() -> None:
    """The plan keys shapes on the ``type`` value only when it is a string (a list or an
    object there cannot key a cache)."""
    for kind in (["x"], {"a": 1}, 5):
        message = {"role": "assistant", "content": None, "tool_calls": [CHAT], "type": kind}
        assert toolwire.explain(message) == ("openai.chat", "calls", "a message with 'tool_calls'")
        assert toolwire.decode_all(message) == [ToolCall(name="f", args={}, id="call_1")]


def test_an_object_reader_of_the_registry_given_serves_decode_all() -> None:
    reg = Registry()
    reg.register(_acme(sdk_responses={"test_registry:Thing": lambda obj: {"acme": obj.acme.upper()}}))
    assert [c.name for c in toolwire.decode_all(Thing("x"), registry=reg)] == ["X"]  # the reader's, not the walk's


def test_an_encoder_that_raises_another_error_is_an_encode_error() -> None:
    reg = Registry()
    reg.register(_acme(encode_call=lambda call, ctx: {"acme": call.args["missing"]}))
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode(ToolCall(name="f", args={}, id="a1"), "acme", registry=reg)
    assert (exc.value.message, exc.value.dialect) == (
        "Cannot encode ToolCall(name='f', args={}, id='a1') as acme (KeyError: 'missing')", "acme")


def test_the_choice_of_a_reply_is_read_with_the_registry_given() -> None:
    reg = default_registry().copy()
    reg.register(_acme(name="openai.chat", keys=None, sniff=reg.get("openai.chat").sniff), replace=True)
    choice = {"index": 0, "message": MESSAGE, "finish_reason": "tool_calls"}
    reply = {"id": "chatcmpl-1", "object": "chat.completion", "choices": [choice, {**choice, "index": 1}]}
    assert [c.name for c in toolwire.decode_all(reply, registry=reg, choice=1)] == ["acme-f"]
    assert [c.name for c in toolwire.decode_all(reply, choice=1)] == ["f"]


def _listy() -> Registry:
    """A dialect whose calls are lists ``["acme", name]``, its definitions ``["tool",
    name]``: no built-in has such shapes."""

    def sniff(d: Any) -> Any:
        if type(d) is list and len(d) == 2 and d[0] == "acme":
            return CALL, "an acme list"
        if type(d) is list and len(d) == 2 and d[0] == "tool":
            return "tool", "an acme tool list"
        return None

    reg = Registry()
    reg.register(_acme(keys=None, sniff=sniff, decode_call=lambda d, policy, loc: ToolCall(name=d[1], args={})))
    return reg


def test_a_call_that_is_not_an_object_decodes_named_or_detected() -> None:
    reg = _listy()
    for named in (None, "acme"):
        assert toolwire.decode(["acme", "f"], named, registry=reg) == ToolCall(name="f", args={})
        assert toolwire.decode('["acme", "f"]', named, registry=reg) == ToolCall(name="f", args={})
        with pytest.raises(toolwire.DecodeError) as exc:
            toolwire.decode(["tool", "f"], named, registry=reg)
        assert (exc.value.message, exc.value.dialect) == (
            "Input at $ is an acme tool definition, not a tool call: ['tool', 'f']", "acme")


def test_canonical_values_pass_through_the_readers() -> None:
    result, tool = toolwire.ToolResult(id="1", content="x"), toolwire.Tool(name="f")
    assert toolwire.decode_result(result) is result and toolwire.decode_tool(tool) is tool


def test_tool_encoders_and_readers_of_the_registry_given_and_their_errors() -> None:
    reg = Registry()
    reg.register(_acme(encode_tool=lambda tool: {"acme_tool": tool.name}))
    assert toolwire.encode_tool(toolwire.Tool(name="f"), "acme", registry=reg) == {"acme_tool": "f"}
    broken = Registry()
    broken.register(_acme(
        sniff=lambda d: ("tool", "an acme tool") if type(d) is dict and "acme" in d else None,
        encode_tool=lambda tool: {"acme_tool": tool.provider_data["missing"]},
        decode_tool=lambda item, loc: item["missing"],
    ))
    with pytest.raises(toolwire.EncodeError) as enc:
        toolwire.encode_tool(toolwire.Tool(name="f"), "acme", registry=broken)
    assert (enc.value.message, enc.value.dialect) == (
        "Cannot encode Tool(name='f') as acme (KeyError: 'missing')", "acme")
    with pytest.raises(toolwire.DecodeError) as dec:
        toolwire.decode_tool({"acme": 1}, registry=broken)
    assert (dec.value.message, dec.value.dialect) == (
        "Malformed acme payload at $ (KeyError: 'missing'): {'acme': 1}", "acme")


class Reply:
    """A foreign response object, as an SDK's."""

    def __init__(self, name: str) -> None:
        self.name = name


def test_a_fast_response_reader_serves_its_class_while_the_plan_names_its_dialect() -> None:
    """``add_fast_response``: its calls stand when the plan names its dialect on the top it
    gives; a top another dialect (or none) claims, a reader that declines or raises, and a
    reader made for another dialect object leave the response to the general path."""
    reg = Registry()
    acme = _acme(sdk_responses={"test_registry:Reply": lambda obj: {"acme": obj.name}})
    reg.register(acme)
    assert [c.name for c in toolwire.decode_all(Reply("slow"), registry=reg)] == ["slow"]
    seen: List[Any] = []
    fast = [ToolCall(name="fast", args={})]
    acme_calls = _acme(sniff=lambda d: ("calls", "an 'acme' key") if type(d) is dict and "acme" in d else None,
                       sdk_responses=acme.sdk_responses)
    reg.register(acme_calls, replace=True)
    reg.add_fast_response("test_registry:Reply", acme_calls, _spy(seen, ({"acme": "top"}, fast)))
    reply = Reply("x")
    assert toolwire.decode_all(reply, registry=reg) == fast and seen == [reply]
    assert toolwire.decode_all(reply, registry=reg.copy()) == fast
    slow = toolwire.decode_all(reply, registry=reg, repair=True)  # a policy keyword: the general path
    assert slow == [] and len(seen) == 2
    reg.add_fast_response("test_registry:Reply", acme_calls, _spy(seen, ({"other": "top"}, fast)))  # unclaimed top
    assert toolwire.decode_all(reply, registry=reg) == slow
    reg.add_fast_response("test_registry:Reply", acme_calls, _spy(seen, None))  # declines
    assert toolwire.decode_all(reply, registry=reg) == slow
    reg.add_fast_response("test_registry:Reply", _acme(name="other"), _spy(seen, ({"acme": "top"}, fast)))
    assert toolwire.decode_all(reply, registry=reg) == slow  # made for another dialect: not used


def test_a_third_party_dialect_names_its_own_built_in_tools() -> None:
    """``builtin_tool`` is a field of the dialect record, read by ``encode_tool`` (no
    table of built-in dialects): another target refuses the tool, its own takes it."""
    reg = default_registry().copy()
    acme = _acme(builtin_tool=lambda pd: "acme_search" if pd.get("kind") == "search" else None)
    reg.register(acme)
    searcher = toolwire.Tool("search", provider_data={"acme": {"kind": "search"}})
    with pytest.raises(toolwire.EncodeError, match="Tool 'search' is an acme_search tool of acme; "
                                                    "anthropic.messages has no such tool"):
        toolwire.encode_tool(searcher, "anthropic.messages", registry=reg)
    assert toolwire.encode_tool(searcher, acme, registry=reg)["function"]["name"] == "search"
    # a dialect given the same function writes acme's tool; one of the same id prefix does not
    kind = acme.builtin_tool
    reg.register(_acme(name="acme.twin", builtin_tool=kind))
    reg.register(_acme(name="acme.other", builtin_tool=lambda pd: None))
    assert toolwire.encode_tool(searcher, "acme.twin", registry=reg)["function"]["name"] == "search"
    with pytest.raises(toolwire.EncodeError, match="acme.other has no such tool"):
        toolwire.encode_tool(searcher, "acme.other", registry=reg)
    plain = toolwire.Tool("search", provider_data={"acme": {"kind": "other"}})
    assert toolwire.encode_tool(plain, "anthropic.messages", registry=reg)["name"] == "search"
    # unknown to a registry without acme: nothing says it is built in
    assert toolwire.encode_tool(searcher, "anthropic.messages")["name"] == "search"


# Anthropic's Messages response as documented (docs.anthropic.com/en/api/messages)
ANTHROPIC_REPLY = {
    "id": "msg_01", "type": "message", "role": "assistant", "model": "claude-3-haiku-20240307",
    "content": [{"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}],
    "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1},
}


def test_a_replacement_takes_the_place_of_the_dialect_it_replaces() -> None:
    """Replacing a built-in keeps detection order: a reply the replaced dialect claimed
    first is still its (appended last, Chat-like dialects ahead of it would claim
    Anthropic's shapes, and a Mistral message would go to ``openai.chat``)."""
    from anthropic.types import Message

    Message.model_validate(ANTHROPIC_REPLY)
    for name in ("anthropic.messages", "mistral"):
        reg = default_registry().copy()
        reg.register(dataclasses.replace(default_registry().get(name), description="mine"), replace=True)
        assert reg.names() == default_registry().names()
        assert reg.get(name).description == "mine"
    reg = default_registry().copy()
    reg.register(dataclasses.replace(reg.get("anthropic.messages"), description="mine"), replace=True)
    assert toolwire.decode_all(ANTHROPIC_REPLY, registry=reg) == [
        ToolCall(name="get_weather", args={"city": "Paris"}, id="toolu_01")]
    # replacing two dialects at once (a name and an alias): the first one's place
    reg = Registry()
    for n in ("a", "b", "c", "d"):
        reg.register(_acme(name=n, aliases=(n * 2,)))
    reg.register(_acme(name="c", aliases=("bb",)), replace=True)
    assert reg.names() == ["a", "c", "d"] and reg.get("bb").name == "c"
    with pytest.raises(toolwire.UnknownDialectError):
        reg.get("cc")


def test_first_moves_a_dialect_already_registered_ahead() -> None:
    reg = default_registry().copy()
    chat = reg.get("openai.chat")
    reg.register(chat, first=True)
    assert reg.names()[0] == "openai.chat" and len(reg.names()) == len(default_registry().names())
    reg.register(chat)  # again, without first: it stays where it is
    assert reg.names()[0] == "openai.chat"
    reg.register(dataclasses.replace(reg.get("mistral"), description="mine"), replace=True, first=True)
    assert reg.names()[:2] == ["mistral", "openai.chat"]


def _bad(**changes: Any) -> Any:
    return _acme(**changes)


@pytest.mark.parametrize(("record", "error", "message"), [
    ("acme", TypeError, "A dialect must be a toolwire.Dialect, got str 'acme'"),
    (None, TypeError, "A dialect must be a toolwire.Dialect, got NoneType None"),
    (lambda: _bad(name=123), TypeError, "A dialect's name must be a str, got int 123"),
    (lambda: _bad(name=""), ValueError, "A dialect's name must not be empty"),
    (lambda: _bad(aliases="abc"), TypeError, "Dialect 'acme' field 'aliases' must be a tuple of str, got str 'abc'"),
    (lambda: _bad(aliases=("",)), ValueError, "Dialect 'acme' has an empty alias"),
    (lambda: _bad(keys=["acme"]), TypeError,
     "Dialect 'acme' field 'keys' must be a frozenset of str or None, got list ['acme']"),
    (lambda: _bad(names="[a-z]+"), TypeError,
     "Dialect 'acme' field 'names' must be a compiled pattern (re.compile) or None, got str '[a-z]+'"),
    (lambda: _bad(ids=None), TypeError, "Dialect 'acme' field 'ids' must be an IdRule, got NoneType None"),
    (lambda: _bad(sniff=None), TypeError, "Dialect 'acme' field 'sniff' must be callable, got NoneType None"),
    (lambda: _bad(stream="x"), TypeError, "Dialect 'acme' field 'stream' must be callable or None, got str 'x'"),
    (lambda: _bad(stream_events=["a"]), TypeError,
     "Dialect 'acme' field 'stream_events' must be a frozenset of str, got list ['a']"),
    (lambda: _bad(sdk_calls=[]), TypeError, "Dialect 'acme' field 'sdk_calls' must be a mapping, got list []"),
    (lambda: _bad(finish_reasons={"X": "bogus"}), ValueError,
     "Dialect 'acme' maps the finish reason 'X' to 'bogus', not one of stop, length, tool_calls, "
     "content_filter, refusal, context_window, pause, error, other"),
])
def test_a_record_with_fields_of_the_wrong_type_is_refused(record: Any, error: type, message: str) -> None:
    reg = Registry()
    with pytest.raises(error) as exc:
        reg.register(record() if callable(record) else record)
    assert str(exc.value) == message and reg.names() == []


def test_a_response_reader_giving_usage_that_is_not_usage_is_a_decode_error() -> None:
    from toolwire.response import ResponseReader, normalize

    reader = ResponseReader(detect=lambda d: "acme" in d, read=lambda d: ("hi", "", None, "stop", 5, None))
    reg = Registry()
    reg.register(_acme(response=reader, finish_reasons={"stop": "stop"}))
    with pytest.raises(toolwire.DecodeError) as exc:
        normalize({"acme": "x"}, registry=reg)
    assert (exc.value.message, exc.value.dialect) == (
        "Response of acme is malformed: its reader gave usage 5, not a Usage at $", "acme")


def test_a_response_reader_several_dialects_share_detects_for_the_one_without_evidence() -> None:
    """Mistral reads its replies with Chat's reader: unnamed, a Chat reply stays
    openai.chat's (the first sharer without a ``detect`` of its own), also when a third
    party registers another sharer after it, unless a sharer ahead of it claims it by its
    own ``detect`` (a Mistral model's reply: ``mistral``, as ``toolwire.detect`` names
    it); by name, each sharer reads it as its own."""
    from toolwire.response import normalize

    reply = {"object": "chat.completion", "model": "mistral-large-latest", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}]}
    other = {**reply, "model": "gpt-4o"}
    reg = default_registry().copy()
    reg.register(_acme())  # openai.chat's record renamed: the same reader
    assert reg.get("acme").response is reg.get("openai.chat").response is reg.get("mistral").response
    assert normalize(reply, registry=reg).provider == toolwire.detect(reply, registry=reg) == "mistral"
    assert normalize(other, registry=reg).provider == toolwire.detect(other, registry=reg) == "openai.chat"
    assert [normalize(reply, provider=n, registry=reg).provider for n in ("acme", "mistral", "chat")] == [
        "acme", "mistral", "openai.chat"]
    alone = Registry()
    alone.register(default_registry().get("mistral"))  # the only sharer: it detects
    assert normalize(reply, registry=alone).provider == "mistral"


def test_a_name_one_variant_of_a_dialect_allows_stays_refused_by_another() -> None:
    """The tool-name check remembers names per name pattern, not per dialect name: a
    private variant of ``openai.chat`` allowing dots does not open the built-in's door."""
    import re

    call = ToolCall(name="weather.get", args={}, id="call_1")
    loose = dataclasses.replace(default_registry().get("openai.chat"), names=re.compile(r"[a-zA-Z0-9_.-]{1,64}"))
    reg = default_registry().copy()
    reg.register(loose, replace=True)
    for _ in range(2):
        assert toolwire.encode(call, "openai.chat", registry=reg)["function"]["name"] == "weather.get"
        assert toolwire.encode(call, loose)["function"]["name"] == "weather.get"
        with pytest.raises(toolwire.EncodeError) as exc:
            toolwire.encode(call, "openai.chat")
        assert exc.value.message == ("Tool name 'weather.get' is not allowed in openai.chat "
                                     "(must match [a-zA-Z0-9_-]{1,64})")


@pytest.mark.parametrize("entry", ["decode", "decode_all", "detect", "normalize"])
def test_the_shape_caches_hold_no_hostile_shape(entry: str) -> None:
    """A dict with a 1 MB key, or with 5,000 keys, is read (and refused) without being
    remembered: the registry's plan and the response readers' shape cache keep plain
    shapes only, so what a caller's hostile input held is freed with it."""
    import gc
    import tracemalloc

    from toolwire.response import normalize

    fn = normalize if entry == "normalize" else getattr(toolwire, entry)
    reg = default_registry().copy()
    fn(CHAT if entry != "normalize" else {"choices": [{"message": MESSAGE, "finish_reason": "tool_calls"}]},
       registry=reg)  # a plain shape: the tables exist before counting
    gc.collect()
    tracemalloc.start()
    try:
        for i in range(8):
            for hostile in ({str(i) + "x" * 1_000_000: 1}, {f"{i}k{j}": 1 for j in range(5_000)}):
                with contextlib.suppress(toolwire.ToolwireError):
                    fn(hostile, registry=reg)
            del hostile
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert held < 500_000


def test_plain_shapes_stay_planned_once() -> None:
    reg = default_registry().copy()
    toolwire.decode(CHAT, registry=reg)
    long_but_plain = {"k" * 100: 1, **CHAT}
    toolwire.decode(long_but_plain, registry=reg)
    assert (*CHAT, "function") in reg._plans and (*long_but_plain, "function") in reg._plans


def test_an_sdk_class_plan_is_held_by_the_class_id_and_checked_against_the_class() -> None:
    """The plan of an SDK class holds it weakly (a class made per request is freed), and
    an entry left by a freed class never answers for another class given its id."""
    import gc
    import weakref

    reg = toolwire.default_registry().copy()
    Made = type("Made", (), {"__module__": "acmesdk"})
    plan = reg.object_plan(Made)
    assert reg.object_plan(Made) is plan
    held = weakref.ref(Made)
    del Made
    gc.collect()
    assert held() is None
    Other = type("Other", (), {"__module__": "acmesdk"})
    reg._plans[id(Other)] = (weakref.ref(reg.__class__), ("stale", None, None, None))  # as a freed class's
    assert reg.object_plan(Other) == (None, None, None, None)
