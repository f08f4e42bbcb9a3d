"""OpenAI Chat stream chunks for the tests (``chat.completion.chunk``: the API reference's
``choices[].delta`` and ``finish_reason``), and the calls an ``Accumulator`` fed them gives."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from toolwire.stream import Accumulator, CallStarted, accumulate


def chunk(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    """One chunk of choice 0 holding *delta* (GLM-4's OpenAI-compatible server's shape)."""
    return {"id": "chatcmpl-x", "object": "chat.completion.chunk", "created": 1, "model": "glm-4",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def fed(chunks: List[Any], dialect: str = "openai.chat") -> List[Any]:
    """What ``Accumulator(dialect)`` gives at ``close()``, *chunks* fed one by one."""
    acc = Accumulator(dialect)
    for c in chunks:
        acc.feed(c)
    return acc.close()


def tool_chunk(item: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    """One chunk of choice 0 holding the one ``tool_calls`` piece *item*."""
    return chunk({"tool_calls": [item]}, finish)


# the last chunk of a reply that called tools
END = chunk({}, "tool_calls")


def read_started(chunks: List[Any]) -> Tuple[List[Any], List[Tuple[int, Optional[str], Optional[str]]]]:
    """The calls *chunks* give (``Accumulator.feed`` one by one and ``accumulate`` agreeing) and
    the ``CallStarted`` events' ``(index, id, name)`` in order."""
    acc = Accumulator("openai.chat")
    events: List[Any] = []
    for c in chunks:
        events += acc.feed(c)
    calls = acc.close()
    assert calls == accumulate(chunks)
    return calls, [(e.index, e.id, e.name) for e in events if type(e) is CallStarted]
