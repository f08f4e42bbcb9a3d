"""A check spells the JSON Pointer of a value only while it is short: past that, a place
is its parent and its token, spelled for an issue reported. Each value's pointer was
built as a string, and those a ``$ref`` leads to were held until the end (the memo of
walks): 2,000 valid items under 10 levels of 2,000-character keys (a 30 KB answer) held
41 MB, and 80 levels of 1,000-character keys held each level's pointer at once (3.4 MB
for 80 KB). Counted with tracemalloc's peak, never timed."""

from __future__ import annotations

from typing import Any

import pytest

from memory_peak import peak
from toolwire import schema

S = {"type": ["object", "array"], "additionalProperties": {"$ref": "#"}, "items": {"$ref": "#/$defs/i"},
     "$defs": {"i": {"type": "integer"}}}


def _under_long_keys(n: int, depth: int, keylen: int, leaf: Any = 1) -> Any:
    value: Any = [leaf] * n
    for i in range(depth):
        value = {str(i % 10) * keylen: value}
    return value


def test_many_values_under_a_long_path() -> None:
    small, big = (_under_long_keys(n, 10, n) for n in (500, 2000))
    spent = [peak(lambda v=v: schema.validate(v, S)) for v in (small, big)]
    assert spent[1] <= 4.5 * spent[0]  # a pointer of 10n characters held per value: 16x


def test_a_long_path_of_many_levels() -> None:
    small, big = (_under_long_keys(1, depth, 1000) for depth in (20, 80))
    spent = [peak(lambda v=v: schema.validate(v, S)) for v in (small, big)]
    assert spent[1] <= 4.5 * spent[0]  # every level's pointer at once: 13x


@pytest.mark.parametrize("leaf", ["x", 1.5])
def test_an_issue_deep_under_long_keys_has_its_whole_pointer_and_path(leaf: Any) -> None:
    value = _under_long_keys(3, 30, 40, leaf)
    issues = schema.validate(value, S)
    head = "".join(f"/{str(i % 10) * 40}" for i in reversed(range(30)))
    assert [(i.pointer, i.keyword, i.schema_pointer) for i in issues] == [
        (f"{head}/{k}", "type", "/$defs/i/type") for k in range(3)]
    assert issues[2].path == "$" + "".join(f'["{str(i % 10) * 40}"]' for i in reversed(range(30))) + "[2]"


def test_the_same_place_reached_twice_is_walked_once() -> None:
    # two allOf branches reach each value through properties to one $ref: the walk of the
    # pair at its place is remembered by the place, so the issue is said once
    twice = {"$defs": {"n": {"type": "object", "allOf": [{"properties": {"k" * 300: {"$ref": "#/$defs/n"}}},
                                                         {"properties": {"k" * 300: {"$ref": "#/$defs/n"}}}]}},
             "$ref": "#/$defs/n"}
    value: Any = 5
    for _ in range(12):
        value = {"k" * 300: value}
    issues = schema.validate(value, twice)
    assert [(len(i.pointer), i.keyword) for i in issues] == [(12 * 301, "type")]
