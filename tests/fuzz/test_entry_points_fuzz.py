"""Only toolwire's errors escape, at every entry point that reads model output
(DESIGN invariant 5; issue #16): the wire decoders, every stream dialect, the
structured-output readers and every text format, each fed valid payloads,
realistic corruptions of them and arbitrary JSON values.

A few examples per entry point in the quick profiles; the profile's full count under
``thorough`` (``--hypothesis-profile=thorough``: 20,000 per entry point, 1M in all), or
``TOOLWIRE_FUZZ_EXAMPLES`` per entry point when set (a long run in slices). The numbers
of the last long run are in docs/fuzzing.md.
"""

from __future__ import annotations

import contextlib
import functools
import os
from typing import Any, Callable, Dict, List, Tuple

import pydantic
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toolwire
from toolwire import response, retry, schema
from toolwire import strategies as tws
from toolwire.stream import Accumulator, TextParser, accumulate
from toolwire.text import encode_text

_N = int(os.environ.get("TOOLWIRE_FUZZ_EXAMPLES", "0")) or settings.default.max_examples
each = settings(max_examples=_N if _N > 100 else 4)
RAN = [0]  # examples run by the current test (``TOOLWIRE_FUZZ_LOG`` gets one line per test)


@pytest.fixture(autouse=True)
def _count(request: Any) -> Any:
    RAN[0] = 0
    yield
    log = os.environ.get("TOOLWIRE_FUZZ_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"{request.node.nodeid}\t{RAN[0]}\n")

TEXT_FORMATS = ("text.hermes", "text.qwen3-xml", "text.llama", "text.mistral", "text.deepseek", "text.gemma",
                "text.glm", "text.kimi", "text.harmony")
SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "array", "items": {"$ref": "#"}},
                                           "s": {"type": "string", "maxLength": 5}}, "required": ["a"]}
STATE = retry.prepare({"model": "m", "messages": [{"role": "user", "content": "?"}]}, SCHEMA, "openai.chat",
                      mode="native").state
MODEL = schema.to_pydantic({"type": "object", "properties": {"a": {"type": "integer"}, "s": {"type": "string"}},
                            "required": ["a"]})

anything = tws.json_values() | st.text() | st.binary(max_size=40)
wire = (tws.payloads(text=True) | tws.corrupted(tws.payloads(text=True)) | tws.corrupted(tws.payloads(), max_steps=4)
        | anything)
responses = (tws.payloads(kind="response") | tws.corrupted(tws.payloads(kind="response"), max_steps=3) | anything)
#: model-output text: the format's own calls, cut, spliced with other formats' markers and noise
MARKERS = ["<tool_call>", "</tool_call>", "<|python_tag|>", "<|python_start|>", "[TOOL_CALLS]", "[ARGS]", "[CALL_ID]",
           "<｜DSML｜invoke ", "<｜DSML｜parameter name=\"a\" string=\"true\">", "</｜DSML｜invoke>",
           "<|tool_call>call:", "<tool_call|>", "<|\"|>", "<arg_key>", "<arg_value>", "<function=f>", "<parameter=a>",
           "<|tool_calls_section_begin|>", "<|tool_call_begin|>", "<|tool_call_argument_begin|>", "<|call|>",
           "<|channel|>commentary to=functions.f ", "<|message|>", "<think>", "</think>", "```json\n", "```",
           "{", "}", "[", "]", "\"", "'", ":", ",", "(", ")", "=", "\n", " ", "\\", "\ud800", "a", "0"]


@st.composite
def model_text(draw: Any, fmt: str) -> str:
    calls = draw(st.lists(tws.tool_calls(), min_size=0, max_size=2))
    try:
        text = encode_text(calls, fmt) if calls else ""
    except toolwire.ToolwireError:
        text = ""
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    pieces = draw(st.lists(st.sampled_from(MARKERS) | st.text(max_size=6), max_size=12))
    at = draw(st.integers(0, len(text)))
    return text[:at] + "".join(pieces) + text[at:]


def _quiet(fn: Callable[..., Any], *args: Any, **kw: Any) -> None:
    RAN[0] += 1
    with contextlib.suppress(toolwire.ToolwireError):
        fn(*args, **kw)


# --- wire decoders -----------------------------------------------------------------------------

