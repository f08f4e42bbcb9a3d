"""``validate_call`` on hostile schemas and values, and ``coerce=True`` under ``anyOf``."""

from __future__ import annotations

from typing import Any

from toolwire import InvalidToolCall, validate_call


def _all_of_twice(n: int) -> Any:
    defs: Any = {f"d{i}": {"allOf": [{"$ref": f"#/$defs/d{i + 1}"}, {"$ref": f"#/$defs/d{i + 1}"}]} for i in range(n)}
    defs[f"d{n}"] = {"type": "integer"}
    return {"type": "function", "function": {"name": "f", "parameters": {
        "type": "object", "properties": {"a": {"$ref": "#/$defs/d0"}}, "$defs": defs}}}


def test_an_allof_of_two_refs_to_one_definition_n_deep_gives_its_issue_once() -> None:
    # 2^n copies of one issue, in time and memory (n = 24: seconds; 30 never finished)
    bad = validate_call({"name": "f", "args": {"a": "x"}}, [_all_of_twice(30)])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == "Arguments of 'f' do not match its schema: $.a: \"x\" is not of type integer (type)."
