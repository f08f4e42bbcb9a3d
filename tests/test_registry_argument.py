"""``registry=`` that is not a ``Registry`` is named as the caller's mistake, at every front door.

It escaped as an ``AttributeError`` (``Accumulator``) or was blamed on the input ("Input at
$ could not be read: reading it raised AttributeError: 'dict' object has no attribute
'sniff'"). Every public entry point taking ``registry=`` now raises, before reading its
input, the error of its side (``DecodeError`` reading, ``EncodeError`` writing) with the
words ``decode_conversation`` and ``encode`` already used (``_builtin.registry_of``).
"""

from __future__ import annotations

from typing import Any, Callable, Dict

import pytest

import toolwire
from toolwire import response, stream

CALL = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
COMPLETION = {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o",
              "choices": [{"index": 0, "finish_reason": "tool_calls",
                           "message": {"role": "assistant", "content": None, "tool_calls": [CALL]}}]}
CHUNK = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
         "choices": [{"index": 0, "delta": {"tool_calls": [dict(CALL, index=0)]}, "finish_reason": None}]}
RESULT = {"role": "tool", "tool_call_id": "call_1", "content": "22°C"}
TOOL = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}
HISTORY = [{"role": "user", "content": "hi"}]


class _NotARegistry(dict):  # type: ignore[type-arg]
    pass


READING: Dict[str, Callable[[Any], Any]] = {
    "decode": lambda reg: toolwire.decode(CALL, registry=reg),
    "decode named": lambda reg: toolwire.decode(CALL, "openai.chat", registry=reg),
    "decode text": lambda reg: toolwire.decode('{"name": "f", "args": {}}', registry=reg),
    "decode policy": lambda reg: toolwire.decode(CALL, registry=reg, finish_reason="MAX_TOKENS"),
    "decode bad input": lambda reg: toolwire.decode(5, registry=reg),
    "decode_all": lambda reg: toolwire.decode_all(COMPLETION, registry=reg),
    "decode_all list": lambda reg: toolwire.decode_all([CALL], "openai.chat", registry=reg),
    "decode_all empty": lambda reg: toolwire.decode_all([], registry=reg),
    "decode_all policy": lambda reg: toolwire.decode_all(COMPLETION, registry=reg, finish_reason="MAX_TOKENS"),
    "detect": lambda reg: toolwire.detect(CALL, registry=reg),
    "explain": lambda reg: toolwire.explain(CALL, registry=reg),
    "decode_tool": lambda reg: toolwire.decode_tool(TOOL, registry=reg),
    "decode_result": lambda reg: toolwire.decode_result(RESULT, registry=reg),
    "decode_conversation": lambda reg: toolwire.decode_conversation(HISTORY, registry=reg),
    "check_conversation": lambda reg: toolwire.check_conversation(HISTORY, "openai.chat", registry=reg),
    "normalize": lambda reg: response.normalize(COMPLETION, registry=reg),
    "normalize named": lambda reg: response.normalize(COMPLETION, provider="openai.chat", registry=reg),
    "normalize_finish": lambda reg: response.normalize_finish("stop", "openai.chat", registry=reg),
    "Accumulator": lambda reg: stream.Accumulator(registry=reg),
    "Accumulator named": lambda reg: stream.Accumulator("openai.chat", registry=reg),
    "accumulate": lambda reg: stream.accumulate([CHUNK], registry=reg),
    "accumulate named": lambda reg: stream.accumulate([CHUNK], "openai.chat", registry=reg),
    "detect_stream": lambda reg: stream.detect_stream(CHUNK, registry=reg),
    "stream_dialects": lambda reg: stream.stream_dialects(registry=reg),
    "stream_handlers": lambda reg: stream.stream_handlers(registry=reg),
}
WRITING: Dict[str, Callable[[Any], Any]] = {
    "encode": lambda reg: toolwire.encode(CALL, "anthropic.messages", registry=reg),
    "encode_tool": lambda reg: toolwire.encode_tool(TOOL, "anthropic.messages", registry=reg),
    "encode_result": lambda reg: toolwire.encode_result(RESULT, "anthropic.messages", registry=reg),
    "encode_message": lambda reg: toolwire.encode_message([CALL], "anthropic.messages", registry=reg),
    "convert": lambda reg: toolwire.convert([CALL], "anthropic.messages", registry=reg),
    "encode_conversation": lambda reg: toolwire.encode_conversation(HISTORY, "anthropic.messages", registry=reg),
    "encode_stream": lambda reg: stream.encode_stream([CALL], "anthropic.messages", registry=reg),
}
WRONG = [({}, "a dict {}"), (_NotARegistry(), "a _NotARegistry {}"), (1, "an int 1"),
         ([], "a list []"), ("openai", "a str 'openai'")]


@pytest.mark.parametrize(("value", "words"), WRONG, ids=[w.split()[1] for _, w in WRONG])
@pytest.mark.parametrize("entry", list(READING))
def test_reading_names_the_argument(entry: str, value: Any, words: str) -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        READING[entry](value)
    assert info.value.message == f"registry= must be a Registry or None, got {words}"


@pytest.mark.parametrize(("value", "words"), WRONG, ids=[w.split()[1] for _, w in WRONG])
@pytest.mark.parametrize("entry", list(WRITING))
def test_writing_names_the_argument(entry: str, value: Any, words: str) -> None:
    with pytest.raises(toolwire.EncodeError) as info:
        WRITING[entry](value)
    assert info.value.message == f"registry= must be a Registry or None, got {words}"


class _Mine(toolwire.Registry):
    pass


@pytest.mark.parametrize("entry", [*READING, *WRITING])
def test_a_registry_or_none_still_goes(entry: str) -> None:
    run = READING.get(entry) or WRITING[entry]
    expected = _outcome(run, None)
    assert _outcome(run, toolwire.default_registry()) == expected
    assert _outcome(run, toolwire.default_registry().copy()) == expected
    mine = _Mine()
    for d in toolwire.default_registry():
        mine.register(d)
    assert _outcome(run, mine) == expected


def _outcome(run: Callable[[Any], Any], reg: Any) -> Any:
    try:
        out = run(reg)
    except toolwire.ToolwireError as exc:
        return type(exc).__name__, exc.message
    return type(out).__name__
