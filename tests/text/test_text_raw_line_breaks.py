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


@pytest.mark.parametrize(("dialect", "opener"), [("text.xlam", ""), ("text.mistral", "[TOOL_CALLS]"),
                                                 ("text.llama", "<|python_tag|>")])
def test_a_cut_off_list_of_multi_line_calls_decodes_in_linear_time(dialect: str, opener: str) -> None:
    # (the review: each value's strict read failed on its raw newline, and the error built
    # for it counted the lines from the start of the text: quadratic, 11 s at 1.2 MB)
    def text(n: int) -> str:
        return opener + "[" + '{"name": "f", "arguments": {"a": "x\ny"}}, ' * n + '{"name": "g", "arguments": {"a": "'

    assert decode_cpu(text(8_000), dialect) < 8 * decode_cpu(text(2_000), dialect) + 0.05
    calls = decode_text(text(3), dialect, finish_reason="length").tool_calls
    assert [type(c).__name__ for c in calls] == ["ToolCall"] * 3 + ["InvalidToolCall"]
    # the closed calls say how they were read, as the whole list's calls do
    assert [c.repairs for c in calls[:3]] == [("control-characters",)] * 3


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


# -- the list forms that refused them: Mistral v3, Llama after <|python_tag|>, MiniMax-M1 lines ------
# As the templates lay the calls out (Mistral-Nemo's ``[TOOL_CALLS][{"name", "arguments", "id"}]``
# and the v3 templates' ``[TOOL_CALLS] [``; Llama 3.x ``<|python_tag|>`` then its JSON calls, which
# SGLang's Llama 3.2 detector also reads as a list; MiniMax-M1's ``<tool_calls>`` and one
# ``{"name", "arguments"}`` object per line, MiniMax-AI/MiniMax-M1 ``docs/function_call_guide.md``),
# a multi-line file and a tab written raw: each call reads as its object form reads it.
WRITE, TAB = '"content": "import os\nprint(1)\n"', '"a": "x\ty"'
WRITE_CALL, TAB_CALL = C("write_file", {"content": "import os\nprint(1)\n"}), C("f", {"a": "x\ty"})


@pytest.mark.parametrize("space", ["", " "])
def test_mistral_v3_array_with_raw_control_characters(space: str) -> None:
    text = (f'[TOOL_CALLS]{space}[{{"name": "write_file", "arguments": {{{WRITE}}}, "id": "Ab3dE9xYz"}}, '
            f'{{"name": "f", "arguments": {{{TAB}}}, "id": "call00002"}}]')
    r = check(text, "text.mistral", None, None, [C("write_file", WRITE_CALL.args, id="Ab3dE9xYz"),
                                                 C("f", TAB_CALL.args, id="call00002")], finish_reason="stop")
    assert [c.repairs for c in r.tool_calls] == [CTRL, CTRL]
    # the same calls as the v11 form reads them (its arguments go through the policy one by one)
    v11 = decode_text(f'[TOOL_CALLS]write_file[CALL_ID]Ab3dE9xYz[ARGS]{{{WRITE}}}', "text.mistral",
                      finish_reason="stop").tool_calls
    assert v11 == r.tool_calls[:1] and v11[0].repairs == CTRL


def test_llama_python_tag_list_with_raw_control_characters() -> None:
    text = (f'<|python_tag|>[{{"name": "write_file", "parameters": {{{WRITE}}}}}, '
            f'{{"name": "f", "parameters": {{{TAB}}}}}]')
    r = check(text, "text.llama", None, None, [WRITE_CALL, TAB_CALL], finish_reason="stop")
    assert [c.repairs for c in r.tool_calls] == [CTRL, CTRL]
    one = decode_text(f'<|python_tag|>{{"name": "write_file", "parameters": {{{WRITE}}}}}', "text.llama",
                      finish_reason="stop").tool_calls
    assert one == r.tool_calls[:1] and one[0].repairs == CTRL
    # Llama 4's <|python_start|> reads JSON calls the same way (a list of calls is never content)
    text = f'<|python_start|>[{{"name": "write_file", "parameters": {{{WRITE}}}}}]<|python_end|>'
    r = check(text, "text.llama", None, None, [WRITE_CALL], finish_reason="stop")
    assert r.tool_calls[0].repairs == CTRL


def test_llama_python_tag_list_that_still_is_no_call() -> None:
    """Read by the policy, a list whose items are no calls stays an invalid call, never code."""
    for text in ('<|python_tag|>[{"name": "f", "args": {"a": "x\ny"}}]', '<|python_tag|>[{"city": "x\ny"}]'):
        check(text, "text.llama", None, None, [Invalid("f" if "name" in text else None, raw=text)],
              finish_reason="stop")


