"""text.dots: rednote dots <dots_function_call> blocks of <invoke> elements or a JSON object.

Literal texts of the engines' parser tests: vllm-project/vllm
``tests/tool_parsers/test_dots_tool_parser.py`` and sgl-project/sglang's dots detector
test (the same texts; SGLang reads dots' reasoning with ``Qwen3Detector``:
``Need to inspect inputs.</think>Final answer``), and the canonical form their
docstrings give (one element a line).
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.dots"
CANONICAL = ('<dots_function_call>\n<invoke name="search">\n<parameter name="query">weather in Shanghai</parameter>\n'
             "</invoke>\n</dots_function_call>")
SET_LOCATION = ('ok<dots_function_call><invoke name="set_location"><parameter name="location">{"city": "Shanghai"}'
                '</parameter><parameter name="days">3</parameter><parameter name="include_weather">true</parameter>'
                "</invoke></dots_function_call>")
LOCATION_TOOL = [{"name": "set_location", "parameters": {
    "type": "object",
    "properties": {"location": {"$ref": "#/$defs/Location"}, "days": {"type": "integer"},
                   "include_weather": {"type": "boolean"}},
    "$defs": {"Location": {"type": "object", "properties": {"city": {"type": "string"}}}}}}]
MIXED = ('<dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke>'
         '<invoke name="open"><parameter name="id">7</parameter></invoke></dots_function_call>'
         '<dots_function_call>{"name":"search","arguments":{"query":"tables"}}</dots_function_call>')
MIXED_TOOLS = [{"name": "search", "parameters": {"type": "object", "properties": {"query": {"type": "string"}}}},
               {"name": "open", "parameters": {"type": "object", "properties": {"id": {"type": "integer"}}}}]
TWO_BLOCKS = ('visible<dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke>'
              '</dots_function_call><dots_function_call><invoke name="search"><parameter name="query">tables'
              "</parameter></invoke></dots_function_call>")


def J(name: str, args: dict) -> ToolCall:  # noqa: N802
    return ToolCall(name=name, args=args, provider_data={D: {"variant": "json"}})


def test_the_engines_texts() -> None:
    check(CANONICAL, D, None, None, [C("search", {"query": "weather in Shanghai"})])
    check(SET_LOCATION, D, "ok", None, [C("set_location", {"location": {"city": "Shanghai"}, "days": 3,
                                                             "include_weather": True})], tools=LOCATION_TOOL)
    check(MIXED, D, None, None, [C("search", {"query": "chairs"}), C("open", {"id": 7}),
                                 J("search", {"query": "tables"})], tools=MIXED_TOOLS)
    check(TWO_BLOCKS, D, "visible", None, [C("search", {"query": "chairs"}), C("search", {"query": "tables"})])
    # the JSON fallback the streaming test sends in three pieces; "parameters" reads like "arguments"
    check('<dots_function_call>{"name":"search","arguments":{"query":"chairs"}}</dots_function_call>', D, None, None,
          [J("search", {"query": "chairs"})])
    check('<dots_function_call>\n{"name": "calc", "parameters": {"expression": "42 * 2"}}\n</dots_function_call>',
          D, None, None, [J("calc", {"expression": "42 * 2"})])


def test_reasoning_as_qwen3_reads_it() -> None:
    check("Need to inspect inputs.</think>Final answer", D, "Final answer", "Need to inspect inputs.", [],
          thinking=True)
    check("<think>Hmm.</think>\n\n" + CANONICAL, D, None, "Hmm.", [C("search", {"query": "weather in Shanghai"})])
    # a call inside the reasoning is reasoning text
    r = decode_text("<think>" + CANONICAL + "</think>done", D)
    assert (r.content, r.reasoning, r.tool_calls) == ("done", CANONICAL, ())


def test_stray_closers_and_markup_in_values() -> None:
    # vLLM drops a stray end marker from the content (toolwire trims the answer)
    check("some text </dots_function_call>", D, "some text", None, [])
    # the block's closer inside a value does not end it
    check('<dots_function_call><invoke name="w"><parameter name="s">a</dots_function_call>b</parameter></invoke>'
          "</dots_function_call>", D, None, None, [C("w", {"s": "a</dots_function_call>b"})])


def test_what_is_not_a_call() -> None:
    # vLLM logs garbage and shows it as content; toolwire never drops it silently
    check("<dots_function_call>garbage</dots_function_call>", D, None, None, [Invalid()])
    check("<dots_function_call>[{\"name\": \"f\", \"arguments\": {}}]</dots_function_call>", D, None, None,
          [Invalid("f")])
    check("<dots_function_call>\n</dots_function_call>", D, None, None, [Invalid()])
    check('<dots_function_call><invoke name="f"><parameter name="a">1</invoke></dots_function_call>', D, None, None,
          [Invalid("f")])


def test_cut_off_blocks() -> None:
    check('<dots_function_call>\n<invoke name="a">\n</invoke>\n<invoke name="b">\n<parameter name="x">1', D, None,
          None, [C("a"), Invalid("b", truncated=True)])
    check('<dots_function_call>{"name": "search", "argu', D, None, None, [Invalid("search", truncated=True)])
    check("<dots_function_call>\n", D, None, None, [Invalid(None, truncated=True)])


def test_encode_round_trips() -> None:
    calls = [C("search", {"query": "weather in Shanghai"})]
    assert encode_text(calls, D) == CANONICAL
    two = [C("get_weather", {"city": "Paris", "days": 3, "tags": ["a"]}), C("now")]
    tools = [{"name": "get_weather", "parameters": {"type": "object", "properties": {
        "city": {"type": "string"}, "days": {"type": "integer"}, "tags": {"type": "array"}}}},
             {"name": "now", "parameters": {"type": "object", "properties": {}}}]
    assert decode_text(encode_text(two, D), D, tools=tools).tool_calls == tuple(two)
    json_text = encode_text([C("f", {"s": "</dots_function_call>"})], D, variant="json")
    assert json_text == '<dots_function_call>{"name": "f", "arguments": {"s": "\\u003c/dots_function_call>"}}' \
        "</dots_function_call>"
    assert decode_text(json_text, D).tool_calls == (J("f", {"s": "</dots_function_call>"}),)
    with pytest.raises(EncodeError):
        encode_text([C("f", {"s": "a</parameter>"})], D)


def test_values_no_schema_types_are_text() -> None:
    """Both engines type a value only by the tool's schema: a parameter the schema does
    not type (no ``tools=``, a parameter it does not list, or one without a type) is the
    value's text; JSON's ``null`` is None (their ``_convert_param_value``)."""
    text = ('<dots_function_call>\n<invoke name="open">\n<parameter name="id">7</parameter>\n'
            '<parameter name="flags">["a"]</parameter>\n<parameter name="page">null</parameter>\n'
            "</invoke>\n</dots_function_call>")
    untyped = {"id": "7", "flags": '["a"]', "page": None}
    check(text, D, None, None, [C("open", untyped)])
    listed = [{"name": "open", "parameters": {"type": "object", "properties": {"id": {"description": "the id"}}}}]
    check(text, D, None, None, [C("open", untyped)], tools=listed)
    # with tools= a schema type decides, as for MiniMax M2's <invoke> values
    typed = [{"name": "open", "parameters": {"type": "object", "properties": {
        "id": {"type": "integer"}, "flags": {"type": "array"}, "page": {"type": ["integer", "null"]}}}}]
    check(text, D, None, None, [C("open", {"id": 7, "flags": ["a"], "page": None})], tools=typed)
    check(MIXED, D, None, None, [C("search", {"query": "chairs"}), C("open", {"id": "7"}),
                                 J("search", {"query": "tables"})])


def test_invoke_markup_in_a_json_string_is_text() -> None:
    """``<parameter name=`` inside a string of the JSON form opens no value: the block
    ends at its closer, and the answer after it stays the answer."""
    body = '{"name": "search", "arguments": {"query": "<parameter name=\\"q\\">"}}'
    call = J("search", {"query": '<parameter name="q">'})
    for after in ("", " Use </parameter> to close it.", "\n" + CANONICAL):
        more = [C("search", {"query": "weather in Shanghai"})] if after.startswith("\n") else []
        content = after.strip() if after and not more else None
        for finish in (None, "stop"):
            check("<dots_function_call>" + body + "</dots_function_call>" + after, D, content, None, [call, *more],
                  finish_reason=finish)
    # so is the block's closer there (the encoder escapes "<"; a model may not)
    check('<dots_function_call>{"name": "f", "arguments": {"s": "a</dots_function_call>b"}}</dots_function_call>ok',
          D, "ok", None, [J("f", {"s": "a</dots_function_call>b"})])
