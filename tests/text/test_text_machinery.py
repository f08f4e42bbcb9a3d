"""The text-format machinery (``text/_*.py``) pinned where a sampled mutation run found
no test: parameters typed by the caller's tool schemas, pythonic calls that cannot be
read, a call block without its function, the content tokens a format strips, the
dialect records the formats register, and the errors of the front doors. Written from
that run's survivors (docs/testing.md).

Formats as their chat templates write them: Qwen3-Coder's XML
(https://huggingface.co/Qwen/Qwen3-Coder-480B-A35B-Instruct, ``chat_template.jinja``),
Llama 3/4 pythonic calls (https://www.llama.com/docs/model-cards-and-prompt-formats/),
LFM2 (https://huggingface.co/LiquidAI/LFM2-1.2B, ``chat_template.jinja``) and GigaChat
3.5's GCML.
"""

from __future__ import annotations

import time
from typing import Any, Dict

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall
from toolwire.stream import TextParser


def _qwen(params: Dict[str, Any], body: Dict[str, str]) -> Any:
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": params}}}]
    text = "<tool_call>\n<function=f>\n" + "".join(
        f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in body.items()) + "</function>\n</tool_call>"
    [call] = toolwire.decode_text(text, "text.qwen3-xml", tools=tools).tool_calls
    return call.args


@pytest.mark.parametrize(
    ("schema", "text", "value"),
    [
        ({"enum": ["1", "2"]}, "2", "2"),  # an enum of strings: the text stays text
        ({"enum": [1, 2]}, "2", 2),  # an enum of numbers: a number
        ({"type": "string"}, "null", "null"),  # null is no string
        ({"type": ["string", "null"]}, "null", None),
        ({"type": "string"}, "02134", "02134"),
        ({"type": "integer"}, "7", 7),
        ({"type": "number"}, "7.5", 7.5),
        ({"properties": {"a": {"type": "integer"}}}, '{"a": 1}', {"a": 1}),  # an object by its properties
        ({"items": {"type": "integer"}}, "[1, 2]", [1, 2]),  # an array by its items
        ({"anyOf": [{"type": "integer"}, {"type": "string"}]}, "abc", "abc"),
        ({"type": "integer"}, "null", "null"),  # null fits no integer: the text as it came
        ({"properties": {"a": {}}}, "[1, 2]", "[1, 2]"),  # an array is no object
        ({"items": {}}, '{"a": 1}', '{"a": 1}'),  # an object is no array
        ({"properties": {"a": {}}}, "5", "5"),
    ],
)
def test_parameters_are_typed_by_the_tool_schema(schema: Dict[str, Any], text: str, value: Any) -> None:
    assert _qwen({"p": schema}, {"p": text}) == {"p": value}


def test_a_block_without_its_function_is_an_invalid_call() -> None:
    [bad] = toolwire.decode_text("<tool_call>\n<parameter=x>1</parameter>\n</tool_call>", "text.qwen3-xml").tool_calls
    assert type(bad) is InvalidToolCall
    assert (bad.name, bad.loc, bad.error) == (None, "$.tool_calls[0]",
                                              "Tool call block at $.tool_calls[0] has no <function=…>")
    g = "｜GCML｜"
    text = f'<{g}tool_calls><{g}parameter name="x" string="true">1</{g}parameter></{g}tool_calls>'
    [gcml] = toolwire.decode_text(text, "text.gigachat").tool_calls
    assert type(gcml) is InvalidToolCall and gcml.raw == text
    assert gcml.error == f"Tool call block at $.tool_calls[0] has no <{g}invoke name…>"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ('[f(a=1, **{"b": 2})]', "unpacks **kwargs"),
        ('[f("x")]', "has positional arguments, which have no names"),
        ("[f(a={**x})]", "has a dict key that is not a string"),
    ],
)
def test_pythonic_calls_that_cannot_be_read(text: str, error: str) -> None:
    [bad] = toolwire.decode_text(text, "text.llama").tool_calls
    assert type(bad) is InvalidToolCall
    assert (bad.name, bad.error) == ("f", f"Tool call at $.tool_calls[0] {error}")


def test_pythonic_values_are_written_as_python_literals() -> None:
    call = ToolCall("f", {"s": "x", "n": 1, "b": True, "z": None, "f": 1.5, "l": [1, "a"], "o": {"k": "v"}})
    assert toolwire.encode_text([call], "text.lfm2") == (
        # a mapping argument as JSON: the LFM2.5 template's format_arg_value writes it ``| tojson``
        "<|tool_call_start|>[f(s='x', n=1, b=True, z=None, f=1.5, l=[1, 'a'], o={\"k\": \"v\"})]<|tool_call_end|>")


