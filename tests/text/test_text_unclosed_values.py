"""A value whose closer never comes inside a call whose region did close (docs/text-formats.md,
"Markers inside values" and "Truncation"): a dropped ``</parameter>`` / ``</arg_value>``
(Qwen3-Coder / Qwen3.5 do it: ollama/ollama PR #17914, vLLM PR #23099 "missing
</parameter> tags"), an unterminated JSON string (``"C:\\Users\\me\\"``), an apostrophe in
a single-quoted Python string. The call is invalid, but its region's end marker still ends
it: the calls and the answer after it are read as usual (as vLLM's parsers, which cut each
block on its closing marker first), and the call is not "cut off" (its region closed).
A marker inside a value that does close is still the value's text. Streaming agrees at
every split (``check``); reading stays linear (n vs 4n, counted)."""

from __future__ import annotations

from typing import Any

import pytest
from textcheck import C, Invalid, check, decode_cpu

from toolwire.text import _body
from toolwire.text._api import decode_text

TOOLS = [{"type": "function", "function": {"name": n, "parameters": {"type": "object", "properties": {
    "path": {"type": "string"}, "cmd": {"type": "string"}}}}} for n in ("read_file", "run", "get_time")]
D, G = "｜DSML｜", "｜GCML｜"

# (dialect, a call to read_file whose value "src/app.py" lost its closing tag, a whole call to run)
SLIPS = [
    ("text.qwen3-xml", "<tool_call>\n<function=read_file>\n<parameter=path>\nsrc/app.py\n</function>\n</tool_call>",
     "<tool_call>\n<function=run>\n<parameter=cmd>\npytest -q\n</parameter>\n</function>\n</tool_call>"),
    ("text.glm", "<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>src/app.py\n</tool_call>",
     "<tool_call>run\n<arg_key>cmd</arg_key>\n<arg_value>pytest -q</arg_value>\n</tool_call>"),
    ("text.seed-oss", "<seed:tool_call>\n<function=read_file>\n<parameter=path>src/app.py\n</function>\n"
     "</seed:tool_call>",
     "<seed:tool_call>\n<function=run>\n<parameter=cmd>pytest -q</parameter>\n</function>\n</seed:tool_call>"),
    ("text.minimax", '<minimax:tool_call>\n<invoke name="read_file">\n<parameter name="path">src/app.py\n'
     "</invoke>\n</minimax:tool_call>",
     '<minimax:tool_call>\n<invoke name="run">\n<parameter name="cmd">pytest -q</parameter>\n</invoke>\n'
     "</minimax:tool_call>"),
    ("text.deepseek", f'<{D}tool_calls>\n<{D}invoke name="read_file">\n<{D}parameter name="path" string="true">'
     f"src/app.py\n</{D}invoke>\n</{D}tool_calls>",
     f'<{D}tool_calls>\n<{D}invoke name="run">\n<{D}parameter name="cmd" string="true">pytest -q'
     f"</{D}parameter>\n</{D}invoke>\n</{D}tool_calls>"),
    ("text.gigachat", f'<{G}tool_calls>\n<{G}invoke name="read_file">\n<{G}parameter name="path" string="true">'
     f"src/app.py\n</{G}invoke>\n</{G}tool_calls>",
     f'<{G}tool_calls>\n<{G}invoke name="run">\n<{G}parameter name="cmd" string="true">pytest -q'
     f"</{G}parameter>\n</{G}invoke>\n</{G}tool_calls>"),
    ("text.hunyuan", "<tool_calls><tool_call>read_file<tool_sep><arg_key>path</arg_key><arg_value>src/app.py"
     "</tool_call></tool_calls>",
     "<tool_calls><tool_call>run<tool_sep><arg_key>cmd</arg_key><arg_value>pytest -q</arg_value></tool_call>"
     "</tool_calls>"),
]
IDS = [f"{d}-{i}" for i, (d, *_) in enumerate(SLIPS)]
RUN = C("run", {"cmd": "pytest -q"})


