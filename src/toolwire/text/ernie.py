"""``text.ernie``: Baidu ERNIE 4.5 ``<tool_call>{json}</tool_call>`` with ``</think>`` / ``<response>``.

Wire form (ERNIE-4.5 thinking models: the prompt opens the reasoning, so only
``</think>`` appears — pass ``thinking=True``)::

    The user wants the weather.
    </think>


    <tool_call>
    {"name": "get_weather", "arguments": {"city": "Beijing"}}
    </tool_call>

- One JSON object per block; several blocks are parallel calls. An answer without
  calls is written ``<response>…</response>``: those tags are dropped, and so is the
  end-of-text token ``</s>`` a server leaves in (real outputs end ``\n</s>``:
  huggingface/transformers ``tests/utils/test_chat_parsing.py``).
- Call markup inside the reasoning is reasoning text (vLLM's reasoning parser splits
  at ``</think>`` first). ``</tool_call>`` inside a JSON string does not end a block;
  a block still open at the end of the text is an ``InvalidToolCall`` (``truncated``).

Encoding writes ``<tool_call>\\n{"name": …, "arguments": …}\\n</tool_call>`` per call,
joined by a newline (the layout vLLM's parser documents).

Sources (checked 2026-12-02): vllm-project/vllm ``vllm/tool_parsers/ernie45_tool_parser.py``
(format: ``abc\\n</think>\\n\\n\\n<tool_call>\\ndef\\n</tool_call>\\n``, ``<response>``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode
from ._format import TextFormat
from ._jsoncalls import object_region
from ._kit import body, calls_of, dumps, stay
from ._modes import closed_think_modes

__all__ = ["FORMAT"]

NAME = "text.ernie"
OPEN, CLOSE = "<tool_call>", "</tool_call>"


_CALL = BodyMode(object_region, ends=(CLOSE,), quotes=(('"', '"', True),))
_CONTENT, _REASONING, _START = closed_think_modes(
    {OPEN: body(_CALL)}, content_extra={CLOSE: stay, "<response>": stay, "</response>": stay, "</s>": stay}
)
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return "\n".join(
        f"{OPEN}\n{dumps({'name': c.name, 'arguments': c.args}, NAME)}\n{CLOSE}" for c in calls_of(calls, NAME)
    )


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description="ERNIE 4.5: <tool_call>{json}</tool_call>, </think> reasoning, <response> tags",
    reasoning_opens=("<think>",),
)
