"""DSML ``string="false"``: the value is JSON, also with ``tools=`` when it is a JSON
string for a string parameter (hunt 25, textA: TA-6).

The V3.2 / V4 system prompt: "String parameters should be specified as is and set
``string="true"``. For all other types … pass the value in JSON format and set
``string="false"``"; vLLM ``vllm/parser/deepseek_v4.py`` ``_dsml_arg_converter``
json-decodes every ``string="false"`` value, and the official
``decode_dsml_to_arguments`` splices it into the JSON as is: ``"hello"`` is ``hello``.
The schema still decides where the flag is wrong for it (``02139`` stays text for a
string parameter; a JSON string ``"5"`` for an integer one is read as JSON first, then
typed: 5, not the text with its quotes).
"""

from __future__ import annotations

from textcheck import C, check

TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {
    "q": {"type": "string"}, "n": {"type": "integer"}, "z": {"type": "string"}, "u": {"type": ["integer", "string"]}}}}}]


def dsml(*params: tuple[str, str, str]) -> str:
    body = "".join(f'<｜DSML｜parameter name="{k}" string="{s}">{v}</｜DSML｜parameter>\n' for k, s, v in params)
    return f'<｜DSML｜tool_calls>\n<｜DSML｜invoke name="f">\n{body}</｜DSML｜invoke>\n</｜DSML｜tool_calls>'


def test_a_json_string_for_a_string_parameter_loses_its_quotes() -> None:
    text = dsml(("q", "false", '"hello"'), ("n", "true", "5"))
    check(text, "text.deepseek", None, None, [C("f", {"q": "hello", "n": "5"})])
    check(text, "text.deepseek", None, None, [C("f", {"q": "hello", "n": 5})], tools=TOOLS)


def test_the_schema_still_decides_where_the_flag_is_wrong_for_it() -> None:
    text = dsml(("z", "false", "02139"), ("n", "false", '"5"'), ("u", "false", '"7"'))
    check(text, "text.deepseek", None, None, [C("f", {"z": "02139", "n": 5, "u": "7"})], tools=TOOLS)


def test_an_escaped_json_string() -> None:
    text = dsml(("q", "false", '"a \\"b\\"\\n"'))
    check(text, "text.deepseek", None, None, [C("f", {"q": 'a "b"\n'})], tools=TOOLS)
