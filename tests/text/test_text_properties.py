"""Properties of every text family: split invariance, round trip, only toolwire errors."""

from __future__ import annotations

import json
import keyword
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, reject, settings
from hypothesis import strategies as st
from textcheck import stream

from toolwire._errors import EncodeError, ToolwireError
from toolwire._types import InvalidToolCall, ToolCall
from toolwire.text._api import TEXT_FORMATS, decode_text, encode_text

NAMES = [f.name for f in TEXT_FORMATS]
MARKERS = [
    "<tool_call>", "</tool_call>", "<think>", "</think>", "<function=", "</function>", "<parameter=",
    "</parameter>", "<arg_key>", "</arg_key>", "<arg_value>", "</arg_value>", "[TOOL_CALLS]", "[ARGS]",
    "[CALL_ID]", "[THINK]", "[/THINK]", "</s>", "<|python_tag|>", "<|eom_id|>", "<|eot_id|>",
    "<|python_start|>", "<|python_end|>", "<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>",
    "<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>", "<｜tool▁sep｜>", "<｜DSML｜function_calls>",
    "</｜DSML｜function_calls>", "<｜DSML｜tool_calls>", '<｜DSML｜invoke name="f">', "</｜DSML｜invoke>",
    '<｜DSML｜parameter name="a" string="false">', "</｜DSML｜parameter>", "<|tool_call>", "<tool_call|>",
    '<|"|>', "<|channel>", "<channel|>", "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>",
    "<|tool_call_begin|>", "<|tool_call_argument_begin|>", "<|tool_call_end|>", "<|start|>",
    "<|channel|>", "<|message|>", "<|end|>", "<|call|>", "<|return|>", " to=functions.f ",
    "call:f{", "functions.f:0", '{"name": "f", "arguments": {', '{"a": 1}', "f(a=1)", "\n", " ",
]
MARKERS += [  # the families added for #17 item 7
    "<minimax:tool_call>", "</minimax:tool_call>", '<invoke name="f">', "</invoke>", '<parameter name="a">',
    "[e~[", "<tool_calls>", "</tool_calls>", "<tool_sep>", "<answer>", "<｜tool_calls_begin｜>",
    "<｜tool_calls_end｜>", "<｜tool_call_begin｜>function<｜tool_sep｜>", "<｜tool_call_end｜>",
    '<steptml:invoke name="f">', "</steptml:invoke>", '<steptml:parameter name="a">', "</steptml:parameter>",
    "<|message_sep|>", "function call<|role_sep|>\n", "<|function_call|>", "<｜GCML｜tool_calls>",
    '<｜GCML｜invoke name="f">', '<｜GCML｜parameter name="a" string="false">', "</｜GCML｜parameter>",
    "</｜GCML｜invoke>", "<|tool_call|>", "<|end_of_text|>", "<response>", "<|tool_call_start|>",
    "<|tool_call_end|>", "<seed:tool_call>", "</seed:tool_call>", "<seed:think>", "</seed:think>",
    "<seed:cot_budget_reflect>", "```json", "```", '[{"name": "f", "arguments": {}}]',
    "<|action_start|><|plugin|>", "<|action_start|> <|plugin|>", "<|action_end|>", "</response>",
]
MARKERS += [  # Command R7B / A, Nemotron Nano v2, Apertus
    "<|START_THINKING|>", "<|END_THINKING|>", "<|START_ACTION|>", "<|END_ACTION|>", "<|START_RESPONSE|>",
    "<|END_RESPONSE|>", "<|START_TEXT|>", "<|END_OF_TURN_TOKEN|>", '{"tool_call_id": "0", "tool_name": "f", ',
    '"parameters": {', "<TOOLCALL>", "</TOOLCALL>", "<SPECIAL_12>", "<|tools_prefix|>", "<|tools_suffix|>",
    "<|inner_prefix|>", "<|inner_suffix|>", "<|assistant_end|>", '[{"f": {', '{"f": {}}', " functools[",
    "functools[", "]", ">>>", ">>>all\n", ">>>f\n{", "all\n", "python\n", "f\n",
]
MARKERS += [  # Command R / R+ (2024): Action: ```json [...] ```
    "Action: ```json", "Action:\n```json", "Action:", '[{"tool_name": "f", "parameters": {', "directly_answer",
]
MARKERS += [  # LongCat-Flash-Lite, Solar Open, MiniCPM 5
    "<longcat_tool_call>", "</longcat_tool_call>", "<longcat_tool_call>f\n", "<longcat_arg_key>", "</longcat_arg_key>",
    "<longcat_arg_value>", "</longcat_arg_value>", "<longcat_think>", "</longcat_think>", "<|think|>",
    "<|begin|>assistant", "<|content|>", "<|tool_calls|>", "<|tool_call:begin|>", "<|tool_call:name|>",
    "<|tool_call:args|>", "<|tool_call:end|>", "<|calls|>", "<|flush|>", '<function name="f">', '<param name="a">',
    "</param>", "<![CDATA[", "]]>", "<|im_end|>",
]
MARKERS += [  # Muse Glimmer
    "<|eom|>", "<|eot|>", " to=self<|message|>", " to=user<|message|>", " to=f<|message|>", "<|start|>assistant",
    "<atem:function_calls>", "</atem:function_calls>", '<atem:invoke name="f">', "</atem:invoke>",
    '<atem:parameter name="a">', "</atem:parameter>",
]
MARKERS += [  # dots
    "<dots_function_call>", "</dots_function_call>", '<dots_function_call>{"name": "f", "arguments": {',
]
MARKERS += [  # Solar Open 2
    "<|tool_call:start|>", "<|tool_call:start|>f\n", "<|tool_arg:start|>", "<|tool_arg:value|>", "<|tool_arg:end|>",
    "<|think:start|>", "<|think:end|>", "<|im:end|>",
]
MARKERS += [  # Inkling
    "<|message_model|>", "<|content_text|>", "<|content_thinking|>", "<|content_invoke_tool_json|>",
    '<|content_invoke_tool_json|>{"name":"f","args":{', "<|end_message|>", "<|content_model_end_sampling|>",
    "<|content_invoke_tool_text|>",
]
MARKERS += ["<function_call>", '<function_call> {"name": "f", "arguments": {', "<|endoftext|>"]  # granite-20b-fc
SOUP = st.lists(
    st.one_of(st.sampled_from(MARKERS), st.text(alphabet='abc{}[]()"\':,=\\ \n<|>', max_size=4)),
    max_size=25,
).map("".join)


