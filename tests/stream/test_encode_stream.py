"""``encode_stream`` holds to ``encode``'s rules: arguments JSON cannot hold are an
``EncodeError`` (never a raw ``ValueError`` / ``TypeError`` / ``RecursionError``), ids
follow the target's id rule (made up where the target needs one, mapped where it
rejects one, an ``IdMap`` shared with ``encode``), and options that would write a
wrong stream are refused."""

from __future__ import annotations

import re
from typing import Any, Dict, List

import pytest

import toolwire
from json_reach import past_json_writer
from toolwire import EncodeError, IdMap, ToolCall, ToolResult, get_dialect
from toolwire.stream import accumulate, encode_stream

STREAMS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "mistral",
           "cohere.v2", "ollama"]
# (dialect, options): every stream encoder, and the options that write other shapes
VARIANTS = [(d, {}) for d in STREAMS] + [
    ("gemini", {"partial_args": True}),
    ("mistral", {"split": 2}),
    ("mistral", {"split": 2, "with_index": True}),
    ("openai.chat", {"split": 2, "with_index": False}),
]


def _deep(depth: int) -> Dict[str, Any]:
    root: Dict[str, Any] = {}
    node = root
    for _ in range(depth):
        node["a"] = {}
        node = node["a"]
    return root


def _cycle() -> Dict[str, Any]:
    d: Dict[str, Any] = {}
    d["self"] = d
    return d


BAD = {
    "nan": (lambda: float("nan"), "$.args.a"),
    "set": (lambda: {1, 2}, "$.args.a"),
    "object": (lambda: object(), "$.args.a"),
    "cycle": (_cycle, "$.args.a.self"),
    "deep": (lambda: _deep(past_json_writer(1000, dict)), None),  # 1000 on CPython 3.11; deeper from 3.12
}


@pytest.mark.parametrize(("dialect", "options"), VARIANTS)
@pytest.mark.parametrize("bad", sorted(BAD))
def test_arguments_json_cannot_hold_are_an_encode_error(dialect: str, options: Dict[str, Any], bad: str) -> None:
    """Args are held as given, so a call changed after it was built can hold NaN, a
    set, a cycle: ``encode`` refuses them with an ``EncodeError``, and so does the
    stream encoder of every dialect (found: ``ValueError: Out of range float values``,
    ``TypeError``, ``RecursionError`` escaped)."""
    make, loc = BAD[bad]
    call = ToolCall("f", {"a": 1}, "call_1")
    call.args["a"] = make()
    with pytest.raises(EncodeError) as streamed:
        encode_stream([call], dialect, **options)
    assert streamed.value.dialect == dialect
    if loc is not None:
        with pytest.raises(EncodeError) as encoded:
            toolwire.encode(call, dialect)
        assert streamed.value.loc == encoded.value.loc == loc
        assert str(streamed.value) == str(encoded.value)
    else:  # nesting the JSON writer cannot follow: a stream needs the argument text
        message = str(streamed.value)  # (the value's repr is no longer cut short by the recursion limit)
        assert message.startswith("Cannot encode ToolCall(name='f', args={'a': {'a': ")
        assert f" as {dialect} (RecursionError: " in message


def test_a_bad_option_is_still_named() -> None:
    with pytest.raises(EncodeError, match=r"^Bad stream option for openai\.chat: .*'nonsense'"):
        encode_stream([ToolCall("f", {}, "call_1")], "openai.chat", nonsense=True)


PAIR = [ToolCall("f", {"a": 1}, "call_1"), ToolCall("g", {"b": 2}, "call_2")]


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
def test_interleaving_needs_an_index(dialect: str) -> None:
    """Without ``index`` each argument fragment goes to the latest call (the Chat
    rule for index-less deltas), so round-robin fragments would glue into wrong calls
    that parse (found: ``[f({}), g({'ab': 12})]``): the combination is refused."""
    message = (f"Bad stream option for {dialect}: interleave=True needs with_index=True (without an index, "
               "each argument fragment belongs to the latest call)")
    with pytest.raises(EncodeError) as exc:
        encode_stream(PAIR, dialect, split=1, interleave=True, with_index=False)
    assert str(exc.value) == message
    if dialect == "mistral":  # Mistral writes no index unless asked
        with pytest.raises(EncodeError):
            encode_stream(PAIR, dialect, split=1, interleave=True)
    interleaved = encode_stream(PAIR, dialect, split=1, interleave=True, with_index=True)
    back = accumulate(interleaved, dialect)
    assert [(c.name, c.args, c.id) for c in back] == [(c.name, c.args, _wire_id(c, dialect)) for c in PAIR]


