"""A ``$ref`` must name a schema, and a schema's own values never escape as a foreign error.

docs/structured-output.md: ``SchemaError`` (with a ``$.path``) for a value that is not a
schema and for a local ``$ref`` that does not resolve. A ``$ref`` to the ``required``
list was read as a schema: ``validate`` accepted anything under it, ``render`` raised a
``ValueError`` and ``to_pydantic`` a ``TypeError``. Lengths and counts beyond a machine
integer made pydantic-core refuse to build (its own ``SchemaError``).
"""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import SchemaError, ToolwireError, schema


def _with_ref(ref: str, **extra: Any) -> Any:
    return {"type": "object", "required": ["a"], "const": {"type": "string"}, "uniqueItems": True,
            "enum": [{"type": "string"}], "properties": {"a": {"$ref": ref}}, **extra}


NOT_SCHEMAS = [
    ("#/required", "required"),
    ("#/properties", "properties"),
    ("#/const", "const"),
    ("#/uniqueItems", "uniqueItems"),
    ("#/enum/0", "enum"),
    ("#/anyOf", "anyOf"),
    ("#/$defs", "$defs"),
]


@pytest.mark.parametrize(("ref", "owner"), NOT_SCHEMAS, ids=[r for r, _ in NOT_SCHEMAS])
@pytest.mark.parametrize("entry", ["validate", "to_pydantic", "render-gemini.openapi", "render-openai.chat"])
def test_a_ref_that_names_no_schema_is_a_schema_error(ref: str, owner: str, entry: str) -> None:
    sch = _with_ref(ref, anyOf=[{"type": "object"}], **{"$defs": {"S": {"type": "string"}}})
    call = {
        "validate": lambda: schema.validate({"a": 5}, sch),
        "to_pydantic": lambda: schema.to_pydantic(sch),
        "render-gemini.openapi": lambda: schema.render(sch, "gemini.openapi"),
        "render-openai.chat": lambda: schema.render(sch, "openai.chat"),
    }[entry]
    with pytest.raises(SchemaError) as err:
        call()
    assert err.value.message == f"$ref {ref!r} at $.properties.a does not name a schema: it points into {owner!r}"
    assert err.value.loc == "$.properties.a"


def test_the_repro_from_the_bug_hunt() -> None:
    sch = {"type": "object", "required": ["a"], "properties": {"a": {"$ref": "#/required"}}}
    for call in (
        lambda: schema.validate({"a": 5}, sch),  # was [] (anything accepted)
        lambda: schema.render(sch, "gemini.openapi"),  # was ValueError
        lambda: schema.to_pydantic({"anyOf": [{"type": "string"}], "properties": {"a": {"$ref": "#/anyOf"}}}),
    ):
        with pytest.raises(ToolwireError):
            call()


GOOD_REFS = [
    ({"$defs": {"S": {"type": "string"}}, "properties": {"a": {"$ref": "#/$defs/S"}}}, "x", 5),
    ({"properties": {"required": {"type": "string"}, "a": {"$ref": "#/properties/required"}}}, "x", 5),
    ({"definitions": {"S": {"type": "string"}}, "properties": {"a": {"$ref": "#/definitions/S"}}}, "x", 5),
    ({"properties": {"a": {"$ref": "#/x-shared/S"}}, "x-shared": {"S": {"type": "string"}}}, "x", 5),
    ({"items": [{"type": "string"}], "properties": {"a": {"$ref": "#/items/0"}}}, "x", 5),
    ({"not": {"type": "string"}, "properties": {"a": {"$ref": "#/not"}}}, "x", 5),
    ({"$defs": {"N": False}, "properties": {"a": {"$ref": "#/$defs/N"}}}, None, 5),
]


@pytest.mark.parametrize(("sch", "good", "bad"), GOOD_REFS, ids=["defs", "property-named-required", "definitions",
                                                                 "unknown-keyword", "array-items", "not", "false"])
def test_a_ref_to_a_schema_still_resolves(sch: Any, good: Any, bad: Any) -> None:
    if good is not None:
        assert schema.validate({"a": good}, sch) == []
    assert [i.keyword for i in schema.validate({"a": bad}, sch)] in (["type"], ["false"])


COUNTS = [
    ({"type": "array", "items": {"type": "string"}, "minItems": 10**400}, ["a"], None),
    ({"type": "array", "items": {"type": "string"}, "maxItems": 2**64}, ["a"], ["a"]),
    ({"type": "object", "properties": {"s": {"type": "string", "maxLength": 2**64}}}, {"s": "abc"}, {"s": "abc"}),
    ({"type": "object", "properties": {"s": {"type": "string", "minLength": 2**64}}}, {"s": "abc"}, None),
]


@pytest.mark.parametrize(("sch", "value", "kept"), COUNTS, ids=["minItems", "maxItems", "maxLength", "minLength"])
def test_a_count_beyond_a_machine_integer_is_checked_not_a_foreign_error(sch: Any, value: Any, kept: Any) -> None:
    # no array or string reaches 2**63 items: a bound past it is vacuous (max*) or
    # unsatisfiable (min*), and the validator says the same
    assert (schema.validate(value, sch) == []) is (kept is not None)
    model = schema.to_pydantic(sch)  # was pydantic_core.SchemaError (OverflowError inside)
    if kept is None:
        with pytest.raises(ValueError, match=r"\(min(Items|Length)\)"):
            model.model_validate(value)
    else:
        assert model.model_validate(value).model_dump() == kept
