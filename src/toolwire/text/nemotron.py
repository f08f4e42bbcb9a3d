"""``text.nemotron``: NVIDIA Nemotron Nano v2 ``<TOOLCALL>[json]</TOOLCALL>`` with ``<think>``.

Wire form (the prompt opens the reasoning, so only ``</think>`` appears)::

    The user wants the weather.
    </think>

    <TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "now", "arguments": {}}]</TOOLCALL>

- The block holds a JSON array of ``{"name", "arguments"}`` objects (one object is read
  too; ``parameters`` is read like ``arguments``); text before and after it is content.
- ``<think>…</think>`` is reasoning; only ``</think>`` ends it, so a block inside the
  reasoning is reasoning text. The template ends the generation prompt with ``<think>\\n``
  (``<think></think>`` with ``/no_think``): pass the prompt (``prompt=``) or
  ``thinking=True``. The end-of-turn token ``<SPECIAL_12>`` is dropped when kept.
- ``</TOOLCALL>`` inside a JSON string does not end the block; a block still open at the
  end of the text gives the calls closed before the cut and one ``InvalidToolCall``
  (``truncated``) named by its own ``"name"``.
- Nemotron 3 Nano writes Qwen3-Coder's ``<tool_call><function=…>`` form: read it with
  ``text.qwen3-xml``.

Encoding writes the template's block: ``<TOOLCALL>[{"name": …, "arguments": …}, …]</TOOLCALL>``.

Sources (checked 2026-12-05): the chat template of nvidia/NVIDIA-Nemotron-Nano-9B-v2, as
vendored by ggml-org/llama.cpp (``models/templates/NVIDIA-Nemotron-Nano-v2.jinja``);
llama.cpp's Nemotron v2 parser (``common_chat_parse_nemotron_v2``: reasoning split at
``</think>`` first, then a JSON array after ``<TOOLCALL>`` closed by ``</TOOLCALL>``) and
the template-driven PEG parser that replaced it, compared on rendered texts.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode
from ._format import TextFormat
from ._jsoncalls import json_block
from ._kit import body, calls_of, dumps, stay
from ._modes import closed_think_modes

__all__ = ["FORMAT"]

NAME = "text.nemotron"
OPEN, CLOSE, EOT = "<TOOLCALL>", "</TOOLCALL>", "<SPECIAL_12>"


_CALL = BodyMode(json_block, ends=(CLOSE,), quotes=(('"', '"', True),))
_CONTENT, _REASONING, _START = closed_think_modes({OPEN: body(_CALL)}, content_extra={CLOSE: stay, EOT: stay})
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return OPEN + dumps([{"name": c.name, "arguments": c.args} for c in calls_of(calls, NAME)], NAME) + CLOSE


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description='Nemotron Nano v2: <TOOLCALL>[{"name", "arguments"}]</TOOLCALL>, <think> reasoning',
    reasoning_opens=("<think>",),
)
