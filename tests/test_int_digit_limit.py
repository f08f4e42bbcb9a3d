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
    from toolwire import _json_ints, _json_write

    big = (10**1000 - 1) // 9  # MID, made without reading text under the limit
    scans: List[int] = []
    real = _json_write.re.sub

    def sub(*a: Any, **kw: Any) -> str:
        scans.append(1)
        return real(*a, **kw)

    monkeypatch.setattr(_json_write.re, "sub", sub)
    value = {"xs": [big, -big] * 500, big: "k", "s": "\u0000x"}
    text = _json_ints.write_json(value)
    assert len(scans) == 1
    assert text == '{"xs": [' + ", ".join([MID, "-" + MID] * 500) + '], "' + MID + '": "k", "s": "\\u0000x"}'


CALL_DIALECTS = ["openai.chat", "openai.responses", "anthropic.messages", "bedrock.converse", "gemini", "mistral",
                 "cohere.v2", "ollama", "mcp", "canonical"]
NESTED = '{"a":{"n":' + MID + '},"b":[-' + MID + "]}"  # compact, as a string dialect writes arguments
GEMINI_CALL = '{"functionCall": {"name": "f", "args": {"a": {"n": ' + MID + '}, "b": [-' + MID + "]}}}"


def _nested() -> Dict[str, Any]:
    n = (10**1000 - 1) // 9  # MID, made without reading text under the limit
    return {"a": {"n": n}, "b": [-n]}


def _dicts(value: Any) -> Iterator[Dict[str, Any]]:
    """Every object of a written value."""
    stack = [value]
    while stack:
        v = stack.pop()
        if type(v) is dict:
            yield v
            stack.extend(v.values())
        elif type(v) is list:
            stack.extend(v)


def _holds_nested(wire: Any) -> bool:
    """Whether *wire* carries the arguments whole: as text (a string dialect), exactly
    ``NESTED``; as an object, the integers themselves."""
    texts = [t for t in _texts(wire) if MID in t]
    if texts:
        return all(t == NESTED for t in texts)
    return any(d == _nested() for d in _dicts(wire))


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
@pytest.mark.parametrize("dialect", CALL_DIALECTS)
def test_a_lowered_limit_encodes_integers_nested_in_arguments(digit_limit: None, dialect: str) -> None:
    # an Anthropic tool_use block (docs.anthropic.com, tool use: ``input`` is an object),
    # its integers nested in objects and arrays: read whole, so written whole (was
    # EncodeError, ValueError inside, for every dialect writing arguments as text)
    text = ('{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": {"n": ' + MID + '}, "b": [-' + MID
            + "]}}")
    [call] = toolwire.decode_all(text)
    assert call.args == _nested()
    wire = toolwire.encode(call, dialect)
    assert _holds_nested(wire)
    assert toolwire.decode(wire, dialect).args == call.args
    assert toolwire.convert(call, dialect) == wire


