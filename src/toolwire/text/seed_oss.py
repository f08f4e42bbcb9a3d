"""``text.seed-oss``: ByteDance Seed-OSS ``<seed:tool_call><function=…><parameter=…>``.

Wire form::

    <seed:think>The user wants the weather.</seed:think>
    <seed:tool_call>
    <function=get_weather>
    <parameter=city>Paris</parameter>
    <parameter=days>3</parameter>
    </function>
    </seed:tool_call>

- Several ``<function=…>`` elements (in one or several blocks) are parallel calls.
- Values are text (see ``_params``): typed by the tool's schema with ``tools=``;
  without, JSON of a number, boolean, null, object or array becomes that value. The
  template writes non-string values with Jinja's ``string`` filter (Python's
  ``True``, ``None``), which the schema typing reads too. It writes a value straight
  between ``<parameter=NAME>`` and ``</parameter>``, and it is read as written: a
  first or last newline is the value's (vLLM's parser, from its Qwen3-Coder one,
  drops one on each side; ms-swift's keeps them).
- ``<seed:think>…</seed:think>`` is reasoning, call markup inside it included (the
  model quotes it while thinking; vLLM reads calls only after the block). In a block
  that never closes, ``<seed:tool_call>`` followed by ``<function=`` ends it (vLLM's
  Seed-OSS parser is its Qwen3 parser, as in ``text.qwen3-xml``): the text from there
  on is held until the end, then read as the answer. ``<seed:cot_budget_reflect>`` markers
  (thinking-budget reports) are dropped, their text stays reasoning. The prompt opens
  the reasoning block only with ``thinking_budget=0`` (it then writes
  ``<seed:think><seed:cot_budget_reflect>``): pass ``thinking=True`` then.
- ``<seed:tool_call>`` inside an open block begins the next one: functions closed
  before it are whole, an open one was abandoned (an ``InvalidToolCall``); inside a
  value only when the block, read with it as text, holds an invalid call.
- ``</seed:tool_call>`` inside a value does not end the block; a value holding
  ``<parameter=`` (its closing tag may be missing) makes the call an
  ``InvalidToolCall``; in a block still open at the end of the text, the functions
  closed before the cut are whole and the cut one is an ``InvalidToolCall``
  (``truncated``, ``_blocks``). ``<seed:eos>`` (the end-of-turn stop token) is dropped when kept.

Encoding follows the Seed-OSS chat template (strings as they are, no newline added
around them, other values as JSON rather than Python's ``str()``, so that they read
back without a schema).

Sources (checked 2026-12-02): vllm-project/vllm ``tests/tool_parsers/test_seed_oss_tool_parser.py``
(Seed-OSS-36B outputs with budget reports and call markup quoted while thinking) and
``vllm/frontend/processing/parser/seed_oss.py`` (``SeedOssParser``, 2026-12-05);
ggml-org/llama.cpp
``models/templates/ByteDance-Seed-OSS.jinja`` (the ByteDance-Seed/Seed-OSS-36B-Instruct
chat template).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._blocks import cut_block
from ._core import BodyMode, TextParser
from ._format import TextFormat
from ._kit import abandon, body, stay
from ._modes import held_think_modes
from ._param_writers import write_functions
from ._params import CODER_TAGS, name_after, read_calls

__all__ = ["FORMAT"]

NAME = "text.seed-oss"
OPEN, CLOSE, EOS = "<seed:tool_call>", "</seed:tool_call>", "<seed:eos>"
THINK, THINK_END = "<seed:think>", "</seed:think>"
BUDGET, BUDGET_END = "<seed:cot_budget_reflect>", "</seed:cot_budget_reflect>"
FN, P, P_END, FN_END = CODER_TAGS


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + (end if end != OPEN else "")
    if end == OPEN:  # the next block begins: functions closed before it are whole, an open one abandoned
        cut_block(m, text, raw, FN, FN_END, (CLOSE,),
                  lambda closed: read_calls(m, closed, raw, CODER_TAGS, strip=False),
                  lambda t: name_after(t, FN),
                  cut_off=lambda name: abandon(m, name, raw, CLOSE, opens=(OPEN,), ends=(EOS,),
                                               values=((P, P_END),)))
        m.open_body(_CALL, OPEN)
        return
    if not complete:
        cut_block(m, text, raw, FN, FN_END, (CLOSE,),
                  lambda closed: read_calls(m, closed, raw, CODER_TAGS, cut=True, strip=False),
                  lambda t: name_after(t, FN))
        return
    read_calls(m, text, raw, CODER_TAGS, strip=False)


# <seed:tool_call> ends an open block (functions closed before it are whole, an open one
# was abandoned); inside a value too when the block, read with it as text, holds an
# invalid call (``BodyMode``: it runs on into the next block)
_CALL = BodyMode(_parse, ends=(CLOSE, OPEN), quotes=((P, P_END, False),))
# in an unclosed <seed:think>, <seed:tool_call> then <function= ends the reasoning (vLLM's
# Seed-OSS parser is its Qwen3 parser with Seed's wrapper tokens)
_CONTENT, _REASONING, _START = held_think_modes(
    {OPEN: body(_CALL), CLOSE: stay},
    {OPEN: "<function"},
    THINK,
    THINK_END,
    content_extra={EOS: stay, BUDGET: stay, BUDGET_END: stay},
    reasoning_extra={BUDGET: stay, BUDGET_END: stay},
)
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return write_functions(calls, (OPEN, CLOSE), NAME, strip=False)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description="Seed-OSS: <seed:tool_call><function=NAME><parameter=KEY>value, <seed:think> reasoning",
    reasoning_opens=(THINK,),
)
