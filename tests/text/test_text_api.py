"""The front door of the text formats: names, errors, events, tools=, bounded buffering."""

from __future__ import annotations

from typing import Any, Tuple

import pytest
from textcheck import C, check

from toolwire._builtin import dialect_names
from toolwire._errors import DecodeError, EncodeError, ToolwireError, UnknownDialectError
from toolwire._types import InvalidToolCall, ToolCall
from toolwire.text._api import (
    TEXT_FORMATS,
    CallEvent,
    ContentDelta,
    ReasoningDelta,
    TextParser,
    TextResult,
    decode_text,
    encode_text,
    get_text_format,
)

W = '<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>'


def test_the_families_are_listed_by_exact_name() -> None:
    assert [f.name for f in TEXT_FORMATS] == [
        "text.hermes", "text.qwen3-xml", "text.llama", "text.mistral", "text.deepseek",
        "text.gemma", "text.glm", "text.kimi", "text.harmony",
        "text.minimax", "text.hunyuan", "text.step", "text.gigachat", "text.granite", "text.lfm2",
        "text.seed-oss", "text.xlam", "text.jamba", "text.internlm", "text.ernie",
        "text.command-r", "text.nemotron", "text.apertus", "text.firefunction", "text.functionary",
        "text.longcat", "text.olmo", "text.functiongemma", "text.solar-open", "text.minicpm", "text.dots",
        "text.solar-open2", "text.inkling", "text.granite-20b-fc", "text.muse-glimmer",
    ]
    assert get_text_format("text.kimi") is TEXT_FORMATS[7]
    assert get_text_format(TEXT_FORMATS[0]) is TEXT_FORMATS[0]


def test_unknown_dialect() -> None:
    with pytest.raises(UnknownDialectError) as exc:
        decode_text("x", "text.nope")
    # counted, never a list cut off in the middle of a name by the 400-character cap
    n = sum(d.startswith("text.") for d in dialect_names())
    assert exc.value.message == (f"Unknown text dialect 'text.nope'; {n} text dialects are known "
                                 "(text.hermes, text.llama, text.mistral, …; dialect_names() lists them)")
    with pytest.raises(UnknownDialectError):
        TextParser("hermes")
    with pytest.raises(UnknownDialectError):
        encode_text([], "text.mistral", variant="v99")


def test_result_is_frozen_and_comparable() -> None:
    r = decode_text(W, "text.hermes")
    assert r == TextResult(None, None, (C("f", {"a": 1}),))
    with pytest.raises(AttributeError):
        r.content = "x"  # type: ignore[misc]


def test_events_are_typed_and_add_up_to_the_result() -> None:
    p = TextParser("text.hermes")
    events = []
    for piece in ["<think>hm", "m</think>He", "llo ", W[:10], W[10:], " bye"]:
        events += p.feed(piece)
    r = p.close()
    assert "".join(e.text for e in events if isinstance(e, ContentDelta)) == r.content == "Hello  bye"
    assert "".join(e.text for e in events if isinstance(e, ReasoningDelta)) == r.reasoning == "hmm"
    assert [e.call for e in events if isinstance(e, CallEvent)] == list(r.tool_calls)


def test_parser_input_errors() -> None:
    p = TextParser("text.hermes")
    with pytest.raises(DecodeError, match="TextParser.feed takes text, got int 5"):
        p.feed(5)  # type: ignore[arg-type]
    first = p.close()
    assert p.close() is first and first == decode_text("", "text.hermes")  # closing twice gives the one result
    with pytest.raises(DecodeError, match="This TextParser is closed"):
        p.feed("x")
    with pytest.raises(DecodeError, match="decode_text takes the model's output text, got NoneType"):
        decode_text(None, "text.hermes")
    assert decode_text(W.encode(), "text.hermes").tool_calls == (C("f", {"a": 1}),)
    with pytest.raises(DecodeError, match="Text is not UTF-8"):
        decode_text(b"\xff", "text.hermes")


def test_tools_shapes_and_errors() -> None:
    text = "<tool_call>\n<function=f>\n<parameter=n>\n5\n</parameter>\n</function>\n</tool_call>"
    schema = {"type": "object", "properties": {"n": {"type": "string"}}}
    for tools in (
        [{"type": "function", "function": {"name": "f", "parameters": schema}}],
        [{"name": "f", "input_schema": schema}],
        {"name": "f", "parameters": schema},
    ):
        assert decode_text(text, "text.qwen3-xml", tools=tools).tool_calls == (C("f", {"n": "5"}),)
    with pytest.raises(DecodeError, match=r"tools= must be a list of tool definitions, got int"):
        decode_text(text, "text.qwen3-xml", tools=3)
    with pytest.raises(DecodeError) as exc:
        decode_text(text, "text.qwen3-xml", tools=[{"weird": 1}])
    assert exc.value.loc == "$.tools[0]"


