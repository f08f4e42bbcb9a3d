"""Which ``$ref``s are recursive: found in one pass over the schema and its references
(Tarjan's strongly connected components, iterative), so the work is linear in the
number of nodes and references (DESIGN.md invariant 8), proved by counting node reads
at n and 4n, never by timing."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire.schema import render
from toolwire.schema._recursion import recursive_refs


class _Counted(dict):  # type: ignore[type-arg]
    """A schema node that counts how often it is read."""

    reads = 0

    def __contains__(self, key: object) -> bool:
        _Counted.reads += 1
        return super().__contains__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        _Counted.reads += 1
        return super().get(key, default)


def _chain(n: int, node: Any = dict) -> Dict[str, Any]:
    """``D0 -> D1 -> ... -> Dn`` through ``next``: n references, none recursive."""
    defs = {
        f"D{i}": node(type="object", properties=node(v=node(type="integer"), next=node({"$ref": f"#/$defs/D{i + 1}"})))
        for i in range(n)
    }
    defs[f"D{n}"] = node(type="object")
    return node(type="object", properties=node(h=node({"$ref": "#/$defs/D0"})), **{"$defs": defs})


def _reads(n: int) -> int:
    root = _chain(n, _Counted)
    _Counted.reads = 0
    assert recursive_refs(root) == set()
    return _Counted.reads


def test_the_search_reads_each_node_a_bounded_number_of_times() -> None:
    """n -> 4n references: 4x the reads (a search from every reference was 16x)."""
    small, large = _reads(150), _reads(600)
    assert large <= 4.2 * small


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": "array", "items": {"$ref": "#"}}, {"#"}),
        ({"$defs": {"A": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}}},
          "type": "object", "properties": {"x": {"$ref": "#/$defs/A"}}}, {"#/$defs/A"}),
        ({"$defs": {"A": {"type": "array", "items": {"$ref": "#/$defs/B"}},
                    "B": {"type": "array", "items": {"$ref": "#/$defs/A"}},
                    "C": {"type": "array", "items": {"$ref": "#/$defs/A"}}},
          "type": "object", "properties": {"x": {"$ref": "#/$defs/C"}, "y": {"$ref": "#/$defs/C"}}},
         {"#/$defs/A", "#/$defs/B"}),
        ({"$defs": {"A": {"type": "integer"}},
          "type": "object", "properties": {"x": {"$ref": "#/$defs/A"}, "y": {"$ref": "#/$defs/A"}}}, set()),
        ({"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/A/properties/c"},
                                                           "c": {"type": "array", "items": {"$ref": "#/$defs/A"}}}}},
          "$ref": "#/$defs/A"}, {"#/$defs/A", "#/$defs/A/properties/c"}),
    ],
)
def test_recursive_references_are_the_ones_on_a_cycle(schema: Any, expected: Any) -> None:
    assert recursive_refs(schema) == expected


def test_a_reference_into_a_recursive_definition_from_outside_is_not_recursive() -> None:
    """``#/$defs/A/properties/c`` is used inside A, but its target only reaches A, not
    the reference itself... unless a path leads back: here it does not."""
    schema = {"$defs": {"A": {"type": "object", "properties": {"c": {"type": "string"}, "n": {"$ref": "#/$defs/A"}}}},
              "type": "object", "properties": {"x": {"$ref": "#/$defs/A/properties/c"}}}
    assert recursive_refs(schema) == {"#/$defs/A"}


def test_a_chain_of_thousands_of_references_needs_no_python_recursion() -> None:
    r = render(_chain(5_000), "openai.chat", on_error="report")
    assert r.wire_schema["type"] == "object"
    assert recursive_refs(_chain(5_000)) == set()
