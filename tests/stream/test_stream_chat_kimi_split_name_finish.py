"""Kimi K2-style Chat stream pieces (``openai.chat``) carrying the id, ``"type": "function"`` and a
piece of the name on every delta (Kimi K2 through OpenRouter), with a ``finish_reason`` on every
chunk (LiteLLM's streaming wrapper, BerriAI/litellm#2195): a second name under the call's own id
before its argument text is the rest of its name, or another call reusing the id after one without
arguments? Not guessed, as without the finish (docs/streaming.md rule 1): both ``InvalidToolCall``s,
never ``get_w({})`` run beside ``eather``. Chunk shapes: openai-python ``ChatCompletionChunk``."""

from __future__ import annotations

from typing import Any, List, Optional

import pytest

from chat_chunks import END, fed, tool_chunk
from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, CallDone, accumulate

K = {"index": 0, "id": "functions.get_weather:0", "type": "function"}


def piece(name: str, args: str, finish: Optional[str] = "tool_calls", **over: Any) -> Any:
    return tool_chunk({**K, **over, "function": {"name": name, "arguments": args}}, finish)


def shown(chunks: List[Any]) -> List[Any]:
    calls = fed(chunks)
    assert calls == accumulate(chunks)
    return [(type(c).__name__, c.name) for c in calls]


BOTH = [("InvalidToolCall", "get_w"), ("InvalidToolCall", "eather")]


@pytest.mark.parametrize("finish", ["tool_calls", None])
@pytest.mark.parametrize("end", [True, False])
def test_a_split_name_under_its_id_is_not_guessed_with_a_finish_on_every_chunk(finish: Optional[str],
                                                                                end: bool) -> None:
    # the reproducer: ran get_w({}) (``empty-arguments``) and eather({"a": 1}) with the finish
    chunks = [piece("get_w", "", finish), piece("eather", '{"a":1}', finish)] + ([END] if end else [])
    assert shown(chunks) == BOTH


def test_every_call_done_says_what_close_says() -> None:
    chunks = [piece("get_w", ""), piece("eather", '{"a":1}'), END]
    acc = Accumulator("openai.chat")
    done = [e.call for c in chunks for e in acc.feed(c) if type(e) is CallDone]
    calls = acc.close()
    assert done == calls and [type(c) for c in calls] == [InvalidToolCall, InvalidToolCall]


def test_the_neighbours_stay_as_they_were() -> None:
    # a call with arguments, then another name under the id (DeepSeek's call_0 reused): two calls
    assert shown([piece("get_w", "{}"), piece("eather", '{"a":1}'), END]) == [
        ("ToolCall", "get_w"), ("ToolCall", "eather")]
    # after the END chunk (the reply ended): another call reusing the id
    assert shown([piece("get_w", "", None), END, piece("eather", '{"a":1}', None), END]) == [
        ("ToolCall", "get_w"), ("ToolCall", "eather")]
    # another id: another call
    assert shown([piece("get_w", ""), piece("eather", '{"a":1}', id="functions.eather:1"), END]) == [
        ("ToolCall", "get_w"), ("ToolCall", "eather")]
    # the same name on every piece (Kimi K2's): one call
    calls = fed([piece("get_weather", ""), piece("get_weather", '{"a"'), piece("get_weather", ":1}"), END])
    assert calls == [ToolCall("get_weather", {"a": 1}, "functions.get_weather:0")]
