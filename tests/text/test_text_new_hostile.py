"""Hostile outputs for the newer families: linear time, only toolwire results, nothing swallowed.

Each text below is built so that a per-parameter (or per-delta) re-scan would be
quadratic: read at n and 4n, a linear reading takes about 4x the CPU time, a quadratic
one 16x (a ratio of the same run, not a bound in seconds)."""

from __future__ import annotations

from typing import Callable, List, Tuple

import pytest
from textcheck import decode_cpu

from toolwire._types import InvalidToolCall, ToolCall
from toolwire.text._api import TextParser, decode_text

N = 10_000


def _many(unit: str, n: int = N) -> str:
    """*unit* n times, its ``{}`` numbered (distinct parameter names: a repeat ends reading early)."""
    return "".join(unit.format(i) for i in range(n))


HOSTILE: List[Tuple[str, Callable[[int], str]]] = [
    ("text.minimax", lambda n: "<minimax:tool_call><invoke name=\"f\">" + _many('<parameter name="a{}">x</parameter>', n)
     + "</minimax:tool_call>"),
    ("text.minimax", lambda n: "<minimax:tool_call></minimax:tool_call>" * n),
    ("text.hunyuan", lambda n: "<tool_calls><tool_call>f<tool_sep>"
     + _many("<arg_key>a{}</arg_key><arg_value>x</arg_value>", n) + "</tool_calls>"),
    ("text.step", lambda n: "<tool_call><function=f>" + _many("<parameter=a{}>x</parameter>", n) + "</tool_call>"),
    ("text.seed-oss", lambda n: "<seed:tool_call><function=f>" + _many("<parameter=a{}>\nx\n</parameter>", n)
     + "</seed:tool_call>"),
    ("text.gigachat", lambda n: "<｜GCML｜tool_calls><｜GCML｜invoke name=\"f\">"
     + _many('<｜GCML｜parameter name="a{}" string="true">x</｜GCML｜parameter>', n) + "</｜GCML｜tool_calls>"),
    ("text.gigachat", lambda n: "function call<|role_sep|>" + "{" * n),
    ("text.granite", lambda n: "<tool_call>" + "[" * n),
    ("text.xlam", lambda n: "[" * n + "]" * n),
    ("text.lfm2", lambda n: "<|tool_call_start|>[" + "f(a=1), " * (n // 4) + "]<|tool_call_end|>"),
    ("text.lfm2", lambda n: "<|tool_call_start|>" + "(" * n + "<|tool_call_end|>"),
    ("text.internlm", lambda n: "<|action_start|><|plugin|>" + '{"a": ' * n),
    ("text.jamba", lambda n: "<tool_calls>" + "[" * n + "</tool_calls>"),
    ("text.command-r", lambda n: "<|START_ACTION|>" + "[" * n + "<|END_ACTION|>"),
    ("text.command-r", lambda n: "<|START_ACTION|>[" + '{"tool_name": "f", "parameters": {}}, ' * (n // 8)),
    ("text.command-r", lambda n: "<|START_THINKING|>" + "<|START_ACTION|>[]<|END_ACTION|>" * (n // 8)),
    ("text.command-r", lambda n: "Action: ```json\n" + "[" * n + "```"),
    ("text.command-r", lambda n: "Action: ```json\n[" + '{"tool_name": "f", "parameters": {}}, ' * (n // 8)),
    ("text.command-r", lambda n: "Action: ```json[]```" * (n // 8)),
    ("text.command-r", lambda n: "Action: " * (n // 4)),
    ("text.nemotron", lambda n: "<TOOLCALL>" + "[" * n + "</TOOLCALL>"),
    ("text.apertus", lambda n: "<|tools_prefix|>" + '{"' * n + "<|tools_suffix|>"),
    ("text.apertus", lambda n: "<|tools_prefix|>[" + '{"f": {}}, ' * (n // 4)),
    ("text.apertus", lambda n: "<|inner_prefix|>" + "<|tools_prefix|>[]<|tools_suffix|>" * (n // 8)),
    ("text.firefunction", lambda n: " functools" + "[" * n),
    ("text.firefunction", lambda n: "functools[] " * (n // 4)),
    ("text.firefunction", lambda n: " functools[" + '{"name": "f", "arguments": {}}, ' * (n // 8)),
    ("text.functionary", lambda n: ">>>" * n),
    ("text.functionary", lambda n: "a" * n),
    ("text.functionary", lambda n: "all\n" + ">>>" + "a" * n),
    ("text.functionary", lambda n: "f\n{" + "[" * n),
    ("text.functionary", lambda n: "f\n{}" + ">>>f\n{}" * (n // 8)),
    ("text.longcat", lambda n: "<longcat_tool_call>" + "[" * n + "</longcat_tool_call>"),
    ("text.longcat", lambda n: "<longcat_think>" + "<longcat_tool_call>{}</longcat_tool_call>" * (n // 8)),
    ("text.olmo", lambda n: "<function_calls>" + "(" * n + "</function_calls>"),
    ("text.olmo", lambda n: "<function_calls>" + "f(a=1)\n" * (n // 8)),
    ("text.olmo", lambda n: "<function_calls>f(a='" + "\\'" * (n // 2)),
    ("text.functiongemma", lambda n: "<start_function_call>call:f{" + "a:{" * (n // 4)),
    ("text.functiongemma", lambda n: "<start_function_call>call:f{a:<escape>" + "<end_function_call>" * (n // 20)),
    ("text.functiongemma", lambda n: "<start_function_call>call:f{}<end_function_call>" * (n // 48)),
    ("text.longcat", lambda n: "<longcat_tool_call>f\n" + _many("<longcat_arg_key>a{}</longcat_arg_key>"
                                                                  "<longcat_arg_value>x</longcat_arg_value>", n // 60)),
    ("text.longcat", lambda n: "<longcat_tool_call>f\n" + "<longcat_arg_key>a</longcat_arg_key>" * (n // 36)),
    ("text.solar-open", lambda n: "<|tool_call:begin|>a<|tool_call:name|>f<|tool_call:args|>{}<|tool_call:end|>"
     * (n // 80)),
    ("text.solar-open", lambda n: "<|tool_call:begin|>" + "<|tool_call:name|>" * (n // 18)),
    ("text.solar-open", lambda n: "<|think|>" + "<|tool_call:begin|>a<|tool_call:end|>" * (n // 40)),
    ("text.minicpm", lambda n: '<function name="f">' + _many('<param name="a{}">x</param>', n // 30) + "</function>"),
    ("text.minicpm", lambda n: '<function name="f">' + _many('<param name="a{}"><![CDATA[x]]></param>', n // 40)),
    ("text.minicpm", lambda n: '<function name="f"><param name="a"><![CDATA[' + "</param>" * (n // 8)),
    ("text.minicpm", lambda n: '<function name="f"></function>' * (n // 30)),
    ("text.dots", lambda n: "<dots_function_call>" + _many('<invoke name="f{}"></invoke>', n // 30)),
    ("text.dots", lambda n: '<dots_function_call><invoke name="f"><parameter name="a">'
     + "</dots_function_call>" * (n // 21)),
    ("text.dots", lambda n: '<dots_function_call>{"name": "f"}</dots_function_call>' * (n // 50)),
    ("text.solar-open2", lambda n: "<|tool_call:start|>f\n" + _many("<|tool_arg:start|>a{}<|tool_arg:value|>x"
                                                                     "<|tool_arg:end|>\n", n // 60)),
    ("text.solar-open2", lambda n: "<|tool_call:start|>f\n<|tool_arg:start|>a<|tool_arg:value|>"
     + "<|tool_arg:start|>" * (n // 18) + "<|tool_call:end|>"),
    ("text.solar-open2", lambda n: "<|tool_call:start|>f\n<|tool_call:end|>" * (n // 40)),
    ("text.solar-open2", lambda n: "<|think:start|>" + "<|tool_call:start|>f\n<|tool_call:end|>" * (n // 40)),
    ("text.solar-open2", lambda n: "<|tool_call:start|>f" + "<|tool_call:start|>" * (n // 19)),
    ("text.inkling", lambda n: '<|content_invoke_tool_json|>{"name":"f","args":{}}<|end_message|>' * (n // 60)),
    ("text.inkling", lambda n: '<|content_invoke_tool_json|>{"name":"f","args":{"a":"' + "<|end_message|>" * (n // 15)),
    ("text.inkling", lambda n: "<|message_model|>f" * (n // 18) + "<|content_invoke_tool_json|>{}"),
    ("text.inkling", lambda n: "<|content_thinking|>" + '<|content_invoke_tool_json|>{"name":"f"}' * (n // 40)),
    ("text.inkling", lambda n: "<|content_invoke_tool_json|>" + "{" * n),
    ("text.granite-20b-fc", lambda n: '<function_call> {"name": "f", "arguments": {}}\n' * (n // 46)),
    ("text.granite-20b-fc", lambda n: "<function_call> " + "{" * n),
    ("text.granite-20b-fc", lambda n: '<function_call> {"name": "f", "arguments": {"a": "' + "<function_call>" * (n // 15)),
    ("text.granite-20b-fc", lambda n: "<function_call>" * (n // 15)),
]


@pytest.mark.parametrize(("dialect", "make"), HOSTILE, ids=[f"{d}-{i}" for i, (d, _) in enumerate(HOSTILE)])
def test_hostile_text_is_read_in_linear_time(dialect: str, make: Callable[[int], str]) -> None:
    text = make(N)
    r = decode_text(text, dialect)
    p = TextParser(dialect)
    for i in range(0, len(text), 4096):  # streamed in deltas too
        p.feed(text[i : i + 4096])
    assert p.close() == r
    for c in r.tool_calls:
        assert isinstance(c, (ToolCall, InvalidToolCall))
    if isinstance(r.tool_calls[:1] and r.tool_calls[0], InvalidToolCall):
        assert r.tool_calls[0].raw  # the text is kept
    small, big = decode_cpu(make(N // 4), dialect), decode_cpu(text, dialect)
    assert big < 8 * small + 0.05  # 4x the text: about 4x the time (quadratic: 16x)


@pytest.mark.parametrize(
    ("dialect", "head", "unit", "tail"),
    [
        ("text.minimax", '<minimax:tool_call><invoke name="f">', '<parameter name="a{}">x</parameter>', "</minimax:tool_call>"),
        ("text.hunyuan", "<tool_calls><tool_call>f<tool_sep>", "<arg_key>a{}</arg_key><arg_value>x</arg_value>", "</tool_calls>"),
        ("text.seed-oss", "<seed:tool_call><function=f>", "<parameter=a{}>x</parameter>", "</seed:tool_call>"),
        ("text.longcat", "<longcat_tool_call>f\n", "<longcat_arg_key>a{}</longcat_arg_key>"
         "<longcat_arg_value>x</longcat_arg_value>", ""),
        ("text.minicpm", '<function name="f">', '<param name="a{}">x</param>', ""),
        ("text.dots", '<dots_function_call><invoke name="f">', '<parameter name="a{}">x</parameter>',
         "</dots_function_call>"),
        ("text.solar-open2", "<|tool_call:start|>f\n", "<|tool_arg:start|>a{}<|tool_arg:value|>x<|tool_arg:end|>", ""),
        ("text.muse-glimmer", ' to=f<|message|><atem:function_calls><atem:invoke name="f">',
         '<atem:parameter name="a{}">x</atem:parameter>', "</atem:function_calls>"),
    ],
)
def test_parameter_lists_without_their_closer_scale_linearly(dialect: str, head: str, unit: str, tail: str) -> None:
    # the closer of the element is never found: a search for it per parameter would be quadratic
    small = decode_cpu(head + _many(unit, 2_000) + tail, dialect)
    big = decode_cpu(head + _many(unit, 8_000) + tail, dialect)
    assert big < 8 * small + 0.05  # 4x the text: about 4x the time (quadratic: 16x)


def test_repeated_parameters_are_an_invalid_call_not_the_last_value() -> None:
    text = '<minimax:tool_call><invoke name="f">' + '<parameter name="a">x</parameter>' * 3 + "</invoke></minimax:tool_call>"
    r = decode_text(text, "text.minimax")
    assert len(r.tool_calls) == 1 and isinstance(r.tool_calls[0], InvalidToolCall)
    assert r.tool_calls[0].raw == text[len("<minimax:tool_call>"):-len("</minimax:tool_call>")]  # its own invoke
