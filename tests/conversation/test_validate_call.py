"""``validate_call``: unknown names and schema violations give an ``InvalidToolCall``
with a short error for the model; ``coerce=True`` repairs string numbers/booleans."""

from __future__ import annotations

from toolwire import InvalidToolCall, Tool, ToolCall, validate_call

# the get_weather tool of https://platform.openai.com/docs/guides/function-calling
WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get current temperature for a given location.",
        "parameters": {
            "type": "object",
            "properties": {
                "location": {"type": "string"},
                "days": {"type": "integer", "minimum": 1},
                "metric": {"type": "boolean"},
            },
            "required": ["location"],
            "additionalProperties": False,
        },
    },
}
TOOLS = [WEATHER, Tool("get_time", parameters={"type": "object", "properties": {}})]


def test_a_valid_call_is_returned_as_is() -> None:
    call = ToolCall("get_weather", {"location": "Paris", "days": 2}, "call_1")
    assert validate_call(call, TOOLS) is call


def test_an_unknown_tool_name() -> None:
    bad = validate_call(ToolCall("get_wether", {"location": "Paris"}, "call_1"), TOOLS)
    assert isinstance(bad, InvalidToolCall)
    assert (bad.name, bad.id, bad.raw) == ("get_wether", "call_1", '{"location": "Paris"}')
    assert bad.error == "Unknown tool 'get_wether'; the tools offered are: get_weather, get_time."


def test_arguments_that_break_the_schema() -> None:
    bad = validate_call(ToolCall("get_weather", {"days": 0, "city": "Paris"}, "call_1"), TOOLS)
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == (
        "Arguments of 'get_weather' do not match its schema: $: property 'location' is required (required); "
        "$.days: 0 is less than the minimum of 1 (minimum); $.city: property 'city' is not allowed "
        "(additionalProperties)."
    )


def test_coerce_turns_string_numbers_and_booleans_into_the_schema_types() -> None:
    call = ToolCall("get_weather", {"location": "Paris", "days": "3", "metric": "true"}, "call_1")
    assert isinstance(validate_call(call, TOOLS), InvalidToolCall)
    fixed = validate_call(call, TOOLS, coerce=True)
    assert type(fixed) is ToolCall
    assert fixed.args == {"location": "Paris", "days": 3, "metric": True}
    assert fixed.repairs == ("coerced-types",)


def test_coerce_never_turns_a_string_field_into_a_number() -> None:
    call = ToolCall("get_weather", {"location": 75001}, "call_1")
    bad = validate_call(call, TOOLS, coerce=True)
    assert isinstance(bad, InvalidToolCall) and "is not of type string" in bad.error


def test_coerce_that_does_not_help_reports_the_remaining_errors() -> None:
    bad = validate_call(ToolCall("get_weather", {"location": "Paris", "days": "three"}, "c"), TOOLS, coerce=True)
    assert isinstance(bad, InvalidToolCall) and '$.days: "three" is not of type integer' in bad.error


def test_wire_calls_and_tools_of_any_dialect() -> None:
    anthropic_call = {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"location": "Oslo"}}
    anthropic_tool = {"name": "get_weather", "input_schema": WEATHER["function"]["parameters"]}  # type: ignore[index]
    got = validate_call(anthropic_call, [anthropic_tool])
    assert got == ToolCall("get_weather", {"location": "Oslo"}, "toolu_1")


def test_coerce_reads_numbers_only_for_number_types() -> None:
    """A string where an array (or null) belongs stays a string, even when it spells a
    number: coercion reads a number only for ``integer`` / ``number``."""
    tool = Tool("f", parameters={"type": "object", "properties": {"ids": {"type": "array"}, "n": {"type": "null"}}})
    bad = validate_call(ToolCall("f", {"ids": "5", "n": "7"}, "c"), [tool], coerce=True)
    assert isinstance(bad, InvalidToolCall)
    assert '$.ids: "5" is not of type array' in bad.error and '$.n: "7" is not of type null' in bad.error


def test_coerce_never_reads_a_non_finite_number() -> None:
    """``"NaN"`` / ``"Infinity"`` spell no JSON number: the call stays invalid (JSON
    cannot carry the value, and no bound check holds for nan)."""
    tool = Tool("f", parameters={"type": "object", "properties": {"n": {"type": "number", "minimum": 0}}})
    for text in ("NaN", "Infinity", "-Infinity", "1e999"):
        bad = validate_call(ToolCall("f", {"n": text}, "c"), [tool], coerce=True)
        assert isinstance(bad, InvalidToolCall), text
        assert f'$.n: "{text}" is not of type number' in bad.error
