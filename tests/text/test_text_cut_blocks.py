"""Blocks of several calls that the end of the text cut off (docs/text-formats.md,
"Truncation"): the calls that closed before the cut are whole, and the cut one is an
``InvalidToolCall(truncated=True)`` named by its own name, never the first one's. A
block whose calls all closed but whose closer is missing gives those calls and no
invented cut-off call. Streaming agrees at every split (``check``)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

F, G = C("f", {"a": "one"}), C("g", {"b": "two"})
D, G35 = "｜DSML｜", "｜GCML｜"
M3 = "]<]minimax[>["

# (dialect, a block opener + two whole calls f and g, the closer): the text of the tests
# below is cut inside g, after f, or after both
BLOCKS = [
    ("text.deepseek", f"<{D}tool_calls>\n",
     f'<{D}invoke name="f">\n<{D}parameter name="a" string="true">one</{D}parameter>\n</{D}invoke>\n',
     f'<{D}invoke name="g">\n<{D}parameter name="b" string="true">two</{D}parameter>\n</{D}invoke>\n',
     f"</{D}tool_calls>"),
    ("text.deepseek", f"<{D} calls>\n",  # V4.1
     f'<{D} invoke name="f">\n<{D} parameter name="a" string="true">one</{D} parameter>\n</{D} invoke>\n',
     f'<{D} invoke name="g">\n<{D} parameter name="b" string="true">two</{D} parameter>\n</{D} invoke>\n',
     f"</{D} calls>"),
    ("text.minimax", "<minimax:tool_call>\n",  # M2
     '<invoke name="f">\n<parameter name="a">one</parameter>\n</invoke>\n',
     '<invoke name="g">\n<parameter name="b">two</parameter>\n</invoke>\n',
     "</minimax:tool_call>"),
    ("text.minimax", f"{M3}<tool_call>\n",  # M3
     f'{M3}<invoke name="f">{M3}<a>one{M3}</a>{M3}</invoke>\n',
     f'{M3}<invoke name="g">{M3}<b>two{M3}</b>{M3}</invoke>\n',
     f"{M3}</tool_call>"),
    ("text.gigachat", f"<{G35}tool_calls>\n",  # GigaChat 3.5 GCML
     f'<{G35}invoke name="f">\n<{G35}parameter name="a" string="true">one</{G35}parameter>\n</{G35}invoke>\n',
     f'<{G35}invoke name="g">\n<{G35}parameter name="b" string="true">two</{G35}parameter>\n</{G35}invoke>\n',
     f"</{G35}tool_calls>"),
    ("text.hunyuan", "<tool_calls>\n",  # Hy3
     "<tool_call>f<tool_sep>\n<arg_key>a</arg_key>\n<arg_value>one</arg_value>\n</tool_call>\n",
     "<tool_call>g<tool_sep>\n<arg_key>b</arg_key>\n<arg_value>two</arg_value>\n</tool_call>\n",
     "</tool_calls>"),
    ("text.hunyuan", "<tool_calls>",  # HY V4: no <tool_sep>
     "<tool_call>f<arg_key>a</arg_key><arg_value>one</arg_value></tool_call>",
     "<tool_call>g<arg_key>b</arg_key><arg_value>two</arg_value></tool_call>",
     "</tool_calls>"),
    ("text.kimi", "<|open|>tools<|sep|>",  # K3
     '<|open|>call tool="f" index="1"<|sep|><|open|>argument key="a" type="string"<|sep|>one'
     "<|close|>argument<|sep|><|close|>call<|sep|>",
     '<|open|>call tool="g" index="2"<|sep|><|open|>argument key="b" type="string"<|sep|>two'
     "<|close|>argument<|sep|><|close|>call<|sep|>",
     "<|close|>tools<|sep|>"),
    ("text.seed-oss", "<seed:tool_call>\n",
     "<function=f>\n<parameter=a>one</parameter>\n</function>\n",
     "<function=g>\n<parameter=b>two</parameter>\n</function>\n",
     "</seed:tool_call>"),
    ("text.step", "<｜tool_calls_begin｜>\n",  # Step 3: a section of calls, one invoke each
     '<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="f">\n'
     '<steptml:parameter name="a">one</steptml:parameter>\n</steptml:invoke><｜tool_call_end｜>\n',
     "", "<｜tool_calls_end｜>"),
]
IDS = [f"{d}-{i}" for i, (d, *_) in enumerate(BLOCKS)]


@pytest.mark.parametrize(("dialect", "head", "f", "g", "tail"), BLOCKS, ids=IDS)
def test_the_whole_block_reads_both_calls(dialect: str, head: str, f: str, g: str, tail: str) -> None:
    check(head + f + g + tail, dialect, None, None, [F, G] if g else [F], finish_reason="stop")


@pytest.mark.parametrize(("dialect", "head", "f", "g", "tail"), [b for b in BLOCKS if b[3]],
                         ids=[i for i, b in zip(IDS, BLOCKS) if b[3]])
@pytest.mark.parametrize("reason", ["length", None])
@pytest.mark.parametrize("keep", ["tw", "two"])  # cut inside g's value, or right after it
def test_a_block_cut_inside_its_second_call_keeps_the_first_and_names_the_second(
    dialect: str, head: str, f: str, g: str, tail: str, reason: str | None, keep: str
) -> None:
    text = head + f + g[: g.index("two") + len(keep)]
    check(text, dialect, None, None, [F, Invalid("g", truncated=True, raw=text)], finish_reason=reason)


@pytest.mark.parametrize(("dialect", "head", "f", "g", "tail"), BLOCKS, ids=IDS)
@pytest.mark.parametrize("reason", ["stop", "tool_calls", "length", None])
def test_a_block_whose_calls_closed_but_not_itself_gives_the_calls_alone(
    dialect: str, head: str, f: str, g: str, tail: str, reason: str | None
) -> None:
    check(head + f + g, dialect, None, None, [F, G] if g else [F], finish_reason=reason)


@pytest.mark.parametrize(("dialect", "head", "f", "g", "tail"), BLOCKS[:5] + BLOCKS[8:9], ids=IDS[:5] + IDS[8:9])
def test_a_cut_inside_the_closer_gives_the_calls_alone(
    dialect: str, head: str, f: str, g: str, tail: str
) -> None:
    check(head + f + g + tail[:-3], dialect, None, None, [F, G], finish_reason="length")


@pytest.mark.parametrize(("dialect", "head", "f", "g", "tail"), BLOCKS[:5] + BLOCKS[8:9], ids=IDS[:5] + IDS[8:9])
def test_a_cut_inside_the_next_opening_tag_is_a_nameless_cut_off_call(
    dialect: str, head: str, f: str, g: str, tail: str
) -> None:
    text = head + f + g[:4]
    check(text, dialect, None, None, [F, Invalid(None, truncated=True, raw=text)], finish_reason="length")


def test_dsml_the_phantom_of_the_hunt() -> None:
    # the hunter's text (/tmp/h23/text/f2_dsml_phantom.py): one whole invoke, the block
    # closer missing; V3.1 / Kimi K2 / Step 3 give the call alone for the same cut
    text = (f'<{D}tool_calls>\n<{D}invoke name="get_weather">\n<{D}parameter name="city" string="true">'
            f"Paris</{D}parameter>\n</{D}invoke>\n")
    for reason in ("stop", "tool_calls", None):
        check(text, "text.deepseek", None, None, [C("get_weather", {"city": "Paris"})], finish_reason=reason)
