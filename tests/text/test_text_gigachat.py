"""text.gigachat: GigaChat 3 function-call messages and GigaChat 3.5 GCML (engine test shapes)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import InvalidToolCall, ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.gigachat"
CALL = 'function call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Moscow", "days": 3}}'
GCML = ('<｜GCML｜tool_calls>\n<｜GCML｜invoke name="get_weather">\n'
        '<｜GCML｜parameter name="city" string="true">Moscow</｜GCML｜parameter>\n'
        '<｜GCML｜parameter name="days" string="false">3</｜GCML｜parameter>\n</｜GCML｜invoke>\n</｜GCML｜tool_calls>')
W = C("get_weather", {"city": "Moscow", "days": 3})


def test_call_message_after_content_stop_token_stripped() -> None:
    # served output: the closing <|message_sep|> (end of turn) is a stop token, so it is not there
    check("Checking the forecast.<|message_sep|>\n\n" + CALL, D, "Checking the forecast.", None, [W],
          finish_reason="stop")
    check("<|message_sep|>\n\n" + CALL + "<|message_sep|>", D, None, None, [W])  # and kept
    check(CALL + "</s>", D, None, None, [W])


def test_gigachat_31_opener_and_raw_control_characters() -> None:
    check("I'll check that for you." + '<|function_call|>{"name": "manage_user_memory", "arguments": {"action": '
          '"create", "content": {"short_answers": true}}}</s>', D, "I'll check that for you.", None,
          [C("manage_user_memory", {"action": "create", "content": {"short_answers": True}})])
    r = check('<|function_call|>{"name": "note", "arguments": {"text": "line 1\nline 2"}}', D, None, None,
              [C("note", {"text": "line 1\nline 2"})])
    assert r.tool_calls[0].repairs == ("control-characters",)  # read as sglang reads it (strict=False), recorded


def test_the_policy_limits_bound_the_call_object_strict_or_not() -> None:
    """``max_bytes`` bounds the call object as the arguments policy bounds argument text,
    whether its JSON is strict or holds a raw line break; ``max_depth`` alike."""
    for value in ("x" * 100, "x" * 100 + "\ny"):
        text = 'function call<|role_sep|>\n{"name": "f", "arguments": {"a": "' + value + '"}}'
        [big] = decode_text(text, D, finish_reason="stop", max_bytes=50).tool_calls
        assert isinstance(big, InvalidToolCall) and big.error.endswith("over the limit of 50 (max_bytes)"), big
        [ok] = decode_text(text, D, finish_reason="stop", max_bytes=len(text)).tool_calls
        assert ok == C("f", {"a": value})
        [deep] = decode_text(text.replace('"a": "', '"b": [[1]], "a": "'), D, max_depth=2).tool_calls
        assert isinstance(deep, InvalidToolCall) and "nested deeper than the limit of 2" in deep.error


def test_gcml_string_attribute_types() -> None:
    check("Sure." + GCML, D, "Sure.", None, [W])
    text = ('<｜GCML｜tool_calls><｜GCML｜invoke name="f"><｜GCML｜parameter name="zip" string="true">02134'
            '</｜GCML｜parameter><｜GCML｜parameter name="o" string="false">{"a": [1, null]}</｜GCML｜parameter>'
            '</｜GCML｜invoke><｜GCML｜invoke name="g"></｜GCML｜invoke></｜GCML｜tool_calls>')
    check(text, D, None, None, [C("f", {"zip": "02134", "o": {"a": [1, None]}}), C("g")])


def test_markers_inside_json_strings_and_values() -> None:
    check('function call<|role_sep|>\n{"name": "echo", "arguments": {"s": "}<|message_sep|>"}}', D, None, None,
          [C("echo", {"s": "}<|message_sep|>"})])


def test_truncated_and_malformed() -> None:
    text = 'Ok.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Mos'
    check(text, D, "Ok.", None, [Invalid("get_weather", truncated=True, raw=text[len("Ok.<|message_sep|>\n\n"):])],
          finish_reason="length")
    check('function call<|role_sep|>\n{"arguments": {}}', D, None, None, [Invalid(None)])
    check('function call<|role_sep|>\n"just text"<|message_sep|>', D, None, None, [Invalid(None)])


def test_encode_follows_the_chat_template() -> None:
    c = ToolCall(name="get_weather", args={"city": "Moscow", "days": 3})
    assert encode_text(c, D) == (
        '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Moscow", "days": 3}}'
    )
    assert encode_text(c, D, variant="3.1") == (
        '<|function_call|>{"name": "get_weather", "arguments": {"city": "Moscow", "days": 3}}'
    )
    assert encode_text(c, D, variant="3.5") == GCML
