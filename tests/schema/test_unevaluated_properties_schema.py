"""``unevaluatedProperties`` with a schema applies that schema to each unevaluated
property (Draft 2020-12 core §11.3), as ``additionalProperties`` does (§10.3.2.3): a
wrong value is reported by the keyword it breaks (``type``, at the value), not as a
property that "is not allowed", so the model is not told to drop an allowed property
and ``validate_call(coerce=True)`` mends ``"3"`` for an integer. ``false`` still says
the property is not allowed."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import InvalidToolCall, Tool, ToolCall, validate_call
from toolwire.schema import validate


def _schema(kw: str, rest: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": {"a": {"type": "integer"}}, kw: rest}


@pytest.mark.parametrize("kw", ["additionalProperties", "unevaluatedProperties"])
def test_a_wrong_value_is_reported_by_the_keyword_it_breaks(kw: str) -> None:
    got = validate({"a": 1, "retries": "3"}, _schema(kw, {"type": "integer"}))
    assert [(i.pointer, i.keyword, i.message, i.schema_pointer) for i in got] == [
        ("/retries", "type", "\"3\" is not of type integer", f"/{kw}/type")]


@pytest.mark.parametrize("kw", ["additionalProperties", "unevaluatedProperties"])
def test_validate_call_says_what_is_wrong_and_coerce_mends_it(kw: str) -> None:
    tools = [Tool(name="f", parameters=_schema(kw, {"type": "integer"}))]
    bad = validate_call(ToolCall("f", {"a": 1, "retries": "3"}), tools)
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == "Arguments of 'f' do not match its schema: $.retries: \"3\" is not of type integer (type)."
    ok = validate_call(ToolCall("f", {"a": 1, "retries": "3"}), tools, coerce=True)
    assert type(ok) is ToolCall
    assert ok.args == {"a": 1, "retries": 3}


def test_false_still_says_the_property_is_not_allowed() -> None:
    got = validate({"a": 1, "retries": 3}, _schema("unevaluatedProperties", False))
    assert [(i.pointer, i.keyword, i.message) for i in got] == [
        ("/retries", "unevaluatedProperties", "property 'retries' is not allowed")]


def test_a_property_evaluated_by_a_branch_is_not_checked_again() -> None:
    schema = {"allOf": [{"properties": {"b": {"type": "string"}}}], "unevaluatedProperties": {"type": "integer"}}
    assert validate({"b": "x", "c": 1}, schema) == []
    assert [(i.pointer, i.keyword) for i in validate({"b": "x", "c": "1"}, schema)] == [("/c", "type")]
