"""A ``$ref`` to the root's own absolute ``$id`` is this document (JSON Schema 2020-12
core §8.2.1: ``$id`` sets the base URI; §9.2.1: a reference resolves against it), so it
resolves locally; another absolute URI stays an external reference, refused."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import schema
from toolwire._errors import SchemaError

ROOT = {
    "$id": "https://example.com/schemas/order",
    "type": "object",
    "properties": {
        "item": {"$ref": "https://example.com/schemas/order#/$defs/item"},
        "sub": {"$ref": "https://example.com/schemas/order"},
    },
    "$defs": {"item": {"type": "integer"}},
}


@pytest.mark.parametrize("instance", [{"item": 1}, {"item": "x"}, {"sub": {"item": "y"}}, {"sub": {"item": 2}}, {}])
def test_a_ref_to_the_root_id_resolves_here(instance: Any) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    issues = schema.validate(instance, ROOT)
    assert (issues == []) is jsonschema.Draft202012Validator(ROOT).is_valid(instance)


def test_the_issue_points_into_the_document() -> None:
    (issue,) = schema.validate({"sub": {"item": "y"}}, ROOT)
    assert (issue.pointer, issue.keyword, issue.schema_pointer) == ("/sub/item", "type", "/$defs/item/type")


@pytest.mark.parametrize("ref", ["https://example.com/schemas/other#/$defs/item",
                                 "https://example.com/schemas/orders#/$defs/item"])
def test_another_document_is_still_external(ref: str) -> None:
    with pytest.raises(SchemaError, match="External \\$ref"):
        schema.validate({}, {**ROOT, "properties": {"item": {"$ref": ref}}})
