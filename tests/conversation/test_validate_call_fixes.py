"""``validate_call`` on hostile schemas and values, and ``coerce=True`` under ``anyOf``."""

from __future__ import annotations

from typing import Any, Dict

from json_reach import nested, past_json_writer
from toolwire import InvalidToolCall, ToolCall, validate_call


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


INT_TOOL = {"name": "f", "parameters": {"type": "object", "properties": {"b": {"type": "integer"}}}}


def _changed(name: str, args: Dict[str, Any]) -> ToolCall:
    """A call whose ``args`` were changed after it was built (held as given): the
    constructor refuses an integer of more than 4300 digits, a caller's edit does not."""
    call = ToolCall(name, {})
    call.args.update(args)
    return call


def test_an_integer_python_cannot_print_gives_an_invalid_call_not_a_value_error() -> None:
    # args changed in code: json.dumps raised "Exceeds the limit (4300 digits) for integer
    # string conversion", a plain ValueError, for the raw text and again under coerce=True
    big = 10**5000
    bad = validate_call(_changed("f", {"a": big, "b": "x"}), [INT_TOOL])
    assert isinstance(bad, InvalidToolCall) and bad.raw is None
    assert bad.error == "Arguments of 'f' do not match its schema: $.b: \"x\" is not of type integer (type)."
    bad = validate_call(_changed("f", {"a": big, "b": "x"}), [INT_TOOL], coerce=True)
    assert isinstance(bad, InvalidToolCall) and bad.raw is None
    fixed = validate_call(_changed("f", {"a": [big], "b": "3"}), [INT_TOOL], coerce=True)
    assert type(fixed) is ToolCall and fixed.args == {"a": [big], "b": 3}
    ok = _changed("f", {"b": big})
    assert validate_call(ok, [INT_TOOL]) is ok
    unknown = validate_call(_changed("g", {"b": big}), [INT_TOOL])
    assert isinstance(unknown, InvalidToolCall) and unknown.raw is None and unknown.error.startswith("Unknown tool")


def test_arguments_python_cannot_print_in_other_ways_give_an_invalid_call() -> None:
    deep = nested(past_json_writer(5000))  # 5000 on CPython 3.11; json writes deeper from 3.12
    bad = validate_call(ToolCall("f", {"a": deep, "b": "x"}), [INT_TOOL], coerce=True)
    assert isinstance(bad, InvalidToolCall) and bad.raw is None


# pydantic's Optional[int]: {"anyOf": [{"type": "integer"}, {"type": "null"}]}
OPTIONAL = {"name": "f", "parameters": {"type": "object", "properties": {
    "n": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None},
    "x": {"anyOf": [{"type": "integer"}, {"type": "number"}]},
    "flag": {"oneOf": [{"type": "boolean"}, {"type": "null"}]},
    "r": {"anyOf": [{"$ref": "#/$defs/Count"}, {"type": "null"}]},
    "two": {"anyOf": [{"type": "integer", "minimum": 10}, {"type": "boolean"}]},
    "either": {"anyOf": [{"type": "integer"}, {"type": "boolean"}]}},
    "$defs": {"Count": {"type": "integer", "minimum": 0}}}}


def test_coerce_under_any_of_as_under_a_list_of_types() -> None:
    listed = {"name": "f", "parameters": {"type": "object", "properties": {"n": {"type": ["integer", "null"]}}}}
    for tools in ([listed], [OPTIONAL]):
        fixed = validate_call(ToolCall("f", {"n": "5"}), tools, coerce=True)
        assert type(fixed) is ToolCall and fixed.args == {"n": 5} and fixed.repairs == ("coerced-types",)
    fixed = validate_call(ToolCall("f", {"x": "2.5", "flag": "true", "r": "3"}), [OPTIONAL], coerce=True)
    assert type(fixed) is ToolCall and fixed.args == {"x": 2.5, "flag": True, "r": 3}
    fixed = validate_call(ToolCall("f", {"x": "7"}), [OPTIONAL], coerce=True)  # both branches: the same 7
    assert type(fixed) is ToolCall and fixed.args == {"x": 7}


def test_coerce_under_any_of_leaves_a_value_no_branch_accepts() -> None:
    bad = validate_call(ToolCall("f", {"two": "5", "r": "-1", "n": "five"}), [OPTIONAL], coerce=True)
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == (
        "Arguments of 'f' do not match its schema: $.two: \"5\" matches none of the allowed shapes (anyOf); "
        "$.r: \"-1\" matches none of the allowed shapes (anyOf); $.n: \"five\" matches none of the allowed shapes "
        "(anyOf)."
    )
    assert bad.raw == '{"two": "5", "r": "-1", "n": "five"}'
    fixed = validate_call(ToolCall("f", {"either": "true"}), [OPTIONAL], coerce=True)
    assert type(fixed) is ToolCall and fixed.args == {"either": True}
