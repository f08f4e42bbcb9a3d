"""text.solar-open2: Upstage Solar Open 2 <|tool_call:start|>NAME / <|tool_arg:start|>KEY<|tool_arg:value|>VALUE.

Literal texts from vllm-project/vllm ``tests/tool_parsers/test_solar_open2_tool_parser.py``
(the model outputs its tests read) and ``vllm/reasoning/solar_open2_reasoning_parser.py``
and its tests (the generation prompts: ``<|im:start|>assistant<|im:content|><|think:start|>``
opens the reasoning, a low effort prefills ``<|think:start|><|think:end|>``).
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.solar-open2"
WEATHER = ("<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n"
           "<|tool_call:end|>")
SEARCH = ("<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>vLLM tutorial<|tool_arg:end|>\n"
          "<|tool_arg:start|>max_results<|tool_arg:value|>5<|tool_arg:end|>\n<|tool_call:end|>")
TOOLS = [{"type": "function", "function": {"name": "search", "parameters": {"type": "object", "properties": {
    "query": {"type": "string"}, "max_results": {"type": "integer"}}}}}]
PROMPT = "<|im:start|>user<|im:content|>Weather?<|im:end|>\n<|im:start|>assistant<|im:content|><|think:start|>"


def test_the_parsers_outputs() -> None:
    check("This is a regular response.", D, "This is a regular response.", None, [])
    check(WEATHER, D, None, None, [C("get_weather", {"city": "Seoul"})])
    check("Let me check the weather." + WEATHER, D, "Let me check the weather.", None,
          [C("get_weather", {"city": "Seoul"})])
    two = "I'll check both." + WEATHER + "\n" + WEATHER.replace("Seoul", "Tokyo")
    check(two, D, "I'll check both.", None, [C("get_weather", {"city": "Seoul"}), C("get_weather", {"city": "Tokyo"})])
    check("<|tool_call:start|>get_time\n<|tool_call:end|>", D, None, None, [C("get_time")])
    # values are typed by the schema; without one, 5 is JSON and '{"key": "value"}' an object
    check(SEARCH, D, None, None, [C("search", {"query": "vLLM tutorial", "max_results": 5})], tools=TOOLS)
    check(SEARCH, D, None, None, [C("search", {"query": "vLLM tutorial", "max_results": 5})])
    text = ('<|tool_call:start|>process_data\n<|tool_arg:start|>data<|tool_arg:value|>{"key": "value"}'
            "<|tool_arg:end|>\n<|tool_call:end|>")
    check(text, D, None, None, [C("process_data", {"data": {"key": "value"}})])
    tools = [{"type": "function", "function": {"name": "process_data", "parameters": {"type": "object", "properties": {
        "data": {"type": "string"}}}}}]
    check(text, D, None, None, [C("process_data", {"data": '{"key": "value"}'})], tools=tools)
    # a value may hold <|tool_call: (not a whole marker) and line breaks, kept as written
    text = ("<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>see <|tool_call: and\n"
            "<|tool_call:end tokens<|tool_arg:end|>\n<|tool_call:end|>")
    check(text, D, None, None, [C("search", {"query": "see <|tool_call: and\n<|tool_call:end tokens"})])
    check("  \n\n" + WEATHER, D, None, None, [C("get_weather", {"city": "Seoul"})])
    # text after the calls is content (vLLM drops it); the pieces are joined by a line break
    check("pre" + WEATHER + "post", D, "pre\npost", None, [C("get_weather", {"city": "Seoul"})])


def test_the_reasoning() -> None:
    text = "I should use a tool<|think:end|>Sure, let me help." + WEATHER + "<|im:end|>"
    check(text, D, "Sure, let me help.", "I should use a tool", [C("get_weather", {"city": "Seoul"})], prompt=PROMPT)
    check(text, D, "Sure, let me help.", "I should use a tool", [C("get_weather", {"city": "Seoul"})], thinking=True)
    check("<|think:start|>I should use a tool<|think:end|>Sure." + WEATHER, D, "Sure.", "I should use a tool",
          [C("get_weather", {"city": "Seoul"})])
    # a low effort: the prompt holds the closed pair, the output is the answer
    check("It is sunny.<|im:end|>", D, "It is sunny.", None, [], prompt=PROMPT + "<|think:end|>")
    # a call in a block that never closes ends it (vLLM's streaming reasoning parser)
    check("Need the weather." + WEATHER, D, None, "Need the weather.", [C("get_weather", {"city": "Seoul"})],
          thinking=True)
    # a call inside a closed block is reasoning text
    check("I could write " + WEATHER + " here.<|think:end|>No.", D, "No.", "I could write " + WEATHER + " here.", [],
          thinking=True)
    # cut off inside the reasoning
    check("Still thinking", D, None, "Still thinking", [], thinking=True)


def test_malformed_calls_are_invalid() -> None:
    # an argument's end marker dropped: the first call is invalid, the next one read
    broken = "<|tool_call:start|>broken\n<|tool_arg:start|>a<|tool_arg:value|>oops<|tool_call:end|>"
    check(broken + WEATHER, D, None, None, [Invalid("broken", raw=broken), C("get_weather", {"city": "Seoul"})])
    # a call's end marker dropped: the next call ran into it (vLLM reads both; here one invalid)
    text = ("<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>vLLM<|tool_arg:end|>\n" + WEATHER)
    check(text, D, None, None, [Invalid("search", raw=text)])
    # no line break after the name, no name, text between the arguments, a key twice
    check("<|tool_call:start|>get_time<|tool_call:end|>", D, None, None,
          [Invalid(None, raw="<|tool_call:start|>get_time<|tool_call:end|>")])
    text = "<|tool_call:start|>\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>"
    check(text, D, None, None, [Invalid(None, raw=text)])
    text = ("<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>and"
            "<|tool_call:end|>")
    check(text, D, None, None, [Invalid("get_weather", raw=text)])
    text = ("<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>first<|tool_arg:end|>\n"
            "<|tool_arg:start|>query<|tool_arg:value|>second<|tool_arg:end|>\n<|tool_call:end|>")
    check(text, D, None, None, [Invalid("search", raw=text)])
    # an argument name running into the next argument
    text = ("<|tool_call:start|>get_weather\n<|tool_arg:start|>ci<|tool_arg:start|>city<|tool_arg:value|>Seoul"
            "<|tool_arg:end|>\n<|tool_call:end|>")
    check(text, D, None, None, [Invalid("get_weather", raw=text)])


def test_cut_off_calls() -> None:
    text = "Let me check.<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>Seo"
    check(text, D, "Let me check.", None, [Invalid("search", truncated=True, raw=text[len("Let me check."):])],
          finish_reason="length")
    text = "<|tool_call:start|>get_wea"
    check(text, D, None, None, [Invalid(None, truncated=True, raw=text)])


def test_encode_writes_the_prompted_form() -> None:
    calls = [ToolCall(name="search", args={"query": "vLLM tutorial", "max_results": 5}),
             ToolCall(name="get_time", args={})]
    assert encode_text(calls, D) == SEARCH + "\n<|tool_call:start|>get_time\n<|tool_call:end|>"
    assert decode_text(encode_text(calls, D), D).tool_calls == tuple(calls)
    call = ToolCall(name="f", args={"s": "é\nline", "o": {"a": [1, None]}})
    assert encode_text(call, D) == ("<|tool_call:start|>f\n<|tool_arg:start|>s<|tool_arg:value|>é\nline"
                                    '<|tool_arg:end|>\n<|tool_arg:start|>o<|tool_arg:value|>{"a": [1, null]}'
                                    "<|tool_arg:end|>\n<|tool_call:end|>")
    assert decode_text(encode_text(call, D), D).tool_calls == (call,)
    for bad in (ToolCall(name="f", args={"s": "a<|tool_arg:end|>b"}), ToolCall(name="f\ng", args={}),
                ToolCall(name="f", args={"k<|tool_arg:value|>": 1}), ToolCall(name="f", args={"s": "<|tool_call:end|>"})):
        with pytest.raises(EncodeError):
            encode_text(bad, D)