def test_minimax_m1_lines_with_raw_control_characters() -> None:
    text = (f'Let me check.\n<tool_calls>\n{{"name": "write_file", "arguments": {{{WRITE}}}}}\n'
            f'{{"name": "f", "arguments": {{{TAB}}}}}\n{{"name": "now", "arguments": {{}}}}\n</tool_calls>')
    r = check(text, "text.minimax", "Let me check.", None, [WRITE_CALL, TAB_CALL, C("now")], finish_reason="stop")
    assert [c.repairs for c in r.tool_calls] == [CTRL, CTRL, ()]
    one = decode_text(f'<tool_call>\n{{"name": "write_file", "arguments": {{{WRITE}}}}}\n</tool_call>',
                      "text.hermes", finish_reason="stop").tool_calls
    assert one == r.tool_calls[:1] and one[0].repairs == CTRL


def test_minimax_m1_a_raw_line_break_in_a_string_is_no_line_break() -> None:
    """A raw line break inside a string leaves that string open at the line's end: no line of
    the form ends there, so it is the value's text, even when what follows looks like a call
    line. A line whose string never closes stays one invalid block: the next call line cannot
    close it (its ``{"`` would end the string and leave ``name"`` bare)."""
    value = 'x\n{"name": "g", "arguments": {}}'
    text = '<tool_calls>\n{"name": "f", "arguments": {"a": "x\n{\\"name\\": \\"g\\", \\"arguments\\": {}}"}}\n</tool_calls>'
    r = check(text, "text.minimax", None, None, [C("f", {"a": value})], finish_reason="stop")
    assert r.tool_calls[0].repairs == CTRL
    bad = '<tool_calls>\n{"name": "f", "arguments": {"a": "x}}\n{"name": "g", "arguments": {}}\n</tool_calls>'
    check(bad, "text.minimax", None, None, [Invalid("f", raw=bad)], finish_reason="stop")


def test_lfm2_json_array_with_raw_control_characters() -> None:
    """LFM2's JSON form (read beside its pythonic one) reads them as the other arrays do."""
    text = f'{OPEN}[{{"name": "write_file", "arguments": {{{WRITE}}}}}, {{"name": "f", "arguments": {{{TAB}}}}}]{CLOSE}'
    r = check(text, L, None, None, [WRITE_CALL, TAB_CALL], finish_reason="stop")
    assert [c.repairs for c in r.tool_calls] == [CTRL, CTRL]


@pytest.mark.parametrize("dialect", ["text.mistral", "text.llama", "text.minimax"])
def test_list_forms_with_control_characters_keep_the_policy_limits(dialect: str) -> None:
    one = '{"name": "f", "arguments": {"a": "x\ny", "a": 2}}'
    text = {"text.mistral": f"[TOOL_CALLS][{one}]", "text.llama": f"<|python_tag|>[{one}]",
            "text.minimax": f"<tool_calls>\n{one}\n</tool_calls>"}[dialect]
    [twice] = decode_text(text, dialect, finish_reason="stop").tool_calls
    assert isinstance(twice, InvalidToolCall) and "repeat the key" in twice.error, twice


# A cut-off JSON list (``_jsoncalls.cut_json``): a call that closed before the cut (a "," follows
# it) with a raw line break in a string is read as the whole list's reader reads it, never named
# as the cut one (the multi-line file of the array forms above, cut inside the next call)
CUT_ARRAY = '[{"name": "write_file", "arguments": {"content": "import os\nprint(1)\n"}}, {"name": "f", "arguments": {"a": "x'


@pytest.mark.parametrize(
    ("dialect", "text"),
    [
        ("text.granite", "<|tool_call|>" + CUT_ARRAY),  # Granite 3.0
        ("text.jamba", "<tool_calls>" + CUT_ARRAY),
        ("text.firefunction", " functools" + CUT_ARRAY),
        ("text.llama", "<|python_tag|>" + CUT_ARRAY.replace('"arguments"', '"parameters"')),
    ],
)
def test_a_cut_off_json_list_keeps_its_closed_multi_line_call(dialect: str, text: str) -> None:
    r = check(text, dialect, None, None, [C("write_file", {"content": "import os\nprint(1)\n"}),
                                          Invalid("f", truncated=True)], finish_reason="length")
    assert r.tool_calls[0].repairs == CTRL
