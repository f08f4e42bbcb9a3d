"""Every built-in sniffer is total on plain data: it answers ``None`` or ``(kind,
reason)`` and raises nothing. The registry swallows a sniffer's exception (a
third-party sniffer must not break detection), so a built-in one that raises on an odd
value (an unhashable ``type``, a list where a dict was) silently hands the payload to
the next dialect: a wrong reading no other test would see."""

from __future__ import annotations

import copy
from typing import Any, List, Optional, Tuple

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from toolwire import strategies as tws

_DIALECTS = list(toolwire.default_registry())
_PAYLOADS = tws.payloads(kind=["item", "items", "message", "response", "tool", "result"])

# Plain JSON values of every type, unhashable ones first: a sniffer that does
# ``data["type"] in KINDS`` or ``KINDS.get(data["role"])`` meets them.
_ODD: List[Any] = [[], {}, ["tool_use"], {"type": "function"}, None, True, 0, 1.5, "", "x", -1]


def _slots(value: Any) -> List[Tuple[Any, Any]]:
    """Every (container, key) of *value*, breadth first (linear)."""
    out: List[Tuple[Any, Any]] = []
    todo = [value]
    while todo:
        v = todo.pop()
        items = v.items() if type(v) is dict else enumerate(v) if type(v) is list else ()
        for k, child in items:
            out.append((v, k))
            todo.append(child)
    return out


@st.composite
def _odd_payloads(draw: Any) -> Any:
    """A payload of any dialect with one to three of its values replaced by values of
    other JSON types (keys kept: sniffers read by key)."""
    value = copy.deepcopy(draw(_PAYLOADS))
    for _ in range(draw(st.integers(1, 3))):
        slots = _slots(value)
        if not slots:
            break
        c, k = draw(st.sampled_from(slots))
        c[k] = copy.deepcopy(draw(st.sampled_from(_ODD)))
    return value


def _check(d: toolwire.Dialect, value: Any) -> None:
    for claim in (d.sniff, d.detect):
        if claim is None:
            continue
        hit: Optional[Tuple[str, str]] = claim(value)  # raises: the test fails
        assert hit is None or (type(hit) is tuple and len(hit) == 2 and all(type(x) is str for x in hit)), (d.name, hit)


@pytest.mark.parametrize("d", _DIALECTS, ids=lambda d: d.name)
@given(value=_odd_payloads())
@example(value={"type": ["function"], "function": {"name": "f", "arguments": "{}"}})
@example(value={"type": {"a": 1}, "name": "f", "input": {}, "id": "toolu_1"})
@example(value={"role": ["assistant"], "content": [{"type": "tool_use", "id": "t", "name": "f", "input": {}}]})
@example(value={"role": "assistant", "content": [[], {"type": []}]})
@example(value={"functionCall": [], "role": {}})
@example(value=[{"type": []}, {"role": {}}])
def test_sniffers_raise_nothing_on_odd_values(d: toolwire.Dialect, value: Any) -> None:
    _check(d, value)


@pytest.mark.parametrize("d", _DIALECTS, ids=lambda d: d.name)
@given(value=tws.corrupted(_PAYLOADS, kinds=["wrong-types", "empty", "wrong-dialect", "extra-fields"]))
def test_sniffers_raise_nothing_on_corrupted_payloads(d: toolwire.Dialect, value: Any) -> None:
    _check(d, value)
