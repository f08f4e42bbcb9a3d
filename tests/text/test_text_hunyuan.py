"""text.hunyuan: Hy3 <tool_calls><tool_call>NAME<tool_sep>… and Hunyuan-A13B JSON (engine test shapes)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check, decode_cpu

from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.hunyuan"
HY3 = ("<tool_calls>\n<tool_call>get_current_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Dallas</arg_value>\n"
       "<arg_key>state</arg_key>\n<arg_value>TX</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n"
       "</tool_call>\n</tool_calls>")
WEATHER = C("get_current_weather", {"city": "Dallas", "state": "TX", "days": 3})


def test_hy3_call_after_reasoning() -> None:
    check("<think>\nThe user asks about Dallas.\n</think>\n" + HY3, D, None, "The user asks about Dallas.", [WEATHER])


def test_hy3_parallel_calls_and_values_as_written() -> None:
    text = ("<tool_calls><tool_call>a<tool_sep><arg_key>s</arg_key><arg_value>  two spaces </arg_value></tool_call>"
            "<tool_call>b<tool_sep></tool_call></tool_calls>")
    check(text, D, None, None, [C("a", {"s": "  two spaces "}), C("b")])


def test_hy3_values_typed_by_the_schema() -> None:
    tools = [{"name": "f", "parameters": {"type": "object", "properties": {
        "zip": {"type": "string"}, "n": {"type": "number"}, "on": {"type": "boolean"}}}}]
    text = ("<tool_calls><tool_call>f<tool_sep><arg_key>zip</arg_key><arg_value>02134</arg_value>"
            "<arg_key>n</arg_key><arg_value>2.5</arg_value><arg_key>on</arg_key><arg_value>true</arg_value>"
            "</tool_call></tool_calls>")
    check(text, D, None, None, [C("f", {"zip": "02134", "n": 2.5, "on": True})], tools=tools)


def test_a13b_json_array_inside_answer() -> None:
    text = ('<think>\nneed two lookups\n</think>\n<answer>\n<tool_calls>[{"name": "get_weather", "arguments": '
            '{"city": "San Francisco"}}, {"name": "get_time", "arguments": {}}]</tool_calls>\n</answer>')
    check(text, D, None, "need two lookups", [C("get_weather", {"city": "San Francisco"}), C("get_time")])


def test_calls_quoted_in_reasoning_are_reasoning() -> None:
    text = "<think>I could emit <tool_calls>[...]</tool_calls> here</think>Plain answer."
    check(text, D, "Plain answer.", "I could emit <tool_calls>[...]</tool_calls> here", [])


def test_markers_inside_values() -> None:
    text = ("<tool_calls><tool_call>echo<tool_sep><arg_key>s</arg_key><arg_value>x </tool_calls><tool_call>"
            "</arg_value></tool_call></tool_calls>")
    check(text, D, None, None, [C("echo", {"s": "x </tool_calls><tool_call>"})])
    check('<tool_calls>[{"name": "echo", "arguments": {"s": "]</tool_calls>"}}]</tool_calls>', D, None, None,
          [C("echo", {"s": "]</tool_calls>"})])


def test_missing_closing_tag_never_swallows_the_next_argument() -> None:
    text = ("<tool_calls><tool_call>w<tool_sep><arg_key>city</arg_key><arg_value>Dallas<arg_key>state</arg_key>"
            "<arg_value>TX</arg_value></tool_call></tool_calls>")
    check(text, D, None, None, [Invalid("w", raw=text)])


def test_truncated_and_malformed() -> None:
    text = "Sure. <tool_calls>\n<tool_call>get_current_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Dal"
    check(text, D, "Sure.", None, [Invalid("get_current_weather", truncated=True, raw=text[6:])])
    check('<tool_calls>[{"name": "f", "arguments": {"a": 1', D, None, None, [Invalid("f", truncated=True)])
    check("<tool_calls><tool_call></tool_call></tool_calls>", D, None, None, [Invalid(None)])
    check("<tool_calls><tool_call>f<tool_call>g</tool_call></tool_calls>", D, None, None, [Invalid(None)])
    check("<tool_calls>[1, 2]</tool_calls>", D, None, None, [Invalid(None), Invalid(None)])


def test_encode_variants() -> None:
    c = ToolCall(name="get_weather", args={"city": "Paris", "days": 3})
    assert encode_text(c, D) == (
        "<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n"
        "<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>\n</tool_calls>"
    )
    assert encode_text(c, D, variant="a13b") == (
        '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}]</tool_calls>'
    )


# HY V4 (vLLM hy_v4_tool_parser.py and tests/tool_parsers/test_hy_v4_tool_parser.py, unsuffixed
# tokens): no <tool_sep>; the name runs up to the first <arg_key> or </tool_call>. It was an
# InvalidToolCall without a name ("has no <tool_sep> after its name").
HY4 = ("sure!<tool_calls><tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value>"
       "<arg_key>days</arg_key><arg_value>3</arg_value></tool_call></tool_calls>")


def test_hy4_calls_without_tool_sep() -> None:
    check(HY4, D, "sure!", None, [C("get_weather", {"city": "Beijing", "days": 3})])
    zero = "<tool_calls><tool_call>get_current_date</tool_call></tool_calls>"
    check(zero, D, None, None, [C("get_current_date", {})])
    two = ("<tool_calls><tool_call>get_weather<arg_key>city</arg_key><arg_value>A</arg_value></tool_call>"
           "<tool_call>get_current_date</tool_call></tool_calls>")
    check(two, D, None, None, [C("get_weather", {"city": "A"}), C("get_current_date", {})])
    # a value may quote the separator or a closer: it is the value's text
    check("<tool_calls><tool_call>f<arg_key>s</arg_key><arg_value>a<tool_sep>b</arg_value></tool_call></tool_calls>",
          D, None, None, [C("f", {"s": "a<tool_sep>b"})])


def test_hy4_cut_off_and_malformed() -> None:
    cut = "<tool_calls><tool_call>get_weather<arg_key>city</arg_key><arg_value>Bei"
    check(cut, D, None, None, [Invalid("get_weather", truncated=True, raw=cut)])
    junk = ("<tool_calls><tool_call>get_weather<arg_key>city</arg_key><arg_value>X</arg_value>JUNK</tool_call>"
            "</tool_calls>")
    check(junk, D, None, None, [Invalid("get_weather")])
    check("<tool_calls><tool_call>get_weather<arg_key>city</arg_key></tool_call></tool_calls>",
          D, None, None, [Invalid("get_weather")])


def test_hy4_written_back_without_tool_sep() -> None:
    r = decode_text(HY4, D)
    assert encode_text(r.tool_calls, D) == HY4[len("sure!"):]
    c = ToolCall(name="f", args={"a": "x"})
    assert encode_text(c, D, variant="hy4") == (
        "<tool_calls><tool_call>f<arg_key>a</arg_key><arg_value>x</arg_value></tool_call></tool_calls>"
    )


@pytest.mark.parametrize(
    "unit",
    ["<tool_call>f{}</tool_call>", "<tool_call>f{}", "<arg_key>a{}</arg_key><arg_value>x</arg_value>",
     "<tool_call>f{}<arg_key>a</arg_key><arg_value>x</arg_value></tool_call>"],
)
def test_hy4_blocks_scale_linearly(unit: str) -> None:
    def text(n: int) -> str:  # the name search of each call stops at that call's end
        return "<tool_calls><tool_call>g" + "".join(unit.format(i) for i in range(n)) + "</tool_calls>"

    assert decode_cpu(text(8_000), D) < 8 * decode_cpu(text(2_000), D) + 0.05  # 4x the text: about 4x the time


# Suffixed tokens: the shipping Hy3 / HY V4 checkpoints spell every structural token with
# one per-checkpoint suffix (vLLM hy_v3_tool_parser.py reads it from tokenizer_config.json
# "token_suffix"; hy_v4_tool_parser.py detect_token_suffix finds it in the vocab with
# <(think|tool_calls|tool_call|arg_key|arg_value)(:[^\s>]+)?>, e.g. ":opensource",
# ":6124c78e"). <answer> has none. Such output came back as content, its calls unread.
def _sfx(text: str, s: str = ":opensource") -> str:
    for tag in ("think", "tool_calls", "tool_call", "tool_sep", "arg_key", "arg_value"):
        text = text.replace(f"<{tag}>", f"<{tag}{s}>").replace(f"</{tag}>", f"</{tag}{s}>")
    return text


def test_suffixed_hy3_call_after_reasoning() -> None:
    text = _sfx("<think>\nThe user asks about Dallas.\n</think>\n" + HY3)
    assert text.startswith("<think:opensource>\n") and "<arg_value:opensource>TX</arg_value:opensource>" in text
    check(text, D, None, "The user asks about Dallas.", [WEATHER])


@pytest.mark.parametrize("s", [":opensource", ":6124c78e"])
def test_suffixed_hy4_calls(s: str) -> None:
    check(_sfx(HY4, s), D, "sure!", None, [C("get_weather", {"city": "Beijing", "days": 3})])
    two = _sfx("<tool_calls><tool_call>get_weather<arg_key>city</arg_key><arg_value>A</arg_value></tool_call>"
               "<tool_call>get_current_date</tool_call></tool_calls>", s)
    check("Checking. " + two + " Done.", D, "Checking.  Done.", None,
          [C("get_weather", {"city": "A"}), C("get_current_date", {})])


def test_suffixed_calls_typed_by_the_schema() -> None:
    tools = [{"name": "f", "parameters": {"type": "object", "properties": {"zip": {"type": "string"}}}}]
    text = _sfx("<tool_calls><tool_call>f<tool_sep><arg_key>zip</arg_key><arg_value>02134</arg_value>"
                "</tool_call></tool_calls>")
    check(text, D, None, None, [C("f", {"zip": "02134"})], tools=tools)


def test_suffixed_block_cut_off_is_truncated() -> None:
    full = _sfx(HY4)
    for cut in (full.index("Bei") + 3, full.index("</tool_call:"),
                full.index("<tool_call:") + len("<tool_call:opensource>get_we")):
        text = full[:cut]
        name = None if cut < full.index("<arg_key") else "get_weather"
        check(text, D, "sure!", None, [Invalid(name, truncated=True, raw=text[len("sure!"):])])
    # cut after the call closed, before the block's closer: the call closed before the cut
    # and is whole (docs/text-formats.md, "Truncation"), with no cut-off call beside it
    for cut in (full.index("</tool_calls:"), full.index("</tool_calls:") + 5):
        check(full[:cut], D, "sure!", None, [C("get_weather", {"city": "Beijing", "days": 3})])


def test_suffix_is_one_per_output() -> None:
    # a bare tag, or another suffix, inside a value of a suffixed block is the value's text
    text = _sfx("<tool_calls><tool_call>f<arg_key>s</arg_key><arg_value>a") + (
        "</arg_value></tool_calls><tool_calls:x>b") + _sfx("</arg_value></tool_call></tool_calls>")
    check(text, D, None, None, [C("f", {"s": "a</arg_value></tool_calls><tool_calls:x>b"})])
    # once the output has spoken with one suffix, bare or other-suffix markers are text
    text = _sfx("<think>r</think>") + "<tool_calls:other><tool_call:other>f</tool_call:other></tool_calls:other>"
    check(text, D, "<tool_calls:other><tool_call:other>f</tool_call:other></tool_calls:other>", "r", [])
    check(_sfx("<think>r</think>") + "<tool_calls>[]</tool_calls>", D, "<tool_calls>[]</tool_calls>", "r", [])


@pytest.mark.parametrize("text", ["a<tool_calls:>b", "a<think: x>", "a <tool_calls:" + "x" * 200 + ">",
                                  "<tool_calls:opens", "x</think:y z", "<think:a<b>"])
def test_text_that_is_not_a_suffixed_token_is_content(text: str) -> None:
    check(text, D, text.strip(), None, [])


def test_suffixed_reasoning_started_by_the_prompt() -> None:
    check("plan</think:opensource>Answer.", D, "Answer.", "plan", [], thinking=True)


def test_suffixed_calls_written_back_with_their_suffix() -> None:
    for text in (_sfx(HY4[len("sure!"):]), _sfx(HY4[len("sure!"):], ":6124c78e"), _sfx(HY3)):
        r = decode_text(text, D)
        assert encode_text(r.tool_calls, D) == text
    # calls of another origin are written bare
    assert encode_text(ToolCall(name="f", args={}), D, variant="hy4") == "<tool_calls><tool_call>f</tool_call></tool_calls>"


@pytest.mark.parametrize("unit", ["<tool_call:s>f{}</tool_call:s>", "<think:s>{}", "<tool_calls:{}"])
def test_suffixed_blocks_scale_linearly(unit: str) -> None:
    def text(n: int) -> str:
        return "<think:s>r</think:s><tool_calls:s>" + "".join(unit.format(i) for i in range(n)) + "</tool_calls:s>"

    assert decode_cpu(text(8_000), D) < 8 * decode_cpu(text(2_000), D) + 0.05
    many = "".join(f"<think:{'x' * 63}" for _ in range(3_000))  # suffix-like text that is not a token
    assert decode_cpu(many * 4, D) < 8 * decode_cpu(many, D) + 0.05


# The end-of-turn token each template writes after the calls: a raw decode (special tokens
# kept, which these markers need) leaves it in the text
HY3_EOS = ("<tool_calls:opensource>\n<tool_call:opensource>get_time<tool_sep:opensource>\n"
           "<arg_key:opensource>tz</arg_key:opensource>\n<arg_value:opensource>UTC</arg_value:opensource>\n"
           "</tool_call:opensource>\n</tool_calls:opensource><｜hy_eos:opensource｜>")


@pytest.mark.parametrize(("text", "content"), [
    # llama.cpp models/templates/tencent-Hy3.jinja line 3 (eos_token '<｜hy_eos{}｜>'.format(':opensource'),
    # U+FF5C bars), line 184 (toolcalls_end_token + eos_token)
    ("</think:opensource>" + HY3_EOS, None),
    ("</think:opensource>Hi." + HY3_EOS, "Hi."),
    ("Hi.<｜hy_eos:opensource｜>", "Hi."),
    # the same template with the bare spelling
    (HY3_EOS.replace(":opensource", ""), None),
    ("Hi.<｜hy_eos｜>", "Hi."),
    # vLLM examples/tool_chat_template_hunyuan_a13b.jinja lines 67 / 103 (content + '<|eos|>')
    ('Hi.<tool_calls>[{"name": "get_time", "arguments": {"tz": "UTC"}}]</tool_calls><|eos|>', "Hi."),
    ('<tool_calls>[{"name": "get_time", "arguments": {"tz": "UTC"}}]</tool_calls><|eos|>', None),
])
def test_the_end_of_turn_token_is_a_stop_token(text: str, content: str | None) -> None:
    calls = [C("get_time", {"tz": "UTC"})] if "tool_calls" in text else []
    check(text, D, content, None, calls, finish_reason="stop")
