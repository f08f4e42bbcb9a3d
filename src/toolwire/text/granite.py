"""``text.granite``: IBM Granite 3.0 / 3.1–3.3 JSON arrays and Granite 4 ``<tool_call>`` blocks.

Wire forms::

    <|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]      Granite 3.0
    <tool_call>[{"name": "get_weather", "arguments": {"city": "Paris"}}]        Granite 3.1–3.3
    <tool_call>
    {"name": "get_weather", "arguments": {"city": "Paris"}}
    </tool_call>                                                               Granite 4

- After ``<|tool_call|>`` or ``<tool_call>`` comes one JSON value: an array of calls
  or one call object. The region ends where that value closes (Granite 3.x writes no
  closer: the next token is ``<|end_of_text|>``, the end-of-turn stop token engines
  strip), so a call whose JSON is complete is whole; Granite 4's ``</tool_call>`` is
  then dropped. Several blocks are parallel calls; ``parameters`` is read like
  ``arguments``. A second JSON value in one ``<tool_call>`` block (before
  ``</tool_call>``) makes the block one ``InvalidToolCall`` (merged parallel calls),
  as ``text.hermes`` reads it and vLLM's Granite 4 parser refuses it; so the first
  value's calls come when the text after it shows no second value follows.
- ``<think>…</think>`` is reasoning and ``<response>`` / ``</response>`` are dropped
  (Granite 3.3 with ``thinking=True`` in the template; the prompt does not open the
  block). Granite 3.2's plain-text "Here is my thought process:" is not recognised:
  it stays content.
- Markers inside JSON strings do not end anything; a call whose JSON is still open at
  the end of the text is an ``InvalidToolCall`` (``truncated``).

Encoding: variant ``4`` (default; one ``<tool_call>\\n{…}\\n</tool_call>`` per call, the
layout vLLM's Granite 4 parser reads),
``3.1`` (``<tool_call>[…]``) or ``3.0`` (``<|tool_call|>[…]``).

Sources (checked 2026-12-02): vllm-project/vllm ``vllm/tool_parsers/granite_tool_parser.py``,
and ``granite4_tool_parser.py``; ggml-org/llama.cpp's Granite chat handler
(``<think>`` / ``<response>`` tags); IBM Granite 4.0 prompt engineering guide
(``<|end_of_text|>`` ends each message).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._args import parse_arguments, read_block
from .._errors import ArgumentsError
from .._types import ToolCall
from ._core import BodyMode, Mode, TextParser
from ._format import TextFormat
from ._jsoncalls import cut_json_calls
from ._kit import block_problem, body, calls_of, dumps, empty_list, fast_block, name_hint, stay
from ._modes import closed_think_modes
from ._scan import Pieces

__all__ = ["FORMAT"]

NAME = "text.granite"
TOKEN, OPEN, CLOSE, EOT = "<|tool_call|>", "<tool_call>", "</tool_call>", "<|end_of_text|>"


_HELD = "granite.held"  # TextParser.state: a block's first value and the whitespace after it


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if not complete:
        cut_json_calls(m, text, raw, "3.0" if m.opener == TOKEN else "3.1" if text.lstrip()[:1] == "[" else "4")
        return
    if m.opener == OPEN and not end:  # the value closed: what follows says whether another comes
        m.state[_HELD] = (text, Pieces())
        m.mode = _AFTER
        return
    _read(m, text, raw)


def _read(m: TextParser, text: str, raw: str) -> None:
    """The calls of one JSON value (an array of calls or one call object)."""
    value, repairs = fast_block(m, text)
    if type(value) not in (list, dict):
        try:
            value, repairs = read_block(text.strip(), m.policy, m.loc, m.dialect, lists=True)
            if type(value) not in (list, dict):  # strict JSON of another type: the policy's reading
                value, _, repairs = parse_arguments(text.strip() or None, m.policy, m.loc, m.dialect)
        except ArgumentsError as exc:
            m.invalid(name_hint(text), raw, block_problem(m.loc, exc.message), truncated=exc.truncated)
            return
    if not value and empty_list(m, value, raw):
        return
    if m.opener == TOKEN:
        variant = "3.0"
    else:
        variant = "3.1" if type(value) is list else "4"
    for item in value if type(value) is list else [value]:
        if type(item) is not dict or type(item.get("name")) is not str:
            m.invalid(None, raw, f"Tool call at {m.loc} is not an object with a \"name\" string")
            continue
        m.json_call(item, raw, repairs=repairs, variant=variant)


class _After(Mode):
    """After the first value of a ``<tool_call>`` block: ``</tool_call>`` (Granite 4) or
    any other text (Granite 3.x has no closer) makes it the block's calls; another
    ``{`` / ``[`` is a second value in the block (``_more``)."""

    def step(self, m: TextParser) -> bool:
        text, ws = m.state[_HELD]
        buf, n, i = m.buf, len(m.buf), m.pos
        while i < n and buf[i].isspace():
            i += 1
        ws.append(buf[m.pos : i])
        m.pos = i
        if i == n and not m.final:
            return False
        if not m.final and n - i < len(CLOSE) and CLOSE.startswith(buf[i:]):
            return False  # may still become </tool_call>
        if i < n and buf[i] in "{[":
            m.open_body(_MORE, OPEN)
            return True
        del m.state[_HELD]
        m.mode = _CONTENT
        _read(m, text, OPEN + text)
        if buf.startswith(CLOSE, i):
            m.pos = i + len(CLOSE)
            m.brk("content")
        else:
            m.emit_content(ws.join())
        return True


def _more(m: TextParser, text: str, end: str, complete: bool) -> None:
    """A block holding a second value: one ``InvalidToolCall``, as Hermes reads it
    (merged parallel calls), or, cut off, the calls closed before the cut and the cut one."""
    first, ws = m.state.pop(_HELD)
    whole = first + ws.join() + text
    raw = OPEN + whole + end
    if not complete:
        cut_json_calls(m, whole, raw, "3.1" if whole.lstrip()[:1] == "[" else "4")
        return
    _read(m, whole, raw)


_JSON_Q = (('"', '"', True),)
_CALL = BodyMode(_parse, ends=(CLOSE, EOT), quotes=_JSON_Q, balance=True, strings=True)  # (JSON text of a call)
_MORE = BodyMode(_more, ends=(CLOSE, EOT), quotes=_JSON_Q)
_AFTER = _After()
_CONTENT, _REASONING, _START = closed_think_modes(
    {TOKEN: body(_CALL), OPEN: body(_CALL)},
    content_extra={CLOSE: stay, EOT: stay, "<response>": stay, "</response>": stay},
)
_CALL.next = _MORE.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    items = [{"name": c.name, "arguments": c.args} for c in calls_of(calls, NAME)]
    if variant in ("3.0", "3.1"):
        return (TOKEN if variant == "3.0" else OPEN) + dumps(items, NAME)
    return "\n".join(f"{OPEN}\n{dumps(item, NAME)}\n{CLOSE}" for item in items)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("4", "3.1", "3.0"),
    description="Granite: <|tool_call|>[json] (3.0), <tool_call>[json] (3.1+), <tool_call>{json}</tool_call> (4)",
    reasoning_opens=("<think>",),
)
