"""Nothing lost, no wrong values (#17 item 5): the shapes engines' own tests feed their parsers."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire.text.llama import JSON_AFTER_PROSE

WEATHER = {
    "name": "get_current_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "state": {"type": "string"}}},
}


# -- a value whose closing tag is missing never swallows the next parameter ----------------
# vLLM tests/tool_parsers/test_qwen3coder_tool_parser.py feeds <parameter=city>Dallas without its
# </parameter>; vLLM cuts the value at the next <parameter=; toolwire refuses the call (raw kept).
@pytest.mark.parametrize(
    "text",
    [
        "<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n<parameter=state>\nTX\n"
        "</parameter>\n</function>\n</tool_call>",
        "<tool_call>\n<function=get_current_weather>\n<parameter=city>Dallas\n<parameter=state>TX</parameter>\n"
        "</function>\n</tool_call>",
        "<tool_call>\n<function=get_current_weather>\n<parameter=city><parameter=state>TX</parameter>\n"
        "</function>\n</tool_call>",
    ],
)
def test_qwen3_missing_parameter_end_is_no_call(text: str) -> None:
    check(text, "text.qwen3-xml", None, None, [Invalid("get_current_weather", raw=text)])
    check(text, "text.qwen3-xml", None, None, [Invalid("get_current_weather", raw=text)], tools=[WEATHER])


@pytest.mark.parametrize(
    "text",
    [
        # GLM-4.7 writes no newlines (zai-org/GLM-4.7 chat_template.jinja); the arg_value is left open
        "<tool_call>get_current_weather<arg_key>city</arg_key><arg_value>Dallas<arg_key>state</arg_key>"
        "<arg_value>TX</arg_value></tool_call>",
        "<tool_call>get_current_weather\n<arg_key>city</arg_key>\n<arg_value>Dallas\n<arg_key>state</arg_key>\n"
        "<arg_value>TX</arg_value>\n</tool_call>",
    ],
)
def test_glm_missing_value_end_is_no_call(text: str) -> None:
    check(text, "text.glm", None, None, [Invalid("get_current_weather", raw=text)])


@pytest.mark.parametrize("sp", ["", " "])  # V3.2 / V4 tags, V4.1 tags (a space after ｜DSML｜)
def test_dsml_missing_parameter_end_is_no_call(sp: str) -> None:
    opener = {"": "<｜DSML｜function_calls>", " ": "<｜DSML｜ calls>"}[sp]
    closer = opener.replace("<", "</", 1)
    text = (
        f'{opener}\n<｜DSML｜{sp}invoke name="get_current_weather">\n'
        f'<｜DSML｜{sp}parameter name="city" string="true">Dallas\n'
        f'<｜DSML｜{sp}parameter name="state" string="true">TX</｜DSML｜{sp}parameter>\n'
        f"</｜DSML｜{sp}invoke>\n{closer}"
    )
    check(text, "text.deepseek", None, None, [Invalid("get_current_weather", raw=text)])


# -- markup inside a value is the value's text ----------------------------------------------
def test_markup_inside_values_is_text() -> None:
    code = "print('<tool_call>')\n# <function=x> and </function> and </tool_call>\ns = '<parameter=y>'"
    text = f"<tool_call>\n<function=write>\n<parameter=content>\n{code}\n</parameter>\n</function>\n</tool_call>"
    check(text, "text.qwen3-xml", None, None, [C("write", {"content": code})])
    glm = "a <tool_call>b</tool_call> <arg_key>k</arg_key> c"
    text = f"<tool_call>write<arg_key>content</arg_key><arg_value>{glm}</arg_value></tool_call>"
    check(text, "text.glm", None, None, [C("write", {"content": glm})])
    dsml = "</｜DSML｜invoke></｜DSML｜function_calls> <tool_call>"
    text = (f'<｜DSML｜function_calls><｜DSML｜invoke name="write"><｜DSML｜parameter name="content" '
            f'string="true">{dsml}</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>')
    check(text, "text.deepseek", None, None, [C("write", {"content": dsml})])
    gemma = "<tool_call|> <|tool_call>call:x{}"
    check(f'<|tool_call>call:write{{content:<|"|>{gemma}<|"|>}}<tool_call|>', "text.gemma", None, None,
          [C("write", {"content": gemma})])


# -- DSML invoke with a JSON body (SGLang deepseekv32_detector "Format 2: direct JSON") ------------
@pytest.mark.parametrize(
    ("opener", "d"),
    [("<｜DSML｜function_calls>", "｜DSML｜"), ("<｜DSML｜tool_calls>", "｜DSML｜"), ("<｜DSML｜ calls>", "｜DSML｜ ")],
)
def test_dsml_invoke_with_a_json_body_keeps_its_arguments(opener: str, d: str) -> None:
    closer = opener.replace("<", "</", 1)
    text = f'{opener}\n<{d}invoke name="get_favorite_tourist_spot">\n{{ "city": "San Francisco", "n": 2 }}\n</{d}invoke>\n{closer}'
    check(text, "text.deepseek", None, None, [C("get_favorite_tourist_spot", {"city": "San Francisco", "n": 2})])
    bad = f'{opener}<{d}invoke name="f">{{"city": </{d}invoke>{closer}'
    check(bad, "text.deepseek", None, None, [Invalid("f", truncated=True)])


# -- two <|python_tag|> calls in a row are two calls --------------------------------------------
@pytest.mark.parametrize("sep", ["", "\n", " "])
def test_llama_two_python_tags(sep: str) -> None:
    text = (f'<|python_tag|>{{"name": "f", "parameters": {{"a": 1}}}}{sep}'
            f'<|python_tag|>{{"name": "g", "parameters": {{"b": 2}}}}')
    check(text, "text.llama", None, None, [C("f", {"a": 1}), C("g", {"b": 2})], finish_reason="tool_calls")
    check(text + "<|eom_id|>", "text.llama", None, None, [C("f", {"a": 1}), C("g", {"b": 2})])
    text = '<|python_tag|>brave_search.call(query="a")<|python_tag|>wolfram_alpha.call(query="b")<|eom_id|>'
    check(text, "text.llama", None, None, [C("brave_search", {"query": "a"}), C("wolfram_alpha", {"query": "b"})])


# -- Llama JSON after leading prose: an option (vLLM llama3_json and SGLang's llama3 detector
# find '{"name"' anywhere) ---------------------------------------------------------------------
def test_llama_json_after_prose_is_an_option() -> None:
    text = 'Let me check the weather. {"name": "get_weather", "parameters": {"city": "Paris", "o": {"u": "C"}}}'
    check(text, "text.llama", text, None, [])
    check(text, JSON_AFTER_PROSE, "Let me check the weather.", None,
          [C("get_weather", {"city": "Paris", "o": {"u": "C"}})])
    two = 'First: { "name": "a", "arguments": {} } then {"name": "b", "parameters": {"x": "}"}} done'
    check(two, JSON_AFTER_PROSE, "First:  then  done", None, [C("a"), C("b", {"x": "}"})])
    prose = 'A person is {"name": "Bob", "age": 3} in JSON.'  # no parameters/arguments: not a call
    check(prose, JSON_AFTER_PROSE, prose, None, [])
    cut = 'Sure {"name": "f", "parameters": {"a": 1'
    check(cut, JSON_AFTER_PROSE, "Sure", None, [Invalid("f", truncated=True, raw=cut[5:])])


def test_llama_start_json_that_is_no_call_keeps_every_character() -> None:
    for text in ('{"a": 1} is JSON', '{"a": 1}; hello', '{"a": 1} {"b": 2}', "[1, 2] ok"):
        check(text, "text.llama", text, None, [])
