"""encode_text writes a parameter name only if the family's parser reads it back as that name.

An empty name (``<parameter=>``, ``name=""``) and, in DSML, a name holding ``>`` (the
parameter tag's head ends at the first ``>``) were written, and read back as an
``InvalidToolCall`` ("has a parameter without a name"): a history that no model
template would render, and that toolwire itself could not read.
"""

from __future__ import annotations

import pytest

from toolwire._errors import EncodeError
from toolwire._path_steps import key_step
from toolwire._types import ToolCall
from toolwire.text._api import TEXT_FORMATS, decode_text, encode_text

CASES = [(f.name, v) for f in TEXT_FORMATS for v in (None, *f.variants)]
KEYS = ["", "a>b", "a b", "<parameter=z>", 'q"uote', "x.y", "ключ", "a\tb", "'q", "a<b", "a<arg_value>b",
        # whitespace around a name, the call's own closer, a section marker, a line break (hunt h34)
        " city", "city ", " ", "\tq\n", "a</tool_call>b", "a<|close|>b", "a<|close|>call<|sep|>b", "\n", "a\nb",
        "a</longcat_tool_call>b", "a</invoke>b", "a]<]minimax[>[b"]


@pytest.mark.parametrize(("dialect", "variant"), CASES)
@pytest.mark.parametrize("key", KEYS)
def test_a_parameter_name_is_read_back_or_refused(dialect: str, variant: str | None, key: str) -> None:
    call = ToolCall(name="f", args={key: "v"})
    try:
        text = encode_text(call, dialect, variant=variant)
    except EncodeError:
        return
    r = decode_text(text, dialect, finish_reason="stop")
    assert [(c.name, getattr(c, "args", None)) for c in r.tool_calls] == [("f", {key: "v"})], text


def test_empty_parameter_name_is_refused_with_the_family_named() -> None:
    with pytest.raises(EncodeError, match="text.qwen3-xml"):
        encode_text(ToolCall(name="f", args={"": 1}), "text.qwen3-xml")
    with pytest.raises(EncodeError, match="text.deepseek"):
        encode_text(ToolCall(name="f", args={"a>b": 1}), "text.deepseek")


@pytest.mark.parametrize(("dialect", "variant", "key", "message"), [
    # the reader strips a bare name (``<parameter= city>`` is ``city``: another parameter)
    ("text.qwen3-xml", None, " city", "Parameter name ' city' starts or ends with whitespace, which text.qwen3-xml "
                                      "cannot carry"),
    ("text.seed-oss", None, "city\t", "Parameter name 'city\\t' starts or ends with whitespace, which text.seed-oss "
                                      "cannot carry"),
    ("text.step", "3.5", " ", "Parameter name ' ' starts or ends with whitespace, which text.step cannot carry"),
    ("text.glm", None, "city ", "Argument name 'city ' starts or ends with whitespace, which text.glm cannot carry"),
    ("text.hunyuan", None, " q", "Argument name ' q' starts or ends with whitespace, which text.hunyuan cannot carry"),
    # the call's closer in a name ends the call there: the rest of it became content
    ("text.glm", None, "a</tool_call>b", "Argument name 'a</tool_call>b' contains '</tool_call>', which text.glm "
                                         "cannot carry"),
    ("text.longcat", "lite", "a</longcat_tool_call>b", "Argument name 'a</longcat_tool_call>b' contains "
                                                       "'</longcat_tool_call>', which text.longcat cannot carry"),
    # K3's argument head ends at the first <|sep|>; an M3 tag of whitespace alone names nothing
    ("text.kimi", "k3", "a<|sep|>b", "Parameter name 'a<|sep|>b' contains '<|sep|>', which text.kimi cannot carry"),
    ("text.minimax", "m3", "\n", "Parameter name '\\n' is only whitespace, which text.minimax cannot carry"),
])
def test_a_name_read_back_as_another_is_refused_at_its_path(dialect: str, variant: str | None, key: str,
                                                            message: str) -> None:
    with pytest.raises(EncodeError) as exc:
        encode_text([ToolCall(name="f", args={}), ToolCall(name="f", args={key: 1})], dialect, variant=variant)
    assert exc.value.message == message
    assert exc.value.loc == "$[1].args" + key_step(key)


def test_solar_open2_keeps_the_whitespace_around_a_name() -> None:
    # vLLM's Solar Open 2 parser keeps the key as written between its two markers
    text = encode_text(ToolCall(name="f", args={" city ": "Seoul"}), "text.solar-open2")
    assert text == "<|tool_call:start|>f\n<|tool_arg:start|> city <|tool_arg:value|>Seoul<|tool_arg:end|>\n" \
                   "<|tool_call:end|>"
    assert decode_text(text, "text.solar-open2").tool_calls[0].args == {" city ": "Seoul"}
