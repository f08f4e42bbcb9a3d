"""A Chat custom (free-form) tool call whose ``custom.input`` streams in pieces.

Wire shape: openai/openai-openapi#576 (from openai-python#2530), a streamed custom
tool-call delta is ``{"index": 0, "id": "call_…", "type": "custom", "custom": {"name":
…, "input": "partial input"}}``; clients that read it concatenate the ``custom.input``
pieces of a call (earendil-works/pi ``appendCustomToolCallInput``), as toolwire joins a
Responses ``response.custom_tool_call_input.delta``. openai-python's
``ChoiceDeltaToolCall`` (``type: Literal["function"]``, no ``custom``; PR #3247 closed)
does not type it yet. The call is ``{"input": text}``, as ``decode_all`` reads the same
call whole (``chat._decode_custom``). Free text shows nothing of where it stopped: a
stream cut before the reply's finish reason gives a truncated ``InvalidToolCall``
(docs/streaming.md rule 5), as a token-limit finish does.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, ArgsDelta, CallDone, accumulate, encode_stream

CODE = 'print("hello")\n'
PIECES = ['print("hel', 'lo")\n']


def ch(delta: Optional[Dict[str, Any]] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-5",
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}]}


def head(piece: str) -> Dict[str, Any]:
    return ch({"role": "assistant", "tool_calls": [
        {"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "code_exec", "input": piece}}]})


def more(piece: str) -> Dict[str, Any]:
    return ch({"tool_calls": [{"index": 0, "custom": {"input": piece}}]})


STREAM = [head(PIECES[0]), more(PIECES[1]), ch(finish="tool_calls")]
CALL = ToolCall("code_exec", {"input": CODE}, "call_1")
MESSAGE = {"role": "assistant", "content": None,
           "tool_calls": [{"id": "call_1", "type": "custom", "custom": {"name": "code_exec", "input": CODE}}]}


def feed_all(chunks: List[Dict[str, Any]], **policy: Any) -> Any:
    acc = Accumulator("openai.chat", **policy)
    events = [e for c in chunks for e in acc.feed(c)]
    return acc.close(), events + acc.events()


@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_input_in_pieces_is_joined(dialect: Optional[str]) -> None:
    assert accumulate(STREAM, dialect) == [CALL] == toolwire.decode_all(MESSAGE, "openai.chat")
    (call,) = accumulate(STREAM)
    assert dict(call.provider_data) == {"openai.chat": {"custom": True}}
    assert toolwire.encode(call, "openai.chat") == MESSAGE["tool_calls"][0]


def test_every_piece_on_its_own_and_the_name_and_id_on_each() -> None:
    chunks = [ch({"tool_calls": [{"index": 0, "id": "call_1", "type": "custom",
                                  "custom": {"name": "code_exec", "input": ch_}}]}) for ch_ in CODE]
    assert accumulate([*chunks, ch(finish="tool_calls")]) == [CALL]


def test_events_carry_the_input_pieces_never_previewed() -> None:
    calls, events = feed_all(STREAM)
    assert calls == [CALL]
    deltas = [(e.index, e.delta, e.preview) for e in events if isinstance(e, ArgsDelta)]
    assert deltas == [(0, PIECES[0], None), (0, PIECES[1], None)]
    acc = Accumulator("openai.chat", preview=True)
    previews = [e.preview for c in STREAM for e in acc.feed(c) if isinstance(e, ArgsDelta)]
    assert previews == [None, None]
    assert [e.call for e in events if isinstance(e, CallDone)] == [CALL]


@pytest.mark.parametrize("cut", [1, 2])
def test_a_stream_cut_inside_the_input_is_truncated(cut: int) -> None:
    """No finish reason came: nothing shows the input was whole."""
    (bad,) = accumulate(STREAM[:cut], "openai.chat")
    assert isinstance(bad, InvalidToolCall) and bad.truncated
    assert (bad.name, bad.id, bad.raw) == ("code_exec", "call_1", "".join(PIECES[:cut]))
    assert bad.error == ("Custom tool input may be cut off: the stream ended before its reply finished (no finish "
                         "reason came); pass allow_truncated=True to accept it")
    (kept,) = accumulate(STREAM[:cut], "openai.chat", allow_truncated=True)
    assert kept.args == {"input": "".join(PIECES[:cut])} and kept.repairs == ("truncated",)


def test_a_token_limit_finish_cuts_the_joined_input_off() -> None:
    chunks = [head(PIECES[0]), more(PIECES[1]), ch(finish="length")]
    (bad,) = accumulate(chunks)
    assert isinstance(bad, InvalidToolCall) and bad.truncated and bad.raw == CODE
    (kept,) = accumulate(chunks, allow_truncated=True)
    assert kept.args == {"input": CODE} and kept.repairs == ("truncated",)


def test_the_input_is_held_to_max_bytes() -> None:
    (bad,) = accumulate(STREAM, max_bytes=12)
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == "Custom tool input is over the limit of 12 characters"


def test_an_input_piece_that_is_not_text_is_an_invalid_call() -> None:
    (bad,) = accumulate([head(PIECES[0]), ch({"tool_calls": [{"index": 0, "custom": {"input": 5}}]}),
                         ch(finish="tool_calls")])
    assert isinstance(bad, InvalidToolCall) and bad.error == "Custom tool input must be text, got 5"


def test_function_arguments_beside_custom_input_are_an_invalid_call() -> None:
    (bad,) = accumulate([head(PIECES[0]), ch({"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]}),
                         ch(finish="tool_calls")])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == ("Tool call 0 of this stream carries both custom tool input and function arguments: not "
                         "guessed which to run")


def test_a_custom_call_beside_a_function_call() -> None:
    fn = {"index": 1, "id": "call_2", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
    chunks = [head(PIECES[0]), ch({"tool_calls": [fn]}), more(PIECES[1]), ch(finish="tool_calls")]
    assert accumulate(chunks) == [CALL, ToolCall("f", {"a": 1}, "call_2")]


# ---- encode_stream writes custom calls as custom deltas ---------------------------------


def test_encode_stream_writes_a_custom_call_as_custom_deltas() -> None:
    (call,) = toolwire.decode_all(MESSAGE, "openai.chat")
    chunks = encode_stream([call], "openai.chat", split=6)
    tool_calls = [c["choices"][0]["delta"].get("tool_calls") for c in chunks]
    assert tool_calls == [
        [{"index": 0, "id": "call_1", "type": "custom", "custom": {"name": "code_exec", "input": ""}}],
        [{"index": 0, "custom": {"input": 'print('}}],
        [{"index": 0, "custom": {"input": '"hello'}}],
        [{"index": 0, "custom": {"input": '")\n'}}],
        None,
    ]
    assert chunks[-1]["choices"][0]["finish_reason"] == "tool_calls"
    back = accumulate(chunks, "openai.chat")
    assert back == [call] and dict(back[0].provider_data) == {"openai.chat": {"custom": True}}
    assert toolwire.encode(back[0], "openai.chat") == MESSAGE["tool_calls"][0]


@pytest.mark.parametrize("split", [None, 1, 3])
@pytest.mark.parametrize("interleave", [False, True])
def test_encode_stream_round_trips_custom_and_function_calls(split: Optional[int], interleave: bool) -> None:
    (custom,) = toolwire.decode_all(MESSAGE, "openai.chat")
    calls = [custom, ToolCall("f", {"a": "é"}, "call_2"),
             toolwire.decode_all({**MESSAGE, "tool_calls": [{"id": "call_3", "type": "custom",
                                                            "custom": {"name": "sh", "input": ""}}]})[0]]
    back = accumulate(encode_stream(calls, "openai.chat", split=split, interleave=interleave))
    assert back == calls
    assert [dict(c.provider_data) for c in back] == [dict(c.provider_data) for c in calls]


def test_mistral_streams_keep_writing_function_calls() -> None:
    """Mistral has no custom tools: ``encode`` writes such a call as a function call there."""
    (call,) = toolwire.decode_all(MESSAGE, "openai.chat")
    chunks = encode_stream([call], "mistral")
    (tc,) = chunks[1]["choices"][0]["delta"]["tool_calls"]
    assert tc["function"] == toolwire.encode(call, "mistral")["function"]