def _wire_id(call: ToolCall, dialect: str, position: int = 0) -> Any:
    """The id ``encode`` writes for *call*, read back by the dialect's decoder."""
    return toolwire.decode(toolwire.encode(call, dialect, position=position), dialect).id


@pytest.mark.parametrize(("dialect", "options"), VARIANTS)
@pytest.mark.parametrize("ident", [None, "call:1.x", "x" * 80, "call_ok"])
def test_ids_follow_the_target_rule_as_encode_does(dialect: str, options: Dict[str, Any], ident: Any) -> None:
    """A call without an id gets the id ``encode`` makes where the target needs one
    (``toolu_…``, ``call_…``, 9 alphanumerics for Mistral); an id the target rejects is
    mapped as ``encode`` maps it; a valid one passes (found: ``null`` ids in the
    Anthropic, Responses and Cohere streams, none in Chat and Bedrock, ``call:1.x``
    written into Anthropic and Mistral streams)."""
    calls = [ToolCall("get_weather", {"city": "Paris"}, ident), ToolCall("now", {}, None)]
    back = accumulate(encode_stream(calls, dialect, **options), dialect)
    assert [c.id for c in back] == [_wire_id(c, dialect, i) for i, c in enumerate(calls)]
    rule = get_dialect(dialect).ids
    for c in back:
        assert rule.valid(c.id) if c.id is not None else not rule.required
    assert [(c.name, c.args) for c in back] == [(c.name, c.args) for c in calls]


def test_an_idless_call_gets_an_anthropic_id() -> None:
    call = ToolCall("get_weather", {"city": "Paris"})
    start = encode_stream([call], "anthropic.messages")[1]
    assert start["type"] == "content_block_start"
    ident = start["content_block"]["id"]
    assert re.fullmatch(r"toolu_[a-zA-Z0-9]{24}", ident)
    assert ident == toolwire.encode(call, "anthropic.messages")["id"]


@pytest.mark.parametrize("dialect", ["mistral", "anthropic.messages", "openai.chat", "bedrock.converse"])
def test_an_id_map_is_shared_with_results(dialect: str) -> None:
    """``ids=``: one ``IdMap`` for the conversation, as ``encode`` takes it, so the
    result written after the streamed call answers the id the stream carried."""
    ids = IdMap(get_dialect(dialect).ids, dialect=dialect)
    calls = [ToolCall("get_weather", {"city": "Paris"}, "call:1.x"), ToolCall("now", {})]
    back = accumulate(encode_stream(calls, dialect, ids=ids), dialect)
    assert back[0].id == ids.mapping["call:1.x"]
    result = toolwire.encode_result(ToolResult("call:1.x", "get_weather", "22C"), dialect, ids=ids)
    assert back[0].id in _strings(result)
    idless = toolwire.encode_result(ToolResult(None, "now", "12:00"), dialect, ids=ids)
    assert back[1].id in _strings(idless)


