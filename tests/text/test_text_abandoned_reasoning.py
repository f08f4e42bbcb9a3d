"""A call abandoned in reasoning read ahead as the answer (``_spec._Spec``, a call marker
before ``</think>`` with ``thinking=True``), and a call recovered from an abandoned call's
value when the token limit cut the text (review of fix40-abandon, revA).

When ``</think>`` shows the text read ahead was reasoning, no call was abandoned: the
answer's calls are judged as if that text were never read as calls (before, the state of
the abandoned call leaked out: a whole call in the reasoning ran, or the answer's real
call followed by prose was voided). Under ``finish_reason="length"`` the end of the text
is no proof a call read from inside an abandoned call's value was not text in that value.
Wire shapes from the formats' chat templates (see each module's sources)."""

from __future__ import annotations

import copy
import pickle

import pytest

from lines_run import lines_run
from toolwire import InvalidToolCall, ToolCall
from toolwire.text import decode_text
from toolwire.text._api import TextParser


def _kinds(r: object) -> list[tuple[str, str | None]]:
    return [(type(c).__name__, c.name) for c in r.tool_calls]  # type: ignore[attr-defined]


def _same_streamed(text: str, dialect: str, whole: object, finish: str, **kw: bool) -> None:
    """Every cut point gives the whole text's result, also through a checkpoint there."""
    for k in range(len(text) + 1):
        for again in (None, lambda p: pickle.loads(pickle.dumps(p)), copy.deepcopy):
            p = TextParser(dialect, **kw)
            p.feed(text[:k])
            if again is not None:
                p = again(p)
            p.feed(text[k:])
            assert p.close(finish) == whole, (k, again)
    p = TextParser(dialect, **kw)
    for ch in text:
        p.feed(ch)
    assert p.close(finish) == whole


# reasoning (no <think> opener: thinking=True) holding a write call whose value holds a
# call opener (so it reads as abandoned), then the answer's real call z and prose
LEAK = [
    ("text.qwen3-xml",
     "I could call <tool_call>\n<function=g>\n<parameter=a>\no<tool_call>\n<function=g>\n<parameter=a>\no</think>\n"
     "<tool_call>\n<function=z>\n<parameter=b>\nzz\n</parameter>\n</function>\n</tool_call>\nDone."),
    ("text.glm",
     "<tool_call>g\n<arg_key>a</arg_key>\n<arg_value>o<tool_call>g\n<arg_key>a</arg_key>\n<a</think>\n"
     "<tool_call>z\n<arg_key>b</arg_key>\n<arg_value>zz</arg_value>\n</tool_call> ok"),
    ("text.minimax",
     '<minimax:tool_call>\n<invoke name="w">\n<parameter name="c">\n<minimax:tool_call>\n<invoke name="g">\n</think>\n'
     '<minimax:tool_call>\n<invoke name="z">\n<parameter name="b">zz</parameter>\n</invoke>\n</minimax:tool_call> ok'),
    ("text.seed-oss",
     "<seed:tool_call>\n<function=g>\n<parameter=a>o<seed:tool_call>\n<function=g>\n<parameter=a>o</seed:think>\n"
     "<seed:tool_call>\n<function=z>\n<parameter=b>zz</parameter>\n</function>\n</seed:tool_call> ok"),
    ("text.deepseek",  # V4 DSML
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="g">\n<｜DSML｜parameter name="a" string="true">o<｜DSML｜tool_calls>\n'
     '</think>\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name="z">\n<｜DSML｜parameter name="b" string="true">zz'
     "</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>\nDone."),
]


@pytest.mark.parametrize(("dialect", "text"), LEAK)
def test_a_call_abandoned_in_reasoning_does_not_void_the_answers_call(dialect: str, text: str) -> None:
    r = decode_text(text, dialect, finish_reason="stop", thinking=True)
    assert _kinds(r) == [("ToolCall", "z")], r.tool_calls
    assert not isinstance(r.tool_calls[0], InvalidToolCall)
    assert r.tool_calls[0].args == {"b": "zz"}
    _same_streamed(text, dialect, r, "stop", thinking=True)


