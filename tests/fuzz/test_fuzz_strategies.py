"""The public strategies: every payload, tool, result and stream they generate decodes
back to the values it was built from; corruptions of them raise nothing but
``ToolwireError``."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
from typing import Any

import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st

import toolwire
from toolwire import IdRule
from toolwire import strategies as tws
from toolwire.stream import Accumulator, accumulate

# parametrized per dialect: a few examples each in the quick profiles, the profile's
# full count under ``thorough``
_N = settings.default.max_examples
per_dialect = settings(max_examples=_N if _N > 100 else 8)


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "".join(p.get("text", "") for p in content)


@pytest.mark.parametrize("dialect", tws.WIRE_DIALECTS)
@per_dialect
@given(p=st.data())
def test_payloads_decode_back(dialect: str, p: Any) -> None:
    payload = p.draw(tws.payloads(dialect, expected=True, text=True))
    assert payload.dialect == dialect and payload.kind in tws.CALL_KINDS
    assert toolwire.decode_all(payload.value, dialect) == payload.expected
    detected = toolwire.decode_all(payload.value)
    assert [(c.name, c.args) for c in detected] == [(c.name, c.args) for c in payload.expected]
    if payload.kind == "item":
        call = toolwire.decode(payload.value, dialect)
        assert call == payload.expected[0]
        if isinstance(payload.value, dict):  # wire side: re-encodes exactly
            assert toolwire.encode(call, dialect) == payload.value


@pytest.mark.parametrize("dialect", tws.WIRE_DIALECTS)
@per_dialect
@given(p=st.data())
def test_tool_and_result_payloads_decode_back(dialect: str, p: Any) -> None:
    tool = p.draw(tws.payloads(dialect, kind="tool", expected=True))
    assert toolwire.decode_tool(tool.value, dialect) == tool.expected
    assert toolwire.detect(tool.value) in (dialect, "canonical", "openai.chat", "mcp", "gemini")
    res = p.draw(tws.payloads(dialect, kind="result", expected=True))
    assert toolwire.decode_result(res.value, dialect) == res.expected  # name, content, is_error too


# the provider's tool-result wire, from its SDK type: the fields a result comes back with
# (Chat ``ChatCompletionToolMessageParam``, Responses ``FunctionCallOutput``, Anthropic
# ``ToolResultBlockParam``, Bedrock ``ToolResultBlock``, Cohere ``ToolChatMessageV2`` and MCP
# ``CallToolResult`` carry no tool name; MCP content is a list of content blocks)
@pytest.mark.parametrize(("dialect", "named", "parts"), [
    ("openai.chat", False, False), ("openai.responses", False, False), ("anthropic.messages", False, False),
    ("gemini", True, False), ("bedrock.converse", False, False), ("mistral", True, False),
    ("cohere.v2", False, False), ("ollama", True, False), ("mcp", False, True), ("canonical", True, False),
])
def test_result_payloads_expect_what_the_wire_carries(dialect: str, named: bool, parts: bool) -> None:
    # B7: ``expected`` was the result it was built from (a name the wire has no field for)
    res = find(tws.payloads(dialect, kind="result", expected=True), lambda p: True, settings=NO_SHRINK)
    assert (res.expected.name is not None) is named
    assert isinstance(res.expected.content, list) is parts
    if parts:
        assert [set(b) for b in res.expected.content] == [{"type", "text"}]
        assert res.expected.content[0]["type"] == "text"


@pytest.mark.parametrize("dialect", tws.STREAM_DIALECTS)
@per_dialect
@given(s=st.data())
def test_streams_accumulate_back(dialect: str, s: Any) -> None:
    stream = s.draw(tws.streams(dialect, expected=True))
    assert accumulate(stream.chunks, dialect) == stream.calls
    assert accumulate(stream.chunks) == stream.calls
    acc = Accumulator()
    for chunk in stream.chunks:
        acc.feed(chunk)
    assert acc.close() == stream.calls


def _quiet(fn: Any, *args: Any, **kw: Any) -> None:
    with contextlib.suppress(toolwire.ToolwireError):
        fn(*args, **kw)


@given(bad=tws.corrupted(tws.payloads(kind=tws.KINDS, text=True)))
def test_corrupted_payloads_raise_only_toolwire_errors(bad: Any) -> None:
    for fn in (toolwire.decode, toolwire.decode_all, toolwire.detect, toolwire.explain,
               toolwire.decode_tool, toolwire.decode_result):
        _quiet(fn, bad)
    _quiet(toolwire.decode_all, bad, invalid="keep", include_server=True)
    _quiet(toolwire.decode_all, bad, allow_truncated=True, repair=True)
    _quiet(toolwire.convert, bad, "anthropic.messages")


@pytest.mark.parametrize("dialect", tws.WIRE_DIALECTS)
@per_dialect
@given(bad=st.data())
def test_corrupted_payloads_of_a_dialect(dialect: str, bad: Any) -> None:
    value = bad.draw(tws.corrupted(tws.payloads(dialect, kind=tws.KINDS)))
    _quiet(toolwire.decode_all, value, dialect, invalid="keep")
    _quiet(toolwire.decode, value, dialect)
    _quiet(toolwire.convert, value, "openai.responses", source=dialect)


@given(bad=tws.corrupted(tws.streams(transport=("dict", "sse"))))
def test_corrupted_streams_raise_only_toolwire_errors(bad: Any) -> None:
    chunks = bad if isinstance(bad, list) else [bad]
    _quiet(accumulate, chunks)
    acc = Accumulator()
    with contextlib.suppress(toolwire.ToolwireError):
        for c in chunks:
            acc.feed(c)
        acc.close()


@given(call=tws.tool_calls())
def test_generic_calls_encode_in_every_dialect(call: toolwire.ToolCall) -> None:
    for d in tws.WIRE_DIALECTS:
        wire = toolwire.encode(call, d)
        back = toolwire.decode(wire, d)
        assert (back.name, back.args) == (call.name, call.args)


@given(v=tws.json_values())
def test_json_values_survive_json(v: Any) -> None:
    assert json.loads(json.dumps(v)) == v or v != v


def test_knobs_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown payload kind 'nope'"):
        tws.payloads("openai.chat", kind="nope")
    with pytest.raises(toolwire.UnknownDialectError):
        tws.payloads("nope")
    with pytest.raises(ValueError, match="mcp has no stream encoder"):
        tws.streams("mcp")
    with pytest.raises(ValueError, match="unknown corruption 'x'"):
        tws.corrupted(tws.payloads(), kinds=["x"])
    # an unknown transport gave dict chunks, as if it were "dict"
    with pytest.raises(ValueError, match=r"unknown stream transport 'ws'; transports: dict, json, sse, bytes"):
        tws.streams("openai.chat", transport=("sse", "ws"))
    with pytest.raises(ValueError, match=r"^streams needs at least one transport; transports: dict, json, sse, bytes$"):
        tws.streams("openai.chat", transport=())  # said "unknown stream transport '(none)'"
    with pytest.raises(ValueError, match=r"^streams needs at least one transport; transports: dict, json, sse, bytes$"):
        tws.streams("openai.chat", transport=[])
    with pytest.raises(ValueError, match="^payloads needs at least one dialect$"):  # failed when drawn
        tws.payloads([])
    with pytest.raises(ValueError, match="^streams needs at least one dialect$"):
        tws.streams(())
    with pytest.raises(TypeError, match="corrupted takes a strategy"):  # an AttributeError from hypothesis
        tws.corrupted(5)  # type: ignore[arg-type]


@given(p=tws.payloads(kind="response", expected=True))
def test_every_payload_is_of_the_asked_kind(p: Any) -> None:
    # B6: MCP and canonical (no responses) gave single call items instead
    assert p.kind == "response" and p.dialect not in ("mcp", "canonical")


@given(p=tws.payloads(("mcp", "openai.chat"), kind=("message", "tool"), expected=True))
def test_each_named_dialect_gives_the_asked_kinds_it_has(p: Any) -> None:
    assert (p.dialect, p.kind) in {("mcp", "tool"), ("openai.chat", "message"), ("openai.chat", "tool")}


def test_a_named_dialect_without_the_asked_kind_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^mcp has no 'message' or 'response' payloads; it has: item, items, "
                                         r"tool, result$"):
        tws.payloads("mcp", kind=("message", "response"))
    with pytest.raises(ValueError, match=r"^canonical has no 'response' payloads"):
        tws.payloads(["openai.chat", "canonical"], kind="response")


# B5: with no call the envelopes said the model called a tool (Chat ``finish_reason:
# "tool_calls"``, Anthropic ``stop_reason: "tool_use"``...), which decode_all refuses
@pytest.mark.parametrize("dialect", tws.WIRE_DIALECTS)
@per_dialect
@given(data=st.data())
def test_payloads_without_calls_decode_to_nothing(dialect: str, data: Any) -> None:
    p = data.draw(tws.payloads(dialect, kind=("items", "message", "response"), min_calls=0, max_calls=0,
                               expected=True, text=True))
    assert p.expected == []
    assert toolwire.decode_all(p.value, dialect) == []


@pytest.mark.parametrize("dialect", tws.STREAM_DIALECTS)
@given(data=st.data())
@settings(max_examples=5)
def test_streams_without_calls_accumulate_to_nothing(dialect: str, data: Any) -> None:
    """A stream encoder wrote a tool-call finish reason (``tool_calls``, ``tool_use``,
    ``TOOL_CALL``) for no calls, which reads as a failed reply: its accumulation was an
    ``InvalidToolCall`` instead of ``[]``."""
    s = data.draw(tws.streams(dialect, min_calls=0, max_calls=0, expected=True))
    assert s.calls == []
    assert accumulate(s.chunks, dialect) == []


def test_call_counts_are_checked() -> None:
    with pytest.raises(ValueError, match=r"^min_calls must be 0 or more and at most max_calls \(3\), got -1$"):
        tws.payloads("openai.chat", min_calls=-1)
    with pytest.raises(ValueError, match=r"^min_calls must be 0 or more and at most max_calls \(1\), got 2$"):
        tws.payloads("openai.chat", min_calls=2, max_calls=1)
    with pytest.raises(ValueError, match=r"^min_calls must be 0 or more and at most max_calls \(3\), got -1$"):
        tws.streams("openai.chat", min_calls=-1)
    with pytest.raises(ValueError, match=r"^corrupted needs at least one corruption"):  # B8: failed when drawn
        tws.corrupted(tws.payloads(), kinds=[])


@pytest.mark.parametrize("kind", tws.CORRUPTIONS)
@per_dialect
@given(data=st.data())
def test_each_corruption_changes_the_payload(kind: str, data: Any) -> None:
    p = data.draw(tws.payloads("openai.chat", kind="response", expected=True))
    bad = data.draw(tws.corrupted(st.just(p), kinds=[kind], max_steps=1))
    assert bad != p.value


def test_wrong_type_values_never_compare_equal_to_the_original() -> None:
    # found by the strategies' own test: a choices "index" of 0 became False (False == 0)
    from toolwire._strategies_corrupt import _other_types

    for old in (0, 1, 0.0, 1.0, False, True, "", [], {}):
        assert all(type(v) is not type(old) and v != old for v in _other_types(old))


NO_SHRINK = settings(phases=[Phase.generate], database=None)


@pytest.mark.parametrize(("dialect", "made"), [
    ("openai.chat", r"call_[a-zA-Z0-9]{24}"),
    ("anthropic.messages", r"toolu_[a-zA-Z0-9]{24}"),
    ("mistral", r"[a-zA-Z0-9]{9}"),
    ("ollama", r"call_[a-z0-9]{8}"),
])
def test_ids_include_the_shape_the_provider_makes(dialect: str, made: str) -> None:
    # the ids the dialect's IdRule makes are the provider's own shape (not a table in the kit)
    found = find(tws.tool_calls(dialect, ids=True), lambda c: re.fullmatch(made, c.id or "") is not None,
                 settings=NO_SHRINK)
    assert found.id is not None and re.fullmatch(made, found.id)


def test_a_third_party_rule_gives_its_made_ids_and_only_valid_ones() -> None:
    rule = IdRule(pattern=re.compile(r"acme-[0-9]+"), max_len=11, required=True, prefix="acme-", length=6,
                  alphabet="0123456789")
    acme = dataclasses.replace(toolwire.get_dialect("canonical"), name="acme", aliases=(), ids=rule)
    find(tws.tool_calls(acme, ids=True), lambda c: re.fullmatch(r"acme-[0-9]{6}", c.id or "") is not None,
         settings=NO_SHRINK)
    with pytest.raises(ValueError, match="^IdRule makes ids it refuses: 'acme-xxxxxx' is not matching"):
        dataclasses.replace(rule, alphabet="xyz0")  # a rule that makes ids its own pattern refuses


def test_names_are_the_ones_the_dialect_allows(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/fuzzing.md: names valid for the dialect, also where its ``names`` pattern is
    narrower than the common ``[a-zA-Z_][a-zA-Z0-9_]{0,40}`` (a lower-case-only API)."""
    from toolwire import _builtin

    lower = dataclasses.replace(toolwire.get_dialect("canonical"), name="acme.lower", aliases=(),
                                names=re.compile(r"[a-z]{1,10}"))
    assert lower.names is not None
    pattern = lower.names
    reg = toolwire.default_registry().copy()
    reg.register(lower)
    monkeypatch.setattr(_builtin, "_default", reg)

    @given(tws.tool_calls(lower), tws.tools(lower), tws.tool_results(lower), tws.payloads("acme.lower"))
    @settings(max_examples=60, database=None)
    def check(call: toolwire.ToolCall, tool: toolwire.Tool, result: toolwire.ToolResult, payload: Any) -> None:
        assert pattern.fullmatch(call.name) and pattern.fullmatch(tool.name)
        assert result.name is None or pattern.fullmatch(result.name)

    check()
    # a dialect that takes the common names still gets them
    chat = toolwire.get_dialect("openai.chat")
    find(tws.tool_calls(chat), lambda c: re.fullmatch(r"[a-zA-Z_][a-zA-Z0-9_]{0,40}", c.name) is not None,
         settings=NO_SHRINK)
