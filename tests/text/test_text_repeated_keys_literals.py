"""A Python literal read for an object- or array-typed parameter (the ``python-literal``
repair, as vLLM's Qwen3-Coder and GLM parsers' ``ast.literal_eval``) that gives a key twice
in one dict: the call is an ``InvalidToolCall`` naming the key, never a call holding the
last value (review revDup2Perf G1)."""

from __future__ import annotations

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.text import decode_text

TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {
    "type": "object", "properties": {"o": {"type": "object"}, "l": {"type": "array"}}}}}]
FORMS = {
    "text.minicpm": '<function name="f"><param name="o">{V}</param></function>',
    "text.qwen3-xml": "<tool_call>\n<function=f>\n<parameter=o>\n{V}\n</parameter>\n</function>\n</tool_call>",
    "text.seed-oss": "<seed:tool_call>\n<function=f>\n<parameter=o>{V}</parameter>\n</function>\n</seed:tool_call>",
    "text.minimax": '<minimax:tool_call>\n<invoke name="f">\n<parameter name="o">{V}</parameter>\n</invoke>\n'
                    "</minimax:tool_call>",
    "text.glm": "<tool_call>f\n<arg_key>o</arg_key>\n<arg_value>{V}</arg_value>\n</tool_call>",
}
REPEATS = ["{'x': 1, 'x': 2}", '{"x": 1, "x": 2,}', "{'a': {'x': 1, 'x': 2}}", "{'x': 1, \"x\": 2}"]


@pytest.mark.parametrize("value", REPEATS)
@pytest.mark.parametrize("fmt", sorted(FORMS))
def test_a_python_literal_repeating_a_key_makes_the_call_invalid(fmt: str, value: str) -> None:
    [bad] = decode_text(FORMS[fmt].replace("{V}", value), fmt, tools=TOOLS, finish_reason="stop").tool_calls
    assert isinstance(bad, InvalidToolCall), bad
    assert "repeats the key 'x'" in bad.error and "'o'" in bad.error, bad.error


def test_a_list_literal_of_a_dict_repeating_a_key() -> None:
    text = FORMS["text.qwen3-xml"].replace("parameter=o", "parameter=l").replace("{V}", "[{'x': 1, 'x': 2}]")
    [bad] = decode_text(text, "text.qwen3-xml", tools=TOOLS, finish_reason="stop").tool_calls
    assert isinstance(bad, InvalidToolCall) and "repeats the key 'x'" in bad.error, bad


@pytest.mark.parametrize(("value", "args"), [
    ("{'x': 1, 'y': 2}", {"x": 1, "y": 2}),
    ('{"x": 1, "y": 2,}', {"x": 1, "y": 2}),
    ("{'a': {'x': 1}, 'b': {'x': 2}}", {"a": {"x": 1}, "b": {"x": 2}}),
    ("{'x': [{'k': 1}, {'k': 2}]}", {"x": [{"k": 1}, {"k": 2}]}),
])
@pytest.mark.parametrize("fmt", sorted(FORMS))
def test_a_python_literal_with_distinct_keys_is_still_repaired(fmt: str, value: str, args: object) -> None:
    [good] = decode_text(FORMS[fmt].replace("{V}", value), fmt, tools=TOOLS, finish_reason="stop").tool_calls
    assert isinstance(good, ToolCall) and good.args == {"o": args} and "python-literal" in good.repairs, good