@pytest.mark.parametrize(("dialect", "bad", "good"), SLIPS, ids=IDS)
@pytest.mark.parametrize("reason", ["stop", "tool_calls", None])
def test_a_dropped_closing_tag_does_not_swallow_the_next_call(dialect: str, bad: str, good: str,
                                                                reason: str | None) -> None:
    text = "I will read the file and run the tests.\n" + bad + "\n" + good
    check(text, dialect, "I will read the file and run the tests.", None,
          [Invalid("read_file", raw=bad), RUN], tools=TOOLS, finish_reason=reason)


@pytest.mark.parametrize(("dialect", "bad", "good"), SLIPS, ids=IDS)
@pytest.mark.parametrize("reason", ["stop", None, "length"])
def test_nor_the_answer_after_it_and_the_call_is_not_cut_off(dialect: str, bad: str, good: str,
                                                              reason: str | None) -> None:
    check(bad + "\nDone.", dialect, "Done.", None, [Invalid("read_file", raw=bad)], tools=TOOLS, finish_reason=reason)
    check(bad, dialect, None, None, [Invalid("read_file", raw=bad)], tools=TOOLS, finish_reason=reason)


@pytest.mark.parametrize(("dialect", "bad", "good"), SLIPS, ids=IDS)
def test_the_same_slip_in_every_call_leaves_each_call_its_own(dialect: str, bad: str, good: str) -> None:
    text = "\n".join([bad, bad, bad, good]) + "\nDone."
    check(text, dialect, "Done.", None, [Invalid("read_file", raw=bad)] * 3 + [RUN], tools=TOOLS)


def test_the_hunters_qwen3_coder_texts() -> None:
    check("<tool_call>\n<function=f>\n<parameter=a>\nx\n</function>\n</tool_call>\nDone.", "text.qwen3-xml",
          "Done.", None, [Invalid("f")])


# -- the JSON families: an unterminated string -------------------------------------------------
BAD = r'{"path": "C:\Users\me\"}'  # the last \" escapes the closing quote


@pytest.mark.parametrize(("dialect", "text", "content", "calls"), [
    ("text.hermes", f'<tool_call>\n{{"name": "read_file", "arguments": {BAD}}}\n</tool_call>\n'
     '<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call>', None, ["read_file", C("get_time")]),
    ("text.hermes", f'<tool_call>\n{{"name": "read_file", "arguments": {BAD}}}\n</tool_call>\nListing the folder now.',
     "Listing the folder now.", ["read_file"]),
    ("text.kimi", "<|tool_calls_section_begin|><|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>"
     f"{BAD}<|tool_call_end|><|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>{{}}"
     "<|tool_call_end|><|tool_calls_section_end|>", None, ["read_file", C("get_time", id="functions.get_time:1")]),
    ("text.deepseek", f"<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>read_file<｜tool▁sep｜>{BAD}<｜tool▁call▁end｜>"
     "<｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>", None,
     ["read_file", C("get_time")]),
    ("text.harmony", "<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>"
     f"{BAD}<|call|><|start|>assistant<|channel|>final<|message|>Done.<|return|>", "Done.", ["read_file"]),
    ("text.gemma", '<|tool_call>call:read_file{path:<|"|>C:\\Users}<tool_call|><|tool_call>call:get_time{}'
     "<tool_call|>Listing now.", "Listing now.", ["read_file", C("get_time")]),
])
@pytest.mark.parametrize("reason", ["stop", None])
def test_an_unterminated_string_does_not_swallow_the_next_call_or_the_answer(
    dialect: str, text: str, content: str | None, calls: list[Any], reason: str | None
) -> None:
    r = decode_text(text, dialect, finish_reason=reason)
    bad = r.tool_calls[0]
    # the JSON families' arguments policy says JSON that ends inside a string was cut off,
    # even in a closed region (test_text_api: argument JSON cut off in a closed region)
    expected = [Invalid("read_file", truncated=bad.truncated, id=bad.id)] + calls[1:]
    check(text, dialect, content, None, expected, finish_reason=reason)