def _strings(value: Any) -> List[str]:
    out, stack = [], [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


@pytest.mark.parametrize("dialect", ["openai.responses", "anthropic.messages", "gemini", "bedrock.converse",
                                     "cohere.v2", "ollama"])
def test_an_option_a_dialect_lacks_is_refused(dialect: str) -> None:
    """``interleave``, ``with_index``: options of the Chat-shaped streams; another
    dialect's encoder took them and wrote its usual stream (a test asking for
    interleaved fragments would have checked nothing)."""
    for option in ({"interleave": True}, {"with_index": True}, {"finish_reason": "length"}):
        with pytest.raises(EncodeError, match=rf"^Bad stream option for {re.escape(dialect)}: .*'{next(iter(option))}'"):
            encode_stream(PAIR, dialect, split=1, **option)


def test_a_name_the_dialect_refuses_is_refused_as_encode_does() -> None:
    call = ToolCall("get weather", {})
    with pytest.raises(EncodeError) as encoded:
        toolwire.encode(call, "anthropic.messages")
    with pytest.raises(EncodeError) as streamed:
        encode_stream([call], "anthropic.messages")
    assert str(streamed.value) == str(encoded.value) == (
        "Tool name 'get weather' is not allowed in anthropic.messages (must match [a-zA-Z0-9_-]{1,128})")


def test_an_id_map_of_another_rule_is_refused() -> None:
    # as ``encode`` refuses it: a Chat map would let 'call_1' into a Mistral stream
    ids = IdMap(get_dialect("openai.chat").ids, dialect="openai.chat")
    with pytest.raises(toolwire.EncodeError, match="The IdMap was made for the ids of openai.chat, not of mistral"):
        encode_stream([ToolCall("f", {}, "call_1")], "mistral", ids=ids)


# the finish reason of a reply that answered without calling a tool, per the provider's docs:
# Chat ``stop`` (https://platform.openai.com/docs/api-reference/chat/streaming), Anthropic
# ``end_turn`` (https://docs.anthropic.com/en/api/messages-streaming), Bedrock ``end_turn``
# (ConverseStream ``messageStop.stopReason``), Cohere ``COMPLETE`` (v2 chat stream ``message-end``)
NO_CALL_STOPS = {
    "openai.chat": lambda events: events[-1]["choices"][0]["finish_reason"] == "stop",
    "mistral": lambda events: events[-1]["choices"][0]["finish_reason"] == "stop",
    "anthropic.messages": lambda events: events[-2]["delta"]["stop_reason"] == "end_turn",
    "bedrock.converse": lambda events: events[-2]["messageStop"]["stopReason"] == "end_turn",
    "cohere.v2": lambda events: events[-1]["delta"]["finish_reason"] == "COMPLETE",
}


@pytest.mark.parametrize("dialect", sorted(NO_CALL_STOPS))
def test_a_stream_of_no_calls_ends_with_the_plain_stop_reason(dialect: str) -> None:
    """It ended with the tool-call reason, which reads as a reply whose call was lost."""
    events = list(encode_stream([], dialect))
    assert NO_CALL_STOPS[dialect](events)
    assert accumulate(events, dialect) == []


@pytest.mark.parametrize("split", [0, -3, True, False, 2.5, "3", [3]])
def test_a_bad_split_is_an_encode_error(split: Any) -> None:
    with pytest.raises(EncodeError) as exc:
        encode_stream([ToolCall("f", {"a": 1}, "call_1")], "openai.chat", split=split)
    assert exc.value.message.startswith("split must be")


@pytest.mark.parametrize("dialect", ["openai.chat", "gemini"])
@pytest.mark.parametrize("cut", [lambda t: [1, 2], lambda t: [t.encode()], lambda t: None, lambda t: 1 / 0])
def test_a_split_function_that_gives_no_strings_is_an_encode_error(dialect: str, cut: Any) -> None:
    options = {"partial_args": True} if dialect == "gemini" else {}
    with pytest.raises(EncodeError):
        encode_stream([ToolCall("f", {"a": "xyz"})], dialect, split=cut, **options)


def test_a_split_function_giving_strings_is_used() -> None:
    chunks = encode_stream([ToolCall("f", {"a": 1}, "call_1")], "openai.chat", split=lambda t: (t[:3], t[3:]))
    assert accumulate(chunks) == [ToolCall("f", {"a": 1}, "call_1")]


def test_a_split_function_whose_pieces_do_not_join_back_is_an_encode_error() -> None:
    # its stream carried other arguments than the call's ({} for {"a": "hello"})
    with pytest.raises(EncodeError, match="must join back to the text"):
        encode_stream([ToolCall("f", {"a": "hello"}, "c1")], "openai.chat", split=lambda t: ["{}"])
