"""``text.kimi``: Kimi K2 tool-call sections with ``functions.NAME:IDX`` ids.

Wire form::

    <think>reasoning</think>text
    <|tool_calls_section_begin|>
    <|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|>
    <|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>{}<|tool_call_end|>
    <|tool_calls_section_end|>

- The text between ``<|tool_call_begin|>`` and ``<|tool_call_argument_begin|>`` is the
  call's id (kept verbatim as ``ToolCall.id``); the name is that id without the
  ``functions.`` prefix and the ``:IDX`` suffix. The singular spelling
  ``<|tool_call_section_begin|>`` is read too.
- ``<think>…</think>`` is reasoning (K2-Thinking); a section inside an unclosed
  thinking block ends it.
- Markers inside JSON strings do not close anything; a call still open at the end of
  the text is an ``InvalidToolCall`` (``truncated=True``).

Encoding follows the Kimi K2 chat template: the id is written as it is when it has
the ``functions.NAME:IDX`` form for that name, else ``functions.NAME:IDX`` with IDX
the call's position (the template needs that form; the other id is not kept).

Sources (checked 2026-11-30): vllm-project/vllm ``vllm/tool_parsers/kimi_k2_tool_parser.py``
and ``vllm/reasoning/kimi_k2_reasoning_parser.py``; moonshotai/Kimi-K2-Instruct
``docs/tool_call_guidance.md`` and ``chat_template.jinja``; toolwire
``reference/wire-formats.md`` §10.5.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode, TextFormat, TextMode, TextParser
from ._kit import args_text, body, calls_of, forbid, goto, stay, think_modes

__all__ = ["FORMAT"]

NAME = "text.kimi"
SECTION, SECTION_END = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
SECTION1, SECTION1_END = "<|tool_call_section_begin|>", "<|tool_call_section_end|>"
CALL, ARG, CALL_END = "<|tool_call_begin|>", "<|tool_call_argument_begin|>", "<|tool_call_end|>"
_ID = re.compile(r"(?:functions\.)?(.+):(\d+)")


def _name(header: str) -> str:
    hit = _ID.fullmatch(header)
    if hit is not None:
        return hit.group(1)
    return header[len("functions.") :] if header.startswith("functions.") else header


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if end in (SECTION_END, SECTION1_END):
        m.mode = _CONTENT
    header, sep, args = text.partition(ARG)
    header = header.strip()
    if not complete:
        m.truncated(_name(header) or None, raw, id=header or None)
        return
    if not sep:
        m.invalid(
            _name(header) or None,
            raw,
            f"Tool call at {m.loc} has no <|tool_call_argument_begin|>",
            id=header or None,
        )
        return
    if _ID.fullmatch(header) is None:  # vLLM drops such a call (kimi_k2 tool parser, `.+:\d+`)
        why = f"Tool call at {m.loc} has {header!r} where functions.NAME:IDX should be"
        m.invalid(_name(header), raw, why, id=header or None)
        return
    m.call(_name(header), args.strip() or None, raw, id=header or None)


_CALL = BodyMode(_parse, ends=(CALL_END, SECTION_END, SECTION1_END), quotes=(('"', '"', True),))
_SECTION = TextMode("")
_enter = goto(_SECTION)
_CONTENT, _REASONING, _START = think_modes(
    {SECTION: _enter, SECTION1: _enter, CALL: body(_CALL)},
    content_extra={SECTION_END: stay, SECTION1_END: stay, CALL_END: stay},
)
_SECTION.set({CALL: body(_CALL), SECTION_END: goto(_CONTENT), SECTION1_END: goto(_CONTENT)})
_CALL.next = _SECTION


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    out = [SECTION]
    for i, c in enumerate(calls_of(calls, NAME)):
        forbid(c.name, ("<|",), "Tool name", NAME)
        cid = c.id
        if cid is None or _name(cid) != c.name or _ID.fullmatch(cid) is None or "<|" in cid:
            cid = f"functions.{c.name}:{i}"
        out.append(f"{CALL}{cid}{ARG}{args_text(c, NAME)}{CALL_END}")
    out.append(SECTION_END)
    return "".join(out)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description="Kimi K2: <|tool_calls_section_begin|> … functions.NAME:IDX … {json}",
    reasoning_opens=("<think>",),
)
