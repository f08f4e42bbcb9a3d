"""Hostile schema shapes (the seventeenth hunt): each ends in an answer or a ``SchemaError``
with its ``$.path`` (a ``ToolwireError``), never a ``ValueError`` from ``int()``, a
``TypeError``, pydantic's own errors, an enormous message or quadratic time.

The rules pinned: RFC 6901 §4 (an array index is ``0`` or ``[1-9][0-9]*`` in ASCII
digits), the 2020-12 validation meta-schema (a ``type`` array has ``minItems: 1``; a
``format`` is a string, validation §7.2.1; ``patternProperties`` an object, §10.3.2.2).
"""

from __future__ import annotations

from typing import Any

import pytest

import toolwire
from toolwire import SchemaError
from toolwire.schema import _normalize, check_limits, normalize, render, to_pydantic, validate
from toolwire.text import decode_text


def _ref_to(token: str) -> Any:
    return {"type": "object", "properties": {"a": {"$ref": "#/allOf/" + token}}, "allOf": [{"type": "object"}]}


# -- bug 1: array indexes of a JSON Pointer -------------------------------------------------------
@pytest.mark.parametrize("token", ["²", "٣", "007", "01", "-1", "1" * 5000],
                         ids=["superscript", "arabic-indic", "leading-zeros", "leading-zero", "minus", "5000-digits"])
def test_a_pointer_token_that_is_no_ascii_index_does_not_resolve(token: str) -> None:
    for run, loc in ((lambda: normalize(_ref_to(token)), "$.properties.a"),
                     (lambda: to_pydantic(_ref_to(token)), "$.properties.a"),
                     (lambda: render(_ref_to(token), "openai.chat"), "$.properties.a"),
                     (lambda: toolwire.validate_call(toolwire.ToolCall("f", {"a": {}}),
                                                     [toolwire.Tool("f", parameters=_ref_to(token))]),
                      "$[0].parameters.properties.a")):  # validate_call: at the tool's place in the list
        with pytest.raises(SchemaError, match=r"does not resolve: .* is (not an array index|past the end)") as err:
            run()
        assert err.value.loc == loc


def test_an_index_into_a_list_of_definitions_reads_ascii_digits_only() -> None:
    s = {"type": "object", "properties": {"a": {"$ref": "#/$defs/l/²"}}, "$defs": {"l": [{"type": "string"}]}}
    with pytest.raises(SchemaError, match=r"^\$ref '#/\$defs/l/²' at \$.properties.a does not resolve: '²' is not an "
                                          r"array index \(RFC 6901: 0, or ASCII digits without a leading 0\)$"):
        normalize(s)
    assert validate({"a": 5}, _ref_to("0") | {"allOf": [{"type": "string"}]})[0].keyword == "type"
    with pytest.raises(SchemaError, match=r"'1' is past the end of an array of 1 items$"):
        normalize(_ref_to("1"))


def test_text_formats_type_values_by_a_schema_whose_pointer_names_no_item_as_unknown() -> None:
    text = "<tool_call>\n<function=f>\n<parameter=a>\n2\n</parameter>\n</function>\n</tool_call>"
    for token in ("²", "1" * 5000, "0"):
        s = {"type": "object", "properties": {"a": {"$ref": "#/allOf/" + token}}, "allOf": [{"type": "string"}]}
        got = decode_text(text, "text.qwen3-xml", tools=[{"type": "function", "function": {"name": "f", "parameters": s}}])
        # "0" names the string branch: the text stays text; the others name nothing: a JSON value
        assert got.tool_calls[0].args == {"a": "2" if token == "0" else 2}


# -- bug 2: allOf of enums -------------------------------------------------------------------------
def test_an_all_of_of_enums_is_intersected_by_json_equality() -> None:
    s = {"allOf": [{"enum": [1, True, {"k": 1, "j": [1.0]}, "x", None]}, {"enum": [1.0, {"j": [1], "k": 1}, None, "y"]}]}
    assert _normalize.merge_all_of(normalize(s)) == {"enum": [1, {"k": 1, "j": [1.0]}, None]}