# reasoning: a write call cut in its value, a whole call g (so g was read after an
# abandoned call), the start of a call and </think>; then the answer calls z
DRAFT = [
    ("text.qwen3-xml",
     "<tool_call>\n<function=write>\n<parameter=content>\nx<tool_call>\n<function=g>\n<parameter=a>\none\n"
     "</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=z>\n< hmm, no.</think>\n"
     "<tool_call>\n<function=z>\n<parameter=b>\nzz\n</parameter>\n</function>\n</tool_call>"),
    ("text.glm",
     "<tool_call>write\n<arg_key>content</arg_key>\n<arg_value>x<tool_call>g\n<arg_key>a</arg_key>\n"
     "<arg_value>one</arg_value>\n</tool_call>\n<tool_call>z\n<arg_key>b< hmm, no.</think>\n"
     "<tool_call>z\n<arg_key>b</arg_key>\n<arg_value>zz</arg_value>\n</tool_call>"),
    ("text.minimax",
     '<minimax:tool_call>\n<invoke name="write">\n<parameter name="content">x<minimax:tool_call>\n<invoke name="g">\n'
     '<parameter name="a">one</parameter>\n</invoke>\n</minimax:tool_call>\n<minimax:tool_call>\n<invoke name=" hmm, no.'
     '</think>\n<minimax:tool_call>\n<invoke name="z">\n<parameter name="b">zz</parameter>\n</invoke>\n'
     "</minimax:tool_call>"),
    ("text.seed-oss",
     "<seed:tool_call>\n<function=write>\n<parameter=content>x<seed:tool_call>\n<function=g>\n<parameter=a>one"
     "</parameter>\n</function>\n</seed:tool_call>\n<seed:tool_call>\n<function=z> hmm, no.</seed:think>\n"
     "<seed:tool_call>\n<function=z>\n<parameter=b>zz</parameter>\n</function>\n</seed:tool_call>"),
    ("text.deepseek",  # V4 DSML
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="write">\n<｜DSML｜parameter name="content" string="true">x'
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="g">\n<｜DSML｜parameter name="a" string="true">one</｜DSML｜parameter>\n'
     '</｜DSML｜invoke>\n</｜DSML｜tool_calls>\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name="z">\n<｜D hmm, no.</think>\n'
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="z">\n<｜DSML｜parameter name="b" string="true">zz</｜DSML｜parameter>\n'
     "</｜DSML｜invoke>\n</｜DSML｜tool_calls>"),
]


@pytest.mark.parametrize(("dialect", "text"), DRAFT)
def test_a_call_read_after_one_abandoned_in_reasoning_does_not_run(dialect: str, text: str) -> None:
    r = decode_text(text, dialect, finish_reason="stop", thinking=True)
    assert _kinds(r) == [("ToolCall", "z")], r.tool_calls  # g is reasoning text, not a call
    assert "one" in (r.reasoning or "")
    _same_streamed(text, dialect, r, "stop", thinking=True)


# a write call whose value holds a whole call g(a=1); the text cut right after g's closer
CUT = [
    ("text.qwen3-xml",
     "<tool_call>\n<function=write>\n<parameter=content>\n"
     "<tool_call>\n<function=g>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>"),
    ("text.seed-oss",
     "<seed:tool_call>\n<function=write>\n<parameter=content><seed:tool_call>\n<function=g>\n<parameter=a>1"
     "</parameter>\n</function>\n</seed:tool_call>"),
    ("text.glm",
     "<tool_call>write\n<arg_key>content</arg_key>\n<arg_value><tool_call>g\n<arg_key>a</arg_key>\n"
     "<arg_value>1</arg_value>\n</tool_call>"),
    ("text.minimax",
     '<minimax:tool_call>\n<invoke name="write">\n<parameter name="content"><minimax:tool_call>\n<invoke name="g">\n'
     '<parameter name="a">1</parameter>\n</invoke>\n</minimax:tool_call>'),
    ("text.deepseek",  # V4 DSML
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="write">\n<｜DSML｜parameter name="content" string="true">'
     '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="g">\n<｜DSML｜parameter name="a" string="false">1</｜DSML｜parameter>\n'
     "</｜DSML｜invoke>\n</｜DSML｜tool_calls>"),
    ("text.deepseek",  # V3.1
     '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>write<｜tool▁sep｜>{"content": "<｜tool▁calls▁begin｜>'
     '<｜tool▁call▁begin｜>g<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>'),
    ("text.hunyuan",  # Hy3
     "<tool_calls>\n<tool_call>write<tool_sep>\n<arg_key>content</arg_key>\n<arg_value><tool_calls>\n"
     "<tool_call>g<tool_sep>\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n</tool_call>\n</tool_calls>"),
    ("text.hermes",
     '<tool_call>\n{"name": "write", "arguments": {"content": "<tool_call>\n{"name": "g", "arguments": {"a": 1}}\n'
     "</tool_call>"),
    ("text.kimi",  # K3
     '<|open|>tools<|sep|><|open|>call tool="write" index="1"<|sep|><|open|>argument key="content" type="string"<|sep|>'
     '<|open|>tools<|sep|><|open|>call tool="g" index="1"<|sep|><|open|>argument key="a" type="json"<|sep|>1'
     "<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>"),
]


