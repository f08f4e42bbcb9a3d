"""The 4300-digit rule is toolwire's own, whatever the interpreter's integer-digit limit
(``sys.set_int_max_str_digits``, ``-X int_max_str_digits``, ``PYTHONINTMAXSTRDIGITS``):
with the limit off (0) argument text holding more than 4300 digits is still refused,
as every constructor and encoder refuses it; with it lowered (640, the least there is)
JSON holding longer integers is still read alike by every reader, and events still
print (ENV-3)."""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, Iterator, List

import pytest

import toolwire
from toolwire import ArgumentsError, DecodeError, response
from toolwire._json_extract import extract_json
from toolwire._json_ints import read_int
from toolwire.conversation import Text
from toolwire.stream import ArgsDelta, CallStarted

pytestmark = pytest.mark.skipif(not hasattr(sys, "set_int_max_str_digits"), reason="no integer-digit limit")

LONG = "1" * 5000
MID = "1" * 1000  # over the lowered limit, under 4300
TOO_LONG = "an integer of more than 4300 digits"


@pytest.fixture
def digit_limit(request: Any) -> Iterator[None]:
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(request.param)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


def item(arguments: str) -> Dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}


def anthropic_text(digits: str) -> str:
    return ('{"id":"msg_1","type":"message","role":"assistant","model":"m","stop_reason":"tool_use","content":'
            '[{"type":"tool_use","id":"toolu_1","name":"f","input":{"n":' + digits + '}}]}')


def _refusal(arguments: str) -> str:
    with pytest.raises(ArgumentsError) as info:
        toolwire.decode(item(arguments))
    [kept] = toolwire.decode_all([item(arguments)], invalid="keep")
    assert type(kept) is toolwire.InvalidToolCall and kept.error == info.value.message.replace("$.", "$[0].", 1)
    return info.value.message


@pytest.mark.parametrize("digit_limit", [0], indirect=True)
@pytest.mark.parametrize("arguments", [
    '{"n": ' + LONG + '}',  # strict JSON: read by the stdlib tier after pydantic-core refused it
    '{"s": "a\nb", "n": ' + LONG + '}',  # a raw control character: the stdlib tier, strict=False
    "{'n': " + LONG + "}",  # a repair: the lenient grammar
    '{"n": -' + LONG + '}',
])
def test_no_limit_still_refuses_more_than_4300_digits(digit_limit: None, arguments: str) -> None:
    message = _refusal(arguments)
    sys.set_int_max_str_digits(4300)  # the interpreter's default: the same refusal
    assert message == _refusal(arguments)
    assert TOO_LONG in message or "not repaired: a number too long at character" in message


@pytest.mark.parametrize("digit_limit", [0], indirect=True)
def test_no_limit_normalize_and_extraction_refuse_alike(digit_limit: None) -> None:
    with pytest.raises(DecodeError) as info:
        response.normalize(anthropic_text(LONG))
    assert info.value.message.startswith(f"Response text holds {TOO_LONG}")
    assert extract_json('{"n": ' + LONG + "}")[0] is False


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
def test_a_lowered_limit_reads_what_the_parsers_read(digit_limit: None) -> None:
    n = int("1" * 600) * 10**400 + int("1" * 400)  # 1000 ones, built under the limit
    text = anthropic_text(MID)
    [call] = toolwire.decode_all(text)
    assert call.args == {"n": n}
    norm = response.normalize(text)  # was: "Response text is not JSON"
    assert list(norm.tool_calls) == [call]
    # the stdlib tier (a raw control character); (a repair is json-repair's: it reads such a
    # number as the interpreter lets it, so the lenient grammar's reading is not taken)
    assert toolwire.decode(item('{"s": "a\nb", "n": -' + MID + "}")).args == {"s": "a\nb", "n": -n}
    assert extract_json('Answer: {"n": ' + MID + "}")[1] == {"n": n}
    assert extract_json('{"n": ' + MID + "}")[1] == {"n": n}


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
def test_events_print_under_a_lowered_limit(digit_limit: None) -> None:
    # ArgsDelta's preview printed with repr(): ValueError past the limit (a logging framework crashed)
    big = 10**999
    assert repr(ArgsDelta(0, "c", "x", {"n": big})) == (
        f"ArgsDelta(index=0, id='c', delta='x', preview={{'n': <int of {big.bit_length()} bits>}}, path=None)")
    assert repr(CallStarted(0, "c", "f")) == "CallStarted(index=0, id='c', name='f')"


