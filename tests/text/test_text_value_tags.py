"""Values written as text between tags (Qwen3-Coder, GLM, DeepSeek DSML, Kimi K3) are
read by the one shared reader (``_params``), with its checks once: a value that holds
its own closing tag, text between the parameters, a stray closing tag, a parameter
written twice or without a name make the call an ``InvalidToolCall`` that keeps the
raw text — never a call with other arguments (as text.step / text.hunyuan already did).
Reading is linear in the number of parameters."""

from __future__ import annotations

from typing import Any

import pytest
from textcheck import C, Invalid, check, decode_cpu

from toolwire import ToolCall, decode_text, encode_text
from toolwire.text import deepseek, glm, hunyuan, kimi, qwen3_xml
from toolwire.text._api import TextParser

Q, G, DS, K = "text.qwen3-xml", "text.glm", "text.deepseek", "text.kimi"
DSML = "｜DSML｜"


def _q(*params: str) -> str:
    return "<tool_call>\n<function=run>\n" + "".join(params) + "</function>\n</tool_call>"


def _dsml(*params: str, between: str = "") -> str:
    inv = f'<{DSML}invoke name="run">\n' + "".join(params) + f"</{DSML}invoke>\n"
    return f"<{DSML}tool_calls>\n" + inv + between + f"</{DSML}tool_calls>"


def _dp(attrs: str, value: str) -> str:
    return f"<{DSML}parameter {attrs}>{value}</{DSML}parameter>\n"


def _k3(*args: str) -> str:
    return '<|open|>tools<|sep|><|open|>call tool="run" index="1"<|sep|>' + "".join(args) + (
        "<|close|>call<|sep|><|close|>tools<|sep|>"
    )


# --- text.qwen3-xml -----------------------------------------------------------------


def test_qwen3_value_holding_its_own_closing_tag_is_invalid() -> None:
    text = _q("<parameter=code>\nprint('</parameter>')\nx = 1\n</parameter>\n")
    check(text, Q, None, None, [Invalid("run", raw=text)])


def test_qwen3_text_between_parameters_is_invalid() -> None:
    text = _q("<parameter=a>\n1\n</parameter>\nNOTE\n<parameter=b>\n2\n</parameter>\n")
    check(text, Q, None, None, [Invalid("run", raw=text)])


def test_qwen3_stray_closing_tag_is_invalid() -> None:
    text = _q("<parameter=a>\n1\n</parameter>\n</parameter>\n")
    check(text, Q, None, None, [Invalid("run", raw=text)])


def test_qwen3_parameter_written_twice_is_invalid() -> None:
    text = _q("<parameter=a>\n1\n</parameter>\n<parameter=a>\n2\n</parameter>\n")
    # the markup is whole: the call alone is invalid, its raw its own element (``_wrong``)
    check(text, Q, None, None, [Invalid("run", raw=text[len("<tool_call>\n"):-len("\n</tool_call>")])])


def test_qwen3_text_between_functions_is_content() -> None:
    text = "<tool_call>\n<function=a>\n</function>\nhmm\n<function=b>\n</function>\n</tool_call>"
    check(text, Q, "hmm", None, [C("a"), C("b")])


def test_qwen3_parameter_tag_inside_a_line_is_still_text() -> None:
    text = _q("<parameter=s>\nsee <parameter=x> here\n</parameter>\n")
    check(text, Q, None, None, [C("run", {"s": "see <parameter=x> here"})])


# --- text.glm -----------------------------------------------------------------------


def test_glm_value_holding_its_own_closing_tag_is_invalid() -> None:
    text = "<tool_call>run\n<arg_key>code</arg_key>\n<arg_value>s = '</arg_value>'\nx = 1</arg_value>\n</tool_call>"
    check(text, G, None, None, [Invalid("run", raw=text)])


def test_glm_key_written_twice_and_text_between_are_invalid() -> None:
    dup = "<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\nNOTE\n<arg_key>a</arg_key>\n<arg_value>2</arg_value>\n</tool_call>"
    check(dup, G, None, None, [Invalid("f", raw=dup)])
    twice = "<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value><arg_key>a</arg_key><arg_value>2</arg_value></tool_call>"
    check(twice, G, None, None, [Invalid("f", raw=twice)])