def test_a_formats_end_tokens_are_not_content() -> None:
    """LFM2: ``<|im_end|>`` after the content (the template's end of turn) is no text."""
    r = toolwire.decode_text("<think>hm</think>hi<|im_end|>", "text.lfm2")
    assert (r.content, r.reasoning, r.tool_calls) == ("hi", "hm", ())
    r = toolwire.decode_text("<|tool_call_start|>[f(a=1)]<|tool_call_end|>hello<|im_end|>", "text.lfm2")
    assert (r.content, r.tool_calls) == ("hello", (ToolCall("f", {"a": 1}, None),))


def test_an_attribute_whose_name_ends_like_another_is_passed_over() -> None:
    """GCML parameter heads: ``data_name="q"`` is not ``name="…"``."""
    g = "｜GCML｜"
    text = (f'<{g}tool_calls><{g}invoke name="f"><{g}parameter data_name="q" name="city" string="true">Paris'
            f'</{g}parameter><{g}parameter name="n" string="false">3</{g}parameter></{g}invoke></{g}tool_calls>')
    assert toolwire.decode_text(text, "text.gigachat").tool_calls == (ToolCall("f", {"city": "Paris", "n": 3}, None),)


def test_the_text_formats_register_whole_dialect_records() -> None:
    d = toolwire.get_dialect("text.hermes")
    assert d.encode_result is not None and d.description.startswith("Hermes / Qwen2.5 / Qwen3")
    assert d.ids.required is False


def test_the_front_doors_name_the_format_in_their_errors() -> None:
    parser = TextParser("text.hermes")
    parser.feed("hi")
    parser.close()
    with pytest.raises(DecodeError) as closed:
        parser.feed("x")
    assert (closed.value.message, closed.value.dialect) == ("This TextParser is closed; start a new one",
                                                            "text.hermes")
    with pytest.raises(DecodeError) as tools:
        TextParser("text.hermes", tools=[5])
    assert tools.value.dialect == "text.hermes"
    assert tools.value.message == "Tool definition at $.tools[0] could not be read: Input at $ matches no known dialect: 5"
    with pytest.raises(DecodeError) as utf8:
        toolwire.decode_text(b"\xff\xfe", "text.hermes")
    assert utf8.value.dialect == "text.hermes" and utf8.value.message.startswith("Text is not UTF-8: ")


def test_a_call_cut_off_says_why() -> None:
    text = '<tool_call>\n{"name": "f", "arguments": {"a": 1}}'
    [cut] = toolwire.decode_text(text, "text.hermes").tool_calls
    assert type(cut) is InvalidToolCall and cut.truncated
    assert cut.error == "Tool call at $.tool_calls[0] is cut off: the text ended before the call was closed"
    [at_limit] = toolwire.decode_text(text, "text.hermes", finish_reason="length").tool_calls
    assert at_limit.error == "Tool call at $.tool_calls[0] is cut off: the output ended (finish reason 'length')"


def _seen(m: Any, text: str, end: str, complete: bool) -> None:
    m.invalid(None, m.opener + text + end, "seen")


def test_a_quote_closer_that_starts_an_end_marker_is_checked_against_the_tail_only() -> None:
    """Inside a quoted value, a closer that may still grow into an end marker (``</``
    and ``</call>``) waits only when the text ends within that marker's length: no slice
    of the rest of the text per closer (hunt 30: it was quadratic)."""
    from toolwire.text._core import BodyMode
    from toolwire.text._format import TextFormat
    from toolwire.text._kit import body
    from toolwire.text._modes import closed_think_modes

    call = BodyMode(_seen, ends=("</call>",), quotes=(("<v>", "</", False),))
    content, _, start = closed_think_modes({"<call>": body(call)})
    call.next = content
    fmt = TextFormat(name="acme.quotes", start=start, encode_calls=lambda calls, variant: "")

    def cpu(n: int) -> float:
        text = "<call>" + "<v>a</v>" * n + "</call>"
        best = float("inf")
        for _ in range(3):
            t = time.process_time()
            r = fmt.decode(text)
            best = min(best, time.process_time() - t)
        assert len(r.tool_calls) == 1
        return best

    assert cpu(80_000) < 8 * cpu(20_000) + 0.05
