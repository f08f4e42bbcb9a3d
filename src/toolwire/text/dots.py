"""``text.dots``: rednote dots (Dots3-Note) ``<dots_function_call>`` blocks of
MiniMax M2's ``<invoke>`` elements, or of one JSON call object.

Wire form::

    The user wants the weather.
    </think>

    <dots_function_call>
    <invoke name="get_weather">
    <parameter name="city">Paris</parameter>
    <parameter name="days">3</parameter>
    </invoke>
    </dots_function_call>

- A block whose text starts with ``<`` holds ``<invoke>`` elements, read as
  ``text.minimax`` reads MiniMax M2's (``_params.read_calls``): several are parallel
  calls; names and parameter names may be quoted with ``"`` or ``'`` or bare; values
  are text typed by the tool's schema with ``tools=`` (as ``text.minimax`` types them);
  a value no schema type covers (no ``tools=``, a parameter the tool does not list or
  gives no type) is its text, ``null`` None, as both engines read it
  (``_convert_param_value``: ``"string"`` when no schema says otherwise); the engines
  strip all outer whitespace of a value, toolwire only the newline the markup may add.
- Any other block is one JSON ``{"name": …, "arguments": {…}}`` object (``parameters``
  is read like ``arguments``; a list is an ``InvalidToolCall``), recorded as variant
  ``json``. ``<parameter name=`` or the block's closer inside one of its strings is the
  string's text (``minimax.InvokeBlock``). Several blocks may follow each other; text
  between them is content.
- ``</dots_function_call>`` inside a ``<parameter>`` value does not end the block; a
  block still open at the end of the text keeps the invokes closed before the cut,
  the cut one an ``InvalidToolCall`` (``truncated``); a stray closer is dropped.
- ``<think>…</think>`` is reasoning (SGLang's ``dots`` reasoning parser is Qwen3's;
  its test reads an output that starts inside it: pass ``thinking=True`` when the
  prompt opened it); only ``</think>`` ends it, so a call inside the reasoning is
  reasoning text.

Encoding writes the invoke form the parsers document (variant ``invoke``, the
default): ``<dots_function_call>``, one ``<invoke name="…">`` per call, each
parameter on its own line, strings as they are and other values as JSON; variant
``json`` writes one block of a JSON call object per call.

Sources (checked 2026-12-06): vllm-project/vllm ``vllm/tool_parsers/dots_tool_parser.py``
and ``tests/tool_parsers/test_dots_tool_parser.py``; sgl-project/sglang
``python/sglang/srt/function_call/dots_detector.py`` and its test (the ``dots``
reasoning parser is ``Qwen3Detector``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._blocks import cut_block
from ._core import TextParser
from ._format import TextFormat
from ._jsoncalls import json_calls
from ._kit import calls_of, dumps, name_hint, stay
from ._modes import closed_think_modes
from ._params import name_after, read_calls
from .minimax import InvokeBlock, write_invokes

__all__ = ["FORMAT"]

NAME = "text.dots"
OPEN, CLOSE = "<dots_function_call>", "</dots_function_call>"
INV, INV_END, P, P_END = "<invoke name=", "</invoke>", "<parameter name=", "</parameter>"
TAGS = (INV, P, P_END, INV_END)


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    head = text.lstrip()
    if not complete:
        if not head or head.startswith("<"):
            cut_block(m, text, raw, INV, INV_END, (CLOSE,),
                      lambda closed: read_calls(m, closed, raw, TAGS, cut=True, text_untyped=True),
                      lambda t: name_after(t, INV))
        else:
            m.truncated(name_hint(text), raw)
        return
    if head.startswith("<"):
        read_calls(m, text, raw, TAGS, text_untyped=True)
    elif not head:
        m.invalid(None, raw, f"Tool call block at {m.loc} is empty")
    else:
        json_calls(m, text, raw, "json", arrays=False)


_CALL = InvokeBlock(_parse, CLOSE)
_CONTENT, _REASONING, _START = closed_think_modes({OPEN: _CALL.open}, content_extra={CLOSE: stay})
_CALL.then(_CONTENT)


def _json(c: ToolCall) -> str:
    # JSON has "<" only in strings: escaped, a string never holds the block's closer
    return dumps({"name": c.name, "arguments": c.args}, NAME).replace("<", "\\u003c")


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    if variant == "json":
        return "\n".join(
            OPEN + _json(c) + CLOSE for c in calls_of(calls, NAME)
        )
    return write_invokes(calls, OPEN, CLOSE, NAME)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("invoke", "json"),
    description='dots: <dots_function_call><invoke name="NAME"><parameter name="KEY">value, or {json}; <think>',
    reasoning_opens=("<think>",),
)
