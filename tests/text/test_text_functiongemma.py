"""text.functiongemma: Google FunctionGemma <start_function_call>call:NAME{…}<end_function_call>.

Literal texts from vllm-project/vllm ``tests/tool_parsers/test_functiongemma_tool_parser.py``
(single call, several arguments, text before the call, two calls) and the rendering of
the google/functiongemma-270m-it chat template (``'<start_function_call>call:' + name +
'{'``, ``key:format_argument(value, escape_keys=False)`` in ``| dictsort`` order, strings
between ``<escape>`` tokens, ``'}<end_function_call>'``); ``<start_function_response>``
is the stop sequence the model writes after its calls (Google's FunctionGemma guide).
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.functiongemma"
LONDON = "<start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call>"
UTC = "<start_function_call>call:get_time{timezone:<escape>UTC<escape>}<end_function_call>"
# the template's rendering of {"city": "Paris", "days": 3, "opts": {"metric": true}, "tags": ["a"]}
RENDERED = ("<start_function_call>call:get_weather{city:<escape>Paris<escape>,days:3,opts:{metric:true},"
            "tags:[<escape>a<escape>]}<end_function_call>")
PARIS = C("get_weather", {"city": "Paris", "days": 3, "opts": {"metric": True}, "tags": ["a"]})


def test_the_engines_test_texts() -> None:
    check("Hello, how can I help you today?", D, "Hello, how can I help you today?", None, [])
    check(LONDON, D, None, None, [C("get_weather", {"location": "London"})])
    check("<start_function_call>call:get_weather{location:<escape>San Francisco<escape>,"
          "unit:<escape>celsius<escape>}<end_function_call>", D, None, None,
          [C("get_weather", {"location": "San Francisco", "unit": "celsius"})])
    check("Let me check the weather for you. "
          "<start_function_call>call:get_weather{location:<escape>Paris<escape>}<end_function_call>", D,
          "Let me check the weather for you.", None, [C("get_weather", {"location": "Paris"})])
    check(LONDON + UTC, D, None, None, [C("get_weather", {"location": "London"}), C("get_time", {"timezone": "UTC"})])


def test_the_rendered_call_and_the_stop_sequence() -> None:
    check(RENDERED + "<start_function_response>", D, None, None, [PARIS])
    check(RENDERED + "<end_of_turn>", D, None, None, [PARIS])
    # a string stays a string: the template writes numbers bare
    check("<start_function_call>call:f{n:<escape>42<escape>}<end_function_call>", D, None, None, [C("f", {"n": "42"})])


def test_bare_words_of_the_template_read_with_a_schema() -> None:
    text = "<start_function_call>call:f{a:None,b:True}<end_function_call>"
    tools = [{"name": "f", "parameters": {"type": "object", "properties": {
        "a": {"type": ["integer", "null"]}, "b": {"type": "boolean"}}}}]
    assert decode_text(text, D, tools=tools).tool_calls[0].args == {"a": None, "b": True}
    assert decode_text(text, D).tool_calls[0].args == {"a": "None", "b": "True"}


def test_markers_inside_strings_and_slips() -> None:
    check("<start_function_call>call:f{s:<escape>}<end_function_call>,x:<escape>}<end_function_call>", D, None, None,
          [C("f", {"s": "}<end_function_call>,x:"})])
    text = '<start_function_call>call:f{"location":"London"}<end_function_call>'  # JSON's quotes: a slip
    check(text, D, None, None, [Invalid("f", raw=text)])
    text = "<start_function_call>get_weather<end_function_call>"  # no call:NAME{…}
    check(text, D, None, None, [Invalid(None, raw=text)])


def test_cut_off() -> None:
    text = LONDON + "<start_function_call>call:get_time{timezone:<escape>U"
    check(text, D, None, None, [C("get_weather", {"location": "London"}),
                                Invalid("get_time", truncated=True, raw=text[len(LONDON):])], finish_reason="length")
    text = "<start_function_call>call:get_time{timezone:<escape>UTC<escape>}"
    check(text, D, None, None, [Invalid("get_time", truncated=True, raw=text)], finish_reason="stop")


def test_encode_writes_the_template_notation() -> None:
    calls = [ToolCall(name="get_weather", args={"tags": ["a"], "opts": {"metric": True}, "days": 3, "city": "Paris"})]
    assert encode_text(calls, D) == RENDERED
    with pytest.raises(EncodeError):
        encode_text(ToolCall(name="f", args={"s": "a<escape>b"}), D)


def test_an_escape_string_stays_a_string_whatever_the_schema() -> None:
    """Google's formatting guide: ``<escape>`` delimits string values (all of them, and
    only them); the template writes numbers and booleans bare. So ``<escape>42<escape>``
    is the string ``"42"`` even where ``tools=`` types the parameter an integer, as a JSON
    ``"42"`` is in the JSON families (vLLM's parser runs ``json.loads`` on it, a guess
    without a schema). Only the bare words the template prints (``None`` / ``True`` /
    ``False``) are read by the schema."""
    tools = [{"name": "f", "parameters": {"type": "object", "properties": {
        "n": {"type": "integer"}, "b": {"type": "boolean"}, "x": {"type": "number"}}}}]
    check("<start_function_call>call:f{b:<escape>true<escape>,n:<escape>42<escape>,x:<escape>1.5<escape>}"
          "<end_function_call>", D, None, None, [C("f", {"b": "true", "n": "42", "x": "1.5"})], tools=tools)
    check("<start_function_call>call:f{b:true,n:42,x:1.5}<end_function_call>", D, None, None,
          [C("f", {"b": True, "n": 42, "x": 1.5})], tools=tools)
