"""A ``$.path`` in a message names one place: ``[0]`` only for an array index, a name
otherwise (``.name`` for an identifier, a JSON string in brackets for anything else).

The pointers are RFC 6901 JSON Pointers; which tokens index arrays follows JSON Schema
2020-12 core §10.2 (``prefixItems``, ``allOf``, ``anyOf``, ``oneOf`` hold arrays of
schemas; ``properties``, ``$defs`` objects of them) and validation §6.1.2 / §6.5.3
(``enum``, ``required`` hold arrays). A property named ``0`` printed as ``[0]``, the way
an item of ``allOf`` is printed, and ``a.b``, ``$a b`` printed bare.
"""

from __future__ import annotations

import pytest

from toolwire import SchemaError
from toolwire.schema import check_limits, normalize, validate
from toolwire.schema._util import path_of


@pytest.mark.parametrize(
    ("pointer", "path"),
    [
        ("", "$"),
        ("/properties/0", '$.properties["0"]'),
        ("/allOf/0", "$.allOf[0]"),
        ("/anyOf/1/oneOf/2/prefixItems/3", "$.anyOf[1].oneOf[2].prefixItems[3]"),
        ("/items/0", "$.items[0]"),  # a draft-4 tuple
        ("/items/type", "$.items.type"),
        ("/properties/items/0", '$.properties.items["0"]'),  # the keyword "0" of property "items"
        ("/$defs/a.b", '$.$defs["a.b"]'),
        ("/properties/a b", '$.properties["a b"]'),
        ('/properties/a"b', '$.properties["a\\"b"]'),
        ("/properties/$x", "$.properties.$x"),
        ("/properties/$a b", '$.properties["$a b"]'),
        ("/properties/$", '$.properties["$"]'),
        ("/properties/²", '$.properties["²"]'),
        ("/allOf/007", '$.allOf["007"]'),  # no array index (RFC 6901 §4)
        ("/enum/3", "$.enum[3]"),
        ("/const/0", '$.const["0"]'),  # a const's value: no schema says it is an array
        ("/properties/a~1b~0c", '$.properties["a/b~c"]'),
    ],
)
def test_a_schema_pointer_reads_its_tokens_by_keyword(pointer: str, path: str) -> None:
    assert path_of(pointer) == path


def test_with_its_document_a_token_is_an_index_where_the_value_is_a_list() -> None:
    assert path_of("/a/0/0", {"a": [{"0": 1}]}) == '$.a[0]["0"]'
    assert path_of("/0/0", [[1]]) == "$[0][0]"
    assert path_of("/const/0", {"const": [5]}) == "$.const[0]"
    assert path_of("/1/anyOf/0", [{}, {}]) == "$[1].anyOf[0]"  # past the document: by keyword


def test_a_property_named_0_is_no_array_index_in_a_schema_error() -> None:
    with pytest.raises(SchemaError) as named:
        normalize({"properties": {"0": 5}})
    with pytest.raises(SchemaError) as indexed:
        normalize({"allOf": [5]})
    assert str(named.value) == 'Subschema must be an object or a boolean at $.properties["0"], got 5'
    assert named.value.loc == '$.properties["0"]'
    assert str(indexed.value) == "Subschema must be an object or a boolean at $.allOf[0], got 5"


def test_names_that_are_no_identifiers_are_quoted_in_a_schema_error() -> None:
    with pytest.raises(SchemaError) as caught:
        normalize({"properties": {"$a b": {"type": "nope"}}})
    assert str(caught.value) == "Unknown type 'nope' at $.properties[\"$a b\"].type"


def test_an_instance_path_tells_a_property_0_from_an_item() -> None:
    by_name = validate({"0": "x"}, {"properties": {"0": {"type": "integer"}}})
    by_index = validate(["x"], {"items": {"type": "integer"}})
    assert [str(i) for i in by_name] == ['$["0"]: "x" is not of type integer (type)']
    assert [str(i) for i in by_index] == ['$[0]: "x" is not of type integer (type)']
    assert by_name[0].pointer == by_index[0].pointer == "/0"  # the pointers alike, the paths not


def test_an_instance_path_quotes_names_with_dots_spaces_and_quotes() -> None:
    schema = {"additionalProperties": {"additionalProperties": {"items": {"type": "integer"}}}}
    issues = validate({"a.b": {'"q" c': ["x"]}}, schema)
    assert [i.path for i in issues] == ['$["a.b"]["\\"q\\" c"][0]']


def test_check_limits_keeps_the_index_of_a_list_of_schemas() -> None:
    with pytest.raises(SchemaError) as caught:
        check_limits([{}, {"properties": {"0": {"anyOf": 5}}}], "openai.chat")
    assert str(caught.value) == "'anyOf' must be an array at $[1].properties[\"0\"].anyOf, got 5"
