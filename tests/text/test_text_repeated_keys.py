"""Text formats whose calls carry JSON (or an object notation) that gives a key twice in
one object: an ``InvalidToolCall`` naming the key, never a call with its last value
(DESIGN.md: nothing silently repaired). The block forms as each family's template or
model card writes them; the same text with distinct keys is a call."""

from __future__ import annotations

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.text import decode_text

A = '{"x": 1, "x": 2}'
# (text.olmo's Python calls: the pythonic reader refused a repeated keyword already)
CASES = {
    "text.hermes": f'<tool_call>{{"name": "f", "arguments": {A}}}</tool_call>',
    "text.jamba": f'<tool_calls>[{{"name": "f", "arguments": {A}}}]</tool_calls>',
    "text.granite": f'<tool_call>[{{"name": "f", "arguments": {A}}}]',
    "text.llama": f'{{"name": "f", "parameters": {A}}}',
    "text.mistral": f'[TOOL_CALLS]f[ARGS]{A}',
    "text.mistral#old": f'[TOOL_CALLS][{{"name": "f", "arguments": {A}}}]',
    "text.xlam": f'[{{"name": "f", "arguments": {A}}}]',
    "text.lfm2": f'<|tool_call_start|>[{{"name": "f", "arguments": {A}}}]<|tool_call_end|>',
    "text.gigachat": f'<|function_call|>{{"name": "f", "arguments": {A}}}',
    "text.inkling": f'<|message_model|>f<|content_invoke_tool_json|>{{"name":"f","args":{A}}}<|end_message|>',
    "text.hunyuan": f'<tool_calls>[{{"name": "f", "arguments": {A}}}]</tool_calls>',
    "text.deepseek": f'<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{A}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    "text.kimi": f'<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{A}<|tool_call_end|><|tool_calls_section_end|>',
    "text.glm": f'<tool_call>f\n<arg_key>o</arg_key>\n<arg_value>{A}</arg_value>\n</tool_call>',
    "text.qwen3-xml": f'<tool_call>\n<function=f>\n<parameter=o>\n{A}\n</parameter>\n</function>\n</tool_call>',
    "text.harmony": f'<|start|>assistant<|channel|>commentary to=functions.f <|constrain|>json<|message|>{A}<|call|>',
    "text.minimax": f'<minimax:tool_call>\n<invoke name="f">\n<parameter name="o">{A}</parameter>\n</invoke>\n</minimax:tool_call>',
    "text.functionary": f'>>>f\n{A}',
    "text.firefunction": f' functools[{{"name": "f", "arguments": {A}}}]',
    "text.command-r": f'Action: ```json\n[{{"tool_name": "f", "parameters": {A}}}]\n```',
    "text.internlm": f'<|action_start|><|plugin|>\n{{"name": "f", "parameters": {A}}}<|action_end|>',
    "text.nemotron": f'<TOOLCALL>[{{"name": "f", "arguments": {A}}}]</TOOLCALL>',
    "text.qwen3-xml#2": f'<tool_call>\n<function=f>\n<parameter=o>\n{A}\n</parameter>\n</function>\n</tool_call>',
    "text.seed-oss": f'<seed:tool_call>\n<function=f>\n<parameter=o>{A}</parameter>\n</function>\n</seed:tool_call>',
    "text.minimax#m1": f'<tool_calls>\n{{"name": "f", "arguments": {A}}}\n</tool_calls>',
    "text.minimax#m3": f'<minimax:tool_call>\n<invoke name="f">\n<parameter name="o">{A}</parameter>\n</invoke>\n</minimax:tool_call>',
    "text.gemma": '<|tool_call>call:f{o:{x:1,x:2}}<tool_call|>',
    "text.gemma#2": '<|tool_call>call:f{x:1,x:2}<tool_call|>',
    "text.functiongemma": '<start_function_call>call:f{x:<escape>1<escape>,x:<escape>2<escape>}<end_function_call>',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_repeated_key_makes_the_call_invalid(case: str) -> None:
    [bad] = decode_text(CASES[case], case.split("#")[0], finish_reason="stop").tool_calls
    assert isinstance(bad, InvalidToolCall), bad
    assert "'x'" in bad.error and "repeat" in bad.error, bad.error


@pytest.mark.parametrize("case", sorted(CASES))
def test_distinct_keys_make_a_call(case: str) -> None:
    text = CASES[case].replace(A, '{"x": 1, "y": 2}').replace("x:1,x:2", "x:1,y:2")
    text = text.replace("x=1, x=2", "x=1, y=2").replace("x:<escape>1<escape>,x:", "x:<escape>1<escape>,y:")
    [good] = decode_text(text, case.split("#")[0], finish_reason="stop").tool_calls
    assert isinstance(good, ToolCall), good


def test_a_cut_off_region_does_not_take_a_closed_call_that_repeats_a_key() -> None:
    text = '<tool_call>[{"name": "f", "arguments": {"x": 1, "x": 2}}, {"name": "g", "argu'
    calls = decode_text(text, "text.granite").tool_calls
    assert calls and all(isinstance(c, InvalidToolCall) for c in calls), calls


def test_one_of_several_llama_calls_repeats_a_key() -> None:
    text = '<|python_tag|>[{"name": "f", "parameters": {"a": 1}}, {"name": "g", "parameters": {"b": 1, "b": 2}}]'
    ok, bad = decode_text(text, "text.llama", finish_reason="stop").tool_calls
    assert isinstance(ok, ToolCall) and ok.args == {"a": 1}
    assert isinstance(bad, InvalidToolCall) and bad.name == "g" and "repeats the key 'b'" in bad.error


def test_a_repeated_name_in_a_call_block() -> None:
    [bad] = decode_text('<tool_call>{"name": "f", "name": "g", "arguments": {"x": 1}}</tool_call>', "text.hermes",
                        finish_reason="stop").tool_calls
    assert isinstance(bad, InvalidToolCall) and "repeats the key 'name'" in bad.error, bad


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_escaped_colon_is_no_repeat(case: str) -> None:
    # "k\u003a" is "k:", not "k": the colon count differs from the keys' (the stdlib then tells)
    text = CASES[case].replace(A, '{"k\\u003a": 1, "k": 2}')
    if text == CASES[case]:
        return  # (the object notations: no JSON escapes)
    [good] = decode_text(text, case.split("#")[0], finish_reason="stop").tool_calls
    assert isinstance(good, ToolCall), good


def test_a_cut_off_region_takes_a_closed_call_with_an_escaped_colon() -> None:
    text = '<tool_call>[{"name": "f", "arguments": {"k\\u003a": 1, "k": 2}}, {"name": "g", "argu'
    first, cut = decode_text(text, "text.granite").tool_calls
    assert isinstance(first, ToolCall) and first.args == {"k:": 1, "k": 2}
    assert isinstance(cut, InvalidToolCall) and cut.truncated


# review revDupkeys D2: a parameter's JSON value (MiniCPM, MiniMax M3's own tags) and a dict
# literal in Python-style call arguments (Llama 3.2 pythonic and 3.1 builtin, LFM2, OLMo)
MORE = {
    "text.minicpm": f'<function name="f"><param name="o">{A}</param></function>',
    "text.minimax#m3": (f']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="f">]<]minimax[>[<o>{A}'
                        ']<]minimax[>[</o>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>'),
    "text.llama#pythonic": f'[f(o={A})]',
    "text.llama#pythonic-quoted": "[f(o={'x': 1, 'x': 2})]",
    "text.llama#builtin": f'<|python_tag|>f.call(o={A})<|eom_id|>',
    "text.lfm2": f'<|tool_call_start|>[f(o={A})]<|tool_call_end|>',
    "text.olmo": f'<function_calls>f(o={A})</function_calls>',
    "text.olmo#nested": f'<function_calls>f(o=[{{"y": {A}}}])</function_calls>',
}


@pytest.mark.parametrize("case", sorted(MORE))
def test_a_repeated_key_in_a_parameter_or_dict_literal_makes_the_call_invalid(case: str) -> None:
    [bad] = decode_text(MORE[case], case.split("#")[0], finish_reason="stop").tool_calls
    assert isinstance(bad, InvalidToolCall), bad
    assert "'x'" in bad.error and "repeat" in bad.error, bad.error


@pytest.mark.parametrize("case", sorted(MORE))
def test_distinct_keys_in_a_parameter_or_dict_literal_make_a_call(case: str) -> None:
    text = MORE[case].replace(A, '{"x": 1, "y": 2}').replace("'x': 2", "'y': 2")
    [good] = decode_text(text, case.split("#")[0], finish_reason="stop").tool_calls
    assert isinstance(good, ToolCall), good
    assert "{'x': 1, 'y': 2}" in str(good.args), good.args


@pytest.mark.parametrize("case", sorted(MORE))
def test_an_escaped_colon_in_a_parameter_or_dict_literal_is_no_repeat(case: str) -> None:
    text = MORE[case].replace(A, '{"k\\u003a": 1, "k": 2}')
    if text == MORE[case]:
        return
    [good] = decode_text(text, case.split("#")[0], finish_reason="stop").tool_calls
    assert isinstance(good, ToolCall), good


@pytest.mark.parametrize("case", ["text.minicpm", "text.minimax#m3"])
def test_a_repeated_key_in_a_parameter_typed_by_its_schema(case: str) -> None:
    tools = [{"type": "function", "function": {"name": "f", "parameters": {
        "type": "object", "properties": {"o": {"type": "object"}}}}}]
    [bad] = decode_text(MORE[case], case.split("#")[0], tools=tools, finish_reason="stop").tool_calls
    assert isinstance(bad, InvalidToolCall) and "repeats the key 'x'" in bad.error, bad