@pytest.mark.parametrize("digit_limit", [640, 0], indirect=True)
def test_read_int_at_the_bounds(digit_limit: None) -> None:
    from toolwire._json_ints import read_int
    from toolwire._policy import TooLong

    for digits in ("0", "-0", "7", "-12", "9" * 640, "1" + "0" * 640, "-" + "9" * 641, "3" * 1281, "9" * 4300,
                   "-" + "1" * 4300):
        got = read_int(digits)
        sys.set_int_max_str_digits(0)
        assert got == int(digits), digits[:8]
        sys.set_int_max_str_digits(640)
    for digits in ("1" * 4301, "-" + "9" * 4301):
        with pytest.raises(TooLong, match="an integer of more than 4300 digits, longer than the parser reads"):
            read_int(digits)


RESULT_DIALECTS = ["openai.chat", "openai.responses", "anthropic.messages", "mcp", "cohere.v2", "ollama", "mistral",
                   "bedrock.converse", "gemini", "canonical"]


def _texts(value: Any) -> Iterator[str]:
    """Every string of a written value."""
    stack = [value]
    while stack:
        v = stack.pop()
        if type(v) is str:
            yield v
        elif type(v) is dict:
            stack.extend(v.values())
        elif type(v) is list:
            stack.extend(v)


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
@pytest.mark.parametrize("dialect", RESULT_DIALECTS)
def test_a_lowered_limit_writes_what_the_readers_read(digit_limit: None, dialect: str) -> None:
    # a JSON part of a result is written as text where the wire has no JSON block (an MCP
    # ``text`` block, a Chat tool message's text part...): was ValueError (EncodeError)
    n = int("1" * 600) * 10**400 + int("1" * 400)  # 1000 ones, built under the limit
    result = toolwire.ToolResult("call_1", "f", [{"type": "json", "json": {"n": n, "k": [-n, 1]}}])
    wire = toolwire.encode_result(result, dialect)
    assert all(t == '{"n": ' + MID + ', "k": [-' + MID + ", 1]}" for t in _texts(wire) if MID in t)
    conv = toolwire.Conversation([toolwire.Message("user", [Text("hi")]),
                                  toolwire.Message("assistant", [toolwire.ToolCall("f", {"n": n}, "call_1")]),
                                  toolwire.Message("tool", [result])])
    if dialect not in ("mcp", "canonical"):  # (no conversation wire of their own)
        body = toolwire.encode_conversation(conv, dialect)
        assert all(t == '{"n": ' + MID + ', "k": [-' + MID + ", 1]}" for t in _texts(body) if MID in t
                   and not t.startswith('{"n":' + MID))  # (the call's arguments, compact)


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
def test_a_lowered_limit_writes_text_formats_and_the_command_line(digit_limit: None, tmp_path: Any,
                                                                  capsys: Any) -> None:
    n = int("1" * 600) * 10**400 + int("1" * 400)
    assert toolwire.encode_text([toolwire.ToolCall("f", {"n": n})], "text.hermes") == (
        '<tool_call>\n{"name": "f", "arguments": {"n": ' + MID + "}}\n</tool_call>")
    from toolwire.cli import main

    src = tmp_path / "in.jsonl"  # a Gemini functionResponse and an Anthropic tool_use (ai.google.dev function-calling)
    src.write_text('{"functionResponse": {"id": "call_1", "name": "f", "response": {"n": ' + MID + '}}}\n'
                   '{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"n": ' + MID + '}}\n')
    assert main(["convert", str(src), "--to", "openai.chat"]) == 0
    result, call = [json.loads(line, parse_int=read_int) for line in capsys.readouterr().out.splitlines()]
    assert result["content"] in ('{"n": ' + MID + "}", [{"type": "text", "text": '{"n": ' + MID + "}"}])
    assert call["function"]["arguments"] == '{"n":' + MID + "}"


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
def test_many_long_integers_are_put_back_in_one_pass(digit_limit: None, monkeypatch: Any) -> None:
    """Each long integer is a token put back in one pass over the text: the text is not
    searched again per integer (2,000 integers took 8 s, 4,000 43 s)."""
    from toolwire import _json_ints

    big = (10**1000 - 1) // 9  # MID, made without reading text under the limit
    scans: List[int] = []
    real = _json_ints.re.sub

    def sub(*a: Any, **kw: Any) -> str:
        scans.append(1)
        return real(*a, **kw)

    monkeypatch.setattr(_json_ints.re, "sub", sub)
    value = {"xs": [big, -big] * 500, big: "k", "s": "\u0000x"}
    text = _json_ints.write_json(value)
    assert len(scans) == 1
    assert text == '{"xs": [' + ", ".join([MID, "-" + MID] * 500) + '], "' + MID + '": "k", "s": "\\u0000x"}'
