"""A dialect derived from a built-in one (docs/custom-dialects.md: ``dataclasses.replace(
toolwire.get_dialect("openai.chat"), name="acme.chat", aliases=())``) equals itself after a
pickle round trip and decodes and encodes as before: the records bind their functions with
``Bound``, a ``partial`` equal by function and arguments (a plain one compares by identity,
so ``history``, ``response_envelope``, ``children`` and the text formats' refusals differed)."""

from __future__ import annotations

import copy
import pickle
from dataclasses import MISSING, fields, replace

import pytest

import toolwire
from toolwire import ToolCall
from toolwire.conversation import decode_conversation, encode_conversation


@pytest.mark.parametrize("name", toolwire.dialect_names())
def test_a_derived_dialect_equals_itself_pickled(name: str) -> None:
    d = replace(toolwire.get_dialect(name), name="acme.derived", aliases=())
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(d, protocol))
        assert [f.name for f in fields(d) if getattr(d, f.name) != getattr(back, f.name)] == []
        assert back == d and hash(back.history) == hash(d.history)
    assert copy.deepcopy(d) == d


def test_a_derived_chat_dialect_pickled_decodes_and_encodes_the_same() -> None:
    d = replace(toolwire.get_dialect("openai.chat"), name="acme.chat", aliases=())
    back = pickle.loads(pickle.dumps(d))
    assert back == d
    item = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{\"a\":1}"}}
    assert toolwire.decode(item, back) == toolwire.decode(item, d) == ToolCall("f", {"a": 1}, "call_1")
    assert toolwire.encode(ToolCall("f", {"a": 1}, "call_1"), back) == toolwire.encode(
        ToolCall("f", {"a": 1}, "call_1"), d) == item
    body = {"messages": [{"role": "user", "content": "hi"}]}
    assert encode_conversation(decode_conversation(body, back), back) == body


@pytest.mark.parametrize("name", toolwire.dialect_names())
def test_a_derived_dialect_pickles_only_the_fields_it_sets(name: str) -> None:
    """Fields at their default are left out of the pickle (review revServer: the new field
    ``stream_misfed`` was in every derived dialect's pickle, so none loaded in an older
    build, whose ``Dialect`` takes no such keyword: a fleet of workers of mixed versions)."""
    d = replace(toolwire.get_dialect(name), name="acme.derived", aliases=())
    _, (cls, state) = d.__reduce__()
    kept = {f.name for f in fields(d) if f.name in state}
    at_default = {f.name for f in fields(d) if getattr(d, f.name) == (
        f.default if f.default is not MISSING else f.default_factory() if f.default_factory is not MISSING else d)}
    assert cls is type(d) and kept.isdisjoint(at_default) and kept | at_default == {f.name for f in fields(d)}
    if d.stream_misfed is None:
        assert b"stream_misfed" not in pickle.dumps(d)
    assert pickle.loads(pickle.dumps(d)) == d


@pytest.mark.parametrize("name", ["anthropic.messages", "bedrock.converse"])
def test_a_derived_anthropic_or_bedrock_dialect_pickled_loads_equal_and_trims_the_same(name: str) -> None:
    """Their codecs' prefill rule is a plain function (a ``partial`` made the copy differ,
    fbab628c); the copy, pickled by every protocol, equals it, holds the same rule, and
    writes a prefill as the parent does ("final assistant content cannot end with trailing
    whitespace")."""
    d = replace(toolwire.get_dialect(name), name="acme.derived", aliases=())
    last = {"role": "assistant", "content": "done "} if name == "anthropic.messages" else {
        "role": "assistant", "content": [{"text": "done "}]}
    first = {"role": "user", "content": "q"} if name == "anthropic.messages" else {"role": "user", "content": [{"text": "q"}]}
    body = {"messages": [first, last]}
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(d, protocol))
        assert back == d and back.history.refusals == d.history.refusals
        assert back.history.refusals.prefill is toolwire.get_dialect(name).history.refusals.prefill is not None
        out = encode_conversation(decode_conversation(body, back), back)
        assert out == encode_conversation(decode_conversation(body, name), name)
        assert out["messages"][-1]["content"] in ("done", [{"text": "done"}])
