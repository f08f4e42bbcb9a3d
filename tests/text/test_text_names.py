"""Names a tool could have (#17 item 4): text where a name should be is not a name.

One rule for every family (``text/_callname.py``), applied where every family's
calls pass (``TextParser.call``); the call becomes an ``InvalidToolCall`` that keeps
its raw text, and never a call named ``junk [``.
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._types import InvalidToolCall
from toolwire.text._api import TEXT_FORMATS, decode_text, encode_text
from toolwire.text._callname import is_name

WEATHER = {
    "name": "get_current_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "state": {"type": "string"}}},
}


@pytest.mark.parametrize(
    "name", ["get_weather", "_x", "browser.search", "container.exec", "mcp__fs__read", "a-b", "ns:tool",
             "srv/tool", "f" * 256],
)
def test_names_a_tool_could_have(name: str) -> None:
    assert is_name(name)


@pytest.mark.parametrize(
    "name", ["", "junk [", "bad_func_no_gt\n</function", "todo_write\n", " f", "f g", "0", "1st", "-x",
             ".x", 'f"', "f'", "f<", "f>", "f|", "f{", "f(", "f=1", "f,g", "f;", "f\\", "f\x00", "f\ud800",
             "f\u200b", "f" * 257,
             # letters and digits beyond ASCII: no provider's rule takes them (hunt h22 F-O 14)
             "météo", "é", "天气", "a²", "f\u0660", "Ωmega"],
)
def test_text_that_is_not_a_name(name: str) -> None:
    assert not is_name(name)


def test_qwen3_function_tag_without_its_gt() -> None:
    # vLLM tests/tool_parsers/test_qwen3coder_tool_parser.py test_none_tool_calls_filtered (PR #36774)
    bad = "<tool_call>\n<function=bad_func_no_gt\n</function>\n</tool_call>"
    good = (
        "<tool_call>\n<function=get_current_weather>\n<parameter=city>Dallas</parameter>\n"
        "<parameter=state>TX</parameter>\n</function>\n</tool_call>"
    )
    check(bad + "\n" + good, "text.qwen3-xml", None, None,
          [Invalid(None, raw=bad), C("get_current_weather", {"city": "Dallas", "state": "TX"})])
    check(bad + "\n" + good, "text.qwen3-xml", None, None,
          [Invalid(None, raw=bad), C("get_current_weather", {"city": "Dallas", "state": "TX"})], tools=[WEATHER])


def test_kimi_header_without_its_index() -> None:
    # vLLM tests/tool_parsers/test_kimi_k2_tool_parser.py test_invalid_funcall_id_skipped: a header that
    # is not functions.NAME:IDX is no call (vLLM drops it; toolwire keeps it as an InvalidToolCall)
    bad = '<|tool_call_begin|>functions.invalid.0 <|tool_call_argument_begin|>{"city": "Beijing"}<|tool_call_end|>'
    good = '<|tool_call_begin|>functions.valid:1 <|tool_call_argument_begin|>{"city": "Shanghai"}<|tool_call_end|>'
    text = "Help. <|tool_calls_section_begin|>" + bad + good + "<|tool_calls_section_end|>"
    check(text, "text.kimi", "Help.", None,
          [Invalid("invalid.0", raw=bad, id="functions.invalid.0"), C("valid", {"city": "Shanghai"}, id="functions.valid:1")])


@pytest.mark.parametrize(
    ("dialect", "text", "raw"),
    [
        ("text.hermes", '<tool_call>\n{"name": "junk [", "arguments": {}}\n</tool_call>', None),
        ("text.hermes", '<tool_call>\n{"name": "todo_write\\n", "arguments": {"a": 1}}\n</tool_call>', None),
        ("text.llama", '{"name": "0", "parameters": {}}', '{"name": "0", "parameters": {}}'),
        ("text.mistral", "[TOOL_CALLS]junk [1, 2]", "[TOOL_CALLS]junk [1, 2]"),
        ("text.mistral", '[TOOL_CALLS]get weather[ARGS]{"a": 1}', '[TOOL_CALLS]get weather[ARGS]{"a": 1}'),
        ("text.mistral", '[TOOL_CALLS][{"name": "a b", "arguments": {}}]', None),
        ("text.deepseek", "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get weather<｜tool▁sep｜>{}<｜tool▁call▁end｜>"
         "<｜tool▁calls▁end｜>", "<｜tool▁call▁begin｜>get weather<｜tool▁sep｜>{}<｜tool▁call▁end｜>"),
        ("text.deepseek", '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="f&lt;">\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>', None),
        ("text.gemma", "<|tool_call>call:f'x{}<tool_call|>", "<|tool_call>call:f'x{}<tool_call|>"),
        ("text.glm", "<tool_call>f(x)<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>", None),
        ("text.harmony", '<|channel|>commentary to=functions.f"x <|constrain|>json<|message|>{}<|call|>', None),
        ("text.llama", "<function=f x>{}</function>", "<function=f x>{}</function>"),
    ],
)
def test_a_call_without_a_name_is_invalid_and_keeps_its_text(dialect: str, text: str, raw: str | None) -> None:
    r = decode_text(text, dialect, finish_reason="stop")
    assert len(r.tool_calls) == 1, r
    bad = r.tool_calls[0]
    assert isinstance(bad, InvalidToolCall) and bad.name is None and "name" in bad.error, bad
    if raw is not None:
        assert bad.raw == raw
    assert r.content is None


def test_a_name_not_offered_is_invalid_when_tools_are_given() -> None:
    text = '<tool_call>\n{"name": "get_wether", "arguments": {"city": "Paris"}}\n</tool_call>'
    r = check(text, "text.hermes", None, None, [Invalid("get_wether", raw=text)], tools=[WEATHER])
    assert r.tool_calls[0].error == (
        "Tool call at $.tool_calls[0] names 'get_wether', which is not one of the tools offered "
        "(get_current_weather)"
    )
    # without tools= the name is taken as written; an empty tool list offers nothing to check against
    check(text, "text.hermes", None, None, [C("get_wether", {"city": "Paris"})])
    check(text, "text.hermes", None, None, [C("get_wether", {"city": "Paris"})], tools=[])


@pytest.mark.parametrize("fmt", TEXT_FORMATS, ids=lambda f: f.name)
def test_every_family_checks_names_against_the_tools_offered(fmt: object) -> None:
    from toolwire._types import ToolCall

    name = fmt.name  # type: ignore[attr-defined]
    text = encode_text([ToolCall(name="delete_all", args={"x": 1})], name)
    r = decode_text(text, name, tools=[WEATHER])
    assert [type(c).__name__ for c in r.tool_calls] == ["InvalidToolCall"], r
    assert r.tool_calls[0].name == "delete_all" and r.tool_calls[0].raw
    r = decode_text(text, name)
    assert [c.name for c in r.tool_calls] == ["delete_all"]


def test_a_name_beyond_ascii_is_no_name_unless_offered() -> None:
    # every provider's rule is ASCII (text-formats.md "Names"): such a call could not be sent back
    text = '<tool_call>\n{"name": "météo", "arguments": {}}\n</tool_call>'
    [bad] = decode_text(text, "text.hermes").tool_calls
    assert isinstance(bad, InvalidToolCall) and bad.name is None and bad.raw == text
    assert bad.error == ("Tool call at $.tool_calls[0] has 'météo' where its name should be: a tool name is an "
                         "ASCII letter or '_' then ASCII letters, digits, '_', '-', '.', ':' or '/'")
    offered = [{"name": "météo", "parameters": {"type": "object"}}]  # an offered name is taken as it is
    check(text, "text.hermes", None, None, [C("météo", {})], tools=offered)


def test_encode_text_refuses_a_name_beyond_ascii() -> None:
    from toolwire import EncodeError, ToolCall

    with pytest.raises(EncodeError) as exc:
        encode_text([ToolCall("天气", {})], "text.hermes")
    assert (exc.value.message, exc.value.loc) == (
        "Tool name '天气' of call 0 cannot be read back from text.hermes: a tool name is an ASCII letter or '_' "
        "then ASCII letters, digits, '_', '-', '.', ':' or '/'", "$[0].name")
