"""``text.minicpm``: OpenBMB MiniCPM 5 ``<function name="NAME"><param name="KEY">value</param></function>``.

Wire form (no block around the calls; with ``enable_thinking`` the generation prompt
ends with ``<think>\\n``, so the output starts inside the reasoning)::

    The user wants the weather.
    </think>

    Let me check.
    <function name="get_weather"><param name="city">Paris</param><param name="days">3</param></function>
    <function name="run"><param name="code"><![CDATA[print(1 < 2)
    print(2)]]></param></function>

- Each ``<function name="…">…</function>`` element is one call; text before, between
  and after them is content.
- A value is the text up to ``</param>``, or, where the template wraps it (a string
  holding ``<``, ``&`` or a line break), the text inside ``<![CDATA[…]]>``, which may
  hold ``</param>`` or ``</function>`` (``]]>`` ends it, then ``</param>`` must
  follow). Values are kept as written and typed by the tool's schema; without one,
  JSON of a number, boolean, null, object or array becomes that value and anything
  else stays text (a CDATA value is text unless the schema rules a string out). The
  template writes numbers and booleans with Python's ``str`` (``True``, ``None``),
  which the schema types read.
- Whitespace may stand between the parameters (llama.cpp's grammar allows it); any
  other text there, a value holding ``<param`` (its ``</param>`` missing), a parameter
  written twice, a name holding ``"``, ``<`` or ``>`` (a slip of the markup), or an
  element with no name is an ``InvalidToolCall`` that keeps its text. An element that
  never closes is cut off (``truncated=True``).
- ``<think>…</think>`` is reasoning; only ``</think>`` ends it (llama.cpp's MiniCPM5
  parser), so a call inside the reasoning is reasoning text. ``<|im_end|>`` (the end
  of the turn, a stop token engines strip) is dropped when kept.

Encoding follows the MiniCPM5 chat template: one element per call, calls joined by a
newline, parameters in the arguments' order; a string holding ``<``, ``&`` or a line
break in ``<![CDATA[…]]>`` (one holding ``]]>`` is refused, an ``EncodeError``),
other strings as they are, other values as JSON (the template's ``str`` of a Python
value is no JSON; both engines read JSON), ``<`` and ``&`` in its strings escaped
(``\\u003c``, ``\\u0026``).

Sources (checked 2026-12-06): ggml-org/llama.cpp ``models/templates/openbmb-MiniCPM5-1B.jinja``
(the openbmb MiniCPM5 chat template) and ``common/parsers/minicpm5.cpp`` (CDATA or
text up to ``</param>``, whitespace between parameters and calls, ``<think>``);
vllm-project/vllm ``vllm/tool_parsers/minicpm5xml_tool_parser.py`` (the element read as
XML, CDATA kept as text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._errors import excerpt
from .._types import ToolCall
from ._core import BodyMode, TextParser
from ._format import TextFormat
from ._kit import body, calls_of, dumps, forbid, stay
from ._modes import closed_think_modes
from ._param_writers import name_text
from ._params import attr_name, bad_name, typed
from ._pylit import RepeatedKey
from ._schema import schema_types
from ._wrong import param_repeat, repeat_words

__all__ = ["FORMAT"]

NAME = "text.minicpm"
OPEN, CLOSE, P, P_END = "<function name=", "</function>", "<param name=", "</param>"
CDATA, CDATA_END, EOT = "<![CDATA[", "]]>", "<|im_end|>"


def _params(m: TextParser, tool: str, text: str, pos: int) -> tuple[dict[str, Any], str | None]:
    """The ``<param>`` elements of *text* from *pos*: the arguments, or an error. Each
    search runs from where reading is: linear."""
    args: dict[str, Any] = {}
    n = len(text)
    while True:
        while pos < n and text[pos].isspace():
            pos += 1
        if pos >= n:
            return args, None
        if not text.startswith(P, pos):
            return args, "has text outside its parameters"
        gt = text.find(">", pos + len(P))
        if gt < 0:
            return args, "has a parameter tag without '>'"
        key = attr_name(text[pos + len(P) : gt])
        if not key:
            return args, "has a parameter without a name"
        if bad_name(m, tool, key):
            return args, f"has a parameter name {excerpt(key)} that is a slip of the markup"
        schema = m.param_schema(tool, key)
        value: Any
        try:  # (a Python literal giving a key twice: ``RepeatedKey``)
            if text.startswith(CDATA, gt + 1):
                end = text.find(CDATA_END, gt + 1 + len(CDATA))
                if end < 0 or not text.startswith(P_END, end + len(CDATA_END)):
                    return args, f"has parameter {key!r} whose CDATA is not followed by {P_END}"
                src = value = text[gt + 1 + len(CDATA) : end]
                if schema is not None and "string" not in schema_types(schema):
                    value = typed(m, value, schema)
                pos = end + len(CDATA_END) + len(P_END)
            else:
                end = text.find(P_END, gt + 1)
                if end < 0:
                    return args, f"has parameter {key!r} without {P_END}"
                value = src = text[gt + 1 : end]
                if "<param" in value:
                    return args, f"has parameter {key!r} not closed before the next parameter"
                value = typed(m, value, schema)
                pos = end + len(P_END)
        except RepeatedKey as exc:
            return args, repeat_words(key, exc.key)
        if key in args:
            return args, f"has parameter {key!r} twice"
        args[key] = value
        again = param_repeat(key, src, value)  # JSON giving a key twice: a value lost (``_params``)
        if again:
            return args, again


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    gt = text.find(">")
    name = attr_name(text[:gt]) if gt >= 0 else ""
    if not complete:
        m.truncated(name or None, raw)
        return
    if not name:
        m.invalid(None, raw, f"Tool call at {m.loc} has no name")
        return
    args, error = _params(m, name, text, gt + 1)
    if error is not None:
        m.invalid(name, raw, f"Tool call at {m.loc} {error}")
        return
    m.call(name, args, raw)


# a CDATA value may hold </function>
_CALL = BodyMode(_parse, ends=(CLOSE,), quotes=((CDATA, CDATA_END, False),))
_CONTENT, _REASONING, _START = closed_think_modes({OPEN: body(_CALL)}, content_extra={CLOSE: stay, EOT: stay})
_CALL.next = _CONTENT


def _value(k: str, v: Any) -> str:
    if type(v) is not str:  # JSON has "<" and "&" only in strings: escaped, the text never holds a tag
        return dumps(v, NAME).replace("<", "\\u003c").replace("&", "\\u0026")
    if "<" in v or "&" in v or "\n" in v:
        return CDATA + forbid(v, (CDATA_END,), "Value", NAME, "$.args", k) + CDATA_END
    return v


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    out = []
    for c in calls_of(calls, NAME):
        params = "".join(f'{P}"{name_text(k, (), NAME)}">{_value(k, v)}{P_END}' for k, v in c.args.items())
        out.append(f'{OPEN}"{c.name}">{params}{CLOSE}')
    return "\n".join(out)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description='MiniCPM 5: <function name="NAME"><param name="KEY">value</param></function>, CDATA values, <think>',
    reasoning_opens=("<think>",),
)
