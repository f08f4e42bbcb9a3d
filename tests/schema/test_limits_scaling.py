"""``check_limits`` spelled the ``$.path`` of every ``enum`` and ``const`` it counted,
walking the schema from its root each time, to have it ready for an error that almost
never comes: n such nodes nested in one another took n²/2 steps (a caller's schema being
hostile input). The path is spelled when an error needs it. Counted, not timed."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Tuple

import pytest

from toolwire import SchemaError
from toolwire.schema import _limits, check_limits


def _nested(n: int, key: str) -> Dict[str, Any]:
    s: Dict[str, Any] = {"type": "string"}
    for i in range(n):
        s = {"type": "object", "properties": {"p": s}, key: [{"x": i}] if key == "enum" else {"x": i}}
    return s


def _work(monkeypatch: Any, schema: Any) -> int:
    steps: List[int] = []
    real_nodes, real_path = _limits._nodes, _limits.path_of

    def nodes(node: Any, at: Any) -> Iterator[Tuple[Any, Any]]:
        for item in real_nodes(node, at):
            steps.append(1)
            yield item

    def path(pointer: str, *doc: Any) -> str:
        steps.append(pointer.count("/"))  # a step per token walked
        return real_path(pointer, *doc)

    monkeypatch.setattr(_limits, "_nodes", nodes)
    monkeypatch.setattr(_limits, "path_of", path)
    assert check_limits(schema, "openai.chat", limits={"max_depth": None}) == []
    return sum(steps)


@pytest.mark.parametrize("key", ["enum", "const"])
def test_nested_enums_and_consts_are_counted_in_linear_work(monkeypatch: Any, key: str) -> None:
    small, big = _work(monkeypatch, _nested(100, key)), _work(monkeypatch, _nested(400, key))
    assert big <= 4.5 * small  # was 16x: a path per node


@pytest.mark.parametrize("key", ["enum", "const"])
def test_a_value_that_is_no_json_still_names_its_path(key: str) -> None:
    schema = {"type": "object", "properties": {"a": {key: [{1: "x"}] if key == "enum" else {1: "x"}}}}
    with pytest.raises(SchemaError) as caught:
        check_limits(schema, "openai.chat")
    assert caught.value.loc == f"$.properties.a.{key}"
    assert str(caught.value) == f"Schema has a non-string key 1 at $.properties.a.{key}"