def test_an_all_of_of_enums_compares_no_value_with_each_other(monkeypatch: Any) -> None:
    calls = {"n": 0}
    real = _normalize.json_equal

    def counted(a: Any, b: Any) -> bool:
        calls["n"] += 1
        return real(a, b)

    monkeypatch.setattr(_normalize, "json_equal", counted)
    n = 400
    _normalize.merge_all_of(normalize({"allOf": [{"enum": list(range(n))}, {"enum": list(range(n))[::-1]}]}))
    assert calls["n"] < n  # each value against each other: n * n / 2


# -- bug 3: to_pydantic ------------------------------------------------------------------------------
def test_a_property_name_with_a_lone_surrogate_is_a_schema_error() -> None:
    s = {"type": "object", "properties": {"a": {"type": "object", "properties": {"\ud800": {"type": "string"}}}}}
    with pytest.raises(SchemaError, match=r"Property name '\\ud800' at \$.properties.a.properties is not Unicode text") as err:
        to_pydantic(s)
    assert err.value.loc == "$.properties.a.properties"


@pytest.mark.parametrize("name", ["Config", "register", "mro", "name", "__name__"])
def test_property_names_pydantic_reserves_become_aliases(name: str) -> None:
    model = to_pydantic({"type": "object", "properties": {name: {"type": "integer"}}, "required": [name]})
    assert model.model_validate({name: 5}).model_dump(by_alias=True) == {name: 5}
    with pytest.raises(ValueError):
        model.model_validate({name: "x"})
    with pytest.raises(ValueError):
        model.model_validate({})


def test_an_empty_type_array_is_refused() -> None:
    s = {"type": "object", "properties": {"a": {"type": []}}}
    for run in (lambda: normalize(s), lambda: to_pydantic(s), lambda: validate({"a": 1}, s)):
        with pytest.raises(SchemaError, match=r"^'type' must name at least one type at \$.properties.a, got \[\]$") as err:
            run()
        assert err.value.loc == "$.properties.a.type"


# -- bugs 4 and 5: keyword values of the wrong kind -------------------------------------------------
@pytest.mark.parametrize("value", [5, 1.5, True, 1e-320])
def test_pattern_properties_that_is_no_object_is_refused(value: Any) -> None:
    with pytest.raises(SchemaError, match=r"^'patternProperties' must be an object at \$$"):
        normalize({"type": "object", "patternProperties": value})


@pytest.mark.parametrize("value", [5, {"a": 1}, ["date"], None])
def test_a_format_that_is_no_string_is_refused(value: Any) -> None:
    s = {"type": "object", "properties": {"a": {"type": "string", "format": value}}}
    for target in ("openai.chat", "gemini", "anthropic.tool"):
        with pytest.raises(SchemaError, match=r"^'format' must be a string at \$.properties.a, got ") as err:
            render(s, target, on_error="report")
        assert err.value.loc == "$.properties.a.format"
    with pytest.raises(SchemaError):
        validate({"a": "x"}, s, formats=True)


# -- bug 6: a huge count in a message ---------------------------------------------------------------
@pytest.mark.parametrize("bound", [10**4000, 10**5000], ids=["4001-digits", "5001-digits"])
def test_a_huge_min_contains_is_shown_short(bound: int) -> None:
    issues = validate([1], {"type": "array", "contains": {}, "minContains": bound})
    assert [i.keyword for i in issues] == ["contains"]
    assert len(issues[0].message) < 120 and issues[0].message.endswith("matching items, got 1")


# -- bug 7: check_limits and keys that are not text ---------------------------------------------------
@pytest.mark.parametrize(("schema", "where"), [
    ({"type": "object", "properties": {1: {}}}, "$.properties"),
    ({"type": "object", "$defs": {1: {}}}, "$.$defs"),
    ({"type": "object", "patternProperties": {1: {}}}, "$.patternProperties"),
    ({"type": "object", "properties": {"a": {"const": {1: 2}}}}, "$.properties.a.const"),
    ({"type": "object", "properties": {"a": {"enum": [{"k": {(1, 2): 3}}]}}}, "$.properties.a.enum"),
])
def test_check_limits_refuses_a_key_that_is_not_text(schema: Any, where: str) -> None:
    with pytest.raises(SchemaError, match=r"^Schema has a non-string key .* at ") as err:
        check_limits(schema, "openai.chat")
    assert err.value.loc == where
