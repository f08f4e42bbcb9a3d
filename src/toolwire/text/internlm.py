"""``text.internlm``: InternLM2 / 2.5 / 3 and Intern-S1 ``<|action_start|><|plugin|>`` calls.

Wire form::

    I'll look it up.<|action_start|><|plugin|>
    {"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>

- One JSON object per action, ``parameters`` (or ``arguments``) holding the
  arguments; several actions are several calls. Decoders that keep spaces between
  special tokens write ``<|action_start|> <|plugin|>``: read too.
- ``<think>…</think>`` is reasoning (Intern-S1; markup inside it stays reasoning).
  Code-interpreter actions (``<|action_start|><|interpreter|>``) are not function calls
  and stay content.
- ``<|action_end|>`` inside a JSON string does not end the action; an action still
  open at the end of the text is an ``InvalidToolCall`` (``truncated``).
  ``<|im_end|>`` (the end-of-turn stop token) is dropped when kept.

Encoding writes ``<|action_start|><|plugin|>\\n{"name": …, "parameters": …}<|action_end|>``
per call (the structure SGLang constrains the model to).

Sources (checked 2026-12-02): sgl-project/sglang ``python/sglang/srt/function_call/internlm_detector.py`` (from
InternLM/lmdeploy ``lmdeploy/serve/openai/tool_parser/internlm2_parser.py``).
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

NAME = "text.internlm"
OPEN, OPEN_SPACED = "<|action_start|><|plugin|>", "<|action_start|> <|plugin|>"
CLOSE, EOT = "<|action_end|>", "<|im_end|>"


_CALL = BodyMode(object_region, ends=(CLOSE,), quotes=(('"', '"', True),))
_CONTENT, _REASONING, _START = closed_think_modes(
    {OPEN: body(_CALL), OPEN_SPACED: body(_CALL)}, content_extra={CLOSE: stay, EOT: stay}
)
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return "".join(
        f"{OPEN}\n{dumps({'name': c.name, 'parameters': c.args}, NAME)}{CLOSE}" for c in calls_of(calls, NAME)
    )


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description='InternLM: <|action_start|><|plugin|>{"name", "parameters"}<|action_end|>',
    reasoning_opens=("<think>",),
)
