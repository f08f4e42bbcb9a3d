"""``normalize`` on a schema that holds a keyword in both spellings: ``definitions``
beside ``$defs``, ``dependencies`` beside ``dependentRequired`` / ``dependentSchemas``
(Draft 2020-12 §8.2.4, validation §6.5.4 and core §10.2.2.4; draft-07 §9 and
validation §6.5.7 for the older spellings). Entries that agree or do not overlap are
merged; one name given two different values is a ``SchemaError`` (one spelling never
silently overwrites the other); a merge target that is no object is a ``SchemaError``
at its path, never a bare ``TypeError``."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import SchemaError, ToolCall, validate_call
from toolwire.schema import validate

INT = {"type": "integer"}
STR = {"type": "string"}


def _tool(schema: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "function", "function": {"name": "f", "parameters": schema}}


def test_dependencies_beside_dependent_required_both_apply() -> None:
    schema = {"dependentRequired": {"a": ["c"]}, "dependencies": {"b": ["d"]}}
    assert validate({"a": 1, "c": 1, "b": 1, "d": 1}, schema) == []
    assert [i.keyword for i in validate({"a": 1, "b": 1, "d": 1}, schema)] == ["dependentRequired"]
    assert [i.keyword for i in validate({"a": 1, "c": 1, "b": 1}, schema)] == ["dependentRequired"]


def test_dependencies_beside_dependent_schemas_both_apply() -> None:
    schema = {"dependentSchemas": {"a": {"required": ["c"]}}, "dependencies": {"b": {"required": ["d"]}}}
    assert validate({"a": 1, "c": 1, "b": 1, "d": 1}, schema) == []
    assert [i.keyword for i in validate({"a": 1, "b": 1, "d": 1}, schema)] == ["required"]
    assert [i.keyword for i in validate({"a": 1, "c": 1, "b": 1}, schema)] == ["required"]


def test_the_message_names_both_spellings() -> None:
    with pytest.raises(SchemaError) as info:
        validate({}, {"dependentRequired": {"a": ["c"]}, "dependencies": {"a": ["b"]}})
    assert str(info.value) == ("'dependencies' and 'dependentRequired' both hold 'a', with different values, at "
                               "$.dependentRequired.a: which one applies is not guessed")


def test_the_same_dependency_in_both_spellings_is_one() -> None:
    schema = {"dependentRequired": {"a": ["b"]}, "dependencies": {"a": ["b"]}}
    assert validate({"a": 1, "b": 1}, schema) == []
    assert [i.keyword for i in validate({"a": 1}, schema)] == ["dependentRequired"]


@pytest.mark.parametrize(("schema", "loc"), [
    ({"dependentRequired": {"a": ["c"]}, "dependencies": {"a": ["b"]}}, "$.dependentRequired.a"),
    ({"dependentSchemas": {"a": {"required": ["c"]}}, "dependencies": {"a": {"required": ["b"]}}},
     "$.dependentSchemas.a"),
    ({"properties": {"n": {"$ref": "#/definitions/X"}}, "definitions": {"X": INT}, "$defs": {"X": STR}},
     "$.$defs.X"),
])
def test_one_name_given_two_different_values_is_refused(schema: Dict[str, Any], loc: str) -> None:
    # before: the dependencies entry replaced the caller's (c no longer required), and
    # $defs/X shadowed definitions/X while #/definitions/X was read as #/$defs/X
    with pytest.raises(SchemaError) as info:
        validate({"n": 1, "a": 1, "b": 1}, schema)
    assert info.value.loc == loc
    assert str(info.value).endswith(f"with different values, at {loc}: which one applies is not guessed")
    with pytest.raises(SchemaError):
        validate_call(ToolCall("f", {"n": 1, "a": 1, "b": 1}), [_tool(schema)])


def test_definitions_beside_defs_both_resolve() -> None:
    schema = {"properties": {"n": {"$ref": "#/definitions/X"}, "s": {"$ref": "#/$defs/Y"},
                             "m": {"$ref": "#/definitions/Z"}},
              "definitions": {"X": INT, "Z": INT}, "$defs": {"Y": STR, "Z": {"type": "integer"}}}
    assert validate({"n": 1, "s": "x", "m": 2}, schema) == []
    assert [(i.path, i.keyword) for i in validate({"n": "1", "s": 1, "m": "2"}, schema)] == [
        ("$.n", "type"), ("$.s", "type"), ("$.m", "type")]


def test_a_boolean_and_a_number_do_not_agree() -> None:
    with pytest.raises(SchemaError):
        validate({}, {"definitions": {"X": 1}, "$defs": {"X": True}})