def test_encode_errors() -> None:
    with pytest.raises(EncodeError, match="Item 0 is not a ToolCall: str .f."):
        encode_text("f", "text.hermes")  # type: ignore[arg-type]
    with pytest.raises(EncodeError, match="Item 0 is an InvalidToolCall, which text.hermes cannot write"):
        encode_text([InvalidToolCall(error="x")], "text.hermes")  # type: ignore[list-item]
    with pytest.raises(EncodeError, match="contains '</parameter>'"):
        encode_text(ToolCall(name="f", args={"s": "a</parameter>b"}), "text.qwen3-xml")
    with pytest.raises(EncodeError, match="contains '</arg_value>'"):
        encode_text(ToolCall(name="f", args={"s": ["</arg_value>"]}), "text.glm")
    with pytest.raises(EncodeError):
        encode_text(ToolCall(name="f", args={"k": 'a<|"|>'}), "text.gemma")
    with pytest.raises(EncodeError, match="Argument name 'not ok' is not a Python identifier, which text.llama"):
        encode_text(ToolCall(name="f", args={"not ok": 1}), "text.llama", variant="pythonic")
    # dotted names are written (and read back whole); what Python cannot read is named once, plainly
    assert encode_text(ToolCall(name="browser.search", args={"q": 1}), "text.llama", variant="pythonic") == (
        "[browser.search(q=1)]")
    for dialect, variant in [("text.llama", "pythonic"), ("text.lfm2", None)]:
        with pytest.raises(EncodeError) as exc:
            encode_text(ToolCall(name="a-b", args={}), dialect, variant=variant)
        assert exc.value.message == (f"Tool name 'a-b' is not a Python identifier, nor identifiers joined by '.' "
                                     f"(browser.search), which {dialect} cannot carry")
    assert encode_text([], "text.hermes") == ""


# the formats that write calls as Python calls (Llama 4's pythonic list and Llama 3.1's
# built-in call, LFM2, OLMo 3): a name Python would not read back is refused at its path
PYTHONIC = [("text.llama", "pythonic"), ("text.llama", "builtin"), ("text.lfm2", None), ("text.olmo", None)]


@pytest.mark.parametrize(("dialect", "variant"), PYTHONIC)
@pytest.mark.parametrize("name", ["get-weather", "1f", "class"])
def test_a_tool_name_python_cannot_read_is_refused_at_its_call(dialect: str, variant: Any, name: str) -> None:
    """The ``EncodeError`` was at ``$`` whichever call held the name (``1f`` is refused
    as no name of any text format, at the same path)."""
    calls = [ToolCall(name=name, args={"city": "Paris"})]
    if variant != "builtin":  # (the built-in call is one per message)
        calls.insert(0, ToolCall(name="ok", args={}))
    with pytest.raises(EncodeError, match=f"^Tool name '{name}' ") as exc:
        encode_text(calls, dialect, variant=variant)
    assert exc.value.loc == f"$[{len(calls) - 1}].name"


@pytest.mark.parametrize(("dialect", "variant"), PYTHONIC)
@pytest.mark.parametrize(("key", "step"), [("not ok", '["not ok"]'), ("1f", '["1f"]'), ("lambda", ".lambda")])
def test_an_argument_name_python_cannot_read_is_refused_at_its_key(dialect: str, variant: Any, key: str,
                                                                   step: str) -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Paris", key: 1})]
    if variant != "builtin":
        calls.insert(0, ToolCall(name="ok", args={}))
    with pytest.raises(EncodeError, match=f"^Argument name '{key}' is not a Python identifier") as exc:
        encode_text(calls, dialect, variant=variant)
    assert exc.value.loc == f"$[{len(calls) - 1}].args{step}"


