"""What each failed keyword reports: the instance pointer, the keyword as JSON Schema
spells it, the schema pointer and the message a correction turn quotes to the model
(``retry`` names "each JSON Pointer and keyword"). Written from a mutation sample of
``schema/_validate.py`` (docs/testing.md)."""

from __future__ import annotations

from typing import Any, Dict, Tuple

import pytest

from toolwire import schema
from toolwire.schema import ValidationIssue

CASES: Dict[str, Tuple[Any, Any, bool, ValidationIssue]] = {
    "format email": ("not-an-email", {"type": "string", "format": "email"}, True,
                     ValidationIssue("", "format", '"not-an-email" is not a valid "email"', "/format")),
    "format ipv4": ("1.2.3.999", {"format": "ipv4"}, True,
                    ValidationIssue("", "format", '"1.2.3.999" is not a valid "ipv4"', "/format")),
    "format ipv6": ("1.2.3.4", {"format": "ipv6"}, True,
                    ValidationIssue("", "format", '"1.2.3.4" is not a valid "ipv6"', "/format")),
    "maxItems": ([1, 2, 3], {"maxItems": 2}, False,
                 ValidationIssue("", "maxItems", "expected at most 2 items, got 3", "/maxItems")),
    "maxProperties": ({"a": 1, "b": 2}, {"maxProperties": 1}, False,
                      ValidationIssue("", "maxProperties", "expected at most 1 properties", "/maxProperties")),
    "minLength": ("ab", {"minLength": 3}, False,
                  ValidationIssue("", "minLength", '"ab" is shorter than 3 characters', "/minLength")),
    "maxLength": ("abcd", {"maxLength": 3}, False,
                  ValidationIssue("", "maxLength", '"abcd" is longer than 3 characters', "/maxLength")),
    "propertyNames": ({"zz": 1}, {"propertyNames": {"maxLength": 1}}, False,
                      ValidationIssue("/zz", "propertyNames", "property name 'zz' is not allowed", "/propertyNames")),
    "anyOf": (5, {"anyOf": [{"type": "string"}, {"type": "null"}]}, False,
              ValidationIssue("", "anyOf", "5 matches none of the allowed shapes", "/anyOf")),
    "additionalProperties": ({"x": "1"}, {"additionalProperties": {"type": "integer"}}, False,
                             ValidationIssue("/x", "type", '"1" is not of type integer', "/additionalProperties/type")),
    "patternProperties": ({"x1": "1"}, {"patternProperties": {"^x": {"type": "integer"}}}, False,
                          ValidationIssue("/x1", "type", '"1" is not of type integer', "/patternProperties/^x/type")),
    "else": (5, {"if": {"type": "string"}, "then": {}, "else": {"type": "string"}}, False,
             ValidationIssue("", "type", "5 is not of type string", "/else/type")),
    "$ref": ({"a": {"b": "x"}},
             {"$defs": {"B": {"type": "integer"}}, "properties": {"a": {"properties": {"b": {"$ref": "#/$defs/B"}}}}},
             False, ValidationIssue("/a/b", "type", '"x" is not of type integer', "/$defs/B/type")),
    "unevaluatedItems": ([1, "x"], {"prefixItems": [{"type": "integer"}], "unevaluatedItems": {"type": "integer"}},
                         False, ValidationIssue("/1", "type", '"x" is not of type integer', "/unevaluatedItems/type")),
    "unevaluatedProperties": ({"a": 1, "b": "x"}, {"properties": {"a": {}}, "unevaluatedProperties": {"type": "integer"}},
                              False, ValidationIssue("/b", "type", '"x" is not of type integer',
                                                     "/unevaluatedProperties/type")),
    "non-ASCII kept in messages": ("é" * 3, {"type": "integer"}, False,
                                   ValidationIssue("", "type", '"ééé" is not of type integer', "/type")),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_keyword_reports_where_and_what(name: str) -> None:
    instance, sch, formats, issue = CASES[name]
    assert schema.validate(instance, sch, formats=formats) == [issue]
    assert str(issue).endswith(f"({issue.keyword})")


def test_formats_are_checked_only_when_asked() -> None:
    assert schema.validate("not-an-email", {"format": "email"}) == []
    assert schema.validate("::1", {"format": "ipv6"}, formats=True) == []


def test_a_value_nested_past_the_stack_is_one_depth_issue_where_it_stopped() -> None:
    value: Any = []
    for _ in range(5000):
        value = [value]
    [issue] = schema.validate(value, {"items": {"$ref": "#"}})
    assert (issue.keyword, issue.message) == ("depth", "the value is nested too deeply to check")
    assert issue.schema_pointer in ("", "/items")  # the root (reached by "$ref": "#") or its items, by the stack's room
    assert issue.pointer.startswith("/0/0/0/0")


_LINKED = {"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#/$defs/L"}, {"type": "null"}]}}}


def _chain(n: int) -> Dict[str, Any]:
    value: Dict[str, Any] = {"next": None}
    for _ in range(n - 1):
        value = {"next": value}
    return value


@pytest.mark.parametrize("shape", [
    {"not": {"$ref": "#/$defs/L"}},
    {"oneOf": [{"$ref": "#/$defs/L"}, {"type": "object", "required": ["next"]}]},
    {"if": {"$ref": "#/$defs/L"}, "then": {"type": "object"}, "else": {"type": "string"}},
    {"anyOf": [{"$ref": "#/$defs/L"}, {"type": "string"}]},
])
def test_a_value_past_the_stack_inside_a_combinator_is_one_depth_issue(shape: Dict[str, Any]) -> None:
    # (the structured-output hunt: the depth issue made the branch fail, so ``not`` accepted
    # an instance its schema matches, ``oneOf`` one both branches match, ``if`` took ``else``
    # and rejected a valid value; jsonschema: ["not"], ["oneOf"], [])
    value = _chain(3_000)
    issues = schema.validate(value, {**shape, "$defs": {"L": _LINKED}})
    assert [i.keyword for i in issues] == ["depth"]
    # within the stack, the verdicts jsonschema gives
    small = schema.validate(_chain(5), {**shape, "$defs": {"L": _LINKED}})
    assert [i.keyword for i in small] == {"not": ["not"], "oneOf": ["oneOf"]}.get(next(iter(shape)), [])
