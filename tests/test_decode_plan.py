"""The decode plan: detection precedence, the ``keys`` gates that let it skip
dialects, and ``decode`` held to its definition.

A dialect's declared ``keys`` must be a necessary condition of its claim: detection
with the gates must name the same dialect as asking every dialect in order. The plan
(its cached claims per shape, the one-step decoders of the default registry) must
give what asking every dialect in order and then ``decode_call`` gives
(``plan_check``), on the corpus and on generated and corrupted payloads, under any
policy; a dialect registered first wins its shapes.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any, Dict, Iterator, List

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire
from corpus_data import files, load
from plan_check import agrees, full, outcome
from toolwire._builtin import default_registry
from toolwire._dialect import CALL
from toolwire._registry import Registry
from toolwire.dialects import ONE_STEP
from toolwire.dialects.openai.chat_plain import PLAIN_AHEAD, PLAIN_SHAPE
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


# --- the decode plan gives what asking every dialect in order gives (``plan_check``)

ALL = [d.name for d in default_registry() if not d.name.startswith("text.")]
CHAT = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}


@pytest.mark.parametrize("path", files())
def test_the_plan_agrees_on_the_corpus(path: Any) -> None:
    doc = load(path)
    for d in _all_dicts(doc.get("payload")):
        agrees(d)


@given(st.dictionaries(st.sampled_from(VOCAB), values, max_size=6))
def test_the_plan_agrees_on_generated_shapes(data: Any) -> None:
    agrees(data)


@pytest.mark.parametrize("dialect", ALL)
@given(data=st.data())
def test_the_plan_agrees_on_encoded_and_corrupted_calls(dialect: str, data: Any) -> None:
    call = data.draw(tool_calls(dialect))
    item = toolwire.encode(call, dialect)
    if call.id is not None and toolwire.explain(item).dialect == dialect:
        assert agrees(item)
    assert agrees(item, dialect)
    bad = data.draw(corrupted(st.just(item)))
    agrees(bad)
    agrees(bad, dialect)


# each one-step decoder's shape (``dialects.ONE_STEP``, Chat's plain item), with the
# name of its dialect (or of a dialect the plan asks on that shape)
ONE_STEP_SHAPES = [(name, shape) for name, shape, _ in ONE_STEP] + [(name, PLAIN_SHAPE) for name in PLAIN_AHEAD]


def _near_valid(name: str) -> Dict[str, List[Any]]:
    """Values of each field the one-step shapes hold, for a call named *name*: the ids
    each dialect claims (Mistral's ``"null"`` and 9 alphanumerics, Cohere's ``<name>_``
    and 12), ids over Chat's, Responses' and Bedrock's limits or with a space, empty,
    cut-off and object arguments, an ``index`` or none."""
    ids = ["null", "Ab3dE6gH9", f"{name}_abcdefghijkl", "call_1", "", "x" * 65, "toolu 1"]
    args: List[Any] = ['{"a": 1}', "", {"a": 1}, None, '{"a":']
    return {
        "id": ids, "call_id": ids, "name": [name], "arguments": args, "args": args, "input": args,
        "status": ["completed", "incomplete"], "jsonrpc": ["2.0"], "method": ["tools/call"],
        "function": [{"name": name, "arguments": a, **more} for a in args for more in ({}, {"index": 0})],
        "functionCall": [{"name": name, "args": a} for a in args],
        "toolUse": [{"toolUseId": i, "name": name, "input": a} for i in ids for a in args],
        "params": [{"name": name, "arguments": a} for a in args],
    }


@pytest.mark.parametrize(("dialect", "shape"), ONE_STEP_SHAPES)
def test_the_one_step_decoders_agree_on_near_valid_items(dialect: str, shape: Any) -> None:
    """Every dict of a one-step decoder's shape built from near-valid values (all of
    their combinations) decodes to the reference answer, detected or named: the
    guards that leave an item to a dialect asked earlier are all exercised."""
    keys, kind = shape[:-1], shape[-1]
    for name in ("get_weather", "f"):
        fields = _near_valid(name)
        for combo in itertools.product(*(fields[k] if k != "type" or kind is None else [kind] for k in keys)):
            item = dict(zip(keys, combo))
            agrees(item)
            agrees(item, dialect)


@pytest.mark.parametrize(("dialect", "shape"), ONE_STEP_SHAPES)
@given(data=st.data())
def test_the_one_step_decoders_agree_on_any_values(dialect: str, shape: Any, data: Any) -> None:
    """Dicts of a one-step decoder's shape with any values (lists, numbers, nested
    objects where a field belongs) decode to the reference answer, detected or named."""
    keys, kind = shape[:-1], shape[-1]
    item = data.draw(st.fixed_dictionaries({k: st.just(kind) if k == "type" and kind is not None else values
                                            for k in keys}))
    agrees(item)
    agrees(item, dialect)


@given(data=st.data())
def test_the_plan_agrees_under_policy_keywords(data: Any) -> None:
    dialect = data.draw(st.sampled_from(ALL))
    item = data.draw(corrupted(st.just(toolwire.encode(data.draw(tool_calls(dialect)), dialect))))
    policy = data.draw(st.fixed_dictionaries({}, optional={
        "repair": st.booleans(), "allow_truncated": st.booleans(), "max_depth": st.integers(1, 5),
        "max_bytes": st.integers(0, 40), "finish_reason": st.sampled_from(["stop", "length", "max_tokens"]),
    }))
    agrees(item, **policy)
    agrees(item, dialect, **policy)


@pytest.mark.parametrize(
    "item",
    [
        CHAT,
        {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "{}", "status": "completed"},
        {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "", "status": "completed"},
        {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": ""},
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}},
        {"id": "call_" + "a" * 35, "type": "function", "function": {"name": "f", "arguments": ""}},
    ],
)
def test_plain_items_decode_and_encode_back(item: Any) -> None:
    assert agrees(item)
    call = toolwire.decode(item)
    expected = item  # exactly, except empty argument text, written "{}" (#15)
    if item.get("arguments") == "":
        expected = dict(item, arguments="{}")
    elif type(item.get("function")) is dict and item["function"].get("arguments") == "":
        expected = dict(item, function=dict(item["function"], arguments="{}"))
    assert toolwire.encode(call, toolwire.detect(item)) == expected


def test_the_dialects_after_the_first_candidate_are_asked_in_turn() -> None:
    bare = {"name": "f", "arguments": {"a": 1}}  # MCP's params: Chat (a candidate first) declines
    assert toolwire.detect(bare) == "mcp" and agrees(bare)
    legacy = {"name": "f", "arguments": "{}"}  # Chat's own claim (a legacy function_call)
    assert toolwire.detect(legacy) == "openai.chat" and agrees(legacy)


@pytest.mark.parametrize(
    ("item", "dialect"),
    [
        ({**CHAT, "id": "null"}, "mistral"),  # detection ahead of Chat claims these
        ({**CHAT, "id": "f_abcdefghijkl"}, "cohere.v2"),
        ({**CHAT, "function": {"name": "f", "arguments": '"{\\"a\\": 1}"'}}, "openai.chat"),  # double-encoded
        ({**CHAT, "function": {"name": "f", "arguments": ""}}, "openai.chat"),
        ({**CHAT, "id": "c" * 41}, "openai.chat"),
        ({**CHAT, "index": 0}, "openai.chat"),
        ({**CHAT, "id": "KikbB849t", "index": 0}, "mistral"),
        ({"function": {"index": 0, "name": "f", "arguments": {}}}, "ollama"),
    ],
)
def test_detection_precedence_of_chat_shaped_items(item: Any, dialect: str) -> None:
    assert agrees(item)
    assert toolwire.explain(item).dialect == dialect
    assert full(toolwire.decode(item)) == full(toolwire.decode(item, dialect))


@given(
    name=st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_]{0,12}", fullmatch=True),
    suffix=st.from_regex(r"[a-z0-9]{12}", fullmatch=True),
    other=st.text(max_size=45),
)
def test_ids_mistral_and_cohere_claim_go_to_them(name: str, suffix: str, other: str) -> None:
    for ident in ("null", f"{name}_{suffix}", other, other + "_" + suffix):
        item = {"id": ident, "type": "function", "function": {"name": name, "arguments": '{"a": 1}'}}
        found = toolwire.detect(item)
        agrees(item)
        assert full(toolwire.decode(item)) == full(toolwire.decode(item, found))


@given(
    name=st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_]{0,12}", fullmatch=True),
    suffix=st.from_regex(r"[a-z0-9]{12}", fullmatch=True),
    other=st.one_of(st.text(max_size=45), st.integers(), st.none()),
    index=st.one_of(st.integers(0, 3), st.none()),
)
def test_ollama_calls_with_ids_mistral_and_cohere_claim_go_to_them(name: str, suffix: str, other: Any, index: Any) -> None:
    """Ollama's one-step decoder (shapes ``id`` + ``function`` and ``function`` alone) leaves
    the ids the dialects asked before it take to them, and agrees with the plan."""
    for ident in ("null", f"{name}_{suffix}", other, "", None):
        fn = {"name": name, "arguments": {"a": 1}, "index": index}
        for item in ({"id": ident, "function": fn}, {"function": fn}):
            agrees(item)
            found = toolwire.detect(item)
            assert outcome(toolwire.decode, item) == outcome(toolwire.decode, item, found)


@pytest.mark.parametrize(
    "item",
    [
        {"name": "f", "args": {"a": 1}},
        {"name": "f", "args": {"a": 1}, "id": "c1"},
        {"name": "f", "args": {"a": 1}, "id": ""},  # no id
        {"name": "f", "args": {"a": 1}, "id": None},
        {"name": "f", "args": {"a": 1}, "id": 5},  # an int id: refused
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
def test_canonical_calls_agree(item: Any) -> None:
    agrees(item)
    agrees(item, "canonical")
    agrees(item, max_depth=3)
    assert _all([item, item]) == _all([item, item], repair=True)


def test_a_dialect_registered_first_wins_its_shapes() -> None:
    chat = default_registry().get("openai.chat")
    claims_x = dataclasses.replace(
        chat, name="claims-x", aliases=(), keys=None, gate=None, detect=None,
        sniff=lambda d: (CALL, "id 'x'") if type(d) is dict and d.get("id") == "x" else None,
        decode_call=lambda d, policy, loc: toolwire.ToolCall(name="from-x", args={}, id="x"),
    )
    reg = default_registry().copy()
    assert toolwire.decode({**CHAT, "id": "x"}, registry=reg).name == "f"  # the plan for this shape, cached
    reg.register(claims_x, first=True)  # ...and dropped: the shape's plan now starts with claims-x
    item = {**CHAT, "id": "x"}
    assert toolwire.explain(item, registry=reg).dialect == "claims-x"
    assert toolwire.decode(item, registry=reg).name == "from-x" and agrees(item, registry=reg)
    assert full(toolwire.decode(CHAT, registry=reg)) == full(toolwire.decode(CHAT))  # not claimed: Chat's
    assert agrees(CHAT, registry=reg)


def test_third_party_claims_are_asked_in_order_and_one_that_raises_declines() -> None:
    chat = default_registry().get("openai.chat")
    seen = []

    def acme(d: Any) -> Any:
        seen.append(d)
        return toolwire.ToolCall(name=d["a"], args=d["b"], id=d["c"])

    acme_dialect = dataclasses.replace(
        chat, name="acme", aliases=(), keys=frozenset({"a"}), gate=None, detect=None,
        sniff=lambda d: (CALL, "a/b/c") if type(d) is dict and set(d) == {"a", "b", "c"} else None,
        decode_call=lambda d, policy, loc: acme(d),
    )

    def boom(d: Any) -> Any:
        raise RuntimeError("a broken third-party claim")

    broken = dataclasses.replace(acme_dialect, name="broken", keys=None, sniff=boom)
    reg = default_registry().copy()
    reg.register(broken, first=True)
    reg.register(acme_dialect)
    item = {"a": "f", "b": {"x": 1}, "c": "i"}
    assert toolwire.decode(item, registry=reg) == toolwire.ToolCall(name="f", args={"x": 1}, id="i") and seen == [item]
    assert agrees(item, registry=reg)
    # broken declines everything: every built-in shape still decodes as before
    assert full(toolwire.decode(CHAT, registry=reg)) == full(toolwire.decode(CHAT, "openai.chat"))
    assert agrees(CHAT, registry=reg)


def test_the_plan_is_bounded() -> None:
    reg = default_registry().copy()
    for i in range(5000):
        with pytest.raises(toolwire.DecodeError):
            toolwire.decode({f"k{i}": 1}, registry=reg)
    assert len(reg._plans) <= 2048


def _all(x: Any, **policy: Any) -> Any:
    try:
        return [full(c) for c in toolwire.decode_all(x, **policy)]
    except toolwire.ToolwireError as exc:
        return type(exc), str(exc)


def _same_as_general(x: Any) -> None:
    # any policy keyword (here the default value) sends decode_all down the general path
    assert _all(x) == _all(x, repair=True)


@pytest.mark.parametrize(
    "msg",
    [
        {"role": "assistant", "content": None, "tool_calls": [CHAT, {**CHAT, "id": "call_2"}]},
        {"role": "assistant", "content": "", "tool_calls": []},
        {"role": "assistant", "content": "I will call f", "tool_calls": [{**CHAT, "function": {"name": "f", "arguments": ""}}]},
        {"role": "assistant", "content": None, "tool_calls": [{**CHAT, "id": "null"}]},  # Mistral's id: Chat's message
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t", "name": "f", "input": {}}}], "tool_calls": []},
        {"role": "assistant", "content": None, "tool_calls": [CHAT], "prefix": True},  # Mistral's message
        {"role": "assistant", "content": None, "tool_calls": [CHAT, {**CHAT, "function": {"name": "f", "arguments": "{"}}]},
        {"role": "assistant", "content": None, "tool_calls": [CHAT, "not a call"]},
        {"role": "assistant", "content": None, "tool_calls": None},
        {"role": None, "content": None, "tool_calls": [CHAT]},
        {"role": "assistant", "tool_plan": "0", "tool_calls": [CHAT]},  # Cohere's message (found by hypothesis)
    ],
)
def test_chat_like_messages_decode_alike_under_policy_keywords(msg: Any) -> None:
    _same_as_general(msg)
    calls = _all(msg)
    if type(calls) is list and type(msg.get("content")) is not list:  # each call: its item, decoded by the message's dialect
        d = toolwire.detect(msg)
        assert calls == [full(toolwire.decode(tc, d)) for tc in msg.get("tool_calls") or ()]


@pytest.mark.parametrize("path", files())
def test_decode_all_agrees_under_policy_keywords_on_the_corpus(path: Any) -> None:
    _same_as_general(load(path).get("payload"))


@given(payloads())
def test_decode_all_agrees_under_policy_keywords_on_generated_payloads(payload: Any) -> None:
    _same_as_general(payload)


@given(corrupted(payloads(kind=("message", "response", "items"))))
def test_decode_all_agrees_under_policy_keywords_on_corrupted_payloads(payload: Any) -> None:
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
def test_decode_all_agrees_under_policy_keywords_on_edge_containers(payload: Any) -> None:
    _same_as_general(payload)
    assert _all(payload) == _all(payload, dialect=None, max_depth=200)



# a plain item of each one-step shape (``ONE_STEP``, Chat's ``PLAIN_SHAPE``), the object
# holding its arguments and their key
_ONE_STEP_ITEMS = [
    ({"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}, None, "input"),
    ({"id": "toolu_1", "input": {"a": 1}, "name": "f", "type": "tool_use"}, None, "input"),
    ({"toolUse": {"toolUseId": "tooluse_1", "name": "f", "input": {"a": 1}}}, "toolUse", "input"),
    ({"functionCall": {"name": "f", "args": {"a": 1}}}, "functionCall", "args"),
    ({"jsonrpc": "2.0", "id": "1", "method": "tools/call", "params": {"name": "f", "arguments": {"a": 1}}},
     "params", "arguments"),
    ({"id": "call_1", "function": {"index": 0, "name": "f", "arguments": {"a": 1}}}, "function", "arguments"),
    ({"function": {"index": 0, "name": "f", "arguments": {"a": 1}}}, "function", "arguments"),
    ({"name": "f", "args": {"a": 1}, "id": "call_1"}, None, "args"),
    ({"name": "f", "args": {"a": 1}}, None, "args"),
    ({"type": "function_call", "call_id": "call_1", "name": "f", "arguments": '{"a": 1}'}, None, "arguments"),
    ({"id": "fc_1", "type": "function_call", "status": "completed", "arguments": '{"a": 1}', "call_id": "call_1",
      "name": "f"}, None, "arguments"),
    ({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}, "function", "arguments"),
]


@pytest.mark.parametrize(("item", "at", "own"), _ONE_STEP_ITEMS)
def test_the_plan_agrees_on_arguments_under_another_key(item: Dict[str, Any], at: Any, own: str) -> None:
    """A one-step shape's call with its arguments moved to another dialect's key
    (``Dialect.argument_keys``), its own field gone or empty, takes another plan, which
    gives the general path's answer: the refusal at that key (``misplaced``), never
    ``{}``; or the call, read by the dialect whose key it is."""
    from toolwire._args import argument_keys

    assert agrees(item)  # the plain item: a call, by the one-step decoder
    for key, empty in [(k, e) for k in argument_keys() if k != own for e in ("drop", {}, "", "{}")]:
        moved = {k: dict(v) if type(v) is dict else v for k, v in item.items()}
        holder = moved if at is None else moved[at]
        holder[key] = holder.pop(own)
        if empty != "drop":
            holder[own] = empty
        agrees(moved)
        try:
            call = toolwire.decode(moved)
        except toolwire.ArgumentsError as exc:
            assert exc.loc == ("$" if at is None else f"$.{at}") + f".{key}"
        except toolwire.DecodeError as exc:  # a shape no dialect claims (``{"name", "input"}``...)
            assert "matches no known dialect" in exc.message or "tool definition" in exc.message, exc.message
        else:  # the form of the dialect whose key it is (MCP's bare ``{"name", "arguments"}``)
            assert call.args == {"a": 1}, moved
