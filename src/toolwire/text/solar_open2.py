"""``text.solar-open2``: Upstage Solar Open 2 ``<|tool_call:start|>NAME``, ``<|tool_arg:start|>KEY…`` arguments.

Wire form (the generation prompt ends with ``<|im:start|>assistant<|im:content|><|think:start|>``
at a medium or high reasoning effort, so the output starts inside the reasoning)::

    The user wants the weather.<|think:end|>Let me check.<|tool_call:start|>get_weather
    <|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>
    <|tool_arg:start|>days<|tool_arg:value|>3<|tool_arg:end|>
    <|tool_call:end|>
    <|tool_call:start|>get_time
    <|tool_call:end|>

Solar Open's ``text.solar-open`` form (``<|tool_call:begin|>ID<|tool_call:name|>…``,
JSON arguments, ``<|think|>``) is another wire: no marker of one is a marker of the
other, so Solar Open 2 is a format of its own.

- Each ``<|tool_call:start|>…<|tool_call:end|>`` is one call: its name is the rest of
  the first line (vLLM's parser: up to the first line break), then one
  ``<|tool_arg:start|>KEY<|tool_arg:value|>VALUE<|tool_arg:end|>`` per argument, with
  only whitespace between them. Values are kept as written and typed by the tool's
  schema; without one, JSON of a number, boolean, null, object or array becomes that
  value and anything else stays text (vLLM keeps text without a schema).
- The first ``<|tool_call:end|>`` ends the call (the markers are special tokens;
  vLLM's parser ends a call there too). A call with no line break after its name, no
  name, text between its arguments, an argument without ``<|tool_arg:end|>`` or
  written twice (vLLM keeps the first), or holding the next ``<|tool_call:start|>``
  (its end marker dropped: vLLM reads both calls) is an ``InvalidToolCall`` that
  keeps its text, never a call with a wrong value. A call that never ends is cut off
  (``truncated=True``; vLLM returns the text as content).
- ``<|think:start|>…<|think:end|>`` is reasoning. When the prompt opened the block,
  pass it (``prompt=``) or ``thinking=True``. In a block that never closes,
  ``<|tool_call:start|>`` ends it (vLLM's streaming reasoning parser: a call inside the
  thinking ends it); a call inside a block that closes is reasoning text (vLLM's
  whole-text reader moves such a call to the answer; the chat envelope Upstage's
  engine enforces lets the reasoning end only at ``<|think:end|>``).
- Text before, between and after the calls is content (vLLM keeps the text before the
  first call only); ``<|im:end|>``, the end of the turn, is dropped when kept.

Encoding follows the form the Solar Open 2 prompt asks for and vLLM's tests write: one
call per block, ``NAME`` and a line break, each argument followed by a line break,
calls joined by a line break; a string value as it is, other values as JSON (``", "`` /
``": "`` separators, non-ASCII kept). A name, key or value holding a marker, or a
name holding a line break, is refused (``EncodeError``).

Sources (checked 2026-12-06): vllm-project/vllm ``vllm/tool_parsers/solar_open2_tool_parser.py``
and ``tests/tool_parsers/test_solar_open2_tool_parser.py`` (the wire form; name up to the
line break; values up to ``<|tool_arg:end|>``; typed by the schema),
``vllm/reasoning/solar_open2_reasoning_parser.py`` and its tests (``<|think:start|>`` /
``<|think:end|>``; the generation prompts ``<|im:start|>assistant<|im:content|><|think:start|>``
and, at a low effort, ``…<|think:start|><|think:end|>``). The upstage Solar-Open2 chat
template itself was not reachable; the prompt's call format is quoted from a server
that renders it (``<|tool_call:start|>{name}\\n<|tool_arg:start|>{key}<|tool_arg:value|>{value}``
``<|tool_arg:end|>\\n…<|tool_call:end|>\\n``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import Action, BodyMode, TextParser
from ._format import TextFormat
from ._kit import body, calls_of, forbid, stay
from ._modes import held_think_modes
from ._param_writers import value_text, write_params
from ._params import read_params

__all__ = ["FORMAT"]

NAME = "text.solar-open2"
OPEN, CLOSE = "<|tool_call:start|>", "<|tool_call:end|>"
A_OPEN, A_VALUE, A_CLOSE = "<|tool_arg:start|>", "<|tool_arg:value|>", "<|tool_arg:end|>"
THINK, UNTHINK, EOT = "<|think:start|>", "<|think:end|>", "<|im:end|>"
_MARKERS = (OPEN, CLOSE, A_OPEN, A_VALUE, A_CLOSE)


def _head(head: str) -> tuple[str, bool | None]:
    return head, None  # the key as written between the two markers (vLLM keeps it so)


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    nl = text.find("\n")
    line = text if nl < 0 else text[:nl]
    name = line.strip()
    if not complete:
        m.truncated(name if nl >= 0 and name and A_OPEN not in line else None, raw)
        return
    if nl < 0:
        m.invalid(None, raw, f"Tool call at {m.loc} has no line break after its name")
        return
    if not name or "<" in name:
        m.invalid(None, raw, f"Tool call at {m.loc} has no name on its first line")
        return
    if OPEN in text:  # its own end marker dropped: the next call ran into this one
        m.invalid(name, raw, f"Tool call at {m.loc} holds the next {OPEN} (its {CLOSE} is missing)")
        return
    # CLOSE is not in the body (it ended there): the arguments run to the end of the text
    args, error, _ = read_params(m, name, text, nl + 1, A_OPEN, A_CLOSE, CLOSE, _head, head_end=A_VALUE, strip=False)
    if error is not None:
        m.invalid(name, raw, f"Tool call at {m.loc} {error}")
        return
    m.call(name, args, raw)


_CALL = BodyMode(_parse, ends=(CLOSE,))
_STOPS: dict[str, Action] = {EOT: stay, CLOSE: stay}
# in an unclosed <|think:start|>, <|tool_call:start|> ends the reasoning (vLLM's streaming parser)
_CONTENT, _REASONING, _START = held_think_modes({OPEN: body(_CALL)}, {OPEN: ""}, THINK, UNTHINK, content_extra=_STOPS)
_CALL.next = _CONTENT


def _value(k: str, v: object) -> str:
    return value_text(v, _MARKERS, NAME, k)  # as it is: the reader keeps the line breaks around it


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    out = []
    for c in calls_of(calls, NAME):
        forbid(c.name, (*_MARKERS, "\n"), "Name", NAME, "$.name")
        args = write_params(c, (A_OPEN, A_VALUE, A_CLOSE), NAME, spaced=True, keys=_MARKERS, value=_value)
        out.append("\n".join([OPEN + c.name, *args, CLOSE]))
    return "\n".join(out)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description="Solar Open 2: <|tool_call:start|>NAME\\n<|tool_arg:start|>KEY<|tool_arg:value|>VALUE<|tool_arg:end|>, "
    "<|think:start|> reasoning",
    reasoning_opens=(THINK,),
)