def _written_alike(make: Any, whole: bool = True) -> None:
    """*make()* under the lowered limit gives what it gives with no limit (the same
    text, the same ids made from the call's content), and (*whole*: not cut into a
    stream's pieces) carries the integers whole."""
    lowered = make()
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        unlimited = make()
    finally:
        sys.set_int_max_str_digits(old)
    assert lowered == unlimited
    assert _holds_nested(lowered) or not whole


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
@pytest.mark.parametrize("dialect", CALL_DIALECTS)
def test_a_lowered_limit_makes_the_ids_of_calls_without_one(digit_limit: None, dialect: str) -> None:
    # an id-less call (a Gemini functionCall, ai.google.dev function-calling) gets an id
    # made from its content: the same whatever the limit (was EncodeError "Cannot make an
    # id for call 'f': its arguments are not JSON")
    _written_alike(lambda: toolwire.encode(toolwire.ToolCall("f", _nested()), dialect))
    _written_alike(lambda: toolwire.convert(toolwire.decode_all(GEMINI_CALL)[0], dialect))
    _written_alike(lambda: toolwire.convert(toolwire.decode_all("[" + GEMINI_CALL + ", " + GEMINI_CALL + "]"), dialect))


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
@pytest.mark.parametrize("dialect", [d for d in CALL_DIALECTS if d not in ("mcp", "canonical")])
def test_a_lowered_limit_writes_histories_and_streams(digit_limit: None, dialect: str) -> None:
    from toolwire.stream import encode_stream

    call = toolwire.ToolCall("f", _nested())  # id-less: its id made from its content
    conv = toolwire.Conversation([toolwire.Message("user", [Text("hi")]), toolwire.Message("assistant", [call]),
                                  toolwire.Message("tool", [toolwire.ToolResult(None, "f", "ok")])])
    _written_alike(lambda: toolwire.encode_conversation(conv, dialect))
    if toolwire.get_dialect(dialect).assistant_message is not None:
        _written_alike(lambda: toolwire.encode_message([call, toolwire.ToolCall("f", _nested(), "call_1")], dialect))
    for split in (None, 7):
        events = encode_stream([call, toolwire.ToolCall("f", _nested(), "call_1")], dialect, split=split)
        assert [c.args for c in toolwire.stream.accumulate(events, dialect)] == [_nested(), _nested()]
        _written_alike(lambda s=split: encode_stream([call], dialect, split=s), whole=split is None)


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
@pytest.mark.parametrize("dialect", CALL_DIALECTS)
def test_a_lowered_limit_converts_on_the_command_line(digit_limit: None, dialect: str, tmp_path: Any,
                                                      capsys: Any) -> None:
    from toolwire.cli import main

    src = tmp_path / "in.jsonl"
    src.write_text(GEMINI_CALL + "\n")  # an id-less call: was exit 3, "Cannot make an id"
    assert main(["convert", str(src), "--to", dialect]) == 0
    [line] = capsys.readouterr().out.splitlines()
    assert _holds_nested(json.loads(line, parse_int=read_int))


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
@pytest.mark.parametrize("dialect", ["text.lfm2", "text.llama"])
def test_a_lowered_limit_writes_python_literals(digit_limit: None, dialect: str) -> None:
    # the Python-call text formats write an integer as Python reads it (was EncodeError
    # "An integer of 3319 bits is too long to write")
    text = toolwire.encode_text([toolwire.ToolCall("f", _nested())], dialect,
                                **({"variant": "pythonic"} if dialect == "text.llama" else {}))
    assert text == ("<|tool_call_start|>[f(a={\"n\": " + MID + "}, b=[-" + MID + "])]<|tool_call_end|>"
                    if dialect == "text.lfm2" else "[f(a={'n': " + MID + "}, b=[-" + MID + "])]")
    from toolwire.text._pythonic_write import encode_value

    assert encode_value(-(10**4300 - 1), dialect) == "-" + "9" * 4300
    with pytest.raises(toolwire.EncodeError, match="An integer of 14285 bits is too long to write"):
        encode_value([10**4300], dialect)  # 4301 digits: no reader reads it, whatever the limit