def test_encode_matches_the_chat_templates() -> None:
    c = ToolCall(name="get_weather", args={"city": "Paris", "days": 3})
    assert encode_text(c, "text.hermes") == (
        '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call>'
    )
    assert encode_text(c, "text.qwen3-xml") == (
        "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n"
        "<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>"
    )
    assert encode_text(c, "text.glm") == (
        "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n"
        "<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>"
    )
    assert encode_text(c, "text.llama") == '{"name": "get_weather", "parameters": {"city": "Paris", "days": 3}}'
    assert encode_text(c, "text.llama", variant="pythonic") == "[get_weather(city='Paris', days=3)]"
    assert encode_text(c, "text.mistral") == '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "days": 3}'
    assert encode_text(c.replace(id="Ab3dE9xYz"), "text.mistral") == (
        '[TOOL_CALLS]get_weather[CALL_ID]Ab3dE9xYz[ARGS]{"city": "Paris", "days": 3}'
    )
    assert encode_text(c, "text.deepseek", variant="v3.1") == (
        '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris", "days": 3}'
        "<｜tool▁call▁end｜><｜tool▁calls▁end｜>"
    )
    assert encode_text(c, "text.deepseek", variant="v3.2") == (
        '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n'
        '<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>\n'
        '<｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>\n'
        "</｜DSML｜invoke>\n</｜DSML｜function_calls>"
    )
    assert encode_text(c, "text.gemma") == '<|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3}<tool_call|>'
    assert encode_text(c, "text.kimi") == (
        "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>"
        '{"city": "Paris", "days": 3}<|tool_call_end|><|tool_calls_section_end|>'
    )
    assert encode_text(c, "text.harmony") == (
        "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>"
        '{"city": "Paris", "days": 3}<|call|>'
    )


def test_argument_text_is_re_encoded_byte_for_byte() -> None:
    text = '[TOOL_CALLS]f[ARGS]{"a":1,  "b" : [ 2 ]}'
    assert encode_text(decode_text(text, "text.mistral").tool_calls, "text.mistral") == text  # type: ignore[arg-type]


@pytest.mark.parametrize("fmt", TEXT_FORMATS, ids=lambda f: f.name)
def test_streaming_holds_only_a_short_tail(fmt: object) -> None:
    """The parser never keeps the text so far: only what may still become a marker."""
    name = fmt.name  # type: ignore[attr-defined]
    calls = [ToolCall(name=f"t{i}", args={"s": "x y " * 200, "n": i}) for i in range(3)]
    text = "Preamble text. " * 20 + encode_text(calls, name, variant="pythonic" if name == "text.llama" else None)
    if name == "text.llama":
        text = encode_text(calls, name, variant="pythonic")
    p = TextParser(name)
    longest = 0
    for ch in text:
        p.feed(ch)
        longest = max(longest, len(p.buf) - p.pos)
    assert longest <= 40
    assert p.close() == decode_text(text, name)


def test_only_toolwire_errors_escape_for_odd_inputs() -> None:
    for fmt in TEXT_FORMATS:
        for text in ["", " ", "\x00", "\ud800", "<" * 1000, "[" * 5000, "{" * 5000 + "}" * 5000, "[f(" * 300]:
            try:
                r = decode_text(text, fmt.name)
            except ToolwireError:  # pragma: no cover
                continue
            assert isinstance(r, TextResult)


def test_decoded_calls_are_re_encoded_in_their_own_variant() -> None:
    v3 = (
        "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{\"a\": 1}\n```"
        "<｜tool▁call▁end｜><｜tool▁calls▁end｜>"
    )
    calls = decode_text(v3, "text.deepseek").tool_calls
    assert calls[0].provider_data == {"text.deepseek": {"variant": "v3"}}  # type: ignore[union-attr]
    assert encode_text(list(calls), "text.deepseek") == v3  # type: ignore[arg-type]
    arr = '[TOOL_CALLS] [{"name": "f", "arguments": {"a": 1}, "id": "Ab3dE9xYz"}]'  # the v3 templates' space
    assert encode_text(list(decode_text(arr, "text.mistral").tool_calls), "text.mistral") == arr  # type: ignore[arg-type]


def test_tools_of_any_dialect_type_xml_values() -> None:
    # a bare Bedrock tool spec keeps its schema under inputSchema.json: "5" must stay the
    # string the schema asks for (reading inputSchema itself as the schema lost that)
    import toolwire

    tools = [{"name": "f", "inputSchema": {"json": {"type": "object", "properties": {"code": {"type": "string"}}}}}]
    text = "<tool_call>\n<function=f>\n<parameter=code>\n5\n</parameter>\n</function>\n</tool_call>"
    (call,) = toolwire.decode_text(text, "text.qwen3-xml", tools=tools).tool_calls
    assert call.args == {"code": "5"}


