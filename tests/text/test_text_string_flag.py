"""A value the markup flags as a string stays text when the schema is a union that
includes string (hunt 28, templates: 1).

The templates write the flag exactly for string values: DeepSeek V4 / V3.2
``string="true"`` when ``val is string`` (llama.cpp ``models/templates/
deepseek-ai-DeepSeek-V4.jinja`` lines 114-115, ``deepseek-ai-DeepSeek-V3.2.jinja``
lines 93-94), Kimi K3 ``type="string"`` from ``xtml_type(value)`` (``Kimi-K3.jinja``
lines 98-106, 148), GigaChat 3.5 GCML the same attribute as DSML. vLLM's DeepSeek V4
``_dsml_arg_converter`` keeps a ``string="true"`` value's text without looking at the
schema. So ``str | None`` keeps the word ``null``, ``str | int`` keeps ``5``; the schema
overrides the flag only where it rules a string out (an integer-only parameter reads
``5`` as 5, ``test_text_dsml_string_false``).
"""

from __future__ import annotations

import pytest
from textcheck import C, check

TOOLS = [{"type": "function", "function": {"name": "search", "parameters": {"type": "object", "properties": {
    "q": {"type": ["string", "null"]}, "code": {"type": ["string", "integer"]},
    "flag": {"anyOf": [{"type": "string"}, {"type": "boolean"}]}, "n": {"type": "integer"}}}}}]
TEXT = {"q": "null", "code": "5", "flag": "true"}


def _dsml(d: str, block: str) -> str:
    # the rendering of {"q": "null", "code": "5", "flag": "true"} by the V4 (tool_calls)
    # and V3.2 (function_calls) templates, with {"type": ["string", "null"]}... in tools
    params = "".join(f'<{d}parameter name="{k}" string="true">{v}</{d}parameter>\n' for k, v in TEXT.items())
    return f'<{d}{block}>\n<{d}invoke name="search">\n{params}</{d}invoke>\n</{d}{block}>'


# Kimi-K3.jinja's rendering of the same arguments (after its <|open|>response…<|close|>response<|sep|>)
K3 = ('<|open|>tools<|sep|><|open|>call tool="search" index="1"<|sep|>'
      '<|open|>argument key="q" type="string"<|sep|>null<|close|>argument<|sep|>'
      '<|open|>argument key="code" type="string"<|sep|>5<|close|>argument<|sep|>'
      '<|open|>argument key="flag" type="string"<|sep|>true<|close|>argument<|sep|>'
      '<|close|>call<|sep|><|close|>tools<|sep|>')
GCML = _dsml("｜GCML｜", "tool_calls")

CASES = [
    pytest.param(_dsml("｜DSML｜", "tool_calls"), "text.deepseek", id="deepseek-v4"),
    pytest.param(_dsml("｜DSML｜", "function_calls"), "text.deepseek", id="deepseek-v3.2"),
    pytest.param(GCML, "text.gigachat", id="gigachat-3.5"),
    pytest.param(K3, "text.kimi", id="kimi-k3"),
]


@pytest.mark.parametrize(("text", "dialect"), CASES)
def test_a_string_flag_wins_over_a_union_that_includes_string(text: str, dialect: str) -> None:
    check(text, dialect, None, None, [C("search", TEXT)], tools=TOOLS)
    check(text, dialect, None, None, [C("search", TEXT)])


def test_the_schema_still_overrides_the_flag_where_it_rules_a_string_out() -> None:
    text = '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="search">\n' \
           '<｜DSML｜parameter name="n" string="true">5</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>'
    check(text, "text.deepseek", None, None, [C("search", {"n": 5})], tools=TOOLS)
