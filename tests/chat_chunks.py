"""OpenAI Chat stream chunks for the tests (``chat.completion.chunk``: the API reference's
``choices[].delta`` and ``finish_reason``), and the calls an ``Accumulator`` fed them gives."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from toolwire.stream import Accumulator


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
