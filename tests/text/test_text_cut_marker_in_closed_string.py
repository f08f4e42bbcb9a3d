"""A region cut off (finish ``length`` or none, or the text ending inside it) whose closed
JSON string quotes the family's call marker (docs/text-formats.md, "Truncation" and
"Markers inside values"): the marker is the string's text, so the calls that closed before
the cut are whole and the cut one is an ``InvalidToolCall(truncated=True)`` named by its
own name. It was split at the marker (hunt huntLlamacpp, llama.cpp's ``common_chat_parse``
as oracle: f whole, g cut): the whole call before it lost (text.mistral, text.llama) or
the cut call "abandoned" beside a nameless cut call the model never began (text.hermes,
text.deepseek). Literals from the hunt's reproducers; streaming agrees at every split
(``check``)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import decode_text

M = '[TOOL_CALLS][{"name":"f","arguments":{}},{"name":"g","arguments":{"q":"x[TOOL_CALLS]y", "r": 1'
L = '<|python_tag|>[{"name":"f","parameters":{}},{"name":"g","parameters":{"q":"x<|python_tag|>y", "r": 1'
H = ('<tool_call>\n{"name":"f","arguments":{}}\n</tool_call>\n<tool_call>\n'
     '{"name":"g","arguments":{"q":"x<tool_call>y", "r": 1')
DS = ("<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{}\n```<｜tool▁call▁end｜>\n"
      '<｜tool▁call▁begin｜>function<｜tool▁sep｜>g\n```json\n{"q":"x<｜tool▁call▁begin｜>y", "r": 1')


@pytest.mark.parametrize("dialect, text", [("text.mistral", M), ("text.llama", L), ("text.hermes", H),
                                           ("text.deepseek", DS)])
@pytest.mark.parametrize("finish", ["length", None, "stop"])
def test_the_whole_call_before_a_cut_one_quoting_the_marker_stays_whole(dialect: str, text: str,
                                                                        finish: str | None) -> None:
    calls = [C("f"), Invalid("g", truncated=True)]
    if dialect == "text.llama" and finish == "stop":  # the tag's region closed by its stop token: a list
        calls = [Invalid("f", truncated=True)]  # still open is one cut-off call, as with "xy" for the marker
    check(text, dialect, None, None, calls, finish_reason=finish)


def test_a_closed_array_under_length_and_the_marker_in_the_first_call() -> None:
    whole = '[TOOL_CALLS][{"name":"f","arguments":{}},{"name":"g","arguments":{"q":"x[TOOL_CALLS]y"}}]'
    check(whole, "text.mistral", None, None, [C("f"), Invalid("g", truncated=True)], finish_reason="length")
    first = '<|python_tag|>[{"name":"f","parameters":{"q":"x<|python_tag|>y"}},{"name":"g","parameters":{}}]'
    for finish in (None, "length"):
        check(first, "text.llama", None, None, [C("f", {"q": "x<|python_tag|>y"}), Invalid("g", truncated=True)],
              finish_reason=finish)


def test_the_string_holding_the_marker_still_open_still_ends_the_region_there() -> None:
    # the value never closes (the text ends first): the marker ended the region, as before
    text = '[TOOL_CALLS][{"name":"f","arguments":{"q":"x[TOOL_CALLS]g[ARGS]{"a": 1}'
    r = decode_text(text, "text.mistral", finish_reason="length")
    assert len(r.tool_calls) == 2


def test_functionary_argument_text_stays_out_of_the_answer() -> None:
    # hunt huntLlamacpp F4: under length the text after the '>>>' in the value was the answer
    text = 'all\nOk.>>>f\n{"q":"a>>>b"}'
    r = check(text, "text.functionary", "Ok.", None, [Invalid("f", truncated=True)], finish_reason="length")
    assert r.tool_calls[0].raw == '>>>f\n{"q":"a>>>b"}'  # type: ignore[union-attr]
    check('f\n{}>>>g\n{"q":"x>>>y", "r": 1', "text.functionary", None, None,
          [C("f"), Invalid("g", truncated=True)], finish_reason="length")


@pytest.mark.parametrize("dialect, block", [
    ("text.mistral", '[TOOL_CALLS][{"name":"f","arguments":{"q":"x[TOOL_CALLS]y"} oops}]'),
    ("text.hermes", '<tool_call>\n{"name":"f","arguments":{"q":"x<tool_call>y"} oops}\n</tool_call>\n'),
    ("text.mistral", '[TOOL_CALLS][{"name":"f","arguments":{"q":"x[TOOL_CALLS]y", "r": 1}},'),
])
def test_reading_whether_a_marker_is_quoted_stays_linear(monkeypatch: pytest.MonkeyPatch, dialect: str,
                                                          block: str) -> None:
    """Each region's text is looked at once for the marker's string (counted, not timed)."""
    from toolwire.text import _body

    seen = [0]
    real = _body.quoted_mark

    def counted(body: str, cut: int, mark: str, ends: object) -> bool:
        seen[0] += len(body)
        return real(body, cut, mark, ends)  # type: ignore[arg-type]

    monkeypatch.setattr(_body, "quoted_mark", counted)
    counts = []
    for k in (40, 160):
        seen[0] = 0
        decode_text(block * k, dialect, finish_reason="length")
        counts.append(seen[0])
    assert counts[0] > 0 and 3 <= counts[1] / counts[0] <= 5, counts


# review revText12: a model that forgot to close its call's string and began the next call;
# the next call holds no '"' (empty arguments, code, answer text after Functionary's >>>all):
# it stays a call (or the answer), never the open string's text (2,388 of 3,000 were swallowed)
@pytest.mark.parametrize("dialect, text, name", [
    ("text.kimi", "<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>"
                  '{"q": "abc<|tool_call_begin|>functions.g:1<|tool_call_argument_begin|>{}<|tool_call_end|>'
                  "<|tool_calls_section_end|>", "g"),
    ("text.functionary", '>>>f\n{"q": "abc>>>g\n{}', "g"),
    ("text.llama", '<|python_tag|>{"name":"f","parameters":{"q":"abc<|python_tag|>print(1)<|eom_id|>',
     "code_interpreter"),
])
def test_a_next_call_after_a_string_left_open_is_not_swallowed(dialect: str, text: str, name: str) -> None:
    for finish in ("stop", None):
        calls = decode_text(text, dialect, finish_reason=finish).tool_calls
        assert [type(c).__name__ for c in calls][-1] == "ToolCall" and calls[-1].name == name, (finish, calls)


def test_answer_text_after_a_string_left_open_stays_the_answer() -> None:
    assert decode_text('>>>f\n{"q": "abc>>>all\nhello', "text.functionary", finish_reason="stop").content == "hello"
