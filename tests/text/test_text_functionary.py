"""text.functionary: MeetKai Functionary v3.2 >>>RECIPIENT segments (the chat template
llama.cpp vendors, rendered with jinja2 as transformers renders it)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.functionary"
# an assistant turn with content "Let me check." and two tool calls; the generation
# prompt ends with ">>>", so the model's output is this turn without its first ">>>"
TURN = '>>>all\nLet me check.>>>get_weather\n{"city": "Paris"}>>>now\n{}'
TWO = [C("get_weather", {"city": "Paris"}), C("now")]


def test_rendered_turns() -> None:
    check(TURN[3:] + "<|eot_id|>", D, "Let me check.", None, TWO)
    check(TURN, D, "Let me check.", None, TWO)  # with the template's own first >>>
    check('get_weather\n{"city": "Paris"}>>>now\n{}', D, None, None, TWO)
    check("all\nHello!<|eot_id|>", D, "Hello!", None, [])


def test_segments_in_any_order() -> None:
    check('get_weather\n{"city": "Paris"}>>>all\nDone.', D, "Done.", None, [TWO[0]])
    check("all\nA>>>all\nB", D, "A\nB", None, [])
    check('now\n{} and more>>>all\nok', D, "and more\nok", None, [TWO[1]])


def test_code_runs_to_the_end() -> None:
    text = "all\nRunning it.>>>python\nimport os\nprint('>>>x')"
    check(text, D, "Running it.", None, [C("python", {"code": "import os\nprint('>>>x')"})], finish_reason="stop")
    check(text + "<|eot_id|>", D, "Running it.", None, [C("python", {"code": "import os\nprint('>>>x')"})])
    # the stop token that ends the code is stripped by engines: without a finish reason it may be cut
    check(text, D, "Running it.", None, [Invalid("python", truncated=True, raw=text[len("all\nRunning it."):])])


def test_what_is_no_recipient_is_content() -> None:
    check("all\nIn Python:\n>>> print(1)\n1", D, "In Python:\n>>> print(1)\n1", None, [])
    check("all\nx>>>Note\nsome text", D, "x>>>Note\nsome text", None, [])
    check("Hello\nworld", D, "Hello\nworld", None, [])  # no recipient at all (another template)


def test_markers_inside_strings() -> None:
    check('search\n{"q": "a >>>all\\n <|eot_id|> b"}', D, None, None, [C("search", {"q": "a >>>all\n <|eot_id|> b"})])


def test_cut_off() -> None:
    text = 'get_weather\n{"city": "Par'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])
    check("get_weather\n", D, None, None, [Invalid("get_weather", truncated=True, raw="get_weather\n")])
    # the last "}" is the last character: a length finish leaves it cut off
    text = 'all\nok>>>get_weather\n{"city": "Paris"}'
    check(text, D, "ok", None, [Invalid("get_weather", truncated=True, raw='>>>get_weather\n{"city": "Paris"}')],
          finish_reason="length")
    check(text, D, "ok", None, [TWO[0]], finish_reason="stop")


def test_unclosed_json_before_the_next_segment() -> None:
    check('get_weather\n{"city": "Paris">>>now\n{}', D, None, None,
          [Invalid("get_weather", truncated=True, raw='get_weather\n{"city": "Paris"'), TWO[1]])


def test_encode_writes_the_template_segments() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Paris"}), ToolCall(name="now", args={})]
    assert encode_text(calls, D) == TURN[len(">>>all\nLet me check."):]
    assert encode_text([calls[0], ToolCall(name="python", args={"code": "print(1)"})], D) == (
        '>>>get_weather\n{"city": "Paris"}>>>python\nprint(1)'
    )
    for bad in ([ToolCall(name="all", args={})], [ToolCall(name="python", args={"code": 1})],
                [ToolCall(name="python", args={"code": "x"}), calls[1]],
                [ToolCall(name="python", args={"code": "x<|eot_id|>"})]):
        with pytest.raises(EncodeError):
            encode_text(bad, D)