@pytest.mark.parametrize("dialect", NAMES)
@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow])
@given(text=SOUP, data=st.data(), finish=st.sampled_from([None, "stop", "length"]),
       thinking=st.booleans())
def test_marker_soup_never_crashes_and_splits_agree(dialect: str, text: str, data: Any,
                                                   finish: str | None, thinking: bool) -> None:
    try:
        whole = decode_text(text, dialect, finish_reason=finish, thinking=thinking)
    except ToolwireError:  # pragma: no cover - nothing here should raise at all
        raise
    cuts = sorted(data.draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=10)))
    pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)]) if a < b] or [text]
    assert stream(text, dialect, pieces, finish_reason=finish, thinking=thinking) == whole
    assert stream(text, dialect, list(text), finish_reason=finish, thinking=thinking) == whole
    if finish == "length":  # a cut-off reply never gives a call more to run than a finished one
        done = decode_text(text, dialect, finish_reason="stop", thinking=thinking).tool_calls
        assert len(whole.tool_calls) >= len(done)
        for cut, ok in zip(whole.tool_calls, done):
            assert isinstance(cut, InvalidToolCall) or (isinstance(ok, ToolCall) and cut == ok)
        # where the finished reply ends in text, the cut one may end in a cut-off call
        # (text.functionary: a last line with no newline may be a recipient cut there)
        assert all(isinstance(c, InvalidToolCall) and c.truncated for c in whole.tool_calls[len(done):])


# -- round trip ---------------------------------------------------------------------
KEY = st.from_regex(r"[^\W\d]\w{0,7}", fullmatch=True).filter(lambda k: k.isidentifier() and not keyword.iskeyword(k))
TEXT = st.lists(st.one_of(st.text(max_size=6), st.sampled_from(MARKERS)), max_size=4).map("".join)
SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**53), 2**53),
    st.floats(allow_nan=False, allow_infinity=False), TEXT,
)
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEY, inner, max_size=3)),
    max_leaves=8,
)
NAME = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,15}", fullmatch=True).filter(lambda n: not keyword.iskeyword(n))
CALL = st.builds(lambda n, a: ToolCall(name=n, args=a), NAME, st.dictionaries(KEY, VALUE, max_size=4))


def _schema(value: Any) -> dict[str, Any]:
    for t, name in ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"),
                    (list, "array"), (dict, "object")):
        if type(value) is t:
            return {"type": name}
    return {"type": "null"}


def _tools(calls: list[ToolCall]) -> list[dict[str, Any]]:
    tools: dict[str, dict[str, Any]] = {}
    for c in calls:  # same name twice: the last call's schema (tests use distinct names below)
        tools[c.name] = {"name": c.name, "parameters": {"type": "object", "properties": {
            k: _schema(v) for k, v in c.args.items()}}}
    return list(tools.values())


CASES = [(f.name, v) for f in TEXT_FORMATS for v in (None, *f.variants)]


