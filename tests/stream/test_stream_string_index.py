"""A Chat ``tool_calls[].index`` sent as a digit string (a gateway quirk) keys its
call as the int it spells: interleaved parallel calls never glue. An index that is
neither an int nor a digit string is refused with its path, never read as no index."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import DecodeError, ToolCall
from toolwire.stream import Accumulator, accumulate


def _chat(tool_call: Dict[str, Any]) -> Dict[str, Any]:
    return {"object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {"tool_calls": [tool_call]}, "finish_reason": None}]}


_END = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}


def _interleaved(a: Any, b: Any) -> List[Any]:
    return [_chat({"index": a, "id": "call_a", "type": "function", "function": {"name": "f", "arguments": ""}}),
            _chat({"index": b, "id": "call_b", "type": "function", "function": {"name": "g", "arguments": ""}}),
            _chat({"index": a, "function": {"arguments": '{"a":['}}),
            _chat({"index": b, "function": {"arguments": '{"b":"y"}'}}),
            _chat({"index": a, "function": {"arguments": "]}"}}),
            _END]


def _all(chunks: List[Any], dialect: str = "openai.chat") -> List[List[Any]]:
    fed = Accumulator(dialect)
    for c in chunks:
        fed.feed(c)
    preview = Accumulator(dialect, preview=True)
    for c in chunks:
        preview.feed(c)
    return [accumulate(chunks, dialect), accumulate(iter(chunks)), fed.close(), preview.close()]


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
@pytest.mark.parametrize(("a", "b"), [("0", "1"), ("0", 1), (0, "1"), ("7", "12")])
def test_digit_string_indexes_key_calls_as_their_ints(dialect: str, a: Any, b: Any) -> None:
    expected = [ToolCall("f", {"a": []}, "call_a"), ToolCall("g", {"b": "y"}, "call_b")]
    assert _all(_interleaved(0, 1), dialect)[0] == expected
    for calls in _all(_interleaved(a, b), dialect):
        assert calls == expected
        assert [c.raw for c in calls] == ['{"a":[]}', '{"b":"y"}']


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
@pytest.mark.parametrize(("a", "b"), [(0.0, 1.0), (0, 1.0), (0.0, "1"), (7.0, 12.0)])
def test_whole_float_indexes_key_calls_as_their_ints(dialect: str, a: Any, b: Any) -> None:
    # Together's SDK types ``ToolChoice.index`` as a float: its objects, and their dumps, carry ``0.0``
    expected = [ToolCall("f", {"a": []}, "call_a"), ToolCall("g", {"b": "y"}, "call_b")]
    for calls in _all(_interleaved(a, b), dialect):
        assert calls == expected
        assert [c.raw for c in calls] == ['{"a":[]}', '{"b":"y"}']


def test_together_shaped_objects_with_float_indexes_are_read() -> None:
    # the shape of the together SDK's chunk objects (``ToolChoice.index: float``), as objects and dumped
    pydantic = pytest.importorskip("pydantic")

    class Function(pydantic.BaseModel):
        name: Optional[str] = None
        arguments: str

    class ToolChoice(pydantic.BaseModel):
        index: float
        id: Optional[str] = None
        type: Optional[str] = None
        function: Function

    class Delta(pydantic.BaseModel):
        role: Optional[str] = None
        tool_calls: Optional[List[ToolChoice]] = None

    class Choice(pydantic.BaseModel):
        index: int
        delta: Delta
        finish_reason: Optional[str] = None

    class Chunk(pydantic.BaseModel):
        id: str
        object: str
        created: int
        model: str
        choices: List[Choice]

    def chunk(delta: Dict[str, Any], finish: Optional[str] = None) -> Chunk:
        return Chunk.model_validate({"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
                                     "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})

    chunks = [chunk({"role": "assistant", "tool_calls": [
                  {"index": 0, "id": "call_a", "type": "function", "function": {"name": "f", "arguments": ""}}]}),
              chunk({"tool_calls": [{"index": 1, "id": "call_b", "type": "function",
                                     "function": {"name": "g", "arguments": '{"b":'}}]}),
              chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"a":1}'}}]}),
              chunk({"tool_calls": [{"index": 1, "function": {"arguments": "2}"}}]}),
              chunk({}, "tool_calls")]
    assert repr(chunks[0].choices[0].delta.tool_calls[0].index) == "0.0"  # type: ignore[index]
    expected = [ToolCall("f", {"a": 1}, "call_a"), ToolCall("g", {"b": 2}, "call_b")]
    assert accumulate(chunks) == expected
    assert accumulate([c.model_dump() for c in chunks]) == expected
    assert accumulate(iter([c.model_dump(mode="json") for c in chunks]), "openai.chat") == expected


@pytest.mark.parametrize("index", ["01", "-1", " 1", "1.0", "x", "", "١", 1.5, -0.5, float("nan"), float("inf"),
                                   2.0 ** 60, True, [0], {"i": 0}, "9" * 40])
def test_other_indexes_are_refused_with_their_path(index: Any) -> None:
    chunks = _interleaved(0, index)
    for run in (lambda: accumulate(chunks), lambda: accumulate(iter(chunks), "openai.chat")):
        with pytest.raises(DecodeError) as info:
            run()
        assert info.value.loc == "$[1].choices[0].delta.tool_calls[0].index"
        assert str(info.value).startswith(
            "Tool call index at $[1].choices[0].delta.tool_calls[0].index is neither an int nor a digit string: ")
    acc = Accumulator("openai.chat", preview=True)
    acc.feed(chunks[0])
    with pytest.raises(DecodeError):
        acc.feed(chunks[1])


# -- block and choice indexes of the other streams (the pydantic-ai differential hunt) -----------
# anthropic's RawContentBlock{Start,Delta,Stop}Event.index is an int, Bedrock's
# contentBlockIndex a required Integer (ConverseStream), cohere's ChatToolCall{Start,Delta,End}
# event index an int: read as no index, a delta of the first call went to the latest one open
# (``f`` ran with ``{}``, ``g`` with ``f``'s arguments).
_MSG = {"type": "message_start", "message": {"id": "msg_0", "type": "message", "role": "assistant", "model": "m",
        "content": [], "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}}


def _anthropic(i: Any) -> List[Any]:
    return [_MSG,
            {"type": "content_block_start", "index": 0,
             "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}},
            {"type": "content_block_start", "index": 1,
             "content_block": {"type": "tool_use", "id": "toolu_2", "name": "g", "input": {}}},
            {"type": "content_block_delta", "index": i, "delta": {"type": "input_json_delta", "partial_json": '{"a":1}'}},
            {"type": "content_block_stop", "index": 0}, {"type": "content_block_stop", "index": 1},
            {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
             "usage": {"output_tokens": 5}},
            {"type": "message_stop"}]


def _bedrock(i: Any) -> List[Any]:
    return [{"messageStart": {"role": "assistant"}},
            {"contentBlockStart": {"start": {"toolUse": {"toolUseId": "t1", "name": "f"}}, "contentBlockIndex": 0}},
            {"contentBlockStart": {"start": {"toolUse": {"toolUseId": "t2", "name": "g"}}, "contentBlockIndex": 1}},
            {"contentBlockDelta": {"delta": {"toolUse": {"input": '{"a":1}'}}, "contentBlockIndex": i}},
            {"contentBlockStop": {"contentBlockIndex": 0}}, {"contentBlockStop": {"contentBlockIndex": 1}},
            {"messageStop": {"stopReason": "tool_use"}}]


def _cohere(i: Any) -> List[Any]:
    def start(n: int, ident: str, name: str) -> Dict[str, Any]:
        return {"type": "tool-call-start", "index": n, "delta": {"message": {"tool_calls": {
            "id": ident, "type": "function", "function": {"name": name, "arguments": ""}}}}}
    return [{"type": "message-start", "id": "x", "delta": {"message": {"role": "assistant"}}},
            start(0, "f_1", "f"), start(1, "g_1", "g"),
            {"type": "tool-call-delta", "index": i,
             "delta": {"message": {"tool_calls": {"function": {"arguments": '{"a":1}'}}}}},
            {"type": "tool-call-end", "index": 0}, {"type": "tool-call-end", "index": 1},
            {"type": "message-end", "delta": {"finish_reason": "TOOL_CALL"}}]


_BLOCKS = [("anthropic.messages", _anthropic, "$[3].index", "toolu_1", "toolu_2"),
           ("bedrock.converse", _bedrock, "$[3].contentBlockDelta.contentBlockIndex", "t1", "t2"),
           ("cohere.v2", _cohere, "$[3].index", "f_1", "g_1")]


@pytest.mark.parametrize(("dialect", "make", "loc", "f", "g"), _BLOCKS)
def test_a_digit_string_block_index_is_its_int(dialect: str, make: Any, loc: str, f: str, g: str) -> None:
    expected = [ToolCall("f", {"a": 1}, f), ToolCall("g", {}, g)]
    assert accumulate(make(0), dialect) == expected
    for calls in _all(make("0"), dialect):
        assert calls == expected


@pytest.mark.parametrize("index", ["01", "x", "", 0.0, True, [0], "\ud800"])
@pytest.mark.parametrize(("dialect", "make", "loc", "f", "g"), _BLOCKS)
def test_another_block_index_is_refused_with_its_path(dialect: str, make: Any, loc: str, f: str, g: str,
                                                      index: Any) -> None:
    chunks = make(index)
    for run in (lambda: accumulate(chunks, dialect), lambda: accumulate(iter(chunks), dialect)):
        with pytest.raises(DecodeError) as info:
            run()
        assert info.value.loc == loc
        assert "is neither an int nor a digit string" in str(info.value)


# a choice's index (openai ``ChunkChoice.index: int``) and a candidate's (google-genai
# ``Candidate.index: Optional[int]``): read as the position in its chunk, a second choice's
# call joined the first choice's reply
def _chat_choice(ci: Any, call: Dict[str, Any]) -> Dict[str, Any]:
    return {"object": "chat.completion.chunk", "choices": [{"index": ci, "delta": {"tool_calls": [call]},
                                                            "finish_reason": None}]}


_F = {"index": 0, "id": "call_a", "type": "function", "function": {"name": "f", "arguments": '{"a":1}'}}
_G = {"index": 0, "id": "call_b", "type": "function", "function": {"name": "g", "arguments": '{"b":2}'}}


def _gemini(ci: Any) -> List[Any]:
    def cand(i: Any, name: str, args: Dict[str, Any]) -> Dict[str, Any]:
        return {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": name, "args": args}}]},
                                "index": i}]}
    return [cand(0, "f", {"a": 1}), cand(ci, "g", {"b": 2}),
            {"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP", "index": 0}]}]


def test_a_digit_string_choice_or_candidate_index_is_its_int() -> None:
    for ci in (1, "1"):
        chunks = [_chat_choice(0, _F), _chat_choice(ci, _G), {**_END}]
        for calls in _all(chunks):
            assert calls == [ToolCall("f", {"a": 1}, "call_a")]
        for calls in _all(_gemini(ci), "gemini"):
            assert calls == [ToolCall("f", {"a": 1})]


@pytest.mark.parametrize("index", ["01", "x", 1.0, True, [1]])
def test_another_choice_or_candidate_index_is_refused_with_its_path(index: Any) -> None:
    for chunks, dialect, loc in [([_chat_choice(0, _F), _chat_choice(index, _G), _END], "openai.chat",
                                  "$[1].choices[0].index"),
                                 (_gemini(index), "gemini", "$[1].candidates[0].index")]:
        with pytest.raises(DecodeError) as info:
            accumulate(chunks, dialect)
        assert info.value.loc == loc
        assert "is neither an int nor a digit string" in str(info.value)


@pytest.mark.parametrize(("dialect", "make", "at", "odd"), [
    ("anthropic.messages", _anthropic, 4, {"type": "ping", "index": "x"}),
    ("anthropic.messages", _anthropic, 4, {"type": "message_stop", "index": 0.5}),
    ("cohere.v2", _cohere, 4, {"type": "", "index": ""}),
    ("cohere.v2", _cohere, 4, {"type": "content-delta", "index": "x",
                               "delta": {"message": {"content": {"type": "text", "text": ""}}}}),
])
def test_an_event_that_keys_no_call_ignores_its_index(dialect: str, make: Any, at: int, odd: Dict[str, Any]) -> None:
    # the hot loop and the general path agree (the fast-path property found the general path
    # refusing an index the event never uses)
    chunks = make(0)
    chunks.insert(at, odd)
    for calls in _all(chunks, dialect):
        assert [c.name for c in calls] == ["f", "g"]