@pytest.mark.parametrize("digit_limit", [4300, 640], indirect=True)
@pytest.mark.parametrize("dialect", CALL_DIALECTS)
@pytest.mark.parametrize("id", ["call_1", None])
def test_longer_integers_put_in_arguments_are_refused(digit_limit: None, dialect: str, id: Any) -> None:
    # past 4300 digits no reader reads an integer: refused under the default limit and
    # a lowered one alike, never ValueError
    from toolwire.stream import encode_stream

    call = toolwire.ToolCall("f", {"a": {"n": 1}, "b": [1]}, id)
    call.args["a"]["n"] = 10**4999  # 5000 digits, put in after the constructor checked them
    with pytest.raises(toolwire.EncodeError, match="4300 digits"):
        toolwire.encode(call, dialect)
    if dialect not in ("mcp", "canonical"):
        with pytest.raises(toolwire.EncodeError, match="4300 digits"):
            encode_stream([call], dialect)


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
def test_a_lowered_limit_streams_vertex_partial_arguments(digit_limit: None) -> None:
    # Vertex AI streamed arguments (functionCall.partialArgs, ``numberValue`` at a
    # ``jsonPath``; googleapis/python-genai ``PartialArg``): each value's delta text was
    # ValueError inside (DecodeError "Malformed gemini stream chunk")
    from toolwire.stream import Accumulator, ArgsDelta

    chunks = [json.loads('{"candidates": [{"content": {"role": "model", "parts": [{"functionCall": ' + body
                         + '}]}, "index": 0}]}', parse_int=read_int) for body in (
        '{"name": "f", "willContinue": true}',
        '{"partialArgs": [{"jsonPath": "$.a.n", "numberValue": ' + MID + '}], "willContinue": true}',
        '{"partialArgs": [{"jsonPath": "$.b[0]", "numberValue": -' + MID + "}]}")]
    acc = Accumulator("gemini")
    events = [e for chunk in chunks for e in acc.feed(chunk)]
    assert [e.delta for e in events if isinstance(e, ArgsDelta)] == [MID, "-" + MID]
    assert [c.args for c in acc.close()] == [_nested()]


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
def test_a_lowered_limit_keeps_the_text_of_an_invalid_call(digit_limit: None) -> None:
    # validate_call gives an unknown tool's call its arguments' text as ``raw`` (None before)
    got = toolwire.validate_call(toolwire.ToolCall("g", _nested(), "call_1"), [toolwire.Tool("f", None)])
    assert type(got) is toolwire.InvalidToolCall
    assert got.raw == '{"a": {"n": ' + MID + '}, "b": [-' + MID + "]}"


@pytest.mark.parametrize("digit_limit", [4300, 640], indirect=True)
@pytest.mark.parametrize("dialect", ["openai.chat", "anthropic.messages", "mcp"])
def test_longer_integers_put_in_a_result_are_refused(digit_limit: None, dialect: str) -> None:
    # a JSON part these dialects write as text: was written with 5000 digits, which no
    # reader reads (``write_json`` wrote any length past the interpreter's refusal)
    from toolwire import _json_ints

    result = toolwire.ToolResult("call_1", "f", [{"type": "json", "json": {"n": 1}}])
    result.content[0]["json"]["n"] = 10**4999  # put in after the constructor checked it
    with pytest.raises(toolwire.EncodeError, match=TOO_LONG):
        toolwire.encode_result(result, dialect)
    with pytest.raises(ValueError, match=TOO_LONG):
        _json_ints.write_json([10**4299, -(10**4299), 10**4300])  # 4300 digits written, 4301 not
    assert len(_json_ints.write_json([-(10**4299)])) == 4303


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
def test_a_lowered_limit_reports_a_cut_off_call_as_cut_off(digit_limit: None) -> None:
    # an Anthropic message stopped at ``max_tokens`` (docs.anthropic.com, handling stop
    # reasons): its tool_use input may be cut off, said with its text as ``raw`` (was
    # "Malformed anthropic.messages tool call" with a ValueError inside, and no raw)
    text = anthropic_text(MID).replace('"tool_use","content"', '"max_tokens","content"')
    [kept] = toolwire.decode_all(text, invalid="keep")
    assert type(kept) is toolwire.InvalidToolCall
    assert kept.error.startswith("Arguments at $.content[0].input may be cut off: the reply stopped at its token limit")
    assert kept.raw == '{"n": ' + MID + "}"


# -- the Python-call text formats: integers read as the JSON readers read them ----------------------

def _text_calls(text: str, dialect: str, **kw: Any) -> List[Any]:
    """The calls of *text*, read whole by ``decode_text`` and fed to a ``TextParser`` in
    pieces of 7 characters (the same calls)."""
    from toolwire.text._api import TextParser, decode_text

    calls = list(decode_text(text, dialect, **kw).tool_calls)
    parser = TextParser(dialect, kw.get("tools"))
    for i in range(0, len(text), 7):
        parser.feed(text[i : i + 7])
    assert list(parser.close().tool_calls) == calls
    return calls


def _under(limit: int, make: Any) -> Any:
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(limit)
    try:
        return make()
    finally:
        sys.set_int_max_str_digits(old)


