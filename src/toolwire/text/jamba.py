"""``text.jamba``: AI21 Jamba 1.5 / 1.6 / 1.7 ``<tool_calls>[json]</tool_calls>``.

Wire form::

    Let me check.
    <tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}},
    {"name": "get_time", "arguments": {}}]</tool_calls>

- The block holds a JSON array of ``{"name", "arguments"}`` objects (one object is read
  too); text before and after it is content. Jamba writes no reasoning block.
- ``</tool_calls>`` inside a JSON string does not end the block; a block still open
  at the end of the text is an ``InvalidToolCall`` (``truncated``).

Encoding writes the calls as one JSON array inside ``<tool_calls>…</tool_calls>``.

Sources (checked 2026-12-02): vllm-project/vllm ``vllm/tool_parsers/jamba_tool_parser.py``
(``<tool_calls>`` / ``</tool_calls>`` are special tokens; the content is a JSON array).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode, TextMode
from ._format import TextFormat
from ._jsoncalls import json_block
from ._kit import body, calls_of, dumps, stay

__all__ = ["FORMAT"]

NAME = "text.jamba"
OPEN, CLOSE = "<tool_calls>", "</tool_calls>"


_CALL = BodyMode(json_block, ends=(CLOSE,), quotes=(('"', '"', True),))
_CONTENT = TextMode("content", {OPEN: body(_CALL), CLOSE: stay})
_CALL.next = _CONTENT


def _start(thinking: bool) -> TextMode:
    return _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return OPEN + dumps([{"name": c.name, "arguments": c.args} for c in calls_of(calls, NAME)], NAME) + CLOSE


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    description="Jamba: <tool_calls>[{\"name\", \"arguments\"}]</tool_calls>",
)