def test_an_apostrophe_in_a_python_string_does_not_swallow_the_answer() -> None:
    r = check("<|tool_call_start|>[send(text='it's here')]<|tool_call_end|>Sent.", "text.lfm2", "Sent.", None,
              [Invalid("send")])  # named by its first call, as text.llama names the same slip
    assert r.tool_calls[0].raw == "<|tool_call_start|>[send(text='it's here')]<|tool_call_end|>"


# -- markers inside values that do close stay the values' text -----------------------------------
@pytest.mark.parametrize(("dialect", "text", "calls"), [
    ("text.hermes", 'Sure <tool_call>{"name": "get_weather", "arguments": {"city": "Pa</tool_call>ris"}}</tool_call>',
     [C("get_weather", {"city": "Pa</tool_call>ris"})]),
    ("text.qwen3-xml", "<tool_call>\n<function=write>\n<parameter=code>\nx = '</tool_call>'\n<tool_call>\n"
     "</parameter>\n</function>\n</tool_call>", [C("write", {"code": "x = '</tool_call>'\n<tool_call>"})]),
    ("text.glm", "<tool_call>echo<arg_key>s</arg_key><arg_value>a </tool_call> b</arg_value></tool_call>",
     [C("echo", {"s": "a </tool_call> b"})]),
])
def test_a_marker_inside_a_value_that_closes_is_its_text(dialect: str, text: str, calls: list[Any]) -> None:
    content = "Sure" if text.startswith("Sure") else None
    check(text, dialect, content, None, calls)


# -- linear: each character read a bounded number of times ----------------------------------------
UNITS = [
    ("text.qwen3-xml", "<tool_call>\n<function=f>\n<parameter=a>\nx\n</function>\n</tool_call>\n", ""),
    ("text.qwen3-xml", "<tool_call>\n<function=f>\n<parameter=a>\nx\n</function>\n</tool_call>\n",
     "<tool_call>\n<function=g>\n<parameter=b>\ny\n</parameter>\n</function>\n</tool_call>"),
    ("text.hermes", '<tool_call>{"name": "f", "arguments": {"a": "C:\\"}}</tool_call>\n', ""),
    ("text.hermes", '<tool_call>{"name": "f", "arguments": {"a": "C:\\"}}</tool_call>\n', 'x"'),
    ("text.glm", "<tool_call>f<arg_key>a</arg_key><arg_value>x</tool_call>", "<tool_call>g</tool_call>"),
    ("text.kimi", "<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{\"a\": \"x<|tool_call_end|>", ""),
]


class _Count:
    """Characters the text machine reads beyond the one pass: region bodies given to a
    family's reader (the real reading and the trial one) and text read again."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.n = 0
        finish, whole, reread = _body.BodyMode._finish, _body.BodyMode._whole, _body.BodyMode._reread

        def _finish(mode: Any, m: Any, end: str, complete: bool) -> None:
            self.n += len(m.body.join())
            finish(mode, m, end, complete)

        def _whole(mode: Any, m: Any, body: str, end: str) -> bool:
            self.n += len(body)
            return whole(mode, m, body, end)

        def _reread(m: Any, tent: int, mark: str, after: str) -> None:
            self.n += len(after)
            reread(m, tent, mark, after)

        monkeypatch.setattr(_body.BodyMode, "_finish", _finish)
        monkeypatch.setattr(_body.BodyMode, "_whole", _whole)
        monkeypatch.setattr(_body.BodyMode, "_reread", staticmethod(_reread))

    def of(self, text: str, dialect: str) -> int:
        self.n = 0
        decode_text(text, dialect)
        return self.n


@pytest.mark.parametrize(("dialect", "unit", "tail"), UNITS)
def test_unclosed_values_read_in_linear_work(dialect: str, unit: str, tail: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    count = _Count(monkeypatch)
    small, big = (count.of(unit * k + tail, dialect) for k in (500, 2000))
    assert small > 0 and big <= 4.2 * small  # 4x the text: 4x the work (re-reading per call: 16x)
    assert decode_cpu(unit * 8000 + tail, dialect) < 8 * decode_cpu(unit * 2000 + tail, dialect) + 0.05
