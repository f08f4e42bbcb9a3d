"""``text.step``: StepFun Step 3 (``steptml`` invokes) and Step 3.5 (Qwen3-Coder style XML).

Wire forms (``｜`` is U+FF5C)::

    <｜tool_calls_begin｜>
    <｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">
    <steptml:parameter name="city">Paris</steptml:parameter>
    </steptml:invoke><｜tool_call_end｜>
    <｜tool_calls_end｜>                                                     Step 3

    <tool_call>
    <function=get_weather>
    <parameter=city>
    Paris
    </parameter>
    </function>
    </tool_call>                                                           Step 3.5

- Step 3: the text before ``<｜tool_sep｜>`` is the call's type and must be
  ``function``. Several ``<｜tool_call_begin｜>`` (or ``<function=…>``) elements are
  parallel calls.
- Values are text (see ``_params``): typed by the tool's schema with ``tools=``;
  without, JSON of a number, boolean, null, object or array becomes that value. One
  newline after the opening tag and one before the closing tag are markup.
- A value holding its parameter's opening tag (the closing tag may be missing), or a
  call whose element is not closed, is an ``InvalidToolCall``; a block still open at
  the end of the text is one too (``truncated``).
- Reasoning: the output starts inside the thinking block and only ``</think>``
  appears (the template prefills ``<think>\n``): pass ``thinking=True``. A call inside
  a closed block is reasoning text. In a block that never closes, Step 3.5's
  ``<tool_call>`` followed by ``<function=`` ends it, as in ``text.qwen3-xml`` (vLLM's
  Step 3.5 parser is its Qwen3 parser): the text from there on is held until the end,
  then read as the answer; a Step 3 call there stays reasoning.

Encoding: variant ``3.5`` (default; the Qwen3-Coder layout, calls one after the other as
the StepFun 3.5 chat template writes them) or ``3``
(the ``steptml`` layout of the detectors' examples). Strings are written as they are,
other values as JSON.

Sources (checked 2026-12-02): vllm-project/vllm ``vllm/tool_parsers/step3p5_tool_parser.py``
(the ``<tool_call><function=…><parameter=…>`` layout), ``vllm/reasoning/step3_reasoning_parser.py``
and ``vllm/parser/step3p5.py`` (``Step3p5Parser``, the Qwen3 parser; 2026-12-05); sgl-project/sglang
``python/sglang/srt/function_call/step3_detector.py`` (the Step 3 tokens and layout).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._kit import body, calls_of, goto, stay
from ._modes import held_think_modes, set_section
from ._param_writers import value_text, write_functions, write_params
from ._params import CODER_TAGS, name_after, read_calls

__all__ = ["FORMAT"]

NAME = "text.step"
SECTION, SECTION_END = "<｜tool_calls_begin｜>", "<｜tool_calls_end｜>"
CALL, CALL_END, SEP = "<｜tool_call_begin｜>", "<｜tool_call_end｜>", "<｜tool_sep｜>"
INV, INV_END = "<steptml:invoke name=", "</steptml:invoke>"
SP, SP_END = "<steptml:parameter name=", "</steptml:parameter>"
TC, TC_END = "<tool_call>", "</tool_call>"
FN, P, P_END, FN_END = CODER_TAGS


def _step3(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if end == SECTION_END:
        m.mode = _CONTENT
    kind, sep, rest = text.partition(SEP)
    if not complete:
        m.truncated(name_after(rest, INV), raw)
        return
    if not sep or kind.strip() != "function":
        why = "is not of the form function<｜tool_sep｜><steptml:invoke …>"
        m.invalid(name_after(text, INV), raw, f"Tool call at {m.loc} {why}")
        return
    read_calls(m, rest, raw, (INV, SP, SP_END, INV_END), "3")


def _step35(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if not complete:
        m.truncated(name_after(text, FN), raw)
        return
    read_calls(m, text, raw, CODER_TAGS, "3.5")


_CALL = BodyMode(_step3, ends=(CALL_END, SECTION_END), quotes=((SP, SP_END, False),))
_XML = BodyMode(_step35, ends=(TC_END,), quotes=((P, P_END, False),))
_SECTION = TextMode("")
# in an unclosed <think>, <tool_call> then <function= ends the reasoning (vLLM's Step 3.5
# parser is its Qwen3 parser: as text.qwen3-xml)
_CONTENT, _REASONING, _START = held_think_modes(
    {SECTION: goto(_SECTION), CALL: body(_CALL), TC: body(_XML)},
    {TC: "<function"},
    content_extra={SECTION_END: stay, CALL_END: stay, TC_END: stay},
)
set_section(_SECTION, _CONTENT, {CALL: body(_CALL), SECTION_END: goto(_CONTENT)})
_CALL.next = _SECTION
_XML.next = _CONTENT


def _line(k: str, v: object) -> str:
    """A Step 3.5 value, on lines of its own (StepFun3.5-Flash.jinja)."""
    return f"\n{value_text(v, (P_END, P), NAME, k)}\n"


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    cs = calls_of(calls, NAME)
    if variant == "3":
        out = [SECTION]
        for c in cs:
            inner = "\n".join([f'{INV}"{c.name}">', *write_params(c, (SP, ">", SP_END), NAME, quoted=True), INV_END])
            out.append(f"{CALL}function{SEP}{inner}{CALL_END}")
        out.append(SECTION_END)
        return "\n".join(out)
    return write_functions(cs, (TC, TC_END), NAME, sep="", value=_line)  # as StepFun3.5-Flash.jinja writes them


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("3.5", "3"),
    description="Step 3 <｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke>, Step 3.5 <function=NAME>",
    reasoning_opens=("<think>",),
)
