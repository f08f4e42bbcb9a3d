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
from toolwire._registry import Registry, default_registry

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
