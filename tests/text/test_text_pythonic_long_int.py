"""An integer of more than 4300 digits (CPython's int/str limit, which ``ast.parse``
enforces) in a pythonic call gives the answer the JSON forms give: an InvalidToolCall
naming the call, never content, never a cut-off call. Harmony's JSON message closed by
a stripped ``<|call|>`` names the JSON problem, not "not complete"."""

from __future__ import annotations

import pytest
from textcheck import Invalid, check

from toolwire import decode_text

BIG = "9" * 4301


@pytest.mark.parametrize(("dialect", "text"), [
    ("text.llama", f"[get_weather(zip={BIG})]"),
    ("text.llama", f"[get_weather(zip={BIG}), get_time(tz='UTC')]"),
    ("text.llama", f"<|python_start|>[get_weather(zip={BIG})]<|python_end|>"),
    ("text.llama", f"<|python_tag|>[get_weather(zip={BIG})]"),
    ("text.llama", f"<|python_tag|>get_weather(zip={BIG})<|eom_id|>"),
    ("text.lfm2", f"<|tool_call_start|>[get_weather(zip={BIG})]<|tool_call_end|>"),
])
def test_a_long_integer_in_a_pythonic_call_is_a_named_invalid_call(dialect: str, text: str) -> None:
    for finish in ("stop", "tool_calls"):
        r = decode_text(text, dialect, finish_reason=finish)
        assert r.content is None
        assert list(r.tool_calls) == [Invalid("get_weather", raw=text)]
        assert "more than 4300 digits" in r.tool_calls[0].error


def test_a_whole_call_before_one_cut_off_with_a_long_integer() -> None:
    text = f"[get_weather(zip={BIG}), get_time(tz='U"
    check(text, "text.llama", None, None, [Invalid("get_weather"), Invalid("get_time", truncated=True)])


def test_harmony_a_long_integer_closed_by_a_stripped_call_is_not_called_incomplete() -> None:
    text = "<|channel|>commentary to=functions.f<|message|>{\"a\": " + BIG + "}"
    r = decode_text(text, "text.harmony", finish_reason="stop")
    [call] = r.tool_calls
    assert call == Invalid("f", raw=text)
    assert "more than 4300 digits" in call.error and "not complete" not in call.error
    cut = "<|channel|>commentary to=functions.f<|message|>{\"a\": \"x\""
    [call] = decode_text(cut, "text.harmony", finish_reason="stop").tool_calls
    assert call == Invalid("f", raw=cut) and "not complete" in call.error
