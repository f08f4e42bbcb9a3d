"""A call read after an abandoned one (``test_text_abandoned_calls``) does not run when
the text after it shows it was text in the abandoned call's value: a coding agent writing
a file whose content is a tool call (lead's review of fix40-abandon: ``g`` ran). It runs
when the end of the text, a stop token or another call follows it. Wire shapes from the
formats' chat templates (see each module's sources); each text below ran ``g`` before."""

from __future__ import annotations

import pytest

from lines_run import lines_run
from toolwire import InvalidToolCall, ToolCall
from toolwire.text import decode_text
from toolwire.text._api import TextParser

# (dialect, a write call whose value holds a whole call g(a=1), then the write's closers)
QUOTED = [
    ("text.qwen3-xml",
     "<tool_call>\n<function=write>\n<parameter=path>\nx.txt\n</parameter>\n<parameter=content>\n"
     "<tool_call>\n<function=g>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>\n"
     "</parameter>\n</function>\n</tool_call>"),
    ("text.seed-oss",
     "<seed:tool_call>\n<function=write>\n<parameter=content><seed:tool_call>\n<function=g>\n<parameter=a>1"
     "</parameter>\n</function>\n</seed:tool_call></parameter>\n</function>\n</seed:tool_call>"),
    ("text.glm",
     "<tool_call>write\n<arg_key>content</arg_key>\n<arg_value><tool_call>g\n<arg_key>a</arg_key>\n"
     "<arg_value>1</arg_value>\n</tool_call></arg_value>\n</tool_call>"),
    ("text.minimax",
     '<minimax:tool_call>\n<invoke name="write">\n<parameter name="content"><minimax:tool_call>\n<invoke name="g">\n'
     '<parameter name="a">1</parameter>\n</invoke>\n</minimax:tool_call></parameter>\n</invoke>\n</minimax:tool_call>'),
    ("text.deepseek",  # V4 DSML
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="write">\n<｜DSML｜parameter name="content" string="true">'
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="g">\n<｜DSML｜parameter name="a" string="false">1</｜DSML｜parameter>\n'
     "</｜DSML｜invoke>\n</｜DSML｜tool_calls></｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>"),
    ("text.deepseek",  # V3.1: the value a JSON string, its quotes not escaped
     '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>write<｜tool▁sep｜>{"content": "<｜tool▁calls▁begin｜>'
     '<｜tool▁call▁begin｜>g<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>"}<｜tool▁call▁end｜>'
     "<｜tool▁calls▁end｜>"),
    ("text.hunyuan",  # Hy3
     "<tool_calls>\n<tool_call>write<tool_sep>\n<arg_key>content</arg_key>\n<arg_value><tool_calls>\n"
     "<tool_call>g<tool_sep>\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n</tool_call>\n</tool_calls>"
     "</arg_value>\n</tool_call>\n</tool_calls>"),
    ("text.hermes",  # the value a JSON string, its quotes not escaped
     '<tool_call>\n{"name": "write", "arguments": {"content": "<tool_call>\n{"name": "g", "arguments": {"a": 1}}\n'
     '</tool_call>"}}\n</tool_call>'),
    ("text.kimi",  # K2
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.write:0<|tool_call_argument_begin|>{"content": "'
     '<|tool_call_begin|>functions.g:1<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|>"}<|tool_call_end|>'
     "<|tool_calls_section_end|>"),
    ("text.kimi",  # K3
     '<|open|>tools<|sep|><|open|>call tool="write" index="1"<|sep|><|open|>argument key="content" type="string"<|sep|>'
     '<|open|>tools<|sep|><|open|>call tool="g" index="1"<|sep|><|open|>argument key="a" type="json"<|sep|>1'
     "<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>"
     "<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>"),
]


def _kinds(r: object) -> list[tuple[str, str | None]]:
    return [(type(c).__name__, c.name) for c in r.tool_calls]  # type: ignore[attr-defined]


def _same_streamed(text: str, dialect: str, whole: object) -> None:
    for k in range(len(text) + 1):  # every cut point, and one character at a time
        p = TextParser(dialect)
        p.feed(text[:k])
        p.feed(text[k:])
        assert p.close("stop") == whole, k
    p = TextParser(dialect)
    for ch in text:
        p.feed(ch)
    assert p.close("stop") == whole


@pytest.mark.parametrize(("dialect", "text"), QUOTED)
def test_a_call_inside_an_abandoned_calls_value_does_not_run(dialect: str, text: str) -> None:
    r = decode_text(text, dialect, finish_reason="stop")
    assert _kinds(r) == [("InvalidToolCall", "write"), ("InvalidToolCall", "g")], r.tool_calls
    assert "abandoned call" in r.tool_calls[1].error  # type: ignore[union-attr]
    _same_streamed(text, dialect, r)


QWEN_CUT = "<tool_call>\n<function=write>\n<parameter=content>\nhalf\n"
QWEN_G = "<tool_call>\n<function=g>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>"
QWEN_H = "<tool_call>\n<function=h>\n<parameter=b>\n2\n</parameter>\n</function>\n</tool_call>"


@pytest.mark.parametrize(("tail", "kinds"), [
    ("", [("ToolCall", "g")]),  # the end of the text
    ("\n\n", [("ToolCall", "g")]),  # whitespace, then the end
    ("<|im_end|>", [("ToolCall", "g")]),  # a stop token, then the end
    ("\n" + QWEN_H, [("ToolCall", "g"), ("ToolCall", "h")]),  # another call, then the end
    ("\nmore of the file\n</parameter>\n</function>\n</tool_call>", [("InvalidToolCall", "g")]),  # more text
])
def test_what_follows_a_call_after_an_abandoned_one_decides(tail: str, kinds: list[tuple[str, str]]) -> None:
    text = QWEN_CUT + QWEN_G + tail
    r = decode_text(text, "text.qwen3-xml", finish_reason="stop")
    assert _kinds(r) == [("InvalidToolCall", "write"), *kinds], r.tool_calls
    _same_streamed(text, "text.qwen3-xml", r)
    if tail.startswith("\nmore"):
        p = TextParser("text.qwen3-xml")
        events = p.feed(QWEN_CUT + QWEN_G + "\n")  # g waits for the text after it
        assert [type(e.call).__name__ for e in events if hasattr(e, "call")] == ["InvalidToolCall"]


def test_a_call_outside_a_value_after_an_abandoned_one_runs() -> None:
    # the abandoned call's value was closed: the marker was no value text, nothing to judge
    text = "<tool_call>\n<function=write>\n<parameter=path>\nx\n</parameter>\n" + QWEN_G + "\nDone."
    r = decode_text(text, "text.qwen3-xml", finish_reason="stop")
    assert _kinds(r) == [("InvalidToolCall", "write"), ("ToolCall", "g")]
    assert isinstance(r.tool_calls[1], ToolCall) and not isinstance(r.tool_calls[1], InvalidToolCall)


# each unit: a call abandoned in a value, a whole call, then text (or whitespace) after it
LINEAR = [
    ("text.qwen3-xml", QWEN_CUT + QWEN_G + "\n</parameter>\n"),
    ("text.qwen3-xml", QWEN_CUT + QWEN_G + " " * 20),
    ("text.qwen3-xml", QWEN_CUT + QWEN_G + "\n"),  # a chain: each call waits through the next abandoned one
    ("text.hermes", '<tool_call>{"name": "f", "arguments": {"a": "x<tool_call>{"name": "g", "arguments": {}}</tool_call>"}'),
    ("text.kimi", '<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": "x<|tool_call_begin|>functions.g:1'
                  '<|tool_call_argument_begin|>{}<|tool_call_end|>"} '),
    # chains in the JSON-value formats: each link's probe read every call held before it (revA)
    ("text.hermes", '<tool_call>{"name": "f", "arguments": {"a": "x<tool_call>{"name": "f", "arguments": {"a": "x'
                    '<tool_call>{"name": "g", "arguments": {}}</tool_call>'),
    ("text.deepseek", '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": "x<｜tool▁calls▁begin｜>'
                      '<｜tool▁call▁begin｜>g<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>'),
    ("text.kimi", '<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": "x<|tool_call_begin|>functions.f:1'
                  '<|tool_call_argument_begin|>{"a": "x<|tool_call_begin|>functions.g:2<|tool_call_argument_begin|>{}'
                  "<|tool_call_end|>"),
    ("text.gemma", '<|tool_call>call:f{a:<|"|>x<|tool_call>call:g{a:1}<tool_call|>'),
]


def _fed(text: str, dialect: str) -> int:
    def run() -> None:
        p = TextParser(dialect)
        for i in range(0, len(text), 7):
            p.feed(text[i : i + 7])
        p.close("stop")

    return lines_run(run)


@pytest.mark.parametrize(("dialect", "unit"), LINEAR)
def test_calls_after_abandoned_ones_are_decided_in_linear_work(dialect: str, unit: str) -> None:
    small, big = _fed(unit * 25, dialect), _fed(unit * 100, dialect)
    assert big < 4.6 * small, (small, big)


# (dialect, a call opened and abandoned inside its value, a whole call): the quoted call
# held after the first abandoned call stays held through a second abandoned one (revA3:
# the second call's abandoning ran it, under a cut or with text after the calls too)
CHAIN = [
    ("text.hermes", '<tool_call>\n{"name": "%s", "arguments": {"content": "',
     '<tool_call>\n{"name": "%s", "arguments": {"a": 1}}\n</tool_call>'),
    ("text.qwen3-xml", "<tool_call>\n<function=%s>\n<parameter=content>\n",
     "<tool_call>\n<function=%s>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>"),
    ("text.minimax", '<minimax:tool_call>\n<invoke name="%s">\n<parameter name="content">',
     '<minimax:tool_call>\n<invoke name="%s">\n<parameter name="a">1</parameter>\n</invoke>\n</minimax:tool_call>'),
    ("text.deepseek", '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="%s">\n<｜DSML｜parameter name="content" string="true">',
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="%s">\n<｜DSML｜parameter name="a" string="false">1</｜DSML｜parameter>\n'
     "</｜DSML｜invoke>\n</｜DSML｜tool_calls>"),
    ("text.hunyuan", "<tool_calls>\n<tool_call>%s<tool_sep>\n<arg_key>content</arg_key>\n<arg_value>",
     "<tool_calls>\n<tool_call>%s<tool_sep>\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n</tool_call>\n</tool_calls>"),
    ("text.kimi", '<|tool_calls_section_begin|><|tool_call_begin|>functions.%s:0<|tool_call_argument_begin|>{"content": "',
     '<|tool_call_begin|>functions.%s:1<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|>'),
    ("text.gemma", '<|tool_call>call:%s{content:<|"|>', "<|tool_call>call:%s{a:1}<tool_call|>"),
]
_I, _T = "InvalidToolCall", "ToolCall"


@pytest.mark.parametrize(("dialect", "opened", "whole"), CHAIN)
@pytest.mark.parametrize(("tail", "finish", "kinds"), [
    ("", "stop", [(_I, "a"), (_T, "g"), (_I, "b"), (_T, "h")]),  # the end of the text: both ran
    ("\nmore of the file\n", "stop", [(_I, "a"), (_I, "g"), (_I, "b"), (_I, "h")]),  # text after: neither
    ("", "length", [(_I, "a"), (_I, "g"), (_I, "b"), (_I, "h")]),  # cut: the values may go on (K2, Gemma too)
])
def test_a_quoted_call_waits_through_another_abandoned_call(dialect: str, opened: str, whole: str, tail: str,
                                                            finish: str, kinds: list[tuple[str, str]]) -> None:
    text = opened % "a" + whole % "g" + "\n" + opened % "b" + whole % "h" + tail
    r = decode_text(text, dialect, finish_reason=finish)
    assert _kinds(r) == kinds, r.tool_calls
    p = TextParser(dialect)
    for i in range(0, len(text), 5):
        p.feed(text[i : i + 5])
    assert p.close(finish) == r


@pytest.mark.parametrize(("dialect", "text"), [
    ("text.deepseek", '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": "<｜tool▁calls▁begin｜>'
                      '<｜tool▁call▁begin｜>g<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜tool▁calls▁begin｜>'),
    ("text.kimi", '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": "'
                  '<|tool_call_begin|>functions.g:1<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|>'
                  "<|tool_calls_section_begin|>"),
])
@pytest.mark.parametrize(("finish", "g"), [("stop", _T), ("length", _I)])
def test_a_held_call_then_a_section_opener_at_the_end_is_decided(dialect: str, text: str, finish: str, g: str) -> None:
    # the text ended in the section the opener began (no region there to decide it): g was lost
    r = decode_text(text, dialect, finish_reason=finish)
    assert _kinds(r) == [(_I, "f"), (g, "g")], r.tool_calls
    if finish == "stop":
        _same_streamed(text, dialect, r)


# (dialect, a call's opening up to a value tag's name, unfinished, a whole call): the
# next call is judged as in a value (the tag's opener may be text in a value:
# ``TAG_IN_VALUE``), so the text after it decides it
TAGGED = [
    ("text.qwen3-xml", "<tool_call>\n<function=%s>\n<parameter=con", CHAIN[1][2]),
    ("text.seed-oss", "<seed:tool_call>\n<function=%s>\n<parameter=con",
     "<seed:tool_call>\n<function=%s>\n<parameter=a>1</parameter>\n</function>\n</seed:tool_call>"),
    ("text.minimax", '<minimax:tool_call>\n<invoke name="%s">\n<parameter name="con', CHAIN[2][2]),
    ("text.deepseek", '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="%s">\n<｜DSML｜parameter name="con', CHAIN[3][2]),
    ("text.kimi", '<|open|>tools<|sep|><|open|>call tool="%s" index="1"<|sep|><|open|>argument key="con',
     '<|open|>tools<|sep|><|open|>call tool="%s" index="1"<|sep|><|open|>argument key="a" type="json"<|sep|>1'
     "<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>"),
]
# the same formats' openings up to a value (the first call of ``TAGGED``'s chains)
OPENED = {
    "text.qwen3-xml": CHAIN[1][1],
    "text.seed-oss": "<seed:tool_call>\n<function=%s>\n<parameter=content>",
    "text.minimax": CHAIN[2][1],
    "text.deepseek": CHAIN[3][1],
    "text.kimi": '<|open|>tools<|sep|><|open|>call tool="%s" index="1"<|sep|><|open|>argument key="content" '
                 'type="string"<|sep|>',
}


@pytest.mark.parametrize(("dialect", "tagged", "whole"), TAGGED, ids=[t[0] for t in TAGGED])
@pytest.mark.parametrize(("tail", "finish", "g"), [("", "stop", _T), ("\nDone.", "stop", _I), ("", "length", _I)])
def test_a_call_after_one_abandoned_in_a_value_tag_is_decided_by_what_follows(
        dialect: str, tagged: str, whole: str, tail: str, finish: str, g: str) -> None:
    # (fix41-abandon ran g with text after it too: revA's review, ``TAG_IN_VALUE``)
    r = decode_text(tagged % "f" + whole % "g" + tail, dialect, finish_reason=finish)
    assert _kinds(r) == [(_I, "f"), (g, "g")], r.tool_calls


# (dialect, a write call whose value holds a tag's opener with no ``>`` after it, then a
# quoted call rm, then the write's closers): rm is text in the value (revA: it ran)
TAG_IN_VALUE = [
    ("text.qwen3-xml",
     "<tool_call>\n<function=write>\n<parameter=path>\nparse.py\n</parameter>\n<parameter=content>\n"
     "# reads <parameter= tags\nEXAMPLE = '''<tool_call>\n<function=rm>\n<parameter=path>\n/\n</parameter>\n"
     "</function>\n</tool_call>'''\n</parameter>\n</function>\n</tool_call>"),
    ("text.seed-oss",
     "<seed:tool_call>\n<function=write>\n<parameter=content># reads <parameter= tags\nEXAMPLE = '''"
     "<seed:tool_call>\n<function=rm>\n<parameter=path>/</parameter>\n</function>\n</seed:tool_call>"
     "'''</parameter>\n</function>\n</seed:tool_call>"),
    ("text.minimax",
     '<minimax:tool_call>\n<invoke name="write">\n<parameter name="content"># reads <parameter name=" tags\nEX = """'
     '<minimax:tool_call>\n<invoke name="rm">\n<parameter name="path">/</parameter>\n</invoke>\n</minimax:tool_call>'
     '"""</parameter>\n</invoke>\n</minimax:tool_call>'),
    ("text.deepseek",
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="write">\n<｜DSML｜parameter name="content" string="true">'
     '# reads <｜DSML｜parameter tags\nEX = """<｜DSML｜tool_calls>\n<｜DSML｜invoke name="rm">\n'
     '<｜DSML｜parameter name="path" string="true">/</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>"""'
     "</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>"),
    ("text.kimi",  # K3
     '<|open|>tools<|sep|><|open|>call tool="write" index="1"<|sep|><|open|>argument key="content" type="string"<|sep|>'
     '# reads <|open|>argument key= tags\nEX = """<|open|>tools<|sep|><|open|>call tool="rm" index="1"<|sep|>'
     '<|open|>argument key="path" type="string"<|sep|>/<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>'
     '"""<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>'),
]


@pytest.mark.parametrize(("dialect", "text"), TAG_IN_VALUE, ids=[t[0] for t in TAG_IN_VALUE])
@pytest.mark.parametrize("finish", ["stop", "length"])
def test_a_call_quoted_after_a_tag_opener_in_a_value_does_not_run(dialect: str, text: str, finish: str) -> None:
    r = decode_text(text, dialect, finish_reason=finish)
    assert _kinds(r) == [(_I, "write"), (_I, "rm")], r.tool_calls
    if finish == "stop":
        _same_streamed(text, dialect, r)


@pytest.mark.parametrize(("dialect", "tagged", "whole"), TAGGED, ids=[t[0] for t in TAGGED])
@pytest.mark.parametrize(("tail", "finish"), [("", "length"), ("\nmore of the file\n", "stop")])
def test_a_call_held_after_one_abandoned_in_a_value_tag_does_not_run(dialect: str, tagged: str, whole: str,
                                                                     tail: str, finish: str) -> None:
    # a (abandoned in a value), t (abandoned in a value tag: may be a's value text), g: g ran
    r = decode_text(OPENED[dialect] % "a" + tagged % "t" + whole % "g" + tail, dialect, finish_reason=finish)
    assert _kinds(r) == [(_I, "a"), (_I, "t"), (_I, "g")], r.tool_calls
