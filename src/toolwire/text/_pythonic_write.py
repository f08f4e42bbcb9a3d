"""Python call syntax written: ``[f(a=1, b='x'), g()]`` (Llama 3.2+/4 pythonic, LFM2, OLMo)
and Python literals (Gemma's syntax builds on ``TooDeep`` / ``too_deep``); read back by
``_pythonic``. A name Python would not read back unchanged is an ``EncodeError``; a value
nested past ``MAX_WRITE_DEPTH`` too, at its ``$.path``."""

from __future__ import annotations

import json
import keyword
import math
import unicodedata
from collections.abc import Sequence
from typing import Any, NoReturn

from .._errors import EncodeError, excerpt
from .._json_ints import int_text
from .._json_values import LONG_INT
from .._types import ToolCall

__all__ = ["MAX_WRITE_DEPTH", "Refused", "TooDeep", "call_text", "encode_calls", "encode_value", "not_py_name",
           "py_name", "step", "too_deep"]


#: Nesting the value writers without a JSON library (Python literals, Gemma's syntax)
#: write: deeper than any decoder reads (the arguments policy's limit is 200), and well
#: inside Python's recursion limit (one frame per level).
MAX_WRITE_DEPTH = 256


class TooDeep(Exception):
    """A writer went past ``MAX_WRITE_DEPTH``; each level adds its step on the way out
    (no path is built while writing)."""

    def __init__(self) -> None:
        super().__init__()
        self.steps: list[str] = []


class Refused(TooDeep):
    """A value a nested writer cannot write (*error*, said at ``$``: a string holding the
    quote that would end it), on its way out as ``TooDeep``: each level adds its step,
    and ``too_deep`` says *error* at the value's path."""

    def __init__(self, error: EncodeError) -> None:
        super().__init__()
        self.error = error


def step(key: Any) -> str:
    """One step of a ``$.path``: ``[0]`` for an index, ``.a`` or ``["a b"]`` for a key."""
    if type(key) is int:
        return f"[{key}]"
    return f".{key}" if key.isidentifier() else "[" + json.dumps(key, ensure_ascii=False) + "]"


def too_deep(exc: TooDeep | None, loc: str, dialect: str) -> EncodeError:
    """The ``EncodeError`` for a value nested past ``MAX_WRITE_DEPTH`` (or past the
    stack the caller left: *exc* ``None``), at its ``$.path`` below *loc*; for a
    ``Refused`` value, its error at that path."""
    where = loc + "".join(reversed(exc.steps)) if exc is not None else loc
    if isinstance(exc, Refused):
        return EncodeError(exc.error.message, dialect=dialect, loc=where)
    return EncodeError(
        f"Arguments at {where} are nested deeper than {MAX_WRITE_DEPTH} levels, the most {dialect} writes",
        dialect=dialect,
        loc=where,
    )


def py_name(k: str) -> bool:
    """A name Python reads back unchanged (identifiers are NFKC-normalised when parsed)."""
    return k.isidentifier() and not keyword.iskeyword(k) and unicodedata.normalize("NFKC", k) == k


def not_py_name(value: str, what: str, dialect: str, loc: str, dotted: bool = False) -> NoReturn:
    """Refuse *value*, a tool or argument name (*what*) Python would not read back, at
    *loc* (``$[i].name``, ``$[i].args.key``: the call's place in the list written);
    *dotted*: the writer takes identifiers joined by ``.`` (``browser.search``) too."""
    kind = "a Python identifier, nor identifiers joined by '.' (browser.search)" if dotted else "a Python identifier"
    raise EncodeError(f"{what} {excerpt(value)} is not {kind}, which {dialect} cannot carry", dialect=dialect,
                      loc=loc)


def encode_calls(calls: Sequence[ToolCall], dialect: str, mapping_json: bool = False) -> str:
    """*calls* as a Python list of calls, ``[f(a=1), g(b='x')]`` (dotted names kept whole);
    a name Python would not read back is an ``EncodeError``. *mapping_json*: an argument
    that is a mapping is written as JSON (``o={"k": true}``, LFM2.5's ``| tojson``),
    which the decoder reads as the same literal."""
    return "[" + ", ".join(call_text(c, i, dialect, dotted=True, js="mappings" if mapping_json else "")
                           for i, c in enumerate(calls)) + "]"


def call_text(c: ToolCall, i: int, dialect: str, *, dotted: bool = False, js: str = "") -> str:
    """Call *i* as Python call syntax, ``f(a=1, b='x')``; *dotted*: identifiers joined by
    ``.`` name it too; *js*: values written as JSON (``"all"``) or only mappings
    (``"mappings"``), which Python reads as the same literal (``encode_value``)."""
    if not all(py_name(p) for p in c.name.split(".")) if dotted else not py_name(c.name):
        not_py_name(c.name, "Tool name", dialect, f"$[{i}].name", dotted=dotted)
    kws = []
    for k, v in c.args.items():
        if not py_name(k):
            not_py_name(str(k), "Argument name", dialect, f"$[{i}].args{step(k)}")
        as_js = js == "all" or (js == "mappings" and type(v) is dict)
        kws.append(f"{k}={encode_value(v, dialect, '$.args' + step(k), js=as_js)}")
    return f"{c.name}({', '.join(kws)})"


def encode_value(value: Any, dialect: str, loc: str = "$", js: bool = False) -> str:
    """A JSON value as a Python literal (*js*: as JSON, ``json.dumps``'s layout, which
    Python reads as the same literal); nested past ``MAX_WRITE_DEPTH``, an
    ``EncodeError`` at the ``$.path`` below *loc* (where *value* sits)."""
    try:
        return _literal(value, dialect, 0, js)
    except TooDeep as exc:
        raise too_deep(exc, loc, dialect) from None
    except RecursionError:  # the caller left less stack than MAX_WRITE_DEPTH needs
        raise too_deep(None, loc, dialect) from None


def _literal(value: Any, dialect: str, depth: int, js: bool = False) -> str:
    t = type(value)
    if t is int:  # whatever the interpreter's digit limit; past 4300 digits, as no reader reads it
        if not -LONG_INT < value < LONG_INT:
            raise EncodeError(f"An integer of {value.bit_length()} bits is too long to write", dialect=dialect)
        return int_text(value)
    if value is None or t is bool:
        return ("null" if value is None else "true" if value else "false") if js else repr(value)
    if t is float:
        if not math.isfinite(value):
            raise EncodeError(f"{value!r} is not a JSON number", dialect=dialect)
        return repr(value)
    if t is str:
        return json.dumps(value, ensure_ascii=False) if js else repr(value)
    if t is list or t is dict:
        if depth >= MAX_WRITE_DEPTH:
            raise TooDeep()
        parts = []
        for k, v in enumerate(value) if t is list else value.items():
            try:
                text = _literal(v, dialect, depth + 1, js)
            except TooDeep as exc:
                exc.steps.append(step(k))
                raise
            parts.append(text if t is list else f"{_literal(k, dialect, 0, js) if js else repr(k)}: {text}")
        return ("[" if t is list else "{") + ", ".join(parts) + ("]" if t is list else "}")
    raise EncodeError(f"{t.__name__} is not a JSON value", dialect=dialect)
