"""A schema whose ``default`` is nested deep (under the 256-level cap) read from a deep
caller stack: the schema copy is iterative, so ``render`` and ``validate`` need no
stack for its depth (ENV-8: a RecursionError once the caller was ~490 frames deep)."""

from __future__ import annotations

import sys
from typing import Any, Callable, Dict

import pytest

from toolwire import DecodeError, schema
from toolwire.schema._util import copy_json


def deep_default(depth: int) -> Dict[str, Any]:
    v: Any = []
    for _ in range(depth):
        v = [v]
    return {"type": "object", "properties": {"a": {"type": "array"}}, "default": {"a": v}}


def from_deep_stack(frames: int, fn: Callable[[], Any]) -> Any:
    return from_deep_stack(frames - 1, fn) if frames > 0 else fn()


@pytest.fixture
def recursion_limit() -> Any:
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)  # the interpreter's default; pytest's own frames sit below
    yield
    sys.setrecursionlimit(old)


@pytest.mark.parametrize("work", [
    lambda s: schema.render(s, "openai.chat", name="x", on_error="report"),
    lambda s: schema.validate({}, s),
    lambda s: copy_json(s),
], ids=["render", "validate", "copy_json"])
def test_a_deep_default_from_a_deep_stack(work: Callable[[Any], Any], recursion_limit: None) -> None:
    work(deep_default(1))  # the modules it imports on first use: imported here
    s = deep_default(250)
    here = len(__import__("inspect").stack(0))
    from_deep_stack(900 - here, lambda: work(s))  # ~100 frames left for the work


def test_the_copy_keeps_order_and_errors() -> None:
    value = {"b": [1, {"c": 2.5, "a": None}], "a": (True, "x")}
    copied = copy_json(value)
    assert copied == {"b": [1, {"c": 2.5, "a": None}], "a": [True, "x"]}
    assert list(copied) == ["b", "a"] and list(copied["b"][1]) == ["c", "a"]
    assert copied["b"] is not value["b"]
    with pytest.raises(DecodeError, match=r"Schema has a non-string key 1 at \$\.b\[1\]"):
        copy_json({"b": [0, {1: 2}], "z": {2: 3}})
    with pytest.raises(DecodeError, match=r"Schema holds a non-finite number at \$\.a\[0\]\.x"):
        copy_json({"a": [{"x": float("nan")}], "b": {3: 1}})  # the first in document order
    with pytest.raises(DecodeError, match=r"Schema holds a value that is not JSON at \$\.a: \{1\}"):
        copy_json({"a": {1}})
    with pytest.raises(DecodeError, match=r"Schema is nested deeper than 256 levels at \$\[0\]") as info:
        copy_json(deep_default(300)["default"]["a"])
    assert info.value.loc == "$" + "[0]" * 257