@pytest.mark.parametrize(("dialect", "variant"), CASES)
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@example(calls=[], ids=["000000000"] * 3)  # llama pythonic wrote "[]", read back as content
@example(calls=[ToolCall(name="A", args={"ŉ": None})], ids=["000000000"] * 3)  # NFKC-changed kwarg
@given(calls=st.lists(CALL, max_size=3, unique_by=lambda c: c.name),
       ids=st.lists(st.from_regex(r"[a-zA-Z0-9]{9}", fullmatch=True), min_size=3, max_size=3))
def test_round_trip(dialect: str, variant: str | None, calls: list[ToolCall], ids: list[str]) -> None:
    if dialect == "text.mistral" and variant in (None, "v11", "v3"):
        calls = [c.replace(id=i) for c, i in zip(calls, ids)]
    try:
        text = encode_text(calls, dialect, variant=variant)
    except EncodeError:
        reject()
    r = decode_text(text, dialect, tools=_tools(calls))
    expected = calls
    if dialect == "text.kimi" and variant != "k3":
        expected = [c.replace(id=f"functions.{c.name}:{i}") for i, c in enumerate(calls)]
    if dialect == "text.command-r" and variant != "r":  # R7B numbers the calls ("tool_call_id": "0")
        expected = [c.replace(id=str(i)) for i, c in enumerate(calls)]
    assert list(r.tool_calls) == expected, text
    assert r.content is None and r.reasoning is None, text
    # and again, streamed one character at a time
    assert stream(text, dialect, list(text), tools=_tools(calls)) == r


# -- nothing is lost (#17 item 5): every word of the input ends up somewhere -----------------------
def _everything_said(r: Any) -> str:
    parts = [r.content or "", r.reasoning or ""]
    for c in r.tool_calls:
        parts += [c.name or "", c.id or "", c.raw or ""]
        if isinstance(c, ToolCall):
            parts.append(json.dumps(c.args, ensure_ascii=False))
    return "\x00".join(parts)


WORDS = st.lists(st.one_of(st.sampled_from(MARKERS), st.integers(0, 99)), max_size=14)


@pytest.mark.parametrize("dialect", NAMES)
@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@example(pieces=["<|tool_call>", 1, 2], finish=None)  # harmony dropped text that was no header
@example(pieces=["<|channel|>", 1, "<|message|>"], finish=None)  # and text where a header's channel was
@given(pieces=WORDS, finish=st.sampled_from([None, "stop", "length"]))
def test_every_word_ends_up_in_content_reasoning_a_call_or_raw(
    dialect: str, pieces: list[Any], finish: str | None
) -> None:
    """Markers and whitespace are markup; each word («N», a text no marker holds) is kept:
    in content, reasoning, a call's name, id, arguments or raw text, or an invalid call's raw."""
    text = "".join(f"«{p}»" if type(p) is int else p for p in pieces)
    said = _everything_said(decode_text(text, dialect, finish_reason=finish))
    for p in pieces:
        if type(p) is int:
            assert f"«{p}»" in said, (text, said)


# -- lone surrogates (#16): read as the wire decoders read them, never a foreign error -------------
@pytest.mark.parametrize("dialect", NAMES)
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.lists(st.one_of(st.sampled_from(MARKERS), st.sampled_from(["\ud800", "\udfff", "a\ud83d"])),
                     max_size=12).map("".join))
@example(text="<tool_call><|python_start|>")  # llama: empty content after a removed marker (IndexError)
def test_lone_surrogates_are_text(dialect: str, text: str) -> None:
    r = decode_text(text, dialect, finish_reason="stop")
    for c in r.tool_calls:  # the family's catch-all never fired: every call was read
        assert not (isinstance(c, InvalidToolCall) and c.error.startswith("Could not read the call")), c
    assert stream(text, dialect, list(text), finish_reason="stop") == r