@pytest.mark.parametrize(("dialect", "text"), CUT)
def test_under_the_token_limit_a_call_from_an_abandoned_calls_value_does_not_run(dialect: str, text: str) -> None:
    r = decode_text(text, dialect, finish_reason="length")
    assert _kinds(r) == [("InvalidToolCall", "write"), ("InvalidToolCall", "g")], r.tool_calls
    assert "cut" in r.tool_calls[1].error and "'length'" in r.tool_calls[1].error  # type: ignore[union-attr]
    _same_streamed(text, dialect, r, "length")
    # the model ended the text there (a stop): the call runs, as before
    stopped = decode_text(text, dialect, finish_reason="stop")
    assert _kinds(stopped) == [("InvalidToolCall", "write"), ("ToolCall", "g")], stopped.tool_calls
    assert isinstance(stopped.tool_calls[1], ToolCall) and not isinstance(stopped.tool_calls[1], InvalidToolCall)


# the same, then the next call's opener and its call cut by the token limit: that cut call
# proves nothing either (revA2), so g stays invalid under "length"
_NEXT = {
    "text.qwen3-xml": "\n<tool_call>\n<function=ls>\n<parameter=p>\n",
    "text.hermes": '\n<tool_call>\n{"name": "ls", "argu',
}


@pytest.mark.parametrize(("dialect", "text"), [(d, t + _NEXT[d]) for d, t in CUT if d in _NEXT])
def test_under_the_token_limit_a_cut_next_call_lets_no_quoted_call_run(dialect: str, text: str) -> None:
    r = decode_text(text, dialect, finish_reason="length")
    assert _kinds(r) == [("InvalidToolCall", "write"), ("InvalidToolCall", "g"), ("InvalidToolCall", "ls")], r.tool_calls
    _same_streamed(text, dialect, r, "length")
    stopped = decode_text(text, dialect, finish_reason="stop")
    assert ("ToolCall", "g") in _kinds(stopped), stopped.tool_calls


def _fed(text: str, dialect: str) -> int:
    def run() -> None:
        p = TextParser(dialect, thinking=True)
        for i in range(0, len(text), 7):
            p.feed(text[i : i + 7])
        p.close("stop")

    return lines_run(run)


# reasoning holding many calls abandoned in a value and calls read after them, then the answer
QWEN_UNIT = ("<tool_call>\n<function=w>\n<parameter=c>\nx<tool_call>\n<function=g>\n<parameter=a>\none\n"
             "</parameter>\n</function>\n</tool_call>\n")
QWEN_END = "</think>\n<tool_call>\n<function=z>\n<parameter=b>\nzz\n</parameter>\n</function>\n</tool_call>\nDone."


def test_calls_abandoned_in_reasoning_are_undone_in_linear_work() -> None:
    r = decode_text(QWEN_UNIT * 3 + QWEN_END, "text.qwen3-xml", finish_reason="stop", thinking=True)
    assert _kinds(r) == [("ToolCall", "z")], r.tool_calls
    small = _fed(QWEN_UNIT * 25 + QWEN_END, "text.qwen3-xml")
    big = _fed(QWEN_UNIT * 100 + QWEN_END, "text.qwen3-xml")
    assert big < 4.6 * small, (small, big)


# the turn's stop token after the recovered call: Llama 3.1's end of message (Hermes on a
# Llama 3 vocabulary) and Hy3's <｜hy_eos:opensource｜> (tencent-Hy3.jinja, U+FF5C bars)
STOPPED = [
    ("text.hermes",
     '<tool_call>\n{"name": "write", "arguments": {"content": "<tool_call>\n{"name": "g", "arguments": {"a": 1}}\n'
     "</tool_call><|eom_id|>"),
    ("text.hunyuan",
     "<tool_calls>\n<tool_call>write<tool_sep>\n<arg_key>content</arg_key>\n<arg_value><tool_calls>\n"
     "<tool_call>g<tool_sep>\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n</tool_call>\n</tool_calls>"
     "<｜hy_eos:opensource｜>"),
]


@pytest.mark.parametrize(("dialect", "text"), STOPPED)
def test_a_stop_token_after_a_recovered_call_is_the_end_of_the_text(dialect: str, text: str) -> None:
    r = decode_text(text, dialect, finish_reason="stop")
    assert _kinds(r) == [("InvalidToolCall", "write"), ("ToolCall", "g")], r.tool_calls
    assert r.content is None  # the stop token is dropped
    _same_streamed(text, dialect, r, "stop")