def test_glm_text_between_key_and_value_is_invalid() -> None:
    text = "<tool_call>f<arg_key>a</arg_key>x<arg_value>1</arg_value></tool_call>"
    check(text, G, None, None, [Invalid("f", raw=text)])


def test_glm_values_are_kept_as_written() -> None:  # GLM-4.7 (no newlines) and 4.5 (newlines around pairs)
    check("<tool_call>f<arg_key>a</arg_key><arg_value> x\n</arg_value></tool_call>", G, None, None, [C("f", {"a": " x\n"})])
    check("<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>x</arg_value>\n</tool_call>", G, None, None, [C("f", {"a": "x"})])


# --- text.deepseek (DSML) -----------------------------------------------------------


def test_dsml_value_holding_its_own_closing_tag_is_invalid() -> None:
    text = _dsml(_dp('name="code" string="true"', f's = "</{DSML}parameter>"\nx=1'))
    check(text, DS, None, None, [Invalid("run", raw=text)])


def test_dsml_parameter_without_a_name_is_invalid() -> None:
    text = _dsml(_dp('string="true"', "x"))
    check(text, DS, None, None, [Invalid("run", raw=text)])


def test_dsml_parameter_written_twice_is_invalid() -> None:
    text = _dsml(_dp('name="a" string="false"', "1"), _dp('name="a" string="false"', "2"))
    own = text[text.index(f"<{DSML}invoke"):text.index(f"</{DSML}invoke>") + len(f"</{DSML}invoke>")]
    check(text, DS, None, None, [Invalid("run", raw=own)])  # (the markup is whole: ``_wrong``)


def test_dsml_text_between_invokes_is_content() -> None:
    text = _dsml(_dp('name="a" string="false"', "1"), between="Then I will wait.\n")
    check(text, DS, "Then I will wait.", None, [C("run", {"a": 1})])


def test_dsml_values_are_kept_as_written() -> None:  # no newline is markup in DSML
    text = _dsml(_dp('name="a" string="true"', "\nx\n"))
    check(text, DS, None, None, [C("run", {"a": "\nx\n"})])


# --- text.kimi (K3) -----------------------------------------------------------------


def test_k3_argument_without_a_key_is_invalid() -> None:
    text = _k3('<|open|>argument type="string"<|sep|>x<|close|>argument<|sep|>')
    check(text, K, None, None, [Invalid("run", raw=text)])


def test_k3_argument_written_twice_is_invalid() -> None:
    arg = '<|open|>argument key="a" type="integer"<|sep|>{}<|close|>argument<|sep|>'
    text = _k3(arg.format(1), arg.format(2))
    own = text[text.index("<|open|>call"):text.index("<|close|>call<|sep|>") + len("<|close|>call<|sep|>")]
    check(text, K, None, None, [Invalid("run", raw=own)])  # (the markup is whole: ``_wrong``)


def test_k3_value_holding_its_own_closing_marker_is_invalid() -> None:
    text = _k3('<|open|>argument key="s" type="string"<|sep|>a<|close|>argument<|sep|>b<|close|>argument<|sep|>')
    check(text, K, None, None, [Invalid("run", raw=text)])


# --- linear in the number of parameters ---------------------------------------------


