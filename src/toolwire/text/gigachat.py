"""``text.gigachat``: GigaChat 3 / 3.1 function-call JSON and GigaChat 3.5 GCML.

The output follows a prompt ending in ``assistant<|role_sep|>\\n``; a call is a new
message of the ``function call`` role (``｜`` is U+FF5C)::

    Let me check.<|message_sep|>

    function call<|role_sep|>
    {"name": "get_weather", "arguments": {"city": "Paris"}}                GigaChat 3

    <｜GCML｜tool_calls>
    <｜GCML｜invoke name="get_weather">
    <｜GCML｜parameter name="city" string="true">Paris</｜GCML｜parameter>
    <｜GCML｜parameter name="days" string="false">3</｜GCML｜parameter>
    </｜GCML｜invoke>
    </｜GCML｜tool_calls>                                                     GigaChat 3.5

- GigaChat 3: the call is one JSON object ``{"name", "arguments"}``; it ends where
  the object closes. Raw control characters inside its strings are read as they are
  (the engines parse it with ``strict=False``), recorded ``control-characters`` as the
  arguments policy records them. ``<|message_sep|>`` ends a message — it is the end-of-turn token,
  a stop token engines strip, so a served call has no closer: a call whose JSON object
  is complete is whole. GigaChat 3.1 opens the call with the ``<|function_call|>``
  token instead (``<|function_call|>{"name": …, "arguments": …}``). The template
  renders one call per assistant message.
- GigaChat 3.5: ``string="true"`` values are text as written, ``string="false"``
  values JSON (typed by the tool schema when they are not JSON).
- ``<|message_sep|>`` and ``</s>`` are dropped; markers inside JSON strings or GCML
  values do not end anything; a call still open at the end of the text is an
  ``InvalidToolCall`` (``truncated``). Neither model writes a reasoning block.

Encoding: variant ``3`` (default; the GigaChat 3 chat template's
``<|message_sep|>\\n\\nfunction call<|role_sep|>\\n{"name": …, "arguments": …}``, one
message per call), ``3.1`` (``<|function_call|>{…}`` per call) or ``3.5`` (GCML, one
invoke per call).

Sources (checked 2026-12-02): sgl-project/sglang ``python/sglang/srt/function_call/
gigachat3_detector.py`` and ``gigachat35_detector.py``; ggml-org/llama.cpp
``models/templates/GigaChat3-10B-A1.8B.jinja``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._args import parse_arguments, read_block
from .._errors import ArgumentsError
from .._types import ToolCall
from ._blocks import cut_block
from ._core import BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._kit import args_text, block_problem, body, calls_of, dumps, empty_list, fast_block, name_hint, stay
from ._param_writers import name_text, value_text
from ._params import dsml_head, name_after, read_calls, wrap_nl

__all__ = ["FORMAT"]

NAME = "text.gigachat"
SEP, ROLE, INLINE, EOS = "<|message_sep|>", "function call<|role_sep|>", "<|function_call|>", "</s>"
G = "｜GCML｜"
GC, GC_END, INV, INV_END = f"<{G}tool_calls>", f"</{G}tool_calls>", f"<{G}invoke name=", f"</{G}invoke>"
P, P_END = f"<{G}parameter", f"</{G}parameter>"


def _json(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if not complete:
        m.truncated(name_hint(text), raw)
        return
    obj, repairs = fast_block(m, text)
    if type(obj) is not dict:  # raw control characters in its strings (the engines read it with strict=False)...
        if empty_list(m, obj, raw):
            return
        try:
            obj, repairs = read_block(text.strip(), m.policy, m.loc, m.dialect)
            if type(obj) is not dict:  # strict JSON of another type: the policy's reading (double-encoded)
                obj, _, repairs = parse_arguments(text.strip() or None, m.policy, m.loc, m.dialect)
        except ArgumentsError as exc:
            m.invalid(name_hint(text), raw, block_problem(m.loc, exc.message), truncated=exc.truncated)
            return
    name = obj.get("name")
    if type(name) is not str:
        m.invalid(None, raw, f"Tool call at {m.loc} has no \"name\" string")
        return
    m.json_call(obj, raw, ("arguments",), repairs=repairs, variant="3.1" if m.opener == INLINE else "3")


def _gcml(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    tags = (INV, P, P_END, INV_END)
    if not complete:
        cut_block(m, text, raw, INV, INV_END, (GC_END,),
                  lambda closed: read_calls(m, closed, raw, tags, "3.5", dsml_head, cut=True),
                  lambda t: name_after(t, INV))
        return
    read_calls(m, text, raw, tags, "3.5", dsml_head)


_JSON = BodyMode(_json, ends=(SEP, EOS), quotes=(('"', '"', True),), balance=True, strings=True)
_GCML = BodyMode(_gcml, ends=(GC_END,), quotes=((P, P_END, False),))
_CONTENT = TextMode(
    "content", {ROLE: body(_JSON), INLINE: body(_JSON), GC: body(_GCML), SEP: stay, EOS: stay, GC_END: stay}
)
_JSON.next = _GCML.next = _CONTENT


def _start(thinking: bool) -> TextMode:
    return _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    cs = calls_of(calls, NAME)
    if variant == "3.5":
        lines = [GC]
        for c in cs:
            lines.append(f'{INV}"{c.name}">')
            for k, v in c.args.items():
                name_text(k, ("\n",), NAME)
                kind = "true" if type(v) is str else "false"
                lines.append(f'{P} name="{k}" string="{kind}">{wrap_nl(value_text(v, (P_END, P), NAME, k))}{P_END}')
            lines.append(INV_END)
        lines.append(GC_END)
        return "\n".join(lines)
    head = INLINE if variant == "3.1" else f"{SEP}\n\n{ROLE}\n"
    return "".join(f'{head}{{"name": {dumps(c.name, NAME)}, "arguments": {args_text(c, NAME)}}}' for c in cs)


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    variants=("3", "3.1", "3.5"),
    description='GigaChat 3: function call<|role_sep|>{"name", "arguments"}; GigaChat 3.5 GCML invoke/parameter',
)