# Pydantic v2 writes enums and nested models as {"$ref": "#/$defs/..."}, older generators
# allOf: [{"$ref": ...}]; JSON Schema 2020-12 §8.2.3.1 ($ref), §10.2.1.1 (allOf: every branch holds)
REF_PARAMS = {
    "type": "object",
    "$defs": {"Level": {"type": "string", "enum": ["1", "2", "3"]}, "N": {"type": "integer"},
              "Loop": {"anyOf": [{"$ref": "#/$defs/Loop"}, {"type": "string"}]},
              "Self": {"allOf": [{"$ref": "#/$defs/Self"}], "type": "string"}},
    "definitions": {"Zip": {"type": "string"}, "a/b~c": {"type": "boolean"}},
    "properties": {
        "level": {"$ref": "#/$defs/Level"},
        "zip": {"allOf": [{"type": "string"}]},
        "old": {"allOf": [{"$ref": "#/definitions/Zip"}], "description": "a zip code"},
        "opt": {"anyOf": [{"$ref": "#/$defs/Level"}, {"type": "null"}]},
        "n": {"$ref": "#/$defs/N"},
        "num": {"allOf": [{"type": "number"}, {"$ref": "#/$defs/N"}]},
        "esc": {"$ref": "#/definitions/a~1b~0c"},
        "self": {"$ref": "#/$defs/Self"},
    },
}


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("text.qwen3-xml", "<tool_call>\n<function=f>\n{}</function>\n</tool_call>"),
        ("text.glm", "<tool_call>f\n{}</tool_call>"),
    ],
)
def test_ref_and_all_of_type_text_values(fmt: str, text: str) -> None:
    values = {"level": "2", "zip": "12345", "old": "02139", "opt": "3", "n": "5", "num": "7",
              "esc": "true", "self": "4"}
    if fmt == "text.qwen3-xml":
        body = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in values.items())
    else:
        body = "".join(f"<arg_key>{k}</arg_key>\n<arg_value>{v}</arg_value>\n" for k, v in values.items())
    tools = [{"type": "function", "function": {"name": "f", "parameters": REF_PARAMS}}]
    (call,) = decode_text(text.format(body), fmt, tools=tools).tool_calls
    assert call == ToolCall("f", {"level": "2", "zip": "12345", "old": "02139", "opt": "3", "n": 5,
                                  "num": 7, "esc": True, "self": "4"})


