"""text.muse-glimmer: Muse Glimmer to=self / to=user / to=TOOL messages with ATEM invokes.

Literal texts of ggml-org/llama.cpp ``tests/test-chat.cpp`` ("Muse Glimmer format
tests", output after the generation prompt ``<|start|>assistant``), and the assistant
turn its chat template ``models/templates/muse-glimmer.jinja`` renders for a reasoning
and two calls (rendered with transformers' jinja sandbox, 2026-12-06).
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check, decode_cpu

from toolwire._errors import EncodeError
from toolwire._types import InvalidToolCall, ToolCall
from toolwire.text._api import decode_text, encode_text

M = "text.muse-glimmer"
CALL_MARKUP = ('<atem:function_calls>\n<atem:invoke name="special_function">\n'
               '<atem:parameter name="arg1">1</atem:parameter>\n</atem:invoke>\n</atem:function_calls>')
SPECIAL = [{"name": "special_function", "parameters": {"type": "object", "properties": {"arg1": {"type": "integer"}}}}]
# the template's render_atem for {"city": " Paris \n", "days": 3, "flag": True, "none": None,
# "opts": {"a": [1, "x<y"]}, "f": 1.5} and a call of now() after the reasoning "R"
RENDERED = (
    '<|start|>assistant to=self<|message|>R<|eom|><|start|>assistant to=get_weather<|message|><atem:function_calls>\n'
    '<atem:invoke name="get_weather">\n<atem:parameter name="city"> Paris \n</atem:parameter>\n'
    '<atem:parameter name="days">3</atem:parameter>\n<atem:parameter name="flag">true</atem:parameter>\n'
    '<atem:parameter name="none">null</atem:parameter>\n<atem:parameter name="opts">{"a": [1, "x<y"]}</atem:parameter>\n'
    '<atem:parameter name="f">1.5</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eom|>'
    '<|start|>assistant to=now<|message|><atem:function_calls>\n<atem:invoke name="now">\n</atem:invoke>\n'
    "</atem:function_calls><|eot|>"
)
WEATHER = {"city": " Paris \n", "days": 3, "flag": True, "none": None, "opts": {"a": [1, "x<y"]}, "f": 1.5}
WEATHER_TOOLS = [
    {"name": "get_weather", "parameters": {"type": "object", "properties": {
        "city": {"type": "string"}, "days": {"type": "integer"}, "flag": {"type": "boolean"},
        "none": {"type": ["string", "null"]}, "opts": {"type": "object"}, "f": {"type": "number"}}}},
    {"name": "now", "parameters": {"type": "object", "properties": {}}},
]


def test_llama_cpp_texts() -> None:
    check(" to=user<|message|>Hello, world!\nWhat's up?<|eot|>", M, "Hello, world!\nWhat's up?", None, [])
    check(" to=special_function<|message|>" + CALL_MARKUP, M, None, None, [C("special_function", {"arg1": 1})],
          tools=SPECIAL)
    # "inform then act": the answer closed with <|eom|>, then the call
    check(" to=user<|message|>Hello, world!\nWhat's up?<|eom|><|start|>assistant to=special_function<|message|>"
          + CALL_MARKUP, M, "Hello, world!\nWhat's up?", None, [C("special_function", {"arg1": 1})], tools=SPECIAL)
    # markup quoted in an answer stays the answer's text
    check(" to=user<|message|>You invoke it like this:\n" + CALL_MARKUP + "<|eot|>", M,
          "You invoke it like this:\n" + CALL_MARKUP, None, [], tools=SPECIAL)
    check(" to=self<|message|>I need to output the invoice details in JSON<|eom|><|start|>assistant to=user<|message|>"
          '{"amount": 123.45, "date": "2025-12-03"}', M, '{"amount": 123.45, "date": "2025-12-03"}',
          "I need to output the invoice details in JSON", [])
    # tool markup inside the reasoning is reasoning, not a call
    check(" to=self<|message|>I could use " + CALL_MARKUP + " here<|eom|><|start|>assistant to=user<|message|>Hello!"
          "<|eot|>", M, "Hello!", "I could use " + CALL_MARKUP + " here", [], tools=SPECIAL)


def test_the_template_turn_reads_back_and_encode_writes_it() -> None:
    output = RENDERED[len("<|start|>assistant"):]  # the prompt ends with <|start|>assistant
    calls = [C("get_weather", WEATHER), C("now")]
    check(output, M, None, "R", calls, tools=WEATHER_TOOLS)
    assert encode_text(calls, M) == output[output.index(" to=get_weather"):]
    # served output: <|eot|> (the end-of-turn token) stripped, the calls whole
    check(output[: -len("<|eot|>")], M, None, "R", calls, tools=WEATHER_TOOLS, finish_reason="length")
    # without tools=, JSON text is typed by its look: spaces and line breaks of a string kept
    r = decode_text(output, M)
    assert r.tool_calls[0].args == WEATHER


def test_values_are_typed_by_the_schema_and_keep_their_spaces() -> None:
    tools = [{"name": "f", "parameters": {"type": "object", "properties": {"s": {"type": "string"},
                                                                          "n": {"type": "integer"}}}}]
    text = (' to=f<|message|><atem:function_calls><atem:invoke name="f"><atem:parameter name="s">true</atem:parameter>'
            '<atem:parameter name="n">7</atem:parameter></atem:invoke></atem:function_calls>')
    check(text, M, None, None, [C("f", {"s": "true", "n": 7})], tools=tools)
    check(text, M, None, None, [C("f", {"s": True, "n": 7})])
    # the template's own example value: spans lines, quotes, a trailing line break
    value = 'This is the value for the second parameter\nthat can span\n"multiple" lines\n'
    check(' to=f<|message|><atem:function_calls>\n<atem:invoke name="f">\n<atem:parameter name="s">' + value
          + "</atem:parameter>\n</atem:invoke>\n</atem:function_calls>", M, None, None, [C("f", {"s": value})],
          tools=tools)


def test_a_value_holding_the_closing_tags_is_text() -> None:
    # llama.cpp reads a string value up to its </atem:parameter>
    value = "</atem:invoke>\n</atem:function_calls>"
    tools = [{"name": "f", "parameters": {"type": "object", "properties": {"s": {"type": "string"},
                                                                          "n": {"type": "integer"}}}}]
    text = (' to=f<|message|><atem:function_calls>\n<atem:invoke name="f"><atem:parameter name="s">' + value
            + '</atem:parameter>\n<atem:parameter name="n">3</atem:parameter></atem:invoke></atem:function_calls>'
            "<|eot|>")
    check(text, M, None, None, [C("f", {"s": value, "n": 3})], tools=tools)
    call = ToolCall(name="f", args={"s": value})
    assert decode_text(encode_text([call], M), M).tool_calls == (call,)
    # a value left open: its closer never comes, the call is not read
    check(' to=f<|message|><atem:function_calls><atem:invoke name="f"><atem:parameter name="s">x</atem:invoke>'
          "</atem:function_calls><|eot|>", M, None, None, [Invalid("f")])


def test_parallel_calls_and_the_prompt() -> None:
    two = ('<atem:function_calls>\n<atem:invoke name="a">\n</atem:invoke>\n<atem:invoke name="b">\n'
           '<atem:parameter name="x">1</atem:parameter>\n</atem:invoke>\n</atem:function_calls>')
    check(" to=a<|message|>" + two + "<|eot|>", M, None, None, [C("a"), C("b", {"x": 1})])
    # a missing <|eom|>: the next <|start|> ends the message (vLLM segments so)
    check(" to=self<|message|>Hmm<|start|>assistant to=a<|message|>" + two, M, None, "Hmm", [C("a"), C("b", {"x": 1})])
    # a prompt that opened the reasoning message (llama.cpp's continuation)
    check("Hmm<|eom|><|start|>assistant to=user<|message|>Hi", M, "Hi", "Hmm", [],
          prompt="<|start|>user<|message|>U<|eot|><|start|>assistant to=self<|message|>")


def test_unframed_output_as_vllm_reads_it() -> None:
    # the special tokens stripped: the text is the answer, an ATEM block in it holds calls
    check("Hello there", M, "Hello there", None, [])
    check("Checking.\n" + CALL_MARKUP, M, "Checking.", None, [C("special_function", {"arg1": 1})], tools=SPECIAL)


def test_cut_off_calls_are_never_run() -> None:
    head = " to=self<|message|>R<|eom|><|start|>assistant to=get_weather<|message|>"
    cut = head + '<atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="city">Par'
    for finish in (None, "stop", "length"):
        check(cut, M, None, "R", [Invalid("get_weather", truncated=True, raw=cut[cut.index("<|start|>"):])],
              finish_reason=finish)
        check(head, M, None, "R", [Invalid("get_weather", truncated=True)], finish_reason=finish)
        # cut in the header, before <|message|>: named by its recipient
        check(head[: -len("ther<|message|>")], M, None, "R", [Invalid("get_wea", truncated=True)],
              finish_reason=finish)
    # the invokes closed before the cut are whole, the cut one is not
    text = (' to=a<|message|><atem:function_calls><atem:invoke name="a"></atem:invoke>'
            '<atem:invoke name="b"><atem:parameter name="x">1')
    check(text, M, None, None, [C("a"), Invalid("b", truncated=True)])


def test_a_call_marker_is_never_an_empty_answer() -> None:
    check(" to=get_weather<|message|><|eot|>", M, None, None, [Invalid("get_weather")])
    check(' to=get_weather<|message|>{"city": "Paris"}<|eot|>', M, None, None, [Invalid("get_weather")])
    check(" to=get_weather<|message|><atem:function_calls>\n</atem:function_calls><|eot|>", M, None, None, [Invalid()])
    # the message ended before its block closed
    check(' to=a<|message|><atem:function_calls><atem:invoke name="a"></atem:invoke><|eom|>', M, None, None,
          [Invalid("a")])
    # a block outside any message once the output is framed
    check(" to=self<|message|>R<|eom|>" + CALL_MARKUP, M, None, "R", [Invalid()])
    # a header that is none: words beside to=, another role's message (past the turn)
    check(" Sure to=a<|message|>" + CALL_MARKUP, M, None, None, [Invalid()])
    r = decode_text(" to=a<|message|>" + CALL_MARKUP + "<|eom|><|start|>tool a<|message|>sunny<|eot|>", M)
    assert [type(c) for c in r.tool_calls] == [ToolCall, InvalidToolCall]
    assert r.tool_calls[1].raw == "<|start|>tool a<|message|>sunny<|eot|>"


def test_encode_refuses_what_the_wire_cannot_carry() -> None:
    for v in ("a</atem:parameter>b", "x<|eom|>", '<atem:parameter name="y">'):
        with pytest.raises(EncodeError):
            encode_text([ToolCall(name="f", args={"s": v})], M)
    with pytest.raises(EncodeError):
        encode_text([ToolCall(name="f", args={'a"b': 1})], M)
    # a marker inside a JSON string: "<" escaped, the same value
    call = ToolCall(name="f", args={"o": {"k": "</atem:parameter><|eom|>"}})
    text = encode_text([call], M)
    assert "\\u003c/atem:parameter>" in text
    assert decode_text(text, M).tool_calls == (call,)
    assert encode_text([], M) == ""
    # to=self is reasoning and to=user the answer: a tool of either name would be read back
    # as text, the call lost
    for name in ("self", "user"):
        with pytest.raises(EncodeError) as exc:
            encode_text([ToolCall(name="f"), ToolCall(name=name, args={"a": 1})], M)
        assert exc.value.loc == "$[1].name"


HOSTILE = [
    lambda n: " to=f<|message|><atem:function_calls><atem:invoke name=\"f\">"
    + "".join(f'<atem:parameter name="a{i}">x</atem:parameter>' for i in range(n // 40)),
    lambda n: " to=self<|message|>" + CALL_MARKUP * (n // 150),
    lambda n: "<|start|>assistant to=f<|message|>" * (n // 34),
    lambda n: "<|start|>" * (n // 9),
    lambda n: " to=f" * (n // 5) + "<|message|>",
    lambda n: " to=f<|message|><atem:function_calls>" + "<atem:invoke name=\"f\">" * (n // 22),
    lambda n: ' to=f<|message|><atem:function_calls><atem:invoke name="f"><atem:parameter name="a">'
    + "<|eom|>" * (n // 7),
    lambda n: "<atem:function_calls>" * (n // 21),
    lambda n: ' to=f<|message|><atem:function_calls><atem:invoke name="f"><atem:parameter name="a">'
    + "</atem:function_calls><atem:function_calls>" * (n // 43),
    lambda n: " to=f<|message|>" + ('<atem:function_calls><atem:invoke name="f"><atem:parameter name="a">'
                                    "</atem:function_calls></atem:parameter></atem:invoke></atem:function_calls>")
    * (n // 140),
    lambda n: (" to=f<|message|><atem:function_calls></atem:function_calls><|eom|><|start|>assistant") * (n // 90),
]


@pytest.mark.parametrize("make", HOSTILE)
def test_hostile_text_is_read_in_linear_time(make) -> None:  # type: ignore[no-untyped-def]
    n = 40_000
    r = decode_text(make(n), M)
    for c in r.tool_calls:
        assert isinstance(c, (ToolCall, InvalidToolCall))
    small, big = decode_cpu(make(n // 4), M), decode_cpu(make(n), M)
    assert big < 8 * small + 0.05  # 4x the text: about 4x the time (quadratic: 16x)
