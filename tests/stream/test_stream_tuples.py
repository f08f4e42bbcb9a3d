"""A tuple where the wire has a list in a stream chunk (Chat ``choices``,
``delta.tool_calls``, ``delta.content`` chunks; Gemini ``candidates``,
``content.parts``) is read as that list, as ``decode_all`` reads the same tuples in a
whole response: never skipped (a skipped container gave ``[]``, the stream's calls
lost: DESIGN invariant 7). A tuple where the wire has an object is refused."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Callable, Dict, List

import pytest

from corpus_data import DIALECT_OF_DIR, files, load
from toolwire import DecodeError, ToolwireError
from toolwire.stream import accumulate

CHAT = files("openai-chat", "openai-compatible", "mistral", kinds=("stream",))
GEMINI = files("gemini", kinds=("stream",))


def _chat_fields(chunk: Dict[str, Any]) -> None:
    for ch in chunk.get("choices") or ():
        delta = ch.get("delta") if type(ch) is dict else None
        if type(delta) is dict:
            for key in ("tool_calls", "content"):
                if type(delta.get(key)) is list:
                    delta[key] = tuple(delta[key])
    if type(chunk.get("choices")) is list:
        chunk["choices"] = tuple(chunk["choices"])


def _gemini_fields(chunk: Dict[str, Any]) -> None:
    for cand in chunk.get("candidates") or ():
        content = cand.get("content")
        if type(content) is dict and type(content.get("parts")) is list:
            content["parts"] = tuple(content["parts"])
    if type(chunk.get("candidates")) is list:
        chunk["candidates"] = tuple(chunk["candidates"])


def _tupled(events: List[Any], edit: Callable[[Dict[str, Any]], None]) -> List[Any]:
    out = copy.deepcopy(events)
    for chunk in out:
        if type(chunk) is dict:
            edit(chunk)
    return out


@pytest.mark.parametrize("path", CHAT + GEMINI)
def test_the_wire_lists_given_as_tuples_read_as_the_lists(path: Path) -> None:
    doc = load(path)
    edit = _gemini_fields if path.parent.name == "gemini" else _chat_fields
    tupled = _tupled(doc["events"], edit)
    for dialect in (None, DIALECT_OF_DIR[path.parent.name]):
        whole = accumulate(doc["events"], dialect)
        assert [c.name for c in whole] == [c["name"] for c in doc["expected_tool_calls"]]
        assert accumulate(tupled, dialect) == whole


def _every_list_a_tuple(value: Any) -> Any:
    if type(value) is dict:
        return {k: _every_list_a_tuple(v) for k, v in value.items()}
    if type(value) is list:
        return tuple(_every_list_a_tuple(v) for v in value)
    return value


@pytest.mark.parametrize("path", CHAT + GEMINI)
def test_every_list_a_tuple_never_loses_a_call_silently(path: Path) -> None:
    """Every list inside every chunk a tuple (argument values too): the calls come back,
    or the stream is refused; never fewer calls, never ``[]``."""
    doc = load(path)
    tupled = [_every_list_a_tuple(e) for e in doc["events"]]
    for dialect in (None, DIALECT_OF_DIR[path.parent.name]):
        try:
            calls = accumulate(tupled, dialect)
        except ToolwireError:
            continue
        assert len(calls) == len(doc["expected_tool_calls"])


CALL = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}


@pytest.mark.parametrize(("chunk", "where"), [
    ({"object": "chat.completion.chunk", "choices": [(("delta", {"tool_calls": [CALL]}),)]}, "choices[0]"),
    ({"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": ({"tool_calls": [CALL]},)}]},
     "choices[0].delta"),
])
@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_a_tuple_where_the_wire_has_an_object_is_refused(chunk: Dict[str, Any], where: str, dialect: Any) -> None:
    with pytest.raises(DecodeError) as info:
        accumulate([chunk], dialect)
    assert f"Expected an object at $[0].{where}, got tuple" in str(info.value)
    assert info.value.loc == f"$[0].{where}"


@pytest.mark.parametrize(("chunk", "name"), [
    ({"candidates": ({"content": {"role": "model", "parts": ({"functionCall": {"name": "f", "args": {"a": 1}}},)},
                      "finishReason": "STOP"},)}, "f"),
    ({"choices": ({"index": 0, "delta": {"tool_calls": ({"index": 0, "id": "c", "type": "function",
                                                         "function": {"name": "g", "arguments": "{}"}},)},
                   "finish_reason": "tool_calls"},)}, "g"),
], ids=["gemini", "openai.chat"])
def test_a_stream_of_tuples_alone_is_detected(chunk: Dict[str, Any], name: str) -> None:
    assert [c.name for c in accumulate([chunk])] == [name]
