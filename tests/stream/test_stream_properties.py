"""Properties: canonical calls written as a dialect's stream, with the argument text
cut at every boundary or into random fragments (interleaved where the dialect allows
it), come back equal; arbitrary chunks raise nothing but ``ToolwireError``."""

from __future__ import annotations

import contextlib
import json
from typing import Any, Dict, List

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from toolwire import ToolCall, ToolwireError
from toolwire.stream import Accumulator, accumulate, encode_stream

DIALECTS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse",
            "mistral", "cohere.v2", "ollama"]
TEXT_DIALECTS = ["openai.chat", "openai.responses", "anthropic.messages", "bedrock.converse",
                 "mistral", "cohere.v2"]

names = st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_]{0,15}", fullmatch=True)
keys = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=8,
)
args = st.dictionaries(keys, values, max_size=4)


@st.composite
def call_lists(draw: Any, min_size: int = 1, max_size: int = 3, ids: bool = True) -> List[ToolCall]:
    n = draw(st.integers(min_size, max_size))
    # ids every streaming dialect accepts as they are (Mistral's rule: 9 alphanumerics)
    idents = draw(st.lists(st.from_regex(r"[a-zA-Z0-9]{9}", fullmatch=True), min_size=n, max_size=n, unique=True))
    return [ToolCall(name=draw(names), args=draw(args), id=idents[i] if ids else None) for i in range(n)]


def _same(got: List[Any], calls: List[ToolCall]) -> None:
    assert all(isinstance(c, ToolCall) for c in got), got
    assert [(c.name, c.args, c.id) for c in got] == [(c.name, c.args, c.id) for c in calls]


def _random_split(data: Any) -> Any:
    sizes = data.draw(st.lists(st.integers(1, 7), min_size=1, max_size=6))

    def cut(text: str) -> List[str]:
        out, i, j = [], 0, 0
        while i < len(text):
            n = sizes[j % len(sizes)]
            out.append(text[i : i + n])
            i += n
            j += 1
        return out

    return cut


@pytest.mark.parametrize("dialect", TEXT_DIALECTS)
@given(call=call_lists(max_size=1))
def test_every_boundary(dialect: str, call: List[ToolCall]) -> None:
    text = json.dumps(call[0].args, ensure_ascii=False, separators=(",", ":"))
    for k in range(len(text) + 1):
        chunks = encode_stream(call, dialect, split=lambda t, k=k: [t[:k], t[k:]])
        _same(accumulate(chunks, dialect), call)
        _same(accumulate(chunks), call)


@pytest.mark.parametrize("dialect", DIALECTS)
@given(calls=call_lists(), data=st.data())
def test_random_fragments(dialect: str, calls: List[ToolCall], data: Any) -> None:
    chunks = encode_stream(calls, dialect, split=_random_split(data))
    _same(accumulate(chunks, dialect), calls)
    _same(accumulate(chunks), calls)
    _same(accumulate(["data: " + json.dumps(c) for c in chunks] + ["data: [DONE]"]), calls)


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
@given(calls=call_lists(min_size=2, max_size=4), data=st.data())
def test_interleaved_parallel_calls(dialect: str, calls: List[ToolCall], data: Any) -> None:
    opts: Dict[str, Any] = {"with_index": True} if dialect == "mistral" else {}
    chunks = encode_stream(calls, dialect, split=_random_split(data), interleave=True, **opts)
    _same(accumulate(chunks, dialect), calls)


@given(calls=call_lists(min_size=1, max_size=4), data=st.data())
def test_chat_all_calls_on_index_zero(calls: List[ToolCall], data: Any) -> None:
    """Groq-style: every call on index 0, told apart by its id."""
    chunks = encode_stream(calls, "openai.chat", split=_random_split(data))
    for chunk in chunks:
        for tc in chunk["choices"][0]["delta"].get("tool_calls", ()):
            tc["index"] = 0
    _same(accumulate(chunks), calls)


def _no_empty_containers(value: Any) -> bool:
    if type(value) is dict:
        return all(_no_empty_containers(v) for v in value.values()) and (bool(value) or False)
    if type(value) is list:
        return bool(value) and all(_no_empty_containers(v) for v in value)
    return True


@given(calls=call_lists(ids=False), data=st.data())
@example(calls=[ToolCall(name="f", args={"a b": [1, {"c'd": "x\\y"}], "n": None, "t": True})], data=None)
@example(calls=[ToolCall(name="f", args={"a\nb": {"\x00'\"\\/é": ["x"]}, "\\u0041": 1})], data=None)  # RFC 9535 escapes
@settings(suppress_health_check=[HealthCheck.filter_too_much])
def test_vertex_partial_args(calls: List[ToolCall], data: Any) -> None:
    assume(all(all(_no_empty_containers(v) for v in c.args.values()) for c in calls))
    split = _random_split(data) if data is not None else 2
    chunks = encode_stream(calls, "gemini", partial_args=True, split=split)
    _same(accumulate(chunks, "gemini"), calls)
    _same(accumulate(chunks), calls)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=20,
)
shaped_keys = st.sampled_from(
    ["type", "index", "id", "name", "arguments", "function", "tool_calls", "delta", "choices", "item",
     "output_index", "content_block", "partial_json", "contentBlockIndex", "toolUse", "input", "start",
     "candidates", "content", "parts", "functionCall", "partialArgs", "jsonPath", "stringValue",
     "willContinue", "message", "done", "finish_reason", "contentBlockStart", "contentBlockDelta",
     "response.output_item.added", "content_block_start", "tool-call-start"]
)
shaped = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "{", "}", "x", "$.a", "$[0]"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(shaped_keys, inner, max_size=4),
    max_leaves=25,
)


@pytest.mark.parametrize("dialect", [None, *DIALECTS])
@given(chunks=st.lists(json_values | shaped | st.text(max_size=20), max_size=8))
def test_only_toolwire_errors(dialect: Any, chunks: List[Any]) -> None:
    acc = Accumulator(dialect)
    with contextlib.suppress(ToolwireError):
        for c in chunks:
            acc.feed(c)
        acc.close()


@pytest.mark.parametrize("dialect", DIALECTS)
@given(calls=call_lists(), data=st.data())
def test_corrupted_streams_only_toolwire_errors(dialect: str, calls: List[ToolCall], data: Any) -> None:
    """A valid stream with values swapped for junk: calls or ToolwireError, nothing else."""
    chunks = encode_stream(calls, dialect, split=3)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(chunks) - 1))
        node: Any = chunks[i]
        while type(node) is dict and node:
            k = data.draw(st.sampled_from(sorted(node, key=str)))
            if type(node[k]) is dict and node[k] and data.draw(st.booleans()):
                node = node[k]
                continue
            node[k] = data.draw(shaped)
            break
    with contextlib.suppress(ToolwireError):
        accumulate(chunks, dialect)