PY_NESTED = "[f(a={'n': " + MID + "}, b=[-" + MID + "])]"  # as Llama 3.2's pythonic template writes them
PYTHONIC = [
    # Llama 3.2 pythonic (llama.com, Llama 3.2 prompt format: "[func_name1(params_name1=params_value1, ...)]")
    ("text.llama", '[get_weather(city="Paris", n=' + MID + ")]", {"city": "Paris", "n": "MID"}),
    ("text.llama", "[get_weather(city='Paris', n=-" + MID + "), get_time(tz='UTC')]", {"city": "Paris", "n": "-MID"}),
    ("text.llama", PY_NESTED, {"a": {"n": "MID"}, "b": ["-MID"]}),
    ("text.llama", "<|python_start|>" + PY_NESTED + "<|python_end|>", {"a": {"n": "MID"}, "b": ["-MID"]}),  # Llama 4
    # Python's digit groups (1_000): read as Python reads them
    ("text.llama", "[f(n=" + "_".join(["1" * 10] * 100) + ")]", {"n": "MID"}),
    # the digits of a string are its text, whatever follows
    ("text.llama", '[f(s="' + MID + '", t="""' + MID + "'''\"\"\", n=" + MID + ")]",
     {"s": MID, "t": MID + "'''", "n": "MID"}),
    # LFM2 (LiquidAI LFM2 chat template: <|tool_call_start|>[f(a=1)]<|tool_call_end|>)
    ("text.lfm2", '<|tool_call_start|>[f(a={"n": ' + MID + "}, b=[-" + MID + "])]<|tool_call_end|>",
     {"a": {"n": "MID"}, "b": ["-MID"]}),
    # a raw line break in a string, read again escaped (control-characters)
    ("text.lfm2", "<|tool_call_start|>[f(s='a\nb', n=" + MID + ")]<|tool_call_end|>", {"s": "a\nb", "n": "MID"}),
]


def _put(value: Any) -> Any:
    """*value* with "MID" / "-MID" the 1000-digit integer (made without reading text)."""
    n = (10**1000 - 1) // 9
    if type(value) is dict:
        return {k: _put(v) for k, v in value.items()}
    if type(value) is list:
        return [_put(v) for v in value]
    return n if value == "MID" else -n if value == "-MID" else value


@pytest.mark.parametrize("digit_limit", [640, 0, 4300], indirect=True)
@pytest.mark.parametrize(("dialect", "text", "args"), PYTHONIC)
def test_a_lowered_limit_reads_pythonic_calls(digit_limit: None, dialect: str, text: str, args: Any) -> None:
    # was InvalidToolCall "holds an integer of more than 4300 digits" (ast.parse under the limit)
    calls = _text_calls(text, dialect)
    assert type(calls[0]) is toolwire.ToolCall and calls[0].args == _put(args)
    assert calls == _under(4300, lambda: _text_calls(text, dialect))


@pytest.mark.parametrize("digit_limit", [640, 0, 4300], indirect=True)
@pytest.mark.parametrize(("dialect", "text"), [
    ("text.llama", "[get_weather(zip=" + "9" * 4300 + ", n=-" + "1" * 4300 + ")]"),
    ("text.lfm2", "<|tool_call_start|>[get_weather(zip=" + "9" * 4300 + ")]<|tool_call_end|>"),
])
def test_pythonic_calls_read_4300_digits_whatever_the_limit(digit_limit: None, dialect: str, text: str) -> None:
    [call] = _text_calls(text, dialect)
    assert type(call) is toolwire.ToolCall and call.args["zip"] == 10**4300 - 1


