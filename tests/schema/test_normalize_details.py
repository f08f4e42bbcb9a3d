"""Reading a caller's schema in detail: what a mutation sample of ``normalize`` found
untested. Expected values from the JSON Schema drafts (draft-04 ``id``, draft-07
``definitions``, ``dependencies`` and ``$ref`` siblings, 2020-12 ``allOf``) and OpenAPI
3.0's ``nullable`` (as the 3.0 -> 3.1 migration reads it)."""

from __future__ import annotations

from typing import Any, Optional

import pytest

from toolwire import SchemaError
from toolwire.schema import normalize
from toolwire.schema._normalize import merge_all_of
from toolwire.schema._refs import resolve_ref

DRAFT4 = "http://json-schema.org/draft-04/schema#"
DRAFT7 = "http://json-schema.org/draft-07/schema#"


@pytest.mark.parametrize(
    ("schema", "merged"),
    [
        # integer is the number that is an integer: the intersection, in either order
        ({"allOf": [{"type": ["integer", "string"]}, {"type": "number"}]}, {"type": "integer"}),
        ({"allOf": [{"type": "number"}, {"type": ["integer", "string"]}]}, {"type": "integer"}),
        # one property in both branches: both apply to it (never one of them alone)
        ({"allOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"a": {"maxLength": 3}}}]},
         {"properties": {"a": {"allOf": [{"type": "string"}, {"maxLength": 3}]}}}),
        ({"allOf": [{"properties": {"a": {"type": "string"}}},
                    {"properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}]},
         {"properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}),
        ({"allOf": [True, {"type": "string"}]}, {"type": "string"}),
        # not exactly mergeable (left as they are): one branch closes the object, the
        # other opens it by pattern; a false branch
        ({"allOf": [{"properties": {"a": {}}, "additionalProperties": False}, {"patternProperties": {"^x": {}}}]},
         None),
        ({"allOf": [False, {"type": "string"}]}, None),
    ],
)
def test_all_of_merges_exactly_or_not_at_all(schema: Any, merged: Optional[Any]) -> None:
    assert merge_all_of(schema) == merged


def test_draft_07_dependencies_split_and_pointers_follow() -> None:
    schema = {"$schema": DRAFT7, "dependencies": {"a": ["b"], "c": {"properties": {"d": {"type": "integer"}}}},
              "properties": {"e": {"$ref": "#/dependencies/c/properties/d"}}}
    assert normalize(schema) == {
        "properties": {"e": {"$ref": "#/dependentSchemas/c/properties/d"}},
        "dependentRequired": {"a": ["b"]},
        "dependentSchemas": {"c": {"properties": {"d": {"type": "integer"}}}},
    }


def test_draft_04_root_id_is_read_and_definitions_become_defs() -> None:
    schema = {"$schema": DRAFT4, "id": "http://example.com/root.json", "definitions": {"A": {"type": "integer"}},
              "properties": {"a": {"$ref": "#/definitions/A"}}}
    assert normalize(schema) == {"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "integer"}}}


def test_draft_07_ref_siblings_are_ignored_but_its_annotations() -> None:
    schema = {"$schema": DRAFT7, "definitions": {"A": {"type": "string"}},
              "properties": {"p": {"$ref": "#/definitions/A", "title": "T", "description": "D", "maxLength": 3}}}
    assert normalize(schema) == {"properties": {"p": {"$ref": "#/$defs/A", "title": "T", "description": "D"}},
                                 "$defs": {"A": {"type": "string"}}}


def test_a_ref_into_a_nullable_node_follows_it_into_its_any_of() -> None:
    schema = {"type": "object", "properties": {
        "a": {"nullable": True, "title": "A", "description": "D", "default": None,
              "properties": {"b": {"type": "string"}}},
        "c": {"$ref": "#/properties/a/properties/b"}}}
    assert normalize(schema) == {"type": "object", "properties": {  # annotations stay outside
        "a": {"title": "A", "description": "D", "default": None,
              "anyOf": [{"properties": {"b": {"type": "string"}}}, {"type": "null"}]},
        "c": {"$ref": "#/properties/a/anyOf/0/properties/b"}}}


@pytest.mark.parametrize(
    ("schema", "loc", "message"),
    [
        ({"$schema": DRAFT7, "definitions": [1]}, "$", "'definitions' must be an object at $"),
        ({"properties": {"p": {"$ref": "#/$defs/Nope"}}}, "$.properties.p",
         "$ref '#/$defs/Nope' at $.properties.p does not resolve"),
        ({"$schema": DRAFT7, "items": [{"type": "string"}], "properties": {"x": {"$ref": "#/items/5"}}},
         "$.properties.x", "$ref '#/items/5' at $.properties.x does not resolve: '5' is past the end of an array of 1 items"),
        ({"properties": {"p": {"$ref": "http://x/y.json"}}}, "$.properties.p",
         "External $ref 'http://x/y.json' at $.properties.p is not supported; only local references (#/...) "
         "are resolved, never over the network"),
        ({"dependentRequired": {"a": [1]}}, "$.dependentRequired",
         "'dependentRequired' must be an object of arrays of strings at $, got {'a': [1]}"),
    ],
)
def test_schema_errors_point_into_the_schema(schema: Any, loc: str, message: str) -> None:
    with pytest.raises(SchemaError) as err:
        normalize(schema)
    assert (err.value.loc, str(err.value)) == (loc, message)


@pytest.mark.parametrize(("ref", "why"), [
    ("#/a/5", ": '5' is past the end of an array of 1 items"),
    ("#/a/x", ": 'x' is not an array index (RFC 6901: 0, or ASCII digits without a leading 0)"),
    ("#/b", ""),
])
def test_resolve_ref_reports_where_the_ref_was(ref: str, why: str) -> None:
    """A pointer past a list's end, a word into a list, a missing key."""
    with pytest.raises(SchemaError) as err:
        resolve_ref({"a": [1]}, ref, "$.q")
    assert (err.value.loc, str(err.value)) == ("$.q", f"$ref {ref!r} at $.q does not resolve{why}")
    assert resolve_ref({"a": [1, {"b": 2}]}, "#/a/1/b", "$.q") == 2


def test_2020_12_ref_siblings_apply() -> None:
    """From draft 2019-09 on, ``$ref`` is an applicator beside its siblings: none dropped."""
    schema = {"$defs": {"A": {"type": "string"}}, "properties": {"p": {"$ref": "#/$defs/A", "title": "T",
                                                                        "maxLength": 3}}}
    assert normalize(schema) == schema