# -- a value whose closer never comes, blocks cut off (TXT-1, TXT-2, TXT-3): splits agree ----------
# pieces of calls whose values lose their closing tag or quote, whole calls, answer text, and
# markers quoted inside values: the region ends where the engines end it, read the same way
# at every split, and nothing is lost; reasoning blocks around them (hunt 39: a call drafted
# in a held block and cut in its value ends at the closing marker)
D, G = "｜DSML｜", "｜GCML｜"
SLIP_PIECES = {
    "text.qwen3-xml": ["<tool_call>\n<function=f>\n", "<parameter=a>\n", "x\n", "</parameter>\n", "</function>\n",
                       "</tool_call>\n", "<function=g>\n", "<think>", "</think>"],
    "text.glm": ["<tool_call>f\n", "<arg_key>a</arg_key>", "<arg_value>", "x", "</arg_value>", "</tool_call>",
                 "<think>", "</think>"],
    "text.hermes": ['<tool_call>{"name": "f", "arguments": {"a": ', '"', "\\", "x", "}}", "</tool_call>", "<tool_call>"],
    "text.minimax": ["<minimax:tool_call>\n", '<invoke name="f">', '<parameter name="a">', "x", "</parameter>",
                     "</invoke>", "</minimax:tool_call>", "<think>", "</think>"],
    "text.deepseek": [f"<{D}tool_calls>", f'<{D}invoke name="f">', f'<{D}parameter name="a" string="true">', "x",
                      f"</{D}parameter>", f"</{D}invoke>", f"</{D}tool_calls>", "<think>", "</think>",
                      # V3.1 sections: a call begin abandons an open call (hunt 39, engine text r5)
                      "<｜tool▁calls▁begin｜>", "<｜tool▁call▁begin｜>f<｜tool▁sep｜>", '{"a": "', '"',
                      "<｜tool▁call▁end｜>", "<｜tool▁calls▁end｜>"],
    "text.gigachat": [f"<{G}tool_calls>", f'<{G}invoke name="f">', f'<{G}parameter name="a" string="true">', "x",
                      f"</{G}parameter>", f"</{G}invoke>", f"</{G}tool_calls>"],
    "text.hunyuan": ["<tool_calls>", "<tool_call>f<tool_sep>", "<arg_key>a</arg_key>", "<arg_value>", "x",
                     "</arg_value>", "</tool_call>", "</tool_calls>"],
    "text.kimi": ["<|tool_calls_section_begin|>", "<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>",
                  '{"a": "', '"', "x", "}", "<|tool_call_end|>", "<|open|>tools<|sep|>",
                  '<|open|>call tool="f" index="1"<|sep|>', '<|open|>argument key="a" type="string"<|sep|>',
                  "<|close|>argument<|sep|>", "<|close|>call<|sep|>", "<|close|>tools<|sep|>", "<think>", "</think>"],
    "text.seed-oss": ["<seed:tool_call>\n", "<function=f>\n", "<parameter=a>", "x", "</parameter>\n", "</function>\n",
                      "</seed:tool_call>"],
    "text.gemma": ["<|tool_call>call:f{", 'a:<|"|>', "x", '<|"|>', "}", "<tool_call|>", "<|tool_call>", "a:",
                   "<|channel>thought\n", "<channel|>", "<channel|>call:g{"],  # hunt 39: a marker abandons a call
    "text.command-r": ["Action: ```json\n[", "<|START_ACTION|>[", '{"tool_name": "f", "parameters": {"a": "', '"', "\\",
                       "x", "}}", ",", "]", "```", "<|END_ACTION|>", "<|START_THINKING|>", "<|END_THINKING|>"],
    "text.harmony": ["<|channel|>commentary to=functions.f <|constrain|>json<|message|>", '{"a": "', '"', "x",
                     "}", "<|call|>", "<|start|>assistant<|channel|>final<|message|>", "<|return|>"],
    "text.functiongemma": ["<start_function_call>call:f{", "a:<escape>", "x", "<escape>", "}", "<end_function_call>"],
    "text.olmo": ["<function_calls>", "f(a=", '"', "'", "x", ")", "\n", "</function_calls>"],
    "text.muse-glimmer": [" to=f<|message|>", "<atem:function_calls>", '<atem:invoke name="f">',
                          '<atem:parameter name="a">', "x", "</atem:parameter>", "</atem:invoke>",
                          "</atem:function_calls>", "<|eom|>", "<|start|>assistant to=g<|message|>",
                          " to=self<|message|>", "<|eot|>"],
}


@pytest.mark.parametrize("dialect", sorted(SLIP_PIECES))
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), finish=st.sampled_from([None, "stop", "length"]))
def test_unclosed_values_and_cut_blocks_split_alike_and_lose_nothing(dialect: str, data: Any,
                                                                      finish: str | None) -> None:
    pieces = data.draw(st.lists(st.one_of(st.sampled_from(SLIP_PIECES[dialect]), st.integers(0, 99),
                                          st.sampled_from(["Done.", " ", "\n"])), max_size=24))
    text = "".join(f"«{p}»" if type(p) is int else p for p in pieces)
    whole = decode_text(text, dialect, finish_reason=finish)
    cuts = sorted(data.draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=10)))
    parts = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)]) if a < b] or [text]
    assert stream(text, dialect, parts, finish_reason=finish) == whole
    assert stream(text, dialect, list(text), finish_reason=finish) == whole
    said = _everything_said(whole)
    for p in pieces:
        if type(p) is int:
            assert f"«{p}»" in said, (text, said)
