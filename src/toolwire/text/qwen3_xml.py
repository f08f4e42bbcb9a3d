"""``text.qwen3-xml``: Qwen3-Coder / Qwen3.5 ``<function=…><parameter=…>`` tool calls.

Wire form::

    <tool_call>
    <function=get_weather>
    <parameter=city>
    Paris
    </parameter>
    <parameter=days>
    3
    </parameter>
    </function>
    </tool_call>

- Values are text; the newline after ``<parameter=…>`` and the one before
  ``</parameter>`` belong to the markup and are removed, nothing else is. With
  ``tools=`` values are typed by the tool's JSON schema (``"3"`` → 3 for an integer);
  without, a value that is JSON of a number, boolean, null, object or array becomes
  that value and anything else stays text (see ``_text_schema``).
- ``</tool_call>`` or ``<parameter=`` inside a parameter value does not end it; the
  first ``</parameter>`` does (the format has no escaping). Values are read by
  ``_params.read_calls`` (one reader for every XML-style family, linear in the text):
  a value that held its own ``</parameter>`` leaves text after it, which, like any
  text between parameters, a stray ``</parameter>`` or a parameter written twice,
  makes the call an ``InvalidToolCall``; text between two ``<function=…>`` of one
  block is content, except a ``<tool_call>`` right before the second (the first
  ``</tool_call>`` was left out; vLLM's Qwen3 parser: "consecutive tool call without
  closing"), which is markup.
- Several ``<function=…>`` blocks (in one or several ``<tool_call>`` blocks) are
  parallel calls. A missing ``</function>`` inside a closed ``<tool_call>`` is
  tolerated and recorded in ``repairs``. A missing ``</parameter>`` makes the value
  run on to the next ``</parameter>`` (or the end of the text): a value with a line
  that starts with ``<parameter=`` makes the call an ``InvalidToolCall`` (its text in
  ``raw``), never a call with a wrong value (vLLM cuts the value at the next
  ``<parameter=``). Other markup inside a value (``<tool_call>``, ``<function=…>``,
  ``</function>``, a ``<parameter=`` inside a line) is the value's text, except a
  ``<tool_call>`` where the call, read with it as text, is invalid (below).
- ``<tool_call>`` (one token of the Qwen vocabulary) inside an open block begins the
  next block: its functions closed before it are whole (the first ``</tool_call>``
  left out), an open one was abandoned (an ``InvalidToolCall``); inside a value it does
  so only when the block, read with it as the value's text, holds an invalid call.
- Qwen3.5 and later coders may write ``<function=…>…</function>`` without the
  ``<tool_call>`` wrapper: read the same way.
- ``thinking=True`` (or ``prompt=`` ending ``<think>``) for Qwen3.5 thinking mode (the
  template opens ``<think>``). ``</think>`` splits the reasoning off first: a call
  inside a closed thinking block is reasoning text. Qwen3.5 may call a tool without
  closing the block: as in vLLM's Qwen3 reasoning parser, ``<tool_call>`` followed
  (after whitespace) by ``<function=`` ends an unclosed block when no ``</think>``
  comes later; the text from there on is held until the end (``_modes.held_think_modes``),
  then read as the answer. A bare ``<function=`` inside the block is reasoning text.

Encoding follows the Qwen3-Coder chat template; non-string values are written as
JSON. The template writes objects and arrays as JSON too (``| tojson``), but other
values with Jinja's ``string`` filter: Python's ``True`` / ``False`` / ``None``. Those
read back as a boolean / null only when ``tools=`` gives the parameter's type (the
schema typing reads Python's spellings); without it they stay the strings ``"True"``,
``"False"``, ``"None"`` (JSON's ``true`` / ``null`` become the values either way), as
in vLLM's parser.

Sources (checked 2026-11-30): vllm-project/vllm ``vllm/tool_parsers/qwen3coder_tool_parser.py``
(``_convert_param_value``) and ``qwen3xml_tool_parser.py``, ``vllm/reasoning/
qwen3_reasoning_parser.py``; Qwen/Qwen3-Coder-480B-A35B-Instruct chat template;
toolwire ``reference/wire-formats.md`` §10.2.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._blocks import cut_block
from ._core import BodyMode, TextParser
from ._format import TextFormat
from ._kit import abandon, body, forbid, stay
from ._modes import held_think_modes
from ._param_writers import value_text, write_functions
from ._params import CODER_TAGS, name_after, read_calls

__all__ = ["FORMAT"]

NAME = "text.qwen3-xml"
OPEN, CLOSE = "<tool_call>", "</tool_call>"
FN, P, P_END, FN_END = CODER_TAGS


def _name(head: str) -> str:
    return head.strip()


def _key(head: str) -> tuple[str, bool | None]:
    return head.strip(), None


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + (end if end != OPEN else "")
    if end == OPEN:  # the next block begins: functions closed before it are whole, an open one abandoned
        cut_block(m, text, raw, FN, FN_END, (CLOSE,),
                  lambda closed: read_calls(m, closed, raw, CODER_TAGS, head=_key, name_of=_name, lines=True),
                  lambda t: name_after(t, FN),
                  cut_off=lambda name: abandon(m, name, raw, CLOSE, opens=(OPEN, FN), ends=_STOPS,
                                               values=((P, P_END),)))
        m.open_body(_CALL, OPEN)
        return
    if not complete:
        m.truncated(name_after(text, FN), raw)
        return
    if FN not in text:
        m.invalid(None, raw, f"Tool call block at {m.loc} has no <function=…>")
        return
    read_calls(m, text, raw, CODER_TAGS, head=_key, name_of=_name, lines=True, unclosed="unclosed-function")


def _bare(m: TextParser, text: str, end: str, complete: bool) -> None:
    """A ``<function=…>`` with no ``<tool_call>`` around it (Qwen3.5 and later coders)."""
    m.opener = ""
    _parse(m, FN + text + end, "", complete)


# <tool_call> is one token of the Qwen vocabulary: it ends an open block (whose closed
# functions are whole: the first </tool_call> left out, vLLM's "consecutive tool call
# without closing"; an open function was abandoned), and inside a value it does too when
# the block, read with it as text, holds an invalid call (``BodyMode``: it runs on)
_STOPS = ("<|im_end|>", "<|endoftext|>")
_CALL = BodyMode(_parse, ends=(CLOSE, OPEN), quotes=((P, P_END, False),))
_BARE = BodyMode(_bare, ends=(FN_END,), quotes=((P, P_END, False),))
# in an unclosed <think>, <tool_call> then <function= ends the reasoning (vLLM's Qwen3 parser)
_CONTENT, _REASONING, _START = held_think_modes(  # <|im_end|> / <|endoftext|>: stop tokens left in
    {OPEN: body(_CALL), CLOSE: stay, FN: body(_BARE)},
    {OPEN: "<function"},
    content_extra=dict.fromkeys(_STOPS, stay),
)
_CALL.next = _CONTENT
_BARE.next = _CONTENT


def _value(k: str, v: object) -> str:
    """A value on lines of its own: only a ``<parameter=`` that starts one of its lines
    (``read_calls(lines=True)``), or ``</parameter>``, would end it."""
    text = value_text(v, (P_END, "\n" + P), NAME, k)
    forbid(text[: len(P)], (P,), "Value", NAME, "$.args", k)
    return f"\n{text}\n"


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return write_functions(calls, (OPEN, CLOSE), NAME, value=_value)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description="Qwen3-Coder / Qwen3.5: <tool_call><function=NAME><parameter=KEY>value",
    reasoning_opens=("<think>",),
)
