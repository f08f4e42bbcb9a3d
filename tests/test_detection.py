"""Detection precedence and the ``keys`` gates that let detection skip dialects.

A dialect's declared ``keys`` must be a necessary condition of its claim: detection
with the gates must name the same dialect as asking every dialect in order.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire
from corpus_data import files, load
from toolwire._args import DEFAULT_POLICY
from toolwire._builtin import default_registry
from toolwire._dialect import CALL
from toolwire._quick_first import QuickFirst
from toolwire._registry import Registry
from toolwire.strategies import corrupted, payloads, tool_calls

UNGATED = Registry(tuple(dataclasses.replace(d, keys=None) for d in default_registry()))


def _same(data: Any) -> None:
    a, b = default_registry().sniff(data), UNGATED.sniff(data)
    assert (a and (a[0].name, a[1])) == (b and (b[0].name, b[1]))


def _all_dicts(value: Any) -> Iterator[Any]:
    stack = [value]
    while stack:
        v = stack.pop()
        if type(v) is dict:
            yield v
            stack.extend(v.values())
        elif type(v) is list:
            stack.extend(v)


@pytest.mark.parametrize("path", files())
def test_gates_agree_with_asking_everyone_on_the_corpus(path: Any) -> None:
    doc = load(path)
    for part in (doc.get("payload"), doc.get("events")):
        for d in _all_dicts(part):
            _same(d)


VOCAB = sorted(
    {k for d in default_registry() if d.keys for k in d.keys}
    | {"id", "arguments", "args", "input", "content", "parameters", "call_id", "toolUseId", "functionCall"}
)
values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.sampled_from(
        ["function", "function_call", "tool_use", "message", "assistant", "user", "tool", "tools/call", "text"]
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(VOCAB), inner, max_size=4),
    max_leaves=10,
)


@given(st.dictionaries(st.sampled_from(VOCAB), values, max_size=6))
def test_gates_agree_with_asking_everyone_on_generated_shapes(data: Any) -> None:
    _same(data)


@pytest.mark.parametrize(
    ("payload", "dialect", "kind"),
    [
        ({"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}, "openai.chat", "call"),
        ({"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}, "openai.responses", "call"),
        ({"type": "tool_use", "id": "t", "name": "f", "input": {}}, "anthropic.messages", "call"),
        ({"functionCall": {"name": "f", "args": {}}}, "gemini", "call"),
        ({"toolUse": {"toolUseId": "t", "name": "f", "input": {}}}, "bedrock.converse", "call"),
        ({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "f", "arguments": {}}}, "mcp", "call"),
        ({"name": "f", "args": {}, "id": None}, "canonical", "call"),
        ({"role": "tool", "tool_call_id": "c", "content": "x"}, "openai.chat", "result"),
        ({"type": "function", "name": "f", "parameters": {}}, "openai.responses", "tool"),
    ],
)
def test_detection_of_each_dialect(payload: Any, dialect: str, kind: str) -> None:
    found = toolwire.explain(payload)
    assert (found.dialect, found.kind) == (dialect, kind)
    assert found.reason


# --- the quick decoders (``extra["quick"]``) give exactly what the general path gives

QUICK = [d.name for d in default_registry() if d.quick is not None]


def _full(call: Any) -> Any:
    return (call.name, call.args, call.id, call.raw, call.provider_data, call.repairs, call.server)


def _quick_agrees(data: Any) -> bool:
    """Whether a quick decoder took *data*; if so, it matched the general path."""
    reg = default_registry()
    if type(data) is not dict:
        return False
    call = reg.quick(data)
    if call is None:
        return False
    hit = reg.sniff(data)
    assert hit is not None and hit[1] == CALL, data
    assert _full(call) == _full(hit[0].decode_call(data, DEFAULT_POLICY, "$")), data
    return True


@pytest.mark.parametrize("path", files())
def test_quick_decoders_agree_on_the_corpus(path: Any) -> None:
    doc = load(path)
    for d in _all_dicts(doc.get("payload")):
        _quick_agrees(d)


@given(st.dictionaries(st.sampled_from(VOCAB), values, max_size=6))
def test_quick_decoders_agree_on_generated_shapes(data: Any) -> None:
    _quick_agrees(data)


@pytest.mark.parametrize("dialect", QUICK)
@given(data=st.data())
def test_quick_decoders_agree_on_encoded_and_corrupted_calls(dialect: str, data: Any) -> None:
    call = data.draw(tool_calls(dialect))
    item = toolwire.encode(call, dialect)
    if call.id is not None and toolwire.explain(item).dialect == dialect:
        assert _quick_agrees(item)
    _quick_agrees(data.draw(corrupted(st.just(item))))


CHAT = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}


@pytest.mark.parametrize(
    "item",
    [
        CHAT,
        {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "{}", "status": "completed"},
    ],
)
def test_plain_items_take_the_quick_path(item: Any) -> None:
    assert _quick_agrees(item)


@pytest.mark.parametrize(
    "item",
    [
        {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "", "status": "completed"},
        {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": ""},
    ],
)
def test_a_responses_call_with_empty_arguments_takes_the_first_decoder(item: Any) -> None:
    call = default_registry().quick_first(item)
    assert call is not None and _quick_agrees(item)
    assert _full(call) == _full(toolwire.get_dialect("openai.responses").decode_call(item, DEFAULT_POLICY, "$"))
    assert toolwire.encode(call, "openai.responses") == item


def test_a_plan_whose_first_quick_decoder_declines_asks_the_dialects_after_it() -> None:
    bare = {"name": "f", "arguments": {"a": 1}}  # MCP's params: Chat's quick decoder (first in the plan) declines
    assert toolwire.detect(bare) == "mcp" and _quick_agrees(bare)
    legacy = {"name": "f", "arguments": "{}"}  # Chat's own claim (a legacy function_call): the general path
    assert toolwire.detect(legacy) == "openai.chat" and default_registry().quick(legacy) is None
    assert _full(toolwire.decode(legacy)) == _full(toolwire.decode(legacy, "openai.chat", repair=True))


@pytest.mark.parametrize("ident", ["call_1", "call_" + "a" * 19, "x" * 40])
def test_a_chat_call_with_empty_arguments_takes_the_first_decoder(ident: str) -> None:
    item = {"id": ident, "type": "function", "function": {"name": "f", "arguments": ""}}
    call = default_registry().quick_first(item)
    assert call is not None and _quick_agrees(item)
    assert _full(call) == _full(toolwire.get_dialect("openai.chat").decode_call(item, DEFAULT_POLICY, "$"))
    assert toolwire.encode(call, "openai.chat") == item


@pytest.mark.parametrize(
    ("item", "dialect"),
    [
        ({**CHAT, "id": "null"}, "mistral"),  # detection ahead of Chat claims these
        ({**CHAT, "id": "f_abcdefghijkl"}, "cohere.v2"),
        ({**CHAT, "function": {"name": "f", "arguments": '"{\\"a\\": 1}"'}}, "openai.chat"),  # double-encoded
        ({**CHAT, "function": {"name": "f", "arguments": ""}}, "openai.chat"),
        ({**CHAT, "id": "c" * 41}, "openai.chat"),
        ({**CHAT, "index": 0}, "openai.chat"),
    ],
)
def test_odd_items_and_items_claimed_ahead_of_the_quick_decoder(item: Any, dialect: str) -> None:
    # not Chat's plain shape, or claimed ahead of Chat on evidence: the quick decoder
    # of the dialect detection picks gives its decode_call's answer (behind its claim)
    assert _quick_agrees(item)
    if dialect != "openai.chat":
        assert default_registry().quick_first(item) is None
    assert toolwire.explain(item).dialect == dialect
    assert _full(toolwire.decode(item)) == _full(toolwire.decode(item, dialect))


# --- ``extra["quick_first"]``: tried on every dict before detection

ALL_FIRSTS = [
    (d.name, qf)
    for d in default_registry()
    for qf in ((d.quick_first,) if type(d.quick_first) is QuickFirst else d.quick_first)
]
FIRSTS = [(name, qf) for name, qf in ALL_FIRSTS if not qf.many]
FIRST_LISTS = [(name, qf) for name, qf in ALL_FIRSTS if qf.many]


def _first_agrees(dialect: str, first: Any, item: Any) -> None:
    try:
        call = first.decode(item)
    except Exception:  # declined: the general path decides (and reports the error)
        return
    if call is not None:
        kind = item.get("type")
        assert set(item) == first.keys and (kind if type(kind) is str else None) == first.kind, item
        assert toolwire.detect(item) == dialect, item
        assert _quick_agrees(item)


@pytest.mark.parametrize(("dialect", "first"), FIRSTS)
@given(data=st.data())
def test_quick_first_takes_only_its_shape_and_agrees(dialect: str, first: Any, data: Any) -> None:
    item = data.draw(tool_calls(dialect).map(lambda c: toolwire.encode(c, dialect)))
    shapes = st.dictionaries(st.sampled_from(VOCAB), values, max_size=6)
    for candidate in (item, data.draw(corrupted(st.just(item))), data.draw(shapes)):
        if type(candidate) is dict:
            _first_agrees(dialect, first, candidate)


MESSAGES = ("openai.chat", "mistral", "cohere.v2", "ollama", "bedrock.converse", "anthropic.messages")


@pytest.mark.parametrize(("dialect", "first"), FIRST_LISTS)
@given(data=st.data())
def test_quick_first_of_a_container_takes_only_its_shape_and_agrees(dialect: str, first: Any, data: Any) -> None:
    msg = data.draw(payloads(MESSAGES, kind="message", min_calls=0, max_calls=4))
    shapes = st.dictionaries(st.sampled_from(VOCAB), values, max_size=6)
    for candidate in (msg, data.draw(corrupted(st.just(msg))), data.draw(shapes)):
        if type(candidate) is not dict:
            continue
        try:
            calls = first.decode(candidate)
        except Exception:  # declined: the general path decides
            calls = None
        if calls is not None:
            kind = candidate.get("type")
            assert set(candidate) == first.keys and (kind if type(kind) is str else None) == first.kind
            assert toolwire.explain(candidate).dialect == dialect, candidate
            assert _all(candidate) == _all(candidate, repair=True) == [_full(c) for c in calls]


@pytest.mark.parametrize(
    "msg",
    [
        {"role": "assistant", "content": None, "tool_calls": [CHAT, {**CHAT, "id": "call_2"}]},
        {"role": "assistant", "content": "", "tool_calls": []},
        {"role": "assistant", "content": "I will call f", "tool_calls": [{**CHAT, "function": {"name": "f", "arguments": ""}}]},
        {"role": "assistant", "content": None, "tool_calls": [{**CHAT, "id": "null"}]},  # Mistral's id: Chat's message
    ],
)
def test_a_plain_chat_message_takes_the_container_first_decoder(msg: Any) -> None:
    assert default_registry().quick_first_calls(msg) is not None
    _same_as_general(msg)


@pytest.mark.parametrize(
    "msg",
    [
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t", "name": "f", "input": {}}}], "tool_calls": []},
        {"role": "assistant", "content": None, "tool_calls": [CHAT], "prefix": True},  # Mistral's message
        {"role": "assistant", "content": None, "tool_calls": [CHAT, {**CHAT, "function": {"name": "f", "arguments": "{"}}]},
        {"role": "assistant", "content": None, "tool_calls": [CHAT, "not a call"]},
        {"role": "assistant", "content": None, "tool_calls": None},
        {"role": None, "content": None, "tool_calls": [CHAT]},
        {"role": "assistant", "tool_plan": "0", "tool_calls": [CHAT]},  # Cohere's message (found by hypothesis)
    ],
)
def test_the_container_first_decoder_declines_what_is_not_plain(msg: Any) -> None:
    assert default_registry().quick_first_calls(msg) is None
    _same_as_general(msg)


@given(
    name=st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_]{0,12}", fullmatch=True),
    suffix=st.from_regex(r"[a-z0-9]{12}", fullmatch=True),
    other=st.text(max_size=45),
)
def test_quick_first_refuses_ids_mistral_and_cohere_claim(name: str, suffix: str, other: str) -> None:
    for ident in ("null", f"{name}_{suffix}", other, other + "_" + suffix):
        item = {"id": ident, "type": "function", "function": {"name": name, "arguments": '{"a": 1}'}}
        found = toolwire.detect(item)
        if found != "openai.chat":
            assert default_registry().quick_first(item) is None, item
        _quick_agrees(item)
        assert _full(toolwire.decode(item)) == _full(toolwire.decode(item, found))


def _outcome(fn: Any, *a: Any, **kw: Any) -> Any:
    try:
        return _full(fn(*a, **kw))
    except toolwire.ToolwireError as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize(
    "item",
    [
        {"name": "f", "args": {"a": 1}},
        {"name": "f", "args": {"a": 1}, "id": "c1"},
        {"name": "f", "args": {"a": 1}, "id": ""},  # no id
        {"name": "f", "args": {"a": 1}, "id": None},
        {"name": "f", "args": {"a": 1}, "id": 5},  # an int id: the general path makes it text
        {"name": "f", "args": '{"a": 1}', "id": "c1"},  # text arguments: raw kept
        {"name": "f", "args": {"a": {1, 2}}},  # not JSON
        {"name": "f", "args": {1: 2}},  # a key that is not text
        {"name": "f", "args": {"a": float("nan")}},
        {"name": "", "args": {}},
        {"name": None, "args": {}},
        {"name": "f", "args": None},
        {"name": "f", "args": {"a": [[[[[[1]]]]]]}, "id": "c"},
    ],
)
def test_canonical_quick_first_agrees_with_the_general_path(item: Any) -> None:
    assert _outcome(toolwire.decode, item) == _outcome(toolwire.decode, item, "canonical", repair=True)
    assert _all([item, item]) == _all([item, item], repair=True)
    assert _outcome(toolwire.decode, item, max_depth=3) == _outcome(toolwire.decode, item, "canonical", max_depth=3)


def test_quick_first_is_switched_off_behind_a_dialect_it_does_not_cover() -> None:
    chat = default_registry().get("openai.chat")
    claims_x = dataclasses.replace(
        chat, name="claims-x", aliases=(), keys=None, gate=None,
        sniff=lambda d: (CALL, "id 'x'") if type(d) is dict and d.get("id") == "x" else None,
        quick=None, quick_first=(), quick_sdk_calls={},
    )
    reg = default_registry().copy()
    reg.register(claims_x, first=True)
    item = {**CHAT, "id": "x"}
    assert reg._firsts == {} and default_registry()._firsts != {}
    assert toolwire.explain(item, registry=reg).dialect == "claims-x"
    assert reg.quick(item) is None  # the general path decides: claims-x, ahead of Chat
    assert reg.quick(CHAT) is not None  # not claimed ahead: Chat's quick decoder still serves it


def test_quick_first_decoders_of_one_size_are_tried_in_turn() -> None:
    chat = default_registry().get("openai.chat")
    seen = []

    def acme_first(d: Any) -> Any:
        seen.append(d)
        if set(d) != {"a", "b", "c"}:
            return None
        return toolwire.ToolCall(name=d["a"], args=d["b"], id=d["c"])

    acme = dataclasses.replace(
        chat, name="acme", aliases=(), keys=frozenset({"a"}), gate=None,
        sniff=lambda d: (CALL, "a/b/c") if type(d) is dict and set(d) == {"a", "b", "c"} else None,
        decode_call=lambda d, policy, loc: acme_first(d),
        quick_first=QuickFirst(acme_first, frozenset("abc"), None, frozenset()),
    )

    def boom(d: Any) -> Any:
        raise RuntimeError("a broken third-party decoder")

    broken = dataclasses.replace(
        acme, name="broken", keys=frozenset({"x"}), sniff=lambda d: None,
        quick_first=QuickFirst(boom, frozenset("xyz"), None, frozenset()),
    )
    reg = default_registry().copy()
    reg.register(broken)
    reg.register(acme)
    assert set(reg._firsts) == set(default_registry()._firsts)  # broken's and acme's join slot 3 (Chat's)
    item = {"a": "f", "b": {"x": 1}, "c": "i"}
    assert reg.quick(item) == toolwire.ToolCall(name="f", args={"x": 1}, id="i") and seen == [item]
    assert _full(reg.quick(CHAT)) == _full(toolwire.decode(CHAT))  # Chat's first still serves Chat
    # ``decode`` runs the same loop inline: broken declines, acme answers, Chat still first
    assert toolwire.decode(item, registry=reg) == toolwire.ToolCall(name="f", args={"x": 1}, id="i")
    assert _full(toolwire.decode(CHAT, registry=reg)) == _full(toolwire.decode(CHAT, "openai.chat"))


def _all(x: Any, **policy: Any) -> Any:
    try:
        return [_full(c) for c in toolwire.decode_all(x, **policy)]
    except toolwire.ToolwireError as exc:
        return type(exc), str(exc)


def _same_as_general(x: Any) -> None:
    # any policy keyword (here the default value) sends decode_all down the general path
    assert _all(x) == _all(x, repair=True)


@pytest.mark.parametrize("path", files())
def test_decode_all_quick_collection_agrees_on_the_corpus(path: Any) -> None:
    _same_as_general(load(path).get("payload"))


@given(payloads())
def test_decode_all_quick_collection_agrees_on_generated_payloads(payload: Any) -> None:
    _same_as_general(payload)


@given(corrupted(payloads(kind=("message", "response", "items"))))
def test_decode_all_quick_collection_agrees_on_corrupted_payloads(payload: Any) -> None:
    _same_as_general(payload)


@pytest.mark.parametrize(
    "payload",
    [
        {"role": "tool", "tool_call_id": "call_1", "content": "sunny"},  # a result, not calls: an error
        {"type": "function", "function": {"name": "f", "parameters": {}}},  # a tool definition: an error
        [CHAT, {"role": "tool", "tool_call_id": "call_1", "content": "x"}],  # inside a list: passed over
        {"role": "assistant", "content": "hi"},  # no calls
        [CHAT, {**CHAT, "id": "null"}],  # the second is Mistral's: the general path decides
        {"role": "assistant", "tool_calls": [CHAT, {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}]},
    ],
)
def test_decode_all_quick_collection_agrees_on_edge_containers(payload: Any) -> None:
    _same_as_general(payload)
    assert _all(payload) == _all(payload, dialect=None, max_depth=200)
