"""text.apertus: Swiss AI Apertus <|tools_prefix|>[{"NAME": {args}}]<|tools_suffix|> (the chat
template llama.cpp vendors, rendered with jinja2 as transformers renders it)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.apertus"
# an assistant turn with content "Let me check." and two tool calls (arguments as objects)
BLOCK = '<|tools_prefix|>[{"get_weather": {"city": "Paris", "days": 3}}, {"now": {}}]<|tools_suffix|>'
TWO = [C("get_weather", {"city": "Paris", "days": 3}), C("now")]


def test_rendered_calls() -> None:
    check("Let me check." + BLOCK, D, "Let me check.", None, TWO)
    check(BLOCK + "<|assistant_end|>", D, None, None, TWO)


def test_arguments_written_as_a_json_string() -> None:
    # the template's tojson of an OpenAI arguments string: one level of double encoding
    check('<|tools_prefix|>[{"get_weather": "{\\"city\\": \\"Paris\\"}"}]<|tools_suffix|>', D, None, None,
          [C("get_weather", {"city": "Paris"})])


def test_deliberation() -> None:
    # the template's blocks: thoughts, then the calls inside the deliberation (the turn
    # stops after <|tools_suffix|>); later the deliberation closes and the answer follows
    check("<|inner_prefix|>Think.<|tools_prefix|>[{\"get_weather\": {\"city\": \"Paris\"}}]<|tools_suffix|>", D,
          None, "Think.", [C("get_weather", {"city": "Paris"})])
    check("<|inner_prefix|>Think.<|inner_suffix|>Sunny.", D, "Sunny.", "Think.", [])
    # a call inside a closed block is reasoning text
    text = "<|inner_prefix|>I could " + BLOCK + " but no.<|inner_suffix|>No."
    check(text, D, "No.", "I could " + BLOCK + " but no.", [])


def test_markers_inside_strings() -> None:
    check('<|tools_prefix|>[{"echo": {"s": "]<|tools_suffix|> 東京"}}]<|tools_suffix|>', D, None, None,
          [C("echo", {"s": "]<|tools_suffix|> 東京"})])


def test_objects_of_another_shape_are_invalid_calls() -> None:
    text = '<|tools_prefix|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]<|tools_suffix|>'
    check(text, D, None, None, [Invalid("name", raw=text)])
    text = '<|tools_prefix|>[{}]<|tools_suffix|>'
    check(text, D, None, None, [Invalid(None, raw=text)])
    text = '<|tools_prefix|>[{"get_weather": [1]}]<|tools_suffix|>'
    check(text, D, None, None, [Invalid("get_weather", raw=text)])
    check('<|tools_prefix|>[{"now": {}}, 1]<|tools_suffix|>', D, None, None, [C("now"), Invalid(None)])


def test_cut_off_block() -> None:
    text = BLOCK[: BLOCK.index('"now"') + 8]
    check(text, D, None, None, [TWO[0], Invalid("now", truncated=True, raw=text)])
    text = BLOCK[:35]
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])
    text = BLOCK[:18]
    check(text, D, None, None, [Invalid(None, truncated=True, raw=text)])


def test_encode_writes_the_template_block() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Paris", "days": 3}), ToolCall(name="now", args={})]
    assert encode_text(calls, D) == BLOCK
