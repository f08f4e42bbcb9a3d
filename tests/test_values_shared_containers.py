"""Arguments (or result parts, or provider data) built in Python may hold one dict in
several places: ``d1 = {"a": d0, "b": d0}``, ``d2 = {"a": d1, "b": d1}``... k + 1 dicts
that mean a tree of 2^k. The constructors' check walked every place (2^k steps, x4 per
two more levels) and so did hashing, where decoders check each object once. Each now
checks (and hashes) a container met again once per construction (or hash): linear in
the objects given. Work is counted, not timed: the checks of the strings under the
shared dict, and the sorts of the hash's object walk.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List

import pytest

import toolwire._json_equality as equality
import toolwire._json_values as checks
from toolwire import DecodeError, ToolCall, ToolResult


def shared(levels: int, leaf: Any = "x\u00e9") -> Dict[str, Any]:
    d: Dict[str, Any] = {"s": leaf}
    for _ in range(levels):
        d = {"a": d, "b": [d, d]}
    return d


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, real: Callable[..., Any]) -> List[int]:
    seen = [0]

    def counted(*args: Any, **kw: Any) -> Any:
        seen[0] += 1
        return real(*args, **kw)

    monkeypatch.setattr(module, name, counted, raising=False)
    return seen


def test_the_constructor_checks_a_shared_dict_once(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _counting(monkeypatch, checks, "lone_surrogate_in", checks.lone_surrogate_in)
    counts = []
    for levels in (4, 8, 12):
        seen[0] = 0
        ToolCall("f", shared(levels), "c")
        counts.append(seen[0])
    # two keys per level and the leaf's key and value: 3^12 places, 2 * 12 + 2 checks
    assert counts[2] <= 4 * counts[0], counts


def test_result_parts_and_provider_data_too(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _counting(monkeypatch, checks, "lone_surrogate_in", checks.lone_surrogate_in)
    ToolResult("c", content=[{"type": "json", "json": shared(12)}])
    ToolCall("f", provider_data={"gemini": shared(12)})
    assert seen[0] < 500


def test_a_shared_dict_is_still_checked_and_a_cycle_refused() -> None:
    with pytest.raises(DecodeError) as info:
        ToolCall("f", shared(3, leaf=float("nan")))
    assert info.value.loc == "$.args.b[1].b[1].b[1].s"  # the first place the walk meets
    loop: Dict[str, Any] = {"s": 1}
    loop["b"] = [{"c": loop}]
    with pytest.raises(DecodeError, match="holds itself"):
        ToolCall("f", {"x": shared(2), "y": loop})


def test_hashing_a_shared_dict_is_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _counting(monkeypatch, equality, "sorted", sorted)
    counts = []
    for levels in (4, 8, 12):
        call = ToolCall("f", shared(levels), "c")
        seen[0] = 0
        hash(call)
        hash(ToolResult("c", content=[{"type": "json", "json": shared(levels)}]))
        counts.append(seen[0])
    assert counts[2] <= 4 * counts[0], counts


def test_equal_values_still_hash_alike() -> None:
    a = ToolCall("f", {"x": shared(3), "n": 1, "l": [1, 2]}, "c")
    b = ToolCall("f", {"l": [1.0, 2], "n": 1.0, "x": shared(3)}, "c")
    assert a == b and hash(a) == hash(b)
    assert hash(ToolCall("f", {"n": True})) != hash(ToolCall("f", {"n": 1})) or \
        ToolCall("f", {"n": True}) != ToolCall("f", {"n": 1})
    assert len({ToolCall("f", {"a": {"b": [1, {"c": True}]}}), ToolCall("f", {"a": {"b": [1, {"c": 1}]}})}) == 2
