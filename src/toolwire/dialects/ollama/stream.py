"""Ollama native chat streaming (``ollama``): NDJSON chunks of ``/api/chat``.

Follows https://github.com/ollama/ollama/blob/main/docs/api.md (checked 2026-11-30)
and ``api/types.go`` (``ToolCall {id?, function: {index, name, arguments}}``).

- Each chunk's ``message.tool_calls`` holds complete calls (the server parses a call
  before sending it); they are appended, never merged. ``arguments`` is an object.
- ``done: true`` with ``done_reason`` ends the stream (``length`` when cut off).
- ``message.content`` is text.
- A call keeps what ``decode_all`` keeps beside name, arguments and id (``call_data``:
  ``index``, or that there was none), so ``encode`` writes it back as it came.
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence

from ..._types import ToolCall
from ...stream._call import nonempty_str
from ...stream._core import Core
from ...stream._skipped import skipped
from .._common import describe_error
from .call_data import provider_data

__all__ = ["NAME", "Handler", "detect", "encode"]

NAME = "ollama"


def detect(data: Dict[str, Any]) -> bool:
    return type(data.get("message")) is dict and "done" in data and "choices" not in data


class Handler:
    """Feeds Ollama chunks into the shared core."""

    name = NAME
    # a stream ends with the ``"done": true`` chunk: one cut before it is unfinished (``close``)
    ends = True

    def __init__(self, core: Core) -> None:
        self.core = core

    def feed(self, data: Dict[str, Any]) -> None:
        core = self.core
        if data.get("error"):  # ``{"error": "..."}``: an error mid-stream (the HTTP status stays 200)
            core.error(describe_error(data["error"]))
        msg = data.get("message")
        if type(msg) is dict:
            if type(msg.get("content")) is str:
                core.text(msg["content"])
            if not core.reasoned and type(msg.get("thinking")) is str and msg["thinking"]:
                core.reasoned = True  # (a lone think tag in the text is then the answer's own)
            calls = msg.get("tool_calls")
            if type(calls) is list:
                for i, tc in enumerate(calls):
                    if type(tc) is not dict:
                        core.broken(tc)
                        continue
                    fn = tc.get("function")
                    ident = nonempty_str(tc.get("id"))
                    if type(fn) is not dict:
                        core.whole(None, None, ident)
                        continue
                    core.whole(nonempty_str(fn.get("name")), fn.get("arguments"), ident,
                               provider_data=provider_data(tc, fn, ident),
                               within=(fn, "arguments", f"$.message.tool_calls[{i}].function"))
        if data.get("done") is True:
            core.finish(data.get("done_reason"))
            core.finished = True  # the last chunk, with or without ``done_reason`` (older servers)
        elif type(msg) is not dict:  # another dialect's chunk with a call: refused, never passed over
            skipped(core, data)

    def close(self) -> None:
        return None


def encode(
    calls: Sequence[ToolCall], fragments: Sequence[Sequence[str]], *, split: Any = None
) -> List[Dict[str, Any]]:
    """Ollama chunks: one complete call per chunk, then the final ``done`` chunk."""
    chunks: List[Dict[str, Any]] = []
    for i, call in enumerate(calls):
        tc: Dict[str, Any] = {"function": {"index": i, "name": call.name, "arguments": call.args}}
        if call.id is not None:
            tc["id"] = call.id
        chunks.append({"model": "m", "message": {"role": "assistant", "content": "", "tool_calls": [tc]},
                       "done": False})
    chunks.append({"model": "m", "message": {"role": "assistant", "content": ""}, "done": True,
                   "done_reason": "stop"})
    return chunks
