"""``text.gemma``: Gemma 4 ``<|tool_call>call:NAME{…}<tool_call|>`` object notation.

Wire form (strings are delimited by the ``<|"|>`` token, keys are bare, several calls
are written one after the other)::

    <|channel>thought
    reasoning<channel|>Let me check.
    <|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3,opts:{metric:true},tags:[<|"|>a<|"|>]}<tool_call|>

- Values: ``<|"|>text<|"|>`` strings, numbers, ``true``/``false``/``null``, ``{…}``
  objects, ``[…]`` lists; a bare word that is none of these is read as text, but for
  the template's ``None`` (its ``format_argument`` prints a null as Jinja does) and
  ``True`` / ``False``: an argument's own bare word is that value where ``tools=``
  gives it a schema that allows the type (``["integer", "null"]``). A key
  or value in JSON's quotes (``{"query":"x"}``, a slip into JSON: the template quotes
  with ``<|"|>``) makes the call an ``InvalidToolCall``, never the key ``'"query"'``.
- ``<|channel>…<channel|>`` is reasoning; its ``thought`` label is dropped. A
  ``<|tool_call>`` inside the channel, closed or not, is reasoning text (vLLM's Gemma 4
  reasoning parser splits at ``<channel|>`` first; without it all is reasoning).
- ``<|tool_call>`` is a special token: outside a ``<|"|>`` string it begins another
  call, and a call still open there was abandoned (an ``InvalidToolCall``, never a
  call whose key or value holds the next call's text; vLLM cuts the text at each
  ``<|tool_call>``).
- ``<tool_call|>`` inside a ``<|"|>`` string does not close the call; a call still
  open at the end of the text is an ``InvalidToolCall`` (``truncated=True``). A call
  region that is not ``call:NAME{…}`` (``call:get_wea``, ``ca``: no braces, no
  ``call:``) is an ``InvalidToolCall`` whatever the finish reason (vLLM's parser
  needs the braces).
- ``<|tool_response>`` and ``<eos>`` (stop tokens some servers leave in) are dropped;
  ``<eos>`` closes a call as ``<turn|>`` does (transformers' Gemma 4 response template
  ends the message at ``<turn|>``, ``<|tool_response>`` or ``<eos>``).
- Gemma 4 may drop ``<|tool_call>`` right after the thought channel
  (``<channel|>call:NAME{…}``): that call ends where its braces balance.
- ``<turn|>`` (end of turn) may close a call; servers strip it, so a call that runs to
  the end of the text is whole with ``finish_reason`` ``stop`` / ``tool_calls``.

Encoding writes the same notation, keys sorted at every level as the chat template
writes them (``| dictsort``: by key, case ignored; lists keep their order); a key that
is not a plain word is written as a ``<|"|>`` string (read back the same way); a
string containing ``<|"|>`` cannot be written. ``None`` is written ``null`` (the
template would print Jinja's ``None``, which reads back as null only with a schema).

Sources (checked 2026-11-30): vllm-project/vllm ``vllm/tool_parsers/gemma4_tool_parser.py``
(format and value grammar) and ``vllm/reasoning/gemma4_reasoning_parser.py``
(``<|channel>thought`` … ``<channel|>``); google/gemma-4 chat template.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from .._errors import excerpt
from .._types import ToolCall
from ._core import BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._kit import MISSING, abandoned, body, calls_of, dumps, goto, loads, refusal, stay
from ._pythonic_write import MAX_WRITE_DEPTH, Refused, TooDeep, step, too_deep
from ._schema import schema_types

__all__ = ["FORMAT"]

NAME = "text.gemma"
OPEN, CLOSE, Q = "<|tool_call>", "<tool_call|>", '<|"|>'
CH, CH_THOUGHT, CH_END, RESP = "<|channel>", "<|channel>thought", "<channel|>", "<|tool_response>"
TURN, BARE, EOS = "<turn|>", "<channel|>call:", "<eos>"
_BARE_KEY = re.compile(r"[\w.\-]+")
_WS = " \t\r\n"


# the template prints a null as Jinja's None (strings are always <|"|>-quoted): read
# with a parameter schema that allows the type, as the XML families read them
_PY: dict[str, tuple[Any, str]] = {"None": (None, "null"), "True": (True, "boolean"), "False": (False, "boolean")}


class _Bad(ValueError):
    pass


def _skip(s: str, i: int) -> int:
    while i < len(s) and s[i] in _WS:
        i += 1
    return i


def _value(s: str, i: int, depth: int, q: str = Q) -> tuple[Any, int]:
    if depth > 200:
        raise _Bad("is nested too deeply")
    i = _skip(s, i)
    if s.startswith(q, i):
        j = s.find(q, i + len(q))
        if j < 0:
            raise _Bad("has an unterminated string")
        return s[i + len(q) : j], j + len(q)
    if i >= len(s):
        raise _Bad("ends where a value was expected")
    if s[i] == "{":
        return _object(s, i + 1, depth + 1, q=q)
    if s[i] == "[":
        out: list[Any] = []
        i = _skip(s, i + 1)
        if s.startswith("]", i):
            return out, i + 1
        while True:
            v, i = _value(s, i, depth + 1, q)
            out.append(v)
            i = _skip(s, i)
            if s.startswith(",", i):
                i += 1
            elif s.startswith("]", i):
                return out, i + 1
            else:
                raise _Bad("has a list that is not closed")
    j = i
    while j < len(s) and s[j] not in ",}]":
        j += 1
    tok = s[i:j].strip()
    if tok[:1] == '"':  # JSON's "text" slipped in: the template writes strings <|"|>text<|"|>
        raise _Bad(f"has a value {excerpt(tok)} in JSON quotes (the template quotes with {q})")
    v = loads(tok)
    if v is MISSING or type(v) in (str, list, dict):
        v = tok
    return v, j


def _object(
    s: str, i: int, depth: int, bare: dict[str, bool] | None = None, q: str = Q
) -> tuple[dict[str, Any], int]:
    """An object from after its ``{``; *bare* tells for each key whether its value is
    one of the words ``None`` / ``True`` / ``False`` written bare (the arguments' own)."""
    out: dict[str, Any] = {}
    i = _skip(s, i)
    if s.startswith("}", i):
        return out, i + 1
    while True:
        i = _skip(s, i)
        if s.startswith(q, i):
            j = s.find(q, i + len(q))
            if j < 0:
                raise _Bad("has an unterminated key")
            key, i = s[i + len(q) : j], j + len(q)
            i = _skip(s, i)
        else:
            j = s.find(":", i)
            if j < 0:
                raise _Bad("has a key without a value")
            key, i = s[i:j].strip(), j
            if '"' in key:  # JSON's "key" slipped in: the template writes <|"|>key<|"|> or a bare word
                raise _Bad(f"has a key {excerpt(key)} in JSON quotes (the template quotes with {q})")
        if not s.startswith(":", i):
            raise _Bad("has a key without ':'")
        if key in out:  # one of its values would be lost
            raise _Bad(f"repeats the key {excerpt(key)} in one object")
        i = _skip(s, i + 1)
        v, j = _value(s, i, depth, q)
        if bare is not None:
            bare[key] = type(v) is str and v in _PY and not s.startswith(q, i)
        out[key], i = v, j
        i = _skip(s, i)
        if s.startswith(",", i):
            i += 1
        elif s.startswith("}", i):
            return out, i + 1
        else:
            raise _Bad("has an object that is not closed")


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    if end == OPEN:  # a new call begins: this one was abandoned (the marker is the next call's)
        s = text.lstrip()
        called = m.opener == BARE or s.startswith("call:")
        name = s.removeprefix("call:").split("{", 1)[0].strip() if called else ""
        abandoned(m, _CALL, name, text, CLOSE, opener=OPEN, opens=(OPEN, BARE), ends=(TURN, EOS),
                  values=((Q, Q),))
        return
    raw = m.opener + text + end
    s = text.strip()
    called = m.opener == BARE or s.startswith("call:")  # the bare opener holds its call:
    if s.startswith("call:"):
        s = s[5:]
    if end == TURN:
        m.mode = _CONTENT
    brace = s.find("{")
    name = (s if brace < 0 else s[:brace]).strip()
    if not complete:
        m.truncated(name if called and name else None, raw)
        return
    if not called or brace < 0:  # vLLM's Gemma 4 parser reads call:NAME{…} only
        m.invalid(name if called and name else None, raw,
                  f"Tool call at {m.loc} is not call:NAME{{…}} (Gemma 4 writes the arguments in braces)")
        return
    read_braces(m, name, s, brace, raw)


def read_braces(m: TextParser, name: str, s: str, brace: int, raw: str, q: str = Q) -> None:
    """The call *name* whose arguments are ``s[brace:]`` (``{key:value,...}``, strings
    quoted by *q*): a bare ``None`` / ``True`` / ``False`` is that value where the tool's
    schema takes it (FunctionGemma reads its ``<escape>`` strings the same way)."""
    bare: dict[str, bool] | None = {} if m.tools.get(name) else None
    try:
        args, stop = _object(s, brace + 1, 0, bare, q)
        if s[stop:].strip():
            raise _Bad("has text after its arguments")
    except _Bad as exc:
        m.invalid(name or None, raw, f"Tool call at {m.loc} {exc}")
        return
    for key, is_bare in (bare or {}).items():
        schema = m.param_schema(name, key) if is_bare else None
        if schema is not None:
            v, kind = _PY[args[key]]
            if kind in schema_types(schema):
                args[key] = v
    m.call(name, args, raw)


# <turn|> ends the model's turn: a call may end with it, and engines strip it (stop_closer)
# <|tool_call> is a special token: outside a <|"|> string it begins another call (vLLM's
# parser cuts the text at each <|tool_call>), so the open one was abandoned
_CALL = BodyMode(_parse, ends=(CLOSE, TURN, EOS, OPEN), quotes=((Q, Q, False),), stop_closer=TURN)
# Gemma 4 may drop <|tool_call> right after the thought channel: <channel|>call:NAME{...};
# such a call ends where its braces balance (or at <tool_call|> / <turn|> / <eos>)
_BARE = BodyMode(_parse, ends=(CLOSE, TURN, EOS, OPEN), quotes=((Q, Q, False),), balance=True)
_CONTENT = TextMode("content")
_REASONING = TextMode("reasoning")
_think = goto(_REASONING)
_CONTENT.set({
    OPEN: body(_CALL), CH: _think, CH_THOUGHT: _think, CH_END: stay, CLOSE: stay, RESP: stay, TURN: stay,
    EOS: stay, BARE: body(_BARE),
})
# a <|tool_call> inside the thought channel is reasoning text: vLLM splits at <channel|> first
_REASONING.set({CH_END: goto(_CONTENT), CH_THOUGHT: stay, CH: stay, BARE: body(_BARE)})
_CALL.next = _CONTENT
_BARE.next = _CONTENT


def _start(thinking: bool) -> TextMode:
    return _REASONING if thinking else _CONTENT


def _enc(v: Any, depth: int = 0, q: str = Q, dialect: str = NAME) -> str:
    """*v* in Gemma's value syntax; nested past ``MAX_WRITE_DEPTH``, ``TooDeep``; a
    string or key holding the quote *q*, ``Refused``."""
    t = type(v)
    if t is str:
        if q in v:
            raise Refused(refusal(v, q, "String", dialect, "$"))
        return f"{q}{v}{q}"
    if v is None or t is bool:
        return json.dumps(v)
    if t in (int, float):
        return dumps(v, dialect)
    if t is list or t is dict:
        if depth >= MAX_WRITE_DEPTH:
            raise TooDeep()
        parts = []
        k: Any
        for k, x in enumerate(v) if t is list else sorted(v.items(), key=_dictsort):
            try:
                text = _enc(x, depth + 1, q, dialect)
                if t is dict:  # a key that cannot be written: refused at its member's path
                    text = f"{_key(k, q, dialect)}:{text}"
            except TooDeep as exc:
                exc.steps.append(step(k))
                raise
            parts.append(text)
        return ("[" if t is list else "{") + ",".join(parts) + ("]" if t is list else "}")
    return dumps(v, dialect)  # raises EncodeError for anything that is not JSON


def _dictsort(item: tuple[str, Any]) -> str:
    """The order of Jinja's ``dictsort`` (the template's, at every level): by key, case ignored."""
    return item[0].lower()


def _key(k: str, q: str = Q, dialect: str = NAME) -> str:
    if _BARE_KEY.fullmatch(k):
        return k
    if q in k:
        raise Refused(refusal(k, q, "Key", dialect, "$"))
    return q + k + q


def write_calls(calls: Sequence[ToolCall], dialect: str, open_: str, close: str, q: str) -> str:
    """*calls* as ``{open_}call:NAME{…}{close}`` each, strings quoted with *q* (Gemma 4,
    FunctionGemma)."""
    out = []
    for c in calls_of(calls, dialect):
        try:
            out.append(f"{open_}call:{c.name}{_enc(c.args, 0, q, dialect)}{close}")
        except TooDeep as exc:
            raise too_deep(exc, "$.args", dialect) from None
        except RecursionError:  # the caller left less stack than MAX_WRITE_DEPTH needs
            raise too_deep(None, "$.args", dialect) from None
    return "".join(out)


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return write_calls(calls, NAME, OPEN, CLOSE, Q)


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    description='Gemma 4: <|tool_call>call:NAME{key:<|"|>text<|"|>,n:1}<tool_call|>',
    reasoning_opens=(CH_THOUGHT, CH),
)
