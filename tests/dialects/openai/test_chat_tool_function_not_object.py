"""A Chat tool definition whose ``function`` is no object (``{"type": "function",
"function": null}``) raises at ``$.function``, as the reader's own check says, not
"matches no known dialect" at ``$`` (openai-python ``ChatCompletionFunctionToolParam``:
``function`` is a required ``FunctionDefinition`` object)."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import DecodeError, ToolCall, decode_tool, validate_call


@pytest.mark.parametrize("fn", [None, [1], "get_weather", 3])
@pytest.mark.parametrize("dialect", ["openai.chat", None])
def test_a_function_that_is_no_object_is_refused_at_its_place(fn: Any, dialect: Any) -> None:
    with pytest.raises(DecodeError) as info:
        decode_tool({"type": "function", "function": fn}, dialect)
    assert info.value.loc == "$.function"
    assert info.value.message.startswith("Expected a 'function' object at $.function, got ")


def test_in_a_tools_list_too() -> None:
    with pytest.raises(DecodeError) as info:
        validate_call(ToolCall("f", {}, "c"), [{"type": "function", "function": None}])
    assert info.value.loc == "$[0].function"