class _Counted(str):
    """A str whose ``find`` adds the characters it scanned to ``scanned``."""

    scanned = 0

    def find(self, sub: str, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        lo = 0 if start is None else start
        hi = len(self) if end is None else min(end, len(self))
        i = str.find(self, sub, lo, hi)
        _Counted.scanned += (i + len(sub) if i >= 0 else hi) - lo
        return i


CASES: list[tuple[Any, str, str, str, str]] = [
    (qwen3_xml._parse, Q, "<tool_call>", "\n<function=f>\n", "<parameter=p{i}>\nx\n</parameter>\n"),
    (glm._parse, G, "<tool_call>", "f\n", "<arg_key>p{i}</arg_key>\n<arg_value>x</arg_value>\n"),
    (hunyuan._xml, "text.hunyuan", "<tool_calls>", "<tool_call>f<tool_sep>\n",
     "<arg_key>p{i}</arg_key>\n<arg_value>x</arg_value>\n"),
    (deepseek._dsml, DS, f"<{DSML}tool_calls>", f'<{DSML}invoke name="f">\n',
     f'<{DSML}parameter name="p{{i}}" string="true">x</{DSML}parameter>\n'),
    (kimi._k3, K, "<|open|>tools<|sep|>", '<|open|>call tool="f" index="1"<|sep|>',
     '<|open|>argument key="p{i}" type="string"<|sep|>x<|close|>argument<|sep|>'),
]
TAILS = {Q: "</function>\n", G: "", "text.hunyuan": "</tool_call>\n", DS: f"</{DSML}invoke>\n",
         K: "<|close|>call<|sep|>"}
ENDS = {Q: "</tool_call>", G: "</tool_call>", "text.hunyuan": "</tool_calls>", DS: f"</{DSML}tool_calls>",
        K: "<|close|>tools<|sep|>"}


@pytest.mark.parametrize(("parse", "dialect", "opener", "head", "param"), CASES, ids=[c[1] for c in CASES])
def test_reading_parameters_scans_each_character_a_bounded_number_of_times(
    parse: Any, dialect: str, opener: str, head: str, param: str
) -> None:
    ratios = []
    for n in (200, 800):
        text = _Counted(head + "".join(param.format(i=i) for i in range(n)) + TAILS[dialect])
        m = TextParser(dialect)
        m.opener = opener
        _Counted.scanned = 0
        parse(m, text, ENDS[dialect], True)
        [call] = m.items
        assert len(call.args) == n, call
        ratios.append(_Counted.scanned / len(text))
    # each find starts where the last one ended (or the position it found is kept):
    # the characters scanned stay a few times the text, at n as at 4n
    assert max(ratios) < 4, ratios


# A parameter name holding a quote or markup is a slip of the markup: the templates
# write names raw (name="…", <parameter=…>), so a name with '"', '<' or '>' cannot come
# from them. The call keeps its text as an InvalidToolCall, never a call whose key is
# garbage and whose intended key is missing.
_Q_TOOLS = [{"type": "function", "function": {"name": "search", "parameters": {
    "type": "object", "properties": {"query": {"type": "string"}}}}}]
_MM = "<minimax:tool_call>\n<invoke name=\"search\">\n%s\n</invoke>\n</minimax:tool_call>"
_ST = ("<｜tool_calls_begin｜>\n<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name=\"search\">\n%s\n"
       "</steptml:invoke><｜tool_call_end｜>\n<｜tool_calls_end｜>")
_SEED = "<seed:tool_call>\n<function=search>\n%s\n</function>\n</seed:tool_call>"


@pytest.mark.parametrize("tools", [None, _Q_TOOLS])
@pytest.mark.parametrize(("dialect", "text"), [
    (DS, f"<{DSML}tool_calls>\n<{DSML}invoke name=\"search\">\n<{DSML}parameter name=\"query string=\"true\">a b"
         f"</{DSML}parameter>\n</{DSML}invoke>\n</{DSML}tool_calls>"),
    (DS, f"<{DSML}tool_calls>\n<{DSML}invoke name=\"search\">\n<{DSML}parameter name=\"que<{DSML}parameter "
         f"name=\"query\" string=\"true\">a b</{DSML}parameter>\n</{DSML}invoke>\n</{DSML}tool_calls>"),
    ("text.minimax", _MM % '<parameter name="query>a b</parameter>'),
    ("text.minimax", _MM % '<parameter name="query"">a b</parameter>'),
    ("text.minimax", _MM % "<parameter name='query>a b</parameter>"),
    ("text.step", _ST % '<steptml:parameter name="query>x</steptml:parameter>'),
    (Q, "<tool_call>\n<function=search>\n<parameter=que</parameter>ry>\na b\n</parameter>\n</function>\n</tool_call>"),
    (G, "<tool_call>search\n<arg_key>que<arg_value>ry</arg_key>\n<arg_value>a b</arg_value>\n</tool_call>"),
])
def test_a_parameter_name_with_a_quote_or_markup_is_no_call(dialect: str, text: str, tools: Any) -> None:
    r = check(text, dialect, None, None, [Invalid("search")], tools=tools, finish_reason="stop")
    assert "slip of the markup" in r.tool_calls[0].error
    raw = r.tool_calls[0].raw
    assert raw and raw in text and ("a b" in raw or ">x<" in raw), raw


_Q_CLOSED = [{"type": "function", "function": {"name": "search", "parameters": {
    "type": "object", "properties": {"query": {"type": "string"}}, "additionalProperties": False}}}]


def test_seed_oss_parameter_name_with_a_space_is_no_offered_property() -> None:
    text = _SEED % "<parameter=query a>x</parameter>"
    check(text, "text.seed-oss", None, None, [Invalid("search", raw=text)], tools=_Q_CLOSED, finish_reason="stop")
    # without tools=, or with an object that takes other keys, nothing says the name is not the tool's own
    check(text, "text.seed-oss", None, None, [C("search", {"query a": "x"})], finish_reason="stop")
    check(text, "text.seed-oss", None, None, [C("search", {"query a": "x"})], tools=_Q_TOOLS, finish_reason="stop")


_OPEN = {"type": "object", "properties": {"table": {"type": "string"}}, "additionalProperties": {"type": "string"}}


@pytest.mark.parametrize("schema", [_OPEN, {"type": "object"},
                                    {"type": "object", "patternProperties": {"^F": {"type": "string"}},
                                     "additionalProperties": False}])
@pytest.mark.parametrize("dialect", [Q, "text.seed-oss", "text.minimax", DS, "text.step", G])
def test_a_name_with_a_space_that_an_open_object_takes_reads_back(dialect: str, schema: Any) -> None:
    """A key the tool's object takes besides its properties (``additionalProperties`` a
    schema, none, ``patternProperties``) is no slip: what ``encode_text`` writes reads
    back with ``tools=`` (the review of the day's merges, RV-1)."""
    call = ToolCall("add_row", {"table": "people", "First Name": "Ada"})
    tools = [{"type": "function", "function": {"name": "add_row", "parameters": schema}}]
    assert decode_text(encode_text([call], dialect), dialect, tools=tools).tool_calls == (call,)


def test_dsml_attributes_in_either_order_still_read() -> None:
    text = (f"<{DSML}tool_calls>\n<{DSML}invoke name=\"search\">\n<{DSML}parameter string=\"true\" name=\"query\">"
            f"a b</{DSML}parameter>\n</{DSML}invoke>\n</{DSML}tool_calls>")
    check(text, DS, None, None, [C("search", {"query": "a b"})], finish_reason="stop")


@pytest.mark.parametrize("head", ['x="1" ' * 1, 'x="1' + " x" * 1, '="' * 1])
def test_dsml_parameter_heads_read_in_linear_time(head: str) -> None:
    """A long parameter head (many attributes, a quote left open, ``="`` over and over)
    is read in time linear in its length: 4x the head, about 4x the time."""
    def text(n: int) -> str:
        h = head * n
        return (f"<{DSML}tool_calls>\n<{DSML}invoke name=\"search\">\n<{DSML}parameter name=\"q\" {h}>a"
                f"</{DSML}parameter>\n</{DSML}invoke>\n</{DSML}tool_calls>")
    assert decode_cpu(text(40_000), DS) < 8 * decode_cpu(text(10_000), DS) + 0.05


def test_text_the_schema_types_cannot_read_stays_the_text() -> None:
    """Decided (docs/text-formats.md, "Values written as text"): ``null`` for a
    parameter that is not nullable and ``007`` for an integer stay text (vLLM's
    Qwen3-Coder parser gives None / 7); the call then fails validation showing what
    the model wrote. A nullable parameter reads ``null`` / ``None`` as null."""
    tools = [{"type": "function", "function": {"name": "search", "parameters": {"type": "object", "properties": {
        "opts": {"type": "object"}, "n": {"type": "integer"}, "m": {"type": ["integer", "null"]}}}}}]
    text = ("<tool_call>\n<function=search>\n<parameter=opts>\nnull\n</parameter>\n<parameter=n>\n007\n</parameter>\n"
            "<parameter=m>\nNone\n</parameter>\n</function>\n</tool_call>")
    check(text, Q, None, None, [C("search", {"opts": "null", "n": "007", "m": None})], tools=tools)
