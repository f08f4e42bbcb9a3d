"""Seed-OSS and MiniMax M2 string values are read as their chat templates write them.

The Seed-OSS template (ggml-org/llama.cpp ``models/templates/ByteDance-Seed-OSS.jinja``)
writes ``"<parameter=" + arg_name + ">"`` then ``arg_value + "</parameter>\\n"``; the
MiniMax-M2 template (``models/templates/unsloth-MiniMax-M2.jinja``) writes
``'<parameter name="' + k + '">'``, ``v``, ``'</parameter>'``: no newline of the
markup around a value. A value's own first or last newline is its text (code ending
in a newline keeps it), and ``encode_text`` writes what the template writes.
"""

from __future__ import annotations

import pytest
from textcheck import C, check

from toolwire.text._api import decode_text, encode_text

TOOLS = [{"name": "write_file", "parameters": {"type": "object", "properties": {
    "content": {"type": "string"}, "n": {"type": "integer"}, "opts": {"type": "object"}}}}]


def _seed(param: str) -> str:
    # the template's render of one call (tool_call block, function line, parameters)
    return f"\n<seed:tool_call>\n<function=write_file>\n{param}</function>\n</seed:tool_call>"


def _minimax(param: str) -> str:
    return f'\n<minimax:tool_call>\n<invoke name="write_file">\n{param}</invoke>\n</minimax:tool_call>'


VALUES = ["print('hi')\n", "\n    x = 1\n", "\nb", "\n", "\n\n", "a\n\n", "  padded  ", "Paris"]


@pytest.mark.parametrize("value", VALUES)
def test_seed_oss_value_kept_as_written(value: str) -> None:
    text = _seed(f"<parameter=content>{value}</parameter>\n")
    check(text, "text.seed-oss", None, None, [C("write_file", {"content": value})], tools=TOOLS)
    check(text, "text.seed-oss", None, None, [C("write_file", {"content": value})])


@pytest.mark.parametrize("value", VALUES)
def test_minimax_value_kept_as_written(value: str) -> None:
    text = _minimax(f'<parameter name="content">{value}</parameter>\n')
    check(text, "text.minimax", None, None, [C("write_file", {"content": value})], tools=TOOLS)
    check(text, "text.minimax", None, None, [C("write_file", {"content": value})])


def test_seed_oss_encode_writes_the_template_render() -> None:
    call = C("write_file", {"content": "print('hi')\n", "n": 3})
    # the template (| string for non-strings; toolwire writes JSON) with its leading "\n" left out
    assert encode_text([call], "text.seed-oss") == (
        "<seed:tool_call>\n<function=write_file>\n<parameter=content>print('hi')\n</parameter>\n"
        "<parameter=n>3</parameter>\n</function>\n</seed:tool_call>")


def test_minimax_encode_writes_the_template_render() -> None:
    call = C("write_file", {"content": "\n    x = 1\n", "opts": {"a": 1}})
    assert encode_text([call], "text.minimax") == (
        '<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="content">\n    x = 1\n</parameter>\n'
        '<parameter name="opts">{"a": 1}</parameter>\n</invoke>\n</minimax:tool_call>')


@pytest.mark.parametrize("dialect", ["text.seed-oss", "text.minimax"])
@pytest.mark.parametrize("value", [*VALUES, "", " ", "\r\n", "x\n\ny\n"])
def test_round_trip(dialect: str, value: str) -> None:
    call = C("write_file", {"content": value, "n": 3})
    text = encode_text([call], dialect)
    assert list(decode_text(text, dialect, tools=TOOLS).tool_calls) == [call]
    assert list(decode_text(text, dialect).tool_calls) == [call]


@pytest.mark.parametrize(("dialect", "wrap"), [("text.seed-oss", _seed), ("text.minimax", _minimax)])
def test_typed_values_read_around_line_breaks(dialect: str, wrap: object) -> None:
    # a number or JSON value the model puts on lines of its own still reads as that value
    head = "<parameter=" if dialect == "text.seed-oss" else '<parameter name="'
    mid = ">" if dialect == "text.seed-oss" else '">'
    text = wrap(f"{head}n{mid}\n3\n</parameter>\n{head}opts{mid}\n{{\"a\": 1}}\n</parameter>\n")  # type: ignore[operator]
    check(text, dialect, None, None, [C("write_file", {"n": 3, "opts": {"a": 1}})], tools=TOOLS)
