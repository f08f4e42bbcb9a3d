"""text.deepseek: V3, V3.1, V3.2 and V4 (expected values from the format spec)."""

from __future__ import annotations

from textcheck import C, Invalid, check

D = "text.deepseek"
S, SE = "<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>"
B, E, SEP = "<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>", "<｜tool▁sep｜>"
V3 = f'{S}{B}function{SEP}get_weather\n```json\n{{"city": "Paris"}}\n```{E}{SE}'
V31 = f'{S}{B}get_weather{SEP}{{"city": "Paris"}}{E}{SE}'
DSML = (
    "<｜DSML｜function_calls>\n<｜DSML｜invoke name=\"get_weather\">\n"
    '<｜DSML｜parameter name="location" string="true">杭州</｜DSML｜parameter>\n'
    '<｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>\n'
    "</｜DSML｜invoke>\n</｜DSML｜function_calls>"
)


def test_single_call_each_version() -> None:
    check(V3, D, None, None, [C("get_weather", {"city": "Paris"})])
    check(V31, D, None, None, [C("get_weather", {"city": "Paris"})])
    check(DSML, D, None, None, [C("get_weather", {"location": "杭州", "days": 3})])
    v4 = DSML.replace("function_calls", "tool_calls")
    check(v4, D, None, None, [C("get_weather", {"location": "杭州", "days": 3})])


def test_r1_spelling() -> None:
    check(f'<｜tool▁calls｜>function{SEP}f\n```json\n{{"arg1": 1}}\n```{E}{SE}', D, None, None, [C("f", {"arg1": 1})])


def test_parallel_calls() -> None:
    text = f'{S}{B}a{SEP}{{"x": 1}}{E}\n{B}b{SEP}{{}}{E}{SE}'
    check(text, D, None, None, [C("a", {"x": 1}), C("b")])
    dsml = (
        '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="a">\n</｜DSML｜invoke>\n'
        '<｜DSML｜invoke name="b">\n<｜DSML｜parameter name="s" string="true">x</｜DSML｜parameter>\n'
        "</｜DSML｜invoke>\n</｜DSML｜tool_calls>"
    )
    check(dsml, D, None, None, [C("a"), C("b", {"s": "x"})])


def test_a_tool_named_function() -> None:
    # V3.1 writes NAME<｜tool▁sep｜>ARGS: a tool named "function" is that tool, not V3's type
    # word (vLLM's DeepSeekV31ToolParser reads the name before the separator)
    check(f'{S}{B}function{SEP}{{"a": 1}}{E}{SE}', D, None, None, [C("function", {"a": 1})])
    check(f"{S}{B}function{SEP}  {{}}{E}{SE}", D, None, None, [C("function")])
    cut = f'{S}{B}function{SEP}{{"a": '
    check(cut, D, None, None, [Invalid("function", truncated=True, raw=cut[len(S):])])
    # V3: the type word, then the name (which may be "function" too) on its own line
    check(f"{S}{B}function{SEP}function\n```json\n{{}}\n```{E}{SE}", D, None, None, [C("function")])


def test_no_argument_call() -> None:
    check(f"{S}{B}now{SEP}{{}}{E}{SE}", D, None, None, [C("now")])


def test_unicode_and_nested_arguments() -> None:
    dsml = (
        '<｜DSML｜function_calls><｜DSML｜invoke name="book">'
        '<｜DSML｜parameter name="城市" string="true">北京 🚄</｜DSML｜parameter>'
        '<｜DSML｜parameter name="o" string="false">{"a": [1, {"b": null}]}</｜DSML｜parameter>'
        '<｜DSML｜parameter name="n" string="true">42</｜DSML｜parameter>'
        "</｜DSML｜invoke></｜DSML｜function_calls>"
    )
    check(dsml, D, None, None, [C("book", {"城市": "北京 🚄", "o": {"a": [1, {"b": None}]}, "n": "42"})])


def test_calls_after_reasoning() -> None:
    check("<think>plan</think>\n\n" + V31, D, None, "plan", [C("get_weather", {"city": "Paris"})])
    check("plan</think>Checking." + DSML, D, "Checking.", "plan",
          [C("get_weather", {"location": "杭州", "days": 3})], thinking=True)


def test_content_before_and_after_calls() -> None:
    check("Let me see.\n" + V3 + "\nDone.<｜end▁of▁sentence｜>", D, "Let me see.\n\nDone.", None,
          [C("get_weather", {"city": "Paris"})])


def test_markers_inside_strings_and_values() -> None:
    text = f'{S}{B}echo{SEP}{{"s": "{E}{SE} ok"}}{E}{SE}'
    check(text, D, None, None, [C("echo", {"s": f"{E}{SE} ok"})])
    dsml = (
        '<｜DSML｜function_calls><｜DSML｜invoke name="echo">'
        '<｜DSML｜parameter name="s" string="true"></｜DSML｜invoke></｜DSML｜function_calls></｜DSML｜parameter>'
        "</｜DSML｜invoke></｜DSML｜function_calls>"
    )
    check(dsml, D, None, None, [C("echo", {"s": "</｜DSML｜invoke></｜DSML｜function_calls>"})])


def test_truncated_calls() -> None:
    text = f'{S}{B}get_weather{SEP}{{"city": "Pa'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text[len(S):])])
    text = '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="x" string="true">a'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])


def test_malformed_calls() -> None:
    check(f"{S}{B}no separator{E}{SE}", D, None, None, [Invalid(None)])
    # a closer that does not match what is open: malformed, never a whole call
    check(f'{S}{B}f{SEP}{{"a": [1, 2}}{E}{SE}', D, None, None, [Invalid("f")])
    check("<｜DSML｜function_calls>nothing</｜DSML｜function_calls>", D, None, None, [Invalid(None)])
    check(f"{S}{B}f{SEP}[1]{E}{SE}", D, None, None, [Invalid("f")])