def _ref_chain_call(n: int) -> Tuple[ToolCall, int]:
    """The call read from a qwen3-xml block against a chain of *n* refs, each def two refs
    to the next (shared, not to be walked twice), one unresolvable and one looping; and
    how many Python function calls reading it took (counted, not timed)."""
    import sys

    defs = {f"D{i}": {"anyOf": [{"$ref": f"#/$defs/D{i + 1}"}, {"allOf": [{"$ref": f"#/$defs/D{i + 1}"}]}]}
            for i in range(n)}
    defs[f"D{n}"] = {"type": "string"}
    params = {"type": "object", "$defs": defs,
              "properties": {"a": {"$ref": "#/$defs/D0"}, "b": {"$ref": "#/$defs/Nope"},
                             "c": {"$ref": "#/$defs/Loop"}},
              }
    params["$defs"]["Loop"] = {"$ref": "#/$defs/Loop"}
    tools = [{"type": "function", "function": {"name": "f", "parameters": params}}]
    text = ("<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n<parameter=b>\n2\n</parameter>\n"
            "<parameter=c>\n3\n</parameter>\n</function>\n</tool_call>")
    calls = [0]

    def count(frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            calls[0] += 1

    sys.setprofile(count)
    try:
        (call,) = decode_text(text, "text.qwen3-xml", tools=tools).tool_calls
    finally:
        sys.setprofile(None)
    return call, calls[0]


def test_ref_resolution_is_cycle_safe_and_linear() -> None:
    call, small = _ref_chain_call(1_000)
    # too deep or unresolvable: the type is unknown, read as without tools= (docs/text-formats.md)
    assert call == ToolCall("f", {"a": 1, "b": 2, "c": 3})
    call, large = _ref_chain_call(4_000)
    assert call == ToolCall("f", {"a": 1, "b": 2, "c": 3})
    # resolution stops at the nesting cap (64 levels): the work does not grow with the chain, and
    # each shared def is walked once (twice per level would be 2^64 calls)
    assert large < 5 * small and large < 200_000


def test_the_registry_table_matches_each_format_module() -> None:
    from toolwire.text._table import TEXT_DIALECTS, text_format

    for d in TEXT_DIALECTS:
        fmt = text_format(d)
        assert (fmt.name, fmt.description) == (d.name, d.description)


# -- the arguments policy keywords ----------------------------------------------------------

CUT = '<tool_call>\n{"name": "f", "arguments": {"a": 1}\n</tool_call>'  # the block closed, its JSON did not


def test_allow_truncated_keeps_the_complete_prefix_as_its_advice_says() -> None:
    [refused] = decode_text(CUT, "text.hermes").tool_calls
    assert isinstance(refused, InvalidToolCall) and refused.truncated
    assert refused.error.endswith("; pass allow_truncated=True to accept the complete prefix")
    r = check(CUT, "text.hermes", None, None, [C("f", {"a": 1})], allow_truncated=True)
    assert r.tool_calls[0].repairs == ("truncated",)
    kept = get_text_format("text.hermes").parser(allow_truncated=True)
    kept.feed(CUT)
    assert kept.close().tool_calls == r.tool_calls


def test_policy_keywords_reach_the_arguments() -> None:
    lenient = "<tool_call>{'name': 'f', 'arguments': {'a': 1,}}</tool_call>"
    check(lenient, "text.hermes", None, None, [C("f", {"a": 1})])
    [strict] = decode_text(lenient, "text.hermes", repair=False).tool_calls
    assert isinstance(strict, InvalidToolCall) and "not valid JSON" in strict.error
    as_text = '<tool_call>{"name": "f", "arguments": "{\\"a\\": 1}"}</tool_call>'  # arguments as JSON text
    check(as_text, "text.hermes", None, None, [C("f", {"a": 1})])
    [big] = decode_text(as_text, "text.hermes", max_bytes=5).tool_calls
    assert isinstance(big, InvalidToolCall) and "over the limit of 5" in big.error
    # the call object is bounded as argument text is, its JSON strict or not (a raw line break)
    for long in ('{"name": "f", "arguments": {"a": "' + "x" * 60 + '"}}', '{"name": "f", "arguments": {"a": "x\ny"}}'):
        [big] = decode_text(f"<tool_call>{long}</tool_call>", "text.hermes", max_bytes=30).tool_calls
        assert isinstance(big, InvalidToolCall) and big.error == (
            f"Tool call block at $.tool_calls[0] is {len(long)} characters long, over the limit of 30 (max_bytes)")
    [deep] = decode_text('<tool_call>{"name": "f", "arguments": {"a": [[1]]}}</tool_call>', "text.hermes",
                         max_depth=2).tool_calls
    assert isinstance(deep, InvalidToolCall) and "nested deeper than the limit of 2" in deep.error


def test_policy_keywords_are_checked() -> None:
    with pytest.raises(TypeError, match="unknown policy keyword"):
        decode_text(W, "text.hermes", allow_trunc=True)
    with pytest.raises(TypeError, match="allow_truncated must be True or False"):
        decode_text(W, "text.hermes", allow_truncated="false")
    with pytest.raises(TypeError, match=r"finish reason in close\(finish_reason=\.\.\.\)"):
        TextParser("text.hermes", finish_reason="length")


@pytest.mark.parametrize("text, dialect", [
    (CUT, "text.hermes"),
    ('<|action_start|><|plugin|>\n{"name": "f", "parameters": {"a": 1}<|action_end|>', "text.internlm"),
    ('<tool_call>{"name": "f", "arguments": {"a": 1}</tool_call>', "text.granite"),
    ('function call<|role_sep|>\n{"name": "f", "arguments": {"a": 1}<|message_sep|>', "text.gigachat"),
])
def test_argument_json_cut_off_in_a_closed_region_is_a_truncated_call(text: str, dialect: str) -> None:
    """The arguments policy says the JSON was cut off: the invalid call says so too (its
    error suggests allow_truncated), whichever family found it."""
    [call] = decode_text(text, dialect).tool_calls
    assert isinstance(call, InvalidToolCall) and call.truncated and "allow_truncated=True" in call.error
    [kept] = decode_text(text, dialect, allow_truncated=True).tool_calls
    assert kept == C("f", {"a": 1}) and "truncated" in kept.repairs
