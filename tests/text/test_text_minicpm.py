"""text.minicpm: OpenBMB MiniCPM 5 <function name="NAME"><param name="KEY">value</param></function>.

Literal texts rendered from the MiniCPM5 chat template (ggml-org/llama.cpp
``models/templates/openbmb-MiniCPM5-1B.jinja``: a turn with reasoning, content and two
calls, generation prompt ``<|im_start|>assistant\\n<think>\\n`` with ``enable_thinking``;
a call whose values need CDATA, and Python ``str`` of numbers, booleans and dicts);
what llama.cpp's ``common/parsers/minicpm5.cpp`` reads (a CDATA value holding
``</param>``, whitespace between parameters).
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.minicpm"
CALLS = ('<function name="get_weather"><param name="city">Paris</param><param name="days">3</param></function>\n'
         '<function name="now"></function>')
TWO = [C("get_weather", {"city": "Paris", "days": 3}), C("now")]
# the template's rendering of the turn (the prompt opened <think>)
RENDERED = "The user wants the weather.\n</think>\n\nLet me check.\n" + CALLS + "<|im_end|>\n"
PROMPT = "<|im_start|>user\nWeather?<|im_end|>\n<|im_start|>assistant\n<think>\n"
# {"code": "print(1 < 2)\nprint(2)", "n": 3, "ok": True, "o": {"a": [1]}, "s": "x]]>y", "amp": "a&b"}
RUN = ('<function name="run"><param name="code"><![CDATA[print(1 < 2)\nprint(2)]]></param><param name="n">3</param>'
       '<param name="ok">True</param><param name="o">{\'a\': [1]}</param><param name="s">x]]>y</param>'
       '<param name="amp"><![CDATA[a&b]]></param></function><|im_end|>\n')
RUN_TOOL = [{"name": "run", "parameters": {"type": "object", "properties": {
    "code": {"type": "string"}, "n": {"type": "integer"}, "ok": {"type": "boolean"}, "o": {"type": "object"},
    "s": {"type": "string"}, "amp": {"type": "string"}}}}]


def test_the_rendered_turns() -> None:
    check(RENDERED, D, "Let me check.", "The user wants the weather.", TWO, prompt=PROMPT)
    check(CALLS, D, None, None, TWO)
    check("Hmm.\n</think>\n\nIt is sunny.<|im_end|>\n", D, "It is sunny.", "Hmm.", [], thinking=True)
    check("<think>\n\n</think>\n\nIt is sunny.", D, "It is sunny.", None, [])


def test_cdata_and_the_templates_python_values() -> None:
    r = decode_text(RUN, D, tools=RUN_TOOL)
    assert r.tool_calls == (C("run", {"code": "print(1 < 2)\nprint(2)", "n": 3, "ok": True, "o": {"a": [1]},
                                      "s": "x]]>y", "amp": "a&b"}),)
    # without a schema: JSON reads as JSON, the rest stays text (CDATA always)
    check('<function name="f"><param name="n">3</param><param name="ok">True</param>'
          '<param name="c"><![CDATA[3]]></param></function>', D, None, None, [C("f", {"n": 3, "ok": "True", "c": "3"})])
    # a CDATA value may hold </param> and </function> (llama.cpp reads it so)
    check('<function name="f"><param name="s"><![CDATA[a</param></function>\nb]]></param></function>', D, None, None,
          [C("f", {"s": "a</param></function>\nb"})])
    # whitespace between the parameters is markup; values keep theirs
    check('<function name="f">\n<param name="a"> x </param>\n</function>', D, None, None, [C("f", {"a": " x "})])


def test_malformed_calls_keep_their_text() -> None:
    text = '<function name="f"><param name="a">x<param name="b">y</param></function>'  # a lost </param>
    check(text, D, None, None, [Invalid("f", raw=text)])
    text = '<function name="f"><param name="a">1</param><param name="a">2</param></function>'
    check(text, D, None, None, [Invalid("f", raw=text)])
    text = '<function name="f">a=1</function>'
    check(text, D, None, None, [Invalid("f", raw=text)])
    text = '<function name="f"><param name="a"><![CDATA[x]]>y</param></function>'
    check(text, D, None, None, [Invalid("f", raw=text)])
    text = '<function name="f"><param name="a>1</param></function>'  # a quote left out
    check(text, D, None, None, [Invalid("f", raw=text)])


def test_a_call_inside_the_reasoning_is_reasoning() -> None:
    check("I could call " + CALLS + "\n</think>\n\nNo.", D, "No.", "I could call " + CALLS, [], thinking=True)


def test_cut_off() -> None:
    text = CALLS[: CALLS.index("\n") + 1] + '<function name="now"><param name="tz">U'
    check(text, D, None, None, [TWO[0], Invalid("now", truncated=True, raw=text[CALLS.index("\n") + 1 :])],
          finish_reason="length")
    # a CDATA that never closes: the </function> in it ends the element (_scan), a malformed call
    text = '<function name="f"><param name="s"><![CDATA[</function>'
    check(text, D, None, None, [Invalid("f", raw=text)])


def test_encode_writes_the_template_form() -> None:
    assert encode_text([ToolCall(name="get_weather", args={"city": "Paris", "days": 3}),
                        ToolCall(name="now", args={})], D) == CALLS
    run = ToolCall(name="run", args={"code": "print(1 < 2)\nprint(2)", "n": 3, "s": "x]]>y", "amp": "a&b"})
    assert encode_text(run, D) == (
        '<function name="run"><param name="code"><![CDATA[print(1 < 2)\nprint(2)]]></param><param name="n">3</param>'
        '<param name="s">x]]>y</param><param name="amp"><![CDATA[a&b]]></param></function>')
    # JSON values hold no tag: "<" and "&" in their strings escaped
    obj = ToolCall(name="f", args={"o": {"x": "</param> & </function>"}})
    assert encode_text(obj, D) == '<function name="f"><param name="o">{"x": "\\u003c/param> \\u0026 \\u003c/function>"}' \
                                  "</param></function>"
    assert decode_text(encode_text(obj, D), D).tool_calls == (obj,)
    with pytest.raises(EncodeError):
        encode_text(ToolCall(name="f", args={"s": "a]]>\n"}), D)  # CDATA cannot hold "]]>"
    with pytest.raises(EncodeError):
        encode_text(ToolCall(name="f", args={'a"b': 1}), D)
