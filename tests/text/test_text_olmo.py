"""text.olmo: Ai2 OLMo 3 <function_calls>name(key=json)\\n…</function_calls>.

Literal texts from vllm-project/vllm ``tests/tool_parsers/test_olmo3_tool_parser.py``
(simple, more types with Python and JSON literals, parameterless, empty dict / list,
escaped strings, parallel calls on separate lines, a bad sibling call) and the
rendering of the allenai/Olmo-3-7B-Instruct chat template for ``tool_calls``
(``name(key=value|tojson, …)`` joined by ``\\n`` inside ``<function_calls>``; the Think
model's generation prompt ends with ``<|im_start|>assistant\\n<think>``).
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.olmo"
SIMPLE = "get_weather(city='San Francisco', metric='celsius')"
WEATHER = C("get_weather", {"city": "San Francisco", "metric": "celsius"})
MORE = ("register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, "
        "role=None, passed_test=True, aliases=['John', 'Johnny'])")
MORE_JSON = ("register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, "
             "role=null, passed_test=true, aliases=['John', 'Johnny'])")
USER = C("register_user", {"name": "John Doe", "age": 37, "address": {"city": "San Francisco", "state": "CA"},
                           "role": None, "passed_test": True, "aliases": ["John", "Johnny"]})
# the template's rendering of two tool_calls (values | tojson, calls joined by "\n")
RENDERED = '<function_calls>get_weather(city="Paris", days=3, opts={"metric": true})\nnow()</function_calls>'
TWO = [C("get_weather", {"city": "Paris", "days": 3, "opts": {"metric": True}}), C("now")]
PROMPT = "<|im_start|>user\nWeather?<|im_end|>\n<|im_start|>assistant\n<think>"


@pytest.mark.parametrize(("body", "calls"), [
    (SIMPLE, [WEATHER]),
    (MORE, [USER]),
    (MORE_JSON, [USER]),
    ("get_weather()", [C("get_weather")]),
    ("do_something_cool(additional_data={})", [C("do_something_cool", {"additional_data": {}})]),
    ("do_something_cool(steps=[])", [C("do_something_cool", {"steps": []})]),
    (r"get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')",
     [C("get_weather", {"city": "Martha's Vineyard", "metric": '"cool units"'})]),
    (SIMPLE + "\n" + MORE, [WEATHER, USER]),
])
def test_the_engines_test_texts(body: str, calls: list) -> None:
    check(f"<function_calls>{body}</function_calls>", D, None, None, calls)


def test_no_call_and_the_rendered_turn() -> None:
    check("How can I help you today?", D, "How can I help you today?", None, [])
    check("Let me check." + RENDERED + "<|im_end|>\n", D, "Let me check.", None, TWO)


def test_a_bad_call_beside_good_ones() -> None:
    text = f"<function_calls>bad(x=b'z')\n{SIMPLE}</function_calls>"
    check(text, D, None, None, [Invalid("bad", raw=text), WEATHER])
    text = f"<function_calls>calc(1, 2)\nnot a call\n{SIMPLE}</function_calls>"
    check(text, D, None, None, [Invalid("calc", raw=text), Invalid(None, raw=text), WEATHER])


def test_line_breaks_inside_values_and_markers_in_strings() -> None:
    # a line break inside brackets or a string does not separate calls
    check('<function_calls>f(a=[1,\n2], b="x\\ny </function_calls>")\ng()</function_calls>', D, None, None,
          [C("f", {"a": [1, 2], "b": "x\ny </function_calls>"}), C("g")])


def test_cut_off() -> None:
    text = "<function_calls>" + SIMPLE + "\nget_time(tz='U"
    check(text, D, None, None, [WEATHER, Invalid("get_time", truncated=True, raw=text)], finish_reason="length")
    text = "<function_calls>" + SIMPLE  # its ")" is the last character: the block never closed
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])
    text = "<function_calls>" + SIMPLE + "\n"  # the line ended: the call is whole
    check(text, D, None, None, [WEATHER])


def test_reasoning() -> None:
    check("The user wants the weather.</think>" + RENDERED, D, None, "The user wants the weather.", TWO,
          prompt=PROMPT)
    check("I could call " + RENDERED + "</think>No.", D, "No.", "I could call " + RENDERED, [], prompt=PROMPT)
    check("<think>Hmm.</think>It is sunny.", D, "It is sunny.", "Hmm.", [])


def test_encode_writes_the_template_lines() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Paris", "days": 3, "opts": {"metric": True}}),
             ToolCall(name="now", args={})]
    assert encode_text(calls, D) == RENDERED
    with pytest.raises(EncodeError):
        encode_text(ToolCall(name="f", args={"not a name": 1}), D)
    with pytest.raises(EncodeError):
        encode_text(ToolCall(name="my-tool", args={}), D)
