"""``check_limits`` and ``render(limits=...)`` on input that is no schema or no count:
only toolwire errors, each with its ``$.path`` (a raw ``TypeError`` escaped before)."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import EncodeError, SchemaError, schema
from toolwire.schema import Limits


@pytest.mark.parametrize(("value", "message", "loc"), [
    ({"anyOf": 5}, "'anyOf' must be an array at $.anyOf, got 5", "$.anyOf"),
    ({"prefixItems": 5}, "'prefixItems' must be an array at $.prefixItems, got 5", "$.prefixItems"),
    ({"type": "object", "properties": {"a": {"oneOf": {"type": "string"}}}},
     "'oneOf' must be an array at $.properties.a.oneOf, got {'type': 'string'}", "$.properties.a.oneOf"),
    ({"properties": ["a"]}, "'properties' must be an object at $.properties, got ['a']", "$.properties"),
    ({"items": {"not": 5}}, "Schema must be a JSON object or a boolean, got 5 at $.items.not", "$.items.not"),
    (None, "Schema must be a JSON object or a boolean, or a list of them, got None at $", "$"),
    ([{"type": "string"}, "abc"], "Schema must be a JSON object or a boolean, got 'abc' at $[1]", "$[1]"),
])
def test_a_malformed_schema_is_a_schema_error_with_its_path(value: Any, message: str, loc: str) -> None:
    with pytest.raises(SchemaError) as info:
        schema.check_limits(value, "openai.chat")
    assert (info.value.message, info.value.loc) == (message, loc)


def test_a_draft_4_tuple_items_is_counted() -> None:
    many = {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(6)}}
    [lint] = schema.check_limits({"items": [many]}, "openai.chat", limits={"max_properties": 5})
    assert lint.code == "limit-properties"


@pytest.mark.parametrize("limits", [{"max_depth": "3"}, {"max_properties": -1}, {"max_chars": True},
                                    Limits(max_depth=2.5), {"checked": 2026}])  # type: ignore[arg-type]
def test_a_limit_that_is_no_count_is_an_encode_error(limits: Any) -> None:
    for call in (lambda: schema.check_limits({}, "openai.chat", limits=limits),
                 lambda: schema.render(True, "openai.chat", limits=limits)):
        with pytest.raises(EncodeError, match=r"^Limit (max_depth|max_properties|max_chars|checked) must be"):
            call()


def test_limits_of_another_kind_are_refused() -> None:
    with pytest.raises(EncodeError, match=r"^limits must be a Limits, a dict or None, got \[1\]"):
        schema.check_limits({}, "openai.chat", limits=[1])  # type: ignore[arg-type]
