"""Families whose engines' parsers read a format toolwire already has (docs/text-formats.md,
"Read by an existing format"): each decoded with that format.

Texts: what each chat template writes for an assistant turn with content "Let me check."
and the calls get_weather(city="Paris", days=3) and now() — the templates as vendored by
ggml-org/llama.cpp (``models/templates/``: Apriel-1.6-15b-Thinker-fixed, inclusionai-ling-3.0-flash,
poolside-Laguna-S-2.1, Spark2.5, Bielik-11B-v3.0-Instruct, Reka-Edge, MiMo-VL), rendered with
jinja2, the model's own stop token left out as servers strip it; Phi-4-mini's from
vllm-project/vllm ``tests/tool_parsers/test_phi4mini_tool_parser.py`` (parser ``phi4_mini_json``).
"""

from __future__ import annotations

import pytest
from textcheck import C, check

TWO = [C("get_weather", {"city": "Paris", "days": 3}), C("now")]
HERMES = ('Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call>\n'
          '<tool_call>\n{"name": "now", "arguments": {}}\n</tool_call><|im_end|>\n')


@pytest.mark.parametrize(("family", "dialect", "text"), [
    ("Apriel 1.6", "text.jamba",
     'Let me check.\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}, '
     '{"name": "now", "arguments": {}}]</tool_calls>'),
    ("Ling 3.0", "text.glm",
     "</think>Let me check.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>"
     "<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>\n<tool_call>now\n\n</tool_call>"),
    ("Laguna S 2.1", "text.glm",
     "</think>Let me check.<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value>"
     "<arg_key>days</arg_key><arg_value>3</arg_value></tool_call><tool_call>now</tool_call>"),
    ("Spark 2.5", "text.glm",
     "Let me check.<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value>"
     "<arg_key>days</arg_key><arg_value>3</arg_value></tool_call><tool_call>now</tool_call>"),
    ("Bielik 11B v3 / MiMo-VL", "text.hermes", HERMES),
    ("Reka Edge", "text.hermes",
     ' Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call>'
     '<tool_call>\n{"name": "now", "arguments": {}}\n</tool_call>\n\n'),
])
def test_template_text_reads_with_the_existing_format(family: str, dialect: str, text: str) -> None:
    tools = [{"name": "get_weather", "parameters": {"type": "object", "properties": {
        "city": {"type": "string"}, "days": {"type": "integer"}}}}, {"name": "now", "parameters": {}}]
    check(text, dialect, "Let me check.", None, TWO, tools=tools)


def test_phi4_mini_functools_reads_as_firefunction() -> None:
    tokyo = C("get_weather", {"city": "Tokyo"})
    check('functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]', "text.firefunction", None, None,
          [tokyo])
    check('functools[\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n'
          '  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]', "text.firefunction", None, None,
          [tokyo, C("get_time", {"timezone": "Asia/Tokyo"})])
    check('Let me check the weather for you.\nfunctools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\n'
          "Would you like to know more?", "text.firefunction",
          "Let me check the weather for you.\n\nWould you like to know more?", None, [tokyo])
