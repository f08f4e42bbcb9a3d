"""``check_limits`` spelled a JSON Pointer for every node it walked (``/properties/p``
once per level, each longer than its parent's): n nested objects took n²/2 pointer
characters to count, a caller's schema being hostile input. The walk keeps a chain of
parent tokens and spells a pointer only for the error or lint that names it.
Counted, not timed: the characters of every pointer spelled."""

from __future__ import annotations

import contextlib
from typing import Any, Dict, Iterator, List, Tuple

import pytest

from toolwire import SchemaError
from toolwire.schema import _limits, check_limits


def _deep(n: int, bottom: Any) -> Dict[str, Any]:
    s: Dict[str, Any] = bottom
    for _ in range(n):
        s = {"type": "object", "properties": {"p": s}, "required": ["p"], "additionalProperties": False}
    return s


def _spelled(monkeypatch: Any, schema: Any) -> int:
    """The pointer characters spelled while ``check_limits`` runs on *schema*."""
    chars: List[int] = []
    real_iter = getattr(_limits, "iter_subschemas", None)
    real_pointer = getattr(_limits, "pointer_of", None)

    def nodes(node: Any, ptr: str = "") -> Iterator[Tuple[str, Any]]:
        assert real_iter is not None
        for item in real_iter(node, ptr):
            chars.append(len(item[0]))
            yield item

    def pointer(at: Any) -> str:
        assert real_pointer is not None
        out: str = real_pointer(at)
        chars.append(len(out))
        return out

    if real_iter is not None:  # the walk before: a pointer per node
        monkeypatch.setattr(_limits, "iter_subschemas", nodes)
    if real_pointer is not None:
        monkeypatch.setattr(_limits, "pointer_of", pointer)
    with contextlib.suppress(SchemaError):
        check_limits(schema, "openai.chat", limits={"max_depth": None})
    return sum(chars)


def test_a_deep_schema_is_walked_without_a_pointer_per_node(monkeypatch: Any) -> None:
    small = _spelled(monkeypatch, _deep(100, {"type": "string"}))
    big = _spelled(monkeypatch, _deep(400, {"type": "string"}))
    assert big <= 4.5 * max(small, 1)  # was 16x: n²/2 characters


def test_a_deep_error_spells_one_pointer(monkeypatch: Any) -> None:
    small = _spelled(monkeypatch, _deep(100, {"not": 5}))
    big = _spelled(monkeypatch, _deep(400, {"not": 5}))
    assert 0 < big <= 4.5 * small


_AT = "$.properties.p"


@pytest.mark.parametrize(("bottom", "message", "loc"), [
    ({"not": 5}, f"Schema must be a JSON object or a boolean, got 5 at {_AT}.not", f"{_AT}.not"),
    ({"anyOf": 5}, f"'anyOf' must be an array at {_AT}.anyOf, got 5", f"{_AT}.anyOf"),
    ({"properties": {"a/b~c": {"const": {1: 2}}}}, f'Schema has a non-string key 1 at {_AT}.properties["a/b~c"].const',
     f'{_AT}.properties["a/b~c"].const'),
])
def test_the_pointer_spelled_at_the_bottom_names_it(bottom: Dict[str, Any], message: str, loc: str) -> None:
    with pytest.raises(SchemaError) as caught:
        check_limits(_deep(1, bottom), "openai.chat")
    assert (caught.value.message, caught.value.loc) == (message, loc)


def test_in_a_list_the_pointer_names_the_schema() -> None:
    with pytest.raises(SchemaError) as caught:
        check_limits([{"type": "string"}, {"items": [{"type": "string"}, {"not": 5}]}], "openai.chat")
    assert caught.value.loc == "$[1].items[1].not"


def test_a_property_named_items_is_no_tuple_of_schemas() -> None:
    """A pointer ending in ``/items`` was taken for the keyword: a property named
    ``items`` whose schema is a list was walked as a draft-4 tuple, not refused."""
    with pytest.raises(SchemaError) as caught:
        check_limits({"type": "object", "properties": {"items": [{"type": "string"}]}}, "openai.chat")
    assert caught.value.loc == "$.properties.items"
    assert caught.value.message == "Schema must be a JSON object or a boolean, got [{'type': 'string'}] at $.properties.items"
