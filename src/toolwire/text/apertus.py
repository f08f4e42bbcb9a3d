"""``text.apertus``: Swiss AI Apertus ``<|tools_prefix|>[{"NAME": {args}}]<|tools_suffix|>``.

Wire form (each call an object whose one key is the tool name)::

    Let me check.<|tools_prefix|>[{"get_weather": {"city": "Paris"}}, {"now": {}}]<|tools_suffix|>

- The block holds a JSON array of one-key objects ``{"NAME": arguments}`` (one object is
  read too). An object with no key or more than one (``{"name": …, "arguments": …}``)
  is an ``InvalidToolCall`` that keeps the block in ``raw``, never a call named
  ``name``. The template writes string arguments with ``tojson`` (a JSON string of the
  object): read as double encoded, as the arguments policy reads it.
- ``<|inner_prefix|>…<|inner_suffix|>`` is the deliberation (reasoning). The template
  writes tool calls *inside* it (thoughts, ``<|tools_prefix|>…<|tools_suffix|>``, the
  tool outputs, more thoughts, ``<|inner_suffix|>``, the answer), and the model's turn
  stops after ``<|tools_suffix|>``: so ``<|tools_prefix|>`` in a block that never
  closes ends the reasoning there (held until the text ends: the calls are calls; if
  ``<|inner_suffix|>`` comes after all, everything was reasoning). A call inside a
  closed block is reasoning text, as in every family. The prompt does not open the
  block. ``<|assistant_end|>`` (the end-of-turn token) is dropped when kept.
- ``<|tools_suffix|>`` inside a JSON string does not end the block; a block still open
  at the end of the text gives the calls closed before the cut and one
  ``InvalidToolCall`` (``truncated``) named by its own key.

Encoding writes the template's block: ``<|tools_prefix|>[{"NAME": {…}}, …]<|tools_suffix|>``.

Sources (checked 2026-12-05): the chat template of swiss-ai/Apertus-8B-Instruct-2509, as
vendored by ggml-org/llama.cpp (``models/templates/Apertus-8B-Instruct.jinja``);
llama.cpp's Apertus parser (``common_chat_parse_apertus``) and the template-driven PEG
parser that replaced it, compared on rendered texts (neither reads ``<|inner_prefix|>``
as toolwire does: see docs/text-formats.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial
from typing import Any

from .._types import ToolCall
from ._core import BodyMode, TextParser
from ._format import TextFormat
from ._jsoncalls import json_block
from ._kit import body, calls_of, dumps, loads, stay
from ._modes import held_think_modes

__all__ = ["FORMAT"]

NAME = "text.apertus"
THINK, END_THINK = "<|inner_prefix|>", "<|inner_suffix|>"
OPEN, CLOSE, EOT = "<|tools_prefix|>", "<|tools_suffix|>", "<|assistant_end|>"
# the first key of the first object: one pass (the string runs to its closing quote)
_KEY = re.compile(r'[\s\[,]*\{\s*"((?:[^"\\]|\\.)*)"\s*:')


def _hint(text: str) -> str | None:
    """The tool name (first key) of a region that could not be read whole."""
    hit = _KEY.match(text)
    if hit is None:
        return None
    v = loads('"' + hit.group(1) + '"')
    return v if type(v) is str and v else None


def _item(m: TextParser, item: Any, raw: str, repairs: tuple[str, ...]) -> None:
    """One ``{"NAME": arguments}`` object of the block."""
    if type(item) is not dict or len(item) != 1:
        name = next(iter(item), None) if type(item) is dict else None
        m.invalid(name if type(name) is str else None, raw,
                  f"Tool call at {m.loc} is not an object of one key, the tool name, holding the arguments")
        return
    ((name, args),) = item.items()
    m.call(name, args, raw, repairs=repairs)


_CALL = BodyMode(partial(json_block, read=_item, hint=_hint), ends=(CLOSE,), quotes=(('"', '"', True),))
_CONTENT, _REASONING, _START = held_think_modes(
    {OPEN: body(_CALL)}, {OPEN: ""}, THINK, END_THINK, content_extra={CLOSE: stay, EOT: stay}
)
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return OPEN + dumps([{c.name: c.args} for c in calls_of(calls, NAME)], NAME) + CLOSE


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description='Apertus: <|tools_prefix|>[{"NAME": {args}}]<|tools_suffix|>, <|inner_prefix|> reasoning',
    reasoning_opens=(THINK,),
)
