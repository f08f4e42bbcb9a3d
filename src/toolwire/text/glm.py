"""``text.glm``: GLM-4.5 / 4.6 / 4.7 ``<tool_call>NAME<arg_key>…</arg_key><arg_value>…``.

Wire form (GLM-4.5/4.6 put newlines between the parts, GLM-4.7 none)::

    <think>reasoning</think>
    <tool_call>get_weather
    <arg_key>city</arg_key>
    <arg_value>Beijing</arg_value>
    <arg_key>days</arg_key>
    <arg_value>3</arg_value>
    </tool_call>

- The name is the text between ``<tool_call>`` and the first ``<arg_key>``.
- String values are written as they are, other values as JSON. With ``tools=`` the
  values are typed by the tool's schema; without, JSON of a number, boolean, null,
  object or array becomes that value and anything else stays text.
- ``</tool_call>`` or ``<arg_key>`` inside a value does not end it; the first
  ``</arg_value>`` does (the format has no escaping). A value holding ``<arg_value>``
  (its own ``</arg_value>`` is missing, so it ran on into the next one), text after a
  value's ``</arg_value>`` other than the next pair (a value that held its own closing
  tag), or a key written twice makes the call an ``InvalidToolCall``, never a call
  with a wrong value (``_params.read_pairs``, shared with Hunyuan Hy3).
- A block that never closes is an ``InvalidToolCall`` (``truncated=True``). A
  ``<tool_call>`` inside an open call (outside its values, or in one when the call,
  read with it as text, is invalid) begins the next call: the open one was abandoned,
  an ``InvalidToolCall``.
- ``<think>…</think>`` is reasoning whatever it holds: a ``<tool_call>`` inside a
  closed block is reasoning text (``</think>`` splits it off first). In a block that
  never closes (GLM-4.7's generation prompt ends ``<think>``), ``<tool_call>`` ends it,
  as in vLLM's GLM-4.7 parser: the text from there on is held until the end, then
  read as the answer.

Encoding follows the GLM-4.5 chat template (variant ``4.5``, the default) or GLM-4.7's
(variant ``4.7``, no newlines, between calls either). A call read without a newline
after its name is recorded as ``4.7`` (``provider_data``), so ``encode_text`` writes it
back that way.

Sources (checked 2026-11-30): vllm-project/vllm ``vllm/tool_parsers/glm4_moe_tool_parser.py``,
``glm47_moe_tool_parser.py``, ``vllm/reasoning/glm4_moe_reasoning_parser.py`` and
``vllm/frontend/processing/parser/glm47_moe.py`` (reasoning ends at ``<tool_call>``, 2026-12-05);
zai-org/GLM-4.5 and GLM-4.7 ``chat_template.jinja``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import Action, BodyMode, TextParser
from ._format import TextFormat
from ._kit import abandoned, body, stay
from ._modes import held_think_modes
from ._param_writers import write_pairs
from ._params import read_pairs

__all__ = ["FORMAT"]

NAME = "text.glm"
OPEN, CLOSE = "<tool_call>", "</tool_call>"
K, K_END, V, V_END = "<arg_key>", "</arg_key>", "<arg_value>", "</arg_value>"


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    k = text.find(K)
    name = (text if k < 0 else text[:k]).strip()
    if end == OPEN:
        abandoned(m, _CALL, name.split("\n")[0].strip(), text, CLOSE, opens=(OPEN,), ends=tuple(_STOPS),
                  values=((V, V_END),))
        return
    if not complete:
        m.truncated(name.split("\n")[0].strip() or None, raw)
        return
    if not name or "<" in name or "\n" in name:
        m.invalid(None, raw, f"Tool call at {m.loc} has no name before its arguments")
        return
    args, error, _ = read_pairs(m, name, text, k if k >= 0 else len(text), None, (K, K_END, V, V_END))
    if error is not None:
        m.invalid(name, raw, f"Tool call at {m.loc} {error}")
        return
    # GLM-4.7 writes no newline after the name (the 4.5 template does): kept for encode_text
    head = text if k < 0 else text[:k]
    m.call(name, args, raw, variant=None if head.rstrip(" \t").endswith("\n") else "4.7")


# <tool_call> is a special token of GLM's vocabulary: it ends an open call (abandoned),
# inside a value too when the call, read with it as text, is invalid (it runs on)
_CALL = BodyMode(_parse, ends=(CLOSE, OPEN), quotes=((V, V_END, False),))
# <|observation|> (after calls), <|user|>, <|endoftext|> are GLM's stop tokens: dropped if left in
_STOPS: dict[str, Action] = {"<|observation|>": stay, "<|user|>": stay, "<|endoftext|>": stay}
# in an unclosed <think>, <tool_call> ends the reasoning (vLLM's GLM-4.7 parser)
_CONTENT, _REASONING, _START = held_think_modes({OPEN: body(_CALL), CLOSE: stay}, {OPEN: ""}, content_extra=_STOPS)
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    # 4.7: no line breaks, between pairs or calls (GLM-4.7-Flash.jinja's tool_calls loop)
    return write_pairs(calls, (K, K_END, V, V_END), OPEN, CLOSE, "" if variant == "4.7" else "\n", NAME)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("4.5", "4.7"),
    description="GLM-4.5+: <tool_call>NAME<arg_key>KEY</arg_key><arg_value>VALUE</arg_value>",
    reasoning_opens=("<think>",),
)
