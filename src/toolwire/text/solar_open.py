"""``text.solar-open``: Upstage Solar Open ``<|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{json}``.

Wire form (the generation prompt ends with ``<|begin|>assistant``; the reasoning is a
message of its own, the answer or the calls the next one)::

    <|think|>The user wants the weather.<|end|><|begin|>assistant<|tool_calls|>
    <|tool_call:begin|>a1b2c3d4e5<|tool_call:name|>get_weather<|tool_call:args|>{"city": "Seoul"}<|tool_call:end|>
    <|tool_call:begin|>f6g7h8i9j0<|tool_call:name|>get_time<|tool_call:args|>{}<|tool_call:end|><|calls|>

(one line here; the model writes no newlines between the tokens), or an answer:
``<|think|>…<|end|><|begin|>assistant<|content|>It is sunny.<|end|>``.

- Each ``<|tool_call:begin|>…<|tool_call:end|>`` is one call: its id (the template asks
  for 10 lowercase letters or digits; kept as written, none when empty), its name and
  its arguments, a JSON object. A call missing its ``<|tool_call:name|>`` or
  ``<|tool_call:args|>``, or whose arguments are no JSON object, is an
  ``InvalidToolCall`` that keeps its text (Upstage's parser tries JSON5 and Python
  literals too; toolwire reads JSON, under the repair policy). ``<|tool_call:end|>``
  inside a JSON string does not end the call; a call that never ends is cut off
  (``truncated=True``).
- ``<|think|>`` opens the reasoning; ``<|end|>`` ends it, and so do ``<|content|>`` and
  ``<|tool_calls|>`` (Upstage's reasoning parser: the first of the three), so a call
  inside the reasoning is reasoning text. When the prompt opened the block, pass it
  (``prompt=``) or ``thinking=True``.
- The header ``<|begin|>assistant``, ``<|content|>``, ``<|tool_calls|>``, ``<|calls|>``,
  ``<|flush|>`` and ``<|end|>`` are markup, dropped; the text between them is content
  (Upstage's tool parser: the content before ``<|flush|>`` or ``<|end|>``, then the
  calls). A ``<|tool_calls|>`` that ``<|calls|>`` follows with no call between
  (``<|tool_calls|><|calls|>``) is an ``InvalidToolCall`` ("holds no calls"), and one
  the text ends after with no call a nameless cut-off call, never nothing (llama.cpp
  refuses such output).

Encoding follows the Solar Open chat template: ``<|tool_calls|>``, one
``<|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{json}<|tool_call:end|>``
per call (``tojson``: ``", "`` / ``": "`` separators, non-ASCII kept; a call with no id
writes none), then ``<|calls|>``.

Sources (checked 2026-12-06): ggml-org/llama.cpp
``models/templates/upstage-Solar-Open-100B.jinja`` (the upstage/Solar-Open-100B chat
template: tool call format, generation prompt, ``<|think|>`` messages);
UpstageAI/vllm ``vllm/tool_parsers/solar_open_tool_parser.py`` (content before
``<|flush|>`` / ``<|end|>``, calls up to ``<|calls|>``, id / name / args split at the
three tokens) and ``vllm/reasoning/solar_open_reasoning_parser.py`` (reasoning from
``<|think|>`` to the first ``<|end|>``, ``<|content|>`` or ``<|tool_calls|>``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .._types import ToolCall
from ._core import Action, BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._kit import body, calls_of, dumps, empty_closed, empty_cut, forbid, goto, stay
from ._modes import closed_think_modes

__all__ = ["FORMAT"]

NAME = "text.solar-open"
BEGIN, ID_END, ARGS, END = "<|tool_call:begin|>", "<|tool_call:name|>", "<|tool_call:args|>", "<|tool_call:end|>"
THINK, UNTHINK, CONTENT, CALLS, CALLS_END = "<|think|>", "<|end|>", "<|content|>", "<|tool_calls|>", "<|calls|>"
HEADER, FLUSH = "<|begin|>assistant", "<|flush|>"


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    n = text.find(ID_END)
    a = text.find(ARGS, n) if n >= 0 else -1
    call_id = text[:n] or None if n >= 0 else None
    name = text[n + len(ID_END) : a if a >= 0 else len(text)].strip() if n >= 0 else None
    if not complete:
        m.truncated(name if a >= 0 else None, raw, call_id)
        return
    if a < 0:
        m.invalid(name, raw, f"Tool call at {m.loc} has no {ID_END if n < 0 else ARGS}", id=call_id)
        return
    m.call(name or "", text[a + len(ARGS) :], raw, id=call_id)


_CALL = BodyMode(_parse, ends=(END,), quotes=(('"', '"', True),))
_EMPTY = TextMode("content")
_MARKUP: dict[str, Action] = {
    HEADER: stay, CONTENT: stay, CALLS: goto(_EMPTY), CALLS_END: stay, FLUSH: stay, END: stay
}
_CONTENT, _REASONING, _START = closed_think_modes({BEGIN: body(_CALL)}, THINK, UNTHINK, content_extra=_MARKUP)
_REASONING.set({UNTHINK: goto(_CONTENT), THINK: stay, CONTENT: goto(_CONTENT), CALLS: goto(_EMPTY)})
# after <|tool_calls|> with no call yet: <|calls|> (or the end of the text) then is an InvalidToolCall
_EMPTY.set({**_CONTENT.on, CALLS: stay, CALLS_END: partial(empty_closed, CALLS, _CONTENT)})
_EMPTY.at_end = partial(empty_cut, CALLS)
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    parts = [CALLS]
    for c in calls_of(calls, NAME):
        call_id = forbid(c.id or "", (ID_END, BEGIN, END), "Id", NAME, "$.id")
        parts.append(f"{BEGIN}{call_id}{ID_END}{c.name}{ARGS}{dumps(c.args, NAME)}{END}")
    parts.append(CALLS_END)
    return "".join(parts)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description="Solar Open: <|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{json}<|tool_call:end|>, "
    "<|think|> reasoning",
    reasoning_opens=(THINK,),
)
