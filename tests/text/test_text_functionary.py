"""text.functionary: MeetKai Functionary v3.2 >>>RECIPIENT segments (the chat template
llama.cpp vendors, rendered with jinja2 as transformers renders it)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

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


def test_a_recipient_cut_before_its_newline() -> None:
    out = TURN[3:]  # the output after the prompt's ">>>"
    cut = out[: out.index(">>>now") + 5]  # ...{"city": "Paris"}>>>no
    # right after a call's JSON only a segment's ">>>" follows: a cut, whatever the finish
    for finish in ("length", None):
        check(cut, D, "Let me check.", None, [TWO[0], Invalid("no", truncated=True, raw=">>>no")],
              finish_reason=finish)
    check(cut[:-2], D, "Let me check.", None, [TWO[0], Invalid(None, truncated=True, raw=">>>")])
    # after the answer's text, a length finish says the text was cut there
    cut = out[: out.index(">>>get_") + 7]
    check(cut, D, "Let me check.", None, [Invalid("get_", truncated=True, raw=">>>get_")], finish_reason="length")
    # a >>> and a tool's name plainly start a call: cut off, whatever the finish reason
    # (as "get_weather\n" is; engines stop only at the template's stop token)
    for finish in (None, "stop"):
        check(cut, D, "Let me check.", None, [Invalid("get_", truncated=True, raw=">>>get_")], finish_reason=finish)
        check("all\nLet me check.>>>get_weather", D, "Let me check.", None,
              [Invalid("get_weather", truncated=True, raw=">>>get_weather")], finish_reason=finish)
    # what may still be the answer's "all" (or a bare >>>) is text unless the output was cut
    check("all\nLet me check.>>>al", D, "Let me check.>>>al", None, [], finish_reason="stop")
    check("all\nLet me check.>>>", D, "Let me check.>>>", None, [], finish_reason="stop")
    check("get_wea", D, None, None, [Invalid("get_wea", truncated=True, raw="get_wea")], finish_reason="length")
    check("al", D, None, None, [Invalid(None, truncated=True, raw="al")], finish_reason="length")  # or "all"
    # what is no recipient stays content
    check("all\nIn Python:\n>>> x", D, "In Python:\n>>> x", None, [], finish_reason="length")
    check("Hello", D, "Hello", None, [])


def test_no_prefix_of_a_rendered_output_leaks_markup() -> None:
    for out in (TURN[3:], TURN, TURN[3:] + ">>>python\nprint(1)"):
        full = decode_text(out, D, finish_reason="stop")
        for i in range(1, len(out)):
            for finish in ("length", None):
                r = decode_text(out[:i], D, finish_reason=finish)
                assert all(c in full.tool_calls for c in r.tool_calls if isinstance(c, ToolCall)), (out[:i], r)
                if finish == "length":  # no markup in the content, and the cut call is not runnable
                    # (a ">" or ">>" at the very end is held as a possible ">>>", and kept as text)
                    assert "Let me check.".startswith((r.content or "").rstrip(">")), (out[:i], r)
                    assert len([c for c in r.tool_calls if isinstance(c, ToolCall)]) < len(full.tool_calls)


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


def test_a_stop_token_right_after_a_recipient_ends_the_text() -> None:
    # <|eot_id|> / <|eom_id|> are the template's stop tokens (engines strip them): kept, the text
    # ends there as it does at its end, so ">>>NAME" before one is a cut-off call, never content
    for stop in ("<|eot_id|>", "<|eom_id|>"):
        for finish in (None, "stop"):
            check(f"all\nLet me check.>>>get_weather{stop}", D, "Let me check.", None,
                  [Invalid("get_weather", truncated=True, raw=f">>>get_weather{stop}")], finish_reason=finish)
            check(f'get_weather\n{{"city": "Paris"}}>>>no{stop}', D, None, None,
                  [TWO[0], Invalid("no", truncated=True, raw=f">>>no{stop}")], finish_reason=finish)
        # what may still be the answer's "all", or a first word, stays text unless the output was cut
        check(f"all\nLet me check.>>>al{stop}", D, "Let me check.>>>al", None, [], finish_reason="stop")
        check(f"Hello{stop}", D, "Hello", None, [], finish_reason="stop")
        # the model wrote its stop token: it stopped there, whatever finish reason comes with it
        check(f"get_wea{stop}", D, "get_wea", None, [], finish_reason="length")
        check(f"all\nLet me check.>>>al{stop}", D, "Let me check.>>>al", None, [], finish_reason="length")