WIRE: Dict[str, Callable[[Any], Any]] = {
    "decode": toolwire.decode,
    "decode_all": toolwire.decode_all,
    "decode_all-keep": lambda x: toolwire.decode_all(x, invalid="keep", include_server=True, allow_truncated=True),
    "decode_all-length": lambda x: toolwire.decode_all(x, invalid="keep", finish_reason="length", repair=False),
    "detect": toolwire.detect,
    "explain": toolwire.explain,
    "decode_tool": toolwire.decode_tool,
    "decode_result": toolwire.decode_result,
    "convert-chat": lambda x: toolwire.convert(x, "openai.chat"),
    "convert-gemini": lambda x: toolwire.convert(x, "gemini"),
    "ToolCalls": lambda x: _pydantic_calls(x),
    **{f"decode_all-{d}": functools.partial(toolwire.decode_all, dialect=d, invalid="keep")
       for d in tws.WIRE_DIALECTS},
}


def _pydantic_calls(x: Any) -> None:
    with contextlib.suppress(pydantic.ValidationError):
        pydantic.TypeAdapter(toolwire.ToolCalls).validate_python(x)


@pytest.mark.parametrize("entry", list(WIRE.values()), ids=list(WIRE))
@each
@given(value=wire)
def test_wire_entry_points_raise_only_toolwire_errors(entry: Callable[[Any], Any], value: Any) -> None:
    _quiet(entry, value)


# --- streams -------------------------------------------------------------------------------------


@st.composite
def stream_chunks(draw: Any, dialect: str) -> Tuple[List[Any], bool]:
    chunks = list(draw(tws.streams(dialect)))
    if chunks and draw(st.booleans()):  # corrupt some chunks, drop some, cut the end
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(chunks) - 1))
            chunks[i] = draw(tws.corrupted(st.just(chunks[i])) | anything)
        if draw(st.booleans()):
            chunks = chunks[: draw(st.integers(0, len(chunks)))]
    return chunks, draw(st.booleans())


@pytest.mark.parametrize("dialect", tws.STREAM_DIALECTS)
@each
@given(data=st.data())
def test_stream_entry_points_raise_only_toolwire_errors(dialect: str, data: Any) -> None:
    chunks, named = data.draw(stream_chunks(dialect))
    _quiet(accumulate, chunks, dialect if named else None, include_server=True)
    acc = Accumulator(dialect if named else None, preview=data.draw(st.booleans()))
    with contextlib.suppress(toolwire.ToolwireError):
        for chunk in chunks:
            acc.feed(chunk)
        acc.close()


@each
@given(value=st.lists(wire, max_size=4) | wire)
def test_stream_of_anything_raises_only_toolwire_errors(value: Any) -> None:
    _quiet(accumulate, value)


# --- structured output -------------------------------------------------------------------------

STRUCTURED: Dict[str, Callable[[Any], Any]] = {
    "response.normalize": response.normalize,
    "retry.classify": lambda x: retry.classify(x, STATE),
    "schema.validate": lambda x: schema.validate(x, SCHEMA),
    "to_pydantic": lambda x: _model(x),
    **{f"response.normalize-{d}": functools.partial(response.normalize, provider=d)
       for d in ("openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "ollama",
                 "cohere.v2")},
}


def _model(x: Any) -> None:
    with contextlib.suppress(pydantic.ValidationError):
        MODEL.model_validate(x)


@pytest.mark.parametrize("entry", list(STRUCTURED.values()), ids=list(STRUCTURED))
@each
@given(value=responses | st.builds(lambda t: {"choices": [{"message": {"role": "assistant", "content": t}}]},
                                   model_text("text.hermes")))
def test_structured_output_entry_points_raise_only_toolwire_errors(entry: Callable[[Any], Any], value: Any) -> None:
    _quiet(entry, value)


# --- text formats ------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", TEXT_FORMATS)
@each
@given(data=st.data())
def test_text_entry_points_raise_only_toolwire_errors(fmt: str, data: Any) -> None:
    text = data.draw(model_text(fmt))
    finish = data.draw(st.sampled_from([None, "stop", "length"]))
    _quiet(toolwire.decode_text, text, fmt, finish_reason=finish)
    parser = TextParser(fmt)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=6)))
    with contextlib.suppress(toolwire.ToolwireError):
        at = 0
        for cut in [*cuts, len(text)]:
            parser.feed(text[at:cut])
            at = cut
        parser.close()
