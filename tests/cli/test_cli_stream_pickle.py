"""Constant-memory streaming, progress on a terminal only, and pickling (distributed engines)."""

from __future__ import annotations

import io
import itertools
import json
import pickle
import sys
from typing import Any

import pytest

import toolwire
from toolwire import _cli_io, cli
from toolwire._convert import convert
from toolwire.dialects.batch_files import open_envelope
from toolwire.stream import Accumulator, accumulate

LINE = json.dumps({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}).encode() + b"\n"


class CountingRaw(io.RawIOBase):
    """A raw stream of *n* JSONL lines that counts the bytes it has handed out."""

    def __init__(self, n: int) -> None:
        self.left = n
        self.served = 0
        self.pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        while len(self.pending) < len(b) and self.left:
            self.pending += LINE
            self.left -= 1
        chunk, self.pending = self.pending[: len(b)], self.pending[len(b) :]
        b[: len(chunk)] = chunk
        self.served += len(chunk)
        return len(chunk)


def test_jsonl_records_are_read_lazily() -> None:
    raw = CountingRaw(200_000)  # about 19 MB
    stream = io.BufferedReader(raw, buffer_size=8192)
    first = list(itertools.islice(_cli_io.records(stream), 3))
    assert [r.line for r in first] == [1, 2, 3]
    assert raw.served <= 64 * 1024  # a few buffers, not the file


def test_progress_is_shown_on_a_terminal_and_erased(monkeypatch: pytest.MonkeyPatch) -> None:
    err = io.StringIO()
    err.isatty = lambda: True  # type: ignore[method-assign]
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(LINE * 9000), encoding="utf-8"))
    monkeypatch.setattr(_cli_io.Progress, "interval", 0.0)
    assert cli.main(["decode"]) == 0
    shown = err.getvalue()
    assert "\r4,096 records, " in shown and "\r8,192 records, " in shown
    assert shown.endswith("\r\x1b[K")  # erased at the end


CALL = toolwire.decode(LINE)
INVALID = toolwire.decode_all({"tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "[1]"}}]}, invalid="keep")[0]


@pytest.mark.parametrize(
    "value",
    [
        CALL,
        INVALID,
        toolwire.Tool(name="f", description="d", parameters={"type": "object"}, strict=True),
        toolwire.ToolResult(id="c", name="f", content="ok", is_error=True),
        toolwire.explain(LINE),
        toolwire.Policy(),
        open_envelope({"custom_id": "a", "result": {"type": "expired"}}),
    ],
    ids=lambda v: type(v).__name__,
)
def test_values_pickle(value: Any) -> None:
    assert pickle.loads(pickle.dumps(value)) == value


def test_tool_call_fidelity_data_survives_pickling() -> None:
    call = toolwire.decode({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": '{"a":1}', "status": "completed"})
    back = pickle.loads(pickle.dumps(call))
    assert (back.raw, back.provider_data, back.repairs) == (call.raw, call.provider_data, call.repairs)
    assert toolwire.encode(back, "openai.responses") == toolwire.encode(call, "openai.responses")


@pytest.mark.parametrize(
    "error",
    [
        toolwire.DecodeError("Bad at $.x", dialect="openai.chat", loc="$.x"),
        toolwire.ArgumentsError("Cut off", dialect="gemini", loc="$.args", raw='{"a": ', truncated=True),
        toolwire.EncodeError("No", dialect="mistral"),
        toolwire.UnknownDialectError("Unknown dialect 'x'"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_errors_pickle_with_their_fields(error: toolwire.ToolwireError) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert (str(back), back.__dict__) == (str(error), error.__dict__)


def test_an_arguments_error_pickles_with_the_calls_provider_data() -> None:
    item = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": '},
            "extra_content": {"google": {"thought_signature": "c2ln"}}}
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode(item, "openai.chat")
    back = pickle.loads(pickle.dumps(info.value))
    assert back.provider_data == {"openai.chat": {"extra": {"extra_content": {"google": {"thought_signature": "c2ln"}}}}}
    assert back.__dict__ == info.value.__dict__


def test_a_raised_error_pickles() -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode({"hello": "world"})
    back = pickle.loads(pickle.dumps(info.value))
    assert (str(back), back.loc, back.dialect) == (str(info.value), info.value.loc, info.value.dialect)


@pytest.mark.parametrize(
    "fn",
    [toolwire.decode, toolwire.decode_all, toolwire.encode, toolwire.detect, toolwire.explain, toolwire.decode_tool,
     toolwire.encode_tool, toolwire.decode_result, toolwire.encode_result, convert, accumulate, cli.main, open_envelope],
    ids=lambda f: f.__name__,
)
def test_functions_pickle_by_reference(fn: Any) -> None:
    assert pickle.loads(pickle.dumps(fn)) is fn


def test_id_map_and_accumulator_pickle_with_state() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("mistral").ids, dialect="mistral")
    mapped = ids.map("call_abcdefghijklmnop")
    back = pickle.loads(pickle.dumps(ids))
    assert back.map("call_abcdefghijklmnop") == mapped and back.mapping == ids.mapping
    acc = Accumulator()
    list(acc.feed({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a":'}}]}}]}))
    acc2 = pickle.loads(pickle.dumps(acc))
    list(acc2.feed({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": " 1}"}}]}, "finish_reason": "tool_calls"}]}))
    assert acc2.close() == [toolwire.ToolCall(name="f", args={"a": 1}, id="call_1")]


@pytest.mark.parametrize("name", toolwire.dialect_names())
def test_dialects_pickle(name: str) -> None:
    d = toolwire.get_dialect(name)
    back = pickle.loads(pickle.dumps(d))
    assert back.name == d.name and back.sniff is d.sniff
