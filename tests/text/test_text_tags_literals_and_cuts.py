"""Text after a call tag, Python literal values, cut-off blocks of many calls, Llama 4
forms (a sixteenth-hunt set: bugs 2-8; bugs 1 and 9: ``test_text_think_calls.py``)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import InvalidToolCall, ToolCall, decode_text

# -- bug 2: after <|python_tag|>, JSON that does not read whole is never code ---------------
# (docs/text-formats.md: "a JSON call ... that does not read whole there is a cut-off call,
# an InvalidToolCall(truncated=True), never code to run"; SGLang's Llama32Detector reads
# a JSON list after the tag as calls)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('<|python_tag|>{"name": ', None),
        ('<|python_tag|>{"name": "get_wea', None),
        ("<|python_tag|>{'name': 'f', 'parameters': {'a': 1", "f"),
        ('<|python_tag|>{"name": "f", "parameters": {"a": 1', "f"),
        ('<|python_tag|>[{"name": "f", "parameters": {"a": 1}', "f"),
        ('<|python_tag|>[ {"name": "f"', "f"),
    ],
)
def test_cut_off_json_after_the_tag_is_a_truncated_call_not_code(text: str, name: str | None) -> None:
    for finish in ("stop", "length", None):
        r = decode_text(text, "text.llama", finish_reason=finish)
        assert r.tool_calls == (Invalid(name, truncated=True, raw=text),), r.tool_calls


def test_json_after_the_tag_that_is_no_call_is_not_code() -> None:
    r = decode_text('<|python_tag|>{"a": 1}', "text.llama", finish_reason="stop")
    assert r.tool_calls == (Invalid(None),)


def test_a_json_list_after_the_tag_is_calls() -> None:
    text = '<|python_tag|>[{"name": "f", "parameters": {"a": 1}}, {"name": "g", "arguments": {}}]'
    check(text, "text.llama", None, None, [C("f", {"a": 1}), C("g")], finish_reason="stop")


def test_code_after_the_tag_is_still_code() -> None:
    check("<|python_tag|>print(1)", "text.llama", None, None, [C("code_interpreter", {"code": "print(1)"})],
          finish_reason="stop")
    check("<|python_tag|>[x * 2 for x in range(3)]", "text.llama", None, None,
          [C("code_interpreter", {"code": "[x * 2 for x in range(3)]"})], finish_reason="stop")


# -- bug 3: Gemma 4 calls are call:NAME{…} (vLLM gemma4_tool_parser.py) ------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [("<|tool_call>call:get_wea", "get_wea"), ("<|tool_call>ca", None), ("<|tool_call>get_weather{}", None),
     ("<|tool_call>call:get_weather<tool_call|>", "get_weather")],
)
def test_a_gemma_call_without_braces_is_invalid_whatever_the_finish(text: str, name: str | None) -> None:
    for finish in ("stop", "tool_calls"):
        r = decode_text(text, "text.gemma", finish_reason=finish)
        assert r.tool_calls == (Invalid(name, raw=text),), r.tool_calls
    r = decode_text(text, "text.gemma", finish_reason="length")
    assert len(r.tool_calls) == 1 and not hasattr(r.tool_calls[0], "args")


# -- bug 4: Python-literal containers and booleans in any case, with tools= --------------------
# (vLLM qwen3coder_tool_parser.py _convert_param_value: ast.literal_eval for containers,
# booleans lower-cased; glm4_moe_tool_parser.py _deserialize: json.loads, then literal_eval)

TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {
    "o": {"type": "object"}, "a": {"type": "array"}, "b": {"type": "boolean"}, "s": {"type": ["string", "object"]}}}}}]
QWEN_PY = ("<tool_call>\n<function=f>\n<parameter=o>\n{'k': 'v', 'n': [1, True, None]}\n</parameter>\n"
           "<parameter=a>\n['x', 'y',]\n</parameter>\n<parameter=b>\nTRUE\n</parameter>\n</function>\n</tool_call>")
GLM_PY = ("<tool_call>f\n<arg_key>o</arg_key>\n<arg_value>{'k': 'v'}</arg_value>\n"
          "<arg_key>a</arg_key>\n<arg_value>['x', \"y\"]</arg_value>\n<arg_key>b</arg_key>\n<arg_value>False</arg_value>\n</tool_call>")


def test_python_literal_values_are_typed_and_the_repair_recorded() -> None:
    r = check(QWEN_PY, "text.qwen3-xml", None, None,
              [C("f", {"o": {"k": "v", "n": [1, True, None]}, "a": ["x", "y"], "b": True})], tools=TOOLS)
    assert r.tool_calls[0].repairs == ("python-literal", "boolean-spelling")
    r = check(GLM_PY, "text.glm", None, None, [C("f", {"o": {"k": "v"}, "a": ["x", "y"], "b": False})], tools=TOOLS)
    assert r.tool_calls[0].repairs == ("python-literal",)


def test_python_literal_values_need_the_repair_policy_and_a_schema() -> None:
    r = decode_text(QWEN_PY, "text.qwen3-xml", tools=TOOLS, repair=False)
    assert r.tool_calls[0].args == {"o": "{'k': 'v', 'n': [1, True, None]}", "a": "['x', 'y',]", "b": "TRUE"}
    assert r.tool_calls[0].repairs == ()
    r = decode_text(QWEN_PY, "text.qwen3-xml")  # no schema: text stays text
    assert r.tool_calls[0].args["o"] == "{'k': 'v', 'n': [1, True, None]}"
    # a string in the union: the text is a valid string
    r = decode_text("<tool_call>\n<function=f>\n<parameter=s>\n{'k': 1}\n</parameter>\n</function>\n</tool_call>",
                    "text.qwen3-xml", tools=TOOLS)
    assert r.tool_calls[0].args == {"s": "{'k': 1}"} and r.tool_calls[0].repairs == ()


@pytest.mark.parametrize("value", ["{'k': v}", "['x' 'y']", "{1: 2}", "[" * 300 + "]" * 300, "['x', f()]"])
def test_what_is_no_literal_stays_text(value: str) -> None:
    text = f"<tool_call>\n<function=f>\n<parameter=a>\n{value}\n</parameter>\n</function>\n</tool_call>"
    r = decode_text(text, "text.qwen3-xml", tools=TOOLS)
    assert r.tool_calls[0].args == {"a": value} and r.tool_calls[0].repairs == ()


def test_python_literals_of_many_items_are_read_whole() -> None:
    """(Its scaling, n vs 4n, is a ``benchmarks/bench_scaling.py`` row.)"""
    from toolwire.text._pylit import python_literal

    got = python_literal("[" + "{'k': 'v\\\\n', 'n': [1, 2.5, True]}, " * 500 + "]")
    assert got == [{"k": "v\\n", "n": [1, 2.5, True]}] * 500


# -- bug 5: a cut-off call in a multi-call block: the calls before it are whole, it keeps its name --
# (DESIGN invariant 6; as text.hermes and text.mistral v11 do with one region per call)

A = '{"name": "f", "arguments": {"a": 1}}, {"name": "g", "arguments": {"b": "lo'
DSML_CUT = ('<｜DSML｜tool_calls>\n<｜DSML｜invoke name="f">\n<｜DSML｜parameter name="a" string="false">1</｜DSML｜parameter>\n'
            '</｜DSML｜invoke>\n<｜DSML｜invoke name="g">\n<｜DSML｜parameter name="b" string="true">lo')


@pytest.mark.parametrize(
    ("dialect", "text"),
    [
        ("text.jamba", "<tool_calls>[" + A),
        ("text.nemotron", "<TOOLCALL>[" + A),
        ("text.firefunction", "functools[" + A),
        ("text.command-r", "<|START_ACTION|>[" + A.replace('"name"', '"tool_name"').replace('"arguments"', '"parameters"')),
        ("text.command-r", "Action: ```json\n[" + A.replace('"name"', '"tool_name"').replace('"arguments"', '"parameters"')),
        ("text.apertus", '<|tools_prefix|>[{"f": {"a": 1}}, {"g": {"b": "lo'),
        ("text.xlam", "[" + A),
        ("text.xlam", "<tool_call>[" + A),
        ("text.granite", "<tool_call>[" + A),
        ("text.granite", "<|tool_call|>[" + A),
        ("text.hunyuan", "<tool_calls>[" + A),
        ("text.minimax", '<tool_calls>\n{"name": "f", "arguments": {"a": 1}}\n{"name": "g", "arguments": {"b": "lo'),
        ("text.mistral", "[TOOL_CALLS][" + A),
        ("text.llama", '[f(a=1), g(b="lo'),
        ("text.llama", '<|python_start|>[f(a=1), g(b="lo'),
        ("text.llama", '<|python_tag|>[f(a=1), g(b="lo'),
        ("text.llama", '<|python_tag|>[{"name": "f", "parameters": {"a": 1}}, {"name": "g", "parameters": {"b": "lo'),
        ("text.lfm2", '<|tool_call_start|>[f(a=1), g(b="lo'),
        ("text.lfm2", "<|tool_call_start|>[" + A),
        ("text.olmo", '<function_calls>f(a=1)\ng(b="lo'),
        ("text.deepseek", DSML_CUT),
    ],
)
def test_a_cut_off_call_after_a_whole_one(dialect: str, text: str) -> None:
    r = check(text, dialect, None, None, [C("f", {"a": 1}), Invalid("g", truncated=True, raw=text)],
              finish_reason="length")
    assert r.tool_calls[0].args == {"a": 1}


def test_the_cut_call_is_named_by_its_own_name_not_the_first() -> None:
    text = '<tool_calls>[{"name": "f", "arguments": {"a": 1}}, {"name": "delete_all", "arguments": {"x": "'
    r = decode_text(text, "text.jamba", finish_reason="length")
    assert [c.name for c in r.tool_calls] == ["f", "delete_all"]
    assert r.tool_calls[1].truncated


def test_a_call_closed_only_by_the_cut_is_not_whole() -> None:
    # nothing after it proves it whole (its closing bracket is the last character)
    text = '<tool_calls>[{"name": "f", "arguments": {"a": 1}}'
    check(text, "text.jamba", None, None, [Invalid("f", truncated=True, raw=text)], finish_reason="length")
    text = '<tool_calls>[{"name": "f", "arguments": {"a": 1}}, '
    check(text, "text.jamba", None, None, [C("f", {"a": 1}), Invalid(None, truncated=True, raw=text)],
          finish_reason="length")


@pytest.mark.parametrize(
    ("dialect", "head", "unit", "tail"),
    [
        ("text.jamba", "<tool_calls>[", '{"name": "f", "arguments": {"a": 1}}, ', '{"name": "g", "arguments": {"b": "lo'),
        ("text.apertus", "<|tools_prefix|>[", '{"f": {"a": 1}}, ', '{"g": {"b": "lo'),
        ("text.lfm2", "<|tool_call_start|>[", "f(a=1), ", 'g(b="lo'),
        ("text.deepseek", "<｜DSML｜tool_calls>\n", '<｜DSML｜invoke name="f">\n</｜DSML｜invoke>\n',
         '<｜DSML｜invoke name="g">\n<｜DSML｜parameter name="b" string="true">lo'),
    ],
)
def test_cut_off_blocks_of_many_calls_keep_every_whole_call(dialect: str, head: str, unit: str, tail: str) -> None:
    """(Their scaling, n vs 4n, is a ``benchmarks/bench_scaling.py`` row.)"""
    r = decode_text(head + unit * 300 + tail, dialect, finish_reason="length")
    assert len(r.tool_calls) == 301 and r.tool_calls[-1].name == "g"
    assert all(type(c) is ToolCall for c in r.tool_calls[:-1]) and type(r.tool_calls[-1]) is InvalidToolCall


def test_many_invokes_without_parameters_then_one_with() -> None:
    # each invoke was searched for its next parameter to the end of the block: quadratic
    # (its scaling is a ``benchmarks/bench_scaling.py`` row)
    text = ("<｜DSML｜tool_calls>\n" + '<｜DSML｜invoke name="f">\n</｜DSML｜invoke>\n' * 300
            + '<｜DSML｜invoke name="g">\n<｜DSML｜parameter name="b" string="true">x</｜DSML｜parameter>\n'
            "</｜DSML｜invoke>\n</｜DSML｜tool_calls>")
    calls = decode_text(text, "text.deepseek").tool_calls
    assert len(calls) == 301 and calls[-1] == ToolCall("g", {"b": "x"})


# -- bug 7: a GLM-4.7 call is written back in the 4.7 form (zai-org/GLM-4.7 chat_template.jinja
# writes <tool_call>NAME<arg_key>…</arg_key><arg_value>…</arg_value></tool_call>, no newlines)


def test_a_glm47_call_round_trips_in_its_own_form() -> None:
    from toolwire import encode_text

    for text in ("<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>", "<tool_call>f</tool_call>"):
        calls = decode_text(text, "text.glm").tool_calls
        assert encode_text(calls, "text.glm") == text
    text = "<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n</tool_call>"  # GLM-4.5
    assert encode_text(decode_text(text, "text.glm").tool_calls, "text.glm") == text


# -- bug 6: Llama 4 (meta-llama/llama-models models/llama4/prompt_format.md; the Llama 4 chat
# template renders a tool-call turn as <|python_start|>{content}<|python_end|>{"name": …,
# "parameters": …}<|eot|>; <|eot|> / <|eom|> are Llama 4's stop tokens)


def test_llama4_content_in_python_start_then_a_json_call() -> None:
    text = '<|python_start|>Let me look.<|python_end|>{"name": "f", "parameters": {"a": 1}}'
    check(text, "text.llama", "Let me look.", None, [C("f", {"a": 1})])
    check(text + "<|eot|>", "text.llama", "Let me look.", None, [C("f", {"a": 1})])
    check('<|python_start|><|python_end|>{"name": "f", "parameters": {"a": 1}}<|eom|>', "text.llama", None, None,
          [C("f", {"a": 1})])
    # calls inside the markers are still calls
    check("<|python_start|>[f(a=1)]<|python_end|>", "text.llama", None, None, [C("f", {"a": 1})])


@pytest.mark.parametrize("stop", ["<|eot|>", "<|eom|>"])
def test_llama4_stop_tokens_are_dropped(stop: str) -> None:
    check("[f(a=1)]" + stop, "text.llama", None, None, [C("f", {"a": 1})])
    check("Hello." + stop, "text.llama", "Hello.", None, [])


# -- bug 8: the Llama writer (meta-llama Llama 3.1 chat template: a built-in tool call is
# <|python_tag|>NAME.call(k="v")<|eom_id|>, code is written raw after <|python_tag|>, and the
# template raises "This model only supports single tool-calls at once!" for several calls)


@pytest.mark.parametrize(
    "text",
    [
        '<|python_tag|>brave_search.call(query="x")<|eom_id|>',
        '<|python_tag|>wolfram_alpha.call(query="2 + 2", n=3)<|eom_id|>',
        "<|python_tag|>print(1)<|eom_id|>",
        "<|python_tag|>import math\nprint(math.pi)<|eom_id|>",
        '<function=f>{"a": 1}</function>',
    ],
)
def test_llama_calls_are_written_back_as_they_came(text: str) -> None:
    from toolwire import encode_text

    calls = decode_text(text, "text.llama").tool_calls
    assert len(calls) == 1 and not hasattr(calls[0], "error")
    assert encode_text(calls, "text.llama") == text


def test_llama_builtin_and_code_variants() -> None:
    from toolwire import ToolCall, encode_text

    c = ToolCall(name="brave_search", args={"query": 'say "hi"\n'})
    text = encode_text(c, "text.llama", variant="builtin")
    assert text == '<|python_tag|>brave_search.call(query="say \\"hi\\"\\n")<|eom_id|>'
    assert decode_text(text, "text.llama").tool_calls == (c,)
    code = ToolCall(name="code_interpreter", args={"code": "print(1)"})
    assert encode_text(code, "text.llama", variant="code") == "<|python_tag|>print(1)<|eom_id|>"


@pytest.mark.parametrize(
    ("calls", "variant"),
    [
        ([("f", {}), ("g", {})], None),
        ([("f", {}), ("g", {})], "python_tag"),
        ([("f", {}), ("g", {})], "builtin"),
        ([("f", {"code": "x"})], "code"),  # not the code interpreter
        ([("code_interpreter", {"code": "f(a=1)"})], "code"),  # reads back as a call, not code
    ],
)
def test_what_the_llama_template_cannot_write_is_an_encode_error(calls: list, variant: str | None) -> None:
    from toolwire import EncodeError, ToolCall, encode_text

    with pytest.raises(EncodeError):
        encode_text([ToolCall(name=n, args=a) for n, a in calls], "text.llama", variant=variant)
    # several calls: the pythonic list
    assert encode_text([ToolCall(name="f", args={}), ToolCall(name="g", args={})], "text.llama",
                       variant="pythonic") == "[f(), g()]"
