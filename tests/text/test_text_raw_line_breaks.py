"""Pythonic calls whose string values hold raw line breaks, as chat templates write them
(rendered with jinja2 and pinned here as literals; the templates are not needed to run
these tests):

- LFM2.5 (ggml-org/llama.cpp ``models/templates/LFM2.5-8B-A1B.jinja`` at
  6f4e9f581c7b0a59a1caf901b18434641494c5f1), ``format_arg_value``: a string is
  ``"'" + arg_value + "'"`` (no escaping), a mapping ``| tojson``, anything else ``| string``.
- Llama 3.3 (ye-NX/llama.cpp ``models/templates/meta-llama-Llama-3.3-70B-Instruct.jinja`` at
  b354d7c9ecb76c97c07098617cdebbdfffa2583e), built-in tools: ``"<|python_tag|>" + name +
  ".call(" + arg_name + '="' + arg_val + '"' + ")"``.

Python refuses a raw line break inside ``'…'``: the block was one ``InvalidToolCall`` and
the calls beside the multi-line value went with it. Now the line break is read as itself,
recorded ``control-characters`` on the call that held it.
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check, decode_cpu

from toolwire import InvalidToolCall, ToolCall, decode_text, encode_text

L = "text.lfm2"
OPEN, CLOSE = "<|tool_call_start|>", "<|tool_call_end|>"
CTRL = ("control-characters",)

# LFM2.5's render of two and of three calls (a multi-line value, a nested mapping, Python literals)
LFM_2 = (
    "<|tool_call_start|>[get_weather(city='Paris'), write_file(path='a.py', "
    "content='import os\nprint(os.getcwd())\n')]<|tool_call_end|>"
)
LFM_3 = (
    "<|tool_call_start|>[get_weather(city='Paris', days=3), write_file(path='a/b \"q\".txt', "
    "content='line1\nline2\n\tindented', opts={\"mode\": \"w\", \"nested\": {\"x\": [1, 2.5, null, true]}}, "
    "flag=False), lookup(q='天气 ü é 😀', n=-0.00125, none=None, empty={}, list=[], s='', b=True)]<|tool_call_end|>"
)


def test_lfm25_template_multi_line_value() -> None:
    r = check(LFM_2, L, None, None, [C("get_weather", {"city": "Paris"}),
                                     C("write_file", {"path": "a.py", "content": "import os\nprint(os.getcwd())\n"})],
              finish_reason="stop")
    assert [c.repairs for c in r.tool_calls] == [(), CTRL]


def test_lfm25_template_three_calls() -> None:
    r = check(LFM_3, L, None, None, [
        C("get_weather", {"city": "Paris", "days": 3}),
        C("write_file", {"path": 'a/b "q".txt', "content": "line1\nline2\n\tindented",
                         "opts": {"mode": "w", "nested": {"x": [1, 2.5, None, True]}}, "flag": False}),
        C("lookup", {"q": "天气 ü é 😀", "n": -0.00125, "none": None, "empty": {}, "list": [], "s": "", "b": True}),
    ], finish_reason="stop")
    assert [c.repairs for c in r.tool_calls] == [(), CTRL, ()]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("x\ny", "'x\ny'"),
        ("x\r\ny", "'x\r\ny'"),
        ("x\ry", '"x\ry"'),
        ("a\x00b", "'a\x00b'"),
        ("x,)]\n'", "\"x,)]\n'\""),  # brackets, a comma and the other quote inside the string
    ],
)
def test_raw_line_breaks_and_nuls_in_strings(value: str, text: str) -> None:
    r = check(f"{OPEN}[f(a={text}), g(b=1)]{CLOSE}", L, None, None, [C("f", {"a": value}), C("g", {"b": 1})])
    assert [c.repairs for c in r.tool_calls] == [CTRL, ()]


def test_line_breaks_outside_strings_or_escaped_are_no_repair() -> None:
    r = check(f"{OPEN}[f(a='x\\ny'),\n g(b='''p\nq''')]{CLOSE}", L, None, None,
              [C("f", {"a": "x\ny"}), C("g", {"b": "p\nq"})])
    assert [c.repairs for c in r.tool_calls] == [(), ()]


def test_what_still_is_no_python() -> None:
    """A raw string (``r'…'``: its backslash is itself) and the template's ``'it's'``."""
    for text in (f"{OPEN}[f(a=r'x\ny')]{CLOSE}", f"{OPEN}[f(a='it's')]{CLOSE}"):
        check(text, L, None, None, [Invalid("f", raw=text)], finish_reason="stop")


def test_a_cut_off_block_keeps_its_whole_multi_line_calls() -> None:
    text = f"{OPEN}[f(a='x\ny'), g(b='lo"
    r = check(text, L, None, None, [C("f", {"a": "x\ny"}), Invalid("g", truncated=True)], finish_reason="length")
    assert r.tool_calls[0].repairs == CTRL


def test_lfm2_encoding_escapes_what_the_template_writes_raw() -> None:
    """As the docstring says: ``repr``, so every value reads back with no repair."""
    call = ToolCall("write_file", {"content": "a\nb", "q": "it's"})
    text = encode_text([call], L)
    assert text == OPEN + "[write_file(content='a\\nb', q=\"it's\")]" + CLOSE
    r = check(text, L, None, None, [call])
    assert r.tool_calls[0].repairs == ()


# -- Llama 3.3 built-in tools ----------------------------------------------------------------
def test_llama33_builtin_call_with_a_multi_line_value() -> None:
    text = '<|python_tag|>brave_search.call(query="line1\nline2")'
    r = check(text, "text.llama", None, None, [C("brave_search", {"query": "line1\nline2"})], finish_reason="stop")
    assert r.tool_calls[0].repairs == CTRL


def test_llama33_builtin_call_with_a_quote_is_invalid_not_cut_off() -> None:
    text = '<|python_tag|>brave_search.call(query="say "hi"")'
    check(text, "text.llama", None, None, [Invalid("brave_search", raw=text)], finish_reason="stop")


def test_llama4_pythonic_multi_line_value() -> None:
    r = check("[f(a='x\ny'), g()]", "text.llama", None, None, [C("f", {"a": "x\ny"}), C("g")], finish_reason="stop")
    assert [c.repairs for c in r.tool_calls] == [CTRL, ()]


def test_many_multi_line_values_decode_in_linear_time() -> None:
    def text(n: int) -> str:
        calls = ", ".join(f"f{i}(a='x\ny\n', b=\"[\n(\")" for i in range(n))
        return f"{OPEN}[{calls}]{CLOSE}"

    assert decode_cpu(text(2_000), L) < 8 * decode_cpu(text(500), L) + 0.05


# -- JSON arrays of calls ---------------------------------------------------------------------
# The array forms as the families' templates / docs write them (a multi-line file and a tab in
# a string, written raw): read as the object forms read them, ``control-characters`` recorded
# on each call of the block (the block's JSON was read with the repair), never an error that
# blames the list the format asks for.
ARRAY = '[{"name": "write_file", "arguments": {"content": "import os\nprint(1)\n"}}, {"name": "f", "arguments": {"a": "x\ty"}}]'
ARRAY_CALLS = [C("write_file", {"content": "import os\nprint(1)\n"}), C("f", {"a": "x\ty"})]


@pytest.mark.parametrize(
    ("dialect", "text"),
    [
        ("text.granite", "<|tool_call|>" + ARRAY),  # Granite 3.0
        ("text.granite", "<tool_call>" + ARRAY),  # Granite 3.1
        ("text.jamba", "<tool_calls>" + ARRAY + "</tool_calls>"),
        ("text.nemotron", "<TOOLCALL>" + ARRAY + "</TOOLCALL>"),
        ("text.firefunction", " functools" + ARRAY),
        ("text.xlam", ARRAY),
        ("text.xlam", "<tool_call>" + ARRAY + "</tool_call>"),
        ("text.hunyuan", "<tool_calls>" + ARRAY + "</tool_calls>"),  # Hunyuan A13B
    ],
)
def test_json_array_with_raw_control_characters(dialect: str, text: str) -> None:
    r = decode_text(text, dialect, finish_reason="stop")
    assert list(r.tool_calls) == ARRAY_CALLS, r.tool_calls
    assert [c.repairs for c in r.tool_calls] == [CTRL, CTRL]


def test_command_r_and_apertus_arrays_with_raw_control_characters() -> None:
    r = decode_text('<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "write_file", "parameters": '
                    '{"content": "a\nb"}}\n]<|END_ACTION|>', "text.command-r", finish_reason="stop")
    assert list(r.tool_calls) == [C("write_file", {"content": "a\nb"}, id="0")]
    assert r.tool_calls[0].repairs == CTRL
    r = decode_text('<|tools_prefix|>[{"write_file": {"content": "a\nb"}}, {"now": {}}]<|tools_suffix|>',
                    "text.apertus", finish_reason="stop")
    assert list(r.tool_calls) == [C("write_file", {"content": "a\nb"}), C("now")]
    assert [c.repairs for c in r.tool_calls] == [CTRL, CTRL]


def test_json_array_errors_blame_the_block_not_the_list() -> None:
    """A malformed array is an ``InvalidToolCall`` that says what is wrong with its JSON,
    never that a list is not an object in a format that asks for a list."""
    for dialect, text in [
        ("text.granite", '<tool_call>[{"name": "f", "arguments": {"a": "x\ny"}} {"name": "g"}]'),
        ("text.jamba", '<tool_calls>[{"name": "f", "arguments": {"a": "x\ny"}}}]</tool_calls>'),
    ]:
        [bad] = decode_text(text, dialect, finish_reason="stop").tool_calls
        assert isinstance(bad, InvalidToolCall) and "list" not in bad.error and "not an object" not in bad.error, bad


def test_json_array_with_control_characters_keeps_the_policy_limits() -> None:
    text = '<tool_calls>[{"name": "f", "arguments": {"a": "x\ny", "b": [[1]]}}]</tool_calls>'
    [deep] = decode_text(text, "text.jamba", max_depth=3).tool_calls
    assert isinstance(deep, InvalidToolCall) and "nested deeper than the limit of 3" in deep.error
    [twice] = decode_text('<tool_calls>[{"name": "f", "arguments": {"a": "x\ny", "a": 2}}]</tool_calls>',
                          "text.jamba").tool_calls
    assert isinstance(twice, InvalidToolCall) and "repeat the key" in twice.error
    [big] = decode_text(text, "text.jamba", max_bytes=40).tool_calls
    assert isinstance(big, InvalidToolCall) and "over the limit of 40 (max_bytes)" in big.error


def test_json_array_with_a_documented_slip_is_repaired_as_an_object_is() -> None:
    """A trailing comma (json-repair's slip) in the array: one policy for both forms."""
    for dialect, text in [("text.granite", '<tool_call>[{"name": "f", "arguments": {"a": 1}},]'),
                          ("text.jamba", '<tool_calls>[{"name": "f", "arguments": {"a": 1},}]</tool_calls>')]:
        r = decode_text(text, dialect, finish_reason="stop")
        assert list(r.tool_calls) == [C("f", {"a": 1})] and r.tool_calls[0].repairs == ("json-repair",), r
