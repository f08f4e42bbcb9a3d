"""DSML ``encode_text`` of a call without arguments writes the official encoder's bytes
(hunt 25, textA: TA-4).

deepseek-ai DeepSeek-V3.2 / V4 ``encoding/encoding_dsv32.py`` / ``encoding_dsv4.py``:
``tool_call_template = '<{dsml_token}invoke name="{name}">\\n{arguments}\\n</{dsml_token}invoke>'``
with ``arguments = "\\n".join(params)``: no parameters give an empty line.
"""

from __future__ import annotations

import pytest

from toolwire import ToolCall, decode_text, encode_text


@pytest.mark.parametrize(
    ("variant", "d", "start", "stop"),
    [
        (None, "｜DSML｜", "<｜DSML｜tool_calls>", "</｜DSML｜tool_calls>"),
        ("v4.1", "｜DSML｜ ", "<｜DSML｜ calls>", "</｜DSML｜ calls>"),
        ("v3.2", "｜DSML｜", "<｜DSML｜function_calls>", "</｜DSML｜function_calls>"),
    ],
)
def test_no_arguments(variant: str | None, d: str, start: str, stop: str) -> None:
    text = encode_text([ToolCall("g", {})], "text.deepseek", variant=variant)
    assert text == f'{start}\n<{d}invoke name="g">\n\n</{d}invoke>\n{stop}'
    assert [(c.name, c.args) for c in decode_text(text, "text.deepseek").tool_calls] == [("g", {})]


def test_with_arguments_unchanged() -> None:
    text = encode_text([ToolCall("g", {"a": "x", "b": 1}), ToolCall("h", {})], "text.deepseek")
    assert text == (
        '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="g">\n'
        '<｜DSML｜parameter name="a" string="true">x</｜DSML｜parameter>\n'
        '<｜DSML｜parameter name="b" string="false">1</｜DSML｜parameter>\n'
        '</｜DSML｜invoke>\n<｜DSML｜invoke name="h">\n\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>'
    )
