"""``validate`` did not count the items a nested ``unevaluatedItems`` evaluated: under
``allOf: [{prefixItems: [...]}, {unevaluatedItems: true}]`` beside ``unevaluatedItems:
false``, every item is evaluated by the second branch (Draft 2020-12 core §11.2: its
annotation covers the items it applied to, which the parent's ``unevaluatedItems``
reads, as ``unevaluatedProperties`` already did). The case is JSON Schema's own
(json-schema-org/JSON-Schema-Test-Suite, ``tests/draft2020-12/unevaluatedItems.json``,
"unevaluatedItems with nested unevaluatedItems")."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire.schema import validate

NESTED = {"allOf": [{"prefixItems": [{"type": "string"}]}, {"unevaluatedItems": True}], "unevaluatedItems": False}


@pytest.mark.parametrize("value", [["foo"], ["foo", 42, True]])
def test_items_a_nested_unevaluated_items_took_are_evaluated(value: Any) -> None:
    assert validate(value, NESTED) == []


def test_a_nested_unevaluated_items_that_refuses_still_refuses() -> None:
    schema = {"allOf": [{"prefixItems": [{"type": "string"}], "unevaluatedItems": {"type": "integer"}}],
              "unevaluatedItems": False}
    assert validate(["foo", 42], schema) == []
    [issue] = validate(["foo", True], schema)
    assert (issue.pointer, issue.keyword) == ("/1", "type")
