"""text.llama: Llama 3.x JSON, <|python_tag|>, pythonic (expected values from the format spec)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import InvalidToolCall, ToolCall, decode_text

D = "text.llama"


def test_json_call() -> None:
    check('{"name": "get_weather", "parameters": {"city": "Paris"}}', D, None, None,
          [C("get_weather", {"city": "Paris"})])
    check('{"type": "function", "name": "f", "arguments": {"a": 1}}', D, None, None, [C("f", {"a": 1})])


def test_python_tag_json_and_builtin() -> None:
    check('<|python_tag|>{"name": "trending_songs", "parameters": {"n": "10", "genre": "all"}}<|eom_id|>', D, None,
          None, [C("trending_songs", {"n": "10", "genre": "all"})])
    check('<|python_tag|>brave_search.call(query="weather in Menlo Park")<|eom_id|>', D, None, None,
          [C("brave_search", {"query": "weather in Menlo Park"})])
    check("<|python_tag|>import math\nprint(math.pi)", D, None, None,
          [C("code_interpreter", {"code": "import math\nprint(math.pi)"})], finish_reason="stop")


def test_python_tag_one_line_code_is_code_interpreter() -> None:
    # Llama 3.1 prompt format: the code interpreter's call is plain Python after <|python_tag|>;
    # a tool call written in Python is NAME.call(...) or keyword arguments only
    for code in ("print(sum(range(101)))", "sorted([3,1,2])", "math.sqrt(16)", 'len("abc")'):
        check(f"<|python_tag|>{code}", D, None, None, [C("code_interpreter", {"code": code})], finish_reason="stop")
    check("<|python_tag|>get_weather(city='Paris')<|eom_id|>", D, None, None, [C("get_weather", {"city": "Paris"})])
    [bad] = decode_text('<|python_tag|>brave_search.call("q")<|eom_id|>', D).tool_calls  # a built-in's call
    assert isinstance(bad, InvalidToolCall) and "positional" in bad.error


def test_stripped_eom_needs_a_finish_reason() -> None:
    # <|eom_id|> is a stop token (llama-models prompt_format.md): served output ends right after the call
    text = '<|python_tag|>{"name": "f", "parameters": {"a": 1}}'
    for finish in ("stop", "tool_calls"):
        check(text, D, None, None, [C("f", {"a": 1})], finish_reason=finish)
    check(text, D, None, None, [Invalid("f", truncated=True, raw=text)], finish_reason="length")
    r = check(text, D, None, None, [Invalid("f", truncated=True, raw=text)])
    assert "'stop' or 'tool_calls' makes it a whole call" in r.tool_calls[0].error
    text = "<|python_start|>[a(x=1)]"
    check(text, D, None, None, [C("a", {"x": 1})], finish_reason="stop")
    check(text, D, None, None, [Invalid("a", truncated=True, raw=text)])


def test_parallel_calls() -> None:
    check('{"name": "a", "parameters": {"x": 1}}; {"name": "b", "parameters": {}}', D, None, None,
          [C("a", {"x": 1}), C("b")])
    check("[get_weather(city='San Francisco', metric='celsius'), get_weather(city='Seattle')]<|eot_id|>", D, None,
          None, [C("get_weather", {"city": "San Francisco", "metric": "celsius"}), C("get_weather", {"city": "Seattle"})])
    check("<|python_start|>[a(x=1), b()]<|python_end|>", D, None, None, [C("a", {"x": 1}), C("b")])


def test_no_argument_call() -> None:
    check("[now()]", D, None, None, [C("now")])
    check('{"name": "now", "parameters": {}}', D, None, None, [C("now")])


def test_unicode_and_nested_arguments() -> None:
    check("[book(ville='Zürich 東京', p={'a': [1, {'b': None}], 't': True}, q=-2.5, r=null)]", D, None, None,
          [C("book", {"ville": "Zürich 東京", "p": {"a": [1, {"b": None}], "t": True}, "q": -2.5, "r": None})])


def test_user_defined_function_tag_and_content_around() -> None:
    check('Sure. <function=trending_songs>{"n": 10}</function> Done.', D, "Sure.  Done.", None,
          [C("trending_songs", {"n": 10})])


def test_content_that_only_looks_like_a_call_stays_content() -> None:
    check('{"answer": 42}', D, '{"answer": 42}', None, [])
    check("[1] See the docs.", D, "[1] See the docs.", None, [])
    check("Plain answer with {braces} and [brackets].", D, "Plain answer with {braces} and [brackets].", None, [])


def test_markers_inside_string_arguments() -> None:
    check('<|python_tag|>{"name": "echo", "parameters": {"s": "<|eom_id|> }"}}<|eom_id|>', D, None, None,
          [C("echo", {"s": "<|eom_id|> }"})])
    check("[echo(s='a ] ) <|eot_id|>')]", D, None, None, [C("echo", {"s": "a ] ) <|eot_id|>"})])


def test_truncated_calls() -> None:
    text = '{"name": "get_weather", "parameters": {"city": "Par'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])
    check("[get_weather(city='Par", D, None, None, [Invalid("get_weather", truncated=True)])
    check('<|python_tag|>{"name": "f", "parameters": {}}', D, None, None, [Invalid("f", truncated=True)],
          finish_reason="length")


def test_malformed_calls() -> None:
    check("[f(1, 2)]", D, None, None, [Invalid("f")])
    check("[f(x=open('a'))]", D, None, None, [Invalid("f")])
    check('<function=f>{"a": </function>', D, None, None, [Invalid("f", truncated=True)])


# Llama 3.3's template writes a built-in call's value raw between '"' (arg_name + '="' +
# arg_val + '"'): a value holding '"' is no Python
SLIP = '[get_weather(city="Paris"), note(text="say "hi"")]'


@pytest.mark.parametrize("head, tail", [("", ""), ("<|python_tag|>", ""), ("<|python_start|>", "<|python_end|>")])
def test_an_unreadable_call_keeps_the_readable_calls_before_it(head: str, tail: str) -> None:
    """The calls before the one Python does not read are whole; the rest is one
    InvalidToolCall that keeps the block (the split after the slip is not guessed)."""
    text = head + SLIP + tail
    raw = text if head != "<|python_start|>" else SLIP
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("note", raw=None)],
          finish_reason="stop")
    r = decode_text(text, D, finish_reason="stop")
    assert raw in r.tool_calls[1].raw  # type: ignore[union-attr]


# ``<|python_tag|>`` with nothing after it (the model opened a call and wrote none) was
# nothing under ``stop`` and a cut-off call under ``length``: a finished reply gave fewer
# calls than a cut one (the property of tests/text/test_text_properties.py, found with a
# random seed). It is an ``InvalidToolCall`` keeping the marker, whatever the finish.
def test_an_empty_python_tag_region_is_an_invalid_call() -> None:
    for text in ("<|python_tag|>", "Hi <|python_tag|>  ", "<|python_tag|><|eom_id|>"):
        for finish in ("stop", "tool_calls", "eos"):
            [bad] = decode_text(text, "text.llama", finish_reason=finish).tool_calls
            assert isinstance(bad, InvalidToolCall) and not bad.truncated and "<|python_tag|>" in (bad.raw or "")
        [cut] = decode_text(text, "text.llama", finish_reason="length").tool_calls
        assert isinstance(cut, InvalidToolCall)
    whole = decode_text('<|python_tag|><|python_tag|>{"name": "f", "parameters": {}}', "text.llama",
                        finish_reason="stop").tool_calls
    assert whole == (ToolCall(name="f", args={}),)  # a repeated tag: the next one holds the call


# MeetKai Functionary v3.1 (a Llama 3.1 model, read with text.llama) writes its ``python``
# tool's call raw after the tag (meetkai-functionary-medium-v3.1.jinja:
# ``'<|python_tag|>' + tool_call['function']['arguments']`` when the name is "python"), and
# llama.cpp's Functionary v3.1 parser names that call "python". It was named
# ``code_interpreter`` (Llama 3.1's built-in) even when ``python`` was the tool offered:
# an InvalidToolCall "not one of the tools offered".
def test_functionary_v31_raw_code_is_the_python_tool_when_offered() -> None:
    from toolwire import Tool
    py = Tool(name="python", description="run code", parameters={"type": "object",
                                                                  "properties": {"code": {"type": "string"}}})
    weather = Tool(name="get_weather", description="w", parameters={"type": "object",
                                                                     "properties": {"city": {"type": "string"}}})
    ci = Tool(name="code_interpreter", description="ci", parameters={"type": "object",
                                                                     "properties": {"code": {"type": "string"}}})
    text = '<|python_tag|>print("hi")'
    r = decode_text(text, D, tools=[py, weather], finish_reason="stop")
    assert r.tool_calls == (ToolCall(name="python", args={"code": 'print("hi")'}),)
    # Llama 3.1's own built-in stays code_interpreter: without tools, or when it is offered
    for tools in (None, [ci, weather], [ci, py]):
        r = decode_text(text, D, tools=tools, finish_reason="stop")
        assert r.tool_calls == (ToolCall(name="code_interpreter", args={"code": 'print("hi")'}),)
    # written back in the form it was read in
    from toolwire import encode_text
    [call] = decode_text(text, D, tools=[py], finish_reason="stop").tool_calls
    assert encode_text([call], D, variant="code") == text + "<|eom_id|>"
