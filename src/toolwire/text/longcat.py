"""``text.longcat``: Meituan LongCat-Flash ``<longcat_tool_call>{json}</longcat_tool_call>``.

Wire form (Hermes' JSON objects in LongCat's own tags; several blocks are parallel
calls, written one after the other)::

    <longcat_think>
    reasoning
    </longcat_think>
    Let me check.
    <longcat_tool_call>
    {"name": "get_weather", "arguments": {"city": "Tokyo"}}
    </longcat_tool_call><longcat_tool_call>
    {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}
    </longcat_tool_call>

- Each block holds one ``{"name", "arguments"}`` object (``parameters`` is read like
  ``arguments``; a JSON string of the arguments is read as double encoded); a block
  whose JSON is no call object is an ``InvalidToolCall`` that keeps it in ``raw``.
  Text before, between and after the blocks is content.
- ``<longcat_think>…</longcat_think>`` (LongCat-Flash-Thinking) is reasoning; only
  ``</longcat_think>`` ends it (vLLM's LongCat reasoning parser splits there first), so
  a block inside the reasoning is reasoning text. When the prompt opened the block,
  pass it (``prompt=``) or ``thinking=True``.
- ``</longcat_tool_call>`` inside a JSON string does not close the block; a block that
  never closes is an ``InvalidToolCall`` (``truncated=True``) named by its own
  ``"name"`` (vLLM's parser reads an unclosed last block; toolwire does not run it).
- LongCat-Flash-Lite's ``<longcat_arg_key>`` tokens (a tagged form) are not read here.

Encoding writes the form SGLang's LongCat detector expects and its grammar constrains:
``<longcat_tool_call>\\n{"name": …, "arguments": …}\\n</longcat_tool_call>`` blocks with
no separator.

Sources (checked 2026-12-05): vllm-project/vllm ``vllm/tool_parsers/longcat_tool_parser.py``
(the Hermes parser with ``<longcat_tool_call>`` / ``</longcat_tool_call>``), its test
``tests/tool_parsers/test_longcat_tool_parser.py`` and LongCat's reasoning parser
(``<longcat_think>`` / ``</longcat_think>``); sgl-project/sglang
``python/sglang/srt/function_call/longcat_detector.py`` (bot token
``<longcat_tool_call>\\n``, end token ``\\n</longcat_tool_call>``, no separator).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode, TextFormat
from ._jsoncalls import object_region
from ._kit import body, calls_of, dumps, stay
from ._modes import closed_think_modes

__all__ = ["FORMAT"]

NAME = "text.longcat"
OPEN, CLOSE = "<longcat_tool_call>", "</longcat_tool_call>"
THINK, UNTHINK = "<longcat_think>", "</longcat_think>"


_CALL = BodyMode(object_region, ends=(CLOSE,), quotes=(('"', '"', True),))
_CONTENT, _REASONING, _START = closed_think_modes({OPEN: body(_CALL)}, THINK, UNTHINK, content_extra={CLOSE: stay})
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return "".join(
        f"{OPEN}\n{dumps({'name': c.name, 'arguments': c.args}, NAME)}\n{CLOSE}" for c in calls_of(calls, NAME)
    )


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description="LongCat-Flash: <longcat_tool_call>{json}</longcat_tool_call>, <longcat_think> reasoning",
    reasoning_opens=(THINK,),
)