@pytest.mark.parametrize("digit_limit", [640, 0, 4300], indirect=True)
@pytest.mark.parametrize(("dialect", "text"), [
    ("text.llama", "[get_weather(zip=" + "9" * 4301 + ")]"),
    ("text.llama", "[get_weather(city='Paris'), get_time(n=-" + LONG + ")]"),
    ("text.llama", "[get_weather(zip=" + "_".join(["1" * 10] * 431) + ")]"),
    ("text.lfm2", "<|tool_call_start|>[get_weather(zip=" + LONG + ")]<|tool_call_end|>"),
])
def test_pythonic_calls_refuse_more_than_4300_digits_alike(digit_limit: None, dialect: str, text: str) -> None:
    # the refusal under the default limit, whatever the limit (with it off: was "Arguments
    # at $.tool_calls[0].arguments hold ...", and the calls before it read)
    calls = _text_calls(text, dialect)
    assert calls == _under(4300, lambda: _text_calls(text, dialect))
    assert [type(c) for c in calls] == [toolwire.InvalidToolCall]
    assert calls[0].name == "get_weather"
    assert calls[0].error == "Tool call at $.tool_calls[0] holds " + TOO_LONG + ", longer than JSON parsers read"


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
def test_many_long_integers_in_a_pythonic_call_read_in_linear_time(digit_limit: None) -> None:
    import time

    from toolwire.text._api import decode_text

    def text(k: int) -> str:
        return "[f(xs=[" + ", ".join([MID, "-" + MID] * k) + "], s='" + MID + "')]"

    def cpu(k: int) -> float:
        best = float("inf")
        for _ in range(3):
            t = time.process_time()
            [call] = decode_text(text(k), "text.llama").tool_calls
            best = min(best, time.process_time() - t)
        assert len(call.args["xs"]) == 2 * k
        return best

    assert cpu(400) < 8 * cpu(100) + 0.05


QWEN_TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {
    "o": {"type": "object"}, "a": {"type": "array"}}}}}]


@pytest.mark.parametrize("digit_limit", [640, 0, 4300], indirect=True)
def test_python_literal_arguments_read_long_integers_whatever_the_limit(digit_limit: None) -> None:
    # Qwen3-Coder XML with a Python-style object (vLLM qwen3coder_tool_parser.py
    # _convert_param_value: ast.literal_eval): was left as text under a lowered limit
    text = ("<tool_call>\n<function=f>\n<parameter=o>\n{'n': " + MID + ", 'm': +" + MID + "}\n</parameter>\n"
            "<parameter=a>\n[-" + MID + ", '" + MID + "',]\n</parameter>\n</function>\n</tool_call>")
    [call] = _text_calls(text, "text.qwen3-xml", tools=QWEN_TOOLS)
    assert call.args == {"o": {"n": _put("MID"), "m": _put("MID")}, "a": [_put("-MID"), MID]}
    assert call.repairs == ("python-literal",)
    long = text.replace(MID, LONG)  # more than 4300 digits: the text as it is, under any limit
    [call] = _text_calls(long, "text.qwen3-xml", tools=QWEN_TOOLS)
    assert call.args == {"o": "{'n': " + LONG + ", 'm': +" + LONG + "}", "a": "[-" + LONG + ", '" + LONG + "',]"}


@pytest.mark.parametrize("digit_limit", [640], indirect=True)
def test_minimax_m3_literal_options_compare_long_integers(digit_limit: None) -> None:
    from toolwire.text._m3_values import options

    n = _put("MID")
    assert options({"enum": [n, n + 0, "x"]}) == [("literal", n), ("integer", {"enum": [n, n, "x"]}),
                                                ("string", {"enum": [n, n, "x"]})]


@pytest.mark.parametrize("digit_limit", [4300, 640], indirect=True)
def test_a_value_inside_itself_is_refused_as_json_refuses_it(digit_limit: None) -> None:
    """``json.dumps`` refuses a container inside itself with ``ValueError("Circular
    reference detected")``; ``write_json`` walked it again for long integers and
    recursed until ``RecursionError``. A container held twice (not inside itself) is
    written twice."""
    from toolwire import _json_ints

    loop: Dict[str, Any] = {"n": (10**1000 - 1) // 9}
    loop["self"] = loop
    items: List[Any] = [1]
    items.append([items])
    for value in (loop, items, {"a": (items,)}):
        with pytest.raises(ValueError, match="Circular reference"):
            _json_ints.write_json(value)
    shared = {"n": (10**1000 - 1) // 9}
    assert _json_ints.write_json([shared, shared]) == "[" + ", ".join(['{"n": ' + MID + "}"] * 2) + "]"
